//! R56 and R57 in random games: seeded games on every map with knights, ships and attacks, half
//! of them with phases, and a seeded sample of the land modules, played by random players who
//! attack whenever they can now and then (the set-up and the checks every random game gets are
//! `support::random_play`'s). Here: every fight reveals chance (H3), is never a tie, and is won
//! now and then; with phases every game ends by its last round; without them games may run
//! long, and the test says how many reached the turn limit. Every bot level plays attacks and
//! phases legally.

use crate::support::bots::play_bots;
use crate::support::random_play::{self, Player, Step};
use catan::bots::BotLevel;
use catan::engine::{Action, Config, Event, FightResult, Module, Modules};

/// Turns after which a game without phases counts as unfinished (attacks may make it long).
const TURN_LIMIT: u32 = 3000;

/// Knights, ships and attacks; phases in odd games.
fn config(seed: u64) -> Config {
    let attacks = Modules(Modules::WAR.0 & !Module::Phases.bit());
    random_play::rules(seed, if seed % 2 == 1 { Modules::WAR } else { attacks })
}

#[test]
fn r56_r57_random_games_with_attacks_conserve_cards_and_list_exactly_the_legal_actions() {
    let (mut fights, mut won, mut unfinished, mut without_phases) = (0, 0, 0, 0);
    for seed in 0..24u64 {
        let config = config(seed);
        let phases = config.modules.has(Module::Phases);
        let player = Player { turn_limit: TURN_LIMIT, ..Player::default() };
        let g = random_play::play(config, seed, player, |step: &Step| {
            if !matches!(step.action, Action::Attack { .. }) {
                return;
            }
            fights += 1;
            assert!(step.before.revealed(step.action, step.after).is_some(), "{}: a fight reveals chance", step.ctx);
            let fought = step.events.iter().find_map(|e| match *e {
                Event::Fought { dice, plus, result, .. } => Some((dice, plus, result)),
                _ => None,
            });
            let (dice, plus, result) = fought.unwrap_or_else(|| panic!("{}: no fight event", step.ctx));
            assert_ne!(dice[0] + plus[0], dice[1] + plus[1], "{}: a tie is rolled again", step.ctx);
            won += (result != FightResult::Held) as u32;
        });
        if phases {
            let n = config.players as u32;
            assert!(g.is_over() && g.turn_number() <= 2 * n * n + 1, "seed {seed}: a war game past its last round");
        } else {
            without_phases += 1;
            unfinished += !g.is_over() as u32;
        }
    }
    println!(
        "{fights} fights, {won} won by the attacker; without phases {unfinished} of {without_phases} games at the {TURN_LIMIT}-turn limit"
    );
    assert!(fights > 200 && won > 50, "{fights} fights, {won} won");
}

#[test]
fn r56_r57_every_bot_level_plays_attacks_legally() {
    let mut finished = 0;
    for level in BotLevel::ALL {
        let games = match level {
            BotLevel::Random | BotLevel::Easy | BotLevel::Medium => 3,
            _ => 1,
        };
        for seed in 0..games {
            let g = play_bots(level, seed, config(seed), TURN_LIMIT);
            finished += g.is_over() as u32;
        }
    }
    assert!(finished > 0, "some game ended");
}
