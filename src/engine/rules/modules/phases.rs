//! R57 `phases` (with attacks): a build phase of N rounds, then an attack phase of N rounds (N
//! the number of players), rounds counted from the first turn after set-up, a turn a step (a
//! paired turn, R40a, one step). Attacks only in the attack phase. Each attack round goes from
//! the lowest score to the highest (public points plus units on the board; ties in seat order),
//! worked out as the round starts and kept in [`House::attack_order`](super::House). A 7 in the
//! attack phase produces nothing: no robber, no discards, no R45 choice. When the last round
//! ends, the most points win and players tied share the win; reaching the target earlier still
//! wins at once (R38).

use crate::engine::action::{Event, MAX_PLAYERS, Seat, SeatSet};
use crate::engine::config::Module;
use crate::engine::game::{Game, Phase};
use crate::engine::sink::EventSink;

impl Game {
    /// R57: the round in progress from 0 and whether it is of the attack phase (`None` without
    /// phases or in set-up).
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
        if !self.attack_phase() || self.house.attack_order == 0 {
            return None;
        }
        let order = self.house.attack_order;
        Some((0..self.config.players as u32).map(|i| Seat(((order >> (4 * i)) & 0xF) as u8 - 1)).collect())
    }

    /// R57: who plays turn `number` when phases change it (`seat` otherwise); the game ends
    /// after the last round. Called as each turn starts. One test of the module bit.
    #[inline(always)]
    pub(in crate::engine::rules) fn phase_turn(&mut self, number: u32, seat: Seat, ev: &mut impl EventSink) -> Seat {
        if self.config.modules.has(Module::Phases) { self.phase_turn_now(number, seat, ev) } else { seat }
    }

    #[inline(never)]
    fn phase_turn_now(&mut self, number: u32, seat: Seat, ev: &mut impl EventSink) -> Seat {
        let n = self.config.players as u32;
        let (round, i) = ((number - 1) / n, (number - 1) % n);
        if round >= 2 * n {
            self.end_of_war(ev);
            return seat;
        }
        if round < n {
            return seat;
        }
        if i == 0 || self.house.attack_order == 0 {
            self.order_attack_round();
        }
        Seat(((self.house.attack_order >> (4 * i)) & 0xF) as u8 - 1)
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
        self.house.attack_order = seats.iter().enumerate().fold(0, |o, (k, s)| o | (s.0 as u32 + 1) << (4 * k));
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
