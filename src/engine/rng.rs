//! The game's one random number generator: the ChaCha8 stream of `rand_chacha`, kept compact.
//!
//! `ChaCha8Rng` carries a 256-byte buffer, which would make up a third of a [`Game`](super::Game)
//! and slow down every clone (bots clone games millions of times). This type holds the seed,
//! the position in the stream and the one 16-word ChaCha block the position is in, computed here
//! (with SSE2 on x86_64; `ChaCha8Rng` computes four blocks at a time, wasted on a game that draws
//! a few words a turn).
//! It yields exactly the words `ChaCha8Rng` would (a test holds it to that), and it is saved in
//! the same form (`seed`, `stream`, `word_pos`), so a game is the same game either way.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

const WINDOW: usize = 16;

/// A compact, portable, seeded ChaCha8 generator.
#[derive(Clone, Copy, Debug)]
pub struct GameRng {
    seed: [u8; 32],
    stream: u64,
    /// Stream position of the next word to draw.
    pos: u64,
    /// The words at `pos..`, the last `left` of the window.
    window: [u32; WINDOW],
    left: u8,
}

impl GameRng {
    /// The generator `ChaCha8Rng::seed_from_u64(seed)` would be.
    pub fn seed_from_u64(seed: u64) -> GameRng {
        GameRng::from(ChaCha8Rng::seed_from_u64(seed))
    }

    /// Position in the stream of the next word to be drawn.
    pub fn word_pos(&self) -> u64 {
        self.pos
    }

    /// The generator's state: its seed, its stream and the position of the next word.
    pub(crate) fn parts(&self) -> ([u8; 32], u64, u64) {
        (self.seed, self.stream, self.pos)
    }

    /// The generator at a state given by [`GameRng::parts`].
    pub(crate) fn from_parts(seed: [u8; 32], stream: u64, word_pos: u64) -> GameRng {
        GameRng::at(seed, stream, word_pos)
    }

    /// One die, 1 to 6: exactly the draw of `random_range(1..=6u8)` in rand 0.9 (a 32-bit word
    /// times 6, the high half; a second word only in the rare case the low half may be biased),
    /// which a test holds it to. Written out because the generic path costs a third of a roll.
    #[inline]
    pub(crate) fn die(&mut self) -> u8 {
        die_from(|| self.next_u32())
    }

    fn at(seed: [u8; 32], stream: u64, pos: u64) -> GameRng {
        GameRng { seed, stream, pos, window: [0; WINDOW], left: 0 }
    }

    /// Loads the block holding `pos`, positioned at `pos`.
    fn refill(&mut self) {
        self.window = chacha8_block(&self.seed, self.pos / WINDOW as u64, self.stream);
        self.left = (WINDOW - (self.pos % WINDOW as u64) as usize) as u8;
    }
}

/// A die from a source of 32-bit words (see [`GameRng::die`]).
#[inline(always)]
fn die_from(mut word: impl FnMut() -> u32) -> u8 {
    let wide = word() as u64 * 6;
    let (mut result, low) = ((wide >> 32) as u32, wide as u32);
    if low > 6u32.wrapping_neg() {
        let extra = ((word() as u64 * 6) >> 32) as u32;
        result += low.checked_add(extra).is_none() as u32;
    }
    1 + result as u8
}

/// "expand 32-byte k", the ChaCha constants.
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// Block `counter` of the ChaCha stream with 8 rounds, the 64-bit counter in words 12-13 and
/// the stream number in words 14-15, as `rand_chacha` lays them out.
#[inline]
fn chacha8_block(seed: &[u8; 32], counter: u64, stream: u64) -> [u32; WINDOW] {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of the x86_64 baseline; every x86_64 processor has it.
    return unsafe { sse2::chacha8_block(seed, counter, stream) };
    #[cfg(not(target_arch = "x86_64"))]
    return chacha8_block_scalar(seed, counter, stream);
}

/// [`chacha8_block`] one word at a time, for processors without SSE2 (and to test it against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn chacha8_block_scalar(seed: &[u8; 32], counter: u64, stream: u64) -> [u32; WINDOW] {
    let mut input = [0u32; WINDOW];
    input[..4].copy_from_slice(&SIGMA);
    for (w, bytes) in input[4..12].iter_mut().zip(seed.chunks_exact(4)) {
        *w = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    }
    input[12..].copy_from_slice(&[counter as u32, (counter >> 32) as u32, stream as u32, (stream >> 32) as u32]);
    let mut x = input;
    for _ in 0..4 {
        quarter(&mut x, 0, 4, 8, 12);
        quarter(&mut x, 1, 5, 9, 13);
        quarter(&mut x, 2, 6, 10, 14);
        quarter(&mut x, 3, 7, 11, 15);
        quarter(&mut x, 0, 5, 10, 15);
        quarter(&mut x, 1, 6, 11, 12);
        quarter(&mut x, 2, 7, 8, 13);
        quarter(&mut x, 3, 4, 9, 14);
    }
    for (w, i) in x.iter_mut().zip(input) {
        *w = w.wrapping_add(i);
    }
    x
}

