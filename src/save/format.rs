//! The save file's JSON document, versioned (docs/save-format.md), and its careful reading.
//!
//! Reading goes from the outside in, so each kind of damage gets its own message: is it JSON at
//! all (truncated or not), is it a catan save, of a version we read, do the fields have the right
//! types, is the state possible under the rules ([`Game::from_snapshot`]), and does the action
//! log replay to exactly that state. Nothing here panics on any input.
//!
//! Version 2 writes the position as the engine's [`Snapshot`], a stable type of its own, and the
//! seats with their kinds; version 1 documents (the serde form of `Game`, names only) are still
//! read, converted by [`super::v1`], and written back as version 2.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::engine::{Action, BoardCode, Config, Game, Seat, Snapshot};

use super::error::LoadProblem;
use super::history::Record;
use super::seats::{SeatInfo, SeatKind, SeatsRef};
use super::v1::StateV1;

/// The `format` field of every save.
pub const FORMAT: &str = "catan-save";
/// The version this build writes. Every version up to it can be read.
pub const VERSION: u32 = 2;

/// A save document as written: borrowed from a record (the log isn't copied).
#[derive(Serialize)]
struct SaveRef<'a> {
    format: &'static str,
    version: u32,
    seed: u64,
    /// Only when the players gave the seed (H7: whoever knows it knows the dice).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    seed_given: bool,
    /// The island's board code, only for a game dealt on one (`--board`).
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<String>,
    rules: &'a Config,
    seats: SeatsRef<'a>,
    actions: &'a [Action],
    state: &'a Snapshot,
}

/// The top level of a document as read: each field's JSON text, borrowed from the file. Reading
/// it checks the syntax once and builds no tree; each field is then read typed from its text.
#[derive(Deserialize)]
struct TopLevel<'a> {
    #[serde(default, borrow, deserialize_with = "present")]
    format: Option<&'a RawValue>,
    #[serde(default, borrow, deserialize_with = "present")]
    version: Option<&'a RawValue>,
    #[serde(default, borrow, deserialize_with = "present")]
    seed: Option<&'a RawValue>,
    /// Whether the players gave the seed (version 2; absent: they didn't).
    #[serde(default, borrow, deserialize_with = "present")]
    seed_given: Option<&'a RawValue>,
    /// The board code the island came from (version 2; absent: dealt from the seed).
    #[serde(default, borrow, deserialize_with = "present")]
    board: Option<&'a RawValue>,
    /// The rules (version 2).
    #[serde(default, borrow, deserialize_with = "present")]
    rules: Option<&'a RawValue>,
    /// Names and kinds of the seats (version 2).
    #[serde(default, borrow, deserialize_with = "present")]
    seats: Option<&'a RawValue>,
    /// The rules (version 1).
    #[serde(default, borrow, deserialize_with = "present")]
    config: Option<&'a RawValue>,
    /// The names of the seats (version 1).
    #[serde(default, borrow, deserialize_with = "present")]
    players: Option<&'a RawValue>,
    #[serde(default, borrow, deserialize_with = "present")]
    actions: Option<&'a RawValue>,
    #[serde(default, borrow, deserialize_with = "present")]
    state: Option<&'a RawValue>,
}

/// A field that is there, even as `null` (`None` only when the field is missing).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<&'de RawValue>, D::Error> {
    <&RawValue>::deserialize(d).map(Some)
}

/// A document as read, of either version, the state not yet checked.
struct Doc {
    seed: u64,
    seed_given: bool,
    island: Option<BoardCode>,
    rules: Config,
    names: Vec<String>,
    kinds: Vec<SeatKind>,
    actions: Vec<Action>,
    state: Snapshot,
    /// How the version names its parts in messages.
    fields: &'static Fields,
}

/// The names a version gives the parts that messages point at.
struct Fields {
    /// The rules at the top level.
    rules: &'static str,
    /// The rules in the state.
    state_rules: &'static str,
    /// Seat `i`'s name.
    name: fn(usize) -> String,
}

