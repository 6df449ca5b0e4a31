//! R43 the dragon: every 7 gold produced, once production is paid, it attacks the player with the
//! most public points (ties: knights played and cards held, then dice), and one of their
//! buildings, picked at random, goes down a level; then the awards and a win.

use crate::support::board::*;
use catan::engine::{
    Action, BoardKind, Config, Event, Game, Hex, Module, Modules, Piece, Resource, Scenario, Seat, Supply, Terrain,
    Vertex,
};

/// On the beginner board the forest 9 is a gold hex (R42), and fields 9 the other 9.
const GOLD_9: Hex = FOREST_9;

fn config() -> Config {
    Config::default().with_modules(Modules::NONE.with(Module::Gold).with(Module::Dragon))
}

fn attacks(events: &[Event]) -> Vec<(Seat, Option<u8>, Piece, Option<Piece>)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::DragonAttacked { seat, at, was, now } => Some((seat, at, was, now)),
            _ => None,
        })
        .collect()
}

/// Builds `scn` with `gold` counted toward the dragon and rolls a 9 (the gold 9 pays): the game
/// after the roll, and what the roll did.
fn roll_nine(scn: Scenario, gold: u8) -> (Game, Vec<Event>) {
    let mut g = scn.dragon_gold(gold).next_roll(9).build().unwrap();
    let events = play(&mut g, Action::RollDice);
    (g, events)
}

#[test]
fn r43_the_seventh_gold_brings_the_dragon_on_the_leader() {
    // B leads with three cities; A's city on the gold 9 pays the 6th and 7th gold.
    let leader = scenario_with(config())
        .city(A, corner(GOLD_9, N))
        .city(B, corner(HILLS_6, S))
        .city(B, corner(MOUNTAINS_3, S))
        .city(B, corner(HILLS_5, S));
    let (g, events) = roll_nine(leader, 5);
    let produced = events.iter().position(|e| matches!(e, Event::Produced { .. })).unwrap();
    let attacked = events.iter().position(|e| matches!(e, Event::DragonAttacked { .. })).unwrap();
    assert!(produced < attacked, "the dragon comes after production");
    let [(seat, Some(at), was, now)] = attacks(&events)[..] else { panic!("{events:?}") };
    assert_eq!((seat, was, now), (B, Piece::City, Some(Piece::Settlement)));
    assert!(g.settlements(B).any(|v| v.0 == at));
    assert_eq!((g.public_points(B), g.dragon_gold()), (5, 0));
    // One gold short of 7: no attack, the count goes on.
    let (g, events) = roll_nine(scenario_with(config()).city(A, corner(GOLD_9, N)), 4);
    assert!(attacks(&events).is_empty());
    assert_eq!(g.dragon_gold(), 6);
}

/// Two gold hexes with the same number on a dealt board, and cities around them paying `gold`
/// together (at least 8 of them).
fn two_gold_hexes_alike() -> (Scenario, u8, u8) {
    let topo = topo();
    let config = Config { board: BoardKind::Variable, ..config() };
    for seed in 0..500 {
        let g = Game::new(config, seed).unwrap();
        let gold: Vec<Hex> = topo.hexes().filter(|&h| g.board().terrain(h) == Terrain::Gold).collect();
        let Some((x, y)) = gold.iter().enumerate().find_map(|(i, &x)| {
            gold[i + 1..].iter().find(|&&y| g.board().token(x) == g.board().token(y)).map(|&y| (x, y))
        }) else {
            continue;
        };
        let mut cities: Vec<Vertex> = Vec::new();
        for v in topo.hex_vertices(x).into_iter().chain(topo.hex_vertices(y)) {
            if cities.len() < 4 && cities.iter().all(|&c| c != v && !topo.vertex_neighbor_set(c).contains(v)) {
                cities.push(v);
            }
        }
        let pays: u8 =
            cities.iter().map(|&v| 2 * topo.vertex_hexes(v).iter().filter(|&&h| h == x || h == y).count() as u8).sum();
        if pays >= 8 {
            let mut scn = Scenario::new(config, seed).turn(A);
            for &v in &cities {
                scn = scn.city(A, v);
            }
            return (scn, g.board().token(x).unwrap(), pays);
        }
    }
    panic!("no board with two gold hexes of one number")
}

#[test]
fn r43_two_attacks_when_the_count_passes_14_at_once() {
    let (scn, token, pays) = two_gold_hexes_alike();
    let before = 15u8.saturating_sub(pays).min(6);
    let mut g = scn.dragon_gold(before).next_roll(token).build().unwrap();
    let points = g.public_points(A);
    let events = play(&mut g, Action::RollDice);
    let paid: u8 = events
        .iter()
        .filter_map(|e| match e {
            Event::Produced { cards, .. } => Some(cards[Resource::Gold]),
            _ => None,
        })
        .sum();
    assert_eq!(paid, pays);
    let total = before + paid;
    assert!((14..21).contains(&total), "the count passes 14: {total}");
    let hits = attacks(&events);
    assert_eq!(hits.len(), 2, "{events:?}");
    assert!(hits.iter().all(|h| h.0 == A), "A alone has buildings: A leads both times");
    assert_eq!(g.dragon_gold(), total - 14);
    // Each attack takes one point: a city down to a settlement, or a settlement removed.
    assert_eq!(g.public_points(A), points - 2);
}

