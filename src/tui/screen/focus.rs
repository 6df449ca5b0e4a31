//! The app's small state types: what happens to it ([`Msg`]), what the player at the keyboard
//! is doing ([`Focus`]), the status line's [`Message`] and the [`Guarded`] screen showing. The
//! views read them without importing the app.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::engine::Seat;
use crate::tui::screen::dialog::Dialog;
use crate::tui::screen::keymap::Mode;
use crate::tui::screen::selection::Selection;
use crate::tui::screen::unit_choice::UnitChoice;

/// What happens to the app: a key, a click, pasted text, a new terminal size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    Key(KeyEvent),
    Click {
        col: u16,
        row: u16,
    },
    /// Text pasted into the terminal (bracketed paste): typed into the name being edited, if
    /// one is, and otherwise ignored, so a paste never plays keys as commands.
    Paste(String),
    Resize(u16, u16),
}

impl Msg {
    /// A key press with no modifiers (for tests and scripts).
    pub fn key(code: KeyCode) -> Msg {
        Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }
    /// A typed character.
    pub fn char(c: char) -> Msg {
        Msg::key(KeyCode::Char(c))
    }
}

/// What the player who has the keyboard is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    /// Choosing what to do next (roll, build, trade, end the turn).
    Idle,
    /// A place being chosen on the island; with the unit choice (R52, R53, R56) it is a step
    /// of, while that choice's island step shows (the choice goes on from the place taken, or
    /// back to its list).
    Select(Selection, Option<UnitChoice>),
    Dialog(Dialog),
}

/// A line for the status bar: a result, or a refusal (shown with a mark, not colour alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub error: bool,
}

/// One letter per player for their pieces: the first letter or digit of the name not taken by
/// an earlier player, else the seat's number.
pub(crate) fn letters_for(names: &[String]) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let pick = name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .map(|c| c.to_ascii_uppercase())
            .find(|c| !out.contains(c))
            .unwrap_or_else(|| char::from(b'1' + i as u8));
        out.push(pick);
    }
    out
}

/// A screen the input gate guards (`term/gate.rs`): what the model says shows now, so the
/// terminal knows when to drop keys meant for the screen before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guarded {
    /// The hand-off, waiting for this seat.
    Handoff(Seat),
    /// The shared screen of the answers to an offer.
    Offer,
    /// The shared screen asking who builds in the Special Building Phase.
    Builders,
    /// A fight everyone reads (R56), a computer player's too.
    Fight,
}

/// Who holds a screen's keyboard and what it is in: the hand-off, the shared screens, the
/// computer player or the person on another screen to act, the screen the input gate guards,
/// the seat advice is for, whether the terminal is too small, and the keys' mode. A key's path
/// and a frame ask these again and again; the screen works them out together, once after each
/// change (`Screen::settle`), and everything reads that answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keyboard {
    /// The seat waiting for the keyboard, while the hand-off screen shows: a person played on
    /// this screen who must act and has not yet taken it (computer players need no keyboard).
    pub handoff: Option<Seat>,
    /// The shared answer screen shows: an offer is open, the player to answer is a person of
    /// this screen who has not answered on it yet, and this screen holds more than one person
    /// (one person among computer players keeps the keyboard and answers privately).
    pub sharing_offer: bool,
    /// The shared "who builds?" screen shows.
    pub asking_builders: bool,
    /// The seat a bot must play now, in a game being played (not on the start screen, nor in
    /// the replay viewer, which has no record).
    pub bot_seat: Option<Seat>,
    /// The person to act plays on another screen (a joined seat): this one waits for them.
    pub away: Option<Seat>,
    /// The screen the input gate guards: a fight, a hand-off, or a shared screen every player
    /// reads (the answers to an offer, who builds).
    pub guarded: Option<Guarded>,
    /// The seat advice may be given to now: the person to act holds this keyboard after their
    /// hand-off, and no shared screen, fight or other player's move shows.
    pub advisable: Option<Seat>,
    /// The terminal is smaller than the game's screen: only the "too small" notice is drawn.
    pub too_small: bool,
    /// The mode the keys are in.
    pub mode: Mode,
}

impl Default for Keyboard {
    fn default() -> Keyboard {
        Keyboard {
            handoff: None,
            sharing_offer: false,
            asking_builders: false,
            bot_seat: None,
            away: None,
            guarded: None,
            advisable: None,
            too_small: false,
            mode: Mode::Turn,
        }
    }
}
