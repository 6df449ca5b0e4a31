//! The house rules at the table (issue 16), as snapshots and checks of whole screens drawn on
//! ratatui's `TestBackend`: castles on the island (their own glyph, with and without colour
//! and in ASCII), bought by key like a city, in the costs panel, the help and the game-over
//! table (R44); the round and its order (R46); the cards left in the dice stack (R47); Largest
//! Metropolis and Harbor Master in the players panel (R49, R50).

use crate::support::board::*;
use crate::support::region::{Region, region};
use crate::support::screen::{PLAIN, draw};

use catan::engine::{Action, Config, Game, Hand, Modules, Phase, Piece, Scenario, Vertex};
use catan::tui::{App, Focus, Msg, Theme};
use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

const NAMES: [&str; 4] = ["Ann", "Bob", "Cy", "Dee"];
const HOUSE: &str = "castles,rotating_first_player,dice_stack,metropolis,harbor_master";

fn config(modules: &str) -> Config {
    Config { board: catan::engine::BoardKind::Beginner, ..Config::default() }
        .with_modules(Modules::parse(modules).unwrap())
}

/// The first harbor corner of the island.
fn harbor() -> Vertex {
    (0..54).map(Vertex).find(|v| topo().harbor_vertices().contains(*v)).unwrap()
}

/// Ann's castle and city joined by roads (Largest Metropolis, 5), a settlement of hers, Bob's
/// castle on a harbor (Harbor Master, 3), and the cards for one more castle; Ann's main phase.
fn position_in(config: Config) -> Scenario {
    let t = [corner(HILLS_6, N), corner(HILLS_6, NE), corner(HILLS_6, SE)];
    scenario_with(config)
        .castle(A, t[0])
        .city(A, t[2])
        .roads(A, &t)
        .settlement(A, corner(FIELDS_6, S))
        .castle(B, harbor())
        .hand(A, Hand::CASTLE)
        .turn(A)
        .rolled()
}

/// [`position_in`] with the house rules `modules`, built.
fn position(modules: &str) -> Game {
    position_in(config(modules)).build().unwrap()
}

fn app(game: Game, theme: Theme) -> App {
    let mut app = App::new(1, Some(NAMES.map(String::from).to_vec()), theme);
    app.update(Msg::Resize(140, 45));
    app.set_position(game);
    app.screen.viewer = Some(A);
    app.screen.focus = Focus::Idle;
    // Set by hand: the screen works out what follows, as after a key.
    app.settle();
    app
}

