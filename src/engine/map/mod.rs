//! Islands as data. Each map is a file under `assets/maps/` (land and sea hexes by axial
//! coordinate, harbor spots, the terrain, token and harbor pools, how tokens are laid, and the
//! bank and deck it comes with); [`MapSpec`] reads and validates one into a [`Topology`], or says
//! what is wrong with it in a [`MapError`]. The maps the game ships are compiled in (the engine
//! reads no files) and named by a [`MapId`].

mod axial;
mod error;
mod sea;
mod spec;
mod topology;

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub use error::MapError;
pub use spec::MapSpec;
pub use topology::Topology;

/// The most land hexes a map may have: a board keeps a terrain and a token for each in fixed
/// arrays (the 5-6 player island has 30). Hex sets hold 64 ([`super::HexSet::CAPACITY`]).
pub const MAX_HEXES: usize = 30;
/// The most sea hexes a map may have: sea hex sets are 64-bit (the archipelago has 37).
pub const MAX_SEA_HEXES: usize = 64;
/// The most harbors any island may have (the 5-6 player island has 11).
pub const MAX_HARBORS: usize = 11;

/// One of the maps the game ships.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum MapId {
    /// The 19-hex island of the base game (`assets/maps/standard.json`).
    #[default]
    Standard,
    /// The 30-hex island of the 5-6 player extension, R40 (`assets/maps/five-six.json`).
    FiveSix,
    /// A main island and three small ones with sea between them, R51
    /// (`assets/maps/archipelago.json`); set-up places on the main island only.
    Archipelago,
}

impl MapId {
    /// Every map, in the order menus list them.
    pub const ALL: [MapId; 3] = [MapId::Standard, MapId::FiveSix, MapId::Archipelago];

    /// The map's one name, as in saves and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            MapId::Standard => "standard",
            MapId::FiveSix => "five-six",
            MapId::Archipelago => "archipelago",
        }
    }

    /// The map called `name`, if the game ships one.
    pub fn from_name(name: &str) -> Option<MapId> {
        MapId::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The map a game of `players` players is played on by default.
    pub fn for_players(players: u8) -> MapId {
        if players >= 5 { MapId::FiveSix } else { MapId::Standard }
    }

    /// The map file's text.
    pub fn source(self) -> &'static str {
        match self {
            MapId::Standard => include_str!("../../../assets/maps/standard.json"),
            MapId::FiveSix => include_str!("../../../assets/maps/five-six.json"),
            MapId::Archipelago => include_str!("../../../assets/maps/archipelago.json"),
        }
    }

    /// The island's geometry and pools, built once.
    pub fn topology(self) -> &'static Topology {
        static MAPS: [OnceLock<Topology>; MapId::ALL.len()] = [const { OnceLock::new() }; MapId::ALL.len()];
        MAPS[self as usize].get_or_init(|| {
            // The shipped maps are checked by tests (`shipped_maps_validate`), so this holds.
            MapSpec::parse(self.source()).and_then(Topology::new).expect("a shipped map is valid")
        })
    }
}

impl MapSpec {
    /// Reads, validates and builds a map file into its topology.
    pub fn build(json: &str) -> Result<Topology, MapError> {
        MapSpec::parse(json).and_then(Topology::new)
    }
}

#[cfg(test)]
mod tests;
