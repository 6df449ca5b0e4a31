//! The log's words: the engine's [`Event::describe`] as a given player may see it (H2), with a
//! run of one player's discards merged into one line, the robber's new hex named (apart from a
//! hex that reads the same) and whom an offer asks. The log panel, the replay viewer and the
//! status lines that tell a screen what happened all say it so.

use std::iter;

use crate::engine::{Event, Hand, Seat, SeatSet};
use crate::tui::table::Table;

/// One line of the log and the event it starts with (for its style).
pub struct Entry {
    pub text: String,
    pub event: Event,
}

fn one(table: &Table, e: &Event, viewer: Option<Seat>) -> String {
    let names = |s: Seat| table.name(s);
    let text = e.describe(&names, viewer);
    match *e {
        Event::RobberMoved { hex, .. } => format!("{text} to {}", table.game().board().hex_name_apart(hex)),
        // R43: where the dragon struck, by the hexes around it.
        Event::DragonAttacked { at: Some(at), .. } => {
            let g = table.game();
            let hexes: Vec<String> =
                g.topology().vertex_hexes(crate::engine::Vertex(at)).iter().map(|&h| g.board().hex_label(h)).collect();
            format!("{text} ({})", hexes.join(", "))
        }
        // Say whom an offer asks, unless it asks everyone else.
        Event::TradeOffered { seat, to, .. } if to != SeatSet::all(table.game().num_players()).without(seat) => {
            let names: Vec<String> = to.iter().map(|s| table.name(s)).collect();
            format!("{text} to {}", names.join(" and "))
        }
        _ => text,
    }
}

/// The entry that ends at `events[end - 1]`, and where it starts.
fn entry_ending(table: &Table, events: &[Event], end: usize, viewer: Option<Seat>) -> (usize, Entry) {
    let last = events[end - 1];
    if let Event::Discarded { seat, .. } = last {
        let mut start = end - 1;
        while start > 0 && matches!(events[start - 1], Event::Discarded { seat: s, .. } if s == seat) {
            start -= 1;
        }
        if end - start > 1 {
            let mut cards = Hand::EMPTY;
            for e in &events[start..end] {
                if let Event::Discarded { resource, .. } = e {
                    cards[*resource] += 1;
                }
            }
            let text = if viewer.is_some_and(|v| last.visible_to(v)) {
                format!("{} discards {cards}", table.name(seat))
            } else {
                format!("{} discards {} cards", table.name(seat), end - start)
            };
            return (start, Entry { text, event: last });
        }
    }
    // R57: a 7 in the attack phase is said on the roll's line (issue 33: the table wondered why).
    if let (Event::QuietSeven { .. }, Some(roll @ Event::DiceRolled { .. })) =
        (last, end.checked_sub(2).map(|i| events[i]))
    {
        let text = format!("{} · {}", one(table, &roll, viewer), one(table, &last, viewer));
        return (end - 2, Entry { text, event: roll });
    }
    (end - 1, Entry { text: one(table, &last, viewer), event: last })
}

/// The entries of `events`, newest first, as `viewer` may see them (`None`: public only).
pub fn entries_rev<'a>(
    table: &'a Table,
    events: &'a [Event],
    viewer: Option<Seat>,
) -> impl Iterator<Item = Entry> + 'a {
    let mut end = events.len();
    iter::from_fn(move || {
        if end == 0 {
            return None;
        }
        // R40's "may build" moments are not logged: the builds say who built (issue 23).
        while end > 0 && matches!(events[end - 1], Event::SpecialBuilding { .. }) {
            end -= 1;
        }
        if end == 0 {
            return None;
        }
        let (start, entry) = entry_ending(table, events, end, viewer);
        end = start;
        Some(entry)
    })
}

/// The texts of `events`, oldest first.
pub fn texts(table: &Table, events: &[Event], viewer: Option<Seat>) -> Vec<String> {
    let mut out: Vec<String> = entries_rev(table, events, viewer).map(|e| e.text).collect();
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use crate::engine::{Config, Event, Game, Seat};
    use crate::tui::table::Table;

    /// Issue 49: where two land hexes read the same ("the 6 brick"), the robber's line names the
    /// one it went to apart from the other, as the unit choices do.
    #[test]
    fn the_robbers_line_tells_apart_hexes_that_read_the_same() {
        let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let (mut seen_twin, mut seen_lone) = (false, false);
        for seed in 0..40 {
            let game = Game::new(Config { players: 3, ..Config::default() }, seed).unwrap();
            let table = Table::still(game, seed, names.clone(), vec!['A', 'B', 'C']);
            let (board, topo) = (table.game().board(), table.game().topology());
            for hex in topo.hexes() {
                let text = super::texts(&table, &[Event::RobberMoved { seat: Seat(0), hex }], None).join("");
                let twin = topo.hexes().filter(|&o| board.hex_label(o) == board.hex_label(hex)).count() > 1;
                assert_eq!(text, format!("Ann moves the robber to {}", board.hex_name_apart(hex)));
                assert_eq!(text.contains(&format!("(hex {})", hex.index() + 1)), twin, "{text}");
                (seen_twin, seen_lone) = (seen_twin || twin, seen_lone || !twin);
            }
        }
        assert!(seen_twin && seen_lone, "both kinds of hex were tried");
    }
}
