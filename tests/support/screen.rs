//! Screens as text for snapshot tests: the cells row by row, then the runs of reversed cells
//! as `row: from-to` (the cursor and highlights are reverse video, which text alone loses).
//! Also the ways every screen test drives the app: keys by name, a drawn frame, an app
//! holding a game made with the engine's `Scenario`.

use catan::engine::{Game, Phase};
use catan::tui::{App, Focus, Msg, Theme};
use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

/// Plain theme: no colour, Unicode glyphs.
pub const PLAIN: Theme = Theme { color: false, ascii: false };

/// The key a word names: "Enter", "Tab", "BackTab", "Esc", "Up", "Down", "Left", "Right",
/// "Space", "Backspace", "Del", "PgDn", or a single character.
pub fn key(word: &str) -> KeyCode {
    match word {
        "Enter" => KeyCode::Enter,
        "Tab" => KeyCode::Tab,
        "BackTab" => KeyCode::BackTab,
        "Esc" => KeyCode::Esc,
        "Up" => KeyCode::Up,
        "Down" => KeyCode::Down,
        "Left" => KeyCode::Left,
        "Right" => KeyCode::Right,
        "Space" => KeyCode::Char(' '),
        "Backspace" => KeyCode::Backspace,
        "Del" => KeyCode::Delete,
        "PgDn" => KeyCode::PageDown,
        c if c.chars().count() == 1 => KeyCode::Char(c.chars().next().unwrap()),
        other => panic!("unknown key {other}"),
    }
}

/// Presses keys given as words separated by spaces (see [`key`]).
pub fn press(app: &mut App, keys: &str) {
    for k in keys.split_whitespace() {
        app.update(Msg::key(key(k)));
    }
}

/// Types `text` as a person types a name: one character at a time.
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Msg::char(c));
    }
}

/// The app drawn at its current size on an in-memory terminal of `w` x `h`, as text.
pub fn draw_at(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    view(terminal.backend().buffer())
}

/// The app resized to `w` x `h` and drawn, as text.
pub fn draw(app: &mut App, w: u16, h: u16) -> String {
    app.update(Msg::Resize(w, h));
    draw_at(app, w, h)
}

/// An app of Ann, Bob and Cy at 100 x 32 holding `game`, the keyboard with its player to act.
pub fn app_with(game: Game) -> App {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(1, Some(names), PLAIN);
    app.update(Msg::Resize(100, 32));
    app.viewer = Some(game.to_act());
    app.game = game;
    app.focus = Focus::Idle;
    app
}

/// Set-up by keys: Enter takes the keyboard, places at the cursor (always a legal place) and
/// places the road, until the first roll.
pub fn play_setup(app: &mut App) {
    for _ in 0..60 {
        if app.game.phase() == Phase::Roll {
            return;
        }
        press(app, "Enter");
    }
    panic!("set-up never ended: {:?}", app.game.phase());
}

/// The screen as text, then the runs of reversed cells as `row: from-to`.
pub fn view(buf: &Buffer) -> String {
    let (w, h) = (buf.area.width, buf.area.height);
    let mut text = String::new();
    let mut reversed = Vec::new();
    for y in 0..h {
        let mut line = String::new();
        let mut run: Option<u16> = None;
        for x in 0..w {
            let cell = &buf[(x, y)];
            line.push_str(cell.symbol());
            let rev = cell.modifier.contains(Modifier::REVERSED);
            match (rev, run) {
                (true, None) => run = Some(x),
                (false, Some(s)) => {
                    reversed.push(format!("{y}: {s}-{}", x - 1));
                    run = None;
                }
                _ => {}
            }
        }
        if let Some(s) = run {
            reversed.push(format!("{y}: {s}-{}", w - 1));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push_str("reverse video: ");
    text.push_str(&reversed.join(", "));
    text.push('\n');
    text
}
