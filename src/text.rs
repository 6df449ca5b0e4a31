//! Text that comes from outside: players' names, and anything printed outside ratatui.
//!
//! A name is checked once, here, wherever it enters (`--players`, the start screen, a loaded
//! save: all of them build a [`crate::save::Record`], which calls [`check_names`]). Text printed
//! straight to the terminal (`replay --print`, error messages naming a file) goes through
//! [`escape`] first, so no escape sequence in a name or a path reaches the terminal.

use std::borrow::Cow;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 20;

/// Why a name can't be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a name can't be empty")]
    Empty,
    #[error("\"{}\" has {chars} characters: a name has at most {MAX_NAME_CHARS}", escape(name))]
    TooLong { name: String, chars: usize },
    #[error("\"{}\" holds {}, which can't be shown: a name is printable text", escape(name), escape(&.ch.to_string()))]
    Unprintable { name: String, ch: char },
    #[error("two players are called {}: each needs a name of their own", escape(.0))]
    Duplicate(String),
}

/// Characters that print nothing or change how the terminal reads what follows: control
/// characters, and the invisible format characters (soft hyphen, zero-width and bidirectional
/// marks, word joiners, the byte-order mark, tags).
pub fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{AD}' | '\u{61C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// Checks one name: 1 to [`MAX_NAME_CHARS`] printable characters, without spaces at either end.
pub fn check_name(name: &str) -> Result<(), NameError> {
    if let Some(ch) = name.chars().find(|&c| is_unprintable(c)) {
        return Err(NameError::Unprintable { name: name.into(), ch });
    }
    if name.trim().is_empty() {
        return Err(NameError::Empty);
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(NameError::TooLong { name: name.into(), chars });
    }
    if name.trim() != name {
        return Err(NameError::Unprintable { name: name.into(), ch: ' ' });
    }
    Ok(())
}

/// Checks every name, and that no two are the same (ignoring case).
pub fn check_names(names: &[String]) -> Result<(), NameError> {
    for (i, name) in names.iter().enumerate() {
        check_name(name)?;
        if names[..i].iter().any(|n| same_name(n, name)) {
            return Err(NameError::Duplicate(name.clone()));
        }
    }
    Ok(())
}

/// True when two names would be confused at the table ("ann" and "Ann").
pub fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// `text` with every unprintable character written as an escape (`\u{1b}`), for printing
/// outside ratatui. Borrows when there is nothing to escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unprintable) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unprintable(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Prints a command's report on standard output. A reader that stops early (`| head`, `| true`)
/// closes the pipe: the report ends there quietly. Any other failure to write (a full disk) is a
/// one-line message and exit code 1, never a panic.
pub fn print_report(text: &str) -> std::process::ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("catan: cannot print the report: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn names_are_printable_text_of_1_to_20_characters() {
        assert_eq!(check_name("Ann"), Ok(()));
        assert_eq!(check_name("Zoë van der Berg-Ölß"), Ok(()), "20 characters, some not ASCII");
        assert_eq!(check_name(""), Err(NameError::Empty));
        assert_eq!(check_name("   "), Err(NameError::Empty));
        assert!(matches!(check_name("abcdefghijklmnopqrstu"), Err(NameError::TooLong { chars: 21, .. })));
        assert!(matches!(check_name("A\x1b]0;pwned\x07"), Err(NameError::Unprintable { ch: '\x1b', .. })));
        assert!(matches!(check_name("A\u{202E}nn"), Err(NameError::Unprintable { .. })));
        assert!(matches!(check_name(" Ann"), Err(NameError::Unprintable { .. })));
    }

    #[test]
    fn two_players_may_not_share_a_name() {
        assert_eq!(check_names(&names(&["Ann", "Bob"])), Ok(()));
        assert_eq!(check_names(&names(&["Ann", "Bob", "ann"])), Err(NameError::Duplicate("ann".into())));
    }

    #[test]
    fn escape_writes_control_characters_as_escapes() {
        assert!(matches!(escape("plain"), Cow::Borrowed("plain")));
        assert_eq!(escape("A\x1b]52;c;x\x07"), "A\\u{1b}]52;c;x\\u{7}");
        let err = check_name("A\x1b[2J").unwrap_err().to_string();
        assert!(!err.contains('\x1b'), "the message itself is safe to print: {err:?}");
    }
}
