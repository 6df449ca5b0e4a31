//! Advice at the table (issue 36): the ranking on built positions (the best corner first in
//! set-up, a winning city first), fair (the same advice in games that differ only in what the
//! seat cannot see), without effect (a game asked for advice at every step is the same game),
//! and the game's story from public facts only.

use std::time::Duration;

use crate::support::hidden::{self, A, B, C};
use catan::bots::advice::chance::Table;
use catan::bots::advice::group::corner_pips;
use catan::bots::advice::story::story;
use catan::bots::advice::{CANDIDATES, Settings, advise_with};
use catan::bots::{self, BotLevel};
use catan::engine::{Action, Config, DevCard, Game, Hand, Hex, MapId, Phase, Resource, Scenario, SeatSet};

/// Enough worlds to rank well and a budget out of reach: the advice is then a function of the
/// view alone, whatever the machine's load.
const SURE: Settings = Settings {
    worlds: 32,
    budget: Duration::from_secs(600),
    candidates: CANDIDATES,
    table: Table::UNKNOWN,
    known: catan::bots::advice::known::NOTHING,
};

fn names() -> Vec<String> {
    ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec()
}

/// A corner's pips, and the kinds it adds to what `view`'s seat produces.
fn pips_and_new_kinds(view: &catan::engine::PlayerView<'_>, v: catan::engine::Vertex) -> (u32, usize) {
    let board = view.board();
    let topo = view.topology();
    let kinds_at = |x: catan::engine::Vertex| {
        topo.vertex_hexes(x)
            .iter()
            .filter(|&&h| board.token(h).is_some())
            .filter_map(|&h| board.terrain(h).resource())
            .collect::<Vec<_>>()
    };
    let me = view.seat();
    let mine: Vec<_> = view.settlement_set(me).iter().flat_map(kinds_at).collect();
    let mut new = kinds_at(v);
    new.retain(|r| !mine.contains(r));
    new.sort();
    new.dedup();
    (corner_pips(view, v), new.len())
}

/// No legal corner beats the first advised one on both pips and new kinds.
fn undominated(view: &catan::engine::PlayerView<'_>, first: Action) -> Result<(), String> {
    let Action::BuildSettlement(v) = first else { return Err(format!("{first:?}")) };
    let (p, k) = pips_and_new_kinds(view, v);
    for a in view.legal_actions() {
        let Action::BuildSettlement(x) = a else { continue };
        let (q, j) = pips_and_new_kinds(view, x);
        if q >= p && j >= k && (q > p || j > k) {
            return Err(format!("{v:?} ({p} pips, {k} new kinds) is beaten by {x:?} ({q} pips, {j})"));
        }
    }
    Ok(())
}

#[test]
fn in_set_up_the_first_corner_advised_has_among_the_most_pips_and_kinds() {
    for seed in [1u64, 2, 3] {
        let game = Game::new(Config::default(), seed).unwrap();
        let view = game.acting_view();
        let advice = advise_with(&view, &names(), SURE);
        assert!(advice.moves.len() >= 3, "{advice:?}");
        let Action::BuildSettlement(v) = advice.moves[0].action else { panic!("{advice:?}") };
        let best = view.topology().vertices().map(|x| corner_pips(&view, x)).max().unwrap();
        let kinds =
            view.topology().vertex_hexes(v).iter().filter(|&&h| view.board().terrain(h).resource().is_some()).count();
        for m in &advice.moves {
            eprintln!("seed {seed}: {:.3} {}", m.chance, m.reason);
        }
        // The first corner is judged where set-up ends, after the others' replies: it may trade
        // a pip or two for the kinds and the corners that are left.
        assert!(corner_pips(&view, v) + 2 >= best, "seed {seed}: {} pips, the best has {best}", corner_pips(&view, v));
        assert_eq!(kinds, 3, "three producing hexes");
        let reason = &advice.moves[0].reason;
        assert!(reason.contains("pips") && reason.contains("leaves"), "{reason}");
        // Ranked best first, each with a chance between 0 and 1.
        assert!(advice.moves.windows(2).all(|w| w[0].chance >= w[1].chance));
        assert!(advice.moves.iter().all(|m| (0.0..=1.0).contains(&m.chance)));
    }
}

#[test]
fn the_last_corner_of_set_up_advised_has_pips_and_new_kinds_no_other_corner_beats() {
    // With nobody to place after it, a corner is judged by what it adds: its pips, and the
    // kinds it adds (seed 000's tips: numbers near 7, every kind of terrain). The first seven settlements and roads are the medium player's.
    for seed in [1u64, 2, 3, 4] {
        let mut game = Game::new(Config::default(), seed).unwrap();
        let mut players: Vec<_> = (0..4).map(|s| bots::make(BotLevel::Medium, s)).collect();
        let mut placed = 0;
        loop {
            let view = game.acting_view();
            if matches!(view.phase(), Phase::Setup { settlement: None, .. }) {
                if placed == 7 {
                    break;
                }
                placed += 1;
            }
            let a = players[view.seat().index()].choose(view);
            game.apply(a).unwrap();
        }
        let view = game.acting_view();
        let advice = advise_with(&view, &names(), SURE);
        undominated(&view, advice.moves[0].action).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(advice.moves[0].reason.contains("adds"), "{}", advice.moves[0].reason);
    }
}

