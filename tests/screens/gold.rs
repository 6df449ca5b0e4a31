//! Gold and the dragon at the table (issue 16, R42, R43): the island's gold hexes read with
//! colour, without (`NO_COLOR`) and in `--ascii`; the hand and bank count gold, the bank panel
//! counts the gold toward the dragon's next attack; the bank-trade dialog offers 2 gold for a
//! resource; the dragon's attack is a log line and a status line everyone sees.

use crate::support::region::{Region, region, regions};
use crate::support::screen::draw_at;
use catan::engine::{BoardKind, Config, Event, Hand, Modules, Phase, Resource, Scenario, Seat, Vertex};
use catan::tui::{App, Focus, Msg, Theme};
use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

const ANN: Seat = Seat(0);

fn config() -> Config {
    Config { board: BoardKind::Beginner, ..Config::with_players(3) }
        .with_modules(Modules::parse("gold,dragon").unwrap())
}

/// Ann's turn after the roll on the beginner island with gold (the pasture 2, forest 9 and
/// fields 12 turned to gold), Ann holding 3 gold and a brick, 4 gold counted toward the dragon.
fn app(theme: Theme) -> App {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::with_rules(1, Some(names), theme, config());
    app.update(Msg::Resize(140, 45));
    app.screen.viewer = Some(ANN);
    let mut gold = Hand::of(Resource::Gold, 3);
    gold[Resource::Brick] = 1;
    app.set_position(
        Scenario::new(config(), 1)
            .settlement(ANN, Vertex(0))
            .settlement(Seat(1), Vertex(20))
            .settlement(Seat(2), Vertex(40))
            .hand(ANN, gold)
            .dragon_gold(4)
            .turn(ANN)
            .rolled()
            .build()
            .unwrap(),
    );
    app.screen.start = None;
    app.screen.focus = Focus::Idle;
    app
}

fn draw(app: &App) -> String {
    draw_at(app, 140, 45)
}

#[test]
fn r42_gold_hexes_hand_and_bank_without_colour() {
    let mut table = app(Theme { color: false, ascii: false });
    let screen = draw(&table);
    assert!(screen.matches("gold").count() >= 3 + 2, "{screen}");
    assert!(screen.contains("gold 3"), "the hand counts gold: {screen}");
    assert!(screen.contains("gold 16"), "the bank counts gold: {screen}");
    assert!(screen.contains("dragon: 4 of 7 gold"), "{screen}");
    // The gold hexes on the island, the hand and the bank beside it.
    insta::assert_snapshot!(regions(&mut table, 140, 45, &[Region::Board, Region::Side]));
}

#[test]
fn r42_gold_hexes_in_ascii() {
    let mut table = app(Theme { color: false, ascii: true });
    let screen = draw(&table);
    assert!(screen.is_ascii());
    assert!(screen.matches("gold").count() >= 3, "{screen}");
    insta::assert_snapshot!(region(&mut table, 140, 45, Region::Board));
}

#[test]
fn r42_gold_hexes_have_their_own_colour() {
    let app = app(Theme { color: true, ascii: false });
    let mut terminal = Terminal::new(TestBackend::new(140, 45)).unwrap();
    terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    let text = crate::support::screen::view(buf);
    // Every "gold" on the island is drawn in gold's colour, which no other terrain uses.
    let mut gold_cells = 0;
    for (y, line) in text.lines().enumerate().take(buf.area.height as usize) {
        for (x, _) in line.match_indices("gold") {
            let x = line[..x].chars().count() as u16;
            if buf[(x, y as u16)].fg == Color::LightYellow {
                gold_cells += 1;
            }
        }
    }
    assert!(gold_cells >= 3, "{gold_cells} gold words in gold's colour");
}

