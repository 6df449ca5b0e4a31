//! Development cards: buying one (R28) and playing one (R14, R30-R33): the knight (R20, which
//! feeds Largest Army, R36), road building, year of plenty and monopoly.
//!
//! Buying is one predicate, [`Game::can_buy`]; playing is [`Game::card_playable`] (one card a
//! turn, not one bought this turn) and a predicate per card that needs one. The generator keeps
//! the actions those predicates accept, and the check reports the first they refuse.

use crate::engine::action::{Action, Event, RuleError, Seat};
use crate::engine::cards::{DevCard, Hand, Resource};
use crate::engine::game::{Game, Phase};
use crate::engine::sink::{ActionSink, EventSink};

/// The most card actions a moment lists: a card bought, and every card play (a knight, road
/// building, 25 ordered pairs of year of plenty, 5 monopolies).
pub(crate) const MOST_ACTIONS: usize = 1 + 1 + 1 + 25 + 5;

/// True for the actions that play a development card (allowed before the roll, R14).
pub(super) fn is_dev_play(a: Action) -> bool {
    matches!(a, Action::PlayKnight | Action::PlayRoadBuilding | Action::PlayYearOfPlenty(..) | Action::PlayMonopoly(_))
}

impl Game {
    /// The player may buy a development card: the deck has one and they can pay (R28).
    #[inline(always)]
    fn can_buy(&self, s: Seat) -> Result<(), RuleError> {
        if self.deck.is_empty() {
            return Err(RuleError::DeckEmpty);
        }
        let cost = self.config.costs.development;
        if !self.players[s.index()].hand.contains(&cost) {
            return Err(RuleError::CannotAfford { what: "a development card", cost });
        }
        Ok(())
    }

    /// The player may play a `card` now: none played yet this turn, and one held that was not
    /// bought this turn (R30).
    #[inline(always)]
    fn card_playable(&self, s: Seat, card: DevCard) -> Result<(), RuleError> {
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
        Ok(())
    }

    /// Year of plenty may take `x` and `y` (R32): two cards the bank has, or the one card it
    /// has left.
    #[inline(always)]
    fn year_of_plenty_ok(&self, x: Resource, y: Option<Resource>) -> Result<(), RuleError> {
        let bank = self.bank;
        // R42: gold is no resource to take, nor counted among the bank's resources.
        Game::refuse_gold(x, "year of plenty takes resources")?;
        if let Some(y) = y {
            Game::refuse_gold(y, "year of plenty takes resources")?;
        }
        let resources = bank.total() - bank[Resource::Gold] as u32;
        if bank[x] == 0 {
            return Err(RuleError::BankLacks(x));
        }
        match y {
            None if resources != 1 => Err(RuleError::TakeTwo),
            Some(_) if resources == 1 => Err(RuleError::BankHoldsOne),
            Some(y) if bank[y] < 1 + (x == y) as u8 => Err(RuleError::BankLacks(y)),
            _ => Ok(()),
        }
    }

    /// Buying a card, if the player may.
    #[inline(always)]
    pub(super) fn push_buy(&self, s: Seat, out: &mut impl ActionSink) {
        if self.can_buy(s).is_ok() {
            out.push(Action::BuyDevCard);
        }
    }

    /// Development cards the player may play now (R14, R30-R33).
    #[inline(always)]
    pub(super) fn push_card_plays(&self, s: Seat, out: &mut impl ActionSink) {
        let d = self.players[s.index()].dev.0;
        // Usually a card was played, or the player holds only victory points or nothing.
        if !self.turn.dev_played && d[0] | d[2] | d[3] | d[4] != 0 {
            self.push_playable_cards(s, out);
        }
    }

