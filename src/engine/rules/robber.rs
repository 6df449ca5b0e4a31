//! The 7 and the robber: who must discard and what (R17), where the robber may go (R18, with
//! the friendly robber R39), and whom it may rob (R19).
//!
//! The generator and the check share [`Game::robber_target_set`] for the hexes, and
//! [`Game::robbable_anywhere`] with the hexes beside each player's buildings (`Pieces::hexes`)
//! for the victims; a discard is legal for any resource in hand ([`Game::can_discard`]).

use rand::Rng;

use crate::engine::action::{Action, Event, MAX_PLAYERS, RuleError, Seat, SeatSet};
use crate::engine::cards::{Hand, Resource};
use crate::engine::coords::Hex;
use crate::engine::game::{Game, Phase};
use crate::engine::sets::{HexSet, IntersectionSet};
use crate::engine::sink::{ActionSink, EventSink};
use crate::engine::terrain::Terrain;

/// The most robber moves a moment lists: each of the land hexes, robbing each of the other
/// players at most (a moment of its own, never beside the main phase's actions).
pub(crate) const MOST_ACTIONS: usize = crate::engine::map::MAX_HEXES * (MAX_PLAYERS - 1);

impl Game {
    /// Players (other than `mover`) the robber can rob on `hex` (R19, R39).
    pub fn robbable(&self, mover: Seat, hex: Hex) -> SeatSet {
        let mut set = SeatSet::default();
        for s in self.seats() {
            if self.pieces.hexes[s.index()].get().contains(hex) && self.robbable_anywhere(mover, s) {
                set = set.with(s);
            }
        }
        set
    }

    /// True when `mover` may rob `s` wherever `s` has a building: an opponent holding cards,
    /// with 3 or more public points under the friendly robber (R19, R39).
    pub(crate) fn robbable_anywhere(&self, mover: Seat, s: Seat) -> bool {
        s != mover
            && !self.players[s.index()].hand.is_empty()
            && (!self.config.friendly_robber || self.public_points(s) >= 3)
    }

    /// Hexes the robber may move to (R18, R39).
    pub fn robber_targets(&self) -> Vec<Hex> {
        self.robber_target_set().iter().collect()
    }

