//! The island widget: hexes drawn in ASCII from the engine's doubled coordinates, with terrain,
//! number tokens and pips, the robber, harbors on the coast, and every player's pieces. On a
//! map of several islands (the archipelago, R51) the sea is drawn too, waves in every sea hex;
//! a single island stands in blank sea as it always has.
//!
//! A hex centre `(x, y)` has corners at `y-2, y-1, y+1, y+2`, so intersections sit only on rows
//! `y = 3k+1` (the top corner of the hexes below) and `y = 3k+2` (one step lower). The
//! drawing maps a step of `x` to `sx` columns and each band of three `y` steps to `p` rows:
//!
//! ```text
//!      _.-·-._          compact: sx = 4, p = 4     slanted sides sit on the upper
//!     ·   6   ·                                    corner's row: "_.-" rising,
//!     | lumber|                                    "-._" falling
//!     | ••••• |
//!     ·-._ _.-·
//!         ·
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::engine::{Edge, Game, HarborKind, Hex, Module, Modules, Piece, SeaHex, Seat, Side, Topology, Vertex};
use crate::tui::screen::selection::{Selection, Target};
use crate::tui::screen::theme::Theme;

/// Columns left free beside the island for harbor labels.
const MARGIN_X: i32 = 7;
/// Rows left free above the island (for harbor labels; one is enough below).
const MARGIN_TOP: i32 = 2;

/// True when the sea is drawn on this map whatever the modules: on maps of several islands,
/// where it tells them apart.
pub fn sea_of_map(topo: &Topology) -> bool {
    topo.islands().len() > 1
}

/// True when the sea is drawn in this game: on maps of several islands, and whenever a unit
/// module is on (ships sail it, R53; knights' maps show it too).
pub fn sea_drawn(game: &Game) -> bool {
    sea_with(game.topology(), game.config().modules)
}

/// True when the sea is drawn on `topo` with these modules (see [`sea_drawn`]).
pub fn sea_with(topo: &Topology, m: Modules) -> bool {
    sea_of_map(topo) || m.has(Module::Knights) || m.has(Module::Ships)
}

/// Where each part of the island falls on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Columns per step of x.
    sx: i32,
    /// Rows per row of hexes.
    p: i32,
    /// Screen column of x = min_x, minus the margin.
    left: i32,
    /// Screen row of the topmost intersection, minus the margin.
    top: i32,
    min_x: i32,
    min_k: i32,
    /// Whole size, margins included.
    pub width: u16,
    pub height: u16,
}

/// How one path is drawn.
enum Shape {
    /// A vertical side: one column, several rows.
    Vertical { col: i32, rows: std::ops::Range<i32> },
    /// A slanted side on one row; `rising` when its right end is the upper one.
    Slant { row: i32, cols: std::ops::Range<i32>, rising: bool },
}

impl Geometry {
    /// The island at a scale: large (`sx` 6, `p` 5) or compact (`sx` 4, `p` 4).
    pub fn new(topo: &Topology, large: bool) -> Geometry {
        Geometry::with_sea(topo, large, sea_of_map(topo))
    }

    /// The island at a scale, with the sea's room (`sea`) or without it.
    pub fn with_sea(topo: &Topology, large: bool, sea: bool) -> Geometry {
        let (sx, p) = if large { (6, 5) } else { (4, 4) };
        let mut points: Vec<(i16, i16)> = topo.vertices().map(|v| topo.vertex_pos(v)).collect();
        if sea {
            // The sea hexes' outer corners too (a hex centre's corners are 1 to the side and
            // 2 above and below).
            points.extend(
                topo.sea_positions()
                    .iter()
                    .flat_map(|&(x, y)| [(x - 1, y - 1), (x + 1, y + 1), (x, y - 2), (x, y + 2)]),
            );
        }
        let xs: Vec<i32> = points.iter().map(|p| p.0 as i32).collect();
        let ys: Vec<i32> = points.iter().map(|p| p.1 as i32).collect();
        let (min_x, max_x) = (xs.iter().copied().min().unwrap_or(0), xs.iter().copied().max().unwrap_or(0));
        let (min_y, max_y) = (ys.iter().copied().min().unwrap_or(0), ys.iter().copied().max().unwrap_or(0));
        let mut g = Geometry { sx, p, left: 0, top: 0, min_x, min_k: (min_y - 1).div_euclid(3), width: 0, height: 0 };
        g.width = (2 * MARGIN_X + (max_x - min_x) * sx + 1) as u16;
        g.height = (g.row(max_y as i16) + 2) as u16;
        g
    }

