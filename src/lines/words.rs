//! Places and things in words for line mode: every place by a number a player can type (hex
//! 5, corner 23, sea 4: the engine's own numbers, counted from 1, top to bottom and left to
//! right), and what is on it, said short with the word that matters first.

use crate::engine::{Board, Edge, Hand, Hex, PlayerView, Resource, SeaHex, Seat, Vertex};

/// A seat's name, or "seat N" past the names given.
pub fn name(names: &[String], s: Seat) -> String {
    names.get(s.index()).cloned().unwrap_or_else(|| format!("seat {}", s.index() + 1))
}

/// The number a player types for a hex.
pub fn hex_no(h: Hex) -> usize {
    h.index() + 1
}

/// The number a player types for a corner (an intersection).
pub fn corner_no(v: Vertex) -> usize {
    v.index() + 1
}

/// The number a player types for a sea hex.
pub fn sea_no(x: SeaHex) -> usize {
    x.index() + 1
}

/// A road's place as typed: its two corners, smaller first ("12 13").
pub fn edge_words(view: &PlayerView<'_>, e: Edge) -> String {
    let [a, b] = view.topology().edge_vertices(e);
    let (a, b) = (corner_no(a).min(corner_no(b)), corner_no(a).max(corner_no(b)));
    format!("{a} {b}")
}

/// A hex with its number: "hex 5, 6 grain".
pub fn hex_words(board: &Board, h: Hex) -> String {
    format!("hex {}, {}", hex_no(h), board.hex_label(h))
}

/// A corner's hexes, best first, and its harbor: "6 grain, 8 ore, 3 wool; 3:1 harbor".
pub fn corner_yield(view: &PlayerView<'_>, v: Vertex) -> String {
    let board = view.board();
    let mut parts: Vec<(u8, String)> = view
        .topology()
        .vertex_hexes(v)
        .iter()
        .map(|&h| (board.token(h).map_or(0, Board::pips), board.hex_label(h)))
        .collect();
    parts.sort_by_key(|p| std::cmp::Reverse(p.0));
    let mut text = if parts.is_empty() { "sea only".to_string() } else { join(parts.into_iter().map(|p| p.1)) };
    if let Some(h) = board.harbor_at(v) {
        text.push_str(&format!("; {h} harbor"));
    }
    text
}

/// The pips of a corner's hexes: how many of the 36 rolls pay it (the coach's count).
pub use crate::bots::advice::group::corner_pips;

/// Who has built on a corner: "Ann's city", or `None`.
pub fn corner_owner(view: &PlayerView<'_>, names: &[String], v: Vertex) -> Option<String> {
    view.seats().find_map(|s| {
        let piece = if view.castle_set(s).contains(v) {
            "castle"
        } else if view.city_set(s).contains(v) {
            "city"
        } else if view.settlement_set(s).contains(v) {
            "settlement"
        } else {
            return None;
        };
        Some(format!("{}'s {piece}", name(names, s)))
    })
}

/// Whose road is on a path, if anyone's.
pub fn road_owner(view: &PlayerView<'_>, e: Edge) -> Option<Seat> {
    view.seats().find(|&s| view.road_set(s).contains(e))
}

/// Cards as said: "2 brick, 1 ore", "nothing".
pub fn cards(hand: Hand) -> String {
    hand.to_string()
}

/// A resource named by what a player types: its name, its plural, or its first letters
/// ("br", "lum", "wheat" and "sheep" too: the names most players learnt first).
pub fn resource(word: &str) -> Option<Resource> {
    let w = word.trim_end_matches(',');
    let named = match w {
        "wheat" => Some(Resource::Grain),
        "sheep" => Some(Resource::Wool),
        "wood" => Some(Resource::Lumber),
        "stone" | "rock" => Some(Resource::Ore),
        "bricks" => Some(Resource::Brick),
        _ => None,
    };
    named.or_else(|| Resource::CARDS.into_iter().find(|r| w.len() >= 2 && r.name().starts_with(w)))
}

/// "a, b and c".
pub fn join(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resources_are_known_by_their_names_and_their_first_letters() {
        assert_eq!(resource("ore"), Some(Resource::Ore));
        assert_eq!(resource("br"), Some(Resource::Brick));
        assert_eq!(resource("wheat"), Some(Resource::Grain));
        assert_eq!(resource("g"), None, "one letter is too short to tell grain from gold");
        assert_eq!(resource("x"), None);
    }

    #[test]
    fn lists_read_as_sentences() {
        assert_eq!(join(["a".to_string()]), "a");
        assert_eq!(join(["a", "b", "c"].map(String::from)), "a, b and c");
    }
}
