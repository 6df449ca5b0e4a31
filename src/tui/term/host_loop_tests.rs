//! Hosting over a wire in memory (issue 40): joining by name, what a joined seat is sent, a
//! seat that drops and waits, the host playing it meanwhile, and joining again.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent};

use super::Hosting;
use crate::engine::{Game, Hand, Hex, Phase, Seat};
use crate::host::{ConnId, HostEvent, JoinReply, Wire};
use crate::save::SeatInfo;
use crate::tui::app::screens_tests::scenario;
use crate::tui::app::{App, Msg};
use crate::tui::screen::keymap::Mode;
use crate::tui::screen::theme::Theme;

const ANN: Seat = Seat(0);
const BOB: Seat = Seat(1);
const CY: Seat = Seat(2);
const PLAIN: Theme = Theme { color: false, ascii: false };

/// The wire's two ends in memory: what the test puts in, what the loop sent.
#[derive(Default)]
pub(super) struct Line {
    inbox: VecDeque<HostEvent>,
    sent: HashMap<ConnId, Vec<u8>>,
    pub(super) closed: Vec<ConnId>,
}

struct FakeWire(Rc<RefCell<Line>>);

impl Wire for FakeWire {
    fn recv_timeout(&mut self, _wait: Duration) -> Option<HostEvent> {
        self.0.borrow_mut().inbox.pop_front()
    }
    fn send(&mut self, conn: ConnId, bytes: Vec<u8>) {
        self.0.borrow_mut().sent.entry(conn).or_default().extend(bytes);
    }
    fn close(&mut self, conn: ConnId, bytes: Vec<u8>) {
        let mut line = self.0.borrow_mut();
        line.sent.entry(conn).or_default().extend(bytes);
        line.closed.push(conn);
    }
}

/// A hosted table and the test's end of its wire.
pub(super) struct Host {
    pub(super) app: App,
    pub(super) hosting: Hosting,
    pub(super) line: Rc<RefCell<Line>>,
}

impl Host {
    pub(super) fn new(app: App) -> Host {
        Host::themed(app, PLAIN)
    }

    /// A table whose joined screens are drawn with `theme` (as their terminals allow).
    fn themed(app: App, theme: Theme) -> Host {
        let line = Rc::new(RefCell::new(Line::default()));
        let hosting = Hosting::new(Box::new(FakeWire(Rc::clone(&line))), theme);
        Host { app, hosting, line }
    }

    /// Carries out `event` as the loop would, then draws every joined screen.
    pub(super) fn event(&mut self, event: HostEvent) {
        self.line.borrow_mut().inbox.push_back(event);
        while self.hosting.pump(&mut self.app, Duration::ZERO) {}
        self.hosting.draw(&self.app);
    }

    /// `name` joins on `conn`; the answer the joiner gets.
    pub(super) fn join(&mut self, conn: ConnId, name: &str) -> Result<(), String> {
        self.join_on(conn, name, "xterm-256color")
    }

    /// `name` joins on `conn` from a terminal of type `term`, let in by the host when asked
    /// (H8).
    fn join_on(&mut self, conn: ConnId, name: &str, term: &str) -> Result<(), String> {
        // With a key, as most ssh clients offer: no rejoin word on the screens compared.
        let mut answer = self.ask(conn, name, term, Some(&format!("SHA256:{}", name.to_lowercase())));
        if let Some(r) = self.hosting.admission.take() {
            self.hosting.answer(&mut self.app, r, true);
            self.hosting.draw(&self.app);
        }
        answer.try_recv().expect("every join is answered once the host is asked")
    }

    /// `name` asks to join on `conn` with `key`; the end where their answer comes.
    pub(super) fn ask(
        &mut self,
        conn: ConnId,
        name: &str,
        term: &str,
        key: Option<&str>,
    ) -> tokio::sync::oneshot::Receiver<Result<(), String>> {
        let (reply, answer) = JoinReply::channel();
        let peer = "127.0.0.1:40000".parse().unwrap();
        let (name, term, key) = (name.into(), term.into(), key.map(String::from));
        self.event(HostEvent::Join { conn, name, size: (140, 45), term, peer, key, reply });
        answer
    }

