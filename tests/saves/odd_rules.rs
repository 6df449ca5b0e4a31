//! Issue 27, "a game that loses itself": what the loader accepts, the engine can play, and what
//! the game writes, the loader reads. Rules with their numbers at the limits the loader accepts
//! (banks of 1, no cities, a deck of one card) under every mix of house rules are played by
//! random players, and every save they write loads again, as the same game. Numbers that only a
//! long game reaches (the turn counter past 65,535) don't wrap.

use crate::support::files::TempDir;
use crate::support::records::{odd_config, odd_record};
use crate::support::walk::{Look, until, walk};
use catan::bots::SplitMix64;
use catan::engine::{Action, Config, ConfigError, Event, Game, Module, Modules, Phase, Resource, Snapshot};
use catan::save::{self, Autosave, Record, default_names};

/// Every mix of the house rules this version plays (the dragon brings gold, R43).
fn every_mix() -> impl Iterator<Item = Modules> {
    let available = Modules::AVAILABLE.0;
    (0..1u32 << Module::ALL.len()).filter(move |m| m & !available == 0).map(Modules)
}

/// Every card of every kind in the game: the bank's and the hands'.
fn cards_in_play(g: &Game) -> [u32; 6] {
    let mut all = g.bank().counts().map(u32::from);
    for s in g.seats() {
        for (n, r) in all.iter_mut().zip(Resource::CARDS) {
            *n += u32::from(g.view(s).hand()[r]);
        }
    }
    all
}

/// R12 with a bank of 1: the second set-up settlements are paid as far as the bank holds
/// (short as in production, R16), never overdrawn. Before issue 27 the bank wrapped to 255 in
/// release builds (763 cards in play) and debug builds panicked.
#[test]
fn a_bank_of_one_pays_setup_as_far_as_it_holds() {
    for players in 2..=6 {
        for seed in 0..20 {
            let config = Config { bank: 1, ..Config::with_players(players) };
            let mut g = Game::new(config, seed).unwrap();
            let mut rng = SplitMix64::new(seed);
            let mut short = false;
            while matches!(g.phase(), Phase::Setup { .. }) {
                let legal = g.legal_actions();
                let events = g.apply(legal[rng.below(legal.len())]).unwrap();
                short |= events.iter().any(|e| matches!(e, Event::Shortage { .. }));
            }
            g.validate().unwrap();
            let held = cards_in_play(&g);
            assert_eq!(held, [1, 1, 1, 1, 1, 0], "{players} players, seed {seed}: {:?}", g.bank());
            assert!(short || players == 2, "{players} players, seed {seed}: the bank of 1 ran short");
            // The game goes on, and saves and loads as any other.
            let record = Record::from_actions(config, seed, default_names(players), &[]).unwrap();
            assert!(save::from_json(save::to_json(&record).as_bytes()).is_ok());
        }
    }
}

/// R41 places a city in set-up: rules with accelerated start and no cities are refused, by a
/// new game and by the loader, saying why. Before issue 27 set-up placed a city anyway and
/// the next autosave was refused ("player 1 has more pieces than the game has").
#[test]
fn accelerated_start_without_cities_is_refused() {
    let mut config = Config::default().with_modules(Modules::NONE.with(Module::AcceleratedStart));
    config.supply.cities = 0;
    assert_eq!(config.validate(), Err(ConfigError::StartWithoutCity));
    let refused = Record::new(config, 1, default_names(4)).unwrap_err().to_string();
    assert!(refused.contains("accelerated start (R41) places a city in set-up"), "{refused}");

    let good = Record::new(Config { supply: config.supply, ..Config::default() }, 1, default_names(4)).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&save::to_json(&good)).unwrap();
    doc["rules"]["modules"] = serde_json::to_value(config.modules).unwrap();
    doc["state"]["rules"]["modules"] = serde_json::to_value(config.modules).unwrap();
    let err = save::from_json(doc.to_string().as_bytes()).unwrap_err().to_string();
    assert_eq!(
        err,
        "the rules in the save are impossible: accelerated start (R41) places a city in set-up: give each \
         player at least 1 city"
    );
}

/// Every mix of house rules, each with its own odd numbers, played by random players: every
/// save the game writes (checked at every action of set-up, then every 15th; every 40th in
/// debug builds) loads again as the same game.
#[test]
fn odd_rule_games_write_saves_that_load() {
    let (steps, every) = if cfg!(debug_assertions) { (150, 40) } else { (600, 15) };
    for (i, modules) in every_mix().enumerate() {
        let seed = i as u64;
        let mut n = 0;
        odd_record(seed, modules, steps, |record| {
            n += 1;
            if n <= 30 || n % every == 0 {
                let json = save::to_json(record);
                let loaded = save::from_json(json.as_bytes()).unwrap_or_else(|e| {
                    panic!("seed {seed}, action {n}, {:?}: the game wrote a save it can't load: {e}", record.config())
                });
                assert_eq!(&loaded, record, "seed {seed}, action {n}");
            }
        });
    }
}

/// Odd-rule games autosaved after every action, as the terminal does: every autosave loads.
#[test]
fn every_autosave_of_an_odd_rule_game_loads() {
    let dir = TempDir::new("odd-rules");
    let mixes: Vec<Modules> = every_mix().collect();
    for seed in 0..8u64 {
        let modules = mixes[(seed as usize * 97) % mixes.len()];
        let record = Record::new(odd_config(seed, modules), seed, default_names(odd_config(seed, modules).players));
        let autosave = Autosave::start_in(dir.path(), &record.unwrap()).unwrap();
        let mut n = 0;
        odd_record(seed, modules, 120, |record| {
            n += 1;
            autosave.write(record).unwrap_or_else(|e| panic!("seed {seed}, action {n}: {e}"));
            let loaded = save::load(autosave.path()).unwrap_or_else(|e| panic!("seed {seed}, action {n}: {e}"));
            assert_eq!(&loaded, record);
        });
    }
}

/// The turn counter is 32 bits: turn 65,536 follows turn 65,535 (a 16-bit counter wrapped to 0,
/// "set-up", and debug builds panicked), and such a game saves and reads back.
#[test]
fn the_turn_counter_does_not_wrap_at_65536() {
    let random = |_: &Game, legal: &[Action], rng: &mut SplitMix64| legal[rng.below(legal.len())];
    let mut rng = SplitMix64::new(3);
    let g = Game::new(Config::default(), 3).unwrap();
    let g = walk(g, &mut rng, usize::MAX, until(|g: &Game| g.turn_number() != 0), random).expect("set-up ends");
    let mut snapshot: Snapshot = g.snapshot();
    snapshot.turn.number = u16::MAX as u32;
    let g = Game::from_snapshot(snapshot).unwrap();
    // On until the next turn starts, the number its event gives.
    let mut started = None;
    let look = |_: &Game, events: &[Event]| {
        started = events.iter().find_map(|e| match e {
            Event::TurnStarted { number, .. } => Some(*number),
            _ => None,
        });
        if started.is_some() { Look::Found } else { Look::Go }
    };
    let g = walk(g, &mut rng, usize::MAX, look, random).expect("a turn starts");
    let started = started.expect("the turn's number");
    assert_eq!((started, g.turn_number()), (65_536, 65_536));
    let json = serde_json::to_string(&g.snapshot()).unwrap();
    assert!(json.contains("\"number\":65536"), "{json}");
    let read: Snapshot = serde_json::from_str(&json).unwrap();
    assert_eq!(Game::from_snapshot(read).unwrap(), g);
}
