//! Save files on disk (issue 4): atomic replacement, named saves in the data directory,
//! autosave after every action, and `--continue` finding the most recent unfinished game.

mod support;

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use catan::save::{self, Autosave};
use support::files::TempDir;
use support::records::random_record;

fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    v.sort();
    v
}

/// Held by the tests that set the data directory in the environment (one process for all).
static DATA_DIR: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn set_age(path: &Path, seconds_ago: u64) {
    let t = SystemTime::now() - Duration::from_secs(seconds_ago);
    fs::File::options().write(true).open(path).unwrap().set_modified(t).unwrap();
}

#[test]
fn atomic_writes_replace_whole_files_and_leave_no_temporaries() {
    let dir = TempDir::new("atomic");
    let path = dir.join("nested/deeper/x.json");
    save::write_atomic(&path, b"first").unwrap();
    save::write_atomic(&path, b"second, longer").unwrap();
    save::write_atomic(&path, b"3").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"3");
    assert_eq!(files(&dir.join("nested/deeper")), ["x.json"]);

    // A write that fails (the target is a folder) changes nothing and cleans up after itself.
    fs::create_dir(dir.join("taken")).unwrap();
    assert!(save::write_atomic(&dir.join("taken"), b"data").is_err());
    assert!(dir.join("taken").is_dir());
    assert_eq!(files(dir.path()), ["nested", "taken"]);
}

#[test]
fn a_failed_save_changes_nothing_and_crash_leftovers_are_ignored() {
    let dir = TempDir::new("keep");
    let record = random_record(3, 80);
    let path = dir.join("game.json");
    save::save(&record, &path).unwrap();
    let before = fs::read(&path).unwrap();
    // The folder becomes unwritable in the only way that also stops root: it is now a file.
    let blocked = dir.join("blocked");
    fs::write(&blocked, b"not a folder").unwrap();
    let err = save::save(&record, &blocked.join("game.json")).unwrap_err();
    assert!(err.to_string().starts_with(&format!("cannot save {}", blocked.join("game.json").display())), "{err}");
    assert_eq!(fs::read(&path).unwrap(), before);
    // A temporary file left by a crash in the middle of a save is ignored by the loaders.
    fs::write(dir.join(".game.json.999-0.tmp"), &before[..before.len() / 3]).unwrap();
    assert_eq!(save::load(&path).unwrap(), record);
    assert_eq!(save::latest_unfinished_in(dir.path()).unwrap().1, record);
}

#[test]
fn autosave_after_every_action_and_continue_the_latest_unfinished_game() {
    let dir = TempDir::new("autosave");
    assert!(save::latest_unfinished_in(&dir.join("missing")).is_none());
    assert!(save::latest_unfinished_in(dir.path()).is_none());

    // An older unfinished game, a newer finished one, and the newest file damaged.
    let old = random_record(10, 120);
    let old_save = Autosave::start_in(dir.path(), &old).unwrap();
    old_save.write(&old).unwrap();
    set_age(old_save.path(), 300);
    let done = random_record(6, 100_000);
    assert!(done.game().is_over());
    let done_save = Autosave::start_in(dir.path(), &done).unwrap();
    done_save.write(&done).unwrap();
    set_age(done_save.path(), 200);
    // Both games are closed: their processes let go of them.
    let old_path = old_save.path().to_path_buf();
    drop((old_save, done_save));
    fs::write(dir.join("game-1-1.json"), b"{\"format\": \"catan-save\"").unwrap();
    set_age(&dir.join("game-1-1.json"), 100);
    let (found, record) = save::latest_unfinished_in(dir.path()).unwrap();
    assert_eq!(found.path(), old_path);
    assert_eq!(record, old);
    drop(found);

    // A game played with an autosave after each action: continuing it picks up the last one.
    let mut game = random_record(11, 30);
    let autosave = Autosave::start_in(dir.path(), &game).unwrap();
    assert_ne!(autosave.path(), old_path);
    let mut rng = catan::bots::SplitMix64::new(1);
    for _ in 0..40 {
        let action = support::records::choose(&game, &mut rng).unwrap();
        game.apply(action).unwrap();
        autosave.write(&game).unwrap();
    }
    let path = autosave.path().to_path_buf();
    drop(autosave);
    let (found, record) = save::latest_unfinished_in(dir.path()).unwrap();
    assert_eq!(found.path(), path);
    assert_eq!(record, game);
    // Two games of the same seed started at the same second get different files.
    let twin = Autosave::start_in(dir.path(), &game).unwrap();
    assert_ne!(twin, found);
}

