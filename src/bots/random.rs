//! The random player: uniform over the legal actions, never offering domestic trades.

use crate::engine::{Action, ActionList, PlayerView};

/// A tiny, portable, seeded generator (SplitMix64) for choices made outside the rules.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (n > 0), by multiply-shift.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// So a bot's generator can deal determinized games ([`PlayerView::determinize`]).
impl rand::RngCore for SplitMix64 {
    fn next_u32(&mut self) -> u32 {
        (SplitMix64::next_u64(self) >> 32) as u32
    }
    fn next_u64(&mut self) -> u64 {
        SplitMix64::next_u64(self)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let bytes = SplitMix64::next_u64(self).to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

/// Picks uniformly among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SplitMix64,
    buffer: ActionList,
}

impl RandomBot {
    /// A random player seeded for repeatable games.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: SplitMix64::new(seed), buffer: ActionList::new() }
    }

    /// The action to play now for the view's seat, or `None` when it has nothing to do (the
    /// game is over, or another player must act). It sees only the seat's legal actions.
    #[inline(always)]
    pub fn choose(&mut self, view: PlayerView<'_>) -> Option<Action> {
        view.legal_actions_into(&mut self.buffer);
        if self.buffer.is_empty() {
            return None;
        }
        Some(self.buffer[self.rng.below(self.buffer.len())])
    }
}

impl super::Bot for RandomBot {
    fn choose(&mut self, view: PlayerView<'_>) -> Action {
        RandomBot::choose(self, view).expect("a bot is asked only when its seat must act")
    }
    fn level(&self) -> super::BotLevel {
        super::BotLevel::Random
    }
}
