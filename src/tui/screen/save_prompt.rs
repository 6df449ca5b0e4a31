//! The save prompt: a small overlay where the player types a name for the save. A name is
//! offered (the date and the time, never the seed: H7); the first typed character replaces it. The overlay shows
//! the file the name means, and asks again before replacing a save that exists. Its state and
//! keys are here; it is drawn by `screens::save_prompt`.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The name being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavePrompt {
    pub input: String,
    /// True while the offered name is untouched: typing replaces it, Backspace clears it.
    pub offered: bool,
    /// The existing file the player was warned about: Enter again replaces it.
    pub confirm: Option<PathBuf>,
}

/// What a key in the prompt asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromptKey {
    Stay,
    Cancel,
    /// Save under this name.
    Submit(String),
    /// Ctrl-C: the quit question, as everywhere.
    Quit,
}

impl SavePrompt {
    /// A prompt offering a name made of the date and time (UTC): `2025-06-01-1405`. Not the
    /// seed, which would deal every roll to come to whoever sees the screen (H7).
    pub fn new(now: SystemTime) -> SavePrompt {
        SavePrompt { input: default_name(now), offered: true, confirm: None }
    }

    /// Handles one key press.
    pub fn key(&mut self, key: KeyEvent) -> PromptKey {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            match key.code {
                KeyCode::Char('c') => return PromptKey::Quit,
                // As in a shell (issue 23): Ctrl-U erases the whole name, Ctrl-W its last word.
                KeyCode::Char('u') => self.input.clear(),
                KeyCode::Char('w') if self.offered => self.input.clear(),
                KeyCode::Char('w') => {
                    let kept = self.input.trim_end_matches(|c: char| !is_word(c));
                    let kept = kept.trim_end_matches(is_word).len();
                    self.input.truncate(kept);
                }
                _ => return PromptKey::Stay,
            }
            self.offered = false;
            self.confirm = None;
            return PromptKey::Stay;
        }
        match key.code {
            KeyCode::Esc => return PromptKey::Cancel,
            KeyCode::Enter => return PromptKey::Submit(self.input.trim().to_string()),
            KeyCode::Backspace if self.offered => self.input.clear(),
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Char(c) if !c.is_control() => {
                if self.offered {
                    self.input.clear();
                }
                // Any length: a name is never cut short (the overlay wraps it).
                self.input.push(c);
            }
            _ => return PromptKey::Stay,
        }
        self.offered = false;
        self.confirm = None;
        PromptKey::Stay
    }
}

/// A character of a word for Ctrl-W: anything but a space, a path separator, `-`, `_`, `.`.
fn is_word(c: char) -> bool {
    !(c.is_whitespace() || matches!(c, '/' | '-' | '_' | '.'))
}

/// The command that loads `path`, quoted for a shell when it needs to be (a name with spaces).
pub fn load_command(path: &std::path::Path) -> String {
    let shown = path.display().to_string();
    let plain = shown.chars().all(|c| c.is_alphanumeric() || "/._-~+,:@".contains(c));
    if plain { format!("catan --load {shown}") } else { format!("catan --load '{}'", shown.replace('\'', "'\\''")) }
}

/// `YYYY-MM-DD-HHMM` for `now` (UTC; no time zone database needed).
pub fn default_name(now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let (hh, mm) = (secs % 86_400 / 3600, secs % 3600 / 60);
    format!("{y:04}-{m:02}-{d:02}-{hh:02}{mm:02}")
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn h7_offered_name_is_the_utc_date_and_time_never_the_seed() {
        let at = |secs| UNIX_EPOCH + Duration::from_secs(secs);
        assert_eq!(default_name(at(0)), "1970-01-01-0000");
        assert_eq!(default_name(at(951_782_400 + 3600 * 13 + 60 * 7)), "2000-02-29-1307");
        assert_eq!(default_name(at(1_748_779_199)), "2025-06-01-1159");
    }

    #[test]
    fn typing_replaces_the_offered_name_and_backspace_clears_it() {
        let mut p = SavePrompt::new(UNIX_EPOCH);
        assert_eq!(p.key(key(KeyCode::Char('f'))), PromptKey::Stay);
        assert_eq!(p.input, "f");
        p.key(key(KeyCode::Char('r')));
        p.key(key(KeyCode::Backspace));
        assert_eq!(p.key(key(KeyCode::Enter)), PromptKey::Submit("f".into()));

        let mut p = SavePrompt::new(UNIX_EPOCH);
        p.key(key(KeyCode::Backspace));
        assert_eq!(p.input, "");
        assert_eq!(p.key(key(KeyCode::Esc)), PromptKey::Cancel);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(p.key(ctrl_c), PromptKey::Quit);
    }

    /// Issue 23: a new name without 22 Backspaces, and a name with spaces loads by a command
    /// shown with its quotes.
    #[test]
    fn ctrl_u_and_ctrl_w_erase_and_a_name_with_spaces_is_quoted() {
        let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
        let mut p = SavePrompt::new(UNIX_EPOCH);
        p.key(ctrl('w'));
        assert_eq!(p.input, "", "Ctrl-W on the offered name clears it");
        for c in "games/friday night".chars() {
            p.key(key(KeyCode::Char(c)));
        }
        p.key(ctrl('w'));
        assert_eq!(p.input, "games/friday ");
        p.key(ctrl('w'));
        assert_eq!(p.input, "games/");
        p.key(ctrl('u'));
        assert_eq!(p.input, "");
        assert_eq!(load_command(std::path::Path::new("/tmp/a b.json")), "catan --load '/tmp/a b.json'");
        assert_eq!(load_command(std::path::Path::new("/tmp/ab.json")), "catan --load /tmp/ab.json");
    }

    /// Issue 12: the prompt used to stop taking characters past 120 without a word.
    #[test]
    fn a_long_name_is_never_cut_short() {
        let mut p = SavePrompt::new(UNIX_EPOCH);
        let long: String = std::iter::repeat_n("folder/", 40).collect::<String>() + "name";
        for c in long.chars() {
            p.key(key(KeyCode::Char(c)));
        }
        assert_eq!(p.input.chars().count(), long.chars().count());
        assert_eq!(p.key(key(KeyCode::Enter)), PromptKey::Submit(long));
    }
}
