//! Issue 33 (RULES H4, H5) end to end: no answer or choice is made for a player at the table.
//! An answer belongs to one offer; Enter never trades with, or robs, a player the player at the
//! keyboard did not name when there are several; an accept on the shared screen is taken at
//! the player's word, whatever they hold. Each case is a game played by the rules engine up to
//! the moment wanted, saved, and loaded by the real binary in a pseudo-terminal.
#![cfg(unix)]

mod support;

use std::time::Duration;

use catan::engine::{Action, Config, Event, Game, Hand, Hex, Phase, Resource, Seat, SeatSet};
use catan::save::{Record, SeatInfo};
use support::files::{TempDir, newest_autosave};
use support::pty::{HANDOFF_HOLD, Session, load_record};
use support::screen::tabs_to;
use support::walk::{Lcg, Look, ranked_counting, walk};

const THREE: [&str; 3] = ["Ann", "Bob", "Cy"];

/// Plays from `seed` with three people, each taking the first legal action a fixed ranking
/// prefers (never an offer), until `stop` says the game is where the case wants it.
fn play_until(seed: u64, stop: impl Fn(&Game) -> bool) -> Record {
    let seats = SeatInfo::humans(THREE.iter().map(|n| n.to_string()).collect::<Vec<String>>());
    let record = Record::new_with_seats(Config::with_players(3), seed, seats).unwrap();
    let look = |r: &Record, _: &[Event]| {
        assert!(!r.game().is_over());
        if stop(r.game()) { Look::Found } else { Look::Go }
    };
    walk(record, &mut Lcg::new(0), 20_000, look, ranked_counting()).expect("the game never reached the moment wanted")
}

/// The resource's key on every dialog that names resources (b l w g o).
fn key(r: Resource) -> char {
    r.to_string().chars().next().unwrap()
}

/// A position in the main phase where the player to act holds a card both others also hold
/// none of the kind asked for is needed: `give` held by the offerer, `get` held by both others.
fn trade_position(seed: u64) -> (Record, Resource, Resource) {
    let found = |g: &Game| {
        if g.phase() != Phase::Main {
            return None;
        }
        let me = g.to_act();
        let others: Vec<Seat> = g.seats().filter(|&s| s != me).collect();
        let get = Resource::ALL.into_iter().find(|&r| others.iter().all(|&o| g.view(o).hand()[r] > 0))?;
        let give = Resource::ALL.into_iter().find(|&r| r != get && g.view(me).hand()[r] > 0)?;
        Some((give, get))
    };
    let record = play_until(seed, |g| found(g).is_some());
    let (give, get) = found(record.game()).unwrap();
    (record, give, get)
}

fn offer(record: &mut Record, give: Resource, get: Resource) {
    let to = SeatSet::all(3).without(record.game().to_act());
    record.apply(Action::OfferTrade { give: Hand::of(give, 1), get: Hand::of(get, 1), to }).unwrap();
}

/// Quits and reads the game the autosave holds.
fn quit(mut s: Session, data: &TempDir) -> Record {
    s.send("q");
    s.pause(Duration::from_millis(400));
    s.send("y");
    s.wait_exit();
    newest_autosave(&data.path().join("autosave"))
}

/// Issue 33 item 1 (H4: an answer belongs to one offer): the declines of an offer everyone
/// declined are not played for the offerer's next offer in the same turn.
#[test]
fn an_answer_belongs_to_one_offer_h4() {
    let (mut record, give, get) = trade_position(5);
    offer(&mut record, give, get);
    let (mut s, data) = load_record(&record, "answers-one-offer");
    s.wait_for("everyone reads this");
    s.pause(HANDOFF_HOLD);
    s.send("bd");
    s.pause(Duration::from_millis(300));
    s.send("cd");
    s.wait_for("everyone declined");
    s.take_keyboard("then end the turn");
    let other = Resource::ALL.into_iter().find(|&r| r != give && r != get).unwrap();
    s.send(&format!("t{}\t{}\r", key(give), key(other)));
    s.wait_for("everyone reads this");
    s.pause(Duration::from_millis(800));
    let screen = s.screen();
    let after = quit(s, &data);
    let last = *after.actions().last().unwrap();
    assert!(matches!(last, Action::OfferTrade { .. }), "the new offer was answered by itself: {last:?}\n{screen}");
}

