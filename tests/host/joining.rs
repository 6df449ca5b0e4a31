//! A joiner's session: the join the game hears of, the bytes it sends that reach the joiner,
//! the joiner's keys, pastes and window as terminal events, and the departure, told once.

use std::time::Duration;

use catan::host::{HostEvent, Limits, Wire, new_code};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::client::{CODE, Joiner, TestHost, quick_limits, ssh};

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// The next input of `conn`, which must come.
fn input(host: &mut TestHost, conn: u64) -> Event {
    match host.expect("input") {
        HostEvent::Input { conn: c, event } if c == conn => event,
        other => panic!("input was due, not {other:?}"),
    }
}

#[test]
fn a_joiner_with_the_code_is_seated_at_their_size_and_their_keys_arrive_as_events() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let mut bob = Joiner::start(host.port(), "Bob", CODE, 100, 30);
    let (conn, name, size) = host.join(Ok(()));
    assert_eq!((name.as_str(), size), ("Bob", (100, 30)));

    host.host.send(conn, b"\x1b[2J\x1b[Hhello Bob, this is the table".to_vec());
    bob.wait_for("hello Bob, this is the table");

    // An arrow, Enter, Tab and Shift-Tab, Ctrl-C (the game's to handle), an F-key, a paste.
    bob.send(b"\x1b[A\r\t\x1b[Z\x03\x1bOP\x1b[200~wood for brick\x1b[201~");
    assert_eq!(input(&mut host, conn), key(KeyCode::Up));
    assert_eq!(input(&mut host, conn), key(KeyCode::Enter));
    assert_eq!(input(&mut host, conn), key(KeyCode::Tab));
    assert_eq!(input(&mut host, conn), Event::Key(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT)));
    assert_eq!(input(&mut host, conn), Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)));
    assert_eq!(input(&mut host, conn), key(KeyCode::F(1)));
    assert_eq!(input(&mut host, conn), Event::Paste("wood for brick".into()));
    // A lone Esc is the key once nothing follows it.
    bob.send(b"\x1b");
    assert_eq!(input(&mut host, conn), key(KeyCode::Esc));

    bob.resize(120, 40);
    match host.expect("resize") {
        HostEvent::Resize { conn: c, size } => assert_eq!((c, size), (conn, (120, 40))),
        other => panic!("a resize was due, not {other:?}"),
    }

    // The joiner goes (a closed window): the game hears it once.
    bob.child.kill().unwrap();
    match host.expect("departure") {
        HostEvent::Left { conn: c } => assert_eq!(c, conn),
        other => panic!("a departure was due, not {other:?}"),
    }
    assert!(host.next(Duration::from_millis(300)).is_none(), "nothing after the departure");
}

#[test]
fn the_game_refusing_a_join_shows_its_line_and_ends_the_connection() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let mut zed = Joiner::start(host.port(), "Zed", CODE, 80, 24);
    let (conn, name, _) = host.join(Err("No seat is named Zed. Free seats: Bob, Cy.".into()));
    assert_eq!(name, "Zed");
    zed.wait_for("No seat is named Zed. Free seats: Bob, Cy.");
    assert!(zed.ended(), "ssh ends after the refusal");
    // The game heard of the join, so it hears of the end too (it may have answered late).
    assert!(matches!(host.expect("departure"), HostEvent::Left { conn: c } if c == conn));
    host.host.send(conn, b"to no one".to_vec()); // a gone connection: nothing happens
}

#[test]
fn the_game_closing_a_joiner_sends_its_last_bytes_first() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let mut cy = Joiner::start(host.port(), "Cy", CODE, 80, 24);
    let (conn, _, _) = host.join(Ok(()));
    host.host.close(conn, b"the game is over, thanks for playing\r\n".to_vec());
    cy.wait_for("the game is over, thanks for playing");
    assert!(cy.ended(), "ssh ends when the game closes the connection");
    assert!(matches!(host.expect("departure"), HostEvent::Left { conn: c } if c == conn));
    assert!(host.next(Duration::from_millis(300)).is_none(), "one departure only");
}

#[test]
fn a_joiner_who_sends_nothing_is_closed_after_the_idle_time() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(Limits { idle: Duration::from_millis(1000), ..quick_limits() });
    let mut ann = Joiner::start(host.port(), "Ann", CODE, 80, 24);
    let (conn, _, _) = host.join(Ok(()));
    // Typing keeps the connection past its idle time.
    for _ in 0..5 {
        std::thread::sleep(Duration::from_millis(300));
        ann.send(b"x");
        assert_eq!(input(&mut host, conn), key(KeyCode::Char('x')));
    }
    assert!(matches!(host.expect("departure"), HostEvent::Left { conn: c } if c == conn));
    host.note("nothing came for");
    assert!(ann.ended());
}

#[test]
fn a_joiner_too_slow_to_take_their_screen_is_closed() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(Limits { backlog: 256 << 10, ..quick_limits() });
    let mut dan = Joiner::start(host.port(), "Dan", CODE, 80, 24);
    let (conn, _, _) = host.join(Ok(()));
    host.host.send(conn, b"first frame".to_vec());
    dan.wait_for("first frame");
    // Dan's terminal stops reading: ssh, then the socket, then the backlog fill up.
    dan.stalled.store(true, std::sync::atomic::Ordering::SeqCst);
    let frame = vec![b'#'; 64 << 10];
    let mut left = false;
    for _ in 0..2000 {
        host.host.send(conn, frame.clone());
        if let Some(event) = host.next(Duration::from_millis(2)) {
            assert!(matches!(event, HostEvent::Left { conn: c } if c == conn), "{event:?}");
            left = true;
            break;
        }
    }
    assert!(left, "128 MiB sent and Dan was never closed");
    host.note("too slow");
    dan.stalled.store(false, std::sync::atomic::Ordering::SeqCst);
}

#[test]
fn a_joiner_s_input_is_bounded_in_bytes_a_second_and_paste_size() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(Limits { input_per_second: 50, paste: 8, ..quick_limits() });
    let mut eve = Joiner::start(host.port(), "Eve", CODE, 80, 24);
    let (conn, _, _) = host.join(Ok(()));
    eve.send(b"\x1b[200~a long paste of many words\x1b[201~");
    assert_eq!(input(&mut host, conn), Event::Paste("a long p".into()), "cut to 8 bytes");
    // The paste took 42 of the second's 50 bytes: of a flood now, little passes.
    eve.send(&[b'z'; 200]);
    let mut keys = 0;
    while let Some(event) = host.next(Duration::from_millis(300)) {
        assert!(matches!(event, HostEvent::Input { .. }), "{event:?}");
        keys += 1;
    }
    assert!(keys <= 50, "{keys} of 200 bytes passed a bound of 50 a second");
}

#[test]
fn new_codes_differ() {
    let codes: Vec<String> = (0..5).map(|_| new_code()).collect();
    assert!(codes.windows(2).all(|w| w[0] != w[1]), "{codes:?}");
}

/// Issue 40: the terminal type a joiner's ssh sends with its pty reaches the game, which draws
/// their screen for it (`Theme::for_term`).
#[test]
fn the_joiners_terminal_type_reaches_the_game() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let _bob = Joiner::start_term(host.port(), "Bob", CODE, "vt100");
    match host.expect("join") {
        HostEvent::Join { name, term, reply, .. } => {
            reply.answer(Ok(()));
            assert_eq!((name.as_str(), term.as_str()), ("Bob", "vt100"));
        }
        other => panic!("a join was due, not {other:?}"),
    }
}
