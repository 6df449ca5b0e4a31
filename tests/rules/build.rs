//! Rulings R23 to R33: building, and buying and playing development cards.

use crate::support::board::*;
use catan::engine::{
    Action, DevCard, DevHand, Event, Game, Hand, Phase, Piece, Resource, RuleError, Scenario, Seat, Side, Vertex,
};

const OFF_ISLAND_VERTEX: u8 = 54; // the base island has 54 intersections (R2)
const OFF_ISLAND_EDGE: u8 = 72; // and 72 paths

/// 15 roads of `s`: all six sides of mountains 10 and of forest 9, and three of hills 5.
fn fifteen_roads(mut scn: Scenario, s: Seat) -> Scenario {
    for h in [MOUNTAINS_10, FOREST_9] {
        for e in topo().hex_edges(h) {
            scn = scn.road(s, e);
        }
    }
    for e in &topo().hex_edges(HILLS_5)[..3] {
        scn = scn.road(s, *e);
    }
    scn
}

/// Plays the lowest legal actions (ending turns as soon as allowed) until it is `s`'s turn.
fn pass_to(g: &mut Game, s: Seat) {
    while !(g.current_player() == s && g.phase() == Phase::Roll) {
        let legal = g.legal_actions();
        let a = if legal.contains(&Action::EndTurn) { Action::EndTurn } else { legal[0] };
        play(g, a);
    }
}

#[test]
fn r23_building_pays_the_bank() {
    let mut g = scenario().settlement(A, corner(HILLS_6, N)).hand(A, Hand::ROAD).rolled().build().unwrap();
    refused(
        &mut g,
        Action::BuildSettlement(corner(HILLS_6, SE)),
        RuleError::CannotAfford { what: "a settlement", cost: Hand::SETTLEMENT },
    );
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)));
    assert_eq!((g.view(A).hand(), g.bank()), (Hand::EMPTY, Hand::uniform(19)));
    assert_eq!(g.pieces_left(A), (14, 4, 4));
    refused(
        &mut g,
        Action::BuildRoad(side(HILLS_6, Side::E)),
        RuleError::CannotAfford { what: "a road", cost: Hand::ROAD },
    );
}

#[test]
fn r23_no_more_pieces_than_the_supply() {
    let mut g = fifteen_roads(scenario(), A)
        .settlement(A, corner(HILLS_6, N))
        .hand(A, hand(2, 2, 1, 3, 3))
        .rolled()
        .build()
        .unwrap();
    assert_eq!(g.pieces_left(A).0, 0);
    refused(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)), RuleError::NoPiecesLeft(Piece::Road));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::BuildRoad(_))));

    let spots =
        [corner(MOUNTAINS_10, N), corner(FOREST_9, N), corner(HILLS_5, S), corner(FIELDS_6, S), corner(DESERT, S)];
    let mut scn = scenario().settlement(B, corner(HILLS_6, S)).hand(A, hand(1, 1, 1, 3, 3)).rolled();
    for v in spots {
        scn = scn.settlement(A, v);
    }
    // A road from A's settlement on the desert's south corner leads to a free spot.
    let mut g = scn.roads(A, &[corner(DESERT, S), corner(FIELDS_4, SW), corner(FIELDS_4, S)]).build().unwrap();
    assert_eq!(g.pieces_left(A), (13, 0, 4));
    refused(&mut g, Action::BuildSettlement(corner(FIELDS_4, S)), RuleError::NoPiecesLeft(Piece::Settlement));
    // R23: a city returns its settlement to the supply, and it can be built again.
    play(&mut g, Action::BuildCity(corner(DESERT, S)));
    assert_eq!(g.pieces_left(A), (13, 1, 3));
    assert_eq!(g.building_at(corner(DESERT, S)), Some((A, true)));
    g = Scenario::from_game(g).hand(A, Hand::SETTLEMENT).build().unwrap();
    play(&mut g, Action::BuildSettlement(corner(FIELDS_4, S)));

    let mut scn = scenario().hand(A, Hand::CITY).rolled();
    for v in spots[..4].iter() {
        scn = scn.city(A, *v);
    }
    let mut g = scn.settlement(A, spots[4]).build().unwrap();
    refused(&mut g, Action::BuildCity(spots[4]), RuleError::NoPiecesLeft(Piece::City));
}

