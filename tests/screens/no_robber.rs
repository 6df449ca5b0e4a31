//! House rules at the table (issue 16): under R45 (no robber) a 7 opens, for a person, a dialog
//! that takes one card per settlement and two per city, of the kinds the building's hexes give.

use crate::support::region::{Region, regions};
use crate::support::screen::draw_at;

use catan::engine::{Config, Game, Modules, Phase, Resource, Scenario, Seat, Vertex};
use catan::tui::{App, Focus, Msg, Theme};
use crossterm::event::KeyCode;

const ANN: Seat = Seat(0);

fn game() -> Game {
    let config = Config::with_players(3).with_modules(Modules::parse("no_robber").unwrap());
    Scenario::new(config, 1)
        .settlement(ANN, Vertex(0))
        .settlement(Seat(1), Vertex(20))
        .settlement(Seat(2), Vertex(40))
        .turn(ANN)
        .next_roll(7)
        .build()
        .unwrap()
}

/// Issue 33: Ann's settlement touches one kind of land: its card is taken at once, no dialog
/// and no step (nothing to choose); the next player's building, of two kinds, asks.
#[test]
fn r45_a_building_of_one_kind_takes_its_card_in_one_step() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(1, Some(names), Theme { color: false, ascii: false });
    app.update(Msg::Resize(100, 32));
    app.screen.viewer = Some(ANN);
    app.set_position(game());
    app.screen.focus = Focus::Idle;
    let before = app.table.game().view(ANN).hand().total();
    app.update(Msg::key(KeyCode::Char('r')));
    assert_eq!(app.table.game().view(ANN).hand().total(), before + 1, "{:?}", app.screen.message);
    assert!(matches!(app.table.game().phase(), Phase::Plenty { seat: Seat(1), .. }), "{:?}", app.table.game().phase());
}

/// Issue 33: the R45 dialog for a building of two kinds lists only those kinds, and its footer
/// offers only the keys that apply (no Esc: it can't wait; no +/-: one card).
#[test]
fn r45_a_seven_without_robber_asks_the_roller_for_a_card_of_the_buildings_kinds() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(1, Some(names), Theme { color: false, ascii: false });
    app.update(Msg::Resize(100, 32));
    app.screen.viewer = Some(ANN);
    let config = Config::with_players(3).with_modules(Modules::parse("no_robber").unwrap());
    app.set_position(
        Scenario::new(config, 1)
            .settlement(ANN, Vertex(20))
            .settlement(Seat(1), Vertex(0))
            .settlement(Seat(2), Vertex(40))
            .turn(ANN)
            .next_roll(7)
            .build()
            .unwrap(),
    );
    app.screen.focus = Focus::Idle;
    app.update(Msg::key(KeyCode::Char('r')));
    assert!(matches!(app.table.game().phase(), Phase::Plenty { seat: ANN, .. }), "{:?}", app.table.game().phase());
    let given: Vec<Resource> =
        Resource::ALL.into_iter().filter(|&r| app.table.game().is_legal(catan::engine::Action::TakeCard(r))).collect();
    assert!(given.len() >= 2, "{given:?}");
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("A 7: take cards") && screen.contains("No robber: 1 card for"), "{screen}");
    for r in Resource::ALL {
        let row = format!("{} {:<7}", r.name().chars().next().unwrap(), r.name());
        assert_eq!(screen.contains(&row), given.contains(&r), "{r} listed only if the building gives it:\n{screen}");
    }
    let footer = screen.lines().last().unwrap();
    assert!(!footer.contains("Esc") && !footer.contains("+"), "{footer}");
    insta::assert_snapshot!(regions(&mut app, 100, 32, &[Region::Dialog, Region::Footer]));
    // Esc can't put the choice off.
    app.update(Msg::key(KeyCode::Esc));
    assert!(matches!(app.table.game().phase(), Phase::Plenty { seat: ANN, .. }));
    // A kind the building gives, by its key, then Enter.
    let kind = given[1];
    let key = kind.name().chars().next().unwrap();
    app.update(Msg::key(KeyCode::Char(key)));
    app.update(Msg::key(KeyCode::Enter));
    assert_eq!(app.table.game().view(ANN).hand()[kind], 1, "{:?}", app.screen.message);
    assert!(!matches!(app.table.game().phase(), Phase::Plenty { seat: ANN, .. }));
}

#[test]
fn r45_the_game_over_table_says_nothing_of_a_robber_there_is_not() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(1, Some(names), Theme { color: false, ascii: false });
    app.update(Msg::Resize(140, 45));
    let config = Config { target: 3, ..Config::with_players(3).with_modules(Modules::parse("no_robber").unwrap()) };
    app.set_position(
        Scenario::new(config, 1)
            .settlement(ANN, Vertex(0))
            .settlement(ANN, Vertex(10))
            .settlement(Seat(1), Vertex(20))
            .settlement(Seat(2), Vertex(40))
            .hand(ANN, catan::engine::Hand::CITY)
            .turn(ANN)
            .rolled()
            .build()
            .unwrap(),
    );
    let mut game = *app.table.game();
    game.apply(catan::engine::Action::BuildCity(Vertex(0))).unwrap();
    app.set_position(game);
    assert_eq!(app.table.game().winner(), Some(ANN));
    app.screen.focus = Focus::Idle;
    let screen = draw_at(&app, 140, 45);
    assert!(screen.contains("Resources gained from the island"), "{screen}");
    assert!(!screen.contains("robber"), "{screen}");
}

/// Issue 23, R45 at the table: the hand-off before another player's picks names whose turn it
/// is; a city's two cards are picked on one dialog; the desert says nothing of a robber.
#[test]
fn r45_the_picks_of_another_player_are_handed_off_in_words_and_one_dialog_takes_a_citys_cards() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(1, Some(names), Theme { color: false, ascii: false });
    app.update(Msg::Resize(100, 32));
    let config = Config::with_players(3).with_modules(Modules::parse("no_robber").unwrap());
    app.set_position(
        Scenario::new(config, 1)
            .city(Seat(1), Vertex(20))
            .settlement(Seat(2), Vertex(40))
            .turn(ANN)
            .next_roll(7)
            .build()
            .unwrap(),
    );
    app.screen.viewer = Some(ANN);
    app.screen.focus = Focus::Idle;
    app.settle();
    app.update(Msg::key(KeyCode::Char('r')));
    assert!(
        matches!(app.table.game().phase(), Phase::Plenty { seat: Seat(1), left: 2, .. }),
        "{:?}",
        app.table.game().phase()
    );
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("a 7 with no robber, in Ann's turn: Bob takes 2 cards for a building"), "{screen}");
    assert!(!screen.contains("Bob continues the turn"), "{screen}");
    assert!(!screen.contains("ROBBER"), "no robber on the island:\n{screen}");
    app.update(Msg::key(KeyCode::Enter));
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("No robber: 2 cards for"), "{screen}");
    let kind =
        Resource::ALL.into_iter().find(|&r| app.table.game().is_legal(catan::engine::Action::TakeCard(r))).unwrap();
    let key = kind.name().chars().next().unwrap();
    // The kind's key, one more, Enter: both cards on one dialog.
    for k in [KeyCode::Char(key), KeyCode::Char('+'), KeyCode::Enter] {
        app.update(Msg::key(k));
    }
    assert_eq!(app.table.game().view(Seat(1)).hand()[kind], 2, "{:?}", app.screen.message);
    assert!(!matches!(app.table.game().phase(), Phase::Plenty { seat: Seat(1), .. }), "{:?}", app.table.game().phase());
}
