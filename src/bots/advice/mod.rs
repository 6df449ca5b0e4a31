//! Advice at the table: a seat's best moves, ranked, each with the estimated chance to win
//! after it and its reason in plain words, computed from the seat's own view alone (like the
//! bots: never another hand, the deck's order or the dice to come), and never touching the
//! game or its random draws.
//!
//! How it ranks ([`advise`]):
//! 1. the legal actions are grouped into real choices ([`group`]: forty roads that open no new
//!    corner are one choice) and each group is ranked one move deep by the hard player's value
//!    (`own_value` of the hard player ([`crate::bots::HardBot`]), averaged over the roll's totals, the card a purchase may draw,
//!    the card a steal may take); the best action of each group stands for it;
//! 2. the best [`CANDIDATES`] groups (and ending the turn, when it is legal, so that whether to
//!    end the turn is always weighed) are played out in worlds dealt afresh from the seat's
//!    view, as the hard player plays them out (the hard player's: every seat greedy by its own
//!    value) to the end of the seat's next turn, every candidate judged at the same moment; in
//!    set-up, where set-up ends, the others' replies drawn afresh in each world among their
//!    best corners (`setup.rs`: the greedy playouts would reply one way only);
//! 3. where each playout ends is scored by [`chance`]'s model: the seat's chance to win,
//!    averaged over the worlds. That mean is the number shown, and moves are ranked by it. Its
//!    change is against the same playouts with no move forced (the seat playing on as the
//!    playouts play, in the same worlds, to the same moment): "now" is the chance of the
//!    position as the seat would play it on autopilot, and a move's change is what it adds.
//!
//! ## What the number is, and how well it is calibrated
//! The chance is a conditional logit (a softmax over the seats) of public features (points,
//! pips, each kind's pips with a diminishing return, cards held, development cards, knights
//! played, road length, harbors: [`chance`]), fitted to who won 1,500 simulated four-player
//! games between easy and medium players and checked on 1,500 others (`fit.rs` has the
//! command). On the held-out games, at the start of each turn, every seat's
//! predicted chance against how often such seats won:
//!
//! | predicted | moments x seats | mean predicted | observed wins |
//! | --- | ---: | ---: | ---: |
//! | 0-10% | 230,234 | 2.9% | 2.5% |
//! | 10-20% | 71,985 | 14.7% | 14.8% |
//! | 20-30% | 56,149 | 24.8% | 26.3% |
//! | 30-40% | 43,057 | 34.8% | 38.5% |
//! | 40-50% | 32,345 | 44.8% | 46.7% |
//! | 50-60% | 25,211 | 54.8% | 55.3% |
//! | 60-70% | 20,268 | 64.9% | 63.5% |
//! | 70-80% | 17,507 | 74.9% | 71.2% |
//! | 80-90% | 17,023 | 85.0% | 79.2% |
//! | 90-100% | 18,901 | 95.2% | 92.4% |
//!
//! (133,170 moments of the held-out games; mean log loss 0.816 against 1.386 for even
//! chances.) Below 70% it is within about four points; above, a little too sure (a seat given
//! 85% won 79% of the time). Two limits: it was fitted on four-player base games between bots
//! (other player counts, maps and house rules use the same weights, untested), and the
//! advice applies it where the hard player's greedy playouts end, not where those games were
//! measured.
//!
//! It is the chance of a player who plays on like those bots, not a promise: a person who
//! trades well, or a stronger table, changes it. Between moves of one turn it moves by what
//! the move adds (a point, pips, a card), so its change is what to weigh.
//!
//! ## Known limits
//! The playouts stop at the end of the seat's next turn, so a road is worth what it adds by
//! then (its length, a corner reached and settled in time), not the corner it leads to in
//! three turns: roads toward a rich far corner and toward a poor near one can score alike.
//! The robber's choices often score within a point of each other (a block lasts until the next
//! 7, past the horizon). Read close numbers as a tie.
//!
//! ## Speed
//! At most [`WORLDS`] worlds, and no more than [`BUDGET`] of time (the first world is always
//! played out). Measured by `fit.rs`'s run in a release build on this 2-core machine shared
//! with other builds, at every set-up decision and every 5th decision after it of 8 games
//! between medium players (647 moments), the code as committed: median 23.9 ms, 90th
//! percentile 99.3 ms, max 251.6 ms (load average about 4). Earlier runs: 32 worlds, median
//! 8.2 ms, max 54.5 ms; 96 worlds under a load average of 5, median 46.4 ms, max 257.1 ms. The
//! slowest moments are turns with many builds, where the budget stops the playouts.
//! `catan advise` on the four fixture saves (release, the whole process): 0.03 to 0.26 s.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::engine::{Action, Game, Phase, PlayerView, Seat};

use super::alphabeta::spectrum;
use super::hard::{own_value, playout_ends};
use super::random::SplitMix64;
use super::value::{DEFAULT_WEIGHTS, Features};

pub mod chance;
mod fit;
pub mod group;
mod setup;
pub mod story;
mod words;

/// The groups played out: the best by the one-move ranking.
pub const CANDIDATES: usize = 6;

/// Worlds played out per candidate at most.
pub const WORLDS: u32 = 96;

/// The time the playouts may take: the advice answers within half a second on a slow machine.
pub const BUDGET: Duration = Duration::from_millis(250);

/// The seed of the worlds dealt: fixed, so the same view always gets the same advice.
const SEED: u64 = 0xAD71CE;

/// One move advised.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advised {
    /// The action (the best of its group).
    pub action: Action,
    /// The estimated chance to win after it, 0 to 1.
    pub chance: f64,
    /// Its change from the chance now.
    pub change: f64,
    /// The reason, in plain words.
    pub reason: String,
    /// How many legal actions its group holds (1: the action alone).
    pub alike: usize,
}

