//! Issues 25 and 26 on screen, what the table sees of units and war: a unit with no action
//! left laid on its side (its letter in capitals), knights aboard a cargo ship in brackets
//! after it, the rates ships give in the bank dialog (R53), the units of a hex on the status
//! line, R57's phase and round in the header and the war scores in the players panel, and the
//! game-over table with Navy and Colonist points and a shared win.

use crate::support::positions;
use crate::support::region::{Region, region, regions};
use crate::support::screen::{PLAIN, app_with, draw, press};
use crate::support::walk::{Lcg, Look, half_preferring, until, walk};

use catan::engine::{Action, Config, Game, Hex, MapId, Module, Modules, Phase, Resource, SHIP_SLOT, Seat};
use catan::save::{Record, default_names};
use catan::tui::{Focus, Msg, Purpose, Selection, Target, Theme};

/// A game of three on `map` with `modules`, played by seeded random legal actions (those
/// `prefer` likes, half the time, when there are any) until `stop` holds.
fn play_until(
    map: MapId,
    modules: Modules,
    seed: u64,
    prefer: fn(&Action) -> bool,
    stop: impl Fn(&Game) -> bool,
) -> Option<Record> {
    let config = Config { players: 3, ..Config::on_map(map) }.with_modules(modules.on_map(map));
    let g = Record::new(config, seed, default_names(3)).unwrap();
    let mut rng = Lcg::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    walk(g, &mut rng, 30_000, until(stop), half_preferring(prefer))
}

/// The position saved as `name`, found by the first seed of `0..40` whose game reaches
/// `stop`.
fn find(
    name: &str,
    map: MapId,
    modules: Modules,
    prefer: fn(&Action) -> bool,
    stop: impl Fn(&Game) -> bool + Copy,
) -> Game {
    positions::game(name, || {
        (0..40).find_map(|seed| play_until(map, modules, seed, prefer, stop)).expect("no seed reached what was wanted")
    })
}

fn units_and_attacks(a: &Action) -> bool {
    a.is_unit() || matches!(a, Action::Attack { .. })
}

fn screen(game: Game, theme: Theme) -> String {
    let mut app = app_with(game);
    app.screen.theme = theme;
    app.update(Msg::Resize(140, 45));
    draw(&mut app, 140, 45)
}

/// [`screen`]'s parts `which`.
fn parts(game: Game, theme: Theme, which: &[Region]) -> String {
    let mut app = app_with(game);
    app.screen.theme = theme;
    regions(&mut app, 140, 45, which)
}

/// The acting player's spent units (knight slots, then ships from `SHIP_SLOT`).
fn spent(g: &Game) -> Vec<u8> {
    let s = g.to_act();
    let knights = g.knight_units(s).map(|u| u.0).filter(|&u| g.unit_spent(s, u));
    knights.chain(g.ship_units(s).map(|u| SHIP_SLOT + u.0).filter(|&u| g.unit_spent(s, u))).collect()
}

/// The seed's "lay it on its side": a unit that has used its actions is written in capitals,
/// with or without colour and in ASCII; the others stay lower-case.
#[test]
fn r52_a_unit_with_no_action_left_lies_on_its_side() {
    let game = find("war_spent_units", MapId::Standard, Modules::WAR, units_and_attacks, |g| {
        g.phase() == Phase::Main && !spent(g).is_empty() && g.seats().map(|s| g.knight_count(s)).sum::<u8>() >= 3
    });
    let plain = screen(game, PLAIN);
    let board: Vec<&str> =
        plain.lines().skip(2).map(|l| &l[..l.char_indices().nth(95).map_or(l.len(), |c| c.0)]).collect();
    let letter = ['A', 'B', 'C'][game.to_act().index()];
    let capital =
        |l: &&str| "KACSW".chars().any(|k| l.contains(&format!("{letter}{k}")) || l.contains(&format!("k{k}")));
    assert!(board.iter().any(capital), "a capital after {letter}:\n{plain}");
    insta::assert_snapshot!("spent_units_plain", parts(game, PLAIN, &[Region::Board]));
    insta::assert_snapshot!("spent_units_ascii", parts(game, Theme { color: false, ascii: true }, &[Region::Board]));
}

/// R53: knights aboard a cargo ship sail with it, drawn in brackets after the ship's `c`.
#[test]
fn r53_knights_aboard_a_cargo_ship_are_drawn_with_it() {
    let boarding = |a: &Action| a.is_unit() && !matches!(a, Action::MoveKnight { .. });
    let game = find("war_cargo_aboard", MapId::Archipelago, Modules::SEA, boarding, |g| {
        g.phase() == Phase::Main && g.seats().any(|s| g.knights_aboard(s).next().is_some())
    });
    let s = screen(game, PLAIN);
    assert!(s.contains("c[") || s.contains("C["), "a cargo ship with its knights:\n{s}");
    insta::assert_snapshot!("cargo_ship_with_knights", parts(game, PLAIN, &[Region::Board]));
}

