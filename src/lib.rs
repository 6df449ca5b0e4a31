//! `catan`: the Settlers of Catan base game, as a pure rules engine and a terminal front end.
//!
//! A whole game in a few lines: deal from a seed, then play any legal action until someone wins.
//!
//! ```
//! use catan::engine::{Config, Game};
//!
//! let mut game = Game::new(Config::default(), 42).unwrap();
//! let mut pick = 0usize;
//! while !game.is_over() {
//!     let actions = game.legal_actions();
//!     pick = pick.wrapping_mul(31).wrapping_add(7);
//!     game.apply(actions[pick % actions.len()]).unwrap();
//! }
//! let winner = game.winner().unwrap();
//! assert!(game.view(winner).victory_points() >= 10);
//! ```
//!
//! The engine ([`engine`]) answers three questions: who must act ([`engine::Game::to_act`]),
//! what they may do ([`engine::Game::legal_actions`], [`engine::Game::check`]) and what
//! happened ([`engine::Game::apply`] returns [`engine::Event`]s, or a [`engine::RuleError`]
//! saying why, leaving the game untouched).

// The library's own tests share the integration tests' support files that name the crate
// `catan` (the scenario walk, tests/support/walk.rs): one copy of each.
#[cfg(test)]
extern crate self as catan;

pub mod arena;
pub mod bots;
pub mod engine;
#[cfg(feature = "ssh")]
pub mod host;
pub mod lines;
pub mod protocol;
pub mod save;
pub mod sim;
pub mod text;
#[cfg(feature = "tui")]
pub mod tui;
