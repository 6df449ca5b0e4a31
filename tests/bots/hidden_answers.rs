//! Answers to an offer read no hidden hand (issue 42): what a counter-offer asks of the offerer
//! is taken at its maker's word (H4a), and an accept shows nothing (H4). So at every answer and
//! every accept of seeded games, re-dealing the cards the deciding seat can't see
//! ([`hidden::redeal`]) leaves the bots' choices and the advice as they were.

use std::time::Duration;

use crate::support::hidden;
use catan::bots::advice::{Settings, advise_with};
use catan::bots::{Bot, HardBot, MediumBot};
use catan::engine::{Action, Answer, Config, Game, Phase};

/// Few worlds and a budget out of reach: the advice is a function of the view alone.
const SETTINGS: Settings = Settings {
    worlds: 2,
    budget: Duration::from_secs(600),
    candidates: 3,
    table: catan::bots::advice::chance::Table::UNKNOWN,
    known: catan::bots::advice::known::NOTHING,
};

/// The moments of seeded games of medium players offering trades that `pick` asks about, with
/// the bot of the seat to act as it was then; at most `most` of them.
fn moments(pick: impl Fn(&Game) -> bool, most: usize) -> Vec<(Game, MediumBot)> {
    let mut out = Vec::new();
    for seed in 0..40u64 {
        let mut game = Game::new(Config::default(), seed).unwrap();
        let mut seats: Vec<MediumBot> = game.seats().map(|s| MediumBot::new(seed * 8 + s.0 as u64)).collect();
        seats.iter_mut().for_each(|b| b.set_offers(true));
        while !game.is_over() && game.turn_number() < 200 {
            let seat = game.to_act();
            if pick(&game) {
                out.push((game, seats[seat.index()].clone()));
                if out.len() == most {
                    return out;
                }
            }
            let action = seats[seat.index()].choose(game.acting_view());
            game.apply(action).unwrap();
        }
    }
    out
}

/// H4a: a bot's answer to an offer, a counter-offer included, is the same whatever the offerer
/// (and every other seat) holds beyond what the offer shows.
#[test]
fn h4a_a_bots_answer_and_counter_are_the_same_whatever_the_offerer_holds() {
    let answering = |g: &Game| matches!(g.phase(), Phase::Trade { .. }) && g.to_act() != g.current_player();
    let (mut counters, mut redealt) = (0, 0);
    for (game, bot) in moments(answering, 300) {
        let seat = game.to_act();
        let chosen = bot.clone().choose(game.acting_view());
        counters += usize::from(matches!(chosen, Action::CounterTrade { .. }));
        for k in 0..3 {
            let other = hidden::redeal(&game, seat, k);
            redealt += usize::from(other.view(game.current_player()).hand() != game.view(game.current_player()).hand());
            assert_eq!(bot.clone().choose(other.acting_view()), chosen, "turn {}", game.turn_number());
        }
    }
    assert!(counters >= 3 && redealt >= 100, "{counters} counters, {redealt} offerers' hands re-dealt");
}

/// H4: an accept shows nothing of the accepter's hand. At accept moments (an answer in is an
/// accept), the advice for the seat to act and the medium and hard players' choices are the
/// same whatever the accepter holds.
#[test]
fn h4_an_accept_shows_nothing_to_the_advice_or_the_bots() {
    let accepted = |g: &Game| matches!(g.phase(), Phase::Trade { answers, .. } if answers.contains(&Answer::Accept));
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
    let at = moments(accepted, 12);
    assert_eq!(at.len(), 12, "accept moments found");
    for (game, bot) in at {
        let seat = game.to_act();
        let advice = advise_with(&game.acting_view(), &names, SETTINGS);
        let chosen = bot.clone().choose(game.acting_view());
        let hard = |g: &Game| {
            let mut hard = HardBot::new(7).with_worlds(2);
            hard.set_time(Duration::from_secs(60));
            hard.choose(g.acting_view())
        };
        let hard_chosen = hard(&game);
        for k in 0..2 {
            let other = hidden::redeal(&game, seat, k);
            let turn = game.turn_number();
            assert_eq!(advise_with(&other.acting_view(), &names, SETTINGS), advice, "advice, turn {turn}");
            assert_eq!(bot.clone().choose(other.acting_view()), chosen, "medium, turn {turn}");
            assert_eq!(hard(&other), hard_chosen, "hard, turn {turn}");
        }
    }
}
