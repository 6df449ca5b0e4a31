//! R40 and R40a: the 5-6 player game: its components and set-up, the Special Building Phase, and
//! paired players.

use catan::engine::{
    Action, BoardKind, Config, DevCard, DevHand, Event, Game, Hand, HarborKind, Hex, MapId, Module, Modules, Phase,
    Resource, RuleError, Scenario, Seat, Terrain, TurnStyle, UnitKind, Vertex,
};

use crate::support::board::{hand, play, refused};

const A: Seat = Seat(0);
const B: Seat = Seat(1);
const C: Seat = Seat(2);
const D: Seat = Seat(3);
const E: Seat = Seat(4);

/// A corner of a hex of the 5-6 island.
fn corner(h: u8, c: usize) -> Vertex {
    MapId::FiveSix.topology().hex_vertices(Hex(h))[c]
}

/// Two far-apart corners for a player's settlements.
fn far_corners() -> (Vertex, Vertex) {
    (corner(14, 0), corner(28, 3))
}

#[test]
fn r40_components_of_the_five_six_game() {
    for seed in 0..60 {
        let g = Game::new(Config::with_players(6), seed).unwrap();
        let topo = g.topology();
        assert_eq!(topo.num_hexes(), 30);
        let board = g.board();
        let count = |t| topo.hexes().filter(|&h| board.terrain(h) == t).count();
        let terrains =
            [Terrain::Forest, Terrain::Pasture, Terrain::Fields, Terrain::Hills, Terrain::Mountains, Terrain::Desert];
        assert_eq!(terrains.map(count), [6, 6, 6, 5, 5, 2]);
        let mut tokens: Vec<u8> = topo.hexes().filter_map(|h| board.token(h)).collect();
        tokens.sort();
        let mut expected = vec![2, 2, 12, 12];
        for t in [3, 4, 5, 6, 8, 9, 10, 11] {
            expected.extend([t; 3]);
        }
        expected.sort();
        assert_eq!(tokens, expected, "28 tokens");
        assert!(!board.red_numbers_touch(), "seed {seed}: a 6 or 8 beside another");
        assert_eq!(board.terrain(board.robber()), Terrain::Desert);
        let harbors = board.harbors();
        assert_eq!(harbors.len(), 11);
        assert_eq!(harbors.iter().filter(|&&h| h == HarborKind::Generic).count(), 5);
        assert_eq!(harbors.iter().filter(|&&h| h == HarborKind::Special(Resource::Wool)).count(), 2);
        for r in [Resource::Brick, Resource::Lumber, Resource::Grain, Resource::Ore] {
            assert_eq!(harbors.iter().filter(|&&h| h == HarborKind::Special(r)).count(), 1);
        }
        let view = g.view(A);
        assert_eq!(view.bank(), Hand::uniform(24));
        assert_eq!(view.deck_len(), 34);
        assert_eq!(g.config().deck.0, [20, 5, 3, 3, 3]);
    }
}

/// R40 with R11 and R12: six players place in snake order, and the second settlement pays.
#[test]
fn r40_set_up_with_six_players() {
    let mut g = Game::new(Config::with_players(6), 3).unwrap();
    let first = g.first_player();
    let mut order = Vec::new();
    let mut paid = 0;
    let mut second: Vec<Option<Vertex>> = vec![None; 6];
    while g.turn_number() == 0 {
        let s = g.to_act();
        let a = g.legal_actions()[0];
        if let Action::BuildSettlement(v) = a {
            order.push(s.0);
            if order.len() > 6 {
                second[s.index()] = Some(v);
            }
        }
        for e in g.apply(a).unwrap() {
            if let Event::SetupResources { cards, .. } = e {
                paid += cards.total();
            }
        }
    }
    let f = first.0;
    let forward: Vec<u8> = (0..6).map(|i| (f + i) % 6).collect();
    let backward: Vec<u8> = forward.iter().rev().copied().collect();
    assert_eq!(order, [forward, backward].concat());
    let producing: u32 = second
        .iter()
        .map(|v| {
            let v = v.expect("every player placed twice");
            g.topology().vertex_hexes(v).iter().filter(|&&h| g.board().terrain(h) != Terrain::Desert).count() as u32
        })
        .sum();
    assert_eq!(paid, producing, "one card per producing hex around each second settlement");
    assert_eq!(g.phase(), Phase::Roll);
}

