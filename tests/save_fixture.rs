//! Every save version catan ever wrote stays readable (issue 4): one committed file per version
//! in tests/fixtures/saves/, never regenerated.
//!
//! If this fails after an engine change, the change altered the save format (a field of `Game`
//! renamed or added without `#[serde(default)]`) or the game itself (the RNG used differently,
//! so old logs replay to other states). Either keep the old reading working, or bump
//! `save::VERSION`, convert older documents in `save::format`, and add a fixture of the new
//! version here. Don't edit the old fixtures.

mod save_common;

use std::path::{Path, PathBuf};

use catan::engine::{Action, Seat};
use catan::save::{self, Record};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves").join(name)
}

#[test]
fn version_1_still_loads() {
    let path = fixture("v1-three-players-mid-game.json");
    let record = save::load(&path).unwrap();
    assert_eq!(record.names(), ["Ann", "Bob", "Cy"]);
    assert_eq!(record.seed(), 4);
    assert_eq!(record.len(), 250);
    assert!(!record.game().is_over());
    assert!(record.actions().iter().any(|a| matches!(a, Action::OfferTrade { .. })));
    assert!(record.game().turn_number() > 10);
    assert!(record.game().seats().all(|s: Seat| record.game().settlements(s).count() >= 1));
    // Re-saved in today's format, it reads back as the same game.
    let again = save::from_json(save::to_json(&record).as_bytes()).unwrap();
    assert_eq!(again.game(), record.game());
    assert_eq!(again.actions(), record.actions());
}

#[test]
fn the_documented_example_loads() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/save-format.md")).unwrap();
    let example = doc.split("```json\n").nth(1).and_then(|rest| rest.split("```").next()).unwrap();
    let record = save::from_json(example.as_bytes()).unwrap();
    assert_eq!(record.names(), ["Ann", "Bob", "Cy"]);
    assert_eq!(record.len(), 3);
    let topo = record.game().topology();
    assert_eq!((topo.num_vertices(), topo.num_edges(), topo.num_hexes()), (54, 72, 19), "as the document says");
}

/// Writes the fixture of the current version once: `cargo test --test save_fixture -- --ignored`.
/// Refuses to overwrite: old fixtures are the record of what earlier catans wrote.
#[test]
#[ignore]
fn write_fixture_of_this_version() {
    let path = fixture(&format!("v{}-three-players-mid-game.json", save::VERSION));
    assert!(!path.exists(), "{} exists: fixtures are never regenerated", path.display());
    let played = save_common::random_record(4, 250);
    let names = vec!["Ann".to_string(), "Bob".into(), "Cy".into()];
    let mut record = Record::new(*played.config(), played.seed(), names).unwrap();
    for &a in played.actions() {
        record.apply(a).unwrap();
    }
    save::save(&record, &path).unwrap();
}