    /// The largest scale that fits `area`, centred in it; `None` when even the compact one
    /// doesn't fit.
    pub fn fit(topo: &Topology, area: Rect) -> Option<Geometry> {
        Geometry::fit_sea(topo, area, sea_of_map(topo))
    }

    /// As [`Geometry::fit`], with the sea's room (`sea`) or without it.
    pub fn fit_sea(topo: &Topology, area: Rect, sea: bool) -> Option<Geometry> {
        [true, false].into_iter().map(|large| Geometry::with_sea(topo, large, sea)).find_map(|mut g| {
            (g.width <= area.width && g.height <= area.height).then(|| {
                g.left = area.x as i32 + (area.width - g.width) as i32 / 2;
                g.top = area.y as i32 + (area.height - g.height) as i32 / 2;
                g
            })
        })
    }

    /// True for the large scale.
    pub fn is_large(&self) -> bool {
        self.sx > 4
    }

    fn col(&self, x: i16) -> i32 {
        self.left + MARGIN_X + (x as i32 - self.min_x) * self.sx
    }

    /// Row of an intersection's `y` (which is 1 or 2 modulo 3).
    fn row(&self, y: i16) -> i32 {
        let (k, m) = ((y as i32 - 1).div_euclid(3), (y as i32 - 1).rem_euclid(3));
        self.top + MARGIN_TOP + self.p * (k - self.min_k) + m.min(1)
    }

    /// The cell of an intersection.
    pub fn vertex_cell(&self, topo: &Topology, v: Vertex) -> (i32, i32) {
        let (x, y) = topo.vertex_pos(v);
        (self.col(x), self.row(y))
    }

    fn shape(&self, topo: &Topology, e: Edge) -> Shape {
        let [a, b] = topo.edge_vertices(e);
        let ((ca, ra), (cb, rb)) = (self.vertex_cell(topo, a), self.vertex_cell(topo, b));
        if ca == cb {
            Shape::Vertical { col: ca, rows: ra.min(rb) + 1..ra.max(rb) }
        } else {
            let (upper_col, row) = if ra < rb { (ca, ra) } else { (cb, rb) };
            Shape::Slant { row, cols: ca.min(cb) + 1..ca.max(cb), rising: upper_col > ca.min(cb) }
        }
    }

    /// The cells a path is drawn on.
    pub fn edge_cells(&self, topo: &Topology, e: Edge) -> Vec<(i32, i32)> {
        match self.shape(topo, e) {
            Shape::Vertical { col, rows } => rows.map(|r| (col, r)).collect(),
            Shape::Slant { row, cols, .. } => cols.map(|c| (c, row)).collect(),
        }
    }

    /// The inside of a hex: first column, width, and its rows.
    pub(in crate::tui) fn hex_inside(&self, topo: &Topology, h: Hex) -> (i32, i32, std::ops::Range<i32>) {
        self.inside(topo.hex_pos(h))
    }

    /// The inside of the hex centred at `(x, y)`, land or sea.
    pub(in crate::tui) fn inside(&self, (x, y): (i16, i16)) -> (i32, i32, std::ops::Range<i32>) {
        (self.col(x - 1) + 1, 2 * self.sx - 1, self.row(y - 1)..self.row(y + 1))
    }

    /// The centre cell of a hex.
    pub fn hex_cell(&self, topo: &Topology, h: Hex) -> (i32, i32) {
        let (x, _) = topo.hex_pos(h);
        let (_, _, rows) = self.hex_inside(topo, h);
        (self.col(x), (rows.start + rows.end - 1) / 2)
    }

    /// The centre cell of a sea hex.
    pub fn sea_cell(&self, topo: &Topology, x: SeaHex) -> (i32, i32) {
        let (cx, y) = topo.sea_pos(x);
        let (_, _, rows) = self.inside((cx, y));
        (self.col(cx), (rows.start + rows.end - 1) / 2)
    }

