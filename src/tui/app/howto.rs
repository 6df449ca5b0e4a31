//! The how-to-play page's keys: scrolling and closing it.

use super::App;
use crate::tui::keymap::Cmd;

impl App {
    /// A key on the how-to-play page: scroll, or close it.
    pub(super) fn howto_command(&mut self, cmd: Cmd) {
        let Some(at) = self.howto else { return };
        let page = self.size.1.saturating_sub(6).max(1);
        let to = match cmd {
            Cmd::Up => at.saturating_sub(1),
            Cmd::Down => at.saturating_add(1),
            Cmd::LogUp => at.saturating_sub(page),
            Cmd::LogDown => at.saturating_add(page),
            Cmd::Quit if self.start.is_some() => {
                self.done = true;
                return;
            }
            Cmd::Quit => {
                (self.howto, self.quitting) = (None, true);
                return;
            }
            _ => {
                self.howto = None;
                return;
            }
        };
        self.howto = Some(to.min(crate::tui::howto::max_scroll(&self.scene(), self.size)));
    }
}
