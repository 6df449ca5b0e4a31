//! The legal actions are worked out at most once a key press, frame included (issue 24): the
//! footer, the selection, the dialogs and the robber's victims share one list.

use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::legal::counter::computed;
use super::{App, Msg};
use crate::tui::Theme;

/// Plays a hot-seat game of three people with a fixed stream of keys (no save, no quit), and
/// checks the count of legal-action lists worked out for each key and the frame after it.
#[test]
fn one_legal_actions_a_key_press() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(7, Some(names), Theme::default());
    app.update(Msg::Resize(140, 45));
    let mut terminal = Terminal::new(TestBackend::new(140, 45)).unwrap();
    terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
    let keys = [
        KeyCode::Enter,
        KeyCode::Tab,
        KeyCode::Enter,
        KeyCode::Char('r'),
        KeyCode::Char('b'),
        KeyCode::Right,
        KeyCode::Tab,
        KeyCode::Enter,
        KeyCode::Char('e'),
        KeyCode::Char('m'),
        KeyCode::Char('t'),
        KeyCode::Char('p'),
        KeyCode::Down,
        KeyCode::Char('u'),
        KeyCode::Esc,
        KeyCode::Char('v'),
        KeyCode::Char('c'),
        KeyCode::Char('d'),
        KeyCode::Char('a'),
        KeyCode::Char('x'),
        KeyCode::Up,
        KeyCode::Right,
        KeyCode::Right,
        KeyCode::Enter,
        KeyCode::Char('r'),
        KeyCode::Esc,
        KeyCode::Char('e'),
        KeyCode::Tab,
        KeyCode::Enter,
    ];
    let (mut pick, mut changed, mut quiet) = (0x9E37_79B9_7F4A_7C15_u64, 0, 0);
    for _ in 0..2000 {
        // xorshift64: a fixed stream of keys.
        pick ^= pick << 13;
        pick ^= pick >> 7;
        pick ^= pick << 17;
        let key = keys[(pick % keys.len() as u64) as usize];
        let (before, game) = (computed(), app.game);
        app.update(Msg::key(key));
        terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
        let n = computed() - before;
        assert!(n <= 1, "{key:?} worked the legal actions out {n} times (mode {:?})", app.mode());
        // Another frame of the same position asks the list kept.
        terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
        assert_eq!(computed() - before, n, "a second frame of the same position worked them out again");
        if app.game == game {
            quiet += 1;
        } else {
            changed += 1;
        }
        if app.game.is_over() {
            break;
        }
    }
    assert!(
        changed > 40 && quiet > 100,
        "the keys played: {changed} changed the game, {quiet} did not; {:?} {:?} turn {}",
        app.mode(),
        app.game.phase(),
        app.game.turn_number()
    );
    assert!(app.game.turn_number() > 5, "the game went on (turn {})", app.game.turn_number());
}
