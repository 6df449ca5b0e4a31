//! The loader never panics (issue 4): truncations, bit flips, random JSON values swapped into a
//! real save, random actions slipped into its log, and arbitrary bytes. Whatever it accepts is a
//! consistent game that saves back to the same bytes.

mod support;

use std::sync::LazyLock;

use catan::save::{self, Record};
use proptest::prelude::*;
use serde_json::{Value, json};
use support::fuzz::{cases, cases_of};

/// A short real game (four players, past set-up) and its save document.
static BASE: LazyLock<(Record, String, Value)> = LazyLock::new(|| {
    let record = support::records::random_record(2, 70);
    let json = save::to_json(&record);
    let value = serde_json::from_str(&json).unwrap();
    (record, json, value)
});

/// Issue 26: a war game (knights, ships, attacks, phases) of random players, cut a few actions
/// after its first fight: units, used actions, the attack round's order and a fight in the log.
static WAR: LazyLock<(Record, String, Value)> = LazyLock::new(|| {
    let config = catan::engine::Config::default().with_modules(catan::engine::Modules::WAR);
    let full = save::play_random(config, 3).unwrap();
    let fight = full.actions().iter().position(|a| matches!(a, catan::engine::Action::Attack { .. }));
    let n = (fight.expect("a fight in war game 3") + 6).min(full.len());
    let record = Record::from_actions(config, 3, full.names().to_vec(), &full.actions()[..n]).unwrap();
    let json = save::to_json(&record);
    let value = serde_json::from_str(&json).unwrap();
    (record, json, value)
});

/// The version 1 fixture (three players, mid-game, trades): the version 1 reader's input.
static V1: LazyLock<(String, Value)> = LazyLock::new(|| {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/v1-three-players-mid-game.json");
    let json = std::fs::read_to_string(path).unwrap();
    let value = serde_json::from_str(&json).unwrap();
    (json, value)
});

/// Issue 27: `FUZZ_CASES` sets the number of cases (before, 256 and 128 were hard-coded).
#[test]
fn fuzz_cases_sets_the_number_of_cases() {
    assert_eq!((cases_of(Some("5000"), 256), cases_of(Some("5000"), 128)), (5000, 2500));
    assert_eq!((cases_of(None, 256), cases_of(None, 128)), (256, 128));
    assert_eq!((cases_of(Some("many"), 256), cases_of(Some("1"), 128)), (256, 1));
}

/// Loads `bytes`; anything accepted must be a whole, consistent game.
fn check(bytes: &[u8]) {
    if let Ok(record) = save::from_json(bytes) {
        record.verify().unwrap();
        record.game().validate().unwrap();
        let json = save::to_json(&record);
        assert_eq!(save::to_json(&save::from_json(json.as_bytes()).unwrap()), json);
    }
    // The unverified loader must be as safe; replay errors are values, not panics.
    if let Ok(record) = save::from_json_unverified(bytes) {
        let _ = record.verify();
    }
}

/// Values that sit at the edges of what the fields hold.
fn odd_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        prop::sample::select(vec![0i64, 1, 2, 4, 5, 6, 7, 12, 18, 19, 20, 25, 53, 54, 71, 72, 127, 128, 255, 256, -1])
            .prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        prop::sample::select(vec![0.5f64, -0.0, 1e300]).prop_map(Value::from),
        prop::sample::select(vec!["", "x", "brick", "knight", "desert", "standard", "roll_dice", "end_turn", "over"])
            .prop_map(Value::from),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec(("[a-z_]{1,8}", inner), 0..3).prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// Random actions, including coordinates and seats far out of range.
