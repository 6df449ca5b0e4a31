//! Rulings R13 to R20 and R39: the turn, production, the bank running short, sevens, discards
//! and the robber.

use crate::support::board::*;
use catan::engine::{Action, Config, DevCard, Event, Game, Hand, Phase, Resource, RuleError, SeatSet, Shortage, Side};

const BRICK: Resource = Resource::Brick;
const ROLL_FIRST: RuleError = RuleError::NotNow("roll the dice first");

fn produced(events: &[Event]) -> Vec<(catan::engine::Seat, Hand)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Produced { seat, cards } => Some((seat, cards)),
            _ => None,
        })
        .collect()
}

#[test]
fn r13_nothing_but_a_card_comes_before_the_roll() {
    let mut g = scenario()
        .settlement(A, corner(HILLS_6, N))
        .road(A, side(HILLS_6, Side::NW))
        .hand(A, hand(5, 5, 5, 5, 5))
        .build()
        .unwrap();
    assert_eq!(g.phase(), Phase::Roll);
    refused(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)), ROLL_FIRST);
    refused(&mut g, Action::BuyDevCard, ROLL_FIRST);
    refused(&mut g, Action::EndTurn, ROLL_FIRST);
    refused(&mut g, Action::MaritimeTrade { give: BRICK, get: Resource::Ore, rate: 4 }, ROLL_FIRST);
    let offer = Action::OfferTrade { give: hand(1, 0, 0, 0, 0), get: hand(0, 0, 0, 0, 1), to: others(A) };
    refused(&mut g, offer, ROLL_FIRST);
    play(&mut g, Action::RollDice);
    refused(&mut g, Action::RollDice, RuleError::NotNow("the dice are rolled once, at the start of a turn"));
}

fn others(s: catan::engine::Seat) -> SeatSet {
    SeatSet::all(4).without(s)
}

#[test]
fn r13_trade_and_build_in_any_order() {
    let mut g = scenario()
        .settlement(A, corner(HILLS_6, N))
        .hand(A, hand(7, 2, 0, 0, 0))
        .hand(B, hand(0, 0, 1, 0, 0))
        .rolled()
        .build()
        .unwrap();
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NW)));
    play(&mut g, Action::MaritimeTrade { give: BRICK, get: Resource::Ore, rate: 4 });
    play(&mut g, Action::OfferTrade { give: hand(1, 0, 0, 0, 0), get: hand(0, 0, 1, 0, 0), to: SeatSet::one(B) });
    play(&mut g, Action::AcceptTrade);
    play(&mut g, Action::ConfirmTrade(B));
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)));
    play(&mut g, Action::EndTurn);
    assert_eq!((g.phase(), g.current_player()), (Phase::Roll, B));
}

#[test]
fn r13_strict_phases_trade_before_building() {
    let strict = Config { strict_phases: true, ..Config::default() };
    let start = scenario_with(strict)
        .settlement(A, corner(HILLS_6, N))
        .hand(A, hand(7, 2, 0, 0, 0))
        .hand(B, hand(0, 0, 1, 0, 0))
        .rolled()
        .build()
        .unwrap();
    // Trading first, then building, is fine.
    let mut g = start;
    play(&mut g, Action::MaritimeTrade { give: BRICK, get: Resource::Ore, rate: 4 });
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NW)));
    // Once built, no more trade of either kind.
    let mut g = start;
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NW)));
    refused(&mut g, Action::MaritimeTrade { give: BRICK, get: Resource::Ore, rate: 4 }, RuleError::TradeAfterBuild);
    let offer = Action::OfferTrade { give: hand(1, 0, 0, 0, 0), get: hand(0, 0, 1, 0, 0), to: SeatSet::one(B) };
    refused(&mut g, offer, RuleError::TradeAfterBuild);
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)));
}

#[test]
fn r14_a_knight_before_the_roll() {
    let mut g = scenario().dev(A, DevCard::Knight).dev(A, DevCard::YearOfPlenty).build().unwrap();
    play(&mut g, Action::PlayKnight);
    assert_eq!(g.phase(), Phase::Robber);
    play(&mut g, Action::MoveRobber { hex: MOUNTAINS_10, victim: None });
    assert_eq!(g.phase(), Phase::Roll, "the roll is still to come");
    assert!(!g.has_rolled());
    // One card per turn (R30), before or after the roll.
    refused(&mut g, Action::PlayYearOfPlenty(BRICK, Some(BRICK)), RuleError::CardAlreadyPlayed);
    play(&mut g, Action::RollDice);
    refused(&mut g, Action::PlayYearOfPlenty(BRICK, Some(BRICK)), RuleError::CardAlreadyPlayed);
}

