//! Equivalent actions grouped into one choice, so the moves shown are real alternatives: roads
//! by the best new corner they open (every road that opens none is one choice), the robber by
//! its hex (the victim is the group's best), bank trades and offers by the card they get, year
//! of plenty as one card play, and units by their kind or their piece. Every other action is a
//! choice of its own.

use std::collections::HashMap;

use crate::engine::{Action, Board, IntersectionSet, PlayerView, Vertex};

/// A choice's identity: actions with the same key are one choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(u8, u64);

/// The group key of `action` for `view`'s seat; `index` (its place in the legal list) keeps
/// actions that are choices of their own apart.
pub fn key(view: &PlayerView<'_>, action: Action, index: usize) -> Key {
    match action {
        Action::BuildRoad(e) => Key(1, road_target(view, e).map_or(u64::MAX, |(_, v)| u64::from(v.0))),
        Action::MoveRobber { hex, .. } => Key(2, u64::from(hex.0)),
        Action::MaritimeTrade { get, .. } => Key(3, get as u64),
        Action::OfferTrade { get, .. } => Key(4, hand_code(get)),
        Action::PlayYearOfPlenty(..) => Key(5, 0),
        Action::BuildKnight { kind, .. } => Key(6, kind as u64),
        Action::BuildShip { kind, .. } => Key(7, kind as u64),
        Action::MoveKnight { unit, .. } => Key(8, u64::from(unit)),
        Action::SailShip { unit, .. } => Key(9, u64::from(unit)),
        _ => Key(0, index as u64),
    }
}

/// A hand as one number (each count below 32).
fn hand_code(h: crate::engine::Hand) -> u64 {
    crate::engine::Resource::CARDS.iter().fold(0, |acc, &r| acc * 32 + u64::from(h[r].min(31)))
}

/// The legal actions grouped, in the order each group first appears.
pub fn group(view: &PlayerView<'_>, actions: &[Action]) -> Vec<Vec<Action>> {
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut groups: Vec<Vec<Action>> = Vec::new();
    for (i, &a) in actions.iter().enumerate() {
        let k = key(view, a, i);
        match index.get(&k) {
            Some(&g) => groups[g].push(a),
            None => {
                index.insert(k, groups.len());
                groups.push(vec![a]);
            }
        }
    }
    groups
}

/// Every intersection with a building.
pub fn occupied(view: &PlayerView<'_>) -> IntersectionSet {
    view.seats().fold(IntersectionSet::default(), |acc, s| acc | view.settlement_set(s) | view.city_set(s))
}

/// Whether a settlement may stand on `v` by the distance rule.
pub fn open_corner(view: &PlayerView<'_>, v: Vertex) -> bool {
    let taken = occupied(view);
    !taken.contains(v) && !view.topology().vertex_neighbor_set(v).intersects(taken)
}

/// The pips of the producing hexes beside `v` (the robber's hex counted: it moves on).
pub fn corner_pips(view: &PlayerView<'_>, v: Vertex) -> u32 {
    let board = view.board();
    view.topology()
        .vertex_hexes(v)
        .iter()
        .filter(|&&h| board.terrain(h).resource().is_some())
        .filter_map(|&h| board.token(h))
        .map(|t| u32::from(Board::pips(t)))
        .sum()
}

/// The best corner a road ending at `x` opens: `x` itself or one step beyond it, if open by
/// the distance rule; its pips and the corner.
fn best_opened(view: &PlayerView<'_>, x: Vertex) -> Option<(u32, Vertex)> {
    std::iter::once(x)
        .chain(view.topology().vertex_neighbors(x).iter().copied())
        .filter(|&v| open_corner(view, v))
        .map(|v| (corner_pips(view, v), v))
        .max_by_key(|&(p, v)| (p, std::cmp::Reverse(v.0)))
}

/// The best corner a road on `e` opens (as [`key`] groups it).
pub fn road_target(view: &PlayerView<'_>, e: crate::engine::Edge) -> Option<(u32, Vertex)> {
    view.topology().edge_vertices(e).iter().filter_map(|&x| best_opened(view, x)).max_by_key(|&(p, _)| p)
}
