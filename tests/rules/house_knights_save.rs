//! R52 in saves: a committed save of a game with knights (units on the board, some of them
//! moved in the turn saved) loads, plays on the same as the game it was written from, and is
//! written again byte for byte. Older saves, without units, read and write as they did (their
//! own fixtures, tests/save_fixture.rs).

use std::path::{Path, PathBuf};

use catan::bots::SplitMix64;
use catan::engine::{Action, Config, Event, Game, Module, Modules, Phase, UnitKind};
use catan::save::{self, Record};

use crate::support::walk::{Look, walk};

const FIXTURE: &str = "v2-four-players-knights-mid-game.json";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves").join(name)
}

/// True when a unit of the player whose turn it is has acted this turn.
fn units_acted(g: &Game) -> bool {
    let s = g.current_player();
    g.knight_units(s).any(|(slot, _, _)| g.unit_actions_used(s, slot) > 0)
}

/// The fixture's game: four players with knights, random actions (unit actions first one time
/// in three) until a unit has moved in the main phase after 400 actions.
fn knights_record() -> Record {
    let config = Config::default().with_modules(Modules::NONE.with(Module::Knights));
    let record = Record::new(config, 25, save::default_names(4)).unwrap();
    let look = |record: &Record, _: &[Event]| {
        let g = record.game();
        if record.len() >= 400 && g.phase() == Phase::Main && units_acted(g) {
            return Look::Found;
        }
        assert!(!g.is_over(), "the game ended before a unit moved");
        Look::Go
    };
    let choose = |_: &Game, legal: &[Action], rng: &mut SplitMix64| {
        let units: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::BuildKnight { .. } | Action::MoveKnight { .. }))
            .collect();
        if !units.is_empty() && rng.below(3) == 0 {
            units[rng.below(units.len())]
        } else {
            legal[rng.below(legal.len())]
        }
    };
    walk(record, &mut SplitMix64::new(25), usize::MAX, look, choose).expect("a unit moves")
}

#[test]
fn r52_a_save_with_units_loads_and_round_trips_byte_for_byte() {
    let path = fixture(FIXTURE);
    let text = std::fs::read_to_string(&path).unwrap();
    let record = save::load(&path).unwrap();
    let g = record.game();
    assert!(g.config().modules.has(Module::Knights));
    assert!(g.seats().map(|s| g.knight_count(s)).sum::<u8>() >= 2, "units on the board");
    assert!(units_acted(g), "a unit has acted in the turn saved");
    assert!(record.actions().iter().any(|a| matches!(a, Action::MoveKnight { .. })));
    assert!(text.contains(r#""build_knight""#) && text.contains(r#""units""#));
    assert_eq!(save::to_json(&record), text);
    // The same game as the one it was written from: this version plays it the same.
    let again = knights_record();
    assert_eq!((again.game(), again.actions()), (record.game(), record.actions()));
    let kinds: Vec<UnitKind> = g.seats().flat_map(|s| g.knight_units(s).map(|(_, k, _)| k)).collect();
    assert!(!kinds.is_empty());
}

/// Writes the fixture once: `cargo test --test rules -- --ignored r52_write`. Refuses to
/// overwrite it: fixtures record what a version wrote.
#[test]
#[ignore]
fn r52_write_the_knights_fixture() {
    let path = fixture(FIXTURE);
    assert!(!path.exists(), "{} exists: fixtures are never regenerated", path.display());
    save::save(&knights_record(), &path).unwrap();
}
