//! Snapshot tests of screens: the app is driven by key messages, as a player would, and drawn
//! on ratatui's in-memory `TestBackend` (the way gitui tests its views). Each snapshot shows
//! the characters and, below them, the cells in reverse video (the cursor and highlights),
//! since those carry meaning without colour.
//!
//! A feature's test snapshots only its part of the screen (`support::region`: the header, the
//! board, the side panels, the status line and footer, a dialog, a shared screen, an overlay,
//! the game-over body, the too-small notice), so a change of the
//! header or a panel moves the few whole screens below and not every feature's snapshot. The
//! whole-screen goldens kept, one for each kind of screen a player meets, so that how the
//! parts sit together is still seen:
//! - `first_setup_placement` (here): set-up, a corner being chosen, 100 x 32;
//! - `discard_dialog` (here): a dialog over the island during a discard;
//! - `robber_screen` (here): the robber's hex being chosen after a seven;
//! - `game_over_screen` (here): the game-over table;
//! - `house::r44_to_r50_the_table_with_every_display`: a main turn with every panel's display;
//! - `trade::a_one_for_one_trade_among_three_people_takes_twelve_keys_and_one_pass`: the
//!   shared offer screen everyone reads;
//! - `six::six_players_main_screen`: six players on the 5-6 island at 140 x 45;
//! - `sea::r51_the_archipelago_at_140_by_45`: the archipelago and its sea;
//! - `unit_keys::r56_the_fight_shows_both_dice_the_modifiers_and_what_changed`: the war's fight;
//! - tests/start_screen.rs, `the_start_screen_seats_people_and_bots_with_their_levels`: the
//!   start screen at its smallest, the form beside nothing;
//! - tests/replay_screens.rs, all three (the deal, a steal, the last step): the replay
//!   viewer has its own layout, which `support::region` does not cut.
//!
//! One test binary, so a release build links it once: the table here, and a module each for
//! the board and its harbors, dialogs and where their cursor starts, gold, the house rules and
//! the no-robber dialog, the archipelago, five and six players, trades, and what the table says
//! (its messages and its words).

#[macro_use]
#[path = "../support/mod.rs"]
mod support;

mod advice;
mod board;
mod dialog_cursor;
mod dialogs;
mod gold;
mod house;
mod messages;
mod no_robber;
mod saved_positions;
mod sea;
mod six;
mod story_chart;
mod trade;
mod unit_keys;
mod units;
mod war_view;
mod war_words;
mod words;

use support::positions;
use support::region::{Region, region};
use support::screen::{NAMES, PLAIN, draw, new_app, play_setup, play_turns_until, press};
use support::walk::{Lcg, sorted_stepping, until, walk};

use catan::engine::{Game, Phase};
use catan::tui::{App, Msg, Theme};

#[test]
fn first_setup_placement() {
    let mut app = new_app(42);
    assert!(app.screen.handoff().is_some(), "the game starts by handing the keyboard over");
    press(&mut app, "Enter");
    insta::assert_snapshot!(draw(&mut app, 100, 32));
}

#[test]
fn cursor_on_a_legal_target() {
    let mut app = new_app(42);
    press(&mut app, "Enter Enter Tab");
    // A set-up road: the cursor sits on a legal path, highlighted among the others.
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Board));
}

#[test]
fn handoff_hides_every_hand() {
    let mut app = new_app(42);
    press(&mut app, "Enter Enter Enter");
    let screen = draw(&mut app, 100, 32);
    assert!(screen.contains("Pass the keyboard to B Bob, then press Enter"));
    assert!(!screen.contains("'s hand"), "no hand panel on the hand-off screen");
    insta::assert_snapshot!(region(&mut app, 100, 32, Region::Shared));
}

#[test]
fn trade_dialog() {
    let mut app = new_app(42);
    play_setup(&mut app);
    play_turns_until(&mut app, |p| p == Phase::Main);
    // Give one of what the player holds most of, ask for one grain, from one player only.
    let seat = app.table.game().to_act();
    let hand = app.table.game().view(seat).hand();
    let give = catan::engine::Resource::ALL.into_iter().max_by_key(|&r| hand[r]).unwrap();
    let row = give as usize;
    let downs = "j ".repeat(row);
    let to_grain = if row > 3 { "k ".repeat(row - 3) } else { "j ".repeat(3 - row) };
    // Then ask only the first other player: move to the last row and untick it.
    let to_last = "j ".repeat(7 - 3);
    press(&mut app, &format!("t {downs}+ Tab {to_grain}+ {to_last}Space"));
    insta::assert_snapshot!(region(&mut app, 100, 32, Region::Dialog));
}

#[test]
fn discard_dialog() {
    let mut app = new_app(7);
    play_setup(&mut app);
    play_turns_until(&mut app, |p| matches!(p, Phase::Discard { .. }));
    let seat = app.table.game().to_act();
    assert!(app.table.game().view(seat).hand().total() > 7, "R17: only players over 7 cards discard");
    press(&mut app, "+ j +");
    insta::assert_snapshot!(draw(&mut app, 100, 32));
}

