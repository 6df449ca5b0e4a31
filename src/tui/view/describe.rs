//! Log text: the engine's [`Event::describe`] as a given player may see it (H2), with a run
//! of one player's discards merged into one line and the robber's new hex named.

use std::iter;

use crate::engine::{Event, Hand, Seat, SeatSet};
use crate::tui::view::board_units::UnitHere;
use crate::tui::view::scene::Scene;

/// The units in a hex in words, by owner in seat order, for the status line (R52, R53; units
/// are public): "Ann's knight, cavalry (used) · Bob's cargo ship with knight, archer (used)
/// aboard". `None` when the hex holds none.
pub fn units_words(app: &Scene, units: &[UnitHere]) -> Option<String> {
    let used = |spent: bool| if spent { " (used)" } else { "" };
    let mut groups: Vec<(Seat, Vec<String>)> = Vec::new();
    for u in units {
        let mut text = format!("{}{}", u.kind, used(u.spent));
        if !u.aboard.is_empty() {
            let aboard: Vec<String> = u.aboard.iter().map(|&(k, spent)| format!("{k}{}", used(spent))).collect();
            text = format!("{text} with {} aboard", aboard.join(", "));
        }
        match groups.iter_mut().find(|g| g.0 == u.seat) {
            Some(g) => g.1.push(text),
            None => groups.push((u.seat, vec![text])),
        }
    }
    let parts: Vec<String> =
        groups.iter().map(|(s, list)| format!("{}'s {}", app.table.name(*s), list.join(", "))).collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// One line of the log and the event it starts with (for its style).
pub struct Entry {
    pub text: String,
    pub event: Event,
}

fn one(app: &Scene, e: &Event, viewer: Option<Seat>) -> String {
    let names = |s: Seat| app.table.name(s);
    let text = e.describe(&names, viewer);
    match *e {
        Event::RobberMoved { hex, .. } => format!("{text} to {}", app.table.game().board().hex_name(hex)),
        // R43: where the dragon struck, by the hexes around it.
        Event::DragonAttacked { at: Some(at), .. } => {
            let g = app.table.game();
            let hexes: Vec<String> =
                g.topology().vertex_hexes(crate::engine::Vertex(at)).iter().map(|&h| g.board().hex_label(h)).collect();
            format!("{text} ({})", hexes.join(", "))
        }
        // Say whom an offer asks, unless it asks everyone else.
        Event::TradeOffered { seat, to, .. } if to != SeatSet::all(app.table.game().num_players()).without(seat) => {
            let names: Vec<String> = to.iter().map(|s| app.table.name(s)).collect();
            format!("{text} to {}", names.join(" and "))
        }
        _ => text,
    }
}

/// The entry that ends at `events[end - 1]`, and where it starts.
fn entry_ending(app: &Scene, events: &[Event], end: usize, viewer: Option<Seat>) -> (usize, Entry) {
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
                format!("{} discards {cards}", app.table.name(seat))
            } else {
                format!(
                    "{} discards {}",
                    app.table.name(seat),
                    crate::tui::screen::words::plural((end - start) as u32, "card")
                )
            };
            return (start, Entry { text, event: last });
        }
    }
    // R57: a 7 in the attack phase is said on the roll's line (issue 33: the table wondered why).
    if let (Event::QuietSeven { .. }, Some(roll @ Event::DiceRolled { .. })) =
        (last, end.checked_sub(2).map(|i| events[i]))
    {
        let text = format!("{} · {}", one(app, &roll, viewer), one(app, &last, viewer));
        return (end - 2, Entry { text, event: roll });
    }
    (end - 1, Entry { text: one(app, &last, viewer), event: last })
}

/// The entries of `events`, newest first, as `viewer` may see them (`None`: public only).
pub fn entries_rev<'a>(app: &'a Scene, events: &'a [Event], viewer: Option<Seat>) -> impl Iterator<Item = Entry> + 'a {
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
        let (start, entry) = entry_ending(app, events, end, viewer);
        end = start;
        Some(entry)
    })
}

/// The texts of `events`, oldest first.
pub fn texts(app: &Scene, events: &[Event], viewer: Option<Seat>) -> Vec<String> {
    let mut out: Vec<String> = entries_rev(app, events, viewer).map(|e| e.text).collect();
    out.reverse();
    out
}
