//! Units in the terminal (R52, R53): building one and acting with one, a choice in [`Steps`]
//! over the engine's legal unit actions: first what (a kind to build, or one's unit), then
//! where (the hex or sea hex; for a knight beside its cargo ship, boarding it). Only what the
//! engine lists is ever offered, so every choice is legal.

use super::steps::Steps;
use crate::engine::{Action, Game, Seat, UnitKind};

/// The first step: a kind of unit to build, or one's knight unit or ship (its slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    Build(UnitKind),
    Knight(u8),
    Ship(u8),
}

/// The first step's key.
pub fn what(a: Action) -> Option<What> {
    match a {
        Action::BuildKnight { kind, .. } | Action::BuildShip { kind, .. } => Some(What::Build(kind)),
        Action::MoveKnight { unit, .. } | Action::BoardShip { unit, .. } => Some(What::Knight(unit)),
        Action::SailShip { unit, .. } => Some(What::Ship(unit)),
        _ => None,
    }
}

/// The second step's key: the whole action (where it goes).
pub fn whole(a: Action) -> Option<Action> {
    a.is_unit().then_some(a)
}

/// A unit choice: the steps and the row under the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitChoice {
    pub steps: Steps,
    pub row: usize,
}

impl UnitChoice {
    /// The choice over these legal actions (only the units' are kept).
    pub fn new(legal: &[Action]) -> UnitChoice {
        UnitChoice { steps: Steps::new(legal.iter().copied().filter(Action::is_unit)), row: 0 }
    }

    /// The rows of this step, as labels, for the player `s`.
    pub fn rows(&self, game: &Game, s: Seat) -> Vec<String> {
        if self.steps.taken() == 0 {
            self.steps.options(what).into_iter().map(|w| what_label(game, s, w)).collect()
        } else {
            self.steps.options(whole).into_iter().map(|a| action_label(game, s, a)).collect()
        }
    }

    /// Moves the cursor.
    pub fn go(&mut self, up: bool, n: usize) {
        if n > 0 {
            self.row = if up { (self.row + n - 1) % n } else { (self.row + 1) % n };
        }
    }

    /// Enter: takes the step under the cursor; the action when one is chosen.
    pub fn confirm(&mut self) -> Option<Action> {
        if self.steps.taken() == 0 {
            let options = self.steps.options(what);
            let w = *options.get(self.row)?;
            self.steps.pick(what, &w);
        } else {
            let options = self.steps.options(whole);
            let a = *options.get(self.row)?;
            self.steps.pick(whole, &a);
        }
        self.row = 0;
        self.steps.action().filter(|_| self.steps.taken() == 2)
    }

    /// Esc: back a step; false when there is none (the dialog closes).
    pub fn back(&mut self) -> bool {
        self.row = 0;
        self.steps.back()
    }
}

fn hex_label(game: &Game, h: crate::engine::Hex) -> String {
    let b = game.board();
    let terrain = b.terrain(h).resource().map_or("desert", |r| r.name());
    match b.token(h) {
        Some(t) => format!("hex {} ({terrain} {t})", h.0),
        None => format!("hex {} ({terrain})", h.0),
    }
}

fn what_label(game: &Game, s: Seat, w: What) -> String {
    match w {
        What::Build(kind) => format!("build a {} ({})", kind.name(), cost_words(kind.cost())),
        What::Knight(slot) => match game.knight_units(s).find(|u| u.0 == slot) {
            Some((_, kind, h)) => format!("your {} on {}", kind.name(), hex_label(game, h)),
            None => format!("your knight unit {slot} (aboard)"),
        },
        What::Ship(slot) => match game.ship_units(s).find(|u| u.0 == slot) {
            Some((_, kind, x)) => format!("your {} on sea {}", kind.name(), x.0),
            None => format!("your ship {slot}"),
        },
    }
}

fn action_label(game: &Game, s: Seat, a: Action) -> String {
    match a {
        Action::BuildKnight { hex, .. } | Action::MoveKnight { to: hex, .. } => {
            let verb = if matches!(a, Action::BuildKnight { .. }) { "on" } else { "to" };
            format!("{verb} {}", hex_label(game, hex))
        }
        Action::BuildShip { sea, .. } => format!("on sea {}", sea.0),
        Action::SailShip { to, .. } => format!("sail to sea {}", to.0),
        Action::BoardShip { ship, .. } => match game.ship_units(s).find(|u| u.0 == ship) {
            Some((_, kind, x)) => format!("board the {} on sea {}", kind.name(), x.0),
            None => format!("board ship {ship}"),
        },
        other => format!("{other:?}"),
    }
}

fn cost_words(h: crate::engine::Hand) -> String {
    let parts: Vec<String> =
        crate::engine::Resource::ALL.iter().filter(|&&r| h[r] > 0).map(|&r| format!("{} {}", r.name(), h[r])).collect();
    parts.join(" ")
}
