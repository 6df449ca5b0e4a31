//! Domestic trade offers, for the easy and medium players: a player one card short of a build
//! it wants (a city, then a settlement, then a development card) offers one of its spare cards
//! for it, then two; at most [`OFFERS_PER_TURN`] offers a turn, each different, only of cards it
//! holds, and never to a player within two points of winning ([`near_win`]).
//!
//! An offer that asks people costs each of them an answer (issues 33 and 42), so it is made
//! only for a build that scores (a settlement or a city: the trade completes it), at most once
//! in the bot's turn, never for a card people turned down within the last round, and never
//! again on terms everyone turned down earlier in the game.
//!
//! A spare card is one the build does not use. When the answers are in, it confirms with the
//! first player who accepted, in turn order, and withdraws the offer when no one did (a
//! counter-offer is not taken up).
//!
//! Answering an offer, a player may counter it ([`counter`]): the offerer gives the cards they
//! offered or some of them (the only cards the answerer knows they hold), for other cards the
//! answerer can spare, never more cards per card received than the offer asked. The medium,
//! alpha-beta and hard players counter when their value of the hand likes a counter better than
//! both the offer and no trade.

use crate::engine::{Action, Answer, Event, Hand, Phase, PlayerView, Resource, Seat, SeatSet};

use super::near_win;
use super::seen::Seen;

/// The most offers a player makes in one turn, so a turn always ends.
pub const OFFERS_PER_TURN: u8 = 3;

/// What a player offered this turn.
#[derive(Clone, Debug)]
pub(crate) struct Offers {
    /// Offering at all (off unless [`Bot::set_offers`](super::Bot::set_offers) turns it on).
    pub on: bool,
    turn: u32,
    made: Vec<(Hand, Hand)>,
    /// The seats people play ([`Bot::set_people`](super::Bot::set_people)); none by default.
    pub people: SeatSet,
    /// Whether an offer may ask people at all.
    pub to_people: bool,
    /// The last offer that asked people: its turn, terms and the hand before it, to learn
    /// whether it traded (the hand changed) or not.
    pending: Option<(u32, Hand, Hand, Hand)>,
    /// Terms people did not take this game, and the turn they were offered in.
    declined: Vec<(u32, Hand, Hand)>,
    /// The last turn an offer asked people.
    asked_people: Option<u32>,
}

impl Default for Offers {
    fn default() -> Offers {
        Offers {
            on: false,
            turn: 0,
            made: Vec::new(),
            people: SeatSet::default(),
            to_people: true,
            pending: None,
            declined: Vec::new(),
            asked_people: None,
        }
    }
}

impl Offers {
    /// An offer to make now, if the seat is in its main phase, one card short of a build it
    /// wants, and has not made it (nor [`OFFERS_PER_TURN`] offers) this turn.
    pub fn next(&mut self, view: &PlayerView<'_>) -> Option<Action> {
        if view.phase() != Phase::Main || view.current_player() != view.seat() {
            return None;
        }
        self.learn(view);
        if !self.on {
            return None;
        }
        if self.turn != view.turn_number() {
            (self.turn, self.made) = (view.turn_number(), Vec::new());
        }
        if self.made.len() >= usize::from(OFFERS_PER_TURN) {
            return None;
        }
        let me = view.seat();
        let turn = view.turn_number();
        let mut to = view.seats().filter(|&s| s != me && !near_win(view, s)).fold(SeatSet::default(), SeatSet::with);
        // People are asked at most once in the bot's turn.
        if !self.to_people || self.asked_people == Some(turn) {
            to = SeatSet(to.0 & !self.people.0);
        }
        // A person holding no cards could give nothing: they are not asked to answer (issue 49;
        // card counts are public). Computer players are asked as before.
        let empty_handed = self.people.iter().filter(|&s| view.player(s).resource_cards == 0);
        to = empty_handed.fold(to, SeatSet::without);
        if to.is_empty() {
            return None;
        }
        // Asking people costs each of them an answer: only for a build that scores, not for a
        // card they would not give within the last round (the bot's own next turn included),
        // whatever it offers for it now, and never on terms they all turned down this game.
        let asks_people = to.0 & self.people.0 != 0;
        let round = view.num_players() as u32;
        let turned_down =
            |give: Hand, get: Hand| self.declined.iter().any(|&(t, g, w)| w == get && (turn <= t + round || g == give));
        let offer = candidates(view, asks_people)
            .into_iter()
            .filter(|&(give, get)| !(asks_people && turned_down(give, get)))
            .map(|(give, get)| Action::OfferTrade { give, get, to })
            .find(|&a| {
                matches!(a, Action::OfferTrade { give, get, .. } if !self.made.contains(&(give, get)))
                    && view.check(a).is_ok()
            })?;
        if let Action::OfferTrade { give, get, .. } = offer {
            self.made.push((give, get));
            if asks_people {
                self.pending = Some((turn, give, get, view.hand()));
                self.asked_people = Some(turn);
            }
        }
        Some(offer)
    }