/// A trail of `len` intersections with no shortcut, whose middle one touches `hex`.
fn trail_through(hex: Hex, len: usize) -> Vec<Vertex> {
    let topo = topo();
    for start in topo.vertices() {
        let mut t = vec![start];
        while t.len() < len {
            let last = *t.last().unwrap();
            let near = |w: Vertex| t[..t.len() - 1].iter().any(|&x| x == w || topo.vertex_neighbor_set(x).contains(w));
            match topo.vertices().find(|&w| topo.vertex_neighbor_set(last).contains(w) && !near(w)) {
                Some(w) => t.push(w),
                None => break,
            }
        }
        if t.len() == len && topo.vertex_hexes(t[len / 2]).contains(&hex) {
            return t;
        }
    }
    panic!("no trail through {hex:?}")
}

#[test]
fn r43_r35_a_removed_settlement_joins_a_road_again() {
    // B's six roads are split in two by A's settlement, A's only building, on the gold 9.
    let t = trail_through(GOLD_9, 7);
    let mut g = scenario_with(config()).roads(B, &t).settlement(A, t[3]).dragon_gold(6).next_roll(9).build().unwrap();
    assert_eq!((g.road_length(B), g.longest_road()), (3, None));
    let events = play(&mut g, Action::RollDice);
    assert_eq!(attacks(&events), [(A, Some(t[3].0), Piece::Settlement, None)]);
    assert_eq!(g.settlements(A).count(), 0);
    assert_eq!(g.road_length(B), 6);
    assert!(has_event!(events, Event::LongestRoad { holder: Some(B), length: 6 }));
    assert_eq!(g.public_points(B), 2);
}

#[test]
fn r43_a_downgrade_with_no_lower_piece_left_removes_the_building() {
    // A has both its settlement pieces on the board (a supply of 2) and a city: a city attacked
    // has no settlement to go down to. C's settlement on the gold 9 pays the 7th gold. The pick
    // is random: the city stands first, in the middle or last among A's buildings, so that one
    // of the three games (the same dice in each) picks it.
    let config = Config { supply: Supply { settlements: 2, ..Supply::BASE }, ..config() };
    let mut spots = [corner(HILLS_10, S), corner(MOUNTAINS_8, S), corner(HILLS_5, S)];
    spots.sort_by_key(|v| v.0);
    let mut city_hit = 0;
    for c in 0..3 {
        let mut scn = scenario_with(config).settlement(C, corner(GOLD_9, N)).dragon_gold(6).next_roll(9);
        for (i, &v) in spots.iter().enumerate() {
            scn = if i == c { scn.city(A, v) } else { scn.settlement(A, v) };
        }
        let mut g = scn.build().unwrap();
        assert_eq!((g.pieces_left(A).1, g.public_points(A)), (0, 4));
        let events = play(&mut g, Action::RollDice);
        let [(seat, Some(at), was, now)] = attacks(&events)[..] else { panic!("{events:?}") };
        assert_eq!((seat, now), (A, None), "removed, whatever it was");
        assert!(g.building_at(Vertex(at)).is_none());
        if was == Piece::City {
            city_hit += 1;
            assert_eq!(g.public_points(A), 2);
        }
    }
    assert_eq!(city_hit, 1, "one of the three games picks the city");
}

#[test]
fn r43_ties_go_to_knights_and_cards_then_to_dice() {
    // A and B have 2 points each; C's settlement on the gold 9 pays the 7th gold.
    let base = || {
        scenario_with(config())
            .settlement(A, corner(HILLS_6, S))
            .settlement(A, corner(MOUNTAINS_3, S))
            .settlement(B, corner(HILLS_10, S))
            .settlement(B, corner(HILLS_5, S))
            .settlement(C, corner(GOLD_9, N))
    };
    // More cards held.
    let (_, events) = roll_nine(base().hand(A, hand(1, 0, 0, 0, 0)).hand(B, hand(1, 1, 0, 0, 0)), 6);
    assert_eq!(attacks(&events)[0].0, B);
    assert!(!has_event!(events, Event::DragonRoll { .. }));
    // Knights played count with the cards: 1 knight and 1 card beat 1 card.
    let (_, events) = roll_nine(base().hand(A, hand(1, 0, 0, 0, 0)).hand(B, hand(1, 0, 0, 0, 0)).knights(A, 1), 6);
    assert_eq!(attacks(&events)[0].0, A);
    // Still tied: dice, re-rolled while tied; the highest last die is the target.
    let (_, events) = roll_nine(base().hand(A, hand(0, 0, 1, 0, 0)).hand(B, hand(0, 0, 1, 0, 0)), 6);
    let rolls: Vec<(Seat, u8)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::DragonRoll { seat, die } => Some((seat, die)),
            _ => None,
        })
        .collect();
    assert!(rolls.len() >= 2 && rolls.len().is_multiple_of(2), "{rolls:?}");
    for pair in rolls[..rolls.len() - 2].chunks(2) {
        assert_eq!(pair[0].1, pair[1].1, "only a tie is rolled again: {rolls:?}");
    }
    let last = &rolls[rolls.len() - 2..];
    assert_ne!(last[0].1, last[1].1);
    let winner = if last[0].1 > last[1].1 { last[0].0 } else { last[1].0 };
    assert_eq!(attacks(&events)[0].0, winner);
    assert!(attacks(&events)[0].0 != C);
}

