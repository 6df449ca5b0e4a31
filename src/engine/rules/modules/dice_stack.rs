//! R47 `dice_stack`: rolls come from a stack of 36 cards, one for each ordered pair of dice;
//! each roll takes the top card, and after the 36th a full stack is shuffled again. The start
//! roll (R10) still uses dice.
//!
//! The game keeps the *set* of cards left, not their order: each roll draws one of them
//! uniformly with the game's RNG, which is the same as shuffling the stack with that RNG and
//! taking the top card. So the order exists nowhere but in the seeded RNG (saved with the game,
//! and never in a [`PlayerView`](crate::engine::PlayerView), which tells only how many cards are
//! left); the set of cards left is public, as everyone saw the rolls since the last shuffle.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::engine::config::Module;
use crate::engine::game::Game;

/// The cards left in the dice stack: bit `6 * (a - 1) + (b - 1)` for the card of dice
/// `[a, b]`. No bit set means the stack is spent, or not yet dealt: the next roll shuffles a
/// full stack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DiceStack(pub u64);

impl DiceStack {
    /// Cards in a full stack.
    pub const CARDS: u32 = 36;
    const FULL: u64 = (1 << Self::CARDS) - 1;

    /// Cards left before the next shuffle (a spent stack is shuffled full at the next roll).
    pub fn left(self) -> u32 {
        if self.0 == 0 { Self::CARDS } else { self.0.count_ones() }
    }

    /// True when the card of `dice` is still in the stack.
    pub fn holds(self, dice: [u8; 2]) -> bool {
        self.0 == 0 || self.0 >> card(dice) & 1 == 1
    }

    /// True when this is a possible stack: only the 36 cards.
    pub fn is_valid(self) -> bool {
        self.0 & !Self::FULL == 0
    }
}

/// The card of a pair of dice.
fn card(dice: [u8; 2]) -> u32 {
    6 * (dice[0] as u32 - 1) + (dice[1] as u32 - 1)
}

impl Game {
    /// The dice of a roll: two dice, or with R47 the next card of the stack.
    #[inline(always)]
    pub(in crate::engine::rules) fn throw_dice(&mut self) -> [u8; 2] {
        if self.config.modules.has(Module::DiceStack) {
            return self.draw_dice_card();
        }
        [self.rng.die(), self.rng.die()]
    }

    #[inline(never)]
    fn draw_dice_card(&mut self) -> [u8; 2] {
        let stack = &mut self.house.dice_stack;
        if stack.0 == 0 {
            stack.0 = DiceStack::FULL;
        }
        let mut k = self.rng.random_range(0..stack.0.count_ones());
        let mut bits = stack.0;
        while k > 0 {
            bits &= bits - 1;
            k -= 1;
        }
        let i = bits.trailing_zeros();
        stack.0 &= !(1 << i);
        [(i / 6) as u8 + 1, (i % 6) as u8 + 1]
    }

    /// R47: the cards left in the dice stack (its order is nowhere to be read).
    pub fn dice_stack(&self) -> Option<DiceStack> {
        self.config.modules.has(Module::DiceStack).then_some(self.house.dice_stack)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_is_a_pair_of_dice() {
        let mut seen = 0u64;
        for a in 1..=6 {
            for b in 1..=6 {
                seen |= 1 << card([a, b]);
            }
        }
        assert_eq!(seen, DiceStack::FULL);
        assert_eq!(DiceStack::default().left(), 36);
        assert!(!DiceStack(1 << 36).is_valid());
    }
}