#[inline(always)]
fn quarter(x: &mut [u32; WINDOW], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(16);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(12);
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(8);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(7);
}

/// The block with the state as four rows of four words in SSE2 registers, as the usual SIMD
/// implementations do: a column round works on whole rows, and a diagonal round is a column
/// round on rows turned by one, two and three words. About a third of the instructions of the
/// word-at-a-time block.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::*;

    use super::{SIGMA, WINDOW};

    #[target_feature(enable = "sse2")]
    pub(super) fn chacha8_block(seed: &[u8; 32], counter: u64, stream: u64) -> [u32; WINDOW] {
        let word = |i: usize| i32::from_le_bytes([seed[4 * i], seed[4 * i + 1], seed[4 * i + 2], seed[4 * i + 3]]);
        let row = |w: [u32; 4]| _mm_set_epi32(w[3] as i32, w[2] as i32, w[1] as i32, w[0] as i32);
        let input = [
            row(SIGMA),
            _mm_set_epi32(word(3), word(2), word(1), word(0)),
            _mm_set_epi32(word(7), word(6), word(5), word(4)),
            row([counter as u32, (counter >> 32) as u32, stream as u32, (stream >> 32) as u32]),
        ];
        let [mut a, mut b, mut c, mut d] = input;
        for _ in 0..4 {
            (a, b, c, d) = quarter(a, b, c, d);
            // Turn rows 1-3 left by 1, 2, 3 words: the diagonals become columns.
            b = _mm_shuffle_epi32::<0b00_11_10_01>(b);
            c = _mm_shuffle_epi32::<0b01_00_11_10>(c);
            d = _mm_shuffle_epi32::<0b10_01_00_11>(d);
            (a, b, c, d) = quarter(a, b, c, d);
            b = _mm_shuffle_epi32::<0b10_01_00_11>(b);
            c = _mm_shuffle_epi32::<0b01_00_11_10>(c);
            d = _mm_shuffle_epi32::<0b00_11_10_01>(d);
        }
        let mut out = [0; WINDOW];
        for (i, (r, start)) in [a, b, c, d].into_iter().zip(input).enumerate() {
            let r = _mm_add_epi32(r, start);
            let lo = _mm_cvtsi128_si64(r) as u64;
            let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(r, r)) as u64;
            out[4 * i..4 * i + 4].copy_from_slice(&[lo as u32, (lo >> 32) as u32, hi as u32, (hi >> 32) as u32]);
        }
        out
    }

    #[target_feature(enable = "sse2")]
    fn quarter(a: __m128i, b: __m128i, c: __m128i, d: __m128i) -> (__m128i, __m128i, __m128i, __m128i) {
        let a = _mm_add_epi32(a, b);
        let d = rotate::<16, 16>(_mm_xor_si128(d, a));
        let c = _mm_add_epi32(c, d);
        let b = rotate::<12, 20>(_mm_xor_si128(b, c));
        let a = _mm_add_epi32(a, b);
        let d = rotate::<8, 24>(_mm_xor_si128(d, a));
        let c = _mm_add_epi32(c, d);
        let b = rotate::<7, 25>(_mm_xor_si128(b, c));
        (a, b, c, d)
    }

    /// Each word rotated left by `L` bits (`R` = 32 - `L`).
    #[target_feature(enable = "sse2")]
    fn rotate<const L: i32, const R: i32>(x: __m128i) -> __m128i {
        _mm_or_si128(_mm_slli_epi32::<L>(x), _mm_srli_epi32::<R>(x))
    }
}

impl From<ChaCha8Rng> for GameRng {
    fn from(rng: ChaCha8Rng) -> GameRng {
        GameRng::at(rng.get_seed(), rng.get_stream(), rng.get_word_pos() as u64)
    }
}

impl RngCore for GameRng {
    #[inline]
    fn next_u32(&mut self) -> u32 {
        if self.left == 0 {
            self.refill();
        }
        let w = self.window[WINDOW - self.left as usize];
        self.left -= 1;
        self.pos += 1;
        w
    }

    fn next_u64(&mut self) -> u64 {
        // As `ChaCha8Rng` does: the low half is the earlier word.
        let lo = self.next_u32() as u64;
        let hi = self.next_u32() as u64;
        hi << 32 | lo
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        // Byte draws are not used by the engine; keep them in step with `ChaCha8Rng` anyway.
        let mut rng = ChaCha8Rng::from_seed(self.seed);
        rng.set_stream(self.stream);
        rng.set_word_pos(self.word_pos() as u128);
        rng.fill_bytes(dest);
        *self = GameRng::from(rng);
    }
}

/// Two generators are equal when they will draw the same words, whatever their windows hold.
impl PartialEq for GameRng {
    fn eq(&self, other: &GameRng) -> bool {
        self.seed == other.seed && self.stream == other.stream && self.word_pos() == other.word_pos()
    }
}

impl Eq for GameRng {}

/// The saved form, the same as `ChaCha8Rng`'s.
#[derive(Serialize, Deserialize)]
struct Saved {
    seed: [u8; 32],
    stream: u64,
    word_pos: u128,
}

