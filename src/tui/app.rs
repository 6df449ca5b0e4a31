//! The application state and `update`: keys become commands (through the keymap), commands
//! change the UI state or become engine actions. Drawing only reads this state.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::answers::OfferTable;
use super::board::Geometry;
use super::bots::Table;
use super::builders::Builders;
use super::dialogs::{Composer, Dialog, Outcome, PickFor, Picker};
use super::gate::Screen;
use super::keymap::{self, Cmd, Mode};
use super::prompt::SavePrompt;
use super::select::{Dir, Purpose, Selection, Target, all_targets};
use super::session::Files;
use super::start::StartForm;
use super::theme::Theme;
use super::ui;
use crate::engine::{Action, Answer, Config, Event, Game, Phase, PlayerView, RuleError, Seat};
use crate::save::{Autosave, Record, SeatInfo};

/// What happens to the app: a key, a click, pasted text, a new terminal size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    Key(KeyEvent),
    Click {
        col: u16,
        row: u16,
    },
    /// Text pasted into the terminal (bracketed paste): typed into the name being edited, if
    /// one is, and otherwise ignored, so a paste never plays keys as commands.
    Paste(String),
    Resize(u16, u16),
}

impl Msg {
    /// A key press with no modifiers (for tests and scripts).
    pub fn key(code: KeyCode) -> Msg {
        Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }
    /// A typed character.
    pub fn char(c: char) -> Msg {
        Msg::key(KeyCode::Char(c))
    }
}

/// What the player who has the keyboard is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    /// Choosing what to do next (roll, build, trade, end the turn).
    Idle,
    Select(Selection),
    Dialog(Dialog),
}

/// A line for the status bar: a result, or a refusal (shown with a mark, not colour alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub error: bool,
}

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
}

/// A key with Ctrl held (Ctrl-C asks to quit on every screen).
fn ctrl(key: KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL)
}

