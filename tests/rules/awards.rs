//! Rulings R34 to R38: Longest Road, Largest Army, points and winning.

use crate::support::board::*;
use catan::engine::{Action, Config, DevCard, Event, Hand, Phase, RuleError, Scenario, Seat, SeatSet, Vertex};

/// The top coast, west to east: 9 paths.
fn top_coast() -> Vec<Vertex> {
    let m = MOUNTAINS_10;
    let f = FOREST_9;
    vec![
        corner(m, SW),
        corner(m, NW),
        corner(m, N),
        corner(m, NE),
        corner(PASTURE_2, N),
        corner(PASTURE_2, NE),
        corner(f, N),
        corner(f, NE),
        corner(f, SE),
        corner(HILLS_10, NE),
    ]
}

/// The bottom coast, west to east: 8 paths.
fn bottom_coast() -> Vec<Vertex> {
    let h = HILLS_5;
    let p = PASTURE_11;
    vec![
        corner(h, NW),
        corner(h, SW),
        corner(h, S),
        corner(h, SE),
        corner(FIELDS_6, S),
        corner(FIELDS_6, SE),
        corner(p, S),
        corner(p, SE),
        corner(p, NE),
    ]
}

/// The west coast, north to south: 5 paths.
fn west_coast() -> Vec<Vertex> {
    vec![
        corner(FIELDS_12, NW),
        corner(FIELDS_12, SW),
        corner(FIELDS_9, NW),
        corner(FIELDS_9, SW),
        corner(FIELDS_9, S),
        corner(FOREST_8, SW),
    ]
}

/// The top coast's fourth intersection, where it meets the hills 6 side of the island.
fn split_point() -> Vertex {
    corner(MOUNTAINS_10, NE)
}

/// D has a settlement and two roads leading to the split point, the cards for a settlement
/// there, and the turn.
fn splitter(scn: Scenario) -> Scenario {
    scn.settlement(D, corner(HILLS_6, NE))
        .roads(D, &[corner(HILLS_6, NE), corner(HILLS_6, N), split_point()])
        .hand(D, Hand::SETTLEMENT)
        .turn(D)
        .rolled()
}

fn award(events: &[Event]) -> Option<Option<Seat>> {
    events.iter().find_map(|e| match *e {
        Event::LongestRoad { holder, .. } => Some(holder),
        _ => None,
    })
}

#[test]
fn r34_fork_counts_the_two_longest_arms() {
    let top = top_coast();
    // Arms from the split point: 3 west, 3 east, 2 south.
    let g = scenario()
        .roads(A, &top[..7])
        .roads(A, &[split_point(), corner(HILLS_6, N), corner(HILLS_6, NE)])
        .build()
        .unwrap();
    assert_eq!(g.roads(A).count(), 8);
    assert_eq!(g.road_length(A), 6);
}

#[test]
fn r34_a_loop_counts_every_path() {
    let h = HILLS_6;
    let ring = [corner(h, N), corner(h, NE), corner(h, SE), corner(h, S), corner(h, SW), corner(h, NW), corner(h, N)];
    let g = scenario().roads(A, &ring).build().unwrap();
    assert_eq!(g.road_length(A), 6);
    // A tail into the ring: the trail passes its first intersection twice.
    let g = Scenario::from_game(g).road(A, side(MOUNTAINS_10, catan::engine::Side::E)).build().unwrap();
    assert_eq!(g.road_length(A), 7);
}

#[test]
fn r34_own_settlement_inside_does_not_split() {
    let g = scenario().roads(A, &top_coast()[..7]).settlement(A, split_point()).build().unwrap();
    assert_eq!(g.road_length(A), 6);
}

#[test]
fn r34_opponent_settlement_splits() {
    let g = scenario().roads(A, &top_coast()[..7]).settlement(B, split_point()).build().unwrap();
    assert_eq!(g.road_length(A), 3);
    assert_eq!(g.longest_road(), None);
}

#[test]
fn r34_road_ending_at_opponent_settlement_counts_when_built_after() {
    let top = top_coast();
    let mut g = scenario().roads(A, &top[..5]).settlement(B, top[5]).hand(A, Hand::ROAD).rolled().build().unwrap();
    let events = play(&mut g, Action::BuildRoad(trail(&top[4..6])[0]));
    assert_eq!(g.road_length(A), 5, "the road into B's settlement counts");
    assert_eq!(award(&events), Some(Some(A)));
}

