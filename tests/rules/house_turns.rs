//! House rules of `seeds/002` that change the course of play and its prices: R46 rotating first
//! player, R47 the dice stack, R48 the seed's costs.

use crate::support::board::*;
use catan::bots::SplitMix64;
use catan::engine::{Action, Config, Costs, Event, Game, Module, Modules, Seat, Snapshot};

fn with(m: Module) -> Config {
    Config::default().with_modules(Modules::NONE.with(m))
}

/// Plays random legal actions until the game ends or `turns` turns have started, handing every
/// event to `seen`.
fn random_game(config: Config, seed: u64, turns: u32, mut seen: impl FnMut(&Game, &Event)) -> Game {
    let mut g = Game::new(config, seed).unwrap();
    let mut rng = SplitMix64::new(seed);
    while !g.is_over() && g.turn_number() <= turns {
        let legal = g.legal_actions();
        // Ending the turn half the time when allowed keeps turns short.
        let a = if legal.contains(&Action::EndTurn) && rng.below(2) == 0 {
            Action::EndTurn
        } else {
            legal[rng.below(legal.len())]
        };
        for e in g.apply(a).unwrap() {
            seen(&g, &e);
        }
    }
    g
}

#[test]
fn r46_each_round_starts_one_seat_later() {
    for seed in 0..6 {
        let players = 2 + seed as u8 % 3;
        let config = Config::with_players(players).with_modules(Modules::NONE.with(Module::RotatingFirstPlayer));
        let mut starts = Vec::new();
        let first = Game::new(config, seed).unwrap().first_player();
        random_game(config, seed, 40, |g, e| {
            if let Event::TurnStarted { seat, number } = *e {
                starts.push((number, seat));
                assert_eq!(g.round(), Some((number - 1) / players as u32));
                assert_eq!(g.round_order().unwrap()[(number as usize - 1) % players as usize], seat);
            }
        });
        assert!(starts.len() > 3 * players as usize, "seed {seed}: too short a game");
        assert_eq!(starts[0], (1, first));
        let order: Vec<Seat> = starts.iter().map(|&(_, s)| s).collect();
        let n = players as usize;
        for (k, round) in order.chunks(n).enumerate() {
            assert_eq!(round[0], Seat((first.0 + k as u8) % players), "seed {seed}, round {k}");
            for (i, &s) in round.iter().enumerate() {
                assert_eq!(s, Seat((round[0].0 + i as u8) % players), "round {k} goes in seat order");
            }
            // The first player of a round is the last of the next.
            if let Some(next) = order.chunks(n).nth(k + 1).filter(|r| r.len() == n) {
                assert_eq!(next[n - 1], round[0]);
            }
        }
    }
}

#[test]
fn r46_without_the_module_there_are_no_rounds() {
    let g = random_game(Config::default(), 3, 5, |_, _| {});
    assert_eq!((g.round(), g.round_order()), (None, None));
    assert_eq!(g.view(A).snapshot().round, None);
}

#[test]
fn r47_the_dice_stack_gives_the_36_outcomes_exactly_once_per_stack() {
    for seed in 0..4 {
        let mut rolls = Vec::new();
        let mut left_before = Vec::new();
        random_game(with(Module::DiceStack), seed, 150, |g, e| {
            if let Event::DiceRolled { dice, .. } = *e {
                rolls.push(dice);
                left_before.push(g.view(A).dice_stack_left().unwrap());
            }
        });
        assert!(rolls.len() >= 72, "seed {seed}: only {} rolls", rolls.len());
        for stack in rolls.chunks_exact(36) {
            let mut cards: Vec<[u8; 2]> = stack.to_vec();
            cards.sort();
            cards.dedup();
            assert_eq!(cards.len(), 36, "seed {seed}: a stack repeated a card");
        }
        // Cards left after each roll: 35, 34, ..., 0 shows as a fresh 36.
        for (i, &left) in left_before.iter().enumerate() {
            assert_eq!(left, 36 - (i as u32 % 36 + 1) + if i % 36 == 35 { 36 } else { 0 });
        }
    }
}

