//! The island: terrain, number tokens, harbors and the robber, and how a board is dealt. A
//! leaf of the engine: it knows the map, not the rules (a module that changes the terrain, R42,
//! hands its change to [`Board::deal`]).

use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::coords::{Hex, Vertex};
use super::map::{MAX_HARBORS, MAX_HEXES, MapId, Topology};
use super::sets::{HexSet, PackedHexes};
use super::terrain::{HarborKind, Terrain};

/// How the board is dealt (R6, R7, R8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BoardKind {
    /// Shuffled terrain and harbors, tokens in the official spiral (R6).
    #[default]
    Variable,
    /// The fixed beginner layout (R7).
    Beginner,
    /// Terrain and tokens fully shuffled, no 6 or 8 side by side (R8).
    Random,
}

/// One dealt island.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredBoard")]
pub struct Board {
    map: MapId,
    #[serde(with = "serde_arrays")]
    terrain: [Terrain; MAX_HEXES],
    #[serde(with = "serde_arrays")]
    tokens: [u8; MAX_HEXES],
    harbors: [HarborKind; MAX_HARBORS],
    robber: Hex,
    /// For each dice total from 2 to 12, the hexes carrying it: derived from `tokens`, not saved.
    #[serde(skip)]
    dice_hexes: [PackedHexes; 11],
}

/// A board as saved: every field but the derived `dice_hexes`.
#[derive(Deserialize)]
struct StoredBoard {
    /// Saves of format 1 call it `layout`.
    #[serde(alias = "layout")]
    map: MapId,
    #[serde(with = "serde_arrays")]
    terrain: [Terrain; MAX_HEXES],
    #[serde(with = "serde_arrays")]
    tokens: [u8; MAX_HEXES],
    harbors: [HarborKind; MAX_HARBORS],
    robber: Hex,
}

impl From<StoredBoard> for Board {
    fn from(b: StoredBoard) -> Board {
        let StoredBoard { map, terrain, tokens, harbors, robber } = b;
        let mut board = Board { map, terrain, tokens, harbors, robber, dice_hexes: [PackedHexes::default(); 11] };
        board.index_tokens();
        board
    }
}

/// Arrays longer than serde's built-in support are stored as plain JSON lists.
mod serde_arrays {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer, T: Serialize, const N: usize>(a: &[T; N], s: S) -> Result<S::Ok, S::Error> {
        a.as_slice().serialize(s)
    }
    pub fn deserialize<'de, D, T, const N: usize>(d: D) -> Result<[T; N], D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de>,
    {
        let v: Vec<T> = Vec::deserialize(d)?;
        let n = v.len();
        v.try_into().map_err(|_| serde::de::Error::custom(format!("expected {N} entries, found {n}")))
    }
}

impl Board {
    /// Deals a board of the given kind on a map from the game's RNG. A map without a beginner
    /// layout deals a variable board for [`BoardKind::Beginner`], and one without a centre
    /// ignores `desert_center` (the rules configuration refuses both). `terrain` is a module's
    /// change to the land (R42's gold hexes; `|_| {}` for none), made to the pool before it is
    /// shuffled or to a fixed layout.
    pub fn deal(
        map: MapId,
        kind: BoardKind,
        desert_center: bool,
        terrain: fn(&mut [Terrain]),
        rng: &mut impl Rng,
    ) -> Board {
        let topo = map.topology();
        let mut board = Board {
            map,
            terrain: [Terrain::Desert; MAX_HEXES],
            tokens: [0; MAX_HEXES],
            harbors: [HarborKind::Generic; MAX_HARBORS],
            robber: Hex(0),
            dice_hexes: [PackedHexes::default(); 11],
        };
        match &topo.beginner {
            Some((hexes, harbors)) if kind == BoardKind::Beginner => {
                for (i, &(t, tok)) in hexes.iter().enumerate() {
                    board.terrain[i] = t;
                    board.tokens[i] = tok;
                }
                board.harbors[..harbors.len()].copy_from_slice(harbors);
                terrain(&mut board.terrain[..hexes.len()]);
            }
            _ => loop {
                board.deal_terrain(topo, desert_center, terrain, rng);
                if kind == BoardKind::Random {
                    board.shuffle_tokens(topo, rng);
                } else {
                    let path = &topo.token_paths()[rng.random_range(0..topo.token_paths().len())];
                    let mut tokens = topo.tokens.iter();
                    for &h in path {
                        if board.terrain[h.index()] != Terrain::Desert {
                            board.tokens[h.index()] = *tokens.next().expect("one token per producing hex");
                        }
                    }
                }
                // The base island's spiral never puts red numbers together; where a map's
                // path can (R40), the whole island is dealt again.
                if !board.red_numbers_touch() {
                    break;
                }
                board.tokens = [0; MAX_HEXES];
            },
        }
        board.robber = topo.hexes().find(|&h| board.terrain[h.index()] == Terrain::Desert).expect("a desert");
        board.index_tokens();
        board
    }

