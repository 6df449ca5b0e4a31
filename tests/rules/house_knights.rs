//! R52 knights: knight, archer and cavalry units on land hexes, 6 a player; built after the
//! roll beside one's buildings, 1 a turn, never in the Special Building Phase; 2 actions a
//! turn of different kinds; 1 step or 2 along one's roads (cavalry 3, or 4 along roads);
//! settling on a knight's hex without a road; no knight cards; Largest Army by units (R35);
//! and the dragon's fight (R43).

use crate::support::board::*;
use catan::bots::SplitMix64;
use catan::engine::{
    Action, Award, Config, DevCard, Edge, Event, Game, Hand, Hex, HexSet, Module, Modules, Phase, Piece, RuleError,
    Scenario, Seat, UnitKind,
};

fn config() -> Config {
    Config::default().with_modules(Modules::NONE.with(Module::Knights))
}

const KNIGHT: Hand = UnitKind::Knight.cost();

fn build(kind: UnitKind, hex: Hex) -> Action {
    Action::BuildKnight { kind, hex }
}

fn walk(unit: u8, to: Hex) -> Action {
    Action::MoveKnight { unit, to }
}

/// The path two adjacent land hexes share.
fn shared(a: Hex, b: Hex) -> Edge {
    let t = topo();
    t.hex_edges(a).into_iter().find(|e| t.hex_edges(b).contains(e)).expect("adjacent hexes")
}

/// Land hexes by their distance in steps from `from`.
fn distances(from: Hex) -> Vec<u8> {
    let t = topo();
    let mut d = vec![u8::MAX; t.num_hexes()];
    d[from.index()] = 0;
    let mut todo = vec![from];
    while !todo.is_empty() {
        let mut next = Vec::new();
        for h in todo {
            for &n in t.hex_neighbors(h) {
                if d[n.index()] == u8::MAX {
                    d[n.index()] = d[h.index()] + 1;
                    next.push(n);
                }
            }
        }
        todo = next;
    }
    d
}

/// A shortest walk of hexes from `from` to `to`, both included.
fn path(from: Hex, to: Hex) -> Vec<Hex> {
    let d = distances(to);
    let mut out = vec![from];
    while *out.last().unwrap() != to {
        let h = *out.last().unwrap();
        let next = topo().hex_neighbors(h).iter().copied().find(|n| d[n.index()] + 1 == d[h.index()]).unwrap();
        out.push(next);
    }
    out
}

/// The hexes the legal actions let unit `unit` move to.
fn moves(g: &Game, unit: u8) -> HexSet {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::MoveKnight { unit: u, to } if u == unit => Some(to),
            _ => None,
        })
        .collect()
}

/// Hexes within `n` steps of `from`, `from` left out.
fn within(from: Hex, n: u8) -> HexSet {
    let d = distances(from);
    topo().hexes().filter(|h| (1..=n).contains(&d[h.index()])).collect()
}

#[test]
fn r52_a_knight_unit_is_built_after_the_roll_on_a_hex_touching_ones_building() {
    let home = corner(HILLS_6, N);
    let mut g = scenario_with(config()).settlement(A, home).hand(A, KNIGHT).build().unwrap();
    refused(&mut g, build(UnitKind::Knight, HILLS_6), RuleError::NotNow("roll the dice first"));
    let mut g = scenario_with(config()).settlement(A, home).hand(A, KNIGHT).rolled().build().unwrap();
    refused(&mut g, build(UnitKind::Knight, DESERT), RuleError::KnightSite);
    let events = play(&mut g, build(UnitKind::Knight, HILLS_6));
    assert!(has_event!(events, Event::UnitBuilt { seat: A, kind: UnitKind::Knight, unit: 0, at } if *at == HILLS_6.0));
    assert_eq!(events[0].describe(&|s| format!("{s}"), None), "player 1 builds a knight");
    assert_eq!(g.knight_units(A).collect::<Vec<_>>(), [(0, UnitKind::Knight, HILLS_6)]);
    assert_eq!((g.view(A).hand(), g.bank()), (Hand::EMPTY, Hand::uniform(19)), "paid to the bank");
    assert_eq!(g.units_built_this_turn(), 1);
}

