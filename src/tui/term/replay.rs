//! `catan replay FILE`: a saved game stepped through move by move in the terminal.
//!
//! Step `k` is the game after its first `k` actions (step 0: as dealt), read from a
//! [`Timeline`], so any step is a few applies away whichever way the viewer moves. The screen
//! reuses the game's own parts (the island widget, the players and bank panels, the log's
//! wording), drawn from a [`Scene`] of the step's game (a [`Table::still`]): no app is built. A replay is a review of a
//! saved game, so it hides nothing: every hand, development card, discard, steal and draw is
//! shown, and the header says so.

use std::io;

use crossterm::event::{Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::engine::{Action, DevCard, Event, Game, Phase, Seat};
use crate::save::{Record, Timeline};
use crate::tui::screen::Screen;
use crate::tui::screen::focus::{Msg, letters_for};
use crate::tui::screen::scene::Scene;
use crate::tui::screen::selection::{Purpose, Selection, Target};
use crate::tui::screen::theme::Theme;
use crate::tui::table::Table;
use crate::tui::table::log_words::{self as describe, Entry};
use crate::tui::term::terminal::{Exit, Wait};
use crate::tui::view::board::{Geometry, Island};
use crate::tui::view::layout;
use crate::tui::view::panels::{self, block, cost_spans, player_span, plural, wrap};

/// The smallest terminal the replay of a game on `topo` is drawn in: the game's, plus a second
/// header row.
pub fn min_size(topo: &crate::engine::Topology) -> (u16, u16) {
    let (w, h) = layout::min_size(topo);
    (w, h + 1)
}

/// Where a key moves the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    Back(usize),
    Forward(usize),
    Start,
    End,
    /// Shows the game's story in the island's place, or the island again (issue 36).
    Chart,
    Quit,
}

/// One key binding: the keys, what they do, and their footer hint (none when `label` is empty).
struct Binding {
    keys: &'static [KeyCode],
    go: Go,
    label: &'static str,
    desc: &'static str,
}

use KeyCode::{Char, End, Esc, Home, Left, PageDown, PageUp, Right};

/// The replay's keys: one table drives both the dispatch and the footer.
const KEYS: &[Binding] = &[
    Binding { keys: &[Left, Char('h')], go: Go::Back(1), label: "←/h", desc: "back" },
    Binding { keys: &[Right, Char('l')], go: Go::Forward(1), label: "→/l", desc: "forward" },
    Binding { keys: &[PageUp], go: Go::Back(10), label: "PgUp/PgDn", desc: "10 moves" },
    Binding { keys: &[PageDown], go: Go::Forward(10), label: "", desc: "" },
    Binding { keys: &[Home, Char('g')], go: Go::Start, label: "Home/g", desc: "start" },
    Binding { keys: &[End, Char('G')], go: Go::End, label: "End/G", desc: "end" },
    Binding { keys: &[Char('c')], go: Go::Chart, label: "c", desc: "story chart/island" },
    Binding { keys: &[Char('q'), Esc], go: Go::Quit, label: "q/Esc", desc: "quit" },
];

/// The replay viewer: a recorded game and the step shown.
pub struct Replay {
    timeline: Timeline,
    step: usize,
    /// The game at `step`, looked at and not played (a table without seats, [`Table::still`]).
    table: Table,
    /// The viewer's one screen: nobody holds its keyboard.
    screen: Screen,
    /// Every log entry with the step whose action caused it, oldest first, nothing hidden.
    entries: Vec<(usize, Entry)>,
    /// The game's story is shown in the island's place.
    pub chart: bool,
    /// Set when the viewer should close.
    pub done: bool,
}

impl Replay {
    /// A viewer at step 0 of a recorded game.
    pub fn new(record: &Record, theme: Theme) -> Replay {
        let timeline = Timeline::new(record);
        let names: Vec<String> = record.seats().into_iter().map(|s| s.name).collect();
        let letters = letters_for(&names);
        let mut replay = Replay {
            table: Table::still(timeline.game_at(0), record.seed(), names, letters),
            screen: Screen::new(theme),
            timeline,
            step: 0,
            entries: Vec::new(),
            chart: false,
            done: false,
        };
        // Charted once, for the whole record: stepping only moves the mark of the turn.
        replay.table.story = Some(crate::tui::table::game_story::StoryChart::of_record(record));
        let mut entries = Vec::new();
        for step in 0..=replay.timeline.len() {
            entries
                .extend(entries_all(&replay.scene(), replay.timeline.events_of(step)).into_iter().map(|e| (step, e)));
        }
        replay.entries = entries;
        replay
    }

