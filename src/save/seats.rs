//! Who sits at each seat: a name and whether a person or a computer plays it.
//!
//! The engine knows seats only by number; a save file also says who plays them, so that a game
//! with computer players resumes with the same players, at the same levels.

use serde::{Deserialize, Serialize};

/// The level of a computer player lives with the bots; save files write it `{"bot": "easy"}`.
pub use crate::bots::BotLevel;

/// The level of a seat written `bot` with no level (`--players "Ann,bot"`): the one place it
/// is decided.
pub const DEFAULT_BOT: BotLevel = BotLevel::Medium;

/// Who plays a seat. Written `"human"` or `{"bot": "random"}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person at the keyboard (hot-seat).
    #[default]
    Human,
    /// A computer player of the given level.
    Bot(BotLevel),
}

impl SeatKind {
    /// The level of a computer player; `None` for a person.
    pub fn bot_level(self) -> Option<BotLevel> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(level) => Some(level),
        }
    }
}

/// One seat as a save file lists it: the player's name and who plays it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The name shown for the seat (printable, 1 to 20 characters, see [`crate::text`]).
    pub name: String,
    /// Who plays it.
    pub kind: SeatKind,
    /// A program that plays the seat (`--players "Ann,prog:COMMAND"`), its kind then the
    /// computer player that takes over if it fails. Never saved: a save file names no command
    /// to run (a save from someone else must not start a program), so a game played on from a
    /// save has that computer player in the seat.
    #[serde(skip)]
    pub program: Option<crate::protocol::ProgramSpec>,
}

impl SeatInfo {
    /// A seat a person plays.
    pub fn human(name: impl Into<String>) -> SeatInfo {
        SeatInfo { name: name.into(), kind: SeatKind::Human, program: None }
    }

    /// A seat a computer player of `level` plays.
    pub fn bot(name: impl Into<String>, level: BotLevel) -> SeatInfo {
        SeatInfo { name: name.into(), kind: SeatKind::Bot(level), program: None }
    }

    /// A seat a program plays (see [`SeatInfo::program`]), `level` taking over if it fails.
    pub fn program(name: impl Into<String>, spec: crate::protocol::ProgramSpec, level: BotLevel) -> SeatInfo {
        SeatInfo { name: name.into(), kind: SeatKind::Bot(level), program: Some(spec) }
    }

    /// People at every seat, with these names.
    pub fn humans(names: impl IntoIterator<Item = String>) -> Vec<SeatInfo> {
        names.into_iter().map(SeatInfo::human).collect()
    }
}

/// The seats of a record, borrowed for writing: `[{"name": .., "kind": ..}, ...]`.
pub(super) struct SeatsRef<'a> {
    pub(super) names: &'a [String],
    pub(super) kinds: &'a [SeatKind],
}

impl Serialize for SeatsRef<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct SeatRef<'a> {
            name: &'a str,
            kind: SeatKind,
        }
        s.collect_seq(self.names.iter().zip(self.kinds).map(|(name, &kind)| SeatRef { name, kind }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_written_as_words() {
        assert_eq!(serde_json::to_string(&SeatKind::Human).unwrap(), r#""human""#);
        assert_eq!(serde_json::to_string(&SeatKind::Bot(BotLevel::Random)).unwrap(), r#"{"bot":"random"}"#);
        let back: SeatKind = serde_json::from_str(r#"{"bot":"random"}"#).unwrap();
        assert_eq!(back, SeatKind::Bot(BotLevel::Random));
        for level in BotLevel::ALL {
            let json = format!(r#"{{"bot":"{level}"}}"#);
            assert_eq!(serde_json::to_string(&SeatKind::Bot(level)).unwrap(), json);
            assert_eq!(serde_json::from_str::<SeatKind>(&json).unwrap(), SeatKind::Bot(level));
        }
    }
}
