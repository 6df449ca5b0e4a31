//! What a key leads to in one of a screen's choices in steps: the selection on the island, a
//! dialog, the card picker, the units' choice, the turn's own commands. Each step machine
//! answers a command with one [`Outcome`], and never changes the game itself: the screen
//! carries out what is its own (the next step, closing, the words on the status line) and the
//! app plays the actions on the table (`Table::perform`), so the engine stays the only judge
//! of legality.
//!
//! The next step is the machine's own type (`N`): a dialog answers with the dialog after it, the
//! units' choice with its next step, the selection with the place taken, the screen with the
//! next focus. The machines so stand beside their state without naming each other's types.

use crossterm::event::KeyEvent;

use crate::engine::{Action, Game, RuleError, Seat};
use crate::tui::table::builders::Builders;
use crate::tui::table::offers::{OfferTable, Step};

/// What a command in a step machine leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum Outcome<N> {
    /// Nothing more to do (the machine changed its own state, or nothing).
    Stay,
    /// The choice closes.
    Close,
    /// The choice goes on to this step.
    Next(N),
    /// Back to the step before this machine (the robber's hex from whom to rob, the answer
    /// from a counter-offer, the units' list from the island).
    Back,
    /// Play these actions in order (discards are one card per action).
    Act(Vec<Action>),
    /// Say why not, and stay.
    Refuse(String),
    /// Say this (not a refusal), and stay.
    Note(String),
    /// A change of the table that is no action (`App::perform` carries it out).
    Table(Request),
}

/// What a key on a screen asks of the table beyond playing actions. No step machine asks any of
/// these: the screen's own keys do (`app/keys.rs`), and `App::perform` carries them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `u`: take back the last action.
    Undo,
    /// Who holds this screen's keyboard changed (a hand-off taken, a fight closed): every
    /// screen's focus is worked out again.
    Sync,
    /// A key while a computer player plays: its next move shows as soon as it is decided.
    Skip,
    /// The waiting seat this screen names is played here (hot-seat) until its person is back.
    PlayHere,
    /// The waiting seat this screen names is played by a computer player until then.
    StandIn,
    /// A key on the shared answer screen: the answers as they now stand, and what the key did.
    Offers(OfferTable, Step),
    /// A key on the "who builds?" screen: the question as it now stands, and what to say.
    Builders(Builders, Option<String>),
    /// `s`: the save prompt opens (the host's screen).
    OpenSave,
    /// A key of the host's own flows, which write files or deal a game: the start screen's, the
    /// save prompt's, or pasted text for either.
    Start(KeyEvent),
    Save(KeyEvent),
    Paste(String),
}

impl<N> Outcome<N> {
    /// The action if the engine allows it, else its reason.
    pub fn act(game: &Game, a: Action) -> Outcome<N> {
        match game.check(a) {
            Ok(()) => Outcome::Act(vec![a]),
            Err(e) => Outcome::Refuse(e.to_string()),
        }
    }

    /// The action of `me`'s if the engine allows it, else its reason: `me` may be a seat
    /// answering ahead of its turn (a discard, an answer to an offer), judged by the rule for
    /// its own answer (`Game::check_answer_by`).
    pub fn act_by(game: &Game, me: Seat, a: Action) -> Outcome<N> {
        match check_by(game, me, a) {
            Ok(()) => Outcome::Act(vec![a]),
            Err(e) => Outcome::Refuse(e.to_string()),
        }
    }

    /// The same outcome with its next step made into another machine's (`f`).
    pub fn map<M>(self, f: impl FnOnce(N) -> M) -> Outcome<M> {
        match self {
            Outcome::Stay => Outcome::Stay,
            Outcome::Close => Outcome::Close,
            Outcome::Next(n) => Outcome::Next(f(n)),
            Outcome::Back => Outcome::Back,
            Outcome::Act(a) => Outcome::Act(a),
            Outcome::Refuse(why) => Outcome::Refuse(why),
            Outcome::Note(text) => Outcome::Note(text),
            Outcome::Table(request) => Outcome::Table(request),
        }
    }
}

/// Why `me`'s action would be refused: as the seat to act, or (another seat) as its answer
/// ahead of its turn to a question put to everyone at once.
pub fn check_by(game: &Game, me: Seat, a: Action) -> Result<(), RuleError> {
    if me == game.to_act() { game.check(a) } else { game.check_answer_by(me, a) }
}
