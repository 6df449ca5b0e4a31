//! Trading in few keys (issue 15): the resources' own keys (b l w g o) in every dialog, a
//! one-for-one offer in five keys from `t` to sent, and the answer on one screen after the
//! hand-off: the offer, the answering player's own hand and the keys.

mod screen_text;

use screen_text::{app_with, draw_at};

use catan::engine::{Config, Game, Hand, Phase, Resource, Scenario, Seat, Vertex};
use catan::tui::{App, Msg};
use crossterm::event::KeyCode;

const ANN: Seat = Seat(0);
const BOB: Seat = Seat(1);

/// Ann holds 2 lumber and Bob 1 brick and 2 wool, after Ann's roll.
fn game() -> Game {
    Scenario::new(Config::with_players(3), 1)
        .settlement(ANN, Vertex(0))
        .settlement(BOB, Vertex(20))
        .settlement(Seat(2), Vertex(40))
        .turn(ANN)
        .hand(ANN, Hand::new([0, 2, 0, 0, 0]))
        .hand(BOB, Hand::new([1, 0, 2, 0, 0]))
        .rolled()
        .build()
        .unwrap()
}

/// Presses keys, counting them.
fn press(app: &mut App, keys: &[KeyCode]) -> usize {
    for &k in keys {
        app.update(Msg::key(k));
    }
    keys.len()
}

#[test]
fn a_one_for_one_offer_takes_five_keys_and_the_answer_is_one_screen() {
    let mut app = app_with(game());
    use KeyCode::{Char, Enter, Tab};
    let keys = press(&mut app, &[Char('t'), Char('l'), Tab, Char('b'), Enter]);
    assert_eq!(keys, 5);
    let Phase::Trade { give, get, .. } = app.game.phase() else { panic!("no offer: {:?}", app.message) };
    assert_eq!((give[Resource::Lumber], get[Resource::Brick]), (1, 1));
    assert_eq!(app.handoff(), Some(BOB));
    press(&mut app, &[Enter]);
    let screen = draw_at(&app, 100, 32);
    for text in ["you get:  1 lumber", "you give: 1 brick", "you hold: 1 brick, 2 wool", "a accepts"] {
        assert!(screen.contains(text), "{text:?} on the answer screen:\n{screen}");
    }
    insta::assert_snapshot!(screen);
}

#[test]
fn the_composer_shows_each_resource_key() {
    let mut app = app_with(game());
    press(&mut app, &[KeyCode::Char('t'), KeyCode::Char('l')]);
    insta::assert_snapshot!(draw_at(&app, 100, 32));
}