#[test]
fn r52_costs_are_the_seeds_table_with_or_without_seed_costs() {
    assert_eq!(UnitKind::Knight.cost(), hand(0, 0, 1, 0, 1));
    assert_eq!(UnitKind::Archer.cost(), hand(0, 1, 1, 0, 1));
    assert_eq!(UnitKind::Cavalry.cost(), hand(0, 0, 1, 1, 1));
    for modules in [Modules::NONE, Modules::NONE.with(Module::SeedCosts)] {
        let config = Config::default().with_modules(modules.with(Module::Knights));
        let short = hand(0, 0, 1, 0, 1);
        let mut g = scenario_with(config).settlement(A, corner(HILLS_6, N)).hand(A, short).rolled().build().unwrap();
        let cost = UnitKind::Cavalry.cost();
        refused(&mut g, build(UnitKind::Cavalry, HILLS_6), RuleError::CannotAfford { what: "cavalry", cost });
        play(&mut g, build(UnitKind::Knight, HILLS_6));
    }
}

#[test]
fn r52_the_module_off_refuses_units() {
    let mut g = scenario().settlement(A, corner(HILLS_6, N)).hand(A, KNIGHT).rolled().build().unwrap();
    refused(&mut g, build(UnitKind::Knight, HILLS_6), RuleError::ModuleOff("knights"));
    refused(&mut g, walk(0, HILLS_6), RuleError::ModuleOff("knights"));
}

#[test]
fn r52_one_unit_a_turn() {
    let mut g = scenario_with(config())
        .settlement(A, corner(HILLS_6, N))
        .hand(A, hand(0, 0, 2, 0, 2))
        .rolled()
        .build()
        .unwrap();
    play(&mut g, build(UnitKind::Knight, HILLS_6));
    refused(&mut g, build(UnitKind::Knight, HILLS_6), RuleError::UnitsThisTurn(1));
}

#[test]
fn r52_seven_units_refused() {
    let mut scn = scenario_with(config()).settlement(A, corner(HILLS_6, N)).hand(A, KNIGHT).rolled();
    for _ in 0..6 {
        scn = scn.unit(A, UnitKind::Knight, HILLS_6);
    }
    let mut g = scn.build().unwrap();
    assert_eq!(g.knight_count(A), 6);
    refused(&mut g, build(UnitKind::Knight, HILLS_6), RuleError::NoUnitsLeft("knight"));
}

#[test]
fn r52_no_unit_in_the_special_building_phase() {
    let config = Config::with_players(5).with_modules(Modules::NONE.with(Module::Knights));
    let home = topo_of(&config).hex_vertices(Hex(4))[0];
    let mut g = Scenario::new(config, 1).turn(A).settlement(B, home).hand(B, KNIGHT).rolled().build().unwrap();
    play(&mut g, Action::EndTurn);
    assert_eq!(g.phase(), Phase::SpecialBuilding { seat: B });
    let no = RuleError::NotNow("no unit is built in the special building phase (R52)");
    refused(&mut g, build(UnitKind::Knight, Hex(4)), no);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::BuildKnight { .. } | Action::MoveKnight { .. })));
}

fn topo_of(config: &Config) -> &'static catan::engine::Topology {
    config.map.topology()
}

#[test]
fn r52_a_unit_built_this_turn_has_one_action_left() {
    let mut g = scenario_with(config()).settlement(A, corner(HILLS_6, N)).hand(A, KNIGHT).rolled().build().unwrap();
    play(&mut g, build(UnitKind::Knight, HILLS_6));
    assert_eq!(g.unit_actions_used(A, 0), 1);
    let to = topo().hex_neighbors(HILLS_6)[0];
    play(&mut g, walk(0, to));
    assert_eq!(g.unit_actions_used(A, 0), 2);
    assert_eq!(g.view(B).unit_actions_used(A, 0), 2, "a unit laid on its side is public");
    refused(&mut g, walk(0, HILLS_6), RuleError::UnitMoved);
}

