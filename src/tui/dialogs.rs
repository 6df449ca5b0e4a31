//! Dialog state and what each command does to it: the trade composer (offers and
//! counter-offers), the answer to an offer, the choice among answers, the card picker
//! (discards, year of plenty, monopoly; its state and keys in `picker.rs`), the robber's
//! victim, the bank trade and the development card menu. A dialog never changes the game itself: it hands back an
//! [`Outcome`] for the app to apply, so the engine stays the only judge of legality.

use std::rc::Rc;

use super::keymap::{Cmd, Mode};
pub use super::picker::{PickFor, Picker};
use crate::engine::{Action, Answer, DevCard, Game, Hand, Hex, Phase, Resource, Seat, SeatSet};

/// What a command in a dialog leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing for the app to do.
    Stay,
    /// Close the dialog.
    Close,
    /// Play these actions in order (discards are one card per action).
    Act(Vec<Action>),
    /// Replace the dialog with another.
    Swap(Dialog),
    /// Back to choosing the robber's hex.
    RobberAgain,
    /// Say why not, and stay.
    Refuse(String),
    /// Say this (not a refusal), and stay.
    Note(String),
}

/// An open dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    Composer(Composer),
    /// Answering the open offer (the terms are in the game's phase).
    Answer,
    /// The player whose turn it is chooses a partner among the answers (H5): with several who
    /// agreed, none is chosen until the player names one (letter, arrows); with one, it is, but
    /// the first Enter on the fresh screen only asks for a second (H1a): a trade is final.
    Responses {
        /// The row of the partner chosen, if any.
        row: Option<usize>,
        /// A partner was named (letter, arrows) or Enter pressed once: Enter now trades.
        chosen: bool,
    },
    Picker(Picker),
    /// Whom the robber robs, among two or more (H5): no one until the player names one.
    Victim {
        hex: Hex,
        victims: Vec<Seat>,
        row: Option<usize>,
    },
    Maritime {
        give: usize,
        get: usize,
        on_get: bool,
    },
    Cards {
        row: usize,
    },
    /// A unit to build or act with, then where (R52, R53).
    Units(super::units::UnitChoice),
}

/// A trade being composed, always seen from the composing player's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Composer {
    /// What the composing player gives and gets.
    pub give: Hand,
    pub get: Hand,
    /// Players asked (offers only).
    pub to: SeatSet,
    /// Rows 0..k are the kinds of card (`kinds`: gold too with R42); then one row per other
    /// player (offers only).
    pub row: usize,
    /// Editing the "get" column.
    pub on_get: bool,
    /// A counter-offer to the open offer rather than a new offer.
    pub counter: bool,
}

pub(super) fn res(i: usize) -> Resource {
    Resource::CARDS[i % 6]
}

/// The kinds of card a hand may hold in this game: the five resources, and gold with R42.
pub fn kinds(game: &Game) -> &'static [Resource] {
    if game.config().modules.has(crate::engine::Module::Gold) { &Resource::CARDS } else { &Resource::ALL }
}

pub(super) fn wrap(row: usize, n: usize, up: bool) -> usize {
    if n == 0 {
        0
    } else if up {
        (row + n - 1) % n
    } else {
        (row + 1) % n
    }
}

/// The seats other than `me`, in seat order.
pub fn others(game: &Game, me: Seat) -> Vec<Seat> {
    game.seats().filter(|&s| s != me).collect()
}

impl Composer {
    /// A new offer, asking everyone.
    pub fn offer(game: &Game) -> Composer {
        let me = game.to_act();
        let to = SeatSet::all(game.num_players()).without(me);
        Composer { give: Hand::EMPTY, get: Hand::EMPTY, to, row: 0, on_get: false, counter: false }
    }

    /// A counter-offer starting from the open offer's terms, seen from the answering side.
    pub fn counter(game: &Game) -> Composer {
        let (give, get) = match game.phase() {
            Phase::Trade { give, get, .. } => (get, give),
            _ => (Hand::EMPTY, Hand::EMPTY),
        };
        Composer { give, get, to: SeatSet::default(), row: 0, on_get: false, counter: true }
    }

    /// The engine action these terms make.
    pub fn action(&self) -> Action {
        if self.counter {
            // The engine sees a counter from the side of the player whose turn it is.
            Action::CounterTrade { give: self.get, get: self.give }
        } else {
            Action::OfferTrade { give: self.give, get: self.get, to: self.to }
        }
    }

    fn rows(&self, game: &Game) -> usize {
        let k = kinds(game).len();
        if self.counter { k } else { k + game.num_players() - 1 }
    }

