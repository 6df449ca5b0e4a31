//! Playing one action on the record (kept for saves and undo, its events logged), and the focus
//! the next position asks for. What follows an action is in `aftermath.rs`.

use crate::engine::Phase;
use crate::tui::app::App;
use crate::tui::screen::dialog::{Dialog, PickFor, Picker};
use crate::tui::screen::focus::Focus;
use crate::tui::screen::selection::{Purpose, Selection};

impl App {
    /// After a change: the table's own questions for the position (the story, the answers
    /// to a closed offer, who builds), then every screen settled and given the focus the
    /// game's phase asks of it.
    pub(in crate::tui) fn sync(&mut self) {
        self.table.ask_questions();
        self.sync_screens();
    }

    /// Every screen settled once and given the focus the game's phase asks of it (the table's
    /// questions asked already: `Table::perform` or `App::sync`).
    pub(in crate::tui) fn sync_screens(&mut self) {
        // Who holds each screen's keyboard now, which each screen's focus follows.
        let waited: Vec<bool> =
            std::iter::once(&self.screen).chain(self.others.iter()).map(|s| s.keyboard.away.is_some()).collect();
        self.settle();
        // A screen whose seat comes back from waiting on another screen's play shows its own
        // prompt, not its last action's words from before (a joined seat: issue 40).
        for (screen, waited) in std::iter::once(&mut self.screen).chain(self.others.iter_mut()).zip(waited) {
            if waited && screen.keyboard.away.is_none() && screen.keyboard.bot_seat.is_none() {
                screen.message = None;
            }
        }
        for id in 0..=self.others.len() {
            self.on_screen(id, App::sync_screen);
        }
        // The focus set: each screen's mode (who holds each keyboard is as settled above: the
        // focus, the viewer a shared screen clears and stale advice do not change it).
        let table = &self.table;
        for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
            screen.settle_mode(table);
        }
    }

    /// Sets the focus the game's phase asks for on the screen whose turn it is, if the player
    /// to act holds its keyboard.
    fn sync_screen(&mut self) {
        self.screen.focus = Focus::Idle;
        let keyboard = self.screen.keyboard;
        // The hand-off: a shared screen hides every hand, and the player who acts after it
        // takes the keyboard again (H1).
        // A screen of one seat's own is that seat's, shared question or not (H6).
        let own = self.screen.holds.iter().nth(1).is_none();
        if (keyboard.sharing_offer || keyboard.asking_builders) && !own {
            self.screen.viewer = None;
        }
        // Advice is for one seat at one position: a hand-off, an action or an undo ends it.
        self.drop_stale_advice();
        let away = keyboard.away.is_some() || keyboard.bot_seat.is_some();
        if keyboard.guarded.is_some() || self.table.game().is_over() || away {
            return;
        }
        let seat = self.table.game().to_act();
        let near = self.screen.last_target;
        self.screen.focus = match self.table.game().phase() {
            Phase::Setup { settlement: None, .. } => Focus::Select(
                Selection::among(self.table.game(), &self.table.legal(), Purpose::Settlement, near, false),
                None,
            ),
            Phase::Setup { .. } | Phase::RoadBuilding { .. } => Focus::Select(
                Selection::among(self.table.game(), &self.table.legal(), Purpose::Road, near, false),
                None,
            ),
            Phase::Robber => self.robber_focus(),
            Phase::Discard { remaining } => {
                Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Discard(remaining[seat.index()]))))
            }
            Phase::Trade { .. } => self.trade_focus(seat),
            Phase::Plenty { .. } => {
                Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Plenty).first_row(self.table.game())))
            }
            Phase::Roll | Phase::Main | Phase::SpecialBuilding { .. } | Phase::Over { .. } => Focus::Idle,
        };
    }
}
