//! R55 colonist (with ships, on the archipelago): a point for each island other than those of
//! one's set-up buildings (R41's city included) settled after set-up, kept once earned.

use catan::bots::SplitMix64;
use catan::engine::{
    Action, Config, ConfigError, Event, Game, Hand, MapId, Module, Modules, Phase, Scenario, Seat, UnitKind, Vertex,
};

use crate::support::board::{A, play};
use crate::support::walk::{until, walk};

fn archipelago() -> Config {
    Config { players: 4, ..Config::on_map(MapId::Archipelago) }.with_modules(Modules::SEA)
}

fn islands(events: &[Event]) -> Vec<(Seat, u8)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Colonist { seat, island } => Some((seat, island)),
            _ => None,
        })
        .collect()
}

/// Plays set-up with random placements.
fn set_up(config: Config, seed: u64) -> Game {
    let g = Game::new(config, seed).unwrap();
    let set = until(|g: &Game| !matches!(g.phase(), Phase::Setup { .. }));
    let random = |_: &Game, legal: &[Action], rng: &mut SplitMix64| legal[rng.below(legal.len())];
    walk(g, &mut SplitMix64::new(seed), usize::MAX, set, random).expect("set-up ends")
}

#[test]
fn r55_colonist_needs_ships_and_brings_them() {
    let only = Modules::NONE.with(Module::Colonist);
    assert!(Config::default().with_modules(only).modules.has(Module::Ships));
    let bare = Config { modules: only, ..Config::default() };
    assert_eq!(bare.validate(), Err(ConfigError::Needs(Module::Colonist)));
    let t = MapId::Archipelago.topology();
    assert_eq!(
        archipelago().max_points(),
        Config::on_map(MapId::Archipelago).max_points() + 2 + t.colonist_islands().len() as u8
    );
}

/// R55 ("Settled for R51-R57"): `colonist` is refused on a map with no island that counts for
/// it (it would earn nothing), with a message naming the maps that have one; the group words
/// bring it only where it counts.
#[test]
fn r55_colonist_is_refused_on_a_map_with_no_island_that_counts() {
    let colonist = Modules::NONE.with(Module::Colonist);
    for map in [MapId::Standard, MapId::FiveSix] {
        let players = map.topology().players().0.max(2);
        let config = Config { players, ..Config::on_map(map) }.with_modules(colonist);
        let err = config.validate().unwrap_err();
        assert!(matches!(err, ConfigError::OffMap { module: Module::Colonist, .. }), "{err:?}");
        assert_eq!(
            err.to_string(),
            format!(
                "colonist (R55) earns points on islands the {} map doesn't have: play it on the archipelago map",
                map.name()
            )
        );
        assert!(Game::new(config, 1).is_err());
        // `sea` and `all` are the modules the map plays: knights and ships here.
        let sea = Modules::parse_on("sea", map).unwrap();
        assert_eq!(sea, Modules::NONE.with(Module::Knights).with(Module::Ships));
        assert!(!Modules::parse_on("all", map).unwrap().has(Module::Colonist));
        assert_eq!(Modules::parse_on("colonist", map), Ok(colonist), "named alone, for validate to refuse");
    }
    assert!(archipelago().validate().is_ok());
    assert_eq!(Modules::parse_on("sea", MapId::Archipelago), Ok(Modules::SEA));
}

#[test]
fn r55_a_settlement_on_an_islet_beside_ones_ship_earns_a_point_kept_when_the_settlement_is_lost() {
    let t = MapId::Archipelago.topology();
    let islet = t.colonist_islands()[0] as usize;
    // A coastal corner of the islet, and the sea hex beside it for A's ship.
    let (sea, v) = t
        .sea_hexes()
        .find_map(|x| {
            let v = t.sea_corners(x).iter().find(|&v| t.vertex_hexes(v).iter().all(|&h| t.island_of(h) == islet))?;
            Some((x, v))
        })
        .expect("a coastal corner of the islet");
    let g = set_up(archipelago(), 5);
    let mut g =
        Scenario::from_game(g).turn(A).rolled().ship(A, UnitKind::Ship, sea).hand(A, Hand::SETTLEMENT).build().unwrap();
    let before = g.public_points(A);
    let events = play(&mut g, Action::BuildSettlement(v));
    assert_eq!(islands(&events), [(A, islet as u8)]);
    assert_eq!(g.public_points(A), before + 2, "the settlement and the Colonist point");
    assert_eq!(g.colonist_islands(A).collect::<Vec<_>>(), [islet]);
    assert_eq!(
        events.last().unwrap().describe(&|s| format!("{s}"), None),
        "player 1 settles a new island: a Colonist point"
    );
    // A second settlement there earns nothing more.
    let other: Option<Vertex> = t.vertices().find(|&w| {
        t.vertex_hexes(w).iter().all(|&h| t.island_of(h) == islet)
            && g.legal_actions().contains(&Action::BuildSettlement(w))
    });
    let mut g2 = Scenario::from_game(g)
        .hand(A, Hand::SETTLEMENT)
        .unit(A, UnitKind::Knight, t.vertex_hexes(v)[0])
        .build()
        .unwrap();
    if let Some(w) = other.or_else(|| {
        t.vertices().find(|&w| {
            g2.legal_actions().contains(&Action::BuildSettlement(w)) && t.island_of(t.vertex_hexes(w)[0]) == islet
        })
    }) {
        let events = play(&mut g2, Action::BuildSettlement(w));
        assert!(islands(&events).is_empty(), "one point an island");
    }
    // The settlement lost (taken off the saved position), the point stays.
    let mut snap = g.snapshot();
    snap.players[0].settlements.retain(|&w| w != v);
    let lost = Game::from_snapshot(snap).unwrap();
    assert_eq!(lost.colonist_islands(A).collect::<Vec<_>>(), [islet]);
    assert_eq!(lost.public_points(A), before + 1);
}

