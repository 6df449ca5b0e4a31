//! Units on the island (R52, R53): knights, archers and cavalry on hex centres, ships on sea
//! hexes, by owner and kind, counts when a hex holds too many to spell out. A unit with no
//! action left this turn is "laid on its side" (the seed's words): its letter in capitals.
//! Knights aboard a cargo ship stand in brackets after it (`Ac[kk]`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::engine::{Game, Hex, Module, SHIP_SLOT, SeaHex, Seat, UnitKind};
use crate::tui::view::board::{Island, PipsAt, beside_number, put};

/// A kind of unit's letter on the board (R52, R53): knights `k`, archers `a`, cavalry `c`;
/// ships `s`, war ships `w`, cargo ships `c` (ships stand on sea hexes, knights on land, so
/// the two `c`s never meet).
pub fn unit_letter(kind: UnitKind) -> char {
    match kind {
        UnitKind::Knight => 'k',
        UnitKind::Archer => 'a',
        UnitKind::Cavalry => 'c',
        UnitKind::Ship => 's',
        UnitKind::WarShip => 'w',
        UnitKind::CargoShip => 'c',
    }
}

/// One unit where it stands, as the board and the status line tell it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitHere {
    pub seat: Seat,
    pub kind: UnitKind,
    /// No action left this turn (see [`Game::unit_spent`]).
    pub spent: bool,
    /// A cargo ship's knight units aboard, with theirs.
    pub aboard: Vec<(UnitKind, bool)>,
}

impl UnitHere {
    /// The unit's letters: its kind's, in capitals when spent, then any knights aboard in
    /// brackets.
    pub fn text(&self) -> String {
        let letter = |k: UnitKind, spent: bool| {
            let c = unit_letter(k);
            if spent { c.to_ascii_uppercase() } else { c }
        };
        let mut out = letter(self.kind, self.spent).to_string();
        if !self.aboard.is_empty() {
            let inside: String = self.aboard.iter().map(|&(k, s)| letter(k, s)).collect();
            out = format!("{out}[{inside}]");
        }
        out
    }
}

fn seats(game: &Game) -> impl Iterator<Item = Seat> {
    (0..game.config().players).map(Seat)
}

/// The knight units on land hex `h`, in seat order, then slot order.
pub fn units_on_land(game: &Game, h: Hex) -> Vec<UnitHere> {
    seats(game)
        .flat_map(|s| {
            game.knight_units(s).filter(move |u| u.2 == h).map(move |(slot, kind, _)| UnitHere {
                seat: s,
                kind,
                spent: game.unit_spent(s, slot),
                aboard: Vec::new(),
            })
        })
        .collect()
}

/// The ships on sea hex `x`, in seat order, then slot order, each with the knights aboard.
pub fn units_at_sea(game: &Game, x: SeaHex) -> Vec<UnitHere> {
    seats(game)
        .flat_map(|s| {
            game.ship_units(s).filter(move |u| u.2 == x).map(move |(slot, kind, _)| UnitHere {
                seat: s,
                kind,
                spent: game.unit_spent(s, SHIP_SLOT + slot),
                aboard: game
                    .knights_aboard(s)
                    .filter(|k| k.2 == slot)
                    .map(|(k, kind, _)| (kind, game.unit_spent(s, k)))
                    .collect(),
            })
        })
        .collect()
}

/// The units in one hex, grouped by owner in seat order: each group the owner's letter and
/// each unit's letters ("Akk Bc", "AkK" with a spent knight, "Ac[kk]" a cargo ship with two
/// knights), or, when that is wider than `width`, the owner's letter and a count of units
/// ("A2 B1", then "A2B1"). Each group comes with its seat, for its colour.
pub fn units_groups(units: &[UnitHere], letters: &[char], width: usize) -> Vec<(Seat, String)> {
    let mut seats: Vec<Seat> = units.iter().map(|u| u.seat).collect();
    seats.sort();
    seats.dedup();
    let letter = |s: Seat| letters.get(s.index()).copied().unwrap_or('?');
    let full: Vec<(Seat, String)> = seats
        .iter()
        .map(|&s| {
            let kinds: String = units.iter().filter(|u| u.seat == s).map(UnitHere::text).collect();
            (s, format!("{}{kinds}", letter(s)))
        })
        .collect();
    let wide = |g: &[(Seat, String)], gap: usize| {
        g.iter().map(|x| x.1.chars().count()).sum::<usize>() + gap * g.len().saturating_sub(1)
    };
    if wide(&full, 1) <= width {
        return full;
    }
    seats.iter().map(|&s| (s, format!("{}{}", letter(s), units.iter().filter(|u| u.seat == s).count()))).collect()
}

