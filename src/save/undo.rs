//! What undo remembers, so that neither [`Record::can_undo`](super::Record::can_undo) nor
//! [`Record::undo`](super::Record::undo) replays the game.
//!
//! The rule (docs/save-format.md, "Undo"; RULES H3) refuses to take back an action for reasons
//! fixed when it is played: the game it ended, a change of the player who must act, a trade
//! another player agreed to, or something it revealed. Such a final action stays in the log for
//! good, so undo can never reach past it: only the games before each action played since the
//! last final one are ever needed again. They are kept here, newest last (a game is a small
//! `Copy` value), and rebuilt by the replay that checks a save when it is loaded; they are
//! never saved.

use crate::engine::{Action, Game};

use super::error::UndoRefusal;

/// The games undo can go back to, and why it can go no further.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct UndoMemory {
    /// The game before each action played since the last final one, oldest first.
    befores: Vec<Game>,
    /// Why the last final action can't be taken back; `None` while no action was final.
    wall: Option<UndoRefusal>,
}

impl UndoMemory {
    /// Notes that `action`, played on `before`, led to `after`.
    pub(super) fn played(&mut self, before: &Game, action: Action, after: &Game) {
        match refusal(before, action, after) {
            None => self.befores.push(*before),
            Some(why) => {
                self.befores.clear();
                self.wall = Some(why);
            }
        }
    }

    /// Whether the last action can be taken back. With none taken back yet since the last final
    /// action, the last action is that final one; with no final action at all, the log is empty.
    pub(super) fn check(&self) -> Result<(), UndoRefusal> {
        match (self.befores.is_empty(), &self.wall) {
            (false, _) => Ok(()),
            (true, Some(why)) => Err(why.clone()),
            (true, None) => Err(UndoRefusal::Nothing),
        }
    }

    /// The game before the last action, forgotten here: the action is being taken back.
    pub(super) fn take_back(&mut self) -> Result<Game, UndoRefusal> {
        self.check()?;
        Ok(self.befores.pop().expect("check found a game to go back to"))
    }
}

/// Why `action`, played on `before` and leading to `after`, can never be taken back (the rule
/// in [`Record::can_undo`](super::Record::can_undo)), or `None` when it may be.
fn refusal(before: &Game, action: Action, after: &Game) -> Option<UndoRefusal> {
    if after.is_over() {
        return Some(UndoRefusal::GameOver);
    }
    if before.to_act() != after.to_act() {
        return Some(UndoRefusal::OtherPlayer);
    }
    if matches!(action, Action::ConfirmTrade(_)) {
        return Some(UndoRefusal::TradeAgreed);
    }
    // Issue 42: the table's withdrawal of an offer everyone declined only says what their
    // answers closed; taking it back would open the dead offer again.
    if action == Action::CancelTrade && before.offer_declined_by_all() {
        return Some(UndoRefusal::AllDeclined);
    }
    // What the action revealed, the engine says (H3: the RNG drawn from, or hidden cards).
    before.revealed(action, after).map(|what| UndoRefusal::Revealed(what.what()))
}