#[test]
fn typed_save_names_go_to_the_data_directory() {
    let dir = TempDir::new("names");
    // One of the two tests in this file that read the environment: they take turns.
    let _env = DATA_DIR.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: the tests that set it hold DATA_DIR; none other reads it.
    unsafe { std::env::set_var(save::DATA_DIR_ENV, dir.path()) };
    assert_eq!(save::data_dir().unwrap(), dir.path());
    assert_eq!(save::resolve_name(" friday ").unwrap(), dir.join("saves/friday.json"));
    assert_eq!(save::resolve_name("friday.save").unwrap(), dir.join("saves/friday.save.json"));
    assert_eq!(save::resolve_name("./here.json").unwrap(), Path::new("./here.json"));
    let abs = dir.join("x.json");
    assert_eq!(save::resolve_name(abs.to_str().unwrap()).unwrap(), abs);
    for bad in ["", "   ", "..", "a\tb"] {
        assert!(save::resolve_name(bad).is_err(), "{bad:?}");
    }
    let record = random_record(12, 50);
    let path = save::save_as(&record, "friday").unwrap();
    assert_eq!(save::load(&path).unwrap(), record);
    let autosave = Autosave::start(&record).unwrap();
    assert!(autosave.path().starts_with(dir.join("autosave")));
    autosave.write(&record).unwrap();
    drop(autosave);
    assert_eq!(save::latest_unfinished().unwrap().1, record);
}

#[test]
fn old_finished_autosaves_are_pruned_but_unfinished_ones_kept() {
    let dir = TempDir::new("prune");
    let done = random_record(6, 100_000);
    let open = random_record(10, 120);
    assert!(done.game().is_over() && !open.game().is_over());
    // Oldest first: a finished game, an unfinished one, a damaged file, then two finished.
    for (i, record) in [Some(&done), Some(&open), None, Some(&done), Some(&done)].into_iter().enumerate() {
        let path = dir.join(&format!("game-{i}.json"));
        match record {
            Some(r) => save::save(r, &path).unwrap(),
            None => fs::write(&path, b"not json").unwrap(),
        }
        set_age(&path, 1000 - 100 * i as u64);
    }
    save::prune_finished(dir.path(), 2);
    assert_eq!(files(dir.path()), ["game-1.json", "game-2.json", "game-3.json", "game-4.json"]);
}

/// Issue 12, item 2: an autosave is held by one process at a time. In-process opens stand for
/// processes: std's `File::try_lock` is flock-style on Linux, so two opens of one file conflict
/// even in one process (checked first).
#[test]
fn each_autosave_is_held_by_one_catan_at_a_time() {
    let data = TempDir::new("locks");
    let dir = data.join("autosave");
    fs::create_dir(&dir).unwrap();
    let probe = dir.join("probe");
    let a = fs::File::create(&probe).unwrap();
    let b = fs::File::open(&probe).unwrap();
    a.try_lock().unwrap();
    assert!(matches!(b.try_lock(), Err(fs::TryLockError::WouldBlock)), "two opens in one process conflict");
    drop(a);
    b.try_lock().unwrap();
    drop(b);
    fs::remove_file(&probe).unwrap();

    // Two unfinished games, closed: the older one and the newer one.
    let older = random_record(10, 120);
    let newer = random_record(11, 120);
    let mut paths = Vec::new();
    for (record, age) in [(&older, 300), (&newer, 200)] {
        let autosave = Autosave::start_in(&dir, record).unwrap();
        autosave.write(record).unwrap();
        set_age(autosave.path(), age);
        paths.push(autosave.path().to_path_buf());
    }
    let name = |i: usize| paths[i].file_name().unwrap().to_str().unwrap().to_string();

    // The first `--continue` resumes the newest and holds it.
    let (first, record, note) = save::commands::continue_in(&dir).unwrap();
    assert_eq!((first.path(), &record, note), (paths[1].as_path(), &newer, None));
    // A second one passes over it, says so, and resumes the older game.
    let (second, record, note) = save::commands::continue_in(&dir).unwrap();
    assert_eq!((second.path(), &record), (paths[0].as_path(), &older));
    assert_eq!(note.unwrap(), format!("{} is open in another catan; resumed {} instead", name(1), name(0)));
    assert!(save::Autosave::resume(paths[1].clone()).is_err(), "nor can it be resumed by name");
    // A third finds every unfinished game open: it names them and says what to do instead.
    let err = save::commands::continue_in(&dir).unwrap_err();
    assert!(
        err.starts_with(&format!("every unfinished game is open in another catan ({}, {} in ", name(1), name(0))),
        "{err}"
    );
    assert!(err.contains("start a new game with `catan`") && err.contains("`catan --load FILE`"), "{err}");

    // The command line, a real second process, exits 1 with that message.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_catan"))
        .arg("--continue")
        .env(save::DATA_DIR_ENV, data.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("catan: every unfinished game is open in another catan ("), "{stderr}");

    // Closing a game lets the next `--continue` have it.
    drop(first);
    let (third, record, note) = save::commands::continue_in(&dir).unwrap();
    assert_eq!((third.path(), &record, note), (paths[1].as_path(), &newer, None));
    drop((second, third));
}

