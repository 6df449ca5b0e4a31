//! Trade: with the bank at the player's rates (maritime, R22: 4:1, 3:1 with a generic harbor,
//! 2:1 with a resource's harbor), and between players (domestic, R21): the offer, each answer
//! (accept, decline, counter), then the offerer confirms with one partner or cancels.
//!
//! An accept is taken at the player's word (RULES H4): it is legal whatever they hold, so an
//! answer given before the whole table tells nothing of a hand. It is checked when the offerer
//! takes it: a partner who can't pay then makes the trade fall through
//! ([`Event::TradeFellThrough`]), in the same words whatever the reason. A counter-offer asks
//! the offerer at its maker's word (H4a): what is legal for one seat never depends on another
//! seat's hidden cards; the offerer, who sees their own hand, can take only the counters they
//! can pay.
//!
//! The shared predicates: [`Game::trading_open`] (the strict phases of R13), [`rates_of`] and
//! [`payable`] for the maritime rates, [`Game::stocked`] for what the bank can give, and
//! [`Game::holds`] for a player having the cards a trade takes from them.

use crate::engine::action::{Action, Answer, Event, MAX_PLAYERS, RuleError, Seat, SeatSet};
use crate::engine::cards::{Hand, Resource};
use crate::engine::game::{Game, Phase};
use crate::engine::sets::IntersectionSet;
use crate::engine::sink::{ActionSink, EventSink};
use crate::engine::terrain::HarborKind;

/// The most trade actions a moment lists: every maritime trade (5 resources given for 4
/// others at 3 rates), or the answers to an offer and its confirmations (fewer).
pub(crate) const MOST_ACTIONS: usize = 5 * 4 * 3;

/// Bit of `Player::harbors` for a 3:1 harbor.
const GENERIC_HARBOR: u8 = 1 << 5;

/// The rates a player has for giving resource `i`, one bit each (bit 0: 4:1, 1: 3:1, 2: 2:1),
/// from their harbors as [`Game::harbor_access`] gives them.
#[inline(always)]
fn rates_of(generic: bool, special: u8, i: usize) -> u32 {
    1 | (generic as u32) << 1 | (special as u32 >> i & 1) << 2
}

