//! Every way a map file can be wrong, each named in plain words.

use super::super::cards::MAX_DECK;
use super::{MAX_HEXES, MAX_SEA_HEXES};

/// Why a map file can't be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    #[error("the map file is not valid: {0}")]
    Syntax(String),
    #[error("the map has no land")]
    NoLand,
    #[error("the map has {0} land hexes; at most {MAX_HEXES} are supported")]
    TooManyHexes(usize),
    #[error("hex [{0}, {1}] is listed twice")]
    Duplicate(i16, i16),
    #[error("the map is in pieces: hex [{0}, {1}] is joined to the rest by neither land nor sea")]
    Disconnected(i16, i16),
    #[error("the map has {0} sea hexes; at most {max} are supported", max = MAX_SEA_HEXES)]
    TooManySeaHexes(usize),
    #[error("land hex [{0}, {1}] has a side on neither land nor sea: list the sea around the coast")]
    OpenCoast(i16, i16),
    #[error("{0}: [{1}, {2}] is not a land hex, so names no island")]
    IslandNotLand(&'static str, i16, i16),
    #[error("{0}: [{1}, {2}] names an island already listed")]
    IslandTwice(&'static str, i16, i16),
    #[error("{0} lists no island: leave it out for every island")]
    NoIslands(&'static str),
    #[error("the island has {0} intersections and {1} paths; at most 128 of each are supported")]
    TooManyParts(usize, usize),
    #[error("players {0} to {1}: a map is for 2 to 6 players, fewest first")]
    Players(u8, u8),
    #[error("the terrain adds up to {terrain} hexes but the map has {land} land hexes")]
    TerrainCount { terrain: usize, land: usize },
    #[error("{tokens} number tokens for {producing} hexes that produce")]
    TokenCount { tokens: usize, producing: usize },
    #[error("a number token of {0}: tokens are 2 to 6 and 8 to 12")]
    BadToken(u8),
    #[error("the centre [{0}, {1}] is not a land hex")]
    BadCentre(i16, i16),
    #[error("a token spiral needs a hexagonal island with a centre, and corners 0 to 5")]
    BadSpiral,
    #[error("token path {0} does not visit every land hex exactly once")]
    BadPath(usize),
    #[error("harbor spot {0}: [{1}, {2}] is not a sea hex")]
    HarborNotOnSea(usize, i16, i16),
    #[error("harbor spot {0} does not face a land hex")]
    HarborNotFacingLand(usize),
    #[error("harbor spots {0} and {1} share an intersection")]
    HarborsTouch(usize, usize),
    #[error("{harbors} harbors for {spots} harbor spots")]
    HarborCount { harbors: usize, spots: usize },
    #[error("unknown harbor {0:?}: use generic, brick, lumber, wool, grain or ore")]
    UnknownHarbor(String),
    #[error("the beginner layout does not fit the map: {0}")]
    Beginner(String),
    #[error("a bank of {0} cards of each resource: choose 1 to 99")]
    Bank(u8),
    #[error("the development deck has {0} cards: choose 1 to {max}", max = MAX_DECK)]
    Deck(usize),
}