/// R40: after each turn every other player in turn order may build and buy; then the next
/// player's turn begins.
#[test]
fn r40_special_building_phase_after_each_turn() {
    let (v, _) = far_corners();
    let road = MapId::FiveSix.topology().vertex_edges(v)[0];
    let mut g = Scenario::new(Config::with_players(5), 1)
        .turn(A)
        .settlement(B, v)
        .hand(B, Hand::new([1, 1, 1, 3, 4]))
        .dev(B, DevCard::Monopoly)
        .deck_top(DevCard::Knight)
        .rolled()
        .build()
        .unwrap();
    let events = play(&mut g, Action::EndTurn);
    assert!(events.contains(&Event::SpecialBuilding { seat: B }));
    assert_eq!(g.phase(), Phase::SpecialBuilding { seat: B });
    assert_eq!(g.to_act(), B);
    let no = RuleError::NotNow("in the special building phase, only build, buy a card or pass");
    refused(&mut g, Action::MaritimeTrade { give: Resource::Grain, get: Resource::Ore, rate: 4 }, no.clone());
    refused(&mut g, Action::PlayMonopoly(Resource::Ore), no.clone());
    refused(&mut g, Action::RollDice, RuleError::NotNow("the dice are rolled once, at the start of a turn"));
    let offer = Action::OfferTrade { give: hand(0, 0, 0, 1, 0), get: hand(1, 0, 0, 0, 0), to: Default::default() };
    assert_eq!(g.check(offer), Err(no));
    play(&mut g, Action::BuildRoad(road));
    play(&mut g, Action::BuildCity(v));
    play(&mut g, Action::BuyDevCard);
    assert_eq!(g.view(B).bought_this_turn(), DevHand::default(), "not this turn's purchase");
    for next in [C, D, E] {
        let events = play(&mut g, Action::EndTurn);
        assert!(events.contains(&Event::SpecialBuilding { seat: next }));
        assert_eq!(g.to_act(), next);
    }
    let events = play(&mut g, Action::EndTurn);
    assert!(events.contains(&Event::TurnStarted { seat: B, number: 2 }));
    assert_eq!((g.phase(), g.current_player()), (Phase::Roll, B));
    // The knight bought in the Special Building Phase is B's to play on B's own turn.
    play(&mut g, Action::PlayKnight);
}

/// R40: no one wins in the Special Building Phase, only as their own turn starts.
#[test]
fn r40_no_win_until_ones_own_turn() {
    let (v, w) = far_corners();
    let config = Config { target: 3, ..Config::with_players(5) };
    let mut g = Scenario::new(config, 1)
        .turn(A)
        .settlement(B, v)
        .settlement(B, w)
        .hand(B, Hand::CITY)
        .rolled()
        .build()
        .unwrap();
    play(&mut g, Action::EndTurn);
    let events = play(&mut g, Action::BuildCity(v));
    assert!(!events.iter().any(|e| matches!(e, Event::Won { .. })));
    assert!(!g.is_over());
    for _ in [B, C, D] {
        play(&mut g, Action::EndTurn);
        assert!(!g.is_over());
    }
    let events = play(&mut g, Action::EndTurn);
    assert!(events.contains(&Event::Won { seat: B, points: 3 }));
    assert_eq!(g.winner(), Some(B));
}

/// R40 is the default for five and six players only; the base game has no such phase.
#[test]
fn r40_the_phase_belongs_to_the_five_six_game() {
    assert_eq!(Config::default().turns, TurnStyle::Plain);
    let mut g =
        Scenario::new(Config { board: BoardKind::Beginner, ..Config::default() }, 1).turn(A).rolled().build().unwrap();
    play(&mut g, Action::EndTurn);
    assert_eq!((g.phase(), g.current_player()), (Phase::Roll, B));
}

