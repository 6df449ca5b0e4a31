//! Damaged and hand-edited save files (issue 4): each gives one clear message naming the file
//! and the problem, the command line exits with code 1, and the file is left as it was.

use std::path::Path;

use crate::support::cli::catan_text;
use crate::support::files::TempDir;
use crate::support::records::random_record;
use catan::engine::{Action, Seat, Vertex};
use catan::save::{self, Record};
use serde_json::{Value, json};

/// A four-player game (seed 2) well past set-up.
fn base() -> Record {
    let record = random_record(2, 150);
    assert_eq!(record.config().players, 4);
    record
}

fn doc(record: &Record) -> Value {
    serde_json::from_str(&save::to_json(record)).unwrap()
}

/// Writes `bytes` as `name` in `dir`, loads it, checks the file is untouched, returns the message.
fn load_message(dir: &TempDir, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let err = save::load(&path).unwrap_err();
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "loading never writes");
    let msg = err.to_string();
    let prefix = format!("cannot load {}: ", path.display());
    assert!(msg.starts_with(&prefix), "{msg}");
    msg[prefix.len()..].to_string()
}

fn edited(dir: &TempDir, name: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut v = doc(&base());
    edit(&mut v);
    load_message(dir, name, serde_json::to_string_pretty(&v).unwrap().as_bytes())
}

