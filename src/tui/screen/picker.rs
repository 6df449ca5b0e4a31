//! The card picker (discards, year of plenty, monopoly, and R45's cards for a 7): which cards,
//! how many, the actions they make, and its keys (`Picker::on_cmd`).

use crate::engine::{Action, Game, Hand, Phase, Resource, Seat};
use crate::tui::screen::keymap::Cmd;
use crate::tui::screen::outcome::Outcome;

/// The kind of card on row `i` of a list of kinds.
pub fn res(i: usize) -> Resource {
    Resource::CARDS[i % 6]
}

/// The kinds of card a hand may hold in this game: the five resources, and gold with R42.
pub fn kinds(game: &Game) -> &'static [Resource] {
    if game.config().modules.has(crate::engine::Module::Gold) { &Resource::CARDS } else { &Resource::ALL }
}

/// The row after `row` (or before, `up`) in a list of `n` rows, round the end.
pub fn wrap(row: usize, n: usize, up: bool) -> usize {
    if n == 0 {
        0
    } else if up {
        (row + n - 1) % n
    } else {
        (row + 1) % n
    }
}

/// What the card picker is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickFor {
    /// Discard this many cards after a 7.
    Discard(u8),
    YearOfPlenty,
    Monopoly,
    /// R45 (no robber): the cards for a building, of kinds its hexes give and the bank holds.
    Plenty,
}

impl PickFor {
    /// Why the pick can't wait, when its phase goes on only once it is made (a 7's discard,
    /// R45's cards): Esc then says so and the footer offers no "back". `None` for a card the
    /// player chose to play, which Esc puts back. Every pick says (no catch-all): a new one
    /// does not compile until it does.
    pub fn cannot_wait(self) -> Option<&'static str> {
        match self {
            PickFor::Discard(_) => Some("discards can't wait: pick the cards to give up"),
            PickFor::Plenty => Some("the 7's cards can't wait: pick one"),
            PickFor::YearOfPlenty | PickFor::Monopoly => None,
        }
    }

    /// Whether its rows list every kind, so the footer offers the five resource keys: not for
    /// R45, which lists only the kinds the building gives (their keys still work).
    pub fn every_kind(self) -> bool {
        match self {
            PickFor::Discard(_) | PickFor::YearOfPlenty | PickFor::Monopoly => true,
            PickFor::Plenty => false,
        }
    }
}

/// Cards being picked, with a cursor row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picker {
    pub purpose: PickFor,
    pub counts: Hand,
    pub row: usize,
    /// The player moved to a row or named a kind (H5): where one card is picked (a monopoly,
    /// one card of a 7 or of year of plenty), Enter takes the row only then.
    pub named: bool,
}

impl Picker {
    /// A picker for a purpose, with nothing picked.
    pub fn new(purpose: PickFor) -> Picker {
        Picker { purpose, counts: Hand::EMPTY, row: 0, named: false }
    }

    /// How many cards must be picked.
    pub fn need(&self, game: &Game) -> u32 {
        match self.purpose {
            PickFor::Discard(n) => n as u32,
            PickFor::YearOfPlenty => (game.bank().total() - u32::from(game.bank()[Resource::Gold])).min(2),
            PickFor::Monopoly => 1,
            // R45: every card the building gives, on one dialog (issue 23).
            PickFor::Plenty => match game.phase() {
                Phase::Plenty { left, .. } => left.into(),
                _ => 1,
            },
        }
    }

    /// Whether row `r` is shown: with R45, only the kinds the building gives (and the bank
    /// holds); every kind for the other pickers.
    pub fn shows(&self, game: &Game, r: Resource) -> bool {
        self.purpose != PickFor::Plenty || game.is_legal(Action::TakeCard(r))
    }

    /// The picker on its first shown row (R45: the first kind the building gives).
    pub fn first_row(mut self, game: &Game) -> Picker {
        if let Some(i) = self.kinds(game).iter().position(|&r| self.shows(game, r)) {
            self.row = i;
        }
        self
    }

    /// The kinds of card its rows list: gold too for a discard or a 7's card (R42, R45), never
    /// for year of plenty or monopoly.
    pub fn kinds(&self, game: &Game) -> &'static [Resource] {
        match self.purpose {
            PickFor::Discard(_) | PickFor::Plenty => kinds(game),
            PickFor::YearOfPlenty | PickFor::Monopoly => &Resource::ALL,
        }
    }

    /// The most cards of `r` that `me` may pick.
    pub fn limit(&self, game: &Game, me: Seat, r: Resource) -> u8 {
        match self.purpose {
            PickFor::Discard(_) => game.view(me).hand()[r],
            _ if r.is_gold() && !self.kinds(game).contains(&r) => 0,
            PickFor::YearOfPlenty => game.bank()[r].min(2),
            PickFor::Monopoly => 1,
            PickFor::Plenty if game.is_legal(Action::TakeCard(r)) => match game.phase() {
                Phase::Plenty { left, .. } => left.min(game.bank()[r]),
                _ => 1,
            },
            PickFor::Plenty => 0,
        }
    }

    /// The actions the picked cards make, once enough are picked.
    pub(in crate::tui) fn actions(&self, game: &Game, me: Seat) -> Option<Vec<Action>> {
        if self.purpose == PickFor::Monopoly {
            return self.named.then(|| vec![Action::PlayMonopoly(res(self.row))]);
        }
        let mut counts = self.counts;
        // With one card to pick, Enter on a row the player named picks it (H5).
        if self.need(game) == 1 && counts.is_empty() && self.named && self.limit(game, me, res(self.row)) > 0 {
            counts[res(self.row)] = 1;
        }
        if counts.total() != self.need(game) {
            return None;
        }
        let cards: Vec<Resource> =
            Resource::CARDS.into_iter().flat_map(|r| std::iter::repeat_n(r, counts[r] as usize)).collect();
        Some(match self.purpose {
            PickFor::Discard(_) => cards.into_iter().map(Action::Discard).collect(),
            PickFor::YearOfPlenty => vec![Action::PlayYearOfPlenty(cards[0], cards.get(1).copied())],
            PickFor::Monopoly => vec![Action::PlayMonopoly(cards[0])],
            PickFor::Plenty => cards.into_iter().map(Action::TakeCard).collect(),
        })
    }
}

impl Picker {
    /// A command in the card picker, of `me`'s (who discards, or takes).
    pub fn on_cmd<N>(&mut self, game: &Game, me: Seat, cmd: Cmd) -> Outcome<N> {
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
                return self.on_cmd(game, me, Cmd::More);
            }
            Cmd::More if self.purpose == PickFor::Monopoly => {}
            Cmd::More => {
                if self.counts[r] >= self.limit(game, me, r) {
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
                return match self.actions(game, me) {
                    Some(actions) => match crate::tui::screen::outcome::check_by(game, me, actions[0]) {
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