#[test]
fn r34_road_ending_at_opponent_settlement_counts_when_built_before() {
    let top = top_coast();
    // B reaches the end of A's road from the south and settles there.
    let mut g = scenario()
        .roads(A, &top[..6])
        .settlement(B, corner(FOREST_9, S))
        .roads(B, &[corner(FOREST_9, S), corner(FOREST_9, SW), top[5]])
        .hand(B, Hand::SETTLEMENT)
        .turn(B)
        .rolled()
        .build()
        .unwrap();
    assert_eq!((g.road_length(A), g.longest_road()), (5, Some(A)));
    let events = play(&mut g, Action::BuildSettlement(top[5]));
    assert_eq!((g.road_length(A), g.longest_road()), (5, Some(A)));
    assert_eq!(award(&events), None);
}

#[test]
fn r35_first_to_five_takes_longest_road() {
    let top = top_coast();
    let mut g = scenario().roads(A, &top[..5]).hand(A, hand(2, 2, 0, 0, 0)).rolled().build().unwrap();
    assert_eq!((g.road_length(A), g.longest_road(), g.public_points(A)), (4, None, 0));
    let events = play(&mut g, Action::BuildRoad(trail(&top[4..6])[0]));
    assert!(has_event!(events, Event::LongestRoad { holder: Some(A), length: 5 }));
    assert_eq!((g.longest_road(), g.public_points(A)), (Some(A), 2));
}

#[test]
fn r35_an_equal_road_does_not_take_it() {
    let bottom = bottom_coast();
    let mut g = scenario()
        .roads(B, &top_coast()[..6])
        .roads(A, &bottom[..5])
        .hand(A, hand(2, 2, 0, 0, 0))
        .rolled()
        .build()
        .unwrap();
    assert_eq!(g.longest_road(), Some(B));
    let events = play(&mut g, Action::BuildRoad(trail(&bottom[4..6])[0]));
    assert_eq!((g.road_length(A), g.longest_road(), award(&events)), (5, Some(B), None));
    let events = play(&mut g, Action::BuildRoad(trail(&bottom[5..7])[0]));
    assert_eq!((g.road_length(A), g.longest_road(), award(&events)), (6, Some(A), Some(Some(A))));
    assert_eq!((g.public_points(A), g.public_points(B)), (2, 0));
}

#[test]
fn r35_holder_keeps_road_on_tie() {
    // C holds with 9; A has 6. D's settlement cuts C's road to 3 + 6: a tie at 6, C keeps it.
    let mut g = splitter(scenario().roads(C, &top_coast()).roads(A, &bottom_coast()[..7])).build().unwrap();
    assert_eq!((g.road_length(C), g.road_length(A), g.longest_road()), (9, 6, Some(C)));
    let events = play(&mut g, Action::BuildSettlement(split_point()));
    assert_eq!((g.road_length(C), g.road_length(A), g.longest_road()), (6, 6, Some(C)));
    assert_eq!(award(&events), None);
}

#[test]
fn r35_split_gives_it_to_the_one_longest() {
    // C holds with 9; A has 7. Cut to 6, C loses it to A.
    let mut g = splitter(scenario().roads(C, &top_coast()).roads(A, &bottom_coast()[..8])).build().unwrap();
    let events = play(&mut g, Action::BuildSettlement(split_point()));
    assert_eq!((g.road_length(C), g.road_length(A), g.longest_road()), (6, 7, Some(A)));
    assert_eq!(award(&events), Some(Some(A)));
}

#[test]
fn r35_set_aside_on_a_tie_among_others_then_given_back() {
    // C holds with 7, cut to 3 + 4; A and B have 5 each: no one takes it.
    let top = top_coast();
    let mut g = splitter(scenario().roads(C, &top[..8]).roads(A, &bottom_coast()[..6]).roads(B, &west_coast()))
        .build()
        .unwrap();
    assert_eq!(g.longest_road(), Some(C));
    let events = play(&mut g, Action::BuildSettlement(split_point()));
    assert_eq!([A, B, C].map(|s| g.road_length(s)), [5, 5, 4]);
    assert_eq!((g.longest_road(), award(&events)), (None, Some(None)));
    assert_eq!(g.public_points(C), 0);
    // Later A's road grows to the one longest: A takes it.
    let bottom = bottom_coast();
    let mut g = Scenario::from_game(g).hand(A, Hand::ROAD).turn(A).rolled().build().unwrap();
    assert_eq!(g.longest_road(), None, "rebuilding the position keeps it set aside");
    let events = play(&mut g, Action::BuildRoad(trail(&bottom[5..7])[0]));
    assert_eq!((g.longest_road(), award(&events)), (Some(A), Some(Some(A))));
}

