//! The start screen drawn: the seats, the rules options and the house rules, the row under
//! the cursor in reverse video, beside the island these choices deal when there is room for
//! both (140 x 45), else across the whole screen in two columns (96 x 28 and up).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::engine::{BoardKind, Config, MAX_PLAYERS, MapId, Seat, Shortage, TurnStyle};
use crate::tui::screen::scene::Scene;
use crate::tui::screen::start_form::{MIN_PLAYERS, OPTIONS, Row, StartForm, offered_modules, rules_for};
use crate::tui::view::layout::Areas;
use crate::tui::view::panels::block;

/// What the status line says about the row under the cursor.
pub fn about(app: &Scene) -> String {
    let Some(form) = &app.screen.start else { return String::new() };
    let r = &app.table.rules;
    match form.row {
        Row::Seat(i) if form.seats.get(i).is_some_and(|s| s.bot.is_none()) => {
            "type a name; Tab: a person or a computer player; ←→: tips (the best move on the status line)".into()
        }
        Row::Seat(_) => "type a name; Tab: a person or a computer player; ←→: the computer's level".into(),
        Row::Target => "points needed to win (R37)".into(),
        Row::Board => match r.board {
            BoardKind::Variable => "variable: shuffled terrain and harbors, numbers in the official spiral (R6)",
            BoardKind::Beginner => "beginner: the fixed layout of the official first game (R7)",
            BoardKind::Random => "random: terrain and numbers fully shuffled, no 6 or 8 side by side (R8)",
        }
        .into(),
        Row::Map => {
            let players = app.screen.start.as_ref().map_or(4, |f| f.named().count().max(MIN_PLAYERS)) as u8;
            let now = rules_for(r, players);
            let topo = now.map.topology();
            let (w, h) =
                crate::tui::view::layout::min_size_sea(topo, crate::tui::view::board::sea_with(topo, now.modules));
            let what = match now.map {
                MapId::Archipelago => "archipelago: a main island and three islets, sea between (R51, 2-4 players)",
                MapId::FiveSix => "the 5-6 player island of R40, as five or six names deal it",
                MapId::Standard => "the base game's island (five or six names deal R40's larger one)",
            };
            format!("{what}; play needs {w} x {h}")
        }
        Row::DesertCenter => "the desert sits in the middle of the island (R8)".into(),
        Row::StrictPhases => "all trading must come before any building in a turn (R13)".into(),
        Row::Shortage => match r.shortage {
            Shortage::Official => "the bank short: no one is paid, unless only one player is owed (R16)",
            Shortage::NoneAtAll => "the bank short: no one is paid (R16)",
            Shortage::TurnOrder => "the bank short: paid in turn order from the roller until it is empty (R16)",
        }
        .into(),
        Row::DiscardLimit => format!("on a 7, players holding more than {} cards discard half (R17)", r.discard_limit),
        Row::FriendlyRobber => "the robber spares players with fewer than 3 points (R39)".into(),
        Row::Paired => "5 or 6 players: each turn shared with the third player after (R40a)".into(),
        Row::BotOffers => "computer players may offer the people trades (each person asked answers)".into(),
        Row::Module(m) => m.row().about.into(),
        Row::Start => "Enter starts the game with these players and rules".into(),
        Row::Continue => "Enter resumes the last unfinished game where it was left (as catan --continue)".into(),
    }
}

