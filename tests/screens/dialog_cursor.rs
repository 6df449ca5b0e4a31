//! Where a dialog's cursor starts (issue 15, "At the table"): on something the player can use.

use crate::support::screen::{PLAIN, text};
use catan::engine::{Action, Config, DevCard, Game, Hand, Scenario, Seat, SeatSet};
use catan::save::SeatInfo;
use catan::tui::{App, Dialog, Focus, Msg};

/// An app showing `game`, the player to act having taken the keyboard.
fn app_for(game: Game) -> App {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::resume(7, SeatInfo::humans(names), game, Vec::new(), PLAIN);
    app.update(Msg::Resize(140, 45));
    assert!(app.screen.handoff().is_some(), "the player to act takes the keyboard first");
    app.update(Msg::key(crossterm::event::KeyCode::Enter));
    app
}

#[test]
fn the_answers_list_starts_on_the_first_player_who_accepted_or_countered() {
    let game = Scenario::new(Config::with_players(3), 7).build().unwrap();
    let me = game.to_act();
    let mut scenario = Scenario::from_game(game).rolled();
    for s in game.seats() {
        scenario = scenario.hand(s, Hand::new([1, 1, 1, 1, 1]));
    }
    let mut game = scenario.build().unwrap();
    let give = Hand::new([1, 0, 0, 0, 0]);
    let get = Hand::new([0, 0, 0, 0, 1]);
    game.apply(Action::OfferTrade { give, get, to: SeatSet::all(3).without(me) }).unwrap();
    // The first asked declines, the second accepts.
    game.apply(Action::DeclineTrade).unwrap();
    let accepter: Seat = game.to_act();
    game.apply(Action::AcceptTrade).unwrap();
    assert_eq!(game.to_act(), me, "every answer is in");

    let app = app_for(game);
    let Focus::Dialog(Dialog::Responses { row, .. }) = app.screen.focus else {
        panic!("the answers: {:?}", app.screen.focus)
    };
    assert_eq!(row, Some(1), "the cursor is on {accepter:?}, the only one who accepted, not on the one who declined");
}

#[test]
fn the_card_dialog_opens_on_a_card_the_player_can_play() {
    let game = Scenario::new(Config::with_players(3), 7).build().unwrap();
    let me = game.to_act();
    let game = Scenario::from_game(game).dev(me, DevCard::Monopoly).rolled().build().unwrap();
    let mut app = app_for(game);
    app.update(Msg::char('p'));
    // Rows: knight, road building, year of plenty, monopoly, victory point.
    assert_eq!(app.screen.focus, Focus::Dialog(Dialog::Cards { row: Some(3) }), "on the monopoly card, the one held");
}

/// Issue 15: "The monopoly dialog has no meaningless count column". The bank's counts say
/// nothing about what the other players hold, which is what a monopoly takes.
#[test]
fn the_monopoly_dialog_has_no_count_column() {
    let game = Scenario::new(Config::with_players(3), 7).build().unwrap();
    let me = game.to_act();
    let game = Scenario::from_game(game).dev(me, DevCard::Monopoly).rolled().build().unwrap();
    let mut app = app_for(game);
    app.update(Msg::char('p'));
    app.update(Msg::key(crossterm::event::KeyCode::Enter));
    let rows: Vec<String> = text(&app).lines().map(String::from).collect();
    let header = rows.iter().position(|r| r.contains("Name a resource")).expect("the monopoly dialog") + 1;
    assert!(rows[header].contains("name"), "{}", rows[header]);
    assert!(!rows[header].contains("bank"), "no bank column: {}", rows[header]);
    let brick = &rows[header + 1];
    let dialog_part = &brick[..brick.find("brick").unwrap() + 30];
    assert!(!dialog_part.contains("19"), "no count beside the resource: {brick}");
}

/// Issue 15: road building says "road 1 of 2".
#[test]
fn road_building_says_which_road_of_how_many() {
    let game = Scenario::new(Config::with_players(3), 7).build().unwrap();
    let me = game.to_act();
    let v = game.topology().vertices().next().unwrap();
    let game = Scenario::from_game(game).settlement(me, v).dev(me, DevCard::RoadBuilding).rolled().build().unwrap();
    let mut app = app_for(game);
    app.update(Msg::char('p'));
    app.update(Msg::key(crossterm::event::KeyCode::Enter));
    assert!(text(&app).contains("Ann places free road 1 of 2"), "{}", text(&app));
    app.update(Msg::key(crossterm::event::KeyCode::Enter));
    assert!(text(&app).contains("Ann places free road 2 of 2"), "{}", text(&app));
}

/// Issue 34: R31's counter says what the card really gives: with one path open (A's settlement
/// on the top coast, B's roads holding the other path and both beyond), "road 1 of 1".
#[test]
fn road_building_with_one_open_path_says_one_road() {
    use crate::support::board::{MOUNTAINS_10, N, PASTURE_2, corner, side};
    use catan::engine::{BoardKind, Side};
    let config = Config { board: BoardKind::Beginner, ..Config::with_players(3) };
    let (a, b) = (Seat(0), Seat(1));
    let game = Scenario::new(config, 1)
        .turn(a)
        .settlement(a, corner(MOUNTAINS_10, N))
        .road(b, side(MOUNTAINS_10, Side::NW))
        .road(b, side(PASTURE_2, Side::NW))
        .road(b, side(MOUNTAINS_10, Side::E))
        .dev(a, DevCard::RoadBuilding)
        .rolled()
        .build()
        .unwrap();
    let mut app = app_for(game);
    app.update(Msg::char('p'));
    app.update(Msg::key(crossterm::event::KeyCode::Enter));
    assert!(text(&app).contains("Ann places free road 1 of 1"), "{}", text(&app));
    assert!(!text(&app).contains("of 2"), "{}", text(&app));
}

