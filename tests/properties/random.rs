//! Random players for the property games: random hands, offers, counters and actions of every
//! kind, the choice among the legal actions, and the check that what is not listed is refused
//! without a trace.

use crate::support::random_play::random_unit_action;
use catan::bots::{SplitMix64, dragon_building};
use catan::engine::{Action, Edge, Game, Hand, Hex, Module, Phase, Resource, Seat, SeatSet, Vertex};

fn rand_hand(rng: &mut SplitMix64, from: Option<Hand>) -> Hand {
    let mut h = Hand::EMPTY;
    for _ in 0..1 + rng.below(3) {
        let r = Resource::CARDS[rng.below(6)];
        if from.is_none_or(|f| f[r] > h[r]) {
            h[r] += 1;
        }
    }
    h
}

/// A random trade offer from the player whose turn it is, mostly of cards they hold.
fn random_offer(g: &Game, rng: &mut SplitMix64) -> Action {
    let me = g.current_player();
    let own = (rng.below(8) > 0).then(|| g.view(me).hand());
    let give = rand_hand(rng, own);
    let mut get = rand_hand(rng, None);
    for r in Resource::CARDS {
        if give[r] > 0 && rng.below(4) > 0 {
            get[r] = 0;
        }
    }
    let mut to = SeatSet(rng.below(256) as u8 & SeatSet::all(g.num_players()).0).without(me);
    if to.is_empty() {
        to = SeatSet::all(g.num_players()).without(me);
    }
    Action::OfferTrade { give, get, to }
}

/// A random counter-offer: what the offering player would give and get.
fn random_counter(g: &Game, rng: &mut SplitMix64) -> Action {
    let give = rand_hand(rng, Some(g.view(g.current_player()).hand()));
    let get = rand_hand(rng, Some(g.view(g.to_act()).hand()));
    Action::CounterTrade { give, get }
}

/// Any action at all, with coordinates over the whole range of their types.
fn random_action(rng: &mut SplitMix64) -> Action {
    let byte = |rng: &mut SplitMix64| if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(80) as u8 };
    let res = |rng: &mut SplitMix64| Resource::CARDS[rng.below(6)];
    let seat = |rng: &mut SplitMix64| Seat(if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(6) as u8 });
    match rng.below(20) {
        0 => Action::BuildSettlement(Vertex(byte(rng))),
        1 => Action::BuildCity(Vertex(byte(rng))),
        2 => Action::BuildRoad(Edge(byte(rng))),
        3 => Action::RollDice,
        4 => Action::Discard(res(rng)),
        5 => Action::MoveRobber { hex: Hex(byte(rng) % 32), victim: (rng.below(3) > 0).then(|| seat(rng)) },
        6 => Action::BuyDevCard,
        7 => Action::PlayKnight,
        8 => Action::PlayRoadBuilding,
        9 => Action::PlayYearOfPlenty(res(rng), (rng.below(4) > 0).then(|| res(rng))),
        10 => Action::PlayMonopoly(res(rng)),
        11 => Action::MaritimeTrade { give: res(rng), get: res(rng), rate: rng.below(6) as u8 },
        12 => Action::OfferTrade { give: rand_hand(rng, None), get: rand_hand(rng, None), to: SeatSet(byte(rng)) },
        13 => Action::AcceptTrade,
        14 => Action::DeclineTrade,
        15 => Action::CounterTrade { give: rand_hand(rng, None), get: rand_hand(rng, None) },
        16 => Action::ConfirmTrade(seat(rng)),
        17 => Action::CancelTrade,
        18 => Action::BuyWithGold(res(rng)),
        _ => Action::EndTurn,
    }
}

/// The random player of this file: uniform over the legal actions, with a domestic offer now
/// and then and counter-offers among the answers. With the dragon (R43) it builds first, as the
/// `random` bot does ([`dragon_building`]), or the dragon would empty the island.
pub fn choose(g: &Game, legal: &[Action], rng: &mut SplitMix64) -> Action {
    if g.config().modules.has(Module::Dragon)
        && let Some(i) = dragon_building(&g.acting_view(), legal, rng)
    {
        return legal[i];
    }
    match g.phase() {
        Phase::Main if rng.below(12) == 0 => {
            let offer = random_offer(g, rng);
            if g.is_legal(offer) {
                return offer;
            }
        }
        Phase::Trade { .. } if g.to_act() != g.current_player() && rng.below(3) == 0 => {
            let counter = random_counter(g, rng);
            if g.is_legal(counter) {
                return counter;
            }
        }
        _ => {}
    }
    // An accept is legal at the player's word (RULES H4); this player keeps its word, declining
    // what it can't pay, so its games are those it played when such an accept was illegal.
    // A word that can't be kept, and the trade falling through, are `tests/rules/trade.rs`'s.
    match legal[rng.below(legal.len())] {
        Action::AcceptTrade if catan::bots::cannot_pay(&g.acting_view()) => Action::DeclineTrade,
        a => a,
    }
}

/// Every listed action passes `check`; random actions are listed, or refused leaving the game
/// exactly as it was.
pub fn check_actions(g: &Game, legal: &[Action], rng: &mut SplitMix64, ctx: &str) {
    assert_eq!(legal.is_empty(), g.is_over(), "{ctx}: no legal action in {:?}", g.phase());
    for &a in legal {
        assert_eq!(g.check(a), Ok(()), "{ctx}: listed {a:?} fails check");
    }
    let units = g.config().modules.has(Module::Knights) || g.config().modules.has(Module::Ships);
    for i in 0..3 {
        let a = if units && i == 0 { random_unit_action(rng) } else { random_action(rng) };
        let listed = legal.contains(&a);
        let mut h = *g;
        match h.apply(a) {
            Ok(_) => assert!(
                listed || matches!(a, Action::OfferTrade { .. } | Action::CounterTrade { .. }),
                "{ctx}: {a:?} accepted but not listed"
            ),
            Err(e) => {
                assert!(!listed, "{ctx}: listed {a:?} refused: {e}");
                assert_eq!(g.check(a), Err(e), "{ctx}: check and apply disagree on {a:?}");
                assert!(h == *g, "{ctx}: refused {a:?} changed the game");
            }
        }
    }
}