#[test]
fn r24_distance_rule_blocks_neighbour() {
    let mut g = scenario()
        .settlement(A, corner(HILLS_6, N))
        .settlement(B, corner(FIELDS_12, S))
        .roads(A, &[corner(HILLS_6, N), corner(HILLS_6, NW), corner(FIELDS_12, SE), corner(FIELDS_12, S)])
        .roads(A, &[corner(HILLS_6, N), corner(HILLS_6, NE), corner(HILLS_6, SE)])
        .hand(A, Hand::SETTLEMENT)
        .rolled()
        .build()
        .unwrap();
    // Next to the opponent's settlement, next to one's own, on top of one.
    refused(&mut g, Action::BuildSettlement(corner(FIELDS_12, SE)), RuleError::DistanceRule);
    refused(&mut g, Action::BuildSettlement(corner(HILLS_6, NE)), RuleError::DistanceRule);
    refused(&mut g, Action::BuildSettlement(corner(FIELDS_12, S)), RuleError::VertexTaken);
    refused(&mut g, Action::BuildSettlement(Vertex(OFF_ISLAND_VERTEX)), RuleError::OffBoard("intersection", 54));
    // Two paths away is fine.
    play(&mut g, Action::BuildSettlement(corner(HILLS_6, SE)));
}

#[test]
fn r25_settlement_must_touch_own_road() {
    let mut g = scenario()
        .settlement(A, corner(HILLS_6, N))
        .settlement(B, corner(DESERT, S))
        .roads(B, &[corner(DESERT, S), corner(DESERT, SW), corner(DESERT, NW)])
        .hand(A, Hand::SETTLEMENT)
        .rolled()
        .build()
        .unwrap();
    // Free and far enough from buildings, but no road of A's leads there.
    refused(&mut g, Action::BuildSettlement(corner(PASTURE_11, S)), RuleError::SettlementNotConnected);
    // An opponent's road doesn't count.
    refused(&mut g, Action::BuildSettlement(corner(DESERT, NW)), RuleError::SettlementNotConnected);
}

#[test]
fn r26_road_must_connect() {
    let mut g = scenario()
        .settlement(A, corner(HILLS_6, N))
        .roads(A, &[corner(HILLS_6, N), corner(HILLS_6, NE), corner(HILLS_6, SE)])
        .settlement(B, corner(HILLS_6, SE))
        .road(B, side(PASTURE_11, Side::SE))
        .hand(A, hand(5, 5, 0, 0, 0))
        .rolled()
        .build()
        .unwrap();
    // Nothing of A's near pasture 11.
    refused(&mut g, Action::BuildRoad(side(PASTURE_11, Side::SW)), RuleError::RoadNotConnected);
    // A's road reaches the south-east corner of hills 6, but B's settlement stands there.
    refused(&mut g, Action::BuildRoad(side(HILLS_6, Side::SE)), RuleError::RoadNotConnected);
    refused(&mut g, Action::BuildRoad(side(PASTURE_11, Side::SE)), RuleError::EdgeTaken);
    refused(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)), RuleError::EdgeTaken);
    refused(&mut g, Action::BuildRoad(catan::engine::Edge(OFF_ISLAND_EDGE)), RuleError::OffBoard("path", 72));
    // From A's own settlement, and from the end of A's road at a free corner.
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NW)));
    play(&mut g, Action::BuildRoad(side(PASTURE_2, Side::SE)));
}

