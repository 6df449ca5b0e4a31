//! A map file (`assets/maps/*.json`) as written, and its validation into a [`Shape`] the
//! topology is built from. Every way a file can be wrong is a [`MapError`] that names the
//! problem: a broken map never reaches the engine.
//!
//! Hexes are named by axial coordinates `[q, r]` for pointy-top hexes: `r` counts rows
//! downward, `q` steps east along a row, and the row below starts half a hex to the left
//! (so a hex's six neighbours are `q±1` on its row, `q` and `q+1` above, `q-1` and `q` below).

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Deserialize;

use super::super::board::{HarborKind, Terrain};
use super::super::cards::{DevCard, DevHand, Resource};
use super::super::coords::Side;
use super::sea::{Waters, canonical, waters};
use super::{MAX_HARBORS, MAX_HEXES};

/// An axial hex coordinate `[q, r]` as written in a map file.
pub(crate) type Axial = (i16, i16);

/// The step to the neighbour across each side, in [`Side::ALL`] order.
pub(crate) const STEPS: [Axial; 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

/// A map file, field by field.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// The map's one name, used in saves and on the command line.
    pub(crate) name: String,
    /// What people call it.
    pub(crate) title: String,
    /// The fewest and most players it is made for.
    pub(crate) players: (u8, u8),
    /// Land hexes (their terrain comes from `terrain`).
    pub(crate) land: Vec<Axial>,
    /// Sea hexes: the frame around the land and the water between islands, where harbors lie
    /// (and later ships sail). With sea, every side of the land faces land or sea.
    #[serde(default)]
    pub(crate) sea: Vec<Axial>,
    /// The islands set-up may place on (R51), each named by one of its land hexes; every
    /// island when left out.
    #[serde(default)]
    pub(crate) setup: Option<Vec<Axial>>,
    /// The islands that count for R55, each named by one of its land hexes; every island when
    /// left out.
    #[serde(default)]
    pub(crate) colonist: Option<Vec<Axial>>,
    /// The land hex that "desert in the centre" (R8) uses, if the island has one.
    #[serde(default)]
    pub(crate) centre: Option<Axial>,
    /// How many hexes of each terrain, deserts included: one per land hex.
    pub(crate) terrain: BTreeMap<Terrain, u8>,
    /// The number tokens, in the order they are laid along a token path (R6).
    pub(crate) tokens: Vec<u8>,
    /// The paths tokens are laid along.
    pub(crate) token_paths: TokenPaths,
    /// Where harbors lie, in a fixed order (R3).
    pub(crate) harbor_spots: Vec<HarborSpotSpec>,
    /// The harbors, shuffled onto the spots (or in spot order on the beginner board).
    pub(crate) harbors: Vec<String>,
    /// Cards of each resource in the bank at the start (R4, R40).
    pub(crate) bank: u8,
    /// The development deck (R28, R40).
    pub(crate) deck: BTreeMap<DevCard, u8>,
    /// A fixed layout for first games (R7), if the map has one.
    #[serde(default)]
    pub(crate) beginner: Option<BeginnerSpec>,
}

/// The paths number tokens are laid along.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum TokenPaths {
    /// The official spiral (R6): from one of these corners of the outer ring (0 = the top
    /// right, then counterclockwise), turning counterclockwise toward the centre. Needs a
    /// hexagonal island with a `centre`.
    SpiralFromCorners(Vec<u8>),
    /// Paths given hex by hex; one is chosen at random.
    Paths(Vec<Vec<Axial>>),
}

/// A harbor spot: a sea hex and the direction from it to the land hex whose side it serves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HarborSpotSpec {
    pub(crate) sea: Axial,
    pub(crate) facing: Side,
}

/// The beginner layout: terrain and token of each land hex in row order, harbors in spot order.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BeginnerSpec {
    pub(crate) hexes: Vec<(Terrain, u8)>,
    pub(crate) harbors: Vec<String>,
}

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
    #[error("the map has {0} sea hexes; at most {max} are supported", max = super::MAX_SEA_HEXES)]
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
    #[error("the development deck has {0} cards: choose 1 to {max}", max = super::super::cards::MAX_DECK)]
    Deck(usize),
}

