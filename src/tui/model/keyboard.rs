//! Who holds the keyboard and what it is in: the hand-off, the shared screens, the computer
//! player to act, the screen the input gate guards and the keys' mode. A key's path and a frame
//! ask these again and again; they are worked out together, once per change of the model
//! ([`Scene::keyboard`], kept in the scene's memo that the App clears whenever it lends the
//! model out to be changed), and everything reads that answer.

use crate::engine::{Phase, Seat};
use crate::tui::model::focus::{Focus, Screen};
use crate::tui::model::keymap::Mode;
use crate::tui::model::scene::Scene;
use crate::tui::model::start_form::Row;

/// The keyboard's state in one position of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keyboard {
    /// The seat waiting for the keyboard, while the hand-off screen shows: a person who must
    /// act and has not yet taken it (computer players need no keyboard).
    pub handoff: Option<Seat>,
    /// The shared answer screen shows: an offer is open, the player to answer is a person who
    /// has not answered on it yet, and more than one person plays (one person among computer
    /// players keeps the keyboard and answers privately).
    pub sharing_offer: bool,
    /// The shared "who builds?" screen shows.
    pub asking_builders: bool,
    /// The seat a bot must play now, in a game being played (not on the start screen, nor in
    /// the replay viewer, which has no record).
    pub bot_seat: Option<Seat>,
    /// The screen the input gate guards: a fight, a hand-off, or a shared screen every player
    /// reads (the answers to an offer, who builds).
    pub guarded: Option<Screen>,
    /// The mode the keys are in.
    pub mode: Mode,
}

impl Keyboard {
    /// Works the keyboard's state out for the model as it is.
    pub fn of(scene: &Scene) -> Keyboard {
        #[cfg(test)]
        counter::WORKED_OUT.with(|c| c.set(c.get() + 1));
        let g = scene.game();
        let s = g.to_act();
        let (begun, over) = (scene.start.is_none(), g.is_over());
        let person = scene.table.level(s).is_none();
        let sharing_offer = matches!(g.phase(), Phase::Trade { .. })
            && s != g.current_player()
            && person
            && scene.table.humans().nth(1).is_some()
            && scene.offer_table.given(s).is_none()
            && begun
            && !over;
        let asking_builders = matches!(g.phase(), Phase::SpecialBuilding { .. })
            && scene.builders.is_some_and(|b| !b.answered && b.turn == g.turn_number())
            && begun;
        let shared = sharing_offer || asking_builders;
        let handoff = (begun && !over && person && scene.viewer != Some(s) && !shared).then_some(s);
        let bot_seat = (begun && scene.record().is_some() && !over && !person).then_some(s);
        let guarded = if scene.fight.is_some() && begun {
            Some(Screen::Fight)
        } else if let Some(s) = handoff {
            Some(Screen::Handoff(s))
        } else if sharing_offer {
            Some(Screen::Offer)
        } else if asking_builders {
            Some(Screen::Builders)
        } else {
            None
        };
        let mut keyboard = Keyboard { handoff, sharing_offer, asking_builders, bot_seat, guarded, mode: Mode::Turn };
        keyboard.mode = keyboard.find_mode(scene);
        keyboard
    }

    /// The mode: what is open over the game first, then who holds the keyboard, then the focus.
    fn find_mode(&self, scene: &Scene) -> Mode {
        if scene.howto.is_some() {
            Mode::HowTo
        } else if let Some(form) = &scene.start {
            if matches!(form.row, Row::Seat(_)) { Mode::Start } else { Mode::StartRules }
        } else if scene.quitting {
            Mode::Quit
        } else if scene.saving.is_some() {
            Mode::SaveName
        } else if scene.help {
            Mode::Help
        } else if scene.fight.is_some() {
            Mode::Fight
        } else if scene.game().is_over() {
            Mode::Over
        } else if self.handoff.is_some() {
            Mode::Handoff
        } else if self.sharing_offer {
            Mode::Offer
        } else if self.asking_builders {
            Mode::Builders
        } else if self.bot_seat.is_some() {
            Mode::Bot
        } else {
            match &scene.focus {
                Focus::Idle => Mode::Turn,
                Focus::Select(_, _) => Mode::Select,
                Focus::Dialog(d) => d.mode(),
            }
        }
    }
}

/// How many times this thread worked the keyboard out (for the tests that hold a key press and
/// its frame to a few).
#[cfg(test)]
pub mod counter {
    use std::cell::Cell;

    thread_local! {
        pub(in crate::tui) static WORKED_OUT: Cell<usize> = const { Cell::new(0) };
    }

    /// The count so far on this thread.
    pub fn worked_out() -> usize {
        WORKED_OUT.with(Cell::get)
    }
}