/// R40a: paired players share a turn: the second (the third player after the first) builds,
/// buys, trades with the bank and plays a card, but trades with no player; then the turn passes
/// to the player after the first.
#[test]
fn r40a_paired_players_share_a_turn() {
    let config = Config { turns: TurnStyle::Paired, ..Config::with_players(6) };
    let mut g = Scenario::new(config, 1)
        .turn(A)
        .hand(D, hand(0, 4, 0, 0, 0))
        .dev(D, DevCard::Monopoly)
        .rolled()
        .build()
        .unwrap();
    let events = play(&mut g, Action::EndTurn);
    assert!(events.contains(&Event::SecondOfPair { seat: D, first: A }));
    assert_eq!((g.phase(), g.to_act()), (Phase::Main, D));
    let offer = Action::OfferTrade { give: hand(0, 1, 0, 0, 0), get: hand(1, 0, 0, 0, 0), to: Default::default() };
    assert_eq!(g.check(offer), Err(RuleError::NotNow("the second player of a pair trades only with the bank (R40a)")));
    play(&mut g, Action::MaritimeTrade { give: Resource::Lumber, get: Resource::Ore, rate: 4 });
    play(&mut g, Action::PlayMonopoly(Resource::Wool));
    let events = play(&mut g, Action::EndTurn);
    assert!(events.contains(&Event::TurnStarted { seat: B, number: 2 }));
    assert_eq!((g.phase(), g.to_act()), (Phase::Roll, B));
}

/// R40a: either player of the pair may win during the turn.
#[test]
fn r40a_the_second_player_may_win_in_the_turn() {
    let t = MapId::FiveSix.topology();
    let (v, w) = (t.hex_vertices(Hex(14))[0], t.hex_vertices(Hex(28))[3]);
    let config = Config { turns: TurnStyle::Paired, target: 3, ..Config::with_players(6) };
    let mut g = Scenario::new(config, 1)
        .turn(A)
        .settlement(D, v)
        .settlement(D, w)
        .hand(D, Hand::CITY)
        .rolled()
        .build()
        .unwrap();
    play(&mut g, Action::EndTurn);
    let events = play(&mut g, Action::BuildCity(v));
    assert!(events.contains(&Event::Won { seat: D, points: 3 }));
    assert_eq!(g.winner(), Some(D));
}

/// Roads of `s` on a trail through neighbouring intersections of the 5-6 island.
fn five_six_roads(mut scn: Scenario, s: Seat, vs: &[Vertex]) -> Scenario {
    let t = MapId::FiveSix.topology();
    for w in vs.windows(2) {
        scn = scn.road(s, t.edge_between(w[0], w[1]).expect("neighbouring intersections"));
    }
    scn
}