fn odd_action() -> impl Strategy<Value = Value> {
    let n = prop_oneof![0u64..80, Just(255u64), Just(128), Just(6), Just(7)];
    prop_oneof![
        n.clone().prop_map(|v| json!({ "build_settlement": v })),
        n.clone().prop_map(|v| json!({ "build_road": v })),
        n.clone().prop_map(|v| json!({ "build_city": v })),
        (n.clone(), n.clone()).prop_map(|(h, s)| json!({ "move_robber": { "hex": h, "victim": s } })),
        n.clone().prop_map(|s| json!({ "confirm_trade": s })),
        (n.clone(), n.clone()).prop_map(
            |(a, to)| json!({ "offer_trade": { "give": [a, 0, 0, 0, 0], "get": [0, 1, 0, 0, 0], "to": to } })
        ),
        // Issue 25, 26: the units' actions and attacks.
        (prop::sample::select(vec!["knight", "archer", "cavalry", "ship"]), n.clone())
            .prop_map(|(kind, h)| json!({ "build_knight": { "kind": kind, "hex": h } })),
        (prop::sample::select(vec!["ship", "war_ship", "cargo_ship", "knight"]), n.clone())
            .prop_map(|(kind, x)| json!({ "build_ship": { "kind": kind, "sea": x } })),
        (n.clone(), n.clone()).prop_map(|(u, h)| json!({ "move_knight": { "unit": u, "to": h } })),
        (n.clone(), n.clone()).prop_map(|(u, x)| json!({ "sail_ship": { "unit": u, "to": x } })),
        (n.clone(), n.clone()).prop_map(|(u, c)| json!({ "board_ship": { "unit": u, "ship": c } })),
        (n.clone(), n.clone()).prop_map(|(u, v)| json!({ "attack": { "unit": u, "target": { "building": v } } })),
        (n.clone(), n.clone(), n)
            .prop_map(|(u, s, t)| json!({ "attack": { "unit": u, "target": { "unit": { "seat": s, "unit": t } } } })),
        prop::sample::select(vec![
            "roll_dice",
            "end_turn",
            "buy_dev_card",
            "play_knight",
            "accept_trade",
            "cancel_trade"
        ])
        .prop_map(Value::from),
    ]
}

