//! The properties behind the fuzz targets, one module per target: each `run` takes the fuzzer's
//! bytes, decodes them into something to do (a save file, a game and its actions, key presses)
//! and panics when a property fails.
//!
//! `bytes`, `engine` and `keys` are also compiled into the main package's proptests
//! (tests/fuzz_engine.rs and tests/fuzz_keys.rs include them by `#[path]`), so the fuzzers and CI
//! check the very same properties; they use only `catan`, `crossterm` and `ratatui`, which both
//! packages have.

pub mod bytes;
pub mod engine;
pub mod keys;
pub mod load;
