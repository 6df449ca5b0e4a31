//! Property tests over thousands of seeded random games played to the end, with random domestic
//! trade offers, answers and counter-offers mixed in. After every action the state is checked
//! against a recomputation from scratch: the cards (R4), the pieces (R5), road lengths (R34), the
//! award holders (R35, R36), the points (R37) and the win (R38); every listed action must pass
//! `check`, and random actions of every kind must be listed or refused without a trace.
//!
//! A fifth set of games plays every combination of the unit modules (knights, ships, colonist,
//! attacks, phases: R52-R57) on every map, with the same checks and more: Largest Army by units
//! and Largest Navy (R35), Colonist points, the generator against `reference_actions`, random
//! unit actions and attacks probed. Games with attacks and no phases may run long: they stop at
//! the turn limit and the test prints how many did; with phases every game ends.

mod support;

use catan::bots::{SplitMix64, dragon_building};
use catan::engine::{
    Action, Answer, Config, DevCard, Edge, Event, Game, Hand, Hex, IntersectionSet, MapId, Module, Modules, PathSet,
    Phase, Resource, Seat, SeatSet, Topology, Vertex, longest_trail,
};
use support::config::config;
use support::random_play::{random_unit_action, rules_on};

/// Turns after which a game counts as stuck (random players finish in a few hundred).
const TURN_LIMIT: u32 = 3000;

/// What the checks remember between actions: the awards as this file's own model of R35 and
/// R36 sees them, and the progress cards played (which leave no other trace).
struct Model {
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

/// The longest trail by brute force, independent of the engine's search: every trail is
/// extended path by path from both ends of every road, and may not pass through `blocked`.
fn brute_trail(topo: &Topology, roads: u128, blocked: u128) -> u8 {
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

fn rand_hand(rng: &mut SplitMix64, from: Option<Hand>) -> Hand {
    let mut h = Hand::EMPTY;
    for _ in 0..1 + rng.below(3) {
        let r = Resource::CARDS[rng.below(6)];
        if from.is_none_or(|f| f[r] > h[r]) {
            h[r] += 1;
        }
    }
    h
}

/// A random trade offer from the player whose turn it is, mostly of cards they hold.
fn random_offer(g: &Game, rng: &mut SplitMix64) -> Action {
    let me = g.current_player();
    let own = (rng.below(8) > 0).then(|| g.view(me).hand());
    let give = rand_hand(rng, own);
    let mut get = rand_hand(rng, None);
    for r in Resource::CARDS {
        if give[r] > 0 && rng.below(4) > 0 {
            get[r] = 0;
        }
    }
    let mut to = SeatSet(rng.below(256) as u8 & SeatSet::all(g.num_players()).0).without(me);
    if to.is_empty() {
        to = SeatSet::all(g.num_players()).without(me);
    }
    Action::OfferTrade { give, get, to }
}

/// A random counter-offer: what the offering player would give and get.
fn random_counter(g: &Game, rng: &mut SplitMix64) -> Action {
    let give = rand_hand(rng, Some(g.view(g.current_player()).hand()));
    let get = rand_hand(rng, Some(g.view(g.to_act()).hand()));
    Action::CounterTrade { give, get }
}

/// Any action at all, with coordinates over the whole range of their types.
fn random_action(rng: &mut SplitMix64) -> Action {
    let byte = |rng: &mut SplitMix64| if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(80) as u8 };
    let res = |rng: &mut SplitMix64| Resource::CARDS[rng.below(6)];
    let seat = |rng: &mut SplitMix64| Seat(if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(6) as u8 });
    match rng.below(20) {
        0 => Action::BuildSettlement(Vertex(byte(rng))),
        1 => Action::BuildCity(Vertex(byte(rng))),
        2 => Action::BuildRoad(Edge(byte(rng))),
        3 => Action::RollDice,
        4 => Action::Discard(res(rng)),
        5 => Action::MoveRobber { hex: Hex(byte(rng) % 32), victim: (rng.below(3) > 0).then(|| seat(rng)) },
        6 => Action::BuyDevCard,
        7 => Action::PlayKnight,
        8 => Action::PlayRoadBuilding,
        9 => Action::PlayYearOfPlenty(res(rng), (rng.below(4) > 0).then(|| res(rng))),
        10 => Action::PlayMonopoly(res(rng)),
        11 => Action::MaritimeTrade { give: res(rng), get: res(rng), rate: rng.below(6) as u8 },
        12 => Action::OfferTrade { give: rand_hand(rng, None), get: rand_hand(rng, None), to: SeatSet(byte(rng)) },
        13 => Action::AcceptTrade,
        14 => Action::DeclineTrade,
        15 => Action::CounterTrade { give: rand_hand(rng, None), get: rand_hand(rng, None) },
        16 => Action::ConfirmTrade(seat(rng)),
        17 => Action::CancelTrade,
        18 => Action::BuyWithGold(res(rng)),
        _ => Action::EndTurn,
    }
}

