//! The input gate of the table's guarded screens (RULES H1, H1a): the hand-off and the two
//! shared screens every player reads (the answers to an offer, who builds in the Special
//! Building Phase).
//!
//! A key pressed for the previous screen must not act on the next: a double Enter after
//! sending an offer, a bouncing key, or keys a script sent in one burst would otherwise show
//! the next player's hand to the player still at the keyboard, or play a move for a player who
//! has not seen the screen. So when a guarded screen appears (or the one it shows changes),
//! the terminal loop drops every event already queued and this gate drops input until
//! [`HOLD`] after it was drawn; and when it goes (the hand-off taken, the shared screen done),
//! the screen after it drops what was queued and input for [`BACK`]. Resizes always pass.
//! Times are passed in, so the gate is tested without sleeping.

use std::time::{Duration, Instant};

pub use crate::tui::screen::focus::Guarded;

/// How long a fresh hand-off screen ignores the keyboard.
pub const HOLD: Duration = Duration::from_millis(500);

/// How long the keyboard is ignored when it comes back to a person from computer players:
/// long enough to drop the keys pressed to hurry their moves along, short enough not to lose
/// a key of the person who knew what to do next.
pub const BACK: Duration = Duration::from_millis(300);

/// What the gate has to decide about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A key, a click or a paste.
    User,
    /// A new terminal size: never dropped, so the screen is always drawn to fit.
    Resize,
}

/// Remembers the guarded screen drawn and since when.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gate {
    /// The guarded screen drawn last.
    shown: Option<Guarded>,
    /// Input is dropped before this moment.
    until: Option<Instant>,
    /// Input is dropped before this moment too: the keyboard came back from computer players.
    back: Option<Instant>,
}

impl Gate {
    /// Called after a frame is drawn, with the guarded screen on it (`None`: none). True when
    /// one has just appeared or just gone: the caller then drops what is queued.
    pub fn drawn(&mut self, screen: Option<Guarded>, now: Instant) -> bool {
        let fresh = screen.is_some() && screen != self.shown;
        let gone = screen.is_none() && self.shown.is_some();
        self.shown = screen;
        if fresh {
            self.until = Some(now + HOLD);
        } else if gone {
            // The screen after a hand-off (or a shared screen) is fresh too: a second Enter
            // of a burst must not place, rob or trade on it.
            self.until = Some(now + BACK);
        }
        fresh || gone
    }

    /// Holds input for [`BACK`] from `now`: the person whose turn comes after computer
    /// players' moves is not hurried on by keys pressed to skip through those moves.
    pub fn hold(&mut self, now: Instant) {
        self.back = Some(now + BACK);
    }

    /// Whether input arriving at `now` goes through to the app.
    pub fn admits(&self, input: Input, now: Instant) -> bool {
        let after = |t: Option<Instant>| t.is_none_or(|t| now >= t);
        input == Input::Resize || (after(self.until) && after(self.back))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Seat;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn a_fresh_handoff_drops_keys_for_half_a_second_but_never_a_resize() {
        let t0 = Instant::now();
        let mut gate = Gate::default();
        assert!(!gate.drawn(None, t0), "no hand-off");
        assert!(gate.admits(Input::User, t0));
        assert!(gate.drawn(Some(Guarded::Handoff(Seat(1))), t0), "the hand-off appears: drop what is queued");
        assert!(!gate.admits(Input::User, t0));
        assert!(!gate.admits(Input::User, t0 + 499 * MS), "a second Enter right after the first");
        assert!(gate.admits(Input::Resize, t0 + MS));
        assert!(gate.admits(Input::User, t0 + 500 * MS));
    }

    #[test]
    fn redrawing_the_same_handoff_does_not_restart_the_hold() {
        let t0 = Instant::now();
        let mut gate = Gate::default();
        gate.drawn(Some(Guarded::Handoff(Seat(2))), t0);
        assert!(
            !gate.drawn(Some(Guarded::Handoff(Seat(2))), t0 + 400 * MS),
            "a redraw (a resize) is not a new hand-off"
        );
        assert!(gate.admits(Input::User, t0 + 500 * MS));
    }

    #[test]
    fn each_new_handoff_holds_again() {
        let t0 = Instant::now();
        let mut gate = Gate::default();
        gate.drawn(Some(Guarded::Handoff(Seat(1))), t0);
        // Bob takes the keyboard, answers, and the offer goes on to Cy.
        assert!(gate.drawn(None, t0 + 2000 * MS), "the hand-off is gone: drop what is queued");
        assert!(gate.admits(Input::User, t0 + 2300 * MS));
        assert!(gate.drawn(Some(Guarded::Handoff(Seat(2))), t0 + 3000 * MS));
        assert!(!gate.admits(Input::User, t0 + 3100 * MS));
        // A hand-off straight to another seat holds again too.
        assert!(gate.drawn(Some(Guarded::Handoff(Seat(0))), t0 + 4000 * MS));
        assert!(!gate.admits(Input::User, t0 + 4100 * MS));
        assert!(gate.admits(Input::User, t0 + 4500 * MS));
    }

    /// H1a, issue 23: "Enter Enter" at a hand-off: the first takes the keyboard, the second
    /// must not place, rob or trade on the screen after it before that screen has been up
    /// for [`BACK`]. The shared screens are guarded the same way.
    #[test]
    fn the_screen_after_a_handoff_drops_keys_for_a_moment() {
        let t0 = Instant::now();
        let mut gate = Gate::default();
        gate.drawn(Some(Guarded::Handoff(Seat(1))), t0);
        assert!(gate.admits(Input::User, t0 + 600 * MS), "the hand-off's Enter");
        assert!(gate.drawn(None, t0 + 610 * MS), "the player's screen: drop what is queued");
        assert!(!gate.admits(Input::User, t0 + 620 * MS), "the burst's second Enter");
        assert!(!gate.admits(Input::User, t0 + 909 * MS));
        assert!(gate.admits(Input::User, t0 + 910 * MS), "a deliberate key");
        assert!(!gate.drawn(None, t0 + 1000 * MS), "nothing new");
        assert!(gate.drawn(Some(Guarded::Offer), t0 + 2000 * MS), "the shared answers appear");
        assert!(!gate.admits(Input::User, t0 + 2400 * MS));
        assert!(!gate.drawn(Some(Guarded::Offer), t0 + 2600 * MS), "an answer given: the same screen");
        assert!(gate.drawn(Some(Guarded::Builders), t0 + 3000 * MS), "another shared screen");
        assert!(!gate.admits(Input::User, t0 + 3100 * MS));
    }

    #[test]
    fn the_keyboard_back_from_computer_players_holds_keys_without_a_handoff() {
        let t0 = Instant::now();
        let mut gate = Gate::default();
        gate.hold(t0);
        assert!(!gate.drawn(None, t0), "no hand-off with one person at the table");
        assert!(!gate.admits(Input::User, t0 + 100 * MS), "an Enter meant to skip a bot's move");
        assert!(gate.admits(Input::Resize, t0 + 100 * MS));
        assert!(gate.admits(Input::User, t0 + 300 * MS));
    }
}
