//! Computer players at the table (issue 14): who plays each seat, a bot's choice worked out on a
//! worker thread so the screen never freezes, and the pace of its moves.
//!
//! When a bot must act, its [`Bot`] is lent to a thread with a copy of the game (a `Game` is
//! `Copy`), which sends the action back through a channel with the bot. The terminal loop
//! polls `App::tick` (flow/bot_turns.rs) meanwhile: q, ?, the log keys and resizes keep working, and quitting
//! never waits for a search (the thread is left to finish on its own; the process ends anyway).
//! Each move stays on screen, highlighted on the island, for the `--bot-delay` before the next
//! is played; any key that means nothing else skips ahead. The next bot thinks during that time.

use crate::tui::model::selection::Verb;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use crate::bots::{self, Bot, BotLevel};
use crate::engine::{Action, Seat};
use crate::tui::model::selection::{Purpose, Selection, Target};

/// How long each bot move stays on screen by default (`--bot-delay`).
pub const DEFAULT_DELAY: Duration = Duration::from_millis(600);
/// How long a bot may think about one decision by default (`--bot-time`).
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);
/// How often the terminal loop looks whether a thinking bot has decided.
pub(in crate::tui) const POLL: Duration = Duration::from_millis(20);

/// A bot for a seat at the table: it keeps to the table's time budget and may offer the
/// players domestic trades ([`Bot::set_offers`]; one a turn at the table, see
/// [`Table::may_offer`]).
pub(in crate::tui) fn table_bot(level: BotLevel, seed: u64, time: Duration) -> Box<dyn Bot> {
    let mut bot = bots::make(level, seed);
    bot.set_time(time);
    bot.set_offers(true);
    bot
}

/// What a bot's thread sends back: the bot and its action, or why it failed (its panic's
/// message).
type Answer = Result<(Box<dyn Bot>, Action), String>;

/// A decision being worked out (or made and waiting for its moment).
pub(in crate::tui) struct Job {
    pub(in crate::tui) seat: Seat,
    /// The record's length when the bot started: a job for another position is stale.
    pub(in crate::tui) at: usize,
    pub(in crate::tui) rx: Receiver<Answer>,
    /// The action, once the bot has decided.
    pub(in crate::tui) action: Option<Action>,
}

/// The place an action was made at, as a one-target selection for the island to highlight.
pub(in crate::tui) fn place_of(action: Action) -> Option<Selection> {
    let (purpose, target) = match action {
        Action::BuildSettlement(v) => (Purpose::Settlement, Target::Vertex(v)),
        Action::BuildCity(v) => (Purpose::City, Target::Vertex(v)),
        Action::BuildCastle(v) => (Purpose::Castle, Target::Vertex(v)),
        Action::BuildRoad(e) => (Purpose::Road, Target::Edge(e)),
        Action::MoveRobber { hex, .. } => (Purpose::Robber, Target::Hex(hex)),
        // Units (R52, R53): where one was built or went.
        Action::BuildKnight { hex, .. } => (Purpose::Unit(Verb::Build), Target::Hex(hex)),
        Action::MoveKnight { to, .. } => (Purpose::Unit(Verb::Move), Target::Hex(to)),
        Action::BuildShip { sea, .. } => (Purpose::Unit(Verb::Build), Target::Sea(sea)),
        Action::SailShip { to, .. } => (Purpose::Unit(Verb::Sail), Target::Sea(to)),
        _ => return None,
    };
    Some(Selection { purpose, legal: vec![target], cursor: target, cancellable: false, back: None })
}

/// A bot's seed: the game's seed mixed with the seat, so a game with the same seed and the same
/// moves of its people plays out the same.
pub(in crate::tui) fn bot_seed(seed: u64, s: Seat) -> u64 {
    seed ^ 0xB07_5EA7_u64.wrapping_mul(u64::from(s.0) + 1).rotate_left(17)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seat_gets_its_own_seed() {
        let seeds: Vec<u64> = (0..6).map(|s| bot_seed(42, Seat(s))).collect();
        for (i, a) in seeds.iter().enumerate() {
            assert!(seeds[i + 1..].iter().all(|b| a != b));
        }
    }

    /// A computer player's unit shows where it was built or went, on land or sea (R52, R53).
    #[test]
    fn a_bots_unit_move_is_highlighted_where_it_went() {
        use crate::engine::{Hex, SeaHex, UnitKind};
        let at = |a| place_of(a).map(|s| s.cursor);
        assert_eq!(at(Action::MoveKnight { unit: 0, to: Hex(4) }), Some(Target::Hex(Hex(4))));
        assert_eq!(at(Action::BuildShip { kind: UnitKind::Ship, sea: SeaHex(3) }), Some(Target::Sea(SeaHex(3))));
        assert_eq!(at(Action::SailShip { unit: 1, to: SeaHex(5) }), Some(Target::Sea(SeaHex(5))));
    }
}
