//! The application: its state ([`App`]) and `update`. Keys become commands (through the
//! keymap), commands change the UI state or become engine actions. The views never see the
//! app: they draw from a [`Scene`], a read-only value built once a frame ([`App::scene`]);
//! `app/draw.rs` draws it.
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

use std::rc::Rc;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::engine::{Action, Config, Event, Game, PlayerView, Seat};
use crate::save::{Autosave, Record, SeatInfo};
use crate::tui::model::builders::Builders;
use crate::tui::model::dialog::{Dialog, Outcome};
use crate::tui::model::files::Files;
use crate::tui::model::focus::Screen;
use crate::tui::model::focus::letters_for;
pub use crate::tui::model::focus::{Focus, Message, Msg};
use crate::tui::model::keymap::{self, Cmd, Mode};
use crate::tui::model::legal::Legal;
use crate::tui::model::offers::OfferTable;
use crate::tui::model::save_prompt::SavePrompt;
use crate::tui::model::scene::Scene;
use crate::tui::model::selection::{Dir, Purpose, Target};
use crate::tui::model::start_form::StartForm;
use crate::tui::model::steps::Steps;
use crate::tui::model::table::Table;
use crate::tui::model::theme::Theme;
use crate::tui::view::board::Geometry;
use crate::tui::view::layout;