const FIELDS_V1: Fields = Fields { rules: "config", state_rules: "state.config", name: |i| format!("players[{i}]") };
const FIELDS_V2: Fields = Fields { rules: "rules", state_rules: "state.rules", name: |i| format!("seats[{i}].name") };

/// Saves up to this size are pretty-printed (easy to read and diff); larger ones are written
/// compact, so that what the game writes always stays within what it reads
/// ([`super::MAX_SAVE_BYTES`]) for as long as possible.
pub const PRETTY_MAX_BYTES: usize = 1 << 20;

/// The save document for a record: pretty-printed JSON ending in a newline while that is under
/// [`PRETTY_MAX_BYTES`], compact JSON (also ending in a newline) past that. Either is read the
/// same way; the caller checks the size against [`super::MAX_SAVE_BYTES`] before writing.
pub fn to_json(record: &Record) -> String {
    let doc = SaveRef {
        format: FORMAT,
        version: VERSION,
        seed: record.seed,
        seed_given: record.seed_given,
        board: record.island.as_ref().map(|c| c.to_string()),
        rules: &record.config,
        seats: SeatsRef { names: &record.names, kinds: &record.kinds },
        actions: &record.actions,
        state: &record.game.snapshot(),
    };
    let mut s = serde_json::to_string(&doc).expect("a game always serializes");
    // Compact first: a long game is never pretty-printed in full only to be thrown away.
    if s.len() < PRETTY_MAX_BYTES {
        let pretty = serde_json::to_string_pretty(&doc).expect("a game always serializes");
        if pretty.len() < PRETTY_MAX_BYTES {
            s = pretty;
        }
    }
    s.push('\n');
    s
}

/// Reads a save document and checks it fully: syntax, kind, version, fields, the rules'
/// invariants, and that the log replays to the saved state.
pub fn from_json(bytes: &[u8]) -> Result<Record, LoadProblem> {
    let mut record = from_json_unverified(bytes)?;
    record.verify_and_remember().map_err(LoadProblem::Replay)?;
    Ok(record)
}

/// Like [`from_json`] but without replaying the log, for `catan replay --verify`, which
/// reports the replay itself. Undo takes nothing back in the record it gives (what undo goes
/// back to is rebuilt by that replay): load with [`from_json`] to play on.
///
/// The document is parsed once: one syntax pass over the top level that keeps each field as
/// its borrowed text (no tree of values), then each field read typed from that text. Memory
/// stays near the size of the file and of the record read (a tree of `serde_json::Value`s
/// costs about 17 times the file).
///
/// Values the messages quote from the file are cut to a few dozen characters
/// (`LoadProblem::cut`).
pub fn from_json_unverified(bytes: &[u8]) -> Result<Record, LoadProblem> {
    read_unverified(bytes).map_err(LoadProblem::cut)
}

fn read_unverified(bytes: &[u8]) -> Result<Record, LoadProblem> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadProblem::Empty);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let before = &bytes[..e.valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        LoadProblem::NotJson { message: "invalid UTF-8".into(), line, column }
    })?;
    let whole: &RawValue = serde_json::from_str(text).map_err(syntax_error)?;
    let top: TopLevel = match kind_of_raw(whole) {
        "an object" => serde_json::from_str(whole.get())
            .map_err(|e| LoadProblem::NotASave(format!("its top level can't be read: {}", bare_message(&e))))?,
        other => return Err(LoadProblem::NotASave(format!("it holds {other}, not an object"))),
    };
    if check_kind(&top)? == 1 {
        return read_v1(&top);
    }
    // Read in the document's order, so that the first damaged field is the one reported.
    let seed = field(top.seed, "seed")?;
    let seed_given = if top.seed_given.is_some() { field(top.seed_given, "seed_given")? } else { false };
    let island = match top.board {
        Some(_) => {
            let text: String = field(top.board, "board")?;
            Some(BoardCode::parse(&text).map_err(|e| bad_field("board", e.to_string()))?)
        }
        None => None,
    };
    let rules = field(top.rules, "rules")?;
    let seats: Vec<SeatInfo> = field(top.seats, "seats")?;
    let (names, kinds) = seats.into_iter().map(|s| (s.name, s.kind)).unzip();
    let actions = field(top.actions, "actions")?;
    let state = field(top.state, "state")?;
    let doc = Doc { seed, seed_given, island, rules, names, kinds, actions, state, fields: &FIELDS_V2 };
    into_record(doc).map(|(record, _)| record)
}

