//! R53 ships and R54 Largest Navy: ships on sea hexes, built beside one's coastal buildings,
//! 6 a player (1 war ship, 3 cargo ships), 1 a turn (2 units of any kinds with knights);
//! sailing 4 (cargo 7); harbors used through a ship (a cargo ship one card better, never below
//! 2:1); settling beside one's ship; knights boarding and leaving cargo ships as their move;
//! Largest Navy by ships, as R35.

use crate::support::board::*;
use catan::engine::{
    Action, Award, Config, Event, Game, Hand, HarborKind, Module, Modules, Phase, Resource, RuleError, Scenario,
    SeaHex, SeaSet, Seat, UnitKind, Vertex,
};

fn config() -> Config {
    Config::default().with_modules(Modules::NONE.with(Module::Ships))
}

fn both() -> Config {
    Config::default().with_modules(Modules::SEA.without(Module::Colonist))
}

fn build(kind: UnitKind, sea: SeaHex) -> Action {
    Action::BuildShip { kind, sea }
}

/// A sea hex of the base island's ring and a coastal corner of it.
fn coast() -> (SeaHex, Vertex) {
    let t = topo();
    let x = SeaHex(0);
    (x, t.sea_corners(x).min().expect("a coastal corner"))
}

/// Sea hexes within `n` steps of `from`, `from` left out.
fn sea_within(from: SeaHex, n: usize) -> SeaSet {
    let t = topo();
    let (mut reach, mut front) = (SeaSet::one(from), SeaSet::one(from));
    for _ in 0..n {
        front = front.iter().fold(SeaSet::EMPTY, |a, x| a | t.sea_neighbors(x)) - reach;
        reach |= front;
    }
    reach.without(from)
}

fn sails(g: &Game, unit: u8) -> SeaSet {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::SailShip { unit: u, to } if u == unit => Some(to),
            _ => None,
        })
        .collect()
}

#[test]
fn r53_a_ship_is_built_after_the_roll_on_a_sea_hex_touching_ones_coastal_building() {
    let (x, v) = coast();
    let cost = UnitKind::Ship.cost();
    assert_eq!(cost, hand(0, 1, 1, 0, 0));
    assert_eq!(UnitKind::WarShip.cost(), hand(1, 1, 0, 0, 1), "R48's closing table");
    assert_eq!(UnitKind::CargoShip.cost(), hand(0, 2, 1, 0, 0));
    let mut g = scenario_with(config()).settlement(A, v).hand(A, cost).build().unwrap();
    refused(&mut g, build(UnitKind::Ship, x), RuleError::NotNow("roll the dice first"));
    let mut g = scenario_with(config()).settlement(A, v).hand(A, cost).rolled().build().unwrap();
    let far =
        topo().sea_hexes().find(|&s| !topo().sea_corners(s).intersects(topo().vertex_neighbor_set(v).with(v))).unwrap();
    refused(&mut g, build(UnitKind::Ship, far), RuleError::ShipSite);
    refused(&mut g, Action::BuildKnight { kind: UnitKind::Knight, hex: DESERT }, RuleError::ModuleOff("knights"));
    let events = play(&mut g, build(UnitKind::Ship, x));
    assert!(has_event!(events, Event::UnitBuilt { seat: A, kind: UnitKind::Ship, unit: 0, .. }));
    assert_eq!(g.ship_units(A).collect::<Vec<_>>(), [(0, UnitKind::Ship, x)]);
    assert_eq!(g.view(C).ship_units(A).count(), 1, "ships are public");
    assert_eq!(g.view(A).hand(), Hand::EMPTY);
}

