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
use std::time::{Duration, Instant};

use crate::bots::{self, Bot, BotLevel};
use crate::engine::{Action, Seat};
use crate::save::{SeatInfo, SeatKind};
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

/// Who plays each seat, the bots themselves, and the bot move in progress.
pub struct Table {
    /// Who plays each seat, in seat order.
    pub(crate) kinds: Vec<SeatKind>,
    /// Each bot seat's player, made when first needed; `None` while lent to a thread.
    pub(in crate::tui) bots: Vec<Option<Box<dyn Bot>>>,
    /// How long a bot move stays on screen before the next.
    pub delay: Duration,
    /// Each decision's time budget ([`Bot::set_time`]).
    pub time: Duration,
    pub(in crate::tui) job: Option<Job>,
    /// When the last bot move was shown; `None` after a person's move or a skip.
    pub(in crate::tui) shown_at: Option<Instant>,
    /// The last bot move and where it was made, highlighted on the island until the next move.
    pub(in crate::tui) last: Option<(Action, Option<Selection>)>,
    /// The turn in which a bot last offered a trade, and which: each offer asks every person
    /// at the table for an answer, so at the table a bot offers once a turn (issue 23; the
    /// arena keeps the bots' own limit).
    pub(in crate::tui) offered: Option<(u32, Seat)>,
    /// Whether bots may offer trades to the people at the table (a setting: the start screen
    /// and settings.json; on by default). Off, bots offer only to one another.
    pub offers_to_people: bool,
}

impl Default for Table {
    fn default() -> Table {
        Table {
            kinds: Vec::new(),
            bots: Vec::new(),
            delay: DEFAULT_DELAY,
            time: DEFAULT_TIME,
            job: None,
            shown_at: None,
            last: None,
            offered: None,
            offers_to_people: true,
        }
    }
}

impl Table {
    /// Seats these players (dropping any bot of a game before).
    pub(crate) fn seat(&mut self, seats: &[SeatInfo]) {
        self.kinds = seats.iter().map(|s| s.kind).collect();
        self.bots = seats.iter().map(|_| None).collect();
        (self.job, self.shown_at, self.last, self.offered) = (None, None, None, None);
    }

    /// Whether the bot at `s` may still offer a trade in turn `turn`: once a turn at the table.
    pub fn may_offer(&self, s: Seat, turn: u32) -> bool {
        self.offered != Some((turn, s))
    }

    /// Tells a bot who at the table are people and whether it may offer them trades.
    pub(in crate::tui) fn brief(&self, bot: &mut dyn Bot) {
        let people = self.humans().fold(crate::engine::SeatSet::default(), crate::engine::SeatSet::with);
        bot.set_people(people, self.offers_to_people);
    }

    /// A bot has decided its move, which waits to be played.
    pub fn decided(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.action.is_some())
    }

    /// The level of the bot at `s`; `None` for a person.
    pub fn level(&self, s: Seat) -> Option<BotLevel> {
        self.kinds.get(s.index()).and_then(|k| k.bot_level())
    }

    /// The seats people play.
    pub fn humans(&self) -> impl Iterator<Item = Seat> + '_ {
        self.kinds.iter().enumerate().filter(|(_, k)| **k == SeatKind::Human).map(|(i, _)| Seat(i as u8))
    }

    /// Forgets the highlighted bot move (a person has acted since).
    pub(in crate::tui) fn person_acted(&mut self) {
        (self.shown_at, self.last) = (None, None);
    }

    /// The island highlight of the last bot move, if it was made at a place.
    pub(crate) fn highlight(&self) -> Option<&Selection> {
        self.last.as_ref().and_then(|(_, sel)| sel.as_ref())
    }
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
