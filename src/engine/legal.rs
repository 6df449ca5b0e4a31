//! The move generator: every legal action of the player who must act, built directly from bit
//! sets so that it is fast. It must agree with [`Game::check`]; [`Game::reference_actions`]
//! (every conceivable action filtered by `check`) is the oracle the tests compare it with.

use super::action::{Action, Answer, MAX_PLAYERS, Seat};
use super::bits::Bits;
use super::cards::{DevCard, Hand, Resource};
use super::coords::{Edge, Hex, Vertex};
use super::game::{CITIES, Game, Phase, ROADS, SETTLEMENTS};
use super::sink::ActionSink;

impl Game {
    /// All legal actions of the player who must act now, except domestic trade offers and
    /// counter-offers, whose terms are open-ended: test those with [`Game::check`].
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Like [`Game::legal_actions`], into a buffer (cleared first): a reused `Vec`, or an
    /// [`ActionList`](super::ActionList), which is faster.
    pub fn legal_actions_into(&self, out: &mut impl ActionSink) {
        out.fill(self);
    }

    /// Appends the legal actions to `out`.
    #[inline(always)]
    pub(crate) fn push_legal_actions(&self, out: &mut impl ActionSink) {
        let s = self.to_act();
        let p = &self.players[s.index()];
        match self.phase {
            Phase::Over { .. } => {}
            Phase::Setup { settlement: None, .. } => {
                let free = !self.blocked_vertices() & self.vertex_mask();
                out.push_all(Bits(free).iter().map(|v| Action::BuildSettlement(Vertex(v))));
            }
            Phase::Setup { settlement: Some(v), .. } => {
                let free = self.topology().vertex_edge_mask(v) & !self.occupied_edges();
                out.push_all(Bits(free).iter().map(|e| Action::BuildRoad(Edge(e))));
            }
            Phase::Roll => {
                out.push(Action::RollDice);
                self.push_card_plays(s, out);
            }
            Phase::Main => {
                out.push(Action::EndTurn);
                if p.hand.contains(&Hand::ROAD) && p.roads.len() < ROADS {
                    out.push_all(Bits(self.road_candidates(s)).iter().map(|e| Action::BuildRoad(Edge(e))));
                }
                if p.hand.contains(&Hand::SETTLEMENT) && p.settlements.len() < SETTLEMENTS {
                    let vs = self.road_vertices(s) & !self.blocked_vertices();
                    out.push_all(Bits(vs).iter().map(|v| Action::BuildSettlement(Vertex(v))));
                }
                if p.hand.contains(&Hand::CITY) && p.cities.len() < CITIES {
                    out.push_all(p.settlements.iter().map(|v| Action::BuildCity(Vertex(v))));
                }
                if p.hand.contains(&Hand::DEVELOPMENT) && !self.deck.is_empty() {
                    out.push(Action::BuyDevCard);
                }
                self.push_card_plays(s, out);
                if !(self.config.strict_phases && self.turn.built) {
                    self.push_maritime(s, out);
                }
            }
            Phase::Discard { .. } => out.push_all(p.hand.resources().map(Action::Discard)),
            Phase::Robber => self.push_robber_moves(s, out),
            Phase::RoadBuilding { .. } => {
                out.push_all(Bits(self.road_candidates(s)).iter().map(|e| Action::BuildRoad(Edge(e))));
            }
            Phase::Trade { give, get, answers } => {
                if s == self.turn.seat {
                    out.push(Action::CancelTrade);
                    for o in self.seats() {
                        let (g, t) = match answers[o.index()] {
                            Answer::Accept => (give, get),
                            Answer::Counter { give, get } => (give, get),
                            _ => continue,
                        };
                        if p.hand.contains(&g) && self.players[o.index()].hand.contains(&t) {
                            out.push(Action::ConfirmTrade(o));
                        }
                    }
                } else {
                    if p.hand.contains(&get) {
                        out.push(Action::AcceptTrade);
                    }
                    out.push(Action::DeclineTrade);
                }
            }
        }
    }

    /// Every robber move (R18, R19, R39): the rare phase, kept out of line so that the common
    /// ones stay small.
    #[inline(never)]
    fn push_robber_moves(&self, s: Seat, out: &mut impl ActionSink) {
        // Who could be robbed anywhere (R19, R39), with the hexes beside their buildings.
        let mut victims = [(Seat(0), 0u32); MAX_PLAYERS];
        let mut count = 0;
        for o in self.seats() {
            if self.robbable_anywhere(s, o) {
                victims[count] = (o, self.pieces.hexes[o.index()]);
                count += 1;
            }
        }
        let victims = &victims[..count];
        let near = victims.iter().fold(0, |m, &(_, hexes)| m | hexes);
        // Whether a hex has a victim, and which, is a coin toss for the branch predictor: every
        // candidate is written and kept or not.
        let mut left = self.robber_target_mask();
        while left != 0 {
            let h = left.trailing_zeros();
            left &= left - 1;
            let hex = Hex(h as u8);
            out.push_if(Action::MoveRobber { hex, victim: None }, near >> h & 1 == 0);
            for &(o, hexes) in victims {
                out.push_if(Action::MoveRobber { hex, victim: Some(o) }, hexes >> h & 1 == 1);
            }
        }
    }

    /// Development cards the player may play now (R14, R30-R33).
    #[inline(always)]
    fn push_card_plays(&self, s: Seat, out: &mut impl ActionSink) {
        let d = self.players[s.index()].dev.0;
        // Usually a card was played, or the player holds only victory points or nothing.
        if !self.turn.dev_played && d[0] | d[2] | d[3] | d[4] != 0 {
            self.push_playable_cards(s, out);
        }
    }

