//! The course of a turn: the set-up order (R11), rolling the dice and production (R15, R16),
//! going back to the turn after the robber or free roads, ending the turn, and winning (R38);
//! with 5 and 6 players, the Special Building Phase (R40) or paired players (R40a).
//!
//! Rolling and ending the turn need no check of their own (the phase alone allows them), so this
//! family has no candidates beyond the `RollDice` and `EndTurn` that the dispatch lists.

use crate::engine::action::{Action, Event, MAX_PLAYERS, RuleError, Seat, SeatSet};
use crate::engine::cards::{Hand, Resource};
use crate::engine::config::{Module, Shortage, TurnStyle};
use crate::engine::game::{Game, Phase, Turn};
use crate::engine::sink::{ActionSink, EventSink};

impl Game {
    /// After the set-up road of the `index`-th player of `round`: the next placement, the
    /// second round in reverse order, or the first turn (R11). True when the first turn began.
    pub(super) fn next_placement(&mut self, round: u8, index: u8) -> bool {
        let next = index + 1;
        if (next as usize) < self.num_players() {
            self.phase = Phase::Setup { round, index: next, settlement: None };
        } else if round == 0 {
            self.phase = Phase::Setup { round: 1, index: 0, settlement: None };
        } else {
            self.turn = Turn { seat: self.first, number: 1, ..Turn::default() };
            self.phase = Phase::Roll;
            return true;
        }
        false
    }

    /// Rolls the dice: production (R15), or the 7 (R17).
    pub(super) fn roll(&mut self, s: Seat, ev: &mut impl EventSink) {
        let dice = self.throw_dice();
        self.turn.rolled = true;
        self.turn.dice = Some(dice);
        ev.push(Event::DiceRolled { seat: s, dice });
        let total = dice[0] + dice[1];
        if total != 7 {
            let gold = self.bank[Resource::Gold];
            self.produce(total, ev);
            self.phase = Phase::Main;
            self.dragon_after_production(gold, ev);
            return;
        }
        // R57: a 7 in the attack phase does nothing.
        if self.attack_phase() {
            self.phase = Phase::Main;
            ev.push(Event::QuietSeven { seat: s });
            return;
        }
        self.seven(ev);
    }

    /// R15, R16: pays each building on the hexes showing `total`.
    fn produce(&mut self, total: u8, ev: &mut impl EventSink) {
        let topo = self.topology();
        let n = self.num_players();
        let mut owed = [Hand::EMPTY; MAX_PLAYERS];
        let mut want = Hand::EMPTY;
        let hexes = self.board.token_set(total).without(self.board.robber());
        let castles = self.config.modules.has(Module::Castles);
        for h in hexes {
            let Some(r) = self.board.terrain(h).resource() else { continue };
            let corners = topo.hex_vertex_set(h);
            if !self.pieces.buildings.intersects(corners) {
                continue;
            }
            for (owes, p) in owed.iter_mut().zip(&self.players[..n]) {
                if !(p.settlements | p.cities).intersects(corners) {
                    continue;
                }
                let mut got = (p.settlements & corners).len() + 2 * (p.cities & corners).len();
                if castles {
                    got += self.castle_cards(p.castles, corners);
                }
                owes[r] += got as u8;
                want[r] += got as u8;
            }
        }
        if want.is_empty() {
            return;
        }
        self.pay_owed(owed, want, ev, |seat, cards| Event::Produced { seat, cards });
    }

    /// Pays what the bank owes each player (`want` in all), under the shortage rule (R16), in
    /// turn order from the player whose turn it is, reporting each payment with `event`.
    #[inline(always)]
    pub(super) fn pay_owed(
        &mut self,
        owed: [Hand; MAX_PLAYERS],
        want: Hand,
        ev: &mut impl EventSink,
        event: impl Fn(Seat, Hand) -> Event,
    ) {
        let mut paid = owed;
        if !self.bank.contains(&want) {
            for r in Resource::CARDS.into_iter().filter(|&r| want[r] > self.bank[r]) {
                // R16: a short resource goes to no one, unless one player alone is owed it.
                let claimants = owed.iter().filter(|h| h[r] > 0).count();
                for h in &mut paid {
                    h[r] = 0;
                }
                match self.config.shortage {
                    Shortage::Official if claimants == 1 => {
                        let i = owed.iter().position(|h| h[r] > 0).expect("one claimant");
                        paid[i][r] = self.bank[r];
                    }
                    Shortage::TurnOrder => {
                        let mut left = self.bank[r];
                        for o in self.in_turn_order() {
                            let give = owed[o.index()][r].min(left);
                            paid[o.index()][r] = give;
                            left -= give;
                        }
                    }
                    _ => {}
                }
                ev.push(Event::Shortage { resource: r });
            }
        }
        for o in self.in_turn_order() {
            let cards = paid[o.index()];
            if !cards.is_empty() {
                self.pay_out(o, cards);
                ev.push(event(o, cards));
            }
        }
    }

    /// After the robber or free roads: back to rolling, or to the rest of the turn.
    pub(super) fn resume(&mut self) {
        self.phase = if self.turn.rolled { Phase::Main } else { Phase::Roll };
    }

