//! The advice panel (issue 36), drawn over the island for the seat that asked: the chance to
//! win now, the moves ranked best first with their number and reason, and what the number is.
//! It only reads: nothing is played or chosen from it (H5).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use crate::bots::advice::Advice;
use crate::tui::screen::coach::{Pending, number};
use crate::tui::screen::scene::Scene;
use crate::tui::view::panels::{block, wrap};
use crate::tui::view::screens::centred;

/// The panel's widest: a reason reads on one or two lines.
const WIDTH: u16 = 84;

/// Draws the panel over `area`.
pub fn render(app: &Scene, panel: &Pending<Advice>, area: Rect, buf: &mut Buffer) {
    let who = app.table.name(panel.asked.seat);
    let width = WIDTH.min(area.width);
    let inner = width.saturating_sub(2) as usize;
    let mut lines = match (&panel.got, panel.failed) {
        (Some(advice), _) => ranked(app, advice, &who, inner),
        (None, true) => vec![Line::styled("No advice came: the search failed.", app.theme.error())],
        (None, false) => vec![Line::styled(if app.theme.ascii { "thinking..." } else { "thinking…" }, app.theme.dim())],
    };
    lines.push(Line::styled("Nothing is played from here · Esc or i closes", app.theme.dim()));
    let rows: usize = lines
        .iter()
        .map(|l| wrap(&l.spans.iter().map(|s| s.content.as_ref()).collect::<String>(), inner).len().max(1))
        .sum();
    let r = centred(area, width, rows as u16 + 2);
    Clear.render(r, buf);
    let title = Line::raw(format!(" Advice for {who} "));
    Paragraph::new(lines).block(block(app, title)).wrap(Wrap { trim: false }).render(r, buf);
}

/// The advice come: the chance now, the moves, and what the number is.
fn ranked(app: &Scene, advice: &Advice, who: &str, inner: usize) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled(format!("Chance to win now: {:.0}%", advice.now * 100.0), app.theme.title())];
    if advice.moves.is_empty() {
        lines.push(Line::raw("Nothing to advise now."));
    }
    // Each reason wraps under itself, beside its number, so the numbers read as a column.
    // A move too close to the first to tell apart (`Advised::tie`) reads "≈" before its number.
    let tie = if app.theme.ascii { "~" } else { "≈" };
    let head = |i: usize, m: &crate::bots::advice::Advised| {
        format!("{}. {}{}", i + 1, if m.tie { tie } else { "" }, number(m.chance, m.change))
    };
    let indent = advice.moves.iter().enumerate().map(|(i, m)| head(i, m).chars().count()).max().unwrap_or(0) + 2;
    for (i, m) in advice.moves.iter().enumerate() {
        let mut first = true;
        for part in wrap(&m.reason, (inner.saturating_sub(indent)).max(20)) {
            let left = if first { head(i, m) } else { String::new() };
            let (pad, part) = (" ".repeat(indent - left.chars().count()), part.trim_start());
            lines.push(Line::from(vec![Span::styled(left, app.theme.key()), Span::raw(format!("{pad}{part}"))]));
            first = false;
        }
    }
    let note = format!(
        "The number: {who}'s chance to win after the move (its change from now) if everyone plays as \
         the model expects, {}; a model of public facts played out in {} worlds dealt from what {who} \
         can see. {tie} before a number: too close to the first move's to tell apart.",
        assumes(app),
        advice.worlds
    );
    // Wrapped here, a line a row, so the panel's height counts its rows exactly.
    lines.extend(wrap(&note, inner).into_iter().map(|l| Line::styled(l.trim_start().to_string(), app.theme.dim())));
    lines
}

/// Who the number reads each seat as: the chance model's players (`coach::seat_kinds`), a bot
/// at its level and a person as a medium player.
fn assumes(app: &Scene) -> &'static str {
    if app.table.game().seats().any(|s| app.table.level(s).is_some()) {
        "bots at their level, people as a medium player"
    } else {
        "every player as a medium player"
    }
}
