//! Building: settlements, cities and roads, placed in set-up (R11, R12), bought in the main
//! phase (R23-R27) or laid free with a road building card (R31). Castles (R44) are in
//! `modules/castles.rs`.
//!
//! Each kind of placement has one set of sites, a bit set over intersections or paths: the
//! generator lists its members, and the check looks the spot up in it, so the two cannot
//! disagree; when the spot is missing, the check only works out which rule to name. Paying for
//! a piece (the cost in hand and a piece left in supply, R5) is one predicate, [`Game::supply`],
//! for every kind of piece.

use crate::engine::action::{Action, Event, MAX_PLAYERS, Piece, RuleError, Seat};
use crate::engine::cards::Hand;
use crate::engine::coords::{Edge, Vertex};
use crate::engine::game::{Game, Phase};
use crate::engine::sets::{IntersectionSet, PathSet};
use crate::engine::sink::{ActionSink, EventSink};

/// The most building actions a moment lists (the list's bound, [`ACTION_BOUND`]): a road on
/// each path and one building on each intersection (an empty one a settlement, one's
/// settlement a city, one's city a castle, R44), a map having at most 128 of each
/// (`MapError::TooManyParts`).
///
/// [`ACTION_BOUND`]: crate::engine::sink::ACTION_BOUND
pub(crate) const MOST_ACTIONS: usize = 128 + 128;

impl Game {
    /// Intersections that are taken or next to a building (R24).
    #[inline]
    pub(crate) fn blocked_vertices(&self) -> IntersectionSet {
        self.pieces.blocked
    }

    /// Intersections at an end of one of the player's roads.
    #[inline]
    pub(crate) fn road_vertices(&self, s: Seat) -> IntersectionSet {
        self.pieces.road_ends[s.index()]
    }

    /// Empty paths where the player may build a road (R26): the sites of a bought or free road.
    #[inline]
    pub(crate) fn road_candidates(&self, s: Seat) -> PathSet {
        self.pieces.frontier[s.index()] - self.pieces.roads
    }

    /// Sites of a set-up settlement: any empty intersection obeying the distance rule (R11,
    /// R24), on an island the map lets set-up place on (R51).
    #[inline(always)]
    fn setup_settlement_sites(&self) -> IntersectionSet {
        self.topology().setup_vertices() - self.blocked_vertices()
    }

    /// Sites of the set-up road after settlement `v`: the empty paths from it (R11).
    #[inline(always)]
    fn setup_road_sites(&self, v: Vertex) -> PathSet {
        self.topology().vertex_edge_set(v) - self.occupied_edges()
    }

    /// Sites of a bought settlement: road ends obeying the distance rule (R24, R25); with
    /// knights, also the corners of hexes holding one's knight unit (R52).
    #[inline(always)]
    pub(crate) fn settlement_sites(&self, s: Seat) -> IntersectionSet {
        (self.road_vertices(s) | self.unit_corners(s)) - self.blocked_vertices()
    }

    /// Sites of a city: the player's settlements (R27).
    #[inline(always)]
    fn city_sites(&self, s: Seat) -> IntersectionSet {
        self.players[s.index()].settlements
    }

    /// The player can pay for `piece` and has one left in supply (R5, R23).
    #[inline(always)]
    pub(super) fn supply(&self, s: Seat, piece: Piece) -> Result<(), RuleError> {
        let p = &self.players[s.index()];
        let (costs, supply) = (&self.config.costs, &self.config.supply);
        // A castle's city piece is back in supply (R44).
        let (what, cost, placed, supply) = match piece {
            Piece::Road => ("a road", costs.road, p.roads.len(), supply.roads),
            Piece::Settlement => ("a settlement", costs.settlement, p.settlements.len(), supply.settlements),
            Piece::City => ("a city", costs.city, p.cities.len() - p.castles.len(), supply.cities),
            Piece::Castle => ("a castle", costs.castle, p.castles.len(), supply.castles),
        };
        if !p.hand.contains(&cost) {
            return Err(RuleError::CannotAfford { what, cost });
        }
        if placed >= supply as u32 {
            return Err(RuleError::NoPiecesLeft(piece));
        }
        Ok(())
    }

    /// A free road can go down: the player has a road piece left and somewhere to put it (R31).
    /// Playing the card asks it, and so does each free road, to end the card early.
    #[inline(always)]
    pub(super) fn free_road_possible(&self, s: Seat) -> bool {
        self.players[s.index()].roads.len() < self.config.supply.roads as u32 && !self.road_candidates(s).is_empty()
    }

    /// R31: the free roads a road building card still gives its player: while the first is to
    /// place, 2 when some first road leaves a path (and a piece) for a second, else 1; then 1;
    /// 0 when no card is being played. For display: the rules end the card on their own.
    pub fn free_roads_left(&self) -> u8 {
        let Phase::RoadBuilding { left } = self.phase else { return 0 };
        if left < 2 {
            return left;
        }
        let s = self.turn.seat;
        let second = self.road_candidates(s).iter().any(|e| {
            let mut after = *self;
            after.build_road(s, e, &mut crate::engine::sink::NoEvents);
            matches!(after.phase, Phase::RoadBuilding { .. })
        });
        if second { 2 } else { 1 }
    }

