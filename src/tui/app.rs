//! The application: one game's [`Table`] and the [`Screen`]s looking at it ([`App`]), and
//! `update`. Keys become commands (through the keymap), commands change the screen's state or
//! become engine actions played on the table; then every screen settles what follows from
//! the change ([`App::settle`]: who holds its keyboard, its mode, too small), once, and
//! everything reads that. The views never see the app: they read a [`Scene`], one screen and
//! the table lent together; `app/draw.rs` draws the first screen.
//!
//! What each command does is in `flow/`, one `impl App` a purpose: `play.rs` applying actions
//! and the focus that follows, `turn.rs` the turn's commands, `robber.rs`, `trade.rs` and
//! `unit_keys.rs` the choices in steps, `dialog_keys.rs` the dialogs' keys, `answers.rs` and
//! `building_phase.rs` the shared screens' keys, `bot_turns.rs` the computer players,
//! `session.rs` saves, autosaves and undo, `start_keys.rs` the start screen's keys,
//! `howto_keys.rs` the how-to-play page's, `fight_keys.rs` the fight's. The state they change
//! is in `model/` (`focus.rs`, `offers.rs`, `builders.rs`, `table.rs`, `files.rs`,
//! `legal.rs`...).

mod draw;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::engine::{Config, Event, Game, Seat, SeatSet};
use crate::save::{Record, SeatInfo};
use crate::tui::screen::Screen;
use crate::tui::screen::focus::letters_for;
pub use crate::tui::screen::focus::{Focus, Message, Msg};
use crate::tui::screen::keymap::{self, Cmd, Mode};
use crate::tui::screen::outcome::Outcome;
use crate::tui::screen::start_form::StartForm;
use crate::tui::screen::theme::Theme;
use crate::tui::table::Table;
use crate::tui::table::played::Played;
use crate::tui::view::board::Geometry;
use crate::tui::view::layout;
use crate::tui::view::scene::Scene;

/// The front end of one game: its table, and the screens looking at it. Today's hot-seat game
/// has one screen holding every person seat; a seat joined from another terminal is one more
/// screen holding that seat ([`App::join`]). The keys' flows (`flow/`) act on the screen whose
/// key it is, `screen`: another screen's key is handled with that screen put in its place
/// ([`App::update_on`]). After a change every screen is settled (`App::settle`).
pub struct App {
    /// The game, shared by every screen.
    pub table: Table,
    /// The screen whose key is handled: the first screen (the host's terminal) between keys.
    pub screen: Screen,
    /// The other screens over the same table, one a joined seat (their ids are 1, 2...).
    pub others: Vec<Screen>,
    /// Every screen has been settled since the message began (an action settles them in
    /// `App::sync`): `update` and `tick` then settle no more at their end.
    pub(in crate::tui) settled: bool,
}

