//! The house-rule modules of `seeds/002` (R41-R52), one file each: the module's state, its
//! candidates, checks and applies together. The rest of the engine calls a module through one
//! hook at the moment the module changes (how the dice fall, who plays next), and every hook
//! first tests the module's bit in [`Config::modules`](crate::engine::Config), so a game
//! without modules runs the base game's code.
//!
//! - `accelerated_start`: a settlement and a city in set-up, and the seed's starting cards (R41)
//! - `attacks`: units attack units and buildings, a die each (R56)
//! - `awards`: Largest Metropolis (R49) and Harbor Master (R50)
//! - `castles`: a city may become a castle (R44)
//! - `colonist`: a point for each island settled after set-up (R55)
//! - `dice_stack`: rolls drawn from a stack of the 36 pairs of dice (R47)
//! - `dragon`: every 7 gold produced, the dragon attacks the leader's buildings (R43)
//! - `gold`: gold hexes, and gold as a sixth kind of card (R42)
//! - `knights`: knights, archers and cavalry on the land hexes, Largest Army by units (R52)
//! - `no_robber`: a 7 lets every player choose cards by their buildings (R45)
//! - `phases`: a build phase and an attack phase of N rounds each, the end with shared wins (R57)
//! - `rotating_first_player`: rounds that start one seat later each time (R46)
//! - `ships`: ships, war ships and cargo ships on the sea, Largest Navy (R53, R54)
//! - `units`: where the units stand and what they did this turn (R52), one byte a unit
//!
//! The seed's costs (R48) need no code of their own: [`Config::with_modules`] puts them in
//! [`Config::costs`](crate::engine::Config), which every purchase reads.
//!
//! [`Config::with_modules`]: crate::engine::Config::with_modules

mod accelerated_start;
mod attacks;
mod awards;
mod castles;
mod colonist;
mod dice_stack;
mod dragon;
mod gold;
mod knights;
mod no_robber;
mod phases;
mod rotating_first_player;
mod ships;
mod units;

use serde::{Deserialize, Serialize};

pub use attacks::win_chance;
pub use awards::{HARBOR_MASTER_MIN, METROPOLIS_MIN};
pub use dice_stack::DiceStack;
pub use dragon::DRAGON_GOLD;
pub use gold::GOLD_PRICE;
pub(crate) use gold::{starting_bank, with_gold_hexes};
pub use phases::{AttackOrder, WarTurn};
pub use ships::{CARGO_ROOM, NAVY_MIN};
pub use units::{SHIP_SLOT, UNITS, Unit, UnitTurn, Units};

use crate::engine::action::{MAX_PLAYERS, Seat};
use crate::engine::config::Module;
use crate::engine::game::Game;

/// What the modules keep in a game between actions (all of it saved). Empty when no module
/// that keeps anything is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct House {
    /// R47: the cards left in the dice stack.
    pub dice_stack: DiceStack,
    /// R49: the holder of Largest Metropolis.
    pub metropolis: Option<Seat>,
    /// R50: the holder of Harbor Master.
    pub harbor_master: Option<Seat>,
    /// R43: gold produced since the dragon's last attack (always below 7 between actions).
    pub dragon_gold: u8,
    /// R54: the holder of Largest Navy (absent in saves from before ships).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub navy: Option<Seat>,
    /// R55: per seat, the islands (a bit each) where set-up placed their buildings.
    #[serde(skip_serializing_if = "no_islands")]
    pub home: [u16; MAX_PLAYERS],
    /// R55: per seat, the islands (a bit each) that earned them a Colonist point.
    #[serde(skip_serializing_if = "no_islands")]
    pub colonist: [u16; MAX_PLAYERS],
    /// R57: the attack round's order, worked out as it started (empty before the attack
    /// phase).
    #[serde(skip_serializing_if = "AttackOrder::is_empty")]
    pub attack_order: AttackOrder,
}

fn no_islands(islands: &[u16; MAX_PLAYERS]) -> bool {
    islands.iter().all(|&i| i == 0)
}

impl Game {
    /// Points the house rules add to [`Game::public_points`]: castles (R44) and the awards of
    /// R49, R50 and R54. One test of the module bits when none of them is on.
    #[inline(always)]
    pub(in crate::engine) fn house_points(&self, s: Seat) -> u8 {
        const POINTS: u32 = Module::Castles.bit()
            | Module::Metropolis.bit()
            | Module::HarborMaster.bit()
            | Module::Ships.bit()
            | Module::Colonist.bit();
        if self.config.modules.0 & POINTS == 0 { 0 } else { self.house_points_now(s) }
    }

    /// [`Game::house_points`] with a module on that gives points: out of line, so that the
    /// base game's points stay a few instructions.
    #[inline(never)]
    fn house_points_now(&self, s: Seat) -> u8 {
        self.castle_points(s) + self.house_award_points(s) + self.colonist_points(s)
    }
}

impl House {
    /// True when the modules keep nothing (saves then write nothing).
    pub fn is_empty(&self) -> bool {
        *self == House::default()
    }
}
