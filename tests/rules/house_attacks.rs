//! R56 attacks: a unit attacks an opponent's unit or building in reach (a knight its hex, an
//! archer one adjacent land hex too, a ship its sea hex and the coastal buildings touching it;
//! castles never); a die each from the seeded RNG with the modifiers, ties rolled again; a
//! capture at the same level or a removal; defence by a war ship first, otherwise the unit
//! longest on the board, knights never against ships nor ships against knights; the awards
//! after a fight and a win on one's own turn.

use crate::support::board::*;
use catan::engine::{
    Action, Config, Event, FightResult, Game, Module, Modules, Phase, Piece, RuleError, SHIP_SLOT, Scenario, SeaHex,
    Seat, Supply, Target, UnitKind, Vertex, win_chance,
};

/// Knights, ships and attacks, without phases (R57 is `house_phases`).
fn war() -> Config {
    Config::default().with_modules(Modules(Modules::WAR.0 & !Module::Phases.bit()))
}

fn attack(unit: u8, target: Target) -> Action {
    Action::Attack { unit, target }
}

fn building(v: Vertex) -> Target {
    Target::Building(v)
}

fn unit(seat: Seat, unit: u8) -> Target {
    Target::Unit { seat, unit }
}

/// The scenario `f` makes on seed `seed`, A's turn after the roll.
fn game(config: Config, seed: u64, f: &dyn Fn(Scenario) -> Scenario) -> Game {
    let config = Config { board: catan::engine::BoardKind::Beginner, ..config };
    f(Scenario::new(config, seed).turn(A).rolled()).build().expect("a scenario")
}

/// The fight of `action` in the scenario `f` makes, on the first seed whose outcome `want`
/// accepts: the game after it and the events.
fn fight_until(
    config: Config,
    f: &dyn Fn(Scenario) -> Scenario,
    action: Action,
    want: &dyn Fn(FightResult) -> bool,
) -> (Game, Vec<Event>) {
    for seed in 0..500 {
        let mut g = game(config, seed, f);
        let events = play(&mut g, action);
        if fought(&events).is_some_and(|(.., r)| want(r)) {
            return (g, events);
        }
    }
    panic!("no seed gave that outcome");
}

/// The fight's target (after defence), dice, modifiers and result.
fn fought(events: &[Event]) -> Option<(Target, [u8; 2], [u8; 2], FightResult)> {
    events.iter().find_map(|e| match *e {
        Event::Fought { target, dice, plus, result, .. } => Some((target, dice, plus, result)),
        _ => None,
    })
}

/// A sea hex of the ring, a coastal corner of it, and a sea hex next to it.
fn sea() -> (SeaHex, Vertex, SeaHex) {
    let t = topo();
    let x = SeaHex(0);
    let v = t.sea_corners(x).min().expect("a coastal corner");
    (x, v, t.sea_neighbors(x).iter().next().expect("a neighbour"))
}

#[test]
fn r56_the_fight_chances_with_ties_rolled_again() {
    assert_eq!(win_chance(0, 0), (15, 30), "even dice: 1/2");
    assert_eq!(win_chance(0, 1), (10, 31), "against +1: 10/31");
    assert_eq!(win_chance(0, 2), (6, 32), "against +2: 6/32");
    assert_eq!(win_chance(2, 0), (26, 32), "a war ship's +2 against nothing");
    // Against a settlement (+1) the seeded dice agree with 10/31 (defender winning ties
    // instead would give 10/36).
    let v = corner(FOREST_9, N);
    let f = |s: Scenario| s.settlement(B, v).unit(A, UnitKind::Knight, FOREST_9);
    let mut wins = 0;
    let n = 2000;
    for seed in 0..n {
        let mut g = game(war(), seed, &f);
        let events = g.apply(attack(0, building(v))).unwrap();
        let (_, dice, plus, result) = fought(&events).unwrap();
        assert_ne!(dice[0] + plus[0], dice[1] + plus[1], "a tie is rolled again inside the action");
        assert_eq!(result != FightResult::Held, dice[0] + plus[0] > dice[1] + plus[1]);
        wins += (result != FightResult::Held) as u32;
    }
    let p = wins as f64 / n as f64;
    assert!((p - 10.0 / 31.0).abs() < 0.035, "won {p} against +1");
}

