//! R56 `attacks` (with knights or ships): as one of its actions a unit attacks an opponent's
//! unit or building.
//!
//! - Targets: a knight unit attacks the opponents' knight units on its hex and their
//!   settlements and cities on its hex's corners; an archer also those of one adjacent land hex;
//!   a ship the opponents' ships on its sea hex and their coastal settlements and cities
//!   touching it. Castles never (R44); knights aboard a cargo ship neither attack nor are
//!   attacked.
//! - Dice: one die each from the game's seeded RNG (never R47's stack); the attacker adds 2 with
//!   a war ship, the defender 1 for a settlement, 2 for a city or a war ship; ties are rolled
//!   again inside the action. The outcome is [`Event::Fought`].
//! - Defence: against a knight unit's attack on a building, the defender's knight units on a
//!   land hex touching it; against a ship's attack, the defender's ships on the attacked sea
//!   hex or one next to it (the attacked ship among them): the fight is with a war ship among
//!   them first, otherwise the one that came on the board earliest. Knights never defend
//!   against ships, nor ships against knights.
//! - Build order: a player's units fill their slots lowest first, and when one of their units
//!   is removed the ones in later slots move down one slot (only a defender's units are
//!   removed, never those of the player acting, whose slots the turn's action bits name), so
//!   the lowest slot is always the unit longest on the board and nothing more is kept.
//! - A won attack removes the unit (a cargo ship's knights with it) or takes the building at
//!   the same level (the attacker's piece from supply, the defender's back to theirs), or
//!   removes it when the attacker has no such piece left. Then Longest Road (a captured
//!   building splits roads, R34), Army, Navy, Metropolis and Harbor Master are recomputed and
//!   the player whose turn it is may win.

use rand::Rng;

use crate::engine::action::{Action, Event, FightResult, Piece, RuleError, Seat, Target, UnitKind};
use crate::engine::config::Module;
use crate::engine::coords::Vertex;
use crate::engine::game::Game;
use crate::engine::sets::{HexSet, IntersectionSet};
use crate::engine::sink::{ActionSink, EventSink};

use super::units::{SHIP_SLOT, UNITS, Unit};

/// Where a unit may strike: land hexes (a knight unit's) or a sea hex (a ship's), as the
/// buildings and units it reaches.
struct Reach {
    ship: bool,
    hexes: HexSet,
    sea: u8,
    corners: IntersectionSet,
}

/// The chance, ties rolled again, that a die plus `a` beats a die plus `d` (R56): wins and
/// decided rolls out of the 36 pairs (even dice 15/30, against +1 10/31, against +2 6/32).
pub fn win_chance(a: u8, d: u8) -> (u32, u32) {
    let (mut win, mut decided) = (0, 0);
    for x in 1..=6u8 {
        for y in 1..=6u8 {
            let (x, y) = (x + a, y + d);
            if x != y {
                decided += 1;
                win += (x > y) as u32;
            }
        }
    }
    (win, decided)
}

impl Game {
    /// The unit of `s` in slot bit `bit` (a knight unit's slot, or [`SHIP_SLOT`] + a ship's).
    fn unit_at(&self, s: Seat, bit: u8) -> Unit {
        let (list, slot) =
            if bit >= SHIP_SLOT { (self.units.ships(s), bit - SHIP_SLOT) } else { (self.units.knights(s), bit) };
        list.get(slot as usize).copied().unwrap_or_default()
    }

    /// Where the unit in `bit` strikes from, `None` for a knight aboard a ship or no unit.
    fn reach(&self, s: Seat, bit: u8) -> Option<Reach> {
        let u = self.unit_at(s, bit);
        let topo = self.topology();
        if bit >= SHIP_SLOT {
            u.ship_kind()?;
            let x = u.sea();
            return Some(Reach { ship: true, hexes: HexSet::EMPTY, sea: x.0, corners: topo.sea_corners(x) });
        }
        let h = u.land()?;
        let mut hexes = HexSet::one(h);
        if u.kind() == Some(UnitKind::Archer) {
            hexes |= topo.hex_neighbors(h).iter().copied().collect();
        }
        let corners = hexes.iter().fold(IntersectionSet::EMPTY, |all, h| all | topo.hex_vertex_set(h));
        Some(Reach { ship: false, hexes, sea: 0, corners })
    }

    /// The unit of `s` in `bit` may attack now: it stands, hasn't attacked, has an action left.
    fn may_attack(&self, bit: u8) -> Result<(), RuleError> {
        let t = self.turn.units;
        if t.attacked >> bit & 1 == 1 {
            return Err(RuleError::UnitAttacked);
        }
        if t.used(bit) >= 2 {
            return Err(RuleError::UnitSpent);
        }
        Ok(())
    }

    /// True when `r` reaches `o`'s unit `u` in `bit`.
    fn reaches_unit(r: &Reach, bit: u8, u: Unit) -> bool {
        match (r.ship, bit >= SHIP_SLOT) {
            (true, true) => !u.is_empty() && u.place() == r.sea,
            (false, false) => u.land().is_some_and(|h| r.hexes.contains(h)),
            _ => false,
        }
    }

