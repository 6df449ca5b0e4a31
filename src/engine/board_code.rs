//! The board code (H7): an island written as a short text that deals the same island again and
//! says nothing about the draws. The players see it during play instead of the seed, which
//! decides the dice, the deck and every steal and stays secret until the game is over.
//!
//! The code is the island itself, not the seed that dealt it: the map, how it was dealt, whether
//! gold replaced some land (R42), then each hex's terrain, the tokens (the spiral's starting
//! corner for a variable board, each hex's number for a random one) and each harbor, as digits
//! of one number in mixed radix, written in Crockford's base 32 behind a check character. A
//! game started from a code ([`Game::new_on`]) deals everything else from its own seed.

use std::fmt;

use super::board::{Board, BoardKind};
use super::config::{Config, Module};
use super::coords::Hex;
use super::game::Game;
use super::map::MapId;
use super::rules::with_gold_hexes;
use super::terrain::{HarborKind, Terrain};

/// Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand survives.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The longest text read as a code (the 5-6 island's random deal needs about 45 characters).
const TEXT_MAX: usize = 128;

/// An island as a code: what [`BoardCode::parse`] reads and `Display` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCode {
    board: Board,
    kind: BoardKind,
    gold: bool,
}

/// Why a text is no board code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardCodeError {
    #[error("a board code is letters and digits (a character {0:?} is neither)")]
    Character(char),
    #[error("a board code is at most {TEXT_MAX} characters")]
    TooLong,
    #[error("this board code has a typo (its check character doesn't match)")]
    Check,
    #[error("this board code deals no island this version knows")]
    Island,
    #[error("this board code is for the {code} map, and these rules play on the {rules} map")]
    Map { code: &'static str, rules: &'static str },
    #[error("this board code is for a {code} board, and these rules deal a {rules} one")]
    Kind { code: &'static str, rules: &'static str },
    #[error("this board code's island {} gold hexes: {}", if *.0 { "has" } else { "has no" }, if *.0 { "add the gold house rule" } else { "leave out the gold house rule" })]
    Gold(bool),
}

impl BoardCode {
    /// The code of a game's island.
    pub fn of(game: &Game) -> BoardCode {
        let config = game.config();
        BoardCode { board: *game.board(), kind: config.board, gold: config.modules.has(Module::Gold) }
    }

    /// Reads a code as `Display` writes it, in any case, with or without its dashes and spaces.
    pub fn parse(text: &str) -> Result<BoardCode, BoardCodeError> {
        if text.len() > TEXT_MAX {
            return Err(BoardCodeError::TooLong);
        }
        let mut values = Vec::new();
        for c in text.chars().filter(|c| !matches!(c, '-' | ' ')) {
            values.push(value_of(c).ok_or(BoardCodeError::Character(c))?);
        }
        let Some((&check, digits)) = values.split_first() else { return Err(BoardCodeError::Island) };
        if check != checksum(digits) {
            return Err(BoardCodeError::Check);
        }
        let mut number = Big::default();
        for &d in digits {
            number.mul_add(32, d);
        }
        decode(&mut number).ok_or(BoardCodeError::Island)
    }

    /// The map the island is on.
    pub fn map(&self) -> MapId {
        self.board.map()
    }
    /// How it was dealt.
    pub fn kind(&self) -> BoardKind {
        self.kind
    }
    /// Whether gold replaced some of its land (R42).
    pub fn gold(&self) -> bool {
        self.gold
    }
    /// The island.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether a game of `config` can be dealt on this island: the same map, the same kind of
    /// deal, gold or not as the code says.
    pub fn fits(&self, config: &Config) -> Result<(), BoardCodeError> {
        if self.map() != config.map {
            return Err(BoardCodeError::Map { code: self.map().name(), rules: config.map.name() });
        }
        if self.kind != config.board {
            return Err(BoardCodeError::Kind { code: kind_name(self.kind), rules: kind_name(config.board) });
        }
        if self.gold != config.modules.has(Module::Gold) {
            return Err(BoardCodeError::Gold(self.gold));
        }
        Ok(())
    }

