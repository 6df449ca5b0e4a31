//! Why a save could not be loaded or written, in words a player can act on.
//!
//! Every message names the file first: `cannot load saves/x.json: the file is truncated (JSON
//! ends early at line 3)`. A front end prints the [`LoadError`] as it is and exits with code 1.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::engine::{Action, ConfigError, RuleError};

/// A save file that could not be loaded: which file, and what is wrong with it.
#[derive(Debug, thiserror::Error)]
#[error("cannot load {}: {problem}", path.display())]
pub struct LoadError {
    /// The file that was read.
    pub path: PathBuf,
    /// What is wrong with it.
    pub problem: LoadProblem,
}

impl LoadError {
    /// A problem found in the file at `path`.
    pub fn new(path: &Path, problem: LoadProblem) -> LoadError {
        LoadError { path: path.to_path_buf(), problem }
    }
}

/// What is wrong with a save file's contents, without the file's name.
#[derive(Debug, thiserror::Error)]
pub enum LoadProblem {
    #[error("{0}")]
    Io(#[source] io::Error),
    #[error("the file is larger than {limit} bytes, far more than any save")]
    TooLarge { limit: u64 },
    #[error("it is {0}, not a save file")]
    NotAFile(&'static str),
    #[error("the file is empty")]
    Empty,
    #[error("the file is truncated (JSON ends early at line {line})")]
    Truncated { line: usize },
    #[error("the file is not JSON ({message} at line {line}, column {column})")]
    NotJson { message: String, line: usize, column: usize },
    #[error("it is JSON but not a catan save ({0})")]
    NotASave(String),
    #[error("it is a save of version {found}, written by a newer catan; this one reads versions up to {supported}")]
    NewerVersion { found: u64, supported: u32 },
    #[error("it claims save version {0}, which no catan ever wrote")]
    UnknownVersion(u64),
    #[error("the field `{field}` is wrong: {message}")]
    BadField { field: String, message: String },
    #[error("the rules in the save are impossible: {0}")]
    BadConfig(#[source] ConfigError),
    #[error("the saved state is impossible: {0}")]
    Impossible(String),
    #[error("{0}")]
    Replay(#[source] ReplayError),
}

impl LoadProblem {
    /// The problem with every value it quotes from the file cut to a few dozen characters,
    /// saying how long it was ([`cut_long_values`]): a 63 MB name is no 65 MB message.
    pub(super) fn cut(self) -> LoadProblem {
        match self {
            LoadProblem::NotJson { message, line, column } => {
                LoadProblem::NotJson { message: cut_long_values(&message), line, column }
            }
            LoadProblem::NotASave(s) => LoadProblem::NotASave(cut_long_values(&s)),
            LoadProblem::BadField { field, message } => {
                LoadProblem::BadField { field: cut_long_values(&field), message: cut_long_values(&message) }
            }
            LoadProblem::Impossible(s) => LoadProblem::Impossible(cut_long_values(&s)),
            other => other,
        }
    }
}

/// Characters of a quoted value kept in a message, and the most shown whole.
const QUOTE_KEEP: usize = 32;
const QUOTE_MAX: usize = 40;
/// The longest run of text outside quotes shown whole (a number, a path).
const WORD_MAX: usize = 64;

/// `message` with each value quoted in it (`"..."` or `` `...` ``) longer than 40 characters
/// cut to its first 32 and followed by how many characters it had: `"AAAA…" (63000000
/// characters)`; any other run of text without a space longer than 64 characters likewise.
pub fn cut_long_values(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(512));
    let mut rest = message;
    while !rest.is_empty() {
        let Some(open) = rest.find(['"', '`']) else {
            cut_words(rest, &mut out);
            break;
        };
        cut_words(&rest[..open], &mut out);
        let quote = rest.as_bytes()[open] as char;
        let inner = &rest[open + 1..];
        // The closing quote; a `"` escaped with a backslash is part of the value.
        let mut escaped = false;
        let close = inner.char_indices().find(|&(_, c)| {
            let closes = c == quote && !escaped;
            escaped = quote == '"' && c == '\\' && !escaped;
            closes
        });
        let (value, after) = match close {
            Some((i, _)) => (&inner[..i], &inner[i + 1..]),
            None => (inner, ""),
        };
        out.push(quote);
        let chars = value.chars().count();
        if chars > QUOTE_MAX {
            out.extend(value.chars().take(QUOTE_KEEP));
            out.push('…');
            out.push(quote);
            out.push_str(&format!(" ({chars} characters)"));
        } else {
            out.push_str(value);
            if close.is_some() {
                out.push(quote);
            }
        }
        rest = after;
    }
    out
}

/// Appends `text`, each run of it without a space longer than [`WORD_MAX`] cut.
fn cut_words(text: &str, out: &mut String) {
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let chars = word.chars().count();
        if chars > WORD_MAX {
            out.extend(word.chars().take(QUOTE_KEEP));
            out.push_str(&format!("… ({chars} characters)"));
        } else {
            out.push_str(word);
        }
    }
}

/// Why a save's action log does not lead to its saved state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the rules in the save are impossible: {0}")]
    Config(ConfigError),
    #[error("the action log doesn't replay: action {number} ({action}) is illegal there: {error}", action = ActionText(action))]
    Illegal { number: usize, action: Action, error: RuleError },
    #[error("the action log doesn't replay to the saved state (they first differ at `{at}`)")]
    Mismatch { at: String },
}

/// An action written the way the save file writes it, for messages.
struct ActionText<'a>(&'a Action);

