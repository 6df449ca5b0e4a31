//! Where the units of R52 and R53 stand, and what they did this turn: the state the unit
//! modules keep, one byte a unit, so that a game stays one small `Copy` (six players' six
//! knight units and six ships are 72 bytes).
//!
//! A unit is a [`Unit`]: 0 for an empty slot; otherwise its kind in the top two bits (1 to 3:
//! knight, archer, cavalry among knight units; ship, war ship, cargo ship among ships) and its
//! place in the low six: a knight unit's land hex (below 32), or 32 + the slot of the owner's
//! cargo ship it is aboard; a ship's sea hex. Each player has [`UNITS`] slots of each, filled
//! lowest first; a unit keeps its slot while it stands, and actions name it by slot. What the
//! acting player's units did this turn is a [`UnitTurn`] in the turn's facts (a new turn starts
//! it afresh: "used actions reset when the turn ends", R52).

use serde::{Deserialize, Serialize};

use crate::engine::action::{MAX_PLAYERS, Seat, UnitKind};
use crate::engine::coords::{Hex, SeaHex};

pub use crate::engine::module::UNITS;

/// The bit of a ship's slot in [`UnitTurn`]: knight units take bits 0 to 5, ships 8 to 13.
pub const SHIP_SLOT: u8 = 8;

/// Where a knight unit aboard a cargo ship has its place: 32 + the ship's slot.
const ABOARD: u8 = 32;

/// One unit slot: empty, or a unit's kind and place (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Unit(u8);

impl Unit {
    /// A unit of `kind` at place `at` (a land hex for a knight unit, a sea hex for a ship).
    #[inline]
    pub(crate) const fn new(kind: UnitKind, at: u8) -> Unit {
        Unit(((kind as u8 % 3 + 1) << 6) | (at & 63))
    }
    /// A knight unit of `kind` aboard the cargo ship in slot `ship`.
    #[inline]
    pub(crate) const fn aboard_ship(kind: UnitKind, ship: u8) -> Unit {
        Unit::new(kind, ABOARD + ship)
    }
    /// True for an empty slot.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The kind of a knight unit (`None` for an empty slot).
    #[inline]
    pub const fn kind(self) -> Option<UnitKind> {
        match self.0 >> 6 {
            1 => Some(UnitKind::Knight),
            2 => Some(UnitKind::Archer),
            3 => Some(UnitKind::Cavalry),
            _ => None,
        }
    }
    /// The kind of a ship (`None` for an empty slot).
    #[inline]
    pub const fn ship_kind(self) -> Option<UnitKind> {
        match self.0 >> 6 {
            1 => Some(UnitKind::Ship),
            2 => Some(UnitKind::WarShip),
            3 => Some(UnitKind::CargoShip),
            _ => None,
        }
    }
    /// The unit's place: a knight unit's land hex or 32 + its ship's slot; a ship's sea hex.
    #[inline(always)]
    pub const fn place(self) -> u8 {
        self.0 & 63
    }
    /// The land hex a knight unit stands on (`None` aboard a ship or for an empty slot).
    #[inline(always)]
    pub const fn land(self) -> Option<Hex> {
        if self.is_empty() || self.place() >= ABOARD { None } else { Some(Hex(self.place())) }
    }
    /// The slot of the cargo ship a knight unit is aboard.
    #[inline(always)]
    pub const fn aboard(self) -> Option<u8> {
        if self.is_empty() || self.place() < ABOARD { None } else { Some(self.place() - ABOARD) }
    }
    /// The sea hex a ship is on.
    #[inline(always)]
    pub const fn sea(self) -> SeaHex {
        SeaHex(self.place())
    }
    /// The same unit at place `to`.
    #[inline]
    pub(crate) const fn moved(self, to: u8) -> Unit {
        Unit((self.0 & !63) | (to & 63))
    }
    /// The slot's byte, as kept in memory.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// Every player's units (R52, R53), by slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Units {
    /// Per seat: the knight units, by slot.
    pub(crate) knights: [[Unit; UNITS]; MAX_PLAYERS],
    /// Per seat: the ships, by slot.
    pub(crate) ships: [[Unit; UNITS]; MAX_PLAYERS],
}

impl Units {
    /// True when no unit stands anywhere (saves then write nothing).
    pub fn is_empty(&self) -> bool {
        *self == Units::default()
    }
    /// `s`'s knight units, by slot.
    #[inline(always)]
    pub(crate) fn knights(&self, s: Seat) -> &[Unit; UNITS] {
        &self.knights[s.index()]
    }
    /// `s`'s ships, by slot.
    #[inline(always)]
    pub(crate) fn ships(&self, s: Seat) -> &[Unit; UNITS] {
        &self.ships[s.index()]
    }
}

/// What the units of the player whose turn it is did this turn: one bit per slot for each
/// kind of action (R52: 2 actions a unit, of different kinds: build, move, attack); knight
/// units' slots are bits 0 to 5, ships' bits 8 to 13 ([`SHIP_SLOT`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct UnitTurn {
    /// Units built this turn (their count is the turn's units built).
    pub(crate) built: u16,
    /// Units that have moved (a knight's boarding or leaving a ship is its move).
    pub(crate) moved: u16,
    /// Units that have attacked (R56's; nothing sets it yet).
    pub(crate) attacked: u16,
}

impl UnitTurn {
    /// True when no unit has acted this turn (saves then write nothing).
    pub fn is_empty(&self) -> bool {
        *self == UnitTurn::default()
    }
    /// Actions the unit of bit `bit` has used this turn (0 to 2).
    #[inline]
    pub fn used(&self, bit: u8) -> u8 {
        let b = |m: u16| (m >> bit & 1) as u8;
        b(self.built) + b(self.moved) + b(self.attacked)
    }
}
