//! The application: one game's [`Table`] and the [`Screen`]s looking at it ([`App`]), and
//! `update`. Keys become commands (through the keymap), commands change the screen's state or
//! become engine actions played on the table; then every screen settles what follows from
//! the change ([`App::settle`]: who holds its keyboard, its mode, too small), once, and
//! everything reads that. The views never see the app: they read a [`Scene`], one screen and
//! the table lent together; `app/draw.rs` draws the first screen.
//!
//! The app's folder is the update: `keys.rs` turns a message on one screen into one
//! `Outcome` (the screen's step machines, in `screen/`, answer its commands), and
//! [`App::perform`] carries it out: `aftermath.rs` plays actions and shows what follows on every
//! screen, `session.rs` undo, saves and autosaves, `seats.rs` the screens joined and left,
//! `bots.rs` the computer players' pace, `coach.rs` the advice asked on a screen, `start.rs` the
//! start screen's keys. The state they change is in `table/` (one game) and `screen/` (one
//! terminal).

pub(in crate::tui) mod aftermath;
pub mod bots;
pub(in crate::tui) mod coach;
mod draw;
mod keys;
mod seats;
pub mod session;
mod start;

use std::time::SystemTime;

use crate::bots::advice::{Advice, Advised};
use crate::engine::{Config, Event, Game, SeatSet};
use crate::save::{Record, SeatInfo};
use crate::tui::screen::Screen;
use crate::tui::screen::focus::letters_for;
pub use crate::tui::screen::focus::{Focus, Message, Msg};
use crate::tui::screen::outcome::{Outcome, Request};
use crate::tui::screen::save_prompt::SavePrompt;
use crate::tui::screen::start_form::StartForm;
use crate::tui::screen::theme::Theme;
use crate::tui::table::Table;
use crate::tui::table::offers::Step;
use crate::tui::table::played::Played;
use crate::tui::view::layout;
use crate::tui::view::scene::Scene;

/// The front end of one game: its table, and the screens looking at it. Today's hot-seat game
/// has one screen holding every person seat; a seat joined from another terminal is one more
/// screen holding that seat ([`App::join`]). A message names the screen it is for
/// ([`App::update_on`]); after a change every screen is settled (`App::settle`).
pub struct App {
    /// The game, shared by every screen.
    pub table: Table,
    /// The first screen (id 0): the host's terminal, or the one terminal of a hot-seat game.
    pub screen: Screen,
    /// The other screens over the same table, one a joined seat (their ids are 1, 2...).
    pub others: Vec<Screen>,
    /// Every screen has been settled since the message began (an action settles them in
    /// `App::sync`): `update` and `tick` then settle no more at their end.
    pub(in crate::tui) settled: bool,
}

impl App {
    /// A new app: with names the game starts at once (people at every seat), without them the
    /// start screen asks.
    pub fn new(seed: u64, names: Option<Vec<String>>, theme: Theme) -> App {
        App::with_rules(seed, names, theme, Config::default())
    }

    /// A new app whose games use these rules options, for as many players as there are names
    /// (see `start::rules_for`: five or six play on the 5-6 island); people at every seat.
    pub fn with_rules(seed: u64, names: Option<Vec<String>>, theme: Theme, rules: Config) -> App {
        App::with_seats(seed, names.map(SeatInfo::humans), theme, rules)
    }

    /// A new app for these seats (people and computer players), or the start screen without
    /// them.
    pub fn with_seats(seed: u64, seats: Option<Vec<SeatInfo>>, theme: Theme, rules: Config) -> App {
        // The board is dealt before anything else from the seed, so the start screen can
        // show the very island the game will use (`App::preview`, in app/start.rs, follows the names).
        let game = Game::new(crate::tui::screen::start_form::rules_for(&rules, 4), seed)
            .or_else(|_| Game::new(Config::default(), seed))
            .expect("the default configuration is valid");
        let mut table = Table::still(game, seed, Vec::new(), Vec::new());
        table.rules = rules;
        let mut screen = Screen::new(theme);
        (screen.start, screen.size) = (Some(StartForm::default()), (100, 32));
        let mut app = App { table, screen, others: Vec::new(), settled: false };
        if let Some(seats) = seats {
            app.begin(seats);
        }
        app.settle();
        app
    }

    /// An app showing a game in progress without its record (a test's scenario): its seed,
    /// the seats, the state and the events so far. A game to play on starts from its record
    /// with [`App::from_record`]; the replay viewer needs no app (it owns a `Table::still`).
    /// The player to act is asked to take the keyboard first.
    pub fn resume(seed: u64, seats: Vec<SeatInfo>, game: Game, log: Vec<Event>, theme: Theme) -> App {
        let mut app = App::new(seed, None, theme);
        // No record yet: the game is the one the app plays (`from_record` adds the record).
        app.table.set_played(Played::Still(game));
        app.table.log = log;
        app.take_seats(&seats);
        app.screen.start = None;
        app.sync();
        app
    }

    /// Puts the app on a position set by hand (a test's scenario): it has no history to save
    /// or undo, so the next action is played without the record (it leaves the record and
    /// the autosave; until then the screen is drawn as before, the save key shown).
    /// Otherwise the game shown is the record's own, and changes only through it.
    pub fn set_position(&mut self, game: Game) {
        self.table.set_by_hand(game);
        // A move a computer player was working out is for the position before.
        self.table.drop_job();
        self.settle();
    }