#[test]
fn r47_the_stacks_order_is_saved_and_hidden() {
    let mut g = random_game(with(Module::DiceStack), 9, 10, |_, _| {});
    let json = serde_json::to_string(&g.snapshot()).unwrap();
    let mut copy = Game::from_snapshot(serde_json::from_str::<Snapshot>(&json).unwrap()).unwrap();
    assert_eq!(copy, g);
    // The loaded game rolls what the game would have rolled.
    let a = random_game_from(&mut g, 11);
    let b = random_game_from(&mut copy, 11);
    assert_eq!(a, b);
    // A view tells how many cards are left, never which come next: games differing only in
    // the RNG, so in the stack's order, look the same to every seat.
    let json = serde_json::to_string(&g.view(B).snapshot()).unwrap();
    assert!(json.contains("\"dice_stack_left\""));
    let mut other = g.snapshot();
    other.rng.word_pos += 16;
    let other = Game::from_snapshot(other).unwrap();
    for s in g.seats() {
        assert_eq!(g.view(s).snapshot(), other.view(s).snapshot());
    }
    // A stack holding a card no dice give is refused.
    let mut bad = g.snapshot();
    bad.house.dice_stack.0 = 1 << 40;
    assert!(Game::from_snapshot(bad).is_err());
}

/// Plays 200 random actions from `g`, returning the rolls.
fn random_game_from(g: &mut Game, seed: u64) -> Vec<[u8; 2]> {
    let mut rng = SplitMix64::new(seed);
    let mut rolls = Vec::new();
    for _ in 0..200 {
        if g.is_over() {
            break;
        }
        let legal = g.legal_actions();
        for e in g.apply(legal[rng.below(legal.len())]).unwrap() {
            if let Event::DiceRolled { dice, .. } = e {
                rolls.push(dice);
            }
        }
    }
    rolls
}

#[test]
fn r47_a_game_without_the_stack_saves_as_before() {
    let g = Game::new(Config::default(), 1).unwrap();
    let json = serde_json::to_string(&g.snapshot()).unwrap();
    assert!(!json.contains("house"), "{json}");
    assert_eq!(g.view(A).dice_stack_left(), None);
}

#[test]
fn r48_the_seeds_costs() {
    let config = with(Module::SeedCosts);
    assert_eq!(config.costs, Costs::SEED);
    assert_eq!(Config::default().with_modules(Modules::NONE).costs, Costs::BASE);
    // A city for 2 ore and 2 grain.
    let mut g =
        scenario_with(config).settlement(A, corner(HILLS_6, N)).hand(A, hand(0, 0, 0, 2, 2)).rolled().build().unwrap();
    play(&mut g, Action::BuildCity(corner(HILLS_6, N)));
    assert_eq!(g.view(A).hand(), hand(0, 0, 0, 0, 0));
    // A settlement for brick, lumber and grain: the wool stays.
    let mut g = scenario_with(config)
        .settlement(A, corner(HILLS_6, N))
        .roads(A, &[corner(HILLS_6, N), corner(HILLS_6, NW), corner(FIELDS_12, SE), corner(FIELDS_12, S)])
        .hand(A, hand(1, 1, 1, 1, 0))
        .rolled()
        .build()
        .unwrap();
    play(&mut g, Action::BuildSettlement(corner(FIELDS_12, S)));
    assert_eq!(g.view(A).hand(), hand(0, 0, 1, 0, 0));
    // In the base game that city is out of reach.
    let g = scenario().settlement(A, corner(HILLS_6, N)).hand(A, hand(0, 0, 0, 2, 2)).rolled().build().unwrap();
    assert!(!g.is_legal(Action::BuildCity(corner(HILLS_6, N))));
}

#[test]
fn house_rules_are_named_as_in_rules_md() {
    let all = Modules::parse("land").unwrap();
    assert_eq!(all, Modules::LAND);
    assert_eq!(Config::default().with_modules(all).validate(), Ok(()));
    let two = Modules::parse("dice_stack, rotating-first-player").unwrap();
    assert_eq!(two.iter().map(Module::name).collect::<Vec<_>>(), ["rotating_first_player", "dice_stack"]);
    assert!(Modules::parse("dragons").unwrap_err().contains("no house rule 'dragons'"));
    assert_eq!(Modules::parse(""), Ok(Modules::NONE));
    // Every module of `land` is playable; a module number this version doesn't know is refused.
    assert_eq!(Modules::LAND.iter().count(), 10);
    let unknown = Config { modules: Modules(1 << Module::ALL.len()), ..Config::default() };
    assert_eq!(
        unknown.validate().unwrap_err().to_string(),
        "the house rule of an unknown number isn't playable in this version"
    );
    // R43: the dragon brings the gold it needs; a configuration with the dragon alone is refused.
    let dragon = Config::default().with_modules(Modules::NONE.with(Module::Dragon));
    assert!(dragon.modules.has(Module::Gold));
    let alone = Config { modules: Modules::NONE.with(Module::Dragon), ..Config::default() };
    assert_eq!(
        alone.validate().unwrap_err().to_string(),
        "the dragon (R43) needs gold (R42): add gold to the house rules"
    );
    // Modules round-trip through the saved configuration.
    let c = Config::default().with_modules(all);
    let back: Config = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
    assert_eq!(back, c);
}