/// Issue 12, item 2: two new games of the same seed in the same second never share a name,
/// even before either has written its autosave; lock files don't pile up.
#[test]
fn two_new_games_never_share_an_autosave_and_lock_files_go_with_their_games() {
    let dir = TempDir::new("reserve");
    let record = random_record(3, 40);
    let a = Autosave::start_in(dir.path(), &record).unwrap();
    let b = Autosave::start_in(dir.path(), &record).unwrap();
    assert_ne!(a.path(), b.path());
    assert!(!a.path().exists() && !b.path().exists(), "reserved by their lock files, not yet written");
    // A game closed leaves no lock file behind, written or not.
    drop(b);
    assert_eq!(files(dir.path()), [format!(".{}.lock", a.path().file_name().unwrap().to_str().unwrap())]);
    a.write(&record).unwrap();
    let a_name = a.path().file_name().unwrap().to_str().unwrap().to_string();
    drop(a);
    assert_eq!(files(dir.path()), std::slice::from_ref(&a_name));

    // Lock files a crash left are removed once old, unless someone holds them; finished games
    // pruned go with theirs.
    let done = random_record(6, 100_000);
    let done_save = Autosave::start_in(dir.path(), &done).unwrap();
    done_save.write(&done).unwrap();
    set_age(done_save.path(), 500);
    drop(done_save);
    let crashed = dir.join(&format!(".{a_name}.lock"));
    fs::write(&crashed, b"").unwrap();
    set_age(&crashed, 3600);
    let young = dir.join(".game-8-8.json.lock");
    fs::write(&young, b"").unwrap();
    let held = dir.join(".game-9-9.json.lock");
    let holder = fs::File::create(&held).unwrap();
    holder.try_lock().unwrap();
    set_age(&held, 3600);
    save::prune_finished(dir.path(), 1);
    assert_eq!(files(dir.path()), [".game-8-8.json.lock", ".game-9-9.json.lock", &a_name]);
    drop(holder);
}

/// Issue 12, item 5: a named pipe called `*.json` would hang any reader. `--continue` skips it,
/// and loading it says what it is; the test gives up after 10 s rather than hang.
#[cfg(unix)]
#[test]
fn a_named_pipe_is_never_read_as_a_save() {
    use std::sync::mpsc;
    let dir = TempDir::new("fifo");
    let autosaves = dir.join("autosave");
    fs::create_dir_all(&autosaves).unwrap();
    let game = random_record(10, 120);
    save::save(&game, &autosaves.join("game-1-10.json")).unwrap();
    set_age(&autosaves.join("game-1-10.json"), 100);
    let fifo = autosaves.join("game-2-10.json");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());

    let (tx, rx) = mpsc::channel();
    let (d, f) = (autosaves.clone(), fifo.clone());
    std::thread::spawn(move || {
        let found = save::latest_unfinished_in(&d).map(|(_, r)| r);
        let loaded = save::load(&f).map(|_| ()).map_err(|e| e.to_string());
        tx.send((found, loaded)).unwrap();
    });
    let (found, loaded) = rx.recv_timeout(std::time::Duration::from_secs(10)).expect("reading a FIFO hung");
    assert_eq!(found, Some(game), "the pipe is skipped, the game beside it resumed");
    assert_eq!(
        loaded.unwrap_err(),
        format!("cannot load {}: it is a named pipe (FIFO), not a save file", fifo.display())
    );

    // The command line: `--load` and `replay` refuse it at once, exit code 1.
    for args in [&["--load", fifo.to_str().unwrap()][..], &["replay", fifo.to_str().unwrap(), "--print"]] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_catan"))
            .args(args)
            .env(save::DATA_DIR_ENV, dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed().as_secs() > 10 {
                child.kill().unwrap();
                panic!("catan {args:?} hung on a FIFO");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert_eq!(status.code(), Some(1), "{args:?}");
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        assert!(err.contains("it is a named pipe (FIFO), not a save file"), "{err}");
    }
}

