//! The replay viewer (`catan replay FILE`, issue 4): snapshots of its screen at the first, a
//! middle and the last step of a committed save, drawn on ratatui's `TestBackend` (as
//! tests/screens.rs does for the game), and the keys that move between steps.

mod support;

use support::screen::{PLAIN, view};

use std::path::Path;

use catan::engine::{Action, Config};
use catan::save::{self, Record, Timeline};
use catan::tui::replay::{self, Go, Replay};
use catan::tui::{Msg, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Three players, 250 actions with trades, steals and discards (a fixture never regenerated).
fn fixture() -> Record {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/v1-three-players-mid-game.json");
    save::load(&path).unwrap()
}

fn draw(replay: &Replay, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| f.render_widget(replay, f.area())).unwrap();
    view(terminal.backend().buffer())
}

fn press(replay: &mut Replay, code: KeyCode) {
    replay.update(Msg::key(code));
}

/// The first step whose action is a steal: it shows a private detail (the stolen card), which a
/// replay shows to everyone.
fn first_steal(record: &Record) -> usize {
    let at = record.actions().iter().position(|a| matches!(a, Action::MoveRobber { victim: Some(_), .. }));
    at.expect("the fixture has a steal") + 1
}

#[test]
fn replay_at_the_deal() {
    let replay = Replay::new(&fixture(), PLAIN);
    assert_eq!((replay.step(), replay.len()), (0, 250));
    insta::assert_snapshot!(draw(&replay, 140, 45));
}

#[test]
fn replay_at_a_steal_shows_the_stolen_card_and_every_hand() {
    let record = fixture();
    let mut replay = Replay::new(&record, PLAIN);
    let step = first_steal(&record);
    replay.go(Go::Forward(step));
    assert_eq!(replay.step(), step);
    let screen = draw(&replay, 140, 45);
    // "steals 1 <resource>", not "steals a card": nothing is hidden in a replay.
    assert!(screen.contains(" steals 1 "), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn replay_at_the_last_step() {
    let mut replay = Replay::new(&fixture(), PLAIN);
    press(&mut replay, KeyCode::End);
    assert_eq!(replay.step(), 250);
    insta::assert_snapshot!(draw(&replay, 140, 45));
}

#[test]
fn replay_fits_the_smallest_terminal_and_says_when_it_is_smaller() {
    let mut replay = Replay::new(&fixture(), PLAIN);
    replay.go(Go::Forward(120));
    let (w, h) = replay::min_size(replay.game().topology());
    assert_eq!((w, h), (96, 29), "the base island's game needs 96 x 28, and a row for the second header");
    let screen = draw(&replay, w, h);
    assert!(screen.contains("REPLAY") && screen.contains("step 120 of 250"), "{screen}");
    assert!(screen.contains("Log to step 120"), "the log has room at {w}x{h}:\n{screen}");
    let small = draw(&replay, w - 1, h);
    assert!(small.contains(&format!("need {w} x {h}, have {} x {h}", w - 1)), "{small}");
}

#[test]
fn keys_move_between_steps() {
    let mut replay = Replay::new(&fixture(), PLAIN);
    let steps = |replay: &mut Replay, keys: &[KeyCode]| -> Vec<usize> {
        keys.iter()
            .map(|&k| {
                press(replay, k);
                replay.step()
            })
            .collect()
    };
    use KeyCode::*;
    // Left at the start stays there; Right and l step on; h and Left step back.
    assert_eq!(steps(&mut replay, &[Left, Right, Right, Char('l'), Char('h'), Left]), [0, 1, 2, 3, 2, 1]);
    assert_eq!(steps(&mut replay, &[PageDown, PageDown, PageUp]), [11, 21, 11]);
    assert_eq!(
        steps(&mut replay, &[End, Right, PageDown, Left, Home, Char('G'), Char('g')]),
        [250, 250, 250, 249, 0, 250, 0]
    );
    assert_eq!(steps(&mut replay, &[PageUp, End, PageDown, PageUp]), [0, 250, 250, 240]);
    // Releases (sent by Windows terminals) do nothing; neither do other keys.
    let release = KeyEvent { kind: KeyEventKind::Release, ..KeyEvent::new(Right, KeyModifiers::NONE) };
    replay.update(Msg::Key(release));
    replay.update(Msg::char('x'));
    replay.update(Msg::Resize(100, 30));
    assert_eq!(replay.step(), 240);
    assert!(!replay.done);
}

#[test]
fn the_game_shown_is_the_timeline_game_at_that_step() {
    let record = fixture();
    let timeline = Timeline::new(&record);
    let mut replay = Replay::new(&record, PLAIN);
    for go in [Go::Forward(37), Go::Back(5), Go::End, Go::Back(100), Go::Start, Go::Forward(10)] {
        replay.go(go);
        assert_eq!(replay.game(), &timeline.game_at(replay.step()), "after {go:?}");
    }
}

#[test]
fn q_esc_and_ctrl_c_quit() {
    let record = fixture();
    for key in [
        KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE),
        KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE),
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    ] {
        let mut replay = Replay::new(&record, PLAIN);
        replay.update(Msg::Key(key));
        assert!(replay.done, "{key:?} quits");
    }
}

