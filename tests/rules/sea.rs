//! R51: the sea and the archipelago in the base game: set-up places on the main island only,
//! the small islands are settled later by road, and random games on it finish.

use catan::bots::SplitMix64;
use catan::engine::{Action, Config, Game, MapId, Phase, RuleError, Vertex};

use crate::support::board::{play, refused};

fn archipelago(seed: u64) -> Game {
    Game::new(Config { players: 4, ..Config::on_map(MapId::Archipelago) }, seed).unwrap()
}

/// The main island: the one set-up may place on.
fn main_island() -> usize {
    let t = MapId::Archipelago.topology();
    t.setup_islands()[0] as usize
}

#[test]
fn r51_setup_places_on_the_main_island_only() {
    let t = MapId::Archipelago.topology();
    let mut g = archipelago(3);
    let on_main = |v: Vertex| t.vertex_hexes(v).iter().all(|&h| t.island_of(h) == main_island());
    let listed: Vec<Vertex> = g
        .legal_actions()
        .iter()
        .map(|a| match a {
            Action::BuildSettlement(v) => *v,
            other => panic!("set-up lists {other:?}"),
        })
        .collect();
    assert_eq!(listed.len(), 54, "every intersection of the 19-hex main island");
    assert!(listed.iter().all(|&v| on_main(v)));
    let small = t.vertices().find(|&v| !on_main(v)).unwrap();
    refused(&mut g, Action::BuildSettlement(small), RuleError::SetupIsland);
    play(&mut g, Action::BuildSettlement(listed[0]));
    assert!(matches!(g.phase(), Phase::Setup { settlement: Some(_), .. }));
}

/// The archipelago is playable in the base game: random games end with a winner. Roads stay on
/// land (R51) and no path joins two islands, so without ships every building stands on the main
/// island.
#[test]
fn r51_random_games_on_the_archipelago_finish_on_the_main_island() {
    let t = MapId::Archipelago.topology();
    let mut actions = Vec::new();
    for seed in 0..20 {
        let mut g = archipelago(seed);
        let mut rng = SplitMix64::new(seed);
        while !g.is_over() && g.turn_number() < 1000 {
            g.legal_actions_into(&mut actions);
            let a = actions[rng.below(actions.len())];
            g.apply(a).unwrap();
        }
        assert!(g.is_over(), "seed {seed} did not finish");
        // Saved and read back through the save file's snapshot, map by name.
        let json = serde_json::to_string(&g.snapshot()).unwrap();
        assert!(json.contains("\"archipelago\""));
        assert_eq!(Game::from_snapshot(serde_json::from_str(&json).unwrap()).unwrap(), g);
        for s in g.seats() {
            for v in g.settlements(s).chain(g.cities(s)) {
                assert!(t.vertex_hexes(v).iter().all(|&h| t.island_of(h) == main_island()), "seed {seed}");
            }
        }
    }
}
