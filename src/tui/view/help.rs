//! The help overlay: every key of every mode (from the keymap's tables), the building costs
//! and the board's symbols, flowed into as many columns as the screen needs so that nothing
//! is lost even at the smallest size the game draws (96 x 28 for the base island, see `layout::min_size`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::engine::Hand;
use crate::tui::screen::keymap;
use crate::tui::screen::scene::Scene;
use crate::tui::view::panels::{self, block, wrap};
use crate::tui::view::screens::centred;

/// Widest and narrowest column.
const COL_MAX: u16 = 40;
const COL_MIN: u16 = 28;
/// Width of the key (or item) column inside a column.
const LABEL: usize = 11;

/// One row of a section: a key (or a cost's name) and what it does, or a plain note.
struct Row {
    label: Option<String>,
    text: String,
}

struct Section {
    title: &'static str,
    rows: Vec<Row>,
}

fn keyed(label: &str, text: impl Into<String>) -> Row {
    Row { label: Some(label.to_string()), text: text.into() }
}

fn note(text: impl Into<String>) -> Row {
    Row { label: None, text: text.into() }
}

fn castles_on(app: &Scene) -> bool {
    app.table.game().config().modules.has(crate::engine::Module::Castles)
}

fn units_on(app: &Scene) -> bool {
    let m = app.table.game().config().modules;
    m.has(crate::engine::Module::Knights) || m.has(crate::engine::Module::Ships)
}

/// Every section of the help, as data.
fn sections(app: &Scene) -> Vec<Section> {
    let mut out = Vec::new();
    // A joined screen has no save key: the game's files are the host's (issue 40).
    let mut anywhere: Vec<Row> = keymap::GLOBAL
        .iter()
        .filter(|b| !(app.screen.joined && b.cmd == keymap::Cmd::Save))
        .map(|b| keyed(b.label, panels::global_desc(app, b)))
        .collect();
    anywhere.push(keyed("Ctrl-C", "quit"));
    anywhere.push(keyed("click", "choose; again: place"));
    out.push(Section { title: "Anywhere", rows: anywhere });
    // A joined screen is one seat's own (issue 49): no hand-off, no shared answer screen (its
    // counter that takes the keyboard), no save to name there.
    let joined_has =
        |m: &keymap::Mode| !matches!(m, keymap::Mode::Offer | keymap::Mode::Handoff | keymap::Mode::SaveName);
    for (title, modes) in keymap::HELP_SECTIONS {
        let modes: Vec<keymap::Mode> = modes.iter().copied().filter(|m| !app.screen.joined || joined_has(m)).collect();
        if modes.is_empty() {
            continue;
        }
        // One row per key label; a label used by several dialogs lists what it does in each.
        let mut rows: Vec<(&str, Vec<&str>)> = Vec::new();
        // The castle key (R44) only in a game with castles, the units' (R52, R53) with units.
        let shown = |b: &&keymap::Binding| {
            !b.label.is_empty()
                && (b.cmd != keymap::Cmd::BuildCastle || castles_on(app))
                && (b.cmd != keymap::Cmd::Units || units_on(app))
        };
        for b in modes.iter().flat_map(|m| keymap::bindings(*m)).filter(shown) {
            match rows.iter_mut().find(|(l, _)| *l == b.label) {
                // "counter" and "counter (takes the keyboard)" say one thing: keep the fuller.
                Some((_, descs)) if descs.iter().any(|d| b.desc.starts_with(d)) => {
                    descs.iter_mut().filter(|d| b.desc.starts_with(**d)).for_each(|d| *d = b.desc);
                }
                Some((_, descs)) if !descs.iter().any(|d| d.starts_with(b.desc)) => descs.push(b.desc),
                Some(_) => {}
                None => rows.push((b.label, vec![b.desc])),
            }
        }
        let rows = rows.iter().map(|(l, d)| keyed(l, d[..d.len().min(2)].join(" / "))).collect();
        out.push(Section { title, rows });
    }
    let cost = |what: &str, h: Hand| {
        let words: Vec<String> = h
            .resources()
            .map(|r| if h[r] == 1 { r.name().to_string() } else { format!("{} {}", h[r], r.name()) })
            .collect();
        keyed(what, words.join(" "))
    };
    out.push(Section {
        title: "Costs",
        rows: panels::costs(app.table.game()).into_iter().map(|(what, h)| cost(what, h)).collect(),
    });
    let th = &app.theme;
    let castle = if castles_on(app) { format!(" · {} castle", th.castle("A")) } else { String::new() };
    out.push(Section {
        title: "On the island",
        rows: vec![
            note(format!("A settlement · [A] city{castle} · =A= road")),
            note(format!("{} free corner · {} or {} legal place", th.dot(), th.target_dot(), th.target_path())),
            note("reverse video: the cursor"),
            note(format!("6 {}: number, pips its chance", th.pip().repeat(5))),
            note("6 and 8 underlined: they roll most"),
            note("ROBBER: that hex yields nothing"),
            note(format!("{0}~~~{0} 3:1 any / 2:1 ore: harbors", th.harbor_dot())),
        ],
    });
    if units_on(app) {
        // R52, R53: how units read on the island (the how-to-play page says more).
        out.push(Section {
            title: "Units on the island",
            rows: vec![
                note("Akc: A's knight and cavalry (k knight, a archer, c cavalry)"),
                note("Asw: A's ship and war ship (c cargo ship)"),
                note("Ac[kk]: knights aboard A's cargo ship"),
                note("AK, capital: no action left this turn"),
                note("A3 B1: a crowded hex counts units"),
            ],
        });
    }
    let mut house = crate::tui::view::house::rules(app);
    if !house.is_empty() {
        // Issue 33: where the house rules are told in full.
        if let Some(keys) = crate::tui::view::howto::house_keys(app) {
            house.push(format!("how they play: h (how to play), sections {keys}"));
        }
        out.push(Section { title: "House rules", rows: house.into_iter().map(note).collect() });
    }
    out
}

