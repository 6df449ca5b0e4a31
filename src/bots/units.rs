//! What the units of R52-R57 are worth to a seat, for the value function ([`super::value`])
//! of the medium, alpha-beta and hard players. catanatron's value knows nothing of units, so
//! without this a unit earns only the points it brings at once (the third knight's Largest
//! Army): the first two knights, a ship on a harbor or toward an island, a knight beside a
//! building the dragon may hit, were worth nothing.
//!
//! Every term is public (units are public, R52) and is counted in one of two scales: points
//! that may come ([`VP_EQ`] each, above any production and below a point on the board, where
//! catanatron's value keeps its points), and production ([`PRODUCTION`], catanatron's weight of
//! a card per roll). The terms:
//!
//! - Largest Army by knight units (R52) and Largest Navy (R54): the race for each award
//!   (`race`): a share of its 2 points for the way toward the count that would take it, and
//!   for the holder a margin over the nearest rival.
//! - Harbors reached by ship (R53): the rate a ship gives better than the buildings' own, for
//!   each resource weighed by how much of it the seat produces.
//! - Corners to settle by unit (R52, R53): corners beside the seat's knights and ships, free by
//!   the distance rule and not on its roads, as the best such corner's production.
//! - Islands to colonise (R55): each counted island not yet earned, by how near the seat's
//!   nearest ship is to a free corner on it.
//! - The dragon (R43 with knights): the seat's buildings with a knight of theirs beside them,
//!   weighed by how likely the dragon is to come for the seat.
//! - Fights (R56, `fight.rs`): with attacks on, the opponents' points weighted by their
//!   threat, what the seat's units could take from where they stand and what the opponents'
//!   units could take from it.
//!
//! Nothing here is asked without a unit module: the base game's values are catanatron's to the
//! bit.

use crate::engine::{
    ARMY_MIN, Game, HarborKind, HexSet, IntersectionSet, Module, NAVY_MIN, Resource, SeaHex, SeaSet, Seat, UNITS,
};

use super::fight;
use super::seen::Seen;
use super::threat::Threats;

/// The weight of a point that may come: far above production (a settlement's production is a
/// few times 1e7) and far below a point held (catanatron's 3e14).
pub const VP_EQ: f64 = 1e10;

/// catanatron's weight of production: a card per roll.
pub const PRODUCTION: f64 = 1e8;

/// The share of an award's points the way toward it is worth: at `need` units it would be
/// held, and then counted in full as points.
const RACE_SHARE: f64 = 0.4;

/// Points an award of R52 and R54 is worth.
const AWARD: f64 = 2.0;

/// The units' terms for one seat, before weighting (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct UnitFeatures {
    /// Points toward or held over rivals in Largest Army by knight units (R52).
    pub army: f64,
    /// The same for Largest Navy (R54).
    pub navy: f64,
    /// Cards per roll a better rate by ship saves (R53).
    pub harbors: f64,
    /// Production of the best corner the seat may settle by unit and not by road.
    pub unit_spots: f64,
    /// Points toward islands to colonise (R55).
    pub islands: f64,
    /// Points the seat's knights save from the dragon (R43).
    pub guard: f64,
    /// With attacks (R56): the opponents' points by threat, less what the seat's units could
    /// take, plus what could be taken from it.
    pub war: f64,
}

impl UnitFeatures {
    /// The terms of `game` for `me`, the opponents weighed by `threats`. All zero without a
    /// unit module.
    pub(crate) fn of(game: &Game, me: Seat, seen: &Seen, threats: &Threats) -> UnitFeatures {
        let m = game.config().modules;
        let mut f = UnitFeatures::default();
        if m.has(Module::Knights) {
            let counts = |s| game.knight_count(s);
            f.army = race(game, me, counts, game.largest_army(), ARMY_MIN);
            if m.has(Module::Dragon) {
                f.guard = guard(game, me);
            }
        }
        if m.has(Module::Ships) {
            f.navy = race(game, me, |s| game.ship_count(s), game.largest_navy(), NAVY_MIN);
            f.harbors = harbors(game, me, seen);
            if m.has(Module::Colonist) {
                f.islands = islands(game, me, seen);
            }
        }
        f.unit_spots = unit_spots(game, me, seen);
        if m.has(Module::Attacks) {
            f.war = fight::war(game, me, threats);
        }
        f
    }

    /// The weighted sum.
    pub fn value(&self) -> f64 {
        (self.army + self.navy + self.islands + self.guard + self.war) * VP_EQ
            + (self.harbors + self.unit_spots) * PRODUCTION
    }
}

/// The units' value of `game` for `me`: 0 at once without a unit module.
pub(crate) fn value(game: &Game, me: Seat, seen: &Seen, threats: Option<&Threats>) -> f64 {
    let m = game.config().modules;
    if !m.has(Module::Knights) && !m.has(Module::Ships) {
        return 0.0;
    }
    match threats {
        Some(t) => UnitFeatures::of(game, me, seen, t).value(),
        None => UnitFeatures::of(game, me, seen, &Threats::of(&game.view(me))).value(),
    }
}

/// A race for an award of [`AWARD`] points going to the most units, `min` or more, held on a
/// tie (R35): the holder's margin over the nearest rival (up to 2 units, a quarter point each),
/// or for the others a share of the award for the way toward the count that would take it.
pub(crate) fn race(game: &Game, me: Seat, count: impl Fn(Seat) -> u8, holder: Option<Seat>, min: u8) -> f64 {
    let mine = count(me);
    let rival = game.seats().filter(|&s| s != me).map(&count).max().unwrap_or(0);
    if holder == Some(me) {
        return 0.25 * f64::from(mine.saturating_sub(rival).min(2));
    }
    let need = min.max(rival + 1);
    if usize::from(need) > UNITS {
        return 0.0;
    }
    RACE_SHARE * AWARD * f64::from(mine.min(need)) / f64::from(need)
}