#[test]
fn r27_city_replaces_own_settlement() {
    let mut g = scenario()
        .settlement(A, corner(HILLS_6, N))
        .city(A, corner(FIELDS_6, S))
        .settlement(B, corner(HILLS_6, S))
        .hand(A, hand(0, 0, 0, 2, 3))
        .rolled()
        .build()
        .unwrap();
    refused(&mut g, Action::BuildCity(corner(HILLS_6, S)), RuleError::NotYourSettlement);
    refused(&mut g, Action::BuildCity(corner(FOREST_3, S)), RuleError::NotYourSettlement);
    refused(&mut g, Action::BuildCity(corner(FIELDS_6, S)), RuleError::NotYourSettlement);
    refused(&mut g, Action::BuildCity(Vertex(OFF_ISLAND_VERTEX)), RuleError::OffBoard("intersection", 54));
    play(&mut g, Action::BuildCity(corner(HILLS_6, N)));
    assert_eq!(g.building_at(corner(HILLS_6, N)), Some((A, true)));
    assert_eq!((g.view(A).hand(), g.bank()), (Hand::EMPTY, Hand::uniform(19)));
    assert_eq!(g.public_points(A), 4);
}

#[test]
fn r28_buying_draws_the_top_card() {
    let mut g = scenario().hand(A, hand(0, 0, 2, 2, 2)).deck_top(DevCard::Monopoly).rolled().build().unwrap();
    let events = play(&mut g, Action::BuyDevCard);
    assert!(has_event!(events, Event::BoughtDevCard { seat: A, card: DevCard::Monopoly }));
    assert_eq!((g.deck_len(), g.view(A).dev_cards()[DevCard::Monopoly]), (24, 1));
    assert_eq!(g.view(A).hand(), hand(0, 0, 1, 1, 1));
    assert_eq!(g.bank(), hand(19, 19, 18, 18, 18));
}

#[test]
fn r28_empty_deck_cannot_buy() {
    let mut scn = scenario().knights(B, 14).hand(A, Hand::DEVELOPMENT).rolled();
    for (card, n) in
        [(DevCard::VictoryPoint, 5), (DevCard::RoadBuilding, 2), (DevCard::YearOfPlenty, 2), (DevCard::Monopoly, 2)]
    {
        for _ in 0..n {
            scn = scn.dev(C, card);
        }
    }
    let mut g = scn.build().unwrap();
    assert_eq!(g.deck_len(), 0);
    refused(&mut g, Action::BuyDevCard, RuleError::DeckEmpty);
}

#[test]
fn r29_cards_are_hidden_from_others() {
    let mut g = scenario()
        .hand(A, hand(0, 0, 1, 1, 1))
        .hand(B, hand(2, 0, 0, 0, 0))
        .dev(B, DevCard::VictoryPoint)
        .dev(A, DevCard::Knight)
        .settlement(B, corner(HILLS_6, N))
        .deck_top(DevCard::Monopoly)
        .rolled()
        .build()
        .unwrap();
    let view = g.view(A).snapshot();
    assert_eq!((view.hand, view.dev_cards[DevCard::Knight]), (hand(0, 0, 1, 1, 1), 1));
    let b = &view.players[B.index()];
    assert_eq!((b.resource_cards, b.dev_cards, b.points), (2, 1, 1), "counts only; the hidden point not shown");
    assert_eq!(g.view(B).victory_points(), 2);
    let names = |s: Seat| format!("P{}", s.0 + 1);
    let bought = play(&mut g, Action::BuyDevCard);
    let e = bought.iter().find(|e| matches!(e, Event::BoughtDevCard { .. })).unwrap();
    assert!(e.visible_to(A) && !e.visible_to(B) && !e.is_public());
    assert!(!e.describe(&names, Some(B)).contains("monopoly"));
    assert!(e.describe(&names, Some(A)).contains("monopoly"));
    play(&mut g, Action::PlayKnight);
    let stole = play(&mut g, Action::MoveRobber { hex: HILLS_6, victim: Some(B) });
    let e = stole.iter().find(|e| matches!(e, Event::Stole { .. })).unwrap();
    assert!(e.visible_to(A) && e.visible_to(B) && !e.visible_to(C));
    assert!(e.describe(&names, Some(C)).contains("a card") && e.describe(&names, None).contains("a card"));
}

