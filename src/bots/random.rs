//! The random player: uniform over the legal actions, never offering domestic trades.
//!
//! With the dragon (R43) on, two biases keep its games finishing: it builds a settlement, city
//! or castle whenever one is legal, and among those it takes one off the gold hexes when it can
//! (set-up included); otherwise it is uniform. Uniform play builds more slowly than the dragon,
//! fed by the gold its buildings produce, knocks the leader's buildings down: a table of random
//! players empties the island (a player with no building produces nothing and never builds
//! again) in about one game in six. Without the dragon its choices are unchanged.

use crate::engine::{Action, ActionList, Module, PlayerView};

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

/// Picks uniformly among the legal actions; with the dragon on, among the buildings first (see
/// the module's documentation). Without the dragon its choices are the base game's yardstick:
/// they must not change.
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

    /// The same player seeded anew, as [`RandomBot::new`] with `seed` would be, keeping its
    /// buffer (a simulation of thousands of games makes its list of actions once).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
    }

    /// The action to play now for the view's seat, or `None` when it has nothing to do (the
    /// game is over, or another player must act). It sees only the seat's legal actions.
    #[inline(always)]
    pub fn choose(&mut self, view: PlayerView<'_>) -> Option<Action> {
        view.legal_actions_into(&mut self.buffer);
        if self.buffer.is_empty() {
            return None;
        }
        // One test of a module bit: the dragon's biases live out of the base game's way.
        let i = if view.config().modules.has(Module::Dragon) {
            self.dragon_pick(&view)
        } else {
            self.rng.below(self.buffer.len())
        };
        Some(self.buffer[i])
    }

    /// With the dragon on, the index of the action to play: a building if one is legal
    /// ([`dragon_building`]), else any action, uniformly.
    #[cold]
    #[inline(never)]
    fn dragon_pick(&mut self, view: &PlayerView<'_>) -> usize {
        match dragon_building(view, &self.buffer, &mut self.rng) {
            Some(i) => i,
            None => self.rng.below(self.buffer.len()),
        }
    }
}

/// The random player's bias with the dragon (R43) on: the index in `actions` of a legal
/// settlement, city or castle, picked uniformly among those off the gold hexes if there are
/// any, else among all of them; `None` (drawing nothing) when no building is legal. Shared with
/// the random players of the property tests.
pub fn dragon_building(view: &PlayerView<'_>, actions: &[Action], rng: &mut SplitMix64) -> Option<usize> {
    // For each building: whether it touches a gold hex.
    let on_gold = |a: &Action| match *a {
        Action::BuildSettlement(v) | Action::BuildCity(v) | Action::BuildCastle(v) => {
            Some(super::gold_hexes(view, v).next().is_some())
        }
        _ => None,
    };
    let (mut off, mut on) = (0, 0);
    for a in actions {
        match on_gold(a) {
            Some(false) => off += 1,
            Some(true) => on += 1,
            None => {}
        }
    }
    let (gold, count) = if off > 0 { (false, off) } else { (true, on) };
    if count == 0 {
        return None;
    }
    let pick = rng.below(count);
    actions.iter().enumerate().filter(|(_, a)| on_gold(a) == Some(gold)).nth(pick).map(|(i, _)| i)
}

impl super::Bot for RandomBot {
    fn choose(&mut self, view: PlayerView<'_>) -> Action {
        let action = RandomBot::choose(self, view).expect("a bot is asked only when its seat must act");
        // An accept is legal at the player's word (RULES H4); a bot's word is good: it declines
        // what it can't pay, drawing as many numbers as when such an accept was illegal.
        if action == Action::AcceptTrade && super::cannot_pay(&view) { Action::DeclineTrade } else { action }
    }
    fn level(&self) -> super::BotLevel {
        super::BotLevel::Random
    }
}