impl Serialize for GameRng {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Saved { seed: self.seed, stream: self.stream, word_pos: self.word_pos() as u128 }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameRng, D::Error> {
        let saved = Saved::deserialize(d)?;
        let pos = u64::try_from(saved.word_pos).map_err(|_| serde::de::Error::custom("word_pos is out of range"))?;
        Ok(GameRng::at(saved.seed, saved.stream, pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_block_is_the_word_at_a_time_block() {
        let mut r = crate::bots::SplitMix64::new(5);
        for _ in 0..1000 {
            let seed: [u8; 32] = std::array::from_fn(|_| r.next_u64() as u8);
            let (counter, stream) = (r.next_u64() >> (r.next_u64() % 64), r.next_u64() >> (r.next_u64() % 64));
            assert_eq!(chacha8_block(&seed, counter, stream), chacha8_block_scalar(&seed, counter, stream));
        }
    }

    #[test]
    fn draws_the_same_words_as_chacha8() {
        let mut ours = GameRng::seed_from_u64(42);
        let mut theirs = ChaCha8Rng::seed_from_u64(42);
        for i in 0..1000 {
            if i % 7 == 0 {
                assert_eq!(ours.next_u64(), theirs.next_u64());
            } else {
                assert_eq!(ours.next_u32(), theirs.next_u32());
            }
            assert_eq!(ours.word_pos() as u128, theirs.get_word_pos());
        }
    }

    #[test]
    fn draws_the_same_words_as_chacha8_on_other_streams_and_positions() {
        for (seed, stream, pos) in [(1u64, 0u64, 0u64), (2, 5, 17), (3, u64::MAX, 1 << 40), (4, 1 << 33, (1 << 36) - 3)]
        {
            let mut theirs = ChaCha8Rng::seed_from_u64(seed);
            theirs.set_stream(stream);
            theirs.set_word_pos(pos as u128);
            let mut ours = GameRng::from(theirs.clone());
            for _ in 0..100 {
                assert_eq!(ours.next_u32(), theirs.next_u32(), "seed {seed}, stream {stream}, from {pos}");
            }
        }
    }

    #[test]
    fn a_die_is_drawn_as_rand_draws_one() {
        use rand::Rng;
        let mut ours = GameRng::seed_from_u64(3);
        let mut theirs = ChaCha8Rng::seed_from_u64(3);
        let mut seen = [0u32; 7];
        for _ in 0..200_000 {
            let d = ours.die();
            assert_eq!(d, theirs.random_range(1..=6u8));
            seen[d as usize] += 1;
        }
        assert_eq!(ours.word_pos() as u128, theirs.get_word_pos());
        assert!(seen[1..].iter().all(|&n| n > 30_000), "{seen:?}");
    }

    /// Words handed out from a list, to reach the rare second draw on purpose.
    struct Words(Vec<u32>);

    impl RngCore for Words {
        fn next_u32(&mut self) -> u32 {
            self.0.remove(0)
        }
        fn next_u64(&mut self) -> u64 {
            let lo = self.next_u32() as u64;
            (self.next_u32() as u64) << 32 | lo
        }
        fn fill_bytes(&mut self, _: &mut [u8]) {
            unreachable!("dice draw words")
        }
    }

    /// Words whose low half lands in the top 5 of the range take a second word, which may
    /// carry into the result: both cases are drawn as rand draws them.
    #[test]
    fn a_die_takes_a_second_word_when_rand_does() {
        use rand::Rng;
        let biased: Vec<u32> = (1..6u64)
            .flat_map(|k| {
                let w = ((k << 32) / 6) as u32;
                [w.wrapping_sub(1), w, w.wrapping_add(1)]
            })
            .filter(|&w| (w as u64 * 6) as u32 > 6u32.wrapping_neg())
            .collect();
        assert_eq!(biased.len(), 4, "{biased:?}"); // 6w = k * 2^32 - j, j <= 5: k = 1, 2, 4, 5
        for &first in &biased {
            for second in [0, 1, u32::MAX / 2, u32::MAX - 1, u32::MAX] {
                let mut theirs = Words(vec![first, second]);
                let expected = theirs.random_range(1..=6u8);
                let mut ours = Words(vec![first, second]);
                assert_eq!(die_from(|| ours.next_u32()), expected, "words {first:#x}, {second:#x}");
                assert_eq!(ours.0.len(), theirs.0.len());
            }
        }
    }

    #[test]
    fn saves_like_chacha8_and_resumes_mid_window() {
        let mut ours = GameRng::seed_from_u64(7);
        let mut theirs = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..21 {
            ours.next_u32();
            theirs.next_u32();
        }
        let saved = serde_json::to_string(&ours).unwrap();
        assert_eq!(saved, serde_json::to_string(&theirs).unwrap());
        let mut back: GameRng = serde_json::from_str(&saved).unwrap();
        assert_eq!(back, ours);
        assert_eq!(back.next_u32(), theirs.next_u32());
    }
}
