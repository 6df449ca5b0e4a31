//! Computer players: whole games at every level under every rules option (`games`), castles
//! (`castles`), play a table finds fair (`fair`), and units and fights valued (`units`).
//!
//! One test binary with a module per part, so a release build links it once.

#[path = "../support/mod.rs"]
mod support;

mod advice;
mod advice_claims;
mod advice_judgement;
mod castles;
mod fair;
mod games;
mod hidden_answers;
mod offers;
mod panel;
mod turn_remembered;
mod units;
