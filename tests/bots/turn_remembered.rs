//! Issue 48: the coach remembers the turn (an offer declined this turn is not advised again to
//! those who declined it), a forced move reads +0, no undecided moment reads 100%, and the
//! expert player makes the offers the advice ranks first instead of ending its turn.

use std::time::Duration;

use catan::bots::advice::chance::Table;
use catan::bots::advice::{Settings, TOP, advise_with, known};
use catan::bots::{self, BotLevel};
use catan::engine::{Action, Answer, Config, Event, Game, Hand, Resource, Seat, SeatSet};

const UNTIMED: Settings = Settings {
    worlds: 24,
    budget: Duration::from_secs(600),
    candidates: 6,
    table: Table::UNKNOWN,
    known: known::NOTHING,
};

fn record(name: &str) -> catan::save::Record {
    catan::save::from_json(&std::fs::read(format!("tests/fixtures/panel/{name}")).unwrap()).unwrap()
}

/// The panel's "declined offer 3": Dee offered 1 lumber for 1 wool, Ann, Bob and Cy declined;
/// before, the first line was the same offer to Ann, "+5".
#[test]
fn issue48_an_offer_declined_this_turn_is_not_advised_again_to_those_who_declined() {
    let record = record("game-4802.json");
    let step = 63;
    let game = record.game_at(step);
    let view = game.acting_view();
    let log = catan::save::Timeline::new(&record);
    let seen = known::known(view.seat(), game.config(), log.log_until(step));
    let wool = Hand::of(Resource::Wool, 1);
    let lumber = Hand::of(Resource::Lumber, 1);
    for s in [Seat(0), Seat(1), Seat(2)] {
        assert!(seen.turned_down(s, lumber, wool), "{s:?} declined 1 lumber for 1 wool");
        // Better terms for them are not turned down.
        assert!(!seen.turned_down(s, Hand::new([0, 2, 0, 0, 0]), wool));
    }
    let offered = |known| {
        let advice = advise_with(&view, record.names(), Settings { known, ..UNTIMED });
        advice
            .moves
            .iter()
            .any(|m| matches!(m.action, Action::OfferTrade { get, give, .. } if get == wool && give == lumber))
    };
    assert!(offered(known::NOTHING), "without the log, the same offer is advised again");
    assert!(!offered(seen), "with it, not");
}

/// The turn is forgotten when it ends.
#[test]
fn issue48_a_new_turn_forgets_the_last_ones_declines() {
    let (ann, bob) = (Seat(0), Seat(1));
    let one = Hand::of(Resource::Ore, 1);
    let two = Hand::of(Resource::Brick, 1);
    let mut log = vec![
        Event::TradeOffered { seat: ann, give: one, get: two, to: SeatSet::default().with(bob) },
        Event::TradeAnswered { seat: bob, answer: Answer::Decline },
        Event::TradeDeclined { seat: ann },
    ];
    assert!(known::known(ann, &Config::default(), &log).turned_down(bob, one, two));
    log.push(Event::TurnStarted { seat: bob, number: 9 });
    assert!(!known::known(ann, &Config::default(), &log).turned_down(bob, one, two));
}

/// A forced roll changes nothing: it reads +0 (the issue saw "+5"), and a move that doesn't win
/// at once never reads 100%.
#[test]
fn issue48_a_forced_move_reads_no_change_and_nothing_undecided_reads_100_percent() {
    let record = record("game-4800.json");
    let game = record.game_at(23);
    let advice = advise_with(&game.acting_view(), record.names(), UNTIMED);
    assert_eq!(advice.moves.len(), 1);
    assert_eq!(advice.moves[0].change, 0.0, "{advice:?}");
    let war = record_at("game-4865.json", 141);
    let advice = advise_with(&war.acting_view(), &[], UNTIMED);
    assert!(advice.moves.iter().all(|m| m.chance <= TOP), "{:?}", advice.moves);
}

fn record_at(name: &str, step: usize) -> Game {
    record(name).game_at(step)
}

/// Before, when the advice's best was an offer, `expert` played the first legal action, which
/// in the main phase ends the turn. Against three medium players (who answer offers), over the
/// first turns of a few games: the expert makes offers, and every offer it makes is one the
/// advice ranks (never the same terms twice to a seat that declined them in the turn).
#[test]
fn issue48_the_expert_makes_the_offers_it_is_advised() {
    let mut offers = 0;
    for seed in 0..3u64 {
        let mut game = Game::new(Config::default(), 900 + seed).unwrap();
        let mut seats: Vec<_> =
            (0..4)
                .map(|s| {
                    if s == 0 { bots::make(BotLevel::Expert, seed) } else { bots::make(BotLevel::Medium, seed * 4 + s) }
                })
                .collect();
        seats[0].set_time(Duration::from_millis(60));
        let mut declined: Vec<(u32, Hand, Hand, SeatSet)> = Vec::new();
        let mut open = None;
        while !game.is_over() && game.turn_number() < 40 {
            let seat = game.to_act();
            let action = seats[seat.index()].choose(game.view(seat));
            if seat == Seat(0)
                && let Action::OfferTrade { give, get, to } = action
            {
                offers += 1;
                let turn = game.turn_number();
                assert!(
                    !declined.iter().any(|&(t, g, w, by)| t == turn && g == give && w == get && by.0 & to.0 != 0),
                    "the same offer again to a seat that declined it this turn"
                );
                open = Some((give, get));
            }
            for e in game.apply(action).unwrap() {
                if let (Event::TradeAnswered { seat: s, answer: Answer::Decline }, Some((give, get))) = (e, open) {
                    declined.push((game.turn_number(), give, get, SeatSet::default().with(s)));
                }
            }
        }
    }
    assert!(offers > 0, "the expert made no offer in 40 turns of three games");
}

/// The expert offers people a trade at most once a turn, and never when the table's setting
/// turns bots' offers to people off (issues 33 and 42, as the other bots).
#[test]
fn issue48_the_expert_asks_people_once_a_turn_and_never_when_told_not_to() {
    let people = SeatSet::default().with(Seat(1)).with(Seat(2)).with(Seat(3));
    for on in [true, false] {
        let mut asked: Vec<u32> = Vec::new();
        let mut game = Game::new(Config::default(), 77).unwrap();
        let mut seats: Vec<_> = (0..4)
            .map(|s| if s == 0 { bots::make(BotLevel::Expert, 5) } else { bots::make(BotLevel::Medium, 50 + s) })
            .collect();
        seats[0].set_time(Duration::from_millis(60));
        seats[0].set_people(people, on);
        while !game.is_over() && game.turn_number() < 30 {
            let seat = game.to_act();
            let action = seats[seat.index()].choose(game.view(seat));
            if seat == Seat(0)
                && let Action::OfferTrade { to, .. } = action
            {
                assert!(on, "an offer to people with the setting off");
                assert!(!asked.contains(&game.turn_number()), "people asked twice in turn {}", game.turn_number());
                assert!(to.0 & people.0 != 0);
                asked.push(game.turn_number());
            }
            game.apply(action).unwrap();
        }
    }
}
