//! R45 `no_robber`: there is no robber. A 7 makes every player, in turn order from the roller,
//! take 1 card per settlement, 2 per city and 3 per castle (R44), each card chosen among the
//! kinds of the hexes that building touches (desert and sea give none), only kinds the bank
//! still holds. No discards and no hand limit. Knight cards count toward Largest Army but move and steal nothing.
//!
//! The choice is [`Phase::Plenty`]: one building at a time, in seat order of the players from
//! the roller and in intersection order of each player's buildings, with
//! [`Action::TakeCard`]; a building whose kinds the bank no longer holds is skipped.

use crate::engine::action::{Action, Event, RuleError, Seat};
use crate::engine::cards::{Hand, Resource};
use crate::engine::config::Module;
use crate::engine::coords::Vertex;
use crate::engine::game::{Game, Phase};
use crate::engine::sink::{ActionSink, EventSink};

impl Game {
    /// True with R45: a 7 and a knight move no robber.
    #[inline(always)]
    pub(in crate::engine::rules) fn no_robber(&self) -> bool {
        self.config.modules.has(Module::NoRobber)
    }

    /// R45: the 7's choices begin with the roller's first building that can take a card.
    pub(in crate::engine::rules) fn start_plenty(&mut self) {
        self.next_plenty(self.turn.seat, None);
    }

    /// The kinds of card the building on `v` may take now: its hexes' kinds the bank holds.
    fn plenty_kinds(&self, v: Vertex) -> u8 {
        let mut kinds = 0;
        for &h in self.topology().vertex_hexes(v) {
            if let Some(r) = self.board.terrain(h).resource()
                && self.bank[r] > 0
            {
                kinds |= 1 << r as u8;
            }
        }
        kinds
    }

    /// Moves the choice on to the first building after `after` (of `s`, then of the players
    /// after `s` up to the roller) that can take a card, or back to the turn.
    fn next_plenty(&mut self, mut s: Seat, mut after: Option<Vertex>) {
        let n = self.config.players;
        loop {
            let p = &self.players[s.index()];
            let own = p.settlements | p.cities;
            let from = after.map_or(own, |v| own.after(v));
            for v in from {
                if self.plenty_kinds(v) != 0 {
                    let left = if p.castles.contains(v) {
                        3
                    } else if p.cities.contains(v) {
                        2
                    } else {
                        1
                    };
                    self.phase = Phase::Plenty { seat: s, at: v, left };
                    return;
                }
            }
            s = Seat((s.0 + 1) % n);
            after = None;
            if s == self.turn.seat {
                self.phase = Phase::Main;
                return;
            }
        }
    }

    /// R45: `r` may be taken for the building on `at`.
    pub(in crate::engine::rules) fn check_take(&self, r: Resource, at: Vertex) -> Result<(), RuleError> {
        if self.plenty_kinds(at) & (1 << r as u8) != 0 {
            Ok(())
        } else {
            Err(RuleError::NotNow("take a card of a kind that building touches and the bank holds"))
        }
    }

    /// [`Game::check_take`]'s candidates.
    pub(in crate::engine::rules) fn push_takes(&self, at: Vertex, out: &mut impl ActionSink) {
        let kinds = self.plenty_kinds(at);
        out.push_all(Resource::CARDS.into_iter().filter(|&r| kinds & (1 << r as u8) != 0).map(Action::TakeCard));
    }

    /// R45: one card from the bank, then the building's next card or the next building.
    pub(in crate::engine::rules) fn take_card(&mut self, s: Seat, r: Resource, ev: &mut impl EventSink) {
        let cards = Hand::of(r, 1);
        self.pay_out(s, cards);
        ev.push(Event::Produced { seat: s, cards });
        if let Phase::Plenty { seat, at, left } = self.phase {
            if left > 1 && self.plenty_kinds(at) != 0 {
                self.phase = Phase::Plenty { seat, at, left: left - 1 };
            } else {
                self.next_plenty(seat, Some(at));
            }
        }
    }
}