    /// The digits of the code's number, least significant first, each with its radix.
    fn digits(&self) -> Vec<(u32, u32)> {
        let topo = self.board.topology();
        let map = MapId::ALL.iter().position(|&m| m == self.map()).unwrap_or(0);
        let mut d = vec![(map as u32, MapId::ALL.len() as u32), (kind_index(self.kind), 3), (self.gold as u32, 2)];
        let Pools { terrain, tokens, harbors } = pools(self.map(), self.gold);
        if self.kind == BoardKind::Beginner && topo.beginner.is_some() {
            return d;
        }
        for h in topo.hexes() {
            d.push((index_in(&terrain, &self.board.terrain(h)), terrain.len() as u32));
        }
        for &k in self.board.harbors() {
            d.push((index_in(&harbors, &k), harbors.len() as u32));
        }
        match (self.kind, path_of(&self.board)) {
            (BoardKind::Variable, Some(p)) => d.push((p, topo.token_paths().len() as u32)),
            _ => {
                for h in topo.hexes().filter(|&h| self.board.terrain(h) != Terrain::Desert) {
                    d.push((index_in(&tokens, &self.board.token(h).unwrap_or(0)), tokens.len() as u32));
                }
            }
        }
        d
    }
}

impl fmt::Display for BoardCode {
    /// The check character and the number in base 32, in groups of four: `7M2K-Q0XD-...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A variable board whose tokens follow no spiral (none is dealt so) is written as a
        // random one: the same island.
        let code = if self.kind == BoardKind::Variable && path_of(&self.board).is_none() {
            BoardCode { kind: BoardKind::Random, ..*self }
        } else {
            *self
        };
        let mut number = Big::default();
        for &(digit, radix) in code.digits().iter().rev() {
            number.mul_add(radix, digit);
        }
        let mut digits = Vec::new();
        while !number.is_zero() {
            digits.push(number.div_rem(32));
        }
        digits.reverse();
        let mut text = vec![ALPHABET[checksum(&digits) as usize]];
        text.extend(digits.iter().map(|&d| ALPHABET[d as usize]));
        for (i, chunk) in text.chunks(4).enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            f.write_str(std::str::from_utf8(chunk).map_err(|_| fmt::Error)?)?;
        }
        Ok(())
    }
}

/// The distinct terrains, tokens and harbors a map's deal uses, each sorted.
struct Pools {
    terrain: Vec<Terrain>,
    tokens: Vec<u8>,
    harbors: Vec<HarborKind>,
}

/// The pools of `map`'s deal (its land with gold, R42, when `gold`), whole, not made distinct.
fn whole_pools(map: MapId, gold: bool) -> (Vec<Terrain>, Vec<u8>, Vec<HarborKind>) {
    let topo = map.topology();
    let mut terrain = topo.terrain_pool.clone();
    terrain.sort();
    if gold {
        with_gold_hexes(&mut terrain);
    }
    terrain.sort();
    let mut tokens = topo.tokens.clone();
    tokens.sort();
    let mut harbors = topo.harbor_pool.clone();
    harbors.sort_by_key(|&k| harbor_index(k));
    (terrain, tokens, harbors)
}

fn pools(map: MapId, gold: bool) -> Pools {
    let (mut terrain, mut tokens, mut harbors) = whole_pools(map, gold);
    terrain.dedup();
    tokens.dedup();
    harbors.dedup();
    Pools { terrain, tokens, harbors }
}

