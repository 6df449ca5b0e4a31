//! Target `load`: any bytes given to the loader. It must never panic, and whatever it accepts
//! is a whole, consistent game that saves back to the same document (issue 4's property, as
//! tests/save_fuzz.rs checks it on mutated saves).

use catan::save;

/// Loads `data` both ways (verified and not) and checks what is accepted.
pub fn run(data: &[u8]) {
    if let Ok(record) = save::from_json(data) {
        record.verify().expect("an accepted save replays to its own state");
        record.game().validate().expect("an accepted save is a valid game");
        let json = save::to_json(&record);
        let again = save::from_json(json.as_bytes()).expect("a save written back loads again");
        assert_eq!(save::to_json(&again), json, "a save written back is stable");
    }
    // The unverified loader must be as safe; replay errors are values, not panics.
    if let Ok(record) = save::from_json_unverified(data) {
        let _ = record.verify();
    }
}
