//! The chance to win: a conditional logit over the seats' public features, fitted offline to
//! the outcomes of simulated bot games (`src/bots/advice/fit.rs`).
//!
//! Each seat gets a score, the weighted sum of its [`FEATURES`]; its chance to win is its share
//! of the exponentials of the scores (a softmax over the seats, so the chances sum to 1, with
//! three seats or six). Every feature is public and reads alike at every table: points
//! against the target, the pips its buildings collect, each kind's pips with a diminishing
//! return (the square root: several kinds beat one, but a 2 or a 12 adds little), the cards
//! it may expect to keep through the 7s before it can spend them ([`kept_from_a_seven`]), its
//! development cards (their number only), its army (knights played, or knight units on the
//! board with R52), its road's length, its harbors and how well its production pays the 2:1
//! ones, its ships (R53). The one exception is the seat asking for advice, whose own hidden
//! victory point cards count as the points they are ([`Chances::for_seat`]): that seat knows
//! them.
//!
//! How well it is calibrated, and the command that fits it, are in `src/bots/advice/fit.rs` and the [advice module](super).

use crate::engine::{Board, DevCard, Game, HarborKind, PlayerView, Resource, Seat, Vertex};

/// The number of features per seat.
pub const FEATURES: usize = 12;

/// The features' names, in order (for the fit's printout).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "(points / target) squared",
    "points beyond target-3",
    "pips / 36",
    "sum over kinds of sqrt(pips) / 5",
    "resource cards kept from a 7 / 10",
    "development cards / 5",
    "army (knights played or knight units) / 3",
    "road length / 10",
    "harbors",
    "2:1 harbors paid by own production",
    "ships / 3",
    "(points / target) squared x (players - 4) / 2",
];

/// The fitted weights (see `src/bots/advice/fit.rs` for the command and its output; 4,000
/// games of 3 to 6 players and house rules). The points' own weight comes out negative, and
/// the pips' too (production, counted by the kinds' square roots, does their work; the term
/// beyond target - 3 carries the end); the players' term comes out near 0 (the softmax over
/// more seats does that work): read the features together, not one by one.
pub const WEIGHTS: [f64; FEATURES] =
    [-0.1746, 0.3215, -0.1833, 3.1686, 0.9279, 1.9066, 1.1559, 2.2623, -0.0310, 0.3051, 1.0986, 0.0340];

/// One seat's features from public facts, the points given (public ones, or with the asking
/// seat's hidden victory points).
pub fn features(view: &PlayerView<'_>, s: Seat, points: u8) -> [f64; FEATURES] {
    features_with(view, s, points, None)
}

/// [`features`] as if `s` also had a settlement on `extra` (its production and harbor, not its
/// point): what a corner a road leads to would add.
pub fn features_with(view: &PlayerView<'_>, s: Seat, points: u8, extra: Option<Vertex>) -> [f64; FEATURES] {
    let p = view.player(s);
    let board = view.board();
    let topo = view.topology();
    let robber = board.robber();
    let mut pips = 0.0;
    // Pips per kind, the robber's hex counted (it moves on): the square root's diminishing
    // return rewards several kinds without making a 2 or a 12 worth a kind in full.
    let mut kinds = [0.0f64; 5];
    let mut harbors = 0.0;
    let mut special = Vec::new();
    let cities = view.city_set(s);
    for v in view.settlement_set(s).iter().chain(cities.iter()).chain(extra) {
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
        match board.harbor_at(v) {
            Some(HarborKind::Special(r)) => special.push(r),
            Some(HarborKind::Generic) => harbors += 1.0,
            None => {}
        }
    }
    // A 2:1 harbor pays by what the seat produces of its kind (five pips make it full).
    let mut paying = 0.0;
    for r in special {
        harbors += 1.0;
        if let Some(i) = Resource::ALL.iter().position(|&x| x == r) {
            paying += (kinds[i] / 5.0).min(1.0);
        }
    }
    let target = f64::from(view.config().target);
    let pts = f64::from(points);
    // Points relative to the target, so a game to 12 reads as one to 10 near its end.
    let near = (pts / target) * (pts / target);
    let army = p.knights.max(view.knight_count(s)).min(6);
    [
        // Squared: a point counts more the nearer the target (a plain linear term fitted
        // negative, its work done by production, which grows with the buildings).
        near,
        (pts - (target - 3.0)).max(0.0),
        pips / 36.0,
        kinds.iter().map(|k| k.sqrt()).sum::<f64>() / 5.0,
        kept_from_a_seven(view, s, p.resource_cards.min(20)) / 10.0,
        f64::from(p.dev_cards.min(10)) / 5.0,
        f64::from(army) / 3.0,
        f64::from(p.road_length) / 10.0,
        harbors,
        paying,
        f64::from(view.ship_count(s).min(6)) / 3.0,
        // With more seats a lead is harder to keep (more players to catch up) or easier (each
        // rival is weaker): the fit says which.
        near * (view.num_players() as f64 - 4.0) / 2.0,
    ]
}