/// Reads the digits back into an island; `None` for a number no deal gives.
fn decode(n: &mut Big) -> Option<BoardCode> {
    let map = *MapId::ALL.get(n.div_rem(MapId::ALL.len() as u32) as usize)?;
    let kind = [BoardKind::Variable, BoardKind::Beginner, BoardKind::Random][n.div_rem(3) as usize];
    let gold = n.div_rem(2) == 1;
    let topo = map.topology();
    let edit = if gold { with_gold_hexes } else { |_: &mut [Terrain]| {} };
    if kind == BoardKind::Beginner {
        topo.beginner.as_ref()?;
        // A beginner layout is fixed: its deal draws nothing.
        let board =
            Board::deal(map, kind, false, edit, &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0));
        return n.is_zero().then_some(BoardCode { board, kind, gold });
    }
    let Pools { terrain, tokens, harbors } = pools(map, gold);
    let mut take = |pool_len: usize| -> usize { n.div_rem(pool_len as u32) as usize };
    let land: Vec<Terrain> = topo.hexes().map(|_| terrain[take(terrain.len())]).collect();
    let ports: Vec<HarborKind> = topo.harbor_spots().iter().map(|_| harbors[take(harbors.len())]).collect();
    let mut numbers = vec![0u8; land.len()];
    if kind == BoardKind::Variable {
        let path = topo.token_paths().get(take(topo.token_paths().len()))?;
        let mut pool = topo.tokens.iter();
        for &h in path {
            if land[h.index()] != Terrain::Desert {
                numbers[h.index()] = *pool.next()?;
            }
        }
    } else {
        for (h, t) in land.iter().enumerate() {
            if *t != Terrain::Desert {
                numbers[h] = tokens[take(tokens.len())];
            }
        }
    }
    if !n.is_zero() {
        return None;
    }
    // Only an island the deal could give: the map's pools, each used whole, and no red
    // numbers side by side.
    let (mut t, mut k, mut p) =
        (land.clone(), numbers.iter().copied().filter(|&x| x != 0).collect::<Vec<_>>(), ports.clone());
    t.sort();
    k.sort();
    p.sort_by_key(|&x| harbor_index(x));
    if (t, k, p) != whole_pools(map, gold) {
        return None;
    }
    let robber = Hex(land.iter().position(|&t| t == Terrain::Desert)? as u8);
    let board = Board::from_parts(map, &land, &numbers, &ports, robber);
    (!board.red_numbers_touch()).then_some(BoardCode { board, kind, gold })
}

/// Which of the map's token spirals laid the board's tokens, if one did.
fn path_of(board: &Board) -> Option<u32> {
    let topo = board.topology();
    topo.token_paths()
        .iter()
        .position(|path| {
            let mut pool = topo.tokens.iter();
            path.iter().all(|&h| board.terrain(h) == Terrain::Desert || board.token(h) == pool.next().copied())
        })
        .map(|p| p as u32)
}

fn index_in<T: PartialEq>(pool: &[T], x: &T) -> u32 {
    pool.iter().position(|p| p == x).unwrap_or(0) as u32
}

fn harbor_index(k: HarborKind) -> u8 {
    match k {
        HarborKind::Generic => 0,
        HarborKind::Special(r) => 1 + r as u8,
    }
}

fn kind_index(kind: BoardKind) -> u32 {
    match kind {
        BoardKind::Variable => 0,
        BoardKind::Beginner => 1,
        BoardKind::Random => 2,
    }
}

fn kind_name(kind: BoardKind) -> &'static str {
    match kind {
        BoardKind::Variable => "variable",
        BoardKind::Beginner => "beginner",
        BoardKind::Random => "random",
    }
}

/// A character's value in the alphabet, read as Crockford reads it (O as 0, I and L as 1).
fn value_of(c: char) -> Option<u32> {
    let c = match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        c => c,
    };
    ALPHABET.iter().position(|&a| a as char == c).map(|v| v as u32)
}

/// The check character of the digits: catches any one character changed and any two swapped.
fn checksum(digits: &[u32]) -> u32 {
    digits.iter().enumerate().fold(0u32, |acc, (i, &d)| (acc + (i as u32 % 31 + 1) * d) % 37) % 32
}

/// A number too big for any integer type: base 2^32 limbs, least significant first.
#[derive(Default)]
struct Big(Vec<u32>);

