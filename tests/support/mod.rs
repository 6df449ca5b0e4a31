//! What the test binaries share, in one place: each binary says `mod support;` and takes the
//! parts it needs.
//!
//! - `config`: the rules of random game `seed` (every option, and house rules every third game)
//! - `records`: recorded random games, and rules at the limits the loader accepts
//! - `hidden`: two games that differ only in what one seat can't see (H1, H2)
//! - `board`: the beginner board by name, scenarios on it, and `play`/`refused` for rules tests
//! - `screen`: screens as text, keys by name, an app holding a game
//! - `pty`: the real binary in a pseudo-terminal
//! - `bots`: the bots the bot tests seat, and a game they play to its end
//! - `random_play`: random games with the unit modules, and the checks every one gets
//! - `cli`: the real binary with its output piped
//! - `files`: throw-away folders
//! - `fuzz`: how many inputs a random-input property tries (`FUZZ_CASES`)
//! - `walk`: a game played by seeded random legal actions to the position a test wants
//! - `positions`: the positions the screen tests walk to, saved as fixtures
//! - `region`: one part of a drawn screen (board, panels, footer, dialog) as text
#![allow(dead_code)] // each test binary uses a different part of this

#[macro_use]
pub mod board;
pub mod bots;
pub mod cli;
pub mod config;
pub mod files;
pub mod fuzz;
pub mod hidden;
pub mod positions;
#[cfg(unix)]
pub mod pty;
pub mod random_play;
pub mod records;
pub mod region;
pub mod screen;
pub mod walk;