/// The cards `s` may expect to keep until it can spend them: a hand over the discard limit
/// loses half (rounded down) to a 7, and the dice roll for every seat before `s`'s next turn
/// and once more for `s` itself before it may build. A 7 comes up with chance 1/6 a roll.
pub fn kept_from_a_seven(view: &PlayerView<'_>, s: Seat, cards: u32) -> f64 {
    let hand = f64::from(cards);
    if cards <= u32::from(view.config().discard_limit) {
        return hand;
    }
    let rolls = rolls_before_spending(view, s);
    let seven = 1.0 - (5.0f64 / 6.0).powi(rolls as i32);
    hand - seven * f64::from(cards / 2)
}

/// The rolls of the dice before `s` may next spend its cards: every seat's turn before its own
/// (the current one's too if its dice haven't rolled), and its own roll.
pub fn rolls_before_spending(view: &PlayerView<'_>, s: Seat) -> u32 {
    let n = view.num_players() as u32;
    let c = u32::from(view.current_player().0);
    let rolled = view.has_rolled() || matches!(view.phase(), crate::engine::Phase::Setup { .. });
    let mut ahead = (u32::from(s.0) + n - c) % n;
    if ahead == 0 && rolled {
        ahead = n;
    }
    ahead + u32::from(!rolled)
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

/// `me`'s chance in `game` as `me` estimates it ([`chance_in`]), and for each of `corners` the
/// chance as if `me` also produced there ([`features_with`]: the corner's pips, kinds and
/// harbor, not its point), the other seats as they are.
pub fn chance_with_corners(game: &Game, me: Seat, corners: &[Vertex]) -> (f64, Vec<f64>) {
    let view = game.view(me);
    if view.winner().is_some() {
        let c = chance_in(game, me);
        return (c, vec![c; corners.len()]);
    }
    let points = |s: Seat| {
        let p = view.player(s).points;
        if s == me { p.saturating_add(view.dev_cards()[DevCard::VictoryPoint]) } else { p }
    };
    let others: Vec<f64> =
        view.seats().filter(|&s| s != me).map(|s| score(&features(&view, s, points(s)), &WEIGHTS)).collect();
    let mine = |extra| {
        let own = score(&features_with(&view, me, points(me), extra), &WEIGHTS);
        1.0 / (1.0 + others.iter().map(|o| (o - own).exp()).sum::<f64>())
    };
    (mine(None), corners.iter().map(|&v| mine(Some(v))).collect())
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

    #[test]
    fn a_hand_over_the_discard_limit_counts_what_a_seven_would_leave() {
        use crate::engine::{Action, Hand, Scenario};
        let holding = |cards: u8| {
            let hand = Hand::new([0, 0, cards, 0, 0]);
            let mut g = Scenario::new(Config::default(), 5).hand(Seat(0), hand).turn(Seat(0)).rolled().build().unwrap();
            // The turn ended: three rolls of the others and A's own before A may spend.
            g.apply(Action::EndTurn).unwrap();
            assert_eq!(rolls_before_spending(&g.view(Seat(0)), Seat(0)), 4);
            features(&g.view(Seat(0)), Seat(0), 0)[4]
        };
        // Seven cards (the limit) are safe; nine lose four to a 7 with chance 1 - (5/6)^4.
        assert!((holding(7) - 0.7).abs() < 1e-9, "{}", holding(7));
        let seven = 1.0 - (5.0f64 / 6.0).powi(4);
        assert!((holding(9) - (9.0 - 4.0 * seven) / 10.0).abs() < 1e-9, "{}", holding(9));
        assert!(holding(9) < holding(7) + 0.1, "two more cards are worth less than two safe ones");
    }
}
