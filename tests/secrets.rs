//! H7's proof, as an attacker would try it: every screen a seat is shown during a game, on the
//! hot-seat screen after each hand-off and on a screen joined over the wire (the very bytes its
//! terminal is sent), is read for every number and word in it, and each is fed to the engine as
//! a seed. No twin comes out: no token deals a game whose draws (the RNG's key) are the game's.
//! The same oracle finds the seed at once where a screen shows it, so it could fail.

mod support;

use std::cell::RefCell;
use std::collections::{BTreeSet, VecDeque};
use std::rc::Rc;
use std::time::{Duration, Instant};

use catan::engine::{BoardCode, Config, Game, Seat};
use catan::host::{ConnId, HostEvent, JoinReply, Wire};
use catan::save::{Record, default_names, play_random};
use catan::tui::{App, Hosting, Msg};
use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use support::screen::PLAIN;

/// A seed no one at the table chose: as `catan` draws one from the operating system.
const SECRET: u64 = 0x9C3F_51D2_7AB0_E4C9;

/// The wire's far end: what the host sent each connection.
#[derive(Default)]
struct Far {
    inbox: VecDeque<HostEvent>,
    sent: Vec<u8>,
}

struct TestWire(Rc<RefCell<Far>>);

impl Wire for TestWire {
    fn recv_timeout(&mut self, _: Duration) -> Option<HostEvent> {
        self.0.borrow_mut().inbox.pop_front()
    }
    fn send(&mut self, _: ConnId, bytes: Vec<u8>) {
        self.0.borrow_mut().sent.extend(bytes);
    }
    fn close(&mut self, _: ConnId, bytes: Vec<u8>) {
        self.0.borrow_mut().sent.extend(bytes);
    }
}

/// A frame of `app`'s first screen as text.
fn host_text(app: &App) -> String {
    let area = Rect::new(0, 0, 140, 45);
    let mut buf = Buffer::empty(area);
    Widget::render(app, area, &mut buf);
    buf.content.iter().map(|c| c.symbol()).collect()
}

fn enter(app: &mut App) {
    app.update(Msg::Key(KeyEvent::from(KeyCode::Enter)));
}

/// Everything the seats see at the game's position after `actions`: the hot-seat screen before
/// and after its hand-off, and Bob's own screen joined over the wire (the bytes sent to it, read
/// through a terminal emulator, and the raw bytes too).
fn seen_at(config: Config, actions: &[catan::engine::Action], given: bool) -> String {
    let record = Record::from_actions(config, SECRET, default_names(config.players), actions).unwrap();
    let mut app = App::from_record(record, PLAIN);
    app.table.seed_given = given;
    app.update(Msg::Resize(140, 45));
    let mut seen = host_text(&app);
    enter(&mut app);
    app.tick(Instant::now() + Duration::from_secs(1));
    enter(&mut app);
    seen.push_str(&host_text(&app));
    let far = Rc::new(RefCell::new(Far::default()));
    let mut hosting = Hosting::new(Box::new(TestWire(far.clone())), PLAIN);
    let (reply, mut answer) = JoinReply::channel();
    let peer = "127.0.0.1:40000".parse().unwrap();
    let (name, term) = (app.table.name(Seat(1)), "xterm".to_string());
    far.borrow_mut().inbox.push_back(HostEvent::Join { conn: 1, name, size: (140, 45), term, peer, key: None, reply });
    hosting.pump(&mut app, Duration::ZERO);
    let area = Rect::new(0, 0, 140, 45);
    hosting.render_admission(&app, area, &mut Buffer::empty(area));
    let later = Instant::now() + Duration::from_secs(1);
    hosting.admission_key(&mut app, KeyEvent::from(KeyCode::Char('y')), later);
    assert_eq!(answer.try_recv(), Ok(Ok(())), "Bob joined after {} actions", actions.len());
    hosting.draw(&app);
    let bytes = far.borrow().sent.clone();
    let mut parser = vt100::Parser::new(std::num::NonZero::new(45).unwrap(), std::num::NonZero::new(140).unwrap(), 0);
    parser.process(&bytes);
    let joined = parser.screen().contents();
    assert!(joined.contains("Player 2's hand"), "Bob's own screen:\n{joined}");
    seen.push_str(&joined);
    seen.push_str(&String::from_utf8_lossy(&bytes));
    seen.push_str(&host_text(&app));
    seen
}

