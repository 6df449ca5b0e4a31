//! The island's harbors read in every mode (issue 15): with colour, with `NO_COLOR` and with
//! `--ascii`, each harbor's two corners have their own glyph, its side is water (`~`) and its
//! label sits against that water. Colour adds a tint on top, listed under the screen.

use crate::support::region::{Region, cut_region};
use catan::engine::Phase;
use catan::tui::{App, Msg, Theme};
use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

/// The island after set-up (no place being chosen), drawn at 100x32 in a theme, its board's
/// region; with colour, the runs of harbor-tinted cells (in the screen's coordinates) follow.
fn island_after_setup(theme: Theme) -> String {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(42, Some(names), theme);
    app.update(Msg::Resize(100, 32));
    let mut guard = 0;
    while app.table.game().phase() != Phase::Roll {
        app.update(Msg::key(KeyCode::Enter));
        guard += 1;
        assert!(guard < 60, "set-up never ended");
    }
    let mut terminal = Terminal::new(TestBackend::new(100, 32)).unwrap();
    terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    let mut out = cut_region(&app, buf, Region::Board);
    if theme.color {
        let mut runs = Vec::new();
        for y in 0..buf.area.height {
            let cyan: Vec<u16> = (0..buf.area.width).filter(|&x| buf[(x, y)].fg == Color::Cyan).collect();
            if !cyan.is_empty() {
                runs.push(format!("{y}: {cyan:?}"));
            }
        }
        out.push_str(&format!("harbor tint: {}\n", runs.join(", ")));
    }
    out
}

#[test]
fn harbors_in_colour() {
    insta::assert_snapshot!(island_after_setup(Theme { color: true, ascii: false }));
}

#[test]
fn harbors_without_colour() {
    let screen = island_after_setup(Theme { color: false, ascii: false });
    // Nine harbors, two corners each; at seed 42 set-up built on none of them.
    assert_eq!(screen.matches('◇').count(), 18);
    insta::assert_snapshot!(screen);
}

#[test]
fn harbors_in_ascii() {
    let screen = island_after_setup(Theme { color: false, ascii: true });
    assert!(screen.is_ascii());
    assert!(screen.contains('$'), "harbor corners have their own glyph");
    insta::assert_snapshot!(screen);
}
