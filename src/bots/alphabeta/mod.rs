//! The alpha-beta player: a reproduction of catanatron's `AlphaBetaPlayer`
//! (`catanatron/players/minimax.py`) at its default depth of 2, with its action pruning
//! (`list_prunned_actions`, see [`prune`]) and the value function of the medium player
//! ([`super::value`]) at the leaves.
//!
//! Each node is a decision of the player to act: the searching seat maximizes the value, every
//! other seat minimizes it (one coalition against it, as in catanatron). An action's value is
//! the average over its outcomes ([`spectrum`]): the eleven totals of a roll, the kinds of
//! development card a purchase may draw, the resources a steal may take. Depth counts
//! decisions, whoever makes them: the search sees a first move and the decision after it,
//! another move in the same turn, or the next player's roll after the end of the turn.
//!
//! Unlike catanatron's, it never reads other hands: it searches a game dealt afresh from its
//! seat's view ([`PlayerView::determinize`]) once per decision, so other hands, the deck's
//! order and the dice are samples of what the seat cannot know. Domestic offers are answered as
//! the medium player answers them ([`MediumBot`]); it makes none.
//!
//! The search keeps to the time set with [`Bot::set_time`] (1 second unless told): once it is
//! spent, every node not yet searched is valued as a leaf, so the first moves left are judged
//! one move deep, as the medium player judges them, and the best one found is played. Only
//! then may a decision depend on more than the seed and what the seat has seen: on the clock.
//! A 4-player game between alphabeta players takes about 25 ms (0.1 ms a decision).

use std::time::{Duration, Instant};

use crate::engine::{Action, ActionList, Game, PlayerView, Seat};

use super::medium::MediumBot;
use super::random::SplitMix64;
use super::value::{DEFAULT_WEIGHTS, Features, Weights};
use super::{Bot, BotLevel};

pub(super) mod prune;
pub(super) mod spectrum;

/// catanatron's `ALPHABETA_DEFAULT_DEPTH`.
pub const DEFAULT_DEPTH: u8 = 2;

/// The time a decision may take unless [`Bot::set_time`] says otherwise.
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// The alpha-beta player; see the module documentation.
#[derive(Clone, Debug)]
pub struct AlphaBetaBot {
    rng: SplitMix64,
    actions: ActionList,
    weights: Weights,
    depth: u8,
    budget: Duration,
    /// Answers domestic trade offers.
    medium: MediumBot,
}

/// One decision's search.
struct Search<'a> {
    me: Seat,
    weights: &'a Weights,
    deadline: Instant,
    /// Set once the deadline has passed, so the clock is not read again.
    expired: bool,
    /// Positions valued, for tests and measurements.
    leaves: u64,
    /// The depth of the first move: its actions are always tried, in or out of time.
    root: u8,
}

impl AlphaBetaBot {
    /// A depth-2 player with catanatron's default weights, seeded for repeatable games.
    pub fn new(seed: u64) -> AlphaBetaBot {
        AlphaBetaBot::with(seed, DEFAULT_WEIGHTS, DEFAULT_DEPTH)
    }

    /// A player with other weights and depth (1 plays as the medium player does).
    pub fn with(seed: u64, weights: Weights, depth: u8) -> AlphaBetaBot {
        AlphaBetaBot {
            rng: SplitMix64::new(seed),
            actions: ActionList::new(),
            weights,
            depth: depth.max(1),
            budget: DEFAULT_TIME,
            medium: MediumBot::with_weights(seed ^ 0x5EED, weights),
        }
    }

    /// The best first move and the positions valued to find it.
    fn search(&mut self, view: &PlayerView<'_>) -> (Action, u64) {
        let world = view.determinize(&mut self.rng);
        let mut search = Search {
            me: view.seat(),
            weights: &self.weights,
            deadline: Instant::now() + self.budget,
            expired: false,
            leaves: 0,
            root: self.depth,
        };
        let (best, _) = search.alphabeta(&world, self.depth, f64::NEG_INFINITY, f64::INFINITY);
        (best.unwrap_or(self.actions[0]), search.leaves)
    }
}

impl Search<'_> {
    fn out_of_time(&mut self) -> bool {
        self.expired = self.expired || Instant::now() >= self.deadline;
        self.expired
    }

    fn value(&mut self, game: &Game) -> f64 {
        self.leaves += 1;
        Features::of(game, self.me).value(self.weights)
    }

    /// The best action for the player to act in `game` and its expected value, looking `depth`
    /// decisions ahead; `alpha` and `beta` bound the values that can still matter.
    fn alphabeta(&mut self, game: &Game, depth: u8, mut alpha: f64, mut beta: f64) -> (Option<Action>, f64) {
        if depth == 0 || game.is_over() || (depth < self.root && self.out_of_time()) {
            return (None, self.value(game));
        }
        let maximizing = game.to_act() == self.me;
        let mut actions = Vec::with_capacity(32);
        game.legal_actions_into(&mut actions);
        prune::prune(game, &mut actions);
        let mut outcomes = Vec::new();
        let mut best = (None, if maximizing { f64::NEG_INFINITY } else { f64::INFINITY });
        for action in actions {
            spectrum::outcomes(game, action, &mut outcomes);
            let mut expected = 0.0;
            for (next, chance) in &outcomes {
                expected += chance * self.alphabeta(next, depth - 1, alpha, beta).1;
            }
            if maximizing {
                if expected > best.1 || best.0.is_none() {
                    best = (Some(action), expected);
                }
                alpha = alpha.max(best.1);
            } else {
                if expected < best.1 || best.0.is_none() {
                    best = (Some(action), expected);
                }
                beta = beta.min(best.1);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

impl Bot for AlphaBetaBot {
    fn choose(&mut self, view: PlayerView<'_>) -> Action {
        if let Some(action) = super::unsearched(&view, &mut self.actions, &mut self.medium) {
            return action;
        }
        self.search(&view).0
    }

    fn level(&self) -> BotLevel {
        BotLevel::Alphabeta
    }

    fn set_time(&mut self, budget: Duration) {
        self.budget = budget;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Hand, Hex, MapId, Scenario};

    /// A's turn, rolled, with the cards for a city on its settlement.
    fn city_in_hand() -> Game {
        let topo = MapId::Standard.topology();
        let corner = |h: u8| topo.hex_vertices(Hex(h))[0];
        Scenario::new(Config::default(), 3)
            .settlement(Seat(0), corner(9))
            .settlement(Seat(1), corner(3))
            .hand(Seat(0), Hand::new([0, 0, 0, 2, 3]))
            .turn(Seat(0))
            .rolled()
            .build()
            .unwrap()
    }

    #[test]
    fn it_builds_the_city_it_holds_the_cards_for() {
        let game = city_in_hand();
        let mut bot = AlphaBetaBot::new(1);
        assert!(matches!(bot.choose(game.acting_view()), Action::BuildCity(_)));
    }

    #[test]
    fn with_no_time_left_it_looks_one_move_deep_and_still_builds_the_city() {
        let game = city_in_hand();
        let mut bot = AlphaBetaBot::new(1);
        let view = game.acting_view();
        view.legal_actions_into(&mut bot.actions);
        let (_, full) = bot.search(&view);
        bot.set_time(Duration::ZERO);
        let (action, cut) = bot.search(&view);
        assert!(matches!(action, Action::BuildCity(_)), "{action:?}");
        assert!(cut < full / 4, "{cut} positions valued with no time, {full} with time");
    }
}
