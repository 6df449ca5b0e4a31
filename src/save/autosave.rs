//! Autosaves: one file per game, rewritten after every action, held by one catan at a time,
//! and found again by `--continue`.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::error::SaveError;
use super::history::Record;
use super::store::{autosave_dir, folder_of, load, remove_dead_temporaries, write_record};

/// The autosave file of one game, rewritten after every action, and held by one process at a
/// time: an advisory lock on a file beside it (`.NAME.lock`; the autosave itself is replaced by
/// a rename at every write, so it can't carry the lock) is taken when the autosave starts or is
/// resumed and kept until the last clone of this value is dropped.
#[derive(Clone, Debug)]
pub struct Autosave {
    path: PathBuf,
    /// `None` only when the folder can't hold a lock file (then writes fail too, and say so).
    _lock: Option<Arc<Lock>>,
}

impl PartialEq for Autosave {
    fn eq(&self, other: &Autosave) -> bool {
        self.path == other.path
    }
}
impl Eq for Autosave {}

/// A held lock on an autosave's lock file. Dropping it removes the lock file, then releases
/// the lock (the file is closed): no lock file is left behind by a game that ends normally.
///
/// Removing a lock file is safe because every lock file is removed only by the holder of its
/// lock, and every taker checks after locking that the file it locked is still the one at the
/// path ([`claim`]); one that locked a file removed meanwhile opens the path again.
#[derive(Debug)]
struct Lock {
    path: PathBuf,
    _file: File,
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// The lock file of an autosave: `.NAME.lock` beside it.
fn lock_path(autosave: &Path) -> PathBuf {
    let name = autosave.file_name().map_or_else(Default::default, |n| n.to_string_lossy().into_owned());
    folder_of(autosave).join(format!(".{name}.lock"))
}

/// Takes the lock of `autosave`: `Ok(None)` when another process (or another open in this
/// one) holds it. `new`: the lock file must not exist yet (it reserves a new autosave's name;
/// `AlreadyExists` when it does).
fn claim(autosave: &Path, new: bool) -> io::Result<Option<Lock>> {
    let path = lock_path(autosave);
    loop {
        let mut options = super::store::private_file();
        options.read(true).write(true);
        if new {
            options.create_new(true);
        } else {
            options.create(true);
        }
        let file = options.open(&path)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
            // A file system without locks: the game is still saved, unguarded, as before locks.
            Err(std::fs::TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {}
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
        // Its last holder may have removed the file between our open and our lock: a lock on
        // a removed file guards nothing. Then open the path again.
        if is_at(&file, &path) {
            return Ok(Some(Lock { path, _file: file }));
        }
    }
}

/// True when `file` is the file at `path` now (not one removed, or replaced since it was
/// opened).
fn is_at(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

/// Lock files older than this that nobody holds (left by a crash) are removed; the age leaves
/// a new game the moment between reserving its name and locking it.
const STALE_LOCK_AGE: Duration = Duration::from_secs(60);

impl Autosave {
    /// A new autosave file in [`autosave_dir`] for a game just started or loaded.
    pub fn start(record: &Record) -> Result<Autosave, SaveError> {
        Autosave::start_in(&autosave_dir().ok_or(SaveError::NoDataDir)?, record)
    }

    /// A new autosave file in `dir`, named after the time (never the seed, H7: a file's name is
    /// seen by whoever lists the folder), never an existing
    /// file's name nor one another process reserved: the name is reserved by creating its lock
    /// file exclusively, and the lock is held. Older finished games beyond the
    /// [`KEEP_AUTOSAVES`] most recent files are removed first, and so are temporary files of
    /// crashed processes and lock files of games that are gone.
    pub fn start_in(dir: &Path, _record: &Record) -> Result<Autosave, SaveError> {
        prune_finished(dir, KEEP_AUTOSAVES);
        remove_dead_temporaries(dir);
        let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let stem = format!("game-{secs}");
        let lockable = super::store::make_dir(dir).is_ok();
        for i in 1u32.. {
            let path = dir.join(if i == 1 { format!("{stem}.json") } else { format!("{stem}-{i}.json") });
            if path.exists() {
                continue;
            }
            if !lockable {
                // The folder can't be made: every write will fail and say so on the status line.
                return Ok(Autosave { path, _lock: None });
            }
            match claim(&path, true) {
                Ok(Some(lock)) => return Ok(Autosave { path, _lock: Some(Arc::new(lock)) }),
                Ok(None) => {}
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(source) => return Err(SaveError::Io { path: lock_path(&path), source }),
            }
        }
        unreachable!("some name is free")
    }

    /// Keeps writing to an existing file (the game `--continue` resumed), taking its lock;
    /// refused when another catan has the game open.
    pub fn resume(path: PathBuf) -> Result<Autosave, SaveError> {
        match claim(&path, false) {
            Ok(Some(lock)) => Ok(Autosave { path, _lock: Some(Arc::new(lock)) }),
            Ok(None) => Err(SaveError::OpenElsewhere { path }),
            Err(source) => Err(SaveError::Io { path: lock_path(&path), source }),
        }
    }

    /// The file written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the record now (call after every action).
    pub fn write(&self, record: &Record) -> Result<(), SaveError> {
        write_record(record, &self.path)
    }
}

/// Autosave files kept whatever they hold; past these, finished games are removed.
pub const KEEP_AUTOSAVES: usize = 50;

/// The most recently autosaved game that is not over and that no other catan has open, for
/// `catan --continue`, with the autosave to keep writing (its lock held). Files that fail to
/// load are skipped.
pub fn latest_unfinished() -> Option<(Autosave, Record)> {
    latest_unfinished_in(&autosave_dir()?)
}

/// The save files in `dir`, newest first: regular files (or links to them) named `*.json`
/// and not hidden. A named pipe or a device is never listed (reading it could hang).
fn newest_first(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .filter_map(|p| {
            let meta = fs::metadata(&p).ok()?;
            meta.is_file().then_some(())?;
            Some((meta.modified().ok()?, p))
        })
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    files.into_iter().map(|(_, p)| p).collect()
}

/// Removes finished games' autosaves beyond the `keep` newest files, and lock files a
/// crashed catan left. Unfinished games, games another catan has open and
/// files that don't load are never removed: nothing a player did is lost.
pub fn prune_finished(dir: &Path, keep: usize) {
    for path in newest_first(dir).into_iter().skip(keep) {
        if load(&path).is_ok_and(|r| r.game().is_over()) {
            match claim(&path, false) {
                // Removed under its lock; dropping the lock then removes the lock file.
                Ok(Some(lock)) => {
                    let _ = fs::remove_file(&path);
                    drop(lock);
                }
                Ok(None) => {}
                Err(_) => {
                    let _ = fs::remove_file(&path);
                }
            }
        }
    }
    remove_stale_locks(dir);
}

/// Removes lock files nobody holds (a crashed catan's), unless they are new.
fn remove_stale_locks(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        if !name.to_str().is_some_and(|n| n.starts_with('.') && n.ends_with(".json.lock")) {
            continue;
        }
        let path = entry.path();
        let old = fs::metadata(&path)
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > STALE_LOCK_AGE));
        if !old {
            continue;
        }
        let Ok(file) = OpenOptions::new().read(true).write(true).open(&path) else { continue };
        // Removed only under its lock, and only if it is still the file at that path.
        if file.try_lock().is_ok() && is_at(&file, &path) {
            let _ = fs::remove_file(&path);
        }
    }
}

