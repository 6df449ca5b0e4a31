//! R52-R55: every bot level plays the unit modules legally to the end, on every map: a seeded
//! sample of games with knights, or all of `sea` (knights, ships, colonist), and a sample of
//! the other modules (the dragon among them).

use catan::bots::{BotLevel, make};
use catan::engine::{Config, Game, MapId, Module, Modules, TurnStyle};

/// Turns after which a game counts as stalled, and actions after which a turn counts as stuck.
const TURN_LIMIT: u32 = 3000;
const TURN_ACTIONS: u32 = 2000;

fn config(seed: u64, map: MapId) -> Config {
    let (lo, hi) = map.topology().players();
    let players = (lo.max(2) + (seed % 3) as u8).min(hi);
    let mut base = Config { players, ..Config::on_map(map) };
    if players >= 5 {
        base.turns = if seed.is_multiple_of(2) { TurnStyle::SpecialBuilding } else { TurnStyle::Paired };
    }
    let sample = Modules(Modules::LAND.0 & (seed as u32 + 7).wrapping_mul(0x9E37_79B9));
    let units = if seed.is_multiple_of(2) { Modules::NONE.with(Module::Knights) } else { Modules::SEA };
    base.with_modules(Modules(sample.0 | units.0))
}

fn play(level: BotLevel, seed: u64, config: Config) -> Game {
    let mut game = Game::new(config, seed).unwrap();
    let mut seats: Vec<_> = game.seats().map(|s| make(level, seed * 8 + s.0 as u64)).collect();
    for bot in &mut seats {
        bot.set_time(std::time::Duration::from_millis(20));
    }
    let (mut turn, mut in_turn) = (0, 0);
    while !game.is_over() {
        assert!(game.turn_number() < TURN_LIMIT, "{level} seed {seed} ({config:?}): stalled");
        if game.turn_number() != turn {
            (turn, in_turn) = (game.turn_number(), 0);
        }
        in_turn += 1;
        assert!(in_turn < TURN_ACTIONS, "{level} seed {seed}: stuck in turn {turn}");
        let view = game.acting_view();
        let action = seats[view.seat().index()].choose(view);
        if let Err(e) = game.apply(action) {
            panic!("{level} seed {seed} turn {turn}: {action:?} is illegal: {e} ({:?})", game.phase());
        }
    }
    game
}

#[test]
fn r52_r55_every_bot_level_plays_the_unit_modules_legally_to_the_end_on_every_map() {
    let mut units = 0;
    for level in BotLevel::ALL {
        let games = match level {
            BotLevel::Random | BotLevel::Easy | BotLevel::Medium => 6,
            _ => 2,
        };
        for map in MapId::ALL {
            for seed in 0..games {
                let g = play(level, seed, config(seed, map));
                assert!(g.winner().is_some(), "{level} {} seed {seed}", map.name());
                units += g.seats().map(|s| g.knight_count(s) as u32 + g.ship_count(s) as u32).sum::<u32>();
            }
        }
    }
    assert!(units > 0, "some bot built a unit");
}