/// The rates at which `n` cards of a resource pay, in the bits of [`rates_of`].
#[inline(always)]
fn payable(n: u8) -> u32 {
    (n >= 4) as u32 | ((n >= 3) as u32) << 1 | ((n >= 2) as u32) << 2
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

/// The terms a partner's answer agreed to: the offer's, or their counter-offer's.
#[inline(always)]
fn agreed_terms(give: Hand, get: Hand, answer: Answer) -> Option<(Hand, Hand)> {
    match answer {
        Answer::Accept => Some((give, get)),
        Answer::Counter { give, get } => Some((give, get)),
        _ => None,
    }
}

impl Game {
    /// The best rate at which a player can give `r` to the bank (R22).
    pub fn maritime_rate(&self, s: Seat, r: Resource) -> u8 {
        self.maritime_rates(s, r).into_iter().flatten().min().unwrap_or(4)
    }

    /// The rates a player may use to give `r`: 4, and 3 and 2 with the harbors.
    pub fn maritime_rates(&self, s: Seat, r: Resource) -> [Option<u8>; 3] {
        let (generic, special) = self.harbor_access(s);
        let rates = rates_of(generic, special, r as usize);
        [Some(4), (rates & 2 != 0).then_some(3), (rates & 4 != 0).then_some(2)]
    }

    /// Whether a player has a generic harbor, and a bit per resource of their 2:1 harbors
    /// (their buildings', and with ships those their ships give, R53: see `Player::harbors`).
    pub(crate) fn harbor_access(&self, s: Seat) -> (bool, u8) {
        let h = self.players[s.index()].harbors;
        (h & GENERIC_HARBOR != 0, h & !GENERIC_HARBOR)
    }

    /// The harbor bits of a set of buildings (see `Player::harbors`).
    pub(crate) fn harbors_of(&self, own: IntersectionSet) -> u8 {
        let mut bits = 0;
        if !own.intersects(self.topology().harbor_vertices()) {
            return bits;
        }
        for (spot, kind) in self.topology().harbor_spots().iter().zip(self.board.harbors()) {
            if own.contains(spot.vertices[0]) || own.contains(spot.vertices[1]) {
                bits |= match kind {
                    HarborKind::Generic => GENERIC_HARBOR,
                    HarborKind::Special(r) => 1 << *r as u8,
                };
            }
        }
        bits
    }

    /// Trading is open: always, except after building under strict phases (R13).
    #[inline(always)]
    pub(super) fn trading_open(&self) -> bool {
        !(self.config.strict_phases && self.turn.built)
    }

    /// A bit per resource the bank has at least one of (gold is no resource, R42).
    #[inline(always)]
    fn stocked(&self) -> u32 {
        self.bank.0[..5].iter().enumerate().fold(0u32, |m, (i, &n)| m | ((n > 0) as u32) << i)
    }

    /// The player holds `cards`: what a trade takes from them.
    #[inline(always)]
    fn holds(&self, s: Seat, cards: &Hand) -> Result<(), RuleError> {
        if self.players[s.index()].hand.contains(cards) { Ok(()) } else { Err(RuleError::LacksCards(s)) }
    }

    /// Both sides of a domestic trade hold what they give.
    #[inline(always)]
    fn can_settle(&self, s: Seat, partner: Seat, give: &Hand, get: &Hand) -> Result<(), RuleError> {
        self.holds(s, give)?;
        self.holds(partner, get)
    }

    /// Trades with the bank at every rate the player has (R22).
    pub(super) fn push_maritime(&self, s: Seat, out: &mut impl ActionSink) {
        let hand = self.players[s.index()].hand;
        let (generic, special) = self.harbor_access(s);
        // Four bits per resource given, one per rate it may go at (bit 0: 4:1, 1: 3:1, 2: 2:1),
        // worked out without a branch: which rates a hand allows is a coin toss for the
        // predictor, and walking the set bits afterwards costs one miss, not one per test.
        // Harbors do not apply to gold, nor does the bank take it 4:1 (R42): resources only.
        let mut offers = 0u32;
        for (i, &n) in hand.0[..5].iter().enumerate() {
            offers |= (rates_of(generic, special, i) & payable(n)) << (4 * i);
        }
        if offers == 0 {
            return; // the usual hand: nothing to trade at any rate
        }
        let stocked = self.stocked();
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

    /// The answers to an open offer: the offerer may cancel or confirm with a partner who
    /// agreed, on terms the offerer can pay (whether the partner can is found out then, H4);
    /// a player asked may accept (at their word, whatever they hold) or decline. Counter-offers
    /// are open-ended and not listed.
    #[inline(always)]
    pub(super) fn push_trade_answers(
        &self,
        s: Seat,
        give: Hand,
        get: Hand,
        answers: [Answer; MAX_PLAYERS],
        out: &mut impl ActionSink,
    ) {
        if s == self.turn.seat {
            out.push(Action::CancelTrade);
            for o in self.seats() {
                let Some((g, _)) = agreed_terms(give, get, answers[o.index()]) else { continue };
                if self.holds(s, &g).is_ok() {
                    out.push(Action::ConfirmTrade(o));
                }
            }
        } else {
            out.push(Action::AcceptTrade);
            out.push(Action::DeclineTrade);
        }
    }

    /// Trading is open, or the strict-phases refusal (R13).
    pub(super) fn check_trading(&self) -> Result<(), RuleError> {
        if self.trading_open() { Ok(()) } else { Err(RuleError::TradeAfterBuild) }
    }

    /// A maritime trade of `rate` cards of `give` for one `get` (R22).
    pub(super) fn check_maritime(&self, s: Seat, give: Resource, get: Resource, rate: u8) -> Result<(), RuleError> {
        self.check_trading()?;
        Game::refuse_gold(give, "harbors and the bank's 4:1 don't take it; 2 gold buy 1 resource")?;
        Game::refuse_gold(get, "the bank trades resources for resources")?;
        if give == get {
            return Err(RuleError::SameResource);
        }
        // The bit of `rate` in `rates_of`; rates outside 2..=4 have none.
        let bit = 4u8.wrapping_sub(rate) as u32;
        let (generic, special) = self.harbor_access(s);
        if bit > 2 || rates_of(generic, special, give as usize) >> bit & 1 == 0 {
            return Err(RuleError::BadRate(give, self.maritime_rate(s, give)));
        }
        if payable(self.players[s.index()].hand[give]) >> bit & 1 == 0 {
            return Err(RuleError::LacksCards(s));
        }
        if self.stocked() >> get as u32 & 1 == 0 {
            return Err(RuleError::BankLacks(get));
        }
        Ok(())
    }

    /// A domestic offer of `give` for `get` to the players `to` (R21).
    pub(super) fn check_offer(&self, s: Seat, give: Hand, get: Hand, to: SeatSet) -> Result<(), RuleError> {
        if self.turn.paired.is_some() {
            return Err(RuleError::NotNow("the second player of a pair trades only with the bank (R40a)"));
        }
        self.check_trading()?;
        check_terms(&give, &get)?;
        let others = SeatSet::all(self.num_players()).without(s);
        if to.is_empty() || to.0 & !others.0 != 0 {
            return Err(RuleError::NoTradePartner);
        }
        self.holds(s, &give)
    }

    /// An answer of a player asked (the dispatch has made sure it is not the offerer). An
    /// accept is taken at the player's word (H4): what they hold is checked at the confirm. A
    /// counter-offer too, for what it asks of the offerer (H4a): only its maker's own side is
    /// checked, against the hand they see; the offerer can take it only if they can pay
    /// ([`Game::check_confirm`]). Asking the offerer's hand here would let any seat probe it.
    pub(super) fn check_answer(&self, s: Seat, action: Action) -> Result<(), RuleError> {
        match action {
            Action::CounterTrade { give, get } => {
                check_terms(&give, &get)?;
                self.holds(s, &get)
            }
            _ => Ok(()),
        }
    }

    /// The offerer confirms with `o`, on the terms `o` agreed to, which the offerer can pay;
    /// whether `o` can is not asked here (H4): [`Game::confirm_trade`] finds it out.
    pub(super) fn check_confirm(
        &self,
        s: Seat,
        o: Seat,
        give: Hand,
        get: Hand,
        answers: [Answer; MAX_PLAYERS],
    ) -> Result<(), RuleError> {
        let Some(answer) = answers.get(o.index()) else { return Err(RuleError::NotAccepted(o)) };
        let Some((give, _)) = agreed_terms(give, get, *answer) else { return Err(RuleError::NotAccepted(o)) };
        self.holds(s, &give)
    }

    /// Trades with the bank.
    pub(super) fn maritime_trade(&mut self, s: Seat, give: Resource, get: Resource, rate: u8, ev: &mut impl EventSink) {
        let (gave, got) = (Hand::of(give, rate), Hand::of(get, 1));
        self.pay_in(s, gave);
        self.pay_out(s, got);
        ev.push(Event::MaritimeTraded { seat: s, gave, got });
    }

    /// Opens an offer: the players asked must answer, in turn order.
    pub(super) fn offer_trade(&mut self, s: Seat, give: Hand, get: Hand, to: SeatSet, ev: &mut impl EventSink) {
        let answers =
            std::array::from_fn(|i| if to.contains(Seat(i as u8)) { Answer::Pending } else { Answer::NotAsked });
        self.phase = Phase::Trade { give, get, answers };
        ev.push(Event::TradeOffered { seat: s, give, get, to });
    }

    /// Records a player's answer.
    pub(super) fn answer_trade(&mut self, s: Seat, action: Action, ev: &mut impl EventSink) {
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

    /// Swaps the agreed cards and closes the offer; when the partner can't pay what they
    /// agreed to, the trade falls through and the offer closes all the same (H4).
    pub(super) fn confirm_trade(&mut self, s: Seat, o: Seat, ev: &mut impl EventSink) {
        let (give, get) = match self.phase {
            Phase::Trade { answers, give, get } => {
                agreed_terms(give, get, answers[o.index()]).expect("checked: the partner agreed")
            }
            _ => unreachable!("checked: a trade is open"),
        };
        self.phase = Phase::Main;
        if self.can_settle(s, o, &give, &get).is_err() {
            ev.push(Event::TradeFellThrough { seat: s, partner: o });
            return;
        }
        let (me, them) = (s.index(), o.index());
        self.players[me].hand.sub(&give);
        self.players[them].hand.add(&give);
        self.players[them].hand.sub(&get);
        self.players[me].hand.add(&get);
        ev.push(Event::Traded { seat: s, partner: o, gave: give, got: get });
    }

    /// Whether an offer is open and every player asked declined it (an offer asks at least
    /// one): it is closed by their answers, not by a change of the offerer's mind.
    pub fn offer_declined_by_all(&self) -> bool {
        match self.phase {
            Phase::Trade { answers, .. } => answers.iter().all(|a| matches!(a, Answer::Decline | Answer::NotAsked)),
            _ => false,
        }
    }

    /// Closes the offer without a trade.
    pub(super) fn cancel_trade(&mut self, s: Seat, ev: &mut impl EventSink) {
        // Closing an offer everyone asked declined is not a change of mind: the log says so.
        let declined = self.offer_declined_by_all();
        self.phase = Phase::Main;
        ev.push(if declined { Event::TradeDeclined { seat: s } } else { Event::TradeCancelled { seat: s } });
    }
}
