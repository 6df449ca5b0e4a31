//! R55 `colonist` (with ships, on the archipelago): 1 point for each island, other than those
//! where the player placed a set-up building (a settlement, or R41's city), on which they
//! build a settlement after set-up; kept once earned, even if that settlement is lost.
//!
//! Only the islands the map counts for R55 ([`Topology::colonist_islands`]) earn a point; an
//! island is a bit of a 16-bit set (maps have a few islands; one numbered 16 or more earns
//! nothing). The islands of each player's set-up buildings are noted as they are placed, so a
//! set-up building the dragon later takes (R43) still rules its island out.
//!
//! [`Topology::colonist_islands`]: crate::engine::Topology::colonist_islands

use crate::engine::action::{Event, Seat};
use crate::engine::config::Module;
use crate::engine::coords::Vertex;
use crate::engine::game::Game;
use crate::engine::sink::EventSink;

impl Game {
    /// R55: the islands where `s` earned a Colonist point.
    pub fn colonist_islands(&self, s: Seat) -> impl Iterator<Item = usize> + use<> {
        let earned = self.house.colonist[s.index()];
        (0..16).filter(move |i| earned >> i & 1 == 1)
    }

    /// R55: Colonist points of `s` (counted in [`Game::public_points`]).
    #[inline]
    pub(super) fn colonist_points(&self, s: Seat) -> u8 {
        self.house.colonist[s.index()].count_ones() as u8
    }

    /// R55: notes the island of a settlement (or set-up city) `s` built on `v`: a set-up
    /// island, or after set-up a Colonist point for a counted island not yet earned that
    /// isn't one of theirs from set-up. Nothing without the module (one test of its bit).
    #[inline(always)]
    pub(in crate::engine::rules) fn colonist_settled(
        &mut self,
        s: Seat,
        v: Vertex,
        setup: bool,
        ev: &mut impl EventSink,
    ) {
        if self.config.modules.has(Module::Colonist) {
            self.colonist_settled_now(s, v, setup, ev);
        }
    }

    #[inline(never)]
    fn colonist_settled_now(&mut self, s: Seat, v: Vertex, setup: bool, ev: &mut impl EventSink) {
        let topo = self.topology();
        let Some(&h) = topo.vertex_hexes(v).first() else { return };
        let island = topo.island_of(h);
        let Some(bit) = 1u16.checked_shl(island as u32) else { return };
        let i = s.index();
        if setup {
            self.house.home[i] |= bit;
            return;
        }
        let counted = topo.colonist_islands().iter().any(|&c| c as usize == island);
        if counted && (self.house.home[i] | self.house.colonist[i]) & bit == 0 {
            self.house.colonist[i] |= bit;
            ev.push(Event::Colonist { seat: s, island: island as u8 });
        }
    }
}
