//! The advice key and the tips (issue 36): asking the advice module on a worker thread for
//! the seat at the keyboard, taking its answer when it comes, and dropping whatever is no
//! longer for the seat and position it was asked for (the state is in `screen/coach.rs`).

use std::sync::mpsc;

use crate::bots::advice::{self, Advice, Advised};
use crate::tui::app::App;
use crate::tui::screen::coach::{self, Asked, Pending};
use crate::tui::table::bot_job::survive_panics;

impl App {
    /// The advice key: opens the panel for the seat at the keyboard (the advice worked out
    /// meanwhile), or closes it; where no advice may be given, says why.
    pub(in crate::tui) fn advice_key(&mut self) {
        if self.screen.coach.panel.take().is_some() {
            return;
        }
        match self.scene().advice_for() {
            Ok(seat) => {
                let asked = Asked { seat, game: *self.table.game() };
                let (names, settings) = (self.table.names.clone(), self.screen.coach.settings_at(&self.table, seat));
                let rx = self.spawn_advice("advice", move || {
                    let game = asked.game;
                    Some(advice::advise_with(&game.view(asked.seat), &names, settings))
                });
                self.screen.coach.panel = rx.map(|rx| Pending::new(asked, rx));
            }
            Err(why) => self.refuse(why),
        }
    }

    /// Runs `work` on a worker thread; its answer (`None` if it panicked or had nothing)
    /// comes on the channel returned. No thread: said on the status line.
    fn spawn_advice<T: Send + 'static>(
        &mut self,
        name: &str,
        work: impl FnOnce() -> Option<T> + Send + 'static,
    ) -> Option<mpsc::Receiver<Option<T>>> {
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new().name(name.into()).spawn(move || {
            survive_panics();
            let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).ok().flatten();
            // The receiver is gone when the advice went stale: nothing to do then.
            let _ = tx.send(answer);
        });
        match spawned {
            Ok(_) => Some(rx),
            Err(e) => {
                self.refuse(format!("no thread for the advice: {e}"));
                None
            }
        }
    }

    /// Moves the advice on: drops what went stale, asks the tip of a tips seat's moment, and
    /// takes what came (waiting for it when `wait`). True when the screen changed.
    pub(in crate::tui) fn poll_coach(&mut self, wait: bool) -> bool {
        let before = (self.screen.coach.panel.is_some(), self.screen.coach.tip.is_some());
        self.screen.drop_stale_advice(&self.table);
        let mut changed = before != (self.screen.coach.panel.is_some(), self.screen.coach.tip.is_some());
        if self.screen.coach.tip.is_none()
            && let Ok(seat) = self.scene().advice_for()
            && self.screen.coach.has_tips(seat)
        {
            let asked = Asked { seat, game: *self.table.game() };
            let (names, settings) = (self.table.names.clone(), self.screen.coach.settings_at(&self.table, seat));
            let rx = self.spawn_advice("tip", move || {
                let game = asked.game;
                coach::tip(&game.view(asked.seat), &names, settings)
            });
            // A tip with nothing to advise comes as `None`: no tip is shown.
            self.screen.coach.tip = rx.map(|rx| Pending::new(asked, rx));
        }
        // Polled only while waiting: nothing changes while nothing is worked out.
        if self.screen.coach.panel.as_ref().is_some_and(Pending::waiting) {
            changed |= self.screen.coach.panel.as_mut().is_some_and(|p| p.poll(wait));
        }
        if self.screen.coach.tip.as_ref().is_some_and(Pending::waiting) {
            changed |= self.screen.coach.tip.as_mut().is_some_and(|t| t.poll(wait));
        }
        changed
    }

    /// Waits for the advice being worked out (the panel's and the tip's): for tests and
    /// scripts, which draw the screen once it has come.
    pub fn wait_advice(&mut self) {
        self.poll_coach(true);
    }

    /// The advice in the panel, once come (for tests).
    pub fn advice_shown(&self) -> Option<&Advice> {
        self.scene().advice_panel().and_then(|p| p.got.as_ref())
    }

    /// The tip shown on the status line (for tests).
    pub fn tip(&self) -> Option<&Advised> {
        self.scene().tip_shown()
    }
}
