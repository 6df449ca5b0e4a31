//! Computer players at the table (issue 14): who plays each seat, a bot's choice worked out on a
//! worker thread so the screen never freezes, and the pace of its moves.
//!
//! When a bot must act, its [`Bot`] is lent to a thread with a copy of the game (a `Game` is
//! `Copy`), which sends the action back through a channel with the bot. The terminal loop
//! polls `App::tick` (app/bots.rs) meanwhile: q, ?, the log keys and resizes keep working, and quitting
//! never waits for a search (the thread is left to finish on its own; the process ends anyway).
//! Each move stays on screen, highlighted on the island, for the `--bot-delay` before the next
//! is played; any key that means nothing else skips ahead. The next bot thinks during that time.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use crate::bots::{self, Bot, BotLevel};
use crate::engine::{Action, Seat};
use crate::tui::table::Table;

/// How long each bot move stays on screen by default (`--bot-delay`).
pub const DEFAULT_DELAY: Duration = Duration::from_millis(600);
/// How long a bot may think about one decision by default (`--bot-time`).
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);
/// How often the terminal loop looks whether a thinking bot has decided.
pub(in crate::tui) const POLL: Duration = Duration::from_millis(20);

/// A bot for a seat at the table: it keeps to the table's time budget and may offer the
/// players domestic trades ([`Bot::set_offers`]; one a turn at the table, see
/// [`Table::may_offer`]).
pub(in crate::tui) fn table_bot(level: BotLevel, seed: u64, time: Duration) -> Box<dyn Bot> {
    let mut bot = bots::make(level, seed);
    bot.set_time(time);
    bot.set_offers(true);
    bot
}

/// What a bot's thread sends back: the bot and its action, or why it failed (its panic's
/// message).
type Answer = Result<(Box<dyn Bot>, Action), String>;

/// A decision being worked out (or made and waiting for its moment).
pub(in crate::tui) struct Job {
    pub(in crate::tui) seat: Seat,
    /// The record's length when the bot started: a job for another position is stale.
    pub(in crate::tui) at: usize,
    pub(in crate::tui) rx: Receiver<Answer>,
    /// The action, once the bot has decided.
    pub(in crate::tui) action: Option<Action>,
}

/// A bot's seed: the game's seed mixed with the seat, so a game with the same seed and the same
/// moves of its people plays out the same.
pub(in crate::tui) fn bot_seed(seed: u64, s: Seat) -> u64 {
    seed ^ 0xB07_5EA7_u64.wrapping_mul(u64::from(s.0) + 1).rotate_left(17)
}

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
            Ok(Ok((bot, action))) => {
                job.action = Some(action);
                self.bots[seat.index()] = Some(bot);
                (true, None)
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
        let mut bot = made.unwrap_or_else(|| table_bot(level, bot_seed(self.seed, seat), self.time));
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