#[test]
fn a_finished_game_ends_on_its_winner() {
    let record = save::play_random(Config::with_players(4), 5).unwrap();
    assert!(record.game().is_over());
    let mut replay = Replay::new(&record, PLAIN);
    replay.go(Go::End);
    let screen = draw(&replay, 140, 45);
    assert!(screen.contains("game over: ") && screen.contains(" wins with "), "{screen}");
    replay.go(Go::Back(1));
    assert!(!draw(&replay, 140, 45).contains("game over: "));
}

#[test]
fn ascii_replays_draw_only_ascii() {
    let mut replay = Replay::new(&fixture(), Theme { color: false, ascii: true });
    replay.go(Go::Forward(100));
    let screen = draw(&replay, 140, 45);
    assert!(screen.is_ascii(), "{screen}");
}

#[test]
fn replay_print_writes_the_log_as_text() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/v1-three-players-mid-game.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(["replay", path.to_str().unwrap(), "--print"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().next(), Some("    0  Ann rolls 7 for the start"));
    assert!(text.lines().last().unwrap().starts_with("  250  "), "{text}");
    // As the table saw it: the --print log hides private details, unlike the viewer.
    assert!(text.contains("steals a card from") && !text.contains(" steals 1 "), "{text}");
}

/// Issue 36: `c` shows the game's story in the island's place, the step's turn marked on it
/// (`│`), and the mark moves as the viewer steps; `c` again shows the island.
#[test]
fn replay_shows_the_story_chart_with_the_step_marked() {
    let record = fixture();
    let mut replay = Replay::new(&record, PLAIN);
    let footer = draw(&replay, 140, 45);
    assert!(footer.contains("c story chart/island"), "{footer}");
    press(&mut replay, KeyCode::Char('c'));
    assert!(replay.chart);
    replay.go(Go::Forward(120));
    let screen = draw(&replay, 140, 45);
    assert!(screen.contains("The game's story") && screen.contains("│ this step"), "{screen}");
    // The column of the step's mark: the first `│` after the y axis on the row under 100%
    // (the moments' numbers are on the top row; the lines seldom come so high).
    let mark_column = |screen: &str| {
        let rows: Vec<&str> = screen.lines().collect();
        let top = rows.iter().position(|l| l.contains("100%│")).expect("the chart's top row");
        let row: Vec<char> = rows[top + 1].chars().collect();
        (6..row.len()).find(|&x| row[x] == '│').expect("the mark")
    };
    let at_120 = mark_column(&screen);
    insta::assert_snapshot!(screen);
    replay.go(Go::Forward(100));
    assert!(mark_column(&draw(&replay, 140, 45)) > at_120, "the mark moves on with the steps");
    press(&mut replay, KeyCode::Char('c'));
    assert!(!draw(&replay, 140, 45).contains("The game's story"), "c again shows the island");
}
