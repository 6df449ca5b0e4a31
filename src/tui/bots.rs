//! Computer players at the table (issue 14): who plays each seat, a bot's choice worked out on a
//! worker thread so the screen never freezes, and the pace of its moves.
//!
//! When a bot must act, its [`Bot`] is lent to a thread with a copy of the game (a `Game` is
//! `Copy`), which sends the action back through a channel with the bot. The terminal loop
//! polls [`App::tick`] meanwhile: q, ?, the log keys and resizes keep working, and quitting
//! never waits for a search (the thread is left to finish on its own; the process ends anyway).
//! Each move stays on screen, highlighted on the island, for the `--bot-delay` before the next
//! is played; any key that means nothing else skips ahead. The next bot thinks during that time.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use super::app::{App, Message};
use super::keymap::Mode;
use super::select::{Purpose, Selection, Target};
use crate::bots::{self, Bot, BotLevel};
use crate::engine::{Action, Seat};
use crate::save::{SeatInfo, SeatKind};

/// How long each bot move stays on screen by default (`--bot-delay`).
pub const DEFAULT_DELAY: Duration = Duration::from_millis(600);
/// How long a bot may think about one decision by default (`--bot-time`).
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);
/// How often the terminal loop looks whether a thinking bot has decided.
const POLL: Duration = Duration::from_millis(20);

/// A bot for a seat at the table: it keeps to the table's time budget and may offer the
/// players domestic trades ([`Bot::set_offers`]; one a turn at the table, see
/// [`Table::may_offer`]).
fn table_bot(level: BotLevel, seed: u64, time: Duration) -> Box<dyn Bot> {
    let mut bot = bots::make(level, seed);
    bot.set_time(time);
    bot.set_offers(true);
    bot
}

/// What a bot's thread sends back: the bot and its action, or why it failed (its panic's
/// message).
type Answer = Result<(Box<dyn Bot>, Action), String>;

/// A decision being worked out (or made and waiting for its moment).
struct Job {
    seat: Seat,
    /// The record's length when the bot started: a job for another position is stale.
    at: usize,
    rx: Receiver<Answer>,
    /// The action, once the bot has decided.
    action: Option<Action>,
}

/// Who plays each seat, the bots themselves, and the bot move in progress.
pub struct Table {
    /// Who plays each seat, in seat order.
    pub(super) kinds: Vec<SeatKind>,
    /// Each bot seat's player, made when first needed; `None` while lent to a thread.
    bots: Vec<Option<Box<dyn Bot>>>,
    /// How long a bot move stays on screen before the next.
    pub delay: Duration,
    /// Each decision's time budget ([`Bot::set_time`]).
    pub time: Duration,
    job: Option<Job>,
    /// When the last bot move was shown; `None` after a person's move or a skip.
    shown_at: Option<Instant>,
    /// The last bot move and where it was made, highlighted on the island until the next move.
    last: Option<(Action, Option<Selection>)>,
    /// The turn in which a bot last offered a trade, and which: each offer asks every person
    /// at the table for an answer, so at the table a bot offers once a turn (issue 23; the
    /// arena keeps the bots' own limit).
    offered: Option<(u32, Seat)>,
}

impl Default for Table {
    fn default() -> Table {
        Table {
            kinds: Vec::new(),
            bots: Vec::new(),
            delay: DEFAULT_DELAY,
            time: DEFAULT_TIME,
            job: None,
            shown_at: None,
            last: None,
            offered: None,
        }
    }
}

impl Table {
    /// Seats these players (dropping any bot of a game before).
    pub(super) fn seat(&mut self, seats: &[SeatInfo]) {
        self.kinds = seats.iter().map(|s| s.kind).collect();
        self.bots = seats.iter().map(|_| None).collect();
        (self.job, self.shown_at, self.last, self.offered) = (None, None, None, None);
    }

