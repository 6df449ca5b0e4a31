//! Issue 33, the war game explaining itself at the table: a 7 in the attack phase says why
//! nothing happens (R57), a fight names the unit that defends a building (R56), a sea hex is
//! named by what a player can find on the map, and units on a hex leave its pips in view.

use crate::support::positions;
use crate::support::region::{Region, region};
use crate::support::screen::{PLAIN, draw, press};
use crate::support::walk::{Lcg, Look, units_two_in_three, walk};

use catan::engine::{Action, Config, Event, Game, MapId, Modules, Phase, SHIP_SLOT, Target};
use catan::save::{Record, SeatInfo};
use catan::tui::{App, Focus, Msg, Purpose, Selection, Target as At};

/// A recorded war game of Ann, Bob and Cy (people) on `map`, played by seeded random legal
/// moves (units and attacks liked, never an offer) until `stop` holds of the game and the events of
/// the last action; the position saved as `name`.
pub fn record_until(name: &str, map: MapId, stop: impl Fn(&Game, &[Event]) -> bool) -> Record {
    positions::position(name, || walk_until(map, stop))
}

/// [`record_until`]'s walk.
fn walk_until(map: MapId, stop: impl Fn(&Game, &[Event]) -> bool) -> Record {
    let config = Config { players: 3, ..Config::on_map(map) }.with_modules(Modules::WAR);
    let seats = SeatInfo::humans(vec!["Ann".to_string(), "Bob".to_string(), "Cy".to_string()]);
    for seed in 0..200u64 {
        let record = Record::new_with_seats(config, seed, seats.clone()).unwrap();
        let mut rng = Lcg::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let look = |r: &Record, last: &[Event]| match r.game() {
            g if g.is_over() => Look::GiveUp,
            g if stop(g, last) => Look::Found,
            _ => Look::Go,
        };
        if let Some(record) = walk(record, &mut rng, usize::MAX, look, units_two_in_three) {
            return record;
        }
    }
    panic!("no game reached what was wanted");
}

/// The app of `record` with the player to act at the keyboard, `w` x `h`.
pub fn table(record: Record) -> App {
    let to_act = record.game().to_act();
    let mut app = App::from_record(record, PLAIN);
    app.screen.viewer = Some(to_act);
    app.update(Msg::Resize(140, 45));
    app
}

/// R57: "Ann rolls 7 (3+4)" and then the next turn read as if the rule were forgotten; the log
/// now says why nothing happened.
#[test]
fn r57_a_seven_in_the_attack_phase_says_why_nothing_happens() {
    let record = record_until("war_attack_seven", MapId::Standard, |g, log| {
        g.attack_phase() && g.phase() == Phase::Main && matches!(log.last(), Some(Event::QuietSeven { .. }))
    });
    let mut app = table(record);
    let s = draw(&mut app, 140, 45);
    // The log panel wraps the line: its words, row by row.
    let log: String = s.lines().filter_map(|l| l.rsplit('│').nth(1)).map(str::trim_end).collect::<Vec<_>>().join(" ");
    assert!(log.contains("· a 7 in the attack phase: no robber, no discards"), "in the log:\n{s}");
    insta::assert_snapshot!("attack_phase_seven", region(&mut app, 140, 45, Region::Side));
}

/// An attack on a building in `g` that a knight unit beside it takes in its place (R56).
fn defended_attack(g: &Game) -> Option<Action> {
    if g.phase() != Phase::Main {
        return None;
    }
    g.legal_actions().iter().copied().find(|&a| {
        let Action::Attack { target: Target::Building(_), .. } = a else { return false };
        let mut after = *g;
        let events = after.apply(a).unwrap();
        events.iter().any(|e| matches!(e, Event::Fought { target: Target::Unit { unit, .. }, .. } if *unit < SHIP_SLOT))
    })
}

/// R56: Ann attacked Bob's settlement and the box spoke only of Bob's knight; it now says the
/// knight defends the settlement.
#[test]
fn r56_the_fight_box_names_the_unit_that_defends_a_building() {
    let record = record_until("war_defended_attack", MapId::Standard, |g, _| defended_attack(g).is_some());
    let attack = defended_attack(record.game()).unwrap();
    let Action::Attack { target: Target::Building(v), .. } = attack else { unreachable!() };
    let (owner, piece) = record.game().building(v).unwrap();
    let mut app = table(record);
    app.apply(vec![attack]);
    assert!(app.screen.fight.is_some(), "the fight shows");
    let s = draw(&mut app, 140, 45);
    let name = ["Ann", "Bob", "Cy"][owner.index()];
    let line = s.lines().find(|l| l.contains("defends the")).unwrap_or_default();
    assert!(line.contains(&format!("{name}'s knight")), "{name}'s knight defends:\n{s}");
    assert!(line.contains(&format!("defends the {piece}")), "the {piece} named:\n{s}");
    insta::assert_snapshot!("defended_building", region(&mut app, 140, 45, Region::Dialog));
}

/// An attack by a ship in `g` (R56).
fn ship_attack(g: &Game) -> Option<Action> {
    (g.phase() == Phase::Main)
        .then(|| {
            g.legal_actions().iter().copied().find(|a| matches!(a, Action::Attack { unit, .. } if *unit >= SHIP_SLOT))
        })
        .flatten()
}

/// True when `text` names a sea hex by its number, which the island doesn't show.
fn sea_by_number(text: &str) -> bool {
    text.match_indices("sea ").any(|(i, _)| text[i + 4..].starts_with(|c: char| c.is_ascii_digit()))
}