/// The random player of this file: uniform over the legal actions, with a domestic offer now
/// and then and counter-offers among the answers. With the dragon (R43) it builds first, as the
/// `random` bot does ([`dragon_building`]), or the dragon would empty the island.
fn choose(g: &Game, legal: &[Action], rng: &mut SplitMix64) -> Action {
    if g.config().modules.has(Module::Dragon)
        && let Some(i) = dragon_building(&g.acting_view(), legal, rng)
    {
        return legal[i];
    }
    match g.phase() {
        Phase::Main if rng.below(12) == 0 => {
            let offer = random_offer(g, rng);
            if g.is_legal(offer) {
                return offer;
            }
        }
        Phase::Trade { .. } if g.to_act() != g.current_player() && rng.below(3) == 0 => {
            let counter = random_counter(g, rng);
            if g.is_legal(counter) {
                return counter;
            }
        }
        _ => {}
    }
    legal[rng.below(legal.len())]
}

/// The model's own masks: bit `i` for intersection or path `i`.
trait Bit {
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
fn path_set(mask: u128) -> PathSet {
    (0..128).filter(|i| mask >> i & 1 == 1).map(Edge).collect()
}
fn corner_set(mask: u128) -> IntersectionSet {
    (0..128).filter(|i| mask >> i & 1 == 1).map(Vertex).collect()
}

fn road_set(g: &Game, s: Seat) -> u128 {
    g.roads(s).fold(0, |m, e| m | e.bit())
}

fn building_mask(g: &Game, s: Seat) -> u128 {
    g.settlements(s).chain(g.cities(s)).fold(0, |m, v| m | v.bit())
}

/// Everything that must hold after every action.
fn check_state(g: &Game, m: &mut Model, events: &[Event], ctx: &str) {
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

/// Every listed action passes `check`; random actions are listed, or refused leaving the game
/// exactly as it was.
fn check_actions(g: &Game, legal: &[Action], rng: &mut SplitMix64, ctx: &str) {
    assert_eq!(legal.is_empty(), g.is_over(), "{ctx}: no legal action in {:?}", g.phase());
    for &a in legal {
        assert_eq!(g.check(a), Ok(()), "{ctx}: listed {a:?} fails check");
    }
    let units = g.config().modules.has(Module::Knights) || g.config().modules.has(Module::Ships);
    for i in 0..3 {
        let a = if units && i == 0 { random_unit_action(rng) } else { random_action(rng) };
        let listed = legal.contains(&a);
        let mut h = *g;
        match h.apply(a) {
            Ok(_) => assert!(
                listed || matches!(a, Action::OfferTrade { .. } | Action::CounterTrade { .. }),
                "{ctx}: {a:?} accepted but not listed"
            ),
            Err(e) => {
                assert!(!listed, "{ctx}: listed {a:?} refused: {e}");
                assert_eq!(g.check(a), Err(e), "{ctx}: check and apply disagree on {a:?}");
                assert!(h == *g, "{ctx}: refused {a:?} changed the game");
            }
        }
    }
}

/// How often the rarer events happened, to show that the games reach them.
#[derive(Debug, Default)]
struct Coverage {
    actions: u64,
    offers: u32,
    counters: u32,
    trades: u32,
    shortages: u32,
    discards: u32,
    road_building: u32,
    set_aside: u32,
    road_changes: u32,
    army_changes: u32,
    house_awards: u32,
    /// R42, R43: exchanges of gold at the bank, and the dragon's attacks.
    gold_buys: u32,
    dragon_attacks: u32,
    /// R52-R57: units built and moved, fights and those the attacker won, Colonist points.
    units_built: u32,
    units_moved: u32,
    fights: u32,
    fights_won: u32,
    colonist: u32,
}

impl Coverage {
    fn count(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::TradeOffered { .. } => self.offers += 1,
                Event::TradeAnswered { answer: Answer::Counter { .. }, .. } => self.counters += 1,
                Event::Traded { .. } => self.trades += 1,
                Event::Shortage { .. } => self.shortages += 1,
                Event::Discarded { .. } => self.discards += 1,
                Event::PlayedDevCard { card: DevCard::RoadBuilding, .. } => self.road_building += 1,
                Event::LongestRoad { holder: None, .. } => self.set_aside += 1,
                Event::LongestRoad { .. } => self.road_changes += 1,
                Event::LargestArmy { .. } => self.army_changes += 1,
                Event::HouseAward { .. } => self.house_awards += 1,
                Event::MaritimeTraded { gave, .. } if gave[Resource::Gold] > 0 => self.gold_buys += 1,
                Event::DragonAttacked { .. } => self.dragon_attacks += 1,
                Event::UnitBuilt { .. } => self.units_built += 1,
                Event::UnitMoved { .. } | Event::Boarded { .. } => self.units_moved += 1,
                Event::Fought { result, .. } => {
                    self.fights += 1;
                    self.fights_won += (*result != catan::engine::FightResult::Held) as u32;
                }
                Event::Colonist { .. } => self.colonist += 1,
                _ => {}
            }
        }
    }
}

