//! The sea and the islands of a map file (R51): sea hexes numbered apart from land hexes, the
//! islands (land hexes joined by land), the islands set-up may place on and those that count
//! for R55, each checked into a [`MapError`] when the file is wrong.

use std::collections::{HashMap, HashSet};

use super::MAX_SEA_HEXES;
use super::axial::{Axial, canonical, neighbours};
use super::error::MapError;

/// The sea and islands of a valid map, by land hex number, sea hex number and island number.
#[derive(Debug)]
pub(crate) struct Waters {
    /// Sea hexes in canonical order (row by row from the top, left to right).
    pub sea: Vec<Axial>,
    /// The island of each land hex; islands are numbered by their first land hex.
    pub island: Vec<u8>,
    /// Islands where set-up may place (R51), in increasing order.
    pub setup: Vec<u8>,
    /// Islands that count for R55, in increasing order.
    pub colonist: Vec<u8>,
}

/// Numbers each hex of `hexes` by the piece it belongs to, pieces joined through `joined`
/// (pieces numbered in the order of their first hex).
fn pieces(hexes: &[Axial], joined: impl Fn(Axial) -> bool) -> Vec<u8> {
    let number: HashMap<Axial, usize> = hexes.iter().enumerate().map(|(i, &h)| (h, i)).collect();
    let mut piece = vec![u8::MAX; hexes.len()];
    let mut next = 0;
    for start in 0..hexes.len() {
        if piece[start] != u8::MAX {
            continue;
        }
        piece[start] = next;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            for n in neighbours(hexes[i]) {
                if let Some(&j) = number.get(&n)
                    && joined(n)
                    && piece[j] == u8::MAX
                {
                    piece[j] = next;
                    stack.push(j);
                }
            }
        }
        next += 1;
    }
    piece
}

/// Checks the sea and islands of a map whose land hexes are `land` (in canonical order), with
/// `setup` and `colonist` naming islands by one land hex each (`None`: every island).
pub(crate) fn waters(
    land: &[Axial],
    sea: &[Axial],
    setup: Option<&[Axial]>,
    colonist: Option<&[Axial]>,
) -> Result<Waters, MapError> {
    if sea.len() > MAX_SEA_HEXES {
        return Err(MapError::TooManySeaHexes(sea.len()));
    }
    let mut sea = sea.to_vec();
    canonical(&mut sea);
    let land_set: HashSet<Axial> = land.iter().copied().collect();
    let sea_set: HashSet<Axial> = sea.iter().copied().collect();
    // Joined: land and sea together are one piece (islands lie in one sea). A walk from a
    // middle land hex names the stray hex, in the main piece of any map that is mostly whole.
    let all: Vec<Axial> =
        std::iter::once(land[land.len() / 2]).chain(land.iter().copied()).chain(sea.clone()).collect();
    let whole = pieces(&all, |_| true);
    if let Some(i) = whole.iter().position(|&p| p != 0) {
        return Err(MapError::Disconnected(all[i].0, all[i].1));
    }
    // With sea, the coast is closed: every side of the land faces land or sea.
    if !sea.is_empty()
        && let Some(&(q, r)) =
            land.iter().find(|&&h| neighbours(h).any(|n| !land_set.contains(&n) && !sea_set.contains(&n)))
    {
        return Err(MapError::OpenCoast(q, r));
    }
    let island = pieces(land, |n| land_set.contains(&n));
    let count = island.iter().copied().max().map_or(0, |m| m + 1);
    let number: HashMap<Axial, usize> = land.iter().enumerate().map(|(i, &h)| (h, i)).collect();
    let named = |field: &'static str, list: Option<&[Axial]>| -> Result<Vec<u8>, MapError> {
        let Some(list) = list else { return Ok((0..count).collect()) };
        if list.is_empty() {
            return Err(MapError::NoIslands(field));
        }
        let mut out = Vec::new();
        for &(q, r) in list {
            let &h = number.get(&(q, r)).ok_or(MapError::IslandNotLand(field, q, r))?;
            if out.contains(&island[h]) {
                return Err(MapError::IslandTwice(field, q, r));
            }
            out.push(island[h]);
        }
        out.sort();
        Ok(out)
    };
    let setup = named("setup", setup)?;
    let colonist = named("colonist", colonist)?;
    Ok(Waters { sea, island, setup, colonist })
}
