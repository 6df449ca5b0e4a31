//! Shared by the bot tests (tests/bots*.rs): the bots they seat.

use catan::bots::{self, Bot, BotLevel, HardBot};
use std::time::Duration;

/// A bot of `level` for these tests: the hard and expert players search two worlds a decision
/// with time to spare, so their decisions do not hang on the clock and the tests stay quick.
pub fn make(level: BotLevel, seed: u64) -> Box<dyn Bot> {
    match level {
        BotLevel::Hard => {
            let mut bot = HardBot::new(seed).with_worlds(2);
            bot.set_time(Duration::from_secs(3));
            Box::new(bot)
        }
        // The advice's first move, likewise in two worlds with time to spare.
        BotLevel::Expert => {
            let mut bot = bots::ExpertBot::new(seed).with_worlds(2);
            bot.set_time(Duration::from_secs(3));
            Box::new(bot)
        }
        _ => bots::make(level, seed),
    }
}

/// Plays game `seed` under `config` with a bot of `level` (each decision within 20 ms) in every
/// seat until it ends or reaches `turn_limit`, failing on an illegal action or a turn stuck for
/// 2,000 actions. Returns the game as it stopped.
pub fn play_bots(level: BotLevel, seed: u64, config: catan::engine::Config, turn_limit: u32) -> catan::engine::Game {
    let mut game = catan::engine::Game::new(config, seed).unwrap();
    let mut seats: Vec<_> = game.seats().map(|s| bots::make(level, seed * 8 + s.0 as u64)).collect();
    for bot in &mut seats {
        bot.set_time(Duration::from_millis(20));
    }
    let (mut turn, mut in_turn) = (0, 0);
    while !game.is_over() && game.turn_number() < turn_limit {
        if game.turn_number() != turn {
            (turn, in_turn) = (game.turn_number(), 0);
        }
        in_turn += 1;
        assert!(in_turn < 2000, "{level} seed {seed}: stuck in turn {turn}");
        let view = game.acting_view();
        let action = seats[view.seat().index()].choose(view);
        if let Err(e) = game.apply(action) {
            panic!("{level} seed {seed} turn {turn}: {action:?} is illegal: {e} ({:?})", game.phase());
        }
    }
    game
}
