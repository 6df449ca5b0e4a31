//! The SSH side of `catan host` (src/host) on the loopback address, against the system's own
//! `ssh` client: who gets in, what they may do once in, what reaches the game from their
//! keyboard and what reaches their screen. The game is played by the test itself through the
//! [`catan::host::Wire`] the hosting loop uses. On a machine without ssh each test says so and
//! passes.
//!
//! One test binary: the harness (`client`), a joiner's session (`joining`), and everything
//! refused or bounded (`refused`).
#![cfg(unix)]

#[path = "../support/mod.rs"]
mod support;

mod client;
mod game;
mod joining;
mod refused;
