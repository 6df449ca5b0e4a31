//! The keys of the shared trade-answer screen and of the offerer's list of answers, and the
//! answers given there played as their turn comes (the screen's state is in `offers.rs`).

use crossterm::event::{KeyCode, KeyEvent};

use crate::engine::{Action, Phase, Seat};
use crate::tui::app::App;
use crate::tui::model::focus::Message;
use crate::tui::model::offers::{Choice, Step};

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

    /// Plays the answers given on the shared screen whose turn (in the engine's order) has
    /// come; returns the first refusal. An accept is taken at the player's word (H4), so the
    /// engine refuses none of these; should it, the answer is taken back and asked again.
    pub(in crate::tui) fn play_given(&mut self) -> Option<String> {
        if !matches!(self.table.game().phase(), Phase::Trade { .. }) {
            self.table.offer_table.clear();
            return None;
        }
        loop {
            let s = self.table.game().to_act();
            let action = match self.table.offer_table.given(s) {
                _ if s == self.table.game().current_player() => return None,
                Some(Choice::Accept) => Action::AcceptTrade,
                Some(Choice::Decline) => Action::DeclineTrade,
                _ => return None,
            };
            if let Err(why) = self.apply_one(action) {
                self.table.offer_table.given[s.index()] = None;
                return Some(format!("{}'s answer was not taken: {why}", self.table.name(s)));
            }
        }
    }
}