/// The units' groups on a row `width` wide that keeps room for `pips` after them, and that
/// row's width, if it fits: the units spelled out, else as counts.
fn with_pips(units: &[UnitHere], letters: &[char], width: usize, pips: usize) -> Option<Vec<(Seat, String)>> {
    let room = width.checked_sub(pips + 1)?;
    let groups = units_groups(units, letters, room);
    (groups_width(&groups, 1) <= room).then_some(groups)
}

fn groups_width(g: &[(Seat, String)], gap: usize) -> usize {
    g.iter().map(|x| x.1.chars().count()).sum::<usize>() + gap * g.len().saturating_sub(1)
}

impl Island<'_> {
    /// Where land hex `h`'s pips show (see [`PipsAt`]): after the units when the units can
    /// still be spelled out, else beside the number, else after the units counted.
    pub(in crate::tui) fn pips_at(&self, h: Hex) -> PipsAt {
        let game = self.game;
        let units = units_on_land(game, h);
        let robber = !game.config().modules.has(Module::NoRobber) && game.board().robber() == h;
        let pips = self.pips_label(h).chars().count();
        if units.is_empty() || robber || pips == 0 {
            return PipsAt::Alone;
        }
        let (_, width, _) = self.geometry.hex_inside(game.topology(), h);
        let width = width as usize;
        let spelled = units_groups(&units, self.letters, width);
        let full = spelled.iter().all(|g| !g.1[1..].starts_with(|c: char| c.is_ascii_digit()));
        if full && groups_width(&spelled, 1) + 1 + pips <= width {
            PipsAt::Units
        } else if beside_number(self.token_label(h).chars().count(), pips, width).is_some() {
            PipsAt::Number
        } else if with_pips(&units, self.letters, width, pips).is_some() {
            PipsAt::Units
        } else {
            PipsAt::Hidden
        }
    }

    /// Draws one hex's units on `row` of its inside (`left`, `width`), centred, the rest of the
    /// row blank; `pips` after them when given.
    fn draw_units(&self, buf: &mut Buffer, area: Rect, at: (i32, i32, i32), units: &[UnitHere], pips: (&str, Style)) {
        let (pips, pips_style) = pips;
        let (left, row, width) = at;
        let centre = left + width / 2;
        if units.is_empty() {
            return;
        }
        let pips_w = pips.chars().count();
        let groups = match pips_w {
            0 => units_groups(units, self.letters, width as usize),
            _ => with_pips(units, self.letters, width as usize, pips_w).unwrap_or_default(),
        };
        let total = groups_width(&groups, 1) + if pips_w > 0 { pips_w + 1 } else { 0 };
        let gap = if total as i32 <= width - 2 || pips_w > 0 { 1 } else { 0 };
        let total = if gap == 0 { groups_width(&groups, 0) } else { total };
        let mut col = centre - total as i32 / 2;
        put(buf, area, left, row, &" ".repeat(width as usize), Style::default());
        for (i, (seat, text)) in groups.iter().enumerate() {
            if i > 0 {
                col += gap;
            }
            put(buf, area, col, row, text, self.theme.player(*seat));
            col += text.chars().count() as i32;
        }
        if pips_w > 0 {
            put(buf, area, col + 1, row, pips, pips_style);
        }
    }

    /// Every knight unit on its land hex and every ship on its sea hex (R52, R53).
    pub(in crate::tui) fn draw_all_units(&self, buf: &mut Buffer, area: Rect) {
        let (game, topo, g) = (self.game, self.game.topology(), &self.geometry);
        for h in topo.hexes() {
            let here = units_on_land(game, h);
            if !here.is_empty() {
                let (left, width, rows) = g.hex_inside(topo, h);
                // The hex's last row (its pips, or the robber's row above them).
                let robber = !game.config().modules.has(Module::NoRobber) && game.board().robber() == h;
                let row = if robber { rows.end - 2 } else { rows.end - 1 };
                let pips = if self.pips_at(h) == PipsAt::Units { self.pips_label(h) } else { String::new() };
                let style = self.theme.terrain(game.board().terrain(h));
                self.draw_units(buf, area, (left, row, width), &here, (&pips, style));
            }
        }
        for x in topo.sea_hexes() {
            let here = units_at_sea(game, x);
            if !here.is_empty() {
                let (left, width, rows) = g.inside(topo.sea_pos(x));
                // The lowest row free of a harbor's label.
                let free = |row: i32| {
                    (left..left + width).all(|c| {
                        let inside = c >= area.left() as i32 && c < area.right() as i32;
                        let inside = inside && row >= area.top() as i32 && row < area.bottom() as i32;
                        !inside || !buf[(c as u16, row as u16)].symbol().chars().any(|ch| ch.is_ascii_alphanumeric())
                    })
                };
                let row = rows.clone().rev().find(|&r| free(r)).unwrap_or(rows.end - 1);
                self.draw_units(buf, area, (left, row, width), &here, ("", Style::default()));
            }
        }
    }
}
