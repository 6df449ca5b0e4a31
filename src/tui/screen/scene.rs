//! What a view reads: one [`Screen`] and the [`Table`] it looks at, lent together for a
//! frame. The App lends its screen and table; the replay viewer lends its own. The questions a
//! view asks of both at once (the footer's words while a bot plays, the advice shown, the
//! commands that work now) are answered here from the screen's settled keyboard
//! ([`Screen::keyboard`]): nothing is worked out again for the reader.
//!
//! It asks, never draws: it sits with the screen it reads (the app lends it too, and the
//! views only read it), and imports the screen's and the table's types, never a view or the
//! app.

use crate::engine::{Action, Phase, Seat};
use crate::tui::screen::Screen;
use crate::tui::screen::coach::{Asked, Pending};
use crate::tui::screen::dialog::{Dialog, PickFor};
use crate::tui::screen::focus::{Focus, Keyboard};
use crate::tui::screen::keymap::{Cmd, Mode};
use crate::tui::screen::start_form::Row;
use crate::tui::screen::theme::Theme;
use crate::tui::table::Table;

/// A screen and its table, lent to the views for one frame.
#[derive(Clone, Copy)]
pub struct Scene<'a> {
    pub table: &'a Table,
    pub screen: &'a Screen,
    /// The screen's theme (every widget reads it).
    pub theme: &'a Theme,
}

impl<'a> Scene<'a> {
    /// The views' reading of this screen over this table.
    pub fn of(table: &'a Table, screen: &'a Screen) -> Scene<'a> {
        Scene { table, screen, theme: &screen.theme }
    }

    /// Who holds the screen's keyboard and what it is in, as last settled.
    pub fn keyboard(&self) -> Keyboard {
        self.screen.keyboard
    }

    /// The seat this screen's dialogs are for: the seat to act, or this screen's own seat
    /// answering ahead of its turn (a discard, an answer to an offer: issue 49).
    pub fn me(&self) -> Seat {
        self.keyboard().ahead.unwrap_or(self.table.game().to_act())
    }

    /// What [`Scene::me`] may see: their hand, their cards (H1).
    pub fn my_view(&self) -> crate::engine::PlayerView<'a> {
        self.table.game().view(self.me())
    }

    /// The footer's words while another plays: a bot thinking or its move shown, or a
    /// person playing on their own screen.
    pub fn bot_status(&self) -> Option<String> {
        if let Some(s) = self.keyboard().away {
            let name = self.table.name(s);
            let asked = self.table.builders.is_some_and(|b| !b.answered && b.waiting().contains(s));
            if asked && matches!(self.table.game().phase(), crate::engine::Phase::SpecialBuilding { .. }) {
                return Some(format!("{name} says on their own screen whether they build"));
            }
            return Some(self.where_plays(s));
        }
        let s = self.keyboard().bot_seat?;
        Some(if self.table.decided() {
            format!("{} is next · any key: go on", self.table.label(s))
        } else {
            format!("{} is thinking…", self.table.label(s))
        })
    }

    /// Where the person `s`, whom this screen waits for, plays (the table's words).
    pub fn where_plays(&self, s: Seat) -> String {
        self.table.where_plays(s)
    }

    /// Advice asked for `asked` may show now: its seat holds the keyboard at its position.
    pub fn advice_valid(&self, asked: &Asked) -> bool {
        self.keyboard().fits(self.table, asked)
    }

    /// The seat the advice key would advise now, or why it can't (as settled with the mode).
    pub fn advice_for(&self) -> Result<Seat, String> {
        self.screen.commands.advice.clone()
    }

    /// The advice panel, while open and still for the seat and position it was asked for.
    pub fn advice_panel(&self) -> Option<&'a Pending<crate::bots::advice::Advice>> {
        self.screen.coach.panel.as_ref().filter(|p| self.advice_valid(&p.asked))
    }

    /// The tip for the seat at the keyboard, once come, while still for its seat and position.
    pub fn tip_shown(&self) -> Option<&'a crate::bots::advice::Advised> {
        self.screen.coach.tip.as_ref().filter(|t| self.advice_valid(&t.asked)).and_then(|t| t.got.as_ref())
    }

    /// True when a command would do something now (the footer shows only those). The
    /// position's legal actions are asked for only in the turn's own mode, and then from the
    /// shared list.
    pub fn enabled(&self, cmd: Cmd) -> bool {
        let keyboard = self.keyboard();
        let mode = keyboard.mode;
        if matches!(mode, Mode::SaveName | Mode::Advice) {
            return true;
        }
        match cmd {
            // What these do now was settled with the mode (`screen/commands.rs`), for the keys
            // too.
            Cmd::Advice => return self.screen.commands.advice.is_ok(),
            Cmd::Undo => return self.screen.commands.undo == Ok(true),
            // Works in every mode but the start screen; the footer names it outside dialogs,
            // whose own keys fill the line.
            Cmd::Save => {
                return self.screen.commands.save.is_ok()
                    && matches!(mode, Mode::Turn | Mode::Select | Mode::Handoff | Mode::Over | Mode::Bot);
            }
            _ => {}
        }
        if mode == Mode::Start && matches!(cmd, Cmd::Left | Cmd::Right) {
            // The level keys, on a computer player's seat.
            return self
                .screen
                .start
                .as_ref()
                .is_some_and(|f| matches!(f.row, Row::Seat(i) if f.seats[i].bot.is_some()));
        }
        if mode != Mode::Turn {
            return match (&self.screen.focus, cmd) {
                (Focus::Dialog(Dialog::Answer), Cmd::Accept) => self.table.game().is_legal(Action::AcceptTrade),
                (Focus::Select(s, _), Cmd::Cancel) => s.cancellable,
                (Focus::Dialog(Dialog::Picker(p)), Cmd::Cancel) => p.purpose.cannot_wait().is_none(),
                // A monopoly names one kind, and one card is picked by its row: no count to
                // raise or lower then.
                (Focus::Dialog(Dialog::Picker(p)), Cmd::More | Cmd::Less) => {
                    p.purpose != PickFor::Monopoly && p.need(self.table.game()) > 1
                }
                // R45 lists only the kinds the building gives: the footer does not offer all
                // five resource keys (the keys of the kinds shown still work).
                (Focus::Dialog(Dialog::Picker(p)), Cmd::Pick(_)) => p.purpose.every_kind(),
                _ => true,
            };
        }
        let legal = self.table.legal();
        let any = |f: fn(&Action) -> bool| legal.iter().any(f);
        match cmd {
            Cmd::Roll => any(|a| *a == Action::RollDice),
            Cmd::BuildRoad => any(|a| matches!(a, Action::BuildRoad(_))),
            Cmd::BuildSettlement => any(|a| matches!(a, Action::BuildSettlement(_))),
            Cmd::BuildCity => any(|a| matches!(a, Action::BuildCity(_))),
            Cmd::BuildCastle => any(|a| matches!(a, Action::BuildCastle(_))),
            Cmd::BuyCard => any(|a| *a == Action::BuyDevCard),
            Cmd::PlayCard => self.table.can_play_card(),
            Cmd::Trade => self.table.game().phase() == Phase::Main,
            Cmd::Maritime => any(|a| matches!(a, Action::MaritimeTrade { .. } | Action::BuyWithGold(_))),
            Cmd::EndTurn => any(|a| *a == Action::EndTurn),
            Cmd::Units => any(crate::tui::screen::unit_choice::offered),
            _ => true,
        }
    }
}
