//! What a seat may know is a type (issue 13, RULES H1 and H2): a seat's [`PlayerView`] cannot
//! tell apart games that differ only in what it may not see, and a determinized game deals
//! that hidden part afresh while keeping the view exactly.

mod support;

use std::collections::HashSet;

use catan::bots::{RandomBot, SplitMix64};
use catan::engine::{Action, Answer, Config, DevCard, Game, Hand, Phase, Resource, Scenario, Seat};
use support::hidden::{self, A, B, C};

/// The hidden-information fixture's position: A's turn 1 before the roll, A with settlements,
/// roads, cards and a knight, B and C with a settlement each.
fn base() -> Scenario {
    hidden::position()
}

/// H1, H2: other hands with the same counts, another hidden card, another deck order and other
/// dice to come: A's view is the same; B's and C's are not.
#[test]
fn h1_h2_issue13_games_differing_only_in_hidden_information_look_the_same() {
    let (one, two) = hidden::twins();
    let (one, two) = (one.build().unwrap(), two.build().unwrap());
    assert_ne!(one, two);
    assert_eq!(one.view(A).snapshot(), two.view(A).snapshot(), "A sees only counts of B's and C's cards");
    assert_ne!(one.view(B).snapshot(), two.view(B).snapshot(), "B sees its own cards");
    assert_ne!(one.view(C).snapshot(), two.view(C).snapshot(), "C sees its own hand");
    let b = one.view(A).player(B);
    assert_eq!((b.resource_cards, b.dev_cards, b.points), (6, 1, 1), "H2: counts and public points only");
    assert_eq!((one.view(B).victory_points(), two.view(B).victory_points()), (1, 2), "R29: the point is B's secret");
    // The futures differ (dice, so production): the view says nothing of them.
    let (mut one, mut two) = (one, two);
    one.apply(Action::RollDice).unwrap();
    two.apply(Action::RollDice).unwrap();
    assert_ne!(one.dice().map(|[a, b]| a + b), two.dice().map(|[a, b]| a + b));
}

/// H1: a seat that is not to act gets no legal actions and no verdicts from its view, so a bot
/// holding one can't probe the hand of the player who acts.
#[test]
fn h1_issue13_a_seat_not_to_act_learns_nothing_from_checks() {
    let g = base().hand(B, Hand::new([0, 0, 0, 2, 3])).rolled().build().unwrap();
    let b = g.view(B);
    assert!(!b.is_to_act() && b.legal_actions().is_empty());
    assert!(b.check(Action::EndTurn).is_err() && g.view(A).check(Action::EndTurn).is_ok());
    assert_eq!(RandomBot::new(1).choose(b), None);
    assert_eq!(b.bought_this_turn(), Default::default(), "B has no turn to buy in");
}

/// Issue 13: determinizing keeps the seat's view and every count, moves cards only among what
/// the seat cannot see, and different seeds deal differently.
#[test]
fn issue13_determinize_keeps_the_view_and_deals_the_hidden_cards_afresh() {
    let g = base()
        .hand(B, Hand::new([2, 1, 0, 3, 0]))
        .hand(C, Hand::new([0, 0, 4, 1, 1]))
        .dev(B, DevCard::Knight)
        .dev(C, DevCard::RoadBuilding)
        .build()
        .unwrap();
    let mut hands = HashSet::new();
    let mut dice = HashSet::new();
    for seed in 0..40 {
        let d = g.view(A).determinize(&mut SplitMix64::new(seed));
        assert_eq!(d.validate(), Ok(()));
        assert_eq!(d.view(A).snapshot(), g.view(A).snapshot());
        hands.insert([B, C].map(|s| (d.view(s).hand(), d.view(s).dev_cards())));
        let mut rolled = d;
        rolled.apply(Action::RollDice).unwrap();
        dice.insert(rolled.dice());
    }
    assert!(hands.len() > 10, "the others' cards are dealt anew: {} deals", hands.len());
    assert!(dice.len() > 3, "the dice to come are not the real ones: {dice:?}");
}

