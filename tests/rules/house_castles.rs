//! R44 castles: a city may become a castle (one of each resource, with or without the seed's
//! costs, R48), its city piece back in supply; 4 castles a player; 3 points, 3 cards, and 3 in
//! the house awards (R49, R50) and on a 7 without robber (R45).

use crate::support::board::*;
use catan::engine::{
    Action, Award, Config, Event, Game, Hand, IntersectionSet, Module, Modules, Phase, Piece, Resource, RuleError,
    Vertex,
};

fn config() -> Config {
    Config::default().with_modules(Modules::NONE.with(Module::Castles))
}

const HOME: fn() -> Vertex = || corner(HILLS_6, N);

fn built(events: &[Event]) -> Vec<Piece> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Built { piece, .. } => Some(piece),
            _ => None,
        })
        .collect()
}

#[test]
fn r44_a_city_becomes_a_castle_and_its_city_piece_returns_to_supply() {
    let mut g = scenario_with(config()).city(A, HOME()).hand(A, Hand::CASTLE).rolled().build().unwrap();
    assert_eq!((g.pieces_left(A), g.castles_left(A)), ((15, 5, 3), 4));
    assert_eq!(g.public_points(A), 2);
    let events = play(&mut g, Action::BuildCastle(HOME()));
    assert_eq!(built(&events), [Piece::Castle]);
    assert_eq!(events[0].describe(&|s| format!("{s}"), None), "player 1 builds a castle");
    assert_eq!((g.pieces_left(A), g.castles_left(A)), ((15, 5, 4), 3), "the city piece is back");
    assert_eq!(g.building(HOME()), Some((A, Piece::Castle)));
    assert_eq!(g.building_at(HOME()), Some((A, true)), "a castle is a city with walls");
    assert_eq!((g.view(A).hand(), g.bank()), (Hand::EMPTY, Hand::uniform(19)), "paid to the bank");
    assert_eq!(g.public_points(A), 3);
    let seen = g.view(B).player(A);
    assert_eq!((seen.points, seen.castles, seen.castles_left), (3, 1, 3));
    assert_eq!(g.view(A).castle_set(A), IntersectionSet::one(HOME()));
}

#[test]
fn r44_a_castle_costs_one_of_each_resource_with_or_without_the_seed_costs() {
    for modules in [Modules::NONE.with(Module::Castles), Modules::NONE.with(Module::Castles).with(Module::SeedCosts)] {
        let config = Config::default().with_modules(modules);
        assert_eq!(config.costs.castle, Hand::new([1, 1, 1, 1, 1]));
        let short = hand(1, 1, 1, 1, 0);
        let mut g = scenario_with(config).city(A, HOME()).hand(A, short).rolled().build().unwrap();
        refused(&mut g, Action::BuildCastle(HOME()), RuleError::CannotAfford { what: "a castle", cost: Hand::CASTLE });
        assert_eq!(g.view(A).hand(), short);
    }
}

#[test]
fn r44_four_castles_a_player() {
    let spots = [corner(HILLS_6, N), corner(FIELDS_6, S), corner(MOUNTAINS_10, N), corner(PASTURE_11, S)];
    let fifth = corner(FOREST_3, S);
    let mut scn = scenario_with(config()).city(A, fifth).hand(A, Hand::CASTLE).rolled();
    for v in spots {
        scn = scn.castle(A, v);
    }
    let mut g = scn.build().unwrap();
    assert_eq!((g.pieces_left(A).2, g.castles_left(A)), (3, 0));
    assert_eq!(g.public_points(A), 4 * 3 + 2);
    refused(&mut g, Action::BuildCastle(fifth), RuleError::NoPiecesLeft(Piece::Castle));
}

#[test]
fn r44_a_castle_replaces_only_ones_own_city() {
    let (settlement, theirs, castle) = (corner(FIELDS_6, S), corner(MOUNTAINS_10, N), corner(PASTURE_11, S));
    let mut g = scenario_with(config())
        .city(A, HOME())
        .settlement(A, settlement)
        .city(B, theirs)
        .castle(A, castle)
        .hand(A, Hand::CASTLE)
        .rolled()
        .build()
        .unwrap();
    for v in [settlement, theirs, castle, corner(FOREST_3, S)] {
        refused(&mut g, Action::BuildCastle(v), RuleError::NotYourCity);
    }
    refused(&mut g, Action::BuildCastle(Vertex(54)), RuleError::OffBoard("intersection", 54));
    // Castles are built in the main phase, not before the roll.
    let mut g = scenario_with(config()).city(A, HOME()).hand(A, Hand::CASTLE).build().unwrap();
    refused(&mut g, Action::BuildCastle(HOME()), RuleError::NotNow("roll the dice first"));
}

