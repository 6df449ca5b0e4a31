//! R52 `knights`: knights, archers and cavalry, 6 units a player in all, standing on land hex
//! centres (any number of any owners in a hex). Where they stand is [`Units`]; what they did
//! this turn, [`UnitTurn`](super::UnitTurn).
//!
//! - Building: R48's costs ([`UnitKind::cost`]), in the player's own turn after the roll, on a
//!   land hex touching one of their buildings; 1 unit a turn; not in the Special Building Phase
//!   (R40). Under `strict_phases` building a unit is building.
//! - Actions: 2 a unit a turn, of different kinds (build, move, attack R56): a unit built this
//!   turn may still move; a unit that moved may not move again. Units act in their owner's own
//!   turn, before the roll too.
//! - Moving: 1 step to an adjacent land hex, or 2 when both steps cross a path holding one of
//!   the mover's roads; a cavalry up to 3 steps, or 4 when every step crosses such a path.
//! - Settling: a settlement (cost, distance rule) needs no road on a corner of a land hex that
//!   holds one of the player's knight units ([`Game::knight_corners`]).
//! - The deck has no knight cards ([`Config::with_modules`](crate::engine::Config::with_modules));
//!   Largest Army goes to the most knight units on the board, 3 or more, held and lost as R35.
//! - The dragon (R43): a knight unit on a hex touching the attacked building makes its owner
//!   fight (in `dragon.rs`).

use crate::engine::action::{Action, Award, Event, RuleError, Seat, UnitKind};
use crate::engine::config::Module;
use crate::engine::coords::Hex;
use crate::engine::game::Game;
use crate::engine::road::ARMY_MIN;
use crate::engine::sets::{HexSet, IntersectionSet, PathSet};
use crate::engine::sink::{ActionSink, EventSink};

use super::units::{UNITS, Unit};