    pub(super) fn key(&mut self, conn: ConnId, code: KeyCode) {
        self.event(HostEvent::Input { conn, event: Event::Key(KeyEvent::from(code)) });
    }

    fn sent(&self, conn: ConnId) -> Vec<u8> {
        self.line.borrow().sent.get(&conn).cloned().unwrap_or_default()
    }

    /// What `conn`'s terminal shows, read through a terminal emulator.
    pub(super) fn screen(&self, conn: ConnId) -> String {
        let size = |n| std::num::NonZero::new(n).expect("not zero");
        let mut parser = vt100::Parser::new(size(45), size(140), 0);
        parser.process(&self.sent(conn));
        parser.screen().contents()
    }
}

pub(super) fn people() -> Vec<SeatInfo> {
    SeatInfo::humans(["Ann", "Bob", "Cy"].map(String::from).to_vec())
}

/// Turn 1 of `to_act` before the roll (a 6 to come), a settlement each; Ann's and Cy's hands
/// are `ann` and `cy`, Bob's fixed (the two-screen tests' position).
pub(super) fn position(others: (Hand, Hand), to_act: Seat) -> Game {
    scenario(others, Hand::new([1, 0, 2, 0, 1]), to_act, 6)
}

pub(super) fn hosted(game: Game) -> Host {
    let mut app = App::resume(5, people(), game, Vec::new(), PLAIN);
    app.update(Msg::Resize(140, 45));
    Host::new(app)
}

#[test]
fn a_joiner_takes_the_person_seat_of_their_name_and_a_wrong_name_hears_the_free_seats() {
    let mut host = Host::new(App::new(42, Some(["Ann", "Bob", "Cy"].map(String::from).to_vec()), PLAIN));
    let refused = host.join(1, "Zed").expect_err("no seat is called Zed");
    assert!(refused.contains("\"Zed\"") && refused.contains("Ann, Bob, Cy"), "{refused}");
    assert_eq!(host.join(2, "bob"), Ok(()), "names are matched whatever their case");
    assert_eq!(host.app.table.remote.joined.iter().collect::<Vec<_>>(), vec![BOB]);
    // Another Bob (another key: the same one would be Bob back, H8) is sent away.
    let twice = host.ask(3, "Bob", "xterm", Some("SHA256:other")).try_recv().unwrap().expect_err("Bob's seat is taken");
    assert!(twice.contains("Bob is already playing") && twice.contains("Ann, Cy"), "{twice}");
    assert!(!host.app.screen.holds.contains(BOB), "the host's screen no longer plays Bob");
    let bob = host.screen(2);
    assert!(bob.contains("CATAN") && bob.contains("Bob"), "Bob's terminal shows the game:\n{bob}");
    assert!(host.app.screen.message.as_ref().is_some_and(|m| m.text.contains("Bob joined")));
}

/// Issue 40: a joiner's screen is drawn for their terminal's type: a VT100 gets no colour and
/// plain ASCII, an xterm the host's colours.
#[test]
fn a_joiners_screen_is_drawn_for_their_terminals_type() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let colours = Theme { color: true, ascii: false };
    let mut host = Host::themed(App::new(42, Some(names), colours), colours);
    host.join_on(1, "Bob", "vt100").unwrap();
    host.join_on(2, "Cy", "xterm-256color").unwrap();
    let colour = |conn| {
        let sent = String::from_utf8_lossy(&host.sent(conn)).into_owned();
        // A foreground colour, as crossterm writes it.
        sent.contains("\x1b[38;5;")
    };
    assert!(colour(2), "Cy's xterm gets colours");
    assert!(!colour(1), "Bob's VT100 gets none");
    assert!(host.app.others[0].theme.ascii && !host.app.others[1].theme.ascii);
    assert!(host.screen(1).contains("CATAN"), "Bob's screen is drawn all the same");
}