#[test]
fn r52_two_actions_of_the_same_kind_refused() {
    let mut g = scenario_with(config()).unit(A, UnitKind::Cavalry, DESERT).rolled().build().unwrap();
    play(&mut g, walk(0, HILLS_6));
    refused(&mut g, walk(0, DESERT), RuleError::UnitMoved);
    assert_eq!(moves(&g, 0), HexSet::EMPTY);
}

#[test]
fn r52_units_act_before_the_roll_and_their_actions_reset_when_the_turn_ends() {
    let mut g = scenario_with(config()).unit(A, UnitKind::Knight, DESERT).build().unwrap();
    assert_eq!(g.phase(), Phase::Roll);
    play(&mut g, walk(0, HILLS_6));
    let mut g = Scenario::from_game(g).rolled().build().unwrap();
    play(&mut g, Action::EndTurn);
    assert_eq!(g.unit_actions_used(A, 0), 0);
    assert!(g.snapshot().turn.units.is_empty(), "a new turn starts afresh");
    let mut g = Scenario::from_game(g).turn(A).build().unwrap();
    play(&mut g, walk(0, DESERT));
    // Another player's units never act in this turn.
    let mut g = scenario_with(config()).unit(B, UnitKind::Knight, DESERT).build().unwrap();
    refused(&mut g, walk(0, HILLS_6), RuleError::NoSuchUnit(0));
}

#[test]
fn r52_a_knight_moves_one_step_or_two_along_its_roads() {
    let from = MOUNTAINS_10;
    let mut g = scenario_with(config()).unit(A, UnitKind::Archer, from).build().unwrap();
    assert_eq!(moves(&g, 0), within(from, 1), "one step anywhere");
    let far = topo().hexes().find(|h| distances(from)[h.index()] == 2).unwrap();
    refused(&mut g, walk(0, far), RuleError::UnitCantReach(UnitKind::Archer));
    // Roads on both paths crossed: two steps. One road only: still one step.
    let way = path(from, far);
    let (first, second) = (shared(way[0], way[1]), shared(way[1], way[2]));
    let g1 = scenario_with(config()).unit(A, UnitKind::Archer, from).road(A, first).build().unwrap();
    assert_eq!(moves(&g1, 0), within(from, 1));
    let mut g2 =
        scenario_with(config()).unit(A, UnitKind::Archer, from).road(A, first).road(A, second).build().unwrap();
    assert_eq!(moves(&g2, 0), within(from, 1).with(far));
    // An opponent's roads don't carry the knight.
    let g3 = scenario_with(config()).unit(A, UnitKind::Knight, from).road(B, first).road(B, second).build().unwrap();
    assert_eq!(moves(&g3, 0), within(from, 1));
    let events = play(&mut g2, walk(0, far));
    assert!(has_event!(events, Event::UnitMoved { seat: A, kind: UnitKind::Archer, unit: 0, .. }));
    assert_eq!(g2.knight_units(A).next(), Some((0, UnitKind::Archer, far)));
}

#[test]
fn r52_a_cavalrys_fourth_step_only_along_its_roads() {
    let from = MOUNTAINS_10;
    let d = distances(from);
    let far = topo().hexes().find(|h| d[h.index()] == 4).expect("a hex 4 steps away");
    let mut g = scenario_with(config()).unit(A, UnitKind::Cavalry, from).build().unwrap();
    assert_eq!(moves(&g, 0), within(from, 3), "up to 3 steps anywhere");
    refused(&mut g, walk(0, far), RuleError::UnitCantReach(UnitKind::Cavalry));
    let way = path(from, far);
    let roads: Vec<Edge> = way.windows(2).map(|w| shared(w[0], w[1])).collect();
    // Three of the four paths crossed hold its roads: not enough.
    let mut three = scenario_with(config()).unit(A, UnitKind::Cavalry, from);
    for &e in &roads[..3] {
        three = three.road(A, e);
    }
    let mut g = three.build().unwrap();
    refused(&mut g, walk(0, far), RuleError::UnitCantReach(UnitKind::Cavalry));
    let mut four = scenario_with(config()).unit(A, UnitKind::Cavalry, from);
    for &e in &roads {
        four = four.road(A, e);
    }
    let mut g = four.build().unwrap();
    play(&mut g, walk(0, far));
}

