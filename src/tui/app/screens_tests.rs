//! One table, two screens (issue 40's shape, H6): a seat joined on a screen of its own is asked
//! everything there, sees only what its seat may, and never needs a hand-off; the first screen
//! plays the other person seats hot-seat, as before.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::{App, Msg};
use crate::engine::{Game, Hand, Hex, MapId, Phase, Scenario, Seat};
use crate::save::SeatInfo;
use crate::tui::screen::keymap::Mode;
use crate::tui::screen::theme::Theme;

const ANN: Seat = Seat(0);
const BOB: Seat = Seat(1);
const PLAIN: Theme = Theme { color: false, ascii: false };

/// Turn 1 of `to_act` before the roll (a 6 to come), a settlement each; Ann's and Cy's hands
/// are `ann` and `cy`, Bob's fixed.
fn position(others: (Hand, Hand), to_act: Seat) -> Game {
    scenario(others, Hand::new([1, 0, 2, 0, 1]), to_act, 6)
}

/// Ann, Bob and Cy at turn 1 of `to_act` before the roll (`roll` to come), a settlement each;
/// Ann's and Cy's hands `ann` and `cy`, Bob's `bob` (the hosting tests' positions too).
pub(in crate::tui) fn scenario((ann, cy): (Hand, Hand), bob: Hand, to_act: Seat, roll: u8) -> Game {
    let topo = MapId::Standard.topology();
    let corner = |h: u8, c: usize| topo.hex_vertices(Hex(h))[c];
    Scenario::new(crate::engine::Config::default(), 5)
        .settlement(ANN, corner(4, 0))
        .settlement(BOB, corner(5, 3))
        .settlement(Seat(2), corner(9, 3))
        .hand(ANN, ann)
        .hand(BOB, bob)
        .hand(Seat(2), cy)
        .turn(to_act)
        .next_roll(roll)
        .build()
        .expect("a valid scenario")
}

/// Three people at one table: the first screen holds Ann and Cy (hot-seat), Bob joined on a
/// screen of his own (id 1). Both screens are 140 x 45.
fn table_of(game: Game) -> (App, usize) {
    let seats = SeatInfo::humans(["Ann", "Bob", "Cy"].map(String::from).to_vec());
    let mut app = App::resume(5, seats, game, Vec::new(), PLAIN);
    app.update(Msg::Resize(140, 45));
    let bob = app.join(BOB, PLAIN);
    app.update_on(bob, Msg::Resize(140, 45));
    (app, bob)
}

/// Screen `id` drawn as text.
fn drawn(app: &App, id: usize) -> String {
    let area = Rect::new(0, 0, 140, 45);
    let mut buf = Buffer::empty(area);
    let message = app.scene_of(id).screen.message.clone();
    crate::tui::view::frame::render(&app.scene_of(id), message.as_ref(), area, &mut buf);
    (0..area.height).map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n").collect()
}

/// H6, H1: Bob's own screen can't tell apart two games that differ only in Ann's hand and
/// Cy's (the same counts, the same bank), at Ann's turn and at his own; the first screen, once
/// Ann takes its keyboard, can (so the comparison could fail).
#[test]
fn h6_a_joined_screen_never_shows_another_seats_hand() {
    let ann_one = (Hand::new([2, 2, 1, 3, 4]), Hand::new([0, 1, 0, 1, 0]));
    let ann_two = (Hand::new([2, 3, 1, 2, 4]), Hand::new([0, 0, 0, 2, 0]));
    for to_act in [ANN, BOB] {
        let (mut one, bob) = table_of(position(ann_one, to_act));
        let (mut two, _) = table_of(position(ann_two, to_act));
        assert_eq!(drawn(&one, bob), drawn(&two, bob), "Bob's screen shows nothing of Ann's hand");
        if to_act == ANN {
            // The first screen hands its keyboard to Ann, who sees her own cards there.
            for app in [&mut one, &mut two] {
                assert_eq!(app.screen.mode(), Mode::Handoff);
                app.update(Msg::key(crossterm::event::KeyCode::Enter));
                assert_eq!(app.screen.mode(), Mode::Turn, "Ann holds the first screen");
            }
            assert_ne!(drawn(&one, 0), drawn(&two, 0), "Ann's screen shows her hand");
            assert_eq!(drawn(&one, bob), drawn(&two, bob), "and Bob's still doesn't");
        }
    }
}