/// A key with Ctrl held (Ctrl-C asks to quit on every screen).
fn ctrl(key: KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL)
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
        // show the very island the game will use (`App::preview`, in flow/start_keys.rs, follows the names).
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
        self.drop_job();
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

    /// Handles one message on screen `id` (0: the first screen): that screen is put in the
    /// first one's place for its key, so the flows act on it, and back after.
    pub fn update_on(&mut self, id: usize, msg: Msg) {
        if id == 0 {
            return self.update(msg);
        }
        self.on_screen(id, |app| app.update(msg));
    }

    /// Runs `f` with screen `id` in the first screen's place (the flows act on `screen`); the
    /// screens are put back even if `f` panics (a joined screen's panic is survived: issue 40).
    pub(in crate::tui) fn on_screen(&mut self, id: usize, f: impl FnOnce(&mut App)) {
        /// Puts screen `.1` back in its place when dropped, unwinding included.
        struct Back<'a>(&'a mut App, usize);
        impl Drop for Back<'_> {
            fn drop(&mut self) {
                let app = &mut *self.0;
                std::mem::swap(&mut app.screen, &mut app.others[self.1 - 1]);
            }
        }
        if id == 0 {
            return f(self);
        }
        std::mem::swap(&mut self.screen, &mut self.others[id - 1]);
        let back = Back(self, id);
        f(&mut *back.0);
    }

    pub(super) fn refuse(&mut self, text: String) {
        self.screen.refuse(&self.table, text);
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) {
        self.settled = false;
        match msg {
            Msg::Resize(w, h) => self.screen.size = (w, h),
            // Nothing acts unseen: on the "too small" notice only q and Ctrl-C work, and they
            // quit at once (the quit question doesn't fit; the game is autosaved already).
            Msg::Key(key) if self.screen.keyboard.too_small => {
                let ctrl_c = key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
                let q = key.code == KeyCode::Char('q') && !key.modifiers.contains(KeyModifiers::CONTROL);
                if key.kind == KeyEventKind::Press && (q || ctrl_c) {
                    self.screen.done = true;
                }
            }
            Msg::Click { .. } | Msg::Paste(_) if self.screen.keyboard.too_small => {}
            Msg::Click { col, row } => self.click(col, row),
            Msg::Paste(text) => self.paste(&text),
            Msg::Key(key) if key.kind == KeyEventKind::Press => {
                self.screen.message = None;
                if matches!(self.screen.keyboard.mode, Mode::Start | Mode::StartRules) {
                    self.start_key(key);
                } else if self.screen.keyboard.mode == Mode::SaveName {
                    self.save_key(key);
                } else if self.screen.keyboard.mode == Mode::Fight {
                    self.fight_key(key);
                } else if self.letter_key(key) {
                    // A player's letter on a shared screen or in the offerer's list of answers.
                } else if let Some(cmd) = keymap::lookup(self.screen.keyboard.mode, key) {
                    self.command(cmd);
                } else if self.screen.keyboard.mode == Mode::Bot {
                    self.skip();
                }
            }
            Msg::Key(_) => {}
        }
        // Whatever the message changed, every screen shows it from now on (settled once: an
        // action has settled them already).
        if !self.settled {
            self.settle();
        }
    }

    /// The keys the players' letters give: on the shared answer screen, the "who builds?"
    /// screen and the offerer's list of answers. False when the key is none of those.
    fn letter_key(&mut self, key: KeyEvent) -> bool {
        match self.screen.keyboard.mode {
            _ if ctrl(key) => false,
            Mode::Offer => self.offer_key(key),
            Mode::Builders => self.builders_key(key.code),
            Mode::Responses | Mode::Victim => self.partner_key(key.code),
            Mode::HowTo => self.howto_section_key(key.code),
            _ => false,
        }
    }

    /// In the offerer's list of answers or the robber's victims, a player's letter names them
    /// (H5); Enter then confirms. False when the key is no player's letter.
    fn partner_key(&mut self, code: KeyCode) -> bool {
        let KeyCode::Char(c) = code else { return false };
        let Some(i) = self.table.letters.iter().position(|l| l.eq_ignore_ascii_case(&c)) else { return false };
        let Focus::Dialog(d) = &mut self.screen.focus else { return false };
        match d.name_seat(self.table.game(), Seat(i as u8)) {
            Some(Outcome::Refuse(why)) => self.refuse(why),
            Some(_) => {}
            None => return false,
        }
        true
    }

    fn click(&mut self, col: u16, row: u16) {
        let Focus::Select(sel, _) = &self.screen.focus else { return };
        if self.screen.keyboard.mode != Mode::Select {
            return;
        }
        let sea = crate::tui::view::board::sea_drawn(self.table.game());
        let areas = layout::layout_sea(self.screen.size, self.table.game().topology(), sea);
        let topo = self.table.game().topology();
        let Some(g) = Geometry::fit_sea(topo, areas.board, sea) else { return };
        if let Some(t) = g.hit(topo, &sel.space(topo), col, row) {
            if sel.cursor == t {
                self.command(Cmd::Confirm);
            } else if let Focus::Select(sel, _) = &mut self.screen.focus {
                (sel.cursor, sel.back) = (t, None);
            }
        }
    }

    /// Carries out a command of the current mode.
    pub fn command(&mut self, cmd: Cmd) {
        let mode = self.screen.keyboard.mode;
        match (mode, cmd) {
            (Mode::HowTo, cmd) => self.howto_command(cmd),
            (_, Cmd::Help) => self.screen.help = true,
            // The panel's keys close it; Ctrl-C still asks to quit.
            (Mode::Advice, Cmd::Cancel) | (_, Cmd::Advice) => self.advice_key(),
            (Mode::Quit, Cmd::Yes) | (Mode::Over, Cmd::Yes) => self.screen.done = true,
            (Mode::Quit, _) => self.screen.quitting = false,
            (_, Cmd::Quit) => self.screen.quitting = true,
            (Mode::Help, Cmd::HowTo) => {
                self.screen.help = false;
                self.open_howto();
            }
            (Mode::Help, _) => self.screen.help = false,
            // A joined screen plays its seat; the game's files are the host's.
            (_, Cmd::Save) if self.screen.joined => {
                self.refuse("the host saves the game (it is autosaved after every action)".into())
            }
            (_, Cmd::Save) => self.open_save_prompt(),
            (Mode::Away | Mode::Gone, Cmd::Undo) => {
                let who = self.screen.keyboard.away.map(|s| self.table.name(s)).unwrap_or_default();
                self.refuse(format!(
                    "{who} is playing on their own screen: u takes back only your own last action, on your turn"
                ));
            }
            (Mode::Handoff, Cmd::Undo) if self.table.undoable => {
                let name = self.screen.keyboard.handoff.map(|s| self.table.name(s)).unwrap_or_default();
                self.refuse(format!("{name} takes the keyboard first (Enter), then u takes back their last action"));
            }
            (Mode::Bot, Cmd::Undo) => {
                let who = self.screen.keyboard.bot_seat.map(|s| self.table.label(s)).unwrap_or_default();
                self.refuse(format!("{who} is playing: u takes back only your own last action, on your turn"));
            }
            (_, Cmd::Undo) => self.undo(),
            // A page is the log's visible height, so PgUp shows the lines just above.
            (_, Cmd::LogUp) => {
                let page = crate::tui::view::frame::log_page(&self.scene());
                self.screen.log_scroll = (self.screen.log_scroll + page).min(self.table.log.len().saturating_sub(1));
            }
            (_, Cmd::LogDown) => {
                self.screen.log_scroll =
                    self.screen.log_scroll.saturating_sub(crate::tui::view::frame::log_page(&self.scene()))
            }
            (Mode::Over, Cmd::Board) => self.screen.over_view = self.screen.over_view.board_key(),
            (Mode::Over, Cmd::Toggle) => self.screen.over_view = self.screen.over_view.story_key(),
            (Mode::Handoff, Cmd::Confirm) => {
                self.screen.viewer = self.screen.keyboard.handoff;
                self.sync();
            }
            (Mode::Bot, _) => self.skip(),
            (Mode::Gone, Cmd::PlayHere) => self.play_here(),
            (Mode::Gone, Cmd::StandIn) => self.stand_in(),
            (Mode::Away | Mode::Gone, _) => {}
            // The turn's commands and the choice that has the keys: the screen's step
            // machines answer, and the actions they lead to are played on the table.
            _ => {
                if let Some(actions) = self.screen.on_cmd(&self.table, cmd) {
                    self.apply(actions);
                }
            }
        }
    }
}

#[cfg(test)]
pub(in crate::tui) mod screens_tests;
#[cfg(test)]
mod tests;
