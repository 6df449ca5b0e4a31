//! Issue 42: every action and every event has its words, written once in the engine
//! ([`Action::describe`], [`Action::taken_back`], [`Event::describe`]): none reads as its Debug
//! form. The samples hold one of each variant; [`action_number`] and [`event_number`] match
//! without a catch-all, so a new variant does not compile until it has a sample here.

use catan::engine::{
    Action, Answer, Award, DevCard, Edge, Event, FightResult, Hand, Hex, Piece, Resource, SeaHex, Seat, SeatSet,
    Target, UnitKind, Vertex,
};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

/// The variant's place in the enum.
fn action_number(a: &Action) -> usize {
    match a {
        Action::BuildSettlement(_) => 0,
        Action::BuildCity(_) => 1,
        Action::BuildRoad(_) => 2,
        Action::RollDice => 3,
        Action::Discard(_) => 4,
        Action::MoveRobber { .. } => 5,
        Action::BuyDevCard => 6,
        Action::PlayKnight => 7,
        Action::PlayRoadBuilding => 8,
        Action::PlayYearOfPlenty(..) => 9,
        Action::PlayMonopoly(_) => 10,
        Action::MaritimeTrade { .. } => 11,
        Action::OfferTrade { .. } => 12,
        Action::AcceptTrade => 13,
        Action::DeclineTrade => 14,
        Action::CounterTrade { .. } => 15,
        Action::ConfirmTrade(_) => 16,
        Action::CancelTrade => 17,
        Action::EndTurn => 18,
        Action::TakeCard(_) => 19,
        Action::BuyWithGold(_) => 20,
        Action::BuildCastle(_) => 21,
        Action::BuildKnight { .. } => 22,
        Action::MoveKnight { .. } => 23,
        Action::BuildShip { .. } => 24,
        Action::SailShip { .. } => 25,
        Action::BoardShip { .. } => 26,
        Action::Attack { .. } => 27,
    }
}

fn actions() -> Vec<Action> {
    let (wool, ore) = (Hand::of(Resource::Wool, 1), Hand::of(Resource::Ore, 2));
    vec![
        Action::BuildSettlement(Vertex(3)),
        Action::BuildCity(Vertex(3)),
        Action::BuildRoad(Edge(5)),
        Action::RollDice,
        Action::Discard(Resource::Brick),
        Action::MoveRobber { hex: Hex(4), victim: Some(B) },
        Action::BuyDevCard,
        Action::PlayKnight,
        Action::PlayRoadBuilding,
        Action::PlayYearOfPlenty(Resource::Grain, Some(Resource::Ore)),
        Action::PlayMonopoly(Resource::Wool),
        Action::MaritimeTrade { give: Resource::Brick, get: Resource::Ore, rate: 4 },
        Action::OfferTrade { give: wool, get: ore, to: SeatSet::one(B) },
        Action::AcceptTrade,
        Action::DeclineTrade,
        Action::CounterTrade { give: ore, get: wool },
        Action::ConfirmTrade(B),
        Action::CancelTrade,
        Action::EndTurn,
        Action::TakeCard(Resource::Lumber),
        Action::BuyWithGold(Resource::Grain),
        Action::BuildCastle(Vertex(3)),
        Action::BuildKnight { kind: UnitKind::Archer, hex: Hex(4) },
        Action::MoveKnight { unit: 0, to: Hex(5) },
        Action::BuildShip { kind: UnitKind::CargoShip, sea: SeaHex(2) },
        Action::SailShip { unit: 0, to: SeaHex(3) },
        Action::BoardShip { unit: 0, ship: 0 },
        Action::Attack { unit: 0, target: Target::Unit { seat: B, unit: 1 } },
        Action::Attack { unit: 0, target: Target::Building(Vertex(3)) },
    ]
}

