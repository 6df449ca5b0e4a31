//! R57 phases: a build phase of N rounds, then an attack phase of N rounds; attacks refused in
//! the build phase; each attack round ordered by score (points plus units on the board, ties in
//! seat order) as it starts; a 7 in the attack phase does nothing; the end after the last round
//! with the most points winning, ties sharing.

use crate::support::board::*;
use catan::engine::{
    Action, AttackOrder, BoardKind, Config, Event, Game, Module, Modules, Phase, RuleError, Scenario, Seat, Target,
    UnitKind, WarTurn,
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

/// Issue 42: R57's round arithmetic answered by the engine for any turn (the terminal wrote it
/// again): four players, four build rounds of four turns (1-16), four attack rounds (17-32).
#[test]
fn r57_where_any_turn_falls_in_the_war() {
    let g = Scenario::new(war(), 1).build().unwrap();
    let at = |attack, round, place| Some(WarTurn { attack, round, place, rounds: 4 });
    assert_eq!(g.war_turn(0), None, "set-up");
    assert_eq!(g.war_turn(1), at(false, 0, 0));
    assert_eq!(g.war_turn(7), at(false, 1, 2));
    assert_eq!(g.war_turn(16), at(false, 3, 3));
    assert_eq!(g.war_turn(17), at(true, 0, 0));
    assert_eq!(g.war_turn(30), at(true, 3, 1));
    assert_eq!(g.war_turn(32), at(true, 3, 3));
    assert_eq!(g.war_turn(33), None, "past the last round");
    let base = Scenario::new(Config::default(), 1).build().unwrap();
    assert_eq!(base.war_turn(17), None, "without phases");
}

/// Issue 42: an attack round's order as a type, saved as the number it always was.
#[test]
fn r57_an_attack_order_reads_its_seats_first_to_last() {
    let order = AttackOrder::of(&[B, D, A, C]);
    assert_eq!(order.seats().collect::<Vec<_>>(), vec![B, D, A, C]);
    assert_eq!((order.seat(0), order.seat(3), order.seat(4)), (Some(B), Some(C), None));
    assert!(AttackOrder::default().is_empty() && !order.is_empty());
    assert_eq!(AttackOrder::default().seats().count(), 0);
    // 4 bits a place, seat + 1: B=2, D=4, A=1, C=3.
    assert_eq!(serde_json::to_string(&order).unwrap(), (2 | 4 << 4 | 1 << 8 | 3 << 12).to_string());
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
    // Issue 42: the engine says so, right after the roll (the terminal rebuilt it before).
    assert!(matches!(events[..], [Event::DiceRolled { seat: A, .. }, Event::QuietSeven { seat: A }]), "{events:?}");
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

/// A land hex of `config`'s map and a corner of it, for a fight on a map without names.
fn a_hex_and_corner(config: &Config) -> (catan::engine::Hex, catan::engine::Vertex) {
    let t = config.map.topology();
    let h = catan::engine::Hex(4);
    (h, t.hex_vertices(h)[0])
}

/// R57 with R40a: a paired turn is one step of a round (six players: 36 turns of building, 36
/// of attacks); the first player of each attack turn comes from the round's order and the
/// second is the third after them; each partner attacks only in their own part, with their own
/// units; the war ends after turn 72, its second part included.
#[test]
fn r57_r40a_paired_turns_are_one_step_of_a_round_and_each_partner_attacks_in_their_own_part() {
    let config =
        Config { turns: catan::engine::TurnStyle::Paired, ..Config::with_players(6) }.with_modules(Modules::WAR);
    let (h, v) = a_hex_and_corner(&config);
    let e = Seat(4);
    // Scores: E 1 (a settlement), B and F 1 each (a knight): the order is A, C, D (0), then
    // B, E, F (1), ties in seat order.
    let scn = Scenario::new(config, 1).settlement(e, v).unit(B, UnitKind::Knight, h).unit(Seat(5), UnitKind::Knight, h);
    let attack = Action::Attack { unit: 0, target: Target::Building(v) };
    // Turn 36, the last of the build phase: A's part, then D's, and no attack in either.
    let mut g = scn.clone().turn_number(36).turn(A).rolled().build().unwrap();
    assert_eq!(g.war_round(), Some((5, false)));
    play(&mut g, Action::EndTurn);
    assert_eq!(g.to_act(), D, "the second part of the pair");
    assert_eq!(g.turn_number(), 36, "a paired turn is one step");
    // Turn 37: the attack phase; the order by score, ties in seat order.
    let events = play(&mut g, Action::EndTurn);
    assert_eq!(g.war_round(), Some((6, true)));
    assert_eq!(g.attack_order(), Some(vec![A, C, D, B, e, Seat(5)]));
    assert!(has_event!(events, Event::TurnStarted { seat: A, number: 37 }));
    // A has no unit, and B's knight acts only in B's own part: no attack in A's.
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Attack { .. })), "A has no unit");
    // The fourth turn of the round is B's, whose partner is E.
    let mut g = scn.clone().turn_number(40).rolled().build().unwrap();
    assert_eq!(g.current_player(), B, "the fourth of the order");
    assert!(g.legal_actions().contains(&attack), "B attacks E's settlement in B's own part");
    let events = play(&mut g, Action::EndTurn);
    assert!(has_event!(events, Event::SecondOfPair { seat, first: B } if *seat == e));
    refused(&mut g, attack, RuleError::NoSuchUnit(0));
    // F, whose knight stands there too, attacks in their own part: turn 42, the sixth.
    let g = scn.clone().turn_number(42).rolled().build().unwrap();
    assert_eq!(g.current_player(), Seat(5));
    assert!(g.legal_actions().contains(&attack));
    // The last turn: both parts are played, then the war ends (E alone has the most points).
    let mut g = scn.turn_number(72).rolled().build().unwrap();
    play(&mut g, Action::EndTurn);
    assert!(!g.is_over(), "the pair's second part is still to play");
    play(&mut g, Action::EndTurn);
    assert!(g.is_over());
    assert_eq!(g.winners().iter().collect::<Vec<Seat>>(), vec![e]);
}

