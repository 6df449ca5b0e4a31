//! Computer players driven by the app: whose move it is, the worker thread that works it out,
//! and its pace on screen (the table's state is in `table.rs`).

use std::sync::mpsc::{self, TryRecvError};
use std::time::{Duration, Instant};

use crate::bots::{self, BotLevel};
use crate::engine::{Action, Seat};
use crate::tui::app::App;
use crate::tui::model::bot_job::{Job, POLL, bot_seed, table_bot};
use crate::tui::model::focus::Message;
use crate::tui::model::keymap::Mode;

impl App {
    /// How long the terminal loop may wait for input before calling [`App::tick`]: `None`
    /// while no bot plays, or its decided move waits under the help or a question (only a key
    /// changes anything then).
    pub fn bot_wait(&self, now: Instant) -> Option<Duration> {
        let bots = self.bots_wait(now);
        // Advice being worked out is polled as a bot's move is.
        if self.screen.coach.waiting() { Some(bots.map_or(POLL, |d| d.min(POLL))) } else { bots }
    }

    fn bots_wait(&self, now: Instant) -> Option<Duration> {
        if let Some(due) = self.unwatched_fight_ends() {
            return Some(due.saturating_duration_since(now));
        }
        self.screen.keyboard.bot_seat?;
        let Some(job) = &self.table.job else { return Some(Duration::ZERO) };
        if job.action.is_none() {
            return Some(POLL);
        }
        if self.screen.keyboard.mode != Mode::Bot {
            return None;
        }
        Some(self.due().map_or(Duration::ZERO, |due| due.saturating_duration_since(now)))
    }

