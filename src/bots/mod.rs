//! Computer players. They see the game only through a seat's [`PlayerView`]: its legal actions,
//! the public facts and their own cards, never another hand, the deck's order or the dice to
//! come. A bot that looks ahead plays on a game the view deals afresh
//! ([`PlayerView::determinize`]), never on the real one.
//!
//! ```
//! use catan::bots::{self, BotLevel};
//! use catan::engine::{Config, Game};
//!
//! let mut game = Game::new(Config::default(), 7).unwrap();
//! let mut seats: Vec<_> = (0..4).map(|s| bots::make(BotLevel::Easy, s)).collect();
//! while !game.is_over() && game.turn_number() < 500 {
//!     let view = game.acting_view();
//!     let action = seats[view.seat().index()].choose(view);
//!     game.apply(action).unwrap();
//! }
//! ```
//!
//! Levels: [`RandomBot`] (uniform over the legal actions; with the dragon it builds first,
//! [`dragon_building`]), [`EasyBot`] (weighted random choices that favour building),
//! [`MediumBot`] (a one-move lookahead on catanatron's value function, [`value`]; like
//! catanatron's, it counts only the next seat's production as the enemy's), [`AlphaBetaBot`]
//! (catanatron's depth-2 alpha-beta search on it) and [`HardBot`] (playouts over determinized
//! worlds), and [`ExpertBot`] (the advice's first move, [`advice`]). The easy and hard players weigh every opponent by how close it is to winning
//! ([`threat`]), so their robber goes to the leader. With a unit module on (R52-R57), the
//! value the medium, alpha-beta and hard players share adds what units and fights are worth
//! ([`units`]; a fight by its exact chance, [`odds`]); without one it is catanatron's to the
//! bit.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::{Action, ActionList, Hex, Phase, PlayerView, Terrain, Vertex};

pub mod advice;
mod alphabeta;
mod easy;
mod expert;
mod fight;
mod hard;
mod medium;
mod offer;
mod random;
mod seen;
pub mod threat;
pub mod units;
pub mod value;

pub use alphabeta::AlphaBetaBot;
pub use easy::EasyBot;
pub use expert::ExpertBot;
pub use fight::odds;
pub use hard::HardBot;
pub use medium::MediumBot;
pub use offer::OFFERS_PER_TURN;
pub use random::{RandomBot, SplitMix64, dragon_building};

/// A computer player: given the view of the seat that must act, it picks one of that seat's
/// legal actions.
///
/// The same calls cover every moment of a game: set-up, the roll, building, card plays, the
/// robber, discards after a 7, and answers to a domestic trade offer (the view's phase is then
/// [`Phase::Trade`]: the legal actions listed are
/// [`Action::AcceptTrade`] and [`Action::DeclineTrade`], and a bot may also answer with an
/// [`Action::CounterTrade`]; a bot accepts only what it can pay, see `keep_payable`). A bot is deterministic given its seed
/// and what its seat has seen: two games that differ only in what the seat cannot see get the
/// same decision.
pub trait Bot: Send {
    /// The action to play now. `view` must belong to the seat that must act
    /// ([`crate::engine::Game::acting_view`]) in a game that is not over: anything else has
    /// no legal action to choose from, and panics.
    fn choose(&mut self, view: PlayerView<'_>) -> Action;

    /// The level this bot plays at.
    fn level(&self) -> BotLevel;

    /// The most time one decision may take. Bots that search stop when it is spent; the others
    /// decide at once and ignore it.
    fn set_time(&mut self, _budget: std::time::Duration) {}

    /// Whether the bot may offer domestic trades (off until turned on). The easy and medium
    /// players then offer a spare card or two for one that completes a build
    /// ([`offer::OFFERS_PER_TURN`] offers a turn at most); the others never offer.
    fn set_offers(&mut self, _on: bool) {}

    /// Who at the table are people, and whether the bot may offer them trades at all (a
    /// setting). An offer that asks people is made only for a build that scores (a settlement
    /// or a city), at most once in the bot's turn, not for a card people declined within the
    /// last round, and never again on terms they all declined this game (issues 33, 42): each
    /// such offer asks every person for an answer. Offers among bots are as before.
    fn set_people(&mut self, _people: crate::engine::SeatSet, _offer_to_people: bool) {}

    /// What the bot at `me` offered people earlier in this game, read from the game's events
    /// (public): a bot made for a game played on (`--continue`, `--load`, or anew after a
    /// failure) remembers which terms everyone declined and whether it asked people this turn,
    /// as the bot that made the offers did. Call after [`Bot::set_people`].
    fn recall_offers(&mut self, _me: crate::engine::Seat, _log: &[crate::engine::Event]) {}

    /// What happened at the table since the last call (every event, in order: a bot shows
    /// its seat only what [`crate::engine::Event::describe`] says to it). Our bots read the
    /// game through their view alone and ignore it; a program seat
    /// ([`crate::protocol::ProgramBot`]) passes it on as its screen's log would.
    fn observe(&mut self, _events: &[crate::engine::Event]) {}

    /// Something to say once about this player at the table, taken when said: a program seat
    /// that was stopped, and why ([`crate::protocol::ProgramBot`]). Our bots have nothing.
    fn take_notice(&mut self) -> Option<String> {
        None
    }
}

/// How a computer player plays. Written `"random"`, `"easy"`, `"medium"`, `"alphabeta"`,
/// `"hard"` or `"expert"` in
/// save files (`{"bot": "easy"}`) and on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BotLevel {
    /// Plays a legal action at random ([`RandomBot`]): what `catan simulate` records.
    Random,
    /// Weighted random choices that favour building ([`EasyBot`]).
    Easy,
    /// One-move lookahead on catanatron's value function ([`MediumBot`]).
    Medium,
    /// catanatron's depth-2 alpha-beta search on the same value function ([`AlphaBetaBot`]).
    Alphabeta,
    /// A search over determinized worlds on the same value function ([`HardBot`]).
    Hard,
    /// The coach's first move ([`advice`]) played as a seat ([`ExpertBot`]).
    Expert,
}