/// A's turn, rolled, one point short of the target with a city paid for in hand.
fn a_city_wins() -> Game {
    let topo = MapId::Standard.topology();
    let corner = |h: u8, c: usize| topo.hex_vertices(Hex(h))[c];
    Scenario::new(Config { target: 4, ..Config::default() }, 5)
        .settlement(A, corner(4, 0))
        .road(A, topo.hex_edges(Hex(4))[0])
        .city(A, corner(14, 3))
        .settlement(B, corner(5, 3))
        .settlement(C, corner(9, 3))
        .hand(A, Hand::new([1, 1, 1, 2, 3]))
        .turn(A)
        .rolled()
        .build()
        .unwrap()
}

#[test]
fn a_city_that_wins_is_advised_first_at_a_sure_chance() {
    let game = a_city_wins();
    let advice = advise_with(&game.view(A), &names(), SURE);
    eprintln!("{advice:#?}");
    assert!(matches!(advice.moves[0].action, Action::BuildCity(_)), "{advice:?}");
    assert_eq!(advice.moves[0].chance, 1.0);
    assert!(advice.moves[0].reason.starts_with("wins the game"), "{}", advice.moves[0].reason);
    // A road first wins too (the city follows in the same turn): sure as well, but the city
    // that wins at once ranks first.
    assert!(advice.moves.len() >= 3);
}

#[test]
fn the_moves_advised_are_distinct_choices_not_forms_of_one() {
    // Mid-game positions of a bot game: no two moves shown are the same road target, robber
    // hex or bank trade's card.
    let mut game = Game::new(Config::default(), 11).unwrap();
    let mut players: Vec<_> = (0..4).map(|s| bots::make(BotLevel::Medium, s)).collect();
    let mut asked = 0;
    for step in 0..600 {
        if game.is_over() {
            break;
        }
        let view = game.acting_view();
        if step % 25 == 0 {
            let advice = advise_with(&view, &names(), Settings { worlds: 2, ..SURE });
            let gets: Vec<_> = advice
                .moves
                .iter()
                .filter_map(|m| match m.action {
                    Action::MaritimeTrade { get, .. } => Some(get),
                    _ => None,
                })
                .collect();
            let mut unique = gets.clone();
            unique.dedup();
            assert_eq!(gets.len(), unique.len(), "{advice:?}");
            let roads: Vec<_> = advice.moves.iter().filter(|m| m.reason.contains("opens no new corner")).collect();
            assert!(roads.len() <= 1, "{advice:?}");
            asked += 1;
        }
        let a = players[view.seat().index()].choose(view);
        game.apply(a).unwrap();
    }
    assert!(asked > 10);
}

#[test]
fn advice_is_the_same_in_games_differing_only_in_hidden_information() {
    let (one, two) = hidden::twins();
    let (one, two) = (one.rolled().build().unwrap(), two.rolled().build().unwrap());
    assert_ne!(one, two);
    assert_eq!(one.view(A).snapshot(), two.view(A).snapshot());
    let (a1, a2) = (advise_with(&one.view(A), &names(), SURE), advise_with(&two.view(A), &names(), SURE));
    assert_eq!(a1, a2);
    assert!(a1.moves.len() >= 3, "{a1:?}");
    // Before the roll too (the dice to come differ: 6 in one, 8 in the other).
    let (one, two) = hidden::twins();
    let (one, two) = (one.build().unwrap(), two.build().unwrap());
    assert_eq!(advise_with(&one.view(A), &names(), SURE), advise_with(&two.view(A), &names(), SURE));
}

/// Plays game `seed` between medium players, asking advice for the seat to act before every
/// action when `ask`; every action's events and the end.
fn played(seed: u64, ask: bool) -> (Vec<catan::engine::Event>, Game) {
    let mut game = Game::new(Config::default(), seed).unwrap();
    let mut players: Vec<_> = (0..4).map(|s| bots::make(BotLevel::Medium, seed + s)).collect();
    let mut events = Vec::new();
    while !game.is_over() && game.turn_number() < 400 {
        let view = game.acting_view();
        if ask {
            let advice = advise_with(&view, &names(), Settings { worlds: 1, ..SURE });
            assert!(!advice.moves.is_empty());
        }
        let a = players[view.seat().index()].choose(view);
        events.extend(game.apply(a).unwrap());
    }
    (events, game)
}

#[test]
fn a_game_asked_for_advice_at_every_step_is_the_same_game() {
    let (plain, end) = played(36, false);
    let (asked, end_asked) = played(36, true);
    assert!(end.is_over());
    assert_eq!(plain, asked);
    assert_eq!(end, end_asked);
}