#[test]
fn r30_one_card_per_turn() {
    let mut g = scenario().dev(A, DevCard::YearOfPlenty).dev(A, DevCard::Monopoly).rolled().build().unwrap();
    refused(&mut g, Action::PlayKnight, RuleError::NoSuchCard(DevCard::Knight));
    play(&mut g, Action::PlayYearOfPlenty(Resource::Grain, Some(Resource::Ore)));
    refused(&mut g, Action::PlayMonopoly(Resource::Ore), RuleError::CardAlreadyPlayed);
    assert!(g.dev_card_played());
}

#[test]
fn r30_card_bought_this_turn_waits() {
    let mut g = scenario().hand(A, hand(0, 0, 2, 2, 2)).deck_top(DevCard::Knight).rolled().build().unwrap();
    play(&mut g, Action::BuyDevCard);
    assert_eq!(g.view(A).bought_this_turn()[DevCard::Knight], 1);
    refused(&mut g, Action::PlayKnight, RuleError::BoughtThisTurn(DevCard::Knight));
    play(&mut g, Action::EndTurn);
    pass_to(&mut g, A);
    assert_eq!(g.view(A).bought_this_turn(), DevHand::default());
    play(&mut g, Action::PlayKnight);
}

#[test]
fn r30_an_older_card_of_the_same_kind_is_playable() {
    let mut g = scenario()
        .hand(A, hand(0, 0, 1, 1, 1))
        .dev(A, DevCard::Knight)
        .deck_top(DevCard::Knight)
        .rolled()
        .build()
        .unwrap();
    play(&mut g, Action::BuyDevCard);
    play(&mut g, Action::PlayKnight);
    assert_eq!(g.view(A).dev_cards()[DevCard::Knight], 1);
}

#[test]
fn r30_victory_point_cards_count_while_hidden() {
    let g = scenario()
        .dev(A, DevCard::VictoryPoint)
        .dev(A, DevCard::VictoryPoint)
        .settlement(A, corner(HILLS_6, N))
        .build()
        .unwrap();
    assert_eq!((g.public_points(A), g.view(A).victory_points()), (1, 3));
    // There is no action that plays one: nothing in the legal actions touches them.
    let mut g = Scenario::from_game(g).rolled().build().unwrap();
    for a in g.legal_actions() {
        let mut h = g;
        h.apply(a).unwrap();
        assert_eq!(h.view(A).dev_cards()[DevCard::VictoryPoint], 2, "{a:?}");
    }
    play(&mut g, Action::EndTurn);
}

#[test]
fn r31_road_building_places_two_free_roads() {
    let mut g = scenario().settlement(A, corner(HILLS_6, N)).dev(A, DevCard::RoadBuilding).rolled().build().unwrap();
    play(&mut g, Action::PlayRoadBuilding);
    assert_eq!((g.phase(), g.free_roads_left()), (Phase::RoadBuilding { left: 2 }, 2));
    refused(&mut g, Action::BuildRoad(side(PASTURE_11, Side::SE)), RuleError::RoadNotConnected);
    refused(&mut g, Action::EndTurn, RuleError::NotNow("place the free roads first"));
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)));
    assert_eq!((g.phase(), g.free_roads_left()), (Phase::RoadBuilding { left: 1 }, 1));
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::E)));
    assert_eq!((g.phase(), g.view(A).hand(), g.bank()), (Phase::Main, Hand::EMPTY, Hand::uniform(19)));
    assert_eq!(g.pieces_left(A).0, 13);
}

#[test]
fn r31_road_building_with_one_piece_left() {
    let spare = topo().hex_edges(HILLS_5)[2];
    let base = scenario().settlement(A, corner(HILLS_6, N)).dev(A, DevCard::RoadBuilding).rolled();
    let mut g = fifteen_roads(base.clone(), A).build().unwrap();
    // With no road piece left, the card can't be played.
    refused(&mut g, Action::PlayRoadBuilding, RuleError::NoRoadPlace);
    // With one left (the fifteen less one side of hills 5), one road is placed and the turn goes on.
    let mut scn = base;
    for e in g.roads(A).filter(|&e| e != spare) {
        scn = scn.road(A, e);
    }
    let mut g = scn.build().unwrap();
    assert_eq!(g.pieces_left(A).0, 1);
    play(&mut g, Action::PlayRoadBuilding);
    assert_eq!(g.free_roads_left(), 1, "one piece, one road: the counter says so");
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)));
    assert_eq!((g.phase(), g.pieces_left(A).0), (Phase::Main, 0));
}

