//! Save files on disk: atomic writes, the data directory, named saves and autosaves.
//!
//! A save is written to a temporary file in the same directory, flushed to disk, then renamed
//! over the target: a crash at any moment leaves either the old file or the new one, whole.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use super::error::{LoadError, LoadProblem, SaveError};
use super::format::{from_json, from_json_unverified, to_json};
use super::history::Record;

/// Environment variable that overrides the data directory (tests, portable installs).
pub const DATA_DIR_ENV: &str = "CATAN_DATA_DIR";
/// Files larger than this are refused unread: a long game's save is well under a megabyte.
pub const MAX_SAVE_BYTES: u64 = 64 << 20;

/// Where catan keeps its files: `$CATAN_DATA_DIR`, else the platform's data directory
/// (`~/.local/share/catan` on Linux, `~/Library/Application Support/catan` on macOS,
/// `%APPDATA%\catan\data` on Windows).
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_ENV) {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => directories::ProjectDirs::from("", "", "catan").map(|p| p.data_dir().to_path_buf()),
    }
}

/// The default folder for saves the players name: `<data dir>/saves`.
pub fn saves_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("saves"))
}

/// The folder of autosaves, one file per game: `<data dir>/autosave`.
pub fn autosave_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave"))
}

/// Loads and fully checks a save file. Never panics; the error names the file and the problem.
pub fn load(path: &Path) -> Result<Record, LoadError> {
    read(path).and_then(|b| from_json(&b)).map_err(|p| LoadError::new(path, p))
}

/// Loads a save file without replaying its log (see [`Record::verify`]).
pub fn load_unverified(path: &Path) -> Result<Record, LoadError> {
    read(path).and_then(|b| from_json_unverified(&b)).map_err(|p| LoadError::new(path, p))
}

/// Reads a whole file, refusing huge ones before reading them.
fn read(path: &Path) -> Result<Vec<u8>, LoadProblem> {
    let file = File::open(path).map_err(LoadProblem::Io)?;
    let len = file.metadata().map_err(LoadProblem::Io)?.len();
    if len > MAX_SAVE_BYTES {
        return Err(LoadProblem::TooLarge { limit: MAX_SAVE_BYTES });
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(MAX_SAVE_BYTES + 1).read_to_end(&mut bytes).map_err(LoadProblem::Io)?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(LoadProblem::TooLarge { limit: MAX_SAVE_BYTES });
    }
    Ok(bytes)
}

/// Writes a record to `path` atomically, creating its folder if needed.
pub fn save(record: &Record, path: &Path) -> Result<(), SaveError> {
    write_atomic(path, to_json(record).as_bytes()).map_err(|source| SaveError::Io { path: path.into(), source })
}

/// Saves under a name a player typed (see [`resolve_name`]) and returns the file written.
pub fn save_as(record: &Record, name: &str) -> Result<PathBuf, SaveError> {
    let path = resolve_name(name)?;
    save(record, &path)?;
    Ok(path)
}

/// The file a typed save name means. A bare name (`friday`) goes to [`saves_dir`] with `.json`
/// added when it has no extension; anything with a folder in it (`./x.json`, `/tmp/x`) is used
/// as the path it is.
pub fn resolve_name(name: &str) -> Result<PathBuf, SaveError> {
    resolve_name_in(saves_dir().as_deref(), name)
}

/// Like [`resolve_name`], with bare names going to `saves` (a front end that was told where
/// its files go); `None` refuses bare names.
pub fn resolve_name_in(saves: Option<&Path>, name: &str) -> Result<PathBuf, SaveError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(SaveError::BadName("type a name for the save".into()));
    }
    if name.chars().any(char::is_control) {
        return Err(SaveError::BadName(format!("{name:?} contains control characters")));
    }
    let typed = Path::new(name);
    if typed.components().count() > 1 || typed.is_absolute() {
        return Ok(typed.to_path_buf());
    }
    if name == "." || name == ".." {
        return Err(SaveError::BadName(format!("{name:?} is not a file name")));
    }
    let mut file = PathBuf::from(name);
    if file.extension().is_none() {
        file.set_extension("json");
    }
    Ok(saves.ok_or(SaveError::NoDataDir)?.join(file))
}

/// Replaces `path` with `bytes` so that a crash leaves the old file or the new, never a mix:
/// temporary file in the same folder, write, flush to disk, rename over, sync the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    fs::create_dir_all(dir)?;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{}.{}-{n}.tmp", name.to_string_lossy(), std::process::id()));
    let written = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written?;
    // Makes the rename itself durable; folders can't be opened for syncing everywhere.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The autosave file of one game, rewritten after every action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Autosave {
    path: PathBuf,
}

impl Autosave {
    /// A new autosave file in [`autosave_dir`] for a game just started or loaded.
    pub fn start(record: &Record) -> Result<Autosave, SaveError> {
        Autosave::start_in(&autosave_dir().ok_or(SaveError::NoDataDir)?, record)
    }

    /// A new autosave file in `dir`, named after the time and the seed (never an existing file).
    /// Older finished games beyond the [`KEEP_AUTOSAVES`] most recent files are removed first.
    pub fn start_in(dir: &Path, record: &Record) -> Result<Autosave, SaveError> {
        prune_finished(dir, KEEP_AUTOSAVES);
        let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let stem = format!("game-{secs}-{}", record.seed());
        let path = (1..)
            .map(|i| dir.join(if i == 1 { format!("{stem}.json") } else { format!("{stem}-{i}.json") }))
            .find(|p| !p.exists())
            .expect("some name is free");
        Ok(Autosave { path })
    }

    /// Keeps writing to an existing file (the game `--continue` resumed).
    pub fn resume(path: PathBuf) -> Autosave {
        Autosave { path }
    }

    /// The file written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the record now (call after every action).
    pub fn write(&self, record: &Record) -> Result<(), SaveError> {
        save(record, &self.path)
    }
}

/// Autosave files kept whatever they hold; past these, finished games are removed.
pub const KEEP_AUTOSAVES: usize = 50;

/// The most recently autosaved game that is not over, for `catan --continue`, with the
/// autosave to keep writing. Files that fail to load are skipped.
pub fn latest_unfinished() -> Option<(Autosave, Record)> {
    latest_unfinished_in(&autosave_dir()?)
}

/// The save files in `dir`, newest first.
fn newest_first(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .filter_map(|p| Some((fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    files.into_iter().map(|(_, p)| p).collect()
}

/// Removes finished games' autosaves beyond the `keep` newest files. Unfinished games and
/// files that don't load are never removed: nothing a player did is lost.
pub fn prune_finished(dir: &Path, keep: usize) {
    for path in newest_first(dir).into_iter().skip(keep) {
        if load(&path).is_ok_and(|r| r.game().is_over()) {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Like [`latest_unfinished`], looking in `dir`.
pub fn latest_unfinished_in(dir: &Path) -> Option<(Autosave, Record)> {
    newest_first(dir).into_iter().find_map(|path| {
        let record = load(&path).ok().filter(|r| !r.game().is_over())?;
        Some((Autosave::resume(path), record))
    })
}
