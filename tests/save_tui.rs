//! Saving in the terminal front end (issue 4), driven by keys as a player would: the save
//! prompt, a named save that loads back to the same game (same player to act, same dice to
//! come), the autosave that `--continue` finds, undo with its refusals (H1 holds after it),
//! and `--load` / `--continue` failures on the command line.

mod support;

use std::path::Path;

use catan::engine::{Config, Phase, Seat};
use catan::save::{self, Record};
use catan::tui::{App, Files, Focus, Msg, Purpose};
use support::files::TempDir;
use support::region::{Region, region};
use support::screen::{NAMES, PLAIN, press, text, type_text};

/// A new three-player game whose files go to `data`.
fn new_app(seed: u64, data: &Path) -> App {
    let mut app = support::screen::new_app(seed);
    app.set_files(Files::in_data_dir(data), None);
    app
}

fn footer(app: &App) -> String {
    text(app).lines().last().unwrap().to_string()
}

fn message(app: &App) -> String {
    app.screen.message.as_ref().map(|m| m.text.clone()).unwrap_or_default()
}

/// Set-up by keys (each places at the cursor, always a legal spot), then turns of rolling and
/// ending until `turns` have been played; the player to act then holds the keyboard.
fn play(app: &mut App, turns: u32) {
    while app.table.game().turn_number() <= turns && !app.table.game().is_over() {
        if app.screen.handoff().is_some() {
            press(app, "Enter");
        }
        match app.table.game().phase() {
            Phase::Roll if app.table.game().turn_number() == turns => return,
            Phase::Roll => press(app, "r"),
            Phase::Main => press(app, "e"),
            // The robber's cursor starts on the robber, which must move (issue 23): Tab to the
            // next hex, Enter, and Enter for the default victim.
            Phase::Robber => press(app, "Tab Enter Enter"),
            // Placements and discards: Enter takes the cursor's legal spot or the dialog's
            // default.
            _ => press(app, "Enter"),
        }
    }
}

#[test]
fn save_prompt() {
    let mut app = new_app(42, Path::new("/data/catan"));
    press(&mut app, "Enter s");
    type_text(&mut app, "friday");
    let (w, h) = app.screen.size;
    insta::assert_snapshot!(region(&mut app, w, h, Region::Overlay));
}

#[test]
fn keys_then_a_named_save_load_back_to_the_same_game_and_dice() {
    let dir = TempDir::new("tui-save");
    let mut app = new_app(42, dir.path());
    play(&mut app, 3);
    assert_eq!(app.table.game().phase(), Phase::Roll);
    press(&mut app, "s");
    type_text(&mut app, "friday");
    press(&mut app, "Enter");
    let path = dir.join("saves").join("friday.json");
    assert!(app.screen.saving.is_none(), "the prompt closes");
    assert!(message(&app).starts_with(&format!("saved to {}", path.display())), "{}", message(&app));

    let loaded = save::load(&path).unwrap();
    assert_eq!(&loaded, app.table.record().unwrap(), "the file holds the game as played, log included");
    let mut resumed = App::from_record(loaded, PLAIN);
    resumed.update(Msg::Resize(100, 32));
    assert_eq!(
        resumed.screen.handoff(),
        Some(app.table.game().to_act()),
        "the same player to act takes the keyboard first"
    );
    assert_eq!(resumed.table.log, app.table.log, "the log panel is rebuilt");
    // The same dice to come: both play on identically.
    for turn in 4..7 {
        play(&mut app, turn);
        play(&mut resumed, turn);
        assert_eq!(*resumed.table.game(), *app.table.game());
        assert_eq!(resumed.table.game().dice(), app.table.game().dice());
    }

    // Saving again under that name asks first, then replaces (`S`, with Shift, saves too).
    press(&mut app, "S");
    type_text(&mut app, "friday");
    press(&mut app, "Enter");
    assert!(text(&app).contains("friday.json exists: Enter again"), "{}", text(&app));
    assert!(save::load(&path).unwrap().len() < app.table.record().unwrap().len(), "not replaced yet");
    press(&mut app, "Enter");
    assert_eq!(&save::load(&path).unwrap(), app.table.record().unwrap());

    // Esc leaves without saving; a name the saver refuses keeps the prompt open with the reason.
    press(&mut app, "s Esc");
    assert!(app.screen.saving.is_none());
    press(&mut app, "s Backspace Enter");
    assert!(app.screen.saving.is_some());
    assert_eq!(message(&app), "cannot save: type a name for the save");
}

