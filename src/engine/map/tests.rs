use super::*;
use crate::engine::coords::{Hex, SeaHex, Side};
use crate::engine::sets::{HexSet, IntersectionSet, SeaSet};

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
    // A path walks between neighbours, and leaves an island (R51) only once it is done.
    for map in MapId::ALL {
        let t = map.topology();
        assert!(!t.token_paths().is_empty());
        for (c, s) in t.token_paths().iter().enumerate() {
            let mut sorted = s.to_vec();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), t.num_hexes());
            for (i, w) in s.windows(2).enumerate() {
                let (from, to) = (t.island_of(w[0]), t.island_of(w[1]));
                let walks = t.hex_neighbors(w[0]).contains(&w[1]);
                let island_done = from != to && s[i + 1..].iter().all(|&h| t.island_of(h) != from);
                assert!(walks || island_done, "{} path {c} jumps {:?} {:?}", t.name(), w[0], w[1]);
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
        "the map is in pieces: hex [9, -9] is joined to the rest by neither land nor sea"
    );
    assert_eq!(edit("\"centre\": [0, 0]", "\"centre\": [5, 5]"), MapError::BadCentre(5, 5));
    assert!(matches!(edit("\"knight\": 14", "\"knight\": 40"), MapError::Deck(51)));
    assert!(matches!(edit("\"title\"", "\"colour\""), MapError::Syntax(_)), "unknown fields are refused");
    let msg = edit("\"desert\": 1", "\"desert\": 2").to_string();
    assert_eq!(msg, "the terrain adds up to 20 hexes but the map has 19 land hexes");
}

/// R51: the sea of the shipped islands, numbered apart from the land, with its adjacency.
#[test]
fn r51_sea_hexes_and_their_neighbours() {
    for (map, sea, harbors) in [(MapId::Standard, 18, 9), (MapId::FiveSix, 22, 11)] {
        let t = map.topology();
        assert_eq!(t.num_sea_hexes(), sea, "{}", t.name());
        assert_eq!(t.islands().len(), 1, "one island");
        assert_eq!(t.islands()[0], HexSet::first(t.num_hexes()));
        assert_eq!(t.setup_vertices(), IntersectionSet::first(t.num_vertices()), "set-up anywhere");
        assert_eq!(t.colonist_islands(), [0]);
        // A ring: every sea hex has two sea neighbours and touches the land.
        for s in t.sea_hexes() {
            assert_eq!(t.sea_neighbors(s).len(), 2, "{} {s:?}", t.name());
            assert!(!t.sea_coast(s).is_empty());
            for o in t.sea_neighbors(s) {
                assert!(t.sea_neighbors(o).contains(s), "sea-sea is symmetric");
            }
            for h in t.sea_coast(s) {
                assert!(t.hex_sea(h).contains(s), "sea-land and land-sea agree");
            }
        }
        // Each land hex has six sides: land or sea.
        for h in t.hexes() {
            assert_eq!(t.hex_neighbors(h).len() + t.hex_sea(h).len() as usize, 6);
        }
        assert_eq!(t.harbor_spots().len(), harbors);
        for spot in t.harbor_spots() {
            assert!(t.sea_coast(spot.sea).contains(spot.hex), "a harbor's sea hex faces its land hex");
        }
    }
    let t = MapId::Standard.topology();
    // Sea hexes are numbered row by row: the top row of four first.
    assert_eq!((0..4).map(|s| t.sea_pos(SeaHex(s)).1).collect::<Vec<_>>(), [-3; 4]);
    assert_eq!(t.hex_sea(Hex(9)), SeaSet::EMPTY, "the centre is inland");
    assert_eq!(t.harbor_spots()[0].sea, SeaHex(2));
}

/// A map of two one-hex islands with sea around and between them, and `extra` fields.
fn two_islands(extra: &str) -> String {
    format!(
        r#"{{ "name": "two", "title": "Two", "players": [2, 4],
        "land": [[0, 0], [3, 0]],
        "sea": [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1],
                [4, -1], [4, 0], [3, 1], [2, 1], [2, 0], [3, -1]],
        "terrain": {{"forest": 1, "hills": 1}}, "tokens": [6, 8],
        "token_paths": {{ "paths": [[[0, 0], [3, 0]]] }},
        "harbor_spots": [], "harbors": [], "bank": 19, "deck": {{"knight": 14}} {extra} }}"#
    )
}