/// Plays game `seed` under `config` to the end, checking after every action; false when it
/// stopped at the turn limit instead (allowed only with attacks and no phases, R56, R57).
fn play_checked(config: Config, seed: u64, cov: &mut Coverage) -> bool {
    let mut g = Game::new(config, seed).expect("valid config");
    let mut rng = SplitMix64::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xC0FFEE);
    let mut model = Model {
        longest_road: None,
        largest_army: None,
        metropolis: None,
        harbor_master: None,
        navy: None,
        progress_played: 0,
        lengths: [0; 6],
        measured: [(0, 0, 0); 6],
    };
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut actions = 0u64;
    check_state(&g, &mut model, &[], &format!("seed {seed} start"));
    let modules = config.modules;
    let may_run_long = modules.has(Module::Attacks) && !modules.has(Module::Phases);
    let units = modules.has(Module::Knights) || modules.has(Module::Ships);
    while !g.is_over() {
        if g.turn_number() >= TURN_LIMIT {
            assert!(may_run_long, "seed {seed}: no winner after {TURN_LIMIT} turns");
            cov.actions += actions;
            return false;
        }
        let ctx = format!("seed {seed} action {actions} ({:?}, turn {})", g.phase(), g.turn_number());
        g.legal_actions_into(&mut legal);
        check_actions(&g, &legal, &mut rng, &ctx);
        // The legality oracle: the generator lists exactly what `check` accepts.
        if units && actions.is_multiple_of(10) {
            let key = |a: &Action| format!("{a:?}");
            let (mut listed, mut reference) = (legal.clone(), g.reference_actions());
            listed.sort_by_key(key);
            reference.sort_by_key(key);
            assert_eq!(listed, reference, "{ctx}: the generator against reference_actions");
        }
        let a = choose(&g, &legal, &mut rng);
        events.clear();
        g.apply_into(a, &mut events).unwrap_or_else(|e| panic!("{ctx}: {a:?} refused: {e}"));
        actions += 1;
        check_state(&g, &mut model, &events, &format!("{ctx} after {a:?}"));
        cov.count(&events);
        if let Phase::Trade { answers, .. } = g.phase() {
            let asked = answers.iter().filter(|a| !matches!(a, Answer::NotAsked)).count();
            assert!(asked >= 1, "{ctx}: an offer to no one");
        }
    }
    if modules.has(Module::Phases) {
        let n = config.players as u32;
        assert!(g.turn_number() <= 2 * n * n, "seed {seed}: a war game past its last round");
    }
    cov.actions += actions;
    true
}

fn play_range(seeds: std::ops::Range<u64>) {
    let mut cov = Coverage::default();
    for seed in seeds {
        play_checked(config(seed), seed, &mut cov);
    }
    println!("{cov:?}");
    let c = &cov;
    // Shortages and a set-aside Longest Road are rare among random players; rules_turn.rs and
    // rules_awards.rs stage them.
    let seen = [
        c.offers,
        c.counters,
        c.trades,
        c.discards,
        c.road_building,
        c.road_changes,
        c.army_changes,
        c.house_awards,
        c.gold_buys,
        c.dragon_attacks,
    ];
    assert!(seen.iter().all(|&n| n > 0), "every kind of event is exercised: {cov:?}");
}

