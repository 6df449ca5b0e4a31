//! The turn's own commands (roll, build, buy, play, trade, end) and which commands work now
//! (the footer shows only those): split from app.rs, which keeps `update` and the flow of play.

use crate::engine::{Action, Phase, RuleError};
use crate::tui::app::App;
use crate::tui::screen::dialog::Dialog;
use crate::tui::screen::focus::Focus;
use crate::tui::screen::keymap::Cmd;
use crate::tui::screen::selection::{Purpose, Selection, all_targets};

impl App {
    pub(in crate::tui) fn turn_cmd(&mut self, cmd: Cmd) {
        let purpose = match cmd {
            Cmd::Roll => return self.apply(vec![Action::RollDice]),
            Cmd::BuyCard => return self.apply(vec![Action::BuyDevCard]),
            Cmd::EndTurn => return self.apply(vec![Action::EndTurn]),
            // Refused at once in the Special Building Phase, as `t` and `m` are (R40).
            Cmd::PlayCard if matches!(self.table.game().phase(), Phase::SpecialBuilding { .. }) => {
                return self.refuse("not now: no card play in the special building phase".into());
            }
            Cmd::PlayCard => {
                return self.screen.focus = Focus::Dialog(Dialog::cards(self.table.game(), &self.table.legal()));
            }
            Cmd::Trade => return self.open_offer(),
            Cmd::Maritime => return self.open_maritime(),
            Cmd::Units => return self.open_units(),
            Cmd::BuildRoad => Purpose::Road,
            Cmd::BuildSettlement => Purpose::Settlement,
            Cmd::BuildCity => Purpose::City,
            Cmd::BuildCastle => Purpose::Castle,
            _ => return,
        };
        let sel = Selection::among(self.table.game(), &self.table.legal(), purpose, self.screen.last_target, true);
        if sel.legal.is_empty() {
            // The engine's reason for the first place tried, when it is about the moment,
            // pieces or cost; a reason about that one place would mislead, so name the rule
            // instead. The cost is asked for itself: a corner that can't take a city is refused
            // for the corner before the cards are looked at.
            let first = all_targets(self.table.game().topology(), purpose)[0];
            let why = purpose.action(first).and_then(|a| self.table.game().check(a).err());
            let text = match why {
                Some(e @ (RuleError::NotNow(_) | RuleError::GameOver | RuleError::NoPiecesLeft(_))) => e.to_string(),
                _ if purpose
                    .cost(self.table.game())
                    .is_some_and(|(_, cost)| !self.table.acting_view().hand().contains(&cost)) =>
                {
                    let (what, cost) = purpose.cost(self.table.game()).expect("checked just above");
                    self.table.cannot_afford(what, cost)
                }
                _ => {
                    let rule = match purpose {
                        Purpose::Road => "a road must touch your building, or your road at a corner free of others",
                        Purpose::Settlement => "a settlement must touch your road, with no building next to it",
                        Purpose::City => "a city replaces one of your settlements",
                        Purpose::Castle => "a castle replaces one of your cities",
                        Purpose::Robber => "the robber must move",
                        Purpose::Unit(_) => "no unit can go there",
                    };
                    format!("there is no place for {} now: {rule}", purpose.noun())
                }
            };
            self.refuse(text);
        } else {
            self.screen.focus = Focus::Select(sel, None);
        }
    }
}
