//! The dialogs and their keys: the trade composer (offers and counter-offers; `composer.rs`),
//! the answer to an offer, the choice among answers, the card picker (discards, year of plenty,
//! monopoly; `picker.rs`), the robber's victim, the bank trade, the development card menu and the
//! units' lists (`unit_choice.rs`). A command in a dialog answers with one [`Outcome`]: a dialog
//! never changes the game itself, so the engine stays the only judge of legality.

use std::rc::Rc;

use crate::engine::{Action, Answer, DevCard, Game, Hex, Phase, Resource, Seat};
pub use crate::tui::screen::composer::{Composer, others};
use crate::tui::screen::keymap::{Cmd, Mode};
use crate::tui::screen::outcome::Outcome;
pub use crate::tui::screen::picker::{PickFor, Picker, kinds, res, wrap};

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
    /// The development card menu (H5): with two or more cards playable, none is chosen until
    /// the player names one (↑↓); with one, it is; with none, the cursor shows why on a card
    /// held (Enter only says why not).
    Cards {
        row: Option<usize>,
    },
    /// A unit to build or act with, then where (R52, R53).
    Units(crate::tui::screen::unit_choice::UnitChoice),
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
pub(in crate::tui) fn agreed_rows(game: &Game) -> Vec<usize> {
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

    /// The development cards (H5): playing one can't be taken back, so among two or more
    /// playable cards none is chosen for the player. The one playable card is chosen (a single
    /// option, Enter plays it); with none playable the cursor is on a card held, whose row says
    /// why it can't be played (Enter plays nothing).
    pub fn cards(game: &Game, legal: &[Action]) -> Dialog {
        let held = game.view(game.to_act()).dev_cards();
        let playable: Vec<usize> =
            (0..CARD_ROWS.len()).filter(|&i| card_playable(game, legal, CARD_ROWS[i]).is_ok()).collect();
        let row = match playable[..] {
            [only] => Some(only),
            [] => CARD_ROWS.iter().position(|&c| held[c] > 0).or(Some(0)),
            _ => None,
        };
        Dialog::Cards { row }
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
            Dialog::Cards { .. } => Mode::Cards,
            Dialog::Units(_) => Mode::Units,
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

impl Dialog {
    /// A player's letter in a list of players (the offerer's partners, the robber's victims):
    /// it names that player (H5); Enter then confirms. `None` when the list has no such row.
    pub fn name_seat(&mut self, game: &Game, s: Seat) -> Option<Outcome<Dialog>> {
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

    /// Applies a command of `me`'s (the seat to act, or one answering ahead of its turn: a
    /// discard, an answer to an offer). `legal` gives the position's legal actions (the app's
    /// shared list), asked for only by a command that needs them.
    pub fn on_cmd(&mut self, game: &Game, me: Seat, legal: impl FnOnce() -> Rc<[Action]>, cmd: Cmd) -> Outcome<Dialog> {
        match self {
            Dialog::Composer(c) => match c.on_cmd(game, me, cmd) {
                Outcome::Back => Outcome::Next(Dialog::Answer),
                o => o.map(Dialog::Composer),
            },
            Dialog::Picker(p) => p.on_cmd(game, me, cmd),
            Dialog::Answer => match cmd {
                Cmd::Accept => Outcome::act_by(game, me, Action::AcceptTrade),
                Cmd::Decline => Outcome::act_by(game, me, Action::DeclineTrade),
                Cmd::Counter => Outcome::Next(Dialog::Composer(Composer::counter(game))),
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
                            .map_or(Outcome::Stay, |&(s, _)| Outcome::act(game, Action::ConfirmTrade(s)));
                    }
                    Cmd::Cancel => return Outcome::act(game, Action::CancelTrade),
                    _ => {}
                }
                Outcome::Stay
            }
            Dialog::Units(u) => u.on_cmd(game, cmd).map(Dialog::Units),
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
                    Some(&v) => Outcome::act(game, Action::MoveRobber { hex: *hex, victim: Some(v) }),
                    None => Outcome::Refuse("name whom to rob first: their letter or ↑↓, then Enter".into()),
                },
                Cmd::Cancel => Outcome::Back,
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
                Cmd::Confirm => Outcome::act(game, maritime_action(game, *give, *get)),
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
                            DevCard::YearOfPlenty => Outcome::Next(Dialog::Picker(Picker::new(PickFor::YearOfPlenty))),
                            _ => Outcome::Next(Dialog::Picker(Picker::new(PickFor::Monopoly))),
                        },
                    }
                }
                Cmd::Cancel => Outcome::Close,
                _ => Outcome::Stay,
            },
        }
    }
}
