//! Save files on disk (issue 4): atomic replacement, named saves in the data directory,
//! autosave after every action, and `--continue` finding the most recent unfinished game.

mod save_common;

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use catan::save::{self, Autosave};
use save_common::{TempDir, random_record};

fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    v.sort();
    v
}

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
    fs::write(dir.join("game-1-1.json"), b"{\"format\": \"catan-save\"").unwrap();
    set_age(&dir.join("game-1-1.json"), 100);
    let (found, record) = save::latest_unfinished_in(dir.path()).unwrap();
    assert_eq!(found, old_save);
    assert_eq!(record, old);

    // A game played with an autosave after each action: continuing it picks up the last one.
    let mut game = random_record(11, 30);
    let autosave = Autosave::start_in(dir.path(), &game).unwrap();
    assert_ne!(autosave, old_save);
    let mut rng = catan::bots::SplitMix64::new(1);
    for _ in 0..40 {
        let action = save_common::choose(&game, &mut rng).unwrap();
        game.apply(action).unwrap();
        autosave.write(&game).unwrap();
    }
    let (found, record) = save::latest_unfinished_in(dir.path()).unwrap();
    assert_eq!(found, autosave);
    assert_eq!(record, game);
    // Two games of the same seed started at the same second get different files.
    let twin = Autosave::start_in(dir.path(), &game).unwrap();
    assert_ne!(twin, autosave);
}

#[test]
fn typed_save_names_go_to_the_data_directory() {
    let dir = TempDir::new("names");
    // The only test in this file that reads the environment.
    unsafe { std::env::set_var(save::DATA_DIR_ENV, dir.path()) };
    assert_eq!(save::data_dir().unwrap(), dir.path());
    assert_eq!(save::resolve_name(" friday ").unwrap(), dir.join("saves/friday.json"));
    assert_eq!(save::resolve_name("friday.save").unwrap(), dir.join("saves/friday.save"));
    assert_eq!(save::resolve_name("./here.json").unwrap(), Path::new("./here.json"));
    let abs = dir.join("elsewhere/x.json");
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
