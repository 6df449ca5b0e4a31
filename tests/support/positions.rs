//! Positions the screen tests found by a walk ([`super::walk`]), saved as fixtures: a save
//! file each under `tests/screens/positions/` (the seed, the rules and the actions, replayed
//! on loading), so that a snapshot's position stays put when the walk's generator or the
//! order of the legal actions changes.
//!
//! `CATAN_POSITIONS` says what [`position`] does besides loading:
//! - unset: loads the fixture; only a missing one is found by its walk and written;
//! - `check`: walks too, and fails plainly when the walk no longer finds the fixture's
//!   position (the test `saved_positions::the_walks_still_find_the_saved_positions` runs the
//!   screen tests so);
//! - `write`: walks and writes every fixture afresh (then review the snapshots that move).

use std::path::PathBuf;

use catan::engine::Game;
use catan::save::{self, Record};

/// The variable that says what [`position`] does besides loading.
pub const MODE: &str = "CATAN_POSITIONS";

/// Where the fixtures are.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/screens/positions")
}

/// The position saved as `name`, found by `walk` when there is none yet (see the module's
/// doc for `CATAN_POSITIONS`).
pub fn position(name: &str, walk: impl FnOnce() -> Record) -> Record {
    let path = dir().join(format!("{name}.json"));
    let mode = std::env::var(MODE).unwrap_or_default();
    let saved = match std::fs::read(&path) {
        Ok(bytes) if mode != "write" => Some(
            save::from_json(&bytes).unwrap_or_else(|e| panic!("position {name}: {} unreadable: {e}", path.display())),
        ),
        _ => None,
    };
    match saved {
        Some(saved) if mode == "check" => {
            let found = walk();
            let same =
                found.seed() == saved.seed() && found.config() == saved.config() && found.actions() == saved.actions();
            assert!(
                same,
                "position {name}: the walk no longer finds the saved position: it now stops at seed {} after {} \
                 actions, the fixture tests/screens/positions/{name}.json is seed {} after {} actions. The screen tests still show the fixture's \
                 position; to take the walk's, run them with {MODE}=write and review the snapshots that move",
                found.seed(),
                found.len(),
                saved.seed(),
                saved.len(),
            );
            saved
        }
        Some(saved) => saved,
        None => {
            let found = walk();
            std::fs::create_dir_all(dir()).expect("the positions' folder");
            // Written whole or not at all: tests that share a position may run at once.
            let part = path.with_extension(format!("{}.part", std::process::id()));
            std::fs::write(&part, save::to_json(&found)).expect("a position written");
            std::fs::rename(&part, &path).expect("a position written");
            found
        }
    }
}

/// [`position`]'s game.
pub fn game(name: &str, walk: impl FnOnce() -> Record) -> Game {
    *position(name, walk).game()
}

/// An app at the saved position `record`, its last action played through the app (the status
/// line then says what it did, as in play), the rest loaded as `--load` does. At the
/// terminal's default size, 100 x 32.
pub fn app_at(record: &Record, theme: catan::tui::Theme) -> catan::tui::App {
    let (&last, before) = record.actions().split_last().expect("a position after an action");
    let mut start =
        Record::new_with_seats(*record.config(), record.seed(), record.seats()).expect("the fixture's rules");
    for &a in before {
        start.apply(a).expect("the fixture's actions are legal");
    }
    let mut app = catan::tui::App::from_record(start, theme);
    app.apply(vec![last]);
    app
}