/// The variant's place in the enum.
fn event_number(e: &Event) -> usize {
    match e {
        Event::StartingRoll { .. } => 0,
        Event::FirstPlayer { .. } => 1,
        Event::Built { .. } => 2,
        Event::SetupResources { .. } => 3,
        Event::TurnStarted { .. } => 4,
        Event::SpecialBuilding { .. } => 5,
        Event::SecondOfPair { .. } => 6,
        Event::DiceRolled { .. } => 7,
        Event::QuietSeven { .. } => 8,
        Event::Produced { .. } => 9,
        Event::Shortage { .. } => 10,
        Event::MustDiscard { .. } => 11,
        Event::Discarded { .. } => 12,
        Event::RobberMoved { .. } => 13,
        Event::Stole { .. } => 14,
        Event::BoughtDevCard { .. } => 15,
        Event::PlayedDevCard { .. } => 16,
        Event::TookFromBank { .. } => 17,
        Event::Monopolized { .. } => 18,
        Event::MaritimeTraded { .. } => 19,
        Event::TradeOffered { .. } => 20,
        Event::TradeAnswered { .. } => 21,
        Event::Traded { .. } => 22,
        Event::TradeCancelled { .. } => 23,
        Event::TradeDeclined { .. } => 24,
        Event::TradeFellThrough { .. } => 25,
        Event::LongestRoad { .. } => 26,
        Event::LargestArmy { .. } => 27,
        Event::HouseAward { .. } => 28,
        Event::DragonRoll { .. } => 29,
        Event::DragonAttacked { .. } => 30,
        Event::UnitBuilt { .. } => 31,
        Event::UnitMoved { .. } => 32,
        Event::Boarded { .. } => 33,
        Event::DragonFought { .. } => 34,
        Event::Fought { .. } => 35,
        Event::Colonist { .. } => 36,
        Event::Won { .. } => 37,
    }
}

fn events() -> Vec<Event> {
    let cards = Hand::new([1, 0, 2, 0, 0]);
    let fought = |result| Event::Fought {
        seat: A,
        unit: 0,
        kind: UnitKind::Knight,
        defender: B,
        target: Target::Unit { seat: B, unit: 0 },
        dice: [5, 3],
        plus: [0, 1],
        result,
    };
    vec![
        Event::StartingRoll { seat: A, dice: [3, 4] },
        Event::FirstPlayer { seat: A },
        Event::Built { seat: A, piece: Piece::Settlement, at: 3 },
        Event::SetupResources { seat: A, cards },
        Event::TurnStarted { seat: A, number: 5 },
        Event::SpecialBuilding { seat: B },
        Event::SecondOfPair { seat: B, first: A },
        Event::DiceRolled { seat: A, dice: [3, 4] },
        Event::QuietSeven { seat: A },
        Event::Produced { seat: A, cards },
        Event::Shortage { resource: Resource::Ore },
        Event::MustDiscard { seat: B, count: 4 },
        Event::Discarded { seat: B, resource: Resource::Wool },
        Event::RobberMoved { seat: A, hex: Hex(4) },
        Event::Stole { thief: A, victim: B, resource: Resource::Grain },
        Event::BoughtDevCard { seat: A, card: DevCard::Knight },
        Event::PlayedDevCard { seat: A, card: DevCard::Monopoly },
        Event::TookFromBank { seat: A, cards },
        Event::Monopolized { seat: A, from: B, resource: Resource::Wool, count: 2 },
        Event::MaritimeTraded { seat: A, gave: Hand::of(Resource::Brick, 4), got: Hand::of(Resource::Ore, 1) },
        Event::TradeOffered { seat: A, give: cards, get: Hand::of(Resource::Ore, 1), to: SeatSet::one(B) },
        Event::TradeAnswered { seat: B, answer: Answer::Accept },
        Event::TradeAnswered { seat: B, answer: Answer::Decline },
        Event::TradeAnswered { seat: B, answer: Answer::Counter { give: cards, get: Hand::of(Resource::Ore, 1) } },
        Event::Traded { seat: A, partner: B, gave: cards, got: Hand::of(Resource::Ore, 1) },
        Event::TradeCancelled { seat: A },
        Event::TradeDeclined { seat: A },
        Event::TradeFellThrough { seat: A, partner: B },
        Event::LongestRoad { holder: Some(A), length: 5 },
        Event::LongestRoad { holder: None, length: 5 },
        Event::LargestArmy { holder: A, knights: 3 },
        Event::HouseAward { award: Award::Metropolis, holder: Some(B), points: 2 },
        Event::HouseAward { award: Award::LargestNavy, holder: None, points: 0 },
        Event::DragonRoll { seat: A, die: 4 },
        Event::DragonAttacked { seat: B, at: Some(3), was: Piece::City, now: Some(Piece::Settlement) },
        Event::DragonAttacked { seat: B, at: Some(3), was: Piece::Settlement, now: None },
        Event::DragonAttacked { seat: B, at: None, was: Piece::Settlement, now: None },
        Event::UnitBuilt { seat: A, kind: UnitKind::Archer, unit: 0, at: 4 },
        Event::UnitMoved { seat: A, kind: UnitKind::Ship, unit: 0, from: 1, to: 2 },
        Event::Boarded { seat: A, unit: 0, ship: 0, at: 2 },
        Event::DragonFought { seat: A, at: 3, die: 5, dragon: 2 },
        Event::DragonFought { seat: A, at: 3, die: 2, dragon: 5 },
        fought(FightResult::Held),
        fought(FightResult::Removed { kind: UnitKind::CargoShip, aboard: 2 }),
        fought(FightResult::Captured(Piece::City)),
        fought(FightResult::Destroyed(Piece::Settlement)),
        Event::Colonist { seat: A, island: 1 },
        Event::Won { seat: A, points: 10 },
    ]
}

