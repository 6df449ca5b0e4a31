//! Random games with the unit modules (R52-R57), the one set-up of every rules test that plays
//! many: the rules of game `seed` on a map, a random player that now and then prefers a unit
//! action or an attack, and after every action the checks they all make. A test adds only its
//! own checks, in the closure it passes, and its own counts.
//!
//! Before every action: the generator lists exactly the candidates `check` accepts (every few
//! steps, against `reference_actions`), and a random unit action or attack, with numbers over
//! the whole range of their types, is listed exactly when it is accepted, a refusal leaving no
//! trace. After every action: the state validates; every card is where it was counted (the bank
//! and the hands, R4, R42; the development cards, none a knight with `knights`); no player has
//! more pieces on the board than the supply (R5, R44); units stay within their limits (R52,
//! R53: 6 knight units and 6 ships, 1 war ship, 3 cargo ships), each on land or aboard, in
//! build order (R56's slots, lowest first).

use catan::bots::{SplitMix64, dragon_building};
use catan::engine::{
    Action, Config, DevCard, Event, Game, Hex, MapId, Module, Modules, Resource, SHIP_SLOT, SeaHex, Seat, Target,
    TurnStyle, UnitKind, Vertex,
};

/// The rules of game `seed` on `map`: 2 to 4 players (5 and 6 on the 5-6 island, with the
/// Special Building Phase or paired turns), `units` and a seeded sample of the land modules.
pub fn rules_on(map: MapId, seed: u64, units: Modules) -> Config {
    let (lo, hi) = map.topology().players();
    let players = (lo.max(2) + (seed / 3 % 3) as u8).min(hi);
    let mut base = Config { players, ..Config::on_map(map) };
    if players >= 5 {
        base.turns = if seed.is_multiple_of(2) { TurnStyle::SpecialBuilding } else { TurnStyle::Paired };
    }
    let sample = Modules(Modules::LAND.0 & (seed as u32).wrapping_mul(0x9E37_79B9));
    base.with_modules(Modules(sample.0 | units.0).on_map(map))
}

/// [`rules_on`] with the map taken in turn from the seed: standard, 5-6, archipelago.
pub fn rules(seed: u64, units: Modules) -> Config {
    rules_on(MapId::ALL[(seed % 3) as usize], seed, units)
}

/// How the random player leans and how long a game may go.
#[derive(Clone, Copy, Debug)]
pub struct Player {
    /// An attack when one is listed, one time in this many (0: never preferred).
    pub attack_one_in: usize,
    /// A unit action when one is listed, one time in this many (0: never preferred).
    pub unit_one_in: usize,
    /// Compare the generator with `reference_actions` every this many steps.
    pub oracle_every: u32,
    /// Turns after which the game is left unfinished.
    pub turn_limit: u32,
}

impl Default for Player {
    fn default() -> Player {
        Player { attack_one_in: 2, unit_one_in: 3, oracle_every: 5, turn_limit: 3000 }
    }
}

/// One action of a random game, for a test's own checks.
pub struct Step<'a> {
    /// Where the game is, for messages: seed, turn and step.
    pub ctx: &'a str,
    pub before: &'a Game,
    pub action: Action,
    pub events: &'a [Event],
    pub after: &'a Game,
}

/// Plays game `seed` under `config` with the random player `player` until it ends or reaches
/// the turn limit, checking every action as the module says and showing each to `check`.
/// Returns the game as it stopped.
pub fn play(config: Config, seed: u64, player: Player, mut check: impl FnMut(&Step)) -> Game {
    let mut g = Game::new(config, seed).unwrap_or_else(|e| panic!("seed {seed}: {config:?} refused: {e}"));
    let mut rng = SplitMix64::new(seed);
    let mut progress = 0u32;
    let mut step = 0u32;
    while !g.is_over() && g.turn_number() < player.turn_limit {
        let ctx = format!("seed {seed} turn {} step {step}", g.turn_number());
        let legal = g.legal_actions();
        if player.oracle_every > 0 && step.is_multiple_of(player.oracle_every) {
            assert_eq!(sorted(legal.clone()), sorted(g.reference_actions()), "{ctx}");
        }
        let probe = random_unit_action(&mut rng);
        let before = g;
        match g.clone().apply(probe) {
            Ok(_) => assert!(legal.contains(&probe), "{ctx}: {probe:?} accepted but not listed"),
            Err(_) => assert!(!legal.contains(&probe), "{ctx}: {probe:?} listed but refused"),
        }
        assert_eq!(g, before, "{ctx}: a probe changed the game");
        let a = pick(&g, &legal, player, &mut rng);
        let events = g.apply(a).unwrap_or_else(|e| panic!("{ctx}: {a:?} refused: {e}"));
        assert!(!events.is_empty(), "{ctx}: {a:?} said nothing");
        step += 1;
        progress += events
            .iter()
            .filter(|e| matches!(e, Event::PlayedDevCard { card, .. } if *card != DevCard::Knight))
            .count() as u32;
        conserved(&g, progress, &ctx);
        check(&Step { ctx: &ctx, before: &before, action: a, events: &events, after: &g });
    }
    g
}