#[test]
fn r14_any_card_before_the_roll() {
    let base = scenario()
        .settlement(A, corner(HILLS_6, N))
        .road(A, side(HILLS_6, Side::NW))
        .dev(A, DevCard::YearOfPlenty)
        .dev(A, DevCard::Monopoly)
        .dev(A, DevCard::RoadBuilding)
        .hand(B, hand(0, 0, 0, 0, 2))
        .build()
        .unwrap();
    let mut g = base;
    play(&mut g, Action::PlayYearOfPlenty(BRICK, Some(Resource::Ore)));
    assert_eq!((g.phase(), g.view(A).hand()), (Phase::Roll, hand(1, 0, 0, 0, 1)));
    let mut g = base;
    play(&mut g, Action::PlayMonopoly(Resource::Ore));
    assert_eq!((g.phase(), g.view(A).hand()), (Phase::Roll, hand(0, 0, 0, 0, 2)));
    let mut g = base;
    play(&mut g, Action::PlayRoadBuilding);
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)));
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::E)));
    assert_eq!(g.phase(), Phase::Roll);
}

#[test]
fn r15_production_settlement_one_city_two_robber_none() {
    let mut g = scenario()
        .settlement(A, corner(HILLS_6, N)) // hills 6, pasture 2, mountains 10
        .city(B, corner(HILLS_6, S)) // hills 6, forest 11, desert
        .settlement(C, corner(FIELDS_6, S)) // fields 6 only, under the robber
        .robber(FIELDS_6)
        .next_roll(6)
        .build()
        .unwrap();
    let events = play(&mut g, Action::RollDice);
    assert_eq!(produced(&events), vec![(A, hand(1, 0, 0, 0, 0)), (B, hand(2, 0, 0, 0, 0))]);
    assert_eq!(
        (g.view(A).hand(), g.view(B).hand(), g.view(C).hand()),
        (hand(1, 0, 0, 0, 0), hand(2, 0, 0, 0, 0), Hand::EMPTY)
    );
    assert_eq!(g.bank()[BRICK], 16);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn r15_a_seven_produces_nothing() {
    let mut g = scenario()
        .settlement(A, corner(HILLS_6, N))
        .city(B, corner(FIELDS_6, S))
        .hand(A, hand(1, 1, 1, 0, 0))
        .next_roll(7)
        .build()
        .unwrap();
    let bank = g.bank();
    let events = play(&mut g, Action::RollDice);
    assert!(produced(&events).is_empty());
    assert_eq!(g.bank(), bank);
    assert_eq!(g.phase(), Phase::Robber, "no one holds more than 7 cards: straight to the robber");
}

/// A position where hills 6 pays brick to `owed` and fields 6 pays C one grain, with only
/// `left` brick in the bank (D holds the rest).
fn brick_short(config: Config, roller: catan::engine::Seat, cities: bool, both: bool, left: u8) -> Game {
    let mut scn = scenario_with(config).turn(roller).hand(D, hand(19 - left, 0, 0, 0, 0));
    scn = if cities { scn.city(A, corner(HILLS_6, N)) } else { scn.settlement(A, corner(HILLS_6, N)) };
    if both {
        scn = scn.settlement(B, corner(HILLS_6, S));
    }
    scn.settlement(C, corner(FIELDS_6, S)).next_roll(6).build().unwrap()
}

#[test]
fn r16_bank_short_with_one_player_owed_gives_what_is_left() {
    let mut g = brick_short(Config::default(), A, true, false, 1);
    let events = play(&mut g, Action::RollDice);
    assert!(has_event!(events, Event::Shortage { resource: Resource::Brick }));
    assert_eq!(g.view(A).hand(), hand(1, 0, 0, 0, 0), "owed 2, gets the 1 left");
    assert_eq!(g.bank()[BRICK], 0);
    assert_eq!(g.view(C).hand(), hand(0, 0, 0, 1, 0), "other resources are paid as usual");
}

#[test]
fn r16_bank_short_with_two_players_owed_pays_no_one() {
    let mut g = brick_short(Config::default(), A, false, true, 1);
    let events = play(&mut g, Action::RollDice);
    assert!(has_event!(events, Event::Shortage { resource: Resource::Brick }));
    assert_eq!((g.view(A).hand(), g.view(B).hand()), (Hand::EMPTY, Hand::EMPTY));
    assert_eq!(g.bank()[BRICK], 1);
    assert_eq!(g.view(C).hand(), hand(0, 0, 0, 1, 0));
}

#[test]
fn r16_bank_with_just_enough_pays_everyone() {
    let mut g = brick_short(Config::default(), A, false, true, 2);
    let events = play(&mut g, Action::RollDice);
    assert!(!has_event!(events, Event::Shortage { .. }));
    assert_eq!((g.view(A).hand(), g.view(B).hand()), (hand(1, 0, 0, 0, 0), hand(1, 0, 0, 0, 0)));
}

#[test]
fn r16_option_none_at_all() {
    let config = Config { shortage: Shortage::NoneAtAll, ..Config::default() };
    let mut g = brick_short(config, A, true, false, 1);
    play(&mut g, Action::RollDice);
    assert_eq!(g.view(A).hand(), Hand::EMPTY, "even a single claimant gets nothing");
    assert_eq!(g.view(C).hand(), hand(0, 0, 0, 1, 0));
}

#[test]
fn r16_option_turn_order() {
    let config = Config { shortage: Shortage::TurnOrder, ..Config::default() };
    // B rolls: B comes first in turn order and takes the last brick.
    let mut g = brick_short(config, B, false, true, 1);
    play(&mut g, Action::RollDice);
    assert_eq!((g.view(A).hand(), g.view(B).hand()), (Hand::EMPTY, hand(1, 0, 0, 0, 0)));
    // A rolls: A first. With a city A is owed 2 and takes both of the 2 left; B none.
    let mut g = brick_short(config, A, true, true, 2);
    play(&mut g, Action::RollDice);
    assert_eq!((g.view(A).hand(), g.view(B).hand()), (hand(2, 0, 0, 0, 0), Hand::EMPTY));
}

#[test]
fn r17_sevens_make_big_hands_discard_half_in_turn_order() {
    let mut g = scenario()
        .turn(C)
        .hand(A, hand(9, 0, 0, 0, 0))
        .hand(B, hand(0, 7, 0, 0, 0))
        .hand(C, hand(0, 0, 8, 0, 0))
        .hand(D, hand(0, 0, 0, 5, 5))
        .next_roll(7)
        .build()
        .unwrap();
    let events = play(&mut g, Action::RollDice);
    let owed: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            Event::MustDiscard { seat, count } => Some((seat, count)),
            _ => None,
        })
        .collect();
    // The roller too; exactly 7 cards is safe; half rounded down; in turn order from the roller.
    assert_eq!(owed, vec![(C, 4), (D, 5), (A, 4)]);
    let mut order = Vec::new();
    while let Phase::Discard { .. } = g.phase() {
        let s = g.to_act();
        order.push(s);
        refused(
            &mut g,
            Action::MoveRobber { hex: MOUNTAINS_10, victim: None },
            RuleError::NotNow("players must discard first"),
        );
        let missing = Resource::ALL.into_iter().find(|&r| g.view(s).hand()[r] == 0).unwrap();
        refused(&mut g, Action::Discard(missing), RuleError::NoCard(missing));
        let r = g.view(s).hand().resources().next().unwrap();
        play(&mut g, Action::Discard(r));
    }
    order.dedup();
    assert_eq!(order, vec![C, D, A]);
    assert_eq!([A, B, C, D].map(|s| g.view(s).hand().total()), [5, 7, 4, 5]);
    assert_eq!((g.phase(), g.to_act()), (Phase::Robber, C), "the robber moves after the discards");
}

