//! Actions on the wire: the protocol's own JSON shape for every [`Action`], converted both
//! ways here and nowhere else, so that a change inside the engine does not change the bytes a
//! program reads (docs/protocol.md, "Actions").
//!
//! Each action is an object with a `"type"` naming it in the game's words and its fields by
//! name: `{"type": "build_road", "path": 17}`, `{"type": "maritime_trade", "give": "ore",
//! "get": "wool", "rate": 4}`. Places are the numbers of the `start` message's map; cards are
//! counted by name (`{"ore": 1, "wool": 2}`, a name left out is none).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::{Action, Edge, Hand, Hex, Resource, SeaHex, Seat, SeatSet, Target, UnitKind, Vertex};

/// Cards counted by resource name (`{"brick": 1, "ore": 2}`); names left out count 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cards(pub BTreeMap<Resource, u8>);

impl Cards {
    /// The cards of a hand, kinds it holds none of left out.
    pub fn of(hand: Hand) -> Cards {
        Cards(Resource::CARDS.into_iter().filter(|&r| hand[r] > 0).map(|r| (r, hand[r])).collect())
    }

    /// Every kind written, with its count (the bank, one's own hand: a reader needs no default).
    pub fn all(hand: Hand, gold: bool) -> Cards {
        let kinds = Resource::CARDS.into_iter().filter(|&r| gold || r != Resource::Gold);
        Cards(kinds.map(|r| (r, hand[r])).collect())
    }

    /// The hand these cards make.
    pub fn hand(&self) -> Hand {
        let mut hand = Hand::EMPTY;
        for (&r, &n) in &self.0 {
            hand[r] = n;
        }
        hand
    }
}

/// What a unit attacks (R56), on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WireTarget {
    /// An opponent's unit: its seat and slot (a ship's slot plus 8, as the engine names it).
    Unit { seat: u8, unit: u8 },
    /// An opponent's building, by intersection.
    Building(u8),
}

/// One action, as the protocol writes it. Field names are the game's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum WireAction {
    BuildSettlement {
        at: u8,
    },
    BuildCity {
        at: u8,
    },
    BuildRoad {
        path: u8,
    },
    Roll,
    Discard {
        resource: Resource,
    },
    MoveRobber {
        hex: u8,
        victim: Option<u8>,
    },
    BuyDevCard,
    PlayKnight,
    PlayRoadBuilding,
    /// One resource when the bank holds a single card (R32), else two.
    PlayYearOfPlenty {
        resources: Vec<Resource>,
    },
    PlayMonopoly {
        resource: Resource,
    },
    MaritimeTrade {
        give: Resource,
        get: Resource,
        rate: u8,
    },
    /// `to`: the seats asked.
    OfferTrade {
        give: Cards,
        get: Cards,
        to: Vec<u8>,
    },
    AcceptTrade,
    DeclineTrade,
    /// Seen from the side of the player whose turn it is, as the offer: `give` is what they
    /// would give.
    CounterTrade {
        give: Cards,
        get: Cards,
    },
    ConfirmTrade {
        with: u8,
    },
    CancelTrade,
    EndTurn,
    TakeCard {
        resource: Resource,
    },
    BuyWithGold {
        resource: Resource,
    },
    BuildCastle {
        at: u8,
    },
    BuildKnight {
        kind: UnitKind,
        hex: u8,
    },
    MoveKnight {
        unit: u8,
        to: u8,
    },
    BuildShip {
        kind: UnitKind,
        sea: u8,
    },
    SailShip {
        unit: u8,
        to: u8,
    },
    BoardShip {
        unit: u8,
        ship: u8,
    },
    Attack {
        unit: u8,
        target: WireTarget,
    },
}

impl WireAction {
    /// The wire form of an action.
    pub fn of(action: Action) -> WireAction {
        use WireAction as W;
        match action {
            Action::BuildSettlement(v) => W::BuildSettlement { at: v.0 },
            Action::BuildCity(v) => W::BuildCity { at: v.0 },
            Action::BuildRoad(e) => W::BuildRoad { path: e.0 },
            Action::RollDice => W::Roll,
            Action::Discard(r) => W::Discard { resource: r },
            Action::MoveRobber { hex, victim } => W::MoveRobber { hex: hex.0, victim: victim.map(|s| s.0) },
            Action::BuyDevCard => W::BuyDevCard,
            Action::PlayKnight => W::PlayKnight,
            Action::PlayRoadBuilding => W::PlayRoadBuilding,
            Action::PlayYearOfPlenty(a, b) => W::PlayYearOfPlenty { resources: std::iter::once(a).chain(b).collect() },
            Action::PlayMonopoly(r) => W::PlayMonopoly { resource: r },
            Action::MaritimeTrade { give, get, rate } => W::MaritimeTrade { give, get, rate },
            Action::OfferTrade { give, get, to } => {
                W::OfferTrade { give: Cards::of(give), get: Cards::of(get), to: to.iter().map(|s| s.0).collect() }
            }
            Action::AcceptTrade => W::AcceptTrade,
            Action::DeclineTrade => W::DeclineTrade,
            Action::CounterTrade { give, get } => W::CounterTrade { give: Cards::of(give), get: Cards::of(get) },
            Action::ConfirmTrade(s) => W::ConfirmTrade { with: s.0 },
            Action::CancelTrade => W::CancelTrade,
            Action::EndTurn => W::EndTurn,
            Action::TakeCard(r) => W::TakeCard { resource: r },
            Action::BuyWithGold(r) => W::BuyWithGold { resource: r },
            Action::BuildCastle(v) => W::BuildCastle { at: v.0 },
            Action::BuildKnight { kind, hex } => W::BuildKnight { kind, hex: hex.0 },
            Action::MoveKnight { unit, to } => W::MoveKnight { unit, to: to.0 },
            Action::BuildShip { kind, sea } => W::BuildShip { kind, sea: sea.0 },
            Action::SailShip { unit, to } => W::SailShip { unit, to: to.0 },
            Action::BoardShip { unit, ship } => W::BoardShip { unit, ship },
            Action::Attack { unit, target } => W::Attack {
                unit,
                target: match target {
                    Target::Unit { seat, unit } => WireTarget::Unit { seat: seat.0, unit },
                    Target::Building(v) => WireTarget::Building(v.0),
                },
            },
        }
    }

