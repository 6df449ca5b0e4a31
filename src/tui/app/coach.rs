//! The advice key and the tips (issue 36) on one screen: asking the advice module on a worker
//! thread for the seat at that screen's keyboard, and taking its answer when it comes (the
//! state is the screen's `Coach`, in `screen/coach.rs`; what is no longer for the seat and
//! position it was asked for is dropped by `Screen::drop_stale_advice`).

use std::sync::mpsc;

use crate::bots::advice::{self, Advised};
use crate::tui::screen::Screen;
use crate::tui::screen::coach::{self, Asked, Pending};
use crate::tui::screen::focus::Focus;
use crate::tui::screen::outcome::Outcome;
use crate::tui::table::Table;
use crate::tui::table::bot_job::survive_panics;

/// The advice key: opens the panel for the seat at the keyboard (the advice worked out
/// meanwhile), or closes it; where no advice may be given, says why. One search at a time per
/// screen: the panel closed at this position opens again as it was (a repeat costs nothing),
/// and while the last search still runs for another position a new one waits to be asked.
pub(super) fn advice_key(table: &Table, screen: &mut Screen) -> Outcome<Focus> {
    if let Some(panel) = screen.coach.panel.take() {
        screen.coach.closed = Some(panel);
        return Outcome::Stay;
    }
    let seat = match &screen.commands.advice {
        Ok(seat) => *seat,
        Err(why) => return Outcome::Refuse(why.clone()),
    };
    let asked = Asked { seat, game: *table.game() };
    if let Some(mut last) = screen.coach.closed.take() {
        if last.asked == asked && !last.failed {
            screen.coach.panel = Some(last);
            return Outcome::Stay;
        }
        last.poll(false);
        if last.waiting() {
            screen.coach.closed = Some(last);
            return Outcome::Refuse("the last advice is still being worked out: ask again in a moment".into());
        }
    }
    let (names, settings) = (table.names.clone(), screen.coach.settings_at(table, seat));
    match spawn("advice", move || {
        let game = asked.game;
        Some(advice::advise_with(&game.view(asked.seat), &names, settings))
    }) {
        Ok(rx) => {
            screen.coach.panel = Some(Pending::new(asked, rx));
            Outcome::Stay
        }
        Err(why) => Outcome::Refuse(why),
    }
}

/// Moves a screen's advice on: drops what went stale, asks the tip of a tips seat's moment,
/// and takes what came (waiting for it when `wait`). True when the screen changed.
pub(in crate::tui) fn poll(table: &Table, screen: &mut Screen, wait: bool) -> bool {
    let before = (screen.coach.panel.is_some(), screen.coach.tip.is_some());
    screen.drop_stale_advice(table);
    let mut changed = before != (screen.coach.panel.is_some(), screen.coach.tip.is_some());
    // A stale tip's search still running holds the next tip back (one at a time).
    if let Some(stale) = screen.coach.stale_tip.as_mut() {
        stale.poll(false);
        if !stale.waiting() {
            screen.coach.stale_tip = None;
        }
    }
    if screen.coach.tip.is_none()
        && screen.coach.stale_tip.is_none()
        && let Ok(seat) = screen.commands.advice
        && screen.coach.has_tips(seat)
    {
        let asked = Asked { seat, game: *table.game() };
        let (names, settings) = (table.names.clone(), screen.coach.settings_at(table, seat));
        let rx = spawn("tip", move || {
            let game = asked.game;
            coach::tip(&game.view(asked.seat), &names, settings)
        });
        // A tip with nothing to advise comes as `None`: no tip is shown.
        match rx {
            Ok(rx) => screen.coach.tip = Some(Pending::<Advised>::new(asked, rx)),
            Err(why) => screen.refuse(table, why),
        }
    }
    // Polled only while waiting: nothing changes while nothing is worked out.
    if screen.coach.panel.as_ref().is_some_and(Pending::waiting) {
        changed |= screen.coach.panel.as_mut().is_some_and(|p| p.poll(wait));
    }
    if screen.coach.tip.as_ref().is_some_and(Pending::waiting) {
        changed |= screen.coach.tip.as_mut().is_some_and(|t| t.poll(wait));
    }
    changed
}

/// Runs `work` on a worker thread; its answer (`None` if it panicked or had nothing) comes on
/// the channel returned. No thread: why, for the status line.
fn spawn<T: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> Option<T> + Send + 'static,
) -> Result<mpsc::Receiver<Option<T>>, String> {
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new().name(name.into()).spawn(move || {
        survive_panics();
        let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).ok().flatten();
        // The receiver is gone when the advice went stale: nothing to do then.
        let _ = tx.send(answer);
    });
    match spawned {
        Ok(_) => Ok(rx),
        Err(e) => Err(format!("no thread for the advice: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyEvent};

    use crate::tui::app::{App, Msg};
    use crate::tui::screen::theme::Theme;

    /// Holding the advice key (issue 47: a joiner holding `i` ran a search per key, 178
    /// threads) runs one search: the panel closed at the same position opens again with the
    /// answer it had, nothing worked out anew.
    #[test]
    fn holding_the_advice_key_runs_one_search() {
        let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let mut app = App::new(11, Some(names), Theme { color: false, ascii: false });
        app.update(Msg::Resize(140, 45));
        app.screen.coach.untimed(3);
        app.update(Msg::Key(KeyEvent::from(KeyCode::Enter)));
        let i = || Msg::Key(KeyEvent::from(KeyCode::Char('i')));
        app.update(i());
        app.wait_advice();
        assert!(app.advice_shown().is_some(), "the advice came");
        for _ in 0..50 {
            app.update(i());
            assert!(app.screen.coach.panel.is_none(), "closed");
            app.update(i());
            let panel = app.screen.coach.panel.as_ref().expect("open again");
            assert!(panel.got.is_some() && !panel.waiting(), "the same answer, no new search");
        }
    }
}
