//! The host's card (`catan host`, issue 40): how a friend joins (the ssh command, the code,
//! the host key's fingerprint to check against what their ssh shows) and where each person
//! seat is played, drawn over the log on the host's screen only.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::view::panels::{block, player_span};
use crate::tui::view::scene::Scene;

/// Rows the card takes: its border and four lines.
pub const HEIGHT: u16 = 6;

/// Draws the card, if the screen has one.
pub fn render(app: &Scene, area: Rect, buf: &mut Buffer) {
    let Some(card) = &app.screen.card else { return };
    let mut lines = vec![
        Line::from(vec![Span::styled(card.command.clone(), app.theme.key())]),
        Line::from(vec![Span::raw("code "), Span::styled(card.code.clone(), app.theme.title())]),
        Line::styled(format!("key {}", card.fingerprint), app.theme.dim()),
    ];
    let mut seats = Vec::new();
    for s in app.table.humans().chain(app.table.remote.stand_in.iter()) {
        let here = if app.screen.holds.contains(s) { Some("here") } else { None };
        let Some(state) = app.table.remote.state(s).or(here) else { continue };
        if !seats.is_empty() {
            seats.push(Span::raw(" · "));
        }
        seats.push(player_span(app, s));
        seats.push(Span::raw(format!(" {state}")));
    }
    lines.push(Line::from(seats));
    let t = card.turned;
    let title = if t.wrong_codes + t.refused > 0 {
        format!(" Friends join with · turned away: {} wrong codes, {} connections ", t.wrong_codes, t.refused)
    } else {
        " Friends join with ".to_string()
    };
    Paragraph::new(lines).block(block(app, title)).render(area, buf);
}