impl Big {
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let x = u64::from(*limb) * u64::from(m) + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }
    fn div_rem(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let x = (rem << 32) | u64::from(*limb);
            *limb = (x / u64::from(d)) as u32;
            rem = x % u64::from(d);
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Modules;

    fn configs() -> Vec<Config> {
        let mut all = Vec::new();
        for players in [3, 4, 5, 6] {
            for board in [BoardKind::Variable, BoardKind::Beginner, BoardKind::Random] {
                let c = Config { board, ..Config::with_players(players) };
                if c.validate().is_ok() {
                    all.push(c);
                    let gold = c.with_modules(Modules::NONE.with(Module::Gold));
                    if gold.validate().is_ok() {
                        all.push(gold);
                    }
                }
            }
        }
        let sea = Config { players: 4, ..Config::on_map(MapId::Archipelago) };
        all.push(sea.with_modules(Modules::SEA.on_map(MapId::Archipelago)));
        all
    }

    /// H7: the code deals the same island, on every map and kind of deal.
    #[test]
    fn h7_a_board_code_deals_the_same_island_again() {
        for config in configs() {
            for seed in 0..40 {
                let game = Game::new(config, seed).unwrap();
                let code = BoardCode::of(&game);
                let text = code.to_string();
                let read = BoardCode::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(read.board(), game.board(), "{text} on {:?}", config.map);
                assert_eq!(read.fits(&config), Ok(()));
                assert_eq!(
                    BoardCode::parse(&text.to_lowercase().replace('-', "")).map(|c| *c.board()),
                    Ok(*game.board())
                );
                let again = Game::new_on(config, seed ^ 0xFFFF, &read).unwrap();
                assert_eq!(again.board(), game.board());
            }
        }
    }

    /// H7: the code says nothing about the draws: games with the same seed and different
    /// islands, and the same island with different seeds, read as the same island only when the
    /// islands are the same.
    #[test]
    fn h7_a_board_code_is_the_island_not_the_seed() {
        let config = Config::with_players(4);
        let a = Game::new(config, 1).unwrap();
        let code = BoardCode::of(&a);
        let b = Game::new_on(config, 2, &code).unwrap();
        assert_eq!(BoardCode::of(&b).to_string(), code.to_string());
        let rng = |g: &Game| serde_json::to_value(g).unwrap()["rng"].clone();
        assert_ne!(rng(&a), rng(&b), "fresh draws");
        assert!(code.to_string().len() <= 24, "{code}: short enough to copy");
    }

    #[test]
    fn a_typo_or_a_foreign_code_is_refused_in_words() {
        let config = Config::with_players(4);
        let text = BoardCode::of(&Game::new(config, 5).unwrap()).to_string();
        let mut typo: Vec<char> = text.chars().collect();
        let i = typo.len() - 1;
        typo[i] = if typo[i] == 'A' { 'B' } else { 'A' };
        let typo: String = typo.into_iter().collect();
        assert!(BoardCode::parse(&typo).is_err());
        assert_eq!(BoardCode::parse("K7#Q"), Err(BoardCodeError::Character('#')));
        assert_eq!(BoardCode::parse(&"A".repeat(500)), Err(BoardCodeError::TooLong));
        assert!(BoardCode::parse("").is_err());
        let six = Config::with_players(6);
        let code = BoardCode::parse(&text).unwrap();
        assert!(matches!(code.fits(&six), Err(BoardCodeError::Map { .. })));
        let random = Config { board: BoardKind::Random, ..config };
        assert!(matches!(code.fits(&random), Err(BoardCodeError::Kind { .. })));
        assert!(Game::new_on(six, 1, &code).is_err());
    }

    /// No text panics the reader, and any it accepts is an island the deal could give.
    #[test]
    fn any_text_is_read_or_refused() {
        let mut rng = crate::bots::SplitMix64::new(3);
        for _ in 0..20_000 {
            let len = (rng.next_u64() % 40) as usize;
            let text: String = (0..len).map(|_| ALPHABET[(rng.next_u64() % 32) as usize] as char).collect();
            if let Ok(code) = BoardCode::parse(&text) {
                assert!(code.board().validate().is_ok());
            }
        }
    }
}
