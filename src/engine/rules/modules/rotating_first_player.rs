//! R46 `rotating_first_player`: after set-up play goes in rounds; round `k` (from 0) starts
//! with the seat `k` after the starting player and goes round once in seat order, so the first
//! player of a round is the last of the next. The round number is public.
//!
//! With paired players (R40a) a turn is still one step of the round; the Special Building
//! Phase (R40) still goes round from the player after the one whose turn ended.

use crate::engine::action::Seat;
use crate::engine::config::Module;
use crate::engine::game::Game;

impl Game {
    /// Who plays the turn after the one `s` played (R13; R46 with rotating first player).
    #[inline(always)]
    pub(in crate::engine::rules) fn next_turn_seat(&self, s: Seat) -> Seat {
        if self.config.modules.has(Module::RotatingFirstPlayer) {
            return self.seat_of_turn(self.turn.number + 1);
        }
        let next = s.0 + 1;
        Seat(if next == self.config.players { 0 } else { next })
    }

    /// R46: the seat that plays turn `number` (from 1).
    fn seat_of_turn(&self, number: u32) -> Seat {
        let n = self.config.players as u32;
        let t = number.saturating_sub(1);
        Seat(((self.first.0 as u32 + t / n + t % n) % n) as u8)
    }

    /// R46: the round in progress, from 0 (`None` without rotating first player or in set-up).
    pub fn round(&self) -> Option<u32> {
        let on = self.config.modules.has(Module::RotatingFirstPlayer) && self.turn.number > 0;
        on.then(|| (self.turn.number - 1) / self.config.players as u32)
    }

    /// R46: this round's order of play, first to last (`None` as for [`Game::round`]).
    pub fn round_order(&self) -> Option<Vec<Seat>> {
        let round = self.round()?;
        let n = self.config.players as u32;
        Some((0..n).map(|i| self.seat_of_turn(round * n + i + 1)).collect())
    }
}
