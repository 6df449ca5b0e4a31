//! The start screen's input: names typed (or pasted) one by one, checked as everywhere a name
//! enters ([`crate::text::check_names`]), and pasted text, which only ever types.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::App;
use super::keymap::Mode;
use crate::engine::{Config, Game, MAX_PLAYERS};

/// The fewest names a game starts with.
pub const MIN_PLAYERS: usize = 2;

/// The rules of a game for `players` players: `rules` with the options that follow the player
/// count (the island, its bank and deck, how turns run) taken as [`Config::with_players`] gives
/// them for that count, unless `rules` set them otherwise than the default for its own count.
/// So five or six names typed on the start screen play on the 5-6 island with its 24 cards of
/// each resource and 34 development cards, while a rule chosen on the command line stays.
pub fn rules_for(rules: &Config, players: u8) -> Config {
    fn follow<T: PartialEq>(chosen: T, default_then: T, default_now: T) -> T {
        if chosen == default_then { default_now } else { chosen }
    }
    let (then, now) = (Config::with_players(rules.players), Config::with_players(players));
    Config {
        players,
        map: follow(rules.map, then.map, now.map),
        bank: follow(rules.bank, then.bank, now.bank),
        deck: follow(rules.deck, then.deck, now.deck),
        turns: follow(rules.turns, then.turns, now.turns),
        ..*rules
    }
}

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
    /// Deals the island the names typed so far will play on, when it is another than the one
    /// shown: the board is dealt first from the seed, so the start screen shows the very island
    /// of the game (a fifth name moves it to the 5-6 island, and taking it back moves it back).
    fn preview(&mut self) {
        let Some(form) = &self.start else { return };
        let players = form.names.len().clamp(4, MAX_PLAYERS) as u8;
        let config = rules_for(&self.rules, players);
        if config.map != self.game.config().map {
            // Rules the larger island can't take (a beginner board, say) keep the island shown;
            // starting the game then says why.
            if let Ok(game) = Game::new(config, self.seed) {
                self.game = game;
            }
        }
    }

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
                // On an empty line, go back into the name before it to edit it (issue 15:
                // Backspace deletes a character, never a whole name).
                if form.input.is_empty() {
                    if let Some(previous) = form.names.pop() {
                        form.input = previous;
                    }
                } else {
                    form.input.pop();
                }
            }
            KeyCode::Enter => {
                let name = form.input.trim().to_string();
                let mut names = form.names.clone();
                names.push(name.clone());
                if name.is_empty() {
                    if form.names.len() >= MIN_PLAYERS {
                        let names = form.names.clone();
                        self.begin(crate::save::SeatInfo::humans(names));
                    } else {
                        self.refuse("type at least two names".into());
                    }
                } else if let Err(e) = crate::text::check_names(&names) {
                    // The same words as everywhere a name enters (--players, a loaded save).
                    self.refuse(e.to_string());
                } else {
                    form.names.push(name);
                    form.input.clear();
                    if form.names.len() == MAX_PLAYERS {
                        let names = form.names.clone();
                        self.begin(crate::save::SeatInfo::humans(names));
                    }
                }
            }
            _ => {}
        }
        self.preview();
    }
}
