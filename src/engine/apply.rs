//! Playing an action: `apply` checks it with the same `check` that filters `legal_actions`,
//! then one private function per action changes the state.

use rand::Rng;

use super::action::{Action, Answer, Event, MAX_PLAYERS, Piece, RuleError, Seat};
use super::cards::{DevCard, Hand, Resource};
use super::config::Shortage;
use super::coords::{Edge, Hex, Vertex};
use super::game::{Game, Phase, ROADS, Turn};
use super::sink::EventSink;

impl Game {
    /// Plays `action` for the player who must act. On error the game is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// Like [`Game::apply`], appending the events to a buffer.
    pub fn apply_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.check(action)?;
        self.play_unchecked(action, events);
        Ok(())
    }

    /// Plays an action taken from [`Game::legal_actions`] without checking it again (debug
    /// builds still do): for bots and simulations. An illegal action here may corrupt the game.
    /// Pass [`NoEvents`](super::NoEvents) when nobody reads the events.
    pub fn apply_unchecked(&mut self, action: Action, events: &mut impl EventSink) {
        debug_assert_eq!(self.check(action), Ok(()), "apply_unchecked with an illegal action");
        self.play_unchecked(action, events);
    }

    /// Plays an action already known to be legal.
    fn play_unchecked(&mut self, action: Action, ev: &mut impl EventSink) {
        let s = self.to_act();
        match action {
            Action::BuildSettlement(v) => self.build_settlement(s, v, ev),
            Action::BuildCity(v) => self.build_city(s, v, ev),
            Action::BuildRoad(e) => self.build_road(s, e, ev),
            Action::RollDice => self.roll(s, ev),
            Action::Discard(r) => self.discard(s, r, ev),
            Action::MoveRobber { hex, victim } => self.move_robber(s, hex, victim, ev),
            Action::BuyDevCard => self.buy_dev_card(s, ev),
            Action::PlayKnight => {
                self.use_card(s, DevCard::Knight, ev);
                self.players[s.index()].knights += 1;
                self.award_largest_army(s, ev);
                self.phase = Phase::Robber;
            }
            Action::PlayRoadBuilding => {
                self.use_card(s, DevCard::RoadBuilding, ev);
                self.phase = Phase::RoadBuilding { left: 2 };
            }
            Action::PlayYearOfPlenty(a, b) => {
                self.use_card(s, DevCard::YearOfPlenty, ev);
                let mut cards = Hand::of(a, 1);
                if let Some(b) = b {
                    cards[b] += 1;
                }
                self.pay_out(s, cards);
                ev.push(Event::TookFromBank { seat: s, cards });
            }
            Action::PlayMonopoly(r) => {
                self.use_card(s, DevCard::Monopoly, ev);
                for o in self.seats().filter(|&o| o != s) {
                    let count = self.players[o.index()].hand[r];
                    if count > 0 {
                        self.players[o.index()].hand[r] = 0;
                        self.players[s.index()].hand[r] += count;
                        ev.push(Event::Monopolized { seat: s, from: o, resource: r, count });
                    }
                }
            }
            Action::MaritimeTrade { give, get, rate } => {
                let (gave, got) = (Hand::of(give, rate), Hand::of(get, 1));
                self.pay_in(s, gave);
                self.pay_out(s, got);
                ev.push(Event::MaritimeTraded { seat: s, gave, got });
            }
            Action::OfferTrade { give, get, to } => {
                let answers =
                    std::array::from_fn(
                        |i| {
                            if to.contains(Seat(i as u8)) { Answer::Pending } else { Answer::NotAsked }
                        },
                    );
                self.phase = Phase::Trade { give, get, answers };
                ev.push(Event::TradeOffered { seat: s, give, get, to });
            }
            Action::AcceptTrade | Action::DeclineTrade | Action::CounterTrade { .. } => {
                let answer = match action {
                    Action::AcceptTrade => Answer::Accept,
                    Action::CounterTrade { give, get } => Answer::Counter { give, get },
                    _ => Answer::Decline,
                };
                if let Phase::Trade { answers, .. } = &mut self.phase {
                    answers[s.index()] = answer;
                }
                ev.push(Event::TradeAnswered { seat: s, answer });
            }
            Action::ConfirmTrade(o) => {
                let (give, get) = match self.phase {
                    Phase::Trade { answers, give, get } => match answers[o.index()] {
                        Answer::Counter { give, get } => (give, get),
                        _ => (give, get),
                    },
                    _ => unreachable!("checked: a trade is open"),
                };
                let (me, them) = (s.index(), o.index());
                self.players[me].hand.sub(&give);
                self.players[them].hand.add(&give);
                self.players[them].hand.sub(&get);
                self.players[me].hand.add(&get);
                self.phase = Phase::Main;
                ev.push(Event::Traded { seat: s, partner: o, gave: give, got: get });
            }
            Action::CancelTrade => {
                self.phase = Phase::Main;
                ev.push(Event::TradeCancelled { seat: s });
            }
            Action::EndTurn => self.end_turn(ev),
        }
        // Points change only with buildings, cards bought, awards and a new turn (R38).
        if matches!(
            action,
            Action::BuildSettlement(_)
                | Action::BuildCity(_)
                | Action::BuildRoad(_)
                | Action::BuyDevCard
                | Action::PlayKnight
                | Action::EndTurn
        ) {
            self.check_win(ev);
        }
    }

    /// R38: the player whose turn it is wins on reaching the target; that covers a player who
    /// got there during another's turn, checked as their own turn starts.
    fn check_win(&mut self, ev: &mut impl EventSink) {
        if matches!(self.phase, Phase::Setup { .. } | Phase::Over { .. }) {
            return;
        }
        let t = self.turn.seat;
        let points = self.victory_points(t);
        if points >= self.config.target {
            self.phase = Phase::Over { winner: t };
            ev.push(Event::Won { seat: t, points });
        }
    }

    fn pay_in(&mut self, s: Seat, cards: Hand) {
        self.players[s.index()].hand.sub(&cards);
        self.bank.add(&cards);
    }

    fn pay_out(&mut self, s: Seat, cards: Hand) {
        self.bank.sub(&cards);
        self.players[s.index()].hand.add(&cards);
    }

    fn use_card(&mut self, s: Seat, card: DevCard, ev: &mut impl EventSink) {
        self.players[s.index()].dev[card] -= 1;
        self.turn.dev_played = true;
        ev.push(Event::PlayedDevCard { seat: s, card });
    }

    /// After the robber or free roads: back to rolling, or to the rest of the turn.
    fn resume(&mut self) {
        self.phase = if self.turn.rolled { Phase::Main } else { Phase::Roll };
    }

    fn build_settlement(&mut self, s: Seat, v: Vertex, ev: &mut impl EventSink) {
        let mut setup_cards = None;
        if let Phase::Setup { round, index, .. } = self.phase {
            self.phase = Phase::Setup { round, index, settlement: Some(v) };
            if round == 1 {
                let mut cards = Hand::EMPTY;
                for &h in self.topology().vertex_hexes(v) {
                    if let Some(r) = self.board.terrain(h).resource() {
                        cards[r] += 1;
                    }
                }
                self.pay_out(s, cards);
                setup_cards = Some(cards);
            }
        } else {
            self.pay_in(s, Hand::SETTLEMENT);
            self.turn.built = true;
        }
        ev.push(Event::Built { seat: s, piece: Piece::Settlement, at: v.0 });
        // R12: the second set-up settlement earns its cards once it stands, as on the table.
        if let Some(cards) = setup_cards {
            ev.push(Event::SetupResources { seat: s, cards });
        }
        self.players[s.index()].settlements.insert(v.0);
        self.players[s.index()].harbors |= self.harbors_of(v.bit());
        let topo = self.topology();
        let through = topo.vertex_edge_mask(v);
        self.pieces.buildings |= v.bit();
        self.pieces.blocked |= v.bit() | topo.vertex_neighbor_mask(v);
        self.pieces.frontier[s.index()] |= through;
        self.pieces.hexes[s.index()] |= topo.vertex_hex_mask(v);
        // A new building splits an opponent's road that passes through it (R35): one that
        // only ends there keeps its length. Either way their network no longer reaches past it.
        let mut split = false;
        for o in self.seats() {
            if o == s || self.pieces.road_ends[o.index()] & v.bit() == 0 {
                continue;
            }
            self.pieces.frontier[o.index()] = self.frontier_of(o);
            if (self.players[o.index()].roads.0 & through).count_ones() >= 2 {
                self.measure_road(o);
                split = true;
            }
        }
        if split {
            self.award_longest_road(ev);
        }
    }

    fn build_city(&mut self, s: Seat, v: Vertex, ev: &mut impl EventSink) {
        self.pay_in(s, Hand::CITY);
        self.turn.built = true;
        let p = &mut self.players[s.index()];
        p.settlements.remove(v.0);
        p.cities.insert(v.0);
        ev.push(Event::Built { seat: s, piece: Piece::City, at: v.0 });
    }

    fn build_road(&mut self, s: Seat, e: Edge, ev: &mut impl EventSink) {
        let mut first_turn = false;
        match self.phase {
            Phase::Setup { round, index, .. } => {
                let next = index + 1;
                self.phase = if (next as usize) < self.num_players() {
                    Phase::Setup { round, index: next, settlement: None }
                } else if round == 0 {
                    Phase::Setup { round: 1, index: 0, settlement: None }
                } else {
                    self.turn = Turn { seat: self.first, number: 1, ..Turn::default() };
                    first_turn = true;
                    Phase::Roll
                };
            }
            Phase::RoadBuilding { left } => {
                // Free roads are still building: under strict phases trading is over (R13).
                self.phase = Phase::RoadBuilding { left: left - 1 };
                self.turn.built = true;
            }
            _ => {
                self.pay_in(s, Hand::ROAD);
                self.turn.built = true;
            }
        }
        self.players[s.index()].roads.insert(e.0);
        let topo = self.topology();
        let p = &self.players[s.index()];
        let opponents = self.pieces.buildings & !(p.settlements.0 | p.cities.0);
        for w in topo.edge_vertices(e) {
            self.pieces.road_ends[s.index()] |= w.bit();
            if opponents & w.bit() == 0 {
                self.pieces.frontier[s.index()] |= topo.vertex_edge_mask(w);
            }
        }
        self.pieces.roads |= e.bit();
        ev.push(Event::Built { seat: s, piece: Piece::Road, at: e.0 });
        // The last set-up road comes before the first turn, in the events as on the table.
        if first_turn {
            ev.push(Event::TurnStarted { seat: self.first, number: 1 });
        }
        self.extend_road(s, e);
        self.award_longest_road(ev);
        if let Phase::RoadBuilding { left } = self.phase {
            let p = &self.players[s.index()];
            if left == 0 || p.roads.len() >= ROADS || self.road_candidates(s) == 0 {
                self.resume();
            }
        }
    }

    fn roll(&mut self, s: Seat, ev: &mut impl EventSink) {
        let dice = [self.rng.die(), self.rng.die()];
        self.turn.rolled = true;
        self.turn.dice = Some(dice);
        ev.push(Event::DiceRolled { seat: s, dice });
        let total = dice[0] + dice[1];
        if total != 7 {
            self.produce(total, ev);
            self.phase = Phase::Main;
            return;
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

    /// R15, R16: pays each building on the hexes showing `total`.
    fn produce(&mut self, total: u8, ev: &mut impl EventSink) {
        let topo = self.topology();
        let n = self.num_players();
        let mut owed = [Hand::EMPTY; MAX_PLAYERS];
        let mut want = Hand::EMPTY;
        let mut hexes = self.board.token_mask(total) & !(1 << self.board.robber().0);
        while hexes != 0 {
            let h = Hex(hexes.trailing_zeros() as u8);
            hexes &= hexes - 1;
            let Some(r) = self.board.terrain(h).resource() else { continue };
            let corners = topo.hex_vertex_mask(h);
            if self.pieces.buildings & corners == 0 {
                continue;
            }
            for (owes, p) in owed.iter_mut().zip(&self.players[..n]) {
                if (p.settlements.0 | p.cities.0) & corners == 0 {
                    continue;
                }
                let got = (p.settlements.0 & corners).count_ones() + 2 * (p.cities.0 & corners).count_ones();
                owes[r] += got as u8;
                want[r] += got as u8;
            }
        }
        if want.is_empty() {
            return;
        }
        let mut paid = owed;
        if !self.bank.contains(&want) {
            for r in Resource::ALL.into_iter().filter(|&r| want[r] > self.bank[r]) {
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
                ev.push(Event::Produced { seat: o, cards });
            }
        }
    }

    fn discard(&mut self, s: Seat, r: Resource, ev: &mut impl EventSink) {
        self.pay_in(s, Hand::of(r, 1));
        ev.push(Event::Discarded { seat: s, resource: r });
        if let Phase::Discard { remaining } = &mut self.phase {
            remaining[s.index()] -= 1;
            if remaining.iter().all(|&n| n == 0) {
                self.phase = Phase::Robber;
            }
        }
    }

    fn move_robber(&mut self, s: Seat, hex: Hex, victim: Option<Seat>, ev: &mut impl EventSink) {
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

    fn buy_dev_card(&mut self, s: Seat, ev: &mut impl EventSink) {
        self.pay_in(s, Hand::DEVELOPMENT);
        self.turn.built = true;
        let card = self.deck.draw().expect("checked: the deck is not empty");
        self.players[s.index()].dev[card] += 1;
        self.turn.bought[card] += 1;
        ev.push(Event::BoughtDevCard { seat: s, card });
    }

    fn end_turn(&mut self, ev: &mut impl EventSink) {
        let n = self.config.players;
        let next = self.turn.seat.0 + 1;
        let seat = Seat(if next == n { 0 } else { next });
        let number = self.turn.number + 1;
        self.turn = Turn { seat, number, ..Turn::default() };
        self.phase = Phase::Roll;
        ev.push(Event::TurnStarted { seat, number });
    }
}
