//! Units and fights as the bots value them (issues 25 and 26): `medium` and `hard` build a
//! knight toward Largest Army (R52) and guard a building against the dragon (R43 with knights),
//! attack when the odds and the stakes are good and not when winning would hand the leader an
//! award (R56), and every level plays `war` games legally to the end on every map.

use crate::support::board::*;
use crate::support::bots::make;
use catan::bots::{BotLevel, odds};
use catan::engine::{Action, Config, Game, Hand, Hex, MapId, Module, Modules, Piece, Scenario, Target, UnitKind};

/// Knights, ships and attacks, without phases.
fn war() -> Config {
    Config::default().with_modules(Modules(Modules::WAR.0 & !Module::Phases.bit()))
}

/// The decision of a `level` bot (seed 1) for the seat to act in `game`: the hard player with
/// its worlds as in play (32, up to 128 when close) and time to spare, so the clock never
/// decides.
fn decide(level: BotLevel, game: &Game) -> Action {
    let mut bot = match level {
        BotLevel::Hard => catan::bots::make(level, 1),
        _ => make(level, 1),
    };
    bot.set_time(std::time::Duration::from_secs(30));
    bot.choose(game.acting_view())
}

/// What a `level` bot plays in the rest of A's turn from `game` (its dice as they fall).
fn turn(level: BotLevel, game: &Game) -> Vec<Action> {
    let mut bot = match level {
        BotLevel::Hard => catan::bots::make(level, 1),
        _ => make(level, 1),
    };
    bot.set_time(std::time::Duration::from_secs(30));
    let mut g = *game;
    let mut played = Vec::new();
    while !g.is_over() && g.to_act() == A && played.len() < 40 {
        let action = bot.choose(g.acting_view());
        g.apply(action).unwrap_or_else(|e| panic!("{level}: {action:?} is illegal: {e}"));
        played.push(action);
    }
    played
}

/// The first attack among `played`, if any.
fn first_attack(played: &[Action]) -> Option<Target> {
    played.iter().find_map(|a| match *a {
        Action::Attack { target, .. } => Some(target),
        _ => None,
    })
}

/// The two levels that value units.
const LEVELS: [BotLevel; 2] = [BotLevel::Medium, BotLevel::Hard];

/// A's turn after the roll with an empty hand, on the beginner board; C leads with a city and
/// two settlements, B has one settlement, A two far from the fight.
fn position(config: Config, f: impl Fn(Scenario) -> Scenario) -> Game {
    let s = scenario_with(config)
        .settlement(A, corner(HILLS_5, S))
        .settlement(A, corner(PASTURE_11, S))
        .settlement(B, corner(MOUNTAINS_10, N))
        .city(C, corner(FIELDS_12, NW))
        .settlement(C, corner(HILLS_10, NE))
        .settlement(C, corner(PASTURE_5, SE))
        .hand(A, Hand::EMPTY)
        .rolled();
    f(s).build().expect("a position")
}

#[test]
fn r56_the_bots_odds_are_exact() {
    assert_eq!(odds(0, 0), 1.0 / 2.0, "even dice");
    assert_eq!(odds(0, 1), 10.0 / 31.0, "against +1");
    assert_eq!(odds(0, 2), 6.0 / 32.0, "against +2");
    assert_eq!(odds(2, 0), 1.0 - 6.0 / 32.0, "a war ship against nothing");
}

#[test]
fn r56_medium_and_hard_attack_the_leaders_settlement() {
    let v = corner(FOREST_9, N);
    let g = position(war(), |s| s.settlement(C, v).unit(A, UnitKind::Knight, FOREST_9));
    // Medium attacks at once; hard may first move to another of C's settlements (HILLS_10's,
    // the same odds) and attack there.
    assert_eq!(decide(BotLevel::Medium, &g), Action::Attack { unit: 0, target: Target::Building(v) });
    for level in LEVELS {
        let target = first_attack(&turn(level, &g));
        let owner = |t: Option<Target>| match t {
            Some(Target::Building(v)) => g.building(v).map(|b| b.0),
            _ => None,
        };
        assert_eq!(owner(target), Some(C), "{level} attacked {target:?}");
    }
}

#[test]
fn r56_an_archer_takes_the_better_bet_a_city_at_6_in_32_over_a_settlement_at_10_in_31() {
    // A city is worth 2 points at 6/32 (0.375), a settlement 1 at 10/31 (0.32).
    let city = corner(FOREST_9, N);
    let next = topo().hex_neighbors(FOREST_9).iter().copied().find(|&h| h != DESERT).unwrap();
    let far = topo().hex_vertices(next).into_iter().find(|v| !topo().vertex_hex_set(*v).contains(FOREST_9)).unwrap();
    let g = position(war(), |s| s.city(B, city).settlement(B, far).unit(A, UnitKind::Archer, FOREST_9));
    assert!(g.is_legal(Action::Attack { unit: 0, target: Target::Building(far) }));
    assert_eq!(decide(BotLevel::Medium, &g), Action::Attack { unit: 0, target: Target::Building(city) });
    for level in LEVELS {
        let target = first_attack(&turn(level, &g));
        let is_city = matches!(target, Some(Target::Building(v)) if g.building(v).is_some_and(|b| b.1 == Piece::City));
        assert!(is_city, "{level} attacked {target:?}");
    }
}