/// Issue 12, item 6: a `kill -9` in the middle of a write leaves `.NAME.PID-N.tmp`; temporary
/// files of processes that are gone are removed when an autosave starts and when saving into a
/// folder; a live process's (this one's) are left alone.
#[test]
fn temporaries_of_dead_processes_are_removed() {
    let dir = TempDir::new("tmp");
    let record = random_record(3, 40);
    // No process can have these ids (past pid_t, and past Linux's largest pid_max).
    let dead = [".game-1-3.json.4294967295-0.tmp", ".game-1-3.json.2147483646-7.tmp"];
    let alive = format!(".game-1-3.json.{}-0.tmp", std::process::id());
    let other = ".notes.txt.tmp";
    for name in dead.iter().copied().chain([alive.as_str(), other]) {
        fs::write(dir.join(name), b"half a save").unwrap();
    }
    let autosave = Autosave::start_in(dir.path(), &record).unwrap();
    let mut left = files(dir.path());
    left.retain(|n| !n.ends_with(".lock"));
    assert_eq!(left, [alive.clone(), other.to_string()]);

    let saves = dir.join("saves");
    fs::create_dir(&saves).unwrap();
    fs::write(saves.join(dead[0]), b"half").unwrap();
    fs::write(saves.join(&alive), b"half").unwrap();
    save::save(&record, &saves.join("x.json")).unwrap();
    assert_eq!(files(&saves), [alive, "x.json".to_string()]);
    drop(autosave);
}

/// Issue 27: a named pipe at `<data dir>/settings.json` is ignored with a notice, at once
/// (before, opening it blocked catan before the start screen, forever).
#[cfg(unix)]
#[test]
fn a_named_pipe_as_the_settings_file_never_hangs() {
    use catan::tui::settings::{Loaded, Settings};
    let dir = TempDir::new("fifo-settings");
    let fifo = dir.join("settings.json");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let (tx, rx) = std::sync::mpsc::channel();
    let f = fifo.clone();
    std::thread::spawn(move || tx.send(Settings::load(&f)).unwrap());
    let loaded = rx.recv_timeout(std::time::Duration::from_secs(10)).expect("reading the settings FIFO hung");
    let Loaded::Ignored(notice) = loaded else { panic!("not ignored: {loaded:?}") };
    assert_eq!(notice, "settings.json ignored (not a file): the defaults are used");
    // The writer the reader waited for, had it blocked: lets a hung thread go.
    use std::os::unix::fs::OpenOptionsExt;
    let _ = std::fs::OpenOptions::new().write(true).custom_flags(libc::O_NONBLOCK).open(&fifo);
}

/// Issue 27: `--continue` removes dead processes' temporaries from the autosave folder too
/// (before, only a new game's start did, and up to six piled up).
#[test]
fn continue_removes_temporaries_of_dead_processes() {
    let dir = TempDir::new("tmp-continue");
    let record = random_record(3, 40);
    save::save(&record, &dir.join("game-1-3.json")).unwrap();
    let dead = ".game-1-3.json.4294967295-0.tmp";
    let alive = format!(".game-1-3.json.{}-1.tmp", std::process::id());
    fs::write(dir.join(dead), b"half a save").unwrap();
    fs::write(dir.join(&alive), b"half a save").unwrap();
    let (autosave, resumed, _) = save::commands::continue_in(dir.path()).unwrap();
    assert_eq!(resumed, record);
    let mut left = files(dir.path());
    left.retain(|n| !n.ends_with(".lock"));
    assert_eq!(left, [alive, "game-1-3.json".to_string()]);
    drop(autosave);
}

