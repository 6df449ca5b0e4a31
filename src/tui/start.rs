//! The start screen's form and its keys: the seats (a name, a person or a computer player and
//! its level), the rules options of RULES.md that flags set, and the house-rule modules this
//! version plays. Names are checked as everywhere a name enters ([`crate::text::check_names`]);
//! pasted text only ever types. What the screen looks like is in `start_view.rs`; the choices
//! are remembered for next time in `settings.rs`.

use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::{App, Message};
use super::keymap::{self, Cmd, Mode};
use super::settings::{Remembered, Settings};
use crate::bots::BotLevel;
use crate::engine::{BoardKind, Config, Costs, Game, MAX_PLAYERS, Module, Modules, Shortage, TurnStyle};
use crate::save::{DEFAULT_BOT, SeatInfo};

/// The fewest names a game starts with.
pub const MIN_PLAYERS: usize = 2;

/// The rules of a game for `players` players: `rules` with the options that follow the player
/// count (the island, its bank and deck, how turns run) taken as [`Config::with_players`] gives
/// them for that count, unless `rules` set them otherwise than the default for its own count.
/// So five or six names typed on the start screen play on the 5-6 island with its 24 cards of
/// each resource and 34 development cards, while a rule chosen on the command line stays.
pub fn rules_for(rules: &Config, players: u8) -> Config {
    fn follow<T: PartialEq>(chosen: T, default_then: T, default_now: T) -> T {
        if chosen == default_then { default_now } else { chosen }
    }
    let (then, now) = (Config::with_players(rules.players), Config::with_players(players));
    Config {
        players,
        map: follow(rules.map, then.map, now.map),
        bank: follow(rules.bank, then.bank, now.bank),
        deck: follow(rules.deck, then.deck, now.deck),
        turns: follow(rules.turns, then.turns, now.turns),
        ..*rules
    }
}

/// One seat on the start screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatEntry {
    pub name: String,
    /// `None` for a person.
    pub bot: Option<BotLevel>,
    /// The name was given by the form (a computer player's seat name): typing replaces it.
    pub auto: bool,
}

/// A row of the form, where the cursor can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Seat(usize),
    Target,
    Board,
    DesertCenter,
    StrictPhases,
    Shortage,
    DiscardLimit,
    FriendlyRobber,
    Paired,
    Module(Module),
    Start,
    /// The last unfinished game, resumed as `--continue` does (issue 23).
    Continue,
}

/// The rules options of the form, in order.
pub const OPTIONS: [Row; 8] = [
    Row::Target,
    Row::Board,
    Row::DesertCenter,
    Row::StrictPhases,
    Row::Shortage,
    Row::DiscardLimit,
    Row::FriendlyRobber,
    Row::Paired,
];

/// The house-rule modules offered: every one this version can play, in the order of RULES.md.
pub fn offered_modules() -> impl Iterator<Item = Module> {
    Module::ALL.into_iter().filter(|&m| Modules::AVAILABLE.has(m))
}

/// The start screen: the seats so far and the row the cursor is on (the rules themselves are
/// the app's [`App::rules`]).
#[derive(Clone, Debug, PartialEq)]
pub struct StartForm {
    pub seats: Vec<SeatEntry>,
    pub row: Row,
    /// Where the choices are remembered when the game starts.
    pub file: Option<PathBuf>,
    /// The last unfinished game (its autosave's lock held), offered as "Continue".
    pub last: Option<Box<super::Resume>>,
}

impl Default for StartForm {
    fn default() -> StartForm {
        StartForm { seats: vec![SeatEntry::default()], row: Row::Seat(0), file: None, last: None }
    }
}

impl StartForm {
    /// The form as it was left last time: the remembered seats, the cursor on "start"; or one
    /// empty seat to type the first name into.
    pub fn remembered(r: &Remembered) -> StartForm {
        let seats: Vec<SeatEntry> =
            r.seats.iter().map(|s| SeatEntry { name: s.name.clone(), bot: s.kind.bot_level(), auto: false }).collect();
        match seats.len() {
            0 => StartForm { file: r.file.clone(), ..StartForm::default() },
            _ => StartForm { seats, row: Row::Start, file: r.file.clone(), last: None },
        }
    }