/// Largest Army tied at 3 knight units between B (who holds it, R35) and C; A's knight shares
/// a hex with one knight of `victim`'s.
fn army_tie(victim: catan::engine::Seat) -> Game {
    let spare = [MOUNTAINS_3, FIELDS_4, FIELDS_6];
    position(war(), |s| {
        let mut s = s.unit(A, UnitKind::Knight, FOREST_8).unit(victim, UnitKind::Knight, FOREST_8);
        for (i, &h) in spare.iter().enumerate() {
            let o = if victim == B { C } else { B };
            s = s.unit(o, UnitKind::Knight, h);
            if i < 2 {
                s = s.unit(victim, UnitKind::Knight, h);
            }
        }
        s.largest_army(Some(B))
    })
}

#[test]
fn r56_a_bot_attacks_when_winning_takes_the_leaders_award_and_not_when_it_hands_the_leader_one() {
    // Even dice (1/2) both times; only the stakes differ. Beating B's knight would give C, the
    // leader, Largest Army; beating C's gives it back to B.
    let bad = army_tie(B);
    let good = army_tie(C);
    assert_eq!(bad.largest_army(), Some(B));
    assert_eq!(good.largest_army(), Some(B));
    let b_knight = Action::Attack { unit: 0, target: Target::Unit { seat: B, unit: 0 } };
    let c_knight = Action::Attack { unit: 0, target: Target::Unit { seat: C, unit: 0 } };
    assert!(bad.is_legal(b_knight) && good.is_legal(c_knight));
    let on = |played: &[Action], seat| {
        played.iter().any(|a| matches!(a, Action::Attack { target: Target::Unit { seat: s, .. }, .. } if *s == seat))
    };
    assert!(!matches!(decide(BotLevel::Medium, &bad), Action::Attack { .. }));
    for level in LEVELS {
        assert!(!on(&turn(level, &bad), B), "{level} attacks B's knight");
    }
    // B holds the award here: beating a knight of C's takes a unit from the leader and changes
    // nothing else, worth the free roll to the one-move lookahead. (The hard player's playouts
    // see C's other knights striking back next turn, and it may take its knight to safety
    // instead.)
    assert_eq!(decide(BotLevel::Medium, &good), c_knight);
    assert!(on(&turn(BotLevel::Medium, &good), C));
}

#[test]
fn r52_medium_and_hard_build_a_knight_toward_largest_army() {
    // One knight unit already, ore and wool in hand and nothing else to buy: catanatron's value
    // saw no point in a second knight (no award yet) and kept the cards.
    let g = position(Config::default().with_modules(Modules::SEA.without(Module::Colonist)), |s| {
        s.unit(A, UnitKind::Knight, HILLS_5).hand(A, hand(0, 0, 1, 0, 1))
    });
    for level in LEVELS {
        let action = decide(level, &g);
        assert!(matches!(action, Action::BuildKnight { kind: UnitKind::Knight, .. }), "{level}: {action:?}");
    }
}

#[test]
fn r43_medium_and_hard_move_a_knight_beside_their_building_when_they_lead_and_the_dragon_comes() {
    let config =
        Config::default().with_modules(Modules::NONE.with(Module::Gold).with(Module::Dragon).with(Module::Knights));
    // A leads (a city and two settlements, C as many points); its knight stands a step from a
    // hex beside its city.
    let g = position(config, |s| s.city(A, corner(FOREST_8, SW)).unit(A, UnitKind::Knight, FOREST_11));
    let mine: Vec<_> = g.settlements(A).chain(g.cities(A)).collect();
    let beside = |h: Hex| mine.iter().any(|&v| topo().vertex_hex_set(v).contains(h));
    assert!(!beside(FOREST_11));
    for level in LEVELS {
        match decide(level, &g) {
            Action::MoveKnight { unit: 0, to } => assert!(beside(to), "{level} moved to {to:?}"),
            other => panic!("{level}: {other:?}"),
        }
    }
}

/// Plays a game of bots of `level` under `config`, each action checked.
fn play(level: BotLevel, seed: u64, config: Config) -> Game {
    let mut game = Game::new(config, seed).unwrap();
    let mut seats: Vec<_> = game.seats().map(|s| make(level, seed * 8 + s.0 as u64)).collect();
    while !game.is_over() {
        let view = game.acting_view();
        let action = seats[view.seat().index()].choose(view);
        if let Err(e) = game.apply(action) {
            panic!("{level} seed {seed}: {action:?} is illegal: {e} ({:?})", game.phase());
        }
    }
    game
}

/// Every level plays `war` (knights, ships, attacks, phases) legally to its end on every map,
/// at the map's fewest players so that it stays quick (`sea` on every map is
/// tests/rules/house_units_bots.rs, attacks without phases tests/rules/house_attacks_random.rs).
#[test]
fn r56_r57_every_level_finishes_war_games_legally_on_every_map() {
    let mut units = 0;
    for level in BotLevel::ALL {
        for map in MapId::ALL {
            let players = map.topology().players().0.max(2);
            let config = Config { players, ..Config::on_map(map) }.with_modules(Modules::WAR);
            let g = play(level, 3, config);
            // R57: the game ends after 2N rounds of N turns at the latest.
            let n = u32::from(players);
            assert!(g.is_over() && g.turn_number() <= 2 * n * n + 1, "{level} {}", map.name());
            units += g.seats().map(|s| u32::from(g.knight_count(s)) + u32::from(g.ship_count(s))).sum::<u32>();
        }
    }
    assert!(units > 0, "some units stand at the end");
}
