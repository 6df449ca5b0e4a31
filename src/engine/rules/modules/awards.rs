//! R49 `metropolis` and R50 `harbor_master`: two awards of 2 points, held and lost as Longest
//! Road (R35): the first to reach the minimum alone takes it, another takes it only with a
//! strictly higher score, and when the holder falls behind it goes to the one leader, or is set
//! aside while the lead is shared or no one has the minimum.
//!
//! - Largest Metropolis: the largest group of a player's buildings joined by that player's
//!   roads (split by opponents' buildings as in R34), counted in building points, 5 or more.
//! - Harbor Master: building points on harbor corners, 3 or more.
//!
//! Scores change only when something is built, so the dispatch recomputes both after every
//! build when either module is on.

use crate::engine::action::{Award, Event, MAX_PLAYERS, Seat};
use crate::engine::config::Module;
use crate::engine::game::Game;
use crate::engine::sets::IntersectionSet;
use crate::engine::sink::EventSink;

/// Building points a metropolis needs (R49).
pub const METROPOLIS_MIN: u8 = 5;
/// Building points on harbors a harbor master needs (R50).
pub const HARBOR_MASTER_MIN: u8 = 3;

impl Game {
    /// Points from the house-rule awards `s` holds (R49, R50).
    #[inline(always)]
    pub(in crate::engine) fn house_award_points(&self, s: Seat) -> u8 {
        let h = &self.house;
        2 * (h.metropolis == Some(s)) as u8 + 2 * (h.harbor_master == Some(s)) as u8 + 2 * (h.navy == Some(s)) as u8
    }

    /// Gives the house-rule awards to whom R49 and R50 say, after a build.
    #[inline(always)]
    pub(in crate::engine) fn award_house(&mut self, ev: &mut impl EventSink) {
        let m = self.config.modules;
        if m.has(Module::Metropolis) || m.has(Module::HarborMaster) {
            self.award_house_now(ev);
        }
    }

    #[inline(never)]
    fn award_house_now(&mut self, ev: &mut impl EventSink) {
        let m = self.config.modules;
        if m.has(Module::Metropolis) {
            let new =
                self.award_one(Award::Metropolis, self.house.metropolis, METROPOLIS_MIN, Game::metropolis_points, ev);
            self.house.metropolis = new;
        }
        if m.has(Module::HarborMaster) {
            let new = self.award_one(
                Award::HarborMaster,
                self.house.harbor_master,
                HARBOR_MASTER_MIN,
                Game::harbor_points,
                ev,
            );
            self.house.harbor_master = new;
        }
    }

    /// One award by R35 on each seat's `score` with minimum `min`: its holder after the build,
    /// reported when it changes from `holder`.
    pub(super) fn award_one(
        &self,
        award: Award,
        holder: Option<Seat>,
        min: u8,
        score: fn(&Game, Seat) -> u8,
        ev: &mut impl EventSink,
    ) -> Option<Seat> {
        let n = self.num_players();
        let mut scores = [0; MAX_PLAYERS];
        for s in self.seats() {
            scores[s.index()] = score(self, s);
        }
        let new = r35(holder, &scores[..n], min);
        if new != holder {
            let points = new.map_or_else(|| scores[..n].iter().copied().max().unwrap_or(0), |s| scores[s.index()]);
            ev.push(Event::HouseAward { award, holder: new, points });
        }
        new
    }

    /// Building points of `s`'s buildings among `corners`: settlement 1, city 2, castle 3
    /// (R44, R49, R50).
    #[inline(always)]
    fn building_points(&self, s: Seat, corners: IntersectionSet) -> u8 {
        let p = &self.players[s.index()];
        let count = |b: IntersectionSet| (b & corners).len();
        (count(p.settlements) + 2 * count(p.cities) + count(p.castles)) as u8
    }

    /// R49: the building points of `s`'s largest group of buildings joined by their roads.
    pub fn metropolis_points(&self, s: Seat) -> u8 {
        let topo = self.topology();
        let p = &self.players[s.index()];
        let own = p.settlements | p.cities;
        let opponents = self.pieces.buildings - own;
        let mut left = own;
        let mut best = 0;
        while let Some(start) = left.min() {
            let mut group = IntersectionSet::one(start);
            let mut todo = group;
            while let Some(v) = todo.min() {
                todo.remove(v);
                for e in topo.vertex_edge_set(v) & p.roads {
                    let [a, b] = topo.edge_vertices(e);
                    let w = if a == v { b } else { a };
                    // A road leads up to an opponent's building but not through it (R34).
                    if !group.contains(w) && !opponents.contains(w) {
                        group.insert(w);
                        todo.insert(w);
                    }
                }
            }
            left -= group;
            best = best.max(self.building_points(s, group));
        }
        best
    }

    /// R50: the building points of `s` on harbor corners.
    pub fn harbor_points(&self, s: Seat) -> u8 {
        self.building_points(s, self.topology().harbor_vertices())
    }

    /// R49: the holder of Largest Metropolis.
    pub fn metropolis(&self) -> Option<Seat> {
        self.house.metropolis
    }

    /// R50: the holder of Harbor Master.
    pub fn harbor_master(&self) -> Option<Seat> {
        self.house.harbor_master
    }
}

/// R35 for any score: the holder keeps the award while among the highest with the minimum;
/// otherwise the one player with the highest score, if they have the minimum; otherwise no one.
fn r35(holder: Option<Seat>, scores: &[u8], min: u8) -> Option<Seat> {
    let max = scores.iter().copied().max().unwrap_or(0);
    if max < min {
        return None;
    }
    if let Some(h) = holder
        && scores[h.index()] == max
    {
        return Some(h);
    }
    let mut at_max = scores.iter().enumerate().filter(|&(_, &p)| p == max);
    match (at_max.next(), at_max.next()) {
        (Some((i, _)), None) => Some(Seat(i as u8)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r35_for_any_score() {
        let (a, b) = (Some(Seat(0)), Some(Seat(1)));
        assert_eq!(r35(None, &[4, 2], 5), None);
        assert_eq!(r35(None, &[5, 2], 5), a);
        assert_eq!(r35(a, &[5, 5], 5), a, "a tie leaves it with the holder");
        assert_eq!(r35(a, &[5, 6], 5), b);
        assert_eq!(r35(a, &[4, 4, 2], 3), a);
        assert_eq!(r35(Some(Seat(2)), &[4, 4, 2], 3), None, "set aside while the lead is shared");
        assert_eq!(r35(a, &[2, 2], 3), None);
    }
}
