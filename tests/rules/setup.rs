//! Rulings R1 to R12: the components, the board and the set-up.

use crate::support::board::*;
use catan::engine::{
    Action, BoardKind, Config, DevCard, DevHand, Event, Game, Hand, HarborKind, Phase, RuleError, Seat, Side, Terrain,
};

const KINDS: [BoardKind; 3] = [BoardKind::Variable, BoardKind::Beginner, BoardKind::Random];

fn game(kind: BoardKind, seed: u64) -> Game {
    Game::new(Config { board: kind, ..Config::default() }, seed).unwrap()
}

fn terrain_counts(g: &Game) -> [usize; 6] {
    [Terrain::Forest, Terrain::Pasture, Terrain::Fields, Terrain::Hills, Terrain::Mountains, Terrain::Desert]
        .map(|t| topo().hexes().filter(|&h| g.board().terrain(h) == t).count())
}

fn sorted_tokens(g: &Game) -> Vec<u8> {
    let mut t: Vec<u8> = topo().hexes().filter_map(|h| g.board().token(h)).collect();
    t.sort();
    t
}

/// True when a 6 or 8 shares a side with another 6 or 8.
fn red_numbers_touch(g: &Game) -> bool {
    let red = |h| matches!(g.board().token(h), Some(6 | 8));
    topo().hexes().any(|h| red(h) && topo().hex_neighbors(h).iter().any(|&o| red(o)))
}

#[test]
fn r1_terrain_and_number_tokens() {
    for kind in KINDS {
        for seed in 0..50 {
            let g = game(kind, seed);
            assert_eq!(terrain_counts(&g), [4, 4, 4, 3, 3, 1], "{kind:?} seed {seed}");
            assert_eq!(sorted_tokens(&g), [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]);
            for h in topo().hexes() {
                assert_eq!(g.board().token(h).is_none(), g.board().terrain(h) == Terrain::Desert);
            }
        }
    }
}

#[test]
fn r2_intersections_and_paths() {
    let t = topo();
    assert_eq!((t.num_hexes(), t.num_vertices(), t.num_edges()), (19, 54, 72));
    let touching = |n| t.vertices().filter(|&v| t.vertex_hexes(v).len() == n).count();
    assert_eq!((touching(3), touching(2), touching(1)), (24, 12, 18));
    assert_eq!(t.edges().filter(|&e| t.edge_hexes(e).len() == 1).count(), 30);
}

#[test]
fn r3_harbor_spots_and_mix() {
    // Clockwise from the top, as RULES.md lists them (row, hex in row, both 1-based).
    let spots = [
        (PASTURE_2, Side::NE),    // row 1 hex 2
        (HILLS_10, Side::NE),     // row 2 hex 4
        (MOUNTAINS_8, Side::E),   // row 3 hex 5
        (PASTURE_5, Side::SE),    // row 4 hex 4
        (FIELDS_6, Side::SE),     // row 5 hex 2
        (HILLS_5, Side::SW),      // row 5 hex 1
        (FOREST_8, Side::W),      // row 4 hex 1
        (FIELDS_12, Side::W),     // row 2 hex 1
        (MOUNTAINS_10, Side::NW), // row 1 hex 1
    ];
    let t = topo();
    assert_eq!(t.harbor_spots().len(), 9);
    for (spot, &(hex, s)) in t.harbor_spots().iter().zip(&spots) {
        assert_eq!((spot.hex, spot.side, spot.edge), (hex, s, side(hex, s)));
        assert_eq!(t.edge_hexes(spot.edge).len(), 1, "a harbor lies on the coast");
        let mut ends = t.edge_vertices(spot.edge);
        let mut vs = spot.vertices;
        ends.sort();
        vs.sort();
        assert_eq!(ends, vs);
    }
    for seed in 0..20 {
        let g = game(BoardKind::Variable, seed);
        let h = g.board().harbors();
        assert_eq!(h.iter().filter(|&&k| k == HarborKind::Generic).count(), 4);
        for r in catan::engine::Resource::ALL {
            assert_eq!(h.iter().filter(|&&k| k == HarborKind::Special(r)).count(), 1);
        }
        for (i, spot) in t.harbor_spots().iter().enumerate() {
            for v in spot.vertices {
                assert_eq!(g.board().harbor_at(v), Some(h[i]));
            }
        }
        assert_eq!(t.vertices().filter(|&v| g.board().harbor_at(v).is_some()).count(), 18);
    }
}

