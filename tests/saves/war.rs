//! R56 and R57 in the save layer: a war game ending in a shared win is saved, loaded and
//! replayed as it was played; undo never reaches back past a fight (H3), before a load or after.

use catan::engine::{Action, Config, Modules, Seat};
use catan::save::{self, Record, UndoRefusal};

/// Random war games (`play_random`, the games of `catan simulate --save-dir`), four players.
fn war_game(seed: u64) -> Record {
    save::play_random(Config::default().with_modules(Modules::WAR), seed).unwrap()
}

/// The record of `record`'s first `n` actions.
fn cut(record: &Record, n: usize) -> Record {
    Record::from_actions(*record.config(), record.seed(), record.names().to_vec(), &record.actions()[..n]).unwrap()
}

#[test]
fn r57_the_end_after_2n_rounds_with_a_shared_win_is_saved_loaded_and_replayed() {
    let record =
        (0..60).map(war_game).find(|r| r.game().winners().iter().count() >= 2).expect("a shared win in 60 war games");
    let game = *record.game();
    let winners: Vec<Seat> = game.winners().iter().collect();
    assert_eq!(game.turn_number(), 32, "over after turn 32, the last of 8 rounds of 4");
    let json = save::to_json(&record);
    assert!(json.contains("\"shared\""), "the save names the players sharing the win");
    let loaded = save::from_json(json.as_bytes()).unwrap();
    assert_eq!(loaded, record);
    assert_eq!(loaded.game().winners().iter().collect::<Vec<Seat>>(), winners);
    assert_eq!(loaded.replay().unwrap(), game, "the replay ends in the same shared win");
    // `catan replay --print`: every winner's line, on the last step.
    let lines: Vec<String> = save::commands::log_lines(&loaded).collect();
    let won: Vec<&String> = lines.iter().filter(|l| l.contains(" wins with ")).collect();
    assert_eq!(won.len(), winners.len(), "{won:?}");
    let last = format!("{:>5}", record.len());
    assert!(won.iter().all(|l| l.starts_with(&last)), "{won:?}");
    assert_eq!(loaded.can_undo(), Err(UndoRefusal::GameOver));
}

#[test]
fn h3_r56_undo_never_reaches_back_past_a_fight() {
    let (mut fights, mut checked) = (0, 0);
    for seed in 0..12 {
        let record = war_game(seed);
        let at = record.actions().iter().enumerate().filter(|(_, a)| matches!(a, Action::Attack { .. }));
        for (i, _) in at.take(4) {
            let mut r = cut(&record, i + 1);
            if r.game().is_over() {
                continue;
            }
            fights += 1;
            let chance = UndoRefusal::Revealed("a throw of chance");
            assert_eq!(r.can_undo(), Err(chance.clone()), "seed {seed}: the fight is final");
            let loaded = save::from_json(save::to_json(&r).as_bytes()).unwrap();
            assert_eq!(loaded.can_undo(), Err(chance.clone()), "seed {seed}: after a load too");
            // A move after the fight that reveals nothing is taken back, and undo stops at the
            // fight.
            let me = r.game().to_act();
            let quiet = r.game().legal_actions().into_iter().find(|&a| {
                let mut after = r.clone();
                after.apply(a).unwrap();
                after.game().to_act() == me && after.can_undo().is_ok()
            });
            if let Some(a) = quiet {
                r.apply(a).unwrap();
                assert_eq!(r.undo(), Ok(a));
                assert_eq!(r.undo(), Err(chance), "seed {seed}: undo reached back past the fight");
                assert!(matches!(r.actions().last(), Some(Action::Attack { .. })));
                checked += 1;
            }
        }
    }
    assert!(fights >= 10 && checked >= 5, "{fights} fights, {checked} followed by a quiet move");
}
