//! What a command does in a dialog, answered with one [`Outcome`] that the app carries out in
//! one place (`App::dialog_cmd`): the trade composer, the answers, the card picker, the
//! robber's victim, the bank trade and the development card menu. The dialogs' state is in
//! `screen/dialog.rs` and `screen/picker.rs`; a dialog never changes the game itself, so the
//! engine stays the only judge of legality.

use std::rc::Rc;

use crate::engine::{Action, DevCard, Game, Hand, Seat};
use crate::tui::screen::dialog::*;
use crate::tui::screen::keymap::Cmd;
use crate::tui::screen::picker::{kinds, res, wrap};
use crate::tui::screen::unit_choice::{Next, Stage, UnitChoice};

impl Composer {
    /// A command in the trade composer.
    pub fn on_cmd(&mut self, game: &Game, cmd: Cmd) -> Outcome {
        let n = self.rows(game);
        let k = kinds(game).len();
        match cmd {
            Cmd::Up | Cmd::Down => self.row = wrap(self.row, n, cmd == Cmd::Up),
            Cmd::Toggle if self.row < k => self.on_get = !self.on_get,
            // A resource's key goes to its row and adds one there: `t o Tab g Enter` offers
            // an ore for a grain.
            Cmd::Pick(r) if kinds(game).contains(&r) => {
                self.row = r as usize;
                return self.on_cmd(game, Cmd::More);
            }
            Cmd::More | Cmd::Less if self.row < k => {
                let r = res(self.row);
                let (side, other) =
                    if self.on_get { (&mut self.get, &mut self.give) } else { (&mut self.give, &mut self.get) };
                if cmd == Cmd::More {
                    side[r] = (side[r] + 1).min(19);
                    // One resource can't be on both sides (R21): moving it over clears the other.
                    other[r] = 0;
                } else {
                    side[r] = side[r].saturating_sub(1);
                }
            }
            Cmd::Next | Cmd::Toggle | Cmd::More | Cmd::Less if self.row >= k => {
                let seat = others(game, game.to_act())[self.row - k];
                self.to = if self.to.contains(seat) { self.to.without(seat) } else { self.to.with(seat) };
            }
            Cmd::Confirm => {
                return match game.check(self.action()) {
                    Ok(()) => Outcome::Act(vec![self.action()]),
                    Err(e) => Outcome::Refuse(e.to_string()),
                };
            }
            Cmd::Cancel if self.counter => return Outcome::Swap(Dialog::Answer),
            Cmd::Cancel => return Outcome::Close,
            _ => {}
        }
        Outcome::Stay
    }
}

impl Dialog {
    /// A player's letter in a list of players (the offerer's partners, the robber's victims):
    /// it names that player (H5); Enter then confirms. `None` when the list has no such row.
    pub fn name_seat(&mut self, game: &Game, s: Seat) -> Option<Outcome> {
        match self {
            Dialog::Responses { row, chosen } => {
                let i = answers(game).iter().position(|&(o, _)| o == s)?;
                if !agreed_rows(game).contains(&i) {
                    return Some(Outcome::Refuse(format!("{s} did not accept: name one who did")));
                }
                (*row, *chosen) = (Some(i), true);
                Some(Outcome::Stay)
            }
            Dialog::Victim { victims, row, .. } => {
                let Some(i) = victims.iter().position(|&v| v == s) else {
                    return Some(Outcome::Refuse(format!("{s} can't be robbed there")));
                };
                *row = Some(i);
                Some(Outcome::Stay)
            }
            _ => None,
        }
    }