    #[inline(never)]
    fn push_playable_cards(&self, s: Seat, out: &mut impl ActionSink) {
        let playable = |c: DevCard| self.card_playable(s, c).is_ok();
        if playable(DevCard::Knight) {
            out.push(Action::PlayKnight);
        }
        if playable(DevCard::RoadBuilding) && self.free_road_possible(s) {
            out.push(Action::PlayRoadBuilding);
        }
        if playable(DevCard::YearOfPlenty) {
            // One card when the bank holds one, else a pair (the predicate says so too; asking
            // first spares it the other 25 or 5 questions). Both orders of a pair are the same
            // move; both are legal, so both are listed.
            if self.bank.total() - self.bank[Resource::Gold] as u32 == 1 {
                for a in Resource::ALL {
                    if self.year_of_plenty_ok(a, None).is_ok() {
                        out.push(Action::PlayYearOfPlenty(a, None));
                    }
                }
            } else {
                for a in Resource::ALL {
                    for b in Resource::ALL {
                        if self.year_of_plenty_ok(a, Some(b)).is_ok() {
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

    /// Buying a card.
    pub(super) fn check_buy(&self, s: Seat) -> Result<(), RuleError> {
        self.can_buy(s)
    }

    /// Playing a card: the card's own predicate after the one for every card.
    pub(super) fn check_dev_play(&self, s: Seat, a: Action) -> Result<(), RuleError> {
        let card = match a {
            Action::PlayKnight => DevCard::Knight,
            Action::PlayRoadBuilding => DevCard::RoadBuilding,
            Action::PlayYearOfPlenty(..) => DevCard::YearOfPlenty,
            _ => DevCard::Monopoly,
        };
        self.card_playable(s, card)?;
        match a {
            Action::PlayRoadBuilding if !self.free_road_possible(s) => Err(RuleError::NoRoadPlace),
            Action::PlayYearOfPlenty(x, y) => self.year_of_plenty_ok(x, y),
            Action::PlayMonopoly(r) => Game::refuse_gold(r, "monopoly names a resource"),
            _ => Ok(()),
        }
    }

    /// Pays, draws the top card (R28), and marks it bought this turn (R30).
    pub(super) fn buy_dev_card(&mut self, s: Seat, ev: &mut impl EventSink) {
        self.pay_in(s, self.config.costs.development);
        self.turn.built = true;
        let card = self.deck.draw().expect("checked: the deck is not empty");
        self.players[s.index()].dev[card] += 1;
        // A card bought in the Special Building Phase is the buyer's to play from their own
        // next turn on (R40): it is not this turn's purchase.
        if !matches!(self.phase, Phase::SpecialBuilding { .. }) {
            self.turn.bought[card] += 1;
        }
        ev.push(Event::BoughtDevCard { seat: s, card });
    }

    /// Spends a card: one a turn (R30).
    fn use_card(&mut self, s: Seat, card: DevCard, ev: &mut impl EventSink) {
        self.players[s.index()].dev[card] -= 1;
        self.turn.dev_played = true;
        ev.push(Event::PlayedDevCard { seat: s, card });
    }

    /// R20: the knight moves the robber, and counts towards Largest Army (R36).
    pub(super) fn play_knight(&mut self, s: Seat, ev: &mut impl EventSink) {
        self.use_card(s, DevCard::Knight, ev);
        self.players[s.index()].knights += 1;
        self.award_largest_army(s, ev);
        // R45: with no robber a knight only counts toward Largest Army.
        if self.no_robber() { self.resume() } else { self.phase = Phase::Robber }
    }

    /// R31: two free roads (fewer if the player runs out of pieces or places).
    pub(super) fn play_road_building(&mut self, s: Seat, ev: &mut impl EventSink) {
        self.use_card(s, DevCard::RoadBuilding, ev);
        self.phase = Phase::RoadBuilding { left: 2 };
    }

    /// R32: one or two cards from the bank.
    pub(super) fn play_year_of_plenty(&mut self, s: Seat, a: Resource, b: Option<Resource>, ev: &mut impl EventSink) {
        self.use_card(s, DevCard::YearOfPlenty, ev);
        let mut cards = Hand::of(a, 1);
        if let Some(b) = b {
            cards[b] += 1;
        }
        self.pay_out(s, cards);
        ev.push(Event::TookFromBank { seat: s, cards });
    }

    /// True for a monopoly (R33): it shows how many cards of its resource every other player
    /// holds, none included, so it can't be taken back (H3).
    pub(super) fn shows_hands(action: Action) -> bool {
        matches!(action, Action::PlayMonopoly(_))
    }

    /// R33: every card of `r` the other players hold.
    pub(super) fn play_monopoly(&mut self, s: Seat, r: Resource, ev: &mut impl EventSink) {
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
}
