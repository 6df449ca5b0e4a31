//! The app's screens over the table: lent with it (`App::parts`, `App::scene`), told why not
//! (`App::refuse_on`), and settled once at the end of each message and tick
//! ([`App::settle_after`]): the flows before it change the table and the screens' own state
//! and return what they changed (`Changes`, `changes.rs`); the settle then works out
//! everything that follows, in a fixed order. Nothing here plays an action or reads a key.

use crate::tui::app::App;
use crate::tui::app::changes::{Changes, Said};
use crate::tui::screen::Screen;
use crate::tui::screen::scene::Scene;
use crate::tui::table::Table;
use crate::tui::view::layout;

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
    /// for the table and the screens as they are now. A test that sets a screen's fields by
    /// hand (`app.screen.viewer = ...`) settles after it; `update` and `tick` settle at their
    /// end ([`App::settle_after`]).
    pub fn settle(&mut self) {
        self.settle_after(Changes::shown());
    }

    /// The one settle at the end of a message or a tick: everything derived from what its
    /// flows `changes`, worked out once, in this order: the table's questions; each screen's
    /// keyboard (who holds it, too small); each screen's focus (the position's place or dialog,
    /// the hand-off's viewer, stale advice dropped); each screen's mode; what each screen is
    /// told of an action, and the words the flows left; the bots armed; the advice polled.
    /// True when anything changed (the screens are drawn again).
    pub(in crate::tui) fn settle_after(&mut self, changes: Changes) -> bool {
        let Changes { shown, refocus, questions, acted, said, advice } = changes;
        if questions {
            self.table.ask_questions();
        }
        if shown {
            self.settle_screens(refocus);
        }
        if let Some((id, by, acted)) = acted {
            self.tell_all(id, by, acted);
            // The bots' turn: the next computer player starts thinking now, while this shows.
            self.table.arm(self.table.bot_to_act());
        }
        for Said { id, message, unless_error } in said {
            let Some(screen) = self.screen_mut(id) else { continue };
            if !unless_error || screen.message.as_ref().is_none_or(|m| !m.error) {
                screen.message = Some(message);
            }
        }
        let mut advised = false;
        if advice {
            let table = &self.table;
            for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
                advised |= crate::tui::app::coach::poll(table, screen, false);
            }
        }
        shown || advised
    }

    /// Each screen's keyboard, then (on `refocus`) its focus, then its mode: once each.
    fn settle_screens(&mut self, refocus: bool) {
        let table = &self.table;
        for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
            let waited = screen.keyboard.away.is_some();
            let need = layout::need(table, screen.start.is_some());
            screen.settle_keyboard(table, need);
            if refocus {
                // A screen whose seat comes back from waiting on another screen's play shows
                // its own prompt, not its last action's words from before (a joined seat:
                // issue 40).
                if waited && screen.keyboard.away.is_none() && screen.keyboard.bot_seat.is_none() {
                    screen.message = None;
                }
                screen.sync_focus(table);
            }
            screen.settle_mode(table);
        }
    }

    /// The table, and screen `id` (0: the first screen, then the joined ones), lent apart.
    pub(in crate::tui) fn parts(&mut self, id: usize) -> (&mut Table, &mut Screen) {
        let screen = if id == 0 { &mut self.screen } else { &mut self.others[id - 1] };
        (&mut self.table, screen)
    }

    /// Screen `id`, if it is still there (a flow may have closed it).
    fn screen_mut(&mut self, id: usize) -> Option<&mut Screen> {
        if id == 0 { Some(&mut self.screen) } else { self.others.get_mut(id - 1) }
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
}