    /// Whether the bot at `s` may still offer a trade in turn `turn`: once a turn at the table.
    pub fn may_offer(&self, s: Seat, turn: u32) -> bool {
        self.offered != Some((turn, s))
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
    pub(super) fn person_acted(&mut self) {
        (self.shown_at, self.last) = (None, None);
    }

    /// The island highlight of the last bot move, if it was made at a place.
    pub(super) fn highlight(&self) -> Option<&Selection> {
        self.last.as_ref().and_then(|(_, sel)| sel.as_ref())
    }
}

/// The place an action was made at, as a one-target selection for the island to highlight.
fn place_of(action: Action) -> Option<Selection> {
    let (purpose, target) = match action {
        Action::BuildSettlement(v) => (Purpose::Settlement, Target::Vertex(v)),
        Action::BuildCity(v) => (Purpose::City, Target::Vertex(v)),
        Action::BuildCastle(v) => (Purpose::Castle, Target::Vertex(v)),
        Action::BuildRoad(e) => (Purpose::Road, Target::Edge(e)),
        Action::MoveRobber { hex, .. } => (Purpose::Robber, Target::Hex(hex)),
        _ => return None,
    };
    Some(Selection { purpose, legal: vec![target], cursor: target, cancellable: false, back: None })
}

/// A bot's seed: the game's seed mixed with the seat, so a game with the same seed and the same
/// moves of its people plays out the same.
fn bot_seed(seed: u64, s: Seat) -> u64 {
    seed ^ 0xB07_5EA7_u64.wrapping_mul(u64::from(s.0) + 1).rotate_left(17)
}

impl App {
    /// The seat a bot must play now, in a game being played (not on the start screen, nor in
    /// the replay viewer, which has no record).
    pub fn bot_seat(&self) -> Option<Seat> {
        let s = self.game.to_act();
        (self.start.is_none() && self.record.is_some() && !self.game.is_over() && self.table.level(s).is_some())
            .then_some(s)
    }

    /// The name shown in the players panel and the footer: "Cy (hard)" for a bot, the name
    /// alone for a person.
    pub fn label(&self, s: Seat) -> String {
        match self.table.level(s) {
            Some(level) => format!("{} ({level})", self.name(s)),
            None => self.name(s),
        }
    }

    /// The footer's words while a bot plays: it is thinking, or its move is shown.
    pub fn bot_status(&self) -> Option<String> {
        let s = self.bot_seat()?;
        Some(match &self.table.job {
            Some(job) if job.action.is_some() => format!("{} is next · any key: go on", self.label(s)),
            _ => format!("{} is thinking…", self.label(s)),
        })
    }

    /// How long the terminal loop may wait for input before calling [`App::tick`]: `None`
    /// while no bot plays, or its decided move waits under the help or a question (only a key
    /// changes anything then).
    pub fn bot_wait(&self, now: Instant) -> Option<Duration> {
        self.bot_seat()?;
        let Some(job) = &self.table.job else { return Some(Duration::ZERO) };
        if job.action.is_none() {
            return Some(POLL);
        }
        if self.mode() != Mode::Bot {
            return None;
        }
        Some(self.due().map_or(Duration::ZERO, |due| due.saturating_duration_since(now)))
    }

    /// When the decided bot move may be played: the delay after the move before it.
    fn due(&self) -> Option<Instant> {
        let shown = self.table.shown_at?;
        // A run of one bot's discards after a 7 is one move to the eye.
        let discards = matches!(
            (&self.table.last, &self.table.job),
            (Some((Action::Discard(_), _)), Some(Job { action: Some(Action::Discard(_)), .. }))
        );
        (!discards).then(|| shown + self.table.delay)
    }

    /// Moves the bots' play on: starts the bot to act thinking, takes its decision when it
    /// comes, and plays it once the move before has been shown long enough. Returns true when
    /// the screen changed. Bots play only while nothing is open over the game (help, the quit
    /// question, the save prompt): they go on thinking meanwhile.
    pub fn tick(&mut self, now: Instant) -> bool {
        let Some(seat) = self.bot_seat() else {
            self.drop_job();
            return false;
        };
        let at = self.record.as_ref().map_or(0, |r| r.len());
        if self.table.job.as_ref().is_some_and(|j| j.seat != seat || j.at != at) {
            self.drop_job();
        }
        if self.table.job.is_none() {
            self.think(seat, at);
            return true;
        }
        let Some(job) = self.table.job.as_mut() else { return false };
        let mut changed = false;
        if job.action.is_none() {
            match job.rx.try_recv() {
                Ok(Ok((bot, action))) => {
                    job.action = Some(action);
                    self.table.bots[seat.index()] = Some(bot);
                    changed = true;
                }
                Err(TryRecvError::Empty) => return false,
                failed => {
                    // The bot failed (it panicked): a random legal move keeps the game going,
                    // and the seat gets a new bot for its next decision.
                    let why = match failed {
                        Ok(Err(why)) => why,
                        _ => "it stopped".into(),
                    };
                    let mut stand_in = bots::make(BotLevel::Random, bot_seed(self.seed, seat) ^ at as u64);
                    job.action = Some(stand_in.choose(self.game.acting_view()));
                    let text = format!("{}'s computer player failed ({why}): a random move instead", self.name(seat));
                    self.message = Some(Message { text, error: true });
                    changed = true;
                }
            }
        }
        if self.mode() != Mode::Bot || self.due().is_some_and(|due| now < due) {
            return changed;
        }
        let job = self.table.job.take().expect("a decided job");
        let action = job.action.expect("decided");
        self.play_bot(action);
        self.table.shown_at = Some(now);
        // The next bot thinks while this move is shown.
        if let Some(next) = self.bot_seat() {
            let at = self.record.as_ref().map_or(0, |r| r.len());
            self.think(next, at);
        }
        true
    }

