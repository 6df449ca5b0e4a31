//! The one legality check: [`Game::apply`] runs it before changing anything, and tests hold the
//! fast move generator of `legal.rs` to it.

use super::action::{Action, Answer, Piece, RuleError, Seat, SeatSet};
use super::cards::{DevCard, Hand};
use super::coords::{Edge, Hex, Vertex};
use super::game::{Game, Phase, ROADS};

impl Game {
    /// True when `action` is legal now.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Says why `action` is illegal now, or `Ok(())`.
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        self.ensure_running()?;
        let s = self.to_act();
        let p = &self.players[s.index()];
        match (action, self.phase) {
            (Action::BuildSettlement(v), Phase::Setup { settlement: None, .. }) => self.check_site(v),
            (Action::BuildRoad(e), Phase::Setup { settlement: Some(v), .. }) => {
                self.check_edge(e)?;
                if self.topology().vertex_edge_mask(v) & e.bit() == 0 {
                    return Err(RuleError::SetupRoadAway);
                }
                Ok(())
            }
            (Action::BuildSettlement(_) | Action::BuildRoad(_), Phase::Setup { .. }) => {
                Err(RuleError::NotNow("in set-up, place a settlement and then a road"))
            }
            (Action::RollDice, Phase::Roll) => Ok(()),
            (Action::RollDice, _) => Err(RuleError::NotNow("the dice are rolled once, at the start of a turn")),
            (_, Phase::Roll) if !is_dev_play(action) => Err(RuleError::NotNow("roll the dice first")),
            (Action::BuildRoad(e), Phase::Main) => {
                self.check_afford(s, "a road", Hand::ROAD)?;
                self.check_pieces(s, Piece::Road)?;
                self.check_road(s, e)
            }
            (Action::BuildRoad(e), Phase::RoadBuilding { .. }) => self.check_road(s, e),
            (Action::BuildSettlement(v), Phase::Main) => {
                self.check_afford(s, "a settlement", Hand::SETTLEMENT)?;
                self.check_pieces(s, Piece::Settlement)?;
                self.check_site(v)?;
                if self.road_vertices(s) & v.bit() == 0 {
                    return Err(RuleError::SettlementNotConnected);
                }
                Ok(())
            }
            (Action::BuildCity(v), Phase::Main) => {
                self.check_vertex(v)?;
                if !p.settlements.has(v.0) {
                    return Err(RuleError::NotYourSettlement);
                }
                self.check_afford(s, "a city", Hand::CITY)?;
                self.check_pieces(s, Piece::City)
            }
            (Action::BuyDevCard, Phase::Main) => {
                if self.deck.is_empty() {
                    return Err(RuleError::DeckEmpty);
                }
                self.check_afford(s, "a development card", Hand::DEVELOPMENT)
            }
            (a, Phase::Roll | Phase::Main) if is_dev_play(a) => self.check_dev_play(s, a),
            (Action::MaritimeTrade { give, get, rate }, Phase::Main) => {
                self.check_trading()?;
                if give == get {
                    return Err(RuleError::SameResource);
                }
                if !self.maritime_rates(s, give).contains(&Some(rate)) {
                    return Err(RuleError::BadRate(give, self.maritime_rate(s, give)));
                }
                if p.hand[give] < rate {
                    return Err(RuleError::LacksCards(s));
                }
                if self.bank[get] == 0 {
                    return Err(RuleError::BankLacks(get));
                }
                Ok(())
            }
            (Action::OfferTrade { give, get, to }, Phase::Main) => {
                self.check_trading()?;
                check_terms(&give, &get)?;
                let others = SeatSet::all(self.num_players()).without(s);
                if to.is_empty() || to.0 & !others.0 != 0 {
                    return Err(RuleError::NoTradePartner);
                }
                if !p.hand.contains(&give) {
                    return Err(RuleError::LacksCards(s));
                }
                Ok(())
            }
            (Action::EndTurn, Phase::Main) => Ok(()),
            (Action::Discard(r), Phase::Discard { .. }) => {
                if p.hand[r] == 0 {
                    Err(RuleError::NoCard(r))
                } else {
                    Ok(())
                }
            }
            (Action::MoveRobber { hex, victim }, Phase::Robber) => self.check_robber(s, hex, victim),
            (Action::AcceptTrade | Action::DeclineTrade | Action::CounterTrade { .. }, Phase::Trade { get, .. })
                if s != self.turn.seat =>
            {
                match action {
                    Action::AcceptTrade if !p.hand.contains(&get) => Err(RuleError::LacksCards(s)),
                    Action::CounterTrade { give, get } => {
                        check_terms(&give, &get)?;
                        if !p.hand.contains(&get) {
                            return Err(RuleError::LacksCards(s));
                        }
                        if !self.players[self.turn.seat.index()].hand.contains(&give) {
                            return Err(RuleError::LacksCards(self.turn.seat));
                        }
                        Ok(())
                    }
                    _ => Ok(()),
                }
            }
            (Action::ConfirmTrade(o), Phase::Trade { give, get, answers }) if s == self.turn.seat => {
                let (give, get) = match answers.get(o.index()).copied() {
                    Some(Answer::Accept) => (give, get),
                    Some(Answer::Counter { give, get }) => (give, get),
                    _ => return Err(RuleError::NotAccepted(o)),
                };
                if !p.hand.contains(&give) {
                    return Err(RuleError::LacksCards(s));
                }
                if !self.players[o.index()].hand.contains(&get) {
                    return Err(RuleError::LacksCards(o));
                }
                Ok(())
            }
            (Action::CancelTrade, Phase::Trade { .. }) if s == self.turn.seat => Ok(()),
            (_, phase) => Err(RuleError::NotNow(waiting_for(phase))),
        }
    }

    fn check_trading(&self) -> Result<(), RuleError> {
        if self.config.strict_phases && self.turn.built {
            return Err(RuleError::TradeAfterBuild);
        }
        Ok(())
    }

    fn check_dev_play(&self, s: Seat, a: Action) -> Result<(), RuleError> {
        let card = match a {
            Action::PlayKnight => DevCard::Knight,
            Action::PlayRoadBuilding => DevCard::RoadBuilding,
            Action::PlayYearOfPlenty(..) => DevCard::YearOfPlenty,
            _ => DevCard::Monopoly,
        };
        if self.turn.dev_played {
            return Err(RuleError::CardAlreadyPlayed);
        }
        let held = self.players[s.index()].dev[card];
        if held == 0 {
            return Err(RuleError::NoSuchCard(card));
        }
        if held <= self.turn.bought[card] {
            return Err(RuleError::BoughtThisTurn(card));
        }
        match a {
            Action::PlayRoadBuilding
                if self.players[s.index()].roads.len() >= ROADS || self.road_candidates(s) == 0 =>
            {
                return Err(RuleError::NoRoadPlace);
            }
            Action::PlayYearOfPlenty(x, y) => {
                let bank = self.bank;
                if bank[x] == 0 {
                    return Err(RuleError::BankLacks(x));
                }
                match y {
                    None if bank.total() != 1 => return Err(RuleError::TakeTwo),
                    Some(_) if bank.total() == 1 => return Err(RuleError::BankHoldsOne),
                    Some(y) if bank[y] < 1 + (x == y) as u8 => return Err(RuleError::BankLacks(y)),
                    _ => {}
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn check_robber(&self, s: Seat, hex: Hex, victim: Option<Seat>) -> Result<(), RuleError> {
        if hex.index() >= self.topology().num_hexes() {
            return Err(RuleError::OffBoard("hex", hex.0));
        }
        if self.robber_target_mask() >> hex.0 & 1 == 0 {
            return Err(if hex == self.board.robber() { RuleError::RobberMustMove } else { RuleError::FriendlyRobber });
        }
        let victims = self.robbable(s, hex);
        match victim {
            None if !victims.is_empty() => Err(RuleError::MustChooseVictim),
            Some(v) if v.index() >= self.num_players() || !victims.contains(v) => Err(RuleError::BadVictim(v)),
            _ => Ok(()),
        }
    }

    fn check_afford(&self, s: Seat, what: &'static str, cost: Hand) -> Result<(), RuleError> {
        if self.players[s.index()].hand.contains(&cost) { Ok(()) } else { Err(RuleError::CannotAfford { what, cost }) }
    }

    fn check_pieces(&self, s: Seat, piece: Piece) -> Result<(), RuleError> {
        let (roads, settlements, cities) = self.pieces_left(s);
        let left = match piece {
            Piece::Road => roads,
            Piece::Settlement => settlements,
            Piece::City => cities,
        };
        if left == 0 { Err(RuleError::NoPiecesLeft(piece)) } else { Ok(()) }
    }

    fn check_vertex(&self, v: Vertex) -> Result<(), RuleError> {
        if v.index() >= self.topology().num_vertices() { Err(RuleError::OffBoard("intersection", v.0)) } else { Ok(()) }
    }

    fn check_edge(&self, e: Edge) -> Result<(), RuleError> {
        if e.index() >= self.topology().num_edges() {
            return Err(RuleError::OffBoard("path", e.0));
        }
        if self.occupied_edges() & e.bit() != 0 {
            return Err(RuleError::EdgeTaken);
        }
        Ok(())
    }

    /// An empty intersection obeying the distance rule (R24).
    fn check_site(&self, v: Vertex) -> Result<(), RuleError> {
        self.check_vertex(v)?;
        let occupied = self.occupied_vertices();
        if occupied & v.bit() != 0 {
            return Err(RuleError::VertexTaken);
        }
        if occupied & self.topology().vertex_neighbor_mask(v) != 0 {
            return Err(RuleError::DistanceRule);
        }
        Ok(())
    }

    /// An empty path touching the player's building, or road at a corner free of opponents (R26).
    fn check_road(&self, s: Seat, e: Edge) -> Result<(), RuleError> {
        self.check_edge(e)?;
        if self.road_candidates(s) & e.bit() == 0 {
            return Err(RuleError::RoadNotConnected);
        }
        Ok(())
    }

    pub(crate) fn vertex_mask(&self) -> u128 {
        let n = self.topology().num_vertices();
        if n == 128 { u128::MAX } else { (1 << n) - 1 }
    }

    /// Intersections that are taken or next to a building (R24).
    #[inline]
    pub(crate) fn blocked_vertices(&self) -> u128 {
        self.pieces.blocked
    }

    /// Intersections at an end of one of the player's roads.
    #[inline]
    pub(crate) fn road_vertices(&self, s: Seat) -> u128 {
        self.pieces.road_ends[s.index()]
    }

    /// Empty paths where the player may build a road (R26).
    #[inline]
    pub(crate) fn road_candidates(&self, s: Seat) -> u128 {
        self.pieces.frontier[s.index()] & !self.pieces.roads
    }
}

fn is_dev_play(a: Action) -> bool {
    matches!(a, Action::PlayKnight | Action::PlayRoadBuilding | Action::PlayYearOfPlenty(..) | Action::PlayMonopoly(_))
}

/// Both sides give something, and no resource is on both sides (R21).
fn check_terms(give: &Hand, get: &Hand) -> Result<(), RuleError> {
    if give.is_empty() || get.is_empty() {
        return Err(RuleError::EmptyTradeSide);
    }
    if give.overlaps(get) {
        return Err(RuleError::SameResourceBothSides);
    }
    Ok(())
}

fn waiting_for(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup { .. } => "set-up placement comes first",
        Phase::Roll => "roll the dice first",
        Phase::Main => "that isn't an action of this moment",
        Phase::Discard { .. } => "players must discard first",
        Phase::Robber => "move the robber first",
        Phase::RoadBuilding { .. } => "place the free roads first",
        Phase::Trade { .. } => "a trade offer is open",
        Phase::Over { .. } => "the game is over",
    }
}
