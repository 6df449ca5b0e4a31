//! Rulings R21 and R22: domestic trade between players and maritime trade with the bank.

use crate::support::board::*;
use Resource::{Brick, Grain, Lumber, Ore, Wool};
use catan::engine::{
    Action, Answer, Config, DevCard, Event, Game, Hand, Phase, Resource, RuleError, Scenario, Seat, SeatSet,
};

const OPEN: RuleError = RuleError::NotNow("a trade offer is open");

fn offer(give: Hand, get: Hand, to: SeatSet) -> Action {
    Action::OfferTrade { give, get, to }
}

fn set(seats: &[Seat]) -> SeatSet {
    seats.iter().fold(SeatSet::default(), |m, &s| m.with(s))
}

/// A has 2 brick and 1 lumber and a knight; B a wool and a grain; C a wool; D nothing.
fn market(rolled: bool) -> Game {
    let scn = scenario()
        .hand(A, hand(2, 1, 0, 0, 0))
        .hand(B, hand(0, 0, 1, 1, 0))
        .hand(C, hand(0, 0, 1, 0, 0))
        .dev(A, DevCard::Knight);
    if rolled { scn.rolled() } else { scn }.build().unwrap()
}

#[test]
fn r21_trade_only_after_the_roll() {
    let mut g = market(false);
    refused(
        &mut g,
        offer(hand(1, 0, 0, 0, 0), hand(0, 0, 1, 0, 0), set(&[B])),
        RuleError::NotNow("roll the dice first"),
    );
}

#[test]
fn r21_offer_refusals() {
    let mut g = market(true);
    let brick = hand(1, 0, 0, 0, 0);
    let wool = hand(0, 0, 1, 0, 0);
    let all = set(&[B, C, D]);
    refused(&mut g, offer(Hand::EMPTY, wool, all), RuleError::EmptyTradeSide);
    refused(&mut g, offer(brick, Hand::EMPTY, all), RuleError::EmptyTradeSide);
    refused(&mut g, offer(hand(1, 0, 1, 0, 0), wool, all), RuleError::SameResourceBothSides);
    refused(&mut g, offer(brick, wool, SeatSet::default()), RuleError::NoTradePartner);
    refused(&mut g, offer(brick, wool, set(&[A, B])), RuleError::NoTradePartner);
    refused(&mut g, offer(brick, wool, set(&[B, Seat(4)])), RuleError::NoTradePartner);
    refused(&mut g, offer(hand(3, 0, 0, 0, 0), wool, all), RuleError::LacksCards(A));
    // Asking for more than anyone holds is allowed: the others just can't accept.
    assert_eq!(g.check(offer(brick, hand(0, 0, 9, 0, 0), all)), Ok(()));
}

