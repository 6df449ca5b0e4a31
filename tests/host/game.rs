//! `catan host` end to end (issue 40's proof): the real binary in a pseudo-terminal, hosting on
//! the loopback address; Bob and Cy join with the system's `ssh` in pseudo-terminals of their
//! own, Ann plays on the host's keyboard. Set-up on three screens, a trade between Ann (the
//! host's screen) and Bob (his own), a second joiner for Bob and a wrong code refused, Bob's
//! ssh killed mid-dialog and Bob back with the same name and code; then the host killed, the
//! game hosted again with `--continue`, and its autosave replayed and verified.

use std::time::Duration;

use crate::client::{Joiner, ssh};
use crate::support::files::{TempDir, newest_autosave};
use crate::support::pty::{AFTER_HOLD, HANDOFF_HOLD, Session};

/// The join code of the end-to-end hostings (`--code`).
pub const CODE: &str = "e2e table code";

/// A port free on the loopback address now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// `catan host` in a pty of 140 x 45 on 127.0.0.1 at `port` with [`CODE`], its data in `data`,
/// with `more` of the play command's flags.
pub fn host(data: &TempDir, port: u16, more: &[&str]) -> Session {
    let port = port.to_string();
    let mut args = vec!["host", "--bind", "127.0.0.1", "--port", &port, "--code", CODE, "--no-mouse"];
    args.extend_from_slice(more);
    Session::start_with(&args, &[("CATAN_DATA_DIR", data.path().to_str().unwrap())], 140, 45)
}

/// The host lets in `login`, who asks for `seat`'s seat (H8): the box asks, and `y` once it
/// has been up past the half second in which it ignores keys.
pub fn admit(h: &mut Session, login: &str, seat: &str) {
    h.wait_for(&format!("{login} asks to join as {seat}"));
    h.pause(HANDOFF_HOLD);
    h.keys("y", &format!("{seat} joined on their own screen"));
}

/// The rejoin word on a joiner's screen (H8: shown there alone).
pub fn rejoin_word(joiner: &mut Joiner) -> String {
    joiner.until_screen("Rejoin word: ");
    let screen = joiner.screen();
    let at = screen.find("Rejoin word: ").unwrap() + "Rejoin word: ".len();
    screen[at..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '-').collect()
}

