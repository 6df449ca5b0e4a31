//! The host's card (`catan host`, issue 40): how a friend joins (the ssh command, the code,
//! the host key's fingerprint to check against what their ssh shows) and where each person
//! seat is played, drawn over the log on the host's screen only.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::screen::scene::Scene;
use crate::tui::view::panels::{block, player_span};

/// Rows the card takes in a column `width` wide: its border and its lines.
pub fn height(app: &Scene, width: u16) -> u16 {
    lines(app, width).len() as u16 + 2
}

/// Draws the card, if the screen has one.
pub fn render(app: &Scene, area: Rect, buf: &mut Buffer) {
    let Some(card) = &app.screen.card else { return };
    // What the door turned away (issue 47): the host learns of attacks beyond a passing line.
    let t = card.turned;
    let title = if t.wrong_codes + t.refused > 0 {
        format!(" Friends join with · turned away: {} wrong codes, {} connections ", t.wrong_codes, t.refused)
    } else {
        " Friends join with ".to_string()
    };
    Paragraph::new(lines(app, area.width)).block(block(app, title)).render(area, buf);
}

/// The card's lines in a column `width` wide (its border included): the command and what NAME
/// is (issue 49: the line that said so outside the game was wiped by its screen), the code,
/// the whole fingerprint (over as many lines as it takes: a joiner checks every character),
/// and where each person seat is played.
fn lines(app: &Scene, width: u16) -> Vec<Line<'static>> {
    let Some(card) = &app.screen.card else { return Vec::new() };
    let inner = usize::from(width.saturating_sub(2)).max(8);
    let name = "NAME: your seat's name; the code is the password";
    let mut lines = vec![Line::from(vec![Span::styled(card.command.clone(), app.theme.key())])];
    lines.extend(wrapped(name, inner).into_iter().map(|l| Line::styled(l, app.theme.dim())));
    lines.push(Line::from(vec![Span::raw("code "), Span::styled(card.code.clone(), app.theme.title())]));
    let key = format!("key {}", card.fingerprint);
    // Cut by characters where it must (the fingerprint has no words), never left cut off.
    let chars: Vec<char> = key.chars().collect();
    let key_lines: Vec<String> = chars.chunks(inner).map(|c| c.iter().collect()).collect();
    lines.extend(key_lines.into_iter().map(|l| Line::styled(l, app.theme.dim())));
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
    lines
}

/// `text` in lines of at most `width` characters, broken between words.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match out.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
    }
    out
}
