//! The screen's layout and the top-level drawing of a frame, from a [`Scene`].

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use crate::engine::Game;
use crate::tui::screen::focus::{Focus, Message};
use crate::tui::screen::scene::Scene;
use crate::tui::screen::selection::Selection;
use crate::tui::table::game_story::OverView;
use crate::tui::view::board::{Geometry, Island, sea_drawn};
use crate::tui::view::panels::{self, block};
use crate::tui::view::screens;

use crate::tui::view::layout::{Areas, layout_sea, min_size_sea};

/// Rows the costs panel takes: a row a cost (a castle's too with R44) and the border.
fn costs_h(app: &Scene) -> u16 {
    panels::costs(app.table.game()).len() as u16 + 2
}

/// The side panels, the costs and the log; with `hide_hand` (a hand-off screen) the hand's
/// panel says it is hidden. The log takes the larger free room: under the island, or under
/// the panels beside it (at 140 x 45 about 20 rows there against 10 under the island), and the
/// costs then go where the log would have been.
fn panels_and_log(app: &Scene, areas: &Areas, buf: &mut Buffer, hide_hand: bool) {
    let [players, hand, bank, rest] = side_areas(app, areas);
    panels::players(app, players, buf);
    if hide_hand {
        let why = if app.keyboard().handoff.is_some() {
            "hidden until the hand-off is done"
        } else {
            "hidden: everyone reads this screen"
        };
        let text = Line::styled(why, app.theme.dim());
        Paragraph::new(text).block(block(app, " Hand ")).render(hand, buf);
    } else {
        panels::hand(app, hand, buf);
    }
    panels::bank(app, bank, buf);
    let log = log_area(app, areas, rest);
    if let Some(other) = [areas.log, Some(rest)].into_iter().flatten().find(|r| *r != log) {
        costs(app, other, buf);
    }
    let (card, log) = card_split(app, log);
    if let Some(area) = card {
        crate::tui::view::host_card::render(app, area, buf);
    }
    panels::log(app, log, buf);
}

/// The host's card (how to join, who has) over the log, when hosting and the log has room
/// for both; and whatever the log's room while friends are joining (set-up) or a seat waits
/// for its friend to come back (issue 49: the card is what they need then).
fn card_split(app: &Scene, log: Rect) -> (Option<Rect>, Rect) {
    if app.screen.card.is_none() {
        return (None, log);
    }
    let remote = app.table.remote;
    let joining = app.table.game().turn_number() == 0 || !remote.gone.is_empty() || !remote.stand_in.is_empty();
    let h = crate::tui::view::host_card::height(app, log.width);
    let h = if joining { h.min(log.height) } else { h };
    if log.height < h + if joining { 0 } else { 5 } {
        return (None, log);
    }
    let [card, rest] = Layout::vertical([Constraint::Length(h), Constraint::Fill(1)]).areas(log);
    (Some(card), rest)
}

/// The side's panels: players, hand, bank, and the rest (the log or the costs).
fn side_areas(app: &Scene, areas: &Areas) -> [Rect; 4] {
    let area = areas.side;
    let n = panels::players_height(app);
    let (hand_h, bank_h) = (panels::hand_height(app, area.width), panels::bank_height(app, area.width));
    Layout::vertical([
        Constraint::Length(n),
        Constraint::Length(hand_h),
        Constraint::Length(bank_h),
        Constraint::Fill(1),
    ])
    .areas(area)
}

/// Where the log goes: the larger free room, under the island or under the side panels.
fn log_area(app: &Scene, areas: &Areas, rest: Rect) -> Rect {
    match areas.log {
        Some(under) if rest.height >= under.height + costs_h(app) => rest,
        Some(under) => under,
        None => rest,
    }
}

/// The lines of the log a screen of this size shows: a page for PgUp and PgDn.
pub fn log_page(app: &Scene) -> usize {
    let areas = layout_sea(app.screen.size, app.table.game().topology(), sea_drawn(app.table.game()));
    let [.., rest] = side_areas(app, &areas);
    let (_, log) = card_split(app, log_area(app, &areas, rest));
    (log.height.saturating_sub(2) as usize).max(1)
}

/// What each build costs, at the top of `area` when it has room.
fn costs(app: &Scene, area: Rect, buf: &mut Buffer) {
    let height = costs_h(app);
    if area.height < height {
        return;
    }
    let lines: Vec<Line> = panels::costs(app.table.game())
        .into_iter()
        .map(|(what, h)| {
            let mut spans = vec![ratatui::text::Span::raw(format!("{what:<11}"))];
            spans.extend(panels::cost_spans(app, h));
            Line::from(spans)
        })
        .collect();
    Paragraph::new(lines).block(block(app, " Costs ")).render(Rect { height, ..area }, buf);
}

