//! Rules scenarios: at least one test per ruling R1 to R40a and the house rules R41-R50 of RULES.md, each named after the
//! ruling it checks, on positions set up with the engine's `Scenario` builder.
//!
//! One test binary with a module per part of the rules, so a release build links it once.

#[macro_use]
#[path = "../support/mod.rs"]
mod support;

mod awards;
mod build;
mod five_six;
mod house_attacks;
mod house_attacks_random;
mod house_awards;
mod house_castles;
mod house_colonist;
mod house_dragon;
mod house_gold;
mod house_knights;
mod house_knights_save;
mod house_phases;
mod house_robber;
mod house_setup;
mod house_ships;
mod house_turns;
mod house_units_bots;
mod house_units_random;
mod sea;
mod setup;
mod trade;
mod turn;
mod words;
