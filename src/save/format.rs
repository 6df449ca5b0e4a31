//! The save file's JSON document, versioned (docs/save-format.md), and its careful reading.
//!
//! Reading goes from the outside in, so each kind of damage gets its own message: is it JSON at
//! all (truncated or not), is it a catan save, of a version we read, do the fields have the right
//! types, is the state possible under the rules ([`Game::validate`]), and does the action log
//! replay to exactly that state. Nothing here panics on any input.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::engine::{Action, Config, Game};

use super::error::LoadProblem;
use super::history::Record;

/// The `format` field of every save.
pub const FORMAT: &str = "catan-save";
/// The version this build writes. Every version up to it can be read.
pub const VERSION: u32 = 1;

/// A save document as written: borrowed from a record, so writing copies nothing.
#[derive(Serialize)]
struct SaveRef<'a> {
    format: &'static str,
    version: u32,
    seed: u64,
    config: &'a Config,
    players: &'a [String],
    actions: &'a [Action],
    state: &'a Game,
}

/// A version 1 document as read.
#[derive(Deserialize)]
struct SaveV1 {
    seed: u64,
    config: Config,
    players: Vec<String>,
    actions: Vec<Action>,
    state: Game,
}

/// The save document for a record, pretty-printed JSON ending in a newline.
pub fn to_json(record: &Record) -> String {
    let doc = SaveRef {
        format: FORMAT,
        version: VERSION,
        seed: record.seed,
        config: &record.config,
        players: &record.names,
        actions: &record.actions,
        state: &record.game,
    };
    let mut s = serde_json::to_string_pretty(&doc).expect("a game always serializes");
    s.push('\n');
    s
}

/// Reads a save document and checks it fully: syntax, kind, version, fields, the rules'
/// invariants, and that the log replays to the saved state.
pub fn from_json(bytes: &[u8]) -> Result<Record, LoadProblem> {
    let record = from_json_unverified(bytes)?;
    record.verify().map_err(LoadProblem::Replay)?;
    Ok(record)
}

/// Like [`from_json`] but without replaying the log, for `catan replay --verify`, which
/// reports the replay itself.
pub fn from_json_unverified(bytes: &[u8]) -> Result<Record, LoadProblem> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadProblem::Empty);
    }
    let value: Value = serde_json::from_slice(bytes).map_err(|e| match e.classify() {
        serde_json::error::Category::Eof => LoadProblem::Truncated { line: e.line() },
        _ => LoadProblem::NotJson { message: bare_message(&e), line: e.line(), column: e.column() },
    })?;
    check_kind(&value)?;
    // Only version 1 exists so far; a version 2 reader converts older documents here.
    let doc: SaveV1 = field_errors(serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_slice(bytes)))?;
    into_record(doc)
}

/// Checks the document says it is a catan save of a version we read.
fn check_kind(value: &Value) -> Result<(), LoadProblem> {
    let Value::Object(map) = value else {
        return Err(LoadProblem::NotASave(format!("it holds {}, not an object", kind_of(value))));
    };
    match map.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        Some(Value::String(f)) => return Err(LoadProblem::NotASave(format!("its format is {f:?}, not {FORMAT:?}"))),
        _ => return Err(LoadProblem::NotASave(format!("it has no \"format\": {FORMAT:?} field"))),
    }
    match map.get("version") {
        Some(Value::Number(n)) => match n.as_u64() {
            Some(v) if v > VERSION as u64 => Err(LoadProblem::NewerVersion { found: v, supported: VERSION }),
            Some(v) if v >= 1 => Ok(()),
            Some(v) => Err(LoadProblem::UnknownVersion(v)),
            None => Err(bad_field("version", format!("{n} is not a version number"))),
        },
        Some(other) => Err(bad_field("version", format!("{} is not a version number", kind_of(other)))),
        None => Err(bad_field("version", "it is missing".into())),
    }
}

/// Turns a parsed document into a record, checking what the types alone can't.
fn into_record(doc: SaveV1) -> Result<Record, LoadProblem> {
    let SaveV1 { seed, config, players, actions, state } = doc;
    config.validate().map_err(LoadProblem::BadConfig)?;
    if players.len() != config.players as usize {
        return Err(LoadProblem::Impossible(format!(
            "it names {} players but its rules seat {}",
            players.len(),
            config.players
        )));
    }
    if state.config() != &config {
        return Err(LoadProblem::Impossible("the rules in `config` and in `state` differ".into()));
    }
    state.validate().map_err(LoadProblem::Impossible)?;
    Ok(Record { seed, config, names: players, actions, game: state })
}

/// Maps a typed-parse error to the field it is about.
fn field_errors<T>(r: Result<T, serde_path_to_error::Error<serde_json::Error>>) -> Result<T, LoadProblem> {
    r.map_err(|e| {
        let field = e.path().to_string();
        let inner = e.into_inner();
        LoadProblem::BadField { field, message: bare_message(&inner) }
    })
}

fn bad_field(field: &str, message: String) -> LoadProblem {
    LoadProblem::BadField { field: field.into(), message }
}

/// A serde_json message without its " at line L column C" tail (we say where ourselves).
fn bare_message(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// "an array", "a number", ... for messages.
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Where two games first differ, as a path into the save document (`state.players[1].hand`).
pub(super) fn first_difference(a: &Game, b: &Game) -> String {
    match (serde_json::to_value(a), serde_json::to_value(b)) {
        (Ok(a), Ok(b)) => {
            let mut path = String::from("state");
            diff_path(&a, &b, &mut path);
            path
        }
        _ => "state".into(),
    }
}

/// Extends `path` down to the first place where `a` and `b` differ.
fn diff_path(a: &Value, b: &Value, path: &mut String) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            if let Some((k, va)) = x.iter().find(|(k, v)| y.get(*k) != Some(*v)) {
                path.push('.');
                path.push_str(k);
                if let Some(vb) = y.get(k) {
                    diff_path(va, vb, path);
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            if let Some(i) = (0..x.len()).find(|&i| x[i] != y[i]) {
                path.push_str(&format!("[{i}]"));
                diff_path(&x[i], &y[i], path);
            }
        }
        _ => {}
    }
}
