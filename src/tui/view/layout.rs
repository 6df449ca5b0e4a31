//! Where each part of the screen goes, for a terminal size and an island: the header, the
//! island, the panels beside it, the log, the status line and the footer. A leaf: the views
//! and the app (which maps a click to a place) both use it.

use ratatui::layout::{Constraint, Layout, Rect};

use crate::engine::Topology;
use crate::tui::screen::scene::Scene;
use crate::tui::table::Table;
use crate::tui::view::board::Geometry;

/// Columns the panels beside the compact island need at least.
const SIDE_MIN: u16 = 41;
/// Columns the panels need beside the large island before it is chosen over the compact one.
const SIDE_LARGE: u16 = 44;
/// Rows outside the body: the header, the status line and the footer.
const CHROME: u16 = 3;

/// The smallest terminal the game on this island is drawn in: the compact island, the narrow
/// panels beside it, and the header, status and footer rows (96 x 28 for the base island).
pub fn min_size(topo: &Topology) -> (u16, u16) {
    min_size_sea(topo, crate::tui::view::board::sea_of_map(topo))
}

/// As [`min_size`], with the sea's room (`sea`, see `board::sea_drawn`) or without.
pub fn min_size_sea(topo: &Topology, sea: bool) -> (u16, u16) {
    let compact = Geometry::with_sea(topo, false, sea);
    (compact.width + SIDE_MIN, compact.height + CHROME)
}

/// The smallest terminal a screen of `table` is drawn in: the game's island's minimum, or on
/// the start screen (`on_start`) the base island's (96 x 28), where the form fits in two
/// columns whatever the rules name; a larger island (five or six names, the archipelago, the
/// sea ring) is previewed beside the form when it fits, and the game then asks for its own
/// size. Answered here, where the islands' sizes are known (the model doesn't import the
/// views); a screen keeps whether it is too small when it settles.
pub fn need(table: &Table, on_start: bool) -> (u16, u16) {
    if on_start {
        min_size(crate::engine::MapId::Standard.topology())
    } else {
        min_size_sea(table.game().topology(), crate::tui::view::board::sea_drawn(table.game()))
    }
}

impl Scene<'_> {
    /// The smallest terminal this screen is drawn in (`need`).
    pub fn min_size(&self) -> (u16, u16) {
        need(self.table, self.screen.start.is_some())
    }
}

/// Where each part of the screen goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    /// The top row: the seed, the turn, the phase.
    pub header: Rect,
    /// Everything between the header and the status line.
    pub body: Rect,
    /// Room for the island (and the dialogs drawn over it).
    pub board: Rect,
    /// The panels beside the island: players, hand, bank, and the log or the costs.
    pub side: Rect,
    /// The log under the island, when there is room there.
    pub log: Option<Rect>,
    /// The status line: what to do now, or the last message.
    pub status: Rect,
    /// The bottom row: the keys that act now.
    pub footer: Rect,
}

/// Where each part of the screen goes when `game` is drawn on a terminal of `size`: the split
/// the frame itself uses (with the sea's room as the game draws it). Read-only; for tests that
/// look at one part of a screen (the board, the panels, the status line and footer).
pub fn areas_of(game: &crate::engine::Game, size: (u16, u16)) -> Areas {
    layout_sea(size, game.topology(), crate::tui::view::board::sea_drawn(game))
}

/// Splits a terminal of `size` into areas for the island `topo`.
pub fn layout(size: (u16, u16), topo: &Topology) -> Areas {
    layout_sea(size, topo, crate::tui::view::board::sea_of_map(topo))
}

/// As [`layout`], with the sea's room (`sea`) or without.
pub fn layout_sea(size: (u16, u16), topo: &Topology, sea: bool) -> Areas {
    let (w, h) = size;
    let area = Rect::new(0, 0, w, h);
    let [header, body, status, footer] =
        Layout::vertical([Constraint::Length(1), Constraint::Fill(1), Constraint::Length(1), Constraint::Length(1)])
            .areas(area);
    let (large, compact) = (Geometry::with_sea(topo, true, sea), Geometry::with_sea(topo, false, sea));
    let island = if w >= large.width + SIDE_LARGE && body.height >= large.height { large } else { compact };
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
