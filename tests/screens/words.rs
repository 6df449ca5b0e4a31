//! Issue 23 at the table, at the level of the app: each of the "smaller things seen" checked
//! on the screen drawn (ratatui's TestBackend), as a person would read it, and the count of
//! hand-offs in twelve turns of six people.

use crate::support::screen::{app_with, draw, draw_at, press};

use catan::bots::BotLevel;
use catan::engine::{Config, Hand, Modules, Phase, Scenario, Seat, Vertex};
use catan::save::SeatInfo;
use catan::tui::keymap::Mode;
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
    while !matches!(app.table.game().phase(), Phase::Setup { round: 1, .. }) {
        press(&mut app, "Enter");
    }
    let header = draw_at(&app, 100, 32);
    assert!(header.contains("places a city"), "{header}");
    if app.screen.handoff().is_some() {
        assert!(header.contains("places a city (second placement)"), "{header}");
        press(&mut app, "Enter");
    }
    // The status line shows the prompt once the last move's words are gone.
    app.screen.message = None;
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("place your city (second placement)"), "{screen}");
    assert!(!screen.contains("second settlement"), "{screen}");
    press(&mut app, "Enter");
    app.screen.message = None;
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
    app.set_position(Scenario::from_game(*app.table.game()).build().unwrap());
    // Move the robber from a knight-free start: the robber's selection, cursor on the hex.
    let mut sel = catan::tui::Selection::new(app.table.game(), catan::tui::Purpose::Robber, None, false);
    sel.cursor = catan::tui::Target::Hex(hex);
    app.screen.focus = Focus::Select(sel, None);
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("blocks Bob's 2 settlements"), "{screen}");
    assert!(!screen.contains("Bob's settlement, Bob's settlement"), "{screen}");
}

/// How often the keyboard passes at a table of six people. Twelve turns of a six-person game,
/// the same seed and the same choices (set-up at the cursor, roll, discard and rob by the first
/// choices, end the turn, nobody builds in the Special Building Phase): the hand-offs are
/// counted, and so are the Special Building moments the front end passed without one (each was
/// a hand-off before issue 23). The README quotes the numbers.
#[test]
fn twelve_turns_of_six_people_pass_the_keyboard_only_to_who_acts() {
    let names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"].map(String::from).to_vec();
    let mut app = App::new(7, Some(names), Theme { color: false, ascii: false });
    app.update(Msg::Resize(140, 45));
    let (mut handoffs, mut questions, mut was) = (0, 0, None);
    let mut moments = 0;
    for _ in 0..5000 {
        if app.table.game().turn_number() > 12 || app.table.game().is_over() {
            break;
        }
        let now = app.screen.handoff();
        if now.is_some() && now != was {
            handoffs += 1;
        }
        was = now;
        let before = app.table.log.len();
        match app.screen.mode() {
            Mode::Handoff => press(&mut app, "Enter"),
            Mode::Builders => {
                questions += 1;
                press(&mut app, "Enter");
            }
            Mode::Select if app.table.game().phase() == Phase::Robber => press(&mut app, "Tab Enter"),
            Mode::Select | Mode::Victim => press(&mut app, "Enter"),
            Mode::Picker => press(&mut app, "+ j + j + j + j + j Enter"),
            Mode::Turn if app.table.game().phase() == Phase::Roll => press(&mut app, "r"),
            Mode::Turn => press(&mut app, "e"),
            other => panic!("{other:?}"),
        }
        moments += app.table.log[before..]
            .iter()
            .filter(|e| matches!(e, catan::engine::Event::SpecialBuilding { .. }))
            .count();
    }
    assert_eq!(app.table.game().turn_number(), 13);
    let before = handoffs + moments;
    eprintln!("12 turns of six people: {handoffs} hand-offs and {questions} shared questions (before: {before})");
    assert_eq!(moments, 12 * 5, "five Special Building moments a turn, none a hand-off");
    assert!(handoffs <= 12 + 11 + 12, "set-up, each turn, and a few discards: {handoffs}");
}
