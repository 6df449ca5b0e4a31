//! Everyone answers at once (issue 49): a question put to several seats (the discards after a
//! 7, the answers to an offer) is asked on every joined screen at the same moment and answered
//! there in any order; the engine plays the answers in turn order as each one's turn comes;
//! the seats at the host's keyboard are asked there in turn.

use crossterm::event::KeyCode;

use super::screens_tests::scenario;
use super::{App, Msg};
use crate::engine::{Action, Answer, Hand, Phase, Seat, SeatSet};
use crate::save::SeatInfo;
use crate::tui::screen::keymap::Mode;
use crate::tui::screen::theme::Theme;

const ANN: Seat = Seat(0);
const BOB: Seat = Seat(1);
const CY: Seat = Seat(2);
const PLAIN: Theme = Theme { color: false, ascii: false };

/// Ann on the first screen, Bob and Cy joined (screens 1 and 2), at Ann's turn before her roll
/// (a `roll` to come); Ann holds `ann`, Bob and Cy 8 cards each.
fn table(ann: Hand, roll: u8) -> App {
    let (bob, cy) = (Hand::new([2, 2, 2, 2, 0]), Hand::new([0, 2, 2, 2, 2]));
    let game = scenario((ann, cy), bob, ANN, roll);
    let seats = SeatInfo::humans(["Ann", "Bob", "Cy"].map(String::from).to_vec());
    let mut app = App::resume(5, seats, game, Vec::new(), PLAIN);
    app.update(Msg::Resize(140, 45));
    for seat in [BOB, CY] {
        let id = app.join(seat, PLAIN);
        app.update_on(id, Msg::Resize(140, 45));
    }
    app.update(Msg::key(KeyCode::Enter));
    app
}

fn keys(app: &mut App, id: usize, keys: &str) {
    for c in keys.chars() {
        let code = if c == '\r' { KeyCode::Enter } else { KeyCode::Char(c) };
        app.update_on(id, Msg::key(code));
    }
}

/// Screen `id` drawn as text.
fn drawn(app: &App, id: usize) -> String {
    let area = ratatui::layout::Rect::new(0, 0, 140, 45);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    let message = app.scene_of(id).screen.message.clone();
    crate::tui::view::frame::render(&app.scene_of(id), message.as_ref(), area, &mut buf);
    (0..area.height).map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n").collect()
}

fn says(app: &App, id: usize) -> String {
    app.scene_of(id).screen.message.as_ref().map(|m| m.text.clone()).unwrap_or_default()
}

#[test]
fn a_seven_asks_every_joined_seat_that_owes_a_discard_at_once_and_they_answer_in_any_order() {
    let mut app = table(Hand::new([1, 0, 0, 0, 0]), 7);
    app.update(Msg::char('r'));
    assert!(matches!(app.table.game().phase(), Phase::Discard { .. }));
    assert_eq!(app.table.game().to_act(), BOB, "the engine takes Bob's discard first");
    // Both are asked now, each on their own screen.
    assert_eq!(app.others[0].mode(), Mode::Picker, "Bob is asked");
    assert_eq!(app.others[1].mode(), Mode::Picker, "Cy is asked at once, not after Bob");
    assert_eq!(app.scene_of(2).me(), CY, "Cy's picker is hers");
    // Bob starts picking; Cy picks all of hers and confirms first.
    keys(&mut app, 1, "bb");
    keys(&mut app, 2, "llww\r");
    assert_eq!(app.table.game().view(CY).hand().total(), 8, "Cy's discard waits for her turn");
    assert!(app.table.ahead.given(CY));
    assert_eq!(app.others[1].mode(), Mode::Away, "Cy's screen waits for Bob");
    assert!(says(&app, 2).contains("your discards are picked"), "{}", says(&app, 2));
    assert!(says(&app, 0).contains("Cy has picked their discards"), "the host hears it: {}", says(&app, 0));
    assert_eq!(app.others[0].mode(), Mode::Picker, "Bob's picker stays as he left it");
    let crate::tui::screen::focus::Focus::Dialog(crate::tui::screen::dialog::Dialog::Picker(p)) = &app.others[0].focus
    else {
        panic!("Bob's picker")
    };
    assert_eq!(p.counts.total(), 2, "his two picks kept");
    // Bob finishes: his discards are played, then Cy's, in turn order.
    keys(&mut app, 1, "ll\r");
    assert_eq!(app.table.game().phase(), Phase::Robber, "both discards played");
    assert_eq!(app.table.game().view(BOB).hand(), Hand::new([0, 0, 2, 2, 0]));
    assert_eq!(app.table.game().view(CY).hand(), Hand::new([0, 0, 0, 2, 2]));
    let by: Vec<Seat> = app
        .table
        .log
        .iter()
        .filter_map(|e| match *e {
            crate::engine::Event::Discarded { seat, .. } => Some(seat),
            _ => None,
        })
        .collect();
    assert_eq!(by, [[BOB; 4], [CY; 4]].concat(), "played in turn order");
    assert!(!app.table.ahead.given(CY), "an answer played is forgotten");
}