    /// What the views draw: the game at the step, looked at and not played.
    fn scene(&self) -> Scene<'_> {
        Scene::of(&self.table, &self.screen)
    }

    /// The step shown: how many actions have been played.
    pub fn step(&self) -> usize {
        self.step
    }
    /// The last step (the number of actions in the record).
    pub fn len(&self) -> usize {
        self.timeline.len()
    }
    /// True for a record without actions.
    pub fn is_empty(&self) -> bool {
        self.timeline.is_empty()
    }
    /// The game at the step shown.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// Moves to another step (clamped to the record), or closes.
    pub fn go(&mut self, go: Go) {
        let step = match go {
            Go::Back(n) => self.step.saturating_sub(n),
            Go::Forward(n) => (self.step + n).min(self.len()),
            Go::Start => 0,
            Go::End => self.len(),
            Go::Chart => return self.chart = !self.chart,
            Go::Quit => return self.done = true,
        };
        if step != self.step {
            self.step = step;
            self.table.set_played(crate::tui::table::played::Played::Still(self.timeline.game_at(step)));
        }
    }

    /// Handles one message: key presses move or quit; a resize only redraws.
    pub fn update(&mut self, msg: Msg) {
        let Msg::Key(key) = msg else { return };
        if key.kind != KeyEventKind::Press {
            return;
        }
        if key.code == Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            return self.done = true;
        }
        if let Some(b) = KEYS.iter().find(|b| b.keys.contains(&key.code)) {
            self.go(b.go);
        }
    }

    /// Who played the action of this step and in words what they did; `None` at step 0.
    fn what(&self) -> Option<(Seat, String)> {
        let (seat, action) = self.timeline.action(self.step)?;
        let scene = self.scene();
        let app = &scene;
        // The engine's words (issue 42: one place), the robber's hex named the board's way;
        // a finished game's replay shows every card.
        let names = |s: Seat| app.table.name(s).to_string();
        let mut text = action.describe(&names, true);
        if let Action::MoveRobber { hex, .. } = action {
            text = format!("{text} to {}", app.table.game().board().hex_name_apart(hex));
        }
        Some((seat, text))
    }

    /// The entries of the step shown, less the one that only repeats [`Replay::what`].
    fn step_entries(&self) -> impl Iterator<Item = &Entry> {
        let said = self.what().map(|(seat, text)| format!("{} {text}", self.table.name(seat)));
        self.entries.iter().filter(move |(s, e)| *s == self.step && Some(&e.text) != said.as_ref()).map(|(_, e)| e)
    }

    fn header(&self, area: Rect, buf: &mut Buffer) {
        let (app, g, th) = (&self.scene(), self.table.game(), &self.screen.theme);
        let [top, second] = Layout::vertical([Constraint::Length(1); 2]).areas(area);
        let when = if g.turn_number() == 0 { "set-up".to_string() } else { format!("turn {}", g.turn_number()) };
        let mut spans = vec![
            Span::styled(" REPLAY · all hands shown ", th.title().add_modifier(Modifier::REVERSED)),
            Span::styled(format!("  step {} of {}", self.step, self.len()), Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(format!("  ·  seed {}  ·  {when}  ·  ", app.table.seed)),
        ];
        match g.phase() {
            Phase::Over { .. } => {
                spans.push(Span::raw("game over: "));
                let winners = crate::tui::view::house::winners(app);
                for (i, &s) in winners.iter().enumerate() {
                    if i > 0 {
                        spans.push(Span::raw(if i + 1 == winners.len() { " and " } else { ", " }));
                    }
                    spans.push(player_span(app, s));
                }
                // R57: a war ended in a tie shares the win.
                spans.push(Span::raw(if winners.len() > 1 { " share the win" } else { " won" }));
            }
            _ => spans
                .extend([player_span(app, g.to_act()), Span::raw(format!(" {}", crate::tui::view::phase::waiting(g)))]),
        }
        Line::from(spans).render(top, buf);
        let mut spans = vec![Span::styled(format!(" {} ", th.pointer()), th.title())];
        spans.extend(self.what_spans());
        let results: Vec<&str> = self.step_entries().map(|e| e.text.as_str()).collect();
        if !results.is_empty() {
            spans.push(Span::styled("  →  ", th.dim()));
            spans.push(Span::raw(results.join(" · ")));
        }
        Line::from(spans).render(second, buf);
    }

    /// "A Ann builds a road", or "the deal" at step 0.
    fn what_spans(&self) -> Vec<Span<'static>> {
        match self.what() {
            Some((seat, text)) => vec![player_span(&self.scene(), seat), Span::raw(format!(" {text}"))],
            None => vec![Span::raw("the deal")],
        }
    }

    /// The lines of the hands panel at an inner width: per player, the resource cards held,
    /// then the points (hidden victory point cards included) and the development cards.
    fn hand_lines(&self, inner: usize) -> Vec<Line<'static>> {
        let (app, g) = (&self.scene(), self.table.game());
        // Names in a column as wide as the longest (letter and name, at most 14 characters).
        let name_w = g.seats().map(|s| player_span(app, s).width()).max().unwrap_or(0);
        let indent = name_w + 3;
        let mut lines = Vec::new();
        // A replay shows every hand: each read from its own seat's view.
        for s in g.seats() {
            let seen = g.view(s);
            let mut name = player_span(app, s);
            name.content = format!("{:<name_w$}", name.content).into();
            let mut cards = cost_spans(app, seen.hand());
            if cards.is_empty() {
                cards.push(Span::styled("no resource cards", app.theme.dim()));
            }
            // Cards on the name's line, carried over to indented lines when too wide.
            let mut line = vec![Span::raw(" "), name, Span::raw("  ")];
            let mut used = indent;
            for span in cards {
                let gap = span.content.trim().is_empty();
                if !gap && used + span.width() > inner && used > indent {
                    lines.push(Line::from(std::mem::take(&mut line)));
                    line.push(Span::raw(" ".repeat(indent)));
                    used = indent;
                }
                if gap && used == indent {
                    continue;
                }
                used += span.width();
                line.push(span);
            }
            lines.push(Line::from(line));
            let dev = seen.dev_cards();
            // Cards bought this turn can't be played yet (R30): say which.
            let new = seen.bought_this_turn();
            let mut held: Vec<String> = DevCard::ALL
                .iter()
                .filter(|&&c| dev[c] > 0)
                .map(|&c| match new[c].min(dev[c]) {
                    0 => format!("{c} {}", dev[c]),
                    fresh => format!("{c} {} ({fresh} new)", dev[c]),
                })
                .collect();
            if held.is_empty() {
                held.push("no dev cards".into());
            }
            let text = format!("{} · {}", plural(seen.victory_points() as u32, "point"), held.join(", "));
            for l in wrap(&text, inner.saturating_sub(indent)) {
                lines.push(Line::styled(format!("{:indent$}{l}", ""), app.theme.dim()));
            }
        }
        lines
    }

    /// Every player's hand and development cards (a replay shows them all).
    fn hands(&self, area: Rect, buf: &mut Buffer) {
        let lines = self.hand_lines(area.width.saturating_sub(2) as usize);
        Paragraph::new(lines).block(block(&self.scene(), " Hands · all shown in a replay ")).render(area, buf);
    }

    /// What the step did, in full: its action and every event it caused.
    fn this_step(&self, area: Rect, buf: &mut Buffer) {
        let th = &self.screen.theme;
        let width = area.width.saturating_sub(6).max(10) as usize;
        let mut lines = vec![Line::from(self.what_spans())];
        for entry in self.step_entries() {
            for (i, l) in wrap(&entry.text, width).into_iter().enumerate() {
                let mark = if i == 0 { "→ " } else { "  " };
                lines.push(Line::from(vec![Span::styled(format!("  {mark}"), th.dim()), Span::raw(l)]));
            }
        }
        let title = format!(" Step {} of {} ", self.step, self.len());
        Paragraph::new(lines).block(block(&self.scene(), title)).render(area, buf);
    }

    /// The log up to this step, newest at the bottom; the step's own entries are marked.
    fn log(&self, area: Rect, buf: &mut Buffer) {
        let (app, th) = (&self.scene(), &self.screen.theme);
        let inner_h = area.height.saturating_sub(2) as usize;
        let width = area.width.saturating_sub(4).max(10) as usize;
        let end = self.entries.partition_point(|(s, _)| *s <= self.step);
        let mut lines: Vec<Line> = Vec::new();
        for (step, entry) in self.entries[..end].iter().rev() {
            let now = *step == self.step;
            let mut style = match entry.event {
                Event::TurnStarted { .. } => th.title(),
                Event::DiceRolled { .. } | Event::Won { .. } => Style::new().add_modifier(Modifier::BOLD),
                _ => Style::new(),
            };
            if now {
                style = style.add_modifier(Modifier::BOLD);
            }
            let wrapped = wrap(&entry.text, width);
            for (i, l) in wrapped.into_iter().enumerate().rev() {
                let mark = if now && i == 0 { th.pointer() } else { " " };
                lines.push(Line::from(vec![Span::styled(format!("{mark} "), th.title()), Span::styled(l, style)]));
            }
            if lines.len() >= inner_h {
                break;
            }
        }
        lines.truncate(inner_h);
        lines.reverse();
        Paragraph::new(lines).block(block(app, format!(" Log to step {} ", self.step))).render(area, buf);
    }

    /// A bar of how far through the game the step is.
    fn progress(&self, area: Rect, buf: &mut Buffer) {
        let th = &self.screen.theme;
        let bar = (area.width as usize).saturating_sub(30).min(60);
        let filled = if self.is_empty() { bar } else { self.step * bar / self.len() };
        let percent = if self.is_empty() { 100 } else { self.step * 100 / self.len() };
        Line::from(vec![
            Span::raw(" "),
            Span::styled(th.bar().repeat(filled), th.title()),
            Span::styled("-".repeat(bar - filled), th.dim()),
            Span::raw(format!(" {percent}% of {}", plural(self.len() as u32, "move"))),
        ])
        .render(area, buf);
    }

    fn footer(&self, area: Rect, buf: &mut Buffer) {
        let th = &self.screen.theme;
        let mut spans = Vec::new();
        for b in KEYS.iter().filter(|b| !b.label.is_empty()) {
            spans.push(Span::styled(format!(" {}", b.label), th.key()));
            spans.push(Span::raw(format!(" {} ", b.desc)));
        }
        Line::from(spans).render(area, buf);
    }

    /// The island, with the piece placed or the hex the robber moved to at this step under the
    /// cursor's reverse video.
    fn island(&self, area: Rect, buf: &mut Buffer) {
        let game = self.table.game();
        let Some(geometry) = Geometry::fit_sea(game.topology(), area, crate::tui::view::board::sea_drawn(game)) else {
            return;
        };
        let placed = match self.timeline.action(self.step) {
            Some((_, Action::BuildSettlement(v))) => Some((Purpose::Settlement, Target::Vertex(v))),
            Some((_, Action::BuildCity(v))) => Some((Purpose::City, Target::Vertex(v))),
            Some((_, Action::BuildCastle(v))) => Some((Purpose::Castle, Target::Vertex(v))),
            Some((_, Action::BuildRoad(e))) => Some((Purpose::Road, Target::Edge(e))),
            Some((_, Action::MoveRobber { hex, .. })) => Some((Purpose::Robber, Target::Hex(hex))),
            _ => None,
        };
        let selection = placed.map(|(purpose, cursor)| Selection {
            purpose,
            legal: Vec::new(),
            cursor,
            cancellable: false,
            back: None,
        });
        let scene = self.scene();
        let app = &scene;
        Island { game, theme: *app.theme, letters: &app.table.letters, selection: selection.as_ref(), geometry }
            .render(area, buf);
    }
}