/// R53: the bank dialog says which rates the player's ships give (a ship on a harbor's sea
/// hex; a cargo ship one card better, never below 2:1), from the engine's rates.
#[test]
fn r53_the_bank_dialog_shows_the_rates_ships_give() {
    let game = find(
        "war_ship_rates",
        MapId::Standard,
        Modules::SEA,
        |a| matches!(a, Action::BuildShip { .. } | Action::SailShip { .. }),
        |g| {
            g.phase() == Phase::Main
                && Resource::ALL.iter().any(|&r| g.ship_rate(g.to_act(), r).is_some())
                && g.legal_actions().iter().any(|a| matches!(a, Action::MaritimeTrade { .. }))
        },
    );
    let me = game.to_act();
    let rates: Vec<(Resource, u8)> =
        Resource::ALL.iter().filter_map(|&r| game.ship_rate(me, r).map(|n| (r, n))).collect();
    for &(r, n) in &rates {
        assert!(game.maritime_rate(me, r) <= n, "the ship's rate for {r} counts in the engine's rates");
    }
    let mut app = app_with(game);
    app.update(Msg::Resize(140, 45));
    assert_eq!(*app.table.game(), game);
    let trades: Vec<Action> =
        game.legal_actions().into_iter().filter(|a| matches!(a, Action::MaritimeTrade { .. })).collect();
    assert!(!trades.is_empty(), "{rates:?} {:?}", game.phase());
    press(&mut app, "m");
    let s = draw(&mut app, 140, 45);
    assert!(s.contains("By ship: "), "{s}");
    let (r, n) = rates[0];
    let said = if rates.len() == 5 && n == 2 {
        "2:1 any".to_string()
    } else if n == 3 {
        "3:1 any".into()
    } else {
        format!("2:1 {r}")
    };
    assert!(s.contains(&said), "{said:?} missing:\n{s}");
    insta::assert_snapshot!("bank_rates_by_ship", region(&mut app, 140, 45, Region::Dialog));
}

/// The status line names the units on the hex under the cursor: owner, kind, used or not.
#[test]
fn r52_the_status_line_names_the_units_under_the_cursor() {
    let game = find("war_status_units", MapId::Standard, Modules::WAR, units_and_attacks, |g| {
        g.phase() == Phase::Main && !spent(g).is_empty() && g.knight_units(g.to_act()).count() >= 1
    });
    let me = game.to_act();
    let (_, kind, hex): (u8, _, Hex) = game.knight_units(me).next().unwrap();
    let mut app = app_with(game);
    app.update(Msg::Resize(140, 45));
    let t = Target::Hex(hex);
    app.screen.focus = Focus::Select(
        Selection { purpose: Purpose::Robber, legal: vec![t], cursor: t, cancellable: true, back: None },
        None,
    );
    let s = draw(&mut app, 140, 45);
    let status = s.lines().rev().nth(2).unwrap().to_string();
    let name = ["Ann", "Bob", "Cy"][me.index()];
    assert!(status.contains(&format!("{name}'s {kind}")), "{name}'s {kind} on the status line: {status:?}\n{s}");
    insta::assert_snapshot!("status_line_units", region(&mut app, 140, 45, Region::Footer));
}

/// R57: the header shows the phase and round with the attack round's order; the players panel
/// the scores that order it.
#[test]
fn r57_the_header_shows_the_attack_round_and_its_order() {
    let game = find("war_attack_round", MapId::Standard, Modules::WAR, units_and_attacks, |g| {
        matches!(g.phase(), Phase::Main | Phase::Roll) && g.attack_order().is_some() && g.war_round().unwrap().0 == 4
    });
    let order: Vec<String> =
        game.attack_order().unwrap().iter().map(|s| ["A", "B", "C"][s.index()].to_string()).collect();
    let s = screen(game, PLAIN);
    let said = format!("attack phase, round 2 of 3: {}", order.join(" "));
    assert!(s.lines().next().unwrap().contains(&said), "{said:?} in the header:\n{s}");
    let scores: Vec<String> =
        game.seats().map(|x| format!("{}{}", ["A", "B", "C"][x.index()], game.war_score(x))).collect();
    assert!(s.contains(&format!("war score {}", scores.join(" "))), "{s}");
    // Issue 33: what the score is for, in the panel, even at the smallest screen.
    assert!(s.contains("│attack order: lowest first; points win"), "{s}");
    let mut app = app_with(game);
    let (w, h) = app.scene().min_size();
    let small = draw(&mut app, w, h);
    assert!(small.contains("│attack order: lowest first; points win"), "at {w} x {h}:\n{small}");
    // Issue 42: the panel's title says what ends a war, not "10 to win" alone.
    for screen in [&s, &small] {
        assert!(screen.contains("Players · most after 6 rounds, or 10 "), "{screen}");
    }
    insta::assert_snapshot!("attack_phase_header", parts(game, PLAIN, &[Region::Header, Region::Side]));
}

