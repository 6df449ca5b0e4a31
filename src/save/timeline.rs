//! A replay viewer's model: every moment of a recorded game, reachable in any order.
//!
//! Built once from a [`Record`] by replaying its log, it keeps every event and a snapshot of
//! the game every [`CHECKPOINT`] steps, so [`Timeline::game_at`] costs at most that many
//! applies whichever way the viewer steps.

use crate::engine::{Action, Event, Game, Seat};

use super::history::Record;

/// Steps between stored snapshots.
pub const CHECKPOINT: usize = 32;

/// Every moment of a recorded game. Step `k` is the game after its first `k` actions.
#[derive(Clone, Debug)]
pub struct Timeline {
    actions: Vec<Action>,
    /// Who played each action.
    actors: Vec<Seat>,
    /// Events of the deal, then of each action, one after the other.
    events: Vec<Event>,
    /// `ends[k]`: how many events there are up to step `k` (`ends[0]`: the deal's own).
    ends: Vec<usize>,
    /// The game at steps 0, CHECKPOINT, 2 * CHECKPOINT, ...
    snapshots: Vec<Game>,
}

impl Timeline {
    /// Replays a record's log, keeping what a viewer needs.
    pub fn new(record: &Record) -> Timeline {
        let (mut game, mut events) = record.dealt();
        let actions = record.actions().to_vec();
        let mut ends = Vec::with_capacity(actions.len() + 1);
        let mut actors = Vec::with_capacity(actions.len());
        let mut snapshots = vec![game];
        ends.push(events.len());
        for (i, &action) in actions.iter().enumerate() {
            actors.push(game.to_act());
            game.apply_into(action, &mut events).expect("a record's log is legal");
            ends.push(events.len());
            if (i + 1) % CHECKPOINT == 0 {
                snapshots.push(game);
            }
        }
        Timeline { actions, actors, events, ends, snapshots }
    }

    /// The last step: the number of actions.
    pub fn len(&self) -> usize {
        self.actions.len()
    }
    /// True when no action was played.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// The game after `step` actions (clamped to the last step).
    pub fn game_at(&self, step: usize) -> Game {
        let step = step.min(self.len());
        let mut game = self.snapshots[step / CHECKPOINT];
        let mut scratch = Vec::new();
        for &action in &self.actions[step / CHECKPOINT * CHECKPOINT..step] {
            scratch.clear();
            game.apply_into(action, &mut scratch).expect("a record's log is legal");
        }
        game
    }

    /// The action that leads from step `step - 1` to `step` (`None` for step 0), and who played it.
    pub fn action(&self, step: usize) -> Option<(Seat, Action)> {
        let i = step.checked_sub(1)?;
        Some((*self.actors.get(i)?, self.actions[i]))
    }

    /// The events that action `step` caused (step 0: the deal's starting rolls).
    pub fn events_of(&self, step: usize) -> &[Event] {
        let step = step.min(self.len());
        let start = if step == 0 { 0 } else { self.ends[step - 1] };
        &self.events[start..self.ends[step]]
    }

    /// The whole log up to and including `step`, oldest first: what the log panel showed then.
    pub fn log_until(&self, step: usize) -> &[Event] {
        &self.events[..self.ends[step.min(self.len())]]
    }
}