    /// Every row, top to bottom.
    pub fn rows(&self) -> Vec<Row> {
        let seats = (0..self.seats.len()).map(Row::Seat);
        let last = self.last.is_some().then_some(Row::Continue);
        seats.chain(OPTIONS).chain(offered_modules().map(Row::Module)).chain([Row::Start]).chain(last).collect()
    }

    /// The seats with a name: the players, as far as they are typed.
    pub fn named(&self) -> impl Iterator<Item = &SeatEntry> {
        self.seats.iter().filter(|s| !s.name.trim().is_empty())
    }

    /// The names of the seats with one, in seat order.
    pub fn names(&self) -> Vec<String> {
        self.named().map(|s| s.name.trim().to_string()).collect()
    }

    /// The name under the cursor, while it is on a seat.
    pub fn typing(&self) -> Option<&str> {
        match self.row {
            Row::Seat(i) => self.seats.get(i).map(|s| s.name.as_str()),
            _ => None,
        }
    }

    /// The seat under the cursor, if it is on one.
    pub fn seat(&mut self) -> Option<&mut SeatEntry> {
        match self.row {
            Row::Seat(i) => self.seats.get_mut(i),
            _ => None,
        }
    }

    /// Types one character into the name under the cursor: up to
    /// [`MAX_NAME_CHARS`](crate::text::MAX_NAME_CHARS), and only characters a name may hold
    /// (the others can never be in a name, so they are ignored). A name the form gave a
    /// computer player is replaced by what is typed.
    pub fn type_char(&mut self, c: char) {
        let Some(seat) = self.seat() else { return };
        if seat.auto {
            seat.name.clear();
            seat.auto = false;
        }
        if !crate::text::is_unprintable(c) && seat.name.chars().count() < crate::text::MAX_NAME_CHARS {
            seat.name.push(c);
        }
    }

    /// A name for a computer player at seat `i` that no other seat has, nor its initial: the
    /// names `--players N` gives, the seat's own first.
    fn free_name(&self, i: usize) -> String {
        const POOL: [&str; 6] = ["Anna", "Bert", "Cleo", "Dirk", "Emma", "Finn"];
        let initial = |n: &str| n.chars().next().map(|c| c.to_lowercase().to_string());
        let others: Vec<&str> =
            self.seats.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, s)| s.name.trim()).collect();
        let free = |n: &str| {
            !others.iter().any(|o| crate::text::same_name(o, n) || (!o.is_empty() && initial(o) == initial(n)))
        };
        POOL.get(i)
            .filter(|n| free(n))
            .or_else(|| POOL.iter().find(|n| free(n)))
            .map_or_else(|| format!("Bot {}", i + 1), |n| n.to_string())
    }

    /// Moves the cursor `by` rows, staying on the form.
    fn step(&mut self, by: isize) {
        let rows = self.rows();
        let at = rows.iter().position(|r| *r == self.row).unwrap_or(0);
        // Round the ends: up from the first seat reaches "Continue" (or "Start") at once.
        self.row = rows[(at as isize + by).rem_euclid(rows.len() as isize) as usize];
    }
}

/// The next value in `all` after (or before, `by` = -1) `now`, going round.
fn cycle<T: Copy + PartialEq>(all: &[T], now: T, by: isize) -> T {
    let at = all.iter().position(|x| *x == now).unwrap_or(0) as isize;
    all[(at + by).rem_euclid(all.len() as isize) as usize]
}

impl App {
    /// The start screen as it was left last time, with the rules `rules` (the remembered ones
    /// under the flags given) and, on a first run, the how-to-play page over it.
    pub fn start_screen(seed: u64, theme: super::Theme, rules: Config, remembered: &Remembered) -> App {
        let mut app = App::with_seats(seed, None, theme, rules);
        app.start = Some(StartForm::remembered(remembered));
        if remembered.first_run {
            app.howto = Some(0);
        }
        if let Some(notice) = &remembered.notice {
            app.message = Some(Message { text: notice.clone(), error: true });
        }
        app.preview();
        app
    }

    /// Deals the island the form's players and rules will play on, when it is another than the
    /// one shown: the board is dealt first from the seed, so the start screen shows the very
    /// island of the game (a fifth name moves it to the 5-6 island, a beginner board shows it).
    pub(super) fn preview(&mut self) {
        let Some(form) = &self.start else { return };
        let players = form.named().count().clamp(4, MAX_PLAYERS) as u8;
        let config = rules_for(&self.rules, players);
        if config != *self.game.config() {
            // Rules the island can't take (a beginner board on the 5-6 island, say) keep the
            // island shown; starting the game then says why.
            if let Ok(game) = Game::new(config, self.seed) {
                self.game = game;
            }
        }
    }

