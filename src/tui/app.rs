//! The application: one game's [`Table`] and the [`Screen`]s looking at it ([`App`]), and
//! `update`. Keys become commands (through the keymap), commands change the screen's state or
//! become engine actions played on the table; the flows that carry them out return what they
//! changed, and every screen settles what follows, once, at the end of the message or tick
//! ([`App::settle_after`]: who holds its keyboard, its focus, its mode, what it is told, the
//! bots, the advice), and everything reads that. The views never see the app: they read a [`Scene`], one screen and
//! the table lent together; `term/draw.rs` draws the first screen.
//!
//! The app's folder is the update: `keys.rs` turns a message on one screen into one
//! `Outcome` (the screen's step machines, in `screen/`, answer its commands), and
//! `App::perform` carries it out: `aftermath.rs` plays actions and shows what follows on every
//! screen, `session.rs` undo, saves and autosaves, `seats.rs` the screens joined and left,
//! `bots.rs` the computer players' pace, `coach.rs` the advice asked on a screen, `start.rs` the
//! start screen's keys, `new.rs` making an app, `screens.rs` the screens lent and settled once
//! at the end of each message and tick. The flows return what they changed (`changes.rs`) up to
//! that settle, which carries out what follows (it calls back only `aftermath.rs`'s telling
//! and `coach.rs`'s polling). The state they change is in `table/` (one game) and `screen/`
//! (one terminal); the app imports no view (the frame is drawn in `term/draw.rs`) but for
//! the sizes a message needs (`view/layout.rs`, `board.rs`, `frame.rs`, `howto.rs`).

pub(in crate::tui) mod aftermath;
pub mod bots;
mod changes;
pub(in crate::tui) mod coach;
mod keys;
pub mod new;
mod screens;
mod seats;
pub mod session;
mod start;

use std::time::SystemTime;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::bots::advice::{Advice, Advised};
use crate::tui::app::changes::Changes;
use crate::tui::screen::Screen;
pub use crate::tui::screen::focus::{Focus, Msg};
use crate::tui::screen::keymap::Mode;
use crate::tui::screen::outcome::{Outcome, Request};
use crate::tui::screen::save_prompt::SavePrompt;
use crate::tui::table::Table;
use crate::tui::table::offers::Step;

/// The front end of one game: its table, and the screens looking at it. Today's hot-seat game
/// has one screen holding every person seat; a seat joined from another terminal is one more
/// screen holding that seat ([`App::join`]). A message names the screen it is for
/// ([`App::update_on`]); at its end every screen is settled once ([`App::settle_after`]).
pub struct App {
    /// The game, shared by every screen.
    pub table: Table,
    /// The first screen (id 0): the host's terminal, or the one terminal of a hot-seat game.
    pub screen: Screen,
    /// The other screens over the same table, one a joined seat (their ids are 1, 2...).
    pub others: Vec<Screen>,
}

impl App {
    /// Handles one message on the first screen (the host's terminal).
    pub fn update(&mut self, msg: Msg) {
        self.update_on(0, msg);
    }

    /// Handles one message on screen `id` (0: the first screen, then the joined ones), Elm-
    /// shaped: the message becomes one outcome on that screen (`keys::on_msg`, reading the
    /// table), `App::perform` carries it out and says what it changed, and every screen
    /// settles once ([`App::settle_after`]).
    pub fn update_on(&mut self, id: usize, msg: Msg) {
        let screen = if id == 0 { &mut self.screen } else { &mut self.others[id - 1] };
        let outcome = keys::on_msg(&self.table, screen, msg);
        let changes = self.perform(id, outcome);
        // Whatever the message changed, every screen shows it from now on.
        self.settle_after(Changes::shown().and(changes));
    }

