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
//!
//! `model` holds the checks' own model and invariants, `random` the random players.

#[path = "../support/mod.rs"]
mod support;

mod model;
mod random;

use model::{Bit, Model, brute_trail, check_state, corner_set, path_set};
use random::{check_actions, choose};

use catan::bots::SplitMix64;
use catan::engine::{
    Action, Answer, Config, DevCard, Edge, Event, Game, MapId, Module, Modules, Phase, Resource, Vertex, longest_trail,
};
use support::config::config;
use support::random_play::rules_on;

/// Turns after which a game counts as stuck (random players finish in a few hundred).
const TURN_LIMIT: u32 = 3000;

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
    let mut model = Model::new();
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
    // A debug build plays one game in eight, spread over the three maps and the combinations
    // (the first twelve seeds would all be on the standard map, where the colonist can't score).
    let seeds: Vec<u64> = if cfg!(debug_assertions) {
        (0..games / 8).map(|i| i * 8 + (i * 5 + 6) % 8).collect()
    } else {
        (0..games).collect()
    };
    let (mut cov, mut at_limit, mut long_kind) = (Coverage::default(), 0, 0);
    for seed in seeds {
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