    #[inline(never)]
    fn push_playable_cards(&self, s: Seat, out: &mut impl ActionSink) {
        let p = &self.players[s.index()];
        let playable = |c: DevCard| p.dev[c] > self.turn.bought[c];
        if playable(DevCard::Knight) {
            out.push(Action::PlayKnight);
        }
        if playable(DevCard::RoadBuilding) && p.roads.len() < ROADS && self.road_candidates(s) != 0 {
            out.push(Action::PlayRoadBuilding);
        }
        if playable(DevCard::YearOfPlenty) {
            let bank = self.bank;
            if bank.total() == 1 {
                out.push_all(bank.resources().map(|r| Action::PlayYearOfPlenty(r, None)));
            } else {
                // Both orders of a pair are the same move; both are legal, so both are listed.
                for a in Resource::ALL {
                    for b in Resource::ALL {
                        if bank[a] > 0 && bank[b] > (a == b) as u8 {
                            out.push(Action::PlayYearOfPlenty(a, Some(b)));
                        }
                    }
                }
            }
        }
        if playable(DevCard::Monopoly) {
            out.push_all(Resource::ALL.map(Action::PlayMonopoly));
        }
    }

    /// Trades with the bank at every rate the player has (R22).
    fn push_maritime(&self, s: Seat, out: &mut impl ActionSink) {
        let hand = self.players[s.index()].hand;
        let (generic, special) = self.harbor_access(s);
        // Four bits per resource given, one per rate it may go at (bit 0: 4:1, 1: 3:1, 2: 2:1),
        // worked out without a branch: which rates a hand allows is a coin toss for the
        // predictor, and walking the set bits afterwards costs one miss, not one per test.
        let mut offers = 0u32;
        for (i, &n) in hand.0.iter().enumerate() {
            let harbor = special >> i & 1 == 1;
            let rates = (n >= 4) as u32 | ((generic & (n >= 3)) as u32) << 1 | ((harbor & (n >= 2)) as u32) << 2;
            offers |= rates << (4 * i);
        }
        if offers == 0 {
            return; // the usual hand: nothing to trade at any rate
        }
        let stocked = self.bank.0.iter().enumerate().fold(0u32, |m, (i, &n)| m | ((n > 0) as u32) << i);
        while offers != 0 {
            let bit = offers.trailing_zeros();
            offers &= offers - 1;
            let give = (bit / 4) as usize;
            let rate = 4 - (bit % 4) as u8;
            let mut gets = stocked & !(1 << give);
            while gets != 0 {
                let get = gets.trailing_zeros() as usize;
                gets &= gets - 1;
                out.push(Action::MaritimeTrade { give: Resource::ALL[give], get: Resource::ALL[get], rate });
            }
        }
    }

    /// Every conceivable action of the moment (trade offers and counter-offers aside) filtered
    /// by [`Game::check`]: slow, but by construction in agreement with `apply`. Tests compare it
    /// with [`Game::legal_actions`].
    pub fn reference_actions(&self) -> Vec<Action> {
        let topo = self.topology();
        let mut all = vec![
            Action::RollDice,
            Action::BuyDevCard,
            Action::PlayKnight,
            Action::PlayRoadBuilding,
            Action::AcceptTrade,
            Action::DeclineTrade,
            Action::CancelTrade,
            Action::EndTurn,
        ];
        all.extend(topo.vertices().flat_map(|v| [Action::BuildSettlement(v), Action::BuildCity(v)]));
        all.extend(topo.edges().map(Action::BuildRoad));
        for h in 0..topo.num_hexes() as u8 {
            all.push(Action::MoveRobber { hex: Hex(h), victim: None });
            all.extend(self.seats().map(|v| Action::MoveRobber { hex: Hex(h), victim: Some(v) }));
        }
        all.extend(self.seats().map(Action::ConfirmTrade));
        for a in Resource::ALL {
            all.push(Action::Discard(a));
            all.push(Action::PlayMonopoly(a));
            all.push(Action::PlayYearOfPlenty(a, None));
            for b in Resource::ALL {
                all.push(Action::PlayYearOfPlenty(a, Some(b)));
                for rate in 1..=5 {
                    all.push(Action::MaritimeTrade { give: a, get: b, rate });
                }
            }
        }
        all.retain(|&a| self.check(a).is_ok());
        all
    }
}

#[cfg(test)]
mod tests {
    use crate::bots::SplitMix64;
    use crate::engine::{Config, Game};

    /// The fast generator and the check agree, like two move generators in a chess engine.
    #[test]
    fn generator_matches_reference_in_random_games() {
        for seed in 0..60 {
            let mut config = Config::with_players(2 + (seed % 3) as u8);
            config.friendly_robber = seed % 2 == 0;
            config.strict_phases = seed % 3 == 0;
            let mut game = Game::new(config, seed).unwrap();
            let mut rng = SplitMix64::new(seed);
            while !game.is_over() && game.turn_number() < 3000 {
                let mut fast = game.legal_actions();
                let mut slow = game.reference_actions();
                let key = |a: &crate::engine::Action| format!("{a:?}");
                fast.sort_by_key(key);
                slow.sort_by_key(key);
                assert_eq!(fast, slow, "seed {seed}, phase {:?}", game.phase());
                let a = fast[rng.below(fast.len())];
                game.apply(a).unwrap();
            }
        }
    }
}
