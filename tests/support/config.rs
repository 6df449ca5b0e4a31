//! The rules of random game `seed`, one function for every test that plays many games: each
//! option of the configuration gets its turn, and a seeded sample of the house rules every
//! third game.

use catan::engine::{BoardKind, Config, Modules, Shortage, TurnStyle};

/// The rules of game `seed`: [`base_config`], and in every third game a seeded sample of the
/// house rules (R41-R50).
pub fn config(seed: u64) -> Config {
    base_config(seed).with_modules(house_rules(seed))
}

/// The rules of game `seed` without house rules: every option of the base game's configuration
/// gets its turn.
pub fn base_config(seed: u64) -> Config {
    // 2 to 6 players; with 5 and 6 the Special Building Phase or paired players (R40, R40a).
    let players = 2 + (seed % 5) as u8;
    let base = Config::with_players(players);
    let big = players >= 5;
    let board = [BoardKind::Variable, BoardKind::Random, BoardKind::Beginner][(seed / 3 % 3) as usize];
    Config {
        players,
        board: if big && board == BoardKind::Beginner { BoardKind::Variable } else { board },
        desert_center: !big && seed % 7 == 3,
        turns: if big && seed % 2 == 1 { TurnStyle::Paired } else { base.turns },
        strict_phases: seed % 5 == 1,
        shortage: [Shortage::Official, Shortage::NoneAtAll, Shortage::TurnOrder][(seed / 2 % 3) as usize],
        discard_limit: if seed % 11 == 4 { 9 } else { 7 },
        target: if seed % 13 == 5 { 6 } else { 10 },
        friendly_robber: seed % 4 == 2,
        ..base
    }
}

/// The house rules of game `seed`: a seeded sample of those playable on land in every third
/// game, none in the others.
pub fn house_rules(seed: u64) -> Modules {
    if seed % 3 == 2 { Modules(Modules::LAND.0 & seed.wrapping_mul(0x9E37_79B9) as u32) } else { Modules::NONE }
}
