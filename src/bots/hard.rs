//! The hard player: a search over several determinized worlds on top of the medium player's
//! value function ([`super::value`]).
//!
//! Each decision it
//! 1. prunes the legal actions as the alpha-beta player does ([`super::alphabeta::prune`]) and
//!    ranks them one move deep, each valued as the average over its outcomes (the roll's eleven
//!    totals, the card a purchase may draw, the resource a steal may take); the best
//!    [`CANDIDATES`] stay, and the best of them is the answer if no time is left for more (the
//!    clock is read before each action is ranked, so a long list cannot overrun the budget);
//! 2. then, world after world dealt afresh from its seat's view
//!    ([`PlayerView::determinize`]), plays each candidate in that world and the game on from
//!    there, every seat (its own included) picking the action its own value likes best one move
//!    deep, as the medium player does, until the searching seat's turn is over and the next
//!    [`HORIZON`] turns have been played; the value of where that ends, for the searching seat,
//!    is the candidate's score in that world. Every candidate meets the same world, so the same
//!    dice fall for all of them as long as their games do not draw differently;
//! 3. plays the candidate with the best mean score over the worlds every candidate was played
//!    in.
//!
//! Unlike the alpha-beta player, it models its opponents as playing for themselves, not as a
//! coalition against it, and it sees to the end of its own turn however many moves that takes.
//!
//! It keeps to the time set with [`Bot::set_time`] (1 second unless told) and stops early after
//! a number of worlds set with [`HardBot::with_worlds`]: with the time out of reach, its
//! decisions depend only on its seed and its seat's view. Domestic offers are answered as the
//! medium player answers them; it makes none.

use std::time::{Duration, Instant};

use crate::engine::{Action, ActionList, Game, NoEvents, PlayerView, Seat};

use super::alphabeta::{prune, spectrum};
use super::medium::MediumBot;
use super::random::SplitMix64;
use super::value::{DEFAULT_WEIGHTS, Features, Weights};
use super::{Bot, BotLevel};

/// The time a decision may take unless [`Bot::set_time`] says otherwise.
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// The candidates searched: the best by the one-move ranking.
pub const CANDIDATES: usize = 6;

/// Turns played out after the searching seat's own turn ends.
pub const HORIZON: u32 = 0;

/// Decisions after which a playout stops, however far it got (a guard: turns end long before).
const PLAYOUT_DECISIONS: u32 = 400;

/// Worlds searched per decision unless [`HardBot::with_worlds`] says otherwise.
const DEFAULT_WORLDS: u32 = 10_000;

/// The hard player; see the module documentation.
#[derive(Clone, Debug)]
pub struct HardBot {
    rng: SplitMix64,
    actions: ActionList,
    weights: Weights,
    budget: Duration,
    worlds: u32,
    /// Answers domestic trade offers.
    medium: MediumBot,
}

impl HardBot {
    /// A hard player with catanatron's default weights, seeded for repeatable games.
    pub fn new(seed: u64) -> HardBot {
        HardBot {
            rng: SplitMix64::new(seed),
            actions: ActionList::new(),
            weights: DEFAULT_WEIGHTS,
            budget: DEFAULT_TIME,
            worlds: DEFAULT_WORLDS,
            medium: MediumBot::new(seed ^ 0x4A4D),
        }
    }

    /// The same player searching at most `worlds` worlds per decision: with time to spare,
    /// every decision is then a function of the seed and the view alone.
    pub fn with_worlds(mut self, worlds: u32) -> HardBot {
        self.worlds = worlds.max(1);
        self
    }