/// The log entries of `events`, oldest first, with every private detail shown.
///
/// The log's wording ([`describe::entries_rev`]) shows one viewer's private details. Each
/// private event is seen by the player it belongs to, so a run of events whose private ones
/// all belong to one player is described as that player saw it, which hides nothing.
fn entries_all(app: &Scene, events: &[Event]) -> Vec<Entry> {
    let owner = |e: &Event| if e.is_public() { None } else { app.table.game().seats().find(|&s| e.visible_to(s)) };
    let mut out = Vec::new();
    let mut start = 0;
    while start < events.len() {
        let (mut end, mut viewer) = (start, None);
        while end < events.len() {
            match (owner(&events[end]), viewer) {
                (Some(o), Some(v)) if o != v => break,
                (Some(o), None) => viewer = Some(o),
                _ => {}
            }
            end += 1;
        }
        let mut run: Vec<Entry> = describe::entries_rev(app.table, &events[start..end], viewer).collect();
        run.reverse();
        out.extend(run);
        start = end;
    }
    out
}

impl Widget for &Replay {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let scene = self.scene();
        let app = &scene;
        let need =
            layout::min_size_sea(app.table.game().topology(), crate::tui::view::board::sea_drawn(app.table.game()));
        let need = (need.0, need.1 + 1);
        if area.width < need.0 || area.height < need.1 {
            crate::tui::view::screens::too_small(app, area, buf, need, "q quits");
            return;
        }
        // The game's layout one row shorter, moved down under the two-row header.
        let a = layout::layout_sea(
            (area.width, area.height - 1),
            app.table.game().topology(),
            crate::tui::view::board::sea_drawn(app.table.game()),
        );
        let down = |r: Rect| Rect { y: r.y + 1, ..r };
        self.header(Rect { height: 2, ..a.header }, buf);
        if self.chart {
            let now = Some(app.table.game().turn_number());
            crate::tui::view::story_chart::render(app, app.table.story.as_ref(), now, down(a.board), buf);
        } else {
            self.island(down(a.board), buf);
        }
        let side = down(a.side);
        let players_h = panels::players_height(app);
        let hands_h = self.hand_lines(side.width.saturating_sub(2) as usize).len() as u16 + 2;
        let mut bank_h = panels::bank_height(app, side.width);
        if a.log.is_none() && side.height.saturating_sub(players_h + hands_h + bank_h) < 6 {
            // A small terminal: the log beside the island matters more than the bank.
            bank_h = 0;
        }
        let [players, hands, bank, rest] = Layout::vertical([
            Constraint::Length(players_h),
            Constraint::Length(hands_h),
            Constraint::Length(bank_h),
            Constraint::Fill(1),
        ])
        .areas(side);
        panels::players(app, players, buf);
        self.hands(hands, buf);
        if bank_h > 0 {
            panels::bank(app, bank, buf);
        }
        // The log goes where it has the most rows, beside the island or under it; the other
        // place, if there is one, tells the step in full.
        match a.log.map(down) {
            Some(under) if under.height > rest.height => {
                self.log(under, buf);
                if rest.height >= 4 {
                    self.this_step(rest, buf);
                }
            }
            Some(under) => {
                self.log(rest, buf);
                self.this_step(under, buf);
            }
            None => self.log(rest, buf),
        }
        self.progress(down(a.status), buf);
        self.footer(down(a.footer), buf);
        if app.theme.ascii {
            // As in the game: whatever a widget or a text brought in, `--ascii` leaves only ASCII.
            for cell in &mut buf.content {
                if let Some(plain) = Theme::ascii_of(cell.symbol()) {
                    cell.set_symbol(plain);
                }
            }
        }
    }
}