/// A seat joining again from another type of terminal gets its screen back drawn for that
/// terminal: Bob's screen, made for his VT100, is drawn in colour once he comes back on an xterm.
#[test]
fn a_joiner_back_from_another_terminal_type_is_drawn_for_it() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let colours = Theme { color: true, ascii: false };
    let mut host = Host::themed(App::new(42, Some(names), colours), colours);
    host.join_on(1, "Bob", "vt100").unwrap();
    assert_eq!(host.app.others[0].theme, Theme { color: false, ascii: true });
    host.event(HostEvent::Left { conn: 1 });
    host.join_on(2, "Bob", "xterm-256color").unwrap();
    assert_eq!(host.app.others.len(), 1, "his screen back, not a second one");
    assert_eq!(host.app.others[0].theme, colours, "drawn for the xterm he is on now");
}

#[test]
fn a_joiner_is_refused_until_the_game_has_begun() {
    let mut host = Host::new(App::new(42, None, PLAIN));
    let refused = host.join(1, "Ann").expect_err("the start screen is still up");
    assert!(refused.contains("still setting up"), "{refused}");
}

/// Issue 40's wire test: every byte sent to Bob's terminal, through his join, a roll and the
/// end of his turn, is the same whatever Ann and Cy hold; the host's own screen, once Ann holds
/// it, is not (so the comparison could fail).
#[test]
fn every_byte_sent_to_a_joined_seat_is_the_same_whatever_the_other_seats_hold() {
    let one = (Hand::new([2, 2, 1, 3, 4]), Hand::new([0, 1, 0, 1, 0]));
    let two = (Hand::new([2, 3, 1, 2, 4]), Hand::new([0, 0, 0, 2, 0]));
    let play = |hands| {
        let mut host = hosted(position(hands, BOB));
        host.join(7, "Bob").expect("Bob's seat is free");
        for code in [KeyCode::Char('r'), KeyCode::Char('e')] {
            host.key(7, code);
        }
        assert_eq!(host.app.table.game().to_act(), CY, "Bob rolled and ended his turn on his own screen");
        host
    };
    let (mut a, mut b) = (play(one), play(two));
    assert_eq!(a.sent(7), b.sent(7), "Bob's terminal was sent the same bytes");
    // Cy takes the host's keyboard (her hand shows there), rolls and ends her turn.
    let host_screen = |h: &Host| {
        let area = ratatui::layout::Rect::new(0, 0, 140, 45);
        let mut buf = ratatui::buffer::Buffer::empty(area);
        crate::tui::view::frame::render(&h.app.scene(), None, area, &mut buf);
        buf.content.iter().map(|c| c.symbol()).collect::<String>()
    };
    for host in [&mut a, &mut b] {
        host.app.update(Msg::key(KeyCode::Enter));
        host.hosting.draw(&host.app);
    }
    assert_ne!(host_screen(&a), host_screen(&b), "the host's screen shows Cy's hand (the test can tell)");
    for host in [&mut a, &mut b] {
        host.app.update(Msg::char('r'));
        host.app.update(Msg::char('e'));
        host.hosting.draw(&host.app);
        assert_ne!(host.app.table.game().to_act(), CY);
    }
    assert_eq!(a.sent(7), b.sent(7), "and still, after Cy's turn on the host's screen");
}

