//! The names of the island's parts: land hexes, sea hexes, intersections, paths and sides. How they touch
//! is the [`Topology`](super::Topology) a map builds (`src/engine/map/`).
//!
//! Hexes are pointy-top and laid out in rows (3, 4, 5, 4, 3 for the base island). Every part has
//! exactly one name, a small index, so derived `Eq`, `Ord` and `Hash` are correct:
//!
//! ```text
//!            N                 Corners of a hex, in this order: N, NE, SE, S, SW, NW.
//!       NW /   \ NE            Sides, in this order: NE, E, SE, SW, W, NW
//!         /     \              (side i joins corner i and corner i + 1).
//!      NW|       |NE
//!       W|  hex  |E            Intersections are numbered top to bottom, then left to right;
//!      SW|       |SE           paths by their midpoint in the same order; hexes row by row.
//!         \     /
//!       SW \   / SE
//!            S
//! ```
//!
//! Positions use "doubled" integer coordinates: a hex centre sits at `(x, y)` with `x` stepping
//! by 2 along a row and `y` by 3 from row to row; its corners are at `(x, y-2)`, `(x+1, y-1)`,
//! `(x+1, y+1)`, `(x, y+2)`, `(x-1, y+1)` and `(x-1, y-1)`. A front end can draw from these.

use serde::{Deserialize, Serialize};

/// One land hex, numbered row by row from the top, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hex(pub u8);

/// One sea hex, numbered apart from the land hexes (R51), row by row from the top, left to
/// right: a land hex keeps its number whether or not the sea is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeaHex(pub u8);

/// One intersection (where settlements and cities stand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Vertex(pub u8);

/// One path (where roads stand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Edge(pub u8);

impl Hex {
    /// Index for arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl SeaHex {
    /// Index for arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl Vertex {
    /// Index for arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// This intersection's bit in a raw `u128` mask, for the bots' own arithmetic (the
    /// engine's API speaks [`IntersectionSet`](super::IntersectionSet)).
    pub(crate) fn bit(self) -> u128 {
        1u128 << self.0
    }
}
impl Edge {
    /// Index for arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// This path's bit in a raw `u128` mask, for the bots' own arithmetic (the engine's API
    /// speaks [`PathSet`](super::PathSet)).
    pub(crate) fn bit(self) -> u128 {
        1u128 << self.0
    }
}

/// A side of a hex, clockwise from the upper right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    NE,
    E,
    SE,
    SW,
    W,
    NW,
}

impl Side {
    /// All six sides in clockwise order from the upper right.
    pub const ALL: [Side; 6] = [Side::NE, Side::E, Side::SE, Side::SW, Side::W, Side::NW];
}

/// A coastal spot where a harbor lies: a sea-facing side of one hex and its two intersections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HarborSpot {
    /// The coastal hex.
    pub hex: Hex,
    /// The sea hex the harbor lies on (where a ship may use it, R53).
    pub sea: SeaHex,
    /// Which of its sides faces the harbor.
    pub side: Side,
    /// The path along that side.
    pub edge: Edge,
    /// The two intersections that use the harbor.
    pub vertices: [Vertex; 2],
}