    /// The target of a kind nearest to a clicked cell, if the click is close to one.
    pub fn hit(&self, topo: &Topology, all: &[Target], col: u16, row: u16) -> Option<Target> {
        let (c, r) = (col as i32, row as i32);
        let cell = |t: Target| match t {
            Target::Vertex(v) => self.vertex_cell(topo, v),
            Target::Hex(h) => self.hex_cell(topo, h),
            Target::Sea(x) => self.sea_cell(topo, x),
            Target::Edge(e) => {
                let cells = self.edge_cells(topo, e);
                cells[cells.len() / 2]
            }
        };
        // Rows are about twice as tall as columns are wide.
        let dist = |t: Target| {
            let (tc, tr) = cell(t);
            (tc - c).pow(2) + 4 * (tr - r).pow(2)
        };
        let best = all.iter().copied().min_by_key(|&t| dist(t))?;
        (dist(best) <= self.sx * self.sx * 2).then_some(best)
    }
}

/// The island as a widget.
pub struct Island<'a> {
    pub game: &'a Game,
    pub theme: Theme,
    /// Each seat's letter.
    pub letters: &'a [char],
    /// The place being chosen, if any: legal targets are highlighted and the cursor shown.
    pub selection: Option<&'a Selection>,
    pub geometry: Geometry,
}

/// Writes text clipped to an area.
pub(in crate::tui) fn put(buf: &mut Buffer, area: Rect, col: i32, row: i32, text: &str, style: Style) {
    for (i, ch) in text.chars().enumerate() {
        let c = col + i as i32;
        if c >= area.left() as i32 && c < area.right() as i32 && row >= area.top() as i32 && row < area.bottom() as i32
        {
            buf[(c as u16, row as u16)].set_char(ch).set_style(style);
        }
    }
}

/// Text centred on a column.
fn put_centred(buf: &mut Buffer, area: Rect, centre: i32, row: i32, text: &str, style: Style) {
    put(buf, area, centre - text.chars().count() as i32 / 2, row, text, style);
}

