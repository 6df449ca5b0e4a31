//! What the table says when a key can't act (issue 12, "Smaller things seen"): the status
//! line names what is missing, and the prompt offers only what works.

use crate::support::screen::draw_at;

use catan::engine::{DevCard, Hand, Scenario, Seat};
use catan::tui::{App, Msg, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn app_with(game: catan::engine::Game) -> App {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(7, Some(names), Theme { color: false, ascii: false });
    app.set_position(game);
    app.screen.viewer = Some(game.to_act());
    app.update(Msg::Resize(140, 45));
    app
}

/// A game of three with Ann to act after her roll, a settlement on a corner of the island.
fn main_phase(hand: Hand) -> catan::engine::Game {
    let game = Scenario::new(catan::engine::Config::with_players(3), 7).build().unwrap();
    let v = game.topology().vertices().next().unwrap();
    let ann = game.to_act();
    Scenario::from_game(game).settlement(ann, v).hand(ann, hand).rolled().build().unwrap()
}

#[test]
fn a_city_without_the_cards_says_what_is_missing() {
    let mut app = app_with(main_phase(Hand::new([1, 0, 0, 1, 0])));
    app.update(Msg::char('c'));
    let message = app.screen.message.clone().expect("a message");
    assert!(message.error);
    assert_eq!(message.text, "a city costs 2 grain, 3 ore; you have 1 grain, 0 ore");

    // The same words when the engine refuses a purchase.
    app.update(Msg::char('d'));
    assert_eq!(
        app.screen.message.unwrap().text,
        "a development card costs 1 wool, 1 grain, 1 ore; you have 0 wool, 1 grain, 0 ore"
    );
}

#[test]
fn a_city_with_the_cards_but_no_settlement_names_the_rule() {
    let game = main_phase(Hand::new([0, 0, 0, 2, 3]));
    let ann = game.to_act();
    let v = game.settlements(ann).next().unwrap();
    // Her settlement already a city: the cards are there, the place is not.
    let game = Scenario::from_game(game).city(ann, v).build().unwrap();
    let mut app = app_with(game);
    app.update(Msg::char('c'));
    let text = app.screen.message.unwrap().text;
    assert!(text.starts_with("there is no place for a city now"), "{text}");
}

#[test]
fn the_roll_prompt_offers_a_card_only_when_one_can_be_played() {
    let game = Scenario::new(catan::engine::Config::with_players(3), 7).build().unwrap();
    let app = app_with(game);
    let s = draw_at(&app, 140, 45);
    assert!(s.contains(": roll the dice (r)"), "{s}");
    assert!(!s.contains("play a card first"), "no card to play: {s}");

    let ann: Seat = game.to_act();
    let app = app_with(Scenario::from_game(game).dev(ann, DevCard::Knight).build().unwrap());
    assert!(draw_at(&app, 140, 45).contains("roll the dice (r), or play a card first (p)"));
}

/// At the smallest size the game draws, the help still shows every section, the island's
/// symbols included, and the bank panel the whole roll.
#[test]
fn at_96_by_28_the_help_and_the_last_roll_are_whole() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(42, Some(names), Theme { color: false, ascii: false });
    app.update(Msg::Resize(96, 28));
    app.update(Msg::char('?'));
    let draw = |app: &App| {
        let mut terminal = Terminal::new(TestBackend::new(96, 28)).unwrap();
        terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
        crate::support::screen::view(terminal.backend().buffer())
    };
    let s = draw(&app);
    for part in ["Anywhere", "Your turn", "Choosing a place", "Dialogs", "Naming a save", "Costs", "On the island"] {
        assert!(s.contains(part), "{part} is missing:\n{s}");
    }
    assert!(s.contains("harbors") && s.contains("ore"), "the last lines too:\n{s}");

    let game = Scenario::new(catan::engine::Config::with_players(3), 7).build().unwrap();
    let mut app = app_with(game);
    app.update(Msg::Resize(96, 28));
    app.update(Msg::char('r'));
    let s = draw(&app);
    let [a, b] = app.table.game().dice().expect("rolled");
    assert!(s.contains(&format!("[{a}][{b}] = {}", a + b)), "the roll's total shows:\n{s}");
}

/// Issue 15: while choosing a place, the status line says what is under the cursor: a corner's
/// hexes and pips, a path's road length, and for the robber whom a hex blocks and who can be
/// robbed there.
#[test]
fn the_place_under_the_cursor_is_described() {
    use catan::engine::{Action, BoardKind, Config, Hex};
    let mut app =
        App::new(7, Some(["Ann", "Bob", "Cy"].map(String::from).to_vec()), Theme { color: false, ascii: false });
    app.update(Msg::Resize(140, 45));
    app.update(Msg::Key(crossterm::event::KeyEvent::from(crossterm::event::KeyCode::Enter)));
    // The status line sits just above the footer (the line ending in "q quit").
    let status = |app: &App| {
        let text = draw_at(app, 140, 45);
        let lines: Vec<&str> = text.lines().collect();
        let footer = lines.iter().position(|l| l.trim_end().ends_with("q quit")).expect("a footer");
        lines[footer - 1].to_string()
    };
    let line = status(&app);
    assert!(line.contains(" pips — ") || line.contains(" pip — "), "{line}\n{}", draw_at(&app, 140, 45));

    let config = Config { board: BoardKind::Beginner, ..Config::with_players(3) };
    let game = Scenario::new(config, 1).turn(Seat(0)).build().unwrap();
    let forest = Hex(8);
    let v = game.topology().hex_vertices(forest)[0];
    let game = Scenario::from_game(game)
        .settlement(Seat(1), v)
        .hand(Seat(1), Hand::new([1, 0, 0, 0, 0]))
        .next_roll(7)
        .build()
        .unwrap();
    let mut app = app_with(game);
    app.apply(vec![Action::RollDice]);
    let mut seen = Vec::new();
    for _ in 0..20 {
        let line = status(&app);
        if line.contains("the 11 lumber · blocks Bob's settlement · can rob Bob") {
            return;
        }
        seen.push(line);
        app.update(Msg::Key(crossterm::event::KeyEvent::from(crossterm::event::KeyCode::Tab)));
    }
    panic!("the robber's hex was never described: {seen:#?}");
}
