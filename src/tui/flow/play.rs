//! Playing one action on the record (kept for saves and undo, its events logged), and the focus
//! the next position asks for. What follows an action is in `aftermath.rs`.

use crate::tui::app::App;

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
        // Each screen's focus, then its mode (who holds each keyboard is as settled above: the
        // focus, the viewer a shared screen clears and stale advice do not change it).
        let table = &self.table;
        for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
            screen.sync_focus(table);
            screen.settle_mode(table);
        }
    }
}