    /// Lends the seat's bot to a worker thread with a copy of the game.
    fn think(&mut self, seat: Seat, at: usize) {
        let level = self.table.level(seat).expect("a bot seat");
        let mut bot = self.table.bots[seat.index()]
            .take()
            .unwrap_or_else(|| table_bot(level, bot_seed(self.seed, seat), self.table.time));
        bot.set_offers(self.table.may_offer(seat, self.game.turn_number()));
        let game = self.game;
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new().name(format!("bot {}", seat.index() + 1)).spawn(move || {
            super::term::survive_panics();
            let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| bot.choose(game.acting_view())));
            let answer = chosen.map(|action| (bot, action)).map_err(|panic| {
                let text = panic.downcast_ref::<&str>().map(|s| s.to_string());
                text.or_else(|| panic.downcast_ref::<String>().cloned()).unwrap_or_else(|| "a panic".into())
            });
            // The receiver is gone when the game moved on or quit: nothing to do then.
            let _ = tx.send(answer);
        });
        if let Err(e) = spawned {
            self.refuse(format!("no thread for the computer player: {e}"));
        }
        self.table.job = Some(Job { seat, at, rx, action: None });
    }

    /// Abandons the move in progress: its thread finishes on its own, and the seat gets a new
    /// bot when next needed.
    fn drop_job(&mut self) {
        if let Some(job) = self.table.job.take()
            && job.action.is_none()
        {
            self.table.bots[job.seat.index()] = None;
        }
    }

    /// Plays a bot's move and says what it did as the player at the keyboard may see it (H2).
    ///
    /// The status line shows the move while bots play, unless it holds a refusal or a failure,
    /// which stays until the next key; once a person must act it goes back to asking them (the
    /// log keeps the moves).
    fn play_bot(&mut self, action: Action) {
        let before = self.log.len();
        let seat = self.game.to_act();
        let mut played = action;
        if let Err(why) = self.apply_as_bot(action) {
            // A bot bug must not stall the game: a random legal move instead, said loudly.
            let mut stand_in = bots::make(BotLevel::Random, bot_seed(self.seed, seat) ^ before as u64);
            played = stand_in.choose(self.game.acting_view());
            let _ = self.apply_as_bot(played);
            let text = format!("{} chose a move the rules refuse ({why}): a random move instead", self.label(seat));
            self.refuse(text);
        }
        self.table.last = Some((played, place_of(played)));
        if matches!(played, Action::OfferTrade { .. }) {
            self.table.offered = Some((self.game.turn_number(), seat));
        }
        if self.message.as_ref().is_some_and(|m| m.error) {
            return;
        }
        let viewer = self.viewer.filter(|_| self.handoff().is_none());
        let said = super::describe::texts(self, &self.log[before..], viewer);
        self.message =
            (self.bot_seat().is_some() && !said.is_empty()).then(|| Message { text: said.join(" · "), error: false });
    }

    /// A key while a bot plays that means nothing else: show the next move as soon as it is
    /// decided.
    pub(super) fn skip(&mut self) {
        self.table.shown_at = None;
    }

    /// Plays every bot move due now, at once and on this thread, until a person must act or the
    /// game is over (at most `limit` moves). For tests and scripts: no delay, no thread.
    pub fn play_bots(&mut self, limit: usize) -> usize {
        let mut played = 0;
        while played < limit {
            let Some(seat) = self.bot_seat() else { break };
            self.drop_job();
            let level = self.table.level(seat).expect("a bot seat");
            let seed = self.seed;
            let time = self.table.time;
            let may = self.table.may_offer(seat, self.game.turn_number());
            let bot = self.table.bots[seat.index()].get_or_insert_with(|| table_bot(level, bot_seed(seed, seat), time));
            bot.set_offers(may);
            let action = bot.choose(self.game.acting_view());
            self.play_bot(action);
            played += 1;
        }
        played
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seat_gets_its_own_seed() {
        let seeds: Vec<u64> = (0..6).map(|s| bot_seed(42, Seat(s))).collect();
        for (i, a) in seeds.iter().enumerate() {
            assert!(seeds[i + 1..].iter().all(|b| a != b));
        }
    }
}
