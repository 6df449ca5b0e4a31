//! Issue 12, item 3: what the game writes it can always read back. A long game's save is
//! written compact (pretty JSON only while it is small), and a save larger than the loader
//! reads is refused before anything is written, the old file left whole. One constant,
//! `MAX_SAVE_BYTES`, governs both sides.

use std::fs;

use crate::support::files::TempDir;
use crate::support::records::{long_record, random_record};
use catan::save::{self, MAX_SAVE_BYTES, PRETTY_MAX_BYTES, SaveError};

#[test]
fn what_the_game_writes_it_can_read_back() {
    let dir = TempDir::new("size");
    // Small: pretty-printed, as always.
    let small = random_record(2, 200);
    let json = save::to_json(&small);
    assert!(json.len() < PRETTY_MAX_BYTES && json.contains("\n  \"format\": \"catan-save\""), "pretty");

    // Past 1 MiB pretty: written compact, one line, and it loads back.
    let long = long_record(2, 6_000);
    let json = save::to_json(&long);
    assert!(json.len() < PRETTY_MAX_BYTES * 2, "{} bytes", json.len());
    assert_eq!(json.lines().count(), 1, "compact");
    assert!(
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&json).unwrap()).unwrap().len()
            > PRETTY_MAX_BYTES
    );
    let path = dir.join("long.json");
    save::save(&long, &path).unwrap();
    assert_eq!(save::load(&path).unwrap(), long);

    // Past what the loader reads: refused, nothing written, the old file left as it was.
    let before = fs::read(&path).unwrap();
    // Each offer-decline-withdraw round takes at most this many bytes (the game's start too).
    let round = json.len() as u64 / 6_000;
    let huge = long_record(2, (MAX_SAVE_BYTES / round) as usize * 11 / 10);
    let err = save::save(&huge, &path).unwrap_err();
    assert!(matches!(err, SaveError::TooLarge { limit: MAX_SAVE_BYTES, size, .. } if size > MAX_SAVE_BYTES), "{err}");
    assert!(err.to_string().contains("more than the 67108864 catan can load"), "{err}");
    assert_eq!(fs::read(&path).unwrap(), before);
    let visible: Vec<_> = fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(visible, ["long.json"], "no temporary file left");
}