    /// Carries out what a message on screen `id` led to: the one place an outcome changes
    /// anything beyond that screen. The screen's own part (its next focus, its words) is set
    /// on it; actions are played on the table (`Table::perform`, through `App::apply_on`), and
    /// the table's other changes (an undo, a shared answer, a seat played here) made.
    pub(in crate::tui) fn perform(&mut self, id: usize, outcome: Outcome<Focus>) -> Changes {
        let (table, screen) = self.parts(id);
        match outcome {
            Outcome::Stay | Outcome::Back => {}
            Outcome::Close => screen.focus = Focus::Idle,
            Outcome::Next(focus) => screen.focus = focus,
            Outcome::Refuse(why) => screen.refuse(table, why),
            Outcome::Note(text) => screen.note(table, text),
            Outcome::Act(actions) => return self.apply_on(id, actions),
            Outcome::Table(request) => return self.request(id, request),
        }
        Changes::shown()
    }

    /// The table's part of an outcome that is no action.
    fn request(&mut self, id: usize, request: Request) -> Changes {
        match request {
            Request::Undo => return self.undo(id),
            Request::Sync => return Changes::sync(),
            Request::Skip => self.skip(),
            Request::PlayHere => return self.play_here(id),
            Request::StandIn => return self.stand_in(id),
            Request::Offers(offers, step) => {
                self.table.offer_table = offers;
                match step {
                    Step::Picked(s) => self.parts(id).1.message = Some(keys::picked_words(&self.table, s)),
                    Step::Refused(why) => self.refuse_on(id, why.to_string()),
                    // The answer is played as its turn comes (`Table::perform`'s questions).
                    Step::Gave(..) => return self.apply_on(id, Vec::new()),
                    Step::Unpicked | Step::Other => {}
                }
            }
            Request::Builders(question, note) => {
                let said = self.table.builders.map(|b| b.said);
                self.table.builders = Some(question);
                if let Some(text) = note {
                    let (table, screen) = self.parts(id);
                    screen.note(table, text);
                }
                if question.answered {
                    return self.apply_on(id, Vec::new());
                } else if said != Some(question.said) {
                    // This screen's part is said; it waits for the others' (issue 40).
                    return Changes::sync();
                }
            }
            // The host's own flows: the start screen and the save prompt are the first screen's.
            _ if id != 0 => {}
            Request::OpenSave => self.screen.saving = Some(SavePrompt::new(SystemTime::now())),
            Request::Start(key) => return self.start_key(key),
            Request::Save(key) => self.save_key(key),
            Request::Paste(text) => return self.paste(&text),
        }
        Changes::shown()
    }

    /// Pasted text goes only where text is typed: the start screen's name (what a name may
    /// hold) and the save prompt (character by character, as if typed). Anywhere else it is
    /// dropped: a paste must not play its letters as commands.
    pub(in crate::tui) fn paste(&mut self, text: &str) -> Changes {
        match self.screen.keyboard.mode {
            Mode::Start => {
                if let Some(form) = self.screen.start.as_mut() {
                    for c in text.chars() {
                        form.type_char(c);
                    }
                }
                self.preview();
            }
            Mode::SaveName => {
                for c in text.chars().filter(|c| !crate::text::is_unprintable(*c)) {
                    self.save_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
                }
            }
            _ => {}
        }
        Changes::shown()
    }

    /// Waits for the advice being worked out on the first screen (the panel's and the tip's):
    /// for tests and scripts, which draw the screen once it has come.
    pub fn wait_advice(&mut self) {
        coach::poll(&self.table, &mut self.screen, true);
    }

    /// The advice in the first screen's panel, once come (for tests).
    pub fn advice_shown(&self) -> Option<&Advice> {
        self.scene().advice_panel().and_then(|p| p.got.as_ref())
    }

    /// The tip shown on the first screen's status line (for tests).
    pub fn tip(&self) -> Option<&Advised> {
        self.scene().tip_shown()
    }
}

#[cfg(test)]
mod at_once_tests;
#[cfg(test)]
pub(in crate::tui) mod screens_tests;
#[cfg(test)]
mod tests;
