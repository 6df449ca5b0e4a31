//! What a flow changed ([`Changes`]), returned up to the one settle at the end of the message or
//! tick that ran it (`App::settle_after`, `screens.rs`), and who acted ([`By`]).

use crate::engine::{Action, Seat};
use crate::tui::screen::focus::Message;
use crate::tui::table::perform::Acted;

/// Who acted: the person at the keyboard, or a computer player and the move it played.
#[derive(Clone, Copy)]
pub(in crate::tui) enum By {
    /// A person; the seat that was to act (its words are said privately to it, H1).
    Person(Seat),
    /// A computer player at its seat, and the action it played (a stand-in's if it failed).
    Bot(Seat, Action),
}

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
