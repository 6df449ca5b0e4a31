//! The hard player: a search over several determinized worlds on top of the medium player's
//! value function ([`super::value`]), with two changes for its own positions ([`own_value`]):
//! its hidden victory point cards count as the points they are (catanatron's value counts
//! public points only, so its players value a development card at 10 whatever it is), and the
//! enemy's production is every opponent's, each weighted by how close it is to winning
//! ([`super::threat`]), not the next seat's alone (catanatron's leans on the player after it).
//! The robber goes where it hurts the opponents most by the same weights, robbing the one
//! nearest to winning (`threat::best_robber_move`).
//!
//! Each decision it
//! 1. prunes the legal actions as the alpha-beta player does ([`super::alphabeta::prune`]) and
//!    ranks them one move deep by [`own_value`], each valued as the average over its outcomes
//!    (the roll's eleven totals, the card a purchase may draw, the resource a steal may take);
//!    the best [`CANDIDATES`] stay, and the best of them is the answer if no time is left for
//!    more (the clock is read before each action is ranked, so a long list cannot overrun the
//!    budget);
//! 2. then, world after world dealt afresh from its seat's view
//!    ([`PlayerView::determinize`]), plays each candidate in that world and the game on from
//!    there, every seat picking the action its own value likes best one move deep, as the
//!    medium player does (its own seat by [`own_value`]), until the searching seat's turn is
//!    over, every other player has played a turn and its own next turn is over too
//!    (`horizon`), their dice falling as that world's generator draws them; the value of
//!    where that ends, for the searching seat, is the candidate's score in that world. Every candidate meets the same world, so the same dice
//!    fall for all of them as long as their games do not draw differently;
//! 3. plays the candidate with the best mean score over the worlds every candidate was played
//!    in. After [`WORLDS`] worlds it goes on, up to [`CLOSE_WORLDS`], while the best two
//!    candidates are close: the mean of their score differences, world by world, is less than
//!    two standard errors of it ([`close`]).
//!
//! In set-up, each playout plays the rest of set-up and then [`SETUP_HORIZON`] turns more, and
//! its second settlement never shares a hex with its first while another corner is left.
//!
//! Unlike the alpha-beta player, it models its opponents as playing for themselves, not as a
//! coalition against it, and it sees to the end of its own turn however many moves that takes
//! and through the other players' turns and its own next one.
//!
//! What each part was worth, over 400 games against three alpha-beta players (`catan arena
//! --seed 101`, 20 worlds a decision; fair share 25%): to the end of its own turn, 27%; with
//! its hidden victory points counted, 36%; with the next player's turn played out too, 41%; the
//! next two, 44%. 100 worlds a decision instead of 20 played no better. Issue 28 (32 worlds,
//! `--seed 2801`): every opponent weighed by its threat, 44.2% (from 39.2% at 20 ms); set-up
//! searched, 43.5%; played through its own next turn, 49.5%. Then (500 games, `--seed 9200`):
//! 47.2% with 32 worlds, 49.8% with up to 128 where the best two are close; a playout's end
//! valued also by who won and by the opponents' points, 48.4% (not kept).
//!
//! It keeps to the time set with [`Bot::set_time`] (1 second unless told) and stops early after
//! [`WORLDS`] worlds ([`CLOSE_WORLDS`] in a close decision), or as many as
//! [`HardBot::with_worlds`] says, so at the 1 s default a decision takes milliseconds, and with the time out of reach its decisions depend only on its
//! seed and its seat's view. Domestic offers are answered as the medium player answers them
//! (accept, decline or counter); it makes none.

use std::time::{Duration, Instant};

use crate::engine::{Action, ActionList, DevCard, Game, NoEvents, Phase, PlayerView, Seat};

use super::alphabeta::{prune, spectrum};
use super::fight;
use super::medium::MediumBot;
use super::random::SplitMix64;
use super::threat::{self, Threats};
use super::value::{DEFAULT_WEIGHTS, Features, Weights};
use super::{Bot, BotLevel};

/// The time a decision may take unless [`Bot::set_time`] says otherwise.
pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// The candidates searched: the best by the one-move ranking.
pub const CANDIDATES: usize = 6;