    fn on_cmd(&mut self, game: &Game, cmd: Cmd) -> Outcome {
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

/// The answers to the open offer, for the seats asked.
pub fn answers(game: &Game) -> Vec<(Seat, Answer)> {
    match game.phase() {
        Phase::Trade { answers, .. } => {
            game.seats().map(|s| (s, answers[s.index()])).filter(|(_, a)| *a != Answer::NotAsked).collect()
        }
        _ => Vec::new(),
    }
}

/// The rows of [`answers`] of the players who accepted or countered: those the offerer may
/// trade with.
fn agreed_rows(game: &Game) -> Vec<usize> {
    let list = answers(game);
    (0..list.len()).filter(|&i| matches!(list[i].1, Answer::Accept | Answer::Counter { .. })).collect()
}

/// The development cards in menu order.
pub const CARD_ROWS: [DevCard; 5] =
    [DevCard::Knight, DevCard::RoadBuilding, DevCard::YearOfPlenty, DevCard::Monopoly, DevCard::VictoryPoint];

/// Whether a card can be played now, or the engine's reason why not.
pub fn card_playable(game: &Game, legal: &[Action], card: DevCard) -> Result<(), String> {
    let playable = legal.iter().any(|a| match card {
        DevCard::Knight => *a == Action::PlayKnight,
        DevCard::RoadBuilding => *a == Action::PlayRoadBuilding,
        DevCard::YearOfPlenty => matches!(a, Action::PlayYearOfPlenty(..)),
        DevCard::Monopoly => matches!(a, Action::PlayMonopoly(_)),
        DevCard::VictoryPoint => false,
    });
    if playable {
        return Ok(());
    }
    let probe = match card {
        DevCard::Knight => Action::PlayKnight,
        DevCard::RoadBuilding => Action::PlayRoadBuilding,
        DevCard::YearOfPlenty => Action::PlayYearOfPlenty(Resource::Brick, Some(Resource::Lumber)),
        DevCard::Monopoly => Action::PlayMonopoly(Resource::Brick),
        DevCard::VictoryPoint => return Err("victory point cards count by themselves; they are never played".into()),
    };
    Err(game.check(probe).err().map_or("not now".to_string(), |e| e.to_string()))
}

impl Dialog {
    /// The answers to an offer: the cursor on the one player who accepted or countered, if
    /// only one did; with several, on no one (H5).
    pub fn responses(game: &Game) -> Dialog {
        let agreed = agreed_rows(game);
        Dialog::Responses { row: if agreed.len() == 1 { Some(agreed[0]) } else { None }, chosen: false }
    }

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

    /// The development cards, the cursor on one that can be played now, else on one the player
    /// holds: never on a card they have none of while they hold another.
    pub fn cards(game: &Game, legal: &[Action]) -> Dialog {
        let held = game.view(game.to_act()).dev_cards();
        let row = CARD_ROWS
            .iter()
            .position(|&c| card_playable(game, legal, c).is_ok())
            .or_else(|| CARD_ROWS.iter().position(|&c| held[c] > 0));
        Dialog::Cards { row: row.unwrap_or(0) }
    }

    /// A trade with the bank, on the best trade the player has: the resource given at the
    /// lowest rate they can pay (the most held among equals), for the one they hold fewest of
    /// that the bank still has. With gold (R42), the last row of what is given is 2 gold.
    pub fn maritime(game: &Game) -> Dialog {
        let me = game.to_act();
        let hand = game.view(me).hand();
        let all = Resource::ALL;
        let gold = game.is_legal(Action::BuyWithGold(Resource::Brick)) as usize * 5;
        let give = (0..5)
            .filter(|&i| hand[all[i]] >= game.maritime_rate(me, all[i]))
            .min_by_key(|&i| (game.maritime_rate(me, all[i]), u8::MAX - hand[all[i]]))
            .unwrap_or(gold);
        let get = (0..5)
            .filter(|&i| i != give && game.bank()[all[i]] > 0)
            .min_by_key(|&i| hand[all[i]])
            .unwrap_or((give + 1) % 5);
        Dialog::Maritime { give, get, on_get: false }
    }

    /// The keymap mode of this dialog.
    pub fn mode(&self) -> Mode {
        match self {
            Dialog::Composer(_) => Mode::Composer,
            Dialog::Answer => Mode::Answer,
            Dialog::Responses { .. } => Mode::Responses,
            Dialog::Picker(_) => Mode::Picker,
            Dialog::Victim { .. } => Mode::Victim,
            Dialog::Maritime { .. } => Mode::Maritime,
            Dialog::Cards { .. } | Dialog::Units(_) => Mode::Cards,
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
            // The app takes the units' keys (app/units.rs): its steps reach the island.
            Dialog::Units(_) => Outcome::Stay,
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
                    *row = wrap(*row, CARD_ROWS.len(), cmd == Cmd::Up);
                    Outcome::Stay
                }
                Cmd::Confirm => {
                    let card = CARD_ROWS[*row];
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

/// The bank trade of the maritime dialog's rows: `rate` cards of a resource, or 2 gold (R42).
pub fn maritime_action(game: &Game, give: usize, get: usize) -> Action {
    let (g, r) = (res(give), res(get));
    if g.is_gold() {
        Action::BuyWithGold(r)
    } else {
        Action::MaritimeTrade { give: g, get: r, rate: game.maritime_rate(game.to_act(), g) }
    }
}

/// The action if the engine allows it, else its reason.
fn act(game: &Game, a: Action) -> Outcome {
    match game.check(a) {
        Ok(()) => Outcome::Act(vec![a]),
        Err(e) => Outcome::Refuse(e.to_string()),
    }
}