/// R40a with R38: the shared turn is the first player's own turn too, so a win that comes to
/// them in the second player's part is theirs at once. C holds Longest Road (8 roads along the
/// top of the island's middle row); A has 8 points and a 5-road trail; in D's part of A's
/// turn, D's settlement cuts C's road, Longest Road goes to A, who has 10 and wins then.
#[test]
fn r40a_r38_the_first_player_wins_in_the_partners_part() {
    let (n, ne, se, s, sw) = (0, 1, 2, 3, 4);
    let c = |h: u8, i: usize| corner(h, i);
    // The middle row is hexes 12 to 17; the bottom row 27 to 29.
    let top_of_row = [c(12, 5), c(12, n), c(12, ne), c(13, n), c(13, ne), c(14, n), c(14, ne), c(15, n), c(15, ne)];
    let split = c(13, ne);
    let bottom = [c(27, sw), c(27, s), c(27, se), c(28, s), c(28, se), c(29, s)];
    let config = Config { turns: TurnStyle::Paired, ..Config::with_players(5) };
    let mut scn = Scenario::new(config, 1).turn(A).rolled();
    scn = five_six_roads(scn, C, &top_of_row);
    scn = five_six_roads(scn, A, &bottom);
    scn = five_six_roads(scn, D, &[c(13, s), c(13, se), split]);
    for v in [c(0, n), c(1, n), c(2, n), c(27, sw)] {
        scn = scn.city(A, v);
    }
    let mut g = scn.settlement(D, c(13, s)).hand(D, Hand::SETTLEMENT).build().unwrap();
    assert_eq!((g.longest_road(), g.public_points(A)), (Some(C), 8));
    play(&mut g, Action::EndTurn);
    assert_eq!((g.to_act(), g.paired_with()), (D, Some(A)));
    let events = play(&mut g, Action::BuildSettlement(split));
    assert!(events.contains(&Event::LongestRoad { holder: Some(A), length: 5 }), "{events:?}");
    assert_eq!(events.last(), Some(&Event::Won { seat: A, points: 10 }), "{events:?}");
    assert_eq!(g.winner(), Some(A));
}

/// R40a with units ("Settled for R51-R57"): each part of a paired turn is a turn of its
/// player's for the unit rules: A's unit built and actions in A's part do not use up D's, and
/// in D's part D's units act, not A's.
#[test]
fn r40a_r52_each_part_of_a_paired_turn_has_its_own_units_built_and_actions() {
    let config = Config { turns: TurnStyle::Paired, ..Config::with_players(5) }
        .with_modules(Modules::NONE.with(Module::Knights));
    let (a_home, d_home) = (Hex(14), Hex(28));
    let step = |h: Hex| MapId::FiveSix.topology().hex_neighbors(h)[0];
    let build = |hex| Action::BuildKnight { kind: UnitKind::Knight, hex };
    let mut g = Scenario::new(config, 1)
        .turn(A)
        .settlement(A, corner(14, 0))
        .settlement(D, corner(28, 3))
        .unit(A, UnitKind::Knight, a_home)
        .unit(D, UnitKind::Knight, d_home)
        .hand(A, hand(0, 0, 2, 0, 2))
        .hand(D, hand(0, 0, 2, 0, 2))
        .rolled()
        .build()
        .unwrap();
    // A's part: one unit built, A's first unit moves.
    play(&mut g, build(a_home));
    refused(&mut g, build(a_home), RuleError::UnitsThisTurn(1));
    play(&mut g, Action::MoveKnight { unit: 0, to: step(a_home) });
    assert_eq!(g.unit_actions_used(A, 0), 1);
    let a_units: Vec<Hex> = g.knight_units(A).map(|k| k.2).collect();
    // D's part: D's units are fresh, D builds a unit of their own (A's build didn't use it
    // up) and moves theirs (A's move didn't use it); A's units stay where they are.
    play(&mut g, Action::EndTurn);
    assert_eq!((g.to_act(), g.paired_with()), (D, Some(A)));
    assert_eq!(g.unit_actions_used(D, 0), 0);
    play(&mut g, build(d_home));
    refused(&mut g, build(d_home), RuleError::UnitsThisTurn(1));
    play(&mut g, Action::MoveKnight { unit: 0, to: step(d_home) });
    assert_eq!(g.unit_actions_used(D, 0), 1);
    refused(&mut g, Action::MoveKnight { unit: 0, to: d_home }, RuleError::UnitMoved);
    assert_eq!(g.knight_units(D).map(|k| k.2).collect::<Vec<Hex>>(), [step(d_home), d_home]);
    assert_eq!(g.knight_units(A).map(|k| k.2).collect::<Vec<Hex>>(), a_units, "A's units act in A's part only");
    // Then B's turn: D's part is over and with it D's unit actions.
    play(&mut g, Action::EndTurn);
    assert_eq!(g.current_player(), B);
    assert_eq!(g.unit_actions_used(D, 0), 0);
}
