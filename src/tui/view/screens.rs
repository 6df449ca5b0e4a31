//! Whole screens and overlays: the hand-off screen that hides every hand
//! (H1), the help overlay, the quit question, the too-small screen and the game-over screen.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use crate::engine::{DevCard, Seat};
use crate::save;
use crate::tui::screen::keymap::Mode;
use crate::tui::screen::save_prompt::SavePrompt;
use crate::tui::screen::scene::Scene;
use crate::tui::table::game_story::OverView;
use crate::tui::table::stats::Stats;
use crate::tui::view::panels::{block, hand_spans, player_span};

/// A rectangle of at most `w` x `h` centred in `area`.
pub fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let (w, h) = (w.min(area.width), h.min(area.height));
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

/// The terminal is smaller than the game needs; redrawn as soon as it grows.
pub fn too_small(app: &Scene, area: Rect, buf: &mut Buffer, need: (u16, u16), quits: &str) {
    // The sea (the archipelago's, or the ring units sail, R51-R53) needs more room: said so.
    let sea = app.screen.start.is_none() && crate::tui::view::board::sea_drawn(app.table.game());
    let what = if sea {
        "The terminal is too small for the island and its sea."
    } else {
        "The terminal is too small for the island."
    };
    let mut lines = vec![
        Line::styled(what, app.theme.title()),
        Line::raw(format!("need {} x {}, have {} x {}", need.0, need.1, area.width, area.height)),
        Line::styled("Make the window larger (or the font smaller).", app.theme.dim()),
        Line::styled(format!("{quits}."), app.theme.dim()),
    ];
    if sea {
        lines.insert(2, Line::styled(sea_sizes(), app.theme.dim()));
    }
    // Room for the lines as they wrap on a narrow screen.
    let width = usize::from(area.width.max(1));
    let rows: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
    let r = centred(area, area.width, rows.min(usize::from(area.height)) as u16);
    Paragraph::new(lines).centered().wrap(Wrap { trim: true }).render(r, buf);
}

/// The smallest terminals of the maps with sea: "with sea: base island 112 x 36 · 5-6 island
/// ... · archipelago 136 x 44" (a unit module draws the sea ring around a single island).
pub fn sea_sizes() -> String {
    use crate::engine::MapId;
    let sizes: Vec<String> =
        [(MapId::Standard, "base island"), (MapId::FiveSix, "5-6 island"), (MapId::Archipelago, "archipelago")]
            .iter()
            .map(|&(map, name)| {
                let (w, h) = crate::tui::view::layout::min_size_sea(map.topology(), true);
                format!("{name} {w} x {h}")
            })
            .collect();
    format!("with sea: {}", sizes.join(" · "))
}

/// The hand-off box, over the island: no hand is visible until the named player presses
/// Enter (H1), while the board and the public panels stay in view behind it.
pub fn handoff(app: &Scene, area: Rect, buf: &mut Buffer, s: Seat) {
    let mut lines = vec![
        Line::raw(""),
        Line::from(vec![Span::raw("Pass the keyboard to "), player_span(app, s), Span::raw(", then press Enter")])
            .style(Style::new().add_modifier(Modifier::BOLD)),
        Line::raw(""),
        Line::raw(crate::tui::view::phase::handoff_reason(app, s)),
        Line::raw(""),
        Line::styled("Every hand stays hidden until then.", app.theme.dim()),
    ];
    if app.table.seed_given {
        lines.push(Line::styled(
            "This game's seed was given (--seed): whoever knows it knows every roll to come.",
            app.theme.dim(),
        ));
    }
    let title = format!(" Hand-off · island {} ", app.table.board_code());
    // As wide as the screen: a box over part of the log left the tails of its lines beside it
    // (issue 23).
    let r = centred(area, area.width, lines.len() as u16 + 2);
    Clear.render(r, buf);
    Paragraph::new(lines).centered().block(block(app, title)).render(r, buf);
}

/// "Really quit?"
pub fn quit(app: &Scene, area: Rect, buf: &mut Buffer) {
    let hosting = app.screen.card.is_some();
    let said = match (app.table.autosave_path(), app.table.record().map_or(0, |r| r.len())) {
        // A joined screen leaves; the game goes on without it (issue 49).
        _ if app.screen.joined => "Leave? Your seat waits: ssh in again to take it back.",
        (Some(_), 1..) if hosting => "Quit? The game is saved: catan host --continue hosts it again.",
        (Some(_), 1..) => "Quit? The game is saved: catan --continue resumes it.",
        (None, 1..) => "Quit the game? It is not saved (s saves it).",
        _ => "Quit the game?",
    };
    let mut lines = vec![Line::raw(said)];
    let joined = app.table.remote.joined;
    if hosting && !joined.is_empty() {
        let names: Vec<String> = joined.iter().map(|s| app.table.name(s)).collect();
        lines.push(Line::raw(format!("{} will be dropped.", names.join(", "))));
    }
    let y = if app.screen.joined { " leave   " } else { " quit   " };
    lines.push(Line::from(vec![
        Span::styled("y", app.theme.key()),
        Span::raw(y),
        Span::styled("n", app.theme.key()),
        Span::raw(" keep playing"),
    ]));
    let r = centred(area, 68, lines.len() as u16 + 3);
    Clear.render(r, buf);
    Paragraph::new(lines).centered().block(block(app, " Quit ")).render(r, buf);
}

