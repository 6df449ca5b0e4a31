//! Issue 23 (RULES H1a) end to end: at every kind of hand-off, and on the two shared screens,
//! a burst of keys plays nothing for a player who has not seen the screen. Each case is a game
//! played by the rules engine up to the moment wanted, saved, and loaded by the real binary in a
//! pseudo-terminal; the keys are sent in one write, and the autosave then holds not one action
//! more than the file loaded.
#![cfg(unix)]

mod support;

use std::time::Duration;

use catan::engine::{Action, Config, Event, Game, Hand, Module, Phase, Seat, SeatSet};
use catan::save::{self, Record, SeatInfo};
use support::files::{TempDir, newest_autosave};
use support::pty::{HANDOFF_HOLD, Session};
use support::walk::{Lcg, Look, ranked_counting, walk};

/// Plays from `seed` with `names`, each player taking the first legal action that `prefer`
/// ranks best (never an offer), until `stop` says the game is where the case wants it.
fn play_until(names: &[&str], config: Config, seed: u64, stop: impl Fn(&Game) -> bool) -> Record {
    let seats = SeatInfo::humans(names.iter().map(|n| n.to_string()).collect::<Vec<String>>());
    let record = Record::new_with_seats(config, seed, seats).unwrap();
    let look = |r: &Record, _: &[Event]| {
        assert!(!r.game().is_over());
        if stop(r.game()) { Look::Found } else { Look::Go }
    };
    walk(record, &mut Lcg::new(0), 20_000, look, ranked_counting()).expect("the game never reached the moment wanted")
}

/// Loads `record` in the binary, waits for `shown`, sends `burst` in one write once the screen
/// has been up as a person would take to read it, and checks that nothing was played.
fn burst_plays_nothing(record: &Record, shown: &str, burst: &str, cols: u16, rows: u16) {
    let data = TempDir::new("bursts");
    let file = data.path().join("case.json");
    std::fs::write(&file, save::to_json(record)).unwrap();
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    let mut s = Session::start_with(&["--load", file.to_str().unwrap(), "--no-mouse"], &env, cols, rows);
    s.wait_for(shown);
    s.pause(HANDOFF_HOLD);
    s.send(burst);
    s.pause(Duration::from_millis(800));
    let screen = s.screen();
    s.send("q");
    s.pause(Duration::from_millis(400));
    s.send("y");
    s.wait_exit();
    let after = newest_autosave(&data.path().join("autosave"));
    assert_eq!(after.len(), record.len(), "{burst:?} at {shown:?} played something; the screen:\n{screen}");
}

const THREE: [&str; 3] = ["Ann", "Bob", "Cy"];

#[test]
fn a_burst_at_a_new_turns_handoff_plays_nothing() {
    let record = play_until(&THREE, Config::with_players(3), 5, |g| g.phase() == Phase::Roll && g.turn_number() > 3);
    // Enter takes the keyboard; r and e would roll and end the turn on the screen after.
    burst_plays_nothing(&record, "Pass the keyboard to", "\r\rre", 100, 32);
}

#[test]
fn a_burst_at_a_setup_handoff_plays_nothing() {
    let record = play_until(&THREE, Config::with_players(3), 5, |g| {
        matches!(g.phase(), Phase::Setup { round: 1, settlement: None, .. })
    });
    burst_plays_nothing(&record, "Pass the keyboard to", "\r\r\r", 100, 32);
}

#[test]
fn a_burst_at_a_discard_handoff_plays_nothing() {
    let record = play_until(&THREE, Config::with_players(3), 5, |g| match g.phase() {
        Phase::Discard { .. } => g.to_act() != g.current_player(),
        _ => false,
    });
    // Enter, then a resource key and Enter would discard on the picker.
    burst_plays_nothing(&record, "Pass the keyboard to", "\r\rbbbbbbbb\r", 100, 32);
}

#[test]
fn a_burst_at_the_robbers_handoff_after_discards_plays_nothing() {
    let record = play_until(&THREE, Config::with_players(3), 5, |g| g.phase() == Phase::Robber);
    // The burst's second Enter is dropped; even a third, later, finds the cursor on the robber,
    // which must move, so it steals nothing.
    burst_plays_nothing(&record, "Pass the keyboard to", "\r\r", 100, 32);
    burst_plays_nothing(&record, "Pass the keyboard to", "\r", 100, 32);
}

/// An offer from the player to act to the two others, with cards enough on every side.
fn with_offer(answers: &[Action]) -> Record {
    let mut record = play_until(&THREE, Config::with_players(3), 5, |g| {
        g.phase() == Phase::Main && g.seats().all(|s| g.public_player(s).resource_cards >= 2)
    });
    let g = *record.game();
    let me = g.to_act();
    // Some card the offerer holds, for one of another kind: Accept may be refused for lack
    // of cards, which the answers below don't need.
    let give = catan::engine::Resource::ALL.into_iter().find(|&r| g.view(me).hand()[r] > 0).unwrap();
    let get = catan::engine::Resource::ALL.into_iter().find(|&r| r != give).unwrap();
    let to = SeatSet::all(3).without(me);
    record.apply(Action::OfferTrade { give: Hand::of(give, 1), get: Hand::of(get, 1), to }).unwrap();
    for &a in answers {
        record.apply(a).unwrap();
    }
    record
}

