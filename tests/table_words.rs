//! Issue 23, "Smaller things seen": each text fix checked on the screen drawn (ratatui's
//! TestBackend), as a person would read it.

mod screen_text;

use screen_text::{app_with, draw, draw_at, press};

use catan::bots::BotLevel;
use catan::engine::{Config, Hand, Modules, Phase, Scenario, Seat, Vertex};
use catan::save::SeatInfo;
use catan::tui::{App, Focus, Msg, Theme};

const ANN: Seat = Seat(0);
const BOB: Seat = Seat(1);

/// R41: the second set-up placement is a city, and the prompts say so.
#[test]
fn r41_accelerated_start_names_the_city_of_the_second_placement() {
    let names = ["Ann", "Bob"].map(String::from).to_vec();
    let rules = Config::default().with_modules(Modules::parse("accelerated_start").unwrap());
    let mut app = App::with_rules(3, Some(names), Theme { color: false, ascii: false }, rules);
    app.update(Msg::Resize(100, 32));
    while !matches!(app.game.phase(), Phase::Setup { round: 1, .. }) {
        press(&mut app, "Enter");
    }
    let header = draw_at(&app, 100, 32);
    assert!(header.contains("places a city"), "{header}");
    if app.handoff().is_some() {
        assert!(header.contains("places a city (second placement)"), "{header}");
        press(&mut app, "Enter");
    }
    // The status line shows the prompt once the last move's words are gone.
    app.message = None;
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("place your city (second placement)"), "{screen}");
    assert!(!screen.contains("second settlement"), "{screen}");
    press(&mut app, "Enter");
    app.message = None;
    assert!(draw_at(&app, 100, 32).contains("a road touching that city"));
}

/// "(1 card)", never "(1 cards)"; a fresh trade dialog shows no error; the ▶ marker reads
/// without colour.
#[test]
fn one_card_is_singular_and_a_fresh_offer_is_no_error() {
    let game = Scenario::new(Config::with_players(3), 1)
        .settlement(ANN, Vertex(0))
        .settlement(BOB, Vertex(20))
        .settlement(Seat(2), Vertex(40))
        .turn(ANN)
        .hand(ANN, Hand::new([1, 1, 0, 0, 0]))
        .hand(BOB, Hand::new([1, 0, 0, 0, 0]))
        .rolled()
        .build()
        .unwrap();
    let mut app = app_with(game);
    press(&mut app, "t");
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("B Bob (1 card)"), "{screen}");
    assert!(!screen.contains("cards)") || !screen.contains("(1 cards)"), "{screen}");
    assert!(!screen.contains('✗'), "a fresh offer shows no error:\n{screen}");
    assert!(screen.contains("a resource's key puts one on your side"), "{screen}");
    for _ in 0..5 {
        press(&mut app, "Down");
    }
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("▶ [x] B Bob"), "the marker beside the chosen row:\n{screen}");
}

/// At 96 x 28 a bot's level stays beside its whole name: "D Dirk (h)", never "D… (hard)".
#[test]
fn a_bots_name_stays_whole_at_the_smallest_terminal() {
    let seats = vec![
        SeatInfo::human("Ann"),
        SeatInfo::human("Bob"),
        SeatInfo::human("Cy"),
        SeatInfo::bot("Dirk", BotLevel::Hard),
    ];
    let mut app = App::with_seats(1, Some(seats), Theme { color: false, ascii: false }, Config::default());
    let screen = draw(&mut app, 96, 28);
    assert!(!screen.contains("D… (hard)"), "{screen}");
    assert!(screen.contains("D Dirk (h"), "{screen}");
}

/// The robber's status line counts one player's buildings of a kind: "Bob's 2 settlements".
#[test]
fn the_robbers_hex_counts_buildings_instead_of_repeating_them() {
    let topo = catan::engine::MapId::Standard.topology();
    let hex = catan::engine::Hex(9);
    let corners = topo.hex_vertices(hex);
    let game = Scenario::new(Config::with_players(3), 1)
        .settlement(ANN, Vertex(53))
        .settlement(BOB, corners[0])
        .settlement(BOB, corners[3])
        .turn(ANN)
        .build()
        .unwrap();
    let mut app = app_with(game);
    app.game = Scenario::from_game(app.game).build().unwrap();
    // Move the robber from a knight-free start: the robber's selection, cursor on the hex.
    let mut sel = catan::tui::Selection::new(&app.game, catan::tui::Purpose::Robber, None, false);
    sel.cursor = catan::tui::Target::Hex(hex);
    app.focus = Focus::Select(sel);
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("blocks Bob's 2 settlements"), "{screen}");
    assert!(!screen.contains("Bob's settlement, Bob's settlement"), "{screen}");
}
