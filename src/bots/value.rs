//! The value of a position for one seat: a reproduction of the value function of catanatron's
//! `ValueFunctionPlayer` (bcollazo/catanatron, `catanatron/players/value.py`, `base_fn` with
//! `DEFAULT_WEIGHTS`, and the helpers it calls in `catanatron/features.py`), computed only from
//! what the seat may know: public facts and its own cards.
//!
//! Each feature, the catanatron feature it reproduces, and its weight in [`DEFAULT_WEIGHTS`]:
//!
//! | field | catanatron | weight | what it counts |
//! | --- | --- | --- | --- |
//! | `public_vps` | `P0_VICTORY_POINTS` (`public_vps`) | 3e14 | points from buildings and awards; hidden victory point cards left out, as catanatron's public count does |
//! | `production` | `value_production(EFFECTIVE_P0_*_PRODUCTION)` (`production`) | 1e8 | per roll, the cards the seat's buildings expect (a hex's chance is its dots / 36; cities twice), the robber's hex left out, plus 4 / 36 for each resource produced at all (`TRANSLATE_VARIETY`) |
//! | `enemy_production` | `value_production(EFFECTIVE_P1_*, include_variety=False)` (`enemy_production`) | -1e8 | the same for the next seat in turn order (catanatron's `P1`), without the variety term |
//! | `num_tiles` | `num_tiles` | 1 | distinct hexes (deserts too) touching the seat's buildings |
//! | `reachable_production_0` | `P0_0_ROAD_REACHABLE_*` (`reachable_production_0`) | 0 | dots / 36 of the corners, owned or open to settle by the distance rule, that the seat's network touches now |
//! | `reachable_production_1` | `P0_1_ROAD_REACHABLE_*` (`reachable_production_1`) | 1e4 | the same with one more road: one step from the network's corners (not through an opponent's building or road) |
//! | `buildable_nodes` | `len(buildable_node_ids)` (`buildable_nodes`) | 1e3 | corners where the seat could settle now if it paid: on its roads, distance rule kept |
//! | `longest_road` | `get_longest_road_length` (`longest_road`) | 10, or 0.1 while `buildable_nodes` > 0 | the seat's longest trail (R34) |
//! | `hand_synergy` | `hand_synergy` (`hand_synergy`) | 1e2 | `(2 - to_city - to_settlement) / 2`, where `to_x` is the share of `x`'s cost the hand lacks (city: 2 grain 3 ore over 5; settlement: 4 cards over 4) |
//! | `hand_resources` | `num_in_hand` (`hand_resources`) | 1 | resource cards held |
//! | `discard` | `discard_penalty` | -5 | once, when the hand is over the discard limit (7) |
//! | `hand_devs` | `player_num_dev_cards` (`hand_devs`) | 10 | development cards held, victory points included |
//! | `army_size` | `P0_KNIGHT_PLAYED` (`army_size`) | 10.1 | knights played |
//! | `units` | none (catanatron has no units) | 1 | with a unit module on, what the units of R52-R57 are worth, weighted in [`super::units`]; 0 otherwise |
//!
//! Differences, all from reading the rules configuration instead of the base game's numbers:
//! costs come from [`Config::costs`](crate::engine::Config) (the base costs give catanatron's
//! formula exactly), and the discard penalty starts above the game's discard limit.

use crate::engine::{Config, Game, Hand, Hex, Seat};

use super::seen::Seen;
use super::threat::Threats;
use super::units;

/// The weights of each feature; see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    pub public_vps: f64,
    pub production: f64,
    pub enemy_production: f64,
    pub num_tiles: f64,
    pub reachable_production_0: f64,
    pub reachable_production_1: f64,
    pub buildable_nodes: f64,
    /// Applied to the road length only when no corner is buildable; 0.1 otherwise.
    pub longest_road: f64,
    pub hand_synergy: f64,
    pub hand_resources: f64,
    pub discard_penalty: f64,
    pub hand_devs: f64,
    pub army_size: f64,
    /// Applied to the units' value ([`super::units`]), already weighted in itself; nothing is
    /// added without a unit module.
    pub units: f64,
}

