//! The terminal: the loop that draws, waits and hands one message to the App
//! ([`terminal`]), the gate that drops keys meant for the screen before a hand-off
//! ([`gate`]), and the replay viewer's own loop ([`replay`]).

#[cfg(feature = "ssh")]
mod admission;
mod draw;
pub mod gate;
#[cfg(feature = "ssh")]
pub mod host_loop;
pub mod replay;
pub mod terminal;

#[cfg(test)]
mod fight_gate_tests;
