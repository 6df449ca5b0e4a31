//! Computer players. They see the game only through the engine's public API.

mod random;

pub use random::{RandomBot, SplitMix64};
