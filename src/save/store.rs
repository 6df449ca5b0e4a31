//! Save files on disk: atomic writes, the data directory, named saves and autosaves.
//!
//! A save is written to a temporary file in the same directory, flushed to disk, then renamed
//! over the target: a crash at any moment leaves either the old file or the new one, whole.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::error::{LoadError, LoadProblem, SaveError};
use super::format::{from_json, from_json_unverified, is_save, to_json};
use super::history::Record;

/// Environment variable that overrides the data directory (tests, portable installs).
pub const DATA_DIR_ENV: &str = "CATAN_DATA_DIR";
/// The largest save catan reads, and so the largest it writes: a save that would be larger is
/// refused before anything is written ([`SaveError::TooLarge`]), so what the game writes it can
/// always read back. Saves past [`super::PRETTY_MAX_BYTES`] are written compact to stay well under it.
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

/// Reads a whole regular file, refusing huge ones before reading them.
fn read(path: &Path) -> Result<Vec<u8>, LoadProblem> {
    let file = open_regular(path)?;
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

/// Opens `path` for reading only if it is a regular file (or a link to one). A named pipe, a
/// device or a socket would block the read or never end: its metadata is checked before
/// opening, it is opened without blocking (`O_NONBLOCK`, in case it was swapped in between),
/// and the opened file is checked again.
fn open_regular(path: &Path) -> Result<File, LoadProblem> {
    let meta = fs::metadata(path).map_err(LoadProblem::Io)?;
    if let Some(kind) = not_regular(&meta.file_type()) {
        return Err(LoadProblem::NotAFile(kind));
    }
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(LoadProblem::Io)?;
    let meta = file.metadata().map_err(LoadProblem::Io)?;
    if let Some(kind) = not_regular(&meta.file_type()) {
        return Err(LoadProblem::NotAFile(kind));
    }
    Ok(file)
}

/// What a file that is not a regular file is, for messages; `None` for a regular file.
fn not_regular(t: &fs::FileType) -> Option<&'static str> {
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    if t.is_symlink() {
        return Some("a symbolic link");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if t.is_socket() {
            return Some("a socket");
        }
        if t.is_block_device() || t.is_char_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

/// Writes a record to `path` atomically, creating its folder if needed. Temporary files that
/// crashed processes left in that folder are removed first ([`remove_dead_temporaries`]).
/// A record whose save would be larger than [`MAX_SAVE_BYTES`] is refused, the file there
/// left as it was.
pub fn save(record: &Record, path: &Path) -> Result<(), SaveError> {
    remove_dead_temporaries(folder_of(path));
    write_record(record, path)
}

/// [`save`] without the clean-up: the autosave writes after every action.
fn write_record(record: &Record, path: &Path) -> Result<(), SaveError> {
    let json = to_json(record);
    if json.len() as u64 > MAX_SAVE_BYTES {
        return Err(SaveError::TooLarge { path: path.into(), size: json.len() as u64, limit: MAX_SAVE_BYTES });
    }
    write_atomic(path, json.as_bytes()).map_err(|source| SaveError::Io { path: path.into(), source })
}

/// Saves under a name a player typed (see [`resolve_name`]) and returns the file written. An
/// existing file there is replaced only if it is a catan save ([`check_replace`]).
pub fn save_as(record: &Record, name: &str) -> Result<PathBuf, SaveError> {
    let path = resolve_name(name)?;
    check_replace(&path)?;
    save(record, &path)?;
    Ok(path)
}

/// Whether a save may be written at `path`: `Ok(false)` when nothing is there, `Ok(true)` when
/// a catan save is there (a player is asked before it is replaced), and an error saying why for
/// anything else: a symbolic link, a folder, a device, a pipe, or a file that is not a catan
/// save (its `format` field). Only ever a catan save is replaced.
pub fn check_replace(path: &Path) -> Result<bool, SaveError> {
    let refuse = |why: String| Err(SaveError::WontReplace { path: path.into(), why });
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(source) => return Err(SaveError::Io { path: path.into(), source }),
    };
    if let Some(kind) = not_regular(&meta.file_type()) {
        return refuse(format!("it is {kind}"));
    }
    match read(path) {
        Ok(bytes) if is_save(&bytes) => Ok(true),
        Ok(_) => refuse("it is not a catan save".into()),
        Err(LoadProblem::TooLarge { .. }) => refuse("it is larger than any catan save".into()),
        Err(e) => refuse(format!("it can't be read ({e})")),
    }
}

/// The file a typed save name means, with `.json` added when it does not end in it:
/// - a bare name (`friday`) goes to [`saves_dir`] (created when the save is written);
/// - `~/x` is `x` in the home folder;
/// - anything else with a folder in it (`./x.json`, `/tmp/x`) is the path it names, and that
///   folder must exist (it is never created for a typed path).
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
    if name.chars().any(crate::text::is_unprintable) {
        return Err(SaveError::BadName(format!("{} contains control characters", crate::text::escape(name))));
    }
    let bad = |why: &str| Err(SaveError::BadName(format!("\"{name}\" {why}")));
    if name.ends_with(std::path::is_separator) || name == "~" {
        return bad("names a folder: add a file name");
    }
    let (typed, folder) = match name.strip_prefix("~/") {
        Some(rest) => match home_dir() {
            Some(home) => (home.join(rest), true),
            None => return bad("starts with ~ but no home folder was found"),
        },
        None => {
            let typed = PathBuf::from(name);
            let folder = typed.components().count() > 1 || typed.is_absolute();
            (typed, folder)
        }
    };
    let mut file = match typed.file_name() {
        Some(n) if typed.ends_with(n) && n != "." && n != ".." => typed.clone(),
        _ => return bad("is not a file name"),
    };
    if !file.extension().is_some_and(|x| x.eq_ignore_ascii_case("json")) {
        let mut n = file.file_name().expect("checked above").to_os_string();
        n.push(".json");
        file.set_file_name(n);
    }
    if !folder {
        return Ok(saves.ok_or(SaveError::NoDataDir)?.join(file));
    }
    let dir = folder_of(&file);
    if !dir.is_dir() {
        return Err(SaveError::BadName(format!(
            "the folder {} does not exist",
            crate::text::escape(&dir.display().to_string())
        )));
    }
    Ok(file)
}

