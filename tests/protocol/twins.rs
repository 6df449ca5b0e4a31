//! H1, H2, H7 on the wire: the bytes a program receives carry only its seat's view. Twin games
//! agree on everything seat 0 may see and differ in what it may not (the others' hands and
//! development cards, the deck's order, the generator behind the dice to come: the real game
//! against one the view deals afresh). A program seated at each twin receives the same bytes,
//! its hello, start and every decision of its turn, up to the first action that brings hidden
//! information to light (a roll, a steal, a card drawn), where they should differ.

use std::path::Path;

use rand::SeedableRng;

use catan::bots::{self, Bot, BotLevel};
use catan::engine::{Action, Config, Game, Phase, Seat};
use catan::protocol::{ProgramBot, ProgramSpec};

const ME: Seat = Seat(0);

/// A program that writes every byte it receives to `file`, then plays as `catan seat`.
fn recorder(file: &Path) -> ProgramSpec {
    let script = format!("tee '{}' | exec '{}' seat --level medium --seed 7", file.display(), super::catan_bin());
    ProgramSpec { argv: vec!["sh".into(), "-c".into(), script] }
}

/// The complete lines a recording holds, but the last message (`end`, which may be cut short
/// when the program is stopped).
fn lines(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.split_inclusive('\n')
        .filter(|l| l.ends_with('\n') && !l.contains(r#""type":"end""#))
        .map(String::from)
        .collect()
}

/// A game played by bots until seat 0 has rolled (not a 7) in turn 5 or later.
fn after_my_roll(seed: u64) -> Option<Game> {
    let config = Config::with_players(4);
    let mut game = Game::new(config, seed).unwrap();
    let mut seats: Vec<Box<dyn Bot>> = (0..4).map(|s| bots::make(BotLevel::Medium, seed + s)).collect();
    while !game.is_over() {
        if game.current_player() == ME && game.turn_number() >= 5 && game.phase() == Phase::Main {
            return Some(game);
        }
        let action = seats[game.to_act().index()].choose(game.acting_view());
        game.apply(action).unwrap();
    }
    None
}

#[test]
fn the_bytes_a_program_receives_are_the_same_for_games_its_seat_cannot_tell_apart() {
    let dir = std::env::temp_dir().join(format!("catan-seat-twins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Di"].map(String::from).to_vec();
    let (mut windows, mut decisions, mut hidden_differs) = (0, 0, 0);
    for seed in 0..4u64 {
        let Some(real) = after_my_roll(seed) else { continue };
        for k in 0..2u64 {
            let twin = real.view(ME).determinize(&mut rand_chacha::ChaCha8Rng::seed_from_u64(k));
            assert_eq!(twin.view(ME).snapshot(), real.view(ME).snapshot(), "the twin looks the same to seat 0");
            // Reading every hand is the test's business (the referee's), not the program's.
            hidden_differs += (1..4).any(|s| twin.view(Seat(s)).hand() != real.view(Seat(s)).hand()) as u32;
            let files = [dir.join(format!("{seed}-{k}-real")), dir.join(format!("{seed}-{k}-twin"))];
            let mut programs: Vec<ProgramBot> =
                files.iter().map(|f| ProgramBot::new(recorder(f), ME, names.clone(), 1)).collect();
            let (mut a, mut b) = (real, twin);
            while a.to_act() == ME && !a.is_over() {
                let action = programs[0].choose(a.acting_view());
                assert_eq!(programs[1].choose(b.acting_view()), action, "the same bytes, the same answer");
                assert!(programs.iter_mut().all(|p| p.take_notice().is_none()), "no program was stopped");
                decisions += 1;
                let before = a;
                let events = a.apply(action).unwrap();
                let twin_events = b.apply(action).expect("legal in the twin: it rests on seat 0's own cards");
                if before.revealed(action, &a).is_some() || matches!(action, Action::EndTurn) {
                    break;
                }
                programs[0].observe(&events);
                programs[1].observe(&twin_events);
            }
            drop(programs);
            let (real_bytes, twin_bytes) = (lines(&files[0]), lines(&files[1]));
            assert!(real_bytes.len() >= 3, "hello, start and a decision were recorded: {real_bytes:?}");
            assert_eq!(real_bytes, twin_bytes, "seed {seed} twin {k}: the program saw the same bytes");
            windows += 1;
        }
    }
    assert!(windows >= 6 && decisions >= windows, "{windows} windows, {decisions} decisions");
    assert!(hidden_differs >= windows / 2, "the twins really differ in hidden cards ({hidden_differs} of {windows})");
    let _ = std::fs::remove_dir_all(&dir);
}