impl Game {
    /// The knight units of `s` on the board: slot, kind and land hex (R52). Units are public.
    pub fn knight_units(&self, s: Seat) -> impl Iterator<Item = (u8, UnitKind, Hex)> + '_ {
        self.units.knights(s).iter().enumerate().filter_map(|(i, u)| Some((i as u8, u.kind()?, u.hex())))
    }

    /// How many knight units `s` has on the board (Largest Army's count, R52).
    pub fn knight_count(&self, s: Seat) -> u8 {
        self.units.knights(s).iter().filter(|u| !u.is_empty()).count() as u8
    }

    /// Actions the unit in the acting player's `slot` has used this turn (0 to 2, R52); 0 for
    /// any other player's units.
    pub fn unit_actions_used(&self, s: Seat, slot: u8) -> u8 {
        if s == self.turn.seat && (slot as usize) < UNITS { self.turn.units.used(slot) } else { 0 }
    }

    /// Units built this turn by the player whose turn it is (R52: 1 a turn).
    pub fn units_built_this_turn(&self) -> u8 {
        self.turn.units.built.count_ones() as u8
    }

    /// Units a player may build a turn (R52: 1).
    fn unit_limit(&self) -> u8 {
        1
    }

    /// Land hexes holding one of `s`'s knight units.
    fn knight_hexes(&self, s: Seat) -> HexSet {
        self.units.knights(s).iter().filter(|u| !u.is_empty()).map(|u| u.hex()).collect()
    }

    /// R52: corners where `s` may settle without a road: those of land hexes holding one of
    /// their knight units. Empty without the module (one test of its bit).
    #[inline(always)]
    pub(in crate::engine::rules) fn knight_corners(&self, s: Seat) -> IntersectionSet {
        if self.config.modules.has(Module::Knights) { self.knight_corners_now(s) } else { IntersectionSet::EMPTY }
    }

    #[inline(never)]
    fn knight_corners_now(&self, s: Seat) -> IntersectionSet {
        let topo = self.topology();
        self.knight_hexes(s).iter().fold(IntersectionSet::EMPTY, |all, h| all | topo.hex_vertex_set(h))
    }

    /// R52: land hexes where `s` may build a knight unit: those touching their buildings.
    fn knight_sites(&self, s: Seat) -> HexSet {
        self.pieces.hexes[s.index()].get()
    }

    /// The first empty slot of `s`'s knight units.
    fn free_knight_slot(&self, s: Seat) -> Option<usize> {
        self.units.knights(s).iter().position(|u| u.is_empty())
    }

    /// Hexes one step from `from`: any adjacent land hex, or (`roads` given) one across a
    /// path holding one of those roads.
    fn steps(&self, from: HexSet, roads: Option<PathSet>) -> HexSet {
        let topo = self.topology();
        let mut out = HexSet::EMPTY;
        for h in from {
            match roads {
                None => out |= topo.hex_neighbors(h).iter().copied().collect(),
                Some(roads) => {
                    for e in topo.hex_edges(h).into_iter().filter(|&e| roads.contains(e)) {
                        out |= topo.edge_hexes(e).iter().copied().filter(|&o| o != h).collect();
                    }
                }
            }
        }
        out
    }

    /// R52: the hexes `s`'s unit of `kind` on `at` may move to: 1 step, or 2 along the mover's
    /// roads; a cavalry up to 3, or 4 along its roads. Never the hex it stands on.
    fn knight_reach(&self, s: Seat, kind: UnitKind, at: Hex) -> HexSet {
        let (free, along) = if kind == UnitKind::Cavalry { (3, 4) } else { (1, 2) };
        let roads = self.players[s.index()].roads;
        let (mut reach, mut front) = (HexSet::EMPTY, HexSet::one(at));
        for _ in 0..free {
            front = self.steps(front, None);
            reach |= front;
        }
        // Fewer steps along roads are among the free ones.
        let mut road = HexSet::one(at);
        for _ in 0..along {
            road = self.steps(road, Some(roads));
        }
        (reach | road).without(at)
    }

    /// The unit actions of the player whose turn it is: after the roll builds and moves, before
    /// it moves only (R52). Nothing without the module.
    #[inline(always)]
    pub(in crate::engine::rules) fn push_units(&self, s: Seat, rolled: bool, out: &mut impl ActionSink) {
        if self.config.modules.has(Module::Knights) {
            self.push_units_now(s, rolled, out);
        }
    }

    #[inline(never)]
    fn push_units_now(&self, s: Seat, rolled: bool, out: &mut impl ActionSink) {
        if rolled && self.units_built_this_turn() < self.unit_limit() && self.free_knight_slot(s).is_some() {
            let hand = self.players[s.index()].hand;
            let sites = self.knight_sites(s);
            for kind in UnitKind::KNIGHTS.into_iter().filter(|k| hand.contains(&k.cost())) {
                out.push_all(sites.iter().map(|hex| Action::BuildKnight { kind, hex }));
            }
        }
        for (unit, kind, at) in self.knight_units(s) {
            if self.unit_may_move(unit).is_ok() {
                out.push_all(self.knight_reach(s, kind, at).iter().map(|to| Action::MoveKnight { unit, to }));
            }
        }
    }

    /// The unit in the acting player's `slot` has a move left: it hasn't moved, and hasn't
    /// used its two actions (R52).
    fn unit_may_move(&self, slot: u8) -> Result<(), RuleError> {
        let t = self.turn.units;
        if t.moved >> slot & 1 == 1 {
            return Err(RuleError::UnitMoved);
        }
        if t.used(slot) >= 2 {
            return Err(RuleError::UnitSpent);
        }
        Ok(())
    }

    /// A knight unit of `kind` built on `hex` (R52).
    pub(in crate::engine::rules) fn check_build_knight(
        &self,
        s: Seat,
        kind: UnitKind,
        hex: Hex,
    ) -> Result<(), RuleError> {
        if !self.config.modules.has(Module::Knights) {
            return Err(RuleError::ModuleOff(Module::Knights.name()));
        }
        if hex.index() >= self.topology().num_hexes() {
            return Err(RuleError::OffBoard("hex", hex.0));
        }
        if self.units_built_this_turn() >= self.unit_limit() {
            return Err(RuleError::UnitsThisTurn(self.unit_limit()));
        }
        if self.free_knight_slot(s).is_none() {
            return Err(RuleError::NoUnitsLeft("knight"));
        }
        if !self.players[s.index()].hand.contains(&kind.cost()) {
            return Err(RuleError::CannotAfford { what: kind.name(), cost: kind.cost() });
        }
        if !self.knight_sites(s).contains(hex) {
            return Err(RuleError::KnightSite);
        }
        Ok(())
    }

    /// `s` moves their knight unit in `slot` to `to` (R52).
    pub(in crate::engine::rules) fn check_move_knight(&self, s: Seat, slot: u8, to: Hex) -> Result<(), RuleError> {
        if !self.config.modules.has(Module::Knights) {
            return Err(RuleError::ModuleOff(Module::Knights.name()));
        }
        let unit = self.units.knights(s).get(slot as usize).copied().unwrap_or_default();
        let Some(kind) = unit.kind() else { return Err(RuleError::NoSuchUnit(slot)) };
        self.unit_may_move(slot)?;
        if !self.knight_reach(s, kind, unit.hex()).contains(to) {
            return Err(RuleError::UnitCantReach(kind));
        }
        Ok(())
    }

    /// Builds a knight unit, paid for, in the first empty slot: the build is its first action.
    /// Then Largest Army (the dispatch checks the win).
    pub(in crate::engine::rules) fn build_knight(&mut self, s: Seat, kind: UnitKind, hex: Hex, ev: &mut impl EventSink) {
        self.pay_in(s, kind.cost());
        self.turn.built = true;
        let slot = self.free_knight_slot(s).expect("checked: a slot is free");
        self.units.knights[s.index()][slot] = Unit::new(kind, hex);
        self.turn.units.built |= 1 << slot;
        ev.push(Event::UnitBuilt { seat: s, kind, unit: slot as u8, at: hex.0 });
        self.award_army_units(ev);
    }

    /// Moves a knight unit: its move for the turn.
    pub(in crate::engine::rules) fn move_knight(&mut self, s: Seat, slot: u8, to: Hex, ev: &mut impl EventSink) {
        let unit = &mut self.units.knights[s.index()][slot as usize];
        let (kind, from) = (unit.kind().expect("checked: a unit"), unit.hex());
        *unit = unit.moved(to);
        self.turn.units.moved |= 1 << slot;
        ev.push(Event::UnitMoved { seat: s, kind, unit: slot, from: from.0, to: to.0 });
    }

    /// R52: Largest Army to the most knight units on the board, 3 or more, as R35. Asked
    /// whenever the count of units changes.
    pub(in crate::engine) fn award_army_units(&mut self, ev: &mut impl EventSink) {
        let new = self.award_one(Award::LargestArmy, self.largest_army, ARMY_MIN, Game::knight_count, ev);
        self.largest_army = new;
    }
}