    /// When a fight shown on a screen that holds no person seat (a table of computer players
    /// only, or a host whose people all joined from their own terminals) closes by itself: it
    /// shows for the bot delay, like a move, and the game plays on (nobody at that keyboard need
    /// press a key). Where a person sits it waits for their key (`None`).
    fn unwatched_fight_ends(&self) -> Option<Instant> {
        if self.screen.fight.is_none()
            || self.screen.keyboard.mode != Mode::Fight
            || !self.screen.holds.is_empty()
        {
            return None;
        }
        Some(self.table.shown_at.map_or_else(Instant::now, |shown| shown + self.table.delay))
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

    /// Moves the bots' play on: takes the thinking bot's decision when it comes, and plays it
    /// (through `App::play_bot`, as every action) once the move before has been shown long
    /// enough. Returns true when the screen changed. Bots play only while nothing is open over
    /// the game (help, the quit question, the save prompt): they go on thinking meanwhile.
    pub fn tick(&mut self, now: Instant) -> bool {
        self.settled = false;
        let advised = self.poll_coach(false);
        let changed = self.tick_bots(now) || advised;
        if changed && !self.settled {
            self.settle();
        }
        changed
    }

    fn tick_bots(&mut self, now: Instant) -> bool {
        if self.unwatched_fight_ends().is_some_and(|due| now >= due) {
            self.screen.fight = None;
            self.sync();
            return true;
        }
        if self.screen.keyboard.bot_seat.is_none() {
            self.drop_job();
            return false;
        }
        // Armed after every action (`App::after`); a game dealt, loaded or taken back to a
        // computer player's move has had none, and is armed here.
        if self.arm_bots() {
            return true;
        }
        let changed = self.poll_job(false);
        if !self.table.decided() || self.screen.keyboard.mode != Mode::Bot || self.due().is_some_and(|due| now < due) {
            return changed;
        }
        let action = self.table.job.take().and_then(|job| job.action).expect("a decided job");
        self.play_bot(action);
        self.table.shown_at = Some(now);
        true
    }

    /// The bots' turn, armed after an action: the computer player to act starts thinking on a
    /// worker thread at once, while the move before is shown; a move worked out for another
    /// seat or position is dropped. True when a bot started thinking.
    pub(in crate::tui) fn arm_bots(&mut self) -> bool {
        let Some(seat) = self.screen.keyboard.bot_seat else {
            self.drop_job();
            return false;
        };
        let at = self.table.record().map_or(0, |r| r.len());
        if self.table.job.as_ref().is_some_and(|j| j.seat != seat || j.at != at) {
            self.drop_job();
        }
        if self.table.job.is_some() {
            return false;
        }
        self.think(seat, at);
        true
    }

    /// Takes the thinking bot's decision if it has come (waiting for it when `wait`). True when
    /// it came now. A bot that failed (it panicked) is replaced by a random legal move that
    /// keeps the game going, and the seat gets a new bot for its next decision.
    fn poll_job(&mut self, wait: bool) -> bool {
        let (seed, game) = (self.table.seed, *self.table.game());
        let Some(job) = self.table.job.as_mut() else { return false };
        if job.action.is_some() {
            return false;
        }
        let seat = job.seat;
        let answer = if wait { job.rx.recv().map_err(|_| TryRecvError::Disconnected) } else { job.rx.try_recv() };
        match answer {
            Ok(Ok((bot, action))) => {
                job.action = Some(action);
                self.table.bots[seat.index()] = Some(bot);
            }
            Err(TryRecvError::Empty) => return false,
            failed => {
                let why = match failed {
                    Ok(Err(why)) => why,
                    _ => "it stopped".into(),
                };
                let mut stand_in = bots::make(BotLevel::Random, bot_seed(seed, seat) ^ job.at as u64);
                job.action = Some(stand_in.choose(game.acting_view()));
                let text = format!("{}'s computer player failed ({why}): a random move instead", self.table.name(seat));
                self.screen.message = Some(Message { text, error: true });
            }
        }
        true
    }

    /// Lends the seat's bot to a worker thread with a copy of the game.
    fn think(&mut self, seat: Seat, at: usize) {
        let level = self.table.level(seat).expect("a bot seat");
        let made = self.table.bots[seat.index()].take();
        let fresh = made.is_none();
        let mut bot = made.unwrap_or_else(|| table_bot(level, bot_seed(self.table.seed, seat), self.table.time));
        bot.set_offers(self.table.may_offer(seat, self.table.game().turn_number()));
        self.table.brief(bot.as_mut());
        if fresh {
            // A bot made for a game played on remembers its offers as the one before did.
            bot.recall_offers(seat, &self.table.log);
        }
        let game = *self.table.game();
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
        if let Err(e) = spawned {
            self.refuse(format!("no thread for the computer player: {e}"));
        }
        self.table.job = Some(Job { seat, at, rx, action: None });
    }

    /// Abandons the move in progress: its thread finishes on its own, and the seat gets a new
    /// bot when next needed.
    pub(in crate::tui) fn drop_job(&mut self) {
        if let Some(job) = self.table.job.take()
            && job.action.is_none()
        {
            self.table.bots[job.seat.index()] = None;
        }
    }

    /// A key while a bot plays that means nothing else: show the next move as soon as it is
    /// decided.
    pub(in crate::tui) fn skip(&mut self) {
        self.table.shown_at = None;
    }

    /// Plays every bot move due now, at once, until a person must act or the game is over (at
    /// most `limit` moves). For tests and scripts: no delay; each move is the one its bot works
    /// out on its thread (armed after the action before), waited for.
    pub fn play_bots(&mut self, limit: usize) -> usize {
        let mut played = 0;
        while played < limit && self.screen.keyboard.bot_seat.is_some() {
            self.arm_bots();
            self.poll_job(true);
            let Some(action) = self.table.job.take().and_then(|job| job.action) else { break };
            self.play_bot(action);
            played += 1;
        }
        played
    }
}

thread_local! {
    /// Set on threads whose panic the game survives (a computer player thinking).
    static SURVIVED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Marks the calling thread as one whose panic the game survives: a computer player's. Its
/// panic leaves the terminal as it is and prints nothing over the screen; the thread sends the
/// panic's message instead of an answer, and the game says it on the status line.
pub(in crate::tui) fn survive_panics() {
    SURVIVED.with(|s| s.set(true));
}

/// Runs `f`, surviving its panic as a computer player's is survived (the terminal left as it
/// is, nothing printed over the screen): a joined screen's key must not end the host's game
/// (issue 40). The panic's payload comes back as the error.
pub(in crate::tui) fn surviving<R>(f: impl FnOnce() -> R) -> std::thread::Result<R> {
    let before = SURVIVED.with(|s| s.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    SURVIVED.with(|s| s.set(before));
    result
}

/// True on a thread marked by [`survive_panics`]: the terminal's panic hook then leaves the
/// screen alone.
pub(in crate::tui) fn panic_survived() -> bool {
    SURVIVED.with(std::cell::Cell::get)
}