/// Cards per roll saved by the rates `me`'s ships give beyond its buildings' (R53): a card of
/// a resource traded at 2 instead of 4 is worth a quarter card more, and so on.
fn harbors(game: &Game, me: Seat, seen: &Seen) -> f64 {
    let board = game.board();
    let (mut generic, mut special) = (false, 0u8);
    for v in Seen::vertices(seen.buildings(me)) {
        match board.harbor_at(v) {
            Some(HarborKind::Generic) => generic = true,
            Some(HarborKind::Special(r)) => special |= 1 << r as u8,
            None => {}
        }
    }
    let production = seen.seat_production(me, Some(board.robber()));
    let mut saved = 0.0;
    for r in Resource::ALL {
        let own = if special >> r as u8 & 1 == 1 {
            2
        } else if generic {
            3
        } else {
            4
        };
        let now = game.maritime_rate(me, r);
        if now < own {
            saved += production[r as usize] * (1.0 / f64::from(now) - 1.0 / f64::from(own));
        }
    }
    saved
}

/// The corners `me` may settle by unit (R52: corners of a hex holding its knight unit; R53:
/// coastal corners of a sea hex holding its ship): the hexes and sea hexes its units stand on.
fn unit_reach(game: &Game, me: Seat) -> IntersectionSet {
    let topo = game.topology();
    let land = game.knight_units(me).fold(IntersectionSet::EMPTY, |c, (_, _, h)| c | topo.hex_vertex_set(h));
    game.ship_units(me).fold(land, |c, (_, _, x)| c | topo.sea_corners(x))
}

/// The production of the best corner `me` may settle by unit but not by road: an option the
/// knight or ship holds open (half its worth: others may settle first, and it costs a
/// settlement).
fn unit_spots(game: &Game, me: Seat, seen: &Seen) -> f64 {
    let free = unit_reach(game, me).bits() & !seen.blocked() & !seen.settlement_spots(me);
    Seen::vertices(free).map(|v| seen.vertex_production(v, None).iter().sum::<f64>()).fold(0.0, f64::max) * 0.5
}

/// Points toward islands to colonise (R55): for each island the map counts that `me` has not
/// earned, 0.6 when one of its ships touches a free corner there (a settlement away), less by
/// a tenth for each sea step its nearest ship is from one.
fn islands(game: &Game, me: Seat, seen: &Seen) -> f64 {
    let topo = game.topology();
    let earned: u32 = game.colonist_islands(me).fold(0, |m, i| m | 1 << i);
    let home = topo.setup_islands().iter().fold(0u32, |m, &i| m | 1 << i);
    let ships: SeaSet = game.ship_units(me).map(|(_, _, x)| x).collect();
    if ships.is_empty() {
        return 0.0;
    }
    let free = !seen.blocked();
    let mut points = 0.0;
    for &i in topo.colonist_islands() {
        if (earned | home) >> i & 1 == 1 {
            continue;
        }
        let land: HexSet = topo.islands()[i as usize];
        let corners = land.iter().fold(0u128, |m, h| m | topo.hex_vertex_set(h).bits()) & free;
        // The sea hexes from which a free corner of the island can be settled.
        let goals: SeaSet = topo.sea_hexes().filter(|&x| topo.sea_corners(x).bits() & corners != 0).collect();
        if let Some(d) = sea_distance(game, ships, goals) {
            points += (0.6 - 0.1 * f64::from(d)).max(0.0);
        }
    }
    points
}

/// The fewest sea steps from any of `from` to any of `to` (`None` if none is reachable).
fn sea_distance(game: &Game, from: SeaSet, to: SeaSet) -> Option<u32> {
    let topo = game.topology();
    let (mut seen, mut front) = (from, from);
    for d in 0..=topo.num_sea_hexes() as u32 {
        if !(front & to).is_empty() {
            return Some(d);
        }
        let next = front.iter().fold(SeaSet::EMPTY, |m, x: SeaHex| m | topo.sea_neighbors(x)) - seen;
        if next.is_empty() {
            return None;
        }
        seen |= next;
        front = next;
    }
    None
}

/// Points `me`'s knights save from the dragon (R43): a knight beside a building makes its
/// owner fight for it and win half the time; the dragon comes for the leader in public
/// points (the whole chance), one point behind (a third), else rarely (a tenth). Each
/// building is one point lost when hit, and the dragon hits one of the leader's buildings.
fn guard(game: &Game, me: Seat) -> f64 {
    let topo = game.topology();
    let mine = game.public_points(me);
    let top = game.seats().filter(|&s| s != me).map(|s| game.public_points(s)).max().unwrap_or(0);
    let chance = match top.saturating_sub(mine) {
        0 => 1.0,
        1 => 0.3,
        _ => 0.1,
    };
    let knights: HexSet = game.knight_units(me).map(|(_, _, h)| h).collect();
    let buildings: Vec<_> = game.settlements(me).chain(game.cities(me)).collect();
    if buildings.is_empty() {
        return 0.0;
    }
    let guarded = buildings.iter().filter(|&&v| !(topo.vertex_hex_set(v) & knights).is_empty()).count();
    chance * 0.5 * guarded as f64 / buildings.len() as f64
}
