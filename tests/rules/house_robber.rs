//! R45 no robber: a 7 lets every player take cards by their buildings; no discards, no hand
//! limit, and knights only count toward Largest Army.

use crate::support::board::*;
use catan::engine::{Action, Config, DevCard, Event, Game, Hand, Module, Modules, Phase, Resource, RuleError, Vertex};

fn config() -> Config {
    Config::default().with_modules(Modules::NONE.with(Module::NoRobber))
}

/// The kinds of the hexes touching `v`.
fn kinds(g: &Game, v: Vertex) -> Vec<Resource> {
    let mut out: Vec<Resource> =
        topo().vertex_hexes(v).iter().filter_map(|&h| g.board().terrain(h).resource()).collect();
    out.sort_by_key(|&r| r as u8);
    out.dedup();
    out
}

fn takes(g: &Game) -> Vec<Resource> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::TakeCard(r) => Some(r),
            _ => None,
        })
        .collect()
}

#[test]
fn r45_a_seven_lets_every_player_choose_by_their_buildings() {
    let (a_site, b_site) = (corner(HILLS_6, N), corner(MOUNTAINS_8, S));
    let mut g = scenario_with(config())
        .settlement(A, a_site)
        .city(B, b_site)
        .hand(A, hand(3, 3, 3, 3, 0))
        .next_roll(7)
        .build()
        .unwrap();
    let events = play(&mut g, Action::RollDice);
    assert!(!events.iter().any(|e| matches!(e, Event::MustDiscard { .. })), "no hand limit");
    // The roller first: one card for the settlement, of a kind its hexes give.
    assert_eq!(g.phase(), Phase::Plenty { seat: A, at: a_site, left: 1 });
    assert_eq!(g.to_act(), A);
    assert_eq!(takes(&g), kinds(&g, a_site));
    let wrong = Resource::ALL.into_iter().find(|r| !kinds(&g, a_site).contains(r)).unwrap();
    refused(
        &mut g,
        Action::TakeCard(wrong),
        RuleError::NotNow("take a card of a kind that building touches and the bank holds"),
    );
    let r = takes(&g)[0];
    play(&mut g, Action::TakeCard(r));
    assert_eq!(g.view(A).hand(), sum(hand(3, 3, 3, 3, 0), Hand::of(r, 1)));
    // Then B, two cards for the city.
    assert_eq!(g.phase(), Phase::Plenty { seat: B, at: b_site, left: 2 });
    let (x, y) = (takes(&g)[0], *takes(&g).last().unwrap());
    play(&mut g, Action::TakeCard(x));
    play(&mut g, Action::TakeCard(y));
    assert_eq!(g.view(B).hand(), sum(Hand::of(x, 1), Hand::of(y, 1)));
    // Then the turn goes on, with the robber where it was.
    assert_eq!((g.phase(), g.to_act()), (Phase::Main, A));
    assert_eq!(g.board().robber(), DESERT);
}

#[test]
fn r45_a_seven_with_the_bank_short_of_a_kind() {
    let site = corner(HILLS_6, N);
    let mut scn = scenario_with(config()).settlement(A, site).next_roll(7);
    // C holds every card of the first kind A's settlement could take: the bank has none left.
    let g0 = scn.clone().build().unwrap();
    let gone = kinds(&g0, site)[0];
    scn = scn.hand(C, Hand::of(gone, 19));
    let mut g = scn.build().unwrap();
    play(&mut g, Action::RollDice);
    assert!(!takes(&g).contains(&gone));
    assert_eq!(takes(&g), kinds(&g, site)[1..].to_vec());
    let r = takes(&g)[0];
    play(&mut g, Action::TakeCard(r));
    assert_eq!(g.phase(), Phase::Main);
    // With no kind left at all, the building is skipped.
    let mut scn = scenario_with(config()).settlement(A, site).next_roll(7);
    for (i, r) in kinds(&g0, site).into_iter().enumerate() {
        scn = scn.hand([B, C, D][i], Hand::of(r, 19));
    }
    let mut g = scn.build().unwrap();
    play(&mut g, Action::RollDice);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.view(A).hand(), Hand::EMPTY);
}

#[test]
fn r45_a_knight_counts_but_moves_nothing() {
    let mut g = scenario_with(config()).dev(A, DevCard::Knight).knights(A, 2).build().unwrap();
    play(&mut g, Action::PlayKnight);
    assert_eq!((g.phase(), g.largest_army()), (Phase::Roll, Some(A)));
    assert_eq!(g.board().robber(), DESERT);
}

fn sum(mut a: Hand, b: Hand) -> Hand {
    a.add(&b);
    a
}

#[test]
fn r45_a_saved_choice_must_name_a_building_of_its_player() {
    let g = scenario_with(config()).settlement(A, corner(HILLS_6, N)).build().unwrap();
    for (at, left) in [(corner(HILLS_6, N), 1), (Vertex(200), 1), (corner(HILLS_6, S), 1), (corner(HILLS_6, N), 0)] {
        let mut snap = g.snapshot();
        snap.phase = Phase::Plenty { seat: A, at, left };
        let ok = Game::from_snapshot(snap).is_ok();
        assert_eq!(ok, at == corner(HILLS_6, N) && left == 1, "{at:?} {left}");
    }
}