#[test]
fn r53_one_war_ship_three_cargo_ships_six_ships_a_player() {
    let (x, v) = coast();
    let mut scn = scenario_with(config()).settlement(A, v).hand(A, hand(1, 2, 1, 0, 1)).rolled();
    scn = scn.ship(A, UnitKind::WarShip, x);
    for _ in 0..3 {
        scn = scn.ship(A, UnitKind::CargoShip, x);
    }
    let mut g = scn.build().unwrap();
    refused(&mut g, build(UnitKind::WarShip, x), RuleError::KindLimit(UnitKind::WarShip, 1));
    refused(&mut g, build(UnitKind::CargoShip, x), RuleError::KindLimit(UnitKind::CargoShip, 3));
    let mut g = Scenario::from_game(g).ship(A, UnitKind::Ship, x).build().unwrap();
    play(&mut g, build(UnitKind::Ship, x));
    assert_eq!(g.ship_count(A), 6);
    let mut g = Scenario::from_game(g).turn(A).rolled().hand(A, UnitKind::Ship.cost()).build().unwrap();
    refused(&mut g, build(UnitKind::Ship, x), RuleError::NoUnitsLeft("ship"));
}

#[test]
fn r53_one_ship_a_turn_or_two_units_of_any_kinds_with_knights() {
    let (x, v) = coast();
    let lots = hand(0, 4, 4, 0, 4);
    let mut g = scenario_with(config()).settlement(A, v).hand(A, lots).rolled().build().unwrap();
    play(&mut g, build(UnitKind::Ship, x));
    refused(&mut g, build(UnitKind::Ship, x), RuleError::UnitsThisTurn(1));
    let mut g = scenario_with(both()).settlement(A, v).hand(A, lots).rolled().build().unwrap();
    let h = topo().vertex_hexes(v)[0];
    play(&mut g, build(UnitKind::Ship, x));
    play(&mut g, Action::BuildKnight { kind: UnitKind::Knight, hex: h });
    refused(&mut g, build(UnitKind::Ship, x), RuleError::UnitsThisTurn(2));
    assert_eq!(g.units_built_this_turn(), 2);
}

#[test]
fn r53_no_ship_in_the_special_building_phase() {
    let config = Config::with_players(5).with_modules(Modules::NONE.with(Module::Ships));
    let t = config.map.topology();
    let x = SeaHex(0);
    let v = t.sea_corners(x).min().unwrap();
    let mut g =
        Scenario::new(config, 1).turn(A).settlement(B, v).hand(B, UnitKind::Ship.cost()).rolled().build().unwrap();
    play(&mut g, Action::EndTurn);
    assert_eq!(g.phase(), Phase::SpecialBuilding { seat: B });
    refused(
        &mut g,
        build(UnitKind::Ship, x),
        RuleError::NotNow("no unit is built in the special building phase (R52)"),
    );
}

#[test]
fn r53_a_ship_sails_4_sea_hexes_and_a_cargo_ship_7_through_any_ships() {
    let x = SeaHex(0);
    let mut g = scenario_with(config())
        .ship(A, UnitKind::Ship, x)
        .ship(A, UnitKind::CargoShip, x)
        .ship(B, UnitKind::WarShip, SeaHex(1))
        .build()
        .unwrap();
    assert_eq!(g.phase(), Phase::Roll, "ships sail before the roll too");
    assert_eq!(sails(&g, 0), sea_within(x, 4));
    assert_eq!(sails(&g, 1), sea_within(x, 7));
    let far = sea_within(x, 7) - sea_within(x, 4);
    let far = far.min().expect("a sea hex 5 to 7 away");
    refused(&mut g, Action::SailShip { unit: 0, to: far }, RuleError::UnitCantReach(UnitKind::Ship));
    let events = play(&mut g, Action::SailShip { unit: 1, to: far });
    assert!(has_event!(events, Event::UnitMoved { seat: A, kind: UnitKind::CargoShip, unit: 1, .. }));
    refused(&mut g, Action::SailShip { unit: 1, to: x }, RuleError::UnitMoved);
}

/// The beginner board's harbors (R7): the spot of the first of `kind`.
fn harbor(kind: HarborKind) -> SeaHex {
    let g = scenario_with(config()).build().unwrap();
    let i = g.board().harbors().iter().position(|&h| h == kind).unwrap();
    topo().harbor_spots()[i].sea
}

