//! Saves: round trips (`roundtrip`), the fixtures every later catan must load (`fixture`),
//! damaged and hand-edited files (`damaged`), the size of long games' saves (`size`), undo
//! (`undo`), rules at the limits the loader accepts (`odd_rules`), and war games (`war`:
//! a shared win, undo stopping at a fight).
//!
//! One test binary with a module per part, so a release build links it once. (save_store
//! sets the environment and save_memory counts every allocation: each stays alone.)

#[path = "../support/mod.rs"]
mod support;

mod damaged;
mod fixture;
mod odd_rules;
mod roundtrip;
mod size;
mod undo;
mod war;