#[test]
fn r31_road_building_with_one_legal_path() {
    // A's settlement on the top coast has two paths; B's roads hold one, and both paths
    // beyond the other.
    let mut g = scenario()
        .settlement(A, corner(MOUNTAINS_10, N))
        .road(B, side(MOUNTAINS_10, Side::NW))
        .road(B, side(PASTURE_2, Side::NW))
        .road(B, side(MOUNTAINS_10, Side::E))
        .dev(A, DevCard::RoadBuilding)
        .rolled()
        .build()
        .unwrap();
    play(&mut g, Action::PlayRoadBuilding);
    assert_eq!(g.legal_actions(), vec![Action::BuildRoad(side(MOUNTAINS_10, Side::NE))]);
    // R31's counter: one road is what the card really gives here, though the phase began at 2.
    assert_eq!((g.phase(), g.free_roads_left()), (Phase::RoadBuilding { left: 2 }, 1));
    play(&mut g, Action::BuildRoad(side(MOUNTAINS_10, Side::NE)));
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn r31_road_building_with_no_legal_path() {
    let mut g = scenario()
        .settlement(A, corner(MOUNTAINS_10, N))
        .road(B, side(MOUNTAINS_10, Side::NW))
        .road(B, side(MOUNTAINS_10, Side::NE))
        .dev(A, DevCard::RoadBuilding)
        .rolled()
        .build()
        .unwrap();
    refused(&mut g, Action::PlayRoadBuilding, RuleError::NoRoadPlace);
}

#[test]
fn r32_year_of_plenty_takes_two_the_bank_holds() {
    let base = scenario().dev(A, DevCard::YearOfPlenty).hand(D, hand(19, 0, 0, 18, 0)).rolled();
    let mut g = base.build().unwrap();
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Brick, Some(Resource::Ore)),
        RuleError::BankLacks(Resource::Brick),
    );
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Some(Resource::Brick)),
        RuleError::BankLacks(Resource::Brick),
    );
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Grain, Some(Resource::Grain)),
        RuleError::BankLacks(Resource::Grain),
    );
    refused(&mut g, Action::PlayYearOfPlenty(Resource::Ore, None), RuleError::TakeTwo);
    let events = play(&mut g, Action::PlayYearOfPlenty(Resource::Ore, Some(Resource::Ore)));
    assert!(has_event!(events, Event::TookFromBank { seat: A, .. }));
    assert_eq!(g.view(A).hand(), hand(0, 0, 0, 0, 2));
}

#[test]
fn r32_year_of_plenty_with_one_card_in_the_bank() {
    // Everything but one ore sits in B's and C's hands.
    let mut g = scenario()
        .dev(A, DevCard::YearOfPlenty)
        .hand(B, hand(19, 19, 19, 0, 18))
        .hand(C, hand(0, 0, 0, 19, 0))
        .rolled()
        .build()
        .unwrap();
    assert_eq!(g.bank().total(), 1);
    refused(&mut g, Action::PlayYearOfPlenty(Resource::Ore, Some(Resource::Ore)), RuleError::BankHoldsOne);
    refused(&mut g, Action::PlayYearOfPlenty(Resource::Ore, Some(Resource::Grain)), RuleError::BankHoldsOne);
    refused(&mut g, Action::PlayYearOfPlenty(Resource::Grain, None), RuleError::BankLacks(Resource::Grain));
    let plays: Vec<Action> =
        g.legal_actions().into_iter().filter(|a| matches!(a, Action::PlayYearOfPlenty(..))).collect();
    assert_eq!(plays, vec![Action::PlayYearOfPlenty(Resource::Ore, None)]);
    play(&mut g, Action::PlayYearOfPlenty(Resource::Ore, None));
    assert_eq!((g.view(A).hand(), g.bank()), (hand(0, 0, 0, 0, 1), Hand::EMPTY));
}

