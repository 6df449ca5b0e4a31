//! R52-R54 in random games: seeded games on every map with knights, ships or both and a seeded
//! sample of the other modules, played to the end by random players. After every action: the state
//! validates, every card and piece is where it was counted (cards R4, pieces R5, units R52),
//! Largest Army and Largest Navy follow this file's own model of R35 on units, the generator lists
//! exactly the candidates `check` accepts, and random actions of every kind, the unit actions
//! among them, are listed or refused without a trace.

use catan::bots::{SplitMix64, dragon_building};
use catan::engine::{
    Action, Config, DevCard, Event, Game, Hex, MapId, Module, Modules, Phase, Resource, Seat, TurnStyle, UnitKind,
};

/// The rules of game `seed`: knights, on one of the maps, with a sample of the other modules.
fn config(seed: u64) -> Config {
    let map = MapId::ALL[(seed % 3) as usize];
    let (lo, hi) = map.topology().players();
    let players = (lo.max(2) + (seed / 3 % 3) as u8).min(hi);
    let mut base = Config { players, ..Config::on_map(map) };
    if players >= 5 {
        base.turns = if seed.is_multiple_of(2) { TurnStyle::SpecialBuilding } else { TurnStyle::Paired };
    }
    base.strict_phases = seed % 5 == 1;
    let sample = Modules(Modules::LAND.0 & (seed as u32).wrapping_mul(0x9E37_79B9));
    let units =
        [Modules::NONE.with(Module::Knights), Modules::NONE.with(Module::Ships), Modules::SEA][(seed / 9 % 3) as usize];
    base.with_modules(Modules(sample.0 | units.0))
}

/// Any unit action, with numbers over the whole range of their types.
fn random_unit_action(rng: &mut SplitMix64) -> Action {
    let hex = Hex(if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(32) as u8 });
    let unit = if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(7) as u8 };
    let kind = [UnitKind::KNIGHTS, UnitKind::SHIPS][rng.below(2)][rng.below(3)];
    let sea = catan::engine::SeaHex(hex.0);
    match rng.below(5) {
        0 => Action::BuildKnight { kind, hex },
        1 => Action::MoveKnight { unit, to: hex },
        2 => Action::BuildShip { kind, sea },
        3 => Action::SailShip { unit, to: sea },
        _ => Action::BoardShip { unit, ship: rng.below(7) as u8 },
    }
}

fn sorted(mut actions: Vec<Action>) -> Vec<Action> {
    actions.sort_by_key(|a| format!("{a:?}"));
    actions
}