#[test]
fn r53_a_harbor_through_a_ship_and_the_cargo_floor_at_2_to_1() {
    let generic = harbor(HarborKind::Generic);
    let grain = harbor(HarborKind::Special(Resource::Grain));
    let rate = |kind, sea, r| {
        let g = scenario_with(config()).ship(A, kind, sea).hand(A, hand(0, 0, 0, 4, 4)).rolled().build().unwrap();
        g.view(A).maritime_rate(r)
    };
    assert_eq!(rate(UnitKind::Ship, generic, Resource::Ore), 3, "a 3:1 harbor through a ship");
    assert_eq!(rate(UnitKind::CargoShip, generic, Resource::Ore), 2, "a cargo ship one card better");
    assert_eq!(rate(UnitKind::WarShip, grain, Resource::Grain), 2);
    assert_eq!(rate(UnitKind::WarShip, grain, Resource::Ore), 4);
    assert_eq!(rate(UnitKind::CargoShip, grain, Resource::Grain), 2, "never below 2:1");
    let away = topo().sea_hexes().find(|&s| !topo().harbor_spots().iter().any(|h| h.sea == s)).unwrap();
    assert_eq!(rate(UnitKind::CargoShip, away, Resource::Ore), 4, "only on a harbor's sea hex");
    let mut g =
        scenario_with(config()).ship(A, UnitKind::Ship, generic).hand(A, hand(0, 0, 0, 0, 3)).rolled().build().unwrap();
    play(&mut g, Action::MaritimeTrade { give: Resource::Ore, get: Resource::Brick, rate: 3 });
}

#[test]
fn r53_a_settlement_on_a_coastal_corner_beside_ones_ship_without_a_road() {
    let x = SeaHex(0);
    let corners: Vec<Vertex> = topo().sea_corners(x).iter().collect();
    assert!(corners.len() >= 2);
    let other = topo().sea_hexes().find(|&s| (topo().sea_corners(s) & topo().sea_corners(x)).is_empty()).unwrap();
    let elsewhere = topo().sea_corners(other).min().unwrap();
    let mut g = scenario_with(config()).ship(A, UnitKind::Ship, x).hand(A, Hand::SETTLEMENT).rolled().build().unwrap();
    refused(&mut g, Action::BuildSettlement(elsewhere), RuleError::SettlementNotConnected);
    play(&mut g, Action::BuildSettlement(corners[0]));
    let g = Scenario::from_game(g).hand(A, Hand::SETTLEMENT).build().unwrap();
    let next = corners.iter().find(|&&v| topo().vertex_neighbor_set(corners[0]).contains(v));
    if let Some(&v) = next {
        let mut g = g;
        refused(&mut g, Action::BuildSettlement(v), RuleError::DistanceRule);
    }
}

#[test]
fn r53_a_knight_unit_is_built_on_a_land_hex_beside_ones_ship() {
    let x = SeaHex(0);
    let h = topo().sea_coast(x).min().unwrap();
    let mut g =
        scenario_with(both()).ship(A, UnitKind::Ship, x).hand(A, UnitKind::Knight.cost()).rolled().build().unwrap();
    play(&mut g, Action::BuildKnight { kind: UnitKind::Knight, hex: h });
    // And a ship beside one's knight's hex.
    let inland = topo().hexes().find(|&h| !topo().hex_sea(h).is_empty()).unwrap();
    let sea = topo().hex_sea(inland).min().unwrap();
    let mut g = scenario_with(both())
        .unit(A, UnitKind::Knight, inland)
        .hand(A, UnitKind::Ship.cost())
        .rolled()
        .build()
        .unwrap();
    play(&mut g, build(UnitKind::Ship, sea));
}