/// Issue 41: cards a seat saw another receive (and not spend) stay theirs in every world
/// dealt from its view; with nothing known the deal is `determinize`'s, draw for draw.
#[test]
fn issue41_determinize_knowing_keeps_the_cards_seen_and_is_determinize_without_them() {
    let g = base().hand(B, Hand::new([2, 1, 0, 3, 0])).hand(C, Hand::new([0, 0, 4, 1, 1])).build().unwrap();
    let mut known = [Hand::EMPTY; catan::engine::MAX_PLAYERS];
    known[B.index()] = Hand::new([2, 0, 0, 1, 0]);
    let mut moved = false;
    for seed in 0..40 {
        let plain = g.view(A).determinize(&mut SplitMix64::new(seed));
        assert_eq!(g.view(A).determinize_knowing(&mut SplitMix64::new(seed), &[]), plain);
        let d = g.view(A).determinize_knowing(&mut SplitMix64::new(seed), &known);
        assert_eq!(d.validate(), Ok(()));
        assert_eq!(d.view(A).snapshot(), g.view(A).snapshot());
        let b = d.view(B).hand();
        assert!(b[Resource::Brick] >= 2 && b[Resource::Grain] >= 1, "B keeps the cards A saw: {b:?}");
        moved |= plain.view(B).hand()[Resource::Brick] < 2;
    }
    assert!(moved, "without the knowledge some deals gave B less brick (the test can tell)");
}

/// H2: a player who countered the open offer showed they hold their side of it, and the offer
/// showed the offering player holds theirs: a determinized game keeps those cards. An accept
/// shows nothing (H4, issue 42: it is taken at the player's word), so B, who accepted, keeps
/// only its count: some deals give B no ore, as its real hand might have been.
#[test]
fn h2_issue13_determinize_keeps_cards_a_trade_answer_showed() {
    let mut g = base()
        .hand(B, Hand::new([2, 1, 0, 1, 1]))
        .hand(C, Hand::new([2, 2, 2, 0, 0]))
        .dev(B, DevCard::VictoryPoint)
        .rolled()
        .build()
        .unwrap();
    let ore = Hand::of(Resource::Ore, 1);
    let grain = Hand::of(Resource::Grain, 1);
    let to = catan::engine::SeatSet::all(3).without(A);
    g.apply(Action::OfferTrade { give: grain, get: ore, to }).unwrap();
    g.apply(Action::AcceptTrade).unwrap();
    let wool = Hand::of(Resource::Wool, 2);
    g.apply(Action::CounterTrade { give: grain, get: wool }).unwrap();
    let Phase::Trade { answers, .. } = g.phase() else { panic!("a trade is open") };
    assert!(matches!(answers[C.index()], Answer::Counter { .. }));
    let mut b_without_ore = 0;
    for seen_by in [A, B, C] {
        for seed in 0..30 {
            let d = g.view(seen_by).determinize(&mut SplitMix64::new(seed));
            assert_eq!(d.view(seen_by).snapshot(), g.view(seen_by).snapshot());
            assert!(d.view(C).hand().contains(&wool));
            assert!(d.view(A).hand().contains(&grain));
            b_without_ore += usize::from(!d.view(B).hand().contains(&ore));
            assert_eq!(d.legal_actions(), g.legal_actions(), "seen by {seen_by}, seed {seed}");
        }
    }
    assert!(b_without_ore > 0, "B's accept pinned the ore in every deal");
}

