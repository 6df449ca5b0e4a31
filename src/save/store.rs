//! Save files on disk: atomic writes, the data directory, reading with care, and named saves
//! (autosaves and their locks are in `autosave.rs`).
//!
//! A save is written to a temporary file in the same directory, flushed to disk, then renamed
//! over the target: a crash at any moment leaves either the old file or the new one, whole.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

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

/// Opens `path` for reading as saves are opened ([`load`]): only a regular file (or a link to
/// one), never blocking on a named pipe or a device. For other files catan reads (the
/// settings). A file that is not regular is an error of kind `InvalidInput` saying what it is.
pub fn open_regular_file(path: &Path) -> io::Result<File> {
    open_regular(path).map_err(|problem| match problem {
        LoadProblem::Io(e) => e,
        other => io::Error::new(io::ErrorKind::InvalidInput, other.to_string()),
    })
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

/// [`save`] without the clean-up: the autosave writes after every action. What would be
/// written is first read back by the loader's own checks ([`from_json`]: the rules, the state,
/// the log replayed): a save the loader would refuse never replaces the file there, the last
/// good one ([`SaveError::WouldNotLoad`]).
pub(super) fn write_record(record: &Record, path: &Path) -> Result<(), SaveError> {
    let json = to_json(record);
    if json.len() as u64 > MAX_SAVE_BYTES {
        return Err(SaveError::TooLarge { path: path.into(), size: json.len() as u64, limit: MAX_SAVE_BYTES });
    }
    match from_json(json.as_bytes()) {
        Ok(read) if read == *record => {}
        Ok(_) => {
            return Err(SaveError::WouldNotLoad { path: path.into(), why: "it reads back as another game".into() });
        }
        Err(problem) => return Err(SaveError::WouldNotLoad { path: path.into(), why: problem.to_string() }),
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
pub(super) fn folder_of(path: &Path) -> &Path {
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
    make_dir(dir)?;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{}.{}-{n}.tmp", name.to_string_lossy(), std::process::id()));
    let written = (|| {
        let mut f = private_file().write(true).create_new(true).open(&tmp)?;
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

/// Options that create a file only its owner can read (H7: saves hold every secret of the
/// game, the seed that deals the dice among them): mode 0600 on Unix.
pub(super) fn private_file() -> OpenOptions {
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
}

/// Makes a folder for saves (and the folders above it), new ones readable by their owner only
/// (0700 on Unix); the data directory and the folders catan keeps in it are made private
/// again if they were not (H7). Folders elsewhere that already exist are left as they are.
pub(super) fn make_dir(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        builder.mode(0o700);
        builder.create(dir)?;
        if let Some(data) = data_dir() {
            let (data, dir) = (absolute(&data), absolute(dir));
            if dir.starts_with(&data) {
                for d in dir.ancestors().take_while(|d| d.starts_with(&data)) {
                    let mode = fs::metadata(d)?.permissions().mode() & 0o777;
                    if mode & 0o077 != 0 {
                        fs::set_permissions(d, fs::Permissions::from_mode(mode & 0o700))?;
                    }
                }
            }
        }
        Ok(())
    }
    #[cfg(not(unix))]
    builder.create(dir)
}

/// A path made absolute against the working folder, without touching the disk.
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
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
