//! The keys of the shared trade-answer screen and of the offerer's list of answers, and the
//! answers given there played as their turn comes (the screen's state is in `offers.rs`).

use crossterm::event::{KeyCode, KeyEvent};

use crate::engine::Seat;
use crate::tui::app::App;
use crate::tui::screen::focus::Message;
use crate::tui::table::offers::Step;

impl App {
    /// A key on the shared answer screen; false when it is not one of its keys.
    pub(in crate::tui) fn offer_key(&mut self, key: KeyEvent) -> bool {
        let c = match key.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let asked = self.table.offer_waiting();
        let letters = self.table.letters.clone();
        let letter = |c: char| letters.iter().position(|l| l.eq_ignore_ascii_case(&c)).map(|i| Seat(i as u8));
        match self.table.offer_table.key(c, key.code == KeyCode::Esc, &asked, letter) {
            Step::Other => return false,
            Step::Picked(s) => {
                let text = format!(
                    "{}: a accepts, d declines, c counters (takes the keyboard); Esc: not {0}",
                    self.table.name(s)
                );
                self.screen.message = Some(Message { text, error: false });
            }
            Step::Unpicked => {}
            Step::Refused(why) => self.refuse(why.to_string()),
            Step::Gave(..) => self.apply(Vec::new()),
        }
        true
    }
}