#[test]
fn damaged_files_each_give_one_clear_message() {
    let dir = TempDir::new("damaged");
    let good = save::to_json(&base());
    let cut = &good.as_bytes()[..good.len() / 2];
    let line = cut.iter().filter(|&&b| b == b'\n').count() + 1;
    assert_eq!(load_message(&dir, "cut.json", cut), format!("the file is truncated (JSON ends early at line {line})"));
    assert_eq!(load_message(&dir, "empty.json", b""), "the file is empty");
    assert_eq!(
        load_message(&dir, "notes.txt", b"shopping: eggs\n"),
        "the file is not JSON (expected value at line 1, column 1)"
    );
    assert_eq!(
        load_message(&dir, "package.json", br#"{"name": "left-pad", "version": "1.3.0"}"#),
        r#"it is JSON but not a catan save (it has no "format": "catan-save" field)"#
    );
    assert_eq!(
        load_message(&dir, "list.json", b"[1, 2, 3]"),
        "it is JSON but not a catan save (it holds an array, not an object)"
    );
    assert_eq!(
        load_message(&dir, "chess.json", br#"{"format": "chess-save", "version": 1}"#),
        r#"it is JSON but not a catan save (its format is "chess-save", not "catan-save")"#
    );
    let newer = good.replacen("\"version\": 2,", "\"version\": 3,", 1);
    assert_eq!(
        load_message(&dir, "newer.json", newer.as_bytes()),
        "it is a save of version 3, written by a newer catan; this one reads versions up to 2"
    );
}

#[test]
fn hand_edited_impossible_states_are_refused() {
    let dir = TempDir::new("impossible");
    // 21 bricks: two more in a hand than the 19 the game has.
    let msg = edited(&dir, "bricks.json", |v| {
        let b = &mut v["state"]["players"][0]["hand"][0];
        *b = json!(b.as_u64().unwrap() + 2);
    });
    assert_eq!(msg, "the saved state is impossible: there are 21 brick cards in the game; there must be 19");

    let msg = edited(&dir, "robber.json", |v| v["state"]["board"]["robber"] = json!(40));
    assert_eq!(msg, "the saved state is impossible: the robber stands on hex 40, which is not on the island");

    // A settlement for player 2 next to one of player 1's.
    let record = base();
    let topo = record.game().topology();
    let own = record.game().settlements(Seat(0)).next().unwrap();
    let next: Vertex = topo.vertex_neighbors(own)[0];
    let msg = edited(&dir, "adjacent.json", |v| {
        v["state"]["players"][1]["settlements"].as_array_mut().unwrap().push(json!(next.0));
    });
    let at = own.0.min(next.0);
    assert_eq!(
        msg,
        format!("the saved state is impossible: two buildings stand next to each other at intersection {at}")
    );

    let msg = edited(&dir, "award.json", |v| v["state"]["largest_army"] = json!(5));
    assert_eq!(msg, "the saved state is impossible: an award is held by player 6, who isn't in the game");
    let msg = edited(&dir, "seat.json", |v| {
        let empty = json!({"hand": [0, 0, 0, 0, 0], "dev": [0, 0, 0, 0, 0], "knights": 0, "settlements": [],
            "cities": [], "roads": [3]});
        v["state"]["players"].as_array_mut().unwrap().push(empty);
    });
    assert_eq!(msg, "the saved state is impossible: it has 5 players but its rules seat 4");
    let msg = edited(&dir, "names.json", |v| {
        v["seats"].as_array_mut().unwrap().push(json!({"name": "Eve", "kind": "human"}));
    });
    assert_eq!(msg, "the saved state is impossible: it names 5 players but its rules seat 4");
    let msg = edited(&dir, "type.json", |v| v["state"]["bank"][2] = json!("lots"));
    assert_eq!(msg, "the field `state.bank[2]` is wrong: invalid type: string \"lots\", expected u8");
}

#[test]
fn a_log_that_does_not_replay_to_the_state_is_refused() {
    let dir = TempDir::new("replay");
    // The log without its last action: every action legal, but it ends elsewhere.
    let msg = edited(&dir, "short.json", |v| {
        v["actions"].as_array_mut().unwrap().pop();
    });
    assert!(msg.starts_with("the action log doesn't replay to the saved state (they first differ at `state."), "{msg}");
    // An action that can't be played where it stands (the reason is the engine's own words).
    let msg = edited(&dir, "illegal.json", |v| {
        v["actions"].as_array_mut().unwrap().insert(0, json!("end_turn"));
    });
    assert!(
        msg.starts_with("the action log doesn't replay: action 1 (\"end_turn\") is illegal there: not now: "),
        "{msg}"
    );
    // A different seed deals another board.
    let msg = edited(&dir, "seed.json", |v| v["seed"] = json!(v["seed"].as_u64().unwrap() + 1));
    assert!(msg.contains("doesn't replay"), "{msg}");
}

#[test]
fn the_command_line_verifies_replays_and_exits_1_on_damage() {
    let dir = TempDir::new("cli");
    let path = dir.join("game.json");
    save::save(&base(), &path).unwrap();
    let p = path.to_str().unwrap();
    let (code, out, _) = catan_text(&["replay", p, "--verify"], dir.path());
    assert_eq!(code, 0);
    assert!(out.contains("reproduces the saved state"), "{out}");

    let mut v = doc(&base());
    v["actions"].as_array_mut().unwrap().pop();
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let before = std::fs::read(&path).unwrap();
    let (code, _, err) = catan_text(&["replay", p, "--verify"], dir.path());
    assert_eq!(code, 1);
    assert!(err.starts_with(&format!("catan: {p}: the action log doesn't replay to the saved state")), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    std::fs::write(&path, b"{\"format\": \"catan-save\", \"vers").unwrap();
    for args in [&["replay", p, "--verify"][..], &["replay", p]] {
        let (code, _, err) = catan_text(args, dir.path());
        assert_eq!(code, 1);
        assert_eq!(err, format!("catan: cannot load {p}: the file is truncated (JSON ends early at line 1)\n"));
    }
    let (code, _, err) = catan_text(&["replay", dir.join("missing.json").to_str().unwrap()], dir.path());
    assert_eq!(code, 1);
    assert!(err.contains("missing.json: No such file"), "{err}");
}

#[test]
fn simulate_writes_each_game_as_a_save() {
    let dir = TempDir::new("simulate");
    let out = dir.join("games");
    let (code, _, err) = catan_text(
        &["simulate", "--games", "3", "--seed", "40", "--players", "3", "--save-dir", out.to_str().unwrap()],
        dir.path(),
    );
    assert_eq!(code, 0, "{err}");
    for seed in 40..43u64 {
        let record = save::load(&out.join(format!("game-{seed}.json"))).unwrap();
        assert_eq!(record.seed(), seed);
        assert_eq!(record.game(), &catan::sim::play_one(*record.config(), seed).game);
        assert!(record.actions().iter().any(|a| matches!(a, Action::RollDice)));
    }
}

/// Issue 12, item 9: a name in a save is checked like a typed one (crate::text::check_name):
/// printable, at most 20 characters, no two alike; the message names the field.
#[test]
fn names_in_a_save_are_checked_like_typed_ones() {
    let dir = TempDir::new("names");
    let msg = edited(&dir, "escape.json", |v| v["seats"][1]["name"] = json!("Bob\u{1b}[2J"));
    assert_eq!(
        msg,
        "the field `seats[1].name` is wrong: \"Bob\\u{1b}[2J\" holds \\u{1b}, which can't be shown: a name is printable text"
    );
    assert!(!msg.contains('\u{1b}'));
    let msg = edited(&dir, "long.json", |v| v["seats"][2]["name"] = json!("x".repeat(21)));
    assert_eq!(
        msg,
        format!("the field `seats[2].name` is wrong: \"{}\" has 21 characters: a name has at most 20", "x".repeat(21))
    );
    let msg = edited(&dir, "twice.json", |v| v["seats"][3]["name"] = json!("PLAYER 1"));
    assert_eq!(
        msg,
        "the field `seats[3].name` is wrong: two players are called PLAYER 1: each needs a name of their own"
    );
    let msg = edited(&dir, "empty.json", |v| v["seats"][0]["name"] = json!(" "));
    assert_eq!(msg, "the field `seats[0].name` is wrong: a name can't be empty");
}

/// Issue 12, item 10: nothing `catan replay` prints (paths, the log's lines) can send the
/// terminal an escape sequence: unprintable characters are written as `\u{1b}`.
#[test]
fn everything_replay_prints_is_escaped() {
    let dir = TempDir::new("escape");
    let evil = dir.join("evil\u{1b}]0;pwned\u{7}.json");
    let shown = evil.display().to_string().replace('\u{1b}', "\\u{1b}").replace('\u{7}', "\\u{7}");
    // A damaged file: the error names the path, escaped.
    std::fs::write(&evil, b"{").unwrap();
    let (code, _, err) = catan_text(&["replay", evil.to_str().unwrap(), "--print"], dir.path());
    assert_eq!(code, 1);
    assert_eq!(err, format!("catan: cannot load {shown}: the file is truncated (JSON ends early at line 1)\n"));
    // A good one: --verify's line names the path, escaped; --print's lines are all printable.
    save::save(&base(), &evil).unwrap();
    let (code, out, _) = catan_text(&["replay", evil.to_str().unwrap(), "--verify"], dir.path());
    assert_eq!(code, 0);
    assert!(out.starts_with(&format!("{shown}: the log of 150 actions reproduces")), "{out}");
    let (code, out, _) = catan_text(&["replay", evil.to_str().unwrap(), "--print"], dir.path());
    assert_eq!(code, 0);
    assert!(out.lines().count() > 150);
    assert!(!out.chars().any(|c| catan::text::is_unprintable(c) && c != '\n'), "{out:?}");
    let lines: Vec<String> = save::commands::log_lines(&base()).collect();
    assert_eq!(lines.join("\n") + "\n", out);
}

/// Issue 13, save format v2: the parts version 2 added (seats with their kinds, the rules named
/// `rules`, the state as a snapshot with the island's lengths) each give their own message.
#[test]
fn damage_to_the_parts_of_version_2_each_gives_one_clear_message() {
    let dir = TempDir::new("v2");
    let msg = edited(&dir, "kind.json", |v| v["seats"][1]["kind"] = json!("alien"));
    assert!(msg.starts_with("the field `seats[1].kind` is wrong: unknown variant `alien`"), "{msg}");
    let msg = edited(&dir, "nokind.json", |v| {
        v["seats"][2].as_object_mut().unwrap().remove("kind");
    });
    assert_eq!(msg, "the field `seats[2]` is wrong: missing field `kind`");
    let msg = edited(&dir, "rules.json", |v| v["state"]["rules"]["target"] = json!(9));
    assert_eq!(msg, "the saved state is impossible: the rules in `rules` and in `state.rules` differ");
    let msg = edited(&dir, "map.json", |v| v["state"]["board"]["map"] = json!("five-six"));
    assert_eq!(
        msg,
        "the saved state is impossible: the board is the five-six map but the rules play on the standard map"
    );
    let msg = edited(&dir, "hexes.json", |v| {
        v["state"]["board"]["terrain"].as_array_mut().unwrap().push(json!("desert"));
    });
    assert_eq!(msg, "the saved state is impossible: the board lists 20 terrains; the standard map has 19");
    let msg = edited(&dir, "road.json", |v| v["state"]["players"][1]["roads"] = json!([250]));
    assert_eq!(msg, "the saved state is impossible: player 2 has a piece off the island");
    let msg = edited(&dir, "mapname.json", |v| v["rules"]["map"] = json!("atlantis"));
    assert!(msg.starts_with("the field `rules.map` is wrong: unknown variant `atlantis`"), "{msg}");
}

/// Version 1 documents are checked as before: their padding must be empty, their stored road
/// lengths must be the roads', their names are `players[i]`.
#[test]
fn damage_to_a_version_1_save_gives_its_own_message() {
    let dir = TempDir::new("v1");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/v1-three-players-mid-game.json");
    let v1: Value = serde_json::from_slice(&std::fs::read(fixture).unwrap()).unwrap();
    let edit = |name: &str, f: &dyn Fn(&mut Value)| {
        let mut v = v1.clone();
        f(&mut v);
        load_message(&dir, name, serde_json::to_string_pretty(&v).unwrap().as_bytes())
    };
    let msg = edit("seat.json", &|v| v["state"]["players"][4]["roads"] = json!([3]));
    assert_eq!(msg, "the saved state is impossible: seat 5 holds cards or pieces but the game has 3 players");
    let msg = edit("length.json", &|v| v["state"]["players"][0]["road_length"] = json!(9));
    assert_eq!(msg, "the saved state is impossible: player 1's road length is 9, but the roads give 4");
    let msg = edit("hex.json", &|v| v["state"]["board"]["terrain"][25] = json!("hills"));
    assert_eq!(msg, "the saved state is impossible: hex 25 is off the island but has terrain hills");
    let msg = edit("name.json", &|v| v["players"][1] = json!(""));
    assert_eq!(msg, "the field `players[1]` is wrong: a name can't be empty");
    let msg = edit("rules.json", &|v| v["state"]["config"]["target"] = json!(9));
    assert_eq!(msg, "the saved state is impossible: the rules in `config` and in `state.config` differ");
    // Past u64, as no game reaches: a number JSON values can't hold, so edited as text.
    let text = serde_json::to_string_pretty(&v1).unwrap();
    let far = text.replacen("\"word_pos\": 187", "\"word_pos\": 18446744073709551616", 1);
    assert_ne!(far, text);
    let msg = load_message(&dir, "word.json", far.as_bytes());
    assert_eq!(msg, "the field `state.rng.word_pos` is wrong: it is out of range");
}

/// Issue 27: a load error quotes a value from the file cut to a few dozen characters and says
/// how long it was (a 63 MB name gave a 65 MB message).
#[test]
fn load_errors_cut_long_values_and_say_how_long_they_were() {
    let dir = TempDir::new("damaged-long");
    let long = "N".repeat(1_000_000);
    type Edit<'a> = Box<dyn Fn(&mut Value) + 'a>;
    let cases: [(&str, Edit<'_>, String); 4] = [
        (
            "name.json",
            Box::new(|v: &mut Value| v["seats"][1]["name"] = json!(long)),
            format!(
                "the field `seats[1].name` is wrong: \"{}…\" (1000000 characters) has 1000000 characters: a name has at most 20",
                &long[..32]
            ),
        ),
        (
            "kind.json",
            Box::new(|v: &mut Value| v["seats"][1]["kind"] = json!(long)),
            format!("the field `seats[1].kind` is wrong: unknown variant `{}…` (1000000 characters)", &long[..32]),
        ),
        (
            "format.json",
            Box::new(|v: &mut Value| v["format"] = json!(long)),
            format!(
                "it is JSON but not a catan save (its format is \"{}…\" (1000000 characters), not \"catan-save\")",
                &long[..32]
            ),
        ),
        (
            "hand.json",
            Box::new(|v: &mut Value| v["state"]["players"][0]["hand"] = json!(long)),
            format!(
                "the field `state.players[0].hand` is wrong: invalid type: string \"{}…\" (1000000 characters)",
                &long[..32]
            ),
        ),
    ];
    for (name, edit, expected) in cases {
        let message = edited(&dir, name, edit);
        assert!(message.len() < 400, "{name}: a message of {} bytes", message.len());
        assert!(message.starts_with(&expected), "{name}: {message}");
    }
}
