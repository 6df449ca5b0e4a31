//! The turn's own commands (roll, build, buy, play, trade, end) and which commands work now
//! (the footer shows only those): split from app.rs, which keeps `update` and the flow of play.

use super::app::{App, Focus};
use super::dialogs::{Composer, Dialog, PickFor};
use super::keymap::{Cmd, Mode};
use super::select::{Purpose, Selection, all_targets};
use crate::engine::{Action, Phase, RuleError, Seat};

impl App {
    /// The robber's hex is chosen: rob the only victim, or ask whom.
    pub(super) fn rob_at(&mut self, hex: crate::engine::Hex) {
        let victims: Vec<Seat> = self
            .game
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::MoveRobber { hex: h, victim: Some(v) } if h == hex => Some(v),
                _ => None,
            })
            .collect();
        match victims.len() {
            0 => self.apply(vec![Action::MoveRobber { hex, victim: None }]),
            1 => self.apply(vec![Action::MoveRobber { hex, victim: Some(victims[0]) }]),
            _ => self.focus = Focus::Dialog(Dialog::Victim { hex, victims, row: 0 }),
        }
    }

    pub(super) fn turn_cmd(&mut self, cmd: Cmd) {
        let purpose = match cmd {
            Cmd::Roll => return self.apply(vec![Action::RollDice]),
            Cmd::BuyCard => return self.apply(vec![Action::BuyDevCard]),
            Cmd::EndTurn => return self.apply(vec![Action::EndTurn]),
            // Refused at once in the Special Building Phase, as `t` and `m` are (R40).
            Cmd::PlayCard if matches!(self.game.phase(), Phase::SpecialBuilding { .. }) => {
                return self.refuse("not now: no card play in the special building phase".into());
            }
            Cmd::PlayCard => return self.focus = Focus::Dialog(Dialog::cards(&self.game)),
            Cmd::Trade => {
                return match self.game.phase() {
                    Phase::Main => self.focus = Focus::Dialog(Dialog::Composer(Composer::offer(&self.game))),
                    _ => self.refuse(super::phase::no_trade_now(&self.game)),
                };
            }
            Cmd::Maritime => {
                let bank = |a: &Action| matches!(a, Action::MaritimeTrade { .. } | Action::BuyWithGold(_));
                let any = self.game.legal_actions().iter().any(bank);
                return match (self.game.phase(), any) {
                    (_, true) => self.focus = Focus::Dialog(Dialog::maritime(&self.game)),
                    (Phase::Main, false) => self.refuse("the bank takes 4 of a kind (3 or 2 with a harbor)".into()),
                    _ => self.refuse(super::phase::no_trade_now(&self.game)),
                };
            }
            Cmd::BuildRoad => Purpose::Road,
            Cmd::BuildSettlement => Purpose::Settlement,
            Cmd::BuildCity => Purpose::City,
            Cmd::BuildCastle => Purpose::Castle,
            _ => return,
        };
        let sel = Selection::new(&self.game, purpose, self.last_target, true);
        if sel.legal.is_empty() {
            // The engine's reason for the first place tried, when it is about the moment,
            // pieces or cost; a reason about that one place would mislead, so name the rule
            // instead. The cost is asked for itself: a corner that can't take a city is refused
            // for the corner before the cards are looked at.
            let first = all_targets(self.game.topology(), purpose)[0];
            let why = purpose.action(first).and_then(|a| self.game.check(a).err());
            let text = match why {
                Some(e @ (RuleError::NotNow(_) | RuleError::GameOver | RuleError::NoPiecesLeft(_))) => e.to_string(),
                _ if purpose.cost(&self.game).is_some_and(|(_, cost)| !self.acting_view().hand().contains(&cost)) => {
                    let (what, cost) = purpose.cost(&self.game).expect("checked just above");
                    self.cannot_afford(what, cost)
                }
                _ => {
                    let rule = match purpose {
                        Purpose::Road => "a road must touch your building, or your road at a corner free of others",
                        Purpose::Settlement => "a settlement must touch your road, with no building next to it",
                        Purpose::City => "a city replaces one of your settlements",
                        Purpose::Castle => "a castle replaces one of your cities",
                        Purpose::Robber => "the robber must move",
                    };
                    format!("there is no place for {} now: {rule}", purpose.noun())
                }
            };
            self.refuse(text);
        } else {
            self.focus = Focus::Select(sel);
        }
    }

    /// True when a command would do something now (the footer shows only those).
    pub fn enabled(&self, cmd: Cmd) -> bool {
        if self.mode() == Mode::SaveName {
            return true;
        }
        match cmd {
            Cmd::Undo => {
                return self.undoable && self.handoff().is_none() && !matches!(self.mode(), Mode::Over | Mode::Bot);
            }
            // Works in every mode but the start screen; the footer names it outside dialogs,
            // whose own keys fill the line.
            Cmd::Save => {
                return self.record.is_some()
                    && matches!(self.mode(), Mode::Turn | Mode::Select | Mode::Handoff | Mode::Over | Mode::Bot);
            }
            _ => {}
        }
        if self.mode() == Mode::Start && matches!(cmd, Cmd::Left | Cmd::Right) {
            // The level keys, on a computer player's seat.
            let form = self.start.as_ref();
            return form.is_some_and(|f| matches!(f.row, super::start::Row::Seat(i) if f.seats[i].bot.is_some()));
        }
        if self.mode() != Mode::Turn {
            return match (&self.focus, cmd) {
                (Focus::Dialog(Dialog::Answer), Cmd::Accept) => self.game.is_legal(Action::AcceptTrade),
                (Focus::Select(s), Cmd::Cancel) => s.cancellable,
                (Focus::Dialog(Dialog::Picker(p)), Cmd::Cancel) => {
                    !matches!(p.purpose, PickFor::Discard(_) | PickFor::Plenty)
                }
                _ => true,
            };
        }
        let legal = self.game.legal_actions();
        let any = |f: fn(&Action) -> bool| legal.iter().any(f);
        match cmd {
            Cmd::Roll => any(|a| *a == Action::RollDice),
            Cmd::BuildRoad => any(|a| matches!(a, Action::BuildRoad(_))),
            Cmd::BuildSettlement => any(|a| matches!(a, Action::BuildSettlement(_))),
            Cmd::BuildCity => any(|a| matches!(a, Action::BuildCity(_))),
            Cmd::BuildCastle => any(|a| matches!(a, Action::BuildCastle(_))),
            Cmd::BuyCard => any(|a| *a == Action::BuyDevCard),
            Cmd::PlayCard => any(|a| {
                matches!(
                    a,
                    Action::PlayKnight
                        | Action::PlayRoadBuilding
                        | Action::PlayYearOfPlenty(..)
                        | Action::PlayMonopoly(_)
                )
            }),
            Cmd::Trade => self.game.phase() == Phase::Main,
            Cmd::Maritime => any(|a| matches!(a, Action::MaritimeTrade { .. } | Action::BuyWithGold(_))),
            Cmd::EndTurn => any(|a| *a == Action::EndTurn),
            _ => true,
        }
    }
}
