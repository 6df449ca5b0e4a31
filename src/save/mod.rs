//! Games that survive: versioned JSON save files, autosave, replay and undo.
//!
//! A [`Record`] is a game plus its history (seed, rules, seats, every action). The engine stays
//! free of I/O; this module turns records into plain JSON documents (docs/save-format.md) and
//! back, checking everything it reads. A document holds the position as the engine's stable
//! [`Snapshot`](crate::engine::Snapshot), never the engine's in-memory structs, and each seat's
//! name and [`SeatKind`]; documents of every earlier version still load.
//!
//! ```
//! use catan::engine::Config;
//! use catan::save::{self, Record};
//!
//! let mut record = Record::new(Config::default(), 42, save::default_names(4)).unwrap();
//! let first = record.game().legal_actions()[0];
//! record.apply(first).unwrap();
//! record.undo().unwrap(); // a set-up settlement reveals nothing: it can be taken back
//! assert!(record.is_empty());
//!
//! let json = save::to_json(&record);
//! let loaded = save::from_json(json.as_bytes()).unwrap();
//! assert_eq!(loaded, record);
//! assert_eq!(save::to_json(&loaded), json);
//! ```
//!
//! What a front end calls (the [`Record`] replaces a bare `Game` as the source of truth; read
//! the position with [`Record::game`]):
//! - new game: [`Record::new`]`(config, seed, names)` (people at every seat) or
//!   [`Record::new_with_seats`]`(config, seed, seats)`, then [`Autosave::start`]`(&record)`;
//! - every action: [`Record::apply`] (returns the events, like `Game::apply`), then
//!   [`Autosave::write`]`(&record)` (about 10 ms, nearly all of it the flush to disk);
//! - save (`s` in the terminal game): [`save_as`]`(&record, typed_name)` returns the file written, or a
//!   [`SaveError`] to show;
//! - undo (`u`): [`Record::undo`] returns the action taken back or an [`UndoRefusal`] to show
//!   ([`Record::can_undo`] for a footer hint); then rebuild the log panel with [`Record::log`]
//!   and autosave;
//! - `--load FILE`: [`commands::load_or_report`] (or [`load`]), then [`Autosave::start`] and
//!   [`Record::log`] for the log panel;
//! - `--continue`: [`commands::continue_or_report`] (or [`latest_unfinished`]), which also gives
//!   the autosave to keep writing, locked so that no other catan resumes the same game;
//! - `replay FILE`: [`load`], then [`Timeline::new`]; per step `k` (left/right move `k` in
//!   `0..=timeline.len()`): [`Timeline::game_at`] for the board, [`Timeline::log_until`] for the
//!   log, [`Timeline::action`] for who did what.

mod autosave;
pub mod commands;
mod error;
mod format;
mod history;
mod seats;
mod store;
mod timeline;
mod undo;
mod v1;

pub use autosave::{
    Autosave, KEEP_AUTOSAVES, Unfinished, find_unfinished_in, latest_unfinished, latest_unfinished_in, prune_finished,
};
pub use error::{LoadError, LoadProblem, ReplayError, SaveError, UndoRefusal};
pub use format::{FORMAT, PRETTY_MAX_BYTES, VERSION, from_json, from_json_unverified, to_json};
pub use history::{Record, StartError, default_names, play_random};
pub use seats::{BotLevel, DEFAULT_BOT, SeatInfo, SeatKind};
pub use store::{
    DATA_DIR_ENV, MAX_SAVE_BYTES, autosave_dir, check_replace, data_dir, load, load_unverified, open_regular_file,
    remove_dead_temporaries, resolve_name, resolve_name_in, save, save_as, saves_dir, write_atomic,
};
pub use timeline::{CHECKPOINT, Timeline};
