//! Advice at the keyboard (issue 36): the panel a player opens with the advice key, and the
//! tip line a "tips" seat sees at each of its moments. Both are worked out on a worker thread
//! from the seat's own view (`crate::bots::advice`), so a frame never waits for them.
//!
//! Each piece of advice remembers whom and what it was asked for ([`Asked`]: the seat and the
//! position). It is shown only while that seat holds the keyboard at that very position: a
//! hand-off, a shared screen, an action, an undo or a load makes it stale, and stale advice is
//! neither drawn nor kept ([`crate::tui::Scene::advice_valid`]), so advice never shows before a
//! hand-off nor to another seat (H1).

use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

use crate::bots::advice::{Advice, Advised, Settings, chance};
use crate::engine::{Game, PlayerView, Seat};
use crate::tui::table::Table;

/// Whom and what a piece of advice was asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Asked {
    /// The seat advised: the seat holding the keyboard when it was asked.
    pub seat: Seat,
    /// The position it was asked in (a `Game` is `Copy`): any change makes the advice stale.
    pub game: Game,
}

/// Advice being worked out on a thread, or come.
pub struct Pending<T> {
    pub asked: Asked,
    pub(in crate::tui) rx: Option<Receiver<Option<T>>>,
    /// What came: `None` while it is being worked out.
    pub got: Option<T>,
    /// The thread failed (it panicked): nothing will come.
    pub failed: bool,
}

impl<T> Pending<T> {
    /// A job waiting on `rx` for the advice asked.
    pub(in crate::tui) fn new(asked: Asked, rx: Receiver<Option<T>>) -> Pending<T> {
        Pending { asked, rx: Some(rx), got: None, failed: false }
    }

    /// Takes the answer if it has come (waiting for it when `wait`). True when it came now.
    pub(in crate::tui) fn poll(&mut self, wait: bool) -> bool {
        let Some(rx) = &self.rx else { return false };
        let answer = if wait { rx.recv().map_err(|_| TryRecvError::Disconnected) } else { rx.try_recv() };
        match answer {
            Ok(Some(a)) => self.got = Some(a),
            Ok(None) | Err(TryRecvError::Disconnected) => self.failed = true,
            Err(TryRecvError::Empty) => return false,
        }
        self.rx = None;
        true
    }

    /// Still being worked out.
    pub fn waiting(&self) -> bool {
        self.rx.is_some()
    }
}

/// The coach's state: the open panel, the tip, who asked for tips, and how hard to search.
#[derive(Default)]
pub struct Coach {
    /// The advice panel, while it is open.
    pub panel: Option<Pending<Advice>>,
    /// The tip of a tips seat's moment (`Some(None)` inside: nothing to advise).
    pub tip: Option<Pending<Advised>>,
    /// The panel last closed or gone stale, and the tip last gone stale: kept while their
    /// search may still run, so a screen runs one search of each kind at a time however fast
    /// its advice key is pressed (a joiner holding `i`), and the panel opens again without a
    /// new search at the position it was asked in.
    pub(in crate::tui) closed: Option<Pending<Advice>>,
    pub(in crate::tui) stale_tip: Option<Pending<Advised>>,
    /// By seat: the person asked for a tip at each of their moments (the start screen's
    /// "tips").
    pub tips: Vec<bool>,
    /// The search of the panel and the tip (the same one: the tip is the panel's first line):
    /// the advice module's default; tests give a fixed number of worlds and a budget out of
    /// reach, so the numbers do not depend on the machine.
    pub settings: Settings,
}

impl Coach {
    /// Searches with a fixed number of worlds and no time limit (tests and scripts): the
    /// advice, the panel's and the tip's, is then a function of the view alone.
    pub fn untimed(&mut self, worlds: u32) {
        self.settings = Settings { worlds, budget: Duration::from_secs(3600), ..Settings::default() };
    }