/// What `--continue` found: the game to resume, and newer unfinished games it passed over
/// because another catan has them open.
#[derive(Debug)]
pub struct Unfinished {
    /// The autosave to keep writing, its lock held.
    pub autosave: Autosave,
    /// The game.
    pub record: Record,
    /// Newer unfinished games open in another catan, newest first.
    pub open_elsewhere: Vec<PathBuf>,
}

/// Like [`latest_unfinished`], looking in `dir`.
pub fn latest_unfinished_in(dir: &Path) -> Option<(Autosave, Record)> {
    find_unfinished_in(dir).ok().map(|u| (u.autosave, u.record))
}

/// The newest unfinished game in `dir` that no other catan has open, taking its lock; when
/// there is none, the unfinished games that are open elsewhere (newest first, maybe none).
/// Temporary files that crashed processes left in `dir` are removed first.
pub fn find_unfinished_in(dir: &Path) -> Result<Unfinished, Vec<PathBuf>> {
    remove_dead_temporaries(dir);
    let mut open_elsewhere = Vec::new();
    for path in newest_first(dir) {
        if !load(&path).is_ok_and(|r| !r.game().is_over()) {
            continue;
        }
        match claim(&path, false) {
            Ok(Some(lock)) => {
                // Read again under the lock: its last holder may have written since.
                let Ok(record) = load(&path) else { continue };
                if record.game().is_over() {
                    continue;
                }
                let autosave = Autosave { path, _lock: Some(Arc::new(lock)) };
                return Ok(Unfinished { autosave, record, open_elsewhere });
            }
            Ok(None) => open_elsewhere.push(path),
            // No lock file can be made here (a read-only folder): resumed unguarded; writing
            // will fail and say so.
            Err(_) => {
                let Ok(record) = load(&path) else { continue };
                return Ok(Unfinished { autosave: Autosave { path, _lock: None }, record, open_elsewhere });
            }
        }
    }
    Err(open_elsewhere)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Config;
    use crate::save::{default_names, load};

    /// Issue 27: an autosave the loader would refuse never replaces the last good one. (The
    /// engine no longer makes such a game; here the record's position is made to disagree
    /// with its log, as a bank overdrawn in set-up once did.)
    #[test]
    fn an_autosave_that_would_not_load_keeps_the_last_good_one() {
        let dir = std::env::temp_dir().join(format!("catan-autosave-check-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let mut record = Record::new(Config::default(), 7, default_names(4)).unwrap();
        let autosave = Autosave::start_in(&dir, &record).unwrap();
        let first = record.game().legal_actions()[0];
        record.apply(first).unwrap();
        autosave.write(&record).unwrap();
        let good = fs::read(autosave.path()).unwrap();

        let mut broken = record.clone();
        broken.game.apply(broken.game.legal_actions()[0]).unwrap();
        let err = autosave.write(&broken).unwrap_err();
        assert!(matches!(err, SaveError::WouldNotLoad { .. }), "{err}");
        let message = err.to_string();
        assert!(message.contains("the save would not load (the action log doesn't replay"), "{message}");
        assert!(message.ends_with("the file there was left as it was"), "{message}");
        assert_eq!(fs::read(autosave.path()).unwrap(), good, "the last good autosave is kept");
        assert_eq!(load(autosave.path()).unwrap(), record);
        drop(autosave);
        let _ = fs::remove_dir_all(&dir);
    }
}
