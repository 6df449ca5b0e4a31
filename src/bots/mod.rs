//! Computer players. They see the game only through a seat's [`PlayerView`](crate::engine::PlayerView):
//! its legal actions, the public facts and their own cards.

mod random;

pub use random::{RandomBot, SplitMix64};