#[test]
fn r44_to_r50_the_table_with_every_display() {
    let mut app = app(position(HOUSE), PLAIN);
    let screen = draw(&mut app, 140, 45);
    // R44: castles and a city on the island, each its own glyph.
    assert!(screen.contains("▐A▌") && screen.contains("▐B▌") && screen.contains("[A]"), "{screen}");
    // The footer offers the castle (Ann holds one of each and has a city).
    assert!(screen.contains(" k castle "), "{screen}");
    // The costs panel lists the castle, one of each resource.
    assert!(screen.contains("castle     brick 1  lumber 1  wool 1  grain 1  ore 1"), "{screen}");
    // R46: the round and its order; R47: the dice stack's count.
    assert!(screen.contains("round 1: D A B C"), "{screen}");
    assert!(screen.contains("dice stack 36 of 36"), "{screen}");
    // R49, R50: the awards in the players panel.
    assert!(screen.contains("LM") && screen.contains("HM"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn r44_castle_glyphs_differ_with_colour_without_it_and_in_ascii() {
    let v = harbor();
    for theme in [Theme { color: true, ascii: false }, PLAIN, Theme { color: false, ascii: true }] {
        let mut app = app(position(HOUSE), theme);
        let screen = draw(&mut app, 140, 45);
        let (castle, city) = if theme.ascii { ("{B}", "[A]") } else { ("▐B▌", "[A]") };
        assert!(screen.contains(castle) && screen.contains(city), "{theme:?}\n{screen}");
        assert!(!theme.ascii || screen.contains("{A}"), "{screen}");
        assert_eq!(app.table.game().building(v), Some((B, Piece::Castle)));
        if theme.color {
            // In the owner's colour, as the player's other pieces.
            let mut t = Terminal::new(TestBackend::new(140, 45)).unwrap();
            t.draw(|f| f.render_widget(&app, f.area())).unwrap();
            let buf = t.backend().buffer();
            let cell = (0..45)
                .flat_map(|y| (0..140).map(move |x| (x, y)))
                .find(|&(x, y)| buf[(x, y)].symbol() == "▐" && buf[(x + 1, y)].symbol() == "B")
                .expect("Bob's castle");
            assert_ne!(buf[(cell.0 + 1, cell.1)].fg, Color::Reset);
            assert_eq!(buf[(cell.0 + 1, cell.1)].fg, buf[cell].fg);
        }
    }
}

#[test]
fn r44_a_castle_is_bought_by_key_like_a_city() {
    let mut app = app(position(HOUSE), PLAIN);
    let city = corner(HILLS_6, SE);
    app.update(Msg::key(KeyCode::Char('k')));
    let screen = draw(&mut app, 140, 45);
    assert!(matches!(app.screen.focus, Focus::Select(_, _)), "{screen}");
    insta::assert_snapshot!("r44_choosing_a_castle", region(&mut app, 140, 45, Region::Board));
    app.update(Msg::key(KeyCode::Enter));
    assert_eq!(app.table.game().building(city), Some((A, Piece::Castle)), "{:?}", app.screen.message);
    assert_eq!(app.table.game().view(A).hand(), Hand::EMPTY);
    // No cards left: the footer no longer offers it, and the key says why.
    let screen = draw(&mut app, 140, 45);
    assert!(!screen.contains(" k castle "), "{screen}");
    app.update(Msg::key(KeyCode::Char('k')));
    assert!(app.screen.message.as_ref().is_some_and(|m| m.error), "{:?}", app.screen.message);
}

#[test]
fn r44_without_castles_no_key_no_cost_no_column() {
    let game = scenario_with(config("")).city(A, corner(HILLS_6, N)).hand(A, Hand::CASTLE).rolled().build().unwrap();
    let mut app = app(game, PLAIN);
    let screen = draw(&mut app, 140, 45);
    assert!(!screen.contains("castle"), "{screen}");
    assert!(!screen.contains("round ") && !screen.contains("dice stack"), "{screen}");
    app.update(Msg::key(KeyCode::Char('?')));
    let help = draw(&mut app, 140, 45);
    assert!(!help.contains("castle") && !help.contains("House rules"), "{help}");
}

#[test]
fn r48_the_costs_panel_follows_the_seed_costs_with_castles() {
    let mut app = app(position(&format!("{HOUSE},seed_costs")), PLAIN);
    let screen = draw(&mut app, 140, 45);
    assert!(screen.contains("settlement brick 1  lumber 1  grain 1"), "{screen}");
    assert!(screen.contains("city       grain 2  ore 2"), "{screen}");
    assert!(screen.contains("castle     brick 1  lumber 1  wool 1  grain 1  ore 1"), "{screen}");
}

#[test]
fn r46_r47_the_round_order_and_the_stack_follow_play() {
    let mut game = position(HOUSE);
    // Ann ends her turn; Bob rolls: one card fewer in the stack.
    game.apply(Action::EndTurn).unwrap();
    game.apply(Action::RollDice).unwrap();
    let mut app = app(game, PLAIN);
    app.screen.viewer = Some(B);
    let screen = draw(&mut app, 140, 45);
    assert!(screen.contains("dice stack 35 of 36"), "{screen}");
    // Round 2 starts one seat after round 1 (R46): its first player is the last.
    let mut game = *app.table.game();
    while game.turn_number() < 5 {
        match game.phase() {
            Phase::Roll => game.apply(Action::RollDice).unwrap(),
            Phase::Main => game.apply(Action::EndTurn).unwrap(),
            _ => game.apply(game.legal_actions()[0]).unwrap(),
        };
    }
    app.set_position(game);
    app.screen.viewer = Some(game.to_act());
    let screen = draw(&mut app, 140, 45);
    assert!(screen.contains("round 2: A B C D"), "{screen}");
}

#[test]
fn r44_to_r50_help_knows_every_module() {
    let mut app = app(position(&format!("{HOUSE},accelerated_start,no_robber,seed_costs")), PLAIN);
    app.update(Msg::key(KeyCode::Char('?')));
    let screen = draw(&mut app, 140, 45);
    for words in ["House rules", "castles:", "k          castle", "▐A▌ castle", "LM, Largest Metropolis", "HM, Harbor"]
    {
        assert!(screen.contains(words), "{words}\n{screen}");
    }
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Overlay));
}

#[test]
fn r44_r49_r50_the_game_over_table_counts_castles_and_awards() {
    // The position with a city for the settlement on the fields 6.
    let config = Config { target: 10, ..config(HOUSE) };
    let mut game = position_in(config).city(A, corner(FIELDS_6, S)).build().unwrap();
    // 3 + 2 + 2 and Largest Metropolis: 10 with the castle.
    assert_eq!(game.public_points(A), 10 - 1);
    let events = game.apply(Action::BuildCastle(corner(HILLS_6, SE))).unwrap();
    assert!(has_event!(events, catan::engine::Event::Won { .. }), "{events:?}");
    let mut app = app(game, PLAIN);
    app.screen.focus = Focus::Idle;
    let screen = draw(&mut app, 140, 45);
    assert!(screen.contains("castle  metro harbor"), "{screen}");
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Body));
}
