//! The table: one per game, whatever number of screens look at it. It holds what every screen
//! shares: the record (the one game there is), the names, the rules, who plays each seat and the
//! computer players' moves in progress, the autosave, the public log and the state of the
//! questions every player is asked together (the answers given to an offer, who builds). What a
//! terminal alone has (the seats it holds, its focus, dialogs, scroll, help, advice, size) is
//! its [`crate::tui::screen::Screen`]; a view reads one screen and the table.
//!
//! The game changes only through [`Table::apply`] (and the undo and the positions set by hand
//! beside it), so the legal actions' cache, keyed by the position, is never stale.
//!
//! The folder is the table's: `perform.rs` plays actions and the table's own questions,
//! `played.rs` the record or a plain game, `bot_job.rs` the computer players' moves,
//! `offers.rs` and `builders.rs` the shared questions, `ahead.rs` the answers given at once on
//! the seats' own screens, `remote.rs` who plays on which screen,
//! `legal.rs` the legal actions' cache, `files.rs` where the game is saved, `game_story.rs` and
//! `stats.rs` what the game-over screen charts. Nothing here imports a screen or a view.

pub mod ahead;
pub mod bot_job;
pub mod builders;
pub mod files;
pub mod game_story;
pub mod legal;
pub mod log_words;
pub mod offers;
pub mod perform;
pub mod played;
pub mod remote;
pub mod stats;

use std::path::Path;
use std::rc::Rc;
use std::sync::mpsc::{self, TryRecvError};
use std::time::{Duration, Instant};

use crate::bots::{self, Bot, BotLevel};
use crate::engine::{Action, Answer, BoardCode, Config, Event, Game, Phase, PlayerView, RuleError, Seat};
use crate::save::{Autosave, Record, SeatInfo, SeatKind, UndoRefusal};
use crate::tui::table::ahead::Ahead;
use crate::tui::table::bot_job::{DEFAULT_DELAY, DEFAULT_TIME, Job, bot_seed, survive_panics, table_bot};
use crate::tui::table::builders::Builders;
use crate::tui::table::files::Files;
use crate::tui::table::game_story::StoryChart;
use crate::tui::table::legal::Legal;
use crate::tui::table::offers::OfferTable;
use crate::tui::table::played::Played;
use crate::tui::table::remote::Remote;

/// One game at one table: the state every screen shares.
pub struct Table {
    /// The game: the record's while a game is played (the only game there is then), else a
    /// plain one ([`Table::game`], [`Table::record`]).
    played: Played,
    /// The seed of every draw: on no screen until the game is over (H7).
    pub seed: u64,
    /// Whether the players gave the seed (`--seed`): whoever knows it knows the dice, so it is
    /// never shown on a joined screen.
    pub seed_given: bool,
    /// The island to deal new games on, when it came from a board code (`--board`).
    pub island: Option<BoardCode>,
    /// The rules options new games are dealt with (the start screen shows them; the player
    /// count comes from the names).
    pub rules: Config,
    pub names: Vec<String>,
    /// One letter per player, shown on their pieces.
    pub letters: Vec<char>,
    /// Every event since the deal, shown through `Event::describe` for each screen's viewer.
    pub log: Vec<Event>,
    /// Who plays each seat, in seat order.
    pub(crate) kinds: Vec<SeatKind>,
    /// The program that plays each seat, if one does (`prog:COMMAND`, issue 50); the seat's
    /// kind is the computer player that takes over when it fails, and its entry is then
    /// cleared, so the program is not started again.
    pub(crate) programs: Vec<Option<crate::protocol::ProgramSpec>>,
    /// Each bot seat's player, made when first needed; `None` while lent to a thread.
    pub(in crate::tui) bots: Vec<Option<Box<dyn Bot>>>,
    /// How long a bot move stays on screen before the next.
    pub delay: Duration,
    /// Each decision's time budget ([`Bot::set_time`]).
    pub time: Duration,
    pub(in crate::tui) job: Option<Job>,
    /// When the last bot move was shown; `None` after a person's move or a skip.
    pub(in crate::tui) shown_at: Option<Instant>,
    /// The last bot move, highlighted on the island until the next move (where it was made).
    pub(in crate::tui) last: Option<Action>,
    /// The turn in which a bot last offered a trade, and which: each offer asks every person
    /// at the table for an answer, so at the table a bot offers once a turn (issue 23; the
    /// arena keeps the bots' own limit).
    pub(in crate::tui) offered: Option<(u32, Seat)>,
    /// Whether bots may offer trades to the people at the table (a setting: the start screen
    /// and settings.json; on by default). Off, bots offer only to one another.
    pub offers_to_people: bool,
    /// The answers given on the shared trade-answer screen (`app/keys.rs` gives them).
    pub offer_table: OfferTable,
    /// Who builds in the Special Building Phase after the last turn (asked on each builder's screen).
    pub builders: Option<Builders>,
    /// The answers seats on their own screens gave ahead of their turn (a discard, an answer
    /// to an offer: everyone is asked at once, `ahead.rs`).
    pub ahead: Ahead,
    /// Where saves and autosaves go.
    pub files: Files,
    /// The file rewritten after every action, once the game has one.
    pub autosave: Option<Autosave>,
    /// The record changed since the last autosave.
    pub(in crate::tui) dirty: bool,
    /// Whether `u` would take the last action back (kept: it costs a replay).
    pub undoable: bool,
    /// The legal actions of the position, worked out once a position and shared.
    legal: Legal,
    /// The game's story, charted once the game is over (or the replay viewer opens): worked
    /// out once from the record, never per frame.
    pub story: Option<StoryChart>,
    /// The person seats played from other terminals, and how each is doing (`catan host`).
    pub remote: Remote,
}

