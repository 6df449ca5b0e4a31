//! The chance model's fitted weights ([`super::chance::Terms`]), one per named term. Written by
//! `cargo run --release --example fit_advice` (docs/advice-model.md says how, from which
//! seeds, and how well they are calibrated): refit rather than edit by hand.

use super::chance::Terms;

/// The weights fitted on the even-seeded games of 4000 mixed games (seeds 36000 on) and 1040 saved games.
pub const WEIGHTS: Terms = Terms {
    near: 0.6156,
    beyond: 0.3288,
    pips: 0.2017,
    kinds: 2.5637,
    kept: 1.0317,
    dev_cards: 2.1991,
    army: 0.8928,
    road: 1.8605,
    harbors: 0.2029,
    paying: 0.0647,
    ships: 1.0272,
    crowd: -0.4119,
    easy: -1.7840,
    hard: 1.5182,
    expert: 1.9716,
    easy_late: 3.2070,
    hard_late: -0.1654,
    expert_late: -1.0431,
};
