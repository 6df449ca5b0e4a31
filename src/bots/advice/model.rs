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

/// The features' fingerprint when the weights were fitted ([`super::fit::fingerprint`]): a test
/// fails when the features change and the weights are not fitted again. (This one was taken
/// after the fit, issue 48, of the features unchanged since: `features_with` in chance.rs.)
pub const FINGERPRINT: [f64; super::chance::FEATURES] = [
    629.052917,
    22.000000,
    2230.972222,
    6716.409315,
    2294.102525,
    516.000000,
    2798.333333,
    1819.500000,
    5572.000000,
    636.800000,
    1.000000,
    2.060000,
    1436.000000,
    1436.000000,
    1435.000000,
    427.191667,
    428.391667,
    427.683333,
];
