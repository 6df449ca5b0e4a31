//! Issue 12: the `engine` fuzz target's properties (fuzz/src/engine.rs, included here so CI
//! checks exactly what the fuzzer does) over random inputs: a seeded game, actions picked from
//! `legal_actions` and raw ones of every kind; check and apply never panic and agree, a refused
//! action leaves the game as it was, an accepted one was listed (or is a domestic offer), and the
//! game stays `validate`-clean.

mod support;

#[allow(dead_code)] // each target reads the input its own way
#[path = "../fuzz/src/bytes.rs"]
mod bytes;
#[path = "../fuzz/src/engine.rs"]
mod engine;

use proptest::prelude::*;

/// Inputs per property (`FUZZ_CASES` sets another count, for long soak runs).
fn cases() -> u32 {
    support::fuzz::cases(if cfg!(debug_assertions) { 512 } else { 8192 })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// Any bytes: raw actions are as common as listed ones.
    #[test]
    fn any_input_plays_a_checked_game(data in prop::collection::vec(any::<u8>(), 0..1500)) {
        engine::run(&data);
    }

    /// Long runs of listed actions between raw ones: games reach their middle and end, where
    /// raw actions meet cities, awards, an empty deck and a finished game.
    #[test]
    fn deep_games_stay_checked(
        seed in any::<[u8; 10]>(),
        chunks in prop::collection::vec((0u8..=255, any::<[u8; 3]>(), any::<[u8; 8]>()), 1..40),
    ) {
        let mut data = seed.to_vec();
        for (raw, run, tail) in chunks {
            // A run of up to 128 listed actions (op 6), then a raw action or a trade.
            data.extend([6, run[0], run[1], run[2] | 0x60]);
            data.extend([[4, 5, 7][raw as usize % 3], raw]);
            data.extend(tail);
        }
        engine::run(&data);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases() / 4, failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 27: rules at the limits the loader accepts (banks of 1 to 5, no cities, a deck of
    /// one card, any mix of house rules) deal and play checked games, or are refused by
    /// `Game::new`; set-up never overdraws a small bank.
    #[test]
    fn rules_at_their_limits_play_checked_games(
        seed in any::<[u8; 8]>(),
        f in any::<u8>(),
        limits in any::<[u8; 3]>(),
        chunks in prop::collection::vec((0u8..=255, any::<[u8; 3]>(), any::<[u8; 8]>()), 1..20),
    ) {
        let mut data = seed.to_vec();
        data.extend([f, 0xA0 | (limits[0] & 0x1F)]);
        data.extend(limits);
        for (raw, run, tail) in chunks {
            data.extend([6, run[0], run[1], run[2] | 0x60]);
            data.extend([[4, 5, 7][raw as usize % 3], raw]);
            data.extend(tail);
        }
        engine::run(&data);
    }
}

/// Issue 27: the decoder deals a bank of 1 with no cities (and without accelerated start, which
/// needs one, refused).
#[test]
fn the_decoder_reaches_rules_at_their_limits() {
    let mut data = vec![0u8; 8];
    data.extend([0, 0xA0, 0, 0, 0b0000_0000]);
    let g = engine::play(&data).expect("a bank of 1 and no cities deal a game");
    assert_eq!((g.config().bank, g.config().supply.cities), (1, 0));
    data[10] = 1; // accelerated start
    assert!(engine::play(&data).is_none(), "accelerated start without a city is refused");
}

/// The decoder reaches the end of a game from a short input (runs of listed actions), so the
/// properties are checked on finished games too.
#[test]
fn a_short_input_plays_a_game_to_its_end() {
    let mut data = vec![0u8; 10];
    for i in 0..40u8 {
        data.extend([6, i, 0, 127]);
    }
    let g = engine::play(&data).expect("seed 0 deals a two-player game");
    assert!(g.is_over(), "40 runs of 128 random actions end a game: {:?}", g.phase());
}

/// Issues 25 and 26: raw actions reach every kind of action the engine has (a new one missing
/// here fails this test), and the decoder deals every module on the archipelago.
#[test]
fn the_decoder_knows_every_action_and_module() {
    let names = [
        "BuildSettlement",
        "BuildCity",
        "BuildRoad",
        "RollDice",
        "Discard",
        "MoveRobber",
        "BuyDevCard",
        "PlayKnight",
        "PlayRoadBuilding",
        "PlayYearOfPlenty",
        "PlayMonopoly",
        "MaritimeTrade",
        "OfferTrade",
        "AcceptTrade",
        "DeclineTrade",
        "CounterTrade",
        "ConfirmTrade",
        "CancelTrade",
        "EndTurn",
        "TakeCard",
        "BuyWithGold",
        "BuildCastle",
        "BuildKnight",
        "MoveKnight",
        "BuildShip",
        "SailShip",
        "BoardShip",
        "Attack",
    ];
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..=255u8 {
        for j in [0u8, 1, 7, 200] {
            let data = [i, j, j, 3, 1, 2, 9];
            let a = engine::raw_action(&mut bytes::Bytes::new(&data));
            seen.insert(format!("{a:?}").split([' ', '(']).next().unwrap().to_string());
        }
    }
    for name in names {
        assert!(seen.contains(name), "raw actions never give {name}");
    }
    assert_eq!(seen.len(), names.len(), "{seen:?}");
    // Every module, on the archipelago: a game dealt and played a while.
    let mut data = vec![0u8; 8];
    data.extend([2, 0xC0, 0x80, 0xFF]);
    for i in 0..20u8 {
        data.extend([6, i, 0, 127]);
    }
    let g = engine::play(&data).expect("every module on the archipelago deals a game");
    assert_eq!(g.config().map, catan::engine::MapId::Archipelago);
    use catan::engine::Module;
    let on = [Module::Gold, Module::Dragon, Module::Castles, Module::Knights, Module::Ships, Module::Colonist];
    for m in on.into_iter().chain([Module::Attacks, Module::Phases]) {
        assert!(g.config().modules.has(m), "{} off", m.name());
    }
    assert!(g.turn_number() > 1, "played past set-up");
}
