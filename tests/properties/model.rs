//! The checks' own model of the game: the awards as they should be, road lengths by brute force,
//! and every invariant that must hold after every action (`check_state`).

use catan::engine::{
    DevCard, Edge, Event, Game, IntersectionSet, Module, PathSet, Phase, Resource, Seat, Topology, Vertex,
    longest_trail,
};

/// What the checks remember between actions: the awards as this file's own model of R35 and
/// R36 sees them, and the progress cards played (which leave no other trace).
pub struct Model {
    longest_road: Option<Seat>,
    largest_army: Option<Seat>,
    /// R49, R50: Largest Metropolis and Harbor Master as this file's model of R35 sees them.
    metropolis: Option<Seat>,
    harbor_master: Option<Seat>,
    /// R54: Largest Navy.
    navy: Option<Seat>,
    progress_played: u32,
    lengths: [u8; 6],
    /// Per seat: the roads and blocking buildings last measured, and the length found.
    measured: [(u128, u128, u8); 6],
}

impl Model {
    /// Nothing held, nothing measured: the model of a game not yet begun.
    pub fn new() -> Model {
        Model {
            longest_road: None,
            largest_army: None,
            metropolis: None,
            harbor_master: None,
            navy: None,
            progress_played: 0,
            lengths: [0; 6],
            measured: [(0, 0, 0); 6],
        }
    }
}

/// The longest trail by brute force, independent of the engine's search: every trail is
/// extended path by path from both ends of every road, and may not pass through `blocked`.
pub fn brute_trail(topo: &Topology, roads: u128, blocked: u128) -> u8 {
    fn extend(topo: &Topology, at: Vertex, used: u128, roads: u128, blocked: u128) -> u8 {
        if blocked & at.bit() != 0 {
            return 0;
        }
        let mut best = 0;
        for &e in topo.vertex_edges(at) {
            if roads & e.bit() != 0 && used & e.bit() == 0 {
                let [a, b] = topo.edge_vertices(e);
                let next = if a == at { b } else { a };
                best = best.max(1 + extend(topo, next, used | e.bit(), roads, blocked));
            }
        }
        best
    }
    let mut best = 0;
    for e in topo.edges().filter(|e| roads & e.bit() != 0) {
        // Walk on from either end; the other end may be blocked (a trail may end there).
        for to in topo.edge_vertices(e) {
            best = best.max(1 + extend(topo, to, e.bit(), roads, blocked));
        }
    }
    best
}

/// The model's own masks: bit `i` for intersection or path `i`.
pub trait Bit {
    fn bit(self) -> u128;
}
impl Bit for Vertex {
    fn bit(self) -> u128 {
        1 << self.0
    }
}
impl Bit for Edge {
    fn bit(self) -> u128 {
        1 << self.0
    }
}
pub fn path_set(mask: u128) -> PathSet {
    (0..128).filter(|i| mask >> i & 1 == 1).map(Edge).collect()
}
pub fn corner_set(mask: u128) -> IntersectionSet {
    (0..128).filter(|i| mask >> i & 1 == 1).map(Vertex).collect()
}

fn road_set(g: &Game, s: Seat) -> u128 {
    g.roads(s).fold(0, |m, e| m | e.bit())
}

fn building_mask(g: &Game, s: Seat) -> u128 {
    g.settlements(s).chain(g.cities(s)).fold(0, |m, v| m | v.bit())
}

