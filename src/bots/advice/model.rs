//! The chance model's fitted weights ([`super::chance::Terms`]), one per named term. Written by
//! `cargo run --release --example fit_advice` (docs/advice-model.md says how, from which
//! seeds, and how well they are calibrated): refit rather than edit by hand.

use super::chance::Terms;

/// The weights the fit gave (before issue 41's refit: the level terms 0).
pub const WEIGHTS: Terms = Terms {
    near: -0.1746,
    beyond: 0.3215,
    pips: -0.1833,
    kinds: 3.1686,
    kept: 0.9279,
    dev_cards: 1.9066,
    army: 1.1559,
    road: 2.2623,
    harbors: -0.031,
    paying: 0.3051,
    ships: 1.0986,
    crowd: 0.034,
    easy: 0.0,
    hard: 0.0,
    expert: 0.0,
    easy_late: 0.0,
    hard_late: 0.0,
    expert_late: 0.0,
};
