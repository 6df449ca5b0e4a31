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
use crate::engine::rules::ARMY_MIN;
use crate::engine::sets::{HexSet, IntersectionSet, PathSet};
use crate::engine::sink::{ActionSink, EventSink};

use super::units::{UNITS, Unit};

impl Game {
    /// The knight units of `s` on land hexes: slot, kind and hex (R52; those aboard a cargo
    /// ship are [`Game::knights_aboard`]). Units are public.
    pub fn knight_units(&self, s: Seat) -> impl Iterator<Item = (u8, UnitKind, Hex)> + '_ {
        self.units.knights(s).iter().enumerate().filter_map(|(i, u)| Some((i as u8, u.kind()?, u.land()?)))
    }

    /// The knight units of `s` aboard their cargo ships (R53): slot, kind and the ship's slot.
    pub fn knights_aboard(&self, s: Seat) -> impl Iterator<Item = (u8, UnitKind, u8)> + '_ {
        self.units.knights(s).iter().enumerate().filter_map(|(i, u)| Some((i as u8, u.kind()?, u.aboard()?)))
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

    /// True when `s`'s unit `unit` (a knight unit's slot, or `SHIP_SLOT` plus a ship's) has
    /// no kind of action left this turn: two used, or it moved and attacked (or moved, without
    /// R56's attacks). The seed's unit "laid on its side"; false for the units of a player
    /// whose turn it is not. For display: nothing in the rules reads it.
    pub fn unit_spent(&self, s: Seat, unit: u8) -> bool {
        if s != self.turn.seat || unit >= 16 {
            return false;
        }
        let u = &self.turn.units;
        let done = |m: u16| m >> unit & 1 != 0;
        u.used(unit) >= 2 || (done(u.moved) && (done(u.attacked) || !self.config.modules.has(Module::Attacks)))
    }

    /// Units built this turn by the player whose turn it is (R52, R53: 1 a turn, 2 of any
    /// kinds with both modules).
    pub fn units_built_this_turn(&self) -> u8 {
        self.turn.units.built.count_ones() as u8
    }

    /// Units a player may build a turn (R52, R53: 1, or 2 with knights and ships both on).
    pub(super) fn unit_limit(&self) -> u8 {
        let m = self.config.modules;
        1 + (m.has(Module::Knights) && m.has(Module::Ships)) as u8
    }

    /// Land hexes holding one of `s`'s knight units.
    pub(super) fn knight_hexes(&self, s: Seat) -> HexSet {
        self.units.knights(s).iter().filter_map(|u| u.land()).collect()
    }

    /// R52, R53: corners where `s` may settle without a road: those of land hexes holding
    /// one of their knight units, and the coastal corners of sea hexes holding one of their
    /// ships. Empty without the unit modules (one test of their bits).
    #[inline(always)]
    pub(in crate::engine::rules) fn unit_corners(&self, s: Seat) -> IntersectionSet {
        const UNITS: u32 = Module::Knights.bit() | Module::Ships.bit();
        if self.config.modules.0 & UNITS != 0 { self.unit_corners_now(s) } else { IntersectionSet::EMPTY }
    }

    #[inline(never)]
    fn unit_corners_now(&self, s: Seat) -> IntersectionSet {
        let topo = self.topology();
        let land = self.knight_hexes(s).iter().fold(IntersectionSet::EMPTY, |all, h| all | topo.hex_vertex_set(h));
        land | self.ship_corners(s)
    }

    /// R52: land hexes where `s` may build a knight unit: those touching their buildings (with
    /// ships, R53, also those touching a sea hex holding their ship).
    fn knight_sites(&self, s: Seat) -> HexSet {
        self.pieces.hexes[s.index()].get() | self.ship_coasts(s)
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
        const UNITS: u32 = Module::Knights.bit() | Module::Ships.bit();
        if self.config.modules.0 & UNITS != 0 {
            self.push_units_now(s, rolled, out);
        }
    }

    #[inline(never)]
    fn push_units_now(&self, s: Seat, rolled: bool, out: &mut impl ActionSink) {
        let knights = self.config.modules.has(Module::Knights);
        if knights && rolled && self.units_built_this_turn() < self.unit_limit() && self.free_knight_slot(s).is_some() {
            let hand = self.players[s.index()].hand;
            let sites = self.knight_sites(s);
            for kind in UnitKind::KNIGHTS.into_iter().filter(|k| hand.contains(&k.cost())) {
                out.push_all(sites.iter().map(|hex| Action::BuildKnight { kind, hex }));
            }
        }
        for (unit, u) in self.units.knights(s).iter().enumerate().filter(|(_, u)| !u.is_empty()) {
            if self.unit_may_move(unit as u8).is_ok() {
                let unit = unit as u8;
                out.push_all(self.knight_targets(s, *u).iter().map(|to| Action::MoveKnight { unit, to }));
            }
        }
        self.push_ship_actions(s, rolled, out);
        self.push_attacks(s, out);
    }

    /// Where knight unit `u` of `s` may move: its reach on land, or from aboard a cargo ship
    /// the land hexes touching the ship's sea hex (R53).
    fn knight_targets(&self, s: Seat, u: Unit) -> HexSet {
        match (u.kind(), u.land(), u.aboard()) {
            (Some(kind), Some(at), _) => self.knight_reach(s, kind, at),
            (_, _, Some(ship)) => self.topology().sea_coast(self.units.ships(s)[ship as usize].sea()),
            _ => HexSet::EMPTY,
        }
    }

    /// The unit of the acting player's bit `slot` (a knight unit's slot, or [`SHIP_SLOT`] + a
    /// ship's) has a move left: it hasn't moved, and hasn't used its two actions (R52).
    ///
    /// [`SHIP_SLOT`]: super::units::SHIP_SLOT
    pub(super) fn unit_may_move(&self, slot: u8) -> Result<(), RuleError> {
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
        if kind.is_ship() {
            return Err(RuleError::WrongKind("knight unit"));
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
        if !self.knight_targets(s, unit).contains(to) {
            return Err(if unit.aboard().is_some() { RuleError::CannotLand } else { RuleError::UnitCantReach(kind) });
        }
        Ok(())
    }

    /// Builds a knight unit, paid for, in the first empty slot: the build is its first action.
    /// Then Largest Army (the dispatch checks the win).
    pub(in crate::engine::rules) fn build_knight(
        &mut self,
        s: Seat,
        kind: UnitKind,
        hex: Hex,
        ev: &mut impl EventSink,
    ) {
        self.pay_in(s, kind.cost());
        self.turn.built = true;
        let slot = self.free_knight_slot(s).expect("checked: a slot is free");
        self.units.knights[s.index()][slot] = Unit::new(kind, hex.0);
        self.turn.units.built |= 1 << slot;
        ev.push(Event::UnitBuilt { seat: s, kind, unit: slot as u8, at: hex.0 });
        self.award_army_units(ev);
    }

    /// Moves a knight unit: its move for the turn.
    pub(in crate::engine::rules) fn move_knight(&mut self, s: Seat, slot: u8, to: Hex, ev: &mut impl EventSink) {
        let u = self.units.knights[s.index()][slot as usize];
        let kind = u.kind().expect("checked: a unit");
        // A knight leaving a cargo ship comes from the ship's sea hex.
        let from = match u.aboard() {
            Some(ship) => self.units.ships(s)[ship as usize].place(),
            None => u.place(),
        };
        self.units.knights[s.index()][slot as usize] = u.moved(to.0);
        self.turn.units.moved |= 1 << slot;
        ev.push(Event::UnitMoved { seat: s, kind, unit: slot, from, to: to.0 });
    }

    /// R52: Largest Army to the most knight units on the board, 3 or more, as R35. Asked
    /// whenever the count of units changes.
    pub(in crate::engine) fn award_army_units(&mut self, ev: &mut impl EventSink) {
        let new = self.award_one(Award::LargestArmy, self.largest_army, ARMY_MIN, Game::knight_count, ev);
        self.largest_army = new;
    }
}
