//! Issue 36 end to end (H1, H1a): advice shown after a hand-off never shows before it. A player
//! asks advice, ends the turn: the hand-off hides it, and the next player sees none until they
//! ask themselves; keys sent in a burst before the hand-off is confirmed show nothing. Each case
//! is a game played by the rules engine up to the moment wanted, saved, and loaded by the real
//! binary in a pseudo-terminal.
#![cfg(unix)]

mod support;

use std::time::Duration;

use catan::engine::{Config, Event, Phase};
use catan::save::{Record, SeatInfo};
use support::pty::{HANDOFF_HOLD, Session, load_record};
use support::walk::{Lcg, Look, ranked_counting, walk};

const THREE: [&str; 3] = ["Ann", "Bob", "Cy"];

/// A game of three people in a main phase after a few turns, the player to act having rolled.
fn main_phase() -> Record {
    let seats = SeatInfo::humans(THREE.iter().map(|n| n.to_string()).collect::<Vec<String>>());
    let record = Record::new_with_seats(Config::with_players(3), 5, seats).unwrap();
    let look = |r: &Record, _: &[Event]| {
        let g = r.game();
        if g.phase() == Phase::Main && g.turn_number() > 3 { Look::Found } else { Look::Go }
    };
    walk(record, &mut Lcg::new(0), 20_000, look, ranked_counting()).expect("no main phase")
}

/// Closes the panel if open (its keys only close it), then quits.
fn quit(mut s: Session) {
    s.send("\x1b");
    s.pause(Duration::from_millis(200));
    s.send("q");
    s.pause(Duration::from_millis(400));
    s.send("y");
    s.wait_exit();
}

/// The names of the player to act and of the next.
fn who(record: &Record) -> (String, String) {
    let g = record.game();
    let (me, n) = (g.to_act().index(), THREE.len());
    (THREE[me].to_string(), THREE[(me + 1) % n].to_string())
}

#[test]
fn advice_asked_before_a_turn_ends_is_gone_at_the_handoff_and_after_it() {
    let record = main_phase();
    let (me, next) = who(&record);
    let (mut s, _data) = load_record(&record, "advice-handoff");
    s.wait_for("Pass the keyboard to");
    s.take_keyboard("builds or trades");
    s.keys("i", &format!("Advice for {me}"));
    s.wait_for("Chance to win now");
    let panel = s.screen();
    // Closed, then the turn ends: the hand-off shows, and no advice with it.
    s.send("\x1b");
    s.pause(Duration::from_millis(200));
    s.keys("e", "Pass the keyboard to");
    s.pause(Duration::from_millis(600));
    let handoff = s.screen();
    for text in ["Advice for", "Chance to win now", "tip:"] {
        assert!(!handoff.contains(text), "{text:?} at the hand-off:\n{handoff}\n(the panel was:\n{panel})");
    }
    // The next player takes the keyboard: still no advice until they ask.
    s.take_keyboard("r roll");
    s.pause(Duration::from_millis(600));
    let after = s.screen();
    for text in ["Advice for", "Chance to win now"] {
        assert!(!after.contains(text), "{text:?} after the hand-off:\n{after}");
    }
    s.keys("i", &format!("Advice for {next}"));
    quit(s);
}

#[test]
fn the_advice_key_in_a_burst_before_the_handoff_shows_nothing() {
    let record = main_phase();
    let (me, _) = who(&record);
    let (mut s, _data) = load_record(&record, "advice-burst");
    s.wait_for("Pass the keyboard to");
    // Sent at once, within the hand-off's first half second: the gate drops them all.
    s.send("\ri\ri");
    s.pause(Duration::from_millis(1200));
    let screen = s.screen();
    assert!(screen.contains("Pass the keyboard to"), "{screen}");
    assert!(!screen.contains("Advice for"), "{screen}");
    // After the hold, the key alone on the hand-off says why, and shows nothing.
    s.pause(HANDOFF_HOLD);
    s.keys("i", "takes the keyboard first");
    assert!(!s.screen().contains("Advice for"));
    // The hand-off confirmed, a burst of Enter and the key right after it is dropped too (H1a).
    s.send("\ri");
    s.pause(Duration::from_millis(1200));
    let screen = s.screen();
    assert!(!screen.contains("Advice for"), "the key sent with the Enter opened advice:\n{screen}");
    assert!(screen.contains(&me), "{screen}");
    quit(s);
}