/// R57 with R40: after each attack turn the other players build in seat order (no unit built,
/// no attack), then the round's order goes on; the war ends after the last turn's Special
/// Building Phase.
#[test]
fn r57_r40_the_special_building_phase_in_the_attack_phase() {
    let config = Config::with_players(5).with_modules(Modules::WAR);
    let (h, v) = a_hex_and_corner(&config);
    // Scores: A 2 (settlement and knight), B 1, C 1 (a knight), D 0, E 0: order D, E, B, C, A.
    let scn = Scenario::new(config, 1)
        .settlement(A, v)
        .unit(A, UnitKind::Knight, h)
        .unit(B, UnitKind::Knight, h)
        .unit(C, UnitKind::Knight, h)
        .hand(C, catan::engine::Hand::from_counts([0, 0, 1, 0, 1, 0]));
    let mut g = scn.clone().turn_number(25).turn(A).rolled().build().unwrap();
    assert_eq!(g.war_round(), Some((4, false)), "the last build turn");
    let events = play(&mut g, Action::EndTurn);
    assert!(has_event!(events, Event::SpecialBuilding { seat: B }));
    for _ in 0..4 {
        play(&mut g, Action::EndTurn);
    }
    assert_eq!(g.attack_order(), Some(vec![D, Seat(4), B, C, A]));
    assert_eq!((g.turn_number(), g.current_player()), (26, D));
    // D's turn ends: E, A, B, C build in seat order, none attacking or building a unit.
    play(&mut g, Action::RollDice);
    while g.phase() != Phase::Main {
        let a = g.legal_actions()[0];
        g.apply(a).unwrap();
    }
    play(&mut g, Action::EndTurn);
    assert_eq!(g.phase(), Phase::SpecialBuilding { seat: Seat(4) });
    play(&mut g, Action::EndTurn);
    assert_eq!(g.phase(), Phase::SpecialBuilding { seat: A });
    let attack = Action::Attack { unit: 0, target: Target::Building(v) };
    play(&mut g, Action::EndTurn);
    assert_eq!(g.phase(), Phase::SpecialBuilding { seat: B });
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Attack { .. })), "no attack in the phase");
    assert!(matches!(g.check(attack), Err(RuleError::NotNow(_))));
    play(&mut g, Action::EndTurn);
    assert_eq!(g.phase(), Phase::SpecialBuilding { seat: C });
    assert!(!g.legal_actions().iter().any(|a| a.is_unit() || matches!(a, Action::Attack { .. })));
    let events = play(&mut g, Action::EndTurn);
    assert!(has_event!(events, Event::TurnStarted { seat: catan::engine::Seat(4), number: 27 }), "{events:?}");
    // The last turn: the war ends once its Special Building Phase is over.
    let mut g = scn.turn_number(50).rolled().build().unwrap();
    play(&mut g, Action::EndTurn);
    for _ in 0..3 {
        assert!(matches!(g.phase(), Phase::SpecialBuilding { .. }));
        play(&mut g, Action::EndTurn);
    }
    assert!(!g.is_over());
    play(&mut g, Action::EndTurn);
    assert!(g.is_over());
    assert_eq!(g.winners().iter().collect::<Vec<Seat>>(), vec![A]);
}