#[test]
fn friends_join_a_hosted_game_play_set_up_and_a_trade_and_come_back_after_a_kill() {
    if ssh().is_none() {
        return;
    }
    let data = TempDir::new("hosted");
    let port = free_port();
    let mut h = host(&data, port, &["--seed", "42", "--players", "Ann,Bob,Cy"]);
    h.wait_for("Pass the keyboard to A Ann");
    // The card is drawn beside the hand-off, maybe in the frame's next bytes.
    h.wait_for(&format!("ssh -p {port} NAME@127.0.0.1"));
    h.wait_for(CODE);

    let mut bob = Joiner::start(port, "Bob", CODE, 140, 45);
    admit(&mut h, "Bob", "Bob");
    bob.until_screen("B Bob's hand");
    let word = rejoin_word(&mut bob);
    assert!(!h.screen().contains(&word), "the rejoin word is on Bob's screen alone");
    let mut cy = Joiner::start(port, "cy", CODE, 120, 40);
    admit(&mut h, "cy", "Cy");
    cy.until_screen("C Cy's hand");
    // A second joiner for Bob's seat, and a wrong code: refused, the host plays on.
    let mut again = Joiner::start(port, "Bob", CODE, 80, 24);
    assert!(again.ended(), "the second Bob is sent away");
    assert!(again.text().contains("Bob is already playing on their own screen"), "{}", again.text());
    assert!(again.text().contains("free seats: Ann"), "{}", again.text());
    let mut wrong = Joiner::start(port, "Ann", "not the code", 80, 24);
    assert!(wrong.ended(), "a wrong code is refused");
    h.wait_for("wrong code from 127.0.0.1");

    // Set-up: Ann on the host's keyboard (she takes it once), Bob and Cy on their own screens,
    // each placing where the cursor starts. No hand-off ever on a joined screen.
    h.take_keyboard("Ann: place your first settlement");
    h.keys("\r", "Ann builds a settlement");
    h.keys("\r", "Bob is playing on their own screen");
    bob.until_screen("Bob: place your first settlement");
    bob.pause(AFTER_HOLD);
    bob.keys("\r", "Bob builds a settlement");
    bob.keys("\r", "Cy is playing on their own screen");
    cy.until_screen("Cy: place your first settlement");
    cy.pause(AFTER_HOLD);
    // The header says what is placed now; it alternates, so each wait sees the new state.
    cy.keys("\r", "C Cy places a road");
    cy.keys("\r", "C Cy places a settlement");
    cy.keys("\r", "C Cy places a road");
    cy.keys("\r", "Bob is playing on their own screen");
    bob.until_screen("Bob: place your second settlement");
    // Bob's ssh dies in the middle of his placement: his seat waits, and the host says so.
    bob.kill();
    h.wait_for("Bob left their screen: the seat waits");
    assert!(h.screen().contains("p play their seat here"), "{}", h.screen());
    // His name with his rejoin word and the code take it back, whole, without the host (H8).
    let mut bob = Joiner::start(port, &format!("Bob+{word}"), CODE, 140, 45);
    bob.until_screen("Bob: place your second settlement");
    bob.pause(AFTER_HOLD);
    bob.keys("\r", "Bob builds a settlement");
    bob.keys("\r", "Ann is playing on the host's screen");
    h.wait_for("Ann: place your second settlement");
    h.keys("\r", "Ann builds a settlement");
    h.keys("\r", "turn 1  A Ann rolls");

    // Ann (the host's screen) offers 1 lumber for 1 brick; Bob, on his own screen, counters
    // with a grain; Cy declines on hers; Ann takes Bob's terms.
    h.roll("A Ann");
    h.send("tl\tb");
    h.wait_for("ok: Enter sends the offer");
    h.send("\r");
    bob.until_screen("Ann offers 1 lumber for 1 brick");
    bob.pause(AFTER_HOLD);
    assert!(!bob.screen().contains("Pass the keyboard"), "no hand-off on Bob's screen:\n{}", bob.screen());
    bob.keys("c", "Counter-offer");
    bob.send(b"-g");
    bob.until_screen("ok: Enter sends the counter-offer");
    bob.send(b"\r");
    cy.until_screen("Ann offers 1 lumber for 1 brick");
    cy.pause(AFTER_HOLD);
    cy.send(b"d");
    h.wait_for("Answers");
    h.pause(HANDOFF_HOLD);
    h.keys("b\r", "Ann trades 1 lumber to Bob for 1 grain");
    bob.until_screen("Ann trades 1 lumber to Bob for 1 grain");
    h.keys("e", "Bob is playing on their own screen");
    bob.until_screen("Bob: roll the dice");

    // The host is killed outright: every action is autosaved. Hosted again with --continue,
    // Bob joins and finds his turn.
    h.signal(libc::SIGKILL);
    let _ = h.wait_exit();
    assert!(bob.ended(), "Bob's connection ends with the host");
    // Until Bob joins, the host's screen holds every person seat again, hot-seat.
    let mut h = host(&data, port, &["--continue"]);
    h.wait_for("Pass the keyboard to B Bob");
    let mut bob = Joiner::start(port, "Bob", CODE, 140, 45);
    admit(&mut h, "Bob", "Bob");
    // A new hosting binds the seat anew: his new rejoin word is on his status line, his turn
    // in his header.
    rejoin_word(&mut bob);
    bob.until_screen("B Bob rolls");
    h.wait_for("Bob is playing on their own screen");
    bob.pause(Duration::from_millis(300));
    h.keys("q", "Quit?");
    h.send("y");
    assert!(h.wait_exit().success());
    assert!(h.screen().contains("The game is saved: catan host --continue hosts it again."), "{}", h.screen());
    assert!(bob.ended(), "Bob is given his terminal back");
    assert!(bob.text().contains("The host ended the game"), "{}", bob.text());

    // The autosave holds the whole game, and replays to the same state.
    let record = newest_autosave(&data.join("autosave"));
    // Set-up's 12 placements, the roll, the offer, two answers, the trade, the end of the turn.
    assert!(record.len() >= 18, "set-up and the trade were recorded ({} actions)", record.len());
    let file = data.join("game.json");
    catan::save::save(&record, &file).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(["replay", "--verify", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "replay --verify: {}", String::from_utf8_lossy(&out.stderr));
}
