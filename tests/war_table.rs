//! Issue 33 end to end in the real binary, in a pseudo-terminal: the war game (R57) at its
//! end names the real winner in every place (the header too, not the player who acted last),
//! and a table of computer players only is never stopped by a fight box.
#![cfg(unix)]

mod support;

use std::time::{Duration, Instant};

use catan::engine::{Action, Config, Event, Game, MapId, Module, Modules, Phase, Seat};
use catan::save::{self, Record, SeatInfo};
use support::files::{TempDir, newest_autosave};
use support::pty::{HANDOFF_HOLD, Session};
use support::walk::{Lcg, Look, walk};

/// The war game of Ann and Bob (people) on the archipelago with accelerated start, played by
/// the rules engine up to the last turn of the war's last round, in which the player to act
/// has fewer points than the other: ending that turn ends the war with the other as winner.
fn last_turn_of_a_lost_war() -> Record {
    let modules = Modules(Modules::WAR.0 | Module::AcceleratedStart.bit());
    let config = Config { players: 2, ..Config::on_map(MapId::Archipelago) }.with_modules(modules);
    let seats = SeatInfo::humans(vec!["Ann".to_string(), "Bob".to_string()]);
    let last = |g: &Game| g.war_round().is_some_and(|(round, _)| round == 3) && g.turn_number() == 8;
    for seed in 1..400u64 {
        let record = Record::new_with_seats(config, seed, seats.clone()).unwrap();
        // The last turn's main phase: found if the player to act has fewer points.
        let look = |record: &Record, _: &[Event]| {
            let g = *record.game();
            if g.is_over() {
                return Look::GiveUp;
            }
            if !(last(&g) && g.phase() == Phase::Main) {
                return Look::Go;
            }
            let (me, other) = (g.to_act(), Seat(1 - g.to_act().0));
            if g.view(me).victory_points() < g.view(other).victory_points() { Look::Found } else { Look::GiveUp }
        };
        // Rolls and buildings first, the turn ended at random (never in the last turn).
        let choose = |g: &Game, legal: &[Action], rng: &mut Lcg| {
            let x = rng.next();
            legal
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::OfferTrade { .. }))
                .max_by_key(|a| match a {
                    Action::RollDice => 9,
                    Action::BuildCity(_) | Action::BuildSettlement(_) => 8,
                    Action::EndTurn if last(g) => 0,
                    Action::EndTurn => 1 + (x >> 62) as u8,
                    _ => 2,
                })
                .unwrap_or(legal[(x >> 33) as usize % legal.len()])
        };
        if let Some(record) = walk(record, &mut Lcg::new(seed), usize::MAX, look, choose) {
            return record;
        }
    }
    panic!("no war game where the last player to act loses");
}

#[test]
fn r57_the_header_names_the_winner_not_the_player_who_ended_the_war() {
    let record = last_turn_of_a_lost_war();
    let g = *record.game();
    let names = ["A Ann", "B Bob"];
    let (loser, winner) = (g.to_act(), Seat(1 - g.to_act().0));
    let data = TempDir::new("war-end");
    let file = data.path().join("case.json");
    std::fs::write(&file, save::to_json(&record)).unwrap();
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    let mut s = Session::start_with(&["--load", file.to_str().unwrap(), "--no-mouse"], &env, 140, 45);
    s.wait_for("Pass the keyboard");
    s.take_keyboard("end the turn (e)");
    s.send("e");
    s.wait_for("wins with");
    s.pause(Duration::from_millis(300));
    let screen = s.screen();
    let header = screen.lines().next().unwrap_or_default().to_string();
    assert!(header.contains(&format!("{} won", names[winner.index()])), "the header names the winner:\n{screen}");
    assert!(!header.contains(names[loser.index()]), "the header names the loser:\n{screen}");
    let name = &names[winner.index()][2..];
    assert!(screen.contains(&format!("{name} wins with")), "the body names the winner:\n{screen}");
    s.send("q");
    s.pause(Duration::from_millis(300));
    s.send("y");
    s.wait_exit();
    let saved = newest_autosave(&data.path().join("autosave"));
    assert_eq!(saved.game().winner(), Some(winner), "the save names the winner");
    assert_eq!(saved.game().winners().iter().collect::<Vec<_>>(), vec![winner]);
    // The replay of that save, at its last step.
    let file = data.path().join("ended.json");
    std::fs::write(&file, save::to_json(&saved)).unwrap();
    let mut r = Session::start_with(&["replay", file.to_str().unwrap()], &env, 140, 45);
    r.wait_for("REPLAY");
    r.send("\x1b[F");
    r.wait_for("game over:");
    let screen = r.screen();
    assert!(screen.contains(&format!("game over: {} won", names[winner.index()])), "the replay:\n{screen}");
    r.send("q");
    r.wait_exit();
}

#[test]
fn r56_a_table_of_computer_players_goes_on_after_a_fight() {
    let args = [
        "--seed",
        "21",
        "--players",
        "bot:medium,bot:medium,bot:easy",
        "--map",
        "archipelago",
        "--house-rules",
        "war",
        "--bot-delay",
        "0",
        "--no-mouse",
    ];
    let mut s = Session::start(&args, 140, 45);
    // Seed 21 fights in turn 12 (issue 33); the war ends after its sixth round, turn 18.
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut fought = false;
    loop {
        s.pause(Duration::from_millis(100));
        let screen = s.screen();
        fought |= screen.contains("attacks");
        if screen.contains("wins with") || screen.contains("share the win") {
            break;
        }
        assert!(Instant::now() < deadline, "the bots' game stopped:\n{screen}");
    }
    assert!(fought, "a fight was fought on the way");
    s.pause(HANDOFF_HOLD);
    s.send("q");
    s.pause(Duration::from_millis(300));
    s.send("y");
    s.wait_exit();
}
