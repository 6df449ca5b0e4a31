//! Longest Road (R34, R35) and Largest Army (R36).

use crate::engine::action::{Event, Seat};
use crate::engine::coords::{Edge, Vertex};
use crate::engine::game::Game;
use crate::engine::map::Topology;
use crate::engine::sets::{IntersectionSet, PathSet};
use crate::engine::sink::EventSink;

/// Knights needed for Largest Army (R36).
pub const ARMY_MIN: u8 = 3;
/// Road length needed for Longest Road (R35).
pub const ROAD_MIN: u8 = 5;

/// The longest trail over `roads` (no path twice; intersections may repeat), not passing
/// through any intersection in `blocked` but allowed to end there (R34).
pub fn longest_trail(topo: &Topology, roads: PathSet, blocked: IntersectionSet) -> u8 {
    let mut unreached = IntersectionSet::EMPTY;
    for e in roads {
        let [a, b] = topo.edge_vertices(e);
        unreached |= IntersectionSet::one(a).with(b);
    }
    let mut best = 0;
    while let Some(seed) = unreached.min() {
        let corners;
        (corners, best) = component_longest(topo, roads, blocked, seed, best);
        unreached -= corners;
    }
    best
}

/// The corners of the network of `roads` that reaches `seed`, and the longer of `floor` and that
/// network's longest trail.
fn component_longest(
    topo: &Topology,
    roads: PathSet,
    blocked: IntersectionSet,
    seed: Vertex,
    floor: u8,
) -> (IntersectionSet, u8) {
    // Take in the network breadth-first from `seed`. Each entry of `nodes` is a corner reached:
    // [corner, position of the corner it was reached from, longest and second longest branch
    // below it]. Reaching a corner twice means a cycle.
    let mut nodes = [[0u8; 4]; 128];
    nodes[0][0] = seed.0;
    let mut left = roads;
    let mut corners = IntersectionSet::one(seed);
    let mut cyclic = false;
    let (mut n, mut i) = (1, 0);
    while i < n {
        let v = nodes[i % 128][0];
        let out = topo.vertex_edge_set(Vertex(v)) & left;
        left -= out;
        for e in out {
            let [a, b] = topo.edge_vertices(e);
            let w = Vertex(a.0 ^ b.0 ^ v);
            if corners.contains(w) {
                cyclic = true;
            } else {
                corners.insert(w);
                nodes[n % 128] = [w.0, i as u8, 0, 0];
                n += 1;
            }
        }
        i += 1;
    }
    if cyclic {
        let paths = roads - left;
        let best = if paths.len() > floor as u32 { cyclic_longest(topo, corners, paths, blocked, seed) } else { 0 };
        return (corners, best.max(floor));
    }
    // A tree, where trails are paths: from the leaves up, the longest path joins the two longest
    // branches at some corner that isn't blocked (a blocked corner ends a path but can't join two).
    let mut best = floor;
    for i in (1..n).rev() {
        let [v, up, first, second] = nodes[i % 128];
        let branch = if !blocked.contains(Vertex(v)) {
            best = best.max(first + second);
            first + 1
        } else {
            best = best.max(first);
            1
        };
        let parent = &mut nodes[up as usize % 128];
        if branch > parent[2] {
            (parent[2], parent[3]) = (branch, parent[2]);
        } else if branch > parent[3] {
            parent[3] = branch;
        }
    }
    let [root, _, first, second] = nodes[0];
    let joined = if !blocked.contains(Vertex(root)) { first + second } else { first };
    (corners, best.max(joined))
}

/// A component with a cycle: try every start where a longest trail can begin. From a plain
/// 2-branch corner a trail could be extended backwards, or it is closed and can be re-started
/// at any of its corners, so only 1- and 3-branch corners and blocked ones are tried (or any
/// corner of a pure cycle). The search stops as soon as a trail reaches the parity bound: every
/// corner a trail passes through uses an even number of its paths, so of `k` odd corners all but
/// the two ends leave a path unused, and no trail is longer than `paths - (k / 2 - 1)`.
fn cyclic_longest(
    topo: &Topology,
    corners: IntersectionSet,
    paths: PathSet,
    blocked: IntersectionSet,
    seed: Vertex,
) -> u8 {
    let mut starts = IntersectionSet::EMPTY;
    let mut odd = 0u32;
    for v in corners {
        let degree = (topo.vertex_edge_set(v) & paths).len();
        odd += degree & 1;
        if degree != 2 || blocked.contains(v) {
            starts.insert(v);
        }
    }
    if starts.is_empty() {
        starts = IntersectionSet::one(seed);
    }
    let bound = (paths.len() - (odd / 2).saturating_sub(1)) as u8;
    let mut best = 0;
    for v in starts {
        best = best.max(walk(topo, v, paths, blocked, bound));
        if best >= bound {
            break;
        }
    }
    best
}

/// The longest trail from `v` over `left`, or any trail of at least `cap` paths (no longer one
/// is wanted: the caller has a bound).
fn walk(topo: &Topology, v: Vertex, left: PathSet, blocked: IntersectionSet, cap: u8) -> u8 {
    let cap = cap.min(left.len() as u8);
    let mut best = 0;
    let mut out = (topo.vertex_edge_set(v) & left).iter();
    while best < cap
        && let Some(e) = out.next()
    {
        let [a, b] = topo.edge_vertices(e);
        let w = Vertex(a.0 ^ b.0 ^ v.0);
        let further = if blocked.contains(w) { 0 } else { walk(topo, w, left.without(e), blocked, cap - 1) };
        best = best.max(1 + further);
    }
    best
}

