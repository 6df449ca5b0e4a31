//! The game's configuration: number of players and every rules option of RULES.md.

use serde::{Deserialize, Serialize};

pub use super::board::BoardKind;
use super::cards::{DevCard, DevHand};
use super::game::{CITIES, SETTLEMENTS};
use super::map::MapId;

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
    /// The island (saves of format 1 have none: the base island).
    pub map: MapId,
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
            map: MapId::Standard,
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
    #[error("{0} player{s}: the base game seats 2 to 4", s = if *.0 == 1 { "" } else { "s" })]
    Players(usize),
    #[error("a target of {0} points: no game gives more than {max}, so choose 3 to {max}", max = Config::MAX_POINTS)]
    Target(u8),
    #[error("a discard limit of {0}: choose 2 or more")]
    DiscardLimit(u8),
}

impl Config {
    /// The default rules for `players` players.
    pub fn with_players(players: u8) -> Config {
        Config { players, ..Config::default() }
    }

    /// The most points a base game can give one player: every settlement and city piece on the
    /// island (5 + 4 x 2), both awards (2 + 2) and every victory point card (5). A higher
    /// target could never be reached.
    pub const MAX_POINTS: u8 =
        (SETTLEMENTS + 2 * CITIES) as u8 + 2 + 2 + DevHand::BASE_DECK.0[DevCard::VictoryPoint as usize];

    /// Checks the values are ones the rules allow.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(2..=4).contains(&self.players) {
            return Err(ConfigError::Players(self.players.into()));
        }
        if !(3..=Config::MAX_POINTS).contains(&self.target) {
            return Err(ConfigError::Target(self.target));
        }
        if self.discard_limit < 2 {
            return Err(ConfigError::DiscardLimit(self.discard_limit));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 12: a target above the most points a game can give is refused (22 in the base game).
    #[test]
    fn a_target_no_game_can_reach_is_refused() {
        assert_eq!(Config::MAX_POINTS, 22);
        assert_eq!(Config { target: 22, ..Config::default() }.validate(), Ok(()));
        let err = Config { target: 23, ..Config::default() }.validate().unwrap_err();
        assert_eq!(err, ConfigError::Target(23));
        assert_eq!(err.to_string(), "a target of 23 points: no game gives more than 22, so choose 3 to 22");
    }

    #[test]
    fn one_player_is_said_in_the_singular() {
        assert_eq!(ConfigError::Players(1).to_string(), "1 player: the base game seats 2 to 4");
        assert_eq!(ConfigError::Players(5).to_string(), "5 players: the base game seats 2 to 4");
    }
}