/// Replaces the `k`-th node (pre-order, modulo the count) of `v` with `new`.
fn swap_node(v: &mut Value, k: usize, new: Value) {
    fn count(v: &Value) -> usize {
        1 + match v {
            Value::Array(a) => a.iter().map(count).sum(),
            Value::Object(o) => o.values().map(count).sum(),
            _ => 0,
        }
    }
    fn walk(v: &mut Value, k: &mut usize, new: &mut Option<Value>) {
        if *k == 0 {
            *v = new.take().unwrap();
            return;
        }
        *k -= 1;
        let children: Vec<&mut Value> = match v {
            Value::Array(a) => a.iter_mut().collect(),
            Value::Object(o) => o.values_mut().collect(),
            _ => vec![],
        };
        for c in children {
            if new.is_none() {
                return;
            }
            walk(c, k, new);
        }
    }
    let mut k = k % count(v);
    walk(v, &mut k, &mut Some(new));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(256), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn truncated_saves_never_panic(cut in 0usize..100_000) {
        let bytes = BASE.1.as_bytes();
        check(&bytes[..cut % bytes.len()]);
    }

    #[test]
    fn bit_flips_never_panic(flips in prop::collection::vec((any::<usize>(), 0u8..8), 1..6)) {
        let mut bytes = BASE.1.clone().into_bytes();
        for (at, bit) in flips {
            let i = at % bytes.len();
            bytes[i] ^= 1 << bit;
        }
        check(&bytes);
    }

    #[test]
    fn swapped_json_values_never_panic(swaps in prop::collection::vec((any::<usize>(), odd_value()), 1..4)) {
        let mut v = BASE.2.clone();
        for (k, new) in swaps {
            swap_node(&mut v, k, new);
        }
        check(serde_json::to_string(&v).unwrap().as_bytes());
    }

    #[test]
    fn odd_actions_in_the_log_never_panic(at in any::<usize>(), action in odd_action(), replace in any::<bool>()) {
        let mut v = BASE.2.clone();
        let log = v["actions"].as_array_mut().unwrap();
        let i = at % (log.len() + 1);
        if replace && i < log.len() {
            log[i] = action;
        } else {
            log.insert(i, action);
        }
        check(serde_json::to_string(&v).unwrap().as_bytes());
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        check(&bytes);
        for version in [1, 2] {
            let mut framed = format!(r#"{{"format": "catan-save", "version": {version}, "state": "#).into_bytes();
            framed.extend(&bytes);
            check(&framed);
        }
    }

    /// Issue 26: a war game's save, cut, flipped, with values swapped and odd actions (units'
    /// and attacks among them) slipped into its log.
    #[test]
    fn damaged_war_saves_never_panic(
        cut in 0usize..100_000,
        flips in prop::collection::vec((any::<usize>(), 0u8..8), 1..4),
        swaps in prop::collection::vec((any::<usize>(), odd_value()), 1..3),
        at in any::<usize>(),
        action in odd_action(),
    ) {
        let bytes = WAR.1.as_bytes();
        check(&bytes[..cut % bytes.len()]);
        let mut flipped = bytes.to_vec();
        for (at, bit) in flips {
            let i = at % flipped.len();
            flipped[i] ^= 1 << bit;
        }
        check(&flipped);
        let mut v = WAR.2.clone();
        for (k, new) in swaps {
            swap_node(&mut v, k, new);
        }
        check(serde_json::to_string(&v).unwrap().as_bytes());
        let mut v = WAR.2.clone();
        let log = v["actions"].as_array_mut().unwrap();
        let i = at % (log.len() + 1);
        log.insert(i, action);
        check(serde_json::to_string(&v).unwrap().as_bytes());
    }

    /// Issue 13: the version 1 reader is as careful as version 2's.
    #[test]
    fn damaged_version_1_saves_never_panic(
        cut in 0usize..100_000,
        flips in prop::collection::vec((any::<usize>(), 0u8..8), 1..4),
        swaps in prop::collection::vec((any::<usize>(), odd_value()), 1..3),
    ) {
        let bytes = V1.0.as_bytes();
        check(&bytes[..cut % bytes.len()]);
        let mut flipped = bytes.to_vec();
        for (at, bit) in flips {
            let i = at % flipped.len();
            flipped[i] ^= 1 << bit;
        }
        check(&flipped);
        let mut v = V1.1.clone();
        for (k, new) in swaps {
            swap_node(&mut v, k, new);
        }
        check(serde_json::to_string(&v).unwrap().as_bytes());
    }
}

#[test]
fn the_base_save_loads() {
    check(BASE.1.as_bytes());
    assert_eq!(save::from_json(BASE.1.as_bytes()).unwrap(), BASE.0);
    check(V1.0.as_bytes());
    assert!(save::from_json(V1.0.as_bytes()).is_ok());
    check(WAR.1.as_bytes());
    assert_eq!(save::from_json(WAR.1.as_bytes()).unwrap(), WAR.0);
    assert!(WAR.1.contains("\"attack\""), "the war save holds a fight");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 27: rules at their limits (banks of 1, no cities, a deck of one card, every mix
    /// of house rules, the unit modules, attacks and phases among them): every save the game writes, at every action, loads again as the same
    /// game; and those saves, damaged, never panic the loader.
    #[test]
    fn odd_rule_games_write_saves_that_load(
        seed in any::<u64>(),
        mix in any::<u32>(),
        steps in 0usize..200,
        swaps in prop::collection::vec((any::<usize>(), odd_value()), 1..3),
    ) {
        let modules = catan::engine::Modules(mix & catan::engine::Modules::PLAYABLE.0);
        let mut n = 0;
        let record = support::records::odd_record(seed, modules, steps, |record| {
            n += 1;
            let json = save::to_json(record);
            let loaded = save::from_json(json.as_bytes());
            assert_eq!(loaded.as_ref().ok(), Some(record), "action {n}: {:?}", loaded.as_ref().err());
        });
        let mut v: Value = serde_json::from_str(&save::to_json(&record)).unwrap();
        for (k, new) in swaps {
            swap_node(&mut v, k, new);
        }
        check(serde_json::to_string(&v).unwrap().as_bytes());
    }
}

/// Seats far outside the game, where a save names seats.
fn odd_seat() -> impl Strategy<Value = u64> {
    prop::sample::select(vec![4u64, 5, 6, 7, 8, 15, 16, 127, 128, 254, 255])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(128), failure_persistence: None, ..ProptestConfig::default() })]

    /// Issue 12, item 8: seats out of range anywhere a save names one, in the state or in the
    /// log, never overflow (this runs in debug builds, overflow checks on).
    #[test]
    fn out_of_range_seats_never_panic(seat in odd_seat(), place in 0usize..9, at in any::<usize>()) {
        let mut v = BASE.2.clone();
        let log_len = v["actions"].as_array().unwrap().len();
        let action = match place {
            0 => { v["state"]["turn"]["seat"] = json!(seat); None }
            1 => { v["state"]["first"] = json!(seat); None }
            2 => { v["state"]["longest_road"] = json!(seat); None }
            3 => { v["state"]["largest_army"] = json!(seat); None }
            4 => { v["state"]["phase"] = json!({ "over": { "winner": seat } }); None }
            5 => Some(json!({ "confirm_trade": seat })),
            6 => Some(json!({ "move_robber": { "hex": at % 19, "victim": seat } })),
            7 => Some(json!({ "offer_trade": { "give": [1, 0, 0, 0, 0], "get": [0, 1, 0, 0, 0], "to": seat } })),
            _ => Some(json!({ "offer_trade": { "give": [1, 0, 0, 0, 0], "get": [0, 1, 0, 0, 0], "to": 1u64 << (seat % 8) } })),
        };
        if let Some(action) = action {
            v["actions"].as_array_mut().unwrap().insert(at % (log_len + 1), action);
        }
        check(serde_json::to_string(&v).unwrap().as_bytes());
    }
}