#[test]
fn r42_the_bank_trade_dialog_gives_2_gold_for_a_resource() {
    let mut app = app(Theme { color: false, ascii: false });
    assert!(app.scene().enabled(catan::tui::keymap::Cmd::Maritime), "the bank key shows with only gold to trade");
    app.update(Msg::key(KeyCode::Char('m')));
    let screen = draw(&app);
    assert!(screen.contains("2 gold for 1 any") && screen.contains("Enter gives 2 gold for 1"), "{screen}");
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Dialog));
    // Gold's key is $; the resource got is picked on the right, then Enter.
    app.update(Msg::key(KeyCode::Char('$')));
    app.update(Msg::key(KeyCode::Tab));
    app.update(Msg::key(KeyCode::Char('o')));
    app.update(Msg::key(KeyCode::Enter));
    let hand = app.table.game().view(ANN).hand();
    assert_eq!((hand[Resource::Gold], hand[Resource::Ore]), (1, 1), "{:?}", app.screen.message);
}

#[test]
fn r43_the_dragon_attack_is_a_log_line_and_the_status() {
    let mut app = app(Theme { color: false, ascii: false });
    // Bob leads with a city; Ann's settlement on the forest 9 turned gold pays the 7th gold.
    let topo = app.table.game().topology();
    let site = topo.hex_vertices(catan::engine::Hex(2))[0];
    let taken = [Vertex(0), Vertex(20), Vertex(40), site];
    let far =
        topo.vertices().find(|&v| taken.iter().all(|&t| t != v && !topo.vertex_neighbor_set(t).contains(v))).unwrap();
    let scenario = Scenario::from_game(*app.table.game())
        .settlement(ANN, site)
        .city(Seat(1), Vertex(20))
        .city(Seat(2), Vertex(40))
        .settlement(Seat(1), far);
    roll_into_the_dragon(&mut app, scenario);
    assert_eq!(app.table.game().phase(), Phase::Main);
    let screen = draw(&app);
    assert!(screen.contains("the dragon attacks Bob: a city becomes a settlement"), "{screen}");
    let status = app.screen.message.as_ref().map(|m| m.text.clone()).unwrap_or_default();
    assert!(status.contains("the dragon attacks Bob"), "{status}");
    assert!(screen.contains("dragon: 0 of 7 gold"), "{screen}");
}

#[test]
fn r43_the_game_over_table_counts_the_dragons_hits() {
    let mut app = app(Theme { color: false, ascii: false });
    let topo = app.table.game().topology();
    let site = topo.hex_vertices(catan::engine::Hex(2))[0];
    let config = Config { target: 3, ..config() };
    // As above, on a game to 3 points: the roll's 7th gold knocks Bob's city down (Ann has as
    // many points, Bob more cards), then Ann's city makes her 3.
    let scenario = Scenario::new(config, 1)
        .settlement(ANN, Vertex(0))
        .settlement(ANN, site)
        .city(Seat(1), Vertex(20))
        .settlement(Seat(2), Vertex(40))
        .hand(Seat(1), Hand::CITY);
    roll_into_the_dragon(&mut app, scenario);
    app.set_position(Scenario::from_game(*app.table.game()).hand(ANN, Hand::CITY).build().unwrap());
    let mut game = *app.table.game();
    game.apply(catan::engine::Action::BuildCity(Vertex(0))).unwrap();
    app.set_position(game);
    assert_eq!(app.table.game().winner(), Some(ANN));
    app.screen.focus = Focus::Idle;
    let screen = draw(&app);
    assert!(screen.contains("lost to the robber: 0 stolen, 0 discarded · hit by the dragon: 1 building "), "{screen}");
    assert!(screen.contains("hit by the dragon: 0 buildings"), "{screen}");
}

/// Ann rolls 9 with 6 gold counted toward the dragon: her settlement on the forest 9 turned gold
/// pays the 7th, and the dragon attacks Bob, who leads.
fn roll_into_the_dragon(app: &mut App, scenario: Scenario) {
    app.set_position(scenario.dragon_gold(6).turn(ANN).next_roll(9).build().unwrap());
    app.update(Msg::key(KeyCode::Char('r')));
    let attacked = app.table.log.iter().any(|e| matches!(e, Event::DragonAttacked { seat: Seat(1), .. }));
    assert!(attacked, "{:?}", app.table.log);
}