impl Table {
    /// A table showing a game that is looked at, not played: no seats, no record.
    pub fn still(game: Game, seed: u64, names: Vec<String>, letters: Vec<char>) -> Table {
        Table {
            played: Played::Still(game),
            seed,
            seed_given: false,
            island: None,
            rules: *game.config(),
            names,
            letters,
            log: Vec::new(),
            kinds: Vec::new(),
            programs: Vec::new(),
            bots: Vec::new(),
            delay: DEFAULT_DELAY,
            time: DEFAULT_TIME,
            job: None,
            shown_at: None,
            last: None,
            offered: None,
            offers_to_people: true,
            offer_table: OfferTable::default(),
            builders: None,
            ahead: Ahead::default(),
            files: Files::default(),
            autosave: None,
            dirty: false,
            undoable: false,
            legal: Legal::default(),
            story: None,
            remote: Remote::default(),
        }
    }

    /// The game shown (the record's while a game is played).
    pub fn game(&self) -> &Game {
        self.played.game()
    }

    /// The game with its history (seed, rules, names, every action): what saves, autosaves and
    /// undo work from. `None` on the start screen and in the replay viewer.
    pub fn record(&self) -> Option<&Record> {
        self.played.record()
    }

    /// Plays one action: through the record when there is one, so it is kept for saves and
    /// undo; its events come back. The one place a game is played on.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let events = self.played.apply(action)?;
        // A program seat's log follows the game (our bots ignore it).
        for bot in self.bots.iter_mut().flatten() {
            bot.observe(&events);
        }
        Ok(events)
    }

    /// Puts the table on another game: a new deal, a loaded record, a replay's step.
    /// A new game of `config` from the table's seed, on its island when it has one (a board
    /// code the rules don't fit deals from the seed).
    pub(in crate::tui) fn deal(&self, config: Config) -> Result<Game, crate::engine::ConfigError> {
        match &self.island {
            Some(code) if code.fits(&config).is_ok() => Game::new_on(config, self.seed, code),
            _ => Game::new(config, self.seed),
        }
    }

    /// The island's board code as the players see it during play (H7): it deals the same island
    /// again (`catan --board CODE`) and says nothing about the draws.
    pub fn board_code(&self) -> String {
        BoardCode::of(self.game()).to_string()
    }

    /// Whether this screen may show the seed: once the game is over, and on a joined screen
    /// only when the seed was not given (a given seed may be one of many games).
    pub fn seed_shown(&self, joined: bool) -> bool {
        matches!(self.game().phase(), Phase::Over { .. }) && !(joined && self.seed_given)
    }

    pub(in crate::tui) fn set_played(&mut self, played: Played) {
        self.played = played;
    }

    /// Sets a position by hand (a test's scenario; see `Played::set_by_hand`).
    pub(in crate::tui) fn set_by_hand(&mut self, game: Game) {
        self.played.set_by_hand(game);
    }

    /// Leaves the record under a position set by hand (`Played::leave_hand`).
    pub(in crate::tui) fn leave_hand(&mut self) -> bool {
        self.played.leave_hand()
    }

    /// Takes back the last action of the record (`Played::undo`).
    pub(in crate::tui) fn undo(&mut self) -> Option<Result<Action, UndoRefusal>> {
        self.played.undo()
    }

    /// The file the game is autosaved to.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(Autosave::path)
    }

    /// The legal actions of the position (computed at most once per position, see `Legal`).
    pub fn legal(&self) -> Rc<[Action]> {
        self.legal.of(self.game())
    }

    /// A player's name.
    pub fn name(&self, s: Seat) -> String {
        self.names.get(s.index()).cloned().unwrap_or_else(|| s.to_string())
    }

    /// The name shown in the players panel and the footer: "Cy (hard)" for a bot, "Cy (prog
    /// seat_bot.py)" for a program, the name alone for a person.
    pub fn label(&self, s: Seat) -> String {
        match self.player_kind(s) {
            Some(kind) => format!("{} ({kind})", self.name(s)),
            None => self.name(s),
        }
    }

    /// What plays seat `s`, in a word or two: a bot's level ("hard"), a program's name ("prog
    /// seat_bot.py", issue 50); `None` for a person.
    pub fn player_kind(&self, s: Seat) -> Option<String> {
        if let Some(Some(program)) = self.programs.get(s.index()) {
            return Some(format!("prog {}", program.label()));
        }
        self.level(s).map(|l| l.to_string())
    }

    /// A rule text with "player 2" (how the engine names a seat) replaced by the name.
    pub fn with_names(&self, mut text: String) -> String {
        for s in self.game().seats() {
            text = text.replace(&s.to_string(), &self.name(s));
        }
        text
    }

    /// What the player who must act may see. Hands and development cards are read only
    /// through a seat's view (H1); a screen shows it only to the seat holding its keyboard.
    pub fn acting_view(&self) -> PlayerView<'_> {
        self.game().view(self.game().to_act())
    }

    /// A development card can be played now by the player who must act.
    pub fn can_play_card(&self) -> bool {
        self.legal().iter().any(|a| {
            matches!(
                a,
                Action::PlayKnight | Action::PlayRoadBuilding | Action::PlayYearOfPlenty(..) | Action::PlayMonopoly(_)
            )
        })
    }

    /// The person whose letter was pressed on the shared answer screen.
    pub fn offer_table_picked(&self) -> Option<Seat> {
        self.offer_table.picked
    }

    /// The people the open offer still waits for, in turn order.
    pub fn offer_waiting(&self) -> Vec<Seat> {
        let Phase::Trade { answers, .. } = self.game().phase() else { return Vec::new() };
        let n = self.game().num_players() as u8;
        let first = self.game().current_player().0;
        (0..n)
            .map(|i| Seat((first + i) % n))
            .filter(|s| answers[s.index()] == Answer::Pending && self.level(*s).is_none())
            .collect()
    }

    /// Seats these players (dropping any bot of a game before).
    pub(crate) fn seat(&mut self, seats: &[SeatInfo]) {
        self.kinds = seats.iter().map(|s| s.kind).collect();
        self.programs = seats.iter().map(|s| s.program.clone()).collect();
        self.bots = seats.iter().map(|_| None).collect();
        (self.job, self.shown_at, self.last, self.offered) = (None, None, None, None);
    }

    /// Whether the bot at `s` may still offer a trade in turn `turn`: once a turn at the table.
    pub fn may_offer(&self, s: Seat, turn: u32) -> bool {
        self.offered != Some((turn, s))
    }

    /// Tells a bot who at the table are people and whether it may offer them trades.
    pub(in crate::tui) fn brief(&self, bot: &mut dyn Bot) {
        let people = self.humans().fold(crate::engine::SeatSet::default(), crate::engine::SeatSet::with);
        bot.set_people(people, self.offers_to_people);
    }

    /// A bot has decided its move, which waits to be played.
    pub fn decided(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.action.is_some())
    }

    /// The level of the bot at `s`; `None` for a person.
    pub fn level(&self, s: Seat) -> Option<BotLevel> {
        self.kinds.get(s.index()).and_then(|k| k.bot_level())
    }

    /// The seats people play.
    pub fn humans(&self) -> impl Iterator<Item = Seat> + '_ {
        self.kinds.iter().enumerate().filter(|(_, k)| **k == SeatKind::Human).map(|(i, _)| Seat(i as u8))
    }

    /// Forgets the highlighted bot move (a person has acted since).
    pub(in crate::tui) fn person_acted(&mut self) {
        (self.shown_at, self.last) = (None, None);
    }

    /// The last bot move, while the island highlights it.
    pub fn last_bot_move(&self) -> Option<Action> {
        self.last
    }
}