#[test]
fn the_story_reads_public_information_only() {
    // Two games differing only in C's hand (the same count: three cards, too few to build
    // with, so C's play can't tell them apart for long), C's hidden card and the deck's order.
    let one = hidden::position().hand(C, Hand::new([0, 0, 1, 1, 1])).dev(C, DevCard::VictoryPoint);
    let two =
        hidden::position().hand(C, Hand::new([2, 0, 0, 0, 1])).dev(C, DevCard::Monopoly).deck_top(DevCard::Monopoly);
    let (mut g1, mut g2) = (one.build().unwrap(), two.build().unwrap());
    let start = (g1, g2);
    let mut players: Vec<_> = (0..4).map(|s| bots::make(BotLevel::Medium, s)).collect();
    let mut actions = Vec::new();
    while !g1.is_over() && actions.len() < 400 {
        let view = g1.acting_view();
        let a = players[view.seat().index()].choose(view);
        if g2.apply(a).is_err() {
            break;
        }
        g1.apply(a).unwrap();
        actions.push(a);
    }
    eprintln!("the games ran alike for {} turns", g1.turn_number());
    assert!(g1.turn_number() > 5, "the games ran alike for {} turns", g1.turn_number());
    let (s1, s2) = (story(&start.0, &actions, &names()), story(&start.1, &actions, &names()));
    assert_eq!(s1, s2);
}

#[test]
fn the_story_names_the_three_turns_that_moved_a_chance_most() {
    let mut game = Game::new(Config::default(), 7).unwrap();
    let start = game;
    let mut players: Vec<_> = (0..4).map(|s| bots::make(BotLevel::Medium, 70 + s)).collect();
    let mut actions = Vec::new();
    while !game.is_over() {
        let view = game.acting_view();
        let a = players[view.seat().index()].choose(view);
        game.apply(a).unwrap();
        actions.push(a);
    }
    let s = story(&start, &actions, &names());
    eprintln!("{:#?}", s.moments);
    assert_eq!(s.moments.len(), 3);
    // One point at the start, after set-up and after every turn.
    assert_eq!(s.points.len() as u32, game.turn_number() + 2, "{}", s.points.len());
    let winner = game.winner().unwrap().index();
    assert_eq!(s.points.last().unwrap().chances[winner], 1.0);
    // The three moments are the biggest moves of any seat's chance between two points.
    let moves: Vec<f64> = s
        .points
        .windows(2)
        .map(|w| w[0].chances.iter().zip(&w[1].chances).map(|(a, b)| (b - a).abs()).fold(0.0, f64::max))
        .collect();
    let smallest = s.moments.iter().map(|m| (m.after - m.before).abs()).fold(1.0, f64::min);
    assert_eq!(moves.iter().filter(|&&m| m > smallest).count(), 2, "{moves:?}");
    for m in &s.moments {
        assert!(m.words.starts_with(&format!("turn {}:", m.turn)) || m.words.starts_with("set-up:"), "{}", m.words);
        assert!(m.words.contains("%"), "{}", m.words);
    }
}

/// B (rolled) offers A one ore for one wool; A holds 4 wool, 2 grain and 2 ore: the ore makes
/// a city's three.
fn ore_for_wool_offered_to_a(target: u8) -> Game {
    let topo = MapId::Standard.topology();
    let corner = |h: u8, c: usize| topo.hex_vertices(Hex(h))[c];
    let mut g = Scenario::new(Config { target, ..Config::default() }, 5)
        .settlement(A, corner(4, 0))
        .hand(A, Hand::new([0, 0, 4, 2, 2]))
        .settlement(B, corner(9, 3))
        .settlement(B, corner(17, 3))
        .hand(B, Hand::new([1, 1, 1, 1, 3]))
        .turn(B)
        .rolled()
        .build()
        .unwrap();
    let (ore, wool) = (Hand::of(Resource::Ore, 1), Hand::of(Resource::Wool, 1));
    g.apply(Action::OfferTrade { give: ore, get: wool, to: SeatSet::one(A) }).unwrap();
    g
}

#[test]
fn an_offer_received_is_weighed_accept_decline_or_counter_with_the_reason() {
    let game = ore_for_wool_offered_to_a(10);
    let advice = advise_with(&game.view(A), &names(), SURE);
    let kinds: Vec<_> = advice.moves.iter().map(|m| m.action).collect();
    assert!(kinds.contains(&Action::AcceptTrade) && kinds.contains(&Action::DeclineTrade), "{advice:?}");
    let accept = advice.moves.iter().find(|m| m.action == Action::AcceptTrade).unwrap();
    assert!(accept.reason.contains("Bob") && accept.reason.contains("completes a city"), "{}", accept.reason);
    // From a player about to win, declining says why.
    let near = ore_for_wool_offered_to_a(4);
    let advice = advise_with(&near.view(A), &names(), SURE);
    let decline = advice.moves.iter().find(|m| m.action == Action::DeclineTrade).unwrap();
    assert!(decline.reason.contains("near winning"), "{}", decline.reason);
}