/// Issue 33: "sea 14" named a place the map doesn't show. The fight box, the log and the
/// status line name a sea hex by its harbor or a land hex beside it.
#[test]
fn r53_a_sea_hex_is_named_by_what_the_map_shows() {
    let record = record_until("war_ship_attack", MapId::Archipelago, |g, _| ship_attack(g).is_some());
    let attack = ship_attack(record.game()).unwrap();
    let mut app = table(record);
    app.apply(vec![attack]);
    let s = draw(&mut app, 140, 45);
    let first = s.lines().find(|l| l.contains(" attacks ")).unwrap_or_default();
    assert!(first.contains("ship on the sea "), "the attacking ship's place:\n{s}");
    assert!(!sea_by_number(&s), "no sea hex by number:\n{s}");
    insta::assert_snapshot!("sea_fight", region(&mut app, 140, 45, Region::Dialog));
    // The status line under the cursor, on a sea hex with a ship (the place words of any
    // choice on the island).
    press(&mut app, "Enter");
    let g = *app.table.game();
    let to = g.seats().find_map(|p| g.ship_units(p).next()).map(|u| u.2).expect("a ship");
    let at = At::Sea(to);
    app.screen.focus = Focus::Select(
        Selection { purpose: Purpose::Robber, legal: vec![at], cursor: at, cancellable: true, back: None },
        None,
    );
    let s = draw(&mut app, 140, 45);
    let status = s.lines().rev().nth(2).unwrap().to_string();
    assert!(status.trim_start().starts_with("the sea "), "the sea hex under the cursor: {status:?}\n{s}");
    assert!(!sea_by_number(&s), "no sea hex by number:\n{s}");
    // The place, before what the (made up) choice asks.
    insta::assert_snapshot!("sea_status_line", status.split(" — ").next().unwrap_or_default());
}

/// Issue 33: `Akc` stood where the pips were. Units and pips now both show: after the units
/// on their row where they fit ("Ak •••" on a 10), else beside the number ("6•••••").
#[test]
fn r52_units_on_a_hex_leave_its_pips_in_view() {
    use crate::support::board::{A, B, HILLS_6, MOUNTAINS_10};
    use catan::engine::{BoardKind, Module, Scenario, UnitKind};
    let config = Config { players: 3, board: BoardKind::Beginner, ..Config::on_map(MapId::Standard) }
        .with_modules(Modules(Modules::WAR.0 & !Module::Phases.bit()));
    let game = Scenario::new(config, 1)
        .turn(A)
        .rolled()
        .unit(A, UnitKind::Knight, MOUNTAINS_10)
        .unit(A, UnitKind::Knight, HILLS_6)
        .unit(B, UnitKind::Cavalry, HILLS_6)
        .build()
        .unwrap();
    let mut app = crate::support::screen::app_with(game);
    let s = draw(&mut app, 140, 45);
    assert!(s.contains("Ak •••"), "the 10's pips after A's knight:\n{s}");
    assert!(s.contains("Ak Bc"), "both owners' units on the 6:\n{s}");
    assert!(s.contains("6•••••"), "the 6's pips beside its number:\n{s}");
    insta::assert_snapshot!("units_and_pips", region(&mut app, 140, 45, Region::Board));
}

/// Issue 33: the units' and war's pages were at the end of one long page. A contents line
/// with a key per section stays at the top; the page opens on the house rules in play, and
/// the help's house-rule list says where they are.
#[test]
fn r52_r56_how_to_play_opens_on_the_house_rules_with_a_contents_line() {
    let game =
        Game::new(Config { players: 3, ..Config::on_map(MapId::Archipelago) }.with_modules(Modules::WAR), 1).unwrap();
    let mut app = crate::support::screen::app_with(game);
    app.update(Msg::Resize(140, 45));
    press(&mut app, "?");
    let help = draw(&mut app, 140, 45);
    assert!(help.contains("sections 7 units, 8 war"), "the help points to them:\n{help}");
    press(&mut app, "h");
    let page = draw(&mut app, 140, 45);
    let rows: Vec<&str> = page.lines().collect();
    let contents = rows.iter().position(|l| l.contains("Contents: 1 goal  2 set-up")).expect(&page);
    assert!(rows[contents].contains("7 units  8 war"), "{page}");
    assert!(rows[contents + 2].contains("Units: knights and ships"), "opens on the units:\n{page}");
    insta::assert_snapshot!("howto_opens_on_units", region(&mut app, 140, 45, Region::Overlay));
    press(&mut app, "8");
    let page = draw(&mut app, 140, 45);
    assert!(page.contains("War: attacks and phases"), "8 shows the war:\n{page}");
    press(&mut app, "1");
    let page = draw(&mut app, 140, 45);
    let rows: Vec<&str> = page.lines().collect();
    let contents = rows.iter().position(|l| l.contains("Contents:")).expect(&page);
    assert!(rows[contents + 2].contains("The goal"), "1 goes back to the top:\n{page}");
    // A base game opens at the top, with no house rules in its contents.
    let mut app = crate::support::screen::app_with(Game::new(Config::with_players(3), 1).unwrap());
    app.update(Msg::Resize(140, 45));
    press(&mut app, "? h");
    let page = draw(&mut app, 140, 45);
    let rows: Vec<&str> = page.lines().collect();
    let contents = rows.iter().position(|l| l.contains("Contents:")).expect(&page);
    assert!(rows[contents].contains("6 keys") && !rows[contents].contains("units"), "{page}");
    assert!(rows[contents + 2].contains("The goal"), "{page}");
}
