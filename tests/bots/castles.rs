//! R44 castles with every bot level (issue 16): bots choose among the legal actions, so they
//! must play games with castles (and the other house rules of this version) legally to the
//! end, and find castles worth building.

use crate::support::bots::make;
use catan::bots::{Bot, BotLevel};
use catan::engine::{Action, Config, Game, Module, Modules};

/// Plays `games` games of bots of `level` with castles on (and, every other game, every house
/// rule of this version), each action checked; returns the castles built.
fn castles_built(level: BotLevel, games: u64) -> usize {
    let mut built = 0;
    for seed in 0..games {
        let modules = if seed % 2 == 0 { Modules::NONE.with(Module::Castles) } else { Modules::LAND };
        let config = Config::with_players(3 + (seed % 2) as u8).with_modules(modules);
        let mut game = Game::new(config, seed).unwrap();
        let mut seats: Vec<Box<dyn Bot>> = game.seats().map(|s| make(level, seed * 8 + s.0 as u64)).collect();
        while !game.is_over() {
            assert!(game.turn_number() < 3000, "{level} seed {seed}: stalled");
            let view = game.acting_view();
            let action = seats[view.seat().index()].choose(view);
            built += matches!(action, Action::BuildCastle(_)) as usize;
            if let Err(e) = game.apply(action) {
                panic!("{level} seed {seed}: {action:?} is illegal: {e} ({:?})", game.phase());
            }
        }
    }
    eprintln!("{level}: {built} castles in {games} games");
    built
}

#[test]
fn r44_random_bots_play_castles_to_the_end() {
    assert!(castles_built(BotLevel::Random, 40) > 0);
}

#[test]
fn r44_easy_bots_play_castles_to_the_end_and_build_them() {
    assert!(castles_built(BotLevel::Easy, 20) > 0);
}

#[test]
fn r44_medium_bots_play_castles_to_the_end_and_build_them() {
    assert!(castles_built(BotLevel::Medium, 20) > 0);
}

#[test]
fn r44_alphabeta_bots_play_castles_to_the_end_and_build_them() {
    assert!(castles_built(BotLevel::Alphabeta, 6) > 0);
}

#[test]
fn r44_hard_bots_play_castles_to_the_end_and_build_them() {
    assert!(castles_built(BotLevel::Hard, 4) > 0);
}