#[test]
fn r56_each_modifier() {
    let v = corner(FOREST_9, N);
    let plus = |f: &dyn Fn(Scenario) -> Scenario, a: Action| {
        let mut g = game(war(), 1, f);
        fought(&play(&mut g, a)).unwrap().2
    };
    let knight = |s: Scenario| s.unit(A, UnitKind::Knight, FOREST_9);
    assert_eq!(plus(&|s| knight(s).settlement(B, v), attack(0, building(v))), [0, 1], "settlement +1");
    assert_eq!(plus(&|s| knight(s).city(B, v), attack(0, building(v))), [0, 2], "city +2");
    assert_eq!(plus(&|s| knight(s).unit(B, UnitKind::Cavalry, FOREST_9), attack(0, unit(B, 0))), [0, 0], "units: none");
    let (x, _, _) = sea();
    let ships = |a: UnitKind, d: UnitKind| move |s: Scenario| s.ship(A, a, x).ship(B, d, x);
    assert_eq!(plus(&ships(UnitKind::WarShip, UnitKind::Ship), attack(SHIP_SLOT, unit(B, SHIP_SLOT))), [2, 0]);
    assert_eq!(plus(&ships(UnitKind::Ship, UnitKind::WarShip), attack(SHIP_SLOT, unit(B, SHIP_SLOT))), [0, 2]);
    assert_eq!(plus(&ships(UnitKind::WarShip, UnitKind::WarShip), attack(SHIP_SLOT, unit(B, SHIP_SLOT))), [2, 2]);
}

#[test]
fn r56_targets_in_reach_and_refusals() {
    let v = corner(FOREST_9, N);
    let far = corner(HILLS_5, S);
    let next = topo().hex_neighbors(FOREST_9)[0];
    let mut g = game(war(), 1, &|s| {
        s.settlement(B, v)
            .settlement(B, far)
            .settlement(A, corner(FOREST_9, S))
            .unit(A, UnitKind::Knight, FOREST_9)
            .unit(A, UnitKind::Archer, FOREST_9)
            .unit(B, UnitKind::Knight, next)
    });
    let listed = g.legal_actions();
    assert!(listed.contains(&attack(0, building(v))));
    assert!(!listed.contains(&attack(0, unit(B, 0))), "a knight attacks its own hex only");
    assert!(listed.contains(&attack(1, unit(B, 0))), "an archer also one adjacent land hex");
    refused(&mut g, attack(0, building(far)), RuleError::BadTarget("that building is out of its reach"));
    refused(&mut g, attack(0, building(corner(FOREST_9, S))), RuleError::BadTarget("that building is yours"));
    refused(&mut g, attack(5, building(v)), RuleError::NoSuchUnit(5));
    play(&mut g, attack(0, building(v)));
    if g.building(v).map(|b| b.0) == Some(B) {
        refused(&mut g, attack(0, building(v)), RuleError::UnitAttacked);
    }
    // Without the module, no attack.
    let mut g = game(Config::default().with_modules(Modules::SEA.without(Module::Colonist)), 1, &|s| {
        s.settlement(B, v).unit(A, UnitKind::Knight, FOREST_9)
    });
    refused(&mut g, attack(0, building(v)), RuleError::ModuleOff("attacks"));
    // Before the roll too (R52: units act at any point of their owner's turn).
    let config = Config { board: catan::engine::BoardKind::Beginner, ..war() };
    let g = Scenario::new(config, 1).turn(A).settlement(B, v).unit(A, UnitKind::Knight, FOREST_9).build().unwrap();
    assert_eq!(g.phase(), Phase::Roll);
    assert!(g.legal_actions().contains(&attack(0, building(v))));
}

#[test]
fn r56_a_castle_is_refused_as_a_target() {
    let v = corner(FOREST_9, N);
    let config = Config::default().with_modules(war().modules.with(Module::Castles));
    let mut g = game(config, 1, &|s| s.castle(B, v).unit(A, UnitKind::Knight, FOREST_9));
    refused(&mut g, attack(0, building(v)), RuleError::CastleImmune);
}

#[test]
fn r56_a_capture_at_the_same_level() {
    let v = corner(FOREST_9, N);
    let f = |s: Scenario| s.city(B, v).unit(A, UnitKind::Knight, FOREST_9);
    let (g, events) = fight_until(war(), &f, attack(0, building(v)), &|r| r != FightResult::Held);
    assert_eq!(fought(&events).unwrap().3, FightResult::Captured(Piece::City));
    assert_eq!(g.building(v), Some((A, Piece::City)));
    assert_eq!(g.cities(B).count(), 0, "B's piece back in supply");
    // Held: nothing changes.
    let (g, _) = fight_until(war(), &f, attack(0, building(v)), &|r| r == FightResult::Held);
    assert_eq!(g.building(v), Some((B, Piece::City)));
}

#[test]
fn r56_the_building_removed_when_the_attacker_lacks_the_piece() {
    let v = corner(FOREST_9, N);
    let mut config = war();
    config.supply = Supply { cities: 1, ..config.supply };
    let f = |s: Scenario| s.city(B, v).city(A, corner(HILLS_5, S)).unit(A, UnitKind::Knight, FOREST_9);
    let (g, events) = fight_until(config, &f, attack(0, building(v)), &|r| r != FightResult::Held);
    assert_eq!(fought(&events).unwrap().3, FightResult::Destroyed(Piece::City));
    assert_eq!(g.building(v), None);
}

