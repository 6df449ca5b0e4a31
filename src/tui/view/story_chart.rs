//! The game's story as a chart (issue 36): each player's chance to win over the turns, drawn
//! with ratatui's own `Chart`, and under it the three moments that moved it most, in words.
//! The game-over screen and the replay viewer both draw it; the viewer marks its step's turn.
//!
//! Without colour the lines still tell apart: each is drawn with its player's letter (the
//! legend names them), the moments with `:` and their number on top, the step with `|`.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Paragraph, Widget, Wrap};

use crate::engine::Seat;
use crate::tui::screen::scene::Scene;
use crate::tui::table::game_story::StoryChart;
use crate::tui::view::panels::{block, player_span, wrap};

/// The smallest chart drawn, inside its box: narrower or lower, it would not read.
pub const MIN_CHART: (u16, u16) = (30, 6);

/// Draws the story of `chart` in `area` (a box with the chart, its legend and the moments);
/// `now`, the replay's turn, is marked on it.
pub fn render(app: &Scene, chart: Option<&StoryChart>, now: Option<u32>, area: Rect, buf: &mut Buffer) {
    let outer = block(app, " The game's story: each player's chance to win ");
    let inner = outer.inner(area);
    outer.render(area, buf);
    let Some(chart) = chart else {
        let text = Line::styled("No story: this game has no record of its moves.", app.theme.dim());
        Paragraph::new(text).render(inner, buf);
        return;
    };
    // The moments first: they say the story even where the chart doesn't fit.
    let words = moment_lines(app, chart, inner.width);
    let legend = legend(app, chart, now.is_some());
    let legend_rows = wrap_rows(&legend, inner.width);
    let below = (words.len() as u16 + legend_rows).min(inner.height);
    let [top, rest] = Layout::vertical([Constraint::Fill(1), Constraint::Length(below)]).areas(inner);
    let [legend_area, words_area] =
        Layout::vertical([Constraint::Length(legend_rows), Constraint::Fill(1)]).areas(rest);
    if top.width < MIN_CHART.0 || top.height < MIN_CHART.1 {
        let lines = vec![
            Line::styled("The terminal is too small for the chart.", app.theme.title()),
            Line::styled(
                format!(
                    "It needs {} x {} here, has {} x {}: make the window larger.",
                    MIN_CHART.0, MIN_CHART.1, top.width, top.height
                ),
                app.theme.dim(),
            ),
        ];
        Paragraph::new(lines).wrap(Wrap { trim: true }).render(top, buf);
    } else {
        draw_chart(app, chart, now, top, buf);
        Paragraph::new(legend).wrap(Wrap { trim: true }).render(legend_area, buf);
    }
    Paragraph::new(words).render(words_area, buf);
}

/// The rows a line takes wrapped at `width`.
fn wrap_rows(line: &Line, width: u16) -> u16 {
    (line.width().div_ceil(usize::from(width.max(1))).max(1)) as u16
}

/// The letter each seat's line is drawn with.
fn letter(app: &Scene, s: Seat) -> char {
    app.table.letters.get(s.index()).copied().unwrap_or('?')
}

/// The chart itself: a line per player, the moments' and the step's marks.
fn draw_chart(app: &Scene, chart: &StoryChart, now: Option<u32>, area: Rect, buf: &mut Buffer) {
    let last = f64::from(chart.last_turn.max(1));
    // A mark is a bar from 0 to 100 at its turn; the moment's number sits on top of it.
    let marks: Vec<[(f64, f64); 1]> = chart.moments.iter().map(|m| [(f64::from(m.turn), 100.0)]).collect();
    let now_mark = now.map(|t| [(f64::from(t.min(chart.last_turn)), 100.0)]);
    let mut sets = Vec::new();
    for m in &marks {
        sets.push(
            Dataset::default().data(m).graph_type(GraphType::Bar).marker(Marker::Custom(':')).style(app.theme.dim()),
        );
    }
    if let Some(m) = &now_mark {
        sets.push(
            Dataset::default().data(m).graph_type(GraphType::Bar).marker(Marker::Custom('│')).style(app.theme.title()),
        );
    }
    for (i, line) in chart.lines.iter().enumerate() {
        let s = Seat(i as u8);
        sets.push(
            Dataset::default()
                .data(line)
                .graph_type(GraphType::Line)
                .marker(Marker::Custom(letter(app, s)))
                .style(app.theme.player(s)),
        );
    }
    // The numbers last, over whatever line reaches the top.
    for (k, m) in marks.iter().enumerate() {
        let digit = char::from_digit(k as u32 + 1, 10).unwrap_or('*');
        sets.push(
            Dataset::default()
                .data(m)
                .graph_type(GraphType::Scatter)
                .marker(Marker::Custom(digit))
                .style(app.theme.title()),
        );
    }
    let mid = chart.last_turn / 2;
    let x_labels: Vec<Span> = if chart.last_turn >= 4 {
        vec![Span::raw("0"), Span::raw(format!("turn {mid}")), Span::raw(chart.last_turn.to_string())]
    } else {
        vec![Span::raw("0"), Span::raw(chart.last_turn.max(1).to_string())]
    };
    let axis = app.theme.dim();
    Chart::new(sets)
        .legend_position(None)
        .x_axis(Axis::default().bounds([0.0, last]).labels(x_labels).style(axis))
        .y_axis(
            Axis::default()
                .bounds([0.0, 100.0])
                .labels([Span::raw("0%"), Span::raw("50%"), Span::raw("100%")])
                .style(axis),
        )
        .render(area, buf);
}

