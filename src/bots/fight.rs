//! Fights (R56) as the bots weigh them: the chance of winning one ([`odds`]), the two outcomes
//! of an attack with their chances ([`outcomes`], so that an attack is valued by what it
//! changes times its chance, never by one roll of the dice in a dealt world), and what the
//! units on the board threaten ([`war`]): what the seat's units could take from where they
//! stand and what the opponents' units could take from it, the defence of R56 counted.
//!
//! A lost attack costs the attacker nothing but the unit's action, so an attack is worth its
//! chance times what winning changes: the points (a capture is a building of one's own), the
//! awards recomputed after it, the opponents' points weighted by their threat ([`war`]), and
//! the production of both sides.

use crate::engine::{
    Action, Event, FightResult, Game, Hex, HexSet, IntersectionSet, NoEvents, Piece, SeaHex, SeaSet, Seat, UnitKind,
    Vertex,
};

use super::random::SplitMix64;
use super::threat::Threats;

/// The chance that an attacker's die plus `attack` beats a defender's die plus `defence`,
/// ties rolled again (R56): with the defender `k` ahead, `(5 - k)(6 - k) / 2` of the 36 pairs
/// win and `6 - k` tie, so the chance is `(5 - k)(6 - k) / 2 / (30 + k)` (even dice 15/30 =
/// 1/2, against +1 10/31, against +2 6/32), 0 from `k` = 5 on, and one less the defender's
/// chance when the attacker is ahead.
pub fn odds(attack: u8, defence: u8) -> f64 {
    let k = i32::from(defence) - i32::from(attack);
    let ahead = |k: i32| -> f64 {
        if k >= 5 {
            return 0.0;
        }
        f64::from((5 - k) * (6 - k) / 2) / f64::from(30 + k)
    };
    if k >= 0 { ahead(k) } else { 1.0 - ahead(-k) }
}

/// The outcomes of `action` in `game` when it is an attack: the game after a win and after a
/// loss, with their chances, into `out` (cleared first); false (and `out` empty) for any other
/// action. The defence and the modifiers are the engine's (read from the fight it plays); the
/// other outcome is played in worlds dealt afresh from the attacker's view until the dice give
/// it (its value reads only public facts and the attacker's own cards, which a new deal keeps).
pub(crate) fn outcomes(game: &Game, action: Action, out: &mut Vec<(Game, f64)>) -> bool {
    out.clear();
    if !matches!(action, Action::Attack { .. }) {
        return false;
    }
    let mut events = Vec::new();
    let mut first = *game;
    first.apply_unchecked(action, &mut events);
    let Some((plus, won)) = fought(&events) else {
        out.push((first, 1.0));
        return true;
    };
    let p = odds(plus[0], plus[1]);
    let chance = |won: bool| if won { p } else { 1.0 - p };
    out.push((first, chance(won)));
    if chance(!won) == 0.0 {
        return true;
    }
    let view = game.view(game.to_act());
    for k in 0..64 {
        let mut other = view.determinize(&mut SplitMix64::new(k));
        events.clear();
        other.apply_unchecked(action, &mut events);
        if fought(&events).is_some_and(|(_, w)| w != won) {
            out.push((other, chance(!won)));
            return true;
        }
    }
    // The dice would not give the other outcome (a chance this small hardly matters).
    out[0].1 = 1.0;
    true
}

/// The modifiers of the fight among `events` and whether the attacker won.
fn fought(events: &[Event]) -> Option<([u8; 2], bool)> {
    events.iter().find_map(|e| match *e {
        Event::Fought { plus, result, .. } => Some((plus, result != FightResult::Held)),
        _ => None,
    })
}

/// The value, by `value`, of playing `action` in `game`: the mean over an attack's outcomes,
/// or the one position any other action leads to.
pub(crate) fn expected(game: &Game, action: Action, value: impl Fn(&Game) -> f64) -> f64 {
    let mut out = Vec::new();
    if outcomes(game, action, &mut out) {
        return out.iter().map(|(g, p)| p * value(g)).sum();
    }
    let mut next = *game;
    next.apply_unchecked(action, &mut NoEvents);
    value(&next)
}

/// Points a unit is worth as a target: what its loss costs in awards and in fights to come.
const UNIT_STAKE: f64 = 0.2;

/// The share of what units threaten that counts before the fight: the defender may move, the
/// dice may fail, another target may come first.
const THREAT_SHARE: f64 = 0.3;

