//! The chance to win: a conditional logit over the seats' public features, fitted offline to
//! the outcomes of simulated bot games (`src/bots/advice/fit.rs`).
//!
//! Each seat gets a score, the weighted sum of its [`FEATURES`]; its chance to win is its share
//! of the exponentials of the scores (a softmax over the seats, so the chances sum to 1).
//! Every feature is public: points from buildings and awards, the pips its buildings collect,
//! each kind's pips with a diminishing return (the square root: several kinds beat
//! one, but a 2 or a 12 adds little), the cards and development cards it holds (their number only), the
//! knights it played, its road's length and its harbors. The one exception is the seat asking
//! for advice, whose own hidden victory point cards count as the points they are
//! ([`Chances::for_seat`]): that seat knows them.
//!
//! How well it is calibrated, and the command that fits it, are in `src/bots/advice/fit.rs` and the [advice module](super).

use crate::engine::{Board, DevCard, Game, PlayerView, Resource, Seat};

/// The number of features per seat.
pub const FEATURES: usize = 9;

/// The features' names, in order (for the fit's printout).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "(points / 10) squared",
    "points beyond target-3",
    "pips / 36",
    "sum over kinds of sqrt(pips) / 5",
    "resource cards / 10",
    "development cards / 5",
    "knights played / 3",
    "road length / 10",
    "harbors",
];

/// The fitted weights (see `src/bots/advice/fit.rs` for the command and its output). The points' own
/// weight comes out negative (production, which grows with every building, does its work;
/// the term beyond target - 3 carries the end): read the features together, not one by one.
pub const WEIGHTS: [f64; FEATURES] = [-0.7444, 0.6376, 0.0542, 3.2850, 0.8312, 1.2936, 0.3396, 3.4943, 0.2449];

/// One seat's features from public facts, the points given (public ones, or with the asking
/// seat's hidden victory points).
pub fn features(view: &PlayerView<'_>, s: Seat, points: u8) -> [f64; FEATURES] {
    let p = view.player(s);
    let board = view.board();
    let topo = view.topology();
    let robber = board.robber();
    let mut pips = 0.0;
    // Pips per kind, the robber's hex counted (it moves on): the square root's diminishing
    // return rewards several kinds without making a 2 or a 12 worth a kind in full.
    let mut kinds = [0.0f64; 5];
    let mut harbors = 0.0;
    let cities = view.city_set(s);
    for v in view.settlement_set(s).iter().chain(cities.iter()) {
        let times = if cities.contains(v) { 2.0 } else { 1.0 };
        for &h in topo.vertex_hexes(v) {
            let (Some(r), Some(token)) = (board.terrain(h).resource(), board.token(h)) else { continue };
            if let Some(i) = Resource::ALL.iter().position(|&x| x == r) {
                kinds[i] += times * f64::from(Board::pips(token));
            }
            if h != robber {
                pips += times * f64::from(Board::pips(token));
            }
        }
        if board.harbor_at(v).is_some() {
            harbors += 1.0;
        }
    }
    let target = f64::from(view.config().target);
    let pts = f64::from(points);
    [
        // Squared: a point counts more the nearer the target (a plain linear term fitted
        // negative, its work done by production, which grows with the buildings).
        (pts / 10.0) * (pts / 10.0),
        (pts - (target - 3.0)).max(0.0),
        pips / 36.0,
        kinds.iter().map(|k| k.sqrt()).sum::<f64>() / 5.0,
        f64::from(p.resource_cards.min(20)) / 10.0,
        f64::from(p.dev_cards.min(10)) / 5.0,
        f64::from(p.knights.min(6)) / 3.0,
        f64::from(p.road_length) / 10.0,
        harbors,
    ]
}

/// A seat's score: its features weighted.
pub fn score(f: &[f64; FEATURES], w: &[f64; FEATURES]) -> f64 {
    f.iter().zip(w).map(|(a, b)| a * b).sum()
}

/// Every seat's chance to win, by seat index.
#[derive(Clone, Debug, PartialEq)]
pub struct Chances(pub Vec<f64>);

impl Chances {
    /// From public facts alone: what anyone at the table may estimate (the game's story).
    pub fn public(view: &PlayerView<'_>) -> Chances {
        Chances::with(view, None, &WEIGHTS)
    }

    /// As `view`'s seat may estimate them: public facts, and its own hidden victory points.
    pub fn for_seat(view: &PlayerView<'_>) -> Chances {
        Chances::with(view, Some(view.seat()), &WEIGHTS)
    }

    /// With the given weights; `own` counts that seat's hidden victory points.
    pub fn with(view: &PlayerView<'_>, own: Option<Seat>, w: &[f64; FEATURES]) -> Chances {
        if let Some(winner) = view.winner() {
            return Chances(view.seats().map(|s| if s == winner { 1.0 } else { 0.0 }).collect());
        }
        let scores: Vec<f64> = view
            .seats()
            .map(|s| {
                let mut points = view.player(s).points;
                if own == Some(s) {
                    points = points.saturating_add(view.dev_cards()[DevCard::VictoryPoint]);
                }
                score(&features(view, s, points), w)
            })
            .collect();
        Chances(softmax(&scores))
    }

    /// The chance of seat `s`.
    pub fn of(&self, s: Seat) -> f64 {
        self.0[s.index()]
    }
}

/// The chance for `me` in a (determinized) game, as `me` would estimate it.
pub fn chance_in(game: &Game, me: Seat) -> f64 {
    Chances::for_seat(&game.view(me)).of(me)
}

/// Shares of the exponentials, computed stably.
pub fn softmax(scores: &[f64]) -> Vec<f64> {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.iter().map(|x| x / sum).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Config;

    #[test]
    fn chances_sum_to_one_and_are_even_at_the_start() {
        let game = Game::new(Config::default(), 3).unwrap();
        let c = Chances::public(&game.view(Seat(0)));
        assert!((c.0.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(c.0.iter().all(|&p| (p - 0.25).abs() < 1e-9), "{c:?}");
    }
}
