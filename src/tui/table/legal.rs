//! The legal actions of the position, worked out once and shared by everything that asks in a
//! frame or a key press: the footer's keys, the selection's places, the dialogs and the
//! robber's victims. The list is kept with the position it was worked out for and worked out
//! again only when the game differs from it (a `Game` is `Copy` and compares by value), so a
//! test's scenario that sets a position by hand (`App::set_position`) is never answered
//! from a stale list.

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::{Action, Game};

/// The cache: the position and its legal actions.
#[derive(Default)]
pub struct Legal {
    cached: RefCell<Option<(Game, Rc<[Action]>)>>,
}

impl Legal {
    /// The legal actions of `game`: the kept list when it was worked out for this very
    /// position, else a new one (kept in its place).
    pub fn of(&self, game: &Game) -> Rc<[Action]> {
        if let Some((at, actions)) = &*self.cached.borrow()
            && at == game
        {
            return Rc::clone(actions);
        }
        #[cfg(test)]
        counter::COMPUTED.with(|c| c.set(c.get() + 1));
        let actions: Rc<[Action]> = game.legal_actions().into();
        *self.cached.borrow_mut() = Some((*game, Rc::clone(&actions)));
        actions
    }
}

/// How many times this thread worked out a position's legal actions (for the tests that hold
/// a key press to at most one).
#[cfg(test)]
pub mod counter {
    use std::cell::Cell;

    thread_local! {
        pub(in crate::tui) static COMPUTED: Cell<usize> = const { Cell::new(0) };
    }

    /// The count so far on this thread.
    pub fn computed() -> usize {
        COMPUTED.with(Cell::get)
    }
}