/// Everything that must hold after every action.
pub fn check_state(g: &Game, m: &mut Model, events: &[Event], ctx: &str) {
    let n = g.num_players();
    let seats: Vec<Seat> = g.seats().collect();
    assert_eq!(g.validate(), Ok(()), "{ctx}");

    // R4, R40: 19 (24) of each resource, 25 (34) development cards; R42: as much gold, or none.
    let modules = g.config().modules;
    for r in Resource::CARDS {
        let bank = if r != Resource::Gold || modules.has(Module::Gold) { g.config().bank as u32 } else { 0 };
        let held: u32 = seats.iter().map(|&s| g.view(s).hand()[r] as u32).sum();
        assert_eq!(held + g.bank()[r] as u32, bank, "{ctx}: {r} cards");
    }
    // R43: the count toward the next attack stays below 7 between actions, and the dragon
    // attacks only in a game with it.
    assert!(g.dragon_gold() < 7 && (modules.has(Module::Dragon) || g.dragon_gold() == 0), "{ctx}: dragon count");
    if events.iter().any(|e| matches!(e, Event::DragonAttacked { .. })) {
        assert!(modules.has(Module::Dragon), "{ctx}: a dragon without the module");
    }
    m.progress_played +=
        events.iter().filter(|e| matches!(e, Event::PlayedDevCard { card, .. } if *card != DevCard::Knight)).count()
            as u32;
    let in_hands: u32 = seats.iter().map(|&s| g.view(s).dev_cards().total()).sum();
    let knights: u32 = seats.iter().map(|&s| g.knights_played(s) as u32).sum();
    let deck = g.config().deck.total();
    assert_eq!(g.deck_len() as u32 + in_hands + knights + m.progress_played, deck, "{ctx}: development cards");

    // R5: pieces.
    for &s in &seats {
        // R44: a castle stands where a city stood and its city piece is back in supply.
        let (r, st, k) = (g.roads(s).count() as u32, g.settlements(s).count() as u32, g.castles(s).count() as u32);
        let c = g.cities(s).count() as u32 - k;
        assert!(g.castles(s).all(|v| g.cities(s).any(|w| w == v)), "{ctx}: a castle of {s} is not a city");
        assert!(r <= 15 && st <= 5 && c <= 4 && k <= 4, "{ctx}: {s} has {r} roads, {st} settlements, {c} cities");
        assert_eq!(g.pieces_left(s), (15 - r, 5 - st, 4 - c), "{ctx}");
        let castles = g.config().modules.has(Module::Castles);
        assert_eq!(g.castles_left(s), if castles { 4 - k } else { 0 }, "{ctx}");
        assert!(castles || k == 0, "{ctx}");
    }

    // R34: road lengths from scratch.
    let all_buildings = seats.iter().fold(0, |m, &s| m | building_mask(g, s));
    let mut lengths = [0u8; 6];
    for &s in &seats {
        let blocked = all_buildings & !building_mask(g, s);
        let roads = road_set(g, s);
        let (last_roads, last_blocked, last_len) = m.measured[s.index()];
        let len = if (roads, blocked) == (last_roads, last_blocked) {
            last_len
        } else {
            let len = brute_trail(g.topology(), roads, blocked);
            assert_eq!(
                longest_trail(g.topology(), path_set(roads), corner_set(blocked)),
                len,
                "{ctx}: longest_trail of {s}"
            );
            m.measured[s.index()] = (roads, blocked, len);
            len
        };
        lengths[s.index()] = len;
        assert_eq!(g.road_length(s), len, "{ctx}: road length of {s}");
    }

    // R35 from the history of lengths: the holder keeps it while among the longest with 5+;
    // otherwise the one longest with 5+ takes it; otherwise it is set aside.
    let max = lengths[..n].iter().copied().max().unwrap_or(0);
    let at_max: Vec<Seat> = seats.iter().copied().filter(|s| lengths[s.index()] == max).collect();
    let expected = match m.longest_road {
        Some(h) if max >= 5 && lengths[h.index()] == max => Some(h),
        _ if max >= 5 && at_max.len() == 1 => Some(at_max[0]),
        _ => None,
    };
    if let (Some(old), Some(new)) = (m.longest_road, expected)
        && old != new
        && lengths[old.index()] == m.lengths[old.index()]
    {
        assert!(lengths[new.index()] > lengths[old.index()], "{ctx}: Longest Road taken without a longer road");
    }
    assert_eq!(g.longest_road(), expected, "{ctx}: Longest Road holder (lengths {:?})", &lengths[..n]);
    m.longest_road = expected;
    m.lengths = lengths;

    // R49, R50, R52, R54: the house awards, as R35 with their own scores and minimums.
    let r35 = |holder: Option<Seat>, score: &dyn Fn(Seat) -> u8, min: u8| {
        let max = seats.iter().map(|&s| score(s)).max().unwrap_or(0);
        let at_max: Vec<Seat> = seats.iter().copied().filter(|&s| score(s) == max).collect();
        match holder {
            Some(h) if max >= min && score(h) == max => Some(h),
            _ if max >= min && at_max.len() == 1 => Some(at_max[0]),
            _ => None,
        }
    };

    // R36: the first to 3 knights, then only strictly more; R52: with knight units, the most
    // units on the board (aboard included), 3 or more, as R35.
    let army = |s: Seat| g.knights_played(s);
    let expected = if modules.has(Module::Knights) {
        r35(m.largest_army, &|s| g.knight_count(s), 3)
    } else {
        match m.largest_army {
            Some(h) => seats.iter().copied().find(|&s| army(s) > army(h)).or(Some(h)),
            None => seats.iter().copied().find(|&s| army(s) >= 3),
        }
    };
    assert_eq!(g.largest_army(), expected, "{ctx}: Largest Army holder");
    m.largest_army = expected;
    let expected = modules.has(Module::Ships).then(|| r35(m.navy, &|s| g.ship_count(s), 3)).flatten();
    assert_eq!(g.largest_navy(), expected, "{ctx}: Largest Navy holder");
    m.navy = expected;
    for &s in &seats {
        // R52, R53: units within their limits, each on land or aboard.
        assert!(g.knight_count(s) <= 6 && g.ship_count(s) <= 6, "{ctx}: units of {s}");
        let placed = g.knight_units(s).count() + g.knights_aboard(s).count();
        assert_eq!(placed, g.knight_count(s) as usize, "{ctx}: units of {s} on land or aboard");
        assert!(modules.has(Module::Knights) || g.knight_count(s) == 0, "{ctx}");
        assert!(modules.has(Module::Ships) || g.ship_count(s) == 0, "{ctx}");
    }
    let harbors = g.topology().harbor_vertices();
    let harbor_points = |s: Seat| {
        (g.settlements(s).filter(|&v| harbors.contains(v)).count()
            + 2 * g.cities(s).filter(|&v| harbors.contains(v)).count()
            + g.castles(s).filter(|&v| harbors.contains(v)).count()) as u8
    };
    let expected = modules.has(Module::HarborMaster).then(|| r35(m.harbor_master, &harbor_points, 3)).flatten();
    assert_eq!(g.harbor_master(), expected, "{ctx}: Harbor Master holder");
    m.harbor_master = expected;
    let metro = |s: Seat| g.metropolis_points(s);
    let expected = modules.has(Module::Metropolis).then(|| r35(m.metropolis, &metro, 5)).flatten();
    assert_eq!(g.metropolis(), expected, "{ctx}: Largest Metropolis holder");
    m.metropolis = expected;

    // R37: points.
    for &s in &seats {
        // A castle counts 3: 2 as a city and 1 more (R44).
        let buildings = g.settlements(s).count() + 2 * g.cities(s).count() + g.castles(s).count();
        let awards = 2 * (g.longest_road() == Some(s)) as usize
            + 2 * (g.largest_army() == Some(s)) as usize
            + 2 * (g.metropolis() == Some(s)) as usize
            + 2 * (g.harbor_master() == Some(s)) as usize
            + 2 * (g.largest_navy() == Some(s)) as usize;
        // R55: a point an island settled.
        let colonist = g.colonist_islands(s).count();
        assert!(modules.has(Module::Colonist) || colonist == 0, "{ctx}");
        assert_eq!(g.public_points(s) as usize, buildings + awards + colonist, "{ctx}: public points of {s}");
        assert_eq!(
            g.view(s).victory_points(),
            g.public_points(s) + g.view(s).dev_cards()[DevCard::VictoryPoint],
            "{ctx}"
        );
    }

    // R38: no one plays on with the target reached in their own turn; a win is the mover's.
    let target = g.config().target;
    match g.phase() {
        // R57: the end of the last round, the most points winning, ties sharing.
        Phase::Over { winner, shared }
            if modules.has(Module::Phases)
                && (!shared.is_empty() || winner != g.current_player() || g.view(winner).victory_points() < target) =>
        {
            let last = 2 * n as u32 - 1;
            assert_eq!(g.war_round(), Some((last, true)), "{ctx}: the war ended before its last round");
            let best = seats.iter().map(|&s| g.view(s).victory_points()).max().unwrap_or(0);
            for &s in &seats {
                let won = events.iter().any(|e| matches!(e, Event::Won { seat, .. } if *seat == s));
                assert_eq!(g.winners().contains(s), g.view(s).victory_points() == best, "{ctx}: {s} at the end");
                assert_eq!(won, g.winners().contains(s), "{ctx}");
            }
        }
        Phase::Over { winner, .. } => {
            assert_eq!(winner, g.current_player(), "{ctx}: won outside their own turn");
            assert!(g.view(winner).victory_points() >= target, "{ctx}");
            assert!(events.iter().any(|e| matches!(e, Event::Won { seat, .. } if *seat == winner)), "{ctx}");
        }
        // R40: a builder who reaches the target wins as their own turn starts.
        Phase::Setup { .. } | Phase::SpecialBuilding { .. } => {}
        _ => assert!(
            g.view(g.current_player()).victory_points() < target,
            "{ctx}: the target was reached in one's own turn"
        ),
    }
}
