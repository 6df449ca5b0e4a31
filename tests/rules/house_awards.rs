//! The house rules' awards: R49 Largest Metropolis and R50 Harbor Master, each 2 points, taken
//! and set aside as Longest Road (R35).

use crate::support::board::*;
use catan::engine::{Action, Award, Config, Event, Hand, Module, Modules, Vertex};

fn config() -> Config {
    Config::default().with_modules(Modules::NONE.with(Module::Metropolis).with(Module::HarborMaster))
}

/// A trail of `len` intersections from `start` with no shortcut: each one touches only the one
/// before it and the one after it.
fn chain(start: Vertex, len: usize) -> Vec<Vertex> {
    let topo = topo();
    let mut trail = vec![start];
    while trail.len() < len {
        let last = *trail.last().unwrap();
        let near =
            |w: Vertex| trail[..trail.len() - 1].iter().any(|&t| t == w || topo.vertex_neighbor_set(t).contains(w));
        let next = (0..topo.num_vertices() as u8)
            .map(Vertex)
            .find(|&w| topo.vertex_neighbor_set(last).contains(w) && !near(w))
            .expect("the trail goes on");
        trail.push(next);
    }
    trail
}

fn awards(events: &[Event]) -> Vec<(Award, Option<catan::engine::Seat>, u8)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::HouseAward { award, holder, points } => Some((award, holder, points)),
            _ => None,
        })
        .collect()
}

#[test]
fn r49_largest_metropolis_goes_to_five_building_points_joined_by_roads() {
    let t = chain(corner(HILLS_6, N), 5);
    // Two cities joined by roads: 4 points, not yet a metropolis.
    let scn = scenario_with(config()).city(A, t[0]).city(A, t[2]).roads(A, &t).hand(A, Hand::SETTLEMENT).rolled();
    let mut g = scn.build().unwrap();
    assert_eq!((g.metropolis_points(A), g.metropolis()), (4, None));
    let before = g.public_points(A);
    // A settlement at the end of the road makes 5.
    let events = play(&mut g, Action::BuildSettlement(t[4]));
    assert_eq!(awards(&events), [(Award::Metropolis, Some(A), 5)]);
    assert_eq!(g.public_points(A), before + 1 + 2);
    assert!(g.view(B).player(A).metropolis);
}

#[test]
fn r49_metropolis_is_split_by_an_opponents_building_and_set_aside() {
    let t = chain(corner(HILLS_6, N), 7);
    let topo = topo();
    let side_road = (0..topo.num_edges() as u8)
        .map(catan::engine::Edge)
        .find(|&e| {
            let [a, b] = topo.edge_vertices(e);
            (a == t[4] && !t.contains(&b)) || (b == t[4] && !t.contains(&a))
        })
        .unwrap();
    let mut g = scenario_with(config())
        .city(A, t[0])
        .city(A, t[2])
        .settlement(A, t[6])
        .roads(A, &t)
        .road(B, side_road)
        .hand(B, Hand::SETTLEMENT)
        .turn(B)
        .rolled()
        .build()
        .unwrap();
    assert_eq!((g.metropolis_points(A), g.metropolis()), (5, Some(A)));
    let events = play(&mut g, Action::BuildSettlement(t[4]));
    // Split in 4 and 1: no one has 5, so the award is set aside.
    assert_eq!(g.metropolis_points(A), 4);
    assert_eq!(awards(&events), [(Award::Metropolis, None, 4)]);
    assert!(!g.view(A).player(A).metropolis);
}

#[test]
fn r49_a_tie_leaves_metropolis_with_its_holder_and_more_takes_it() {
    let a = chain(corner(HILLS_6, N), 5);
    let b = chain(Vertex(topo().num_vertices() as u8 - 1), 5);
    let mut g = scenario_with(config())
        .city(A, a[0])
        .city(A, a[2])
        .settlement(A, a[4])
        .roads(A, &a)
        .city(B, b[0])
        .city(B, b[2])
        .settlement(B, b[4])
        .roads(B, &b)
        .metropolis(Some(A))
        .hand(B, Hand::CITY)
        .turn(B)
        .rolled()
        .build()
        .unwrap();
    assert_eq!((g.metropolis_points(A), g.metropolis_points(B), g.metropolis()), (5, 5, Some(A)));
    let events = play(&mut g, Action::BuildCity(b[4]));
    assert_eq!(awards(&events), [(Award::Metropolis, Some(B), 6)]);
    assert_eq!(g.metropolis(), Some(B));
}

#[test]
fn r50_harbor_master_takes_three_harbor_points_and_more_takes_it() {
    let spots = topo().harbor_spots();
    let h = |i: usize| spots[i].vertices[0];
    let mut g = scenario_with(config())
        .city(A, h(0))
        .settlement(A, h(2))
        .city(B, h(4))
        .settlement(B, h(6))
        .hand(B, Hand::CITY)
        .turn(B)
        .rolled()
        .build()
        .unwrap();
    // Both have 3: the build order isn't known, so no one takes it (R35)...
    assert_eq!((g.harbor_points(A), g.harbor_points(B), g.harbor_master()), (3, 3, None));
    let events = play(&mut g, Action::BuildCity(h(6)));
    // ...until one has strictly more.
    assert_eq!(awards(&events), [(Award::HarborMaster, Some(B), 4)]);
    assert!(g.view(A).player(B).harbor_master);
}

#[test]
fn r50_a_holder_who_is_equalled_keeps_harbor_master() {
    let spots = topo().harbor_spots();
    let h = |i: usize| spots[i].vertices[0];
    let g = scenario_with(config())
        .city(A, h(0))
        .settlement(A, h(2))
        .city(B, h(4))
        .settlement(B, h(6))
        .harbor_master(Some(A))
        .build()
        .unwrap();
    assert_eq!(g.harbor_master(), Some(A));
    assert_eq!(g.public_points(A), 3 + 2);
}

#[test]
fn r49_r50_without_the_modules_there_are_no_such_awards() {
    let a = chain(corner(HILLS_6, N), 5);
    let g = scenario().city(A, a[0]).city(A, a[2]).city(A, a[4]).roads(A, &a).build().unwrap();
    assert_eq!((g.metropolis(), g.harbor_master()), (None, None));
    assert_eq!(g.public_points(A), 6);
}
