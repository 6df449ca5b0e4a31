//! R53 `ships` and R54 Largest Navy: ships, war ships (1 a player) and cargo ships (3 a
//! player), 6 a player in all, standing on sea hexes (any number of any owners in a hex).
//!
//! - Building: R48's costs ([`UnitKind::cost`]), in the owner's turn after the roll, on a sea
//!   hex touching one of their coastal buildings (with knights: or touching a land hex holding
//!   their knight unit); 1 ship a turn, or 2 units of any kinds with knights; not in the
//!   Special Building Phase. Actions as R52: 2 a turn, of different kinds.
//! - Sailing: up to 4 sea hexes (a cargo ship 7), through any ships.
//! - Harbors: a ship on a harbor's sea hex lets its owner trade at that harbor's rate; a cargo
//!   ship there one card better (3:1 becomes 2:1 for every resource; never below 2:1).
//! - Settling: a settlement needs no road on a coastal corner of a sea hex holding one's ship
//!   (in `knights.rs`, [`Game::unit_corners`]); with knights, a knight unit may be built on a
//!   land hex touching such a sea hex.
//! - Cargo: a knight unit boards one's cargo ship on a sea hex touching its land hex, or leaves
//!   it for a land hex touching the ship's sea hex; either is that knight's move. Aboard,
//!   knights sail with the ship at no cost of their own (they name the ship's slot).
//! - Largest Navy (R54): the most ships on the board, 3 or more, 2 points, as R35.

use crate::engine::action::{Action, Award, Event, RuleError, Seat, UnitKind};
use crate::engine::cards::Resource;
use crate::engine::config::Module;
use crate::engine::coords::SeaHex;
use crate::engine::game::Game;
use crate::engine::sets::{HexSet, IntersectionSet, SeaSet};
use crate::engine::sink::{ActionSink, EventSink};
use crate::engine::terrain::HarborKind;

use super::units::{SHIP_SLOT, UNITS, Unit};

/// Ships Largest Navy needs (R54).
pub const NAVY_MIN: u8 = 3;
/// Knight units a cargo ship carries (R53).
pub const CARGO_ROOM: usize = 3;