#[test]
fn r55_no_point_for_an_island_of_a_setup_building_r41s_city_included() {
    // The archipelago's main island is where set-up placed everyone: a later settlement there
    // earns nothing. (A map of one island has no island that counts: colonist is refused.)
    let mut checked = 0;
    for modules in [Modules::SEA, Modules::SEA.with(Module::AcceleratedStart)] {
        let config = archipelago().with_modules(modules);
        for seed in 0..6 {
            let g = set_up(config, seed);
            let me = g.current_player();
            // A knight of the player's on a hex of the main island (the set-up island) gives sites
            // there without a road (R52's settling).
            let t = MapId::Archipelago.topology();
            let main = t.setup_islands()[0] as usize;
            let Some((mut g, a)) = t.hexes().filter(|&h| t.island_of(h) == main).find_map(|h| {
                let g = Scenario::from_game(g)
                    .rolled()
                    .hand(me, Hand::SETTLEMENT)
                    .unit(me, UnitKind::Knight, h)
                    .build()
                    .ok()?;
                let a = g.legal_actions().into_iter().find(|a| matches!(a, Action::BuildSettlement(_)))?;
                Some((g, a))
            }) else {
                continue;
            };
            let events = play(&mut g, a);
            assert!(islands(&events).is_empty(), "seed {seed}: {events:?}");
            assert_eq!(g.colonist_islands(me).count(), 0);
            checked += 1;
        }
    }
    assert!(checked > 0, "some seed had a site to settle");
}

/// R55 with R56 (a decision of ours, docs/status.md: RULES.md is silent): a settlement taken in
/// a fight earns no Colonist point, for settling an island is building there, and a capture is
/// not settling. The island is still open to the captor: a settlement they build there later
/// earns the point, and keeps it when a war ship takes that settlement in turn.
#[test]
fn r55_r56_a_captured_settlement_earns_no_colonist_point() {
    let t = MapId::Archipelago.topology();
    let islet = t.colonist_islands()[0] as usize;
    // A hex of the islet with opposite corners v and w, w on the coast of sea hex x.
    let (h, v, w, x) = t
        .hexes()
        .filter(|&h| t.island_of(h) == islet)
        .flat_map(|h| (0..6).map(move |c| (h, t.hex_vertices(h)[c], t.hex_vertices(h)[(c + 3) % 6])))
        .find_map(|(h, v, w)| Some((h, v, w, t.sea_hexes().find(|&x| t.sea_corners(x).contains(w))?)))
        .expect("a coastal corner of the islet");
    let config = archipelago().with_modules(Modules::SEA.with(Module::Attacks));
    let b = Seat(1);
    let take = |v| Action::Attack { unit: 0, target: catan::engine::Target::Building(v) };
    let fights = (0..300).find_map(|seed| {
        let mut g = Scenario::new(config, seed)
            .turn(A)
            .rolled()
            .settlement(b, v)
            .unit(A, UnitKind::Knight, h)
            .hand(A, Hand::SETTLEMENT)
            .build()
            .unwrap();
        let captured = play(&mut g, take(v));
        if g.building(v).map(|b| b.0) != Some(A) {
            return None;
        }
        let before = g;
        let settled = play(&mut g, Action::BuildSettlement(w));
        let mut g = Scenario::from_game(g).turn(b).rolled().ship(b, UnitKind::WarShip, x).build().unwrap();
        let by_ship = Action::Attack { unit: catan::engine::SHIP_SLOT, target: catan::engine::Target::Building(w) };
        let retaken = play(&mut g, by_ship);
        (g.building(w).map(|b| b.0) == Some(b)).then_some((before, captured, settled, g, retaken))
    });
    let (g, captured, settled, lost, retaken) = fights.expect("some seed wins both fights");
    assert!(islands(&captured).is_empty(), "no Colonist point for a capture: {captured:?}");
    assert_eq!(g.colonist_islands(A).count(), 0);
    assert_eq!(g.public_points(A), 1, "the settlement's point only");
    // Building there afterwards settles the island.
    assert_eq!(islands(&settled), [(A, islet as u8)]);
    // B's war ship takes that settlement: A keeps the point, B earns none.
    assert!(islands(&retaken).is_empty());
    assert_eq!(lost.colonist_islands(A).collect::<Vec<_>>(), [islet]);
    assert_eq!(lost.public_points(A), 2, "the captured settlement and the Colonist point");
}