impl Island<'_> {
    fn is_legal(&self, t: Target) -> bool {
        self.selection.is_some_and(|s| s.legal.contains(&t))
    }
    fn is_cursor(&self, t: Target) -> bool {
        self.selection.is_some_and(|s| s.cursor == t)
    }
    fn letter(&self, s: Seat) -> String {
        self.letters.get(s.index()).copied().unwrap_or('?').to_string()
    }

    /// A land hex's number as drawn, between marks when the hex may be chosen.
    pub(in crate::tui) fn token_label(&self, h: Hex) -> String {
        match (self.game.board().token(h), self.is_legal(Target::Hex(h))) {
            (Some(t), true) => format!(">{t}<"),
            (None, true) => "> <".to_string(),
            (Some(t), false) => t.to_string(),
            (None, false) => String::new(),
        }
    }

    /// A land hex's pips as drawn ("•••" for a 10), none without a number.
    pub(in crate::tui) fn pips_label(&self, h: Hex) -> String {
        self.game
            .board()
            .token(h)
            .map_or(String::new(), |t| self.theme.pip().repeat(crate::engine::Board::pips(t) as usize))
    }

    fn draw_hex(&self, buf: &mut Buffer, area: Rect, h: Hex) {
        let (topo, th, g) = (self.game.topology(), &self.theme, &self.geometry);
        let board = self.game.board();
        let terrain = board.terrain(h);
        let (left, width, rows) = g.hex_inside(topo, h);
        let centre = left + width / 2;
        let cursor = self.is_cursor(Target::Hex(h));
        let token = board.token(h);
        let tok = self.token_label(h);
        let word = terrain.resource().map_or("desert", |r| r.name());
        let pips = self.pips_label(h);
        let mut lines: Vec<(String, Style)> = vec![(tok, token.map_or(th.target(), |t| th.token(t)))];
        if g.is_large() {
            lines.push((terrain.name().to_string(), th.terrain(terrain)));
        }
        if !(g.is_large() && terrain.resource().is_none()) {
            lines.push((word.to_string(), th.terrain(terrain)));
        }
        lines.push((pips.clone(), th.terrain(terrain)));
        // R45: no robber on the island at all (the desert only parks the piece).
        let robber = !self.game.config().modules.has(crate::engine::Module::NoRobber);
        if robber && board.robber() == h {
            let last = lines.len() - 1;
            lines[last] = ("ROBBER".to_string(), th.robber());
        }
        // Units stand on the pips' row (board_units.rs); where the pips don't fit beside them
        // they move up beside the number, so both show (issue 33).
        let (tok_w, pips_w) = (lines[0].0.chars().count(), pips.chars().count());
        let beside =
            (self.pips_at(h) == PipsAt::Number).then(|| beside_number(tok_w, pips_w, width as usize)).flatten();
        let patch = |style: Style| if cursor { style.patch(th.cursor()) } else { style };
        for (i, row) in rows.enumerate() {
            if cursor {
                put(buf, area, left, row, &" ".repeat(width as usize), th.cursor());
            }
            if let (0, Some((gap, from))) = (i, beside) {
                let start = left + from as i32;
                put(buf, area, start, row, &lines[0].0, patch(lines[0].1));
                put(buf, area, start + (tok_w + gap) as i32, row, &pips, patch(th.terrain(terrain)));
            } else if let Some((text, style)) = lines.get(i) {
                put_centred(buf, area, centre, row, text, patch(*style));
            }
        }
    }

    fn draw_edge(&self, buf: &mut Buffer, area: Rect, e: Edge, harbor: bool) {
        let (topo, th, g) = (self.game.topology(), &self.theme, &self.geometry);
        let owner = self.game.road_at(e);
        let legal = self.is_legal(Target::Edge(e));
        let shape = g.shape(topo, e);
        let n = match &shape {
            Shape::Vertical { rows, .. } => rows.len(),
            Shape::Slant { cols, .. } => cols.len(),
        };
        let mut glyphs: Vec<String> = match (&shape, owner) {
            (Shape::Vertical { .. }, Some(_)) => vec![if th.ascii { "H" } else { "‖" }.to_string(); n],
            (Shape::Slant { .. }, Some(_)) => vec!["=".to_string(); n],
            // A harbor's side is water, so its two corners and its label read as one thing.
            (_, None) if harbor => vec![th.harbor_wave().to_string(); n],
            (Shape::Vertical { .. }, None) => vec!["|".to_string(); n],
            (Shape::Slant { rising, .. }, None) => {
                let half = n / 2;
                let (low, high) = ("_".repeat(half), "-".repeat(half));
                let s = if *rising { format!("{low}.{high}") } else { format!("{high}.{low}") };
                s.chars().map(String::from).collect()
            }
        };
        // The letter in the middle; on a two-row side, on the upper row.
        let mid = if n == 2 { 0 } else { n / 2 };
        if let Some(s) = owner {
            glyphs[mid] = self.letter(s);
        } else if legal {
            glyphs[mid] = th.target_path().to_string();
        }
        let mut style = match owner {
            Some(s) => th.player(s),
            None if legal => th.target(),
            None if harbor => th.harbor(),
            None => th.grid(),
        };
        if self.is_cursor(Target::Edge(e)) {
            style = style.patch(th.cursor());
        }
        for ((c, r), glyph) in g.edge_cells(topo, e).into_iter().zip(glyphs) {
            put(buf, area, c, r, &glyph, style);
        }
    }

    fn draw_vertex(&self, buf: &mut Buffer, area: Rect, v: Vertex) {
        let (topo, th) = (self.game.topology(), &self.theme);
        let (c, r) = self.geometry.vertex_cell(topo, v);
        let cursor = self.is_cursor(Target::Vertex(v));
        let (text, style, at) = match self.game.building(v) {
            Some((s, Piece::Castle)) => (th.castle(&self.letter(s)), th.player(s), c - 1),
            Some((s, Piece::City)) => (format!("[{}]", self.letter(s)), th.player(s), c - 1),
            Some((s, _)) => (self.letter(s), th.player(s), c),
            None if self.is_legal(Target::Vertex(v)) => {
                let dot = if topo.vertex_harbor(v).is_some() { th.target_harbor_dot() } else { th.target_dot() };
                (dot.to_string(), th.target(), c)
            }
            None if topo.vertex_harbor(v).is_some() => (th.harbor_dot().to_string(), th.harbor(), c),
            None => (th.dot().to_string(), th.grid(), c),
        };
        let style = if cursor { style.patch(th.cursor()) } else { style };
        put(buf, area, at, r, &text, style);
        let n = text.chars().count() as i32;
        if cursor && n == 1 {
            // One reversed cell is easy to miss: bracket it.
            put(buf, area, c - 1, r, "(", th.cursor());
            put(buf, area, c + 1, r, ")", th.cursor());
        } else if self.is_legal(Target::Vertex(v)) && self.selection.is_some_and(|s| s.purpose.is_unit()) {
            // A building that may be attacked (R56): marked `>B<` as a legal hex is.
            let style = if cursor { th.target().patch(th.cursor()) } else { th.target() };
            put(buf, area, at - 1, r, ">", style);
            put(buf, area, at + n, r, "<", style);
        }
    }

    /// Waves in every sea hex, a row apart, in the harbors' colour; the harbor labels are
    /// drawn over them. A sea hex a unit may go to is marked `> <` on its top row, the cursor's
    /// in reverse video.
    fn draw_sea(&self, buf: &mut Buffer, area: Rect) {
        let (topo, th, g) = (self.game.topology(), &self.theme, &self.geometry);
        let wave = th.harbor_wave();
        for x in topo.sea_hexes() {
            let (left, width, rows) = g.inside(topo.sea_pos(x));
            let cursor = self.is_cursor(Target::Sea(x));
            let style = if cursor { th.harbor().patch(th.cursor()) } else { th.harbor() };
            for (i, row) in rows.clone().enumerate() {
                let line: String = (0..width).map(|c| if (c + 2 * i as i32) % 4 == 1 { wave } else { " " }).collect();
                put(buf, area, left, row, &line, style);
            }
            if self.is_legal(Target::Sea(x)) {
                let mark = if cursor { th.target().patch(th.cursor()) } else { th.target() };
                put_centred(buf, area, left + width / 2, rows.start, " > < ", mark);
            }
        }
    }

    /// Harbor labels, two lines (ratio, then resource) inside the sea hex beyond the harbor's
    /// side, on the rows nearest to it.
    fn draw_harbors(&self, buf: &mut Buffer, area: Rect) {
        let (topo, th, g) = (self.game.topology(), &self.theme, &self.geometry);
        for (spot, kind) in topo.harbor_spots().iter().zip(self.game.board().harbors()) {
            let (ratio, what) = match kind {
                HarborKind::Generic => ("3:1", "any"),
                HarborKind::Special(r) => ("2:1", r.name()),
            };
            let (x, y) = topo.hex_pos(spot.hex);
            let style = th.harbor();
            // Over drawn sea, a blank on each side keeps the label clear of the waves.
            let label = |buf: &mut Buffer, col: i32, row: i32, text: &str| {
                if sea_drawn(self.game) {
                    put(buf, area, col - 1, row, &" ".repeat(text.chars().count() + 2), style);
                }
                put(buf, area, col, row, text, style);
            };
            let (top, bottom) = (g.row(y - 2), g.row(y + 2));
            match spot.side {
                Side::E => {
                    let row = g.row(y - 1) + 1;
                    label(buf, g.col(x + 1) + 2, row, ratio);
                    label(buf, g.col(x + 1) + 2, row + 1, what);
                }
                Side::W => {
                    let row = g.row(y - 1) + 1;
                    let end = g.col(x - 1) - 1;
                    label(buf, end - ratio.len() as i32, row, ratio);
                    label(buf, end - what.len() as i32, row + 1, what);
                }
                side => {
                    let sea_x = if matches!(side, Side::NE | Side::SE) { x + 1 } else { x - 1 };
                    let row = if matches!(side, Side::NE | Side::NW) { top - 2 } else { bottom };
                    let centred = |text: &str| g.col(sea_x) - text.chars().count() as i32 / 2;
                    label(buf, centred(ratio), row, ratio);
                    label(buf, centred(what), row + 1, what);
                }
            }
        }
    }
}

