//! Where the engine writes its answers. [`Game::apply_unchecked`](super::Game::apply_unchecked)
//! reports what happened to a `Vec<Event>` for a front end's log, or to [`NoEvents`] for bots and
//! simulations, which then pay nothing for events (the compiler drops them).
//! [`Game::legal_actions_into`](super::Game::legal_actions_into) lists actions into a `Vec`, or
//! into an [`ActionList`] on the stack, which never allocates or checks a capacity.

use std::ops::Deref;

use super::action::{Action, Event, Seat};
use super::game::Game;

/// Receives the events of an action, in order.
pub trait EventSink {
    /// Records one event.
    fn push(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// An event sink that forgets everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// Receives the legal actions of a moment.
pub trait ActionSink {
    /// Empties the list.
    fn clear(&mut self);
    /// Appends one action.
    fn push(&mut self, action: Action);
    /// Appends `action` if `keep` holds. A sink may write it either way and count it only when
    /// kept, which spares the caller a branch it would often mispredict.
    #[inline]
    fn push_if(&mut self, action: Action, keep: bool) {
        if keep {
            self.push(action);
        }
    }
    /// Appends several actions.
    #[inline]
    fn push_all(&mut self, actions: impl IntoIterator<Item = Action>) {
        for a in actions {
            self.push(a);
        }
    }
    /// Replaces the contents with the legal actions of `game`, whose player to act is `to_act`
    /// ([`Game::legal_actions_into`](super::Game::legal_actions_into) calls it). The default
    /// clears and pushes; [`ActionList`] writes through a cursor the compiler keeps in a register.
    #[inline]
    fn fill(&mut self, game: &Game, to_act: Seat)
    where
        Self: Sized,
    {
        self.clear();
        game.push_legal_actions(to_act, self);
    }
}

impl ActionSink for Vec<Action> {
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self);
    }
    #[inline]
    fn push(&mut self, action: Action) {
        Vec::push(self, action);
    }
}

/// Room for more actions than any moment lists, with one slot to spare for the write past the end
/// that [`ActionSink::push_if`] may make. The bound, phase by phase, from limits the engine enforces (a map has
/// at most 128 intersections and 128 paths, `MapError::TooManyParts`, and 30 land hexes;
/// a game at most 6 players):
/// - the main phase, the largest: a road on each path (128); one building on each intersection
///   (an empty one takes a settlement, one's settlement a city, one's city a castle: 128);
///   every card play (a knight, road building, 25 ordered pairs of year of plenty, 5
///   monopolies: 32); every maritime trade (5 resources given for 4 others at 3 rates: 60);
///   gold for each of 5 resources; a card bought; the end of the turn: 360; with knights
///   (R52), a unit of each of 3 kinds on each of 30 hexes (90) and each of 6 units moved to
///   each of 29 other hexes (174); with ships (R53), a ship of each of 3 kinds on each of 64
///   sea hexes (192), each of 6 ships sailed to each of 63 other sea hexes (378) and each of 6
///   knight units boarding each of 6 ships (36): 1,230 in all;
/// - the robber: a move to each of 30 hexes robbing each of 5 others at most (150);
/// - set-up (128 sites or fewer), discards (6), free roads (128), the Special Building Phase
///   (the main phase without cards and trades), R45's cards (6), answers to an offer and
///   confirmations (9): fewer.
///
/// So no moment overflows the list; [`ACTION_BOUND`] is checked against it at compile time.
/// A module that lists more raises the bound here, with its own line above.
pub const MAX_ACTIONS: usize = 1280;

/// The most actions any moment lists (see [`MAX_ACTIONS`]).
pub const ACTION_BOUND: usize = {
    let (paths, intersections, hexes, others) = (128, 128, super::map::MAX_HEXES, super::MAX_PLAYERS - 1);
    let base = paths + intersections + (1 + 1 + 25 + 5) + 5 * 4 * 3 + 5 + 1 + 1;
    let (units, seas) = (super::rules::UNITS, super::map::MAX_SEA_HEXES);
    let knights = 3 * hexes + units * (hexes - 1);
    let ships = 3 * seas + units * (seas - 1) + units * units;
    let main = base + knights + ships;
    let robber = hexes * others;
    if main > robber { main } else { robber }
};
const _: () = assert!(ACTION_BOUND < MAX_ACTIONS, "an action list could overflow");

