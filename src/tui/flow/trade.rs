//! A trade, as the app plays it: a small state machine over the engine's trade phase.
//!
//! ```text
//! turn ──t──> composing (Composer: give, get, whom) ──Esc──> turn
//!                 │ Enter (the engine checks the terms)
//!                 v
//!             offer open ── each person asked answers: on the shared screen (offers.rs,
//!                 │          answers.rs), after a hand-off, or with a counter-offer (Composer
//!                 │          again, from the answering side); bots answer by themselves
//!                 v
//!             answers (Responses) ──letter or ↑↓, then Enter──> traded (or falls through, H4)
//!                 │ x / Esc                     every one asked declined: closed by itself
//!                 v
//!             withdrawn
//! m ──> a trade with the bank (the maritime dialog): one step, then back to the turn.
//! ```
//! Which state shows is read from the game's phase each time the focus is set (`App::sync`),
//! so the flow never disagrees with the engine.

use crossterm::event::KeyCode;

use crate::engine::{Action, Phase, Seat};
use crate::tui::app::App;
use crate::tui::screen::dialog::{Composer, Dialog, Outcome};
use crate::tui::screen::focus::Focus;
use crate::tui::table::offers::Choice;

impl App {
    /// `t`: composes an offer, when the rules allow trading now.
    pub(in crate::tui) fn open_offer(&mut self) {
        match self.table.game().phase() {
            Phase::Main => self.screen.focus = Focus::Dialog(Dialog::Composer(Composer::offer(self.table.game()))),
            _ => self.refuse(crate::tui::view::phase::no_trade_now(self.table.game())),
        }
    }

    /// `m`: a trade with the bank, when one is possible.
    pub(in crate::tui) fn open_maritime(&mut self) {
        let bank = |a: &Action| matches!(a, Action::MaritimeTrade { .. } | Action::BuyWithGold(_));
        let any = self.table.legal().iter().any(bank);
        match (self.table.game().phase(), any) {
            (_, true) => self.screen.focus = Focus::Dialog(Dialog::maritime(self.table.game())),
            (Phase::Main, false) => self.refuse("the bank takes 4 of a kind (3 or 2 with a harbor)".into()),
            _ => self.refuse(crate::tui::view::phase::no_trade_now(self.table.game())),
        }
    }

    /// The focus while an offer is open, for the seat at the keyboard: the offerer sees the
    /// answers; one who chose to counter composes it; anyone else answers.
    pub(in crate::tui) fn trade_focus(&self, seat: Seat) -> Focus {
        if seat == self.table.game().current_player() {
            Focus::Dialog(Dialog::responses(self.table.game()))
        } else if self.table.offer_table.given(seat) == Some(Choice::Counter) {
            Focus::Dialog(Dialog::Composer(Composer::counter(self.table.game())))
        } else {
            Focus::Dialog(Dialog::Answer)
        }
    }

    /// In the offerer's list of answers or the robber's victims, a player's letter names them
    /// (H5); Enter then confirms. False when the key is no player's letter.
    pub(in crate::tui) fn partner_key(&mut self, code: KeyCode) -> bool {
        let KeyCode::Char(c) = code else { return false };
        let Some(i) = self.table.letters.iter().position(|l| l.eq_ignore_ascii_case(&c)) else { return false };
        let Focus::Dialog(d) = &mut self.screen.focus else { return false };
        match d.name_seat(self.table.game(), Seat(i as u8)) {
            Some(Outcome::Refuse(why)) => self.refuse(why),
            Some(_) => {}
            None => return false,
        }
        true
    }
}
