//! A fight on screen (R56, and R43's against the dragon): when an action (a person's or a computer player's) fights, its
//! events are kept until the next deliberate key, and the keyboard is in its own mode
//! meanwhile. It is a guarded screen (term/gate.rs): keys queued or pressed in its first half second
//! are dropped, and the key that closes it does nothing else, so a burst of keys after a
//! computer player's fight never acts for the person after it (H1a). Computer players wait
//! while it shows.

use crate::engine::{Event, Target};
use crate::tui::app::App;

/// The events of a fight worth showing with it: the fight (a unit's, R56, or a knight's against
/// the dragon, R43), and what it changed beyond the pieces (the dragon's damage, awards, a win).
pub(in crate::tui) fn fight_events(events: &[Event]) -> Option<Vec<Event>> {
    let at = events.iter().position(|e| matches!(e, Event::Fought { .. } | Event::DragonFought { .. }))?;
    let after = events[at + 1..].iter().filter(|e| {
        matches!(
            e,
            Event::DragonAttacked { .. }
                | Event::LongestRoad { .. }
                | Event::LargestArmy { .. }
                | Event::HouseAward { .. }
                | Event::Won { .. }
        )
    });
    Some(std::iter::once(events[at]).chain(after.copied()).collect())
}

impl App {
    /// Keeps the fight among the events an action just logged, if it fought, and what the
    /// attack aimed at (`aimed`), so the box can say which unit defended it, on every screen.
    pub(in crate::tui) fn note_fight(&mut self, from: usize, aimed: Option<Target>) {
        // Every screen shows it: a fight is public (R56).
        if let Some(events) = fight_events(&self.table.log[from.min(self.table.log.len())..]) {
            for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
                (screen.fight, screen.fight_aimed) = (Some(events.clone()), aimed);
            }
        }
    }
}