/// Issue 12, item 7: the save prompt never replaces anything but a catan save, however many
/// times Enter is pressed; the reason is on the status line and the prompt stays open.
#[test]
fn the_save_prompt_replaces_only_a_catan_save() {
    let dir = TempDir::new("tui-replace");
    let mut app = new_app(42, dir.path());
    play(&mut app, 2);
    let notes = dir.join("notes.json");
    std::fs::write(&notes, b"my notes\n").unwrap();
    press(&mut app, "s");
    type_text(&mut app, notes.to_str().unwrap());
    press(&mut app, "Enter Enter");
    assert_eq!(
        message(&app),
        format!(
            "cannot save {}: it is not a catan save; only a catan save is ever replaced, so choose another name",
            notes.display()
        )
    );
    assert!(app.screen.saving.is_some(), "the prompt stays open to fix the name");
    assert_eq!(std::fs::read(&notes).unwrap(), b"my notes\n");

    // A name without .json gets it; a missing folder is refused, not created.
    press(&mut app, "Esc s");
    type_text(&mut app, dir.join("plain").to_str().unwrap());
    press(&mut app, "Enter");
    assert_eq!(save::load(&dir.join("plain.json")).unwrap(), *app.table.record().unwrap());
    press(&mut app, "s");
    type_text(&mut app, dir.join("missing/x").to_str().unwrap());
    press(&mut app, "Enter");
    assert!(message(&app).ends_with("missing does not exist"), "{}", message(&app));
    assert!(!dir.join("missing").exists());
}

#[test]
fn every_action_is_autosaved_and_continue_finds_it() {
    let dir = TempDir::new("tui-autosave");
    let autosaves = dir.join("autosave");
    let mut app = new_app(7, dir.path());
    assert!(!app.autosave_now(), "nothing to write before the first action");
    assert!(save::latest_unfinished_in(&autosaves).is_none(), "a game nobody played isn't offered to --continue");
    play(&mut app, 2);
    app.autosave_now();
    let path = app.table.autosave_path().unwrap().to_path_buf();
    let played = app.table.record().unwrap().clone();
    // While the game is open here, no other catan may resume it (issue 12).
    assert!(save::latest_unfinished_in(&autosaves).is_none(), "the game is held by the app playing it");
    drop(app);
    let (autosave, record) = save::latest_unfinished_in(&autosaves).unwrap();
    assert_eq!(autosave.path(), path);
    assert_eq!(record, played);

    // The resumed game keeps writing the same file.
    let mut resumed = App::from_record(record, PLAIN);
    resumed.set_files(Files::in_data_dir(dir.path()), Some(autosave));
    play(&mut resumed, 3);
    resumed.autosave_now();
    let played = resumed.table.record().unwrap().clone();
    drop(resumed);
    let (again, record) = save::latest_unfinished_in(&autosaves).unwrap();
    assert_eq!(again.path(), path);
    assert_eq!(record, played);
    let visible = std::fs::read_dir(&autosaves)
        .unwrap()
        .filter(|e| !e.as_ref().unwrap().file_name().to_string_lossy().starts_with('.'))
        .count();
    assert_eq!(visible, 1, "one file per game (beside its hidden lock file)");
}

#[test]
fn a_failed_autosave_is_said_on_the_status_line() {
    let dir = TempDir::new("tui-autosave-fails");
    // A file where the autosave folder should be: every write fails.
    std::fs::write(dir.join("autosave"), b"").unwrap();
    let mut app = new_app(7, dir.path());
    press(&mut app, "Enter Enter");
    assert!(app.autosave_now(), "the screen must show it");
    let m = app.screen.message.clone().unwrap();
    assert!(m.error && m.text.starts_with("autosave failed (s saves elsewhere): cannot save"), "{}", m.text);
}