/// The width of the box whose title starts with `title`, and the screen.
fn box_width(app: &App, title: &str) -> (usize, String) {
    let s = text(app);
    let row = s.lines().find(|r| r.contains(title)).unwrap_or_else(|| panic!("no {title} box:\n{s}"));
    let start = row.find(title).unwrap();
    let chars: Vec<char> = row[start..].chars().collect();
    let end = chars.iter().position(|&c| c == '╮').expect("the box's corner");
    (end, s)
}

/// Issue 15: "Dialogs keep their width while their message changes" (and a long message
/// wraps inside, whole).
#[test]
fn the_trade_dialog_keeps_its_width_while_its_message_changes() {
    let game = Scenario::new(Config::with_players(3), 7).build().unwrap();
    let me = game.to_act();
    let game = Scenario::from_game(game).hand(me, Hand::new([2, 0, 0, 0, 1])).rolled().build().unwrap();
    let mut app = app_for(game);
    app.update(Msg::char('t'));
    let (empty, s) = box_width(&app, "╭ Trade offer");
    // Issue 23: a fresh offer says how to fill it in, not an error.
    assert!(s.contains("a resource's key puts one on your side") && !s.contains('✗'), "the hint shows:\n{s}");
    // A brick for a lumber, by the resources' own keys.
    app.update(Msg::char('b'));
    app.update(Msg::key(crossterm::event::KeyCode::Tab));
    app.update(Msg::char('l'));
    let (ready, s) = box_width(&app, "╭ Trade offer");
    assert!(s.contains("ok: Enter sends the offer"), "now it can be sent:\n{s}");
    assert_eq!(empty, ready, "the same width with either message");
}

/// Issue 15: "Bank and harbor trades show every rate the player has and pick the best by
/// default."
#[test]
fn the_bank_trade_shows_every_rate_and_starts_on_the_best() {
    use catan::engine::{HarborKind, Resource};
    let game = Scenario::new(Config::with_players(3), 7).build().unwrap();
    let me = game.to_act();
    let (v, r) = game
        .topology()
        .vertices()
        .find_map(|v| match game.board().harbor_at(v) {
            Some(HarborKind::Special(r)) => Some((v, r)),
            _ => None,
        })
        .expect("a 2:1 harbor");
    // Four bricks (or lumber) at 4:1, and two of the harbor's resource at 2:1.
    let other = if r == Resource::Brick { Resource::Lumber } else { Resource::Brick };
    let mut hand = Hand::default();
    hand[other] = 4;
    hand[r] = 2;
    let game = Scenario::from_game(game).settlement(me, v).hand(me, hand).rolled().build().unwrap();
    let mut app = app_for(game);
    app.update(Msg::char('m'));
    let Focus::Dialog(Dialog::Maritime { give, .. }) = app.screen.focus else { panic!("{:?}", app.screen.focus) };
    assert_eq!(Resource::ALL[give], r, "the 2:1 trade comes first");
    let s = text(&app);
    assert!(s.contains(&format!("Your rates: 4:1 any · 2:1 {r}")), "{s}");

    // Without a harbor, among equal rates, the resource held most.
    let game = Scenario::new(Config::with_players(3), 7).build().unwrap();
    let game = Scenario::from_game(game).hand(me, Hand::new([4, 0, 5, 0, 0])).rolled().build().unwrap();
    let mut app = app_for(game);
    app.update(Msg::char('m'));
    assert!(
        matches!(app.screen.focus, Focus::Dialog(Dialog::Maritime { give: 2, .. })),
        "wool: {:?}",
        app.screen.focus
    );
}

/// H5: with two cards that can be played, the menu opens with neither chosen; Enter then plays
/// nothing and says how to name one; ↓ names the first and Enter plays it.
#[test]
fn h5_the_card_menu_chooses_no_card_among_several_and_enter_plays_nothing() {
    use crate::support::region::{Region, region};
    let game = Scenario::new(Config::with_players(3), 7).build().unwrap();
    let me = game.to_act();
    let game = Scenario::from_game(game).dev(me, DevCard::Knight).dev(me, DevCard::Monopoly).rolled().build().unwrap();
    let mut app = app_for(game);
    app.update(Msg::char('p'));
    assert_eq!(app.screen.focus, Focus::Dialog(Dialog::Cards { row: None }), "no card chosen for the player");
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Dialog));
    let before = *app.table.game();
    app.update(Msg::key(crossterm::event::KeyCode::Enter));
    assert_eq!(*app.table.game(), before, "Enter on the fresh menu plays nothing");
    let said = app.screen.message.clone().expect("Enter says what to do");
    assert!(!said.error && said.text.contains("name a card first"), "{}", said.text);
    assert_eq!(app.screen.focus, Focus::Dialog(Dialog::Cards { row: None }), "the menu stays open");
    app.update(Msg::key(crossterm::event::KeyCode::Down));
    assert_eq!(app.screen.focus, Focus::Dialog(Dialog::Cards { row: Some(0) }), "↓ names the knight");
    app.update(Msg::key(crossterm::event::KeyCode::Enter));
    assert!(app.table.game().dev_card_played(), "Enter plays the card named");
}
