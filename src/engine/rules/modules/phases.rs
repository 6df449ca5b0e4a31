//! R57 `phases` (with attacks): a build phase of N rounds, then an attack phase of N rounds (N
//! the number of players), rounds counted from the first turn after set-up, a turn a step (a
//! paired turn, R40a, one step). Attacks only in the attack phase. Each attack round goes from
//! the lowest score to the highest (public points plus units on the board; ties in seat order),
//! worked out as the round starts and kept in [`House::attack_order`](super::House). A 7 in the
//! attack phase produces nothing: no robber, no discards, no R45 choice. When the last round
//! ends, the most points win and players tied share the win; reaching the target earlier still
//! wins at once (R38).

use serde::{Deserialize, Serialize};

use crate::engine::action::{Event, MAX_PLAYERS, Seat, SeatSet};
use crate::engine::config::Module;
use crate::engine::game::{Game, Phase};
use crate::engine::sink::EventSink;

/// R57: where a turn falls in the war ([`Game::war_turn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarTurn {
    /// In the attack phase (else the build phase).
    pub attack: bool,
    /// The round of its phase, from 0 (below [`WarTurn::rounds`]).
    pub round: u32,
    /// The turn's place in its round, from 0: in an attack round, its place in the round's
    /// order ([`AttackOrder`]).
    pub place: u32,
    /// The rounds of each phase: the number of players.
    pub rounds: u32,
}

/// R57: an attack round's order, first to last (lowest score first), worked out as the round
/// starts: 4 bits a place, seat + 1, the first place lowest; empty before the attack phase.
/// Saved as that number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AttackOrder(u32);

impl AttackOrder {
    /// The order of `seats`, first to last.
    pub fn of(seats: &[Seat]) -> AttackOrder {
        AttackOrder(seats.iter().enumerate().fold(0, |o, (k, s)| o | (s.0 as u32 + 1) << (4 * k)))
    }

    /// No order worked out yet.
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The seat at `place` (from 0), if the order has that many.
    pub fn seat(self, place: u32) -> Option<Seat> {
        let nibble = self.0.checked_shr(4 * place).unwrap_or(0) & 0xF;
        nibble.checked_sub(1).map(|s| Seat(s as u8))
    }

    /// The seats, first to last.
    pub fn seats(self) -> impl Iterator<Item = Seat> {
        (0..).map_while(move |i| self.seat(i))
    }
}

impl Game {
    /// R57: where turn `number` (from 1) falls: its phase, round and place. `None` without
    /// phases, in set-up (turn 0), and past the last round (the war is over). The turn order
    /// reads it, and a screen asking of any turn (the log's, the replay's) should.
    pub fn war_turn(&self, number: u32) -> Option<WarTurn> {
        if !self.config.modules.has(Module::Phases) || number == 0 {
            return None;
        }
        let n = self.config.players as u32;
        let (round, place) = ((number - 1) / n, (number - 1) % n);
        let attack = round >= n;
        (round < 2 * n).then_some(WarTurn { attack, round: round - if attack { n } else { 0 }, place, rounds: n })
    }

    /// R57: the round in progress from 0 and whether it is of the attack phase (`None` without
    /// phases or in set-up): the turn in progress, whose rounds count on past the war's end
    /// ([`Game::war_turn`] answers for any turn).
    pub fn war_round(&self) -> Option<(u32, bool)> {
        if !self.config.modules.has(Module::Phases) || self.turn.number == 0 {
            return None;
        }
        let n = self.config.players as u32;
        let round = (self.turn.number - 1) / n;
        Some((round, round >= n))
    }

    /// R57: true in the attack phase.
    pub fn attack_phase(&self) -> bool {
        self.war_round().is_some_and(|(_, attack)| attack)
    }

    /// R57: the score that orders an attack round: public points plus units on the board.
    pub fn war_score(&self, s: Seat) -> u32 {
        self.public_points(s) as u32 + self.knight_count(s) as u32 + self.ship_count(s) as u32
    }

    /// R57: this attack round's order, first to last (`None` outside the attack phase).
    pub fn attack_order(&self) -> Option<Vec<Seat>> {
        if !self.attack_phase() || self.house.attack_order.is_empty() {
            return None;
        }
        Some(self.house.attack_order.seats().collect())
    }

    /// R57: who plays turn `number` when phases change it (`seat` otherwise); the game ends
    /// after the last round. Called as each turn starts. One test of the module bit.
    #[inline(always)]
    pub(in crate::engine::rules) fn phase_turn(&mut self, number: u32, seat: Seat, ev: &mut impl EventSink) -> Seat {
        if self.config.modules.has(Module::Phases) { self.phase_turn_now(number, seat, ev) } else { seat }
    }

    #[inline(never)]
    fn phase_turn_now(&mut self, number: u32, seat: Seat, ev: &mut impl EventSink) -> Seat {
        let Some(at) = self.war_turn(number) else {
            self.end_of_war(ev);
            return seat;
        };
        if !at.attack {
            return seat;
        }
        if at.place == 0 || self.house.attack_order.is_empty() {
            self.order_attack_round();
        }
        self.house.attack_order.seat(at.place).expect("a place for each player")
    }

    /// R57: works out the attack round's order from the scores now: lowest first, ties in
    /// seat order.
    pub(crate) fn order_attack_round(&mut self) {
        let mut seats: [Seat; MAX_PLAYERS] = [Seat(0); MAX_PLAYERS];
        for (k, s) in self.seats().enumerate() {
            seats[k] = s;
        }
        let seats = &mut seats[..self.config.players as usize];
        seats.sort_by_key(|&s| (self.war_score(s), s.0));
        self.house.attack_order = AttackOrder::of(seats);
    }

    /// R57: after the last round the most points win; tied players share the win.
    fn end_of_war(&mut self, ev: &mut impl EventSink) {
        let best = self.seats().map(|s| self.victory_points(s)).max().unwrap_or(0);
        let mut won = SeatSet::default();
        for s in self.seats().filter(|&s| self.victory_points(s) == best) {
            won = won.with(s);
            ev.push(Event::Won { seat: s, points: best });
        }
        let winner = won.iter().next().expect("a player");
        self.phase = Phase::Over { winner, shared: won.without(winner) };
    }
}