#[test]
fn r56_a_war_ship_defends_before_a_plain_ship_otherwise_the_unit_longest_on_the_board() {
    let (x, _, y) = sea();
    // B: a ship on x (slot 0), a ship beside (slot 1), a war ship beside (slot 2).
    let f = |s: Scenario| {
        s.ship(A, UnitKind::Ship, x).ship(B, UnitKind::Ship, x).ship(B, UnitKind::Ship, y).ship(B, UnitKind::WarShip, y)
    };
    let mut g = game(war(), 1, &f);
    let (target, _, plus, _) = fought(&play(&mut g, attack(SHIP_SLOT, unit(B, SHIP_SLOT)))).unwrap();
    assert_eq!(target, unit(B, SHIP_SLOT + 2), "the war ship takes the fight");
    assert_eq!(plus, [0, 2]);
    // Without the war ship, the earliest (slot 0) defends the later one (slot 1 is beside).
    let f = |s: Scenario| s.ship(A, UnitKind::Ship, x).ship(B, UnitKind::Ship, y).ship(B, UnitKind::Ship, x);
    let mut g = game(war(), 1, &f);
    let (target, ..) = fought(&play(&mut g, attack(SHIP_SLOT, unit(B, SHIP_SLOT + 1)))).unwrap();
    assert_eq!(target, unit(B, SHIP_SLOT), "the ship longest on the board");
    // A knight beside an attacked building: the earliest of two.
    let v = corner(DESERT, N);
    let hexes: Vec<_> = topo().vertex_hex_set(v).iter().filter(|&h| h != DESERT).collect();
    let f = |s: Scenario| {
        s.settlement(B, v).unit(A, UnitKind::Knight, DESERT).unit(B, UnitKind::Archer, hexes[0]).unit(
            B,
            UnitKind::Knight,
            DESERT,
        )
    };
    let mut g = game(war(), 1, &f);
    let (target, _, plus, _) = fought(&play(&mut g, attack(0, building(v)))).unwrap();
    assert_eq!(target, unit(B, 0), "B's archer came first");
    assert_eq!(plus, [0, 0], "the defending unit, not the settlement, fights");
}

#[test]
fn r56_removal_keeps_the_build_order() {
    let f = |s: Scenario| {
        s.unit(A, UnitKind::Knight, FOREST_9)
            .unit(B, UnitKind::Knight, FOREST_9)
            .unit(B, UnitKind::Archer, HILLS_5)
            .unit(B, UnitKind::Cavalry, DESERT)
    };
    let (g, events) = fight_until(war(), &f, attack(0, unit(B, 0)), &|r| r != FightResult::Held);
    assert_eq!(fought(&events).unwrap().3, FightResult::Removed { kind: UnitKind::Knight, aboard: 0 });
    let left: Vec<_> = g.knight_units(B).collect();
    assert_eq!(left, [(0, UnitKind::Archer, HILLS_5), (1, UnitKind::Cavalry, DESERT)]);
}

#[test]
fn r56_knights_never_defend_against_ships_nor_ships_against_knights() {
    let (x, v, _) = sea();
    let land = topo().vertex_hex_set(v).iter().next().expect("a land hex");
    // A ship's attack on a coastal settlement: B's knight beside it doesn't defend.
    let f = |s: Scenario| s.settlement(B, v).ship(A, UnitKind::Ship, x).unit(B, UnitKind::Knight, land);
    let mut g = game(war(), 1, &f);
    assert_eq!(fought(&play(&mut g, attack(SHIP_SLOT, building(v)))).unwrap().0, building(v));
    // A knight's attack: B's ship on the building's sea hex doesn't defend.
    let f = |s: Scenario| s.settlement(B, v).unit(A, UnitKind::Knight, land).ship(B, UnitKind::WarShip, x);
    let mut g = game(war(), 1, &f);
    assert_eq!(fought(&play(&mut g, attack(0, building(v)))).unwrap().0, building(v));
    // A ship defends a building against a ship.
    let f = |s: Scenario| s.settlement(B, v).ship(A, UnitKind::Ship, x).ship(B, UnitKind::Ship, x);
    let mut g = game(war(), 1, &f);
    assert_eq!(fought(&play(&mut g, attack(SHIP_SLOT, building(v)))).unwrap().0, unit(B, SHIP_SLOT));
}