    /// The set-up settlements (R11).
    #[inline(always)]
    pub(super) fn push_setup_settlements(&self, out: &mut impl ActionSink) {
        out.push_all(self.setup_settlement_sites().iter().map(Action::BuildSettlement));
    }

    /// The set-up roads from settlement `v` (R11).
    #[inline(always)]
    pub(super) fn push_setup_roads(&self, v: Vertex, out: &mut impl ActionSink) {
        out.push_all(self.setup_road_sites(v).iter().map(Action::BuildRoad));
    }

    /// The main phase's building: roads, then settlements, then cities, then castles (R44).
    #[inline(always)]
    pub(super) fn push_builds(&self, s: Seat, out: &mut impl ActionSink) {
        if self.supply(s, Piece::Road).is_ok() {
            out.push_all(self.road_candidates(s).iter().map(Action::BuildRoad));
        }
        if self.supply(s, Piece::Settlement).is_ok() {
            out.push_all(self.settlement_sites(s).iter().map(Action::BuildSettlement));
        }
        if self.supply(s, Piece::City).is_ok() {
            out.push_all(self.city_sites(s).iter().map(Action::BuildCity));
        }
        self.push_castles(s, out);
    }

    /// The free roads of a road building card (R31).
    #[inline(always)]
    pub(super) fn push_free_roads(&self, s: Seat, out: &mut impl ActionSink) {
        out.push_all(self.road_candidates(s).iter().map(Action::BuildRoad));
    }

    /// A set-up settlement on `v`.
    pub(super) fn check_setup_settlement(&self, v: Vertex) -> Result<(), RuleError> {
        self.check_site(v, self.setup_settlement_sites(), RuleError::SetupIsland)
    }

    /// A set-up road on `e`, after settlement `v`.
    pub(super) fn check_setup_road(&self, v: Vertex, e: Edge) -> Result<(), RuleError> {
        self.check_path(e, self.setup_road_sites(v), RuleError::SetupRoadAway)
    }

    /// A bought road on `e`.
    pub(super) fn check_road(&self, s: Seat, e: Edge) -> Result<(), RuleError> {
        self.supply(s, Piece::Road)?;
        self.check_free_road(s, e)
    }

    /// A free road on `e` (R31), or the placement part of a bought one.
    pub(super) fn check_free_road(&self, s: Seat, e: Edge) -> Result<(), RuleError> {
        self.check_path(e, self.road_candidates(s), RuleError::RoadNotConnected)
    }

    /// A bought settlement on `v`.
    pub(super) fn check_settlement(&self, s: Seat, v: Vertex) -> Result<(), RuleError> {
        self.supply(s, Piece::Settlement)?;
        self.check_site(v, self.settlement_sites(s), RuleError::SettlementNotConnected)
    }

    /// A city on `v`.
    pub(super) fn check_city(&self, s: Seat, v: Vertex) -> Result<(), RuleError> {
        self.check_vertex(v)?;
        if !self.city_sites(s).contains(v) {
            return Err(RuleError::NotYourSettlement);
        }
        self.supply(s, Piece::City)
    }

    /// `v` is one of `sites`; otherwise the first rule it breaks: the island, an empty
    /// intersection, the distance rule (R24), and last `otherwise` (a road of the player's
    /// leading there, R25, or an island set-up may place on, R51).
    fn check_site(&self, v: Vertex, sites: IntersectionSet, otherwise: RuleError) -> Result<(), RuleError> {
        if sites.contains(v) {
            return Ok(());
        }
        self.check_vertex(v)?;
        if self.occupied_vertices().contains(v) {
            return Err(RuleError::VertexTaken);
        }
        if self.blocked_vertices().contains(v) {
            return Err(RuleError::DistanceRule);
        }
        Err(otherwise)
    }

    /// `e` is one of `sites`; otherwise the island, an empty path, and last `otherwise` (R26).
    fn check_path(&self, e: Edge, sites: PathSet, otherwise: RuleError) -> Result<(), RuleError> {
        if sites.contains(e) {
            return Ok(());
        }
        if e.index() >= self.topology().num_edges() {
            return Err(RuleError::OffBoard("path", e.0));
        }
        if self.occupied_edges().contains(e) {
            return Err(RuleError::EdgeTaken);
        }
        Err(otherwise)
    }

    /// `v` is on the island.
    pub(super) fn check_vertex(&self, v: Vertex) -> Result<(), RuleError> {
        if v.index() >= self.topology().num_vertices() { Err(RuleError::OffBoard("intersection", v.0)) } else { Ok(()) }
    }