/// The development deck as saved: bottom card first.
fn deck(g: &Game) -> Vec<DevCard> {
    let json = serde_json::to_value(g).unwrap();
    serde_json::from_value(json["deck"].clone()).unwrap()
}

#[test]
fn r4_bank_and_development_deck() {
    let g = game(BoardKind::Variable, 4);
    assert_eq!(g.bank(), Hand::uniform(19));
    assert_eq!(g.deck_len(), 25);
    let mut counts = DevHand::default();
    for c in deck(&g) {
        counts[c] += 1;
    }
    assert_eq!(counts, DevHand([14, 5, 2, 2, 2]));
    // Shuffled by the game's RNG: the seed decides the order, the same seed the same order.
    assert_eq!(deck(&g), deck(&game(BoardKind::Variable, 4)));
    assert_ne!(deck(&g), deck(&game(BoardKind::Variable, 5)));
}

#[test]
fn r5_pieces_and_costs() {
    let g = game(BoardKind::Beginner, 1);
    for s in g.seats() {
        assert_eq!(g.pieces_left(s), (15, 5, 4));
    }
    assert_eq!(Hand::ROAD, hand(1, 1, 0, 0, 0));
    assert_eq!(Hand::SETTLEMENT, hand(1, 1, 1, 1, 0));
    assert_eq!(Hand::CITY, hand(0, 0, 0, 2, 3));
    assert_eq!(Hand::DEVELOPMENT, hand(0, 0, 1, 1, 1));
}

const SPIRAL: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