    /// The action to play for the seat to act and the number of worlds searched for it (0 when
    /// the one-move ranking decided). Domestic offers are not answered here but in
    /// [`Bot::choose`].
    pub fn search(&mut self, view: &PlayerView<'_>) -> (Action, u32) {
        let deadline = Instant::now() + self.budget;
        view.legal_actions_into(&mut self.actions);
        assert!(!self.actions.is_empty(), "a bot is asked only when its seat must act");
        let me = view.seat();
        let first = view.determinize(&mut self.rng);
        let mut actions: Vec<Action> = self.actions.iter().copied().collect();
        prune::prune(&first, &mut actions);
        let mut outcomes = Vec::new();
        let mut ranked: Vec<(f64, Action)> = Vec::with_capacity(actions.len());
        for &a in &actions {
            // The clock is read before each action: the first is always ranked, so there is an
            // answer however short the time.
            if !ranked.is_empty() && Instant::now() >= deadline {
                break;
            }
            spectrum::outcomes(&first, a, &mut outcomes);
            ranked.push((outcomes.iter().map(|(g, p)| p * Features::of(g, me).value(&self.weights)).sum(), a));
        }
        // Stable: on a tie the first legal action stays first, as with the medium player.
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked.truncate(CANDIDATES);
        if ranked.len() == 1 {
            return (ranked[0].1, 0);
        }
        let mut sums = vec![0.0; ranked.len()];
        let mut scores = vec![0.0; ranked.len()];
        let mut done = 0;
        let mut playout = Playout { me, weights: &self.weights, deadline, actions: Vec::with_capacity(64) };
        'worlds: while done < self.worlds {
            let world = if done == 0 { first } else { view.determinize(&mut self.rng) };
            for (i, &(_, action)) in ranked.iter().enumerate() {
                let Some(score) = playout.score(world, action) else { break 'worlds };
                scores[i] = score;
            }
            for (sum, score) in sums.iter_mut().zip(&scores) {
                *sum += score;
            }
            done += 1;
        }
        if done == 0 {
            return (ranked[0].1, 0);
        }
        let mut best = 0;
        for i in 1..ranked.len() {
            if sums[i] > sums[best] {
                best = i;
            }
        }
        (ranked[best].1, done)
    }
}

/// Plays games on from a candidate to the horizon.
struct Playout<'a> {
    me: Seat,
    weights: &'a Weights,
    deadline: Instant,
    actions: Vec<Action>,
}

impl Playout<'_> {
    /// The value for the searching seat of playing `action` in `world` and the game on to the
    /// horizon; `None` once the time is spent.
    fn score(&mut self, mut world: Game, action: Action) -> Option<f64> {
        world.apply_unchecked(action, &mut NoEvents);
        // The turn in progress ends, then HORIZON more.
        let mut ends = 0;
        let mut turn = world.current_player();
        for _ in 0..PLAYOUT_DECISIONS {
            if world.current_player() != turn {
                (ends, turn) = (ends + 1, world.current_player());
            }
            if world.is_over() || ends > HORIZON {
                break;
            }
            let next = self.greedy(&world)?;
            world.apply_unchecked(next, &mut NoEvents);
        }
        Some(Features::of(&world, self.me).value(self.weights))
    }

    /// The action the seat to act likes best one move deep, by its own value; `None` once the
    /// time is spent (checked before each action is tried, so a long list cannot overrun it).
    fn greedy(&mut self, world: &Game) -> Option<Action> {
        let seat = world.to_act();
        self.actions.clear();
        world.legal_actions_into(&mut self.actions);
        if self.actions.len() > 1 {
            prune::prune(world, &mut self.actions);
        }
        let mut best = (f64::NEG_INFINITY, self.actions[0]);
        for &action in &self.actions {
            if Instant::now() >= self.deadline {
                return None;
            }
            let mut next = *world;
            next.apply_unchecked(action, &mut NoEvents);
            let value = Features::of(&next, seat).value(self.weights);
            if value > best.0 {
                best = (value, action);
            }
        }
        Some(best.1)
    }
}

impl Bot for HardBot {
    fn choose(&mut self, view: PlayerView<'_>) -> Action {
        if let Some(action) = super::unsearched(&view, &mut self.actions, &mut self.medium) {
            return action;
        }
        self.search(&view).0
    }

    fn level(&self) -> BotLevel {
        BotLevel::Hard
    }

    fn set_time(&mut self, budget: Duration) {
        self.budget = budget;
    }
}
