//! Statistics for the game-over screen, gathered from the events of the log.

use crate::engine::{Event, Hand, MAX_PLAYERS};

/// What the log says about a whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// How often each total was rolled (index = total, 2..=12).
    pub dice: [u32; 13],
    /// Resource cards each seat received from the island (set-up and production).
    pub gained: [Hand; MAX_PLAYERS],
    /// Cards the robber's thief took from each seat.
    pub stolen: [u32; MAX_PLAYERS],
    /// Cards each seat discarded after a 7.
    pub discarded: [u32; MAX_PLAYERS],
    /// R43: the dragon's attacks on each seat that hit a building.
    pub dragon: [u32; MAX_PLAYERS],
}

impl Stats {
    /// Counts the events of a game.
    pub fn collect(log: &[Event]) -> Stats {
        let mut s = Stats::default();
        for e in log {
            match *e {
                Event::DiceRolled { dice, .. } => s.dice[(dice[0] + dice[1]) as usize] += 1,
                Event::Produced { seat, cards } | Event::SetupResources { seat, cards } => {
                    s.gained[seat.index()].add(&cards)
                }
                Event::Stole { victim, .. } => s.stolen[victim.index()] += 1,
                Event::Discarded { seat, .. } => s.discarded[seat.index()] += 1,
                Event::DragonAttacked { seat, at: Some(_), .. } => s.dragon[seat.index()] += 1,
                _ => {}
            }
        }
        s
    }

    /// Number of rolls.
    pub fn rolls(&self) -> u32 {
        self.dice.iter().sum()
    }

    /// The expected count of a total over this many rolls of two dice.
    pub fn expected(&self, total: usize) -> f64 {
        let ways = 6 - (7i32 - total as i32).abs();
        self.rolls() as f64 * ways.max(0) as f64 / 36.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Resource, Seat};

    #[test]
    fn counts_rolls_gains_and_losses() {
        let log = [
            Event::DiceRolled { seat: Seat(0), dice: [3, 4] },
            Event::DiceRolled { seat: Seat(1), dice: [6, 2] },
            Event::Produced { seat: Seat(1), cards: Hand::of(Resource::Ore, 2) },
            Event::Stole { thief: Seat(0), victim: Seat(1), resource: Resource::Ore },
            Event::Discarded { seat: Seat(2), resource: Resource::Wool },
        ];
        let s = Stats::collect(&log);
        assert_eq!((s.dice[7], s.dice[8], s.rolls()), (1, 1, 2));
        assert_eq!(s.gained[1][Resource::Ore], 2);
        assert_eq!((s.stolen[1], s.discarded[2]), (1, 1));
        assert!((s.expected(7) - 2.0 / 6.0).abs() < 1e-9);
    }
}