#[test]
fn r44_no_castles_without_the_module() {
    let mut g = scenario().city(A, HOME()).hand(A, Hand::CASTLE).rolled().build().unwrap();
    refused(&mut g, Action::BuildCastle(HOME()), RuleError::ModuleOff("castles"));
    assert_eq!(g.castles_left(A), 0);
    assert_eq!(
        Config { supply: catan::engine::Supply { castles: 10, ..Default::default() }, ..config() }.validate(),
        Err(catan::engine::ConfigError::Castles(10))
    );
    assert!(scenario().castle(A, HOME()).build().unwrap_err().contains("castles (R44) are not played"));
}

#[test]
fn r44_a_castle_is_worth_three_points_and_can_win() {
    let config = Config { target: 5, ..config() };
    let mut g = scenario_with(config)
        .city(A, HOME())
        .city(A, corner(FIELDS_6, S))
        .hand(A, Hand::CASTLE)
        .rolled()
        .build()
        .unwrap();
    assert_eq!(g.public_points(A), 4);
    let events = play(&mut g, Action::BuildCastle(HOME()));
    assert!(has_event!(events, Event::Won { seat: A, points: 5 }));
    assert_eq!(g.winner(), Some(A));
    assert_eq!(Config::default().max_points() + 12, config.max_points(), "4 castles, 3 points each");
}

/// Castle of A on hills 6, which pays brick on a 6, with `left` brick in the bank; B's
/// settlement beside it too when `both`.
fn brick(left: u8, both: bool) -> Game {
    let mut scn = scenario_with(config()).castle(A, HOME()).hand(D, hand(19 - left, 0, 0, 0, 0));
    if both {
        scn = scn.settlement(B, corner(HILLS_6, S));
    }
    scn.next_roll(6).build().unwrap()
}

#[test]
fn r44_a_castle_produces_three_cards() {
    let mut g = brick(19, false);
    let events = play(&mut g, Action::RollDice);
    assert!(has_event!(events, Event::Produced { seat: A, cards } if *cards == hand(3, 0, 0, 0, 0)));
    assert_eq!(g.view(A).hand()[Resource::Brick], 3);
}

#[test]
fn r44_a_castle_under_a_bank_shortage_follows_r16() {
    // Owed 3 with 2 left and no one else owed: the 2 left.
    let mut g = brick(2, false);
    let events = play(&mut g, Action::RollDice);
    assert!(has_event!(events, Event::Shortage { resource: Resource::Brick }));
    assert_eq!((g.view(A).hand()[Resource::Brick], g.bank()[Resource::Brick]), (2, 0));
    // Exactly 4 left for 3 + 1: all paid; 3 left: no one.
    let mut g = brick(4, true);
    play(&mut g, Action::RollDice);
    assert_eq!((g.view(A).hand()[Resource::Brick], g.view(B).hand()[Resource::Brick]), (3, 1));
    let mut g = brick(3, true);
    play(&mut g, Action::RollDice);
    assert_eq!((g.view(A).hand()[Resource::Brick], g.view(B).hand()[Resource::Brick]), (0, 0));
}

#[test]
fn r44_a_castle_takes_three_cards_on_a_seven_without_robber() {
    let config = config().with_modules(config().modules.with(Module::NoRobber));
    let mut g = scenario_with(config).castle(A, HOME()).next_roll(7).build().unwrap();
    play(&mut g, Action::RollDice);
    assert_eq!(g.phase(), Phase::Plenty { seat: A, at: HOME(), left: 3 });
    for _ in 0..3 {
        let take = g.legal_actions()[0];
        play(&mut g, take);
    }
    assert_eq!((g.view(A).hand().total(), g.phase()), (3, Phase::Main));
}

#[test]
fn r44_awards_count_a_castle_three() {
    let modules = Modules::NONE.with(Module::Castles).with(Module::Metropolis).with(Module::HarborMaster);
    let config = Config::default().with_modules(modules);
    // Metropolis: two cities joined by roads are 4 points; one becoming a castle makes 5.
    let t = [corner(HILLS_6, N), corner(HILLS_6, NE), corner(HILLS_6, SE)];
    let mut g = scenario_with(config).city(A, t[0]).city(A, t[2]).roads(A, &t).hand(A, Hand::CASTLE).rolled();
    let harbor = (0..54).map(Vertex).find(|v| topo().harbor_vertices().contains(*v)).unwrap();
    g = g.city(B, harbor);
    let mut g = g.build().unwrap();
    assert_eq!((g.metropolis_points(A), g.metropolis()), (4, None));
    let events = play(&mut g, Action::BuildCastle(t[0]));
    assert!(has_event!(events, Event::HouseAward { award: Award::Metropolis, holder: Some(A), points: 5 }));
    assert_eq!(g.public_points(A), 3 + 2 + 2);
    // Harbor Master: B's city on a harbor is 2, its castle 3.
    assert_eq!((g.harbor_points(B), g.harbor_master()), (2, None));
    let g = catan::engine::Scenario::from_game(g).castle(B, harbor).build().unwrap();
    assert_eq!((g.harbor_points(B), g.harbor_master()), (3, Some(B)));
    assert_eq!(g.public_points(B), 3 + 2);
}