    /// A board from its parts, one entry per hex and per harbor spot of `map` (the caller,
    /// [`super::Snapshot`]'s reader, checks the lengths); the rest of the fixed arrays stay
    /// empty, as on a dealt board.
    pub(crate) fn from_parts(
        map: MapId,
        terrain: &[Terrain],
        tokens: &[u8],
        harbors: &[HarborKind],
        robber: Hex,
    ) -> Board {
        let mut board = Board {
            map,
            terrain: [Terrain::Desert; MAX_HEXES],
            tokens: [0; MAX_HEXES],
            harbors: [HarborKind::Generic; MAX_HARBORS],
            robber,
            dice_hexes: [PackedHexes::default(); 11],
        };
        board.terrain[..terrain.len()].copy_from_slice(terrain);
        board.tokens[..tokens.len()].copy_from_slice(tokens);
        board.harbors[..harbors.len()].copy_from_slice(harbors);
        board.index_tokens();
        board
    }

    /// Shuffles terrain and harbors onto the island (R6, R8).
    fn deal_terrain(&mut self, topo: &Topology, desert_center: bool, edit: fn(&mut [Terrain]), rng: &mut impl Rng) {
        let n = topo.num_hexes();
        let mut terrains = topo.terrain_pool.clone();
        terrains.sort_by_key(|t| *t as u8);
        edit(&mut terrains);
        terrains.shuffle(rng);
        if desert_center && let Some(centre) = topo.centre() {
            let d = terrains.iter().position(|&t| t == Terrain::Desert).expect("a desert");
            terrains.swap(d, centre.index());
        }
        self.terrain[..n].copy_from_slice(&terrains);
        let mut harbors = topo.harbor_pool.clone();
        harbors.shuffle(rng);
        self.harbors[..harbors.len()].copy_from_slice(&harbors);
    }

    /// Shuffles the tokens until no 6 or 8 touches another (R8).
    fn shuffle_tokens(&mut self, topo: &Topology, rng: &mut impl Rng) {
        let mut tokens = topo.tokens.clone();
        tokens.sort();
        loop {
            tokens.shuffle(rng);
            let mut it = tokens.iter();
            for h in 0..topo.num_hexes() {
                self.tokens[h] = if self.terrain[h] == Terrain::Desert { 0 } else { *it.next().expect("tokens") };
            }
            if !self.red_numbers_touch() {
                break;
            }
        }
    }

    /// Fills `dice_hexes` from the tokens.
    fn index_tokens(&mut self) {
        self.dice_hexes = [PackedHexes::default(); 11];
        for (h, &t) in self.tokens.iter().enumerate() {
            if (2..=12).contains(&t) {
                self.dice_hexes[t as usize - 2].add(HexSet::one(Hex(h as u8)));
            }
        }
    }

    /// True when a 6 or 8 shares a side with another 6 or 8.
    pub fn red_numbers_touch(&self) -> bool {
        let topo = self.topology();
        let red = |h: Hex| matches!(self.tokens[h.index()], 6 | 8);
        topo.hexes().any(|h| red(h) && topo.hex_neighbors(h).iter().any(|&o| red(o)))
    }