#[test]
fn r35_set_aside_when_no_one_has_five_then_given_back() {
    let top = top_coast();
    let mut g = splitter(scenario().roads(C, &top[..8]).roads(A, &bottom_coast()[..5])).build().unwrap();
    let events = play(&mut g, Action::BuildSettlement(split_point()));
    assert_eq!((g.road_length(C), g.road_length(A)), (4, 4));
    assert_eq!((g.longest_road(), award(&events)), (None, Some(None)));
    // C extends the eastern part to 5 and takes it back.
    let mut g = Scenario::from_game(g).hand(C, Hand::ROAD).turn(C).rolled().build().unwrap();
    let events = play(&mut g, Action::BuildRoad(trail(&top[7..9])[0]));
    assert_eq!((g.road_length(C), g.longest_road(), award(&events)), (5, Some(C), Some(Some(C))));
}

#[test]
fn r36_third_knight_takes_largest_army() {
    let mut g = scenario().knights(A, 2).dev(A, DevCard::Knight).build().unwrap();
    assert_eq!(g.largest_army(), None);
    let events = play(&mut g, Action::PlayKnight);
    assert!(has_event!(events, Event::LargestArmy { holder: A, knights: 3 }));
    assert_eq!((g.largest_army(), g.public_points(A)), (Some(A), 2));
}

#[test]
fn r36_only_strictly_more_knights_take_it() {
    let base = scenario().knights(B, 3).largest_army(Some(B)).dev(A, DevCard::Knight);
    let mut g = base.clone().knights(A, 2).build().unwrap();
    let events = play(&mut g, Action::PlayKnight);
    assert_eq!((g.knights_played(A), g.largest_army()), (3, Some(B)));
    assert!(!has_event!(events, Event::LargestArmy { .. }));
    let mut g = base.knights(A, 3).build().unwrap();
    play(&mut g, Action::PlayKnight);
    assert_eq!((g.largest_army(), g.public_points(B)), (Some(A), 0));
}

#[test]
fn r36_unplayed_knights_never_count() {
    let g = scenario().dev(A, DevCard::Knight).dev(A, DevCard::Knight).dev(A, DevCard::Knight).build().unwrap();
    assert_eq!((g.largest_army(), g.view(A).victory_points()), (None, 0));
}

#[test]
fn r37_points_by_source() {
    let g = scenario()
        .settlement(A, corner(HILLS_6, N))
        .settlement(A, corner(PASTURE_11, S))
        .city(A, corner(FOREST_3, S))
        .roads(A, &top_coast()[..6])
        .knights(A, 3)
        .dev(A, DevCard::VictoryPoint)
        .dev(A, DevCard::VictoryPoint)
        .build()
        .unwrap();
    assert_eq!((g.longest_road(), g.largest_army()), (Some(A), Some(A)));
    // 2 settlements + a city (2) + Longest Road (2) + Largest Army (2) + 2 hidden points.
    assert_eq!((g.public_points(A), g.view(A).victory_points()), (8, 10));
    assert_eq!(g.public_player(A).points, 8);
}

/// A with `points` from settlements and cities and a road leading to a free spot.
fn nearly(config: Config, cities: usize, settlements: usize) -> Scenario {
    let city_spots = [corner(MOUNTAINS_10, N), corner(FOREST_9, N), corner(HILLS_5, S), corner(PASTURE_11, S)];
    let settlement_spots = [corner(FIELDS_12, SW), corner(MOUNTAINS_8, S), corner(HILLS_6, S), corner(FIELDS_4, S)];
    let mut scn = scenario_with(config);
    for &v in &city_spots[..cities] {
        scn = scn.city(A, v);
    }
    for &v in &settlement_spots[..settlements] {
        scn = scn.settlement(A, v);
    }
    // A road from the last city to a free spot two paths away.
    scn.roads(A, &[corner(PASTURE_11, S), corner(PASTURE_11, SW), corner(FIELDS_6, NE)])
}

fn won(events: &[Event], s: Seat) -> bool {
    has_event!(events, Event::Won { seat, .. } if *seat == s)
}

#[test]
fn r37_target_option() {
    let config = Config { target: 5, ..Config::default() };
    let mut g = nearly(config, 2, 0).hand(A, Hand::SETTLEMENT).rolled().build().unwrap();
    assert_eq!(g.view(A).victory_points(), 4);
    let events = play(&mut g, Action::BuildSettlement(corner(FIELDS_6, NE)));
    assert!(won(&events, A));
    assert_eq!(g.phase(), Phase::Over { winner: A, shared: SeatSet::default() });
}

#[test]
fn r38_win_on_a_build() {
    let mut g = nearly(Config::default(), 4, 1).hand(A, Hand::SETTLEMENT).rolled().build().unwrap();
    assert_eq!(g.view(A).victory_points(), 9);
    let events = play(&mut g, Action::BuildSettlement(corner(FIELDS_6, NE)));
    assert!(won(&events, A));
    assert_eq!((g.winner(), g.is_over()), (Some(A), true));
    assert!(g.legal_actions().is_empty());
    refused(&mut g, Action::EndTurn, RuleError::GameOver);
}