#[test]
fn r17_option_discard_limit() {
    let config = Config { discard_limit: 9, ..Config::default() };
    let mut g =
        scenario_with(config).hand(A, hand(9, 0, 0, 0, 0)).hand(B, hand(0, 10, 0, 0, 0)).next_roll(7).build().unwrap();
    play(&mut g, Action::RollDice);
    match g.phase() {
        Phase::Discard { remaining } => assert_eq!(remaining[..4], [0, 5, 0, 0]),
        p => panic!("expected discards, got {p:?}"),
    }
}

/// A has a knight to play; B (with cards) and C (without) share forest 11; D has cards on fields 6.
fn robber_scene() -> Game {
    scenario()
        .dev(A, DevCard::Knight)
        .settlement(A, corner(PASTURE_2, N)) // pasture 2 only
        .settlement(B, corner(FOREST_11, N)) // hills 6, forest 11, fields 12
        .settlement(C, corner(FOREST_11, S)) // forest 11, forest 8, mountains 3
        .settlement(D, corner(FIELDS_6, S))
        .hand(B, hand(0, 0, 2, 0, 0))
        .hand(D, hand(1, 0, 0, 0, 0))
        .build()
        .unwrap()
}

#[test]
fn r18_the_robber_must_move() {
    let mut g = robber_scene();
    play(&mut g, Action::PlayKnight);
    refused(&mut g, Action::MoveRobber { hex: DESERT, victim: None }, RuleError::RobberMustMove);
    refused(&mut g, Action::MoveRobber { hex: catan::engine::Hex(19), victim: None }, RuleError::OffBoard("hex", 19));
    let targets = g.robber_targets();
    assert_eq!(targets.len(), 18);
    assert!(!targets.contains(&DESERT));
    // A hex with only the mover's own building is allowed, with no one to rob.
    play(&mut g, Action::MoveRobber { hex: PASTURE_2, victim: None });
    assert_eq!(g.board().robber(), PASTURE_2);
}