    /// Deals the game for these players and hands the keyboard to the first to place.
    pub(super) fn begin(&mut self, seats: Vec<SeatInfo>) {
        let config =
            crate::tui::screen::start_form::rules_for(&self.table.rules, u8::try_from(seats.len()).unwrap_or(u8::MAX));
        match Record::new_with_seats(config, self.table.seed, seats.clone()) {
            Ok(record) => {
                // The events of the deal (the starting rolls).
                self.table.log = record.log();
                self.table.set_played(Played::Recorded(record));
                self.take_seats(&seats);
                self.screen.start = None;
                self.start_autosave();
                self.sync();
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// Seats the players: names, letters, who plays each seat. The first screen holds every
    /// person seat (a game dealt anew has no joined screens). No one holds the keyboard yet:
    /// the first person to act takes it on the hand-off screen, one person among computer
    /// players too (issue 42: an Enter from the start screen must not place a piece unseen);
    /// after that the keyboard stays theirs.
    pub(super) fn take_seats(&mut self, seats: &[SeatInfo]) {
        self.table.names = seats.iter().map(|s| s.name.clone()).collect();
        self.table.letters = letters_for(&self.table.names);
        self.table.seat(seats);
        self.others.clear();
        self.screen.holds = self.table.humans().fold(SeatSet::default(), SeatSet::with);
        self.screen.viewer = None;
    }

    /// What the views draw: the screen whose key is handled (the first between keys) over
    /// the table.
    pub fn scene(&self) -> Scene<'_> {
        Scene::of(&self.table, &self.screen)
    }

    /// What the views draw for screen `id` (0: the first screen, then the joined ones).
    pub fn scene_of(&self, id: usize) -> Scene<'_> {
        match id {
            0 => self.scene(),
            _ => Scene::of(&self.table, &self.others[id - 1]),
        }
    }

    /// Works out every screen's derived state (who holds its keyboard, its mode, too small)
    /// for the table and the screen as they are now: after a change, once, before anything
    /// reads it. `update` and `tick` settle after their message; a test that sets a screen's
    /// fields by hand (`app.screen.viewer = ...`) settles after it.
    pub fn settle(&mut self) {
        let table = &self.table;
        for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
            let need = layout::need(table, screen.start.is_some());
            screen.settle(table, need);
        }
        self.settled = true;
    }

    /// The table, and screen `id` (0: the first screen, then the joined ones), lent apart.
    pub(in crate::tui) fn parts(&mut self, id: usize) -> (&mut Table, &mut Screen) {
        let screen = if id == 0 { &mut self.screen } else { &mut self.others[id - 1] };
        (&mut self.table, screen)
    }

    /// Says why not on screen `id`'s status line.
    pub(in crate::tui) fn refuse_on(&mut self, id: usize, text: String) {
        let (table, screen) = self.parts(id);
        screen.refuse(table, text);
    }

    pub(super) fn refuse(&mut self, text: String) {
        self.refuse_on(0, text);
    }

    /// Handles one message on the first screen (the host's terminal).
    pub fn update(&mut self, msg: Msg) {
        self.update_on(0, msg);
    }

    /// Handles one message on screen `id` (0: the first screen, then the joined ones), Elm-
    /// shaped: the message becomes one outcome on that screen (`keys::on_msg`, reading the
    /// table), [`App::perform`] carries it out, and every screen settles once.
    pub fn update_on(&mut self, id: usize, msg: Msg) {
        self.settled = false;
        let screen = if id == 0 { &mut self.screen } else { &mut self.others[id - 1] };
        let outcome = keys::on_msg(&self.table, screen, msg);
        self.perform(id, outcome);
        // Whatever the message changed, every screen shows it from now on (settled once: an
        // action has settled them already).
        if !self.settled {
            self.settle();
        }
    }

    /// Carries out what a message on screen `id` led to: the one place an outcome changes
    /// anything beyond that screen. The screen's own part (its next focus, its words) is set
    /// on it; actions are played on the table (`Table::perform`, through `App::apply_on`), and
    /// the table's other changes (an undo, a shared answer, a seat played here) made.
    pub(in crate::tui) fn perform(&mut self, id: usize, outcome: Outcome<Focus>) {
        let (table, screen) = self.parts(id);
        match outcome {
            Outcome::Stay | Outcome::Back => {}
            Outcome::Close => screen.focus = Focus::Idle,
            Outcome::Next(focus) => screen.focus = focus,
            Outcome::Refuse(why) => screen.refuse(table, why),
            Outcome::Note(text) => screen.note(table, text),
            Outcome::Act(actions) => self.apply_on(id, actions),
            Outcome::Table(request) => self.request(id, request),
        }
    }

    /// The table's part of an outcome that is no action.
    fn request(&mut self, id: usize, request: Request) {
        match request {
            Request::Undo => self.undo(id),
            Request::Sync => self.sync(),
            Request::Skip => self.skip(),
            Request::PlayHere => self.play_here(id),
            Request::StandIn => self.stand_in(id),
            Request::Offers(offers, step) => {
                self.table.offer_table = offers;
                match step {
                    Step::Picked(s) => self.parts(id).1.message = Some(keys::picked_words(&self.table, s)),
                    Step::Refused(why) => self.refuse_on(id, why.to_string()),
                    // The answer is played as its turn comes (`Table::perform`'s questions).
                    Step::Gave(..) => self.apply_on(id, Vec::new()),
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
                    self.apply_on(id, Vec::new());
                } else if said != Some(question.said) {
                    // This screen's part is said; it waits for the others' (issue 40).
                    self.sync();
                }
            }
            // The host's own flows: the start screen and the save prompt are the first screen's.
            _ if id != 0 => {}
            Request::OpenSave => self.screen.saving = Some(SavePrompt::new(self.table.seed, SystemTime::now())),
            Request::Start(key) => self.start_key(key),
            Request::Save(key) => self.save_key(key),
            Request::Paste(text) => self.paste(&text),
        }
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
pub(in crate::tui) mod screens_tests;
#[cfg(test)]
mod tests;
