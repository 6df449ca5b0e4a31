//! The positions the screen tests load ([`crate::support::positions`]) are still the ones
//! their walks find: the screen tests run again, each walking as well as loading, and a
//! position the walk no longer finds is named with what to do.

use std::process::Command;

use crate::support::positions::{MODE, dir};

/// Every screen test run with `CATAN_POSITIONS=check` (this one left out), in one child run
/// of this test binary.
#[test]
fn the_walks_still_find_the_saved_positions() {
    if std::env::var(MODE).is_ok() {
        return; // in the child run, or when the fixtures are being written
    }
    let saved = std::fs::read_dir(dir()).expect("the positions' folder").count();
    assert!(saved >= 10, "the saved positions are found ({saved})");
    let me = std::env::current_exe().expect("this test binary");
    let out = Command::new(me)
        .env(MODE, "check")
        .args(["--skip", "saved_positions::", "--test-threads", "2"])
        .output()
        .expect("the screen tests run again");
    let said = String::from_utf8_lossy(&out.stdout);
    let moved: Vec<&str> = said.lines().filter(|l| l.contains("the walk no longer finds")).collect();
    assert!(moved.is_empty(), "{}", moved.join("\n"));
    assert!(out.status.success(), "the screen tests failed when walking too:\n{said}");
}
