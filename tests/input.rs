//! Issue 12 at the level of the app: what keys, pastes and names do on the hand-off screen, the
//! "terminal too small" notice, the turn and the start screen. (The terminal loop's timing
//! gate and the signals are tested end to end in e2e.rs.)

mod support;

use catan::engine::Phase;
use catan::tui::keymap::Mode;
use catan::tui::{App, Msg};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use support::screen::{PLAIN, new_app, type_text};

fn start_app() -> App {
    let mut app = App::new(42, None, PLAIN);
    app.update(Msg::Resize(100, 32));
    app
}

fn press(app: &mut App, code: KeyCode) {
    app.update(Msg::key(code));
}

/// Plays set-up at the cursor (always a legal spot), each player taking the keyboard in turn,
/// until the first player is to roll with the keyboard in hand.
fn to_first_roll(app: &mut App) {
    for _ in 0..40 {
        if app.screen.mode() == Mode::Turn {
            assert_eq!(app.table.game().phase(), Phase::Roll);
            return;
        }
        press(app, KeyCode::Enter);
    }
    panic!("set-up never ended: {:?}", app.screen.mode());
}

/// What a key must not change unseen: the game, its log and what the keyboard is doing.
fn state(app: &App) -> (String, usize, Mode, Option<catan::engine::Seat>) {
    (format!("{:?}", *app.table.game()), app.table.log.len(), app.screen.mode(), app.screen.viewer)
}

/// Issue 12, item 1: the footer says Enter, and Enter alone takes the keyboard.
#[test]
fn hand_off_screen_takes_only_enter() {
    let mut app = new_app(42);
    assert_eq!(app.screen.mode(), Mode::Handoff);
    let before = state(&app);
    for code in [KeyCode::Char(' '), KeyCode::Char('a'), KeyCode::Tab, KeyCode::Char('r'), KeyCode::Char('e')] {
        press(&mut app, code);
        assert_eq!(state(&app), before, "{code:?} on the hand-off screen");
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen.mode(), Mode::Select, "Enter takes the keyboard");
}

/// Issue 12, item 2: on the "too small" notice keys act unseen no more; q quits at once.
#[test]
fn too_small_screen_lets_only_q_act_and_q_quits_at_once() {
    let mut app = new_app(42);
    to_first_roll(&mut app);
    app.update(Msg::Resize(60, 20));
    let before = state(&app);
    for code in [KeyCode::Char('r'), KeyCode::Char('e'), KeyCode::Char('b'), KeyCode::Enter, KeyCode::Char('?')] {
        press(&mut app, code);
    }
    app.update(Msg::Paste("re".into()));
    app.update(Msg::Click { col: 10, row: 10 });
    assert_eq!(state(&app), before, "nothing acted while the screen was too small");
    assert!(!app.screen.help && !app.screen.quitting && !app.screen.done);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(60, 20)).unwrap();
    terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
    let screen: String = terminal.backend().buffer().content.iter().map(|c| c.symbol()).collect();
    assert!(screen.contains("q quits at once"), "the notice says so: {screen}");

    // Back to a good size, the game is where it was.
    app.update(Msg::Resize(100, 32));
    assert_eq!(app.screen.mode(), Mode::Turn);
    app.update(Msg::Resize(95, 32));
    press(&mut app, KeyCode::Char('q'));
    assert!(app.screen.done, "q quits at once: the question could not be drawn");

    let mut app = new_app(42);
    app.update(Msg::Resize(40, 10));
    app.update(Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)));
    assert!(app.screen.done, "Ctrl-C quits too");
}

/// Issue 12, item 3: pasted text is not a string of commands.
#[test]
fn a_paste_in_turn_mode_changes_nothing() {
    let mut app = new_app(42);
    to_first_roll(&mut app);
    let before = state(&app);
    app.update(Msg::Paste("rrrree".repeat(1000)));
    assert_eq!(state(&app), before);
    assert!(!app.screen.quitting && !app.screen.help && !app.screen.done);

    // Nor on the hand-off screen (a pasted Enter would show the hand).
    let mut app = new_app(42);
    let before = state(&app);
    app.update(Msg::Paste("\r\n \r".into()));
    assert_eq!(state(&app), before);
}

/// Issue 12, item 3: in the start screen's name field a paste types what a name may hold.
#[test]
fn a_paste_types_into_the_start_screen_name_filtered() {
    let mut app = start_app();
    app.update(Msg::Paste("Zoë\x1b[2J\u{200B} van der Berg-Ölß and more".into()));
    let form = app.screen.start.as_ref().unwrap();
    let typed = form.typing().unwrap();
    assert_eq!(typed, "Zoë[2J van der Berg-", "unprintable characters dropped, cut at 20");
    assert_eq!(typed.chars().count(), catan::text::MAX_NAME_CHARS);
}

/// Issue 12, item 3: the save prompt takes a paste as typed text.
#[test]
fn a_paste_types_into_the_save_prompt() {
    let mut app = new_app(42);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.screen.mode(), Mode::SaveName);
    app.update(Msg::Paste("my\ngame".into()));
    assert_eq!(app.screen.saving.as_ref().unwrap().input, "mygame", "typed, and the newline did not save");
    assert_eq!(app.screen.mode(), Mode::SaveName);
}

/// Issue 12, item 5: a name is 1 to 20 printable characters (it used to stop at 12).
#[test]
fn start_screen_names_take_up_to_20_printable_characters() {
    let mut app = start_app();
    type_text(&mut app, "Zoë van der Berg-Ölß!!!!");
    assert_eq!(
        app.screen.start.as_ref().unwrap().typing(),
        Some("Zoë van der Berg-Ölß"),
        "20 characters, then no more"
    );
    press(&mut app, KeyCode::Enter);
    type_text(&mut app, "O'Neil & Co. (2)");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen.start.as_ref().unwrap().names(), ["Zoë van der Berg-Ölß", "O'Neil & Co. (2)"]);
    press(&mut app, KeyCode::Enter);
    assert!(app.screen.start.is_none(), "the game began");
    assert_eq!(app.table.names, ["Zoë van der Berg-Ölß", "O'Neil & Co. (2)"]);
}

/// Issue 12, item 5: characters that can never be in a name are not typed at all.
#[test]
fn start_screen_ignores_characters_no_name_may_hold() {
    let mut app = start_app();
    type_text(&mut app, "A\u{1b}\u{7}\u{200B}\u{202E}\u{FEFF}nn");
    assert_eq!(app.screen.start.as_ref().unwrap().typing(), Some("Ann"));
    app.update(Msg::Key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL)));
    assert_eq!(app.screen.start.as_ref().unwrap().typing(), Some("Ann"), "Ctrl-U types nothing");
}

/// Issue 12, item 5: no two alike (ignoring case), said in the words of `text::check_names`.
#[test]
fn start_screen_refuses_a_name_twice_with_the_shared_message() {
    let mut app = start_app();
    type_text(&mut app, "Ann");
    press(&mut app, KeyCode::Enter);
    type_text(&mut app, "aNN");
    press(&mut app, KeyCode::Enter);
    let form = app.screen.start.as_ref().unwrap();
    assert_eq!(form.row, catan::tui::Row::Seat(1), "the cursor stays on the second name");
    assert_eq!(form.typing(), Some("aNN"), "kept, to be fixed");
    let expected = catan::text::check_names(&["Ann".into(), "aNN".into()]).unwrap_err().to_string();
    let message = app.screen.message.as_ref().expect("a refusal");
    assert!(message.error);
    assert_eq!(message.text, expected);
}