/// Every token of `text` read as a seed, the ways a person would try: decimal and hexadecimal
/// numbers, and the pieces of words split at dashes.
fn candidates(text: &str) -> BTreeSet<u64> {
    let mut out = BTreeSet::new();
    for token in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
        for piece in std::iter::once(token).chain(token.split('-')) {
            let piece = piece.trim_matches('-');
            if let Ok(n) = piece.parse::<u64>() {
                out.insert(n);
            }
            if !piece.is_empty()
                && piece.len() <= 16
                && let Ok(n) = u64::from_str_radix(piece, 16)
            {
                out.insert(n);
            }
        }
    }
    out
}

/// The tokens of `text` that deal the game's draws: a seed whose RNG key is the game's.
fn twins(config: Config, text: &str) -> Vec<u64> {
    let key = Game::new(config, SECRET).unwrap().snapshot().rng.seed;
    candidates(text).into_iter().filter(|&n| Game::new(config, n).is_ok_and(|g| g.snapshot().rng.seed == key)).collect()
}

#[test]
fn h7_no_screen_of_any_seat_deals_a_twin_of_the_game() {
    let config = Config::with_players(3);
    let record = play_random(config, SECRET).unwrap();
    let actions = record.actions();
    let over = record.game().is_over();
    let mut seen = String::new();
    // Thirty moments of the game, set-up to the last action before its end.
    let last = if over { actions.len() - 1 } else { actions.len() };
    for i in 0..30 {
        seen.push_str(&seen_at(config, &actions[..last * i / 29], false));
    }
    assert!(seen.contains("island "), "the screens were drawn and read");
    assert_eq!(twins(config, &seen), Vec::<u64>::new(), "a token on a seat's screen deals the game's draws");
    // The oracle finds the seed wherever a screen shows it.
    assert_eq!(twins(config, &format!("{seen} seed {SECRET}")), vec![SECRET]);
    assert_eq!(twins(config, &format!("{seen} {SECRET:x}")), vec![SECRET]);
    // The board code the screens show deals the same island, with other draws.
    let code = BoardCode::of(record.game());
    assert!(seen.contains(&code.to_string()), "the island's code is shown");
    let again = Game::new_on(config, 1, &code).unwrap();
    assert_eq!(again.board().harbors(), Game::new(config, SECRET).unwrap().board().harbors());
    assert_ne!(again.snapshot().rng.seed, Game::new(config, SECRET).unwrap().snapshot().rng.seed);
}

/// H7: once the game is over its seed is shown, except on a joined screen when the seed was
/// given (whoever knows it knows the dice of every game played with it).
#[test]
fn h7_the_seed_shows_at_the_end_and_a_given_seed_never_on_a_joined_screen() {
    let config = Config::with_players(3);
    let record = play_random(config, SECRET).unwrap();
    assert!(record.game().is_over(), "a finished game");
    let actions = record.actions();
    for given in [false, true] {
        // Bob joins one action before the end; then the game ends on every screen.
        let rec = Record::from_actions(config, SECRET, default_names(3), &actions[..actions.len() - 1]).unwrap();
        let mut app = App::from_record(rec, PLAIN);
        app.table.seed_given = given;
        app.update(Msg::Resize(140, 45));
        let far = Rc::new(RefCell::new(Far::default()));
        let mut hosting = Hosting::new(Box::new(TestWire(far.clone())), PLAIN);
        let (reply, mut answer) = JoinReply::channel();
        let (peer, name) = ("127.0.0.1:40000".parse().unwrap(), "Player 2".to_string());
        let term = "xterm".to_string();
        far.borrow_mut().inbox.push_back(HostEvent::Join {
            conn: 1,
            name,
            size: (140, 45),
            term,
            peer,
            key: None,
            reply,
        });
        hosting.pump(&mut app, Duration::ZERO);
        let area = Rect::new(0, 0, 140, 45);
        hosting.render_admission(&app, area, &mut Buffer::empty(area));
        hosting.admission_key(&mut app, KeyEvent::from(KeyCode::Char('y')), Instant::now() + Duration::from_secs(1));
        assert_eq!(answer.try_recv(), Ok(Ok(())), "Bob joined");
        app.set_position(*record.game());
        hosting.draw(&app);
        let bytes = far.borrow().sent.clone();
        let mut parser =
            vt100::Parser::new(std::num::NonZero::new(45).unwrap(), std::num::NonZero::new(140).unwrap(), 0);
        parser.process(&bytes);
        let joined = parser.screen().contents();
        assert!(joined.contains("wins with") || joined.contains("share the win"), "Bob sees the end:\n{joined}");
        let seed = format!("seed {SECRET}");
        assert!(host_text(&app).contains(&seed), "the host's screen shows the seed at the end");
        assert_eq!(joined.contains(&seed), !given, "Bob's screen shows it unless it was given (given: {given})");
        assert!(given || !String::from_utf8_lossy(&bytes).contains(&SECRET.to_string()) || joined.contains(&seed));
    }
}