#[test]
fn a_burst_at_the_shared_answer_screen_plays_nothing() {
    let record = with_offer(&[]);
    // Within the screen's first half second: the letters and answers are dropped.
    let data = TempDir::new("bursts-offer");
    let file = data.path().join("case.json");
    std::fs::write(&file, save::to_json(&record)).unwrap();
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    let mut s = Session::start_with(&["--load", file.to_str().unwrap(), "--no-mouse"], &env, 100, 32);
    s.wait_for("everyone reads this");
    s.send("adbdcd\r\r");
    s.pause(Duration::from_millis(800));
    assert!(s.screen().contains("everyone reads this"), "{}", s.screen());
    s.send("q");
    s.pause(Duration::from_millis(300));
    s.send("y");
    s.wait_exit();
    assert_eq!(newest_autosave(&data.path().join("autosave")).len(), record.len());
}

#[test]
fn a_burst_at_the_offerers_answers_completes_no_trade() {
    // Both declined would close the offer; one counters and one declines: the offerer chooses.
    let record = with_offer(&[]);
    let g = *record.game();
    let asked = g.to_act();
    let hand = g.view(asked).hand();
    let r = catan::engine::Resource::ALL.into_iter().find(|&r| hand[r] > 0).unwrap();
    let Phase::Trade { give, .. } = g.phase() else { panic!() };
    let mut record = record;
    record.apply(Action::CounterTrade { give, get: Hand::of(r, 1) }).unwrap();
    record.apply(Action::DeclineTrade).unwrap();
    assert_eq!(record.game().to_act(), record.game().current_player());
    // Enter takes the keyboard; the second would have traded. A third, later, only asks.
    burst_plays_nothing(&record, "Pass the keyboard to", "\r\r", 100, 32);
    burst_plays_nothing(&record, "Pass the keyboard to", "\r", 100, 32);
}

#[test]
fn a_burst_at_the_special_building_screen_and_handoff_plays_nothing() {
    let five = ["Ann", "Bob", "Cy", "Dee", "Eve"];
    let record = play_until(&five, Config::with_players(5), 5, |g| {
        matches!(g.phase(), Phase::SpecialBuilding { .. })
            && g.seats().filter(|&s| s != g.current_player()).any(|s| g.public_player(s).resource_cards >= 2)
    });
    // The shared "who builds?" screen drops the burst of its first half second.
    let data = TempDir::new("bursts-sbp");
    let file = data.path().join("case.json");
    std::fs::write(&file, save::to_json(&record)).unwrap();
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    let mut s = Session::start_with(&["--load", file.to_str().unwrap(), "--no-mouse"], &env, 140, 45);
    s.wait_for("everyone reads this");
    s.send("abcde\r\r");
    s.pause(Duration::from_millis(800));
    assert!(s.screen().contains("Who builds before"), "{}", s.screen());
    s.send("q");
    s.pause(Duration::from_millis(300));
    s.send("y");
    s.wait_exit();
    assert_eq!(newest_autosave(&data.path().join("autosave")).len(), record.len());
}

#[test]
fn a_burst_at_a_no_robber_pick_handoff_plays_nothing() {
    let config = Config::with_players(3).with_modules(catan::engine::Modules::default().with(Module::NoRobber));
    let record = play_until(&THREE, config, 5, |g| match g.phase() {
        Phase::Plenty { seat, .. } => seat != g.current_player(),
        _ => false,
    });
    // Enter takes the keyboard; the second would take the first row's card.
    burst_plays_nothing(&record, "Pass the keyboard to", "\r\r", 100, 32);
    let _ = Seat(0);
}

/// Not one write but two quick presses: the Enter 0.1 s after the one that took the keyboard is
/// dropped too (the screen after a hand-off holds keys for 0.3 s).
#[test]
fn a_second_enter_a_moment_after_the_handoff_plays_nothing() {
    let record = play_until(&THREE, Config::with_players(3), 5, |g| {
        matches!(g.phase(), Phase::Setup { round: 1, settlement: None, .. })
    });
    let data = TempDir::new("bursts-quick");
    let file = data.path().join("case.json");
    std::fs::write(&file, save::to_json(&record)).unwrap();
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    let mut s = Session::start_with(&["--load", file.to_str().unwrap(), "--no-mouse"], &env, 100, 32);
    s.wait_for("Pass the keyboard to");
    s.pause(HANDOFF_HOLD);
    s.send("\r");
    s.pause(Duration::from_millis(100));
    s.send("\r");
    s.pause(Duration::from_millis(800));
    let screen = s.screen();
    assert!(screen.contains("place your second settlement"), "{screen}");
    s.send("q");
    s.pause(Duration::from_millis(300));
    s.send("y");
    s.wait_exit();
    assert_eq!(newest_autosave(&data.path().join("autosave")).len(), record.len(), "{screen}");
}