/// Issue 33 item 2 (H5): two players accepted; four Enters at the offerer's hand-off, spaced
/// as a person's quick presses, take the keyboard and trade with no one. The player then names
/// a partner by their letter and Enter trades with that one.
#[test]
fn enters_at_the_offerers_answers_choose_no_partner_h5() {
    let (mut record, give, get) = trade_position(5);
    offer(&mut record, give, get);
    record.apply(Action::AcceptTrade).unwrap();
    record.apply(Action::AcceptTrade).unwrap();
    let (mut s, data) = load_record(&record, "answers-partner");
    s.wait_for("Pass the keyboard to");
    s.pause(HANDOFF_HOLD);
    for _ in 0..4 {
        s.send("\r");
        s.pause(Duration::from_millis(200));
    }
    s.pause(Duration::from_millis(600));
    let screen = s.screen();
    assert!(!screen.contains("trades 1"), "a burst of Enters traded:\n{screen}");
    // The third player by seat after the offerer: named, then confirmed.
    let me = record.game().to_act();
    let partner = Seat((me.0 + 2) % 3);
    let letter = THREE[partner.index()].chars().next().unwrap().to_ascii_lowercase();
    s.send(&letter.to_string());
    s.pause(Duration::from_millis(300));
    s.send("\r");
    s.pause(Duration::from_millis(600));
    let after = quit(s, &data);
    assert_eq!(after.len(), record.len() + 1, "{screen}");
    assert_eq!(*after.actions().last().unwrap(), Action::ConfirmTrade(partner));
}

/// Issue 33 item 2 (H5): on a hex where two players can be robbed, Enter Enter moves the
/// robber there and robs no one until the player names whom.
#[test]
fn enters_on_a_hex_of_two_victims_rob_no_one_h5() {
    let victims = |g: &Game| -> Option<Hex> {
        if g.phase() != Phase::Robber || g.to_act() != g.current_player() {
            return None;
        }
        let legal = g.legal_actions();
        legal.iter().find_map(|a| match *a {
            Action::MoveRobber { hex, victim: Some(v) } => legal
                .iter()
                .any(|b| matches!(*b, Action::MoveRobber { hex: h, victim: Some(w) } if h == hex && w != v))
                .then_some(hex),
            _ => None,
        })
    };
    let seed = (1..40).find(|&seed| {
        let record = play_until(seed, |g| g.phase() == Phase::Robber || g.turn_number() > 60);
        victims(record.game()).is_some()
    });
    let record = play_until(seed.expect("a seed with two victims on a hex"), |g| {
        g.phase() == Phase::Robber || g.turn_number() > 60
    });
    let hex = victims(record.game()).unwrap();
    let (mut s, data) = load_record(&record, "answers-victim");
    s.wait_for("Pass the keyboard to");
    s.take_keyboard("move the robber");
    s.send(&"\t".repeat(tabs_to(record.game(), hex)));
    s.pause(Duration::from_millis(300));
    s.send("\r");
    s.pause(Duration::from_millis(150));
    s.send("\r");
    s.pause(Duration::from_millis(600));
    let screen = s.screen();
    assert!(screen.contains("Rob whom?"), "{screen}");
    let after = quit(s, &data);
    assert_eq!(after.len(), record.len(), "Enter Enter robbed someone:\n{screen}");
}

/// Issue 33 item 3 (H4): the shared screen reads the same for an accept whether or not the
/// player holds the cards asked, and a trade that can't be paid falls through in the same words
/// whatever the reason.
#[test]
fn an_accept_is_taken_at_the_players_word_h4() {
    // The offer asks for a kind Bob (the next seat) holds none of.
    let found = |g: &Game| {
        if g.phase() != Phase::Main {
            return None;
        }
        let me = g.to_act();
        let next = Seat((me.0 + 1) % 3);
        let get = Resource::ALL.into_iter().find(|&r| g.view(next).hand()[r] == 0)?;
        let give = Resource::ALL.into_iter().find(|&r| r != get && g.view(me).hand()[r] > 0)?;
        Some((give, get))
    };
    let mut record = play_until(5, |g| found(g).is_some());
    let (give, get) = found(record.game()).unwrap();
    let me = record.game().to_act();
    let next = Seat((me.0 + 1) % 3);
    let last = Seat((me.0 + 2) % 3);
    offer(&mut record, give, get);
    let (mut s, data) = load_record(&record, "answers-word");
    s.wait_for("everyone reads this");
    s.pause(HANDOFF_HOLD);
    let letter = |p: Seat| THREE[p.index()].chars().next().unwrap().to_ascii_lowercase();
    s.send(&format!("{}a", letter(next)));
    s.pause(Duration::from_millis(400));
    let screen = s.screen();
    assert!(!screen.contains("can't accept"), "the shared screen told what a hand holds:\n{screen}");
    assert!(!screen.contains("doesn't hold"), "the shared screen told what a hand holds:\n{screen}");
    s.send(&format!("{}d", letter(last)));
    s.wait_for("Pass the keyboard to");
    s.take_keyboard("answers");
    s.send(&letter(next).to_string());
    s.pause(Duration::from_millis(300));
    s.send("\r");
    s.pause(Duration::from_millis(600));
    let screen = s.screen();
    assert!(screen.contains("falls through"), "{screen}");
    let after = quit(s, &data);
    let log = after.log();
    assert!(log.iter().any(|e| matches!(e, Event::TradeFellThrough { .. })), "{screen}");
    assert!(!log.iter().any(|e| matches!(e, Event::Traded { .. })), "{screen}");
}
