//! A computer player's fight (R56) at the table: the box stays for everyone to read, the
//! computer players wait under it, and a burst of keys after it acts for nobody (H1a). The
//! terminal loop's gate (term/gate.rs) is driven here with times passed in, as the loop does.

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;

use crate::bots::BotLevel;
use crate::engine::{Action, Config, Event, Game, MapId, Modules, Phase};
use crate::save::{Record, SeatInfo};
use crate::tui::app::App;
use crate::tui::screen::focus::Guarded;
use crate::tui::screen::focus::Msg;
use crate::tui::screen::keymap::Mode;
use crate::tui::screen::theme::Theme;
use crate::tui::term::gate::{Gate, Input};
use walk::{Lcg, Look};

/// The scenario walk of the integration tests, the one copy (it names the crate `catan`, which
/// the library's tests alias to itself); this file uses a part of it.
#[allow(dead_code)]
#[path = "../../../tests/support/walk.rs"]
mod walk;

/// A war game of Ann (a person), Bob (a computer player) and Cy (a person) played by seeded
/// random legal moves until Bob is to act with an attack among his legal moves: the app, and
/// that attack.
fn bob_may_attack() -> (App, Action) {
    bob_may_attack_among(vec![SeatInfo::human("Ann"), SeatInfo::bot("Bob", BotLevel::Random), SeatInfo::human("Cy")])
}

/// [`bob_may_attack`] with these seats (Bob's a computer player's): the integration tests'
/// scenario walk ([`walk::walk`], one copy for both), units and buildings first, never an
/// offer or an attack ([`walk::peaceful_units`]).
fn bob_may_attack_among(seats: Vec<SeatInfo>) -> (App, Action) {
    let config = Config { players: 3, ..Config::on_map(MapId::Archipelago) }.with_modules(Modules::WAR);
    let attack = |g: &Game| g.legal_actions().iter().copied().find(|a| matches!(a, Action::Attack { .. }));
    let look = |record: &Record, _: &[Event]| {
        let g = record.game();
        match (attack(g), g.to_act().0, g.phase()) {
            _ if g.is_over() => Look::GiveUp,
            (Some(_), 1, Phase::Main) => Look::Found,
            _ => Look::Go,
        }
    };
    for seed in 1..300u64 {
        let record = Record::new_with_seats(config, seed, seats.clone()).unwrap();
        if let Some(record) = walk::walk(record, &mut Lcg::new(seed), 5_000, look, walk::peaceful_units) {
            let attack = attack(record.game()).expect("found with an attack");
            let mut app = App::from_record(record, Theme::default());
            app.update(Msg::Resize(140, 45));
            return (app, attack);
        }
    }
    panic!("Bob never had an attack");
}

#[test]
fn r56_a_bots_fight_stays_shown_and_a_burst_of_keys_after_it_acts_for_nobody() {
    let (mut app, attack) = bob_may_attack();
    let t0 = Instant::now();
    let ms = |n: u64| t0 + Duration::from_millis(n);
    let mut gate = Gate::default();
    gate.drawn(app.screen.guarded(), t0);
    let played = app.play_bot(attack);
    app.settle_after(played);
    assert!(app.table.log.iter().any(|e| matches!(e, Event::Fought { .. })), "Bob fought");
    assert_eq!(app.screen.mode(), Mode::Fight);
    assert_eq!(app.screen.guarded(), Some(Guarded::Fight), "the fight is a guarded screen");
    let played = app.table.record().unwrap().len();
    // The terminal loop draws it: fresh, so what was queued is dropped and the gate holds.
    assert!(gate.drawn(app.screen.guarded(), ms(10)), "the fight appears: drop what is queued");
    // Bob waits under it (he may think meanwhile): ticks play nothing however long it shows.
    for t in [20, 1_000, 5_000] {
        app.tick(ms(t));
    }
    assert_eq!(app.table.record().unwrap().len(), played, "Bob waits while the fight shows");
    // A burst (Enter, e, r, Enter...) in its first half second: every key dropped.
    for (i, key) in [KeyCode::Enter, KeyCode::Char('e'), KeyCode::Char('r'), KeyCode::Enter].into_iter().enumerate() {
        let at = ms(20 + 50 * i as u64);
        if gate.admits(Input::User, at) {
            app.update(Msg::key(key));
        }
    }
    assert_eq!(app.screen.mode(), Mode::Fight, "the burst did not even close the fight");
    // A deliberate key closes it and does nothing else.
    assert!(gate.admits(Input::User, ms(700)));
    app.update(Msg::key(KeyCode::Char('e')));
    assert_eq!(app.screen.fight, None);
    assert_eq!(app.table.record().unwrap().len(), played, "the key that closed the fight played nothing");
    assert!(gate.drawn(app.screen.guarded(), ms(710)), "the fight is gone: what follows drops queued keys");
    assert!(!gate.admits(Input::User, ms(800)), "a second key of that press is dropped");
    // Bob plays on to a person's turn: the hand-off holds the keyboard for that person.
    app.play_bots(200);
    assert!(
        app.table.game().is_over() || app.screen.handoff().is_some(),
        "a person's turn comes: {:?}",
        app.screen.mode()
    );
    if !app.table.game().is_over() {
        let who = app.screen.handoff().unwrap();
        assert!(gate.drawn(app.screen.guarded(), ms(900)));
        assert_eq!(app.screen.guarded(), Some(Guarded::Handoff(who)));
        let before = app.table.record().unwrap().len();
        if gate.admits(Input::User, ms(950)) {
            app.update(Msg::key(KeyCode::Enter));
        }
        assert_eq!(app.screen.handoff(), Some(who), "a key right after the bots' moves takes no keyboard");
        assert_eq!(app.table.record().unwrap().len(), before);
    }
}

/// Issue 33: with no person at the table a fight shows for the bot delay, like any move, and
/// closes by itself: "all bots is a game that plays itself".
#[test]
fn r56_a_fight_among_computer_players_only_shows_for_the_bot_delay() {
    let bots = ["Ann", "Bob", "Cy"].map(|n| SeatInfo::bot(n, BotLevel::Random)).to_vec();
    let (mut app, attack) = bob_may_attack_among(bots);
    let t0 = Instant::now();
    let ms = |n: u64| t0 + Duration::from_millis(n);
    app.table.delay = Duration::from_millis(1_000);
    let played = app.play_bot(attack);
    app.settle_after(played);
    app.table.shown_at = Some(t0);
    assert_eq!(app.screen.mode(), Mode::Fight, "the fight shows");
    assert_eq!(app.bot_wait(ms(400)), Some(Duration::from_millis(600)), "the loop wakes when it is due");
    app.tick(ms(400));
    assert_eq!(app.screen.mode(), Mode::Fight, "still shown before the delay is up");
    assert!(app.tick(ms(1_000)), "the delay is up: the screen changes");
    assert_eq!(app.screen.fight, None, "closed by itself");
    let played = app.table.record().unwrap().len();
    app.tick(ms(1_001));
    app.play_bots(5);
    assert!(app.table.record().unwrap().len() > played || app.table.game().is_over(), "the bots play on");
}
