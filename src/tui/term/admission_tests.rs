//! H8 on a wire in memory: the code opens the door, not a seat. A first join waits for the
//! host; a seat played at the host's keyboard is given up only by the host; a bound seat is
//! taken back by its own joiner alone (their key, or the rejoin word shown only on their screen),
//! and from a connection that still looks alive.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent};

use super::tests::{Host, hosted, position};
use crate::engine::{Hand, Seat};
use crate::host::HostEvent;

const ANN: Seat = Seat(0);
const BOB: Seat = Seat(1);

fn table() -> Host {
    hosted(position((Hand::new([2, 2, 1, 3, 4]), Hand::new([0, 1, 0, 1, 0])), ANN))
}

/// The host's key `c` on the host's terminal, `after` the box came up.
fn host_key(host: &mut Host, c: char, after: Duration) -> bool {
    let now = Instant::now();
    let area = ratatui::layout::Rect::new(0, 0, 140, 45);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    host.hosting.render_admission(&host.app, area, &mut buf);
    host.hosting.admission_key(&mut host.app, KeyEvent::from(KeyCode::Char(c)), now + after)
}

/// The host's terminal with the admission box over it, as text.
fn host_frame(host: &mut Host) -> String {
    let area = ratatui::layout::Rect::new(0, 0, 140, 45);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    crate::tui::view::frame::render(&host.app.scene(), None, area, &mut buf);
    host.hosting.render_admission(&host.app, area, &mut buf);
    buf.content.iter().map(|c| c.symbol()).collect()
}

#[test]
fn h8_a_first_join_waits_for_the_host_who_sees_who_asks_and_answers_with_a_key() {
    let mut host = table();
    let mut answer = host.ask(1, "Bob", "xterm", Some("SHA256:bobskey"));
    assert!(answer.try_recv().is_err(), "no answer until the host gives one");
    assert!(host.app.table.remote.joined.is_empty(), "not seated");
    let frame = host_frame(&mut host);
    for text in ["Bob asks to join as Bob", "127.0.0.1:40000", "SHA256:bobskey", "y let them in", "n refuse"] {
        assert!(frame.contains(text), "{text:?} on the host's screen:\n{frame}");
    }
    assert!(host_key(&mut host, 'y', Duration::ZERO), "the box takes y");
    assert!(answer.try_recv().is_err(), "a y typed as the box came up lets no one in");
    assert!(host_key(&mut host, 'y', super::super::admission::GUARD), "the box takes y");
    assert_eq!(answer.try_recv(), Ok(Ok(())));
    assert!(host.app.table.remote.joined.contains(BOB));
    assert!(!host_frame(&mut host).contains("asks to join"), "the box is gone");
}

#[test]
fn h8_the_host_refuses_an_impostor_for_the_seat_played_at_the_keyboard() {
    let mut host = table();
    // Ann takes the host's keyboard: her seat is played here.
    host.app.update(crate::tui::app::Msg::Key(KeyEvent::from(KeyCode::Enter)));
    host.app.tick(Instant::now() + Duration::from_secs(1));
    host.app.update(crate::tui::app::Msg::Key(KeyEvent::from(KeyCode::Enter)));
    assert_eq!(host.app.screen.viewer, Some(ANN), "Ann holds the host's keyboard");
    let before = *host.app.table.game();
    host_frame(&mut host);
    let mut answer = host.ask(1, "ann", "xterm", None);
    let frame = host_frame(&mut host);
    assert!(frame.contains("played at this keyboard"), "the host is told:\n{frame}");
    assert!(host_key(&mut host, 'n', super::super::admission::GUARD));
    let refused = answer.try_recv().expect("answered").expect_err("refused");
    assert!(refused.contains("did not let you in"), "{refused}");
    assert!(host.app.table.remote.joined.is_empty());
    assert_eq!(host.app.screen.viewer, Some(ANN), "Ann keeps her seat and the keyboard");
    assert_eq!(*host.app.table.game(), before, "nothing played");
}

#[test]
fn h8_a_seat_bound_to_a_key_comes_back_to_that_key_alone() {
    let mut host = table();
    host.join(1, "Bob").unwrap();
    host.event(HostEvent::Left { conn: 1 });
    // Someone else with the code and another key is put to the host, not seated.
    let mut eve = host.ask(2, "Bob", "xterm", Some("SHA256:eve"));
    assert!(eve.try_recv().is_err(), "put to the host");
    assert!(host_frame(&mut host).contains("another ssh key"));
    assert!(host_key(&mut host, 'n', super::super::admission::GUARD));
    assert!(eve.try_recv().unwrap().is_err());
    // Bob with his key is seated at once.
    let mut bob = host.ask(3, "Bob", "xterm", Some("SHA256:bob"));
    assert_eq!(bob.try_recv(), Ok(Ok(())), "his own key takes the seat back without the host");
    assert!(host.app.table.remote.joined.contains(BOB));
}

#[test]
fn h8_a_joiner_without_a_key_gets_a_rejoin_word_on_their_screen_alone() {
    let mut host = table();
    let mut first = host.ask(1, "Bob", "xterm", None);
    let r = host.hosting.admission.take().unwrap();
    host.hosting.answer(&mut host.app, r, true);
    host.hosting.draw(&host.app);
    assert_eq!(first.try_recv(), Ok(Ok(())));
    let bob = host.screen(1);
    let at = bob.find("Rejoin word: ").expect("the word on Bob's screen");
    let word: String = bob[at + 13..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '-').collect();
    assert!(word.contains('-'), "{word}");
    assert!(!host_frame(&mut host).contains(&word), "never on the host's screen");
    host.event(HostEvent::Left { conn: 1 });
    let mut guess = host.ask(2, "Bob+apple-acorn", "xterm", None);
    assert!(guess.try_recv().is_err(), "a wrong word is put to the host");
    assert!(host_frame(&mut host).contains("this rejoin word is wrong"));
    let r = host.hosting.admission.take().unwrap();
    host.hosting.answer(&mut host.app, r, false);
    let mut back = host.ask(3, &format!("bob+{word}"), "xterm", None);
    assert_eq!(back.try_recv(), Ok(Ok(())), "the word takes the seat back without the host");
}

#[test]
fn h8_a_bound_joiner_takes_the_seat_over_from_a_connection_that_still_looks_alive() {
    let mut host = table();
    host.join(1, "Bob").unwrap();
    // A second Bob with another key is refused at once: the seat is on a screen.
    let mut other = host.ask(2, "Bob", "xterm", Some("SHA256:eve"));
    assert!(other.try_recv().unwrap().unwrap_err().contains("already playing"));
    // Bob's laptop dropped off the network; his connection is not known to be gone yet.
    let mut back = host.ask(3, "Bob", "xterm", Some("SHA256:bob"));
    assert_eq!(back.try_recv(), Ok(Ok(())));
    assert!(host.line.borrow().closed.contains(&1), "the old connection is closed");
    assert!(host.app.table.remote.joined.contains(BOB));
    assert_eq!(host.app.others.len(), 1, "his screen back, not a second one");
}
