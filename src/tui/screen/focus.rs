//! The screen's small state types: what happens to it ([`Msg`]), what the player at the
//! keyboard is doing ([`Focus`]: the choice that has the keys, the focus each phase asks for,
//! and where a command in it leads), the status line's [`Message`] and the [`Guarded`] screen
//! showing. The views read them without importing the app.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::engine::{Phase, Seat};
use crate::tui::screen::dialog::{Composer, Dialog, PickFor, Picker};
use crate::tui::screen::keymap::{Cmd, Mode};
use crate::tui::screen::outcome::Outcome;
use crate::tui::screen::robber;
use crate::tui::screen::selection::{Purpose, Selection, Target, Verb};
use crate::tui::screen::unit_choice::{UnitChoice, What};
use crate::tui::table::Table;
use crate::tui::table::offers::Choice;

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

impl Focus {
    /// The focus the game's phase asks of the person to act (`seat`), on a screen whose
    /// keyboard they hold; `near` is where the last place was chosen.
    pub fn for_phase(table: &Table, seat: Seat, near: Option<Target>) -> Focus {
        let game = table.game();
        match game.phase() {
            Phase::Setup { settlement: None, .. } => {
                Focus::Select(Selection::among(game, &table.legal(), Purpose::Settlement, near, false), None)
            }
            Phase::Setup { .. } | Phase::RoadBuilding { .. } => {
                Focus::Select(Selection::among(game, &table.legal(), Purpose::Road, near, false), None)
            }
            Phase::Robber => Focus::robber(table),
            Phase::Discard { remaining } => {
                Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Discard(remaining[seat.index()]))))
            }
            Phase::Trade { .. } => Focus::trade(table, seat),
            Phase::Plenty { .. } => Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Plenty).first_row(game))),
            Phase::Roll | Phase::Main | Phase::SpecialBuilding { .. } | Phase::Over { .. } => Focus::Idle,
        }
    }

    /// Whether this focus is the answer `seat` is giving to the question it still owes (its
    /// discard picker, its answer to the offer or the counter it composes): an action of
    /// another seat leaves it as the player left it (issue 49).
    pub fn answers(&self, table: &Table, seat: Seat) -> bool {
        let game = table.game();
        if !crate::tui::table::ahead::owes(game, seat) || table.ahead.given(seat) {
            return false;
        }
        match (self, game.phase()) {
            (Focus::Dialog(Dialog::Picker(p)), Phase::Discard { remaining }) => {
                p.purpose == PickFor::Discard(remaining[seat.index()])
            }
            (Focus::Dialog(Dialog::Answer), Phase::Trade { .. }) => true,
            (Focus::Dialog(Dialog::Composer(c)), Phase::Trade { .. }) => c.counter,
            _ => false,
        }
    }

    /// The robber's first step: the hexes it may go to.
    pub fn robber(table: &Table) -> Focus {
        Focus::Select(robber::selection(table.game(), &table.legal()), None)
    }

    /// The focus while an offer is open, for the seat at the keyboard: the offerer sees the
    /// answers; one who chose to counter on a shared screen composes it; anyone else answers.
    pub fn trade(table: &Table, seat: Seat) -> Focus {
        let game = table.game();
        if seat == game.current_player() {
            Focus::Dialog(Dialog::responses(game))
        } else if table.offer_table.given(seat) == Some(Choice::Counter) {
            Focus::Dialog(Dialog::Composer(Composer::counter(game)))
        } else {
            Focus::Dialog(Dialog::Answer)
        }
    }

    /// A dialog as the focus: the units' choice at its island step shows on the island.
    pub fn of_dialog(table: &Table, dialog: Dialog, near: Option<Target>) -> Focus {
        match dialog {
            Dialog::Units(choice) if choice.on_island() => Focus::island(table, choice, near),
            dialog => Focus::Dialog(dialog),
        }
    }

    /// The units' island step: the places left marked, the cursor on the one nearest the unit
    /// (or where the cursor last was).
    fn island(table: &Table, choice: UnitChoice, near: Option<Target>) -> Focus {
        let game = table.game();
        let verb = choice.verb(game).unwrap_or(Verb::Move);
        let s = game.to_act();
        let unit = match choice.what() {
            Some(What::Knight(slot)) => game.knight_units(s).find(|u| u.0 == slot).map(|u| Target::Hex(u.2)),
            Some(What::Ship(slot)) => game.ship_units(s).find(|u| u.0 == slot).map(|u| Target::Sea(u.2)),
            Some(What::Build(_)) | None => None,
        };
        let sel = Selection::among(game, choice.steps.left(), Purpose::Unit(verb), unit.or(near), true);
        Focus::Select(sel, Some(choice))
    }

    /// A command in the choice that has the keys (a place on the island, a dialog): its step
    /// machine answers, and the answer is said as the next focus. `me` is the seat it is for
    /// (the seat to act, or one answering ahead of its turn), `near` where the last place was
    /// chosen.
    pub fn on_cmd(&mut self, table: &Table, me: Seat, near: Option<Target>, cmd: Cmd) -> Outcome<Focus> {
        let game = table.game();
        match self {
            Focus::Idle => Outcome::Stay,
            Focus::Dialog(dialog) => {
                let robbing = matches!(dialog, Dialog::Victim { .. });
                match dialog.on_cmd(game, me, || table.legal(), cmd) {
                    // Whom to rob: back to the hex.
                    Outcome::Back if robbing => Outcome::Next(Focus::robber(table)),
                    Outcome::Back => Outcome::Stay,
                    outcome => outcome.map(|next| Focus::of_dialog(table, next, near)),
                }
            }
            Focus::Select(sel, held) => {
                let (purpose, on_legal) = (sel.purpose, sel.on_legal());
                let units = |outcome: Outcome<UnitChoice>| {
                    outcome.map(|choice| Focus::of_dialog(table, Dialog::Units(choice), near))
                };
                match sel.on_cmd(game.topology(), cmd) {
                    // The units' choice takes the place, or goes back to its list.
                    Outcome::Next(t) if purpose.is_unit() => {
                        held.clone().map_or(Outcome::Stay, |choice| units(choice.on_place(game, t)))
                    }
                    Outcome::Back => held.clone().map_or(Outcome::Close, |choice| units(choice.on_back(game))),
                    Outcome::Next(t) => {
                        let Some(action) = purpose.action(t) else { return Outcome::Stay };
                        if !on_legal {
                            let why = game.check(action).err().map_or("not there".to_string(), |e| e.to_string());
                            return Outcome::Refuse(why);
                        }
                        match (purpose, t) {
                            (Purpose::Robber, Target::Hex(hex)) => {
                                robber::rob_at(&table.legal(), hex).map(Focus::Dialog)
                            }
                            _ => Outcome::Act(vec![action]),
                        }
                    }
                    outcome => outcome.map(|_| Focus::Idle),
                }
            }
        }
    }
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
/// change (`App::settle`), and everything reads that answer.
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
    /// This screen's own seat (a joined one) owes an answer to a question put to several seats
    /// at once (a discard after a 7, an answer to an offer) before its turn in the order: it is
    /// asked now, and its answer waits for its turn (issue 49, `table/ahead.rs`).
    pub ahead: Option<Seat>,
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
            ahead: None,
            guarded: None,
            advisable: None,
            too_small: false,
            mode: Mode::Turn,
        }
    }
}