// Four batches so the test harness can spread them over the cores: 2,000 games in about 20 s
// with `cargo test --release` on 2 cores; a tenth of that in debug builds, which run ~15x slower.
const BATCH: u64 = if cfg!(debug_assertions) { 50 } else { 500 };

/// Batch `i` of the games: seeds from `PROPERTY_SEED` (default 0), `PROPERTY_GAMES` games per
/// batch (default [`BATCH`]); the variables allow long soak runs on other seeds.
fn batch(i: u64) {
    let var = |name: &str, default: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let (first, games) = (var("PROPERTY_SEED", 0), var("PROPERTY_GAMES", BATCH));
    play_range(first + i * games..first + (i + 1) * games);
}

#[test]
fn r4_r5_r34_r38_random_games_batch_1() {
    batch(0);
}

#[test]
fn r4_r5_r34_r38_random_games_batch_2() {
    batch(1);
}

#[test]
fn r4_r5_r34_r38_random_games_batch_3() {
    batch(2);
}

#[test]
fn r4_r5_r34_r38_random_games_batch_4() {
    batch(3);
}

/// The rules of unit game `seed`: one of the 32 combinations of the unit modules (knights,
/// ships, colonist, attacks, phases; each brings what it needs) on one of the three maps, with
/// a seeded sample of the land modules, the players and turns of `support::random_play`.
fn unit_rules(seed: u64) -> Config {
    const UNITS: [Module; 5] = [Module::Knights, Module::Ships, Module::Colonist, Module::Attacks, Module::Phases];
    let units =
        UNITS.iter().enumerate().filter(|(i, _)| seed >> i & 1 == 1).fold(Modules::NONE, |m, (_, &u)| m.with(u));
    rules_on(MapId::ALL[(seed / 32 % 3) as usize], seed, units)
}

/// R4, R5, R35, R37, R38 and R52-R57: every combination of the unit modules on every map
/// (`UNIT_GAMES` games, default 96: each combination once on each map), checked as the base
/// games are. Without phases, attacks may keep a game going: it stops at the turn limit and
/// the count is printed.
#[test]
fn r4_r5_r52_r57_random_games_with_units_on_every_map() {
    let games = std::env::var("UNIT_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(96u64);
    let games = if cfg!(debug_assertions) { games / 8 } else { games };
    let (mut cov, mut at_limit, mut long_kind) = (Coverage::default(), 0, 0);
    for seed in 0..games {
        let config = unit_rules(seed);
        long_kind += (config.modules.has(Module::Attacks) && !config.modules.has(Module::Phases)) as u32;
        at_limit += !play_checked(config, seed, &mut cov) as u32;
    }
    println!("{cov:?}");
    println!("games with attacks and no phases: {at_limit} of {long_kind} stopped at the {TURN_LIMIT}-turn limit");
    let seen = [cov.army_changes, cov.house_awards, cov.units_built, cov.units_moved, cov.fights_won, cov.colonist];
    assert!(seen.iter().all(|&n| n > 0), "every kind of unit event is exercised: {cov:?}");
}

/// Random road networks, grown path by path from one or two intersections so that forks, loops
/// and separate parts are common, with random opponent buildings on them.
#[test]
fn r34_longest_trail_matches_brute_force_on_random_networks() {
    let topo = catan::engine::MapId::Standard.topology();
    let mut rng = SplitMix64::new(34);
    let networks = if cfg!(debug_assertions) { 2_000 } else { 20_000 };
    for i in 0..networks {
        let mut roads = 0u128;
        // One or two starting points: some networks have two parts, which may later join.
        let mut touched = 0u128;
        for _ in 0..1 + rng.below(2) {
            touched |= Vertex(rng.below(topo.num_vertices()) as u8).bit();
        }
        for _ in 0..1 + rng.below(15) {
            // Any free path touching the network so far.
            let frontier: Vec<Edge> = topo
                .edges()
                .filter(|e| roads & e.bit() == 0 && topo.edge_vertices(*e).iter().any(|v| touched & v.bit() != 0))
                .collect();
            let e = frontier[rng.below(frontier.len())];
            roads |= e.bit();
            for v in topo.edge_vertices(e) {
                touched |= v.bit();
            }
        }
        let blocked =
            topo.vertices().filter(|v| touched & v.bit() != 0 && rng.below(6) == 0).fold(0, |m, v| m | v.bit());
        assert_eq!(
            longest_trail(topo, path_set(roads), corner_set(blocked)),
            brute_trail(topo, roads, blocked),
            "network {i}"
        );
    }
}
