//! `catan arena --save-dir DIR`: each game written as a save file, its seats the bots that
//! played them, so a bot's game can be watched in the replay viewer (`catan replay FILE`).

use std::path::Path;

use super::Arena;
use crate::engine::Action;
use crate::save::{Record, SeatInfo, save};

/// Writes the game of `game_seed` in seating `rotation` (seat `s` held by entrant
/// `seating[s]`), whose actions were `moves`, as `DIR/game-<seed>-<rotation>.json`. The error
/// names the file.
pub(super) fn write(
    arena: &Arena,
    dir: &Path,
    game_seed: u64,
    rotation: usize,
    seating: &[usize],
    moves: &[Action],
) -> Result<(), String> {
    // Bots are named for their level and place in the line-up ("easy 1"), so two of a level
    // are told apart and the names are the same in every seating.
    let seats =
        seating.iter().map(|&e| SeatInfo::bot(format!("{} {}", arena.lineup[e].name(), e + 1), arena.lineup[e]));
    let mut record = Record::new_with_seats(arena.config, game_seed, seats.collect()).map_err(|e| e.to_string())?;
    for &a in moves {
        record.apply(a).map_err(|e| format!("seed {game_seed}: {a:?} refused on replay: {e}"))?;
    }
    let path = dir.join(format!("game-{game_seed}-{rotation}.json"));
    save(&record, &path).map_err(|e| e.to_string())
}