#[test]
fn the_host_keyboard_discards_in_its_turn_while_the_joined_seats_answer_meanwhile() {
    // Ann, at the host's keyboard, owes a discard too: she is first in the order and answers
    // there; Bob and Cy answer on theirs meanwhile, Cy first.
    let mut app = table(Hand::new([2, 2, 2, 2, 0]), 7);
    app.update(Msg::char('r'));
    assert_eq!(app.table.game().to_act(), ANN);
    assert_eq!(app.screen.mode(), Mode::Picker, "Ann discards on the host's screen");
    assert_eq!([app.others[0].mode(), app.others[1].mode()], [Mode::Picker, Mode::Picker]);
    keys(&mut app, 2, "llww\r");
    keys(&mut app, 1, "bbll\r");
    assert!(matches!(app.table.game().phase(), Phase::Discard { .. }), "Ann has still to discard");
    keys(&mut app, 0, "bbgg\r");
    assert_eq!(app.table.game().phase(), Phase::Robber, "all three played in turn order");
    assert_eq!(app.table.game().view(ANN).hand(), Hand::new([0, 2, 2, 0, 0]));
}

#[test]
fn an_offer_to_two_joined_seats_is_answered_on_both_at_once_cy_before_bob() {
    let mut app = table(Hand::new([1, 1, 1, 1, 1]), 6);
    app.update(Msg::char('r'));
    assert_eq!(app.table.game().phase(), Phase::Main);
    let to = SeatSet::default().with(BOB).with(CY);
    app.apply(vec![Action::OfferTrade { give: Hand::new([1, 0, 0, 0, 0]), get: Hand::new([0, 0, 0, 1, 0]), to }]);
    assert_eq!(app.table.game().to_act(), BOB);
    assert_eq!([app.others[0].mode(), app.others[1].mode()], [Mode::Answer, Mode::Answer], "both asked at once");
    // Cy's u takes nothing back (Ann's offer is not hers); Cy declines first; Bob's screen
    // still asks him; the host hears Cy's answer.
    keys(&mut app, 2, "u");
    assert!(says(&app, 2).contains("on your turn"), "{}", says(&app, 2));
    assert!(matches!(app.table.game().phase(), Phase::Trade { .. }), "the offer stands");
    keys(&mut app, 2, "d");
    assert!(says(&app, 0).contains("Cy declines"), "{}", says(&app, 0));
    assert!(says(&app, 1).contains("Cy declines"), "{}", says(&app, 1));
    assert_eq!(app.others[0].mode(), Mode::Answer);
    assert_eq!(app.others[1].mode(), Mode::Away);
    // Bob accepts: his answer and then Cy's are played, and Ann chooses among them.
    keys(&mut app, 1, "a");
    let Phase::Trade { answers, .. } = app.table.game().phase() else { panic!("the offer is open") };
    assert_eq!((answers[BOB.index()], answers[CY.index()]), (Answer::Accept, Answer::Decline));
    assert_eq!(app.screen.mode(), Mode::Responses, "Ann chooses her partner");
}

