//! Shared fixtures for the rules tests (tests/rules/): the beginner board (R7, so every hex is
//! known), readable coordinates, and assertions that a refused action leaves the game untouched.

use catan::engine::{
    Action, BoardKind, Config, Edge, Event, Game, Hand, Hex, MapId, RuleError, Scenario, Seat, Side, Topology, Vertex,
};

// Corners of a hex, in the engine's order (see the diagram in src/engine/coords.rs).
pub const N: usize = 0;
pub const NE: usize = 1;
pub const SE: usize = 2;
pub const S: usize = 3;
pub const SW: usize = 4;
pub const NW: usize = 5;

// Seats by name, so scenarios read as "A builds, B is robbed".
pub const A: Seat = Seat(0);
pub const B: Seat = Seat(1);
pub const C: Seat = Seat(2);
pub const D: Seat = Seat(3);

// Hexes of the beginner board (R7), rows of 3, 4, 5, 4, 3 numbered left to right.
/// Row 1: mountains 10, pasture 2, forest 9.
pub const MOUNTAINS_10: Hex = Hex(0);
pub const PASTURE_2: Hex = Hex(1);
pub const FOREST_9: Hex = Hex(2);
/// Row 2: fields 12, hills 6, pasture 4, hills 10.
pub const FIELDS_12: Hex = Hex(3);
pub const HILLS_6: Hex = Hex(4);
pub const PASTURE_4: Hex = Hex(5);
pub const HILLS_10: Hex = Hex(6);
/// Row 3: fields 9, forest 11, desert, forest 3, mountains 8.
pub const FIELDS_9: Hex = Hex(7);
pub const FOREST_11: Hex = Hex(8);
pub const DESERT: Hex = Hex(9);
pub const FOREST_3: Hex = Hex(10);
pub const MOUNTAINS_8: Hex = Hex(11);
/// Row 4: forest 8, mountains 3, fields 4, pasture 5.
pub const FOREST_8: Hex = Hex(12);
pub const MOUNTAINS_3: Hex = Hex(13);
pub const FIELDS_4: Hex = Hex(14);
pub const PASTURE_5: Hex = Hex(15);
/// Row 5: hills 5, fields 6, pasture 11.
pub const HILLS_5: Hex = Hex(16);
pub const FIELDS_6: Hex = Hex(17);
pub const PASTURE_11: Hex = Hex(18);

/// The island's geometry.
pub fn topo() -> &'static Topology {
    MapId::Standard.topology()
}

/// A corner of a hex (`N`, `NE`, ... `NW`).
pub fn corner(h: Hex, c: usize) -> Vertex {
    topo().hex_vertices(h)[c]
}

/// A side of a hex.
pub fn side(h: Hex, s: Side) -> Edge {
    let i = Side::ALL.iter().position(|&x| x == s).expect("a side");
    topo().hex_edges(h)[i]
}

/// The paths of a trail through consecutive neighbouring intersections.
pub fn trail(vs: &[Vertex]) -> Vec<Edge> {
    vs.windows(2)
        .map(|w| {
            topo().edge_between(w[0], w[1]).unwrap_or_else(|| panic!("{:?} and {:?} are not neighbours", w[0], w[1]))
        })
        .collect()
}

/// Test-only conveniences on the engine's scenario builder.
pub trait ScenarioExt {
    /// Roads of `s` on every path of a trail through the given intersections.
    fn roads(self, s: Seat, vs: &[Vertex]) -> Self;
}

impl ScenarioExt for Scenario {
    fn roads(mut self, s: Seat, vs: &[Vertex]) -> Scenario {
        for e in trail(vs) {
            self = self.road(s, e);
        }
        self
    }
}

/// The default rules on the beginner board.
pub fn beginner() -> Config {
    Config { board: BoardKind::Beginner, ..Config::default() }
}

/// A scenario on the beginner board, turn 1 of player A waiting for the roll, robber on the desert.
pub fn scenario() -> Scenario {
    Scenario::new(beginner(), 1).turn(A)
}

/// A scenario on the beginner board with other rules.
pub fn scenario_with(config: Config) -> Scenario {
    Scenario::new(Config { board: BoardKind::Beginner, ..config }, 1).turn(A)
}

/// Plays an action that must be legal; it must also be listed by `legal_actions` unless it is
/// an open-ended trade offer or counter-offer.
#[track_caller]
pub fn play(game: &mut Game, action: Action) -> Vec<Event> {
    let listed = game.legal_actions().contains(&action);
    let open_ended = matches!(action, Action::OfferTrade { .. } | Action::CounterTrade { .. });
    assert!(listed || open_ended, "{action:?} is not among the legal actions {:?}", game.legal_actions());
    game.apply(action).unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

/// Asserts that `action` is refused with `expected`, not listed as legal, and leaves the game as
/// it was.
#[track_caller]
pub fn refused(game: &mut Game, action: Action, expected: RuleError) {
    let before = *game;
    assert_eq!(game.check(action), Err(expected.clone()), "check({action:?})");
    assert!(!game.legal_actions().contains(&action), "{action:?} is listed as legal");
    assert_eq!(game.apply(action), Err(expected), "apply({action:?})");
    assert_eq!(*game, before, "a refused {action:?} changed the game");
}

/// A hand from counts in resource order: brick, lumber, wool, grain, ore.
pub fn hand(brick: u8, lumber: u8, wool: u8, grain: u8, ore: u8) -> Hand {
    Hand::new([brick, lumber, wool, grain, ore])
}

/// True when the events hold one matching the pattern.
#[macro_export]
macro_rules! has_event {
    ($events:expr, $pat:pat $(if $guard:expr)?) => {
        $events.iter().any(|e| matches!(e, $pat $(if $guard)?))
    };
}
