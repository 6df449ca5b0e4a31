//! The pure rules engine: no terminal, files or clock. Everything random comes from the one
//! seeded RNG inside [`Game`], so a seed and a list of actions replay a game exactly.

mod action;
mod board;
mod board_code;
mod cards;
mod config;
mod coords;
mod determinize;
mod game;
#[cfg(test)]
mod layers;
mod map;
mod module;
mod rng;
mod rules;
mod scenario;
mod sets;
mod sink;
mod snapshot;
mod terrain;
mod validate;
mod view;

pub use action::{
    Action, Answer, Award, Event, FightResult, MAX_PLAYERS, Piece, Revealed, RuleError, Seat, SeatSet, Target,
    UnitKind, a_or_an,
};
pub use board::{Board, BoardKind};
pub use board_code::{BoardCode, BoardCodeError};
pub use cards::{Deck, DevCard, DevHand, Hand, Resource};
pub use config::{Config, ConfigError, Costs, Module, Modules, Shortage, Supply, TurnStyle};
pub use coords::{Edge, HarborSpot, Hex, SeaHex, Side, Vertex};
pub use game::{Game, Phase};
pub use map::{MAX_HARBORS, MAX_HEXES, MAX_SEA_HEXES, MapError, MapId, MapSpec, Topology};
pub use module::{Group, ModuleRow, Page, TABLE, UNITS_PAGE, WAR_PAGE};
pub use rng::GameRng;
pub use rules::{
    ARMY_MIN, AttackOrder, CARGO_ROOM, DRAGON_GOLD, DiceStack, GOLD_PRICE, HARBOR_MASTER_MIN, House, METROPOLIS_MIN,
    NAVY_MIN, ROAD_MIN, SHIP_SLOT, UNITS, Unit, UnitTurn, Units, WarTurn, longest_trail, win_chance,
};
pub use scenario::Scenario;
pub use sets::{HexSet, IntersectionSet, PathSet, SeaSet};
pub use sink::{ACTION_BOUND, ActionList, ActionSink, EventSink, MAX_ACTIONS, NoEvents};
pub use snapshot::{BoardSnapshot, PlayerSnapshot, RngSnapshot, Snapshot, SnapshotError, TurnSnapshot, UnitSnapshot};
pub use terrain::{HarborKind, Terrain};
pub use view::{PlayerView, PublicPlayer, ViewSnapshot};