impl BotLevel {
    /// Every level, weakest first.
    pub const ALL: [BotLevel; 6] =
        [BotLevel::Random, BotLevel::Easy, BotLevel::Medium, BotLevel::Alphabeta, BotLevel::Hard, BotLevel::Expert];

    /// The level's name, as written in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Easy => "easy",
            BotLevel::Medium => "medium",
            BotLevel::Alphabeta => "alphabeta",
            BotLevel::Hard => "hard",
            BotLevel::Expert => "expert",
        }
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of [`BotLevel::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot level {0:?}: choose random, easy, medium, alphabeta, hard or expert")]
pub struct UnknownLevel(pub String);

impl FromStr for BotLevel {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<BotLevel, UnknownLevel> {
        let t = s.trim();
        BotLevel::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(t)).ok_or_else(|| UnknownLevel(t.to_string()))
    }
}

/// True when `s` has public points within two of the target: a bot helps no such player in a
/// trade (the player may hold hidden victory point cards too).
pub(crate) fn near_win(view: &PlayerView<'_>, s: crate::engine::Seat) -> bool {
    u32::from(view.player(s).points) + 2 >= u32::from(view.config().target)
}

/// The gold hexes (R42) beside intersection `v`: what the bots' caution with the dragon (R43)
/// looks at.
pub(crate) fn gold_hexes<'a>(view: &PlayerView<'a>, v: Vertex) -> impl Iterator<Item = Hex> + 'a {
    let board = view.board();
    view.topology().vertex_hexes(v).iter().copied().filter(move |&h| board.terrain(h) == Terrain::Gold)
}

/// Drops [`Action::AcceptTrade`] from a seat's legal answers when it can't pay what the
/// offer asks. An accept is legal at the player's word (RULES H4), but a bot's word is good:
/// it answers as it did when an accept it couldn't pay was illegal.
pub(crate) fn keep_payable(view: &PlayerView<'_>, actions: &mut ActionList) {
    if cannot_pay(view) {
        actions.retain(|a| *a != Action::AcceptTrade);
    }
}

/// The seat is asked to answer an offer and lacks the cards it asks for.
pub fn cannot_pay(view: &PlayerView<'_>) -> bool {
    matches!(view.phase(), Phase::Trade { get, .. }
        if view.seat() != view.current_player() && !view.hand().contains(&get))
}

/// What a searching bot plays without searching: its only legal action, or its answer to a
/// domestic offer, which `medium` gives ([`MediumBot`] compares the hand's value before and
/// after). `None` when a search must decide. Fills `actions` with the legal actions.
pub(crate) fn unsearched(view: &PlayerView<'_>, actions: &mut ActionList, medium: &mut MediumBot) -> Option<Action> {
    view.legal_actions_into(actions);
    keep_payable(view, actions);
    assert!(!actions.is_empty(), "a bot is asked only when its seat must act");
    if actions.len() == 1 {
        return Some(actions[0]);
    }
    matches!(view.phase(), Phase::Trade { .. }).then(|| medium.choose(*view))
}

/// The time a bot (or a program seat) may take for one decision unless told otherwise
/// (`--bot-time`).
pub const BOT_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// The seed of the bot at seat `s` in a game dealt from `seed`: drawn on a stream of its own,
/// so a game with the same seed and the same moves of its people plays out the same, and
/// nothing a bot does tells the game's seed (H7: ChaCha is one-way; the seed mixed with a
/// constant let a bot's random choices give the seed, and the seed every roll to come, away).
pub fn seat_seed(seed: u64, s: crate::engine::Seat) -> u64 {
    use rand::{RngCore, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(0xB07 + u64::from(s.0));
    rng.next_u64()
}

/// A bot of the given level, seeded for repeatable games.
pub fn make(level: BotLevel, seed: u64) -> Box<dyn Bot> {
    match level {
        BotLevel::Random => Box::new(RandomBot::new(seed)),
        BotLevel::Easy => Box::new(EasyBot::new(seed)),
        BotLevel::Medium => Box::new(MediumBot::new(seed)),
        BotLevel::Alphabeta => Box::new(AlphaBetaBot::new(seed)),
        BotLevel::Hard => Box::new(HardBot::new(seed)),
        BotLevel::Expert => Box::new(ExpertBot::new(seed)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_and_print_as_their_names() {
        for level in BotLevel::ALL {
            assert_eq!(level.name().parse::<BotLevel>(), Ok(level));
            assert_eq!(serde_json::to_string(&level).unwrap(), format!("\"{level}\""));
        }
        assert_eq!(" Easy ".parse::<BotLevel>(), Ok(BotLevel::Easy));
        assert!("harder".parse::<BotLevel>().is_err());
    }
}