#[test]
fn r52_a_settlement_on_a_knights_hex_corner_without_a_road_but_with_the_distance_rule() {
    let mut g = scenario_with(config())
        .unit(A, UnitKind::Knight, PASTURE_4)
        .settlement(B, corner(PASTURE_4, N))
        .hand(A, Hand::SETTLEMENT)
        .rolled()
        .build()
        .unwrap();
    refused(&mut g, Action::BuildSettlement(corner(PASTURE_4, NE)), RuleError::DistanceRule);
    refused(&mut g, Action::BuildSettlement(corner(FIELDS_6, S)), RuleError::SettlementNotConnected);
    let events = play(&mut g, Action::BuildSettlement(corner(PASTURE_4, S)));
    assert!(has_event!(events, Event::Built { seat: A, piece: Piece::Settlement, .. }));
}

#[test]
fn r52_the_deck_has_no_knight_cards() {
    let four = config();
    assert_eq!((four.deck[DevCard::Knight], four.deck.total()), (0, 11));
    assert_eq!(Game::new(four, 1).unwrap().deck_len(), 11);
    let six = Config::with_players(6).with_modules(Modules::NONE.with(Module::Knights));
    assert_eq!((six.deck[DevCard::Knight], six.deck.total()), (0, 14));
    // A configuration made by hand still deals no knight card.
    let by_hand = Config { modules: Modules::NONE.with(Module::Knights), ..Config::default() };
    assert_eq!(Game::new(by_hand, 1).unwrap().deck_len(), 11);
}

fn army(events: &[Event]) -> Vec<(Option<Seat>, u8)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::HouseAward { award: Award::LargestArmy, holder, points } => Some((holder, points)),
            _ => None,
        })
        .collect()
}

#[test]
fn r52_largest_army_goes_to_the_most_knight_units_and_is_set_aside_as_r35() {
    let home = corner(HILLS_6, N);
    // The third unit on the board takes it.
    let mut scn = scenario_with(config()).settlement(A, home).hand(A, KNIGHT).rolled();
    scn = scn.unit(A, UnitKind::Knight, DESERT).unit(A, UnitKind::Archer, DESERT);
    let mut g = scn.build().unwrap();
    assert_eq!(g.largest_army(), None);
    let events = play(&mut g, build(UnitKind::Knight, HILLS_6));
    assert_eq!(army(&events), [(Some(A), 3)]);
    assert_eq!(g.public_points(A), 3);
    // A tie leaves it with the holder; strictly more takes it.
    let mut scn = scenario_with(config()).largest_army(Some(A)).settlement(B, home).hand(B, KNIGHT).turn(B).rolled();
    for _ in 0..3 {
        scn = scn.unit(A, UnitKind::Knight, DESERT).unit(B, UnitKind::Knight, DESERT);
    }
    let mut g = scn.build().unwrap();
    assert_eq!(g.largest_army(), Some(A));
    let events = play(&mut g, build(UnitKind::Knight, HILLS_6));
    assert_eq!(army(&events), [(Some(B), 4)]);
    // The holder fallen behind, and the lead shared: set aside.
    let mut scn = scenario_with(config()).largest_army(Some(A)).settlement(D, home).hand(D, KNIGHT).turn(D).rolled();
    scn = scn.unit(A, UnitKind::Knight, DESERT).unit(A, UnitKind::Knight, DESERT);
    for _ in 0..3 {
        scn = scn.unit(B, UnitKind::Knight, DESERT).unit(C, UnitKind::Cavalry, DESERT);
    }
    let mut g = scn.build().unwrap();
    let events = play(&mut g, build(UnitKind::Knight, HILLS_6));
    assert_eq!(army(&events), [(None, 3)]);
    assert_eq!(g.largest_army(), None);
    assert_eq!(events.last().unwrap().describe(&|s| format!("{s}"), None), "Largest Army is set aside");
}