/// Words that read as words: not empty, and none of a Debug form's marks (braces, a type's
/// parentheses, a variant's name run together: `RollDice`).
fn plain(words: &str, debug: &str) -> Result<(), String> {
    let variant: String = debug.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let run_together = variant.chars().filter(char::is_ascii_uppercase).count() > 1 && words.contains(&variant);
    let marks = ["{", "}", "Seat(", "Hand(", "Vertex(", "Hex(", "Some(", "None", "::", "_"];
    if words.trim().is_empty() || marks.iter().any(|m| words.contains(m)) || run_together {
        return Err(format!("{debug} reads '{words}'"));
    }
    Ok(())
}

#[test]
fn issue42_every_action_has_its_words() {
    let names = |s: Seat| ["Ann", "Bob"][s.index()].to_string();
    let samples = actions();
    let mut seen: Vec<usize> = samples.iter().map(action_number).collect();
    seen.dedup();
    assert_eq!(seen, (0..=27).collect::<Vec<_>>(), "one sample of each action, in order");
    for a in samples {
        let debug = format!("{a:?}");
        for words in [a.describe(&names, true), a.describe(&names, false), a.taken_back()] {
            plain(&words, &debug).unwrap();
        }
    }
    let discard = Action::Discard(Resource::Brick);
    assert_eq!(
        (discard.describe(&names, true), discard.describe(&names, false)),
        ("discards 1 brick".into(), "discards a card".into())
    );
    assert_eq!(Action::ConfirmTrade(B).describe(&names, false), "trades with Bob");
}

#[test]
fn issue42_every_event_has_its_words() {
    let names = |s: Seat| ["Ann", "Bob"][s.index()].to_string();
    let samples = events();
    let mut seen: Vec<usize> = samples.iter().map(event_number).collect();
    seen.dedup();
    assert_eq!(seen, (0..=37).collect::<Vec<_>>(), "one sample of each event, in order");
    for e in samples {
        let debug = format!("{e:?}");
        for viewer in [None, Some(A), Some(B)] {
            plain(&e.describe(&names, viewer), &debug).unwrap();
        }
    }
}