#[test]
fn a_counter_given_ahead_is_judged_by_the_counterers_own_hand() {
    let mut app = table(Hand::new([1, 1, 1, 1, 1]), 6);
    app.update(Msg::char('r'));
    let to = SeatSet::default().with(BOB).with(CY);
    app.apply(vec![Action::OfferTrade { give: Hand::new([1, 0, 0, 0, 0]), get: Hand::new([0, 0, 0, 1, 0]), to }]);
    // Cy holds no brick (Bob, first to answer, does): a counter giving one is refused for her
    // own hand.
    keys(&mut app, 2, "cb");
    assert_eq!(app.others[1].mode(), Mode::Composer);
    app.update_on(2, Msg::key(KeyCode::Tab));
    keys(&mut app, 2, "o\r");
    assert!(!app.table.ahead.given(CY), "{}", says(&app, 2));
    assert_eq!(app.others[1].mode(), Mode::Composer, "still composing");
    // Without the brick it is her answer, heard by all.
    app.update_on(2, Msg::key(KeyCode::Tab));
    for _ in 0..4 {
        app.update_on(2, Msg::key(KeyCode::Up));
    }
    keys(&mut app, 2, "-\r");
    assert!(app.table.ahead.given(CY), "{}", says(&app, 2));
    assert!(says(&app, 0).contains("Cy counters"), "{}", says(&app, 0));
}

/// Every screen follows the game (issue 49): a joined screen's status line says what others
/// just did, and what was done to its own seat (a robbery) stays there until its next key.
#[test]
fn each_screen_says_what_happened_and_a_robbed_seat_keeps_the_news_until_its_next_key() {
    let mut app = table(Hand::new([1, 0, 0, 0, 0]), 7);
    app.update(Msg::char('r'));
    keys(&mut app, 1, "bbll\r");
    keys(&mut app, 2, "llww\r");
    assert_eq!(app.table.game().phase(), Phase::Robber);
    app.apply(vec![Action::MoveRobber { hex: crate::engine::Hex(5), victim: Some(BOB) }]);
    assert!(says(&app, 1).contains("Ann steals 1 "), "Bob is told what he lost: {}", says(&app, 1));
    assert!(says(&app, 2).contains("Ann steals a card from Bob"), "Cy hears it: {}", says(&app, 2));
    assert!(!says(&app, 2).contains("steals 1"), "not which card: {}", says(&app, 2));
    // Ann ends her turn: Cy's line follows; Bob's keeps the robbery until he presses a key.
    app.apply(vec![Action::EndTurn]);
    assert!(says(&app, 2).contains("turn"), "Cy's line follows the game: {}", says(&app, 2));
    // His turn: his prompt shows, after the news (the status line draws both).
    let news = app.others[0].yours.clone().unwrap_or_default();
    assert!(news.contains("Ann steals 1 "), "Bob's news stays: {news}");
    let status = drawn(&app, 1);
    assert!(status.contains(&news) && status.contains("Bob: roll the dice"), "{status}");
    keys(&mut app, 1, "r");
    assert!(app.others[0].yours.is_none(), "gone after his key");
}

/// A computer player first in the order: Cy, joined, is asked at once while it thinks, and her
/// discard is played as soon as the bot's is.
#[test]
fn a_joined_seat_answers_while_a_computer_player_ahead_of_it_thinks() {
    let (bob, cy) = (Hand::new([2, 2, 2, 2, 0]), Hand::new([0, 2, 2, 2, 2]));
    let game = scenario((Hand::new([1, 0, 0, 0, 0]), cy), bob, ANN, 7);
    let seats =
        vec![SeatInfo::human("Ann"), SeatInfo::bot("Bob", crate::bots::BotLevel::Random), SeatInfo::human("Cy")];
    let mut app = App::resume(5, seats, game, Vec::new(), PLAIN);
    app.update(Msg::Resize(140, 45));
    let cy_id = app.join(CY, PLAIN);
    app.update_on(cy_id, Msg::Resize(140, 45));
    app.update(Msg::key(KeyCode::Enter));
    app.update(Msg::char('r'));
    assert_eq!(app.table.game().to_act(), BOB, "the bot discards first");
    assert_eq!(app.others[0].mode(), Mode::Picker, "Cy is asked while it thinks");
    keys(&mut app, cy_id, "llww\r");
    assert!(app.table.ahead.given(CY));
    // The bot's move, as the bots' pace plays it (a scenario has no record for the bots' own
    // loop to run on).
    for r in [crate::engine::Resource::Brick, crate::engine::Resource::Lumber] {
        let played = app.play_bot(Action::Discard(r));
        app.settle_after(played);
        let played = app.play_bot(Action::Discard(r));
        app.settle_after(played);
    }
    assert_eq!(app.table.game().phase(), Phase::Robber, "the bot's discard, then Cy's");
    assert_eq!(app.table.game().view(CY).hand(), Hand::new([0, 0, 0, 2, 2]));
}