    /// The attacks of `s` (R56): every unit able to attack, every target it reaches. Called by
    /// [`Game::push_units`] with a unit module on.
    pub(super) fn push_attacks(&self, s: Seat, out: &mut impl ActionSink) {
        if !self.config.modules.has(Module::Attacks) || !self.attacks_now() {
            return;
        }
        for bit in (0..UNITS as u8).chain(SHIP_SLOT..SHIP_SLOT + UNITS as u8) {
            if self.may_attack(bit).is_err() {
                continue;
            }
            let Some(r) = self.reach(s, bit) else { continue };
            for o in self.seats().filter(|&o| o != s) {
                let p = &self.players[o.index()];
                let open = (p.settlements | p.cities) - p.castles;
                out.push_all(
                    (open & r.corners).iter().map(|v| Action::Attack { unit: bit, target: Target::Building(v) }),
                );
                for ub in (0..UNITS as u8).chain(SHIP_SLOT..SHIP_SLOT + UNITS as u8) {
                    if Game::reaches_unit(&r, ub, self.unit_at(o, ub)) {
                        out.push(Action::Attack { unit: bit, target: Target::Unit { seat: o, unit: ub } });
                    }
                }
            }
        }
    }

    /// True when attacks are allowed at this moment of the game (R57's attack phase; always
    /// without phases).
    fn attacks_now(&self) -> bool {
        !self.config.modules.has(Module::Phases) || self.attack_phase()
    }

    /// `s`'s unit in `bit` attacks `target` (R56).
    pub(in crate::engine::rules) fn check_attack(&self, s: Seat, bit: u8, target: Target) -> Result<(), RuleError> {
        if !self.config.modules.has(Module::Attacks) {
            return Err(RuleError::ModuleOff(Module::Attacks.name()));
        }
        if !self.attacks_now() {
            return Err(RuleError::BuildPhase);
        }
        let u = self.unit_at(s, bit);
        if u.is_empty() || (bit as usize % SHIP_SLOT as usize) >= UNITS {
            return Err(RuleError::NoSuchUnit(bit));
        }
        self.may_attack(bit)?;
        let Some(r) = self.reach(s, bit) else { return Err(RuleError::BadTarget("a knight aboard a ship")) };
        match target {
            Target::Building(v) => {
                if v.index() >= self.topology().num_vertices() {
                    return Err(RuleError::OffBoard("intersection", v.0));
                }
                match self.building(v) {
                    None => Err(RuleError::BadTarget("there is no building there")),
                    Some((o, _)) if o == s => Err(RuleError::BadTarget("that building is yours")),
                    Some((_, Piece::Castle)) => Err(RuleError::CastleImmune),
                    Some(_) if !r.corners.contains(v) => Err(RuleError::BadTarget("that building is out of its reach")),
                    Some(_) => Ok(()),
                }
            }
            Target::Unit { seat: o, unit: ub } => {
                if o == s || o.index() >= self.config.players as usize {
                    return Err(RuleError::BadTarget("only an opponent's unit"));
                }
                if (ub as usize % SHIP_SLOT as usize) >= UNITS || self.unit_at(o, ub).is_empty() {
                    return Err(RuleError::BadTarget("there is no such unit"));
                }
                if !Game::reaches_unit(&r, ub, self.unit_at(o, ub)) {
                    return Err(RuleError::BadTarget("that unit is out of its reach"));
                }
                Ok(())
            }
        }
    }

    /// R56: the unit of `o` that takes a ship's attack around sea hex `sea`: a war ship first,
    /// otherwise the earliest (lowest slot).
    fn ship_defender(&self, o: Seat, sea: u8) -> Option<u8> {
        let topo = self.topology();
        let x = crate::engine::coords::SeaHex(sea);
        let near = topo.sea_neighbors(x) | crate::engine::sets::SeaSet::one(x);
        let ships = self.ship_units(o).filter(|&(_, _, at)| near.contains(at));
        let mut best: Option<(u8, UnitKind)> = None;
        for (slot, kind, _) in ships {
            match best {
                None => best = Some((slot, kind)),
                Some((_, k)) if k != UnitKind::WarShip && kind == UnitKind::WarShip => best = Some((slot, kind)),
                _ => {}
            }
        }
        best.map(|(slot, _)| SHIP_SLOT + slot)
    }

    /// R56: the knight unit of `o` that defends their building on `v`: the earliest on a land
    /// hex touching it.
    fn knight_defender(&self, o: Seat, v: Vertex) -> Option<u8> {
        let beside = self.topology().vertex_hex_set(v);
        self.knight_units(o).find(|&(_, _, h)| beside.contains(h)).map(|(slot, _, _)| slot)
    }

