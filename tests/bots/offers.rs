//! Issue 33, item 12: a bot at the table offers people a trade only for a build that scores, not
//! on terms they declined within the last round, at most once in its turn (the table's limit),
//! and not at all when the setting turns bots' offers to people off.

use catan::bots::{self, Bot, BotLevel};
use catan::engine::{Action, Config, Game, Phase, Seat, SeatSet};

/// How a bot at seat 0 is told about the people at seats 1 and 2.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Table {
    /// As before issue 33: no word of people.
    Before,
    /// The people named, offers to them on.
    After,
    /// The people named, the setting off.
    Off,
}

/// Over `turns` turns of a medium bot at seat 0 (the others medium bots standing in for people
/// who decline every offer of seat 0), the turns in which it offered the people a trade. As at
/// the table, a bot offers once in its turn.
fn offers_to_people(table: Table, turns: u32) -> u32 {
    let people = SeatSet::default().with(Seat(1)).with(Seat(2));
    let (mut offered, mut bot_turns, mut seed) = (0, 0, 0u64);
    while bot_turns < turns {
        let mut game = Game::new(Config::with_players(3), seed).unwrap();
        let mut seats: Vec<Box<dyn Bot>> = (0..3).map(|s| bots::make(BotLevel::Medium, seed * 8 + s)).collect();
        if table != Table::Before {
            seats[0].set_people(people, table == Table::After);
        }
        let (mut last_offer, mut last_turn) = (None, None);
        while !game.is_over() && game.turn_number() < 400 && bot_turns < turns {
            let view = game.acting_view();
            let seat = view.seat();
            if seat == Seat(0) && view.phase() == Phase::Main && last_turn != Some(game.turn_number()) {
                last_turn = Some(game.turn_number());
                bot_turns += 1;
            }
            seats[seat.index()].set_offers(seat == Seat(0) && last_offer != Some(game.turn_number()));
            let mut action = seats[seat.index()].choose(view);
            if matches!(game.phase(), Phase::Trade { .. }) && game.current_player() == Seat(0) && seat != Seat(0) {
                action = Action::DeclineTrade;
            }
            if let Action::OfferTrade { to, .. } = action {
                last_offer = Some(game.turn_number());
                offered += u32::from(to.0 & people.0 != 0);
            }
            game.apply(action).unwrap();
        }
        seed += 1;
    }
    offered
}

#[test]
fn issue33_a_bot_offers_people_fewer_trades_and_none_when_told_not_to() {
    let before = offers_to_people(Table::Before, 200);
    let after = offers_to_people(Table::After, 200);
    let off = offers_to_people(Table::Off, 200);
    println!("offers to people over 200 bot turns: before {before}, after {after}, setting off {off}");
    assert!(after * 2 <= before, "at most half as many: before {before}, after {after}");
    assert_eq!(off, 0);
}

/// Issue 42: by itself (its offers left on, no table limit), a bot offers people only a trade
/// that completes a settlement or a city for it, at most once in its turn, and never again terms
/// everyone declined earlier in the game. Here everyone declines seat 0's offers.
#[test]
fn issue42_a_bot_offers_people_once_a_turn_and_never_again_terms_declined() {
    let people = SeatSet::default().with(Seat(1)).with(Seat(2));
    let (mut offered, mut bot_turns) = (0, 0);
    for seed in 0..40u64 {
        let mut game = Game::new(Config::with_players(3), seed).unwrap();
        let mut seats: Vec<Box<dyn Bot>> = (0..3).map(|s| bots::make(BotLevel::Medium, seed * 8 + s)).collect();
        seats[0].set_people(people, true);
        seats[0].set_offers(true);
        let (mut declined, mut offer_turn, mut last_turn) = (Vec::new(), None, None);
        let costs = game.config().costs;
        while !game.is_over() && game.turn_number() < 400 && bot_turns < 300 {
            let view = game.acting_view();
            let seat = view.seat();
            if seat == Seat(0) && view.phase() == Phase::Main && last_turn != Some(game.turn_number()) {
                last_turn = Some(game.turn_number());
                bot_turns += 1;
            }
            let hand = view.hand();
            let mut action = seats[seat.index()].choose(view);
            if matches!(game.phase(), Phase::Trade { .. }) && game.current_player() == Seat(0) && seat != Seat(0) {
                action = Action::DeclineTrade;
            }
            if let Action::OfferTrade { give, get, to } = action
                && to.0 & people.0 != 0
            {
                let turn = game.turn_number();
                assert_ne!(offer_turn, Some(turn), "seed {seed}: a second offer to people in turn {turn}");
                assert!(!declined.contains(&(give, get)), "seed {seed} turn {turn}: {give} for {get} again");
                let mut after = hand;
                after.sub(&give);
                after.add(&get);
                let completes = after.contains(&costs.city) || after.contains(&costs.settlement);
                assert!(completes, "seed {seed} turn {turn}: {give} for {get} completes no build from {hand}");
                (offer_turn, offered) = (Some(turn), offered + 1);
                declined.push((give, get));
            }
            game.apply(action).unwrap();
        }
    }
    println!("offers to people over {bot_turns} bot turns: {offered}");
    assert!(bot_turns >= 300 && offered > 0, "{offered} offers in {bot_turns} bot turns");
}
