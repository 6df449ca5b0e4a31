//! Making an app: a new game at its seats, a position set by hand (a test's scenario), the
//! start screen, a game resumed from its record, and the files it is saved to. The game is
//! dealt here (`App::begin`), the seats taken (`App::take_seats`); the update is in `app.rs`.

use crate::engine::{BoardCode, Config, Event, Game, MAX_PLAYERS, SeatSet};
use crate::save::{self, Autosave, Record, SeatInfo};
use crate::tui::app::App;
use crate::tui::app::changes::Changes;
use crate::tui::screen::Screen;
use crate::tui::screen::focus::{Message, letters_for};
use crate::tui::screen::settings::Remembered;
use crate::tui::screen::start_form::{StartForm, rules_for};
use crate::tui::screen::theme::Theme;
use crate::tui::table::Table;
use crate::tui::table::files::{Files, Resume};
use crate::tui::table::played::Played;

/// How the front end starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Seed of the board, dice and cards: on no screen until the game is over (H7).
    pub seed: u64,
    /// Whether the players gave the seed (`--seed`): the host's screen then says that whoever
    /// knows it knows the dice, and no joined screen ever shows it.
    pub seed_given: bool,
    /// The island to deal on (`--board CODE`) instead of the seed's own.
    pub island: Option<BoardCode>,
    /// The players in seat order, people and computer players; `None` asks on a start screen.
    pub seats: Option<Vec<crate::save::SeatInfo>>,
    /// Capture the mouse (clicks select places, but copy and paste need a modifier key).
    pub mouse: bool,
    pub theme: Theme,
    /// A saved game to play on (`--load`, `--continue`) instead of dealing from `seed`.
    pub resume: Option<Resume>,
    /// Rules options for a new game (ignored when resuming: a save keeps its own rules).
    pub rules: crate::engine::Config,
    /// How long each computer player's move stays on screen before the next (`--bot-delay`).
    pub bot_delay: std::time::Duration,
    /// How long a computer player may think about one decision (`--bot-time`).
    pub bot_time: std::time::Duration,
    /// The start screen's remembered seats, and whether this is a first run (used only when
    /// `seats` and `resume` are `None`).
    pub remembered: Remembered,
}

/// The app the options ask for: a game dealt at the seats given, the start screen (offering the
/// last unfinished game), or a game resumed from a save, written on to its autosave in the
/// data directory.
pub(in crate::tui) fn app_for(options: Options) -> App {
    let Some(resume) = options.resume else {
        let mut app = match options.seats {
            Some(seats) => {
                let mut app = App::with_seats(options.seed, None, options.theme, options.rules);
                (app.table.seed_given, app.table.island) = (options.seed_given, options.island);
                let changes = app.begin(seats);
                app.settle_after(changes);
                app
            }
            None => {
                let mut app = App::start_screen(options.seed, options.theme, options.rules, &options.remembered);
                (app.table.seed_given, app.table.island) = (options.seed_given, options.island);
                app.preview();
                // The last unfinished game, offered as "Continue" (issue 23).
                let last = Files::from_env().autosaves.and_then(|dir| save::latest_unfinished_in(&dir));
                if let (Some(form), Some((autosave, record))) = (app.screen.start.as_mut(), last) {
                    let file = autosave.path().to_path_buf();
                    form.last = Some(Box::new(Resume { record, autosave: Some(autosave), file, note: None }));
                }
                app
            }
        };
        (app.table.delay, app.table.time) = (options.bot_delay, options.bot_time);
        (app.table.seed_given, app.table.island) = (options.seed_given, options.island);
        // `--no-bot-offers` (or the setting) holds from `--players` on, not only the start screen.
        app.table.offers_to_people = !options.remembered.no_bot_offers;
        app.set_files(Files::from_env(), None);
        return app;
    };
    let actions = resume.record.len();
    let mut app = App::from_record(resume.record, options.theme);
    (app.table.delay, app.table.time) = (options.bot_delay, options.bot_time);
    // And after `--continue` and `--load` (issue 42: 10 offers in 279 actions with it off).
    app.table.offers_to_people = !options.remembered.no_bot_offers;
    app.resume_tips(&options.remembered.tips);
    // A loaded game gets its own autosave at once, so `--continue` comes back to it.
    app.table.dirty = resume.autosave.is_none();
    app.set_files(Files::from_env(), resume.autosave);
    if app.screen.message.is_none() {
        let text = match resume.note {
            Some(note) => format!("{note} ({actions} actions)"),
            None => format!("resumed {} after {actions} actions", resume.file.display()),
        };
        app.screen.message = Some(Message { text, error: false });
    }
    app
}

