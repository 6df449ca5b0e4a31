//! The command-line subcommands that work on save files (`catan replay`, `catan simulate
//! --save-dir`), kept here so the CLI only wires them in. They print, and return the exit code.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::engine::{Config, Seat};

use super::history::{Record, play_random};
use super::store::{Autosave, autosave_dir, latest_unfinished_in, load, load_unverified, save};
use super::timeline::Timeline;

/// `catan replay FILE --verify`: re-plays the log from the seed and says whether it reproduces
/// the saved state. Exit code 0 when it does, 1 when it doesn't or the file can't be read.
pub fn verify_file(path: &Path) -> ExitCode {
    let record = match load_unverified(path) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    match record.verify() {
        Ok(()) => {
            println!(
                "{}: the log of {} actions reproduces the saved state (seed {})",
                path.display(),
                record.len(),
                record.seed()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("catan: {}: {e}", path.display());
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
    let names = record.names().to_vec();
    let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_else(|| s.to_string());
    let timeline = Timeline::new(&record);
    let mut out = std::io::stdout().lock();
    for step in 0..=timeline.len() {
        for event in timeline.events_of(step) {
            // A reader that stops early (`| head`) closes the pipe: stop quietly, not panic.
            if writeln!(out, "{step:>5}  {}", event.describe(&name, None)).is_err() {
                return ExitCode::SUCCESS;
            }
        }
    }
    ExitCode::SUCCESS
}

/// `catan simulate --save-dir DIR`: plays `games` games of random players (seeds `seed`,
/// `seed + 1`, ...) and writes each as `DIR/game-<seed>.json`.
pub fn simulate_to_dir(config: Config, games: u64, seed: u64, dir: &Path) -> ExitCode {
    for i in 0..games {
        let s = seed.wrapping_add(i);
        let record = match play_random(config, s) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("catan: {e}");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = save(&record, &dir.join(format!("game-{s}.json"))) {
            eprintln!("catan: {e}");
            return ExitCode::FAILURE;
        }
    }
    println!("wrote {games} saves to {}", dir.display());
    ExitCode::SUCCESS
}

/// `catan --load FILE`: the record to resume, or the error printed and the exit code (1) to
/// return. Nothing is written either way.
pub fn load_or_report(path: &Path) -> Result<Record, ExitCode> {
    load(path).map_err(|e| fail(&e))
}

/// `catan --continue`: the most recent unfinished autosaved game and the autosave to keep
/// writing, or a message printed and the exit code (1) to return.
pub fn continue_or_report() -> Result<(Autosave, Record), ExitCode> {
    let Some(dir) = autosave_dir() else {
        return Err(fail(&"no data directory was found for this user (set CATAN_DATA_DIR)"));
    };
    latest_unfinished_in(&dir).ok_or_else(|| fail(&format!("no unfinished game to continue in {}", dir.display())))
}

fn fail(e: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("catan: {e}");
    ExitCode::FAILURE
}
