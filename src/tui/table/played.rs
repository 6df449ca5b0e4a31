//! The game the model shows, held once: a played game is its record (the record's game is the
//! one the views read, so there is no copy to keep in step), and a game without history (the
//! start screen's preview, the replay viewer's step, a test's scenario) is a plain game.

use crate::engine::{Action, Event, Game, RuleError};
use crate::save::{Record, UndoRefusal};

/// Where the model's game comes from.
pub enum Played {
    /// A game without history: looked at, previewed, or a scenario played without a record.
    Still(Game),
    /// A game being played: the record (seed, rules, names, every action) whose game is shown,
    /// and what saves, autosaves and undo work from.
    Recorded(Record),
    /// A position set by hand over a record (a test's scenario, `App::set_position`): shown as
    /// set; the record is kept (the screen still offers `s save`) until the next action leaves
    /// it ([`Played::leave_hand`]). Only tests set one: its record is boxed so the other two
    /// stay the size of a game.
    ByHand(Game, Box<Record>),
}

impl Played {
    /// The game shown.
    pub fn game(&self) -> &Game {
        match self {
            Played::Still(game) | Played::ByHand(game, _) => game,
            Played::Recorded(record) => record.game(),
        }
    }

    /// The record, for a game being played.
    pub fn record(&self) -> Option<&Record> {
        match self {
            Played::Still(_) => None,
            Played::Recorded(record) => Some(record),
            Played::ByHand(_, record) => Some(record),
        }
    }

    /// Sets a position by hand: over the record when there is one (kept until the next
    /// action), else as the plain game.
    pub fn set_by_hand(&mut self, game: Game) {
        let was = std::mem::replace(self, Played::Still(game));
        match was {
            Played::Recorded(record) => *self = Played::ByHand(game, Box::new(record)),
            Played::ByHand(_, record) => *self = Played::ByHand(game, record),
            Played::Still(_) => {}
        }
    }

    /// Leaves the record under a position set by hand: it has no history to save or undo, so
    /// it is played on as a plain game. True when there was one to leave.
    pub fn leave_hand(&mut self) -> bool {
        let Played::ByHand(game, _) = self else { return false };
        *self = Played::Still(*game);
        true
    }

    /// Plays one action: through the record when there is one, so it is kept for saves and
    /// undo; its events come back.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        match self {
            Played::Still(game) | Played::ByHand(game, _) => game.apply(action),
            Played::Recorded(record) => record.apply(action),
        }
    }

    /// Takes back the last action of the record (a position set by hand then goes back to the
    /// record's, as a refusal leaves it); `None` without a record.
    pub fn undo(&mut self) -> Option<Result<Action, UndoRefusal>> {
        let shown = *self.game();
        let mut record = match std::mem::replace(self, Played::Still(shown)) {
            Played::Still(_) => return None,
            Played::Recorded(record) => record,
            Played::ByHand(_, record) => *record,
        };
        let undone = record.undo();
        *self = match undone {
            Err(_) if shown != *record.game() => Played::ByHand(shown, Box::new(record)),
            _ => Played::Recorded(record),
        };
        Some(undone)
    }
}