/// What fights may change for `me`, in points (R56): the opponents' points weighted by their
/// threat (counted against it); the units on the board, [`UNIT_STAKE`] each (half for its own,
/// an opponent's by half plus its threat weight, against it); plus a share of what `me`'s
/// units could take from where they stand (the best target of each), less a share of what the
/// opponents' units could take from it (the defence of R56 counted: a knight beside a
/// building, a ship beside the attacker's).
pub(crate) fn war(game: &Game, me: Seat, threats: &Threats) -> f64 {
    let others = game.seats().filter(|&s| s != me);
    let points: f64 = others.map(|o| threats.weight(o) * f64::from(game.public_points(o))).sum();
    let (settlements, cities, _) = game.pieces_left(me);
    let mut take = 0.0;
    for reach in reaches(game, me) {
        let mut best: f64 = 0.0;
        for o in game.seats().filter(|&o| o != me) {
            let w = threats.weight(o);
            for (v, piece) in open_buildings(game, o) {
                if reach.corners.contains(v) {
                    let keep = if piece == Piece::City { cities > 0 } else { settlements > 0 };
                    let stake = points_of(piece) * (w + if keep { 1.0 } else { 0.0 });
                    best = best.max(odds(reach.plus, defence(piece)) * stake);
                }
            }
            for u in units(game, o).iter().filter(|u| reach.hits(u)) {
                best = best.max(odds(reach.plus, u.plus) * UNIT_STAKE * (1.0 + w));
            }
        }
        take += best;
    }
    let topo = game.topology();
    let mine = open_buildings(game, me);
    let my_units = units(game, me);
    let mut lose = 0.0;
    for o in game.seats().filter(|&o| o != me) {
        for reach in reaches(game, o) {
            let mut worst: f64 = 0.0;
            for &(v, piece) in mine.iter().filter(|(v, _)| reach.corners.contains(*v)) {
                // R56: a unit of the right kind beside the building takes the fight instead.
                let beside = my_units.iter().find(|u| match (reach.ship, u.at) {
                    (false, At::Land(h)) => topo.vertex_hex_set(v).contains(h),
                    (true, At::Sea(x)) => reach.near.contains(x),
                    _ => false,
                });
                worst = worst.max(match beside {
                    Some(u) => odds(reach.plus, u.plus) * UNIT_STAKE,
                    None => odds(reach.plus, defence(piece)) * points_of(piece),
                });
            }
            for u in my_units.iter().filter(|u| reach.hits(u)) {
                worst = worst.max(odds(reach.plus, u.plus) * UNIT_STAKE);
            }
            lose += worst;
        }
    }
    // Units on the board, realized: a unit beaten is worth more than the chance of beating it.
    let units_now = UNIT_STAKE
        * (0.5 * my_units.len() as f64
            - game
                .seats()
                .filter(|&o| o != me)
                .map(|o| (0.5 + threats.weight(o)) * units(game, o).len() as f64)
                .sum::<f64>());
    THREAT_SHARE * (take - lose) + units_now - points
}

/// The points of a building that may be attacked.
fn points_of(piece: Piece) -> f64 {
    if piece == Piece::City { 2.0 } else { 1.0 }
}

/// The defender's modifier of a building (R56).
fn defence(piece: Piece) -> u8 {
    if piece == Piece::Settlement { 1 } else { 2 }
}

/// `s`'s settlements and cities that may be attacked (castles never, R44).
fn open_buildings(game: &Game, s: Seat) -> Vec<(Vertex, Piece)> {
    let castles: IntersectionSet = game.castles(s).collect();
    let cities = game.cities(s).filter(|&v| !castles.contains(v)).map(|v| (v, Piece::City));
    game.settlements(s).map(|v| (v, Piece::Settlement)).chain(cities).collect()
}

/// Where a unit stands.
#[derive(Clone, Copy)]
enum At {
    Land(Hex),
    Sea(SeaHex),
}

/// A unit that may be attacked, and its defence modifier (a war ship +2).
struct Target {
    at: At,
    plus: u8,
}

/// `s`'s units that may be attacked (not those aboard a cargo ship).
fn units(game: &Game, s: Seat) -> Vec<Target> {
    let land = game.knight_units(s).map(|(_, _, h)| Target { at: At::Land(h), plus: 0 });
    let sea =
        game.ship_units(s).map(|(_, k, x)| Target { at: At::Sea(x), plus: if k == UnitKind::WarShip { 2 } else { 0 } });
    land.chain(sea).collect()
}

/// Where one unit strikes from (R56): its land hexes (an archer's neighbours too) or its sea
/// hex, the corners it reaches, the sea hexes whose ships defend against it, its modifier.
struct Reach {
    ship: bool,
    hexes: HexSet,
    sea: Option<SeaHex>,
    near: SeaSet,
    corners: IntersectionSet,
    plus: u8,
}

impl Reach {
    /// True when the unit may attack `u` (knights knights, ships ships).
    fn hits(&self, u: &Target) -> bool {
        match u.at {
            At::Land(h) => !self.ship && self.hexes.contains(h),
            At::Sea(x) => self.sea == Some(x),
        }
    }
}

/// Where each of `s`'s units on the board strikes.
fn reaches(game: &Game, s: Seat) -> Vec<Reach> {
    let topo = game.topology();
    let mut out = Vec::new();
    for (_, kind, h) in game.knight_units(s) {
        let mut hexes = HexSet::one(h);
        if kind == UnitKind::Archer {
            hexes |= topo.hex_neighbors(h).iter().copied().collect();
        }
        let corners = hexes.iter().fold(IntersectionSet::EMPTY, |c, h| c | topo.hex_vertex_set(h));
        out.push(Reach { ship: false, hexes, sea: None, near: SeaSet::EMPTY, corners, plus: 0 });
    }
    for (_, kind, x) in game.ship_units(s) {
        let plus = if kind == UnitKind::WarShip { 2 } else { 0 };
        let near = topo.sea_neighbors(x) | SeaSet::one(x);
        out.push(Reach { ship: true, hexes: HexSet::EMPTY, sea: Some(x), near, corners: topo.sea_corners(x), plus });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::win_chance;

    #[test]
    fn r56_odds_with_ties_rolled_again_are_exact() {
        assert_eq!(odds(0, 0), 1.0 / 2.0);
        assert_eq!(odds(0, 1), 10.0 / 31.0);
        assert_eq!(odds(0, 2), 6.0 / 32.0);
        assert_eq!(odds(2, 0), 26.0 / 32.0);
        assert_eq!(odds(2, 2), 1.0 / 2.0);
        // The formula agrees with counting the 36 pairs of dice, for every pair of modifiers.
        for a in 0..=7 {
            for d in 0..=7 {
                let (win, decided) = win_chance(a, d);
                let counted = f64::from(win) / f64::from(decided);
                assert!((odds(a, d) - counted).abs() < 1e-15, "{a} against {d}: {} {counted}", odds(a, d));
            }
        }
    }
}