/// catanatron's `DEFAULT_WEIGHTS`.
pub const DEFAULT_WEIGHTS: Weights = Weights {
    public_vps: 3e14,
    production: 1e8,
    enemy_production: -1e8,
    num_tiles: 1.0,
    reachable_production_0: 0.0,
    reachable_production_1: 1e4,
    buildable_nodes: 1e3,
    longest_road: 10.0,
    hand_synergy: 1e2,
    hand_resources: 1.0,
    discard_penalty: -5.0,
    hand_devs: 10.0,
    army_size: 10.1,
    units: 1.0,
};

/// The weight of the road length while the seat has somewhere to settle (catanatron's 0.1).
const ROAD_WHILE_BUILDABLE: f64 = 0.1;

/// catanatron's `TRANSLATE_VARIETY`: each resource produced at all is worth 4 dots' chance.
const VARIETY: f64 = 4.0 / 36.0;

/// The features of a position for one seat, before weighting.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Features {
    pub public_vps: f64,
    pub production: f64,
    pub enemy_production: f64,
    pub num_tiles: f64,
    pub reachable_production_0: f64,
    pub reachable_production_1: f64,
    pub buildable_nodes: f64,
    pub longest_road: f64,
    pub hand_synergy: f64,
    pub hand_resources: f64,
    /// True when the hand is over the discard limit.
    pub discard: bool,
    pub hand_devs: f64,
    pub army_size: f64,
    /// What the units of R52-R57 are worth ([`super::units`]): 0 without a unit module.
    pub units: f64,
}

impl Features {
    /// The features of `game` for `me`. Only public facts and `me`'s own cards are read, so a
    /// determinized game ([`crate::engine::PlayerView::determinize`]) gives what the real one
    /// would.
    pub fn of(game: &Game, me: Seat) -> Features {
        Features::with_hand(game, me, game.view(me).hand())
    }

    /// The features of `game` for `me` as if `me` held `hand` (a trade's outcome).
    pub fn with_hand(game: &Game, me: Seat, hand: Hand) -> Features {
        Features::compute(game, me, hand, None)
    }

    /// The features of `game` for `me` with every opponent's production counted at its weight
    /// in `threats` ([`Threats`], summing to 1) instead of the next seat's alone: what the hard
    /// player values.
    pub(crate) fn against(game: &Game, me: Seat, threats: &Threats) -> Features {
        Features::compute(game, me, game.view(me).hand(), Some(threats))
    }

    fn compute(game: &Game, me: Seat, hand: Hand, threats: Option<&Threats>) -> Features {
        let seen = Seen::from_game(game);
        let robber = Some(game.board().robber());
        let next = Seat(((me.index() + 1) % game.num_players()) as u8);
        let own = seen.seat_production(me, robber);
        let variety = own.iter().filter(|&&p| p != 0.0).count() as f64 * VARIETY;
        let (reach0, reach1) = reachable_production(&seen, me);
        let tiles = Seen::vertices(seen.buildings(me)).fold(0u64, |m, v| m | seen.topo.vertex_hex_set(v).bits());
        Features {
            public_vps: f64::from(game.public_points(me)),
            production: own.iter().sum::<f64>() + variety,
            enemy_production: match threats {
                None => seen.seat_production(next, robber).iter().sum(),
                Some(t) => game
                    .seats()
                    .filter(|&s| s != me)
                    .map(|s| t.weight(s) * seen.seat_production(s, robber).iter().sum::<f64>())
                    .sum(),
            },
            num_tiles: f64::from(tiles.count_ones()),
            reachable_production_0: reach0,
            reachable_production_1: reach1,
            buildable_nodes: f64::from(seen.settlement_spots(me).count_ones()),
            longest_road: f64::from(game.road_length(me)),
            hand_synergy: hand_synergy(game.config(), hand),
            hand_resources: f64::from(hand.total()),
            discard: hand.total() > u32::from(game.config().discard_limit),
            hand_devs: f64::from(game.view(me).dev_cards().total()),
            army_size: f64::from(game.knights_played(me)),
            units: units::value(game, me, &seen, threats),
        }
    }