/// The turns played out after the searching seat's own turn in a game of `players`: every
/// other player's and then its own next one, so the cards it holds at the end of its turn are
/// worth what it builds with them. Against three alpha-beta players (400 games, `catan arena
/// --seed 2801`), stopping after the next two players' turns won 43.5%, after all three (at the
/// start of its own turn) 19.5%, through its own next turn 49.5%.
fn horizon(players: usize) -> u32 {
    players as u32
}

/// Turns played out after set-up when the decision is a set-up placement (the turn of the
/// first player, then this many more).
pub const SETUP_HORIZON: u32 = 4;

/// Decisions after which a playout stops, however far it got (a guard: turns end long before).
const PLAYOUT_DECISIONS: u32 = 400;

/// Worlds searched per decision unless [`HardBot::with_worlds`] says otherwise, or the decision
/// is close.
pub const WORLDS: u32 = 32;

/// Worlds searched at most while the best two candidates are close ([`close`]): over 500 games
/// against three alpha-beta players (`--seed 9200`), 49.8% against 47.2% with [`WORLDS`] alone;
/// over 2000 (`--seed 4100`), 55.1% [52.9, 57.3], where 32 worlds alone won 49.3% (seed 2828).
pub const CLOSE_WORLDS: u32 = 128;

/// The hard player; see the module documentation.
#[derive(Clone, Debug)]
pub struct HardBot {
    rng: SplitMix64,
    actions: ActionList,
    weights: Weights,
    budget: Duration,
    worlds: u32,
    close_worlds: u32,
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
            worlds: WORLDS,
            close_worlds: CLOSE_WORLDS,
            medium: MediumBot::new(seed ^ 0x4A4D),
        }
    }

    /// The same player searching at most `worlds` worlds per decision, close or not: with time
    /// to spare, every decision is then a function of the seed and the view alone.
    pub fn with_worlds(mut self, worlds: u32) -> HardBot {
        self.worlds = worlds.max(1);
        self.close_worlds = self.worlds;
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
        prune_own(&first, &mut actions);
        let mut outcomes = Vec::new();
        let mut ranked: Vec<(f64, Action)> = Vec::with_capacity(actions.len());
        for &a in &actions {
            // The clock is read before each action: the first is always ranked, so there is an
            // answer however short the time.
            if !ranked.is_empty() && Instant::now() >= deadline {
                break;
            }
            spectrum::outcomes(&first, a, &mut outcomes);
            ranked.push((outcomes.iter().map(|(g, p)| p * own_value(g, me, &self.weights)).sum(), a));
        }
        // Stable: on a tie the first legal action stays first, as with the medium player.
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked.truncate(CANDIDATES);
        if ranked.len() == 1 {
            return (ranked[0].1, 0);
        }
        // Each candidate's score in every world searched.
        let mut scores: Vec<Vec<f64>> = vec![Vec::with_capacity(self.worlds as usize); ranked.len()];
        let mut done = 0;
        let mut playout = Playout {
            me,
            weights: &self.weights,
            deadline,
            actions: Vec::with_capacity(64),
            horizon: horizon(view.num_players()),
            setup_horizon: SETUP_HORIZON,
        };
        'worlds: while done < self.worlds || done < self.close_worlds && close(&scores) {
            let world = if done == 0 { first } else { view.determinize(&mut self.rng) };
            for (i, &(_, action)) in ranked.iter().enumerate() {
                let Some(score) = playout.score(world, action) else {
                    // Out of time: only the worlds every candidate met count.
                    scores[..i].iter_mut().for_each(|s| {
                        s.pop();
                    });
                    break 'worlds;
                };
                scores[i].push(score);
            }
            done += 1;
        }
        if done == 0 {
            return (ranked[0].1, 0);
        }
        (ranked[best_two(&scores).0].1, done)
    }
}

/// The candidates with the best and the second best sum of scores (the first of equals).
fn best_two(scores: &[Vec<f64>]) -> (usize, usize) {
    let sums: Vec<f64> = scores.iter().map(|s| s.iter().sum()).collect();
    let mut order: Vec<usize> = (0..sums.len()).collect();
    // Stable: on a tie the better ranked one move deep stays first.
    order.sort_by(|&a, &b| sums[b].total_cmp(&sums[a]));
    (order[0], order[1])
}

