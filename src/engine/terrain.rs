//! What a land hex is ([`Terrain`]) and what a harbor trades ([`HarborKind`]): the words a map
//! file and a dealt board are written in.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cards::Resource;

/// The kind of land on a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    Hills,
    Forest,
    Pasture,
    Fields,
    Mountains,
    Desert,
    /// R42: a gold hex, with a token like any producing hex; it gives gold cards.
    Gold,
}

impl Terrain {
    /// What the hex produces, if anything.
    #[inline]
    pub fn resource(self) -> Option<Resource> {
        // A table in the order of the variants: one load on every production (a `match` here
        // compiled to a chain of branches once gold broke the identity of the first five).
        const PRODUCES: [Option<Resource>; 7] = [
            Some(Resource::Brick),
            Some(Resource::Lumber),
            Some(Resource::Wool),
            Some(Resource::Grain),
            Some(Resource::Ore),
            None,
            Some(Resource::Gold),
        ];
        PRODUCES[self as usize]
    }
    /// English name.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Hills => "hills",
            Terrain::Forest => "forest",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Mountains => "mountains",
            Terrain::Desert => "desert",
            Terrain::Gold => "gold",
        }
    }
}

/// What a harbor trades: any resource at 3:1, or one resource at 2:1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HarborKind {
    Generic,
    Special(Resource),
}

impl fmt::Display for HarborKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HarborKind::Generic => f.write_str("3:1"),
            HarborKind::Special(r) => write!(f, "2:1 {r}"),
        }
    }
}
