//! The trade composer: an offer (what is given, what is got, whom it asks) or a counter-offer
//! to the open offer, and its keys. A counter is composed from the answering side and played
//! as the engine sees it, from the side of the player whose turn it is.

use crate::engine::{Action, Game, Hand, Phase, Seat, SeatSet};
use crate::tui::screen::keymap::Cmd;
use crate::tui::screen::outcome::Outcome;
use crate::tui::screen::picker::{kinds, res, wrap};

/// The seats other than `me`, in seat order.
pub fn others(game: &Game, me: Seat) -> Vec<Seat> {
    game.seats().filter(|&s| s != me).collect()
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

    /// The composer's rows: the kinds of card, then (offers only) the other players.
    pub fn rows(&self, game: &Game) -> usize {
        let k = kinds(game).len();
        if self.counter { k } else { k + game.num_players() - 1 }
    }

    /// A command in the trade composer, of `me`'s (the offerer, or one who counters, perhaps
    /// ahead of their turn to answer).
    pub fn on_cmd(&mut self, game: &Game, me: Seat, cmd: Cmd) -> Outcome<Composer> {
        let n = self.rows(game);
        let k = kinds(game).len();
        match cmd {
            Cmd::Up | Cmd::Down => self.row = wrap(self.row, n, cmd == Cmd::Up),
            Cmd::Toggle if self.row < k => self.on_get = !self.on_get,
            // A resource's key goes to its row and adds one there: `t o Tab g Enter` offers
            // an ore for a grain.
            Cmd::Pick(r) if kinds(game).contains(&r) => {
                self.row = r as usize;
                return self.on_cmd(game, me, Cmd::More);
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
                let seat = others(game, me)[self.row - k];
                self.to = if self.to.contains(seat) { self.to.without(seat) } else { self.to.with(seat) };
            }
            Cmd::Confirm => {
                return match crate::tui::screen::outcome::check_by(game, me, self.action()) {
                    Ok(()) => Outcome::Act(vec![self.action()]),
                    Err(e) => Outcome::Refuse(e.to_string()),
                };
            }
            // Back to the answer a counter-offer was composed from.
            Cmd::Cancel if self.counter => return Outcome::Back,
            Cmd::Cancel => return Outcome::Close,
            _ => {}
        }
        Outcome::Stay
    }
}
