//! The SSH side of `catan host` (src/host) on the loopback address, against the system's own
//! `ssh` client: who gets in, what they may do once in, what reaches the game from their
//! keyboard and what reaches their screen. Most tests play the game themselves through the
//! [`catan::host::Wire`] the hosting loop uses; `game` and `robbery` run the real binary. On a
//! machine without ssh each test says so and passes.
//!
//! One test binary: the harness (`client`, and `scripted`, russh's client for what ssh cannot
//! do), a joiner's session (`joining`), everything refused or bounded (`refused`), the door
//! under attack (`door`), one joiner's flood (`flood`), a host stopped without its goodbye
//! (`goodbye`), who takes a seat (`seats`), and `catan host` itself end to end: a game's
//! set-up, a trade, kills and `--continue` (`game`), the robbery of a joined seat (`robbery`),
//! and joined seats answering a 7 and an offer at once (`at_once`).
#![cfg(unix)]

#[path = "../support/mod.rs"]
mod support;

mod at_once;
mod client;
mod door;
mod flood;
mod game;
mod goodbye;
mod joining;
mod refused;
mod robbery;
mod scripted;
mod seats;
