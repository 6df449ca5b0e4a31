//! The command-line subcommands that work on save files (`catan replay`, `catan simulate
//! --save-dir`), kept here so the CLI only wires them in. They print, and return the exit code.
//! Everything printed goes through [`crate::text::escape`]: a path or a save's text may hold
//! anything, and no escape sequence in them reaches the terminal.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::engine::{Config, Seat};
use crate::text::escape;

use super::autosave::{Autosave, find_unfinished_in};
use super::history::{Record, play_random};
use super::store::{autosave_dir, load, load_unverified, save};
use super::timeline::Timeline;

/// A path as printed: unprintable characters in it written as escapes ([`escape`]).
fn shown(path: &Path) -> String {
    escape(&path.display().to_string()).into_owned()
}

/// `catan replay FILE --verify`: re-plays the log from the seed and says whether it reproduces
/// the saved state. Exit code 0 when it does, 1 when it doesn't or the file can't be read.
pub fn verify_file(path: &Path) -> ExitCode {
    let record = match load_unverified(path) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    match record.verify() {
        Ok(()) => crate::text::print_report(&format!(
            "{}: the log of {} actions reproduces the saved state (seed {})\n",
            shown(path),
            record.len(),
            record.seed()
        )),
        Err(e) => {
            eprintln!("catan: {}: {}", shown(path), escape(&e.to_string()));
            ExitCode::FAILURE
        }
    }
}

/// `catan replay FILE --print` (and a replay whose output is not a terminal): prints the
/// game's log step by step, as anyone watching the table saw it (private details hidden).
pub fn print_log(path: &Path) -> ExitCode {
    let record = match load(path) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let mut out = std::io::stdout().lock();
    for line in log_lines(&record) {
        // A reader that stops early (`| head`) closes the pipe: stop quietly, not panic.
        if writeln!(out, "{line}").is_err() {
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}

/// The lines `replay --print` prints: each event of the game as anyone at the table saw it,
/// after the number of the step that caused it. Every line goes through [`escape`], so nothing
/// in a save can send the terminal an escape sequence.
pub fn log_lines(record: &Record) -> impl Iterator<Item = String> + '_ {
    let name = |s: Seat| record.names().get(s.index()).cloned().unwrap_or_else(|| s.to_string());
    let timeline = Timeline::new(record);
    (0..=timeline.len()).flat_map(move |step| {
        let events: Vec<_> = timeline.events_of(step).to_vec();
        events.into_iter().map(move |e| format!("{step:>5}  {}", escape(&e.describe(&name, None))))
    })
}

/// `catan simulate --save-dir DIR`: plays `games` games of random players (seeds `seed`,
/// `seed + 1`, ...) and writes each as `DIR/game-<seed>.json`.
pub fn simulate_to_dir(config: Config, games: u64, seed: u64, dir: &Path) -> ExitCode {
    for i in 0..games {
        let s = seed.wrapping_add(i);
        let record = match play_random(config, s) {
            Ok(r) => r,
            Err(e) => {
                fail(&e);
                return ExitCode::from(2);
            }
        };
        if let Err(e) = save(&record, &dir.join(format!("game-{s}.json"))) {
            return fail(&e);
        }
    }
    crate::text::print_report(&format!("wrote {games} saves to {}\n", shown(dir)))
}

/// `catan --load FILE`: the record to resume, or the error printed and the exit code (1) to
/// return. Nothing is written either way.
pub fn load_or_report(path: &Path) -> Result<Record, ExitCode> {
    load(path).map_err(|e| fail(&e))
}

/// `catan --continue`: the most recent unfinished autosaved game that no other catan has open,
/// the autosave to keep writing (locked for this process), and a note for the status line
/// when newer games were passed over because they are open elsewhere; or a message printed
/// and the exit code (1) to return.
pub fn continue_or_report() -> Result<(Autosave, Record, Option<String>), ExitCode> {
    let Some(dir) = autosave_dir() else {
        return Err(fail(&"no data directory was found for this user (set CATAN_DATA_DIR)"));
    };
    continue_in(&dir).map_err(|message| fail(&message))
}

/// [`continue_or_report`] in `dir`, without printing: the game and the status line's note, or
/// the message saying why there is nothing to continue.
pub fn continue_in(dir: &Path) -> Result<(Autosave, Record, Option<String>), String> {
    let file = |p: &Path| p.file_name().map_or_else(|| shown(p), |n| escape(&n.to_string_lossy()).into_owned());
    match find_unfinished_in(dir) {
        Ok(found) => {
            let note = found.open_elsewhere.first().map(|open| {
                let also = match found.open_elsewhere.len() {
                    1 => String::new(),
                    n => format!(" (and {} more)", n - 1),
                };
                format!(
                    "{}{also} is open in another catan; resumed {} instead",
                    file(open),
                    file(found.autosave.path())
                )
            });
            Ok((found.autosave, found.record, note))
        }
        Err(open) if open.is_empty() => Err(format!("no unfinished game to continue in {}", shown(dir))),
        Err(open) => {
            let names: Vec<String> = open.iter().map(|p| file(p)).collect();
            Err(format!(
                "every unfinished game is open in another catan ({} in {}); start a new game with `catan`, \
                 or play on from a copy with `catan --load FILE`",
                names.join(", "),
                shown(dir)
            ))
        }
    }
}

/// Prints `catan: MESSAGE` (escaped: a path or a save's text may hold anything) and gives the
/// exit code 1.
fn fail(e: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("catan: {}", escape(&e.to_string()));
    ExitCode::FAILURE
}
