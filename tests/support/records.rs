//! Recorded random games (domestic trades included) under the rules of [`super::config`], and
//! under rules at the limits the loader accepts.

use catan::bots::SplitMix64;
use catan::engine::{Action, Config, DevHand, Hand, Modules, Phase, Resource, SeatSet, Supply};
use catan::save::{Record, default_names};

use super::config::{base_config, config};

/// Issue 27: the rules of game `seed` ([`base_config`]) with their numbers at the limits the loader accepts (a
/// bank of 1 to 5 cards or of 99, no cities, the fewest and most pieces, a deck of one card,
/// a discard limit of 2 or 255, free pieces, a card bought with gold, costs near 255) and the house rules `modules` (any mix; the dragon brings gold).
/// Always rules `Config::validate` accepts: with accelerated start, at least the one city its
/// set-up places.
pub fn odd_config(seed: u64, modules: Modules) -> Config {
    let mut rng = SplitMix64::new(seed ^ 0x0DD_5EED);
    let mut pick = |options: &[u8]| options[rng.below(options.len())];
    let mut c = base_config(seed);
    c = c.with_modules(modules.on_map(c.map));
    let deck = [DevHand([1, 0, 0, 0, 0]), DevHand([0, 1, 0, 0, 0]), DevHand([0, 0, 0, 0, 1]), c.deck];
    c.bank = pick(&[1, 2, 3, 4, 5, 1, 2, 99]);
    c.supply = Supply {
        roads: pick(&[2, 3, 15, 30]),
        settlements: pick(&[2, 3, 9]),
        cities: pick(&[0, 0, 1, 9]),
        castles: pick(&[0, 1, 9]),
    };
    if c.modules.has(catan::engine::Module::AcceleratedStart) && c.supply.cities == 0 {
        c.supply.cities = 1;
    }
    c.deck = deck[pick(&[0, 1, 2, 3]) as usize];
    c.discard_limit = pick(&[2, 7, 255]);
    // Costs the loader takes as they are: everything free, a development card for one gold,
    // or components near 255 that no one can afford (issue 34: no sum of them may overflow).
    match pick(&[0, 0, 1, 2, 3]) {
        1 => {
            c.costs = catan::engine::Costs {
                road: Hand::EMPTY,
                settlement: Hand::EMPTY,
                city: Hand::EMPTY,
                development: Hand::EMPTY,
                castle: Hand::EMPTY,
            }
        }
        2 => c.costs.development = Hand::of(Resource::Gold, 1),
        3 => {
            c.costs.city = Hand::of(Resource::Ore, 255);
            c.costs.development = Hand::of(Resource::Ore, 250);
        }
        _ => {}
    }
    c.target = c.target.min(c.max_points()).max(3);
    c
}

/// Game `seed` under [`odd_config`], played by random players for up to `steps` actions;
/// `seen` is shown the record after every action.
pub fn odd_record(seed: u64, modules: Modules, steps: usize, mut seen: impl FnMut(&Record)) -> Record {
    let config = odd_config(seed, modules);
    let mut record = Record::new(config, seed, default_names(config.players))
        .unwrap_or_else(|e| panic!("seed {seed}: {config:?} refused: {e}"));
    let mut rng = SplitMix64::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5A);
    for _ in 0..steps {
        let Some(action) = choose(&record, &mut rng) else { break };
        record.apply(action).unwrap();
        seen(&record);
    }
    record
}

/// A random action for the player who must act: mostly a uniformly chosen legal one, sometimes
/// a one-for-one trade offer or counter-offer (which `legal_actions` doesn't list).
pub fn choose(record: &Record, rng: &mut SplitMix64) -> Option<Action> {
    let g = record.game();
    let legal = g.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let res = |rng: &mut SplitMix64| Resource::ALL[rng.below(5)];
    let one = |r| Hand::of(r, 1);
    let extra = match g.phase() {
        Phase::Main if rng.below(5) == 0 => {
            let me = g.current_player();
            let to = if rng.below(2) == 0 {
                SeatSet::all(g.num_players()).without(me)
            } else {
                SeatSet::one(catan::engine::Seat(rng.below(g.num_players()) as u8)).without(me)
            };
            Some(Action::OfferTrade { give: one(res(rng)), get: one(res(rng)), to })
        }
        Phase::Trade { .. } if rng.below(3) == 0 => {
            Some(Action::CounterTrade { give: one(res(rng)), get: one(res(rng)) })
        }
        _ => None,
    };
    match extra {
        Some(a) if g.is_legal(a) => Some(a),
        _ => Some(legal[rng.below(legal.len())]),
    }
}

/// Game `seed` under [`config`] played by random players for up to `steps` actions (less if it
/// ends first).
pub fn random_record(seed: u64, steps: usize) -> Record {
    let config = config(seed);
    let mut record = Record::new(config, seed, default_names(config.players)).unwrap();
    let mut rng = SplitMix64::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xA5);
    for _ in 0..steps {
        let Some(action) = choose(&record, &mut rng) else { break };
        record.apply(action).unwrap();
    }
    record
}

/// A real game made long: game `seed` played until a player may trade, then `pairs` times a
/// trade offer, declined by everyone and withdrawn (legal forever, so the log grows as long as
/// a test needs).
pub fn long_record(seed: u64, pairs: usize) -> Record {
    let mut record = random_record(seed, 0);
    let mut rng = SplitMix64::new(seed);
    let offer = loop {
        let g = record.game();
        if g.phase() == Phase::Main {
            let me = g.current_player();
            let hand = g.view(me).hand();
            if let Some(&give) = Resource::ALL.iter().find(|&&r| hand[r] > 0) {
                let get = Resource::ALL.into_iter().find(|&r| r != give).unwrap();
                let to = SeatSet::all(g.num_players()).without(me);
                let offer = Action::OfferTrade { give: Hand::of(give, 1), get: Hand::of(get, 1), to };
                if g.is_legal(offer) {
                    break offer;
                }
            }
        }
        let action = choose(&record, &mut rng).expect("the game goes on");
        record.apply(action).unwrap();
    };
    let me = record.game().current_player();
    for _ in 0..pairs {
        record.apply(offer).unwrap();
        while record.game().to_act() != me {
            record.apply(Action::DeclineTrade).unwrap();
        }
        record.apply(Action::CancelTrade).unwrap();
    }
    record
}
