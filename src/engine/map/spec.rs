//! A map file (`assets/maps/*.json`) as written, and its validation into a [`Shape`] the
//! topology is built from. Every way a file can be wrong is a [`MapError`] that names the
//! problem: a broken map never reaches the engine.
//!
//! Hexes are named by axial coordinates `[q, r]` (see `axial.rs`); the sea and the islands are
//! checked in `sea.rs`.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Deserialize;

use super::super::cards::{DevCard, DevHand, Resource};
use super::super::coords::Side;
use super::super::terrain::{HarborKind, Terrain};
use super::axial::{Axial, canonical, neighbour};
use super::error::MapError;
use super::sea::{Waters, waters};
use super::{MAX_HARBORS, MAX_HEXES};

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
