//! Computer players driven by the app: whose move it is, the worker thread that works it out,
//! and its pace on screen (the table's state is in `table.rs`).

use std::time::{Duration, Instant};

use crate::engine::Action;
use crate::tui::app::App;
use crate::tui::app::changes::Changes;
use crate::tui::screen::Screen;
use crate::tui::screen::focus::Message;
use crate::tui::screen::keymap::Mode;
use crate::tui::table::bot_job::{Job, POLL};

impl App {
    /// How long the terminal loop may wait for input before calling [`App::tick`]: `None`
    /// while no bot plays, or its decided move waits under the help or a question (only a key
    /// changes anything then).
    pub fn bot_wait(&self, now: Instant) -> Option<Duration> {
        let bots = self.bots_wait(now);
        // Advice being worked out (on any screen) is polled as a bot's move is.
        let advising = self.screen.coach.waiting() || self.others.iter().any(|s| s.coach.waiting());
        if advising { Some(bots.map_or(POLL, |d| d.min(POLL))) } else { bots }
    }

    fn bots_wait(&self, now: Instant) -> Option<Duration> {
        if let Some(due) = self.unwatched_fight_ends() {
            return Some(due.saturating_duration_since(now));
        }
        self.table.bot_to_act()?;
        let Some(job) = &self.table.job else { return Some(Duration::ZERO) };
        if job.action.is_none() {
            return Some(POLL);
        }
        if !self.bots_watched() {
            return None;
        }
        Some(self.due().map_or(Duration::ZERO, |due| due.saturating_duration_since(now)))
    }

    /// When a fight shown on a screen that holds no person seat (a table of computer players
    /// only, or a host whose people all joined from their own terminals) closes by itself: it
    /// shows for the bot delay, like a move, and the game plays on (nobody at that keyboard need
    /// press a key). Where a person sits it waits for their key (`None`).
    fn unwatched_fight_ends(&self) -> Option<Instant> {
        if self.screen.fight.is_none() || self.screen.keyboard.mode != Mode::Fight || !self.screen.holds.is_empty() {
            return None;
        }
        Some(self.table.shown_at.map_or_else(Instant::now, |shown| shown + self.table.delay))
    }

    /// Some screen shows the computer players' moves (its keyboard in the bot's mode): the
    /// bots play only then. Help, a question or the save prompt open on one screen pauses them
    /// only when no other screen is watching (a hot-seat game's one screen; issue 40: the host
    /// reading the help does not stop a game played on the joiners' screens). A joined screen
    /// whose terminal is gone (its seat waits) watches nothing.
    fn bots_watched(&self) -> bool {
        let gone = self.table.remote.gone;
        let watching = |s: &&Screen| !(s.joined && s.holds.iter().any(|seat| gone.contains(seat)));
        std::iter::once(&self.screen).chain(self.others.iter()).filter(watching).any(|s| s.keyboard.mode == Mode::Bot)
    }

    /// When the decided bot move may be played: the delay after the move before it.
    fn due(&self) -> Option<Instant> {
        let shown = self.table.shown_at?;
        // A run of one bot's discards after a 7 is one move to the eye.
        let discards = matches!(
            (&self.table.last, &self.table.job),
            (Some(Action::Discard(_)), Some(Job { action: Some(Action::Discard(_)), .. }))
        );
        (!discards).then(|| shown + self.table.delay)
    }

    /// Moves the bots' play on: takes the thinking bot's decision when it comes, and plays it
    /// (through `App::play_bot`, as every action) once the move before has been shown long
    /// enough. Returns true when the screen changed. Bots play only while a screen watches them
    /// with nothing open over the game (help, the quit question, the save prompt:
    /// `bots_watched`); they go on thinking meanwhile.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changes = self.tick_bots(now);
        // Every screen's advice and tips: a joined seat asks on its own screen (issue 40).
        changes.advice = true;
        self.settle_after(changes)
    }

    /// The bots' part of a tick: what it changed (nothing shown when nothing moved).
    fn tick_bots(&mut self, now: Instant) -> Changes {
        if self.unwatched_fight_ends().is_some_and(|due| now >= due) {
            self.screen.fight = None;
            return Changes::sync();
        }
        if self.table.bot_to_act().is_none() {
            self.table.drop_job();
            return Changes::default();
        }
        // Armed after every action (`App::after`); a game dealt, loaded or taken back to a
        // computer player's move has had none, and is armed here.
        if self.arm_bots() {
            return Changes::shown();
        }
        let changed = if self.poll_job(false) { Changes::shown() } else { Changes::default() };
        if !self.table.decided() || !self.bots_watched() || self.due().is_some_and(|due| now < due) {
            return changed;
        }
        let action = self.table.job.take().and_then(|job| job.action).expect("a decided job");
        let played = self.play_bot(action);
        self.table.shown_at = Some(now);
        played
    }

    /// The bots' turn, armed after an action: the computer player to act starts thinking on a
    /// worker thread at once, while the move before is shown (`Table::arm`). True when a bot
    /// started thinking.
    fn arm_bots(&mut self) -> bool {
        self.table.arm(self.table.bot_to_act())
    }

    /// Takes the thinking bot's decision if it has come (waiting for it when `wait`); a bot
    /// that failed, or a program seat that was stopped, is said on every screen's status line.
    /// True when it came now.
    fn poll_job(&mut self, wait: bool) -> bool {
        let (came, failed) = self.table.poll_job(wait);
        if let Some(text) = failed {
            // Every screen: a seat's player failing is public (a program seat stopped, issue 50).
            for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
                screen.message = Some(Message { text: text.clone(), error: true });
            }
        }
        came
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
        while played < limit && self.table.bot_to_act().is_some() {
            self.arm_bots();
            self.poll_job(true);
            let Some(action) = self.table.job.take().and_then(|job| job.action) else { break };
            let changes = self.play_bot(action);
            self.settle_after(changes);
            played += 1;
        }
        played
    }
}
