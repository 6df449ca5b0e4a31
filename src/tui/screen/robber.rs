//! The robber's move (R18-R19; H1a), a choice in two [`Steps`] over its legal actions: first
//! the hex (a selection on the island, the cursor on the robber's own hex, which Enter
//! refuses), then, when more than one player there can be robbed, whom (the victim dialog, on
//! no one until the player names one: H5).
//! Esc on the second step goes back to the first. A hex with one player to rob, or none,
//! moves at once.
//!
//! Moving the robber is forced: its selection can't be cancelled. The choice keeps no state of
//! its own beside the focus: each step is worked out again from the position's legal actions
//! (the hex from the selection, the victims from the moves to that hex), so a flow never
//! outlives its position.

use crate::engine::{Action, Game, Hex, Seat};
use crate::tui::screen::dialog::Dialog;
use crate::tui::screen::outcome::Outcome;
use crate::tui::screen::selection::Selection;
use crate::tui::screen::steps::Steps;

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

/// The robber's legal moves, the steps of its choice.
fn steps(legal: &[Action]) -> Steps {
    Steps::new(legal.iter().copied().filter(|a| hex_of(*a).is_some()))
}

/// The first step: the selection of the hexes the robber may go to.
pub fn selection(game: &Game, legal: &[Action]) -> Selection {
    Selection::robber(game, steps(legal).left())
}

/// The hex is chosen (a legal one): move there and rob the only player there, or ask whom.
pub fn rob_at(legal: &[Action], hex: Hex) -> Outcome<Dialog> {
    let mut steps = steps(legal);
    if !steps.pick(hex_of, &hex) {
        return Outcome::Refuse("the robber can't go there".into());
    }
    let victims = steps.options(victim_of);
    match victims[..] {
        [] => Outcome::Act(vec![Action::MoveRobber { hex, victim: None }]),
        [only] => Outcome::Act(vec![Action::MoveRobber { hex, victim: Some(only) }]),
        _ => Outcome::Next(Dialog::Victim { hex, victims, row: None }),
    }
}
