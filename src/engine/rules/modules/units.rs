//! Where the units of R52 stand, and what they did this turn: the state the knight module
//! keeps, one byte a unit, so that a game stays one small `Copy` (six players' six knight units
//! are 36 bytes).
//!
//! A unit is a [`Unit`]: 0 for an empty slot; otherwise its kind in the top two bits (kind + 1:
//! 1 knight, 2 archer, 3 cavalry) and its land hex in the low six. Each player has
//! [`UNITS`] slots, filled lowest first; a unit keeps its slot while it stands, and actions
//! name it by slot. What the acting player's units did this turn is a [`UnitTurn`] in the
//! turn's facts (a new turn starts it afresh: "used actions reset when the turn ends", R52).

use serde::{Deserialize, Serialize};

use crate::engine::action::{MAX_PLAYERS, Seat, UnitKind};
use crate::engine::coords::Hex;

/// Knight units a player has in all, of any kinds (R52).
pub const UNITS: usize = 6;

/// One unit slot: empty, or a unit's kind and hex (see the module documentation). Saved as
/// its byte.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Unit(u8);

impl Unit {
    /// A unit of `kind` on land hex `at`.
    #[inline]
    pub(crate) const fn new(kind: UnitKind, at: Hex) -> Unit {
        Unit(((kind as u8 + 1) << 6) | (at.0 & 63))
    }
    /// True for an empty slot.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The unit's kind (`None` for an empty slot).
    #[inline]
    pub const fn kind(self) -> Option<UnitKind> {
        match self.0 >> 6 {
            1 => Some(UnitKind::Knight),
            2 => Some(UnitKind::Archer),
            3 => Some(UnitKind::Cavalry),
            _ => None,
        }
    }
    /// The land hex the unit stands on.
    #[inline(always)]
    pub const fn hex(self) -> Hex {
        Hex(self.0 & 63)
    }
    /// The same unit on hex `to`.
    #[inline]
    pub(crate) const fn moved(self, to: Hex) -> Unit {
        Unit((self.0 & !63) | (to.0 & 63))
    }
    /// The slot's byte, as saved.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// Every player's units (R52), by slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Units {
    /// Per seat: the knight units, by slot.
    pub(crate) knights: [[Unit; UNITS]; MAX_PLAYERS],
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
}

/// What the units of the player whose turn it is did this turn: one bit per slot for each
/// kind of action (R52: 2 actions a unit, of different kinds: build, move, attack).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct UnitTurn {
    /// Slots whose unit was built this turn (their count is the turn's units built).
    pub(crate) built: u8,
    /// Slots whose unit has moved.
    pub(crate) moved: u8,
    /// Slots whose unit has attacked (R56's; nothing sets it yet).
    pub(crate) attacked: u8,
}

impl UnitTurn {
    /// True when no unit has acted this turn (saves then write nothing).
    pub fn is_empty(&self) -> bool {
        *self == UnitTurn::default()
    }
    /// Actions the unit in `slot` has used this turn (0 to 2).
    #[inline]
    pub fn used(&self, slot: u8) -> u8 {
        let bit = |m: u8| (m >> slot & 1) as u8;
        bit(self.built) + bit(self.moved) + bit(self.attacked)
    }
}