/// R57, R54: the game-over table counts Navy; a war that ends tied is a shared win, said so.
#[test]
fn r57_a_shared_win_and_the_navy_on_the_game_over_screen() {
    let game = find("war_shared_win", MapId::Standard, Modules::WAR, units_and_attacks, |g| {
        g.is_over() && g.winners().iter().count() > 1
    });
    assert!(game.config().modules.has(Module::Ships));
    let winners: Vec<Seat> = game.winners().iter().collect();
    let s = screen(game, PLAIN);
    assert!(s.contains("share the win with"), "{s}");
    assert!(s.contains("navy"), "{s}");
    for w in winners {
        assert!(s.lines().nth(1).unwrap().contains(["Ann", "Bob", "Cy"][w.index()]), "{s}");
    }
    insta::assert_snapshot!("shared_win", parts(game, PLAIN, &[Region::Body]));
}

/// R55: the Colonist's column on the archipelago.
#[test]
fn r55_the_game_over_table_counts_colonist_points() {
    let game = find(
        "war_colonist_points",
        MapId::Archipelago,
        Modules::SEA,
        |a| a.is_unit() || matches!(a, Action::BuildSettlement(_)),
        |g| g.is_over(),
    );
    let s = screen(game, PLAIN);
    assert!(s.contains("colon") && s.contains("navy"), "{s}");
}

/// How to play has a page for units and one for war in a game that plays them (the keys of
/// the units dialog among them), and the help a legend of how units read on the island.
#[test]
fn r52_r56_how_to_play_and_help_explain_units_and_war() {
    let game =
        Game::new(Config { players: 3, ..Config::on_map(MapId::Archipelago) }.with_modules(Modules::WAR), 1).unwrap();
    let mut app = app_with(game);
    app.update(Msg::Resize(140, 45));
    app.screen.howto = Some(0);
    let mut page = String::new();
    for _ in 0..8 {
        page.push_str(&draw(&mut app, 140, 45));
        press(&mut app, "PgDn");
    }
    for text in ["Units: knights and ships", "n opens the units dialog", "lies on its side", "War: attacks and phases"]
    {
        assert!(page.contains(text), "{text:?} missing from how to play:\n{page}");
    }
    let mut app = app_with(game);
    app.update(Msg::Resize(140, 45));
    press(&mut app, "?");
    let help = draw(&mut app, 140, 45);
    assert!(help.contains("Units on the island") && help.contains("Ac[kk]"), "{help}");
    insta::assert_snapshot!("help_with_units", region(&mut app, 140, 45, Region::Overlay));
    // A base game's page says nothing of units.
    let mut app = app_with(Game::new(Config::with_players(3), 1).unwrap());
    app.update(Msg::Resize(140, 45));
    app.screen.howto = Some(0);
    let mut page = String::new();
    for _ in 0..8 {
        page.push_str(&draw(&mut app, 140, 45));
        press(&mut app, "PgDn");
    }
    assert!(!page.contains("Units: knights"), "{page}");
}

/// The sea needs room: the too-small notice names the maps' sizes with sea.
#[test]
fn r51_the_too_small_notice_names_the_sizes_with_sea() {
    let game =
        Game::new(Config { players: 3, ..Config::on_map(MapId::Archipelago) }.with_modules(Modules::WAR), 1).unwrap();
    let mut app = app_with(game);
    app.update(Msg::Resize(120, 40));
    let s = draw(&mut app, 120, 40);
    for text in
        ["too small for the island and its sea", "need 136 x 44", "base island 112 x 36", "archipelago 136 x 44"]
    {
        assert!(s.contains(text), "{text:?} missing:\n{s}");
    }
    insta::assert_snapshot!("too_small_with_sea", region(&mut app, 120, 40, Region::Notice));
}

/// Issue 42: the header's war round is the engine's (`Game::war_turn` of the turn in progress)
/// at every turn of a war game played to its end, and gone once the war is over.
#[test]
fn r57_the_headers_round_is_the_engines_war_turn() {
    let config = Config { players: 3, ..Config::on_map(MapId::Standard) }.with_modules(Modules::WAR);
    let record = Record::new(config, 7, default_names(3)).unwrap();
    let mut rng = Lcg::new(7);
    let (mut turn, mut seen) = (u32::MAX, 0);
    let look = |r: &Record, _: &[catan::engine::Event]| {
        let g = r.game();
        if g.turn_number() != turn || g.is_over() {
            turn = g.turn_number();
            let header = screen(*g, PLAIN).lines().next().unwrap().to_string();
            match g.war_turn(g.turn_number()).filter(|_| !g.is_over()) {
                Some(at) => {
                    let phase = if at.attack { "attack" } else { "build" };
                    let said = format!("{phase} phase, round {} of {}", at.round + 1, at.rounds);
                    assert!(header.contains(&said), "turn {turn}: {said:?} in {header:?}");
                    seen += 1;
                }
                None => assert!(!header.contains(" phase, round "), "turn {turn}: {header:?}"),
            }
        }
        if g.is_over() { Look::GiveUp } else { Look::Go }
    };
    walk(record, &mut rng, 30_000, look, half_preferring(units_and_attacks));
    assert!(seen >= 12, "the war's turns seen: {seen}");
}
