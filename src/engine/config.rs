//! The game's configuration: number of players and every rules option of RULES.md.

use serde::{Deserialize, Serialize};

pub use super::board::BoardKind;

/// How the bank pays when it runs short of a resource (R16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Shortage {
    /// No one gets the resource, unless only one player is owed it: they get what is left.
    #[default]
    Official,
    /// No one gets the resource.
    NoneAtAll,
    /// Pay in turn order from the roller until the bank is empty.
    TurnOrder,
}

/// Everything that is fixed when a game starts. Stored in save files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Number of players, 2 to 4 (2 is a house option).
    pub players: u8,
    /// How the board is dealt (R6, R7, R8).
    pub board: BoardKind,
    /// The desert sits in the middle (R8).
    pub desert_center: bool,
    /// All trading must come before any building in a turn (R13). Buying a development card and
    /// placing free roads count as building; playing a card doesn't.
    pub strict_phases: bool,
    /// Bank shortage rule (R16).
    pub shortage: Shortage,
    /// A 7 makes players holding more than this many cards discard half (R17).
    pub discard_limit: u8,
    /// Points needed to win (R37).
    pub target: u8,
    /// The robber spares players with fewer than 3 public points (R39). Read literally: a mover
    /// with fewer than 3 points can't place it beside their own buildings either.
    pub friendly_robber: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            players: 4,
            board: BoardKind::Variable,
            desert_center: false,
            strict_phases: false,
            shortage: Shortage::Official,
            discard_limit: 7,
            target: 10,
            friendly_robber: false,
        }
    }
}

/// Why a configuration can't start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{0} players: the base game seats 2 to 4")]
    Players(u8),
    #[error("a target of {0} points: choose 3 to 30")]
    Target(u8),
    #[error("a discard limit of {0}: choose 2 or more")]
    DiscardLimit(u8),
}

impl Config {
    /// The default rules for `players` players.
    pub fn with_players(players: u8) -> Config {
        Config { players, ..Config::default() }
    }

    /// Checks the values are ones the rules allow.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(2..=4).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if !(3..=30).contains(&self.target) {
            return Err(ConfigError::Target(self.target));
        }
        if self.discard_limit < 2 {
            return Err(ConfigError::DiscardLimit(self.discard_limit));
        }
        Ok(())
    }
}
