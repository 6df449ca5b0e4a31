//! The screen's layout and the top-level drawing of the app. Drawing only reads the app.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::app::{App, Focus};
use super::board::{Geometry, Island};
use super::dialogs::{Dialog, PickFor};
use super::keymap::Cmd;
use super::panels::{self, block};
use super::screens;
use super::select::Purpose;
use crate::engine::{Game, Hand, MapId, Phase};

/// The smallest terminal the game is drawn in (the compact island and narrow panels).
pub const MIN_SIZE: (u16, u16) = (96, 28);

/// Where each part of the screen goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub header: Rect,
    pub body: Rect,
    /// Room for the island (and the dialogs drawn over it).
    pub board: Rect,
    pub side: Rect,
    /// The log under the island, when there is room there.
    pub log: Option<Rect>,
    pub status: Rect,
    pub footer: Rect,
}

/// Splits a terminal of `size` into areas.
pub fn layout(size: (u16, u16), _players: usize) -> Areas {
    let (w, h) = size;
    let area = Rect::new(0, 0, w, h);
    let [header, body, status, footer] =
        Layout::vertical([Constraint::Length(1), Constraint::Fill(1), Constraint::Length(1), Constraint::Length(1)])
            .areas(area);
    let topo = MapId::Standard.topology();
    let (large, compact) = (Geometry::new(topo, true), Geometry::new(topo, false));
    let island = if w >= large.width + 44 && body.height >= large.height { large } else { compact };
    let side_w = w.saturating_sub(island.width).min(72);
    let [left, side] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(side_w)]).areas(body);
    let (board, log) = if left.height >= island.height + 8 {
        let [board, log] = Layout::vertical([Constraint::Length(island.height), Constraint::Fill(1)]).areas(left);
        (board, Some(log))
    } else {
        (left, None)
    };
    Areas { header, body, board, side, log, status, footer }
}

/// What the player with the keyboard should do now.
pub fn prompt(app: &App) -> String {
    let g = &app.game;
    let name = app.name(g.to_act());
    if app.saving.is_some() {
        return "type a name for the save; Enter writes it".into();
    }
    match (&app.focus, g.phase()) {
        (Focus::Select(s), Phase::Setup { round, .. }) if s.purpose == Purpose::Settlement => {
            let which = if round == 0 { "first" } else { "second" };
            format!("{name}: place your {which} settlement (Tab jumps between free corners, Enter places)")
        }
        (Focus::Select(_), Phase::Setup { .. }) => format!("{name}: place a road touching that settlement"),
        (Focus::Select(_), Phase::RoadBuilding { left }) => {
            format!("{name}: place {}", panels::free_road(g, left))
        }
        (Focus::Select(s), Phase::Robber) if s.purpose == Purpose::Robber => {
            format!("{name}: move the robber to another hex")
        }
        (Focus::Select(s), _) => format!("{name}: choose where to build {} (Esc: back)", s.purpose.noun()),
        (Focus::Dialog(d), phase) => dialog_prompt(app, d, phase, &name),
        (Focus::Idle, Phase::Roll) if app.enabled(Cmd::PlayCard) => {
            format!("{name}: roll the dice (r), or play a card first (p)")
        }
        (Focus::Idle, Phase::Roll) => format!("{name}: roll the dice (r)"),
        (Focus::Idle, Phase::Main) => format!("{name}: build, trade, buy or play a card, then end the turn (e)"),
        _ => String::new(),
    }
}