#[test]
fn a_seat_that_drops_waits_then_the_host_plays_it_here_until_it_joins_again() {
    let mut host = hosted(position((Hand::new([1, 1, 1, 1, 1]), Hand::new([0, 1, 0, 1, 0])), BOB));
    host.join(1, "Bob").unwrap();
    assert_eq!(host.app.screen.mode(), Mode::Away);
    host.event(HostEvent::Left { conn: 1 });
    assert_eq!(host.app.screen.mode(), Mode::Gone, "Bob's seat waits; the host is asked");
    assert!(host.app.table.remote.gone.contains(BOB));
    // Nothing Bob was doing is lost: he joins again, on the same connection name, to his turn.
    host.join(2, "Bob").unwrap();
    assert_eq!(host.app.others.len(), 1, "his screen back, not a second one");
    assert_eq!(host.app.others[0].mode(), Mode::Turn);
    host.event(HostEvent::Left { conn: 2 });
    // The host plays Bob's seat here: hot-seat, so Bob takes the host's keyboard first.
    host.app.update(Msg::char('p'));
    assert!(host.app.screen.holds.contains(BOB));
    assert_eq!(host.app.screen.mode(), Mode::Handoff);
    assert!(host.app.others.is_empty(), "the screen that waited for Bob is closed");
    host.app.update(Msg::key(KeyCode::Enter));
    host.app.update(Msg::char('r'));
    assert_eq!(host.app.table.game().phase(), Phase::Main, "Bob rolled on the host's keyboard");
    // Bob joins again and takes his seat from the host's screen.
    host.join(3, "Bob").unwrap();
    assert!(!host.app.screen.holds.contains(BOB));
    assert_eq!(host.app.others[0].mode(), Mode::Turn);
    host.key(3, KeyCode::Char('e'));
    assert_eq!(host.app.table.game().to_act(), CY, "Bob ended his turn on his own screen again");
}

#[test]
fn a_bot_stands_in_for_a_seat_that_dropped_until_it_joins_again() {
    // A recorded game (computer players play only with a record): Ann places first.
    let mut host = Host::new(App::new(42, Some(["Ann", "Bob", "Cy"].map(String::from).to_vec()), PLAIN));
    host.join(1, "Bob").unwrap();
    host.app.update(Msg::key(KeyCode::Enter));
    while host.app.table.game().to_act() == ANN {
        let first = host.app.table.legal()[0];
        host.app.apply(vec![first]);
    }
    assert_eq!(host.app.table.game().to_act(), BOB);
    host.event(HostEvent::Left { conn: 1 });
    host.app.update(Msg::char('b'));
    assert!(host.app.table.level(BOB).is_some(), "a computer player plays Bob for now");
    assert_eq!(host.app.screen.mode(), Mode::Bot);
    let played = host.app.play_bots(50);
    assert!(played > 0, "the stand-in played");
    assert_ne!(host.app.table.game().to_act(), BOB);
    host.join(2, "Bob").unwrap();
    assert_eq!(host.app.table.level(BOB), None, "Bob is a person again once he joins");
    assert!(!host.app.table.remote.stand_in.contains(BOB));
}

/// Ann on the host's screen, Bob joined on conn 1, Cy a computer player (moves shown at once):
/// Ann's and Bob's set-up pieces played, until Cy is to place.
fn cy_to_place_with_bob_joined() -> Host {
    let seats = vec![SeatInfo::human("Ann"), SeatInfo::human("Bob"), SeatInfo::bot("Cy", crate::bots::BotLevel::Easy)];
    let app = App::with_seats(42, Some(seats), PLAIN, crate::engine::Config::default());
    let mut host = Host::new(app);
    host.app.update(Msg::Resize(140, 45));
    host.app.table.delay = Duration::ZERO;
    host.join(1, "Bob").unwrap();
    host.app.update(Msg::key(KeyCode::Enter));
    while host.app.table.game().to_act() != CY {
        let first = host.app.table.legal()[0];
        host.app.apply(vec![first]);
    }
    host
}