    /// The weighted sum: catanatron's `base_fn`.
    pub fn value(&self, w: &Weights) -> f64 {
        let road_weight = if self.buildable_nodes == 0.0 { w.longest_road } else { ROAD_WHILE_BUILDABLE };
        let base = self.public_vps * w.public_vps
            + self.production * w.production
            + self.enemy_production * w.enemy_production
            + self.reachable_production_0 * w.reachable_production_0
            + self.reachable_production_1 * w.reachable_production_1
            + self.hand_synergy * w.hand_synergy
            + self.buildable_nodes * w.buildable_nodes
            + self.num_tiles * w.num_tiles
            + self.hand_resources * w.hand_resources
            + if self.discard { w.discard_penalty } else { 0.0 }
            + self.longest_road * road_weight
            + self.hand_devs * w.hand_devs
            + self.army_size * w.army_size;
        // Without a unit module nothing is added, so the base game's values stay catanatron's
        // to the bit.
        if self.units != 0.0 { base + self.units * w.units } else { base }
    }
}

/// The value of `game` for `me` with [`DEFAULT_WEIGHTS`].
pub fn value(game: &Game, me: Seat) -> f64 {
    Features::of(game, me).value(&DEFAULT_WEIGHTS)
}

/// How close a hand is to a city and to a settlement: 1 when it pays for both, 0 when it holds
/// nothing of either (catanatron's `hand_synergy`).
fn hand_synergy(config: &Config, hand: Hand) -> f64 {
    let distance = |cost: Hand| {
        let lacking: u32 = cost.counts().iter().zip(hand.counts()).map(|(&c, h)| u32::from(c.saturating_sub(h))).sum();
        f64::from(lacking) / f64::from(cost.total().max(1))
    };
    (2.0 - distance(config.costs.city) - distance(config.costs.settlement)) / 2.0
}

/// The chance per roll of the corners `me` owns or could settle by the distance rule alone, that
/// its network touches now (level 0) and with one more road (level 1): catanatron's
/// `reachability_features`, summed over resources. The robber is not considered there.
fn reachable_production(seen: &Seen, me: Seat) -> (f64, f64) {
    let topo = seen.topo;
    let all = if topo.num_vertices() >= 128 { u128::MAX } else { (1u128 << topo.num_vertices()) - 1 };
    let owned_or_open = seen.buildings(me) | (all & !seen.blocked());
    let enemy_nodes = seen.others_buildings(me);
    let enemy_roads = seen.all_roads() & !seen.roads[me.index()];
    let zero = seen.buildings(me) | seen.road_vertices(me);
    let mut one = zero;
    for v in Seen::vertices(zero & !enemy_nodes) {
        for &e in topo.vertex_edges(v) {
            if enemy_roads & e.bit() == 0 {
                let [a, b] = topo.edge_vertices(e);
                one |= a.bit() | b.bit();
            }
        }
    }
    let chance = |set: u128| -> f64 {
        Seen::vertices(set & owned_or_open).map(|v| seen.vertex_production(v, None::<Hex>).iter().sum::<f64>()).sum()
    };
    (chance(zero), chance(one))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Scenario};

    #[test]
    fn synergy_is_one_for_a_hand_paying_both_and_zero_for_none() {
        let c = Config::default();
        assert_eq!(hand_synergy(&c, Hand::new([1, 1, 1, 3, 3])), 1.0);
        assert_eq!(hand_synergy(&c, Hand::EMPTY), 0.0);
        // City lacks 1 grain (1/5), settlement lacks brick and lumber (2/4).
        assert!((hand_synergy(&c, Hand::new([0, 0, 1, 1, 3])) - (2.0 - 0.2 - 0.5) / 2.0).abs() < 1e-12);
    }

    #[test]
    fn a_settlement_is_worth_more_than_anything_else() {
        let topo = crate::engine::MapId::Standard.topology();
        let corner = topo.hex_vertices(Hex(9))[0];
        let before = Scenario::new(Config::default(), 3).build().unwrap();
        let after = Scenario::new(Config::default(), 3).settlement(Seat(0), corner).build().unwrap();
        let (b, a) = (Features::of(&before, Seat(0)), Features::of(&after, Seat(0)));
        assert_eq!((b.public_vps, a.public_vps), (0.0, 1.0));
        assert!(a.num_tiles >= 1.0 && a.production > 0.0 || after.board().robber() == Hex(9));
        assert!(value(&after, Seat(0)) > value(&before, Seat(0)) + 1e14);
    }
}