/// Issue 12, item 7: a typed name only ever replaces a catan save. A text file, a link, a
/// device or a folder is refused with the reason, and left as it was.
#[cfg(unix)]
#[test]
fn only_a_catan_save_is_ever_replaced() {
    let dir = TempDir::new("replace");
    let record = random_record(3, 40);
    let save_path = dir.join("game.json");
    assert!(!save::check_replace(&save_path).unwrap(), "nothing there");
    save::save(&record, &save_path).unwrap();
    assert!(save::check_replace(&save_path).unwrap(), "a catan save: ask, then replace");

    let text = dir.join("notes.json");
    fs::write(&text, b"{\"name\": \"left-pad\"}").unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&save_path, &link).unwrap();
    let folder = dir.join("folder.json");
    fs::create_dir(&folder).unwrap();
    for (path, why) in [
        (text.as_path(), "it is not a catan save"),
        (link.as_path(), "it is a symbolic link"),
        (folder.as_path(), "it is a folder"),
        (Path::new("/dev/null"), "it is a device"),
    ] {
        let err = save::check_replace(path).unwrap_err().to_string();
        assert_eq!(
            err,
            format!(
                "cannot save {}: {why}; only a catan save is ever replaced, so choose another name",
                path.display()
            )
        );
        if path.extension().is_some_and(|x| x == "json") {
            let err = save::save_as(&record, path.to_str().unwrap()).unwrap_err().to_string();
            assert!(err.contains(why), "{err}");
        }
    }
    assert_eq!(fs::read(&text).unwrap(), b"{\"name\": \"left-pad\"}");
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
}

/// Issue 12, item 7: a typed name goes where the player means: `.json` added to any name
/// without it (paths too), `~/x` in the home folder, a folder that doesn't exist refused (never
/// created), and the name never cut short.
#[test]
fn a_typed_name_goes_where_the_player_means() {
    let dir = TempDir::new("where");
    let saves = dir.join("saves");
    let resolve = |name: &str| save::resolve_name_in(Some(&saves), name);
    assert_eq!(resolve("friday").unwrap(), saves.join("friday.json"), "the saves folder may be created later");
    assert_eq!(resolve("friday.JSON").unwrap(), saves.join("friday.JSON"));
    assert_eq!(resolve("v1.2").unwrap(), saves.join("v1.2.json"));
    let tmp = dir.join("x");
    assert_eq!(resolve(tmp.to_str().unwrap()).unwrap(), dir.join("x.json"), "a path gets .json too");
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from).filter(|h| h.is_dir());
    if let Some(home) = home {
        assert_eq!(resolve("~/catan-x").unwrap(), home.join("catan-x.json"));
    }
    let missing = dir.join("no/such/folder/x");
    let err = resolve(missing.to_str().unwrap()).unwrap_err().to_string();
    assert_eq!(err, format!("cannot save: the folder {} does not exist", dir.join("no/such/folder").display()));
    assert!(!dir.join("no").exists(), "never created");
    for bad in ["x/", "~", "a/..", "a\u{1b}b"] {
        assert!(resolve(bad).is_err(), "{bad:?}");
    }
    let long = "n".repeat(200);
    assert_eq!(resolve(&long).unwrap(), saves.join(format!("{long}.json")), "never cut short");
}

/// Issue 12, item 2: a lock file is removed by its holder when the game closes. Someone who
/// opened it just before and locks it after holds a removed file: taking the lock checks for
/// that and opens the path again, so there is never a second holder.
#[test]
fn a_lock_on_a_removed_lock_file_holds_nothing() {
    let dir = TempDir::new("relock");
    let record = random_record(3, 40);
    let a = Autosave::start_in(dir.path(), &record).unwrap();
    a.write(&record).unwrap();
    let path = a.path().to_path_buf();
    let lock = dir.join(&format!(".{}.lock", path.file_name().unwrap().to_str().unwrap()));
    let late = fs::File::open(&lock).unwrap();
    drop(a);
    assert!(!lock.exists());
    // Another test of this binary may be starting a process at this moment: between its fork
    // and its exec the child shares every open file, this lock's too, so the lock can stay
    // taken for a few milliseconds after `drop(a)` closed it. Wait that out, not longer.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        match late.try_lock() {
            Ok(()) => break,
            Err(fs::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5))
            }
            Err(e) => panic!("the dropped autosave's lock file can't be locked: {e}"),
        }
    }
    let b = Autosave::resume(path.clone()).unwrap();
    assert!(lock.exists(), "a new lock file");
    assert!(Autosave::resume(path.clone()).is_err(), "held once");
    drop((b, late));
    assert_eq!(files(dir.path()), [path.file_name().unwrap().to_str().unwrap()]);
}

