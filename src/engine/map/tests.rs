use super::*;
use crate::engine::coords::{Hex, Side};

#[test]
fn shipped_maps_validate() {
    for map in MapId::ALL {
        let t = MapSpec::build(map.source()).unwrap_or_else(|e| panic!("{}: {e}", map.name()));
        assert_eq!(t.name(), map.name());
        assert_eq!(MapId::from_name(map.name()), Some(map));
    }
}

#[test]
fn r2_counts_of_intersections_and_paths() {
    let t = MapId::Standard.topology();
    assert_eq!(t.num_hexes(), 19);
    assert_eq!(t.num_vertices(), 54);
    assert_eq!(t.num_edges(), 72);
    let by_hexes = |n| t.vertices().filter(|&v| t.vertex_hexes(v).len() == n).count();
    assert_eq!((by_hexes(3), by_hexes(2), by_hexes(1)), (24, 12, 18));
    assert_eq!(t.edges().filter(|&e| t.edge_hexes(e).len() == 1).count(), 30);
    assert_eq!(t.sea_positions().len(), 18, "the frame's 18 sea hexes");
}

/// Hex numbers and positions are those saves were written with: rows 3, 4, 5, 4, 3, the
/// leftmost centre at x = 0.
#[test]
fn standard_numbering_is_unchanged() {
    let t = MapId::Standard.topology();
    let mut h = 0;
    for (r, len) in [3i16, 4, 5, 4, 3].into_iter().enumerate() {
        for j in 0..len {
            assert_eq!(t.hex_pos(Hex(h)), (5 - len + 2 * j, 3 * r as i16));
            h += 1;
        }
    }
    assert_eq!(t.centre(), Some(Hex(9)));
}

#[test]
fn r3_nine_harbor_spots_on_distinct_coastal_intersections() {
    let t = MapId::Standard.topology();
    assert_eq!(t.harbor_spots().len(), 9);
    assert_eq!(t.vertices().filter(|&v| t.vertex_harbor(v).is_some()).count(), 18);
    let first = t.harbor_spots()[0];
    assert_eq!((first.hex, first.side), (Hex(1), Side::NE));
    for s in t.harbor_spots() {
        assert_eq!(t.edge_hexes(s.edge), &[s.hex], "a harbor lies on the coast");
    }
}

#[test]
fn neighbours_are_symmetric_and_corners_shared() {
    for map in MapId::ALL {
        let t = map.topology();
        for v in t.vertices() {
            for &n in t.vertex_neighbors(v) {
                assert!(t.vertex_neighbors(n).contains(&v));
                assert!(t.edge_between(v, n).is_some());
            }
            assert!((2..=3).contains(&t.vertex_neighbors(v).len()));
        }
    }
    let t = MapId::Standard.topology();
    assert_eq!(t.hex_neighbors(Hex(9)).len(), 6);
}

#[test]
fn r6_token_paths_visit_every_hex_once_walking_between_neighbours() {
    for map in MapId::ALL {
        let t = map.topology();
        assert!(!t.token_paths().is_empty());
        for (c, s) in t.token_paths().iter().enumerate() {
            let mut sorted = s.to_vec();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), t.num_hexes());
            for w in s.windows(2) {
                assert!(t.hex_neighbors(w[0]).contains(&w[1]), "{} path {c} jumps {:?} {:?}", t.name(), w[0], w[1]);
            }
        }
    }
}

/// R40: the 5-6 player island's parts.
#[test]
fn r40_five_six_island() {
    let t = MapId::FiveSix.topology();
    assert_eq!(t.num_hexes(), 30);
    let rows: Vec<usize> = t.rows().iter().map(Vec::len).collect();
    assert_eq!(rows, [3, 4, 5, 6, 5, 4, 3]);
    assert_eq!(t.harbor_spots().len(), 11);
    assert_eq!(t.vertices().filter(|&v| t.vertex_harbor(v).is_some()).count(), 22);
    assert_eq!(t.token_paths().len(), 4, "JSettlers2's four start paths");
    assert_eq!(t.bank(), 24);
    assert_eq!(t.deck().0, [20, 5, 3, 3, 3]);
    assert_eq!(t.players(), (5, 6));
    assert_eq!(t.centre(), None);
    assert!(t.num_vertices() <= 128 && t.num_edges() <= 128);
}

/// A broken map file is refused with an error that names the problem.
#[test]
fn broken_maps_give_a_map_error_naming_the_problem() {
    let good = MapId::Standard.source();
    let edit = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        match MapSpec::build(&good.replacen(from, to, 1)) {
            Ok(_) => panic!("{from:?} -> {to:?} was accepted"),
            Err(e) => e,
        }
    };
    assert!(matches!(MapSpec::build("{"), Err(MapError::Syntax(_))));
    assert_eq!(edit("\"desert\": 1", "\"desert\": 2"), MapError::TerrainCount { terrain: 20, land: 19 });
    assert_eq!(edit("[5, 2, 6,", "[5, 7, 6,"), MapError::BadToken(7));
    assert_eq!(edit("[5, 2, 6,", "[5, 6,"), MapError::TokenCount { tokens: 17, producing: 18 });
    assert_eq!(edit("[0, -2], [1, -2]", "[0, -2], [0, -2]"), MapError::Duplicate(0, -2));
    assert_eq!(edit("{ \"sea\": [2, -3], \"facing\": \"SW\" }", "{ \"sea\": [1, -1], \"facing\": \"SW\" }"), {
        MapError::HarborNotOnSea(0, 1, -1)
    });
    assert_eq!(edit("\"sea\": [2, -3], \"facing\": \"SW\"", "\"sea\": [2, -3], \"facing\": \"E\""), {
        MapError::HarborNotFacingLand(0)
    });
    assert_eq!(edit("\"sea\": [3, -2], \"facing\": \"SW\"", "\"sea\": [2, -3], \"facing\": \"SE\""), {
        MapError::HarborsTouch(0, 1)
    });
    assert_eq!(edit("\"generic\", \"brick\"", "\"gold\", \"brick\""), MapError::UnknownHarbor("gold".into()));
    assert_eq!(
        edit("[2, -2],\n", "[9, -9],\n").to_string(),
        "the land is in pieces: hex [9, -9] is not joined to the rest"
    );
    assert_eq!(edit("\"centre\": [0, 0]", "\"centre\": [5, 5]"), MapError::BadCentre(5, 5));
    assert!(matches!(edit("\"knight\": 14", "\"knight\": 40"), MapError::Deck(51)));
    assert!(matches!(edit("\"title\"", "\"colour\""), MapError::Syntax(_)), "unknown fields are refused");
    let msg = edit("\"desert\": 1", "\"desert\": 2").to_string();
    assert_eq!(msg, "the terrain adds up to 20 hexes but the map has 19 land hexes");
}