    /// Applies a command. `legal` gives the position's legal actions (the app's shared list),
    /// asked for only by a command that needs them.
    pub fn on_cmd(&mut self, game: &Game, legal: impl FnOnce() -> Rc<[Action]>, cmd: Cmd) -> Outcome {
        match self {
            Dialog::Composer(c) => c.on_cmd(game, cmd),
            Dialog::Picker(p) => p.on_cmd(game, cmd),
            Dialog::Answer => match cmd {
                Cmd::Accept => act(game, Action::AcceptTrade),
                Cmd::Decline => act(game, Action::DeclineTrade),
                Cmd::Counter => Outcome::Swap(Dialog::Composer(Composer::counter(game))),
                _ => Outcome::Stay,
            },
            Dialog::Responses { row, chosen } => {
                let list = answers(game);
                let agreed = agreed_rows(game);
                match cmd {
                    // The arrows go over those who agreed: one who declined can't be chosen.
                    Cmd::Up | Cmd::Down if !agreed.is_empty() => {
                        let at = row.and_then(|r| agreed.iter().position(|&i| i == r));
                        let next = match at {
                            Some(k) => wrap(k, agreed.len(), cmd == Cmd::Up),
                            None if cmd == Cmd::Up => agreed.len() - 1,
                            None => 0,
                        };
                        (*row, *chosen) = (Some(agreed[next]), true);
                    }
                    Cmd::Confirm if row.is_none() && !agreed.is_empty() => {
                        return Outcome::Note("name your partner first: their letter or ↑↓, then Enter".into());
                    }
                    Cmd::Confirm if !*chosen => {
                        *chosen = true;
                        return row.and_then(|r| list.get(r)).map_or(Outcome::Stay, |&(s, _)| {
                            Outcome::Note(format!("Enter again trades with {s}; x withdraws the offer"))
                        });
                    }
                    Cmd::Confirm => {
                        return row
                            .and_then(|r| list.get(r))
                            .map_or(Outcome::Stay, |&(s, _)| act(game, Action::ConfirmTrade(s)));
                    }
                    Cmd::Cancel => return act(game, Action::CancelTrade),
                    _ => {}
                }
                Outcome::Stay
            }
            Dialog::Units(u) => match cmd {
                Cmd::Up | Cmd::Down => {
                    // The names don't change how many rows there are.
                    let n = u.rows(game, &|s: Seat| s.to_string()).len();
                    u.go(cmd == Cmd::Up, n);
                    Outcome::Stay
                }
                Cmd::Confirm => {
                    let mut choice = u.clone();
                    match choice.confirm(game) {
                        Some(next) => units_outcome(choice, next),
                        None => Outcome::Refuse("name one first: ↑↓ to it, then Enter".into()),
                    }
                }
                Cmd::Cancel => {
                    let mut choice = u.clone();
                    if choice.back(game) { units_outcome(choice, Next::List) } else { Outcome::Close }
                }
                _ => Outcome::Stay,
            },
            Dialog::Victim { hex, victims, row } => match cmd {
                Cmd::Up | Cmd::Down => {
                    *row = Some(match *row {
                        Some(r) => wrap(r, victims.len(), cmd == Cmd::Up),
                        None if cmd == Cmd::Up => victims.len().saturating_sub(1),
                        None => 0,
                    });
                    Outcome::Stay
                }
                Cmd::Confirm => match row.and_then(|r| victims.get(r)) {
                    Some(&v) => act(game, Action::MoveRobber { hex: *hex, victim: Some(v) }),
                    None => Outcome::Refuse("name whom to rob first: their letter or ↑↓, then Enter".into()),
                },
                Cmd::Cancel => Outcome::RobberAgain,
                _ => Outcome::Stay,
            },
            Dialog::Maritime { give, get, on_get } => match cmd {
                Cmd::Up | Cmd::Down => {
                    let (r, n) = if *on_get { (get, 5) } else { (give, kinds(game).len()) };
                    *r = wrap(*r, n, cmd == Cmd::Up);
                    Outcome::Stay
                }
                Cmd::Toggle => {
                    *on_get = !*on_get;
                    Outcome::Stay
                }
                Cmd::Pick(r) if kinds(game).contains(&r) && !(*on_get && r.is_gold()) => {
                    *if *on_get { get } else { give } = r as usize;
                    Outcome::Stay
                }
                Cmd::Confirm => act(game, maritime_action(game, *give, *get)),
                Cmd::Cancel => Outcome::Close,
                _ => Outcome::Stay,
            },
            Dialog::Cards { row } => match cmd {
                Cmd::Up | Cmd::Down => {
                    *row = Some(match *row {
                        Some(r) => wrap(r, CARD_ROWS.len(), cmd == Cmd::Up),
                        None if cmd == Cmd::Up => CARD_ROWS.len() - 1,
                        None => 0,
                    });
                    Outcome::Stay
                }
                // H5: as with a trade partner (issue 33), Enter before a card is named plays
                // nothing and says how to name one.
                Cmd::Confirm if row.is_none() => Outcome::Note("name a card first: ↑↓ to it, then Enter".into()),
                Cmd::Confirm => {
                    let card = CARD_ROWS[row.unwrap_or(0)];
                    match card_playable(game, &legal(), card) {
                        Err(why) => Outcome::Refuse(why),
                        Ok(()) => match card {
                            DevCard::Knight => Outcome::Act(vec![Action::PlayKnight]),
                            DevCard::RoadBuilding => Outcome::Act(vec![Action::PlayRoadBuilding]),
                            DevCard::YearOfPlenty => Outcome::Swap(Dialog::Picker(Picker::new(PickFor::YearOfPlenty))),
                            _ => Outcome::Swap(Dialog::Picker(Picker::new(PickFor::Monopoly))),
                        },
                    }
                }
                Cmd::Cancel => Outcome::Close,
                _ => Outcome::Stay,
            },
        }
    }
}

