//! R56 with H1a end to end: a computer player's fight is shown in the real binary, in a
//! pseudo-terminal, until a deliberate key; a burst of keys sent as it appears closes nothing,
//! and a burst whose first key closes it plays nothing for the person whose turn follows.
//! The game is played by the rules engine up to a position where the computer player (a
//! `medium` bot, checked in this test to attack with its next move) attacks, saved, and loaded.
#![cfg(unix)]

mod support;

use std::time::Duration;

use catan::bots::BotLevel;
use catan::engine::{Action, Config, Event, MapId, Module, Modules, Phase, Seat};
use catan::save::{self, Record, SeatInfo};
use catan::tui::{App, Theme};
use support::files::{TempDir, newest_autosave};
use support::pty::{HANDOFF_HOLD, Session};
use support::walk::{Lcg, Look, peaceful_units, walk};

/// A war game of Ann (a person) and Bob (a medium bot) at a position where Bob's next move,
/// as the terminal's table plays it, is an attack.
fn bob_attacks_next() -> Record {
    // Attacks at any time (no phases, R57): the game goes on after Bob's turn.
    let war = Modules(Modules::WAR.0 & !Module::Phases.bit());
    let config = Config { players: 2, ..Config::on_map(MapId::Archipelago) }.with_modules(war);
    let seats = vec![SeatInfo::human("Ann"), SeatInfo::bot("Bob", BotLevel::Medium)];
    for seed in 1..600u64 {
        let record = Record::new_with_seats(config, seed, seats.clone()).unwrap();
        let mut rng = Lcg::new(seed.wrapping_mul(Lcg::A).wrapping_add(1));
        // Bob's turn with an attack listed: found if the bot attacks there, else this game
        // is given up.
        let look = |record: &Record, _: &[Event]| {
            let g = *record.game();
            if g.is_over() {
                return Look::GiveUp;
            }
            let legal = g.legal_actions();
            if g.to_act() != Seat(1)
                || g.phase() != Phase::Main
                || !legal.iter().any(|a| matches!(a, Action::Attack { .. }))
            {
                return Look::Go;
            }
            let mut app = App::from_record(record.clone(), Theme::default());
            let before = app.table.log.len();
            app.play_bots(1);
            let fought = app.table.log[before..].iter().any(|e| matches!(e, Event::Fought { .. }));
            if fought && !app.table.game().is_over() { Look::Found } else { Look::GiveUp }
        };
        if let Some(record) = walk(record, &mut rng, 3_000, look, peaceful_units) {
            return record;
        }
    }
    panic!("no position where Bob attacks next");
}

#[test]
fn r56_a_burst_of_keys_after_a_bots_fight_acts_for_no_one() {
    let record = bob_attacks_next();
    let data = TempDir::new("fight-bursts");
    let file = data.path().join("case.json");
    std::fs::write(&file, save::to_json(&record)).unwrap();
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    let args = ["--load", file.to_str().unwrap(), "--no-mouse", "--bot-delay", "200"];
    let mut s = Session::start_with(&args, &env, 140, 45);
    s.wait_for("A fight!");
    // Keys already on their way as the fight appears: dropped, the fight stays.
    s.send("\r\rer\r");
    s.pause(Duration::from_millis(800));
    assert!(s.screen().contains("A fight!"), "the burst closed the fight:\n{}", s.screen());
    // One write: its first key closes the fight, the rest must not reach Ann's turn.
    s.send("x\rr\re");
    s.pause(Duration::from_millis(400));
    assert!(!s.screen().contains("A fight!"), "a deliberate key closes it:\n{}", s.screen());
    s.wait_for("Ann: roll the dice");
    s.pause(HANDOFF_HOLD);
    let screen = s.screen();
    s.send("q");
    s.pause(Duration::from_millis(400));
    s.send("y");
    s.wait_exit();
    let after = newest_autosave(&data.path().join("autosave"));
    let g = after.game();
    assert_eq!((g.to_act(), g.phase()), (Seat(0), Phase::Roll), "Ann has not rolled; the screen:\n{screen}");
    assert!(after.len() > record.len(), "Bob's fight and the rest of his turn were played");
}