    /// Pasted text goes only where text is typed: the start screen's name (what a name may
    /// hold) and the save prompt (character by character, as if typed). Anywhere else it is
    /// dropped: a paste must not play its letters as commands.
    pub(super) fn paste(&mut self, text: &str) {
        match self.mode() {
            Mode::Start => {
                if let Some(form) = self.start.as_mut() {
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
    }

    /// Resumes the last unfinished game offered on the start screen, as `--continue` does:
    /// its autosave is written on, and the player to act takes the keyboard first.
    fn continue_last(&mut self) {
        let Some(resume) = self.start.as_mut().and_then(|f| f.last.take()) else { return };
        let file = resume.file.display().to_string();
        let actions = resume.record.len();
        let mut app = App::from_record(resume.record, self.theme);
        (app.table.delay, app.table.time) = (self.table.delay, self.table.time);
        app.size = self.size;
        app.set_files(self.files.clone(), resume.autosave);
        app.message = Some(Message { text: format!("resumed {file} after {actions} actions"), error: false });
        *self = app;
    }

    /// A key on the start screen: a command of its table, or on a seat a character typed.
    pub(super) fn start_key(&mut self, key: KeyEvent) {
        let mode = self.mode();
        match keymap::lookup(mode, key) {
            Some(cmd) => self.start_command(cmd),
            None => match key.code {
                KeyCode::Char(c) if mode == Mode::Start && !key.modifiers.contains(KeyModifiers::CONTROL) => {
                    if let Some(form) = self.start.as_mut() {
                        form.type_char(c);
                    }
                }
                _ => {}
            },
        }
        self.preview();
    }

    fn start_command(&mut self, cmd: Cmd) {
        let Some(form) = self.start.as_mut() else { return };
        match (form.row, cmd) {
            (_, Cmd::Quit) => self.done = true,
            (_, Cmd::HowTo) => self.howto = Some(0),
            (_, Cmd::Up) => form.step(-1),
            (_, Cmd::Down) => form.step(1),
            (Row::Seat(i), Cmd::Confirm) => self.seat_enter(i),
            (Row::Continue, Cmd::Confirm) => self.continue_last(),
            (_, Cmd::Confirm) => self.start_game(),
            (Row::Seat(i), Cmd::Toggle) => {
                let name = form.free_name(i);
                let seat = &mut form.seats[i];
                match seat.bot {
                    Some(_) => {
                        seat.bot = None;
                        if seat.auto {
                            (seat.name, seat.auto) = (String::new(), false);
                        }
                    }
                    None => {
                        seat.bot = Some(DEFAULT_BOT);
                        if seat.name.trim().is_empty() {
                            (seat.name, seat.auto) = (name, true);
                        }
                    }
                }
            }
            (Row::Seat(i), Cmd::Left | Cmd::Right) => {
                let by = if cmd == Cmd::Left { -1 } else { 1 };
                match form.seats[i].bot {
                    Some(level) => {
                        let at = BotLevel::ALL.iter().position(|l| *l == level).unwrap_or(0);
                        let to = at.saturating_add_signed(by).min(BotLevel::ALL.len() - 1);
                        form.seats[i].bot = Some(BotLevel::ALL[to]);
                    }
                    None => self.refuse("a person's seat: Tab makes it a computer player's".into()),
                }
            }
            (Row::Seat(i), Cmd::Less) => {
                let seat = &mut form.seats[i];
                seat.auto = false;
                if seat.name.pop().is_none() && form.seats.len() > 1 {
                    // On an empty seat, go back into the name before it (issue 15: Backspace
                    // deletes a character, never a whole name).
                    form.seats.remove(i);
                    form.row = Row::Seat(i.saturating_sub(1));
                }
            }
            (Row::Seat(i), Cmd::Remove) => {
                form.seats.remove(i);
                if form.seats.is_empty() {
                    form.seats.push(SeatEntry::default());
                }
                form.row = Row::Seat(i.min(form.seats.len() - 1));
            }
            (row, Cmd::Left | Cmd::Right | Cmd::Next) => {
                let by = if cmd == Cmd::Left { -1 } else { 1 };
                let players = form.named().count().max(MIN_PLAYERS) as u8;
                self.rules = change(&self.rules, row, by, players);
            }
            _ => {}
        }
    }

    /// Enter on seat `i`: on to the next seat (a new one after the last, up to six) once the
    /// name is good; on an empty last seat, the game starts.
    fn seat_enter(&mut self, i: usize) {
        let Some(form) = self.start.as_mut() else { return };
        let last = i + 1 == form.seats.len();
        if form.seats[i].name.trim().is_empty() {
            if last && form.named().count() >= MIN_PLAYERS {
                self.start_game();
            } else if last {
                self.refuse(format!("type at least {MIN_PLAYERS} names"));
            } else {
                self.refuse(format!("seat {} has no name: type one, or Del removes the seat", i + 1));
            }
            return;
        }
        let names: Vec<String> = form.named().map(|s| s.name.trim().to_string()).collect();
        if let Err(e) = crate::text::check_names(&names) {
            // The same words as everywhere a name enters (--players, a loaded save).
            return self.refuse(e.to_string());
        }
        form.row = match (last, form.seats.len() < MAX_PLAYERS) {
            (false, _) => Row::Seat(i + 1),
            (true, true) => {
                form.seats.push(SeatEntry::default());
                Row::Seat(i + 1)
            }
            (true, false) => Row::Start,
        };
    }

    /// Starts the game with the named seats (empty ones are left out) and the rules shown, and
    /// remembers them for next time. What can't start is said, and the form stays.
    fn start_game(&mut self) {
        let Some(form) = self.start.as_ref() else { return };
        let seats: Vec<SeatInfo> = form
            .named()
            .map(|s| {
                let name = s.name.trim().to_string();
                match s.bot {
                    Some(level) => SeatInfo::bot(name, level),
                    None => SeatInfo::human(name),
                }
            })
            .collect();
        if seats.len() < MIN_PLAYERS {
            return self.refuse(format!("type at least {MIN_PLAYERS} names"));
        }
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        if let Err(e) = crate::text::check_names(&names) {
            return self.refuse(e.to_string());
        }
        let file = form.file.clone();
        let rules = rules_for(&self.rules, seats.len() as u8);
        if let Err(e) = rules.validate() {
            return self.refuse(e.to_string());
        }
        let settings = Settings::from_rules(&rules, seats.clone());
        self.begin(seats);
        if self.start.is_none()
            && let Some(file) = file
            && let Err(e) = settings.save(&file)
        {
            self.message = Some(Message { text: format!("settings not remembered: {e}"), error: true });
        }
    }
}

/// `rules` with the option on `row` changed one step (`by` = -1 back): numbers count, choices
/// go round, switches switch. `players` bounds the target (the most points a game can give).
fn change(rules: &Config, row: Row, by: isize, players: u8) -> Config {
    let mut r = *rules;
    match row {
        Row::Target => {
            let max = rules_for(rules, players).max_points();
            r.target = r.target.saturating_add_signed(by as i8).clamp(3, max);
        }
        Row::Board => r.board = cycle(&[BoardKind::Variable, BoardKind::Beginner, BoardKind::Random], r.board, by),
        Row::DesertCenter => r.desert_center = !r.desert_center,
        Row::StrictPhases => r.strict_phases = !r.strict_phases,
        Row::Shortage => {
            r.shortage = cycle(&[Shortage::Official, Shortage::NoneAtAll, Shortage::TurnOrder], r.shortage, by)
        }
        Row::DiscardLimit => r.discard_limit = r.discard_limit.saturating_add_signed(by as i8).clamp(2, 20),
        Row::FriendlyRobber => r.friendly_robber = !r.friendly_robber,
        Row::Paired => {
            r.turns = match r.turns {
                TurnStyle::Paired => Config::with_players(r.players).turns,
                _ => TurnStyle::Paired,
            }
        }
        Row::Module(m) => {
            let modules = Modules(r.modules.0 ^ m.bit());
            r = Config { costs: Costs::BASE, ..r }.with_modules(modules);
            // A target the new rules can't give (no more awards) comes down to what they can.
            r.target = r.target.min(rules_for(&r, players).max_points());
        }
        Row::Seat(_) | Row::Start | Row::Continue => {}
    }
    r
}
