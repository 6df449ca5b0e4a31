//! Where the game's files go and what it resumes from: the state `session.rs` works with.

use std::path::{Path, PathBuf};

use crate::save::{self, Autosave, Record};

/// A game to resume instead of dealing a new one: `--load FILE` or `--continue`.
#[derive(Clone, Debug, PartialEq)]
pub struct Resume {
    pub record: Record,
    /// The autosave to keep writing (`--continue`); `None` starts a new autosave file.
    pub autosave: Option<Autosave>,
    /// The file it came from, named on the status line.
    pub file: PathBuf,
    /// Said on the status line instead of "resumed FILE": why another game than the newest was
    /// resumed (`--continue` passed over a game open in another catan).
    pub note: Option<String>,
}

/// Where the game writes its files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Files {
    /// The folder for saves given a plain name; `None`: only names with a folder work.
    pub saves: Option<PathBuf>,
    /// The folder for autosaves; `None`: no autosave.
    pub autosaves: Option<PathBuf>,
}

impl Files {
    /// The data directory's folders (`$CATAN_DATA_DIR` or the platform's).
    pub fn from_env() -> Files {
        Files { saves: save::saves_dir(), autosaves: save::autosave_dir() }
    }

    /// The folders as `CATAN_DATA_DIR=dir` would give them.
    pub fn in_data_dir(dir: &Path) -> Files {
        Files { saves: Some(dir.join("saves")), autosaves: Some(dir.join("autosave")) }
    }
}