/// H6: Bob acts on his own screen at once (no hand-off), the first screen waits meanwhile and
/// takes no key for him; when his turn ends the first screen hands its keyboard to the next
/// person it holds (Cy), and Bob's waits.
#[test]
fn h6_a_joined_seat_acts_on_its_own_screen_without_a_handoff() {
    let (mut app, bob) = table_of(position((Hand::new([1, 1, 1, 1, 1]), Hand::new([0, 1, 0, 1, 0])), BOB));
    assert_eq!(app.others[bob - 1].mode(), Mode::Turn, "Bob's turn: his screen is his at once");
    assert_eq!(app.screen.mode(), Mode::Away, "the first screen waits for Bob");
    assert_eq!(app.others[bob - 1].viewer, Some(BOB));
    // A key on the first screen does nothing for Bob.
    app.update(Msg::char('r'));
    assert_eq!(app.table.game().phase(), Phase::Roll, "Bob's roll is not the first screen's to make");
    app.update_on(bob, Msg::char('r'));
    assert_eq!(app.table.game().phase(), Phase::Main, "Bob rolled on his own screen");
    assert!(drawn(&app, 0).contains("Bob is playing on their own screen"), "{}", drawn(&app, 0));
    app.update_on(bob, Msg::char('e'));
    assert_eq!(app.table.game().to_act(), Seat(2));
    assert_eq!(app.screen.mode(), Mode::Handoff, "the first screen hands its keyboard to Cy");
    assert_eq!(app.screen.handoff(), Some(Seat(2)));
    assert_eq!(app.others[bob - 1].mode(), Mode::Away, "Bob's screen waits for Cy");
    assert_eq!(app.others[bob - 1].viewer, Some(BOB), "and stays Bob's: no hand-off there ever");
}

/// Issue 49: the host's card at 96 x 28 while friends join: the opening hand-off covers the
/// island only, the card says what NAME is and shows the whole fingerprint.
#[test]
fn the_join_card_is_whole_and_uncovered_on_a_small_host_screen() {
    let mut app = App::new(1, Some(["Ann", "Bob", "Cy"].map(String::from).to_vec()), PLAIN);
    let fingerprint = "SHA256:5ZkVMG0TPxVfGRDDUz9sZJxsUuk94NggEZYMy2408+w".to_string();
    app.screen.card = Some(crate::tui::table::remote::HostCard {
        command: "ssh -p 2299 NAME@127.0.0.1".into(),
        code: "otter plum jet".into(),
        fingerprint: fingerprint.clone(),
        turned: Default::default(),
    });
    app.update(Msg::Resize(96, 28));
    assert!(app.screen.handoff().is_some(), "the opening hand-off shows");
    let area = Rect::new(0, 0, 96, 28);
    let mut buf = Buffer::empty(area);
    crate::tui::view::frame::render(&app.scene(), None, area, &mut buf);
    let text: String = (0..28).map(|y| (0..96).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n").collect();
    assert!(text.contains("Pass the keyboard to"), "{text}");
    assert!(text.contains("ssh -p 2299 NAME@127.0.0.1") && text.contains("NAME: your seat's name"), "{text}");
    assert!(text.contains("otter plum jet"), "{text}");
    // The fingerprint, read down the card's rows, is whole.
    let card: String = text.lines().filter_map(|l| l.rsplit('│').nth(1)).map(str::trim).collect::<Vec<_>>().join("");
    assert!(card.contains(&fingerprint), "{text}");
}

/// Issue 49: the help and the how-to-play page of a joined screen know it is one seat's own:
/// no save to name, no shared answer screen or hand-off, `q` leaves and the seat waits.
#[test]
fn a_joined_screens_help_knows_it_is_the_seats_own() {
    let (mut app, bob) = table_of(position((Hand::new([1, 1, 1, 1, 1]), Hand::new([0, 1, 0, 1, 0])), BOB));
    app.update_on(bob, Msg::char('?'));
    let help = drawn(&app, bob);
    assert!(!help.contains("Naming a save") && !help.contains("takes the keyboard"), "{help}");
    assert!(help.contains("leave (your seat waits)"), "{help}");
    app.update_on(bob, Msg::char('h'));
    let page = drawn(&app, bob);
    assert!(page.contains("Your own screen") && !page.contains("one keyboard"), "{page}");
    // The host's screen keeps its own.
    app.update(Msg::char('?'));
    assert!(drawn(&app, 0).contains("Naming a save"), "{}", drawn(&app, 0));
}

/// Issue 49: quitting says what it does on each screen: a joined seat leaves and waits; the
/// host's question names the friends it drops.
#[test]
fn the_quit_question_says_who_leaves_and_who_is_dropped() {
    let (mut app, bob) = table_of(position((Hand::new([1, 1, 1, 1, 1]), Hand::new([0, 1, 0, 1, 0])), BOB));
    app.screen.card = Some(crate::tui::table::remote::HostCard::default());
    app.update_on(bob, Msg::char('q'));
    assert!(drawn(&app, bob).contains("Leave? Your seat waits"), "{}", drawn(&app, bob));
    app.update(Msg::char('q'));
    assert!(drawn(&app, 0).contains("Bob will be dropped."), "{}", drawn(&app, 0));
}