#[test]
fn r18_the_desert_is_allowed() {
    let mut g = scenario().dev(A, DevCard::Knight).robber(MOUNTAINS_10).build().unwrap();
    play(&mut g, Action::PlayKnight);
    assert!(g.robber_targets().contains(&DESERT));
    play(&mut g, Action::MoveRobber { hex: DESERT, victim: None });
}

#[test]
fn r19_steals_only_from_players_holding_cards() {
    let mut g = robber_scene();
    play(&mut g, Action::PlayKnight);
    // B holds cards, C none: only B can be robbed on forest 11, and must be named.
    let on_forest: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::MoveRobber { hex, .. } if *hex == FOREST_11))
        .collect();
    assert_eq!(on_forest, vec![Action::MoveRobber { hex: FOREST_11, victim: Some(B) }]);
    refused(&mut g, Action::MoveRobber { hex: FOREST_11, victim: None }, RuleError::MustChooseVictim);
    refused(&mut g, Action::MoveRobber { hex: FOREST_11, victim: Some(C) }, RuleError::BadVictim(C));
    refused(&mut g, Action::MoveRobber { hex: FOREST_11, victim: Some(A) }, RuleError::BadVictim(A));
    refused(&mut g, Action::MoveRobber { hex: FOREST_11, victim: Some(D) }, RuleError::BadVictim(D));
    // Only C on mountains 3, who holds nothing: no steal.
    assert!(g.legal_actions().contains(&Action::MoveRobber { hex: MOUNTAINS_3, victim: None }));
    refused(&mut g, Action::MoveRobber { hex: MOUNTAINS_3, victim: Some(C) }, RuleError::BadVictim(C));
    let events = play(&mut g, Action::MoveRobber { hex: FOREST_11, victim: Some(B) });
    assert!(has_event!(events, Event::Stole { thief: A, victim: B, resource: Resource::Wool }));
    assert_eq!((g.view(A).hand(), g.view(B).hand()), (hand(0, 0, 1, 0, 0), hand(0, 0, 1, 0, 0)));
}

#[test]
fn r19_mover_chooses_among_several_victims() {
    let mut g = scenario()
        .dev(A, DevCard::Knight)
        .settlement(B, corner(HILLS_6, N))
        .settlement(C, corner(HILLS_6, S))
        .hand(B, hand(0, 0, 1, 0, 0))
        .hand(C, hand(0, 0, 0, 0, 1))
        .build()
        .unwrap();
    play(&mut g, Action::PlayKnight);
    let mut choices: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::MoveRobber { hex, .. } if *hex == HILLS_6))
        .collect();
    choices.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        choices,
        vec![
            Action::MoveRobber { hex: HILLS_6, victim: Some(B) },
            Action::MoveRobber { hex: HILLS_6, victim: Some(C) }
        ]
    );
    play(&mut g, Action::MoveRobber { hex: HILLS_6, victim: Some(C) });
    assert_eq!((g.view(A).hand(), g.view(C).hand()), (hand(0, 0, 0, 0, 1), Hand::EMPTY));
}