    /// Reads from the game's events what `me` offered people so far: the terms no one took
    /// (offered, then withdrawn) and the last turn it asked people. What [`Offers::next`] would
    /// have noted had it made those offers itself.
    pub fn recall(&mut self, me: Seat, log: &[Event]) {
        let (mut turn, mut open) = (0, None);
        for event in log {
            match *event {
                Event::TurnStarted { number, .. } => turn = number,
                Event::TradeOffered { seat, give, get, to } if seat == me && to.0 & self.people.0 != 0 => {
                    open = Some((give, get));
                    self.asked_people = Some(turn);
                }
                Event::Traded { seat, .. } if seat == me => open = None,
                Event::TradeCancelled { seat } if seat == me => {
                    if let Some((give, get)) = open.take()
                        && !self.declined.contains(&(turn, give, get))
                    {
                        self.declined.push((turn, give, get));
                    }
                }
                _ => {}
            }
        }
    }

    /// Notes whether the last offer to people traded: a hand unchanged since means no one took
    /// it (nothing else changes the offerer's hand between its offer and its next move).
    fn learn(&mut self, view: &PlayerView<'_>) {
        if let Some((turn, give, get, before)) = self.pending.take()
            && view.hand() == before
        {
            self.declined.push((turn, give, get));
        }
    }

    /// How a seat closes its own open offer: with the first player who accepted, else it
    /// withdraws it. `None` when no offer of its own waits for it.
    pub fn close(view: &PlayerView<'_>) -> Option<Action> {
        let Phase::Trade { answers, .. } = view.phase() else { return None };
        if view.current_player() != view.seat() || !view.is_to_act() {
            return None;
        }
        let n = view.num_players();
        let start = view.seat().index();
        (1..n)
            .map(|i| Seat(((start + i) % n) as u8))
            .filter(|s| answers[s.index()] == Answer::Accept)
            .map(Action::ConfirmTrade)
            .find(|&a| view.check(a).is_ok())
            .or(Some(Action::CancelTrade))
    }
}

/// The counter-offer to the open offer that `value` (the answering seat's value of a hand) likes
/// best, if it beats both declining and accepting (when the seat may accept): the offerer's side
/// is a part of what they offered, the seat's side is at most as many cards as they asked, not
/// fewer than the offer's rate allows (the offerer gives no more cards per card received than
/// they offered), and of the cards the seat holds. `None` for an offer of the seat's own or
/// from a player within two points of winning.
pub fn counter(view: &PlayerView<'_>, value: impl Fn(Hand) -> f64) -> Option<Action> {
    let Phase::Trade { give, get, .. } = view.phase() else { return None };
    if view.current_player() == view.seat() || near_win(view, view.current_player()) {
        return None;
    }
    let hand = view.hand();
    let mut floor = value(hand);
    if hand.contains(&get) {
        let mut accepted = hand;
        accepted.sub(&get);
        accepted.add(&give);
        floor = floor.max(value(accepted));
    }
    let mut best: Option<(f64, Action)> = None;
    for theirs in parts(give, give.total()) {
        for mine in parts(hand, get.total().min(3)) {
            // The offerer's rate, no worse for them: theirs / mine <= give / get.
            let fair = theirs.total() * get.total() <= mine.total() * give.total();
            if !fair || theirs.overlaps(&mine) || (theirs, mine) == (give, get) {
                continue;
            }
            let mut after = hand;
            after.sub(&mine);
            after.add(&theirs);
            let v = value(after);
            let action = Action::CounterTrade { give: theirs, get: mine };
            if v > floor && best.is_none_or(|b| v > b.0) && view.check(action).is_ok() {
                best = Some((v, action));
            }
        }
    }
    best.map(|b| b.1)
}

