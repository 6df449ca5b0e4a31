//! Computer players at the table (issue 14): a bot's choice worked out on a worker thread so
//! the screen never freezes (the `Job`), its seed, its time budget, and the panics a game
//! survives. The table's own flow of them (who is to act, arming, polling) is `impl Table` in
//! `table.rs`.
//!
//! When a bot must act, its [`Bot`] is lent to a thread with a copy of the game (a `Game` is
//! `Copy`), which sends the action back through a channel with the bot. The terminal loop
//! polls `App::tick` (app/bots.rs) meanwhile: q, ?, the log keys and resizes keep working, and quitting
//! never waits for a search (the thread is left to finish on its own; the process ends anyway).
//! Each move stays on screen, highlighted on the island, for the `--bot-delay` before the next
//! is played; any key that means nothing else skips ahead. The next bot thinks during that time.

use std::sync::mpsc::Receiver;
use std::time::Duration;

use crate::bots::{self, Bot, BotLevel};
use crate::engine::{Action, Seat};

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

/// A bot's seed at the table: [`bots::seat_seed`], the same in every front end.
pub(in crate::tui) fn bot_seed(seed: u64, s: Seat) -> u64 {
    bots::seat_seed(seed, s)
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
#[cfg(feature = "ssh")]
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