impl App {
    /// Deals the island the form's players and rules will play on, when it is another than the
    /// one shown: the board is dealt first from the seed, so the start screen shows the very
    /// island of the game (a fifth name moves it to the 5-6 island, a beginner board shows it).
    pub(in crate::tui) fn preview(&mut self) {
        let Some(form) = &self.screen.start else { return };
        let players = form.named().count().clamp(4, MAX_PLAYERS) as u8;
        let config = rules_for(&self.table.rules, players);
        if config != *self.table.game().config() {
            // Rules the island can't take (a beginner board on the 5-6 island, say) keep the
            // island shown; starting the game then says why.
            if let Ok(game) = self.table.deal(config) {
                self.table.set_played(Played::Still(game));
            }
        }
    }

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
        // show the very island the game will use (`App::preview` follows the names).
        let game = Game::new(rules_for(&rules, 4), seed)
            .or_else(|_| Game::new(Config::default(), seed))
            .expect("the default configuration is valid");
        let mut table = Table::still(game, seed, Vec::new(), Vec::new());
        table.rules = rules;
        let mut screen = Screen::new(theme);
        (screen.start, screen.size) = (Some(StartForm::default()), (100, 32));
        let mut app = App { table, screen, others: Vec::new() };
        let changes = match seats {
            Some(seats) => app.begin(seats),
            None => Changes::shown(),
        };
        app.settle_after(changes);
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
        app.settle_after(Changes::sync());
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
    pub(in crate::tui) fn begin(&mut self, seats: Vec<SeatInfo>) -> Changes {
        let config = rules_for(&self.table.rules, u8::try_from(seats.len()).unwrap_or(u8::MAX));
        let (seed, given, island) = (self.table.seed, self.table.seed_given, self.table.island);
        match Record::new_dealt(config, seed, given, island, seats.clone()) {
            Ok(record) => {
                // The events of the deal (the starting rolls).
                self.table.log = record.log();
                self.table.set_played(Played::Recorded(record));
                self.take_seats(&seats);
                self.screen.start = None;
                self.start_autosave();
                Changes::sync()
            }
            Err(e) => {
                self.refuse(e.to_string());
                Changes::shown()
            }
        }
    }

    /// Seats the players: names, letters, who plays each seat. The first screen holds every
    /// person seat (a game dealt anew has no joined screens). No one holds the keyboard yet:
    /// the first person to act takes it on the hand-off screen, one person among computer
    /// players too (issue 42: an Enter from the start screen must not place a piece unseen);
    /// after that the keyboard stays theirs.
    pub(in crate::tui) fn take_seats(&mut self, seats: &[SeatInfo]) {
        self.table.names = seats.iter().map(|s| s.name.clone()).collect();
        self.table.letters = letters_for(&self.table.names);
        self.table.seat(seats);
        self.others.clear();
        self.screen.holds = self.table.humans().fold(SeatSet::default(), SeatSet::with);
        self.screen.viewer = None;
    }

    /// A resumed game's tips: the people the settings name with tips on.
    pub(in crate::tui) fn resume_tips(&mut self, tips: &[String]) {
        let names = self.table.names.clone();
        let people: Vec<crate::engine::Seat> = self.table.humans().collect();
        self.screen.coach.tips_by_name(&names, tips, |s| people.contains(&s));
    }

    /// An app to play on from a record (a loaded save): the log panel is rebuilt from the
    /// record, its computer players play on at their levels, and the person to act is asked to
    /// take the keyboard first (H1).
    pub fn from_record(record: Record, theme: Theme) -> App {
        let mut app = App::resume(record.seed(), record.seats(), *record.game(), record.log(), theme);
        (app.table.seed_given, app.table.island) = (record.seed_given(), record.island().copied());
        app.table.undoable = record.can_undo().is_ok();
        app.table.set_played(Played::Recorded(record));
        // A game loaded over has its story too (sync ran before the record was in), and its
        // computer players play (a plain game has none to arm).
        app.table.keep_story();
        app.settle();
        app
    }

    /// Sets where saves go and starts autosaving: to `autosave` if given (the game `--continue`
    /// resumed), else to a new file in `files.autosaves` once the game has begun.
    pub fn set_files(&mut self, files: Files, autosave: Option<Autosave>) {
        if files.autosaves.is_none() && autosave.is_none() {
            self.screen.message = Some(Message {
                text: "autosave is off: no data directory was found (set CATAN_DATA_DIR)".into(),
                error: true,
            });
        }
        self.table.files = files;
        self.table.autosave = autosave;
        self.start_autosave();
    }

    /// The start screen as it was left last time, with the rules `rules` (the remembered ones
    /// under the flags given) and, on a first run, the how-to-play page over it.
    pub fn start_screen(seed: u64, theme: Theme, rules: Config, remembered: &Remembered) -> App {
        let mut app = App::with_seats(seed, None, theme, rules);
        app.screen.start = Some(StartForm::remembered(remembered));
        app.table.offers_to_people = !remembered.no_bot_offers;
        if remembered.first_run {
            app.screen.howto = Some(0);
        }
        if let Some(notice) = &remembered.notice {
            app.screen.message = Some(Message { text: notice.clone(), error: true });
        }
        app.preview();
        app.settle();
        app
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotLevel;
    use crate::engine::Config;
    use crate::save::SeatInfo;
    use std::time::Duration;

    fn options(no_bot_offers: bool, resume: Option<Resume>) -> Options {
        Options {
            seed: 42,
            seed_given: true,
            island: None,
            seats: Some(vec![SeatInfo::human("Ann"), SeatInfo::bot("Bert", BotLevel::Medium), SeatInfo::human("Cy")]),
            mouse: false,
            theme: Default::default(),
            resume,
            rules: Config::with_players(3),
            bot_delay: Duration::ZERO,
            bot_time: Duration::from_millis(50),
            remembered: Remembered { no_bot_offers, ..Remembered::default() },
        }
    }

    /// Issue 42: "Bot offers to people" off held only for a game begun on the start screen;
    /// `--players`, `--continue` and `--load` had bots offer all the same.
    #[test]
    fn no_bot_offers_holds_for_players_and_for_a_resumed_game() {
        for off in [false, true] {
            assert_eq!(app_for(options(off, None)).table.offers_to_people, !off, "--players, off: {off}");
            let names = vec!["Ann".to_string(), "Bert".to_string(), "Cy".to_string()];
            let record = Record::new(Config::with_players(3), 42, names).expect("a record");
            let resume = Resume { record, autosave: None, file: "game.json".into(), note: None };
            assert_eq!(app_for(options(off, Some(resume))).table.offers_to_people, !off, "--load, off: {off}");
        }
    }
}
