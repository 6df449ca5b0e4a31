//! Drawing the two shared screens every player reads, with every hand hidden (H1): the answers
//! to an offer (offers.rs) and who builds after a turn (builders.rs). Drawing only reads the
//! app.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use crate::engine::{Answer, Phase, SeatSet};
use crate::tui::screen::scene::Scene;
use crate::tui::table::offers::Choice;
use crate::tui::view::panels::{block, player_span, plural};
use crate::tui::view::screens::centred;

/// The marker of the row being answered: reads without colour.
fn marker(app: &Scene, on: bool) -> Span<'static> {
    let mark = if !on {
        "  "
    } else if app.theme.ascii {
        "> "
    } else {
        "▶ "
    };
    Span::styled(mark, app.theme.key())
}

/// The shared answer screen.
pub fn offer(app: &Scene, area: Rect, buf: &mut Buffer) {
    let g = app.table.game();
    let Phase::Trade { give, get, answers } = g.phase() else { return };
    let from = g.current_player();
    let mut lines = vec![
        Line::from(vec![player_span(app, from), Span::raw(format!(" offers {give} for {get}"))])
            .style(Style::new().add_modifier(Modifier::BOLD)),
        Line::raw(""),
    ];
    for s in g.seats().filter(|&s| answers[s.index()] != Answer::NotAsked) {
        let picked = app.table.offer_table.picked == Some(s);
        let what = match (answers[s.index()], app.table.offer_table.given(s)) {
            (Answer::Accept, _) => "accepts".to_string(),
            (Answer::Decline, _) => "declines".to_string(),
            (Answer::Counter { give, get }, _) => format!("counters: gives {get} for {give}"),
            (_, Some(Choice::Accept)) => "accepts".to_string(),
            (_, Some(Choice::Decline)) => "declines".to_string(),
            (_, Some(Choice::Counter)) => "will make a counter-offer".to_string(),
            _ if picked => "answering: a accept · d decline · c counter".to_string(),
            _ if app.table.level(s).is_some() => "answers by itself".to_string(),
            _ => "has not answered".to_string(),
        };
        let mut l = Line::from(vec![
            marker(app, picked),
            player_span(app, s),
            Span::raw(format!(" ({}) {what}", plural(g.public_player(s).resource_cards, "card"))),
        ]);
        if picked {
            l = l.patch_style(app.theme.selected());
        }
        lines.push(l);
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Answer here: your letter, then a (accept) or d (decline).", app.theme.dim()));
    lines.push(Line::styled("c (counter-offer) takes the keyboard. Every hand stays hidden.", app.theme.dim()));
    draw(app, " Trade offer · everyone reads this ", lines, area, buf);
}

/// The shared "who builds?" screen.
pub fn builders(app: &Scene, area: Rect, buf: &mut Buffer) {
    let g = app.table.game();
    let Some(b) = app.table.builders else { return };
    let next = next_turn(app);
    let mut lines = vec![
        Line::raw(format!("{}'s turn is over. Who builds before {next}'s turn?", app.table.name(g.current_player())))
            .style(Style::new().add_modifier(Modifier::BOLD)),
        Line::raw(""),
    ];
    // In turn order, the order their moments come.
    let n = g.num_players() as u8;
    let order = (1..n).map(|i| crate::engine::Seat((g.current_player().0 + i) % n));
    for s in order.filter(|&s| b.asked.contains(s)) {
        let on = b.chosen.contains(s);
        let tick = if on { "[x] " } else { "[ ] " };
        let mut l = Line::from(vec![
            marker(app, on),
            Span::raw(tick),
            player_span(app, s),
            Span::raw(format!(" ({})", plural(g.public_player(s).resource_cards, "card"))),
        ]);
        if !app.screen.holds.contains(s) {
            // Asked on their own screen: their answer shows here once given.
            l.push_span(Span::styled(
                if b.said.contains(s) { "  answered" } else { "  asked on their screen" },
                app.theme.dim(),
            ));
        }
        if on {
            l = l.patch_style(app.theme.selected());
        }
        lines.push(l);
    }
    let others: SeatSet = g
        .seats()
        .filter(|&s| s != g.current_player() && !b.asked.contains(s) && app.table.level(s).is_none())
        .fold(SeatSet::default(), |set, s| set.with(s));
    if !others.is_empty() {
        let names: Vec<String> = others.iter().map(|s| app.table.name(s)).collect();
        lines.push(Line::styled(format!("  too few cards to build: {}", names.join(", ")), app.theme.dim()));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Press your letter if you build (again: not after all).", app.theme.dim()));
    lines.push(Line::styled("Enter goes on; only those ticked take the keyboard.", app.theme.dim()));
    draw(app, " Special building · everyone reads this ", lines, area, buf);
}

/// Whose turn comes after the phase.
fn next_turn(app: &Scene) -> String {
    let g = app.table.game();
    let n = g.num_players() as u8;
    app.table.name(crate::engine::Seat((g.current_player().0 + 1) % n))
}

fn draw(app: &Scene, title: &str, lines: Vec<Line<'static>>, area: Rect, buf: &mut Buffer) {
    // As wide as the screen, the text in a centred column: no tails of log lines beside it.
    let width = lines.iter().map(Line::width).max().unwrap_or(40).max(title.len()) as u16 + 4;
    let r = centred(area, area.width, lines.len() as u16 + 2);
    Clear.render(r, buf);
    let outer = block(app, title.to_string());
    let inner = outer.inner(r);
    outer.render(r, buf);
    let text = centred(inner, width.saturating_sub(2), inner.height);
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(text, buf);
}