/// Every part of `hand` (at least one card, at most `most`), in a fixed order.
fn parts(hand: Hand, most: u32) -> Vec<Hand> {
    let mut out = vec![Hand::EMPTY];
    for r in Resource::ALL {
        let before = out.len();
        for i in 0..before {
            for n in 1..=hand[r] {
                let mut h = out[i];
                h[r] = n;
                if h.total() <= most {
                    out.push(h);
                }
            }
        }
    }
    out.retain(|h| !h.is_empty());
    out
}

/// The offers worth making, best first: for each build it wants and is one card short of, one
/// spare card for the missing one, then two.
fn candidates(view: &PlayerView<'_>, scoring_only: bool) -> Vec<(Hand, Hand)> {
    let hand = view.hand();
    let mut out = Vec::new();
    let development = view.config().costs.development;
    for cost in wanted_builds(view) {
        if scoring_only && cost == development {
            continue;
        }
        let missing: Vec<Resource> = Resource::ALL.into_iter().filter(|&r| hand[r] < cost[r]).collect();
        let short: u32 = missing.iter().map(|&r| u32::from(cost[r] - hand[r])).sum();
        let [lack] = missing[..] else { continue };
        if short != 1 {
            continue;
        }
        let mut spare = hand;
        for r in Resource::ALL {
            spare[r] = spare[r].saturating_sub(cost[r]);
        }
        // The most plentiful spare resource first, the first of equals.
        let mut by_plenty: Vec<Resource> = Resource::ALL.into_iter().filter(|&r| spare[r] > 0).collect();
        by_plenty.sort_by_key(|&r| std::cmp::Reverse(spare[r]));
        let get = Hand::of(lack, 1);
        if let Some(&r) = by_plenty.first() {
            out.push((Hand::of(r, 1), get));
            if spare[r] >= 2 {
                out.push((Hand::of(r, 2), get));
            } else if let Some(&other) = by_plenty.get(1) {
                let mut two = Hand::of(r, 1);
                two[other] += 1;
                out.push((two, get));
            }
        }
    }
    out
}