/// R51: islands are land joined by land; set-up and R55 name them; every flaw is a MapError.
#[test]
fn r51_islands_set_up_and_their_errors() {
    let t = MapSpec::build(&two_islands("")).expect("islands in one sea are a map");
    assert_eq!(t.islands(), [HexSet::one(Hex(0)), HexSet::one(Hex(1))]);
    assert_eq!((t.island_of(Hex(0)), t.island_of(Hex(1))), (0, 1));
    assert_eq!(t.setup_islands(), [0, 1]);
    let t = MapSpec::build(&two_islands(r#", "setup": [[3, 0]], "colonist": [[0, 0]]"#)).unwrap();
    assert_eq!((t.setup_islands(), t.colonist_islands()), (&[1][..], &[0][..]));
    assert_eq!(t.setup_vertices(), t.hex_vertex_set(Hex(1)));
    let err = |extra: &str| MapSpec::build(&two_islands(extra)).unwrap_err();
    assert_eq!(err(r#", "setup": [[1, 0]]"#), MapError::IslandNotLand("setup", 1, 0));
    assert_eq!(err(r#", "colonist": [[3, 0], [3, 0]]"#), MapError::IslandTwice("colonist", 3, 0));
    assert_eq!(err(r#", "setup": []"#), MapError::NoIslands("setup"));
    // Without the sea between them the islands are in pieces; without the sea around, the
    // coast is open.
    let apart = two_islands("").replace("[1, 0], ", "");
    assert_eq!(MapSpec::build(&apart).unwrap_err(), MapError::Disconnected(0, 0));
    let open = two_islands("").replace("[-1, 0], ", "");
    assert_eq!(MapSpec::build(&open).unwrap_err(), MapError::OpenCoast(0, 0));
    let sea: Vec<String> = (0..70).map(|i| format!("[{}, 5]", i + 10)).collect();
    let wide = two_islands("").replace("[3, -1]]", &format!("[3, -1], {}]", sea.join(", ")));
    assert_eq!(MapSpec::build(&wide).unwrap_err(), MapError::TooManySeaHexes(82));
}

/// R51: the archipelago, a main island and three small ones with sea between them; set-up on
/// the main island only, the small ones count for R55.
#[test]
fn r51_archipelago_counts() {
    let t = MapId::Archipelago.topology();
    assert_eq!(MapId::from_name("archipelago"), Some(MapId::Archipelago));
    assert_eq!((t.num_hexes(), t.num_sea_hexes()), (28, 37));
    assert_eq!((t.num_vertices(), t.num_edges()), (93, 117));
    let sizes: Vec<u32> = t.islands().iter().map(|i| i.len()).collect();
    assert_eq!(sizes, [3, 19, 3, 3], "islands numbered by their first hex: the top one first");
    let main = t.islands().iter().position(|i| i.len() == 19).unwrap() as u8;
    assert_eq!(t.setup_islands(), [main]);
    assert_eq!(t.colonist_islands().len(), 3);
    assert!(!t.colonist_islands().contains(&main));
    assert_eq!(t.setup_vertices().len(), 54, "the main island's intersections");
    // Sea between: no land hex of one island touches another island.
    for h in t.hexes() {
        assert!(t.hex_neighbors(h).iter().all(|&o| t.island_of(o) == t.island_of(h)));
        assert_eq!(t.hex_neighbors(h).len() + t.hex_sea(h).len() as usize, 6);
    }
    assert_eq!(t.harbor_spots().len(), 9);
    let on_small = t.harbor_spots().iter().filter(|s| t.island_of(s.hex) != main as usize).count();
    assert_eq!(on_small, 3, "a harbor on each small island");
    assert_eq!((t.players(), t.bank(), t.deck().total()), ((2, 4), 19, 25));
    assert!(!t.has_beginner_layout() && t.centre().is_none());
}