/// Every spiral over the island: from a corner hex of the outer ring, walking between
/// neighbours around each ring in turn, then the centre.
fn spirals() -> Vec<Vec<catan::engine::Hex>> {
    let t = topo();
    let centre = catan::engine::Hex(9);
    let ring = |h: catan::engine::Hex| {
        if h == centre {
            0
        } else if t.hex_neighbors(h).contains(&centre) {
            1
        } else {
            2
        }
    };
    fn extend(
        path: &mut Vec<catan::engine::Hex>,
        ring: &dyn Fn(catan::engine::Hex) -> u8,
        out: &mut Vec<Vec<catan::engine::Hex>>,
    ) {
        let t = topo();
        if path.len() == 19 {
            out.push(path.clone());
            return;
        }
        let last = *path.last().unwrap();
        let left_in_ring = t.hexes().any(|h| ring(h) == ring(last) && !path.contains(&h));
        for &n in t.hex_neighbors(last) {
            let wanted = if left_in_ring { ring(last) } else { ring(last).saturating_sub(1) };
            if !path.contains(&n) && ring(n) == wanted {
                path.push(n);
                extend(path, ring, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    for start in t.hexes().filter(|&h| t.hex_neighbors(h).len() == 3) {
        extend(&mut vec![start], &ring, &mut out);
    }
    out
}

#[test]
fn r6_variable_board_lays_tokens_in_the_spiral() {
    let spirals = spirals();
    assert!(spirals.len() >= 6, "one spiral per corner at least");
    for seed in 0..200 {
        let g = game(BoardKind::Variable, seed);
        let follows = |sp: &Vec<catan::engine::Hex>| {
            let tokens: Vec<u8> = sp.iter().filter_map(|&h| g.board().token(h)).collect();
            tokens == SPIRAL
        };
        assert!(spirals.iter().any(follows), "seed {seed}: tokens don't follow the spiral");
        assert!(!red_numbers_touch(&g), "seed {seed}: 6 and 8 side by side");
        for h in topo().hexes() {
            let same =
                |&o: &catan::engine::Hex| g.board().token(o) == g.board().token(h) && g.board().token(h).is_some();
            assert!(!topo().hex_neighbors(h).iter().any(same), "seed {seed}: equal numbers side by side");
        }
    }
    // Terrain and harbors are shuffled: seeds differ.
    let a = game(BoardKind::Variable, 1);
    let b = game(BoardKind::Variable, 2);
    assert!(topo().hexes().any(|h| a.board().terrain(h) != b.board().terrain(h)));
}

#[test]
fn r7_beginner_board() {
    use Terrain::*;
    let layout = [
        (Mountains, 10),
        (Pasture, 2),
        (Forest, 9),
        (Fields, 12),
        (Hills, 6),
        (Pasture, 4),
        (Hills, 10),
        (Fields, 9),
        (Forest, 11),
        (Desert, 0),
        (Forest, 3),
        (Mountains, 8),
        (Forest, 8),
        (Mountains, 3),
        (Fields, 4),
        (Pasture, 5),
        (Hills, 5),
        (Fields, 6),
        (Pasture, 11),
    ];
    use catan::engine::Resource::*;
    let harbors = [
        HarborKind::Special(Grain),
        HarborKind::Special(Ore),
        HarborKind::Generic,
        HarborKind::Special(Wool),
        HarborKind::Generic,
        HarborKind::Generic,
        HarborKind::Special(Brick),
        HarborKind::Special(Lumber),
        HarborKind::Generic,
    ];
    for seed in [1, 2, 99] {
        let g = game(BoardKind::Beginner, seed);
        for (h, &(t, tok)) in topo().hexes().zip(&layout) {
            assert_eq!((g.board().terrain(h), g.board().token(h).unwrap_or(0)), (t, tok), "{h:?}");
        }
        assert_eq!(g.board().harbors(), &harbors);
    }
}

#[test]
fn r8_random_board_and_desert_center() {
    for seed in 0..100 {
        let g = game(BoardKind::Random, seed);
        assert_eq!(terrain_counts(&g), [4, 4, 4, 3, 3, 1]);
        assert!(!red_numbers_touch(&g), "seed {seed}");
        for kind in [BoardKind::Variable, BoardKind::Random] {
            let g = Game::new(Config { board: kind, desert_center: true, ..Config::default() }, seed).unwrap();
            assert_eq!(g.board().terrain(DESERT), Terrain::Desert, "{kind:?} seed {seed}");
            assert_eq!(terrain_counts(&g), [4, 4, 4, 3, 3, 1]);
            assert!(!red_numbers_touch(&g));
        }
    }
    // Without the option the desert lands elsewhere for some seed.
    assert!((0..20).any(|s| game(BoardKind::Random, s).board().terrain(DESERT) != Terrain::Desert));
}

#[test]
fn r9_robber_starts_on_the_desert() {
    for kind in KINDS {
        for seed in 0..20 {
            let g = game(kind, seed);
            assert_eq!(g.board().terrain(g.board().robber()), Terrain::Desert);
        }
    }
}

#[test]
fn r10_highest_starting_roll_begins_and_ties_roll_again() {
    let mut starters = [0; 4];
    let mut saw_tie = false;
    for seed in 0..300 {
        let (g, events) = Game::new_with_events(Config::default(), seed).unwrap();
        let mut contenders: Vec<Seat> = g.seats().collect();
        let mut rolls = events.iter().filter_map(|e| match *e {
            Event::StartingRoll { seat, dice } => Some((seat, dice[0] + dice[1])),
            _ => None,
        });
        loop {
            let round: Vec<(Seat, u8)> = contenders.iter().map(|_| rolls.next().expect("a roll")).collect();
            assert_eq!(round.iter().map(|r| r.0).collect::<Vec<_>>(), contenders, "seat order");
            let best = round.iter().map(|r| r.1).max().unwrap();
            contenders = round.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
            if contenders.len() == 1 {
                break;
            }
            saw_tie = true;
        }
        assert!(rolls.next().is_none(), "no rolls after the start is decided");
        assert_eq!(events.last(), Some(&Event::FirstPlayer { seat: contenders[0] }));
        assert_eq!(g.first_player(), contenders[0]);
        assert_eq!(g.to_act(), contenders[0], "the starting player places first");
        starters[contenders[0].index()] += 1;
    }
    assert!(saw_tie, "some seed has a tie for the highest roll");
    assert!(starters.iter().all(|&n| n > 30), "every seat starts sometimes: {starters:?}");
}

/// Plays the whole set-up with the lowest legal choice, returning who placed each piece.
fn setup_order(g: &mut Game) -> Vec<Seat> {
    let mut order = Vec::new();
    while matches!(g.phase(), Phase::Setup { .. }) {
        let a = g.legal_actions()[0];
        assert_eq!(g.current_player(), g.to_act());
        if matches!(a, Action::BuildSettlement(_)) {
            order.push(g.to_act());
        }
        play(g, a);
    }
    order
}

#[test]
fn r11_snake_draft_order() {
    for (players, seed) in [(4, 1), (3, 2), (2, 3), (4, 7)] {
        let mut g = Game::new(Config::with_players(players), seed).unwrap();
        let f = g.first_player().0;
        let forward: Vec<Seat> = (0..players).map(|i| Seat((f + i) % players)).collect();
        let mut expected = forward.clone();
        expected.extend(forward.iter().rev());
        assert_eq!(setup_order(&mut g), expected, "{players} players");
    }
}

#[test]
fn r11_setup_placement_rules() {
    let mut g = Game::new(beginner(), 1).unwrap();
    refused(
        &mut g,
        Action::BuildRoad(side(HILLS_6, Side::NE)),
        RuleError::NotNow("in set-up, place a settlement and then a road"),
    );
    refused(&mut g, Action::RollDice, RuleError::NotNow("the dice are rolled once, at the start of a turn"));
    let first = corner(HILLS_6, N);
    play(&mut g, Action::BuildSettlement(first));
    refused(
        &mut g,
        Action::BuildSettlement(corner(DESERT, N)),
        RuleError::NotNow("in set-up, place a settlement and then a road"),
    );
    // The road must touch the settlement just placed.
    refused(&mut g, Action::BuildRoad(side(DESERT, Side::NE)), RuleError::SetupRoadAway);
    play(&mut g, Action::BuildRoad(side(HILLS_6, Side::NE)));
    // The distance rule (R24) holds in set-up too.
    refused(&mut g, Action::BuildSettlement(first), RuleError::VertexTaken);
    refused(&mut g, Action::BuildSettlement(corner(HILLS_6, NE)), RuleError::DistanceRule);
    // No road connection is needed: any free intersection far away will do.
    play(&mut g, Action::BuildSettlement(corner(PASTURE_11, S)));
}

#[test]
fn r12_second_settlement_pays_and_the_starter_takes_the_first_turn() {
    let mut g = Game::new(beginner(), 1).unwrap();
    let n = g.num_players();
    // Spots chosen so that each player's second settlement touches known hexes.
    let firsts = [corner(MOUNTAINS_10, N), corner(FOREST_9, N), corner(FIELDS_9, SW), corner(PASTURE_11, S)];
    // Hills 6 (brick), pasture 4 (wool) and the desert (nothing); then three-hex spots.
    let seconds = [corner(DESERT, N), corner(FOREST_3, SE), corner(MOUNTAINS_3, S), corner(FOREST_8, N)];
    let mut taken = Vec::new();
    for i in 0..2 * n {
        let s = g.to_act();
        let v = if i < n { firsts[i] } else { seconds[i - n] };
        let events = play(&mut g, Action::BuildSettlement(v));
        let paid = events.iter().find_map(|e| match *e {
            Event::SetupResources { seat, cards } => Some((seat, cards)),
            _ => None,
        });
        if i < n {
            assert_eq!(paid, None, "the first settlement pays nothing");
            assert_eq!(g.view(s).hand(), Hand::EMPTY);
        } else {
            let mut expected = Hand::EMPTY;
            for &h in topo().vertex_hexes(v) {
                if let Some(r) = g.board().terrain(h).resource() {
                    expected[r] += 1;
                }
            }
            assert_eq!(paid, Some((s, expected)));
            assert_eq!(g.view(s).hand(), expected);
            taken.push(expected);
        }
        let road = *topo().vertex_edges(v).iter().find(|&&e| g.road_at(e).is_none()).unwrap();
        play(&mut g, Action::BuildRoad(road));
    }
    // Hills 6 and pasture 4 around the desert's north corner: one brick and one wool.
    assert_eq!(taken[0], hand(1, 0, 1, 0, 0));
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.current_player(), g.first_player());
    assert_eq!(g.turn_number(), 1);
    let total: u32 = g.seats().map(|s| g.view(s).hand().total()).sum();
    assert_eq!(total + g.bank().total(), 95);
}
