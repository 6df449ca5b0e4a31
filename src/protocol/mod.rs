//! The seat protocol: how a program plays a seat of `catan`, and how `catan seat` lets any
//! program use our bots (issue 50; docs/protocol.md is the specification, this is its code).
//!
//! JSON lines over the program's standard input and output. The game speaks first (`hello`,
//! the versions it speaks), the program answers with its name and the version it chose
//! (`hello`), the game sends the seat, the names, the rules, the island's map and the time a
//! decision may take (`start`), then, each time the seat must decide, its view, the legal moves
//! and what the seat saw happen since (`decide`); the program answers with one move (`move`).
//! At the end the game says `end` and closes the program's input.
//!
//! The shapes on the wire are this module's own ([`action::WireAction`], [`view::WireView`],
//! [`WireMap`]), converted from the engine's types here and nowhere else; the leaf words
//! (resource, terrain, development card and unit names, the rules object) are those of the save
//! format (docs/save-format.md), which does not change with the engine's insides either.
//!
//! - [`program`]: a program as a seat ([`ProgramBot`], a [`crate::bots::Bot`]): started with
//!   no shell, in its own process group, every line and byte and second bounded, stopped and
//!   replaced by a medium bot when it misbehaves.
//! - [`seat`]: the program side, `catan seat --level LEVEL`.

pub mod action;
#[cfg(unix)]
mod child;
pub mod program;
pub mod seat;
pub mod view;

use serde::{Deserialize, Serialize};

pub use action::{Cards, WireAction};
pub use program::{ProgramBot, ProgramSpec};
pub use view::WireView;

use crate::engine::{Config, Topology};

/// The protocol's name in the handshake.
pub const PROTOCOL: &str = "catan-seat";
/// The protocol version this build speaks (the only one so far).
pub const VERSION: u32 = 1;

/// The longest line a program may write (bytes, the newline included): a move is a few
/// dozen bytes, a hello a few hundred.
pub const MAX_PROGRAM_LINE: usize = 16 * 1024;
/// The most a program may write in one game, all lines together.
pub const MAX_PROGRAM_BYTES: u64 = 8 * 1024 * 1024;
/// The longest line `catan seat` reads from the game (a view and a long list of moves).
pub const MAX_GAME_LINE: usize = 4 * 1024 * 1024;

/// A message from the game to the program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToProgram {
    /// First: the protocol and the versions the game speaks.
    Hello { protocol: String, versions: Vec<u32>, game: String },
    /// After the program's hello: what it plays.
    Start {
        version: u32,
        /// The program's seat, from 0.
        seat: u8,
        /// Every seat's name, in seat order.
        names: Vec<String>,
        /// The most time one decision may take, in milliseconds (from `decide` sent to `move`
        /// read).
        time_ms: u64,
        /// The rules in play, as save files write them (docs/save-format.md).
        rules: Config,
        /// The island's parts and how they touch.
        map: WireMap,
    },
    /// The seat must decide: answer with one `move` carrying this `id`.
    Decide {
        id: u64,
        view: Box<WireView>,
        /// The legal moves; answer with an index into this list, or an action.
        legal: Vec<WireAction>,
        /// What the seat saw happen since its last decision, as its screen's log says it.
        events: Vec<String>,
    },
    /// The game is over for this program (won, lost, left or stopped): what it saw last,
    /// then its input closes.
    End { events: Vec<String> },
}

/// A message from the program to the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum FromProgram {
    /// The answer to the game's hello: the program's name and the version it speaks.
    Hello { name: String, version: u32 },
    /// A move: `index` into the `decide` message's `legal` list, or `action` (any legal
    /// action, a counter-offer among them), or both (then they must agree).
    Move {
        id: u64,
        #[serde(default)]
        index: Option<usize>,
        #[serde(default)]
        action: Option<WireAction>,
    },
}

/// The island's geometry, numbered as the view and the actions number its parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireMap {
    /// The map's name (`"standard"`, `"five-six"`, ...).
    pub name: String,
    /// Per land hex: its six intersections and six paths, and the land hexes beside it.
    pub hexes: Vec<WireHex>,
    /// Per intersection: the land hexes, intersections and paths that touch it.
    pub intersections: Vec<WireIntersection>,
    /// Per path: its two intersections.
    pub paths: Vec<[u8; 2]>,
    /// Per harbor spot (the view's `board.harbors` in the same order): its two intersections.
    pub harbors: Vec<[u8; 2]>,
    /// Per sea hex: the intersections on its coast and the sea hexes beside it.
    pub sea: Vec<WireSea>,
}

/// A land hex's parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireHex {
    pub corners: [u8; 6],
    pub paths: [u8; 6],
    pub neighbours: Vec<u8>,
}

/// What touches an intersection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireIntersection {
    pub hexes: Vec<u8>,
    pub neighbours: Vec<u8>,
    pub paths: Vec<u8>,
}

/// A sea hex's coast and neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireSea {
    pub corners: Vec<u8>,
    pub neighbours: Vec<u8>,
}

impl WireMap {
    /// The wire form of an island's geometry.
    pub fn of(topo: &Topology) -> WireMap {
        WireMap {
            name: topo.name().to_string(),
            hexes: topo
                .hexes()
                .map(|h| WireHex {
                    corners: topo.hex_vertices(h).map(|v| v.0),
                    paths: topo.hex_edges(h).map(|e| e.0),
                    neighbours: topo.hex_neighbors(h).iter().map(|n| n.0).collect(),
                })
                .collect(),
            intersections: topo
                .vertices()
                .map(|v| WireIntersection {
                    hexes: topo.vertex_hexes(v).iter().map(|h| h.0).collect(),
                    neighbours: topo.vertex_neighbors(v).iter().map(|n| n.0).collect(),
                    paths: topo.vertex_edges(v).iter().map(|e| e.0).collect(),
                })
                .collect(),
            paths: topo.edges().map(|e| topo.edge_vertices(e).map(|v| v.0)).collect(),
            harbors: topo.harbor_spots().iter().map(|s| s.vertices.map(|v| v.0)).collect(),
            sea: topo
                .sea_hexes()
                .map(|s| WireSea {
                    corners: topo.sea_corners(s).iter().map(|v| v.0).collect(),
                    neighbours: topo.sea_neighbors(s).iter().map(|n| n.0).collect(),
                })
                .collect(),
        }
    }
}

/// Kills every program seat still running: called as `catan` exits, so that a program deciding
/// on a thread nobody waits for (the game quit meanwhile) does not outlive it.
pub fn stop_all_programs() {
    #[cfg(unix)]
    child::stop_all();
}

/// One line of JSON, newline-terminated.
pub fn line<T: Serialize>(message: &T) -> String {
    let mut text = serde_json::to_string(message).expect("protocol messages serialize");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests;
