//! What the screen-wide commands do now, decided once: settled with the keyboard (the last
//! step of settling a screen, once its mode is known) and read by both the keys (a refusal is
//! said in these words) and the footer and help (a command is offered only when it works).
//! The turn's own commands are the engine's legal actions, listed once by the table.

use crate::engine::Seat;
use crate::tui::screen::Screen;
use crate::tui::screen::keymap::Mode;
use crate::tui::table::Table;

/// The undo, save and advice keys on one screen now: each works, or why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commands {
    /// `u`: asks the table to take back the last action (`true`: there is one the footer
    /// offers; `false`: the table says why not when asked), or why this screen may not ask.
    pub undo: Result<bool, String>,
    /// `s`: opens the save prompt, or why not.
    pub save: Result<(), String>,
    /// `i`: the seat the advice is for, or why no advice may be given now.
    pub advice: Result<Seat, String>,
}

impl Default for Commands {
    /// Before the first settle: nothing offered, nothing said.
    fn default() -> Commands {
        Commands { undo: Ok(false), save: Err(String::new()), advice: Err(String::new()) }
    }
}

impl Commands {
    /// The commands of `screen` (its keyboard and mode settled) over `table`.
    pub fn of(table: &Table, screen: &Screen) -> Commands {
        Commands { undo: undo(table, screen), save: save(table, screen), advice: advice(table, screen) }
    }
}

/// `u` on this screen now.
fn undo(table: &Table, screen: &Screen) -> Result<bool, String> {
    let keyboard = screen.keyboard;
    match keyboard.mode {
        Mode::Away | Mode::Gone => {
            let who = keyboard.away.map(|s| table.where_plays(s)).unwrap_or_default();
            Err(format!("{who}: u takes back only your own last action, on your turn"))
        }
        Mode::Handoff if table.undoable => {
            let name = keyboard.handoff.map(|s| table.name(s)).unwrap_or_default();
            Err(format!("{name} takes the keyboard first (Enter), then u takes back their last action"))
        }
        // Answering ahead of its turn, the seat has no last action of the moment to take back.
        _ if keyboard.ahead.is_some() => Err("u takes back only your own last action, on your turn".into()),
        Mode::Bot => {
            let who = keyboard.bot_seat.map(|s| table.label(s)).unwrap_or_default();
            Err(format!("{who} is playing: u takes back only your own last action, on your turn"))
        }
        mode => Ok(table.undoable && keyboard.handoff.is_none() && mode != Mode::Over),
    }
}

/// `s` on this screen now: a joined screen plays its seat; the game's files are the host's.
fn save(table: &Table, screen: &Screen) -> Result<(), String> {
    if screen.joined {
        Err("the host saves the game (it is autosaved after every action)".into())
    } else if table.record().is_none() {
        Err("nothing to save before the game begins".into())
    } else {
        Ok(())
    }
}

/// The seat the advice key would advise now, or why it can't (the status line's words).
fn advice(table: &Table, screen: &Screen) -> Result<Seat, String> {
    let keyboard = screen.keyboard;
    if let Some(s) = keyboard.advisable {
        return Ok(s);
    }
    let g = table.game();
    Err(if g.is_over() {
        "the game is over: nothing to advise".into()
    } else if let Some(s) = keyboard.handoff {
        format!("{} takes the keyboard first (Enter), then i gives them advice", table.name(s))
    } else if keyboard.sharing_offer || keyboard.asking_builders {
        "no advice on a shared screen: everyone reads it, and advice would show a hand".into()
    } else if let Some(s) = keyboard.away {
        table.where_plays(s)
    } else if let Some(s) = keyboard.bot_seat {
        format!("{} is playing: advice is for your own moments", table.label(s))
    } else {
        "no advice now: it is for the player to act, once they hold the keyboard".into()
    })
}