/// A row's line: the cursor's marker and reverse video on the row under it.
fn row_line(app: &Scene, on: bool, spans: Vec<Span<'static>>) -> Line<'static> {
    let mark = if on { app.theme.pointer() } else { " " };
    let mut all = vec![Span::raw(format!("{mark} "))];
    all.extend(spans);
    let line = Line::from(all);
    if on { line.style(app.theme.cursor()) } else { line }
}

fn check(on: bool) -> String {
    if on { "[x]".into() } else { "[ ]".into() }
}

fn choice(v: impl std::fmt::Display) -> String {
    format!("< {v} >")
}

/// The seats: number, name (a blinking-free `_` where typing goes), person or bot and level.
fn players(app: &Scene, form: &StartForm) -> Vec<Line<'static>> {
    let mut out =
        vec![Line::styled(format!("Players ({MIN_PLAYERS} to {MAX_PLAYERS}, in seat order)"), app.theme.title())];
    let col = form.seats.iter().map(|s| s.name.chars().count()).max().unwrap_or(0).clamp(8, 20) + 2;
    for (i, seat) in form.seats.iter().enumerate() {
        let on = form.row == Row::Seat(i);
        let typing = if on && !seat.auto { "_" } else { "" };
        let name = format!("{}{typing}", seat.name);
        let style = if seat.auto { app.theme.dim() } else { app.theme.player(Seat(i as u8)) };
        let kind = match seat.bot {
            Some(level) => format!("bot {}", choice(level)),
            None if seat.tips => "person · tips".into(),
            None => "person".into(),
        };
        let pad = " ".repeat(col.saturating_sub(name.chars().count()));
        out.push(row_line(
            app,
            on,
            vec![Span::raw(format!("{}. ", i + 1)), Span::styled(name, style), Span::raw(pad), Span::raw(kind)],
        ));
    }
    let dim = |s: &str| Line::styled(s.to_string(), app.theme.dim());
    out.push(Line::raw(""));
    out.push(dim("Enter: the next seat (or a new one)"));
    // The arrows set a bot's level and turn a person's tips on or off (issue 36): said for
    // the seat under the cursor, both elsewhere.
    let arrows = match form.row {
        Row::Seat(i) if form.seats[i].bot.is_some() => "its level",
        Row::Seat(_) => "tips on/off",
        _ => "level/tips",
    };
    out.push(dim(&format!("Tab: person or bot · ←→: {arrows}")));
    out.push(dim("Del: remove a seat"));
    out.push(dim("Enter on an empty last seat starts"));
    out.push(dim("?: how to play"));
    out
}

/// The house rules, a check box each, in as many columns as `width` holds (filled down, then
/// across, so ↑↓ go through them in order).
fn modules_grid(app: &Scene, form: &StartForm, r: Config, width: u16) -> Vec<Line<'static>> {
    let cells: Vec<(bool, String)> = offered_modules()
        .map(|m| (form.row == Row::Module(m), format!("{} {}", check(r.modules.has(m)), m.name().replace('_', " "))))
        .collect();
    // The pointer and a blank before, a blank after.
    let cell = cells.iter().map(|c| c.1.chars().count()).max().unwrap_or(0) + 3;
    let cols = ((width as usize + 1) / cell).clamp(1, cells.len().max(1));
    let rows = cells.len().div_ceil(cols);
    (0..rows)
        .map(|row| {
            let mut spans = Vec::new();
            for (i, (on, text)) in cells.iter().enumerate().skip(row).step_by(rows) {
                let mark = if *on { app.theme.pointer() } else { " " };
                let last = i + rows >= cells.len();
                let pad = if last { 0 } else { cell - 3 - text.chars().count() };
                let style = if *on { app.theme.cursor() } else { Style::new() };
                spans.push(Span::styled(format!("{mark} {text}"), style));
                spans.push(Span::raw(" ".repeat(pad + 1)));
            }
            Line::from(spans)
        })
        .collect()
}