#[test]
fn r32_year_of_plenty_with_an_empty_bank_cannot_be_played() {
    let mut g = scenario()
        .dev(A, DevCard::YearOfPlenty)
        .hand(B, hand(19, 19, 19, 0, 19))
        .hand(C, hand(0, 0, 0, 19, 0))
        .rolled()
        .build()
        .unwrap();
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::PlayYearOfPlenty(..))));
    refused(&mut g, Action::PlayYearOfPlenty(Resource::Ore, None), RuleError::BankLacks(Resource::Ore));
}

#[test]
fn r33_monopoly_takes_every_card_of_a_resource() {
    let mut g = scenario()
        .dev(A, DevCard::Monopoly)
        .hand(A, hand(0, 0, 1, 0, 0))
        .hand(B, hand(1, 0, 2, 0, 0))
        .hand(C, hand(0, 3, 0, 0, 0))
        .hand(D, hand(0, 0, 3, 0, 1))
        .rolled()
        .build()
        .unwrap();
    let events = play(&mut g, Action::PlayMonopoly(Resource::Wool));
    assert!(has_event!(events, Event::Monopolized { from: B, count: 2, .. }));
    assert!(has_event!(events, Event::Monopolized { from: D, count: 3, .. }));
    assert!(!has_event!(events, Event::Monopolized { from: C, .. }));
    assert_eq!(g.view(A).hand(), hand(0, 0, 6, 0, 0));
    assert_eq!([B, C, D].map(|s| g.view(s).hand()), [hand(1, 0, 0, 0, 0), hand(0, 3, 0, 0, 0), hand(0, 0, 0, 0, 1)]);
}

#[test]
fn scenario_builder_refuses_impossible_positions() {
    let err = |scn: Scenario| scn.build().unwrap_err();
    assert!(err(scenario().hand(A, hand(20, 0, 0, 0, 0))).contains("bank"));
    assert!(err(scenario().hand(A, hand(10, 0, 0, 0, 0)).hand(B, hand(10, 0, 0, 0, 0))).contains("bank"));
    assert!(err(scenario().settlement(A, corner(HILLS_6, N)).city(B, corner(HILLS_6, N))).contains("already"));
    assert!(err(scenario().settlement(A, corner(HILLS_6, N)).settlement(B, corner(HILLS_6, NE))).contains("next to"));
    assert!(err(scenario().road(A, side(HILLS_6, Side::NE)).road(B, side(HILLS_6, Side::NE))).contains("already"));
    assert!(err(scenario().knights(A, 14).dev(B, DevCard::Knight)).contains("knight"));
    assert!(err(scenario().hand(Seat(4), Hand::ROAD)).contains("player 5"));
    assert!(err(scenario().settlement(A, Vertex(OFF_ISLAND_VERTEX))).contains("intersection"));
}

/// Five sides of hills 6, clockwise from its north corner to its north-west one: a trail of 5.
fn five_sides_of_hills_6() -> Vec<Vertex> {
    [N, NE, SE, S, SW, NW].map(|c| corner(HILLS_6, c)).to_vec()
}

#[test]
fn scenario_builder_keeps_the_cards_and_recomputes_awards() {
    let g = scenario()
        .hand(A, hand(3, 0, 0, 0, 0))
        .hand(A, hand(0, 2, 0, 0, 0))
        .dev(B, DevCard::Monopoly)
        .knights(C, 3)
        .roads(D, &five_sides_of_hills_6())
        .build()
        .unwrap();
    assert_eq!(g.bank(), hand(19, 17, 19, 19, 19), "the brick went back to the bank");
    assert_eq!((g.deck_len(), g.view(B).dev_cards().total(), g.knights_played(C)), (21, 1, 3));
    assert_eq!((g.road_length(D), g.longest_road(), g.largest_army()), (5, Some(D), Some(C)));
    assert_eq!((g.public_points(C), g.public_points(D)), (2, 2));
    assert_eq!((g.phase(), g.current_player(), g.turn_number()), (Phase::Roll, A, 1));
}