/// The end: the winner, then points by source and the game's statistics, or (`c`) the game's
/// story.
pub fn game_over(app: &Scene, area: Rect, buf: &mut Buffer) {
    let g = app.table.game();
    let stats = Stats::collect(&app.table.log);
    let winners = crate::tui::view::house::winners(app);
    let winner = winners.first().copied().unwrap_or_default();
    let [title, body] = Layout::vertical([Constraint::Length(2), Constraint::Fill(1)]).areas(area);
    let mut spans = Vec::new();
    for (i, &s) in winners.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(if i + 1 == winners.len() { " and " } else { ", " }, app.theme.title()));
        }
        spans.push(player_span(app, s));
    }
    let points = g.view(winner).victory_points();
    spans.push(Span::styled(
        match winners.len() {
            0 | 1 => format!(" wins with {points} points!"),
            // R57: the war ended after its last round with these players tied.
            _ => format!(" share the win with {points} points each!"),
        },
        app.theme.title(),
    ));
    // The game is over: its seed may be shown (H7), but a given one never on a joined screen.
    let dealt = if app.table.seed_shown(app.screen.joined) {
        format!("seed {}", app.table.seed)
    } else {
        format!("island {}", app.table.board_code())
    };
    spans.push(Span::styled(format!("   after {} turns · {dealt}", g.turn_number()), app.theme.dim()));
    Line::from(spans).centered().render(title, buf);
    if app.screen.over_view == OverView::Story {
        return crate::tui::view::story_chart::render(app, app.table.story.as_ref(), None, body, buf);
    }
    let [left, right] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(46)]).areas(body);
    let n = g.num_players() as u16;
    let [points, gains] = Layout::vertical([Constraint::Length(n + 3), Constraint::Fill(1)]).areas(left);

    // The house rules' columns (castles, R44; the awards of R49, R50) after the army's.
    let house = crate::tui::view::house::point_columns(app);
    let extra: String = house.iter().map(|(head, _)| format!("{head:>7}")).collect();
    // The names give up columns before the total does (issue 49: at 96 x 28 it was cut off).
    let inner = usize::from(points.width.saturating_sub(2));
    let w = inner.saturating_sub(37 + extra.chars().count()).clamp(6, 12);
    let mut lines = vec![Line::styled(
        format!(
            "{:<w$}{:>6}{:>6}{:>6}{:>6}{extra}{:>6}{:>7}",
            "player", "settl", "city", "road", "army", "VP", "total"
        ),
        app.theme.dim(),
    )];
    // The game is over: every seat's hidden cards are shown, each read from its own view.
    for s in g.seats() {
        let seen = g.view(s);
        // A castle is counted in its own column, not as the city it was.
        let walled = g.cities(s).count() - g.castles(s).count();
        let (settlements, cities) = (g.settlements(s).count() as u8, 2 * walled as u8);
        let road = 2 * (g.longest_road() == Some(s)) as u8;
        let army = 2 * (g.largest_army() == Some(s)) as u8;
        let vp = seen.dev_cards()[DevCard::VictoryPoint];
        let mut name = player_span(app, s);
        name.content = format!("{:<w$.w$}", name.content).into();
        lines.push(Line::from(vec![
            name,
            Span::raw(format!("{settlements:>6}{cities:>6}{road:>6}{army:>6}")),
            Span::raw(house.iter().map(|(_, points)| format!("{:>7}", points[s.index()])).collect::<String>()),
            Span::raw(format!("{vp:>6}")),
            Span::styled(format!("{:>7}", seen.victory_points()), Style::new().add_modifier(Modifier::BOLD)),
        ]));
    }
    Paragraph::new(lines).block(block(app, " Points by source ")).render(points, buf);

    let most = g.seats().map(|s| stats.gained[s.index()].total()).max().unwrap_or(1).max(1);
    let mut lines = Vec::new();
    for s in g.seats() {
        let total = stats.gained[s.index()].total();
        let bar = app.theme.bar().repeat((total * 20 / most) as usize);
        let mut name = player_span(app, s);
        name.content = format!("{:<12.12}", name.content).into();
        lines.push(Line::from(vec![name, Span::styled(format!("{bar} {total}"), app.theme.player(s))]));
        let mut detail = vec![Span::raw("  ")];
        detail.extend(hand_spans(app, stats.gained[s.index()], false));
        lines.push(Line::from(detail));
        if let Some(lost) = crate::tui::view::house::losses(app, &stats, s) {
            lines.push(Line::styled(format!("  {lost}"), app.theme.dim()));
        }
    }
    Paragraph::new(lines).block(block(app, " Resources gained from the island ")).render(gains, buf);

    dice_chart(app, &stats, right, buf);
}