    /// [`Game::robber_targets`] as a set.
    pub(crate) fn robber_target_set(&self) -> HexSet {
        let topo = self.topology();
        let moved = HexSet::first(topo.num_hexes()).without(self.board.robber());
        if !self.config.friendly_robber {
            return moved;
        }
        // R39: spare hexes touching a player with fewer than 3 public points.
        let protected = self.players[..self.num_players()]
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.public_points(Seat(i as u8)) < 3)
            .fold(IntersectionSet::EMPTY, |m, (_, p)| m | p.settlements | p.cities);
        let allowed: HexSet = topo.hexes().filter(|&h| !topo.hex_vertex_set(h).intersects(protected)).collect();
        if allowed.intersects(moved) {
            return allowed & moved;
        }
        topo.hexes().filter(|&h| self.board.terrain(h) == Terrain::Desert).collect()
    }

    /// The player may discard a card of `r` (R17): they hold one.
    #[inline(always)]
    fn can_discard(&self, s: Seat, r: Resource) -> bool {
        self.players[s.index()].hand[r] > 0
    }

    /// One discard, of any resource the player holds (R17).
    #[inline(always)]
    pub(super) fn push_discards(&self, s: Seat, out: &mut impl ActionSink) {
        out.push_all(Resource::CARDS.into_iter().filter(|&r| self.can_discard(s, r)).map(Action::Discard));
    }

    /// Every robber move (R18, R19, R39): the rare phase, kept out of line so that the common
    /// ones stay small.
    #[inline(never)]
    pub(super) fn push_robber_moves(&self, s: Seat, out: &mut impl ActionSink) {
        // Who could be robbed anywhere (R19, R39), with the hexes beside their buildings.
        let mut victims = [(Seat(0), HexSet::EMPTY); MAX_PLAYERS];
        let mut count = 0;
        for o in self.seats() {
            if self.robbable_anywhere(s, o) {
                victims[count] = (o, self.pieces.hexes[o.index()].get());
                count += 1;
            }
        }
        let victims = &victims[..count];
        let near = victims.iter().fold(HexSet::EMPTY, |m, &(_, hexes)| m | hexes);
        // Whether a hex has a victim, and which, is a coin toss for the branch predictor: every
        // candidate is written and kept or not.
        for hex in self.robber_target_set() {
            out.push_if(Action::MoveRobber { hex, victim: None }, !near.contains(hex));
            for &(o, hexes) in victims {
                out.push_if(Action::MoveRobber { hex, victim: Some(o) }, hexes.contains(hex));
            }
        }
    }

    /// A discard of `r`.
    pub(super) fn check_discard(&self, s: Seat, r: Resource) -> Result<(), RuleError> {
        if self.can_discard(s, r) { Ok(()) } else { Err(RuleError::NoCard(r)) }
    }

    /// A robber move to `hex`, robbing `victim`: a target hex (R18, R39), and a victim exactly
    /// when someone there can be robbed (R19).
    pub(super) fn check_robber(&self, s: Seat, hex: Hex, victim: Option<Seat>) -> Result<(), RuleError> {
        if hex.index() >= self.topology().num_hexes() {
            return Err(RuleError::OffBoard("hex", hex.0));
        }
        if !self.robber_target_set().contains(hex) {
            return Err(if hex == self.board.robber() { RuleError::RobberMustMove } else { RuleError::FriendlyRobber });
        }
        let victims = self.robbable(s, hex);
        match victim {
            None if !victims.is_empty() => Err(RuleError::MustChooseVictim),
            Some(v) if v.index() >= self.num_players() || !victims.contains(v) => Err(RuleError::BadVictim(v)),
            _ => Ok(()),
        }
    }

    /// After a 7: everyone holding more than the limit must discard half (R17), in turn order;
    /// then the robber moves.
    pub(super) fn seven(&mut self, ev: &mut impl EventSink) {
        if self.no_robber() {
            return self.start_plenty();
        }
        let mut remaining = [0u8; MAX_PLAYERS];
        for o in self.in_turn_order() {
            let held = self.players[o.index()].hand.total();
            if held > self.config.discard_limit as u32 {
                let count = (held / 2) as u8;
                remaining[o.index()] = count;
                ev.push(Event::MustDiscard { seat: o, count });
            }
        }
        self.phase = if remaining.iter().any(|&n| n > 0) { Phase::Discard { remaining } } else { Phase::Robber };
    }

    /// One card back to the bank; the robber moves once every discard is made.
    pub(super) fn discard(&mut self, s: Seat, r: Resource, ev: &mut impl EventSink) {
        self.pay_in(s, Hand::of(r, 1));
        ev.push(Event::Discarded { seat: s, resource: r });
        if let Phase::Discard { remaining } = &mut self.phase {
            remaining[s.index()] -= 1;
            if remaining.iter().all(|&n| n == 0) {
                self.phase = Phase::Robber;
            }
        }
    }

    /// Moves the robber and steals a random card of the victim's (R19).
    pub(super) fn move_robber(&mut self, s: Seat, hex: Hex, victim: Option<Seat>, ev: &mut impl EventSink) {
        self.board.set_robber(hex);
        ev.push(Event::RobberMoved { seat: s, hex });
        if let Some(v) = victim {
            let hand = self.players[v.index()].hand;
            let pick = self.rng.random_range(0..hand.total());
            let resource = hand.nth_card(pick).expect("pick is below the hand size");
            self.players[v.index()].hand[resource] -= 1;
            self.players[s.index()].hand[resource] += 1;
            ev.push(Event::Stole { thief: s, victim: v, resource });
        }
        self.resume();
    }
}
