//! The Special Building Phase at the table, as the app plays it: who is asked, the keys of the
//! "who builds?" screen and the passes of those who do not build (the question's state is
//! [`Builders`], in `builders.rs`).

use crate::engine::{Action, Phase, Seat, SeatSet};
use crate::tui::app::App;
use crate::tui::model::builders::{Builders, may_build};

impl App {
    /// The people to ask after the turn that just ended, once the phase starts (at most once
    /// a turn; a game resumed in the phase asks again for those still to come).
    pub(in crate::tui) fn ask_builders(&mut self) {
        let g = self.table.game();
        let Phase::SpecialBuilding { seat: first } = g.phase() else { return };
        if self.table.builders.is_some_and(|b| b.turn == g.turn_number()) {
            return;
        }
        let n = g.num_players() as u8;
        let current = g.current_player();
        let mut asked = SeatSet::default();
        let mut s = first;
        while s != current {
            if self.table.level(s).is_none() && may_build(g, s) {
                asked = asked.with(s);
            }
            s = Seat((s.0 + 1) % n);
        }
        // One person among computer players keeps the keyboard: no question, their moment
        // comes as before when they could build.
        let alone = self.table.humans().nth(1).is_none();
        let chosen = if alone { asked } else { SeatSet::default() };
        let answered = alone || asked.is_empty();
        self.table.builders = Some(Builders { turn: g.turn_number(), asked, chosen, answered, warned: false });
    }

    /// Passes for each person whose moment has come and who does not build; stops at a
    /// computer player, a builder, or the next turn.
    pub(in crate::tui) fn pass_unchosen(&mut self) -> Option<String> {
        loop {
            let Phase::SpecialBuilding { seat } = self.table.game().phase() else { return None };
            let builders = self.table.builders?;
            if !builders.answered || self.table.level(seat).is_some() || builders.builds(seat) {
                return None;
            }
            if let Err(why) = self.apply_one(Action::EndTurn) {
                return Some(why);
            }
        }
    }

    /// A key on the "who builds?" screen: a letter toggles its player, Enter closes the
    /// question. False when it is not one of its keys.
    pub(in crate::tui) fn builders_key(&mut self, code: crossterm::event::KeyCode) -> bool {
        use crossterm::event::KeyCode;
        let Some(mut b) = self.table.builders else { return false };
        match code {
            KeyCode::Enter if b.chosen.is_empty() && !b.warned => {
                b.warned = true;
                self.table.builders = Some(b);
                let text = "no one named: Enter again and nobody builds (a letter names who builds)".to_string();
                self.screen.message = Some(crate::tui::model::focus::Message { text, error: false });
            }
            KeyCode::Enter => {
                b.answered = true;
                self.table.builders = Some(b);
                self.apply(Vec::new());
            }
            KeyCode::Char(c) => {
                let Some(i) = self.table.letters.iter().position(|l| l.eq_ignore_ascii_case(&c)) else { return false };
                let s = Seat(i as u8);
                if b.toggle(s) {
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