/// Runs the viewer in the terminal until `q`, Esc or Ctrl-C, or a signal (returned, so the
/// caller exits with 128 + its number). The terminal is set up and restored (on an error, a
/// panic and a signal too) the way the game does it.
pub fn run(record: &Record, theme: Theme) -> io::Result<Exit> {
    let mut replay = Replay::new(record, theme);
    let (_guard, mut terminal) = crate::tui::term::terminal::enter(false)?;
    let exit = 'viewing: loop {
        if replay.done {
            break Exit::Quit;
        }
        crate::tui::term::terminal::redraw_if_lost(&mut terminal)?;
        terminal.draw(|frame| frame.render_widget(&replay, frame.area()))?;
        // Wait for a key or a resize (or a signal): no busy loop.
        let msg = loop {
            match crate::tui::term::terminal::wait()? {
                Wait::Signal(sig) => break 'viewing Exit::Signal(sig),
                Wait::Event(TermEvent::Key(key)) => break Msg::Key(key),
                Wait::Event(TermEvent::Resize(w, h)) => break Msg::Resize(w, h),
                Wait::Event(_) | Wait::Timeout | Wait::Bell => {}
            }
        };
        replay.update(msg);
    };
    crate::tui::term::terminal::leave(terminal);
    Ok(exit)
}
