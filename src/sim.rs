//! Headless games between random players, for statistics and speed figures; and the limits
//! every headless game shares (`catan arena`'s, the recorded games of `save`).

use std::time::Instant;

use serde::Serialize;

use crate::bots::RandomBot;
use crate::engine::{Config, Game, NoEvents};

/// Turns after which a game between computer players is abandoned, unfinished: `catan
/// simulate`'s, its recorded twin's ([`crate::save::play_random`]) and `catan arena`'s. Random
/// players in the base game almost never get there, bots finish long before; it stops the games
/// that may never end: attacks without phases (R56 without R57), where units can take and retake
/// the same buildings.
pub const TURN_LIMIT: u32 = 5000;

/// How `catan arena` and `catan simulate` count wins, in their text and JSON.
pub const WINS_COUNTED: &str = "a shared win (R57) counts for each player sharing it";

/// What a batch of simulated games gave.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub games: u64,
    pub seed: u64,
    pub players: u8,
    /// Games that reached [`TURN_LIMIT`] without a winner.
    pub unfinished: u64,
    pub mean_turns: f64,
    pub mean_actions: f64,
    /// Wins by seat (a shared win, R57, counts for each player sharing it).
    pub wins: Vec<u64>,
    /// How wins are counted ([`WINS_COUNTED`]): the wins may add up to more
    /// than the games.
    pub wins_counted: &'static str,
    /// Games won by more than one player (R57).
    pub shared_wins: u64,
    pub seconds: f64,
    pub games_per_second: f64,
    pub ns_per_action: f64,
}

/// One game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub game: Game,
    pub actions: u64,
}

/// Plays one game of random players; game `seed` also seeds the players.
pub fn play_one(config: Config, seed: u64) -> Outcome {
    play_with(&mut RandomBot::new(0), config, seed)
}

/// [`play_one`] with a random player made once for many games, seeded anew for this one.
fn play_with(bot: &mut RandomBot, config: Config, seed: u64) -> Outcome {
    let mut game = Game::new(config, seed).expect("a valid configuration");
    bot.reseed(seed ^ 0x005E_ED0F_B075);
    let mut actions = 0;
    while game.turn_number() < TURN_LIMIT {
        let Some(action) = bot.choose(game.acting_view()) else { break };
        game.apply_unchecked(action, &mut NoEvents);
        actions += 1;
    }
    Outcome { game, actions }
}

/// Plays `games` games with seeds `seed`, `seed + 1`, ...
pub fn simulate(config: Config, games: u64, seed: u64) -> Report {
    let start = Instant::now();
    let mut wins = vec![0; config.players as usize];
    let (mut turns, mut actions, mut unfinished, mut shared) = (0u64, 0u64, 0u64, 0u64);
    let mut bot = RandomBot::new(0);
    for i in 0..games {
        let out = play_with(&mut bot, config, seed.wrapping_add(i));
        turns += out.game.turn_number() as u64;
        actions += out.actions;
        // A shared win (R57) counts for every player sharing it.
        let won = out.game.winners();
        if won.is_empty() {
            unfinished += 1;
        }
        shared += u64::from(won.iter().nth(1).is_some());
        for w in won.iter() {
            wins[w.index()] += 1;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let g = games.max(1) as f64;
    Report {
        games,
        seed,
        players: config.players,
        unfinished,
        mean_turns: turns as f64 / g,
        mean_actions: actions as f64 / g,
        wins,
        wins_counted: WINS_COUNTED,
        shared_wins: shared,
        seconds,
        games_per_second: games as f64 / seconds,
        ns_per_action: seconds * 1e9 / actions.max(1) as f64,
    }
}