/// "lines: A Ann  B Bob  C Cy · : 1 2 3 moments below · │ this step": short, so that three
/// players' legend fits the replay's narrower chart on one row.
fn legend(app: &Scene, chart: &StoryChart, now: bool) -> Line<'static> {
    let mut spans = vec![Span::styled("lines: ", app.theme.dim())];
    for i in 0..chart.lines.len() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(player_span(app, Seat(i as u8)));
    }
    if !chart.moments.is_empty() {
        let n: Vec<String> = (1..=chart.moments.len()).map(|k| k.to_string()).collect();
        spans.push(Span::styled(format!(" · : {} moments below", n.join(" ")), app.theme.dim()));
    }
    if now {
        spans.push(Span::styled(" · │ this step", app.theme.dim()));
    }
    Line::from(spans)
}

/// The moments in words, numbered as on the chart, each wrapped to `width`.
fn moment_lines(app: &Scene, chart: &StoryChart, width: u16) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (k, m) in chart.moments.iter().enumerate() {
        let head = format!("{} ", k + 1);
        let room = usize::from(width).saturating_sub(head.len()).max(10);
        for (i, l) in wrap(&m.words, room).into_iter().enumerate() {
            let lead = if i == 0 {
                Span::styled(head.clone(), app.theme.title().add_modifier(Modifier::BOLD))
            } else {
                Span::raw(" ".repeat(head.len()))
            };
            lines.push(Line::from(vec![lead, Span::styled(l, Style::new())]));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Game};
    use crate::tui::screen::theme::Theme;

    fn drawn(scene: &Scene, chart: Option<&StoryChart>, w: u16, h: u16) -> String {
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        render(scene, chart, Some(3), area, &mut buf);
        (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n").collect()
    }

    /// A small area gets a plain "too small" in the chart's place, the moments still in words;
    /// nothing panics at any size down to nothing.
    #[test]
    fn a_small_area_says_the_chart_does_not_fit_and_keeps_the_moments() {
        let record = crate::save::play_random(Config::with_players(3), 5).expect("a random game");
        let chart = StoryChart::of_record(&record);
        let names: Vec<String> = record.names().to_vec();
        let table = crate::tui::table::Table::still(
            Game::new(Config::with_players(3), 5).unwrap(),
            5,
            names,
            vec!['A', 'B', 'C'],
        );
        let screen = crate::tui::screen::Screen::new(Theme { color: false, ascii: false });
        let scene = Scene::of(&table, &screen);
        let small = drawn(&scene, Some(&chart), 60, 12);
        assert!(small.contains("too small for the chart"), "{small}");
        assert!(small.contains(&chart.moments[0].words[..12]), "{small}");
        let big = drawn(&scene, Some(&chart), 100, 30);
        assert!(!big.contains("too small") && big.contains("100%"), "{big}");
        for (w, h) in [(0, 0), (1, 1), (5, 3), (20, 8), (31, 9), (40, 40)] {
            drawn(&scene, Some(&chart), w, h);
            drawn(&scene, None, w, h);
        }
        assert!(drawn(&scene, None, 80, 10).contains("No story"));
    }
}
