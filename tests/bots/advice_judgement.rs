//! The advice's judgement (issue 36): chances that tell moves apart in games the model was
//! not first fitted on (six players, knight units), the 7's risk to a big hand, roads judged by
//! the corner they open past the playouts' horizon, and the status bar's quick tip.

use std::time::Duration;

use crate::support::hidden::{self, A, B, C};
use catan::engine::Seat;

const D: Seat = Seat(3);
use catan::bots::advice::chance::{Chances, Table};
use catan::bots::advice::group::{corner_pips, open_corner};
use catan::bots::advice::{Advice, Settings, advise_with, quick};
use catan::engine::{Action, Config, Game, Hand, Hex, MapId, PlayerView, Scenario, Vertex};

/// Enough worlds to rank well and a budget out of reach: the advice is a function of the view.
const SURE: Settings = Settings {
    worlds: 32,
    budget: Duration::from_secs(600),
    candidates: 10,
    table: Table::UNKNOWN,
    known: catan::bots::advice::known::NOTHING,
};

fn names() -> Vec<String> {
    ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"].map(String::from).to_vec()
}

fn fixture(name: &str) -> Game {
    let bytes = std::fs::read(format!("tests/fixtures/saves/{name}.json")).unwrap();
    *catan::save::from_json(&bytes).unwrap().game()
}

fn shown(advice: &Advice) -> String {
    advice.moves.iter().map(|m| format!("{:.5} {}\n", m.chance, m.reason)).collect()
}