/// Reads a version 1 document: its state is converted to a snapshot, and what version 1
/// stored of the derived facts is checked against the game rebuilt from it. Its seats are
/// people (version 1 knew no other kind).
fn read_v1(top: &TopLevel) -> Result<Record, LoadProblem> {
    let seed = field(top.seed, "seed")?;
    let rules = field(top.config, "config")?;
    let names: Vec<String> = field(top.players, "players")?;
    let actions = field(top.actions, "actions")?;
    let (state, derived) = field::<StateV1>(top.state, "state")?.into_snapshot()?;
    let kinds = vec![SeatKind::Human; names.len()];
    let doc = Doc { seed, seed_given: false, island: None, rules, names, kinds, actions, state, fields: &FIELDS_V1 };
    let (record, game) = into_record(doc)?;
    derived.check(&game)?;
    Ok(record)
}

/// A JSON syntax error as a problem: truncated, or not JSON at all.
fn syntax_error(e: serde_json::Error) -> LoadProblem {
    match e.classify() {
        serde_json::error::Category::Eof => LoadProblem::Truncated { line: e.line() },
        _ => LoadProblem::NotJson { message: bare_message(&e), line: e.line(), column: e.column() },
    }
}

/// Reads one top-level field typed; errors name the path inside the document
/// (`state.players[1].hand`).
fn field<T: serde::de::DeserializeOwned>(raw: Option<&RawValue>, name: &str) -> Result<T, LoadProblem> {
    let Some(raw) = raw else {
        return Err(bad_field(name, format!("missing field `{name}`")));
    };
    let mut de = serde_json::Deserializer::from_str(raw.get());
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let inner = e.path().to_string();
        let field = match inner.as_str() {
            "." | "" => name.to_string(),
            p if p.starts_with('[') => format!("{name}{p}"),
            p => format!("{name}.{p}"),
        };
        LoadProblem::BadField { field, message: bare_message(e.inner()) }
    })
}

/// True when `bytes` is a JSON object whose `format` field says it is a catan save (of any
/// version, damaged or not past that): the only kind of file a save may replace.
pub(super) fn is_save(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else { return false };
    let Ok(whole) = serde_json::from_str::<&RawValue>(text) else { return false };
    if kind_of_raw(whole) != "an object" {
        return false;
    }
    let Ok(top) = serde_json::from_str::<TopLevel>(whole.get()) else { return false };
    top.format.is_some_and(|f| serde_json::from_str::<String>(f.get()).is_ok_and(|f| f == FORMAT))
}

/// Checks the document says it is a catan save of a version we read, and returns the version.
fn check_kind(top: &TopLevel) -> Result<u32, LoadProblem> {
    let no_format = || LoadProblem::NotASave(format!("it has no \"format\": {FORMAT:?} field"));
    let format = top.format.ok_or_else(no_format)?;
    if kind_of_raw(format) != "a string" {
        return Err(no_format());
    }
    let format: String = serde_json::from_str(format.get()).map_err(|_| no_format())?;
    if format != FORMAT {
        return Err(LoadProblem::NotASave(format!("its format is {format:?}, not {FORMAT:?}")));
    }
    let Some(version) = top.version else {
        return Err(bad_field("version", "it is missing".into()));
    };
    if kind_of_raw(version) != "a number" {
        return Err(bad_field("version", format!("{} is not a version number", kind_of_raw(version))));
    }
    let n: serde_json::Number = serde_json::from_str(version.get())
        .map_err(|_| bad_field("version", format!("{} is not a version number", version.get())))?;
    match n.as_u64() {
        Some(v) if v > VERSION as u64 => Err(LoadProblem::NewerVersion { found: v, supported: VERSION }),
        Some(v) if v >= 1 => Ok(v as u32),
        Some(v) => Err(LoadProblem::UnknownVersion(v)),
        None => Err(bad_field("version", format!("{n} is not a version number"))),
    }
}