#[test]
fn r53_knights_board_and_leave_a_cargo_ship_as_their_move_and_sail_with_it_for_free() {
    let x = SeaHex(0);
    let shore = topo().sea_coast(x).min().unwrap();
    let mut scn = scenario_with(both()).ship(A, UnitKind::CargoShip, x).ship(A, UnitKind::Ship, x);
    for _ in 0..4 {
        scn = scn.unit(A, UnitKind::Knight, shore);
    }
    let mut g = scn.build().unwrap();
    // The plain ship carries no one; the cargo ship 3.
    refused(&mut g, Action::BoardShip { unit: 0, ship: 1 }, RuleError::CannotBoard);
    for unit in 0..3 {
        let events = play(&mut g, Action::BoardShip { unit, ship: 0 });
        assert!(has_event!(events, Event::Boarded { seat: A, ship: 0, .. }));
    }
    refused(&mut g, Action::BoardShip { unit: 3, ship: 0 }, RuleError::CannotBoard);
    assert_eq!((g.knight_count(A), g.knight_units(A).count(), g.knights_aboard(A).count()), (4, 1, 3));
    // Boarding was their move: they sail along at no cost of theirs, and can't leave this turn.
    let to = (sea_within(x, 7) - sea_within(x, 1)).min().expect("a sea hex 2 or more away");
    play(&mut g, Action::SailShip { unit: 0, to });
    assert_eq!(g.unit_actions_used(A, 0), 1, "sailing with the ship costs the knight nothing");
    let land = topo().sea_coast(to).min().unwrap();
    refused(&mut g, Action::MoveKnight { unit: 0, to: land }, RuleError::UnitMoved);
    // Next turn they leave for a land hex beside the ship's sea hex, and nowhere else.
    let mut g = Scenario::from_game(g).turn(A).build().unwrap();
    refused(&mut g, Action::MoveKnight { unit: 0, to: DESERT }, RuleError::CannotLand);
    let events = play(&mut g, Action::MoveKnight { unit: 0, to: land });
    assert!(
        has_event!(events, Event::UnitMoved { seat: A, kind: UnitKind::Knight, unit: 0, from, .. } if *from == to.0)
    );
    assert_eq!(g.knights_aboard(A).count(), 2);
    // A snapshot keeps who is aboard which ship.
    let back = Game::from_snapshot(serde_json::from_str(&serde_json::to_string(&g.snapshot()).unwrap()).unwrap());
    assert_eq!(back.unwrap(), g);
}

fn navy(events: &[Event]) -> Vec<(Option<Seat>, u8)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::HouseAward { award: Award::LargestNavy, holder, points } => Some((holder, points)),
            _ => None,
        })
        .collect()
}

#[test]
fn r54_largest_navy_goes_to_the_most_ships_and_is_set_aside_as_r35() {
    let (x, v) = coast();
    let cost = UnitKind::Ship.cost();
    let mut scn = scenario_with(config()).settlement(A, v).hand(A, cost).rolled();
    scn = scn.ship(A, UnitKind::Ship, x).ship(A, UnitKind::Ship, x);
    let mut g = scn.build().unwrap();
    assert_eq!(g.largest_navy(), None);
    let events = play(&mut g, build(UnitKind::Ship, x));
    assert_eq!(navy(&events), [(Some(A), 3)]);
    assert_eq!(g.public_points(A), 3, "a settlement and the navy's 2 points");
    assert_eq!(events.last().unwrap().describe(&|s| format!("{s}"), None), "player 1 takes Largest Navy (3)");
    // The holder fallen behind, and the lead shared: set aside.
    let mut scn = scenario_with(config()).settlement(D, v).hand(D, cost).turn(D).rolled();
    for _ in 0..3 {
        scn = scn.ship(B, UnitKind::Ship, x).ship(C, UnitKind::Ship, x);
    }
    let mut g = scn.build().unwrap();
    assert_eq!(g.largest_navy(), None, "a shared lead gives it to no one");
    play(&mut g, build(UnitKind::Ship, x));
    assert_eq!(g.largest_navy(), None);
    let g = Scenario::from_game(g).ship(B, UnitKind::Ship, x).build().unwrap();
    assert_eq!(g.largest_navy(), Some(B), "the one leader with 3 or more");
    assert_eq!(g.view(A).largest_navy(), Some(B));
}