/// A fixed-size list of actions, filled by [`Game::legal_actions_into`](super::Game::legal_actions_into)
/// without touching the heap. Reads as a slice.
#[derive(Clone)]
pub struct ActionList {
    len: usize,
    items: [Action; MAX_ACTIONS],
}

impl ActionList {
    /// An empty list.
    pub fn new() -> ActionList {
        ActionList { len: 0, items: [Action::EndTurn; MAX_ACTIONS] }
    }

    /// Keeps only the actions `keep` says yes to, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Action) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            if keep(&self.items[i]) {
                self.items[n] = self.items[i];
                n += 1;
            }
        }
        self.len = n;
    }
}

impl Default for ActionList {
    fn default() -> ActionList {
        ActionList::new()
    }
}

impl std::fmt::Debug for ActionList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Deref for ActionList {
    type Target = [Action];
    #[inline]
    fn deref(&self) -> &[Action] {
        &self.items[..self.len]
    }
}

impl ActionSink for ActionList {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    fn push(&mut self, action: Action) {
        self.items[self.len] = action;
        self.len += 1;
    }
    // Inlined into its caller (a bot's move loop), as the move generator it wraps: left out
    // of line, the unit modules' few tests tipped it out, and the base game ran 5% slower.
    #[inline(always)]
    fn fill(&mut self, game: &Game, to_act: Seat) {
        let mut cursor = Cursor { items: &mut self.items, len: 0 };
        game.push_legal_actions(to_act, &mut cursor);
        self.len = cursor.len;
    }
}

/// Writes into an [`ActionList`]'s array with the length in a local: a store into the array
/// then can't be taken to change the length, so the length needn't be reloaded after each one.
struct Cursor<'a> {
    items: &'a mut [Action; MAX_ACTIONS],
    len: usize,
}

impl ActionSink for Cursor<'_> {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    fn push(&mut self, action: Action) {
        self.items[self.len] = action;
        self.len += 1;
    }
    #[inline]
    fn push_if(&mut self, action: Action, keep: bool) {
        self.items[self.len] = action;
        self.len += keep as usize;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::SplitMix64;
    use crate::engine::{Config, Game};

    /// Lists into an `ActionList` and a `Vec` agree, and a game played without events is the
    /// same game as one played with them.
    #[test]
    fn sinks_change_nothing_but_where_answers_go() {
        for seed in 0..20 {
            let mut loud = Game::new(Config::with_players(2 + (seed % 3) as u8), seed).unwrap();
            let mut quiet = loud;
            let (mut list, mut vec, mut events) = (ActionList::new(), Vec::new(), Vec::new());
            let mut rng = SplitMix64::new(seed);
            while !loud.is_over() && loud.turn_number() < 2000 {
                loud.legal_actions_into(&mut vec);
                quiet.legal_actions_into(&mut list);
                assert_eq!(&vec[..], &list[..]);
                let a = list[rng.below(list.len())];
                events.clear();
                loud.apply_unchecked(a, &mut events);
                quiet.apply_unchecked(a, &mut NoEvents);
                assert!(!events.is_empty(), "every action says what happened: {a:?}");
                assert_eq!(loud, quiet);
            }
        }
    }

    /// The proven bound holds in play: no moment of random games with every land module, gold
    /// and the dragon, 2 to 6 players, lists more than [`ACTION_BOUND`].
    #[test]
    fn no_moment_lists_more_than_the_bound() {
        use crate::engine::{Module, Modules};
        let mut most = 0;
        for seed in 0..30 {
            let modules = Modules::PLAYABLE.with(Module::Gold).with(Module::Dragon);
            let mut game = Game::new(Config::with_players(2 + (seed % 5) as u8).with_modules(modules), seed).unwrap();
            let mut list = ActionList::new();
            let mut rng = SplitMix64::new(seed);
            while !game.is_over() && game.turn_number() < 1000 {
                game.legal_actions_into(&mut list);
                most = most.max(list.len());
                game.apply_unchecked(list[rng.below(list.len())], &mut NoEvents);
            }
        }
        assert!(most <= ACTION_BOUND && most > 50, "{most}");
    }
}