/// A section as lines `width` wide at most: long texts wrap under their own column.
fn lines(app: &Scene, section: &Section, width: u16) -> Vec<Line<'static>> {
    let width = width as usize;
    let mut out = vec![Line::styled(section.title, app.theme.title())];
    for row in &section.rows {
        let (lead, room, style) = match &row.label {
            Some(l) => (format!("{l:<LABEL$}"), width.saturating_sub(LABEL.max(l.chars().count())), app.theme.key()),
            None => (String::new(), width, Style::new()),
        };
        for (i, part) in wrap(&row.text, room.max(8)).into_iter().enumerate() {
            let lead = if i == 0 { lead.clone() } else { " ".repeat(lead.chars().count()) };
            // Wrapped parts of a keyed row line up under its text; a note's stay indented.
            let part = if row.label.is_some() { part.trim_start().to_string() } else { part };
            out.push(Line::from(vec![Span::styled(lead, style), Span::raw(part)]));
        }
    }
    out
}

/// Fills columns of `height` rows with whole sections, in order; `None` if they don't fit.
fn flow(sections: &[Vec<Line<'static>>], cols: usize, height: usize) -> Option<Vec<Vec<Line<'static>>>> {
    let mut columns: Vec<Vec<Line>> = vec![Vec::new()];
    for sec in sections {
        let col = columns.last_mut().expect("one column at least");
        // A blank line between sections in a column.
        let needed = sec.len() + usize::from(!col.is_empty());
        if col.len() + needed > height {
            if columns.len() == cols || sec.len() > height {
                return None;
            }
            columns.push(Vec::new());
        }
        let col = columns.last_mut().expect("one column at least");
        if !col.is_empty() {
            col.push(Line::raw(""));
        }
        col.extend(sec.iter().cloned());
    }
    Some(columns)
}

/// Draws the overlay over `area`.
pub fn render(app: &Scene, area: Rect, buf: &mut Buffer) {
    let r = centred(area, area.width.saturating_sub(2).min(3 * COL_MAX + 2), area.height.saturating_sub(2));
    Clear.render(r, buf);
    let outer = block(app, " Help (h: how to play · Esc closes) ");
    let inner = outer.inner(r);
    outer.render(r, buf);
    // As many columns as fit (three at most), their heights evened out where there is room.
    let cols = (inner.width / COL_MIN).clamp(1, 3) as usize;
    let width = (inner.width / cols as u16).min(COL_MAX);
    let laid: Vec<_> = sections(app).iter().map(|s| lines(app, s, width.saturating_sub(1))).collect();
    let total: usize = laid.iter().map(|s| s.len() + 1).sum();
    let height = inner.height as usize;
    let columns = flow(&laid, cols, height.min(total.div_ceil(cols) + 3))
        .or_else(|| flow(&laid, cols, height))
        .unwrap_or_else(|| {
            // Too small for all of it: as much as fits, in order.
            let all: Vec<Line> = laid.concat();
            all.chunks(height.max(1)).map(<[_]>::to_vec).collect()
        });
    for (i, column) in columns.into_iter().enumerate() {
        let x = inner.x + i as u16 * width;
        let w = width.min(inner.right().saturating_sub(x));
        Paragraph::new(column).render(Rect::new(x, inner.y, w, inner.height), buf);
    }
}
