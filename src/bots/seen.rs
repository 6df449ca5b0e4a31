//! What everyone at the table sees of the island, as bit sets the bots reason with: each seat's
//! settlements, cities and roads, and what each corner produces.
//!
//! The engine's view gives the pieces as bit sets ([`PlayerView::settlement_set`] and its
//! kin); a bot that looks ahead reads them from a determinized game's public methods instead.
//! Both give the same [`Seen`], and neither holds anything hidden.

use crate::engine::{Board, Game, Hex, MAX_PLAYERS, PlayerView, Seat, Topology, Vertex};

/// The pieces on the island and the island itself.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seen<'a> {
    pub topo: &'static Topology,
    pub board: &'a Board,
    pub players: usize,
    pub settlements: [u128; MAX_PLAYERS],
    /// Cities and castles (a castle is a city with walls, R44).
    pub cities: [u128; MAX_PLAYERS],
    /// R44: which of `cities` are castles.
    pub castles: [u128; MAX_PLAYERS],
    pub roads: [u128; MAX_PLAYERS],
}

/// A set of intersections or paths as one bit per index.
fn mask<T>(items: impl IntoIterator<Item = T>, bit: impl Fn(T) -> u128) -> u128 {
    items.into_iter().fold(0, |m, x| m | bit(x))
}

impl<'a> Seen<'a> {
    /// The pieces as a seat's view shows them.
    pub fn from_view(view: &PlayerView<'a>) -> Seen<'a> {
        let mut seen = Seen::empty(view.topology(), view.board(), view.num_players());
        for s in view.seats() {
            seen.settlements[s.index()] = view.settlement_set(s).bits();
            seen.cities[s.index()] = view.city_set(s).bits();
            seen.castles[s.index()] = view.castle_set(s).bits();
            seen.roads[s.index()] = view.road_set(s).bits();
        }
        seen
    }

    /// The pieces of a game (only its public methods are read).
    pub fn from_game(game: &'a Game) -> Seen<'a> {
        let mut seen = Seen::empty(game.topology(), game.board(), game.num_players());
        for s in game.seats() {
            seen.settlements[s.index()] = mask(game.settlements(s), Vertex::bit);
            seen.cities[s.index()] = mask(game.cities(s), Vertex::bit);
            seen.castles[s.index()] = mask(game.castles(s), Vertex::bit);
            seen.roads[s.index()] = mask(game.roads(s), |e| e.bit());
        }
        seen
    }

    fn empty(topo: &'static Topology, board: &'a Board, players: usize) -> Seen<'a> {
        let none = [0; MAX_PLAYERS];
        Seen { topo, board, players, settlements: none, cities: none, castles: none, roads: none }
    }

    /// A seat's settlements and cities.
    pub fn buildings(&self, s: Seat) -> u128 {
        self.settlements[s.index()] | self.cities[s.index()]
    }
    /// Every building on the island.
    pub fn occupied(&self) -> u128 {
        (0..self.players).fold(0, |m, i| m | self.settlements[i] | self.cities[i])
    }
    /// Every other seat's buildings.
    pub fn others_buildings(&self, s: Seat) -> u128 {
        self.occupied() & !self.buildings(s)
    }
    /// Every road on the island.
    pub fn all_roads(&self) -> u128 {
        self.roads[..self.players].iter().fold(0, |m, r| m | r)
    }
    /// Intersections where no settlement may go: a building on it or next to it (R24).
    pub fn blocked(&self) -> u128 {
        let occupied = self.occupied();
        Seen::vertices(occupied).fold(occupied, |m, v| m | self.topo.vertex_neighbor_set(v).bits())
    }
    /// Intersections at either end of a seat's roads.
    pub fn road_vertices(&self, s: Seat) -> u128 {
        Seen::edges(self.roads[s.index()]).fold(0, |m, e| {
            let [a, b] = self.topo.edge_vertices(e);
            m | a.bit() | b.bit()
        })
    }
    /// Empty intersections a seat could settle once it pays: touching its roads, distance
    /// rule kept (R24, R25).
    pub fn settlement_spots(&self, s: Seat) -> u128 {
        self.road_vertices(s) & !self.blocked()
    }

    /// The intersections of a set.
    pub fn vertices(set: u128) -> impl Iterator<Item = Vertex> {
        crate::engine::IntersectionSet::from_bits(set).iter()
    }
    /// The paths of a set.
    pub fn edges(set: u128) -> impl Iterator<Item = crate::engine::Edge> {
        crate::engine::PathSet::from_bits(set).iter()
    }

    /// The chance that a roll makes a hex produce (0 for a desert).
    pub fn hex_chance(&self, h: Hex) -> f64 {
        self.board.token(h).map_or(0.0, |t| f64::from(Board::pips(t)) / 36.0)
    }
    /// A hex's probability dots (0 for a desert).
    pub fn hex_pips(&self, h: Hex) -> u32 {
        self.board.token(h).map_or(0, |t| u32::from(Board::pips(t)))
    }
    /// What a building on `v` expects per roll of each resource, for a settlement, leaving out
    /// the hex `robbed` (the robber's). Gold (R42) is no resource and is left out.
    pub fn vertex_production(&self, v: Vertex, robbed: Option<Hex>) -> [f64; 5] {
        let mut out = [0.0; 5];
        for &h in self.topo.vertex_hexes(v) {
            if Some(h) == robbed {
                continue;
            }
            if let Some(r) = self.board.terrain(h).resource().filter(|r| !r.is_gold()) {
                out[r as usize] += self.hex_chance(h);
            }
        }
        out
    }
    /// The probability dots around an intersection.
    pub fn vertex_pips(&self, v: Vertex) -> u32 {
        self.topo.vertex_hexes(v).iter().map(|&h| self.hex_pips(h)).sum()
    }
    /// A bit per resource produced around an intersection.
    pub fn vertex_resources(&self, v: Vertex) -> u8 {
        self.topo
            .vertex_hexes(v)
            .iter()
            .filter_map(|&h| self.board.terrain(h).resource())
            .fold(0, |m, r| m | 1 << r as u8)
    }
    /// A bit per resource a seat's buildings produce (robber or not).
    pub fn seat_resources(&self, s: Seat) -> u8 {
        Seen::vertices(self.buildings(s)).fold(0, |m, v| m | self.vertex_resources(v))
    }
    /// What a seat's buildings expect per roll, by resource, cities twice, castles three times
    /// (a castle is among the cities, and once more here).
    pub fn seat_production(&self, s: Seat, robbed: Option<Hex>) -> [f64; 5] {
        let mut out = [0.0; 5];
        let i = s.index();
        for (set, times) in [(self.settlements[i], 1.0), (self.cities[i], 2.0), (self.castles[i], 1.0)] {
            for v in Seen::vertices(set) {
                for (o, p) in out.iter_mut().zip(self.vertex_production(v, robbed)) {
                    *o += times * p;
                }
            }
        }
        out
    }
    /// The seats with a building on a hex's corners.
    pub fn seats_on_hex(&self, h: Hex) -> impl Iterator<Item = Seat> + '_ {
        let corners = self.topo.hex_vertex_set(h).bits();
        (0..self.players as u8).map(Seat).filter(move |&s| self.buildings(s) & corners != 0)
    }
}