#[test]
fn r52_units_are_public_and_determinize_keeps_them() {
    let g =
        scenario_with(config()).unit(A, UnitKind::Cavalry, DESERT).unit(B, UnitKind::Archer, HILLS_6).build().unwrap();
    for seat in [A, B, C] {
        let view = g.view(seat);
        assert_eq!(view.knight_units(A).collect::<Vec<_>>(), [(0, UnitKind::Cavalry, DESERT)]);
        assert_eq!(view.knight_count(B), 1);
        let d = view.determinize(&mut SplitMix64::new(3));
        assert_eq!(d.knight_units(B).collect::<Vec<_>>(), [(0, UnitKind::Archer, HILLS_6)]);
        assert_eq!(d.view(seat).snapshot(), view.snapshot());
    }
}

#[test]
fn r52_a_snapshot_holds_units_and_their_used_actions() {
    let mut g = scenario_with(config()).settlement(A, corner(HILLS_6, N)).hand(A, KNIGHT).rolled().build().unwrap();
    play(&mut g, build(UnitKind::Knight, HILLS_6));
    let snap = g.snapshot();
    assert_eq!(snap.players[0].units.len(), 1);
    let json = serde_json::to_string(&snap).unwrap();
    assert!(json.contains(r#""units":[{"slot":0,"kind":"knight","hex":4}]"#), "{json}");
    let back = Game::from_snapshot(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.unit_actions_used(A, 0), 1);
    // Without units nothing is written: older saves read and write as they did.
    let plain = scenario_with(config()).build().unwrap().snapshot();
    assert!(!serde_json::to_string(&plain).unwrap().contains("units"));
}

/// R43 with R52: B's knight unit beside the building the dragon picks makes B fight; a higher
/// die for B saves it, no knight is lost either way. The unit also breaks the leaders' tie.
#[test]
fn r43_r52_a_knight_beside_the_attacked_building_fights_the_dragon() {
    let modules = Modules::NONE.with(Module::Gold).with(Module::Dragon).with(Module::Knights);
    let config = Config::default().with_modules(modules);
    let city = corner(HILLS_6, S);
    let mut fought = [0; 2];
    for (guard, seen) in [(HILLS_6, true), (PASTURE_11, false)] {
        for gold in 5..=6 {
            // A's city on the gold 9 pays the 7th gold; A and B tie on points, B's unit and
            // cards (4) beat A's 2 gold.
            let scn = scenario_with(config).city(A, corner(FOREST_9, N)).city(B, city).unit(B, UnitKind::Knight, guard);
            let scn = scn.hand(B, hand(1, 1, 1, 0, 0));
            let mut g = scn.dragon_gold(gold).next_roll(9).build().unwrap();
            let events = play(&mut g, Action::RollDice);
            let fight = events.iter().find_map(|e| match *e {
                Event::DragonFought { seat, at, die, dragon } => Some((seat, at, die, dragon)),
                _ => None,
            });
            let attacked = has_event!(events, Event::DragonAttacked { seat: B, .. });
            assert_eq!(fight.is_some(), seen, "{events:?}");
            match fight {
                Some((seat, at, die, dragon)) => {
                    assert_eq!((seat, at), (B, city.0));
                    assert_ne!(die, dragon, "ties are rolled again");
                    assert_eq!(attacked, die < dragon, "a higher die saves the building");
                    assert_eq!(g.building(city).is_some_and(|(_, p)| p == Piece::City), die > dragon);
                    fought[(die > dragon) as usize] += 1;
                }
                None => assert!(attacked),
            }
            assert_eq!(g.knight_count(B), 1, "no knight is lost");
        }
    }
    assert!(fought.iter().sum::<i32>() >= 2, "{fought:?}");
}