#[test]
fn in_the_six_player_and_knights_saves_the_moves_have_distinct_sane_chances() {
    for name in ["v2-six-players-five-six-mid-game", "v2-four-players-knights-mid-game"] {
        let game = fixture(name);
        let view = game.acting_view();
        let seats = Chances::for_seat(&view);
        assert!((seats.0.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{name}: {seats:?}");
        let advice = advise_with(&view, &names(), SURE);
        eprintln!("{name}:\n{}", shown(&advice));
        // In the six-player save, the offer's two answers (the seat holds no lumber: an accept
        // is no real move, issue 41), else at least three moves.
        assert!(advice.moves.len() >= if name.starts_with("v2-six") { 2 } else { 3 }, "{name}: {advice:?}");
        for m in &advice.moves {
            assert!(m.chance > 0.0 && m.chance < 1.0, "{name}: {}", shown(&advice));
        }
        // Accepting or declining an offer its maker will take from another seat anyway may
        // rightly tie, and a seat far behind has little to choose between; but the best move
        // stands apart, its number above the worst's.
        let (best, worst) = (&advice.moves[0], advice.moves.last().unwrap());
        assert!(best.chance > worst.chance, "{name}:\n{}", shown(&advice));
    }
}

/// A's turn 5, rolled, two settlements, holding `hand`; B and C a settlement each.
fn holding(hand: Hand) -> Game {
    let topo = MapId::Standard.topology();
    let corner = |h: u8, c: usize| topo.hex_vertices(Hex(h))[c];
    Scenario::new(Config::default(), 5)
        .settlement(A, corner(4, 0))
        .road(A, topo.hex_edges(Hex(4))[0])
        .settlement(A, corner(14, 3))
        .settlement(B, corner(5, 3))
        .settlement(B, corner(0, 0))
        .settlement(C, corner(9, 3))
        .settlement(C, corner(16, 0))
        .settlement(D, corner(11, 2))
        .settlement(D, corner(7, 5))
        .hand(B, Hand::new([1, 1, 1, 1, 1]))
        .hand(C, Hand::new([1, 1, 1, 1, 1]))
        .hand(D, Hand::new([1, 1, 1, 1, 1]))
        .hand(A, hand)
        .turn(A)
        .turn_number(5)
        .rolled()
        .build()
        .unwrap()
}

/// Where ending the turn ranks against the best bank trade: (end's place, trade's place).
fn end_against_trade(game: &Game) -> (usize, usize, String) {
    let advice = advise_with(&game.view(A), &names(), SURE);
    let at = |f: &dyn Fn(&Action) -> bool| advice.moves.iter().position(|m| f(&m.action)).unwrap_or(usize::MAX);
    let end = at(&|a| *a == Action::EndTurn);
    let trade = at(&|a| matches!(a, Action::MaritimeTrade { .. }));
    (end, trade, shown(&advice))
}

#[test]
fn a_big_hand_at_the_end_of_the_turn_pays_for_the_sevens_risk() {
    // Nine cards (the discard limit is 7), eight of them wool: four traded for the grain a
    // card or a settlement wants beats keeping them all through the others' rolls and A's own.
    let big = holding(Hand::new([0, 0, 8, 1, 0]));
    let (end, trade, text) = end_against_trade(&big);
    eprintln!("9 cards:\n{text}");
    assert!(trade < end, "9 cards: the trade ranks above ending the turn:\n{text}");
    // Five cards: nothing to lose to a 7, and ending the turn stays above a trade.
    let small = holding(Hand::new([0, 0, 4, 1, 0]));
    let (end, trade, text) = end_against_trade(&small);
    eprintln!("5 cards:\n{text}");
    assert!(end < trade, "5 cards: ending the turn ranks above a trade:\n{text}");
}

/// The best corner two steps from `v0` through its neighbour `n`, by pips.
fn best_through(view: &PlayerView<'_>, v0: Vertex, n: Vertex) -> Option<(u32, Vertex)> {
    let topo = view.topology();
    topo.vertex_neighbors(n)
        .iter()
        .filter(|&&x| x != v0 && open_corner(view, x))
        .map(|&x| (corner_pips(view, x), x))
        .max()
}

#[test]
fn a_road_toward_a_richer_open_corner_ranks_above_one_toward_a_poor_one() {
    // A's settlement with two ways out: one toward a corner of 9 pips or more, one toward a
    // corner of 4 or fewer; one road's cards in hand, so neither corner is settled before the
    // playouts end.
    let topo = MapId::Standard.topology();
    let corner = |h: u8, c: usize| topo.hex_vertices(Hex(h))[c];
    let base = || {
        Scenario::new(Config::default(), 5)
            .settlement(B, corner(5, 3))
            .settlement(C, corner(9, 3))
            .hand(A, Hand::new([1, 1, 0, 0, 0]))
            .turn(A)
            .turn_number(5)
            .rolled()
    };
    let empty = base().build().unwrap();
    let found = topo.vertices().find_map(|v0| {
        let view = empty.view(A);
        if !open_corner(&view, v0) || corner_pips(&view, v0) < 8 {
            return None;
        }
        let ways: Vec<(u32, Vertex, Vertex)> = topo
            .vertex_neighbors(v0)
            .iter()
            .filter_map(|&n| best_through(&view, v0, n).map(|(p, x)| (p, n, x)))
            .collect();
        let rich = ways.iter().find(|w| w.0 >= 9)?;
        let poor = ways.iter().find(|w| w.0 <= 4 && w.0 > 0)?;
        // No corner either road opens is opened by the other.
        Some((v0, *rich, *poor))
    });
    let (v0, rich, poor) = found.expect("a corner with a rich and a poor way out");
    let game = base().settlement(A, v0).build().unwrap();
    let advice = advise_with(&game.view(A), &names(), SURE);
    eprintln!("{} pips through {:?}, {} through {:?}:\n{}", rich.0, rich.1, poor.0, poor.1, shown(&advice));
    let toward = |n: Vertex| {
        advice
            .moves
            .iter()
            .position(|m| matches!(m.action, Action::BuildRoad(e) if topo.edge_vertices(e).contains(&n)))
            .unwrap_or_else(|| panic!("no road toward {n:?}:\n{}", shown(&advice)))
    };
    let (r, p) = (toward(rich.1), toward(poor.1));
    assert!(r < p, "the road toward {} pips ranks above the one toward {}:\n{}", rich.0, poor.0, shown(&advice));
    assert!(advice.moves[r].chance > advice.moves[p].chance);
}

/// The tip's computation (the full advice's, [`quick`]; here with its time budget out of reach,
/// so the two runs play the same worlds whatever the machine's load) reads the view alone.
#[test]
fn the_quick_tip_is_the_same_in_games_differing_only_in_hidden_information() {
    let (one, two) = hidden::twins();
    let (one, two) = (one.rolled().build().unwrap(), two.rolled().build().unwrap());
    assert_ne!(one, two);
    let untimed = Settings { budget: Duration::from_secs(600), ..Settings::default() };
    let tip = |g: &Game| advise_with(&g.view(A), &names(), untimed).moves.into_iter().next();
    let (q1, q2) = (tip(&one), tip(&two));
    assert!(q1.is_some());
    assert_eq!(q1, q2);
    // Nothing to advise a seat that isn't to act.
    assert_eq!(quick(&one.view(B), &names()), None);
}

/// Played in tmux with the advice panel (seed 11, Ann and Bob against a medium bot): at Ann's
/// turn 17 (the record's step 67) a city on 9 pips and roads toward open corners are legal. The
/// playouts after either build on greedily, so the order of two builds must not decide which
/// earns the corner a road opens past the horizon: it once earned it only when the road was
/// the move advised, and both cities read 3 to 5 points below two roads.
#[test]
fn a_road_earns_its_corner_whichever_build_comes_first_so_a_city_is_not_ranked_below_two_roads() {
    let bytes = std::fs::read("tests/fixtures/advice/city-or-road.json").unwrap();
    let record = catan::save::from_json(&bytes).unwrap();
    let game = record.game_at(67);
    let view = game.acting_view();
    let advice = advise_with(&view, record.names(), SURE);
    let city = advice.moves.iter().position(|m| matches!(m.action, Action::BuildCity(_))).unwrap();
    let best = advice.moves[0].chance;
    assert!(city <= 1, "a city among the first two:\n{}", shown(&advice));
    assert!(best - advice.moves[city].chance < 0.025, "within 2.5 points of the best:\n{}", shown(&advice));
}

/// Issue 41: the tip named a corner the list put third, at "-2". The tip is the list's first
/// line, the same computation: over many moments of a game the two agree wherever the list
/// played all its worlds (where the time budget cut it short, the worlds differ), and the tip
/// never reads as a loss.
#[test]
fn the_tip_is_the_lists_first_line_and_never_a_loss() {
    use catan::bots::advice::{WORLDS, advise};
    use catan::bots::{self, BotLevel};
    let mut game = Game::new(Config::default(), 42).unwrap();
    let mut players: Vec<_> = (0..4).map(|s| bots::make(BotLevel::Medium, 42 + s)).collect();
    let (mut compared, mut step) = (0, 0);
    while !game.is_over() && step < 400 {
        if step % 7 == 0 {
            let view = game.acting_view();
            let tip = quick(&view, &names());
            let list = advise(&view, &names());
            if let Some(t) = &tip {
                assert!(t.change >= 0.0, "step {step}: {t:?}");
            }
            if list.worlds == WORLDS {
                assert_eq!(tip.map(|t| t.action), list.moves.first().map(|m| m.action), "step {step}");
                compared += 1;
            }
        }
        let seat = game.to_act();
        let action = players[seat.index()].choose(game.view(seat));
        game.apply(action).unwrap();
        step += 1;
    }
    // A debug build on a loaded machine rarely plays all the worlds within the budget.
    assert!(cfg!(debug_assertions) || compared >= 5, "{compared} moments compared");
}