/// The costs of the builds the seat wants and could place once it pays: a city on one of its
/// settlements, a settlement where its roads allow one, a development card.
fn wanted_builds(view: &PlayerView<'_>) -> Vec<Hand> {
    let me = view.seat();
    let seen = Seen::from_view(view);
    let costs = view.config().costs;
    let (_, settlements, cities) = view.player(me).pieces_left;
    let mut out = Vec::with_capacity(3);
    if cities > 0 && seen.settlements[me.index()] != 0 {
        out.push(costs.city);
    }
    if settlements > 0 && seen.settlement_spots(me) != 0 {
        out.push(costs.settlement);
    }
    if view.deck_len() > 0 {
        out.push(costs.development);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Game, Hex, MapId, Scenario};

    /// A's turn, rolled: a settlement, one grain short of a city, with spare brick and wool.
    fn one_grain_short(target: u8) -> Game {
        let topo = MapId::Standard.topology();
        Scenario::new(Config { target, ..Config::default() }, 3)
            .settlement(Seat(0), topo.hex_vertices(Hex(9))[0])
            .settlement(Seat(1), topo.hex_vertices(Hex(3))[0])
            .city(Seat(2), topo.hex_vertices(Hex(14))[0])
            .hand(Seat(0), Hand::new([2, 0, 1, 1, 3]))
            .turn(Seat(0))
            .rolled()
            .build()
            .unwrap()
    }

    #[test]
    fn it_offers_a_spare_card_for_the_one_a_city_lacks_then_two() {
        let game = one_grain_short(10);
        let mut offers = Offers { on: true, ..Offers::default() };
        let first = offers.next(&game.acting_view()).unwrap();
        let everyone = SeatSet::all(4).without(Seat(0));
        let (brick, grain) = (Hand::of(Resource::Brick, 1), Hand::of(Resource::Grain, 1));
        assert_eq!(first, Action::OfferTrade { give: brick, get: grain, to: everyone });
        let second = offers.next(&game.acting_view()).unwrap();
        assert_eq!(second, Action::OfferTrade { give: Hand::of(Resource::Brick, 2), get: grain, to: everyone });
        assert_eq!(Offers::default().next(&game.acting_view()), None, "off unless turned on");
    }

    #[test]
    fn no_offer_to_a_player_within_two_points_of_winning() {
        // Target 4: C's city is 2 points, within two of it; A and B have 1.
        let game = one_grain_short(4);
        let mut offers = Offers { on: true, ..Offers::default() };
        let Some(Action::OfferTrade { to, .. }) = offers.next(&game.acting_view()) else { panic!("no offer") };
        assert!(!to.contains(Seat(2)) && to.contains(Seat(1)) && to.contains(Seat(3)));
    }

    /// Issue 49: a person holding no cards is not asked to answer a bot's offer (they could give
    /// nothing); once they hold a card they are.
    #[test]
    fn no_offer_asks_a_person_holding_no_cards() {
        let people = SeatSet::one(Seat(1));
        let ask = |game: &Game| {
            let mut offers = Offers { on: true, people, ..Offers::default() };
            let Some(Action::OfferTrade { to, .. }) = offers.next(&game.acting_view()) else { panic!("no offer") };
            to
        };
        let to = ask(&one_grain_short(10));
        assert!(!to.contains(Seat(1)) && to.contains(Seat(2)) && to.contains(Seat(3)), "{to:?}");
        let game = Scenario::from_game(one_grain_short(10)).hand(Seat(1), Hand::of(Resource::Ore, 1)).build().unwrap();
        assert!(ask(&game).contains(Seat(1)), "with a card, asked");
    }

    #[test]
    fn it_confirms_with_the_first_who_accepted_else_withdraws() {
        let (brick, grain) = (Hand::of(Resource::Brick, 1), Hand::of(Resource::Grain, 1));
        let offer = Action::OfferTrade { give: brick, get: grain, to: SeatSet::all(4).without(Seat(0)) };
        for (answers, closed) in [
            ([Action::DeclineTrade, Action::AcceptTrade, Action::AcceptTrade], Action::ConfirmTrade(Seat(2))),
            ([Action::DeclineTrade; 3], Action::CancelTrade),
        ] {
            let mut game =
                Scenario::from_game(one_grain_short(10)).hand(Seat(2), grain).hand(Seat(3), grain).build().unwrap();
            game.apply(offer).unwrap();
            assert_eq!(Offers::close(&game.view(Seat(0))), None, "answers still due");
            for answer in answers {
                game.apply(answer).unwrap();
            }
            assert_eq!(Offers::close(&game.acting_view()), Some(closed));
        }
    }

    /// Issue 42, found again playing on after `--continue`: a bot made for a game played on
    /// reads from the events which of its offers people declined and that it asked people
    /// this turn, so it neither asks again this turn nor offers those terms again.
    #[test]
    fn a_bot_made_anew_recalls_its_declined_offers_from_the_events() {
        let (me, ann) = (Seat(1), Seat(0));
        let (give, get) = (Hand::new([0, 0, 1, 0, 0]), Hand::new([1, 0, 0, 0, 0]));
        let log = [
            Event::TurnStarted { seat: me, number: 7 },
            Event::TradeOffered { seat: me, give, get, to: SeatSet::one(ann) },
            Event::TradeCancelled { seat: me },
            Event::TurnStarted { seat: ann, number: 8 },
            Event::TurnStarted { seat: me, number: 9 },
            Event::TradeOffered { seat: me, give: get, get: give, to: SeatSet::one(ann) },
        ];
        let mut offers = Offers { people: SeatSet::one(ann), ..Offers::default() };
        offers.recall(me, &log);
        assert_eq!(offers.declined, vec![(7, give, get)], "declined once, at turn 7; the open offer is not");
        assert_eq!(offers.asked_people, Some(9), "it asked people this turn already");
        let mut among_bots = Offers::default();
        among_bots.recall(me, &log);
        assert!(among_bots.declined.is_empty() && among_bots.asked_people.is_none(), "offers to bots don't count");
    }
}