/// The home folder, for `~/x`.
fn home_dir() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf())
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Replaces `path` with `bytes` so that a crash leaves the old file or the new, never a mix:
/// temporary file in the same folder, write, flush to disk, rename over, sync the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = folder_of(path);
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

/// Removes the temporary files (`.NAME.PID-N.tmp`, see [`write_atomic`]) that processes no
/// longer alive left in `dir` (a `kill -9` in the middle of a write). Files of live processes,
/// this one included, are left alone. Returns how many were removed. On systems where
/// liveness can't be asked (not Unix), nothing is removed.
pub fn remove_dead_temporaries(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temporary_pid) else { continue };
        if pid != std::process::id() && !process_alive(pid) && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The process id in a temporary file's name `.NAME.PID-N.tmp`.
fn temporary_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, tail) = rest.rsplit_once('.')?;
    let (pid, n) = tail.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(pid) || !digits(n) {
        return None;
    }
    pid.parse().ok()
}

/// True unless process `pid` is known to be gone.
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
    if pid <= 0 {
        return true;
    }
    // Signal 0 checks the process exists without signalling it; EPERM: it exists, not ours.
    // SAFETY: kill with signal 0 has no effect on any process.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

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
        let mut options = OpenOptions::new();
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

    /// A new autosave file in `dir`, named after the time and the seed, never an existing
    /// file's name nor one another process reserved: the name is reserved by creating its lock
    /// file exclusively, and the lock is held. Older finished games beyond the
    /// [`KEEP_AUTOSAVES`] most recent files are removed first, and so are temporary files of
    /// crashed processes and lock files of games that are gone.
    pub fn start_in(dir: &Path, record: &Record) -> Result<Autosave, SaveError> {
        prune_finished(dir, KEEP_AUTOSAVES);
        remove_dead_temporaries(dir);
        let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let stem = format!("game-{secs}-{}", record.seed());
        let lockable = fs::create_dir_all(dir).is_ok();
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
pub fn find_unfinished_in(dir: &Path) -> Result<Unfinished, Vec<PathBuf>> {
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