/// Issue 40: the help open on the host's screen pauses the computer players only while no
/// other screen watches them: with Bob watching on his own screen, Cy (a bot) plays on.
#[test]
fn the_hosts_help_does_not_pause_the_bots_for_a_joined_screen() {
    let mut host = cy_to_place_with_bob_joined();
    let before = host.app.table.record().map_or(0, |r| r.len());
    host.app.update(Msg::char('?'));
    assert_eq!(host.app.screen.mode(), Mode::Help);
    assert_eq!(host.app.others[0].mode(), Mode::Bot, "Bob's screen shows Cy playing");
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while host.app.table.record().map_or(0, |r| r.len()) == before && std::time::Instant::now() < until {
        host.app.tick(std::time::Instant::now());
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(host.app.table.record().map_or(0, |r| r.len()) > before, "Cy played while the host read the help");
    assert_eq!(host.app.screen.mode(), Mode::Help, "the help stays open on the host's screen");
    // With Bob's screen closed too (his help open), no screen watches: Cy's next move waits.
    host.key(1, KeyCode::Char('?'));
    let now = host.app.table.record().map_or(0, |r| r.len());
    if host.app.table.game().to_act() == CY {
        for _ in 0..50 {
            host.app.tick(std::time::Instant::now());
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(host.app.table.record().map_or(0, |r| r.len()), now, "no screen watches: the bots wait");
    }
}

/// Issue 40: a joined screen whose terminal is gone watches nothing. With Bob's connection
/// lost (his seat waits) and the help open on the host's screen, no one sees the bots play:
/// Cy (a bot) waits, as in a hot-seat game.
#[test]
fn a_screen_whose_terminal_left_does_not_keep_the_bots_playing() {
    let mut host = cy_to_place_with_bob_joined();
    host.event(HostEvent::Left { conn: 1 });
    assert!(host.app.table.remote.gone.contains(BOB), "Bob's seat waits for him");
    host.app.update(Msg::char('?'));
    assert_eq!(host.app.screen.mode(), Mode::Help);
    let before = host.app.table.record().map_or(0, |r| r.len());
    // Cy's move is worked out meanwhile (however slow the machine); it is not played while
    // nobody watches, even ticked well after it came.
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while !host.app.table.decided() && std::time::Instant::now() < until {
        host.app.tick(std::time::Instant::now());
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(host.app.table.decided(), "Cy has decided meanwhile");
    for _ in 0..50 {
        host.app.tick(std::time::Instant::now());
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(host.app.table.record().map_or(0, |r| r.len()), before, "no screen watches: Cy waits");
    host.app.update(Msg::key(KeyCode::Esc));
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while host.app.table.record().map_or(0, |r| r.len()) == before && std::time::Instant::now() < until {
        host.app.tick(std::time::Instant::now());
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(host.app.table.record().map_or(0, |r| r.len()) > before, "the help closed, Cy plays");
}

/// Issue 40: who plays a seat whose terminal is gone is the host's to say. Another joined
/// screen only waits for it (its footer says why), and `p` or `b` there take nothing.
#[test]
fn a_joined_screen_waits_for_a_seat_that_left_and_leaves_p_and_b_to_the_host() {
    let mut host = hosted(position((Hand::new([1, 1, 1, 1, 1]), Hand::new([0, 1, 0, 1, 0])), CY));
    host.join(1, "Bob").unwrap();
    host.join(2, "Cy").unwrap();
    host.event(HostEvent::Left { conn: 2 });
    assert_eq!(host.app.screen.mode(), Mode::Gone, "the host is asked");
    assert_eq!(host.app.others[0].mode(), Mode::Away, "Bob's screen only waits");
    assert!(host.screen(1).contains("Cy left their screen"), "{}", host.screen(1));
    host.key(1, KeyCode::Char('p'));
    host.key(1, KeyCode::Char('b'));
    assert!(host.app.table.remote.gone.contains(CY), "Cy's seat still waits");
    assert!(!host.app.others[0].holds.contains(CY) && host.app.table.level(CY).is_none());
}

#[test]
fn a_joiner_who_quits_gets_their_terminal_back_and_their_seat_waits() {
    let mut host = hosted(position((Hand::new([1, 1, 1, 1, 1]), Hand::new([0, 1, 0, 1, 0])), ANN));
    host.join(4, "Bob").unwrap();
    host.key(4, KeyCode::Char('q'));
    host.key(4, KeyCode::Char('y'));
    assert_eq!(host.line.borrow().closed, vec![4], "Bob's connection is closed");
    assert!(host.screen(4).contains("take your seat back"), "{}", host.screen(4));
    assert!(host.app.table.remote.gone.contains(BOB));
    assert!(!host.app.screen.done, "the host plays on");
    host.key(4, KeyCode::Char('r'));
    assert_eq!(host.app.table.game().phase(), Phase::Roll, "a closed connection's keys do nothing");
}

#[test]
fn a_joined_screen_may_not_save_nor_undo_another_seats_action() {
    let mut host = hosted(position((Hand::new([1, 1, 1, 1, 1]), Hand::new([0, 1, 0, 1, 0])), BOB));
    host.join(1, "Bob").unwrap();
    host.key(1, KeyCode::Char('s'));
    assert!(host.app.others[0].saving.is_none(), "the save prompt is the host's");
    host.key(1, KeyCode::Char('?'));
    let help = host.screen(1);
    assert!(help.contains("advice") && !help.contains("s          save"), "no save key in Bob's help:\n{help}");
    host.key(1, KeyCode::Esc);
    // The host's help has it (so the line looked for is the one the help writes).
    host.app.screen.help = true;
    let area = ratatui::layout::Rect::new(0, 0, 140, 45);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    crate::tui::view::frame::render(&host.app.scene(), None, area, &mut buf);
    let rows: Vec<String> = (0..45).map(|y| (0..140).map(|x| buf[(x, y)].symbol()).collect()).collect();
    assert!(rows.iter().any(|r| r.contains("s          save")), "{}", rows.join("\n"));
    host.app.screen.help = false;
    host.key(1, KeyCode::Char('r'));
    // Ann, on the host's screen, can't take back Bob's roll.
    host.app.update(Msg::char('u'));
    assert_eq!(host.app.table.game().phase(), Phase::Main, "Bob's roll stands");
    assert!(host.app.screen.message.as_ref().is_some_and(|m| m.text.contains("own screen")));
}

/// Issue 40: a 7 with Bob joined. Bob, over the limit, discards on his own screen (the host's
/// screen waits for him, naming no card); Ann, on the host's screen, robs him; Bob's screen
/// says what he lost, and the bytes he was sent through it all are the same whatever Ann and
/// Cy hold.
#[test]
fn a_joined_seat_discards_on_its_own_screen_and_is_robbed_from_the_hosts() {
    let robbed = |(ann, cy): (Hand, Hand)| {
        let game = scenario((ann, cy), Hand::new([2, 2, 2, 2, 0]), ANN, 7);
        let mut host = hosted(game);
        host.join(5, "Bob").unwrap();
        host.app.update(Msg::key(KeyCode::Enter));
        host.app.update(Msg::char('r'));
        host.hosting.draw(&host.app);
        assert!(matches!(host.app.table.game().phase(), Phase::Discard { .. }), "{:?}", host.app.table.game().phase());
        assert_eq!(host.app.others[0].mode(), Mode::Picker, "Bob discards on his own screen");
        assert_eq!(host.app.screen.mode(), Mode::Away, "the host's screen waits for him");
        // Bob gives 4 of his 8 cards: 2 brick, 2 lumber (once his screen's moment has held the
        // keys typed while Ann played).
        std::thread::sleep(crate::tui::term::gate::BACK + Duration::from_millis(20));
        for code in [KeyCode::Char('b'), KeyCode::Char('b'), KeyCode::Char('l'), KeyCode::Char('l'), KeyCode::Enter] {
            host.key(5, code);
        }
        assert_eq!(host.app.table.game().phase(), Phase::Robber, "Bob's discard is done");
        // Ann robs Bob at the hex his settlement touches.
        let victim = Some(BOB);
        host.app.apply(vec![crate::engine::Action::MoveRobber { hex: Hex(5), victim }]);
        host.hosting.draw(&host.app);
        assert_eq!(host.app.table.game().view(BOB).hand().total(), 3, "Bob lost a card to the robber");
        host
    };
    // The same counts and the same bank (both public), the cards swapped between Ann and Cy.
    let one = robbed((Hand::new([1, 0, 0, 0, 0]), Hand::new([0, 0, 0, 1, 0])));
    let two = robbed((Hand::new([0, 0, 0, 1, 0]), Hand::new([1, 0, 0, 0, 0])));
    let bob = one.screen(5);
    assert!(bob.contains("Ann robs you") || bob.contains("Ann steals"), "Bob's screen says he was robbed:\n{bob}");
    assert!(one.sent(5) == two.sent(5), "Bob's bytes are the same whatever Ann and Cy hold");
}

/// Issue 40: a panic while a joined screen's message is handled leaves every screen in its
/// place (each message names its screen; none is moved for it), so the host can end that
/// connection and play on.
#[test]
fn a_panic_on_a_joined_screen_leaves_the_screens_in_their_places() {
    let mut host = hosted(position((Hand::new([1, 1, 1, 1, 1]), Hand::new([0, 1, 0, 1, 0])), BOB));
    host.join(1, "Bob").unwrap();
    let holds = host.app.screen.holds;
    let caught = crate::tui::table::bot_job::surviving(|| {
        host.app.update_on(1, Msg::Resize(120, 40));
        panic!("a bug on Bob's screen")
    });
    assert!(caught.is_err());
    assert_eq!(host.app.screen.holds, holds, "the host's screen is back in the first place");
    assert_eq!(host.app.others[0].holds, crate::engine::SeatSet::one(BOB));
    host.key(1, KeyCode::Char('r'));
    assert_eq!(host.app.table.game().phase(), Phase::Main, "Bob plays on");
}

/// Issue 40 (H1a on a joined screen): keys Bob typed while Ann played on the host's screen do
/// not play his moment when it comes; after the moment's hold his keys act again.
#[test]
fn keys_typed_while_another_played_do_not_act_when_the_joined_seats_turn_comes() {
    let mut host = Host::new(App::new(42, Some(["Ann", "Bob", "Cy"].map(String::from).to_vec()), PLAIN));
    host.join(1, "Bob").unwrap();
    host.app.update(Msg::key(KeyCode::Enter));
    // Ann places her settlement and road; Bob's screen waits meanwhile.
    for _ in 0..2 {
        let first = host.app.table.legal()[0];
        host.app.apply(vec![first]);
        host.hosting.draw(&host.app);
    }
    assert_eq!(host.app.table.game().to_act(), BOB);
    // The Enter of a burst that was meant to hurry the others reaches the loop just after.
    host.key(1, KeyCode::Enter);
    assert_eq!(host.app.table.game().pieces_left(BOB), host.app.table.game().pieces_left(CY), "Bob placed nothing");
    std::thread::sleep(crate::tui::term::gate::BACK + Duration::from_millis(20));
    host.key(1, KeyCode::Enter);
    assert_ne!(host.app.table.game().pieces_left(BOB), host.app.table.game().pieces_left(CY), "now Bob places");
}

/// Issue 40: advice asked on a joined screen comes there (every screen's advice is polled,
/// not only the first's).
#[test]
fn advice_asked_on_a_joined_screen_comes_on_that_screen() {
    let mut host = hosted(position((Hand::new([1, 1, 1, 1, 1]), Hand::new([0, 1, 0, 1, 0])), BOB));
    host.join(1, "Bob").unwrap();
    host.key(1, KeyCode::Char('i'));
    // Asked on Bob's screen (it may have come already: a position with one move is quick).
    assert!(host.app.others[0].coach.panel.is_some(), "Bob's advice is asked on his screen");
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while host.app.others[0].coach.waiting() {
        assert!(std::time::Instant::now() < until, "Bob's advice never came");
        host.app.tick(std::time::Instant::now());
        std::thread::sleep(Duration::from_millis(10));
    }
    host.hosting.draw(&host.app);
    let bob = host.screen(1);
    assert!(bob.contains("Advice for Bob") && !bob.contains("thinking"), "{bob}");
    assert!(bob.contains('%'), "the moves with their chances:\n{bob}");
}