#[test]
fn r43_r38_after_the_attack_the_player_whose_turn_it_is_may_win() {
    // A has 10 points at the start of the turn but B, with 11, leads: the dragon takes B's
    // lead and A wins on the spot. Without the attack, the roll wins nothing.
    // Spots apart from each other and from the gold 9, which A's city alone touches.
    let topo = topo();
    let first = corner(GOLD_9, N);
    let mut spots = vec![first];
    for v in topo.vertices() {
        let apart = spots.iter().all(|&w| w != v && !topo.vertex_neighbor_set(w).contains(v));
        if spots.len() < 13 && apart && !topo.vertex_hexes(v).contains(&GOLD_9) {
            spots.push(v);
        }
    }
    let scn = |gold: u8| {
        let mut scn = scenario_with(config()).dragon_gold(gold).next_roll(9);
        for (i, &v) in spots.iter().enumerate() {
            scn = match i {
                0..4 => scn.city(A, v),
                4..6 => scn.settlement(A, v),
                6..10 => scn.city(B, v),
                _ => scn.settlement(B, v),
            };
        }
        scn
    };
    let mut g = scn(0).build().unwrap();
    assert_eq!((g.public_points(A), g.public_points(B)), (10, 11));
    let events = play(&mut g, Action::RollDice);
    assert!(!has_event!(events, Event::Won { .. }));
    let mut g = scn(5).build().unwrap();
    let events = play(&mut g, Action::RollDice);
    assert_eq!(attacks(&events)[0].0, B);
    assert!(has_event!(events, Event::Won { seat: A, points: 10 }));
    assert_eq!(g.winner(), Some(A));
    assert_eq!(g.view(A).hand()[Resource::Gold], 2);
}

#[test]
fn r43_r44_a_castle_goes_down_to_a_city_and_pays_three_gold() {
    // A's castle on the gold 9, A's only building, pays 3 gold: with 4 counted, the 7th.
    let modules = config().modules.with(Module::Castles);
    let (g, events) = roll_nine(scenario_with(Config::default().with_modules(modules)).castle(A, corner(GOLD_9, N)), 4);
    assert!(has_event!(events, Event::Produced { seat: A, cards } if cards[Resource::Gold] == 3));
    assert_eq!(attacks(&events), [(A, Some(corner(GOLD_9, N).0), Piece::Castle, Some(Piece::City))]);
    assert_eq!(g.building(corner(GOLD_9, N)), Some((A, Piece::City)));
    assert_eq!((g.public_points(A), g.castles_left(A)), (2, 4));
    // With its one city piece on the board, A's castle has no city to go down to: removed. C's
    // settlement pays the 7th gold; the castle stands first or last among A's two buildings, so
    // that one of the two games (the same dice in each) picks it.
    let one_city = Config { supply: Supply { cities: 1, ..Supply::BASE }, ..Config::default().with_modules(modules) };
    let mut spots = [corner(HILLS_10, S), corner(HILLS_5, S)];
    spots.sort_by_key(|v| v.0);
    let mut castle_hit = 0;
    for c in 0..2 {
        let mut g = scenario_with(one_city)
            .settlement(C, corner(GOLD_9, N))
            .castle(A, spots[c])
            .city(A, spots[1 - c])
            .dragon_gold(6)
            .next_roll(9)
            .build()
            .unwrap();
        assert_eq!(g.pieces_left(A).2, 0);
        let events = play(&mut g, Action::RollDice);
        let [(A, Some(at), was, now)] = attacks(&events)[..] else { panic!("{events:?}") };
        if was == Piece::Castle {
            castle_hit += 1;
            assert_eq!((now, g.building(Vertex(at))), (None, None));
            assert_eq!(g.public_points(A), 2);
        } else {
            assert_eq!(now, Some(Piece::Settlement), "a city with settlements left goes down a level");
        }
    }
    assert_eq!(castle_hit, 1);
}
