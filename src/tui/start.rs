//! The start screen's input: names typed (or pasted) one by one, checked as everywhere a name
//! enters ([`crate::text::check_names`]), and pasted text, which only ever types.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::App;
use super::keymap::Mode;

/// The start screen: names typed so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartForm {
    pub names: Vec<String>,
    pub input: String,
}

impl StartForm {
    /// Types one character into the name being edited: up to
    /// [`MAX_NAME_CHARS`](crate::text::MAX_NAME_CHARS), and only characters a name may hold
    /// (the others can never be in a name, so they are ignored).
    pub fn type_char(&mut self, c: char) {
        if !crate::text::is_unprintable(c) && self.input.chars().count() < crate::text::MAX_NAME_CHARS {
            self.input.push(c);
        }
    }
}

impl App {
    /// Pasted text goes only where text is typed: the start screen's name (what a name may
    /// hold) and the save prompt (character by character, as if typed). Anywhere else it is
    /// dropped: a paste must not play its letters as commands.
    pub(super) fn paste(&mut self, text: &str) {
        match self.mode() {
            Mode::Start => {
                if let Some(form) = self.start.as_mut() {
                    for c in text.chars() {
                        form.type_char(c);
                    }
                }
            }
            Mode::SaveName => {
                for c in text.chars().filter(|c| !crate::text::is_unprintable(*c)) {
                    self.save_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
                }
            }
            _ => {}
        }
    }

    pub(super) fn start_key(&mut self, key: KeyEvent) {
        let Some(form) = self.start.as_mut() else { return };
        match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => self.done = true,
            KeyCode::Esc => self.done = true,
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => form.type_char(c),
            KeyCode::Backspace => {
                // On an empty line, erase the name before it.
                if form.input.is_empty() {
                    form.names.pop();
                } else {
                    form.input.pop();
                }
            }
            KeyCode::Enter => {
                let name = form.input.trim().to_string();
                let mut names = form.names.clone();
                names.push(name.clone());
                if name.is_empty() {
                    if form.names.len() >= 2 {
                        let names = form.names.clone();
                        self.begin(names);
                    } else {
                        self.refuse("type at least two names".into());
                    }
                } else if let Err(e) = crate::text::check_names(&names) {
                    // The same words as everywhere a name enters (--players, a loaded save).
                    self.refuse(e.to_string());
                } else {
                    form.names.push(name);
                    form.input.clear();
                    if form.names.len() == 4 {
                        let names = form.names.clone();
                        self.begin(names);
                    }
                }
            }
            _ => {}
        }
    }
}
