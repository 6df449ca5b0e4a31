//! R56 in random games: seeded games on every map with `war` (knights, ships, attacks) and a
//! seeded sample of the land modules, played by random players who attack whenever they can
//! now and then. After every action: the state validates, every card is where it was counted,
//! units stay within 6 a player, the generator lists exactly the candidates `check` accepts,
//! and random attacks are listed or refused without a trace. Every bot level plays `war`
//! legally to the end.

use catan::bots::{BotLevel, SplitMix64, dragon_building, make};
use catan::engine::{
    Action, Config, Event, Game, MapId, Module, Modules, Resource, SHIP_SLOT, Seat, Target, TurnStyle, Vertex,
};

/// Turns after which a game without phases counts as unfinished (attacks may make it long).
const TURN_LIMIT: u32 = 3000;

fn config(seed: u64) -> Config {
    let map = MapId::ALL[(seed % 3) as usize];
    let (lo, hi) = map.topology().players();
    let players = (lo.max(2) + (seed / 3 % 3) as u8).min(hi);
    let mut base = Config { players, ..Config::on_map(map) };
    if players >= 5 {
        base.turns = if seed.is_multiple_of(2) { TurnStyle::SpecialBuilding } else { TurnStyle::Paired };
    }
    let sample = Modules(Modules::LAND.0 & (seed as u32).wrapping_mul(0x9E37_79B9));
    base.with_modules(Modules(sample.0 | Modules::WAR.0))
}

fn random_attack(rng: &mut SplitMix64) -> Action {
    let slot =
        |rng: &mut SplitMix64| if rng.below(2) == 0 { rng.below(7) as u8 } else { SHIP_SLOT + rng.below(7) as u8 };
    let unit = if rng.below(8) == 0 { rng.below(256) as u8 } else { slot(rng) };
    let target = match rng.below(2) {
        0 => {
            let top = if rng.below(8) == 0 { 256 } else { 72 };
            Target::Building(Vertex(rng.below(top) as u8))
        }
        _ => Target::Unit { seat: Seat(rng.below(7) as u8), unit: slot(rng) },
    };
    Action::Attack { unit, target }
}

fn sorted(mut actions: Vec<Action>) -> Vec<Action> {
    actions.sort_by_key(|a| format!("{a:?}"));
    actions
}

#[test]
fn r56_random_games_with_attacks_conserve_cards_and_list_exactly_the_legal_actions() {
    let (mut fights, mut won, mut unfinished) = (0, 0, 0);
    for seed in 0..24u64 {
        let config = config(seed);
        let mut g = Game::new(config, seed).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut step = 0u32;
        while !g.is_over() && g.turn_number() < TURN_LIMIT {
            let ctx = format!("seed {seed} turn {} step {step}", g.turn_number());
            let legal = g.legal_actions();
            if step.is_multiple_of(5) {
                assert_eq!(sorted(legal.clone()), sorted(g.reference_actions()), "{ctx}");
            }
            let probe = random_attack(&mut rng);
            let before = g;
            match g.clone().apply(probe) {
                Ok(_) => assert!(legal.contains(&probe), "{ctx}: {probe:?} accepted but not listed"),
                Err(_) => assert!(!legal.contains(&probe), "{ctx}: {probe:?} listed but refused"),
            }
            assert_eq!(g, before);
            let pick = match config.modules.has(Module::Dragon) {
                true => dragon_building(&g.acting_view(), &legal, &mut rng),
                false => None,
            };
            let units: Vec<Action> = legal.iter().copied().filter(Action::is_unit).collect();
            let attacks: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Attack { .. })).collect();
            let a = match pick {
                Some(i) => legal[i],
                None if !attacks.is_empty() && rng.below(2) == 0 => attacks[rng.below(attacks.len())],
                None if !units.is_empty() && rng.below(3) == 0 => units[rng.below(units.len())],
                None => legal[rng.below(legal.len())],
            };
            let after_before = g;
            let events = g.apply(a).unwrap_or_else(|e| panic!("{ctx}: {a:?} refused: {e}"));
            step += 1;
            if matches!(a, Action::Attack { .. }) {
                fights += 1;
                assert!(after_before.revealed(a, &g).is_some(), "{ctx}: a fight reveals chance");
                let f = events.iter().find(|e| matches!(e, Event::Fought { .. })).expect("a fight event");
                if let Event::Fought { dice, plus, result, .. } = *f {
                    assert_ne!(dice[0] + plus[0], dice[1] + plus[1]);
                    won += (result != catan::engine::FightResult::Held) as u32;
                }
            }
            assert_eq!(g.validate(), Ok(()), "{ctx}");
            for r in Resource::CARDS {
                let bank = if r != Resource::Gold || config.modules.has(Module::Gold) { config.bank as u32 } else { 0 };
                let held: u32 = g.seats().map(|s| g.view(s).hand()[r] as u32).sum();
                assert_eq!(held + g.bank()[r] as u32, bank, "{ctx}: {r}");
            }
            for s in g.seats() {
                assert!(g.knight_count(s) <= 6 && g.ship_count(s) <= 6);
                let placed = g.knights_aboard(s).count() + g.knight_units(s).count();
                assert_eq!(placed, g.knight_count(s) as usize, "{ctx}: every unit on land or aboard");
                // Slots stay filled lowest first (the build order, R56).
                let slots: Vec<u8> = g.knight_units(s).map(|u| u.0).chain(g.knights_aboard(s).map(|u| u.0)).collect();
                assert!(slots.iter().all(|&i| (i as usize) < slots.len()), "{ctx}: knight slots {slots:?}");
                let ships: Vec<u8> = g.ship_units(s).map(|u| u.0).collect();
                assert!(ships.iter().enumerate().all(|(i, &x)| i == x as usize), "{ctx}: ship slots {ships:?}");
            }
        }
        unfinished += !g.is_over() as u32;
    }
    eprintln!("{fights} fights, {won} won by the attacker, {unfinished} games at the turn limit");
    assert!(fights > 200 && won > 50, "{fights} fights, {won} won");
}

fn play(level: BotLevel, seed: u64, config: Config) -> Game {
    let mut game = Game::new(config, seed).unwrap();
    let mut seats: Vec<_> = game.seats().map(|s| make(level, seed * 8 + s.0 as u64)).collect();
    for bot in &mut seats {
        bot.set_time(std::time::Duration::from_millis(20));
    }
    let (mut turn, mut in_turn) = (0, 0);
    while !game.is_over() && game.turn_number() < TURN_LIMIT {
        if game.turn_number() != turn {
            (turn, in_turn) = (game.turn_number(), 0);
        }
        in_turn += 1;
        assert!(in_turn < 2000, "{level} seed {seed}: stuck in turn {turn}");
        let view = game.acting_view();
        let action = seats[view.seat().index()].choose(view);
        if let Err(e) = game.apply(action) {
            panic!("{level} seed {seed} turn {turn}: {action:?} is illegal: {e} ({:?})", game.phase());
        }
    }
    game
}

#[test]
fn r56_every_bot_level_plays_attacks_legally() {
    let mut finished = 0;
    for level in BotLevel::ALL {
        let games = match level {
            BotLevel::Random | BotLevel::Easy | BotLevel::Medium => 3,
            _ => 1,
        };
        for seed in 0..games {
            let g = play(level, seed, config(seed));
            finished += g.is_over() as u32;
        }
    }
    assert!(finished > 0, "some game ended");
}
