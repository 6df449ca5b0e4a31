//! The app's screens over the table: lent with it (`App::parts`, `App::scene`), told why not
//! (`App::refuse_on`), settled (`App::settle`: who holds each keyboard, the mode, too small)
//! and given the focus the position asks of each (`App::sync`, `App::sync_screens`) after a
//! change. Nothing here plays an action or reads a key: the update calls down to it.

use crate::tui::app::App;
use crate::tui::screen::Screen;
use crate::tui::table::Table;
use crate::tui::view::layout;
use crate::tui::view::scene::Scene;

impl App {
    /// What the views draw of the first screen (the host's terminal) over the table.
    pub fn scene(&self) -> Scene<'_> {
        Scene::of(&self.table, &self.screen)
    }

    /// What the views draw for screen `id` (0: the first screen, then the joined ones).
    pub fn scene_of(&self, id: usize) -> Scene<'_> {
        match id {
            0 => self.scene(),
            _ => Scene::of(&self.table, &self.others[id - 1]),
        }
    }

    /// Works out every screen's derived state (who holds its keyboard, its mode, too small)
    /// for the table and the screen as they are now: after a change, once, before anything
    /// reads it. `update` and `tick` settle after their message; a test that sets a screen's
    /// fields by hand (`app.screen.viewer = ...`) settles after it.
    pub fn settle(&mut self) {
        let table = &self.table;
        for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
            let need = layout::need(table, screen.start.is_some());
            screen.settle(table, need);
        }
        self.settled = true;
    }

    /// The table, and screen `id` (0: the first screen, then the joined ones), lent apart.
    pub(in crate::tui) fn parts(&mut self, id: usize) -> (&mut Table, &mut Screen) {
        let screen = if id == 0 { &mut self.screen } else { &mut self.others[id - 1] };
        (&mut self.table, screen)
    }

    /// Says why not on screen `id`'s status line.
    pub(in crate::tui) fn refuse_on(&mut self, id: usize, text: String) {
        let (table, screen) = self.parts(id);
        screen.refuse(table, text);
    }

    /// Says why not on the first screen's status line (the host's own flows: the start
    /// screen, the save prompt, a bot's refused move).
    pub(in crate::tui) fn refuse(&mut self, text: String) {
        self.refuse_on(0, text);
    }

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
