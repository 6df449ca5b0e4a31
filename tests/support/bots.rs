//! Shared by the bot tests (tests/bots*.rs): the bots they seat.

use catan::bots::{self, Bot, BotLevel, HardBot};
use std::time::Duration;

/// A bot of `level` for these tests: the hard player searches two worlds a decision with time to
/// spare, so its decisions do not hang on the clock and the tests stay quick.
pub fn make(level: BotLevel, seed: u64) -> Box<dyn Bot> {
    match level {
        BotLevel::Hard => {
            let mut bot = HardBot::new(seed).with_worlds(2);
            bot.set_time(Duration::from_secs(3));
            Box::new(bot)
        }
        _ => bots::make(level, seed),
    }
}