/// Issue 12, item 8: a seat outside the game, in the log or in the state, is refused on load
/// with a message naming the place; set operations on such a seat never overflow.
#[test]
fn out_of_range_seats_are_refused_with_a_clear_message() {
    use catan::engine::{Seat, SeatSet};
    assert!(SeatSet::one(Seat(255)).is_empty());
    assert!(!SeatSet::all(4).contains(Seat(8)) && !SeatSet::all(4).contains(Seat(255)));
    assert_eq!(SeatSet::all(4).with(Seat(200)), SeatSet::all(4));
    assert_eq!(SeatSet::all(4).without(Seat(255)), SeatSet::all(4));

    let message = |v: &Value| save::from_json(serde_json::to_string(v).unwrap().as_bytes()).unwrap_err().to_string();
    let outside = "who isn't in the game (it seats 4 players)";
    for (action, expected) in [
        (json!({ "confirm_trade": 255 }), format!("it names player 256, {outside}")),
        (json!({ "confirm_trade": 4 }), format!("it names player 5, {outside}")),
        (json!({ "move_robber": { "hex": 3, "victim": 255 } }), format!("it names player 256, {outside}")),
        (
            json!({ "offer_trade": { "give": [1, 0, 0, 0, 0], "get": [0, 1, 0, 0, 0], "to": 255 } }),
            "it offers a trade to seats outside the game, which seats 4 players".to_string(),
        ),
    ] {
        let mut v = BASE.2.clone();
        v["actions"].as_array_mut().unwrap().insert(5, action);
        assert_eq!(message(&v), format!("the field `actions[5]` is wrong: {expected}"));
    }
    let impossible = "the saved state is impossible";
    for (edit, expected) in [
        (
            &(|v: &mut Value| v["state"]["turn"]["seat"] = json!(255)) as &dyn Fn(&mut Value),
            "a turn belongs to a player who isn't in the game",
        ),
        (&|v: &mut Value| v["state"]["first"] = json!(255), "a turn belongs to a player who isn't in the game"),
        (
            &|v: &mut Value| v["state"]["largest_army"] = json!(255),
            "an award is held by player 256, who isn't in the game",
        ),
        (
            &|v: &mut Value| v["state"]["phase"] = json!({ "over": { "winner": 255 } }),
            "the winner player 256 isn't in the game",
        ),
    ] {
        let mut v = BASE.2.clone();
        edit(&mut v);
        assert_eq!(message(&v), format!("{impossible}: {expected}"));
    }
}
