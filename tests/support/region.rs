//! One part of a drawn screen as text, for feature tests: a test about a dialog snapshots the
//! dialog, one about the footer's keys the status line and footer, one about the pieces on the
//! island the board. A change elsewhere on the screen then moves only the few whole-screen
//! goldens (tests/screens/main.rs), not every feature's snapshot.
//!
//! The parts' rectangles are the frame's own ([`catan::tui::areas_of`], the split the views
//! draw in); a dialog or a shared screen, drawn over the board or the body, is found by its
//! border. A region's text is the screen's characters inside the rectangle, row by row (each
//! row's end trimmed, as in [`super::screen::view`]), under a line naming the region and where
//! it is; then the runs of reversed cells inside it, in the screen's coordinates as in the
//! whole-screen format (`row: from-to`, clipped to the region), so a run inside it is the same
//! line the whole screen shows.

use catan::tui::{App, areas_of};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// A part of the game's screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    /// The header row: the seed, the turn, the phase.
    Header,
    /// The island (and the log under it when the frame puts it there, not included).
    Board,
    /// The panels beside the island: players, hand, bank, and the log or the costs.
    Side,
    /// The status line and the footer's keys: the screen's last two rows.
    Footer,
    /// The dialog drawn over the island (found by its border inside the board's area).
    Dialog,
    /// A screen drawn over the body (the shared offer, "who builds?", a hand-off): found by
    /// its border inside the body.
    Shared,
    /// Everything between the header and the status line (the game-over table is drawn there).
    Body,
    /// A box drawn over the whole screen (help, how to play, save, quit): found by its border.
    Overlay,
    /// The rows that hold any character, the screen's whole width: the too-small notice,
    /// drawn alone in the middle of an empty screen.
    Notice,
}

impl Region {
    fn name(self) -> &'static str {
        match self {
            Region::Header => "header",
            Region::Board => "board",
            Region::Side => "side panels",
            Region::Footer => "status and footer",
            Region::Dialog => "dialog",
            Region::Shared => "shared screen",
            Region::Body => "body",
            Region::Overlay => "overlay",
            Region::Notice => "notice",
        }
    }
}

/// `app` resized to `w` x `h`, drawn, and the part `which` of it as text (see the module's
/// doc).
pub fn region(app: &mut App, w: u16, h: u16, which: Region) -> String {
    regions(app, w, h, &[which])
}

/// As [`region`], several parts one under the other (for a feature shown in two places).
pub fn regions(app: &mut App, w: u16, h: u16, which: &[Region]) -> String {
    app.update(catan::tui::Msg::Resize(w, h));
    let buf = drawn(app);
    which.iter().map(|&r| cut_region(app, &buf, r)).collect::<Vec<_>>().join("\n")
}

/// `app` drawn at its own size.
pub fn drawn(app: &App) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(app.screen.size.0, app.screen.size.1)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    terminal.backend().buffer().clone()
}

/// The part `which` of `buf`, a frame of `app` drawn at its size, as text.
pub fn cut_region(app: &App, buf: &Buffer, which: Region) -> String {
    let areas = areas_of(app.table.game(), app.screen.size);
    // The side's panels are boxes too: a box wholly inside them is not the one looked for.
    let found = |within: Rect, what: &str| {
        bordered(buf, within, areas.side)
            .unwrap_or_else(|| panic!("no {what} drawn:\n{}", cut(buf, buf.area, "screen")))
    };
    let rect = match which {
        Region::Header => areas.header,
        Region::Board => areas.board,
        Region::Side => areas.side,
        Region::Footer => areas.status.union(areas.footer),
        Region::Dialog => found(areas.board, "dialog"),
        Region::Shared => found(areas.body, "shared screen"),
        Region::Body => areas.body,
        Region::Overlay => found(buf.area, "overlay"),
        Region::Notice => {
            let a = buf.area;
            let inked = |y: u16| (a.x..a.x + a.width).any(|x| buf[(x, y)].symbol() != " ");
            let top = (a.y..a.y + a.height).find(|&y| inked(y)).expect("something drawn");
            let bottom = (a.y..a.y + a.height).rev().find(|&y| inked(y)).unwrap();
            Rect::new(a.x, top, a.width, bottom - top + 1)
        }
    };
    cut(buf, rect, which.name())
}

/// The first box drawn inside `within`, top to bottom and left to right: a top-left corner,
/// a top border to its top-right corner, a left border down to its bottom-left corner.
/// Rounded or square corners, or `+` in ASCII. A box wholly inside `skip` is passed over.
fn bordered(buf: &Buffer, within: Rect, skip: Rect) -> Option<Rect> {
    let at = |x: u16, y: u16| buf[(x, y)].symbol();
    let right_end = within.x + within.width;
    let bottom_end = within.y + within.height;
    for y in within.y..bottom_end {
        for x in within.x..right_end {
            if !matches!(at(x, y), "╭" | "┌" | "+") {
                continue;
            }
            // The top border: box characters or a title, up to the matching corner.
            let Some(right) = (x + 1..right_end).find(|&r| matches!(at(r, y), "╮" | "┐" | "+")) else { continue };
            // A border or a title's leading space.
            if !matches!(at(x + 1, y), "─" | "-" | " ") {
                continue;
            }
            let Some(bottom) = (y + 1..bottom_end).find(|&b| matches!(at(x, b), "╰" | "└" | "+")) else { continue };
            if (y + 1..bottom).all(|b| matches!(at(x, b), "│" | "|")) && matches!(at(right, bottom), "╯" | "┘" | "+")
            {
                let rect = Rect::new(x, y, right - x + 1, bottom - y + 1);
                if skip.intersection(rect) != rect {
                    return Some(rect);
                }
            }
        }
    }
    None
}

/// The cells of `rect` row by row, under a line naming it, then its reversed runs.
fn cut(buf: &Buffer, rect: Rect, name: &str) -> String {
    let head = format!("{name} at {},{} ({} x {})\n", rect.x, rect.y, rect.width, rect.height);
    head + &super::screen::cells(buf, rect)
}