impl Game {
    /// The ships of `s` on the board: slot, kind and sea hex (R53). Units are public.
    pub fn ship_units(&self, s: Seat) -> impl Iterator<Item = (u8, UnitKind, SeaHex)> + '_ {
        self.units.ships(s).iter().enumerate().filter_map(|(i, u)| Some((i as u8, u.ship_kind()?, u.sea())))
    }

    /// How many ships `s` has on the board (Largest Navy's count, R54).
    pub fn ship_count(&self, s: Seat) -> u8 {
        self.units.ships(s).iter().filter(|u| !u.is_empty()).count() as u8
    }

    /// Actions the ship in slot `slot` of `s` has used this turn (0 to 2); 0 for any other
    /// player's ships.
    pub fn ship_actions_used(&self, s: Seat, slot: u8) -> u8 {
        if s == self.turn.seat && (slot as usize) < UNITS { self.turn.units.used(SHIP_SLOT + slot) } else { 0 }
    }

    /// R54: the holder of Largest Navy.
    pub fn largest_navy(&self) -> Option<Seat> {
        self.house.navy
    }

    /// Sea hexes holding one of `s`'s ships.
    fn ship_seas(&self, s: Seat) -> SeaSet {
        self.units.ships(s).iter().filter(|u| !u.is_empty()).map(|u| u.sea()).collect()
    }

    /// R53: the coastal corners of sea hexes holding `s`'s ships (where they settle without a
    /// road).
    pub(super) fn ship_corners(&self, s: Seat) -> IntersectionSet {
        let topo = self.topology();
        self.ship_seas(s).iter().fold(IntersectionSet::EMPTY, |all, x| all | topo.sea_corners(x))
    }

    /// R53: land hexes touching a sea hex holding `s`'s ship (where, with knights, a knight
    /// unit may be built).
    pub(super) fn ship_coasts(&self, s: Seat) -> HexSet {
        let topo = self.topology();
        self.ship_seas(s).iter().fold(HexSet::EMPTY, |all, x| all | topo.sea_coast(x))
    }

    /// R53: sea hexes where `s` may build a ship: those touching their coastal buildings, and
    /// with knights those touching a land hex holding their knight unit.
    fn ship_sites(&self, s: Seat) -> SeaSet {
        let topo = self.topology();
        let p = &self.players[s.index()];
        let own = p.settlements | p.cities;
        let mut sites: SeaSet = topo.sea_hexes().filter(|&x| topo.sea_corners(x).intersects(own)).collect();
        for h in self.knight_hexes(s) {
            sites |= topo.hex_sea(h);
        }
        sites
    }

    /// The first empty ship slot of `s`.
    fn free_ship_slot(&self, s: Seat) -> Option<usize> {
        self.units.ships(s).iter().position(|u| u.is_empty())
    }

    /// Why `s` can't build a ship of `kind` now, apart from where: the turn's units, the six
    /// ships, the kind's own limit (R53), the cost.
    fn ship_supply(&self, s: Seat, kind: UnitKind) -> Result<(), RuleError> {
        if self.units_built_this_turn() >= self.unit_limit() {
            return Err(RuleError::UnitsThisTurn(self.unit_limit()));
        }
        if self.free_ship_slot(s).is_none() {
            return Err(RuleError::NoUnitsLeft("ship"));
        }
        let limit = match kind {
            UnitKind::WarShip => 1,
            UnitKind::CargoShip => 3,
            _ => UNITS as u8,
        };
        if self.ship_units(s).filter(|&(_, k, _)| k == kind).count() as u8 >= limit {
            return Err(RuleError::KindLimit(kind, limit));
        }
        if !self.players[s.index()].hand.contains(&kind.cost()) {
            return Err(RuleError::CannotAfford { what: kind.name(), cost: kind.cost() });
        }
        Ok(())
    }

    /// R53: the sea hexes a ship of `kind` on `at` may sail to: up to 4 steps (a cargo ship
    /// 7) through any sea hex. Never the hex it is on.
    fn ship_reach(&self, kind: UnitKind, at: SeaHex) -> SeaSet {
        let topo = self.topology();
        let steps = if kind == UnitKind::CargoShip { 7 } else { 4 };
        let (mut reach, mut front) = (SeaSet::one(at), SeaSet::one(at));
        for _ in 0..steps {
            front = front.iter().fold(SeaSet::EMPTY, |all, x| all | topo.sea_neighbors(x)) - reach;
            reach |= front;
        }
        reach.without(at)
    }

    /// Knight units of `s` aboard the cargo ship in `ship`.
    fn aboard_count(&self, s: Seat, ship: u8) -> usize {
        self.units.knights(s).iter().filter(|u| u.aboard() == Some(ship)).count()
    }

    /// The ship actions of the player whose turn it is (R53): after the roll builds, and at
    /// any time sailing and boarding. Called by [`Game::push_units`] with a unit module on.
    pub(super) fn push_ship_actions(&self, s: Seat, rolled: bool, out: &mut impl ActionSink) {
        if !self.config.modules.has(Module::Ships) {
            return;
        }
        if rolled {
            let sites = self.ship_sites(s);
            for kind in UnitKind::SHIPS.into_iter().filter(|&k| self.ship_supply(s, k).is_ok()) {
                out.push_all(sites.iter().map(|sea| Action::BuildShip { kind, sea }));
            }
        }
        for (unit, kind, at) in self.ship_units(s) {
            if self.unit_may_move(SHIP_SLOT + unit).is_ok() {
                out.push_all(self.ship_reach(kind, at).iter().map(|to| Action::SailShip { unit, to }));
            }
        }
        for (unit, _, at) in self.knight_units(s) {
            if self.unit_may_move(unit).is_ok() {
                for ship in self.boardable(s, at) {
                    out.push(Action::BoardShip { unit, ship });
                }
            }
        }
    }

    /// The slots of `s`'s cargo ships with room, on sea hexes touching land hex `at`.
    fn boardable(&self, s: Seat, at: crate::engine::coords::Hex) -> impl Iterator<Item = u8> + '_ {
        let seas = self.topology().hex_sea(at);
        self.ship_units(s)
            .filter(move |&(slot, kind, sea)| {
                kind == UnitKind::CargoShip && seas.contains(sea) && self.aboard_count(s, slot) < CARGO_ROOM
            })
            .map(|(slot, _, _)| slot)
    }

    /// A ship of `kind` built on `sea` (R53).
    pub(in crate::engine::rules) fn check_build_ship(
        &self,
        s: Seat,
        kind: UnitKind,
        sea: SeaHex,
    ) -> Result<(), RuleError> {
        if !self.config.modules.has(Module::Ships) {
            return Err(RuleError::ModuleOff(Module::Ships.name()));
        }
        if !kind.is_ship() {
            return Err(RuleError::WrongKind("ship"));
        }
        if sea.index() >= self.topology().num_sea_hexes() {
            return Err(RuleError::OffBoard("sea hex", sea.0));
        }
        self.ship_supply(s, kind)?;
        if !self.ship_sites(s).contains(sea) {
            return Err(RuleError::ShipSite);
        }
        Ok(())
    }

    /// `s` sails their ship in `slot` to `to` (R53).
    pub(in crate::engine::rules) fn check_sail(&self, s: Seat, slot: u8, to: SeaHex) -> Result<(), RuleError> {
        if !self.config.modules.has(Module::Ships) {
            return Err(RuleError::ModuleOff(Module::Ships.name()));
        }
        let unit = self.units.ships(s).get(slot as usize).copied().unwrap_or_default();
        let Some(kind) = unit.ship_kind() else { return Err(RuleError::NoSuchUnit(slot)) };
        self.unit_may_move(SHIP_SLOT + slot)?;
        if !self.ship_reach(kind, unit.sea()).contains(to) {
            return Err(RuleError::UnitCantReach(kind));
        }
        Ok(())
    }

    /// `s`'s knight unit in `unit` boards their cargo ship in `ship` (R53).
    pub(in crate::engine::rules) fn check_board(&self, s: Seat, unit: u8, ship: u8) -> Result<(), RuleError> {
        if !self.config.modules.has(Module::Ships) {
            return Err(RuleError::ModuleOff(Module::Ships.name()));
        }
        let knight = self.units.knights(s).get(unit as usize).copied().unwrap_or_default();
        if knight.is_empty() {
            return Err(RuleError::NoSuchUnit(unit));
        }
        self.unit_may_move(unit)?;
        match knight.land() {
            Some(at) if self.boardable(s, at).any(|b| b == ship) => Ok(()),
            _ => Err(RuleError::CannotBoard),
        }
    }

    /// Builds a ship, paid for, in the first empty slot: the build is its first action. Then
    /// Largest Navy (the dispatch checks the win).
    pub(in crate::engine::rules) fn build_ship(
        &mut self,
        s: Seat,
        kind: UnitKind,
        sea: SeaHex,
        ev: &mut impl EventSink,
    ) {
        self.pay_in(s, kind.cost());
        self.turn.built = true;
        let slot = self.free_ship_slot(s).expect("checked: a slot is free");
        self.units.ships[s.index()][slot] = Unit::new(kind, sea.0);
        self.turn.units.built |= 1 << (SHIP_SLOT as usize + slot);
        ev.push(Event::UnitBuilt { seat: s, kind, unit: slot as u8, at: sea.0 });
        self.refresh_harbors(s);
        self.award_navy(ev);
    }

    /// R54: Largest Navy to the most ships on the board, 3 or more, as R35. Asked whenever
    /// the count of ships changes.
    pub(in crate::engine) fn award_navy(&mut self, ev: &mut impl EventSink) {
        let new = self.award_one(Award::LargestNavy, self.house.navy, NAVY_MIN, Game::ship_count, ev);
        self.house.navy = new;
    }

    /// Sails a ship (its knights aboard with it, at no cost of theirs): its move.
    pub(in crate::engine::rules) fn sail(&mut self, s: Seat, slot: u8, to: SeaHex, ev: &mut impl EventSink) {
        let u = self.units.ships[s.index()][slot as usize];
        self.units.ships[s.index()][slot as usize] = u.moved(to.0);
        self.turn.units.moved |= 1 << (SHIP_SLOT + slot);
        self.refresh_harbors(s);
        let kind = u.ship_kind().expect("checked: a ship");
        ev.push(Event::UnitMoved { seat: s, kind, unit: slot, from: u.place(), to: to.0 });
    }

    /// A knight unit boards a cargo ship: its move.
    pub(in crate::engine::rules) fn board_ship(&mut self, s: Seat, unit: u8, ship: u8, ev: &mut impl EventSink) {
        let k = self.units.knights[s.index()][unit as usize];
        let kind = k.kind().expect("checked: a knight unit");
        self.units.knights[s.index()][unit as usize] = Unit::aboard_ship(kind, ship);
        self.turn.units.moved |= 1 << unit;
        let at = self.units.ships(s)[ship as usize].place();
        ev.push(Event::Boarded { seat: s, unit, ship, at });
    }

    /// R53: the harbors `s`'s ships give, as `Player::harbors` bits (bit `r` for a 2:1 harbor
    /// of resource `r`, bit 5 for a 3:1 one): a cargo ship on a 3:1 harbor gives 2:1 for
    /// every resource. None without ships.
    pub(in crate::engine) fn ship_harbors(&self, s: Seat) -> u8 {
        let mut bits = 0u8;
        let spots = self.topology().harbor_spots();
        for (_, kind, sea) in self.ship_units(s) {
            for (_, harbor) in spots.iter().zip(self.board.harbors()).filter(|(spot, _)| spot.sea == sea) {
                bits |= match (harbor, kind) {
                    (HarborKind::Generic, UnitKind::CargoShip) => 0b1_1111,
                    (HarborKind::Generic, _) => 1 << 5,
                    (HarborKind::Special(r), _) => 1 << *r as u8,
                };
            }
        }
        bits
    }

    /// R53: the best rate `s`'s ships give for `r` at the harbors they stand on (2 or 3;
    /// `None` when no ship of theirs gives one): the rates [`Game::maritime_rates`] counts
    /// besides the buildings', for the bank dialog to say where they come from.
    pub fn ship_rate(&self, s: Seat, r: Resource) -> Option<u8> {
        let bits = self.ship_harbors(s);
        if r.is_gold() {
            None
        } else if bits & 1 << r as u8 != 0 {
            Some(2)
        } else {
            (bits & 1 << 5 != 0).then_some(3)
        }
    }

    /// Works `s`'s harbors out again, their buildings' and their ships', after a ship came or
    /// went.
    fn refresh_harbors(&mut self, s: Seat) {
        let p = &self.players[s.index()];
        let bits = self.harbors_of(p.settlements | p.cities) | self.ship_harbors(s);
        self.players[s.index()].harbors = bits;
    }
}