    /// Passes the turn to the next seat (R13).
    /// `EndTurn`: the end of a turn, of a pair's second part (R40a), or of one player's
    /// special building (R40).
    pub(super) fn end_turn(&mut self, ev: &mut impl EventSink) {
        let seat = self.turn.seat;
        match (self.phase, self.config.turns) {
            (Phase::SpecialBuilding { seat: builder }, _) => {
                let next = self.seat_after(builder);
                if next == seat {
                    self.start_turn(self.next_turn_seat(seat), ev);
                } else {
                    self.phase = Phase::SpecialBuilding { seat: next };
                    ev.push(Event::SpecialBuilding { seat: next });
                }
            }
            (_, TurnStyle::SpecialBuilding) => {
                let next = self.seat_after(seat);
                self.phase = Phase::SpecialBuilding { seat: next };
                ev.push(Event::SpecialBuilding { seat: next });
            }
            (_, TurnStyle::Paired) if self.turn.paired.is_none() => {
                // R40a: the third player after the roller takes the turn's second part, with a
                // card play of their own and nothing bought yet.
                let second = self.second_of_pair(seat);
                let Turn { number, dice, .. } = self.turn;
                self.turn = Turn { seat: second, number, rolled: true, dice, paired: Some(seat), ..Turn::default() };
                self.phase = Phase::Main;
                ev.push(Event::SecondOfPair { seat: second, first: seat });
            }
            _ => self.start_turn(self.next_turn_seat(self.turn.paired.unwrap_or(seat)), ev),
        }
    }

    /// The seat after `s` in turn order.
    fn seat_after(&self, s: Seat) -> Seat {
        let next = s.0 + 1;
        Seat(if next == self.config.players { 0 } else { next })
    }

    fn start_turn(&mut self, seat: Seat, ev: &mut impl EventSink) {
        let number = self.turn.number + 1;
        // R57: the attack round's order, and the end after the last round.
        let seat = self.phase_turn(number, seat, ev);
        if self.is_over() {
            return;
        }
        self.turn = Turn { seat, number, ..Turn::default() };
        self.phase = Phase::Roll;
        ev.push(Event::TurnStarted { seat, number });
    }

    /// R40: in the Special Building Phase a player may build and buy development cards, or
    /// pass; no trade and no card play.
    pub(super) fn check_special_building(&self, s: Seat, action: Action) -> Result<(), RuleError> {
        match action {
            Action::BuildRoad(e) => self.check_road(s, e),
            Action::BuildSettlement(v) => self.check_settlement(s, v),
            Action::BuildCity(v) => self.check_city(s, v),
            Action::BuildCastle(v) => self.check_castle(s, v),
            Action::BuyDevCard => self.check_buy(s),
            Action::EndTurn => Ok(()),
            Action::BuildKnight { .. } | Action::BuildShip { .. } => {
                Err(RuleError::NotNow("no unit is built in the special building phase (R52)"))
            }
            _ => Err(RuleError::NotNow("in the special building phase, only build, buy a card or pass")),
        }
    }

    /// [`Game::check_special_building`]'s candidates.
    pub(super) fn push_special_building(&self, s: Seat, out: &mut impl ActionSink) {
        out.push(Action::EndTurn);
        self.push_builds(s, out);
        self.push_buy(s, out);
    }

    /// R38: the player whose turn it is wins on reaching the target; that covers a player who
    /// got there during another's turn, checked as their own turn starts.
    #[inline(always)]
    pub(super) fn check_win(&mut self, ev: &mut impl EventSink) {
        // R40: no one wins in the Special Building Phase; a player who got there wins as
        // their own turn starts.
        if matches!(self.phase, Phase::Setup { .. } | Phase::Over { .. } | Phase::SpecialBuilding { .. }) {
            return;
        }
        let t = self.turn.seat;
        let points = self.victory_points(t);
        if points >= self.config.target {
            self.phase = Phase::Over { winner: t, shared: SeatSet::default() };
            ev.push(Event::Won { seat: t, points });
            return;
        }
        // R40a: the shared turn is both players' own turn ("either may win during the turn"),
        // so the partner wins at once too, say on an award the other's build moved to them.
        if self.config.turns == TurnStyle::Paired {
            self.check_partner_win(ev);
        }
    }

    /// R40a: the other player of the pair wins if they have the target; the player acting
    /// is checked first (an action that brings both there is the actor's win).
    #[cold]
    fn check_partner_win(&mut self, ev: &mut impl EventSink) {
        let partner = match self.turn.paired {
            Some(first) => first,
            None => self.second_of_pair(self.turn.seat),
        };
        let points = self.victory_points(partner);
        if points >= self.config.target {
            self.phase = Phase::Over { winner: partner, shared: SeatSet::default() };
            ev.push(Event::Won { seat: partner, points });
        }
    }

    /// R40a: the player who takes the second part of `first`'s turn, the third after them.
    fn second_of_pair(&self, first: Seat) -> Seat {
        Seat((first.0 + 3) % self.config.players)
    }
}
