//! The medium player: catanatron's `ValueFunctionPlayer`, a one-move lookahead. For each legal
//! action it plays the action on a copy of the game and keeps the one whose result the value
//! function ([`super::value`]) likes best, the first on a tie, as catanatron does.
//!
//! Unlike catanatron's, it never sees the real game: the copy is a game dealt from its seat's
//! view ([`PlayerView::determinize`]), once per decision, so the cards a steal or a bought card
//! gives, and the dice of a roll, are samples of what the seat cannot know.
//!
//! Domestic trade, which catanatron's player never meets: when offers are on
//! ([`Bot::set_offers`]) it offers a spare card or two for the one a build lacks
//! ([`super::offer`]), and it answers an offer
//! by comparing the value of its hand before and after the trade, or counters it when other
//! terms would raise that value more ([`offer::counter`]); it declines whenever the offerer is
//! within two points of the target.

use crate::engine::{Action, ActionList, Game, Phase, PlayerView};

use super::fight;
use super::offer::{self, Offers};
use super::random::SplitMix64;
use super::value::{DEFAULT_WEIGHTS, Features, Weights};
use super::{Bot, BotLevel};

/// The one-move lookahead player; see the module documentation.
#[derive(Clone, Debug)]
pub struct MediumBot {
    rng: SplitMix64,
    actions: ActionList,
    weights: Weights,
    offers: Offers,
}

impl MediumBot {
    /// A medium player with catanatron's default weights, seeded for repeatable games.
    pub fn new(seed: u64) -> MediumBot {
        MediumBot::with_weights(seed, DEFAULT_WEIGHTS)
    }

    /// A medium player with other weights.
    pub fn with_weights(seed: u64, weights: Weights) -> MediumBot {
        MediumBot { rng: SplitMix64::new(seed), actions: ActionList::new(), weights, offers: Offers::default() }
    }

    /// Counter an offer when a counter raises the value of the hand more than the offer does
    /// ([`offer::counter`]), else accept one that raises it; decline when the offerer is near
    /// winning.
    fn answer(&self, view: &PlayerView<'_>, world: &Game) -> Action {
        let Phase::Trade { give, get, .. } = view.phase() else { return Action::DeclineTrade };
        if super::near_win(view, view.current_player()) {
            return Action::DeclineTrade;
        }
        let me = view.seat();
        let value = |h| Features::with_hand(world, me, h).value(&self.weights);
        if let Some(counter) = offer::counter(view, value) {
            return counter;
        }
        if !self.actions.contains(&Action::AcceptTrade) {
            return Action::DeclineTrade;
        }
        let hand = view.hand();
        let mut after = hand;
        after.sub(&get);
        after.add(&give);
        if value(after) > value(hand) { Action::AcceptTrade } else { Action::DeclineTrade }
    }
}

impl Bot for MediumBot {
    fn choose(&mut self, view: PlayerView<'_>) -> Action {
        view.legal_actions_into(&mut self.actions);
        super::keep_payable(&view, &mut self.actions);
        assert!(!self.actions.is_empty(), "a bot is asked only when its seat must act");
        if self.actions.len() == 1 {
            return self.actions[0];
        }
        if let Some(action) = Offers::close(&view).or_else(|| self.offers.next(&view)) {
            return action;
        }
        let me = view.seat();
        let world = view.determinize(&mut self.rng);
        if matches!(view.phase(), Phase::Trade { .. }) && view.current_player() != me {
            return self.answer(&view, &world);
        }
        let mut best = (f64::NEG_INFINITY, self.actions[0]);
        for &action in self.actions.iter() {
            // An attack (R56) is valued over both outcomes; every other action by its one.
            let value = fight::expected(&world, action, |next| Features::of(next, me).value(&self.weights));
            if value > best.0 {
                best = (value, action);
            }
        }
        best.1
    }

    fn level(&self) -> BotLevel {
        BotLevel::Medium
    }

    fn set_offers(&mut self, on: bool) {
        self.offers.on = on;
    }

    fn set_people(&mut self, people: crate::engine::SeatSet, offer_to_people: bool) {
        (self.offers.people, self.offers.to_people) = (people, offer_to_people);
    }

    fn recall_offers(&mut self, me: crate::engine::Seat, log: &[crate::engine::Event]) {
        self.offers.recall(me, log);
    }
}