/// Whether the best two candidates are too close to tell apart: the mean of their score
/// differences, world by world (the same dice fell for both), is less than two standard errors
/// of it. Two worlds at least are needed to say.
fn close(scores: &[Vec<f64>]) -> bool {
    let (a, b) = best_two(scores);
    let n = scores[a].len();
    if n < 2 {
        return false;
    }
    let d: Vec<f64> = scores[a].iter().zip(&scores[b]).map(|(x, y)| x - y).collect();
    let n = n as f64;
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    mean < 2.0 * (var / n).sqrt()
}

/// The value of `game` for the searching seat `me`: catanatron's ([`Features::value`]) with the
/// seat's hidden victory point cards counted as points, at the weight of a public point.
pub fn own_value(game: &Game, me: Seat, w: &Weights) -> f64 {
    let view = game.view(me);
    let hidden = view.dev_cards()[DevCard::VictoryPoint];
    Features::against(game, me, &Threats::of(&view)).value(w) + f64::from(hidden) * w.public_vps
}

/// Prunes the searching seat's actions as the alpha-beta player does, with two differences: the
/// one robber move kept is the one that hurts the opponents most by their threat
/// ([`threat::best_robber_move`]), not catanatron's; and a second settlement never shares a
/// hex with the first while another corner is left (two buildings on one number put every egg
/// in one basket, and under one robber).
fn prune_own(game: &Game, actions: &mut Vec<Action>) {
    if let Phase::Setup { settlement: None, .. } = game.phase() {
        prune::prune(game, actions);
        let topo = game.topology();
        let me = game.to_act();
        let mine = game.settlements(me).chain(game.cities(me)).fold(0, |m, v| m | topo.vertex_hex_set(v).bits());
        let apart = |a: &Action| !matches!(a, Action::BuildSettlement(v) if topo.vertex_hex_set(*v).bits() & mine != 0);
        if mine != 0 && actions.iter().any(apart) {
            actions.retain(apart);
        }
        return;
    }
    if game.phase() == Phase::Robber {
        if let Some(best) = threat::best_robber_move(&game.view(game.to_act()), actions) {
            actions.retain(|a| !matches!(a, Action::MoveRobber { .. }) || *a == best);
        }
        return;
    }
    prune::prune(game, actions);
}

/// Where the hard player's playout of `action` in `world` ends for `me` ([`Playout`]: every
/// seat greedy by its own value): at the hard player's horizon, after the turn in progress and
/// a turn of every player (in set-up, after the rest of set-up and the first turn), counted
/// the same whether or not `action` ends the turn, so every candidate is judged at the same
/// moment (with no action, the playout's own from `world`: the seat on autopilot); the end
/// positions with their chances (an attack's two outcomes, else one). `None` once `deadline`
/// passes. What the advice ([`super::advice`]) scores its candidates on, so it sees ahead as
/// the hard player does. The hard player's own search is unchanged by it.
pub(super) fn playout_ends(
    world: Game,
    action: Option<Action>,
    me: Seat,
    deadline: Instant,
) -> Option<Vec<(Game, f64)>> {
    let turns = horizon(world.num_players());
    let mut playout = Playout {
        me,
        weights: &DEFAULT_WEIGHTS,
        deadline,
        actions: Vec::with_capacity(64),
        horizon: turns,
        setup_horizon: 0,
    };
    let turn = world.current_player();
    let mut play = |after: Game| {
        let ended = after.current_player() != turn && !matches!(after.phase(), Phase::Setup { .. });
        playout.horizon = if ended { turns - 1 } else { turns };
        if after.is_over() { Some(after) } else { playout.run_on(after) }
    };
    let Some(action) = action else { return Some(vec![(play(world)?, 1.0)]) };
    let mut fights = Vec::new();
    if fight::outcomes(&world, action, &mut fights) {
        return fights.into_iter().map(|(after, p)| Some((play(after)?, p))).collect();
    }
    let mut world = world;
    world.apply_unchecked(action, &mut NoEvents);
    Some(vec![(play(world)?, 1.0)])
}