/// Dice totals rolled, as bars, against the counts two fair dice would give (the `|` mark).
fn dice_chart(app: &Scene, stats: &Stats, area: Rect, buf: &mut Buffer) {
    let outer = block(app, format!(" Dice: {} rolls · | expected ", stats.rolls()));
    let inner = outer.inner(area);
    outer.render(area, buf);
    let width = inner.width.saturating_sub(12) as f64;
    let top = (2..=12).map(|t| (stats.dice[t] as f64).max(stats.expected(t))).fold(1.0, f64::max);
    for (i, t) in (2..=12usize).enumerate() {
        let y = inner.y + i as u16;
        if y >= inner.bottom() {
            break;
        }
        let count = stats.dice[t];
        let len = (count as f64 / top * width).round() as u16;
        let exp = (stats.expected(t) / top * width).round() as u16;
        let style = if matches!(t, 6 | 8) { app.theme.token(t as u8) } else { Style::new() };
        buf.set_string(inner.x, y, format!("{t:>3} "), style);
        let bar_style = if t == 7 { app.theme.error() } else { app.theme.title() };
        buf.set_string(inner.x + 4, y, app.theme.bar().repeat(len as usize), bar_style);
        let mark_x = inner.x + 4 + exp.min(width as u16);
        let on_bar = exp < len;
        buf.set_string(
            mark_x,
            y,
            "|",
            if on_bar { bar_style.add_modifier(Modifier::REVERSED) } else { app.theme.dim() },
        );
        buf.set_string(inner.x + 4 + len.max(exp) + 2, y, count.to_string(), Style::new().add_modifier(Modifier::BOLD));
    }
    let note = Line::styled("bars: rolled · |: expected (36 dice pairs)", app.theme.dim());
    if inner.height > 12 {
        note.render(Rect::new(inner.x, inner.y + 12, inner.width, 1), buf);
    }
    let _ = Mode::Over;
}

/// Draws the prompt over the middle of `area`.
pub fn save_prompt(app: &Scene, prompt: &SavePrompt, area: Rect, buf: &mut Buffer) {
    let typed = if prompt.offered {
        // Shown selected: typing replaces it.
        Span::styled(prompt.input.clone(), app.theme.selected())
    } else {
        Span::styled(format!("{}_", prompt.input), Style::new().add_modifier(Modifier::BOLD))
    };
    let mut lines = vec![Line::from(vec![Span::raw("Name: "), typed]), Line::raw("")];
    match save::resolve_name_in(app.table.files.saves.as_deref(), &prompt.input) {
        Ok(path) if prompt.confirm.as_ref() == Some(&path) => lines.push(Line::styled(
            format!("{} {} exists: Enter again replaces it", app.theme.cross(), path.display()),
            app.theme.error(),
        )),
        Ok(path) => lines.push(Line::raw(format!("writes {}", path.display()))),
        Err(e) => lines.push(Line::styled(format!("{} {e}", app.theme.cross()), app.theme.error())),
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("A plain name goes to the saves folder; ./x, ~/x, /tmp/x are paths.", app.theme.dim()));
    let load = match save::resolve_name_in(app.table.files.saves.as_deref(), &prompt.input) {
        Ok(path) => format!("Load it later with: {}", crate::tui::screen::save_prompt::load_command(&path)),
        Err(_) => "Load it later with: catan --load FILE".to_string(),
    };
    lines.push(Line::styled(load, app.theme.dim()));
    // Tall enough for a long name wrapped over several rows (a name is never cut short).
    let width = 76.min(area.width.saturating_sub(4));
    let inner = usize::from(width.saturating_sub(2)).max(1);
    let rows: usize = lines.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
    let r = centred(area, width, u16::try_from(rows + 2).unwrap_or(u16::MAX).min(area.height));
    Clear.render(r, buf);
    Paragraph::new(lines).block(block(app, " Save the game ")).wrap(Wrap { trim: false }).render(r, buf);
}