#[test]
fn r56_a_sunk_cargo_ships_knights_are_lost_and_army_recomputed() {
    let (x, _, _) = sea();
    let f = |s: Scenario| {
        s.ship(A, UnitKind::WarShip, x)
            .ship(B, UnitKind::CargoShip, x)
            .aboard(B, UnitKind::Knight, 0)
            .aboard(B, UnitKind::Archer, 0)
            .aboard(B, UnitKind::Cavalry, 0)
            .largest_army(Some(B))
    };
    let g = game(war(), 0, &f);
    assert_eq!(g.largest_army(), Some(B));
    let (g, events) = fight_until(war(), &f, attack(SHIP_SLOT, unit(B, SHIP_SLOT)), &|r| r != FightResult::Held);
    assert_eq!(fought(&events).unwrap().3, FightResult::Removed { kind: UnitKind::CargoShip, aboard: 3 });
    assert_eq!(g.knight_count(B), 0);
    assert_eq!(g.ship_count(B), 0);
    assert_eq!(g.largest_army(), None, "Largest Army set aside");
}

#[test]
fn r56_a_captured_building_splits_someones_longest_road() {
    let h = FOREST_9;
    let ring: Vec<Vertex> = (0..6).map(|c| corner(h, c)).collect();
    let f = |s: Scenario| s.roads(B, &ring).settlement(B, ring[2]).longest_road(Some(B)).unit(A, UnitKind::Knight, h);
    let g = game(war(), 0, &f);
    assert_eq!(g.longest_road(), Some(B));
    let (g, events) = fight_until(war(), &f, attack(0, building(ring[2])), &|r| r != FightResult::Held);
    assert_eq!(g.building(ring[2]), Some((A, Piece::Settlement)));
    assert_eq!(g.longest_road(), None, "2 and 3 roads: no Longest Road");
    assert!(has_event!(events, Event::LongestRoad { holder: None, .. }));
}

#[test]
fn r56_a_win_reached_by_a_capture_on_ones_own_turn() {
    let v = corner(FOREST_9, N);
    let config = Config { target: 3, ..war() };
    let f = |s: Scenario| {
        s.settlement(A, corner(HILLS_5, S)).settlement(A, corner(MOUNTAINS_10, N)).settlement(B, v).unit(
            A,
            UnitKind::Knight,
            FOREST_9,
        )
    };
    let (g, events) = fight_until(config, &f, attack(0, building(v)), &|r| r != FightResult::Held);
    assert!(has_event!(events, Event::Won { seat: A, points: 3 }));
    assert!(matches!(g.phase(), Phase::Over { winner: A, .. }));
}

#[test]
fn r56_a_fight_reveals_chance_so_undo_stops_there() {
    let v = corner(FOREST_9, N);
    let g = game(war(), 1, &|s| s.settlement(B, v).unit(A, UnitKind::Knight, FOREST_9));
    let mut after = g;
    after.apply(attack(0, building(v))).unwrap();
    assert!(g.revealed(attack(0, building(v)), &after).is_some());
}

#[test]
fn r56_attacks_need_units() {
    let config = Config { modules: Modules::NONE.with(Module::Attacks), ..Config::default() };
    assert!(config.validate().is_err());
    assert!(Config::default().with_modules(Modules::NONE.with(Module::Attacks)).modules.has(Module::Knights));
    assert_eq!(Modules::parse("war").unwrap(), war().modules.with(Module::Phases));
}

/// R56 and R38: a win is checked for the player whose turn it is only. A's capture splits B's
/// Longest Road, which goes to C (5 roads, tied with B before): C reaches the target in A's turn
/// and doesn't win there.
#[test]
fn r56_r38_a_capture_bringing_another_player_to_the_target_is_no_win_in_that_turn() {
    let ring: Vec<Vertex> = (0..6).map(|c| corner(FOREST_9, c)).collect();
    let c_trail: Vec<Vertex> = (0..6).map(|c| corner(HILLS_5, c)).collect();
    let config = Config { target: 5, ..war() };
    let f = |s: Scenario| {
        s.roads(B, &ring)
            .settlement(B, ring[2])
            .longest_road(Some(B))
            .roads(C, &c_trail)
            .settlement(C, c_trail[0])
            .settlement(C, corner(MOUNTAINS_10, N))
            .settlement(C, corner(PASTURE_11, S))
            .unit(A, UnitKind::Knight, FOREST_9)
    };
    let g = game(config, 0, &f);
    assert_eq!((g.longest_road(), g.public_points(C)), (Some(B), 3));
    let (g, events) = fight_until(config, &f, attack(0, building(ring[2])), &|r| r != FightResult::Held);
    assert_eq!(g.longest_road(), Some(C));
    assert_eq!(g.public_points(C), 5, "C at the target");
    assert!(!has_event!(events, Event::Won { .. }));
    assert!(!g.is_over(), "no win outside one's own turn");
}
