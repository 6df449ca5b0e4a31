//! The how-to-play page's keys: scrolling, a section by its number, and closing it.

use crossterm::event::KeyCode;

use crate::tui::app::App;
use crate::tui::screen::keymap::Cmd;
use crate::tui::view::howto;

impl App {
    /// Opens the how-to-play page where it opens for this game (see [`howto::opening`]).
    pub(in crate::tui) fn open_howto(&mut self) {
        self.screen.howto = Some(howto::opening(&self.scene(), self.screen.size));
    }

    /// A digit on the how-to-play page: its section at the top. False for any other key.
    pub(in crate::tui) fn howto_section_key(&mut self, code: KeyCode) -> bool {
        let Some(n) = (match code {
            KeyCode::Char(c @ '1'..='9') => Some(c as usize - '1' as usize),
            _ => None,
        }) else {
            return false;
        };
        if let Some(at) = howto::section_scroll(&self.scene(), self.screen.size, n) {
            self.screen.howto = Some(at);
        }
        true
    }

    /// A key on the how-to-play page: scroll, or close it.
    pub(in crate::tui) fn howto_command(&mut self, cmd: Cmd) {
        let Some(at) = self.screen.howto else { return };
        let page = self.screen.size.1.saturating_sub(6).max(1);
        let to = match cmd {
            Cmd::Up => at.saturating_sub(1),
            Cmd::Down => at.saturating_add(1),
            Cmd::LogUp => at.saturating_sub(page),
            Cmd::LogDown => at.saturating_add(page),
            Cmd::Quit if self.screen.start.is_some() => {
                self.screen.done = true;
                return;
            }
            Cmd::Quit => {
                (self.screen.howto, self.screen.quitting) = (None, true);
                return;
            }
            _ => {
                self.screen.howto = None;
                return;
            }
        };
        // A section's key may have scrolled past the end: from there keys only go back.
        self.screen.howto = Some(to.min(howto::max_scroll(&self.scene(), self.screen.size).max(at)));
    }
}