/// A validated map: land hexes in their canonical order (row by row from the top, left to
/// right), with everything else resolved to land hex numbers.
#[derive(Debug)]
pub(crate) struct Shape {
    pub name: String,
    pub title: String,
    pub players: (u8, u8),
    /// Land hexes in canonical order.
    pub land: Vec<Axial>,
    /// The sea and islands.
    pub waters: Waters,
    pub centre: Option<usize>,
    /// The terrain pool, one per land hex, in the fixed order the deal shuffles from.
    pub terrain: Vec<Terrain>,
    pub tokens: Vec<u8>,
    /// How tokens are laid.
    pub paths: Paths,
    /// Harbor spots as (land hex number, side of it, sea hex number).
    pub harbor_spots: Vec<(usize, Side, usize)>,
    pub harbors: Vec<HarborKind>,
    pub bank: u8,
    pub deck: DevHand,
    pub beginner: Option<Beginner>,
}

/// A beginner layout, resolved: terrain and token per land hex, harbor per spot.
pub(crate) type Beginner = (Vec<(Terrain, u8)>, Vec<HarborKind>);

/// The paths tokens are laid along, resolved.
#[derive(Debug)]
pub(crate) enum Paths {
    /// The official spiral from these corners, computed from the geometry.
    Spiral(Vec<u8>),
    /// Paths as land hex numbers.
    Listed(Vec<Vec<usize>>),
}

fn harbor_kind(name: &str) -> Result<HarborKind, MapError> {
    Ok(match name {
        "generic" => HarborKind::Generic,
        "brick" => HarborKind::Special(Resource::Brick),
        "lumber" => HarborKind::Special(Resource::Lumber),
        "wool" => HarborKind::Special(Resource::Wool),
        "grain" => HarborKind::Special(Resource::Grain),
        "ore" => HarborKind::Special(Resource::Ore),
        other => return Err(MapError::UnknownHarbor(other.to_string())),
    })
}

fn neighbour((q, r): Axial, side: usize) -> Axial {
    (q + STEPS[side].0, r + STEPS[side].1)
}

impl MapSpec {
    /// Reads and validates a map file.
    pub(crate) fn parse(json: &str) -> Result<Shape, MapError> {
        let spec: MapSpec = serde_json::from_str(json).map_err(|e| MapError::Syntax(e.to_string()))?;
        spec.validate()
    }