fn letters_for(names: &[String]) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let pick = name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .map(|c| c.to_ascii_uppercase())
            .find(|c| !out.contains(c))
            .unwrap_or_else(|| char::from(b'1' + i as u8));
        out.push(pick);
    }
    out
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
        // show the very island the game will use (`App::preview`, in start.rs, follows the names).
        let game = Game::new(super::start::rules_for(&rules, 4), seed)
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
        };
        if let Some(seats) = seats {
            app.begin(seats);
        }
        app
    }

    /// An app showing a game in progress that is not played on (the replay viewer): its seed,
    /// the seats, the state and the events so far. A game to play on starts from its record
    /// with [`App::from_record`]. The player to act is asked to take the keyboard first.
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
        let config = super::start::rules_for(&self.rules, u8::try_from(seats.len()).unwrap_or(u8::MAX));
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

    /// A player's name.
    pub fn name(&self, s: Seat) -> String {
        self.names.get(s.index()).cloned().unwrap_or_else(|| s.to_string())
    }

    /// What the player who must act may see: the seat at the keyboard once any hand-off is
    /// done. Hands and development cards are read only through it (H1).
    pub fn acting_view(&self) -> PlayerView<'_> {
        self.game.view(self.game.to_act())
    }

    /// The seat waiting for the keyboard, while the hand-off screen shows: a person who must
    /// act and has not yet taken it (computer players need no keyboard).
    pub fn handoff(&self) -> Option<Seat> {
        let s = self.game.to_act();
        let person = self.table.level(s).is_none();
        let shared = self.sharing_offer() || self.asking_builders();
        (self.start.is_none() && !self.game.is_over() && person && self.viewer != Some(s) && !shared).then_some(s)
    }

    /// The screen the input gate guards now: a hand-off, or a shared screen every player reads
    /// (the answers to an offer, who builds).
    pub fn guarded(&self) -> Option<Screen> {
        if let Some(s) = self.handoff() {
            Some(Screen::Handoff(s))
        } else if self.sharing_offer() {
            Some(Screen::Offer)
        } else if self.asking_builders() {
            Some(Screen::Builders)
        } else {
            None
        }
    }

    /// The mode the keyboard is in.
    pub fn mode(&self) -> Mode {
        if self.howto.is_some() {
            Mode::HowTo
        } else if let Some(form) = &self.start {
            if matches!(form.row, super::start::Row::Seat(_)) { Mode::Start } else { Mode::StartRules }
        } else if self.quitting {
            Mode::Quit
        } else if self.saving.is_some() {
            Mode::SaveName
        } else if self.help {
            Mode::Help
        } else if self.game.is_over() {
            Mode::Over
        } else if self.handoff().is_some() {
            Mode::Handoff
        } else if self.sharing_offer() {
            Mode::Offer
        } else if self.asking_builders() {
            Mode::Builders
        } else if self.bot_seat().is_some() {
            Mode::Bot
        } else {
            match &self.focus {
                Focus::Idle => Mode::Turn,
                Focus::Select(_) => Mode::Select,
                Focus::Dialog(d) => d.mode(),
            }
        }
    }

    pub(super) fn refuse(&mut self, text: String) {
        let text = self.with_names(text);
        self.message = Some(Message { text, error: true });
    }

    /// A rule text with "player 2" (how the engine names a seat) replaced by the name.
    pub fn with_names(&self, mut text: String) -> String {
        for s in self.game.seats() {
            text = text.replace(&s.to_string(), &self.name(s));
        }
        text
    }

    /// The smallest terminal this screen is drawn in: the game's island's minimum, or on the
    /// start screen that of the island the rules name (the names are typed in it even when
    /// five or six of them move the game to a larger island, which is then previewed if it fits).
    pub fn min_size(&self) -> (u16, u16) {
        let topo = if self.start.is_some() { self.rules.map.topology() } else { self.game.topology() };
        ui::min_size(topo)
    }

    /// True while the terminal is smaller than the game's screen: only the "too small" notice
    /// is drawn then.
    pub fn too_small(&self) -> bool {
        let need = self.min_size();
        self.size.0 < need.0 || self.size.1 < need.1
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
            Mode::Responses => self.partner_key(key.code),
            _ => false,
        }
    }

    fn click(&mut self, col: u16, row: u16) {
        let Focus::Select(sel) = &self.focus else { return };
        if self.mode() != Mode::Select {
            return;
        }
        let areas = ui::layout(self.size, self.game.topology());
        let topo = self.game.topology();
        let Some(g) = Geometry::fit(topo, areas.board) else { return };
        if let Some(t) = g.hit(topo, &all_targets(topo, sel.purpose), col, row) {
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
            (Mode::Help, Cmd::HowTo) => (self.help, self.howto) = (false, Some(0)),
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
            (_, Cmd::LogUp) => self.log_scroll = (self.log_scroll + 5).min(self.log.len().saturating_sub(1)),
            (_, Cmd::LogDown) => self.log_scroll = self.log_scroll.saturating_sub(5),
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
            Cmd::Cancel if sel.cancellable => self.focus = Focus::Idle,
            Cmd::Cancel => {
                let text = format!("{} must be placed now", sel.purpose.noun());
                self.refuse(text);
            }
            Cmd::Confirm => {
                let (purpose, cursor, legal) = (sel.purpose, sel.cursor, sel.on_legal());
                self.last_target = Some(cursor);
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
        let Focus::Dialog(d) = &mut self.focus else { return };
        match d.on_cmd(&self.game, cmd) {
            Outcome::Stay => {}
            Outcome::Close => self.focus = Focus::Idle,
            Outcome::Act(actions) => self.apply(actions),
            Outcome::Swap(next) => self.focus = Focus::Dialog(next),
            Outcome::RobberAgain => self.focus = Focus::Select(Selection::robber(&self.game)),
            Outcome::Refuse(why) => self.refuse(why),
            Outcome::Note(text) => self.message = Some(Message { text: self.with_names(text), error: false }),
        }
    }

    /// Plays actions in order for the player at the keyboard; stops at the first refusal and
    /// says why.
    pub fn apply(&mut self, actions: Vec<Action>) {
        let viewer = self.game.to_act();
        let before = self.log.len();
        self.table.person_acted();
        if let Some(why) = self.play(actions) {
            return self.refuse(why);
        }
        self.log_scroll = 0;
        // What just happened, privately only while the same player keeps the keyboard (H1).
        let shown = if self.guarded().is_some() { None } else { Some(viewer) };
        let said = super::describe::texts(self, &self.log[before..], shown);
        if !said.is_empty() {
            self.message = Some(Message { text: said.join(" · "), error: false });
        }
    }

    /// Plays a computer player's action (the caller says what it did); a refusal comes back as
    /// the text to show. The log stays where it was scrolled to: someone may be reading it.
    pub(super) fn apply_as_bot(&mut self, action: Action) -> Result<(), String> {
        self.play(vec![action]).map_or(Ok(()), Err)
    }

    /// Plays actions in order, recorded, and sets the focus that follows; the first refusal
    /// stops it and comes back as the text to show.
    fn play(&mut self, actions: Vec<Action>) -> Option<String> {
        // A position set by hand (a test's scenario) is not the record's: it has no history to
        // save or undo, so it is played without one.
        if self.record.as_ref().is_some_and(|r| *r.game() != self.game) {
            (self.record, self.autosave, self.undoable) = (None, None, false);
        }
        let (mut refused, mut any) = (None, false);
        let logged = self.log.len();
        for a in actions {
            match self.apply_one(a) {
                Ok(()) => any = true,
                Err(why) => {
                    refused = Some(why);
                    break;
                }
            }
        }
        // Issue 15: an offer every asked player declined closes by itself, and play comes back
        // to the player who made it (a line in the log says so). Nothing is hidden by it: the
        // answers are public.
        if refused.is_none() {
            refused = self.play_table();
        }
        if refused.is_none() && self.all_declined() {
            let _ = self.apply_one(Action::CancelTrade);
        }
        // A shared screen hides every hand, and the player who acts after it takes the
        // keyboard again (H1).
        if self.sharing_offer() || self.asking_builders() {
            self.viewer = None;
        }
        if any || self.log.len() != logged {
            self.recorded();
        }
        self.sync();
        refused
    }

    /// Plays what the table settled on its shared screens as each one's moment comes: answers
    /// given to an offer, and the passes of those who do not build (R40).
    fn play_table(&mut self) -> Option<String> {
        loop {
            let logged = self.log.len();
            self.ask_builders();
            if let Some(why) = self.play_given().or_else(|| self.pass_unchosen()) {
                return Some(why);
            }
            if self.log.len() == logged {
                return None;
            }
        }
    }

    /// Plays one action, through the record when there is one (so it is logged for saves and
    /// undo); a refusal comes back as the text to show.
    pub(super) fn apply_one(&mut self, a: Action) -> Result<(), String> {
        let applied = match &mut self.record {
            Some(record) => record.apply(a).inspect(|_| self.game = *record.game()),
            None => self.game.apply(a),
        };
        match applied {
            Ok(events) => {
                self.log.extend(events);
                Ok(())
            }
            Err(RuleError::CannotAfford { what, cost }) => Err(self.cannot_afford(what, cost)),
            Err(e) => Err(e.to_string()),
        }
    }

    /// An offer is open and every player asked has declined it.
    fn all_declined(&self) -> bool {
        match self.game.phase() {
            Phase::Trade { answers, .. } => {
                answers.iter().all(|a| matches!(a, Answer::Decline | Answer::NotAsked))
                    && answers.contains(&Answer::Decline)
            }
            _ => false,
        }
    }

    /// "a city costs 2 grain, 3 ore; you have 1 grain, 0 ore": what is missing, said with
    /// the cards of the player who has the keyboard (only they see it).
    pub(super) fn cannot_afford(&self, what: &str, cost: crate::engine::Hand) -> String {
        let hand = self.acting_view().hand();
        let have: Vec<String> = cost.resources().map(|r| format!("{} {r}", hand[r])).collect();
        format!("{what} costs {cost}; you have {}", have.join(", "))
    }

    /// Sets the focus the game's phase asks for, for the player who has the keyboard.
    pub(super) fn sync(&mut self) {
        self.focus = Focus::Idle;
        self.ask_builders();
        if self.guarded().is_some() || self.game.is_over() || self.bot_seat().is_some() {
            return;
        }
        let seat = self.game.to_act();
        let near = self.last_target;
        self.focus = match self.game.phase() {
            Phase::Setup { settlement: None, .. } => {
                Focus::Select(Selection::new(&self.game, Purpose::Settlement, near, false))
            }
            Phase::Setup { .. } | Phase::RoadBuilding { .. } => {
                Focus::Select(Selection::new(&self.game, Purpose::Road, near, false))
            }
            Phase::Robber => Focus::Select(Selection::robber(&self.game)),
            Phase::Discard { remaining } => {
                Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Discard(remaining[seat.index()]))))
            }
            Phase::Trade { .. } if seat == self.game.current_player() => Focus::Dialog(Dialog::responses(&self.game)),
            Phase::Trade { .. } if self.offer_table.given(seat) == Some(super::answers::Choice::Counter) => {
                Focus::Dialog(Dialog::Composer(Composer::counter(&self.game)))
            }
            Phase::Trade { .. } => Focus::Dialog(Dialog::Answer),
            Phase::Plenty { .. } => Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Plenty))),
            Phase::Roll | Phase::Main | Phase::SpecialBuilding { .. } | Phase::Over { .. } => Focus::Idle,
        };
    }
}
