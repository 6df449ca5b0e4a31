//! The robber's move (R18-R19; H1a), a choice in two [`Steps`] over its legal actions: first
//! the hex (a selection on the island, the cursor on the robber's own hex, which Enter
//! refuses), then, when more than one player there can be robbed, whom (the victim dialog, on
//! no one until the player names one: H5).
//! Esc on the second step goes back to the first. A hex with one player to rob, or none,
//! moves at once.
//!
//! Moving the robber is forced: its selection can't be cancelled, and the steps are set again
//! from the phase whenever the focus is (`App::sync`), so a flow never outlives its position.

use crate::engine::{Action, Hex, Seat};
use crate::tui::app::App;
use crate::tui::model::dialog::Dialog;
use crate::tui::model::focus::Focus;
use crate::tui::model::selection::Selection;
use crate::tui::model::steps::Steps;

/// The hex a robber move goes to (the first step's key).
fn hex_of(a: Action) -> Option<Hex> {
    match a {
        Action::MoveRobber { hex, .. } => Some(hex),
        _ => None,
    }
}

/// The player a robber move robs (the second step's key).
fn victim_of(a: Action) -> Option<Seat> {
    match a {
        Action::MoveRobber { victim, .. } => victim,
        _ => None,
    }
}

impl App {
    /// The first step: the robber's legal moves, and the selection of their hexes.
    pub(in crate::tui) fn robber_focus(&mut self) -> Focus {
        let steps = Steps::new(self.legal().iter().copied().filter(|a| hex_of(*a).is_some()));
        let sel = Selection::robber(&self.game, steps.left());
        self.robber = Some(steps);
        Focus::Select(sel)
    }

    /// The hex is chosen (a legal one): move there and rob the only player there, or ask whom.
    pub(in crate::tui) fn rob_at(&mut self, hex: Hex) {
        let mut steps = match self.robber.take() {
            Some(steps) if steps.taken() == 0 => steps,
            _ => Steps::new(self.legal().iter().copied().filter(|a| hex_of(*a).is_some())),
        };
        if !steps.pick(hex_of, &hex) {
            return self.refuse("the robber can't go there".into());
        }
        let victims = steps.options(victim_of);
        match victims[..] {
            [] => self.apply(vec![Action::MoveRobber { hex, victim: None }]),
            [only] => self.apply(vec![Action::MoveRobber { hex, victim: Some(only) }]),
            _ => {
                self.robber = Some(steps);
                self.focus = Focus::Dialog(Dialog::Victim { hex, victims, row: None });
            }
        }
    }

    /// Esc on whom to rob: back to choosing the hex.
    pub(in crate::tui) fn robber_back(&mut self) {
        let back = self.robber.as_mut().is_some_and(Steps::back);
        self.focus = match &self.robber {
            Some(steps) if back => Focus::Select(Selection::robber(&self.game, steps.left())),
            _ => self.robber_focus(),
        };
    }
}