/// Plays games on from a candidate to the horizon.
struct Playout<'a> {
    me: Seat,
    weights: &'a Weights,
    deadline: Instant,
    actions: Vec<Action>,
    horizon: u32,
    /// The turns played after set-up when the playout starts in it: [`SETUP_HORIZON`] for the
    /// hard player; none for the advice, which judges a corner where set-up ends (the first
    /// player's turn played), before many dice add their noise.
    setup_horizon: u32,
}

impl Playout<'_> {
    /// The value for the searching seat of playing `action` in `world` and the game on to the
    /// horizon; `None` once the time is spent.
    fn score(&mut self, world: Game, action: Action) -> Option<f64> {
        // An attack (R56) is played out from both its outcomes, weighted by their chances: one
        // roll of the dice per world would judge it by luck.
        let mut fights = Vec::new();
        if fight::outcomes(&world, action, &mut fights) {
            let mut score = 0.0;
            for (after, p) in fights {
                score += p * self.play_on(after)?;
            }
            return Some(score);
        }
        let mut world = world;
        world.apply_unchecked(action, &mut NoEvents);
        self.play_on(world)
    }

    /// The value for the searching seat of playing the game on from `world` to the horizon;
    /// `None` once the time is spent.
    fn play_on(&mut self, world: Game) -> Option<f64> {
        let end = self.run_on(world)?;
        Some(own_value(&end, self.me, self.weights))
    }

    /// The position where playing the game on from `world` to the horizon ends; `None` once
    /// the time is spent.
    fn run_on(&mut self, mut world: Game) -> Option<Game> {
        // In set-up, the rest of set-up is played first (every seat's second settlement is
        // where a first one pays off) and the horizon counted from the first turn.
        let mut horizon = self.horizon;
        let mut decisions = 0;
        while matches!(world.phase(), Phase::Setup { .. }) && decisions < PLAYOUT_DECISIONS {
            horizon = self.setup_horizon;
            let next = self.greedy(&world)?;
            world.apply_unchecked(next, &mut NoEvents);
            decisions += 1;
        }
        // The turn in progress ends, then the horizon's turns.
        let mut ends = 0;
        let mut turn = world.current_player();
        for _ in 0..PLAYOUT_DECISIONS {
            if world.current_player() != turn {
                (ends, turn) = (ends + 1, world.current_player());
            }
            if world.is_over() || ends > horizon {
                break;
            }
            let next = self.greedy(&world)?;
            world.apply_unchecked(next, &mut NoEvents);
        }
        Some(world)
    }

    /// The action the seat to act likes best one move deep, by its own value; `None` once the
    /// time is spent (checked before each action is tried, so a long list cannot overrun it).
    fn greedy(&mut self, world: &Game) -> Option<Action> {
        let seat = world.to_act();
        self.actions.clear();
        world.legal_actions_into(&mut self.actions);
        if self.actions.len() > 1 {
            if seat == self.me {
                prune_own(world, &mut self.actions);
            } else {
                prune::prune(world, &mut self.actions);
            }
        }
        let mut best = (f64::NEG_INFINITY, self.actions[0]);
        for &action in &self.actions {
            if Instant::now() >= self.deadline {
                return None;
            }
            // An attack (R56) is valued over both outcomes; every other action by its one.
            let value = fight::expected(world, action, |next| {
                if seat == self.me {
                    own_value(next, seat, self.weights)
                } else {
                    Features::of(next, seat).value(self.weights)
                }
            });
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_is_close_only_while_the_best_two_are_within_two_standard_errors() {
        // The second is one point behind in every world: clear, whatever the noise in common.
        let clear = vec![vec![5.0, 9.0, 2.0, 7.0], vec![4.0, 8.0, 1.0, 6.0], vec![0.0; 4]];
        assert!(!close(&clear));
        // The same mean, but the differences swing both ways: too close to tell.
        let noisy = vec![vec![5.0, 9.0, 2.0, 7.0], vec![9.0, 2.0, 7.0, 5.0], vec![0.0; 4]];
        assert!(close(&noisy));
        // The best two are found whatever their order in the list.
        assert_eq!(best_two(&[vec![1.0], vec![3.0], vec![2.0]]), (1, 2));
        // One world is too few to say.
        assert!(!close(&[vec![1.0], vec![1.0]]));
    }
}