impl Game {
    /// Recomputes a player's road length from the board.
    pub(crate) fn measure_road(&mut self, s: Seat) {
        let p = &self.players[s.index()];
        let blocked = self.occupied_vertices() - (p.settlements | p.cities);
        let len = longest_trail(self.topology(), p.roads, blocked);
        self.players[s.index()].road_length = len;
    }

    /// Updates a player's road length after they built the road `e`. Only the network holding
    /// `e` changed, and it holds every network it joined, so the new length is the longer of the
    /// old one and that network's longest trail.
    pub(crate) fn extend_road(&mut self, s: Seat, e: Edge) {
        let p = &self.players[s.index()];
        let blocked = self.occupied_vertices() - (p.settlements | p.cities);
        let topo = self.topology();
        let (_, len) = component_longest(topo, p.roads, blocked, topo.edge_vertices(e)[0], p.road_length);
        self.players[s.index()].road_length = len;
    }

    /// Gives Longest Road to whom R35 says, after any road length changed.
    pub(crate) fn award_longest_road(&mut self, ev: &mut impl EventSink) {
        let max = self.seats().map(|s| self.road_length(s)).max().unwrap_or(0);
        let new = match self.longest_road {
            Some(h) if max >= ROAD_MIN && self.road_length(h) == max => Some(h),
            _ => {
                let mut at_max = self.seats().filter(|&s| self.road_length(s) == max);
                match (at_max.next(), at_max.next()) {
                    (Some(s), None) if max >= ROAD_MIN => Some(s),
                    _ => None,
                }
            }
        };
        if new != self.longest_road {
            self.longest_road = new;
            ev.push(Event::LongestRoad { holder: new, length: max });
        }
    }

    /// Gives Largest Army to `s` if R36 says so, after `s` played a knight.
    pub(crate) fn award_largest_army(&mut self, s: Seat, ev: &mut impl EventSink) {
        let k = self.knights_played(s);
        let beats = match self.largest_army {
            None => true,
            Some(h) => h != s && k > self.knights_played(h),
        };
        if k >= ARMY_MIN && beats {
            self.largest_army = Some(s);
            ev.push(Event::LargestArmy { holder: s, knights: k });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MapId;

    /// A path of `n` roads walking along the top edge of the island.
    fn chain(topo: &Topology, start: Vertex, n: usize) -> (PathSet, Vec<Vertex>) {
        let mut roads = PathSet::EMPTY;
        let mut at = start;
        let mut visited = vec![start];
        for _ in 0..n {
            let next = *topo.vertex_neighbors(at).iter().filter(|w| !visited.contains(w)).min().unwrap();
            roads.insert(topo.edge_between(at, next).unwrap());
            visited.push(next);
            at = next;
        }
        (roads, visited)
    }

    #[test]
    fn r34_simple_chain_counts_each_road() {
        let topo = MapId::Standard.topology();
        let (roads, _) = chain(topo, Vertex(0), 6);
        assert_eq!(longest_trail(topo, roads, IntersectionSet::EMPTY), 6);
    }

    #[test]
    fn r34_opponent_building_splits_the_trail() {
        let topo = MapId::Standard.topology();
        let (roads, vs) = chain(topo, Vertex(0), 6);
        assert_eq!(longest_trail(topo, roads, IntersectionSet::one(vs[2])), 4);
        // A road that ends at an opponent's building still counts.
        assert_eq!(longest_trail(topo, roads, IntersectionSet::one(vs[6])), 6);
    }

    #[test]
    fn r34_a_loop_counts_every_path() {
        let topo = MapId::Standard.topology();
        let hex = crate::engine::coords::Hex(0);
        let ring: PathSet = topo.hex_edges(hex).into_iter().collect();
        assert_eq!(longest_trail(topo, ring, IntersectionSet::EMPTY), 6);
    }
}

#[cfg(test)]
mod start_tests {
    use super::*;
    use crate::bots::SplitMix64;
    use crate::engine::MapId;

    /// The start-corner pruning gives the same lengths as starting everywhere.
    #[test]
    fn pruned_starts_match_brute_force_on_random_networks() {
        let topo = MapId::Standard.topology();
        let brute = |roads: PathSet, blocked: IntersectionSet| {
            topo.vertices().map(|v| walk(topo, v, roads, blocked, u8::MAX)).max().unwrap_or(0)
        };
        let mut rng = SplitMix64::new(9);
        for _ in 0..20_000 {
            let mut roads = PathSet::EMPTY;
            let mut at = Vertex(rng.below(54) as u8);
            for _ in 0..1 + rng.below(15) {
                if rng.below(4) == 0 {
                    at = Vertex(rng.below(54) as u8);
                }
                let ns = topo.vertex_neighbors(at);
                let next = ns[rng.below(ns.len())];
                roads.insert(topo.edge_between(at, next).unwrap());
                at = next;
            }
            // Block up to two corners, usually ones the network touches.
            let corners: Vec<u8> = (0..54u8).filter(|&v| topo.vertex_edge_set(Vertex(v)).intersects(roads)).collect();
            let mut blocked = IntersectionSet::EMPTY;
            for _ in 0..rng.below(3) {
                blocked.insert(Vertex(corners[rng.below(corners.len())]));
            }
            assert_eq!(longest_trail(topo, roads, blocked), brute(roads, blocked));
        }
    }
}