#[test]
fn r38_victory_point_card_wins_at_purchase() {
    let mut g = nearly(Config::default(), 4, 1)
        .hand(A, Hand::DEVELOPMENT)
        .deck_top(DevCard::VictoryPoint)
        .rolled()
        .build()
        .unwrap();
    let events = play(&mut g, Action::BuyDevCard);
    assert!(won(&events, A));
    assert_eq!((g.winner(), g.view(A).victory_points(), g.public_points(A)), (Some(A), 10, 9));
}

#[test]
fn r38_win_by_taking_longest_road_with_a_road_building_card() {
    let top = top_coast();
    let mut g =
        nearly(Config::default(), 3, 2).roads(A, &top[..4]).dev(A, DevCard::RoadBuilding).rolled().build().unwrap();
    assert_eq!(g.view(A).victory_points(), 8);
    play(&mut g, Action::PlayRoadBuilding);
    let events = play(&mut g, Action::BuildRoad(trail(&top[3..5])[0]));
    assert!(!won(&events, A), "4 roads: no award yet");
    let events = play(&mut g, Action::BuildRoad(trail(&top[4..6])[0]));
    assert!(has_event!(events, Event::LongestRoad { holder: Some(A), .. }));
    assert!(won(&events, A));
}

#[test]
fn r38_win_by_largest_army_before_the_roll() {
    let mut g = nearly(Config::default(), 4, 0).knights(A, 2).dev(A, DevCard::Knight).build().unwrap();
    assert_eq!((g.phase(), g.view(A).victory_points()), (Phase::Roll, 8));
    let events = play(&mut g, Action::PlayKnight);
    assert!(won(&events, A));
}

#[test]
fn r38_winning_only_on_ones_own_turn() {
    // B sits on 10 points through A's turn; B wins as B's turn starts.
    let mut g = scenario()
        .city(B, corner(MOUNTAINS_10, N))
        .city(B, corner(FOREST_9, N))
        .city(B, corner(HILLS_5, S))
        .city(B, corner(PASTURE_11, S))
        .dev(B, DevCard::VictoryPoint)
        .dev(B, DevCard::VictoryPoint)
        .settlement(A, corner(HILLS_6, N))
        .hand(A, Hand::ROAD)
        .rolled()
        .build()
        .unwrap();
    assert_eq!(g.view(B).victory_points(), 10);
    play(&mut g, Action::BuildRoad(side(HILLS_6, catan::engine::Side::NE)));
    assert!(!g.is_over());
    let events = play(&mut g, Action::EndTurn);
    assert!(won(&events, B));
    assert_eq!(
        (g.phase(), g.current_player(), g.has_rolled()),
        (Phase::Over { winner: B, shared: SeatSet::default() }, B, false)
    );
}

#[test]
fn r38_target_reached_in_another_turn_wins_at_the_start_of_the_next() {
    // C holds Longest Road (7); A has 6 roads and 8 points. D's settlement cuts C's road:
    // A takes the award and reaches 10 in D's turn, and wins when A's turn starts.
    // B has sat on 10 points all along, but A's turn comes first.
    let mut scn = splitter(scenario().roads(C, &top_coast()[..8]).roads(A, &bottom_coast()[..7]));
    for v in [corner(HILLS_5, SW), corner(FIELDS_6, S), corner(FIELDS_4, SE)] {
        scn = scn.settlement(A, v);
    }
    for v in [corner(DESERT, SE), corner(PASTURE_4, SE)] {
        scn = scn.city(A, v);
    }
    scn = scn.dev(A, DevCard::VictoryPoint);
    for v in [corner(MOUNTAINS_8, NE), corner(MOUNTAINS_8, S), corner(FIELDS_12, S), corner(FOREST_11, S)] {
        scn = scn.city(B, v);
    }
    let mut g = scn.dev(B, DevCard::VictoryPoint).dev(B, DevCard::VictoryPoint).build().unwrap();
    assert_eq!((g.view(A).victory_points(), g.view(B).victory_points(), g.longest_road()), (8, 10, Some(C)));
    let events = play(&mut g, Action::BuildSettlement(split_point()));
    assert_eq!((g.longest_road(), g.view(A).victory_points()), (Some(A), 10));
    assert!(!won(&events, A) && !g.is_over(), "not A's turn");
    let events = play(&mut g, Action::EndTurn);
    assert!(won(&events, A));
    assert_eq!(g.phase(), Phase::Over { winner: A, shared: SeatSet::default() });
}