/// The whole front end.
pub struct App {
    pub game: Game,
    pub seed: u64,
    /// The rules options new games are dealt with (the player count comes from the names).
    pub rules: Config,
    pub names: Vec<String>,
    /// One letter per player, shown on their pieces.
    pub letters: Vec<char>,
    pub theme: Theme,
    /// Present while the names are asked.
    pub start: Option<StartForm>,
    /// The seat that confirmed it holds the keyboard; hands are shown only to it (H1).
    pub viewer: Option<Seat>,
    pub focus: Focus,
    /// Every event since the deal, shown through `Event::describe` for the viewer.
    pub log: Vec<Event>,
    /// Lines scrolled back from the newest.
    pub log_scroll: usize,
    pub help: bool,
    /// The how-to-play page, while it is open: how far it is scrolled.
    pub howto: Option<u16>,
    pub quitting: bool,
    /// On the game-over screen: show the board instead of the statistics.
    pub show_board: bool,
    pub message: Option<Message>,
    pub size: (u16, u16),
    /// Set when the app should exit.
    pub done: bool,
    /// The save prompt, while a name is typed.
    pub saving: Option<SavePrompt>,
    /// The game with its history (seed, rules, names, every action): the source of truth that
    /// `game` mirrors, and what saves, autosaves and undo work from. `None` on the start screen
    /// and in views that are never played on (the replay viewer).
    pub(super) record: Option<Record>,
    /// Where saves and autosaves go.
    pub(super) files: Files,
    /// The file rewritten after every action, once the game has one.
    pub(super) autosave: Option<Autosave>,
    /// The record changed since the last autosave.
    pub(super) dirty: bool,
    /// Whether `u` would take the last action back (cached: it costs a replay).
    pub(super) undoable: bool,
    /// Who plays each seat, and the computer players' moves in progress.
    pub table: Table,
    /// The answers given on the shared trade-answer screen (answers.rs).
    pub(super) offer_table: OfferTable,
    /// Who builds in the Special Building Phase after the last turn (builders.rs).
    pub builders: Option<Builders>,
    pub(super) last_target: Option<Target>,
    /// The legal actions of the position, shared by the footer, the selection and the dialogs.
    pub(super) legal: Legal,
    /// The robber's move in progress, a choice in steps (robber.rs).
    pub(super) robber: Option<Steps>,
    /// A unit's choice while its island step shows (flow/unit_keys.rs).
    pub(super) units: Option<crate::tui::model::unit_choice::UnitChoice>,
    /// The fight just fought and what it changed, shown until the next key (flow/fight_keys.rs).
    pub fight: Option<Vec<Event>>,
    /// What the attack of that fight aimed at, which a defending unit may have taken (R56).
    pub fight_aimed: Option<crate::engine::Target>,
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
        let game = Game::new(crate::tui::model::start_form::rules_for(&rules, 4), seed)
            .or_else(|_| Game::new(Config::default(), seed))
            .expect("the default configuration is valid");
        let mut app = App {
            game,
            seed,
            rules,
            names: Vec::new(),
            letters: Vec::new(),
            theme,
            start: Some(StartForm::default()),
            viewer: None,
            focus: Focus::Idle,
            log: Vec::new(),
            log_scroll: 0,
            help: false,
            howto: None,
            quitting: false,
            show_board: false,
            message: None,
            size: (100, 32),
            done: false,
            saving: None,
            record: None,
            files: Files::default(),
            autosave: None,
            dirty: false,
            undoable: false,
            table: Table::default(),
            offer_table: OfferTable::default(),
            builders: None,
            last_target: None,
            legal: Legal::default(),
            robber: None,
            units: None,
            fight: None,
            fight_aimed: None,
        };
        if let Some(seats) = seats {
            app.begin(seats);
        }
        app
    }

    /// An app showing a game in progress without its record (a test's scenario): its seed,
    /// the seats, the state and the events so far. A game to play on starts from its record
    /// with [`App::from_record`]; the replay viewer needs no app (it draws a `Scene::still`).
    /// The player to act is asked to take the keyboard first.
    pub fn resume(seed: u64, seats: Vec<SeatInfo>, game: Game, log: Vec<Event>, theme: Theme) -> App {
        let mut app = App::new(seed, None, theme);
        app.game = game;
        app.log = log;
        app.take_seats(&seats);
        app.start = None;
        app.sync();
        app
    }

    /// Deals the game for these players and hands the keyboard to the first to place.
    pub(super) fn begin(&mut self, seats: Vec<SeatInfo>) {
        let config =
            crate::tui::model::start_form::rules_for(&self.rules, u8::try_from(seats.len()).unwrap_or(u8::MAX));
        match Record::new_with_seats(config, self.seed, seats.clone()) {
            Ok(record) => {
                self.game = *record.game();
                // The events of the deal (the starting rolls).
                self.log = record.log();
                self.take_seats(&seats);
                self.start = None;
                self.record = Some(record);
                self.start_autosave();
                self.sync();
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// Seats the players: names, letters, who plays each seat. With one person among computer
    /// players the keyboard is theirs from the start: no hand-off is ever needed.
    pub(super) fn take_seats(&mut self, seats: &[SeatInfo]) {
        self.names = seats.iter().map(|s| s.name.clone()).collect();
        self.letters = letters_for(&self.names);
        self.table.seat(seats);
        let humans: Vec<Seat> = self.table.humans().collect();
        self.viewer = match humans[..] {
            [only] if seats.len() > 1 => Some(only),
            _ => None,
        };
    }

    /// The read-only value the views draw from (and the app's own questions go through).
    pub fn scene(&self) -> Scene<'_> {
        Scene {
            game: &self.game,
            seed: self.seed,
            rules: &self.rules,
            names: &self.names,
            letters: &self.letters,
            theme: self.theme,
            start: self.start.as_ref(),
            viewer: self.viewer,
            focus: &self.focus,
            log: &self.log,
            log_scroll: self.log_scroll,
            help: self.help,
            howto: self.howto,
            quitting: self.quitting,
            show_board: self.show_board,
            message: self.message.as_ref(),
            size: self.size,
            saving: self.saving.as_ref(),
            table: &self.table,
            offer_table: &self.offer_table,
            builders: self.builders.as_ref(),
            files: &self.files,
            record: self.record.as_ref(),
            autosave: self.autosave.as_ref().map(Autosave::path),
            undoable: self.undoable,
            legal: &self.legal,
            fight: self.fight.as_deref(),
            fight_aimed: self.fight_aimed,
            memo: Default::default(),
        }
    }

    /// The legal actions of the position, from the shared list.
    pub fn legal(&self) -> Rc<[Action]> {
        self.legal.of(&self.game)
    }

    /// A player's name.
    pub fn name(&self, s: Seat) -> String {
        self.scene().name(s)
    }

    /// See [`Scene::label`].
    pub fn label(&self, s: Seat) -> String {
        self.scene().label(s)
    }

    /// What the player who must act may see (H1).
    pub fn acting_view(&self) -> PlayerView<'_> {
        self.game.view(self.game.to_act())
    }

    /// The seat waiting for the keyboard, while the hand-off screen shows.
    pub fn handoff(&self) -> Option<Seat> {
        self.scene().handoff()
    }

    /// The screen the input gate guards now.
    pub fn guarded(&self) -> Option<Screen> {
        self.scene().guarded()
    }

    /// The mode the keyboard is in.
    pub fn mode(&self) -> Mode {
        self.scene().mode()
    }

    /// True when a command would do something now (the footer shows only those).
    pub fn enabled(&self, cmd: Cmd) -> bool {
        self.scene().enabled(cmd)
    }

    /// The seat a bot must play now.
    pub fn bot_seat(&self) -> Option<Seat> {
        self.scene().bot_seat()
    }

    /// The footer's words while a bot plays.
    pub fn bot_status(&self) -> Option<String> {
        self.scene().bot_status()
    }

    /// True while the shared answer screen shows.
    pub fn sharing_offer(&self) -> bool {
        self.scene().sharing_offer()
    }

    /// True while the shared "who builds?" screen shows.
    pub fn asking_builders(&self) -> bool {
        self.scene().asking_builders()
    }

    pub(super) fn refuse(&mut self, text: String) {
        let text = self.with_names(text);
        self.message = Some(Message { text, error: true });
    }

    /// A rule text with "player 2" (how the engine names a seat) replaced by the name.
    pub fn with_names(&self, text: String) -> String {
        self.scene().with_names(text)
    }

    /// The smallest terminal this screen is drawn in.
    pub fn min_size(&self) -> (u16, u16) {
        self.scene().min_size()
    }

    /// True while the terminal is smaller than the game's screen.
    pub fn too_small(&self) -> bool {
        self.scene().too_small()
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Resize(w, h) => self.size = (w, h),
            // Nothing acts unseen: on the "too small" notice only q and Ctrl-C work, and they
            // quit at once (the quit question doesn't fit; the game is autosaved already).
            Msg::Key(key) if self.too_small() => {
                let ctrl_c = key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
                let q = key.code == KeyCode::Char('q') && !key.modifiers.contains(KeyModifiers::CONTROL);
                if key.kind == KeyEventKind::Press && (q || ctrl_c) {
                    self.done = true;
                }
            }
            Msg::Click { .. } | Msg::Paste(_) if self.too_small() => {}
            Msg::Click { col, row } => self.click(col, row),
            Msg::Paste(text) => self.paste(&text),
            Msg::Key(key) if key.kind == KeyEventKind::Press => {
                self.message = None;
                if matches!(self.mode(), Mode::Start | Mode::StartRules) {
                    self.start_key(key);
                } else if self.mode() == Mode::SaveName {
                    self.save_key(key);
                } else if self.mode() == Mode::Fight {
                    self.fight_key(key);
                } else if self.letter_key(key) {
                    // A player's letter on a shared screen or in the offerer's list of answers.
                } else if let Some(cmd) = keymap::lookup(self.mode(), key) {
                    self.command(cmd);
                } else if self.mode() == Mode::Bot {
                    self.skip();
                }
            }
            Msg::Key(_) => {}
        }
    }

    /// The keys the players' letters give: on the shared answer screen, the "who builds?"
    /// screen and the offerer's list of answers. False when the key is none of those.
    fn letter_key(&mut self, key: KeyEvent) -> bool {
        match self.mode() {
            _ if ctrl(key) => false,
            Mode::Offer => self.offer_key(key),
            Mode::Builders => self.builders_key(key.code),
            Mode::Responses | Mode::Victim => self.partner_key(key.code),
            Mode::HowTo => self.howto_section_key(key.code),
            _ => false,
        }
    }

    fn click(&mut self, col: u16, row: u16) {
        let Focus::Select(sel) = &self.focus else { return };
        if self.mode() != Mode::Select {
            return;
        }
        let sea = crate::tui::view::board::sea_drawn(&self.game);
        let areas = layout::layout_sea(self.size, self.game.topology(), sea);
        let topo = self.game.topology();
        let Some(g) = Geometry::fit_sea(topo, areas.board, sea) else { return };
        if let Some(t) = g.hit(topo, &sel.space(topo), col, row) {
            if sel.cursor == t {
                self.command(Cmd::Confirm);
            } else if let Focus::Select(sel) = &mut self.focus {
                (sel.cursor, sel.back) = (t, None);
            }
        }
    }

    /// Carries out a command of the current mode.
    pub fn command(&mut self, cmd: Cmd) {
        let mode = self.mode();
        match (mode, cmd) {
            (Mode::HowTo, cmd) => self.howto_command(cmd),
            (_, Cmd::Help) => self.help = true,
            (Mode::Quit, Cmd::Yes) | (Mode::Over, Cmd::Yes) => self.done = true,
            (Mode::Quit, _) => self.quitting = false,
            (_, Cmd::Quit) => self.quitting = true,
            (Mode::Help, Cmd::HowTo) => {
                self.help = false;
                self.open_howto();
            }
            (Mode::Help, _) => self.help = false,
            (_, Cmd::Save) => self.open_save_prompt(),
            (Mode::Handoff, Cmd::Undo) if self.undoable => {
                let name = self.handoff().map(|s| self.name(s)).unwrap_or_default();
                self.refuse(format!("{name} takes the keyboard first (Enter), then u takes back their last action"));
            }
            (Mode::Bot, Cmd::Undo) => {
                let who = self.bot_seat().map(|s| self.label(s)).unwrap_or_default();
                self.refuse(format!("{who} is playing: u takes back only your own last action, on your turn"));
            }
            (_, Cmd::Undo) => self.undo(),
            // A page is the log's visible height, so PgUp shows the lines just above.
            (_, Cmd::LogUp) => {
                let page = crate::tui::view::frame::log_page(&self.scene());
                self.log_scroll = (self.log_scroll + page).min(self.log.len().saturating_sub(1));
            }
            (_, Cmd::LogDown) => {
                self.log_scroll = self.log_scroll.saturating_sub(crate::tui::view::frame::log_page(&self.scene()))
            }
            (Mode::Over, Cmd::Board) => self.show_board = !self.show_board,
            (Mode::Handoff, Cmd::Confirm) => {
                self.viewer = self.handoff();
                self.sync();
            }
            (Mode::Bot, _) => self.skip(),
            (Mode::Select, _) => self.select_cmd(cmd),
            (Mode::Turn, _) => self.turn_cmd(cmd),
            _ => self.dialog_cmd(cmd),
        }
    }

    fn select_cmd(&mut self, cmd: Cmd) {
        let topo = self.game.topology();
        let Focus::Select(sel) = &mut self.focus else { return };
        match cmd {
            Cmd::Up => sel.step(topo, Dir::Up),
            Cmd::Down => sel.step(topo, Dir::Down),
            Cmd::Left => sel.step(topo, Dir::Left),
            Cmd::Right => sel.step(topo, Dir::Right),
            Cmd::Next => sel.cycle(topo, true),
            Cmd::Prev => sel.cycle(topo, false),
            Cmd::Cancel if matches!(sel.purpose, Purpose::Unit(_)) => self.units_back(),
            Cmd::Cancel if sel.cancellable => self.focus = Focus::Idle,
            Cmd::Cancel => {
                let text = format!("{} must be placed now", sel.purpose.noun());
                self.refuse(text);
            }
            Cmd::Confirm => {
                let (purpose, cursor, legal) = (sel.purpose, sel.cursor, sel.on_legal());
                self.last_target = Some(cursor);
                if let Purpose::Unit(_) = purpose {
                    return self.units_place(cursor);
                }
                let Some(action) = purpose.action(cursor) else { return };
                if !legal {
                    let why = self.game.check(action).err().map_or("not there".to_string(), |e| e.to_string());
                    self.refuse(why);
                } else if let (Purpose::Robber, Target::Hex(hex)) = (purpose, cursor) {
                    self.rob_at(hex);
                } else {
                    self.apply(vec![action]);
                }
            }
            _ => {}
        }
    }

    fn dialog_cmd(&mut self, cmd: Cmd) {
        if let Focus::Dialog(Dialog::Units(_)) = &self.focus {
            return self.units_cmd(cmd);
        }
        let Focus::Dialog(d) = &mut self.focus else { return };
        match d.on_cmd(&self.game, || self.legal.of(&self.game), cmd) {
            Outcome::Stay => {}
            Outcome::Close => self.focus = Focus::Idle,
            Outcome::Act(actions) => self.apply(actions),
            Outcome::Swap(next) => self.focus = Focus::Dialog(next),
            Outcome::RobberAgain => self.robber_back(),
            Outcome::Refuse(why) => self.refuse(why),
            Outcome::Note(text) => self.message = Some(Message { text: self.with_names(text), error: false }),
        }
    }
}

#[cfg(test)]
mod tests;