    /// The map the island is dealt on.
    pub fn map(&self) -> MapId {
        self.map
    }
    /// The island's geometry.
    pub fn topology(&self) -> &'static Topology {
        self.map.topology()
    }
    /// Terrain of a hex.
    pub fn terrain(&self, h: Hex) -> Terrain {
        self.terrain[h.index()]
    }
    /// Number token on a hex (`None` on the desert).
    pub fn token(&self, h: Hex) -> Option<u8> {
        Some(self.tokens[h.index()]).filter(|&t| t != 0)
    }
    /// A land hex as every screen, the log and the advice name it: its number first, then what
    /// it yields, the way a player reads a roll and a hand ("8 ore", "5 wool", "9 gold"); its
    /// terrain when it has no number ("desert"). The one form (issue 41: a hex had four).
    pub fn hex_label(&self, h: Hex) -> String {
        let t = self.terrain(h);
        match (self.token(h), t.resource()) {
            (Some(n), Some(r)) => format!("{n} {r}"),
            _ => t.name().to_string(),
        }
    }
    /// [`Board::hex_label`] in a sentence: "the 8 ore", "the desert".
    pub fn hex_name(&self, h: Hex) -> String {
        format!("the {}", self.hex_label(h))
    }
    /// [`Board::hex_name`] with the hex's number (counted from 1, top to bottom, as line mode
    /// types it) when another land hex reads the same ("the 6
    /// lumber (hex 11)"): for a list of places that must tell them apart.
    pub fn hex_name_apart(&self, h: Hex) -> String {
        let label = self.hex_label(h);
        if self.topology().hexes().filter(|&o| o != h).any(|o| self.hex_label(o) == label) {
            format!("the {label} (hex {})", h.index() + 1)
        } else {
            format!("the {label}")
        }
    }
    /// Where the robber stands.
    pub fn robber(&self) -> Hex {
        self.robber
    }
    pub(crate) fn set_robber(&mut self, h: Hex) {
        self.robber = h;
    }
    /// The harbor at each spot, in the R3 order.
    pub fn harbors(&self) -> &[HarborKind] {
        &self.harbors[..self.topology().harbor_spots().len()]
    }
    /// The harbor an intersection uses, if any.
    pub fn harbor_at(&self, v: Vertex) -> Option<HarborKind> {
        self.topology().vertex_harbor(v).map(|i| self.harbors[i])
    }
    /// The hexes producing on a dice total.
    pub fn hexes_with_token(&self, total: u8) -> impl Iterator<Item = Hex> + '_ {
        self.topology().hexes().filter(move |h| self.tokens[h.index()] == total)
    }
    /// [`Board::hexes_with_token`] as a set.
    #[inline]
    pub fn token_set(&self, total: u8) -> HexSet {
        match total {
            2..=12 => self.dice_hexes[total as usize - 2].get(),
            _ => HexSet::EMPTY,
        }
    }
    /// Probability dots of a token: 5 for 6 and 8, 1 for 2 and 12.
    pub fn pips(token: u8) -> u8 {
        6u8.saturating_sub((7i8 - token as i8).unsigned_abs())
    }

    /// Checks a board read from a file: counts of terrain and tokens, robber on land.
    pub(crate) fn validate(&self) -> Result<(), String> {
        let topo = self.topology();
        let n = topo.num_hexes();
        if self.robber.index() >= n {
            return Err(format!("the robber stands on hex {}, which is not on the island", self.robber.0));
        }
        for h in 0..n {
            let desert = self.terrain[h] == Terrain::Desert;
            let tok = self.tokens[h];
            if desert != (tok == 0) || tok == 7 || tok > 12 || tok == 1 {
                return Err(format!("hex {h} has terrain {} with token {tok}", self.terrain[h].name()));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::Resource;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn deal(kind: BoardKind, seed: u64) -> Board {
        Board::deal(MapId::Standard, kind, false, |_| {}, &mut ChaCha8Rng::seed_from_u64(seed))
    }

    #[test]
    fn r1_terrain_and_token_counts() {
        for kind in [BoardKind::Variable, BoardKind::Random, BoardKind::Beginner] {
            let b = deal(kind, 7);
            let topo = b.topology();
            let count = |t| topo.hexes().filter(|&h| b.terrain(h) == t).count();
            assert_eq!(
                [
                    Terrain::Forest,
                    Terrain::Pasture,
                    Terrain::Fields,
                    Terrain::Hills,
                    Terrain::Mountains,
                    Terrain::Desert
                ]
                .map(count),
                [4, 4, 4, 3, 3, 1]
            );
            let mut tokens: Vec<u8> = topo.hexes().filter_map(|h| b.token(h)).collect();
            tokens.sort();
            assert_eq!(tokens, vec![2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]);
        }
    }

    #[test]
    fn r3_harbor_mix() {
        let b = deal(BoardKind::Variable, 3);
        assert_eq!(b.harbors().iter().filter(|&&h| h == HarborKind::Generic).count(), 4);
        for r in Resource::ALL {
            assert_eq!(b.harbors().iter().filter(|&&h| h == HarborKind::Special(r)).count(), 1);
        }
    }

    #[test]
    fn r6_spiral_boards_never_put_red_numbers_together() {
        for seed in 0..500 {
            assert!(!deal(BoardKind::Variable, seed).red_numbers_touch(), "seed {seed}");
        }
    }

    #[test]
    fn r7_beginner_board_is_fixed() {
        let b = deal(BoardKind::Beginner, 1);
        assert_eq!(b.terrain(Hex(0)), Terrain::Mountains);
        assert_eq!(b.token(Hex(0)), Some(10));
        assert_eq!(b.terrain(Hex(9)), Terrain::Desert);
        assert_eq!(b.harbors()[0], HarborKind::Special(Resource::Grain));
        assert_eq!(b, deal(BoardKind::Beginner, 2));
    }

    #[test]
    fn r8_random_boards_keep_red_numbers_apart_and_desert_center_option() {
        for seed in 0..100 {
            assert!(!deal(BoardKind::Random, seed).red_numbers_touch());
            let b =
                Board::deal(MapId::Standard, BoardKind::Variable, true, |_| {}, &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(b.terrain(Hex(9)), Terrain::Desert);
        }
    }

    #[test]
    fn r9_robber_starts_on_desert() {
        let b = deal(BoardKind::Variable, 11);
        assert_eq!(b.terrain(b.robber()), Terrain::Desert);
    }

    #[test]
    fn pips_of_tokens() {
        assert_eq!([2, 3, 6, 8, 12].map(Board::pips), [1, 2, 5, 5, 1]);
    }
}