    /// Checks everything a topology and a deal rely on.
    pub(crate) fn validate(self) -> Result<Shape, MapError> {
        let (lo, hi) = self.players;
        if !(2..=6).contains(&lo) || !(lo..=6).contains(&hi) {
            return Err(MapError::Players(lo, hi));
        }
        if self.land.is_empty() {
            return Err(MapError::NoLand);
        }
        if self.land.len() > MAX_HEXES {
            return Err(MapError::TooManyHexes(self.land.len()));
        }
        let mut seen = HashSet::new();
        for &(q, r) in self.land.iter().chain(&self.sea) {
            if !seen.insert((q, r)) {
                return Err(MapError::Duplicate(q, r));
            }
        }
        let mut land = self.land.clone();
        canonical(&mut land);
        let number: HashMap<Axial, usize> = land.iter().enumerate().map(|(i, &h)| (h, i)).collect();
        let waters = waters(&land, &self.sea, self.setup.as_deref(), self.colonist.as_deref())?;

        let terrain: Vec<Terrain> =
            self.terrain.iter().flat_map(|(&t, &n)| std::iter::repeat_n(t, n as usize)).collect();
        if terrain.len() != land.len() {
            return Err(MapError::TerrainCount { terrain: terrain.len(), land: land.len() });
        }
        let producing = terrain.iter().filter(|&&t| t != Terrain::Desert).count();
        if self.tokens.len() != producing {
            return Err(MapError::TokenCount { tokens: self.tokens.len(), producing });
        }
        if let Some(&t) = self.tokens.iter().find(|&&t| !(2..=12).contains(&t) || t == 7) {
            return Err(MapError::BadToken(t));
        }
        let centre = match self.centre {
            None => None,
            Some((q, r)) => Some(*number.get(&(q, r)).ok_or(MapError::BadCentre(q, r))?),
        };
        let paths = match self.token_paths {
            TokenPaths::SpiralFromCorners(corners) => {
                let c = centre.ok_or(MapError::BadSpiral)?;
                let (cq, cr) = land[c];
                let dist = |(q, r): Axial| ((q - cq).abs() + (r - cr).abs() + (q - cq + r - cr).abs()) / 2;
                let radius = land.iter().map(|&h| dist(h)).max().unwrap_or(0) as usize;
                let hexagonal = land.len() == 3 * radius * (radius + 1) + 1;
                if !hexagonal || corners.is_empty() || corners.iter().any(|&c| c > 5) {
                    return Err(MapError::BadSpiral);
                }
                Paths::Spiral(corners)
            }
            TokenPaths::Paths(paths) => {
                let mut out = Vec::new();
                for (i, path) in paths.iter().enumerate() {
                    let hexes: Vec<usize> = path.iter().filter_map(|h| number.get(h).copied()).collect();
                    let distinct: HashSet<usize> = hexes.iter().copied().collect();
                    if hexes.len() != path.len() || distinct.len() != land.len() || path.len() != land.len() {
                        return Err(MapError::BadPath(i));
                    }
                    out.push(hexes);
                }
                if out.is_empty() {
                    return Err(MapError::BadPath(0));
                }
                Paths::Listed(out)
            }
        };

        let sea: HashMap<Axial, usize> = waters.sea.iter().enumerate().map(|(i, &h)| (h, i)).collect();
        let mut harbor_spots = Vec::new();
        for (i, spot) in self.harbor_spots.iter().enumerate() {
            let &at = sea.get(&spot.sea).ok_or(MapError::HarborNotOnSea(i, spot.sea.0, spot.sea.1))?;
            let facing = Side::ALL.iter().position(|&s| s == spot.facing).expect("a side");
            let hex = *number.get(&neighbour(spot.sea, facing)).ok_or(MapError::HarborNotFacingLand(i))?;
            // The land hex's side toward the sea hex.
            harbor_spots.push((hex, Side::ALL[(facing + 3) % 6], at));
        }
        if harbor_spots.len() > MAX_HARBORS {
            return Err(MapError::HarborCount { harbors: self.harbors.len(), spots: harbor_spots.len() });
        }
        let harbors = self.harbors.iter().map(|h| harbor_kind(h)).collect::<Result<Vec<_>, _>>()?;
        if harbors.len() != harbor_spots.len() {
            return Err(MapError::HarborCount { harbors: harbors.len(), spots: harbor_spots.len() });
        }
        if !(1..=99).contains(&self.bank) {
            return Err(MapError::Bank(self.bank));
        }
        let mut deck = DevHand::default();
        for (&card, &n) in &self.deck {
            deck[card] = n;
        }
        let cards = deck.total() as usize;
        if cards == 0 || cards > super::super::cards::MAX_DECK {
            return Err(MapError::Deck(cards));
        }
        let beginner = match self.beginner {
            None => None,
            Some(b) => {
                if b.hexes.len() != land.len() {
                    return Err(MapError::Beginner(format!("{} hexes for {} land hexes", b.hexes.len(), land.len())));
                }
                for &(t, n) in &b.hexes {
                    let desert = t == Terrain::Desert;
                    if desert != (n == 0) || (!desert && (!(2..=12).contains(&n) || n == 7)) {
                        return Err(MapError::Beginner(format!("{} with token {n}", t.name())));
                    }
                }
                let harbors = b.harbors.iter().map(|h| harbor_kind(h)).collect::<Result<Vec<_>, _>>()?;
                if harbors.len() != harbor_spots.len() {
                    return Err(MapError::Beginner(format!(
                        "{} harbors for {} spots",
                        harbors.len(),
                        harbor_spots.len()
                    )));
                }
                Some((b.hexes, harbors))
            }
        };
        Ok(Shape {
            name: self.name,
            title: self.title,
            players: self.players,
            land,
            waters,
            centre,
            terrain,
            tokens: self.tokens,
            paths,
            harbor_spots,
            harbors,
            bank: self.bank,
            deck,
            beginner,
        })
    }
}