/// A seat's advice: its moves ranked, best first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    /// The seat advised.
    pub seat: Seat,
    /// Its estimated chance to win now: played on by the playouts' own choices from here, to
    /// the moment the moves are judged at (the model's chance of the position itself when
    /// there is nothing to advise).
    pub now: f64,
    /// The moves, best first (every legal choice when there are fewer than three).
    pub moves: Vec<Advised>,
    /// The worlds each move was played out in.
    pub worlds: u32,
}

/// How much to search: [`Default`] is [`WORLDS`] worlds within [`BUDGET`].
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub worlds: u32,
    pub budget: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { worlds: WORLDS, budget: BUDGET }
    }
}

/// The advice for the seat of `view`, which must be the seat to act; `names` names the seats
/// in the reasons. An empty advice when the game is over.
pub fn advise(view: &PlayerView<'_>, names: &[String]) -> Advice {
    advise_with(view, names, Settings::default())
}

/// [`advise`] with the search's size given. With time to spare (a budget out of reach), the
/// advice is a function of the view alone.
pub fn advise_with(view: &PlayerView<'_>, names: &[String], settings: Settings) -> Advice {
    let me = view.seat();
    let mut advice = Advice { seat: me, now: chance::Chances::for_seat(view).of(me), moves: Vec::new(), worlds: 0 };
    if view.winner().is_some() || !view.is_to_act() {
        return advice;
    }
    let deadline = Instant::now() + settings.budget;
    let mut rng = SplitMix64::new(SEED);
    let first = view.determinize(&mut rng);
    let mut actions = view.legal_actions();
    if let Some(counter) = counter(view, &first) {
        actions.push(counter);
    }
    // 1. Groups, each by its best action one move deep.
    let mut outcomes = Vec::new();
    let mut ranked: Vec<(f64, Action, usize)> = group::group(view, &actions)
        .into_iter()
        .map(|g| {
            let mut best = (f64::NEG_INFINITY, g[0]);
            for &a in &g {
                let v = one_move(&first, a, me, &mut outcomes);
                if v > best.0 {
                    best = (v, a);
                }
            }
            (best.0, best.1, g.len())
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let end = ranked.iter().position(|r| r.1 == Action::EndTurn);
    if let Some(i) = end.filter(|&i| i >= CANDIDATES) {
        let e = ranked.remove(i);
        ranked.truncate(CANDIDATES);
        ranked.push(e);
    } else {
        ranked.truncate(CANDIDATES);
    }
    // 2, 3. Playouts, scored by the model; the last column is the seat on autopilot (the
    // playout's own choice from here), the baseline each move's change is measured against.
    let tried: Vec<Option<Action>> = ranked.iter().map(|r| Some(r.1)).chain([None]).collect();
    let mut sums = vec![0.0; tried.len()];
    let mut done = 0;
    let in_setup = matches!(view.phase(), Phase::Setup { .. });
    'worlds: while done < settings.worlds.max(1) {
        let world = if done == 0 { first } else { view.determinize(&mut rng) };
        let mut row = Vec::with_capacity(tried.len());
        for &action in &tried {
            if in_setup {
                // Every candidate meets the same replies: one draw of them per world.
                let mut replies = SplitMix64::new(SEED ^ u64::from(done + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                row.push(chance::chance_in(&setup::finish(world, action, &mut replies), me));
                continue;
            }
            // The first world is always played out, so there is a number however short the time.
            let limit = if done == 0 { Instant::now() + Duration::from_secs(5) } else { deadline };
            let Some(ends) = playout_ends(world, action, me, limit) else { break 'worlds };
            row.push(ends.iter().map(|(g, p)| p * chance::chance_in(g, me)).sum::<f64>());
        }
        sums.iter_mut().zip(&row).for_each(|(s, x)| *s += x);
        done += 1;
        if Instant::now() >= deadline {
            break;
        }
    }
    advice.worlds = done;
    let means: Vec<f64> = sums.iter().map(|s| s / f64::from(done.max(1))).collect();
    let now = means[ranked.len()];
    advice.now = now;
    let mut moves: Vec<(f64, usize)> = means[..ranked.len()].iter().copied().zip(0..).collect();
    // Stable: on a tie the better one move deep stays first.
    moves.sort_by(|a, b| b.0.total_cmp(&a.0));
    advice.moves = moves
        .into_iter()
        .map(|(chance, i)| {
            let (_, action, alike) = ranked[i];
            let reason = words::reason(view, &first, action, alike, names);
            Advised { action, chance, change: chance - now, reason, alike }
        })
        .collect();
    advice
}

/// The value one move deep of `action` for `me`, averaged over its outcomes.
fn one_move(first: &Game, action: Action, me: Seat, outcomes: &mut Vec<(Game, f64)>) -> f64 {
    if matches!(action, Action::CounterTrade { .. }) {
        // A counter changes nothing until it is taken; it is weighed as if it were.
        return f64::NEG_INFINITY / 2.0;
    }
    spectrum::outcomes(first, action, outcomes);
    outcomes.iter().map(|(g, p)| p * own_value(g, me, &DEFAULT_WEIGHTS)).sum()
}

/// The counter-offer the medium player would make to an offer received, if any.
fn counter(view: &PlayerView<'_>, world: &Game) -> Option<Action> {
    let Phase::Trade { .. } = view.phase() else { return None };
    let me = view.seat();
    super::offer::counter(view, |h| Features::with_hand(world, me, h).value(&DEFAULT_WEIGHTS))
}
