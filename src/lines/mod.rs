//! Line mode (`catan --lines`): the same game as the full screen, as lines appended to the
//! terminal, for a screen reader, a braille display, or a pipe. No cursor movement, no colour,
//! no redraws: each event is a sentence as it happens, each decision a short numbered menu with
//! the prompt last, and everything the full screen shows can be asked for in words.
//!
//! One person plays per terminal (a hand said aloud stays in the scrollback), against computer
//! players; the rules, bots, saves, advice and hidden-information rules are the full screen's.
//!
//! - [`words`]: places by their numbers (hex 5, corner 23, sea 4), resources as typed;
//! - [`moves`]: each legal action's command and line, the menu, and reading what is typed;
//! - [`ask`]: the board, a hex, a corner, the hand, the players, costs and rules in words;
//! - [`tell`]: events as sentences, the moment in a line, the help;
//! - [`play`]: the loop.

use std::io::{self, Write};

pub mod ask;
pub mod moves;
pub mod play;
pub mod tell;
pub mod words;

pub use play::{End, Lines};

/// Writes one line, with anything that could steer a terminal written out as text.
pub fn say(out: &mut dyn Write, text: &str) -> io::Result<()> {
    writeln!(out, "{}", crate::text::escape(text))
}
