//! R41 `accelerated_start`: in set-up the first placement is a settlement and the second a city
//! (from the city supply), each with a road, and the second placement earns no cards of its own
//! (R12). Once every player has placed, each takes 1 card per hex touching their settlement and
//! 2 per hex touching their city (none for desert or sea), in turn order from the starting
//! player, with the bank's limits as for production (R16).
//!
//! Set-up keeps its actions: the second `BuildSettlement` of set-up places a city.

use crate::engine::action::{Event, MAX_PLAYERS, Piece};
use crate::engine::cards::Hand;
use crate::engine::config::Module;
use crate::engine::game::Game;
use crate::engine::sink::EventSink;

impl Game {
    /// The piece a set-up placement of `round` (0 or 1) puts down.
    #[inline(always)]
    pub(in crate::engine::rules) fn setup_piece(&self, round: u8) -> Piece {
        if round == 1 && self.config.modules.has(Module::AcceleratedStart) { Piece::City } else { Piece::Settlement }
    }

    /// R41: the starting cards, as set-up ends.
    #[inline(always)]
    pub(in crate::engine::rules) fn accelerated_start_cards(&mut self, ev: &mut impl EventSink) {
        if self.config.modules.has(Module::AcceleratedStart) {
            self.deal_accelerated_start(ev);
        }
    }

    #[inline(never)]
    fn deal_accelerated_start(&mut self, ev: &mut impl EventSink) {
        let topo = self.topology();
        let mut owed = [Hand::EMPTY; MAX_PLAYERS];
        for s in self.seats() {
            let p = &self.players[s.index()];
            for (each, buildings) in [(1, p.settlements), (2, p.cities)] {
                for v in buildings {
                    for &h in topo.vertex_hexes(v) {
                        if let Some(r) = self.board.terrain(h).resource() {
                            owed[s.index()][r] += each;
                        }
                    }
                }
            }
        }
        let want = owed.iter().fold(Hand::EMPTY, |mut w, h| {
            w.add(h);
            w
        });
        self.pay_owed(owed, want, ev, |seat, cards| Event::SetupResources { seat, cards });
    }
}
