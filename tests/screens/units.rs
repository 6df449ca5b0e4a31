//! Issue 25 in the terminal: knight units on land hex centres and ships on sea hexes, by owner
//! (the seat's letter) and kind (a letter a unit: `k`night, `a`rcher, `c`avalry; `s`hip,
//! `w`ar ship, `c`argo ship), counts by letter when a hex is crowded; the sea ring drawn
//! whenever a unit module is on.

use crate::support::positions;
use crate::support::region::{Region, region};
use crate::support::screen::{PLAIN, app_with, draw, press};
use crate::support::walk::{Lcg, half_preferring, until, walk};

use catan::engine::{Action, Config, Game, MapId, Modules, Phase, Seat};
use catan::save::{Record, default_names};
use catan::tui::Msg;
use catan::tui::Theme;

/// A game with knights and ships on `map`, played by seeded random legal actions (unit actions
/// preferred) until at least `units` units stand on the board, owned by two players or more,
/// stopping in a main phase.
fn units_game(map: MapId, seed: u64, units: usize) -> Game {
    positions::game(&format!("units_{}_{seed}_{units}", map.name()), || units_walk(map, seed, units))
}

/// [`units_game`]'s walk.
fn units_walk(map: MapId, seed: u64, units: usize) -> Record {
    let config = Config { players: 3, ..Config::on_map(map) }.with_modules(Modules::SEA.on_map(map));
    let g = Record::new(config, seed, default_names(3)).unwrap();
    let mut rng = Lcg::new(seed.wrapping_mul(Lcg::A).wrapping_add(Lcg::C));
    let seats = |g: &Game| (0..g.config().players).map(Seat);
    let there = |g: &Game| {
        let on_board: Vec<usize> = seats(g).map(|s| (g.knight_count(s) + g.ship_count(s)) as usize).collect();
        g.phase() == Phase::Main
            && on_board.iter().sum::<usize>() >= units
            && on_board.iter().filter(|&&n| n > 0).count() >= 2
    };
    let found = walk(g, &mut rng, 20_000, until(there), half_preferring(Action::is_unit));
    found.expect("units on the board within 20,000 actions")
}

fn screen(game: Game, theme: Theme) -> String {
    let mut app = app_with(game);
    app.screen.theme = theme;
    app.update(Msg::Resize(140, 45));
    draw(&mut app, 140, 45)
}

/// [`screen`]'s island.
fn board(game: Game, theme: Theme) -> String {
    let mut app = app_with(game);
    app.screen.theme = theme;
    region(&mut app, 140, 45, Region::Board)
}

#[test]
fn r52_r53_knights_and_ships_on_the_base_island() {
    let game = units_game(MapId::Standard, 3, 5);
    let s = screen(game, PLAIN);
    assert!(s.matches('~').count() > 40, "the sea ring is drawn with a unit module on\n{s}");
    insta::assert_snapshot!(board(game, PLAIN));
}

#[test]
fn r52_r53_knights_and_ships_on_the_archipelago() {
    let game = units_game(MapId::Archipelago, 5, 6);
    insta::assert_snapshot!(board(game, PLAIN));
}

#[test]
fn r52_r53_units_in_ascii() {
    let game = units_game(MapId::Standard, 3, 5);
    insta::assert_snapshot!(board(game, Theme { color: false, ascii: true }));
}

/// `n` opens the units' choice: the first step lists kinds to build and units that can act
/// (only what the engine lists), then the verb when there are several, then the island with
/// the legal places marked; Enter on each plays it, Esc steps back.
#[test]
fn r52_r53_n_builds_or_moves_a_unit_in_steps() {
    let game = units_game(MapId::Standard, 3, 5);
    let legal = game.legal_actions();
    assert!(legal.iter().any(|a| matches!(
        a,
        Action::MoveKnight { .. } | Action::SailShip { .. } | Action::BuildKnight { .. } | Action::BuildShip { .. }
    )));
    let mut app = app_with(game);
    app.update(Msg::Resize(140, 45));
    press(&mut app, "n");
    let first = draw(&mut app, 140, 45);
    assert!(first.contains("Build a unit, or act with one:"), "{first}");
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Dialog));
    press(&mut app, "Enter");
    if draw(&mut app, 140, 45).contains("What does it do?") {
        press(&mut app, "Enter");
    }
    let second = draw(&mut app, 140, 45);
    assert!(matches!(app.screen.focus, catan::tui::Focus::Select(_, _)), "the island step\n{second}");
    assert!(second.contains("marked > <"), "{second}");
    press(&mut app, "Esc");
    let back = draw(&mut app, 140, 45);
    assert!(back.contains("Build a unit") || back.contains("What does it do?"), "Esc goes back a step");
    for _ in 0..4 {
        if app.screen.focus == catan::tui::Focus::Idle {
            break;
        }
        press(&mut app, "Enter");
    }
    assert_ne!(*app.table.game(), game, "the unit action was played");
    let seat = game.to_act();
    let units = |g: &Game| {
        (
            g.knight_units(seat).count(),
            g.ship_units(seat).count(),
            g.knight_units(seat).map(|u| u.2).collect::<Vec<_>>(),
            g.ship_units(seat).map(|u| u.2).collect::<Vec<_>>(),
        )
    };
    assert_ne!(units(app.table.game()), units(&game), "a unit was built or moved");
}