    /// Plays an attack (checked): defence, the dice, the outcome, the awards and a win.
    pub(in crate::engine::rules) fn attack(&mut self, s: Seat, bit: u8, target: Target, ev: &mut impl EventSink) {
        let me = self.unit_at(s, bit);
        let ship = bit >= SHIP_SLOT;
        let kind = if ship { me.ship_kind() } else { me.kind() }.expect("checked: a unit");
        self.turn.units.attacked |= 1 << bit;
        let defender = match target {
            Target::Building(v) => self.building(v).expect("checked: a building").0,
            Target::Unit { seat, .. } => seat,
        };
        // Defence: who takes the fight.
        let fought = match (target, ship) {
            (Target::Building(v), false) => {
                self.knight_defender(defender, v).map(|unit| Target::Unit { seat: defender, unit })
            }
            (_, true) => self.ship_defender(defender, me.place()).map(|unit| Target::Unit { seat: defender, unit }),
            _ => None,
        }
        .unwrap_or(target);
        let attack_plus = if kind == UnitKind::WarShip { 2 } else { 0 };
        let defence_plus = match fought {
            Target::Building(v) => match self.building(v).expect("checked").1 {
                Piece::Settlement => 1,
                _ => 2,
            },
            Target::Unit { seat, unit } => {
                (unit >= SHIP_SLOT && self.unit_at(seat, unit).ship_kind() == Some(UnitKind::WarShip)) as u8 * 2
            }
        };
        let dice = loop {
            let a: u8 = self.rng.random_range(1..=6);
            let d: u8 = self.rng.random_range(1..=6);
            if a + attack_plus != d + defence_plus {
                break [a, d];
            }
        };
        let won = dice[0] + attack_plus > dice[1] + defence_plus;
        let result = if !won {
            FightResult::Held
        } else {
            match fought {
                Target::Unit { seat, unit } => self.remove_unit(seat, unit),
                Target::Building(v) => self.take_building(s, defender, v),
            }
        };
        ev.push(Event::Fought {
            seat: s,
            unit: bit,
            kind,
            defender,
            target: fought,
            dice,
            plus: [attack_plus, defence_plus],
            result,
        });
        if won {
            self.refresh_derived();
            self.award_longest_road(ev);
            self.award_house(ev);
            if self.config.modules.has(Module::Knights) {
                self.award_army_units(ev);
            }
            if self.config.modules.has(Module::Ships) {
                self.award_navy(ev);
            }
            self.check_win(ev);
        }
    }

    /// Removes `o`'s unit in `bit` (a cargo ship's knights with it), moving their later units
    /// down a slot so that slots stay in build order.
    fn remove_unit(&mut self, o: Seat, bit: u8) -> FightResult {
        let i = o.index();
        if bit < SHIP_SLOT {
            let kind = self.units.knights[i][bit as usize].kind().expect("a unit");
            self.units.knights[i][bit as usize] = Unit::default();
            self.compact_knights(o);
            return FightResult::Removed { kind, aboard: 0 };
        }
        let slot = bit - SHIP_SLOT;
        let kind = self.units.ships[i][slot as usize].ship_kind().expect("a ship");
        self.units.ships[i][slot as usize] = Unit::default();
        let ships = self.units.ships[i];
        let mut new_slot = [0u8; UNITS];
        self.units.ships[i] = [Unit::default(); UNITS];
        for (n, (old, u)) in ships.into_iter().enumerate().filter(|(_, u)| !u.is_empty()).enumerate() {
            self.units.ships[i][n] = u;
            new_slot[old] = n as u8;
        }
        let mut aboard = 0;
        for k in self.units.knights[i].iter_mut() {
            match k.aboard() {
                Some(s) if s == slot => {
                    *k = Unit::default();
                    aboard += 1;
                }
                Some(s) => *k = Unit::aboard_ship(k.kind().expect("a unit"), new_slot[s as usize]),
                None => {}
            }
        }
        self.compact_knights(o);
        FightResult::Removed { kind, aboard }
    }

    /// Moves `o`'s knight units down into empty slots, keeping their order.
    fn compact_knights(&mut self, o: Seat) {
        let i = o.index();
        let knights = self.units.knights[i];
        self.units.knights[i] = [Unit::default(); UNITS];
        for (n, u) in knights.into_iter().filter(|u| !u.is_empty()).enumerate() {
            self.units.knights[i][n] = u;
        }
    }

    /// `s` takes `o`'s building on `v` at the same level, or removes it without the piece. A
    /// capture is not settling: it earns no Colonist point (R55; our decision, docs/status.md),
    /// so it goes around `build_settlement` and its `colonist_settled`.
    fn take_building(&mut self, s: Seat, o: Seat, v: Vertex) -> FightResult {
        let (_, piece) = self.building(v).expect("checked: a building");
        let (_, settlements, cities) = self.pieces_left(s);
        let left = if piece == Piece::City { cities > 0 } else { settlements > 0 };
        let p = &mut self.players[o.index()];
        p.settlements.remove(v);
        p.cities.remove(v);
        if !left {
            return FightResult::Destroyed(piece);
        }
        let p = &mut self.players[s.index()];
        match piece {
            Piece::City => p.cities.insert(v),
            _ => p.settlements.insert(v),
        }
        FightResult::Captured(piece)
    }
}
