//! The Special Building Phase at the table, as the app plays it: who is asked, the keys of the
//! "who builds?" screen and the passes of those who do not build (the question's state is
//! [`Builders`], in `builders.rs`).

use crate::engine::Seat;
use crate::tui::app::App;
use crate::tui::table::builders::may_build;

impl App {
    /// A key on the "who builds?" screen: a letter toggles its player, Enter closes the
    /// question. False when it is not one of its keys.
    pub(in crate::tui) fn builders_key(&mut self, code: crossterm::event::KeyCode) -> bool {
        use crossterm::event::KeyCode;
        let Some(mut b) = self.table.builders else { return false };
        let held = self.screen.holds;
        match code {
            KeyCode::Enter if b.chosen.0 & held.0 == 0 && !b.warned => {
                b.warned = true;
                self.table.builders = Some(b);
                let text = "no one named: Enter again and nobody builds (a letter names who builds)".to_string();
                self.screen.message = Some(crate::tui::screen::focus::Message { text, error: false });
            }
            KeyCode::Enter => {
                b.answer(held);
                self.table.builders = Some(b);
                if b.answered {
                    self.apply(Vec::new());
                } else {
                    // This screen's part is said; it waits for the others' (issue 40).
                    self.sync();
                }
            }
            KeyCode::Char(c) => {
                let Some(i) = self.table.letters.iter().position(|l| l.eq_ignore_ascii_case(&c)) else { return false };
                let s = Seat(i as u8);
                if b.asked.contains(s) && !held.contains(s) {
                    let text = format!("{} answers on their own screen", self.table.name(s));
                    self.refuse(text);
                } else if b.toggle(s) {
                    self.table.builders = Some(b);
                } else {
                    let name = self.table.name(s);
                    // Say which: the reasons are all public (whose turn, seats, card counts).
                    let text = if s == self.table.game().current_player() {
                        format!("{name} has just played the turn: the others build now")
                    } else if self.table.level(s).is_some() {
                        format!("{name} is a computer player: it decides for itself")
                    } else if !may_build(self.table.game(), s) {
                        format!("{name} has too few cards to buy anything, so is not asked")
                    } else {
                        format!("{name} is not asked")
                    };
                    self.refuse(text);
                }
            }
            _ => return false,
        }
        true
    }
}
