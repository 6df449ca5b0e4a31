//! R57 phases: a build phase of N rounds, then an attack phase of N rounds; attacks refused in
//! the build phase; each attack round ordered by score (points plus units on the board, ties in
//! seat order) as it starts; a 7 in the attack phase does nothing; the end after the last round
//! with the most points winning, ties sharing.

use crate::support::board::*;
use catan::engine::{
    Action, BoardKind, Config, Event, Game, Module, Modules, Phase, RuleError, Scenario, Seat, Target, UnitKind,
};

fn war() -> Config {
    Config { board: BoardKind::Beginner, ..Config::default().with_modules(Modules::WAR) }
}

#[test]
fn r57_attacks_are_refused_in_the_build_phase() {
    let v = corner(FOREST_9, N);
    let s = Scenario::new(war(), 1).turn(A).settlement(B, v).unit(A, UnitKind::Knight, FOREST_9);
    let mut g = s.clone().turn_number(16).rolled().build().unwrap();
    assert_eq!(g.war_round(), Some((3, false)));
    refused(&mut g, Action::Attack { unit: 0, target: Target::Building(v) }, RuleError::BuildPhase);
    let g = s.turn_number(17).turn(A).rolled().build().unwrap();
    assert_eq!(g.war_round(), Some((4, true)));
    assert!(g.legal_actions().contains(&Action::Attack { unit: 0, target: Target::Building(v) }));
    assert!(Config { modules: Modules::NONE.with(Module::Phases), ..Config::default() }.validate().is_err());
}

#[test]
fn r57_the_attack_phase_order_by_score_with_ties_in_seat_order() {
    // Scores: A 2 points + 1 unit = 3; B 1; C 1 + 2 units = 3; D 2.
    let mut g = Scenario::new(war(), 1)
        .turn(A)
        .settlement(A, corner(MOUNTAINS_10, N))
        .settlement(A, corner(HILLS_5, S))
        .unit(A, UnitKind::Knight, DESERT)
        .settlement(B, corner(FOREST_9, N))
        .settlement(C, corner(FIELDS_12, N))
        .unit(C, UnitKind::Knight, DESERT)
        .unit(C, UnitKind::Archer, DESERT)
        .settlement(D, corner(PASTURE_11, S))
        .settlement(D, corner(FOREST_3, S))
        .turn_number(16)
        .rolled()
        .build()
        .unwrap();
    assert_eq!(g.attack_order(), None, "build phase");
    let events = play(&mut g, Action::EndTurn);
    assert_eq!(g.turn_number(), 17);
    assert_eq!(g.attack_order(), Some(vec![B, D, A, C]));
    assert!(has_event!(events, Event::TurnStarted { seat: B, number: 17 }));
    assert_eq!((g.war_score(A), g.war_score(C)), (3, 3));
}

#[test]
fn r57_a_seven_in_the_attack_phase_with_no_robber_discard_or_pick() {
    let robber = |g: &Game| g.board().robber();
    let g = Scenario::new(war(), 1).turn(A).hand(B, hand(3, 3, 3, 3, 0)).turn_number(17).next_roll(7).build().unwrap();
    let mut g = g;
    let before = robber(&g);
    let events = play(&mut g, Action::RollDice);
    assert!(!has_event!(events, Event::MustDiscard { .. }));
    assert_eq!(g.phase(), Phase::Main, "no discard, robber or pick");
    assert_eq!(robber(&g), before);
    // With no robber (R45) too: no choice of cards.
    let config =
        Config { board: BoardKind::Beginner, ..Config::default().with_modules(Modules::WAR.with(Module::NoRobber)) };
    let mut g = Scenario::new(config, 1)
        .turn(A)
        .settlement(A, corner(FOREST_9, N))
        .turn_number(17)
        .next_roll(7)
        .build()
        .unwrap();
    play(&mut g, Action::RollDice);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn r57_the_end_after_2n_rounds_with_two_players_tied_sharing_the_win() {
    let mut g = Scenario::new(war(), 1)
        .turn(A)
        .settlement(A, corner(MOUNTAINS_10, N))
        .settlement(A, corner(HILLS_5, S))
        .settlement(B, corner(FOREST_9, N))
        .settlement(C, corner(FIELDS_12, N))
        .settlement(C, corner(PASTURE_11, S))
        .turn_number(32)
        .rolled()
        .build()
        .unwrap();
    assert_eq!(g.war_round(), Some((7, true)), "the last round");
    let events = play(&mut g, Action::EndTurn);
    assert!(g.is_over());
    assert_eq!(g.winners().iter().collect::<Vec<Seat>>(), vec![A, C]);
    assert!(has_event!(events, Event::Won { seat: A, points: 2 }));
    assert!(has_event!(events, Event::Won { seat: C, points: 2 }));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn r57_random_war_games_all_end_by_the_last_round() {
    use catan::bots::SplitMix64;
    for seed in 0..20u64 {
        let players = 2 + (seed % 3) as u8;
        let config = Config { players, ..Config::default() }.with_modules(Modules::WAR);
        let mut g = Game::new(config, seed).unwrap();
        let mut rng = SplitMix64::new(seed);
        while !g.is_over() {
            let n = players as u32;
            assert!(g.turn_number() <= 2 * n * n, "seed {seed}: past the last round");
            let legal = g.legal_actions();
            if g.war_round().is_some_and(|(_, attack)| !attack) {
                assert!(!legal.iter().any(|a| matches!(a, Action::Attack { .. })), "seed {seed}: build phase");
            }
            let attacks: Vec<_> = legal.iter().copied().filter(|a| matches!(a, Action::Attack { .. })).collect();
            let a = if !attacks.is_empty() && rng.below(2) == 0 {
                attacks[rng.below(attacks.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            g.apply(a).unwrap();
            assert_eq!(g.validate(), Ok(()));
        }
    }
}
