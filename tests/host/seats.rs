//! H8 end to end, as a code holder would try it: the real `catan host` in a pty and the system's
//! `ssh` with a real key. Bob's first join waits for the host, whose box shows his key's
//! fingerprint; Bob killed comes back with his key at once; an impostor for Bob's seat (the
//! code, no key) and one for Ann's, played at the host's keyboard, are each put to the host and
//! refused, and the game goes on.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::client::{Joiner, ssh};
use crate::game::{CODE, free_port, host};
use crate::support::files::TempDir;
use crate::support::pty::HANDOFF_HOLD;

/// A new ed25519 key pair in `dir` (no passphrase): the private key's path and its
/// fingerprint as `ssh-keygen -l` prints it.
fn key_pair(dir: &Path) -> Option<(PathBuf, String)> {
    let path = dir.join("id_ed25519");
    let made = Command::new("ssh-keygen").args(["-q", "-t", "ed25519", "-N", "", "-f"]).arg(&path).status().ok()?;
    if !made.success() {
        return None;
    }
    let listed = Command::new("ssh-keygen").arg("-lf").arg(path.with_extension("pub")).output().ok()?;
    let text = String::from_utf8(listed.stdout).ok()?;
    let fingerprint = text.split_whitespace().nth(1)?.to_string();
    Some((path, fingerprint))
}

#[test]
fn h8_a_seat_is_its_players_a_key_takes_it_back_and_impostors_are_put_to_the_host() {
    let Some(_) = ssh() else { return };
    let keys = TempDir::new("bob-key");
    let Some((key, fingerprint)) = key_pair(keys.path()) else { return };
    let data = TempDir::new("hosted-seats");
    let port = free_port();
    // Seed 42 seats Ann first (the start is rolled from the seed).
    let mut h = host(&data, port, &["--seed", "42", "--players", "Ann,Bob,Cy"]);
    h.wait_for("Pass the keyboard to A Ann");
    // Ann takes the host's keyboard: her seat is played here.
    h.take_keyboard("Ann: place your first settlement");

    // Bob's first join waits for the host, whose box names his key.
    let mut bob = Joiner::start_keyed(port, "Bob", CODE, &key);
    h.wait_for("Bob asks to join as Bob");
    assert!(h.screen().contains(&fingerprint), "the host sees Bob's key {fingerprint}:\n{}", h.screen());
    bob.until("Bob told he waits for the host", |t| t.contains("Waiting for the host"));
    h.pause(HANDOFF_HOLD);
    h.keys("y", "Bob joined on their own screen");
    bob.until_screen("B Bob's hand");
    assert!(!bob.screen().contains("Rejoin word"), "a key needs no word");

    // His connection dies; his key and the code take the seat back without the host.
    bob.kill();
    h.wait_for("Bob left their screen");
    let mut bob = Joiner::start_keyed(port, "Bob", CODE, &key);
    bob.until_screen("B Bob's hand");
    h.wait_for("Bob joined on their own screen");
    assert!(!h.screen().contains("asks to join"), "no one asked the host:\n{}", h.screen());

    // Someone with the code but not Bob's key asks for Bob's seat while he plays: refused at once.
    let mut eve = Joiner::start(port, "Bob", CODE, 80, 24);
    assert!(eve.ended(), "the seat is on Bob's screen");
    assert!(eve.text().contains("already playing"), "{}", eve.text());
    // Bob leaves; the impostor tries again and is put to the host, who refuses.
    bob.kill();
    h.wait_for("Bob left their screen");
    let mut eve = Joiner::start(port, "Bob", CODE, 80, 24);
    h.wait_for("Bob asks to join as Bob");
    assert!(h.screen().contains("another ssh key"), "the host is told:\n{}", h.screen());
    h.pause(HANDOFF_HOLD);
    h.keys("n", "refused a join as Bob");
    assert!(eve.ended(), "the impostor is sent away");
    assert!(eve.text().contains("The host did not let you in"), "{}", eve.text());

    // And one for Ann's seat, played here: put to the host, refused; Ann plays on.
    let mut mallory = Joiner::start(port, "ann", CODE, 80, 24);
    h.wait_for("ann asks to join as Ann");
    assert!(h.screen().contains("played at this keyboard"), "{}", h.screen());
    h.pause(HANDOFF_HOLD);
    h.keys("n", "refused a join as Ann");
    assert!(mallory.ended());
    assert!(mallory.text().contains("The host did not let you in"), "{}", mallory.text());
    h.keys("\r", "Ann builds a settlement");
    // Bob's key still takes his seat back.
    let mut bob = Joiner::start_keyed(port, "Bob", CODE, &key);
    bob.until_screen("B Bob's hand");
    bob.pause(Duration::from_millis(200));
    h.keys("q", "Quit?");
    h.send("y");
    assert!(h.wait_exit().success());
    assert!(bob.ended());
}