/// The rules options and house rules, and "start", for a column `width` wide.
fn rules(app: &Scene, form: &StartForm, width: u16) -> Vec<Line<'static>> {
    let r: Config = app.table.rules;
    let players = form.named().count().max(MIN_PLAYERS) as u8;
    let now = rules_for(&r, players);
    let mut out = vec![Line::styled("Rules", app.theme.title())];
    for row in OPTIONS {
        let (label, value) = match row {
            Row::Target => ("Points to win", choice(r.target)),
            Row::Board => (
                "Board",
                choice(match r.board {
                    BoardKind::Variable => "variable",
                    BoardKind::Beginner => "beginner",
                    BoardKind::Random => "random",
                }),
            ),
            Row::Map => ("Map", choice(now.map.name())),
            Row::DesertCenter => ("Desert in the centre", check(r.desert_center)),
            Row::StrictPhases => ("Trade before building", check(r.strict_phases)),
            Row::Shortage => (
                "Bank runs short",
                choice(match r.shortage {
                    Shortage::Official => "official",
                    Shortage::NoneAtAll => "no one paid",
                    Shortage::TurnOrder => "turn order",
                }),
            ),
            Row::DiscardLimit => ("Discard above", format!("{} cards", choice(r.discard_limit))),
            Row::FriendlyRobber => ("Friendly robber", check(r.friendly_robber)),
            Row::Paired => ("Paired players (5-6)", check(now.turns == TurnStyle::Paired)),
            Row::BotOffers => ("Bot offers to people", check(app.table.offers_to_people)),
            _ => continue,
        };
        out.push(row_line(app, form.row == row, vec![Span::raw(format!("{label:<22}")), Span::raw(value)]));
    }
    out.push(Line::raw(""));
    out.push(Line::styled("House rules (RULES.md)", app.theme.title()));
    out.extend(modules_grid(app, form, r, width));
    out.push(Line::raw(""));
    let start = format!("Start the game ({} players)", form.named().count());
    let bold = Style::new().add_modifier(Modifier::BOLD);
    out.push(row_line(app, form.row == Row::Start, vec![Span::styled(start, bold)]));
    if let Some(last) = &form.last {
        let names: Vec<String> = last.record.seats().into_iter().map(|s| s.name).collect();
        let text = format!("Continue the last game ({}, turn {})", names.join(", "), last.record.game().turn_number());
        out.push(row_line(app, form.row == Row::Continue, vec![Span::styled(text, bold)]));
    }
    out
}

/// Draws the start screen: in the side panel beside the island when the form fits there,
/// else across the body in two columns.
pub fn render(app: &Scene, areas: &Areas, buf: &mut Buffer, island: impl FnOnce(Rect, &mut Buffer)) {
    let Some(form) = &app.screen.start else { return };
    let players = players(app, form);
    // The island's code, not the seed, which would deal the game's every roll (H7).
    let seed = Line::styled(format!("island {}", app.table.board_code()), app.theme.dim());
    let in_side = rules(app, form, areas.side.width.saturating_sub(2));
    let rules_len = in_side.len();
    let fits = |players: usize| areas.side.height as usize >= players + rules_len + 5 && areas.side.width >= 50;
    // Beside the island, the seats' key hints (the footer and status line say them too) give
    // way before the island does.
    let seats_only = form.seats.len() + 1;
    if fits(players.len()) || fits(seats_only) {
        let rules = in_side;
        island(areas.board, buf);
        let mut lines = players;
        if !fits(lines.len()) {
            lines.truncate(seats_only);
        }
        lines.push(Line::raw(""));
        lines.extend(rules);
        lines.push(Line::raw(""));
        lines.push(seed);
        Paragraph::new(lines).block(block(app, " New game ")).render(areas.side, buf);
        return;
    }
    let outer = block(app, " New game ");
    let inner = outer.inner(areas.body);
    outer.render(areas.body, buf);
    // The rules column wide enough for two columns of house rules when the screen allows.
    let right_w = (inner.width / 2).max(56).min(inner.width.saturating_sub(38));
    let [left, right] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(right_w)]).spacing(2).areas(inner);
    let rules = rules(app, form, right.width);
    let mut left_lines = players;
    left_lines.push(Line::raw(""));
    left_lines.push(seed);
    Paragraph::new(left_lines).render(left, buf);
    Paragraph::new(rules).render(right, buf);
}
