//! The program side of the protocol: `catan seat --level LEVEL` plays a seat for any game that
//! speaks it, reading the game's messages on its standard input and answering on its output.
//!
//! Each `decide` message's view is made into a complete game ([`super::WireView::rebuild`]: what the
//! seat can't see dealt in a fixed order), and the bot decides on that game's view of the seat,
//! which is the view it was sent: the same bot with the same seed plays the same moves through
//! pipes as in the same process.

use std::io::{BufRead, Read, Write};
use std::time::Duration;

use crate::bots::{self, BotLevel};
use crate::engine::Seat;

use super::{FromProgram, MAX_GAME_LINE, PROTOCOL, ToProgram, VERSION, WireAction, line};

/// The part of the game's time per decision the bot leaves for the pipes: a tenth, and at
/// least 20 ms.
fn bot_budget(time_ms: u64) -> Duration {
    let margin = (time_ms / 10).max(20);
    Duration::from_millis(time_ms.saturating_sub(margin).max(1))
}

/// Reads one line of at most [`MAX_GAME_LINE`] bytes; `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> Result<Option<String>, String> {
    let mut buf = Vec::new();
    let n = input.take(MAX_GAME_LINE as u64 + 1).read_until(b'\n', &mut buf).map_err(|e| e.to_string())?;
    if n == 0 {
        return Ok(None);
    }
    if n > MAX_GAME_LINE {
        return Err(format!("the game sent a line longer than {MAX_GAME_LINE} bytes"));
    }
    String::from_utf8(buf).map(Some).map_err(|_| "the game sent a line that is not UTF-8".into())
}

fn send(output: &mut impl Write, message: &FromProgram) -> Result<(), String> {
    output.write_all(line(message).as_bytes()).and_then(|()| output.flush()).map_err(|e| e.to_string())
}

/// One message from the game; `None` at the end of the input.
fn read(input: &mut impl BufRead) -> Result<Option<ToProgram>, String> {
    let Some(text) = read_line(input)? else { return Ok(None) };
    serde_json::from_str(&text).map(Some).map_err(|e| format!("a message that isn't one of the protocol's: {e}"))
}

/// Plays a seat at `level` (its bot seeded with `seed`) over the protocol until the game says
/// `end` or closes the input. An error is the reason the game's messages could not be followed.
pub fn serve(level: BotLevel, seed: u64, mut input: impl BufRead, mut output: impl Write) -> Result<(), String> {
    match read(&mut input)? {
        Some(ToProgram::Hello { protocol, versions, .. }) if protocol == PROTOCOL && versions.contains(&VERSION) => {}
        Some(ToProgram::Hello { versions, .. }) => {
            return Err(format!("the game speaks versions {versions:?}; this seat speaks {VERSION}"));
        }
        None => return Ok(()),
        Some(_) => return Err("the game did not begin with hello".into()),
    }
    send(&mut output, &FromProgram::Hello { name: format!("catan {level}"), version: VERSION })?;
    let (seat, rules, time_ms) = match read(&mut input)? {
        Some(ToProgram::Start { seat, time_ms, rules, .. }) => (Seat(seat), rules, time_ms),
        None => return Ok(()),
        Some(_) => return Err("the game did not send start after hello".into()),
    };
    let mut bot = bots::make(level, seed);
    bot.set_time(bot_budget(time_ms));
    loop {
        match read(&mut input)? {
            Some(ToProgram::Decide { id, view, legal, .. }) => {
                let game = view.rebuild(rules).map_err(|e| format!("decision {id}: {e}"))?;
                let seen = game.view(seat);
                if !seen.is_to_act() || game.is_over() {
                    return Err(format!("decision {id}: the view says this seat is not to act"));
                }
                let wire = WireAction::of(bot.choose(seen));
                let index = legal.iter().position(|w| *w == wire);
                let action = index.is_none().then_some(wire);
                send(&mut output, &FromProgram::Move { id, index, action })?;
            }
            Some(ToProgram::End { .. }) | None => return Ok(()),
            Some(_) => return Err("an unexpected message in the game".into()),
        }
    }
}