/// Issue 13, over many positions of random games: for every seat, a determinized game is
/// valid, looks the same to that seat, keeps every count and every card (each resource adds up
/// to the supply; the unseen development cards are the same), and gives the seat, when it is
/// to act, the same legal actions; the player whose turn it is has not secretly won (R38), and
/// the cards they bought this turn are as many and among theirs.
#[test]
fn issue13_determinized_random_positions_keep_views_counts_and_cards() {
    let mut positions = 0;
    for seed in 0..12u64 {
        let players = 2 + (seed % 3) as u8;
        let mut g = Game::new(Config::with_players(players), seed).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut step = 0;
        while !g.is_over() && g.turn_number() < 400 {
            if step % 7 == 0 {
                positions += 1;
                for s in g.seats() {
                    let d = g.view(s).determinize(&mut SplitMix64::new(seed * 1000 + step));
                    check_determinized(&g, &d, s, &format!("seed {seed} step {step} seat {s}"));
                }
            }
            let action = bot.choose(g.view(g.to_act())).expect("a running game has a legal action");
            g.apply(action).unwrap();
            step += 1;
        }
    }
    assert!(positions > 500, "{positions} positions");
}

fn check_determinized(real: &Game, d: &Game, seat: Seat, ctx: &str) {
    assert_eq!(d.validate(), Ok(()), "{ctx}");
    assert_eq!(d.view(seat).snapshot(), real.view(seat).snapshot(), "{ctx}");
    for r in Resource::ALL {
        let held: u32 = d.seats().map(|s| d.view(s).hand()[r] as u32).sum();
        assert_eq!(held + d.bank()[r] as u32, 19, "{ctx}: every {r} card is somewhere");
    }
    for s in d.seats() {
        assert_eq!(d.public_player(s), real.public_player(s), "{ctx}: counts are kept");
    }
    let kinds = |g: &Game| {
        let mut all = g.view(seat).unseen_dev_cards();
        let own = g.view(seat).dev_cards();
        DevCard::ALL.map(|c| {
            all[c] += own[c];
            all[c]
        })
    };
    assert_eq!(kinds(d), kinds(real), "{ctx}: the same development cards");
    if real.view(seat).is_to_act() {
        assert_eq!(d.legal_actions(), real.legal_actions(), "{ctx}: legal actions reveal nothing hidden");
    }
    let mover = d.current_player();
    if !d.is_over() && d.turn_number() > 0 {
        let (view, real_view) = (d.view(mover), real.view(mover));
        assert!(view.victory_points() < d.config().target, "{ctx}: R38, no secret winner");
        assert_eq!(view.bought_this_turn().0.iter().sum::<u8>(), real_view.bought_this_turn().0.iter().sum::<u8>());
        assert!(DevCard::ALL.iter().all(|&c| view.bought_this_turn()[c] <= view.dev_cards()[c]), "{ctx}");
    }
    let mut next = *d;
    if let Some(&a) = d.legal_actions().first() {
        next.apply(a).unwrap_or_else(|e| panic!("{ctx}: {a:?} refused: {e}"));
    }
}

/// R38: the player whose turn it is would have won already with enough victory point cards, so
/// a determinized game never deals them that many (with a target of 3 and one settlement, C
/// holds at most one).
#[test]
fn r38_issue13_determinize_deals_the_player_in_turn_no_secret_win() {
    let config = Config { target: 3, ..Config::default() };
    let topo = catan::engine::MapId::Standard.topology();
    let g = Scenario::new(config, 9)
        .settlement(C, topo.hex_vertices(catan::engine::Hex(18))[0])
        .dev(C, DevCard::Knight)
        .dev(C, DevCard::Knight)
        .dev(C, DevCard::Monopoly)
        .dev(C, DevCard::Knight)
        .turn(C)
        .build()
        .unwrap();
    let mut most = 0;
    for seed in 0..200 {
        let d = g.view(A).determinize(&mut SplitMix64::new(seed));
        assert_eq!(d.view(C).dev_cards().0.iter().sum::<u8>(), 4);
        most = most.max(d.view(C).dev_cards()[DevCard::VictoryPoint]);
        assert!(d.view(C).victory_points() < 3, "seed {seed}");
    }
    assert_eq!(most, 1, "one hidden point is possible, two would have won");
}
