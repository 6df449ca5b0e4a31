//! Screens as text for snapshot tests: the cells row by row, then the runs of reversed cells
//! as `row: from-to` (the cursor and highlights are reverse video, which text alone loses).
//! Also the ways every screen test drives the app: keys by name, a drawn frame, an app
//! holding a game made with the engine's `Scenario`.

use catan::engine::{Action, Game, Hex, Phase};
use catan::tui::{App, Focus, Msg, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

/// Plain theme: no colour, Unicode glyphs.
pub const PLAIN: Theme = Theme { color: false, ascii: false };

/// The players of most screen tests.
pub const NAMES: [&str; 3] = ["Ann", "Bob", "Cy"];

/// A new game of Ann, Bob and Cy dealt from `seed`, plain, on a terminal of 100 x 32.
pub fn new_app(seed: u64) -> App {
    let mut app = App::new(seed, Some(NAMES.map(String::from).to_vec()), PLAIN);
    app.update(Msg::Resize(100, 32));
    app
}

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
        "PgUp" => KeyCode::PageUp,
        c if c.chars().count() == 1 => KeyCode::Char(c.chars().next().unwrap()),
        other => panic!("unknown key {other}"),
    }
}

/// Presses keys given as words separated by spaces (see [`key`]); capitals come with Shift, as
/// a terminal sends them.
pub fn press(app: &mut App, keys: &str) {
    for k in keys.split_whitespace() {
        let code = key(k);
        let shift = matches!(code, KeyCode::Char(c) if c.is_ascii_uppercase());
        app.update(Msg::Key(KeyEvent::new(code, if shift { KeyModifiers::SHIFT } else { KeyModifiers::NONE })));
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

/// The app drawn at its own size, as text: the rows only, for tests that look for words.
pub fn text(app: &App) -> String {
    let (w, h) = app.screen.size;
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..h {
        let line: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// An app of Ann, Bob and Cy at 100 x 32 holding `game`, the keyboard with its player to act.
pub fn app_with(game: Game) -> App {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(1, Some(names), PLAIN);
    app.update(Msg::Resize(100, 32));
    app.screen.viewer = Some(game.to_act());
    app.set_position(game);
    app.screen.focus = Focus::Idle;
    app
}

/// Set-up by keys: Enter takes the keyboard, places at the cursor (always a legal place) and
/// places the road, until the first roll.
pub fn play_setup(app: &mut App) {
    for _ in 0..60 {
        if app.table.game().phase() == Phase::Roll {
            return;
        }
        press(app, "Enter");
    }
    panic!("set-up never ended: {:?}", app.table.game().phase());
}

/// Rolls and ends turns by keys until the phase is `until` with no hand-off on screen: nobody
/// builds, the robber goes to the next hex, discards take a card of each resource held.
pub fn play_turns_until(app: &mut App, until: fn(Phase) -> bool) {
    for _ in 0..400 {
        if until(app.table.game().phase()) && app.screen.handoff().is_none() {
            return;
        }
        match app.table.game().phase() {
            _ if app.screen.handoff().is_some() => press(app, "Enter"),
            // Nobody builds (the shared "who builds?" screen, issue 23).
            _ if app.screen.mode() == catan::tui::keymap::Mode::Builders => press(app, "Enter"),
            Phase::Roll => press(app, "r"),
            Phase::Main | Phase::SpecialBuilding { .. } => press(app, "e"),
            // The cursor starts on the robber, which must move: Tab to the next hex.
            Phase::Robber => press(app, "Tab Enter Enter"),
            Phase::Discard { .. } => {
                for _ in 0..5 {
                    press(app, "+ j");
                }
                press(app, "Enter");
            }
            _ => press(app, "Enter"),
        }
    }
    panic!("never reached the phase wanted; now {:?}", app.table.game().phase());
}

/// The screen as text, then the runs of reversed cells as `row: from-to`.
pub fn view(buf: &Buffer) -> String {
    cells(buf, buf.area)
}

/// The cells of `rect` row by row, then the runs of reversed cells as `row: from-to` (in the
/// screen's columns); a whole screen's `view`, and a region's under the line naming it.
pub fn cells(buf: &Buffer, rect: ratatui::layout::Rect) -> String {
    let mut text = String::new();
    let mut reversed = Vec::new();
    for y in rect.y..rect.y + rect.height {
        let mut line = String::new();
        let mut run: Option<u16> = None;
        for x in rect.x..rect.x + rect.width {
            let cell = &buf[(x, y)];
            line.push_str(cell.symbol());
            match (cell.modifier.contains(Modifier::REVERSED), run) {
                (true, None) => run = Some(x),
                (false, Some(s)) => {
                    reversed.push(format!("{y}: {s}-{}", x - 1));
                    run = None;
                }
                _ => {}
            }
        }
        if let Some(s) = run {
            reversed.push(format!("{y}: {s}-{}", rect.x + rect.width - 1));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push_str("reverse video: ");
    text.push_str(&reversed.join(", "));
    text.push('\n');
    text
}

/// The number of Tabs that bring the robber's cursor from its hex to `to`: the selection
/// cycles the legal hexes in reading order (top to bottom, left to right).
pub fn tabs_to(g: &Game, to: Hex) -> usize {
    let topo = g.topology();
    let key = |h: Hex| {
        let (x, y) = topo.hex_pos(h);
        (y, x)
    };
    let mut legal: Vec<Hex> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::MoveRobber { hex, .. } => Some(hex),
            _ => None,
        })
        .collect();
    legal.sort_by_key(|&h| key(h));
    legal.dedup();
    let here = key(g.board().robber());
    let first = legal.iter().position(|&h| key(h) > here).unwrap_or(0);
    let at = legal.iter().position(|&h| h == to).unwrap();
    (at + legal.len() - first) % legal.len() + 1
}
