//! Sea hexes named by what a player can find on the map (issue 33): the island draws no number
//! in the sea, so "sea 14" sent people counting. A sea hex is named by the harbor drawn in it
//! ("the sea at the 2:1 ore harbor"), else by a land hex beside it and the direction from that
//! hex ("the sea NE of the 5 grain"), else, out in open water, by the nearest land hex ("the sea 2
//! hexes NE of the 5 grain"). Every name on a map is different, and names only landmarks drawn
//! once; a land hex whose terrain and number repeat gets its hex number too, as elsewhere.

use crate::engine::{Game, Hex, SeaHex};

/// The name of sea hex `x` on the game's map: "the sea NE of the 5 grain".
pub fn sea_name(g: &Game, x: SeaHex) -> String {
    names(g).into_iter().nth(x.index()).unwrap_or_else(|| format!("sea {}", x.0))
}

/// The names of every sea hex of the game's map, by sea hex number.
pub fn names(g: &Game) -> Vec<String> {
    let t = g.topology();
    let labels = Labels::of(g);
    let candidates: Vec<Vec<String>> = t.sea_hexes().map(|x| candidates(g, &labels, x)).collect();
    let mut pick = vec![0usize; candidates.len()];
    // Where two sea hexes would share a name, the one listed later moves to its next landmark,
    // until none do (each list ends with a name no other sea hex has).
    for _ in 0..64 {
        let mut moved = false;
        for i in 0..candidates.len() {
            let clash = (0..i).any(|j| candidates[j][pick[j]] == candidates[i][pick[i]]);
            if clash && pick[i] + 1 < candidates[i].len() {
                pick[i] += 1;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    candidates.into_iter().zip(pick).map(|(c, p)| c[p].clone()).collect()
}

/// Names for `x`, best first, the last one its number (sure to be its own).
fn candidates(g: &Game, labels: &Labels, x: SeaHex) -> Vec<String> {
    let t = g.topology();
    let mut out = Vec::new();
    if let Some(harbor) = harbor_in(g, x) {
        out.push(format!("the sea at the {harbor} harbor"));
    }
    let from = t.sea_pos(x);
    let mut land: Vec<(u32, bool, Hex)> =
        t.hexes().map(|h| (distance(t.hex_pos(h), from), !labels.unique(h), h)).collect();
    land.sort();
    for (d, _, h) in land.into_iter().take(8) {
        let dir = direction(t.hex_pos(h), from);
        let label = labels.of_hex(h);
        out.push(match d {
            1 => format!("the sea {dir} of {label}"),
            _ => format!("the sea {d} hexes {dir} of {label}"),
        });
    }
    out.push(format!("sea {}", x.0));
    out
}

/// The harbor drawn in sea hex `x` (both its corners are that sea hex's), if its kind is the
/// only one of its kind on the map, so that it names one place.
fn harbor_in(g: &Game, x: SeaHex) -> Option<String> {
    let (t, b) = (g.topology(), g.board());
    let corners: Vec<_> = t.sea_corners(x).iter().filter_map(|v| b.harbor_at(v)).collect();
    let kind = *corners.first()?;
    let here = corners.iter().filter(|&&k| k == kind).count();
    // Every harbor on the map, each counted once (two corners each).
    let all = t.vertices().filter(|&v| b.harbor_at(v) == Some(kind)).count();
    (here >= 2 && all == 2).then(|| kind.to_string())
}

/// The land hexes as every screen names them ([`crate::engine::Board::hex_name`]: "the 5
/// grain", "the desert").
struct Labels(Vec<String>);

impl Labels {
    fn of(g: &Game) -> Labels {
        let b = g.board();
        Labels(g.topology().hexes().map(|h| b.hex_name(h)).collect())
    }

    /// True when no other land hex reads the same.
    fn unique(&self, h: Hex) -> bool {
        let mine = &self.0[h.index()];
        self.0.iter().filter(|l| *l == mine).count() == 1
    }

    /// The label, with the hex number when another land hex reads the same.
    fn of_hex(&self, h: Hex) -> String {
        let short = &self.0[h.index()];
        if self.unique(h) { short.clone() } else { format!("{short} (hex {})", h.index() + 1) }
    }
}

/// Hex steps between two hex centres in doubled coordinates (a step east is 2 across, one a
/// row down is 1 across and 3 down).
fn distance(a: (i16, i16), b: (i16, i16)) -> u32 {
    let (dx, rows) = ((a.0 - b.0).unsigned_abs() as u32, (a.1 - b.1).unsigned_abs() as u32 / 3);
    rows + dx.saturating_sub(rows) / 2
}

/// The compass direction from hex centre `from` to `to`, one of eight, north up: a neighbour
/// is E, W, NE, NW, SE or SW.
fn direction(from: (i16, i16), to: (i16, i16)) -> &'static str {
    // Doubled coordinates to lengths: a step across is √3/2 of a hex's side, a step down 1/2.
    let (x, y) = (f64::from(to.0 - from.0) * 0.866, f64::from(to.1 - from.1) * 0.5);
    let bearing = x.atan2(-y).to_degrees().rem_euclid(360.0);
    const EIGHT: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
    EIGHT[((bearing + 22.5) / 45.0) as usize % 8]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, MapId, Modules};

    fn game(map: MapId, seed: u64) -> Game {
        let players = map.topology().players().0;
        Game::new(Config { players, ..Config::on_map(map) }.with_modules(Modules::SEA.on_map(map)), seed).unwrap()
    }

    #[test]
    fn a_neighbour_is_named_by_its_side() {
        assert_eq!(direction((4, 3), (6, 3)), "E");
        assert_eq!(direction((4, 3), (2, 3)), "W");
        assert_eq!(direction((4, 3), (5, 0)), "NE");
        assert_eq!(direction((4, 3), (3, 0)), "NW");
        assert_eq!(direction((4, 3), (5, 6)), "SE");
        assert_eq!(direction((4, 3), (3, 6)), "SW");
        assert_eq!(direction((4, 6), (4, 0)), "N");
        assert_eq!(distance((4, 3), (6, 3)), 1);
        assert_eq!(distance((4, 3), (3, 6)), 1);
        assert_eq!(distance((4, 6), (4, 0)), 2);
        assert_eq!(distance((0, 0), (8, 0)), 4);
    }

    #[test]
    fn every_sea_hex_of_every_map_has_a_name_of_its_own_without_its_number() {
        for (map, seed) in
            [MapId::Standard, MapId::Archipelago, MapId::FiveSix].into_iter().flat_map(|m| (0..20).map(move |s| (m, s)))
        {
            let g = game(map, seed);
            let names = names(&g);
            assert_eq!(names.len(), g.topology().num_sea_hexes());
            let mut seen = std::collections::HashSet::new();
            for (i, n) in names.iter().enumerate() {
                assert!(seen.insert(n.clone()), "{map:?}: {n:?} twice");
                assert!(n.starts_with("the sea "), "{map:?}: sea {i} is {n:?}");
            }
        }
    }
}
