//! The units in a hex in words, for the status line (the log's words are the table's:
//! `table/log_words.rs`).

use crate::engine::Seat;
use crate::tui::screen::scene::Scene;
use crate::tui::view::board_units::UnitHere;

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
