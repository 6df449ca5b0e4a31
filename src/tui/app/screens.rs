//! The app's screens over the table: lent with it (`App::parts`, `App::scene`), told why not
//! (`App::refuse_on`), and settled once at the end of each message and tick
//! ([`App::settle_after`]): the flows before it change the table and the screens' own state
//! and return what they changed ([`Changes`]); the settle then works out everything that
//! follows, in a fixed order. Nothing here plays an action or reads a key.

use crate::tui::app::App;
use crate::tui::app::aftermath::By;
use crate::tui::screen::Screen;
use crate::tui::screen::focus::Message;
use crate::tui::table::Table;
use crate::tui::table::perform::Acted;
use crate::tui::view::layout;
use crate::tui::view::scene::Scene;

/// What a flow changed, for the one settle at the end of the message or tick that ran it
/// ([`App::settle_after`]). Flows return it; a message or tick merges what its flows returned.
#[derive(Default)]
#[must_use]
pub(in crate::tui) struct Changes {
    /// Something a screen shows may have changed: every screen's keyboard and mode are worked
    /// out again. Every message sets it; a tick only when it moved something.
    pub shown: bool,
    /// The position or who plays where changed: every screen is given the focus the position
    /// asks of it (and a hand-off, a shared screen's viewer cleared, stale advice dropped).
    pub refocus: bool,
    /// The table's own questions are asked first (a change that is no action: an undo, a seat
    /// joined or played here; an action asks them in `Table::perform`).
    pub questions: bool,
    /// An action played (or refused), by whom, from which screen: every screen is told what
    /// happened, and the next computer player starts thinking.
    pub acted: Option<(usize, By, Acted)>,
    /// Words for a screen's status line, written once every screen is settled.
    pub said: Vec<Said>,
    /// The advice polled on every screen (a tick): what came is taken, what went stale dropped.
    pub advice: bool,
}

/// Words a flow leaves for a screen's status line, said after the settle.
pub(in crate::tui) struct Said {
    pub id: usize,
    pub message: Message,
    /// Said only where no refusal or failure shows (it stays until the next key).
    pub unless_error: bool,
}

impl Changes {
    /// A screen's own state changed (a key): keyboards and modes again.
    pub fn shown() -> Changes {
        Changes { shown: true, ..Changes::default() }
    }

    /// The position or the seats changed with no action: the table's questions, then every
    /// screen refocused.
    pub fn sync() -> Changes {
        Changes { shown: true, refocus: true, questions: true, ..Changes::default() }
    }

    /// Every screen refocused, the table's questions asked already.
    pub fn refocus() -> Changes {
        Changes { shown: true, refocus: true, ..Changes::default() }
    }

    /// An action played from screen `id` (a bot's: screen 0).
    pub fn acted(id: usize, by: By, acted: Acted) -> Changes {
        Changes { acted: Some((id, by, acted)), ..Changes::refocus() }
    }

    /// These changes, then `later`'s.
    pub fn and(mut self, later: Changes) -> Changes {
        self.shown |= later.shown;
        self.refocus |= later.refocus;
        self.questions |= later.questions;
        self.advice |= later.advice;
        if later.acted.is_some() {
            self.acted = later.acted;
        }
        self.said.extend(later.said);
        self
    }

    /// And `text` said on screen `id` once settled.
    pub fn say(mut self, id: usize, text: String) -> Changes {
        self.said.push(Said { id, message: Message { text, error: false }, unless_error: false });
        self
    }
}

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