    /// Tips for the people among `names` named in `tips` (a resumed game: the save keeps no
    /// tips, the settings keep them by name); `person` says which seats people play.
    pub fn tips_by_name(&mut self, names: &[String], tips: &[String], person: impl Fn(Seat) -> bool) {
        self.tips = names.iter().enumerate().map(|(i, n)| tips.contains(n) && person(Seat(i as u8))).collect();
    }

    /// The search at `table` (the panel's and the tip's): [`Coach::settings`] with who plays each seat, so the
    /// numbers are the model's for this table (a bot at its level, a person as a medium player,
    /// the model's reading of a seat it isn't told about).
    /// The search's settings for advice to `seat` at the table: each seat read as its player,
    /// and the cards `seat` saw each other seat receive and not spend (the table's log).
    pub fn settings_at(&self, table: &Table, seat: crate::engine::Seat) -> Settings {
        let known = crate::bots::advice::known::known(seat, table.game().config(), &table.log);
        Settings { table: seat_kinds(table), known, ..self.settings }
    }

    /// Whether the seat asked for tips.
    pub fn has_tips(&self, s: Seat) -> bool {
        self.tips.get(s.index()).copied().unwrap_or(false)
    }

    /// A job is being worked out (the loop then polls), a stale tip's included: the next tip
    /// is asked when it ends.
    pub fn waiting(&self) -> bool {
        [&self.tip, &self.stale_tip].iter().any(|t| t.as_ref().is_some_and(Pending::waiting))
            || self.panel.as_ref().is_some_and(Pending::waiting)
    }
}

/// Who plays each seat of `table`, as the chance model reads them: a bot's level, a person as
/// the model's unnamed player (a medium one).
pub fn seat_kinds(table: &Table) -> chance::Table {
    chance::Table::of_levels(table.game().seats().map(|s| table.level(s)))
}

/// The tip: the first line of the panel's list, the same search (`settings`:
/// [`Coach::settings_at`]), so the two never disagree, timed or not; `None` when there is
/// nothing to advise. (The cheaper `Settings::quick` named a move the list put third.)
pub fn tip(view: &PlayerView<'_>, names: &[String], settings: Settings) -> Option<Advised> {
    crate::bots::advice::advise_with(view, names, settings).moves.into_iter().next()
}

/// A chance and its change as the panel and the tip say them: "34% (+3)". The change is the
/// difference of the rounded numbers a player reads (the chance, and "now" above the list), so
/// "now 31%" and "37% (+6)" add up where rounding each apart read "37% (+5)".
pub fn number(chance: f64, change: f64) -> String {
    let (after, now) = ((chance * 100.0).round(), ((chance - change) * 100.0).round());
    // Adding zero turns a change that rounds to -0 into +0.
    format!("{after:.0}% ({:+.0})", after - now + 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A change that rounds to nothing reads "+0", never "-0".
    #[test]
    fn the_number_reads_as_a_player_weighs_it() {
        assert_eq!(number(0.3412, 0.031), "34% (+3)");
        assert_eq!(number(0.28, -0.004), "28% (+0)");
        assert_eq!(number(0.13, -0.152), "13% (-15)");
        // Found playing (issue 41): now 31.4%, after 36.6%: "37% (+6)", not "(+5)".
        assert_eq!(number(0.366, 0.052), "37% (+6)");
    }

    /// A thread that stops without an answer is a failed job, said as such, never a hang.
    #[test]
    fn a_job_whose_thread_stopped_has_failed() {
        let game = crate::engine::Game::new(crate::engine::Config::default(), 1).unwrap();
        let asked = Asked { seat: game.to_act(), game };
        let (tx, rx) = std::sync::mpsc::channel::<Option<u8>>();
        let mut job = Pending::new(asked, rx);
        assert!(!job.poll(false) && job.waiting());
        drop(tx);
        assert!(job.poll(true));
        assert!(job.failed && job.got.is_none() && !job.waiting());
    }
}