/// The computer players' moves at the table (`bot_job.rs` has the worker thread's `Job`).
impl Table {
    /// The computer player to act, if one is: a game is being played (it has a record), not
    /// over, and its seat to act is a bot's. The same for every screen.
    pub fn bot_to_act(&self) -> Option<Seat> {
        let g = self.game();
        let s = g.to_act();
        (self.record().is_some() && !g.is_over() && self.level(s).is_some()).then_some(s)
    }

    /// Arms the bots' turn for `seat` (the bot to act, as the screens settled it): its player
    /// starts thinking on a worker thread at once; a move worked out for another seat or
    /// position is dropped. True when a bot started thinking.
    pub(in crate::tui) fn arm(&mut self, seat: Option<Seat>) -> bool {
        let Some(seat) = seat else {
            self.drop_job();
            return false;
        };
        let at = self.record().map_or(0, |r| r.len());
        if self.job.as_ref().is_some_and(|j| j.seat != seat || j.at != at) {
            self.drop_job();
        }
        if self.job.is_some() {
            return false;
        }
        self.think(seat, at);
        true
    }

    /// Takes the thinking bot's decision if it has come (waiting for it when `wait`): whether it
    /// came now, and what to say if the bot failed (it panicked): it is replaced by a random
    /// legal move that keeps the game going, and the seat gets a new bot for its next decision.
    pub(in crate::tui) fn poll_job(&mut self, wait: bool) -> (bool, Option<String>) {
        let (seed, game) = (self.seed, *self.game());
        let Some(job) = self.job.as_mut() else { return (false, None) };
        if job.action.is_some() {
            return (false, None);
        }
        let seat = job.seat;
        let answer = if wait { job.rx.recv().map_err(|_| TryRecvError::Disconnected) } else { job.rx.try_recv() };
        match answer {
            Ok(Ok((mut bot, action))) => {
                job.action = Some(action);
                // A program seat that failed says so once, and is not started again.
                let notice = bot.take_notice();
                if notice.is_some()
                    && let Some(program) = self.programs.get_mut(seat.index())
                {
                    *program = None;
                }
                self.bots[seat.index()] = Some(bot);
                (true, notice)
            }
            Err(TryRecvError::Empty) => (false, None),
            failed => {
                let why = match failed {
                    Ok(Err(why)) => why,
                    _ => "it stopped".into(),
                };
                let mut stand_in = bots::make(BotLevel::Random, bot_seed(seed, seat) ^ job.at as u64);
                job.action = Some(stand_in.choose(game.acting_view()));
                (true, Some(format!("{}'s computer player failed ({why}): a random move instead", self.name(seat))))
            }
        }
    }