fn dialog_prompt(app: &App, d: &Dialog, phase: Phase, name: &str) -> String {
    let g = &app.game;
    match d {
        Dialog::Composer(c) if c.counter => format!("{name}: set the terms you would trade on, Enter sends them"),
        Dialog::Composer(_) => format!("{name}: set what you give and get, tick whom to ask, Enter sends"),
        Dialog::Answer => {
            format!("{name}: answer {}'s offer: accept, decline or counter", app.name(g.current_player()))
        }
        Dialog::Responses { .. } => format!("{name}: trade with a player who accepted or countered, or withdraw"),
        Dialog::Picker(p) => match (p.purpose, phase) {
            (PickFor::Discard(n), _) => format!("{name}: choose {n} cards to discard"),
            (PickFor::YearOfPlenty, _) => format!("{name}: choose the cards to take from the bank"),
            (PickFor::Monopoly, _) => format!("{name}: name the resource to take from everyone"),
        },
        Dialog::Victim { .. } => format!("{name}: choose whom to rob"),
        Dialog::Maritime { .. } => format!("{name}: choose what to give the bank and what to take"),
        Dialog::Cards { .. } => format!("{name}: choose a development card to play"),
    }
}

fn side(app: &App, area: Rect, buf: &mut Buffer, with_log: bool) {
    let n = panels::players_height(app);
    let (hand_h, bank_h) = (panels::hand_height(app, area.width), panels::bank_height(app, area.width));
    let [players, hand, bank, rest] = Layout::vertical([
        Constraint::Length(n),
        Constraint::Length(hand_h),
        Constraint::Length(bank_h),
        Constraint::Fill(1),
    ])
    .areas(area);
    panels::players(app, players, buf);
    panels::hand(app, hand, buf);
    panels::bank(app, bank, buf);
    if with_log {
        panels::log(app, rest, buf);
    } else if rest.height >= 6 {
        let cost = |what: &str, h: Hand| {
            let mut spans = vec![ratatui::text::Span::raw(format!("{what:<11}"))];
            spans.extend(super::panels::cost_spans(app, h));
            Line::from(spans)
        };
        let lines = vec![
            cost("road", Hand::ROAD),
            cost("settlement", Hand::SETTLEMENT),
            cost("city", Hand::CITY),
            cost("dev card", Hand::DEVELOPMENT),
        ];
        Paragraph::new(lines).block(block(app, " Costs ")).render(Rect { height: 6, ..rest }, buf);
    }
}

fn island(app: &App, game: &Game, area: Rect, buf: &mut Buffer) {
    let topo = game.topology();
    if let Some(geometry) = Geometry::fit(topo, area) {
        let selection = match (&app.focus, app.handoff()) {
            (Focus::Select(s), None) => Some(s),
            _ => None,
        };
        Island { game, theme: app.theme, letters: &app.letters, selection, geometry }.render(area, buf);
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self;
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            // Only q and Ctrl-C work here (App::update), and at once: no question to draw.
            let quits = if app.autosave_path().is_some() {
                "q quits at once (the game is saved: catan --continue resumes it)"
            } else {
                "q quits at once"
            };
            screens::too_small(app, area, buf, MIN_SIZE, quits);
            return;
        }
        let areas = layout((area.width, area.height), app.game.num_players());
        panels::header(app, areas.header, buf);
        if app.start.is_some() {
            island(app, &app.game, areas.board, buf);
            screens::start(app, areas.side, buf);
        } else if app.game.is_over() && !app.show_board {
            screens::game_over(app, areas.body, buf);
        } else if let Some(s) = app.handoff() {
            screens::handoff(app, areas.body, buf, s);
        } else {
            island(app, &app.game, areas.board, buf);
            side(app, areas.side, buf, areas.log.is_none());
            if let Some(log) = areas.log {
                panels::log(app, log, buf);
            }
            if let Focus::Dialog(d) = &app.focus {
                super::dialog_view::render(app, d, areas.board, buf);
            }
        }
        panels::status(app, areas.status, buf, &prompt(app));
        panels::footer(app, areas.footer, buf);
        if app.help {
            super::help::render(app, area, buf);
        }
        if let Some(prompt) = &app.saving {
            super::prompt::render(app, prompt, area, buf);
        }
        if app.quitting {
            screens::quit(app, area, buf);
        }
        if app.theme.ascii {
            // Whatever a widget or a text brought in, `--ascii` leaves only ASCII on screen.
            for cell in &mut buf.content {
                if let Some(plain) = super::theme::Theme::ascii_of(cell.symbol()) {
                    cell.set_symbol(plain);
                }
            }
        }
    }
}
