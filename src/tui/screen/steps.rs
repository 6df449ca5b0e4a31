//! A choice made in steps over the legal actions: each step picks one value (a place, a seat,
//! later a unit or what it does) and keeps only the actions that agree with it, until one
//! action is left. Going back a step restores the actions before it.
//!
//! The robber's move takes two steps (a hex, then whom to rob); a unit's will take three (the
//! unit, what it does, where). The steps never decide legality: they only narrow the list the
//! engine gave, so whatever is left is legal.

use crate::engine::Action;

/// The actions still possible after the picks so far, and those before each pick.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Steps {
    left: Vec<Action>,
    before: Vec<Vec<Action>>,
}

impl Steps {
    /// A choice among these actions, no step taken yet.
    pub fn new(actions: impl IntoIterator<Item = Action>) -> Steps {
        Steps { left: actions.into_iter().collect(), before: Vec::new() }
    }

    /// The actions that agree with every pick so far.
    pub fn left(&self) -> &[Action] {
        &self.left
    }

    /// How many steps were taken.
    pub fn taken(&self) -> usize {
        self.before.len()
    }

    /// The values a step may pick: what `key` gives the actions left, each once, in the
    /// actions' order; actions it gives nothing for are not of this step.
    pub fn options<K: PartialEq>(&self, key: impl Fn(Action) -> Option<K>) -> Vec<K> {
        let mut out = Vec::new();
        for k in self.left.iter().filter_map(|&a| key(a)) {
            if !out.contains(&k) {
                out.push(k);
            }
        }
        out
    }

    /// Takes a step: keeps the actions whose `key` is `value`. False (and nothing changes)
    /// when no action left agrees.
    pub fn pick<K: PartialEq>(&mut self, key: impl Fn(Action) -> Option<K>, value: &K) -> bool {
        let kept: Vec<Action> = self.left.iter().copied().filter(|&a| key(a).as_ref() == Some(value)).collect();
        if kept.is_empty() {
            return false;
        }
        self.before.push(std::mem::replace(&mut self.left, kept));
        true
    }

    /// Goes back one step; false when none was taken.
    pub fn back(&mut self) -> bool {
        match self.before.pop() {
            Some(left) => {
                self.left = left;
                true
            }
            None => false,
        }
    }

    /// The action chosen, once exactly one is left.
    pub fn action(&self) -> Option<Action> {
        match self.left[..] {
            [only] => Some(only),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Hex, Seat};

    fn robber(hex: u8, victim: Option<u8>) -> Action {
        Action::MoveRobber { hex: Hex(hex), victim: victim.map(Seat) }
    }

    fn hex_of(a: Action) -> Option<Hex> {
        match a {
            Action::MoveRobber { hex, .. } => Some(hex),
            _ => None,
        }
    }

    #[test]
    fn each_step_narrows_and_back_restores() {
        let all = [robber(3, None), robber(5, Some(1)), robber(5, Some(2)), robber(7, Some(1))];
        let mut steps = Steps::new(all);
        assert_eq!(steps.options(hex_of), [Hex(3), Hex(5), Hex(7)]);
        assert!(!steps.pick(hex_of, &Hex(4)), "no legal action there");
        assert_eq!(steps.taken(), 0);
        assert!(steps.pick(hex_of, &Hex(5)));
        assert_eq!(steps.action(), None, "two players to rob at hex 5");
        let victim = |a: Action| match a {
            Action::MoveRobber { victim, .. } => victim,
            _ => None,
        };
        assert_eq!(steps.options(victim), [Seat(1), Seat(2)]);
        assert!(steps.pick(victim, &Seat(2)));
        assert_eq!(steps.action(), Some(robber(5, Some(2))));
        assert!(steps.back() && steps.back());
        assert_eq!(steps.left(), all);
        assert!(!steps.back());
        assert!(steps.pick(hex_of, &Hex(7)));
        assert_eq!(steps.action(), Some(robber(7, Some(1))), "one action left: chosen without a second step");
    }
}