/// H7: saves hold every secret of a game (its seed deals every roll to come), so catan's data
/// folders are its owner's alone (0700) and every save, autosave, temporary and lock file is
/// written 0600, whatever the folder was before.
#[cfg(unix)]
#[test]
fn h7_saves_and_their_folders_are_readable_by_their_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let dir = TempDir::new("modes");
    let data = dir.join("data");
    fs::create_dir_all(&data).unwrap();
    fs::set_permissions(&data, fs::Permissions::from_mode(0o755)).unwrap();
    let _env = DATA_DIR.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: the tests that set it hold DATA_DIR; none other reads it.
    unsafe { std::env::set_var(save::DATA_DIR_ENV, &data) };
    let record = random_record(4, 30);
    let autosaves = save::autosave_dir().unwrap();
    let autosave = Autosave::start_in(&autosaves, &record).unwrap();
    autosave.write(&record).unwrap();
    let named = save::saves_dir().unwrap().join("friday.json");
    save::save(&record, &named).unwrap();
    assert_eq!(mode(&data), 0o700, "the data directory made private again");
    assert_eq!(mode(&autosaves), 0o700);
    assert_eq!(mode(named.parent().unwrap()), 0o700);
    assert_eq!(mode(autosave.path()), 0o600, "the autosave");
    assert_eq!(mode(&named), 0o600, "a named save");
    let lock = autosaves.join(format!(".{}.lock", autosave.path().file_name().unwrap().to_str().unwrap()));
    assert_eq!(mode(&lock), 0o600, "its lock file");
    // A save outside the data directory is private too; its folder, the player's, is left alone.
    let outside = dir.join("elsewhere");
    fs::create_dir_all(&outside).unwrap();
    fs::set_permissions(&outside, fs::Permissions::from_mode(0o755)).unwrap();
    save::save(&record, &outside.join("x.json")).unwrap();
    assert_eq!(mode(&outside.join("x.json")), 0o600);
    assert_eq!(mode(&outside), 0o755, "a folder of the player's own is theirs");
    // H7: the autosave's name says when the game was, never its seed.
    let name = autosave.path().file_name().unwrap().to_str().unwrap().to_string();
    assert!(!name.contains(&format!("-{}", record.seed())), "{name}");
}

/// H7: a game dealt on an island's code keeps it in its save, and whether its seed was given,
/// and loads and replays to the same game; saves without them load as before.
#[test]
fn h7_a_save_keeps_the_island_and_whether_the_seed_was_given() {
    use catan::engine::{BoardCode, Config, Game};
    use catan::save::{Record, SeatInfo};
    let config = Config::with_players(3);
    let code = BoardCode::of(&Game::new(config, 77).unwrap());
    let seats = SeatInfo::humans(["Ann", "Bob", "Cy"].map(String::from).to_vec());
    let mut record = Record::new_dealt(config, 5, true, Some(code), seats).unwrap();
    assert_eq!(record.game().board(), code.board(), "the island of the code");
    let mut rng = catan::bots::SplitMix64::new(2);
    for _ in 0..60 {
        let action = support::records::choose(&record, &mut rng).unwrap();
        record.apply(action).unwrap();
    }
    let json = save::to_json(&record);
    assert!(json.contains(&format!("\"board\": \"{code}\"")) && json.contains("\"seed_given\": true"), "{json:.400}");
    let back = save::from_json(json.as_bytes()).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.island(), Some(&code));
    assert!(back.seed_given());
    back.verify().unwrap();
    let plain = random_record(4, 10);
    let json = save::to_json(&plain);
    let top = &json[..json.find("\"rules\"").unwrap()];
    assert!(!top.contains("board") && !top.contains("seed_given"), "nothing new in a plain save: {top}");
    // A damaged code is named.
    let bad = save::to_json(&record).replace(&code.to_string(), "XXXX");
    let err = save::from_json(bad.as_bytes()).unwrap_err().to_string();
    assert!(err.contains("board"), "{err}");
}
