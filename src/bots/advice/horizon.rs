//! Moves judged past the playouts' horizon. The playouts stop at the end of the seat's next
//! turn, mostly before the corner a road (or, with knight units, R52, a knight's hex) opens is
//! settled, so a road toward a 3-pip corner and one toward a 9-pip corner would score alike.
//! Every playout therefore also earns a share of what the best corner opened by the roads the
//! seat built since the moment asked (the move's own, or the playout's after another move), or
//! by the move's knight, would add (its pips, the kinds it adds, a harbor its production pays for:
//! [`chance::chance_with_corners`]), counted where each playout ends (a corner taken or settled
//! by then earns nothing more), beyond the corners the seat reaches without it. Since issue 48
//! a road's share is of the best corner all the seat's roads reach, the older ones too, so a
//! road promises what the count reads once it is built.

use crate::engine::{Action, Edge, Game, Hex, PathSet, PlayerView, Seat, Vertex};

use super::chance;
use super::group::open_corner;

/// The share of a corner's worth a road reaching it (or a knight on its hex) earns: the
/// settlement is still to be paid for, and another seat may take the corner first.
pub const AT_THE_END: f64 = 0.5;

/// The share for a corner one road further on.
pub const ONE_BEYOND: f64 = 0.25;

/// What a move opens: a road, or a knight unit's new hex (from its old one, if it stood on
/// the board).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Opening {
    Road(Edge),
    Knight { slot: Option<u8>, from: Option<Hex>, to: Hex },
}

impl Opening {
    /// What `action` opens for `view`'s seat, if anything.
    pub fn of(view: &PlayerView<'_>, action: Action) -> Option<Opening> {
        match action {
            Action::BuildRoad(e) => Some(Opening::Road(e)),
            Action::BuildKnight { hex, .. } => Some(Opening::Knight { slot: None, from: None, to: hex }),
            Action::MoveKnight { unit, to } => {
                let from = view.knight_units(view.seat()).find(|u| u.0 == unit).map(|u| u.2);
                Some(Opening::Knight { slot: Some(unit), from, to })
            }
            _ => None,
        }
    }
}

/// Which reach a corner belongs to: the seat's with the move, without it, or both.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    Both,
    With,
    Without,
}

/// What was opened since the advice's moment adds for `me` where a playout ended in `game`,
/// in chance to win: the share of the best corner reached with it, less the best reached
/// without it. Every road the seat has built since (`start` holds its roads then) counts, the
/// candidate's or one the playout built after another move (a city first, then the road), so
/// the order of two builds doesn't decide which of them earns the corner, and "now" (no move
/// forced) earns what its playouts build too. `table` says who plays each seat. Roads never count below 0; a knight moved off a
/// better hex (`opening`, the candidate's own knight move) does.
pub fn worth(game: &Game, me: Seat, opening: Option<Opening>, start: PathSet, table: &chance::Table) -> f64 {
    let view = game.view(me);
    if view.player(me).pieces_left.1 == 0 || view.winner().is_some() {
        return 0.0;
    }
    let topo = view.topology();
    let mut reach: Vec<(Vertex, f64, Side)> = Vec::new();
    let mut corner = |v: Vertex, share: f64, side: Side| {
        if open_corner(&view, v) {
            reach.push((v, share, side));
        }
    };
    for e in view.road_set(me).iter() {
        let side = if start.contains(e) { Side::Both } else { Side::With };
        for x in topo.edge_vertices(e) {
            corner(x, AT_THE_END, side);
            for &v in topo.vertex_neighbors(x) {
                corner(v, ONE_BEYOND, side);
            }
        }
    }
    if let Some(Opening::Knight { slot, from, to }) = opening {
        for (s, _, h) in view.knight_units(me) {
            if Some(s) != slot && !(slot.is_none() && h == to) {
                topo.hex_vertices(h).into_iter().for_each(|v| corner(v, AT_THE_END, Side::Both));
            }
        }
        topo.hex_vertices(to).into_iter().for_each(|v| corner(v, AT_THE_END, Side::With));
        if let Some(from) = from {
            topo.hex_vertices(from).into_iter().for_each(|v| corner(v, AT_THE_END, Side::Without));
        }
    }
    let knight = matches!(opening, Some(Opening::Knight { .. }));
    if reach.is_empty() || (knight && reach.iter().all(|r| r.2 == Side::Both)) {
        return 0.0;
    }
    let corners: Vec<Vertex> = reach.iter().map(|r| r.0).collect();
    let (now, with) = chance::chance_with_corners(game, me, &corners, table);
    let best = |side: Side| {
        reach
            .iter()
            .zip(&with)
            .filter(|(r, _)| r.2 == Side::Both || r.2 == side)
            .map(|(r, c)| r.1 * (c - now))
            .fold(0.0, f64::max)
    };
    // Roads: the best corner the seat's roads reach, the old ones too, so that the chance a
    // road promises is the chance read once it is built (issue 48: it dropped by the corner's
    // share, the road then counted among the roads of the moment asked).
    if knight { best(Side::With) - best(Side::Without) } else { best(Side::With).max(0.0) }
}