impl Picker {
    /// A command in the card picker.
    pub fn on_cmd(&mut self, game: &Game, cmd: Cmd) -> Outcome {
        let r = res(self.row);
        let need = self.need(game);
        self.named |= matches!(cmd, Cmd::Up | Cmd::Down | Cmd::Pick(_) | Cmd::More);
        match cmd {
            Cmd::Up | Cmd::Down => {
                // Over the rows shown only (R45: the kinds the building gives).
                let n = self.kinds(game).len();
                for _ in 0..n {
                    self.row = wrap(self.row, n, cmd == Cmd::Up);
                    if self.shows(game, res(self.row)) {
                        break;
                    }
                }
            }
            Cmd::Pick(r) if !self.shows(game, r) => {
                return Outcome::Refuse(format!("this building gives no {r}: pick a kind it gives"));
            }
            // A monopoly names the row its key chooses (no count to add to).
            Cmd::Pick(r) if self.purpose == PickFor::Monopoly => self.row = r as usize,
            Cmd::Pick(r) if self.kinds(game).contains(&r) => {
                self.row = r as usize;
                return self.on_cmd(game, Cmd::More);
            }
            Cmd::More if self.purpose == PickFor::Monopoly => {}
            Cmd::More => {
                if self.counts[r] >= self.limit(game, r) {
                    return Outcome::Refuse(format!("no more {r} to pick"));
                }
                if self.counts.total() >= need {
                    if need == 1 {
                        self.counts = Hand::EMPTY;
                    } else {
                        return Outcome::Refuse(format!(
                            "{} picked already",
                            crate::tui::screen::words::plural(need, "card")
                        ));
                    }
                }
                self.counts[r] += 1;
            }
            Cmd::Less => self.counts[r] = self.counts[r].saturating_sub(1),
            Cmd::Confirm => {
                return match self.actions(game) {
                    Some(actions) => match game.check(actions[0]) {
                        Ok(()) => Outcome::Act(actions),
                        Err(e) => Outcome::Refuse(e.to_string()),
                    },
                    None if need == 1 && !self.named => {
                        Outcome::Refuse("name the kind first: its key or ↑↓, then Enter".into())
                    }
                    None => Outcome::Refuse(format!(
                        "pick {}: {} picked",
                        crate::tui::screen::words::plural(need, "card"),
                        self.counts.total()
                    )),
                };
            }
            Cmd::Cancel => {
                return match self.purpose.cannot_wait() {
                    Some(why) => Outcome::Refuse(why.into()),
                    None => Outcome::Close,
                };
            }
            _ => {}
        }
        Outcome::Stay
    }
}

/// The action if the engine allows it, else its reason.
fn act(game: &Game, a: Action) -> Outcome {
    match game.check(a) {
        Ok(()) => Outcome::Act(vec![a]),
        Err(e) => Outcome::Refuse(e.to_string()),
    }
}

/// What a step of the units' choice leads to, said as the dialogs' [`Outcome`]: the action, the
/// next list, or the island step (a list whose places are all on the island goes there too).
pub fn units_outcome(choice: UnitChoice, next: Next) -> Outcome {
    match next {
        Next::Act(a) => Outcome::Act(vec![a]),
        Next::List if choice.stage() == Stage::Place => Outcome::Island(choice),
        Next::List => Outcome::Swap(Dialog::Units(choice)),
        Next::Island => Outcome::Island(choice),
    }
}