/// The random player's choice: a building with the dragon (as the `random` bot, or the dragon
/// empties the island), else now and then an attack or a unit action, else any listed action.
fn pick(g: &Game, legal: &[Action], player: Player, rng: &mut SplitMix64) -> Action {
    if g.config().modules.has(Module::Dragon)
        && let Some(i) = dragon_building(&g.acting_view(), legal, rng)
    {
        return legal[i];
    }
    let attacks: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Attack { .. })).collect();
    if player.attack_one_in > 0 && !attacks.is_empty() && rng.below(player.attack_one_in) == 0 {
        return attacks[rng.below(attacks.len())];
    }
    let units: Vec<Action> = legal.iter().copied().filter(Action::is_unit).collect();
    if player.unit_one_in > 0 && !units.is_empty() && rng.below(player.unit_one_in) == 0 {
        return units[rng.below(units.len())];
    }
    // An accept is legal at the player's word (RULES H4); this player keeps its word, declining
    // what it can't pay, so its games are the ones it played when such an accept was illegal
    // (the property games of `tests/properties/random.rs` take words that can't be kept).
    match legal[rng.below(legal.len())] {
        Action::AcceptTrade if catan::bots::cannot_pay(&g.acting_view()) => Action::DeclineTrade,
        a => a,
    }
}

/// Cards, pieces and units where they were counted (the module's list).
fn conserved(g: &Game, progress: u32, ctx: &str) {
    assert_eq!(g.validate(), Ok(()), "{ctx}");
    let config = g.config();
    for r in Resource::CARDS {
        let bank = if r != Resource::Gold || config.modules.has(Module::Gold) { config.bank as u32 } else { 0 };
        let held: u32 = g.seats().map(|s| g.view(s).hand()[r] as u32).sum();
        assert_eq!(held + g.bank()[r] as u32, bank, "{ctx}: {r}");
    }
    let in_hands: u32 = g.seats().map(|s| g.view(s).dev_cards().total()).sum();
    let knights: u32 = g.seats().map(|s| g.knights_played(s) as u32).sum();
    assert_eq!(g.deck_len() as u32 + in_hands + progress + knights, config.deck.total(), "{ctx}: development cards");
    assert!(!config.modules.has(Module::Knights) || (config.deck[DevCard::Knight] == 0 && knights == 0), "{ctx}");
    let supply = config.supply;
    for s in g.seats() {
        let castles = g.castles(s).count();
        let cities = g.cities(s).count() - castles;
        assert!(g.roads(s).count() <= supply.roads as usize, "{ctx}: roads of {s}");
        assert!(g.settlements(s).count() <= supply.settlements as usize, "{ctx}: settlements of {s}");
        assert!(cities <= supply.cities as usize && castles <= supply.castles as usize, "{ctx}: cities of {s}");
        assert!(g.knight_count(s) <= 6 && g.ship_count(s) <= 6, "{ctx}: units of {s}");
        let placed = g.knights_aboard(s).count() + g.knight_units(s).count();
        assert_eq!(placed, g.knight_count(s) as usize, "{ctx}: every unit on land or aboard");
        let slots: Vec<u8> = g.knight_units(s).map(|u| u.0).chain(g.knights_aboard(s).map(|u| u.0)).collect();
        assert!(slots.iter().all(|&i| (i as usize) < slots.len()), "{ctx}: knight slots {slots:?}");
        let ships: Vec<(u8, UnitKind, SeaHex)> = g.ship_units(s).collect();
        assert!(ships.iter().enumerate().all(|(i, u)| i == u.0 as usize), "{ctx}: ship slots {ships:?}");
        let kinds = |k: UnitKind| ships.iter().filter(|u| u.1 == k).count();
        assert!(kinds(UnitKind::WarShip) <= 1 && kinds(UnitKind::CargoShip) <= 3, "{ctx}: ships of {s}");
    }
}

/// Any unit action or attack, with numbers over the whole range of their types.
pub fn random_unit_action(rng: &mut SplitMix64) -> Action {
    let hex = Hex(if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(32) as u8 });
    let unit = if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(7) as u8 };
    let kind = [UnitKind::KNIGHTS, UnitKind::SHIPS][rng.below(2)][rng.below(3)];
    let sea = SeaHex(hex.0);
    let slot =
        |rng: &mut SplitMix64| if rng.below(2) == 0 { rng.below(7) as u8 } else { SHIP_SLOT + rng.below(7) as u8 };
    match rng.below(6) {
        0 => Action::BuildKnight { kind, hex },
        1 => Action::MoveKnight { unit, to: hex },
        2 => Action::BuildShip { kind, sea },
        3 => Action::SailShip { unit, to: sea },
        4 => Action::BoardShip { unit, ship: rng.below(7) as u8 },
        _ => {
            let unit = if rng.below(8) == 0 { rng.below(256) as u8 } else { slot(rng) };
            let target = match rng.below(2) {
                0 => {
                    let top = if rng.below(8) == 0 { 256 } else { 96 };
                    Target::Building(Vertex(rng.below(top) as u8))
                }
                _ => Target::Unit { seat: Seat(rng.below(7) as u8), unit: slot(rng) },
            };
            Action::Attack { unit, target }
        }
    }
}

fn sorted(mut actions: Vec<Action>) -> Vec<Action> {
    actions.sort_by_key(|a| format!("{a:?}"));
    actions
}