fn island(app: &Scene, game: &Game, area: Rect, buf: &mut Buffer) {
    let topo = game.topology();
    if let Some(geometry) = Geometry::fit_sea(topo, area, sea_drawn(game)) {
        // The place being chosen; else the last computer player's move, until the next move.
        let last = app.table.last_bot_move().and_then(Selection::of_move);
        let selection = match (&app.screen.focus, app.keyboard().guarded) {
            (Focus::Select(s, _), None) => Some(s),
            (_, None) => last.as_ref(),
            _ => None,
        };
        Island { game, theme: *app.theme, letters: &app.table.letters, selection, geometry }.render(area, buf);
    } else {
        // Only on the start screen, whose own minimum is that of the rules' island: five or six
        // names move the game to a larger one.
        let (w, h) = min_size_sea(topo, sea_drawn(game));
        let lines = vec![
            Line::styled(
                format!("The {} island is too large to show here:", game.config().map.name()),
                app.theme.title(),
            ),
            Line::raw(format!("its game needs a terminal of {w} x {h}.")),
        ];
        Paragraph::new(lines).centered().render(screens::centred(area, area.width, 2), buf);
    }
}

/// Draws a whole frame of the scene, with the app's message (if any) on the status line.
pub fn render(app: &Scene, message: Option<&Message>, area: Rect, buf: &mut Buffer) {
    {
        let need = app.min_size();
        if area.width < need.0 || area.height < need.1 {
            // Only q and Ctrl-C work here (App::update), and at once: no question to draw.
            let quits = if app.screen.joined {
                "q leaves (your seat waits: ssh in again to take it back)"
            } else if app.table.autosave_path().is_some() && app.screen.card.is_some() {
                "q quits at once (the game is saved: catan host --continue hosts it again)"
            } else if app.table.autosave_path().is_some() {
                "q quits at once (the game is saved: catan --continue resumes it)"
            } else {
                "q quits at once"
            };
            screens::too_small(app, area, buf, need, quits);
            return;
        }
        let areas = layout_sea((area.width, area.height), app.table.game().topology(), sea_drawn(app.table.game()));
        panels::header(app, areas.header, buf);
        if app.screen.start.is_some() {
            crate::tui::view::start_view::render(app, &areas, buf, |r, buf| island(app, app.table.game(), r, buf));
        } else if app.table.game().is_over() && app.screen.over_view != OverView::Board {
            screens::game_over(app, areas.body, buf);
        } else if let Some(s) = app.keyboard().handoff {
            // The island and the public panels stay; only hands and cards are hidden.
            island(app, app.table.game(), areas.board, buf);
            panels_and_log(app, &areas, buf, true);
            // While friends may join, the box covers the island only, never the card saying how.
            let over = if app.screen.card.is_some() { areas.board } else { areas.body };
            screens::handoff(app, over, buf, s);
        } else if app.keyboard().sharing_offer || app.keyboard().asking_builders {
            // A shared screen: everyone reads it, so every hand stays hidden (but on a
            // screen of one seat's own, whose hand it is).
            island(app, app.table.game(), areas.board, buf);
            let own = app.screen.holds.iter().nth(1).is_none() && app.screen.viewer.is_some();
            panels_and_log(app, &areas, buf, !own);
            if app.keyboard().sharing_offer {
                crate::tui::view::table_view::offer(app, areas.body, buf);
            } else {
                crate::tui::view::table_view::builders(app, areas.body, buf);
            }
        } else {
            island(app, app.table.game(), areas.board, buf);
            panels_and_log(app, &areas, buf, false);
            if let Focus::Dialog(d) = &app.screen.focus {
                crate::tui::view::dialog_view::render(app, d, areas.board, buf);
            }
            // Over the dialog it is about, and only for the seat and position it was asked for.
            if let Some(panel) = app.advice_panel() {
                crate::tui::view::advice_view::render(app, panel, areas.board, buf);
            }
        }
        if let Some(events) = app.screen.fight.as_deref().filter(|_| app.screen.start.is_none()) {
            crate::tui::view::fight_view::render(app, events, areas.board, buf);
        }
        let prompt = if app.screen.start.is_some() {
            crate::tui::view::start_view::about(app)
        } else {
            crate::tui::view::phase::prompt(app)
        };
        panels::status(app, message, areas.status, buf, &prompt);
        panels::footer(app, areas.footer, buf);
        if app.screen.help {
            crate::tui::view::help::render(app, area, buf);
        }
        if app.screen.howto.is_some() {
            crate::tui::view::howto::render(app, area, buf);
        }
        if let Some(prompt) = &app.screen.saving {
            screens::save_prompt(app, prompt, area, buf);
        }
        if app.screen.quitting {
            screens::quit(app, area, buf);
        }
        if app.theme.ascii {
            // Whatever a widget or a text brought in, `--ascii` leaves only ASCII on screen.
            for cell in &mut buf.content {
                if let Some(plain) = crate::tui::screen::theme::Theme::ascii_of(cell.symbol()) {
                    cell.set_symbol(plain);
                }
            }
        }
    }
}
