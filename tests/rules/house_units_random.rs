//! R52-R54 in random games: seeded games on every map with knights, ships or both and a seeded
//! sample of the other modules, played to the end by random players (the set-up and the checks
//! every random game gets are `support::random_play`'s). Here: every unit built stands (nothing
//! removes one without R56), Largest Army and Largest Navy follow this file's own model of R35
//! on units, no more units built in a turn than R52 and R53 allow, and the games reach building,
//! moving, boarding and settling by knight.

use crate::support::random_play::{self, Player, Step};
use catan::engine::{Action, Event, Game, Module, Modules, Phase, Seat};

/// The rules of game `seed`: knights, ships or both on one of the maps, a sample of the land
/// modules, and strict phases now and then.
fn config(seed: u64) -> catan::engine::Config {
    let units =
        [Modules::NONE.with(Module::Knights), Modules::NONE.with(Module::Ships), Modules::SEA][(seed / 9 % 3) as usize];
    let mut config = random_play::rules(seed, units);
    config.strict_phases = seed % 5 == 1;
    config
}

/// R35 on a count: the holder keeps the award while among the most with 3 or more, else the
/// one player with the most takes it, else it is set aside.
fn r35(holder: Option<Seat>, counts: &[u8]) -> Option<Seat> {
    let max = counts.iter().copied().max().unwrap_or(0);
    let mut at_max = (0..counts.len()).filter(|&i| counts[i] == max).map(|i| Seat(i as u8));
    match holder {
        Some(h) if max >= 3 && counts[h.index()] == max => Some(h),
        _ if max >= 3 => match (at_max.next(), at_max.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// True when `a` is a settlement built after set-up beside one's knight unit with no road of
/// one's own to it.
fn settled_by_knight(g: &Game, a: Action) -> bool {
    let Action::BuildSettlement(v) = a else { return false };
    let s = g.to_act();
    let by_road = g.roads(s).any(|e| g.topology().edge_vertices(e).contains(&v));
    !matches!(g.phase(), Phase::Setup { .. })
        && !by_road
        && g.knight_units(s).any(|(_, _, h)| g.topology().hex_vertices(h).contains(&v))
}

#[test]
fn r52_random_games_conserve_cards_and_units_and_list_exactly_the_legal_actions() {
    let (mut built, mut moved, mut knight_settled, mut ships, mut boarded) = (0, 0, 0, 0, 0);
    for seed in 0..54u64 {
        let config = config(seed);
        let (mut army, mut navy) = (None, None);
        let (mut units_built, mut ships_built) = ([0u8; 6], [0u8; 6]);
        let player = Player { attack_one_in: 0, oracle_every: 7, ..Player::default() };
        let g = random_play::play(config, seed, player, |step: &Step| {
            let (g, ctx) = (step.after, step.ctx);
            knight_settled += settled_by_knight(step.before, step.action) as u32;
            for e in step.events {
                match *e {
                    Event::UnitBuilt { seat, kind, .. } if kind.is_ship() => {
                        ships_built[seat.index()] += 1;
                        ships += 1;
                    }
                    Event::UnitBuilt { seat, .. } => {
                        units_built[seat.index()] += 1;
                        built += 1;
                    }
                    Event::UnitMoved { .. } => moved += 1,
                    Event::Boarded { .. } => boarded += 1,
                    _ => {}
                }
            }
            let knights: Vec<u8> = g.seats().map(|s| g.knight_count(s)).collect();
            let fleet: Vec<u8> = g.seats().map(|s| g.ship_count(s)).collect();
            let n = g.num_players();
            assert_eq!(knights, units_built[..n], "{ctx}: every knight unit built stands");
            assert_eq!(fleet, ships_built[..n], "{ctx}: every ship built stands");
            army = r35(army, &knights);
            navy = r35(navy, &fleet);
            if config.modules.has(Module::Knights) {
                assert_eq!(g.largest_army(), army, "{ctx}: Largest Army ({knights:?})");
            }
            assert_eq!(g.largest_navy(), navy, "{ctx}: Largest Navy ({fleet:?})");
            let both = config.modules.has(Module::Knights) && config.modules.has(Module::Ships);
            assert!(g.units_built_this_turn() <= 1 + both as u8, "{ctx}");
        });
        assert!(g.is_over(), "seed {seed}: unfinished");
    }
    assert!(built > 300 && moved > 300 && knight_settled > 5, "{built} built, {moved} moved, {knight_settled}");
    println!("{built} built, {moved} moved, {knight_settled} settled by knight, {ships} ships, {boarded} boarded");
    assert!(ships > 200 && boarded > 10, "{ships} ships, {boarded} boarded");
}