#[test]
fn robber_screen() {
    let mut app = new_app(7);
    play_setup(&mut app);
    play_turns_until(&mut app, |p| p == Phase::Robber);
    let screen = draw(&mut app, 100, 32);
    assert!(screen.contains("ROBBER"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn help_overlay() {
    let mut app = new_app(42);
    press(&mut app, "Enter ?");
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Overlay));
    press(&mut app, "Esc");
    assert!(!app.screen.help);
}

#[test]
fn too_small_screen_recovers_on_resize() {
    let mut app = new_app(42);
    press(&mut app, "Enter");
    let small = draw(&mut app, 80, 24);
    assert!(small.contains("need 96 x 28, have 80 x 24"));
    insta::assert_snapshot!(region(&mut app, 80, 24, Region::Notice));
    assert!(draw(&mut app, 100, 32).contains("place your first settlement"));
}

/// The end of a whole game of three, played as [`game_over_screen`] says.
fn game_over_3() -> catan::save::Record {
    positions::position("game_over_3", || {
        let app = walk(new_app(3), &mut Lcg::new(0), usize::MAX, until(Game::is_over), sorted_stepping(false));
        app.expect("the game ends").table.record().expect("a game played through the app is recorded").clone()
    })
}

/// The end of a whole game, played through the app by [`sorted_stepping`] on the shared walk
/// (so the log and statistics fill as in play) and saved as the fixture `game_over_3`.
#[test]
fn game_over_screen() {
    let record = game_over_3();
    let mut app = positions::app_at(&record, PLAIN);
    let screen = draw(&mut app, 100, 32);
    assert!(screen.contains("wins with"));
    insta::assert_snapshot!(screen);
}

/// Issue 42: on the game-over board the log scrolls with PgUp and `[` (back) and PgDn and `]`
/// (on), as in play.
#[test]
fn the_log_scrolls_on_the_game_over_board() {
    let record = game_over_3();
    let mut app = positions::app_at(&record, PLAIN);
    draw(&mut app, 100, 32);
    press(&mut app, "b");
    let board = draw(&mut app, 100, 32);
    for (back, on) in [("PgUp", "PgDn"), ("[", "]")] {
        press(&mut app, back);
        assert!(app.screen.log_scroll > 0, "{back} scrolls the log back");
        let scrolled = draw(&mut app, 100, 32);
        assert_ne!(scrolled, board, "{back} shows older lines");
        press(&mut app, on);
        assert_eq!(app.screen.log_scroll, 0, "{on} scrolls it on");
        assert_eq!(draw(&mut app, 100, 32), board);
    }
}

#[test]
fn quit_asks_first_and_q_on_the_start_screen_is_a_letter() {
    let mut app = App::new(1, None, Theme::default());
    press(&mut app, "Q u i n n Enter");
    assert_eq!(app.screen.start.as_ref().unwrap().names(), vec!["Quinn".to_string()]);
    press(&mut app, "A l Enter Enter");
    assert!(app.screen.start.is_none(), "two names and an empty line start the game");
    press(&mut app, "q");
    assert!(app.screen.quitting && !app.screen.done);
    press(&mut app, "n");
    assert!(!app.screen.quitting);
    press(&mut app, "q y");
    assert!(app.screen.done);
}

#[test]
fn ascii_option_draws_only_ascii() {
    let mut app = App::new(42, Some(NAMES.map(String::from).to_vec()), Theme { color: false, ascii: true });
    press(&mut app, "Enter");
    for (w, h) in [(100, 32), (140, 45)] {
        let screen = draw(&mut app, w, h);
        assert!(screen.is_ascii(), "non-ASCII on screen:\n{screen}");
    }
    press(&mut app, "?");
    assert!(draw(&mut app, 100, 32).is_ascii());
}

#[test]
fn a_click_moves_the_cursor_and_a_second_click_places() {
    use catan::tui::{Focus, Geometry, Target, layout};
    let mut app = new_app(42);
    press(&mut app, "Enter");
    let Focus::Select(sel, _) = &app.screen.focus else { panic!("set-up starts by choosing a corner") };
    let target = *sel.legal.iter().find(|&&t| t != sel.cursor).unwrap();
    let Target::Vertex(v) = target else { panic!("a corner") };
    let topo = app.table.game().topology();
    let geometry = Geometry::fit(topo, layout(app.screen.size, topo).board).unwrap();
    let (col, row) = geometry.vertex_cell(topo, v);
    let click = Msg::Click { col: col as u16, row: row as u16 };
    app.update(click.clone());
    assert!(matches!(&app.screen.focus, Focus::Select(s, _) if s.cursor == target));
    app.update(click);
    assert_eq!(app.table.game().building_at(v).map(|(s, _)| s), Some(app.table.game().to_act()));
}