    /// Lends the seat's bot to a worker thread with a copy of the game.
    fn think(&mut self, seat: Seat, at: usize) {
        let level = self.level(seat).expect("a bot seat");
        let made = self.bots[seat.index()].take();
        let fresh = made.is_none();
        let mut bot = made.unwrap_or_else(|| match self.programs.get(seat.index()) {
            Some(Some(spec)) => {
                let mut bot =
                    crate::protocol::ProgramBot::new(spec.clone(), seat, self.names.clone(), bot_seed(self.seed, seat));
                bot.set_time(self.time);
                bot.set_offers(true);
                Box::new(bot)
            }
            _ => table_bot(level, bot_seed(self.seed, seat), self.time),
        });
        bot.set_offers(self.may_offer(seat, self.game().turn_number()));
        self.brief(bot.as_mut());
        if fresh {
            // A bot made for a game played on remembers its offers as the one before did.
            bot.recall_offers(seat, &self.log);
        }
        let game = *self.game();
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new().name(format!("bot {}", seat.index() + 1)).spawn(move || {
            survive_panics();
            let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bot.choose(game.acting_view())));
            let answer = chosen.map(|action| (bot, action)).map_err(|panic| {
                let text = panic.downcast_ref::<&str>().map(|s| s.to_string());
                text.or_else(|| panic.downcast_ref::<String>().cloned()).unwrap_or_else(|| "a panic".into())
            });
            // The receiver is gone when the game moved on or quit: nothing to do then.
            let _ = tx.send(answer);
        });
        let (tx_failed, rx_failed) = mpsc::channel();
        let rx = match spawned {
            Ok(_) => rx,
            Err(e) => {
                // No thread: the job fails at once, and the poll says why.
                let _ = tx_failed.send(Err(format!("no thread for the computer player: {e}")));
                rx_failed
            }
        };
        self.job = Some(Job { seat, at, rx, action: None });
    }

    /// Abandons the move in progress: its thread finishes on its own, and the seat gets a new
    /// bot when next needed.
    pub(in crate::tui) fn drop_job(&mut self) {
        if let Some(job) = self.job.take()
            && job.action.is_none()
        {
            self.bots[job.seat.index()] = None;
        }
    }
}