#[test]
fn r52_random_games_conserve_cards_and_units_and_list_exactly_the_legal_actions() {
    let mut built = 0;
    let mut moved = 0;
    let mut settled_by_knight = 0;
    let (mut ships, mut boarded) = (0, 0);
    for seed in 0..36u64 {
        let config = config(seed);
        let mut g = Game::new(config, seed).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut army: Option<Seat> = None;
        let mut navy: Option<Seat> = None;
        let mut units_built = [0u32; 6];
        let mut ships_built = [0u32; 6];
        let mut progress = 0;
        let mut step = 0u32;
        while !g.is_over() && g.turn_number() < 3000 {
            let ctx = format!("seed {seed} turn {} step {step}", g.turn_number());
            let legal = g.legal_actions();
            if step.is_multiple_of(7) {
                assert_eq!(sorted(legal.clone()), sorted(g.reference_actions()), "{ctx}");
            }
            // A random action of a unit kind is listed exactly when `check` accepts it, and a
            // refusal leaves no trace.
            let probe = random_unit_action(&mut rng);
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
            // Unit actions now and then first, so that games have units to move.
            let units: Vec<Action> = legal.iter().copied().filter(Action::is_unit).collect();
            let a = match pick {
                Some(i) => legal[i],
                None if !units.is_empty() && rng.below(3) == 0 => units[rng.below(units.len())],
                None => legal[rng.below(legal.len())],
            };
            let knight_corners = |g: &Game, s: Seat| {
                g.knight_units(s).any(|(_, _, h)| {
                    g.topology().hex_vertices(h).contains(&match a {
                        Action::BuildSettlement(v) => v,
                        _ => catan::engine::Vertex(255),
                    })
                })
            };
            let s = g.to_act();
            if matches!(a, Action::BuildSettlement(_)) && !matches!(g.phase(), Phase::Setup { .. }) {
                let by_road = g.roads(s).any(|e| match a {
                    Action::BuildSettlement(v) => g.topology().edge_vertices(e).contains(&v),
                    _ => false,
                });
                if !by_road && knight_corners(&g, s) {
                    settled_by_knight += 1;
                }
            }
            let events = g.apply(a).unwrap_or_else(|e| panic!("{ctx}: {a:?} refused: {e}"));
            assert!(!events.is_empty(), "{ctx}: {a:?} said nothing");
            step += 1;
            for e in &events {
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
                    Event::PlayedDevCard { card: DevCard::Knight, .. } => {
                        assert!(!config.modules.has(Module::Knights), "{ctx}: no knight cards with knights");
                    }
                    Event::PlayedDevCard { .. } => progress += 1,
                    _ => {}
                }
            }
            assert_eq!(g.validate(), Ok(()), "{ctx}");
            // Cards: the bank's and the hands' add up; the deck has no knight.
            for r in Resource::CARDS {
                let bank = if r != Resource::Gold || config.modules.has(Module::Gold) { config.bank as u32 } else { 0 };
                let held: u32 = g.seats().map(|s| g.view(s).hand()[r] as u32).sum();
                assert_eq!(held + g.bank()[r] as u32, bank, "{ctx}: {r}");
            }
            let in_hands: u32 = g.seats().map(|s| g.view(s).dev_cards().total()).sum();
            let knights: u32 = g.seats().map(|s| g.knights_played(s) as u32).sum();
            let dev = g.deck_len() as u32 + in_hands + progress + knights;
            assert_eq!(dev, config.deck.total(), "{ctx}: development cards");
            assert!(!config.modules.has(Module::Knights) || config.deck[DevCard::Knight] == 0);
            // Units: every one built stands (nothing removes one without R56), 6 a player at most.
            for s in g.seats() {
                assert_eq!(g.knight_count(s) as u32, units_built[s.index()], "{ctx}: units of {s}");
                assert_eq!(g.ship_count(s) as u32, ships_built[s.index()], "{ctx}: ships of {s}");
                assert!(g.knight_count(s) <= 6 && g.ship_count(s) <= 6);
                let aboard = g.knights_aboard(s).count() + g.knight_units(s).count();
                assert_eq!(aboard, g.knight_count(s) as usize, "{ctx}: every unit on land or aboard");
                assert!(!config.modules.has(Module::Knights) || g.knights_played(s) == 0);
            }
            // Largest Army by units, as R35.
            let counts: Vec<u8> = g.seats().map(|s| g.knight_count(s)).collect();
            let max = counts.iter().copied().max().unwrap_or(0);
            let at_max: Vec<Seat> = g.seats().filter(|s| counts[s.index()] == max).collect();
            army = match army {
                Some(h) if max >= 3 && counts[h.index()] == max => Some(h),
                _ if max >= 3 && at_max.len() == 1 => Some(at_max[0]),
                _ => None,
            };
            if config.modules.has(Module::Knights) {
                assert_eq!(g.largest_army(), army, "{ctx}: Largest Army ({counts:?})");
            }
            let counts: Vec<u8> = g.seats().map(|s| g.ship_count(s)).collect();
            let max = counts.iter().copied().max().unwrap_or(0);
            let at_max: Vec<Seat> = g.seats().filter(|s| counts[s.index()] == max).collect();
            navy = match navy {
                Some(h) if max >= 3 && counts[h.index()] == max => Some(h),
                _ if max >= 3 && at_max.len() == 1 => Some(at_max[0]),
                _ => None,
            };
            assert_eq!(g.largest_navy(), navy, "{ctx}: Largest Navy ({counts:?})");
            let both = config.modules.has(Module::Knights) && config.modules.has(Module::Ships);
            assert!(g.units_built_this_turn() <= 1 + both as u8, "{ctx}");
        }
        assert!(g.is_over(), "seed {seed}: unfinished");
    }
    assert!(built > 300 && moved > 300 && settled_by_knight > 5, "{built} built, {moved} moved, {settled_by_knight}");
    assert!(ships > 200 && boarded > 10, "{ships} ships, {boarded} boarded");
}