    /// Places a settlement: paid for, or free in set-up with the second one's cards (R12), or
    /// with accelerated start a city as the second (R41);
    /// updates harbors, the derived piece sets, and any road it splits (R35).
    pub(super) fn build_settlement(&mut self, s: Seat, v: Vertex, ev: &mut impl EventSink) {
        let mut setup_cards = None;
        let mut piece = Piece::Settlement;
        if let Phase::Setup { round, index, .. } = self.phase {
            self.phase = Phase::Setup { round, index, settlement: Some(v) };
            piece = self.setup_piece(round);
            if round == 1 && piece == Piece::Settlement {
                let mut cards = Hand::EMPTY;
                for &h in self.topology().vertex_hexes(v) {
                    if let Some(r) = self.board.terrain(h).resource() {
                        cards[r] += 1;
                    }
                }
                setup_cards = Some(cards);
            }
        } else {
            self.pay_in(s, self.config.costs.settlement);
            self.turn.built = true;
        }
        ev.push(Event::Built { seat: s, piece, at: v.0 });
        // R12: the second set-up settlement earns its cards once it stands, as on the table,
        // as far as the bank holds them: a small bank (`rules.bank`) is short as in production
        // (R16, with this one player owed), never overdrawn.
        if let Some(cards) = setup_cards {
            if self.bank.contains(&cards) {
                self.pay_out(s, cards);
                ev.push(Event::SetupResources { seat: s, cards });
            } else {
                let mut owed = [Hand::EMPTY; MAX_PLAYERS];
                owed[s.index()] = cards;
                self.pay_owed(owed, cards, ev, |seat, cards| Event::SetupResources { seat, cards });
            }
        }
        let p = &mut self.players[s.index()];
        if piece == Piece::City {
            p.cities.insert(v)
        } else {
            p.settlements.insert(v)
        }
        let setup = matches!(self.phase, Phase::Setup { .. });
        self.colonist_settled(s, v, setup, ev);
        self.players[s.index()].harbors |= self.harbors_of(IntersectionSet::one(v));
        let topo = self.topology();
        let through = topo.vertex_edge_set(v);
        self.pieces.buildings.insert(v);
        self.pieces.blocked |= topo.vertex_neighbor_set(v).with(v);
        self.pieces.frontier[s.index()] |= through;
        self.pieces.hexes[s.index()].add(topo.vertex_hex_set(v));
        // A new building splits an opponent's road that passes through it (R35): one that
        // only ends there keeps its length. Either way their network no longer reaches past it.
        let mut split = false;
        for o in self.seats() {
            if o == s || !self.pieces.road_ends[o.index()].contains(v) {
                continue;
            }
            self.pieces.frontier[o.index()] = self.frontier_of(o);
            if (self.players[o.index()].roads & through).len() >= 2 {
                self.measure_road(o);
                split = true;
            }
        }
        if split {
            self.award_longest_road(ev);
        }
    }

    /// Turns a settlement into a city, paid for.
    pub(super) fn build_city(&mut self, s: Seat, v: Vertex, ev: &mut impl EventSink) {
        self.pay_in(s, self.config.costs.city);
        self.turn.built = true;
        let p = &mut self.players[s.index()];
        p.settlements.remove(v);
        p.cities.insert(v);
        ev.push(Event::Built { seat: s, piece: Piece::City, at: v.0 });
    }

    /// Places a road: in set-up (then the next placement), free, or paid for; then Longest
    /// Road, and the end of the free roads when none is left or placeable.
    pub(super) fn build_road(&mut self, s: Seat, e: Edge, ev: &mut impl EventSink) {
        let mut first_turn = false;
        match self.phase {
            Phase::Setup { round, index, .. } => first_turn = self.next_placement(round, index),
            Phase::RoadBuilding { left } => {
                // Free roads are still building: under strict phases trading is over (R13).
                self.phase = Phase::RoadBuilding { left: left - 1 };
                self.turn.built = true;
            }
            _ => {
                self.pay_in(s, self.config.costs.road);
                self.turn.built = true;
            }
        }
        self.players[s.index()].roads.insert(e);
        let topo = self.topology();
        let p = &self.players[s.index()];
        let opponents = self.pieces.buildings - (p.settlements | p.cities);
        for w in topo.edge_vertices(e) {
            self.pieces.road_ends[s.index()].insert(w);
            if !opponents.contains(w) {
                self.pieces.frontier[s.index()] |= topo.vertex_edge_set(w);
            }
        }
        self.pieces.roads.insert(e);
        ev.push(Event::Built { seat: s, piece: Piece::Road, at: e.0 });
        // The last set-up road comes before the first turn, in the events as on the table.
        if first_turn {
            self.accelerated_start_cards(ev);
            ev.push(Event::TurnStarted { seat: self.first, number: 1 });
        }
        self.extend_road(s, e);
        self.award_longest_road(ev);
        if let Phase::RoadBuilding { left } = self.phase
            && (left == 0 || !self.free_road_possible(s))
        {
            self.resume();
        }
    }
}