    /// The engine's action this names, if it names one at all (whether it is legal is the
    /// game's to say). `None` for a shape no action has (a year of plenty of three cards).
    pub fn action(&self) -> Option<Action> {
        use WireAction as W;
        let seats = |to: &[u8]| to.iter().try_fold(SeatSet::default(), |set, &s| (s < 8).then(|| set.with(Seat(s))));
        Some(match *self {
            W::BuildSettlement { at } => Action::BuildSettlement(Vertex(at)),
            W::BuildCity { at } => Action::BuildCity(Vertex(at)),
            W::BuildRoad { path } => Action::BuildRoad(Edge(path)),
            W::Roll => Action::RollDice,
            W::Discard { resource } => Action::Discard(resource),
            W::MoveRobber { hex, victim } => Action::MoveRobber { hex: Hex(hex), victim: victim.map(Seat) },
            W::BuyDevCard => Action::BuyDevCard,
            W::PlayKnight => Action::PlayKnight,
            W::PlayRoadBuilding => Action::PlayRoadBuilding,
            W::PlayYearOfPlenty { ref resources } => match resources[..] {
                [a] => Action::PlayYearOfPlenty(a, None),
                [a, b] => Action::PlayYearOfPlenty(a, Some(b)),
                _ => return None,
            },
            W::PlayMonopoly { resource } => Action::PlayMonopoly(resource),
            W::MaritimeTrade { give, get, rate } => Action::MaritimeTrade { give, get, rate },
            W::OfferTrade { ref give, ref get, ref to } => {
                Action::OfferTrade { give: give.hand(), get: get.hand(), to: seats(to)? }
            }
            W::AcceptTrade => Action::AcceptTrade,
            W::DeclineTrade => Action::DeclineTrade,
            W::CounterTrade { ref give, ref get } => Action::CounterTrade { give: give.hand(), get: get.hand() },
            W::ConfirmTrade { with } => Action::ConfirmTrade(Seat(with)),
            W::CancelTrade => Action::CancelTrade,
            W::EndTurn => Action::EndTurn,
            W::TakeCard { resource } => Action::TakeCard(resource),
            W::BuyWithGold { resource } => Action::BuyWithGold(resource),
            W::BuildCastle { at } => Action::BuildCastle(Vertex(at)),
            W::BuildKnight { kind, hex } => Action::BuildKnight { kind, hex: Hex(hex) },
            W::MoveKnight { unit, to } => Action::MoveKnight { unit, to: Hex(to) },
            W::BuildShip { kind, sea } => Action::BuildShip { kind, sea: SeaHex(sea) },
            W::SailShip { unit, to } => Action::SailShip { unit, to: SeaHex(to) },
            W::BoardShip { unit, ship } => Action::BoardShip { unit, ship },
            W::Attack { unit, target } => Action::Attack {
                unit,
                target: match target {
                    WireTarget::Unit { seat, unit } => Target::Unit { seat: Seat(seat), unit },
                    WireTarget::Building(v) => Target::Building(Vertex(v)),
                },
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Game};

    /// Every legal action of many positions goes to the wire and comes back the same, and
    /// its JSON reads back as the same wire action.
    #[test]
    fn every_legal_action_goes_to_the_wire_and_back() {
        let mut rng = crate::bots::SplitMix64::new(5);
        for seed in 0..6 {
            let mut game = Game::new(Config::default(), seed).unwrap();
            while !game.is_over() && game.turn_number() < 60 {
                let legal = game.acting_view().legal_actions();
                for &a in &legal {
                    let wire = WireAction::of(a);
                    let json = serde_json::to_string(&wire).unwrap();
                    let back: WireAction = serde_json::from_str(&json).unwrap();
                    assert_eq!(back.action(), Some(a), "{json}");
                }
                let pick = legal[(rng.next_u64() % legal.len() as u64) as usize];
                game.apply(pick).unwrap();
            }
        }
    }

    #[test]
    fn actions_read_in_the_documented_shape() {
        let read = |s: &str| serde_json::from_str::<WireAction>(s).ok().and_then(|w| w.action());
        assert_eq!(read(r#"{"type":"roll"}"#), Some(Action::RollDice));
        assert_eq!(read(r#"{"type":"build_road","path":17}"#), Some(Action::BuildRoad(Edge(17))));
        let offer = read(r#"{"type":"offer_trade","give":{"ore":1},"get":{"wool":2},"to":[1,2]}"#);
        assert_eq!(
            offer,
            Some(Action::OfferTrade {
                give: Hand::new([0, 0, 0, 0, 1]),
                get: Hand::new([0, 0, 2, 0, 0]),
                to: SeatSet::one(Seat(1)).with(Seat(2))
            })
        );
        assert_eq!(read(r#"{"type":"build_road","path":1,"extra":1}"#), None, "unknown fields are refused");
        assert_eq!(read(r#"{"type":"play_year_of_plenty","resources":[]}"#), None);
        assert_eq!(read(r#"{"type":"offer_trade","give":{},"get":{},"to":[9]}"#), None);
        assert_eq!(read(r#"{"type":"fly"}"#), None);
    }
}