#[test]
fn r21_accept_decline_counter_then_confirm_a_counter() {
    let mut g = market(true);
    let events = play(&mut g, offer(hand(1, 0, 0, 0, 0), hand(0, 0, 1, 0, 0), set(&[B, C, D])));
    assert!(has_event!(events, Event::TradeOffered { seat: A, .. }));
    // The addressed players answer in turn order; whose turn it is stays A's.
    assert_eq!((g.to_act(), g.current_player()), (B, A));
    let mut listed = g.legal_actions();
    listed.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(listed, vec![Action::AcceptTrade, Action::DeclineTrade]);
    refused(&mut g, Action::ConfirmTrade(B), OPEN);
    refused(&mut g, Action::EndTurn, OPEN);
    play(&mut g, Action::AcceptTrade);

    // C counters: A gives a lumber instead. Counters are seen from A's side.
    assert_eq!(g.to_act(), C);
    let counter = |give, get| Action::CounterTrade { give, get };
    refused(&mut g, counter(Hand::EMPTY, hand(0, 0, 1, 0, 0)), RuleError::EmptyTradeSide);
    refused(&mut g, counter(hand(0, 0, 1, 0, 0), hand(0, 0, 1, 0, 0)), RuleError::SameResourceBothSides);
    refused(&mut g, counter(hand(0, 1, 0, 0, 0), hand(0, 0, 0, 1, 0)), RuleError::LacksCards(C));
    // What a counter asks of A is taken at C's word (H4a): A holds no ore, and C may ask it.
    assert_eq!(g.check(counter(hand(0, 0, 0, 0, 1), hand(0, 0, 1, 0, 0))), Ok(()));
    let lumber_for_wool = Answer::Counter { give: hand(0, 1, 0, 0, 0), get: hand(0, 0, 1, 0, 0) };
    let events = play(&mut g, counter(hand(0, 1, 0, 0, 0), hand(0, 0, 1, 0, 0)));
    assert!(has_event!(events, Event::TradeAnswered { seat: C, answer } if *answer == lumber_for_wool));

    // D holds no wool: may accept all the same, at its word (H4), or decline.
    assert_eq!(g.to_act(), D);
    assert_eq!(g.check(Action::AcceptTrade), Ok(()));
    play(&mut g, Action::DeclineTrade);

    // Back to A, who completes with one who accepted or countered, or cancels.
    assert_eq!(g.to_act(), A);
    refused(&mut g, Action::AcceptTrade, OPEN);
    refused(&mut g, Action::ConfirmTrade(D), RuleError::NotAccepted(D));
    refused(&mut g, Action::ConfirmTrade(A), RuleError::NotAccepted(A));
    refused(&mut g, Action::PlayKnight, OPEN);
    refused(&mut g, Action::BuildRoad(side(HILLS_6, catan::engine::Side::NE)), OPEN);
    let mut listed = g.legal_actions();
    listed.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(listed, vec![Action::CancelTrade, Action::ConfirmTrade(B), Action::ConfirmTrade(C)]);
    let bank = g.bank();
    let events = play(&mut g, Action::ConfirmTrade(C));
    assert!(has_event!(events, Event::Traded { seat: A, partner: C, .. }));
    assert_eq!((g.view(A).hand(), g.view(C).hand()), (hand(2, 0, 1, 0, 0), hand(0, 1, 0, 0, 0)));
    assert_eq!(g.view(B).hand(), hand(0, 0, 1, 1, 0), "B accepted but was not chosen");
    assert_eq!(g.bank(), bank);
    assert_eq!(g.view(A).dev_cards()[DevCard::Knight], 1, "development cards never trade");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn r21_confirm_an_accepted_offer() {
    let mut g = market(true);
    play(&mut g, offer(hand(2, 0, 0, 0, 0), hand(0, 0, 1, 1, 0), set(&[B, C])));
    play(&mut g, Action::AcceptTrade);
    assert_eq!(g.to_act(), C);
    play(&mut g, Action::DeclineTrade);
    play(&mut g, Action::ConfirmTrade(B));
    assert_eq!((g.view(A).hand(), g.view(B).hand()), (hand(0, 1, 1, 1, 0), hand(2, 0, 0, 0, 0)));
}

/// H4: an answer on the shared screen is taken at the player's word. C, who holds none of
/// what is asked, may accept, and the answers listed read the same as for one who holds it;
/// when A takes C's word the trade falls through, no card moves, and the offer is closed.
#[test]
fn h4_an_accept_is_taken_at_the_players_word_and_falls_through_if_unpaid() {
    let mut g = market(true);
    play(&mut g, offer(hand(2, 0, 0, 0, 0), hand(0, 0, 1, 1, 0), set(&[B, C])));
    let (b_answers, b_accept) = (g.legal_actions(), g.check(Action::AcceptTrade));
    play(&mut g, Action::AcceptTrade);
    assert_eq!(g.to_act(), C);
    assert_eq!(g.legal_actions(), b_answers, "C's choices read the same as B's, who can pay");
    assert_eq!(g.check(Action::AcceptTrade), b_accept);
    let events = play(&mut g, Action::AcceptTrade);
    assert!(has_event!(events, Event::TradeAnswered { seat: C, answer: Answer::Accept }));
    // A may take either word; the engine finds out only now that C can't pay.
    let mut listed = g.legal_actions();
    listed.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(listed, vec![Action::CancelTrade, Action::ConfirmTrade(B), Action::ConfirmTrade(C)]);
    let before = g;
    let events = play(&mut g, Action::ConfirmTrade(C));
    assert_eq!(events, vec![Event::TradeFellThrough { seat: A, partner: C }]);
    assert_eq!(g.phase(), Phase::Main, "the offer is closed");
    for s in g.seats() {
        assert_eq!(g.view(s).hand(), before.view(s).hand());
    }
    assert_eq!(g.bank(), before.bank());
}

/// A's hand in [`market`], re-dealt: the brick A offers and two other cards.
const A_HANDS: [Hand; 4] =
    [Hand::new([2, 1, 0, 0, 0]), Hand::new([1, 0, 0, 0, 2]), Hand::new([1, 0, 0, 2, 0]), Hand::new([1, 1, 0, 1, 0])];

/// [`market`] with A holding `a`, after A offered a brick for a wool to B and C.
fn offered(a: Hand) -> Game {
    let mut g = Scenario::from_game(market(true)).hand(A, a).build().unwrap();
    play(&mut g, offer(hand(1, 0, 0, 0, 0), hand(0, 0, 1, 0, 0), set(&[B, C])));
    g
}

/// H4a: a counter-offer is an answer, taken at its maker's word for what it asks of the
/// offerer. C asks A for 3 grain, which A doesn't hold: legal, as it would be if A held them
/// (only C's own side is checked, against C's hand). A sees on their own screen that they
/// can't pay it: it isn't listed, taking it is refused, and A takes B's accept instead.
#[test]
fn h4a_a_counter_asks_the_offerer_at_its_makers_word() {
    let mut g = offered(hand(2, 1, 0, 0, 0));
    play(&mut g, Action::AcceptTrade);
    assert_eq!(g.to_act(), C);
    let three_grain = Action::CounterTrade { give: hand(0, 0, 0, 3, 0), get: hand(0, 0, 1, 0, 0) };
    assert_eq!(g.check(three_grain), Ok(()));
    refused(
        &mut g,
        Action::CounterTrade { give: hand(0, 0, 0, 3, 0), get: hand(0, 0, 0, 0, 1) },
        RuleError::LacksCards(C),
    );
    play(&mut g, three_grain);
    assert_eq!(g.to_act(), A);
    let mut listed = g.legal_actions();
    listed.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(listed, vec![Action::CancelTrade, Action::ConfirmTrade(B)], "A can't pay C's counter");
    refused(&mut g, Action::ConfirmTrade(C), RuleError::LacksCards(A));
    let events = play(&mut g, Action::ConfirmTrade(B));
    assert!(has_event!(events, Event::Traded { seat: A, partner: B, .. }));
}

/// H4a: nothing legal for one seat depends on another seat's hidden cards. C's legal
/// counters (every pair of sides of one or two cards), its listed answers and its refusals'
/// words are the same whatever A holds beside the brick A offered.
#[test]
fn h4a_the_legal_counters_are_the_same_whatever_the_offerer_holds() {
    let mut sides = Vec::new();
    for (i, &r) in Resource::CARDS.iter().enumerate() {
        sides.push(Hand::of(r, 1));
        for &q in &Resource::CARDS[i..] {
            let mut two = Hand::of(r, 1);
            two[q] += 1;
            sides.push(two);
        }
    }
    let answers = |a: Hand| {
        let mut g = offered(a);
        play(&mut g, Action::DeclineTrade);
        assert_eq!(g.to_act(), C);
        let mut out: Vec<(Action, Result<(), RuleError>)> =
            g.legal_actions().into_iter().map(|action| (action, Ok(()))).collect();
        for &give in &sides {
            for &get in &sides {
                let action = Action::CounterTrade { give, get };
                out.push((action, g.check(action)));
            }
        }
        out
    };
    let first = answers(A_HANDS[0]);
    let ore = Action::CounterTrade { give: hand(0, 0, 0, 0, 2), get: hand(0, 0, 1, 0, 0) };
    assert!(first.contains(&(ore, Ok(()))), "C may ask A for ore A may lack");
    for &a in &A_HANDS[1..] {
        assert!(answers(a) == first, "C's answers changed with A holding {a:?}");
    }
}

#[test]
fn r21_offer_to_some_players_then_cancel() {
    let mut g = market(true);
    let before = g;
    play(&mut g, offer(hand(1, 0, 0, 0, 0), hand(0, 0, 0, 1, 0), set(&[D, B])));
    assert_eq!(g.to_act(), B, "C was not asked");
    play(&mut g, Action::DeclineTrade);
    assert_eq!(g.to_act(), D);
    play(&mut g, Action::DeclineTrade);
    assert_eq!(g.legal_actions(), vec![Action::CancelTrade]);
    refused(&mut g, Action::ConfirmTrade(B), RuleError::NotAccepted(B));
    refused(&mut g, Action::ConfirmTrade(C), RuleError::NotAccepted(C));
    // Everyone asked declined: closing it says so (the front end does it by itself, issue 15).
    let events = play(&mut g, Action::CancelTrade);
    assert!(has_event!(events, Event::TradeDeclined { seat: A }));
    assert_eq!(g.phase(), Phase::Main);
    for s in g.seats() {
        assert_eq!(g.view(s).hand(), before.view(s).hand());
    }
    // The turn goes on: A may offer again.
    play(&mut g, offer(hand(1, 0, 0, 0, 0), hand(0, 0, 0, 1, 0), set(&[B])));
}

fn maritime(give: Resource, get: Resource, rate: u8) -> Action {
    Action::MaritimeTrade { give, get, rate }
}

#[test]
fn r22_four_to_one_without_a_harbor() {
    let mut g = scenario().settlement(A, corner(HILLS_6, N)).hand(A, hand(4, 3, 0, 0, 0)).rolled().build().unwrap();
    refused(&mut g, maritime(Brick, Ore, 3), RuleError::BadRate(Brick, 4));
    refused(&mut g, maritime(Brick, Ore, 2), RuleError::BadRate(Brick, 4));
    refused(&mut g, maritime(Brick, Brick, 4), RuleError::SameResource);
    refused(&mut g, maritime(Lumber, Ore, 4), RuleError::LacksCards(A));
    assert_eq!(g.maritime_rate(A, Brick), 4);
    let events = play(&mut g, maritime(Brick, Ore, 4));
    assert!(has_event!(events, Event::MaritimeTraded { seat: A, .. }));
    assert_eq!(g.view(A).hand(), hand(0, 3, 0, 0, 1));
    assert_eq!(g.bank()[Brick], 19);
}

#[test]
fn r22_three_to_one_on_a_generic_harbor() {
    // Mountains 10's north corner uses the generic harbor on its north-west side (R7).
    let mut g =
        scenario().settlement(A, corner(MOUNTAINS_10, N)).hand(A, hand(0, 0, 3, 3, 0)).rolled().build().unwrap();
    assert_eq!(g.maritime_rates(A, Wool), [Some(4), Some(3), None]);
    refused(&mut g, maritime(Wool, Ore, 2), RuleError::BadRate(Wool, 3));
    // Every legal rate is offered.
    assert!(g.legal_actions().contains(&maritime(Wool, Ore, 3)));
    play(&mut g, maritime(Grain, Brick, 3));
    play(&mut g, maritime(Wool, Ore, 3));
    assert_eq!(g.view(A).hand(), hand(1, 0, 0, 0, 1));
}

#[test]
fn r22_two_to_one_on_a_resource_harbor() {
    // Pasture 2's north corner uses the grain harbor on its north-east side (R7).
    let mut g = scenario().settlement(A, corner(PASTURE_2, N)).hand(A, hand(2, 0, 0, 4, 0)).rolled().build().unwrap();
    assert_eq!(g.maritime_rates(A, Grain), [Some(4), None, Some(2)]);
    refused(&mut g, maritime(Brick, Ore, 2), RuleError::BadRate(Brick, 4));
    let legal = g.legal_actions();
    assert!(legal.contains(&maritime(Grain, Ore, 2)) && legal.contains(&maritime(Grain, Ore, 4)));
    play(&mut g, maritime(Grain, Ore, 2));
    assert_eq!(g.view(A).hand(), hand(2, 0, 0, 2, 1));
}

#[test]
fn r22_the_bank_must_hold_the_card_asked_for() {
    let mut g = scenario().hand(A, hand(4, 0, 0, 0, 0)).hand(D, hand(0, 0, 0, 0, 19)).rolled().build().unwrap();
    refused(&mut g, maritime(Brick, Ore, 4), RuleError::BankLacks(Ore));
    play(&mut g, maritime(Brick, Grain, 4));
}

/// A can build a settlement on the generic harbor at mountains 8's east side, road in place.
fn harbor_in_reach(config: Config) -> Game {
    scenario_with(config)
        .settlement(A, corner(HILLS_10, NE))
        .roads(A, &[corner(HILLS_10, NE), corner(HILLS_10, SE), corner(MOUNTAINS_8, NE)])
        .hand(A, hand(1, 1, 1, 4, 0))
        .rolled()
        .build()
        .unwrap()
}

#[test]
fn r22_a_harbor_built_this_turn_serves_at_once() {
    let mut g = harbor_in_reach(Config::default());
    play(&mut g, Action::BuildSettlement(corner(MOUNTAINS_8, NE)));
    assert_eq!(g.maritime_rate(A, Grain), 3);
    play(&mut g, maritime(Grain, Ore, 3));
}

#[test]
fn r22_strict_phases_no_trade_after_building_the_harbor() {
    let mut g = harbor_in_reach(Config { strict_phases: true, ..Config::default() });
    play(&mut g, Action::BuildSettlement(corner(MOUNTAINS_8, NE)));
    refused(&mut g, maritime(Grain, Ore, 3), RuleError::TradeAfterBuild);
}