#[test]
fn h1_undo_takes_back_a_placement_and_the_same_player_keeps_the_keyboard() {
    let dir = TempDir::new("tui-undo");
    let mut app = new_app(42, dir.path());
    press(&mut app, "Enter");
    let ann = app.table.game().to_act();
    assert!(!footer(&app).contains("u undo"), "nothing to undo yet: {}", footer(&app));
    press(&mut app, "u");
    assert_eq!(message(&app), "nothing to undo");

    press(&mut app, "Enter");
    assert_eq!(app.table.game().settlements(ann).count(), 1);
    assert!(footer(&app).contains("u undo"), "{}", footer(&app));
    press(&mut app, "u");
    assert_eq!(message(&app), "took back the settlement");
    assert_eq!(app.table.game().settlements(ann).count(), 0);
    assert_eq!(app.table.record().unwrap().len(), 0);
    assert_eq!((app.screen.handoff(), app.screen.viewer), (None, Some(ann)), "H1: no hand-off, the same player acts");
    assert!(matches!(&app.screen.focus, Focus::Select(s, _) if s.purpose == Purpose::Settlement), "placing again");
    assert!(!footer(&app).contains("u undo"));

    // After the road the keyboard goes to Bob: that road is final (H1), even for Ann.
    press(&mut app, "Enter Enter");
    assert_eq!(app.screen.handoff(), Some(Seat(1)));
    assert!(!footer(&app).contains("u undo"));
    press(&mut app, "u");
    assert_eq!(message(&app), "the last action was another player's");
    press(&mut app, "Enter u");
    assert_eq!(message(&app), "the last action was another player's");
    assert_eq!(app.table.game().roads(ann).count(), 1);
}

#[test]
fn undo_refuses_a_roll() {
    let dir = TempDir::new("tui-undo-roll");
    let mut app = new_app(42, dir.path());
    play(&mut app, 1);
    press(&mut app, "r");
    assert!(!footer(&app).contains("u undo"), "{}", footer(&app));
    press(&mut app, "u");
    if app.screen.handoff().is_none() {
        assert_eq!(message(&app), "a roll can't be taken back: it revealed something new");
    }
    assert_eq!(app.table.record().unwrap().actions().last(), Some(&catan::engine::Action::RollDice));
}

#[test]
fn undo_works_after_a_load_and_is_autosaved() {
    let dir = TempDir::new("tui-undo-load");
    let mut record = Record::new(Config::with_players(3), 5, NAMES.map(String::from).to_vec()).unwrap();
    let first = record.game().legal_actions()[0];
    record.apply(first).unwrap();
    let path = dir.join("mid.json");
    save::save(&record, &path).unwrap();

    let mut app = App::from_record(save::load(&path).unwrap(), PLAIN);
    app.set_files(Files::in_data_dir(dir.path()), None);
    app.update(Msg::Resize(100, 32));
    // H1: the player to act takes the keyboard before anything is taken back.
    press(&mut app, "u");
    let who = app.table.name(app.table.game().to_act());
    assert!(message(&app).starts_with(&format!("{who} takes the keyboard first (Enter)")), "{}", message(&app));
    assert_eq!(app.table.record().unwrap().len(), 1);
    press(&mut app, "Enter u");
    assert_eq!(message(&app), "took back the settlement");
    assert!(app.table.record().unwrap().is_empty());
    app.autosave_now();
    drop(app);
    let (_, autosaved) = save::latest_unfinished_in(&dir.join("autosave")).unwrap();
    assert!(autosaved.is_empty(), "the undo is autosaved");
    assert_eq!(save::load(&path).unwrap(), record, "the loaded file is left as it was");
}

/// The binary's exit code and standard error.
fn catan(args: &[&str], data: &Path) -> (i32, String) {
    let (code, _, err) = support::cli::catan_text(args, data);
    (code, err)
}

#[test]
fn load_of_a_damaged_file_or_nothing_to_continue_exits_1_with_one_message() {
    let dir = TempDir::new("tui-cli");
    let path = dir.join("damaged.json");
    let bytes = b"{\"format\": \"catan-save\", \"vers";
    std::fs::write(&path, bytes).unwrap();
    let p = path.to_str().unwrap();
    let (code, err) = catan(&["--load", p], dir.path());
    assert_eq!(code, 1);
    assert_eq!(err, format!("catan: cannot load {p}: the file is truncated (JSON ends early at line 1)\n"));
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "nothing is overwritten");
    assert!(!dir.join("autosave").exists(), "nothing is written");

    let (code, err) = catan(&["--continue"], dir.path());
    assert_eq!(code, 1);
    let autosaves = dir.join("autosave");
    assert_eq!(err, format!("catan: no unfinished game to continue in {}\n", autosaves.display()));

    let (code, err) = catan(&["--load", p, "--seed", "3"], dir.path());
    assert_eq!(code, 2, "a loaded game has its own seed: {err}");
}