impl fmt::Display for ActionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match serde_json::to_string(self.0) {
            Ok(s) => f.write_str(&s),
            Err(_) => write!(f, "{:?}", self.0),
        }
    }
}

/// A save that could not be written. The file that was there before is left as it was.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("cannot save {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error(
        "cannot save {}: the save would be {size} bytes, more than the {limit} catan can load; the file there was left as it was",
        path.display()
    )]
    TooLarge { path: PathBuf, size: u64, limit: u64 },
    /// The game's own save would not load (a fault of this catan, never of the player's): the
    /// file there, the last good save, is kept.
    #[error("cannot save {}: the save would not load ({why}); the file there was left as it was", path.display())]
    WouldNotLoad { path: PathBuf, why: String },
    #[error("cannot save {}: {why}; only a catan save is ever replaced, so choose another name", path.display())]
    WontReplace { path: PathBuf, why: String },
    #[error("{} is open in another catan", path.display())]
    OpenElsewhere { path: PathBuf },
    #[error("cannot save: {0}")]
    BadName(String),
    #[error("cannot save: no data directory was found for this user (set CATAN_DATA_DIR)")]
    NoDataDir,
}

/// Why `u` can't take the last action back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UndoRefusal {
    #[error("nothing to undo")]
    Nothing,
    #[error("the game is over")]
    GameOver,
    #[error("the last action was another player's")]
    OtherPlayer,
    #[error("{0} can't be taken back: it revealed something new")]
    Revealed(&'static str),
    /// The last action completed a trade another player accepted or countered: their choice
    /// is part of it, so it is final (RULES H3).
    #[error("a trade another player agreed to can't be taken back")]
    TradeAgreed,
    /// The last action withdrew an offer every player asked had declined: their answers closed
    /// it, so it is final (issue 42: undo opened the dead offer again).
    #[error("everyone declined the offer: there is nothing of it to take back")]
    AllDeclined,
}

#[cfg(test)]
mod tests {
    use super::cut_long_values;

    /// Issue 27: values quoted from a file are cut, saying how long they were; short ones and
    /// the words around them are kept as they are.
    #[test]
    fn load_errors_cut_long_quoted_values() {
        let long = "A".repeat(100_000);
        let cut = cut_long_values(&format!("\"{long}\" has 100000 characters: a name has at most 20"));
        assert_eq!(
            cut,
            format!("\"{}…\" (100000 characters) has 100000 characters: a name has at most 20", &long[..32])
        );
        let cut = cut_long_values(&format!("unknown variant `{long}`, expected `a` or `b`"));
        assert_eq!(cut, format!("unknown variant `{}…` (100000 characters), expected `a` or `b`", &long[..32]));
        let with_quotes = format!("invalid type: string \"{}\\\"{}\", expected u8", "é".repeat(30), "x".repeat(30));
        let cut = cut_long_values(&with_quotes);
        assert_eq!(cut, format!("invalid type: string \"{}\\\"…\" (62 characters), expected u8", "é".repeat(30)));
        let digits = "9".repeat(5000);
        assert_eq!(
            cut_long_values(&format!("{digits} is not a version number")),
            format!("{}… (5000 characters) is not a version number", &digits[..32])
        );
        for short in ["its format is \"catan\", not \"catan-save\"", "it's \"unclosed", "`a` and `b`", ""] {
            assert_eq!(cut_long_values(short), short);
        }
    }
}