impl Widget for Island<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let topo = self.game.topology();
        if sea_drawn(self.game) {
            self.draw_sea(buf, area);
        }
        for h in topo.hexes() {
            self.draw_hex(buf, area, h);
        }
        let harbor_edges: Vec<Edge> = topo.harbor_spots().iter().map(|s| s.edge).collect();
        for e in topo.edges() {
            self.draw_edge(buf, area, e, harbor_edges.contains(&e));
        }
        for v in topo.vertices() {
            self.draw_vertex(buf, area, v);
        }
        self.draw_harbors(buf, area);
        self.draw_all_units(buf, area);
    }
}

/// Where a land hex's pips show while units stand on their row (issue 33: the units hid them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PipsAt {
    /// On their own row: no units there (or no pips, or the robber's row holds the units).
    Alone,
    /// After the units on their row: "Ak •••".
    Units,
    /// Beside the number on the top row: "12 •", "10•••" (see [`beside_number`]).
    Number,
    /// Nowhere: neither fits (a hex crowded with several owners' units).
    Hidden,
}

/// How the pips go beside a number `tok` columns wide in a row `width` wide: the gap between
/// them (1 or 0) and the column they start from, from the row's left. A column is kept free at
/// the left, where a corner's letter could run into the number; `None` if they don't fit.
pub fn beside_number(tok: usize, pips: usize, width: usize) -> Option<(usize, usize)> {
    let gap = if tok + 1 + pips + 2 <= width { 1 } else { 0 };
    let total = tok + gap + pips;
    (total < width).then(|| (gap, (width - total).div_ceil(2).max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MapId;

    #[test]
    fn every_intersection_and_path_has_its_own_cells() {
        let topo = MapId::Standard.topology();
        for large in [false, true] {
            let g = Geometry::new(topo, large);
            let mut cells = std::collections::HashSet::new();
            for v in topo.vertices() {
                assert!(cells.insert(g.vertex_cell(topo, v)), "intersection {v:?} shares a cell");
            }
            for e in topo.edges() {
                let ec = g.edge_cells(topo, e);
                assert!(!ec.is_empty());
                for c in ec {
                    assert!(cells.insert(c), "path {e:?} shares a cell");
                }
            }
            assert_eq!((g.width, g.height), if large { (75, 30) } else { (55, 25) });
        }
    }

    /// Issue 13: the 5-6 island's sizes, and on both islands at both scales no two parts
    /// share a cell, and a click on any part's cell finds that part.
    #[test]
    fn every_part_of_either_island_has_its_cells_and_answers_a_click() {
        let five_six = MapId::FiveSix.topology();
        assert_eq!((Geometry::new(five_six, true).width, Geometry::new(five_six, true).height), (87, 40));
        assert_eq!((Geometry::new(five_six, false).width, Geometry::new(five_six, false).height), (63, 33));
        for map in MapId::ALL {
            let topo = map.topology();
            for large in [false, true] {
                let g = Geometry::new(topo, large);
                let mut cells = std::collections::HashSet::new();
                for v in topo.vertices() {
                    assert!(cells.insert(g.vertex_cell(topo, v)), "{map:?}: intersection {v:?} shares a cell");
                }
                for e in topo.edges() {
                    for c in g.edge_cells(topo, e) {
                        assert!(cells.insert(c), "{map:?}: path {e:?} shares a cell");
                    }
                }
                let kinds: [Vec<Target>; 4] = [
                    topo.vertices().map(Target::Vertex).collect(),
                    topo.edges().map(Target::Edge).collect(),
                    topo.hexes().map(Target::Hex).collect(),
                    topo.sea_hexes().map(Target::Sea).collect(),
                ];
                for all in &kinds {
                    for &t in all {
                        let (c, r) = match t {
                            Target::Vertex(v) => g.vertex_cell(topo, v),
                            Target::Edge(e) => g.edge_cells(topo, e)[g.edge_cells(topo, e).len() / 2],
                            Target::Hex(h) => g.hex_cell(topo, h),
                            Target::Sea(x) => g.sea_cell(topo, x),
                        };
                        assert_eq!(g.hit(topo, all, c as u16, r as u16), Some(t), "{map:?} large {large}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_click_on_a_cell_finds_its_target() {
        let topo = MapId::Standard.topology();
        let g = Geometry::new(topo, false);
        let all: Vec<Target> = topo.vertices().map(Target::Vertex).collect();
        for v in topo.vertices() {
            let (c, r) = g.vertex_cell(topo, v);
            assert_eq!(g.hit(topo, &all, c as u16, r as u16), Some(Target::Vertex(v)));
        }
    }
}