/// Turns a parsed document into a record (and its game, for further checks), checking what
/// the types alone can't.
fn into_record(doc: Doc) -> Result<(Record, Game), LoadProblem> {
    let Doc { seed, seed_given, island, rules, names, kinds, actions, state, fields } = doc;
    rules.validate().map_err(LoadProblem::BadConfig)?;
    if let Some(code) = &island {
        code.fits(&rules).map_err(|e| bad_field("board", e.to_string()))?;
    }
    check_player_names(&names, fields)?;
    check_action_seats(&actions, rules.players)?;
    if names.len() != rules.players as usize {
        return Err(LoadProblem::Impossible(format!(
            "it names {} players but its rules seat {}",
            names.len(),
            rules.players
        )));
    }
    if state.rules != rules {
        let (a, b) = (fields.rules, fields.state_rules);
        return Err(LoadProblem::Impossible(format!("the rules in `{a}` and in `{b}` differ")));
    }
    let game = Game::from_snapshot(state).map_err(|e| LoadProblem::Impossible(e.to_string()))?;
    let undo = Default::default();
    let island = island.map(Box::new);
    Ok((Record { seed, island, seed_given, config: rules, names, kinds, actions, game, undo }, game))
}

/// Names as [`crate::text::check_names`] wants them (printable, 1 to 20 characters, no two
/// alike); the error names the field, `seats[1].name` (`players[1]` in version 1).
fn check_player_names(players: &[String], fields: &Fields) -> Result<(), LoadProblem> {
    for (i, name) in players.iter().enumerate() {
        let problem = |e: crate::text::NameError| bad_field(&(fields.name)(i), e.to_string());
        crate::text::check_name(name).map_err(problem)?;
        if players[..i].iter().any(|n| crate::text::same_name(n, name)) {
            return Err(problem(crate::text::NameError::Duplicate(name.clone())));
        }
    }
    Ok(())
}

/// Refuses an action of the log that names a seat outside the game (a player to trade with or
/// to rob, players an offer is made to): the error names the action, `actions[12]`.
fn check_action_seats(actions: &[Action], players: u8) -> Result<(), LoadProblem> {
    let outside = |s: Seat| s.0 >= players;
    for (i, &action) in actions.iter().enumerate() {
        let seat = match action {
            Action::ConfirmTrade(s) | Action::MoveRobber { victim: Some(s), .. } if outside(s) => s,
            // Seats are counted from 0: bits at `players` and above are outside the game.
            Action::OfferTrade { to, .. } if to.0.checked_shr(u32::from(players)).unwrap_or(0) != 0 => {
                return Err(bad_field(
                    &format!("actions[{i}]"),
                    format!("it offers a trade to seats outside the game, which seats {players} players"),
                ));
            }
            _ => continue,
        };
        return Err(bad_field(
            &format!("actions[{i}]"),
            format!("it names {seat}, who isn't in the game (it seats {players} players)"),
        ));
    }
    Ok(())
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

/// "an array", "a number", ... for messages: the kind of a JSON value, from its first character
/// (the text is valid JSON, checked by the syntax pass).
fn kind_of_raw(raw: &RawValue) -> &'static str {
    match raw.get().trim_start().as_bytes().first() {
        Some(b'{') => "an object",
        Some(b'[') => "an array",
        Some(b'"') => "a string",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        _ => "a number",
    }
}

/// Where two games first differ, as a path into the save document (`state.players[1].hand`).
pub(super) fn first_difference(a: &Game, b: &Game) -> String {
    match (serde_json::to_value(a.snapshot()), serde_json::to_value(b.snapshot())) {
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