#[test]
fn r20_a_knight_moves_the_robber_without_discards() {
    let mut g = scenario()
        .rolled()
        .dev(A, DevCard::Knight)
        .hand(A, hand(3, 3, 3, 0, 0))
        .hand(B, hand(0, 0, 0, 5, 5))
        .settlement(B, corner(HILLS_6, N))
        .build()
        .unwrap();
    let events = play(&mut g, Action::PlayKnight);
    assert!(!has_event!(events, Event::MustDiscard { .. }));
    assert_eq!(g.phase(), Phase::Robber);
    play(&mut g, Action::MoveRobber { hex: HILLS_6, victim: Some(B) });
    assert_eq!((g.view(A).hand().total(), g.view(B).hand().total(), g.phase()), (10, 9, Phase::Main));
    assert_eq!(g.knights_played(A), 1);
}

#[test]
fn r39_friendly_robber_spares_players_under_three_points() {
    let config = Config { friendly_robber: true, ..Config::default() };
    let mut g = scenario_with(config)
        .dev(A, DevCard::Knight)
        // B: 2 public points and a hidden victory point card: still protected.
        .settlement(B, corner(HILLS_6, N))
        .settlement(B, corner(FOREST_9, N))
        .dev(B, DevCard::VictoryPoint)
        .hand(B, hand(1, 0, 0, 0, 0))
        // C: 3 public points.
        .settlement(C, corner(FIELDS_6, S))
        .settlement(C, corner(MOUNTAINS_8, NE))
        .settlement(C, corner(FIELDS_12, NW))
        .hand(C, hand(1, 0, 0, 0, 0))
        .build()
        .unwrap();
    assert_eq!((g.public_points(B), g.view(B).victory_points(), g.public_points(C)), (2, 3, 3));
    play(&mut g, Action::PlayKnight);
    refused(&mut g, Action::MoveRobber { hex: HILLS_6, victim: Some(B) }, RuleError::FriendlyRobber);
    refused(&mut g, Action::MoveRobber { hex: HILLS_6, victim: None }, RuleError::FriendlyRobber);
    assert!(!g.robber_targets().contains(&HILLS_6));
    assert!(g.robber_targets().contains(&FOREST_8), "a hex with no buildings is fine");
    play(&mut g, Action::MoveRobber { hex: FIELDS_6, victim: Some(C) });
    assert_eq!(g.view(C).hand(), Hand::EMPTY);
}

/// Eight settlements, two per player (2 points each), that touch all 19 hexes.
fn everyone_protected(robber: catan::engine::Hex) -> Game {
    let config = Config { friendly_robber: true, ..Config::default() };
    scenario_with(config)
        .dev(A, DevCard::Knight)
        .settlement(A, corner(MOUNTAINS_10, N))
        .settlement(A, corner(PASTURE_2, N))
        .settlement(B, corner(FOREST_9, SE))
        .settlement(B, corner(FIELDS_12, S))
        .settlement(C, corner(DESERT, N))
        .settlement(C, corner(FOREST_3, SE))
        .settlement(D, corner(HILLS_5, N))
        .settlement(D, corner(FIELDS_6, NE))
        .hand(C, hand(0, 0, 3, 0, 0))
        .robber(robber)
        .build()
        .unwrap()
}

#[test]
fn r39_friendly_robber_with_no_legal_hex_goes_to_the_desert() {
    let mut g = everyone_protected(MOUNTAINS_10);
    play(&mut g, Action::PlayKnight);
    assert_eq!(g.robber_targets(), vec![DESERT]);
    // C sits on the desert with cards, but has under 3 points: not robbed.
    assert_eq!(g.legal_actions(), vec![Action::MoveRobber { hex: DESERT, victim: None }]);
    refused(&mut g, Action::MoveRobber { hex: DESERT, victim: Some(C) }, RuleError::BadVictim(C));
    refused(&mut g, Action::MoveRobber { hex: HILLS_6, victim: None }, RuleError::FriendlyRobber);
    play(&mut g, Action::MoveRobber { hex: DESERT, victim: None });
    assert_eq!(g.view(C).hand(), hand(0, 0, 3, 0, 0));
}

#[test]
fn r39_friendly_robber_with_no_legal_hex_stays_on_the_desert() {
    let mut g = everyone_protected(DESERT);
    play(&mut g, Action::PlayKnight);
    assert_eq!(g.legal_actions(), vec![Action::MoveRobber { hex: DESERT, victim: None }]);
    play(&mut g, Action::MoveRobber { hex: DESERT, victim: None });
    assert_eq!((g.board().robber(), g.phase()), (DESERT, Phase::Roll));
}
