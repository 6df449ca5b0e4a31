//! The expert player: the coach's first move ([`advice::advise_with`]) played as a seat, the
//! level above [`super::HardBot`]. It sees what every bot sees, its seat's view and the legal
//! actions, and decides as the advice panel would advise a person in its seat: the advice's
//! groups ranked one move deep, the best [`advice::CANDIDATES`] played out in worlds dealt
//! afresh from the view and judged by the chance model ([`advice::chance`]).
//!
//! Time: a decision searches [`advice::WORLDS`] worlds, within the advice's own
//! [`advice::BUDGET`] or the time set with [`Bot::set_time`], whichever is shorter (the first
//! world is always played out). Below [`QUICK_BELOW`] of time it plays the tip's search
//! instead ([`advice::Settings::quick`]: three groups in six worlds), which answers in a few
//! milliseconds. Its decisions depend on the view alone while the time is out of reach (the
//! advice deals its worlds from a fixed seed), so twins that differ only in what the seat
//! cannot see get the same move. Domestic offers are answered as the medium player answers
//! them (the advice would weigh a counter it never makes).
//!
//! When the advice's best move is an offer to a player (issue 48: before, an offer, which is
//! not among the legal actions, made it play the first legal action, which in the main phase
//! ends the turn), it makes the offer, waits for the answers, takes the trade if it was
//! accepted or withdraws it, and plays on. It remembers the turn as the advice at the table
//! does: an offer declined is not made again to those who declined on the same or worse
//! terms ([`advice::known::Known::turned_down`]), and it makes at most
//! [`crate::bots::OFFERS_PER_TURN`] offers a turn; people it asks at most once a turn, and
//! never when the table's setting turns bots' offers to people off ([`Bot::set_people`]).

use std::time::Duration;

use crate::engine::{Action, ActionList, Answer, Phase, PlayerView, SeatSet};

use super::advice::known::{self, Declined, Known};
use super::advice::{self, Settings};
use super::medium::MediumBot;
use super::{Bot, BotLevel};

/// Below this much time a decision plays the tip's search ([`Settings::quick`]).
pub const QUICK_BELOW: Duration = Duration::from_millis(50);

/// The expert player; see the module documentation.
#[derive(Clone, Debug)]
pub struct ExpertBot {
    actions: ActionList,
    budget: Duration,
    /// Worlds per decision, and whether the advice's own budget caps the time (it does unless
    /// [`ExpertBot::with_worlds`] says how many worlds).
    worlds: u32,
    capped: bool,
    /// Answers domestic trade offers, and closes its own.
    medium: MediumBot,
    /// The turn remembered: its offers declined this turn, and how many it made.
    turn: u32,
    declined: Known,
    offered: u8,
    /// The seats people play, whether the bot may offer them trades, and whether it asked
    /// people this turn: as the other bots, at most once a turn (issues 33, 42).
    people: SeatSet,
    to_people: bool,
    asked_people: bool,
}

impl ExpertBot {
    /// An expert player; `seed` seeds only its answers to offers (the advice's worlds are
    /// dealt from the view).
    pub fn new(seed: u64) -> ExpertBot {
        ExpertBot {
            actions: ActionList::new(),
            budget: super::hard::DEFAULT_TIME,
            worlds: advice::WORLDS,
            capped: true,
            medium: MediumBot::new(seed ^ 0xE5),
            turn: u32::MAX,
            declined: known::NOTHING,
            offered: 0,
            people: SeatSet::default(),
            to_people: true,
            asked_people: false,
        }
    }

    /// The same player searching `worlds` worlds a decision within the whole time set with
    /// [`Bot::set_time`] (not the advice's budget): with that time out of reach, every decision
    /// is a function of the view alone.
    pub fn with_worlds(mut self, worlds: u32) -> ExpertBot {
        (self.worlds, self.capped) = (worlds.max(1), false);
        self
    }

    /// The search each decision makes with the time it has.
    pub fn settings(&self) -> Settings {
        if self.budget < QUICK_BELOW {
            return Settings::quick();
        }
        let budget = if self.capped { self.budget.min(advice::BUDGET) } else { self.budget };
        Settings { worlds: self.worlds, budget, ..Settings::default() }
    }
}

impl Bot for ExpertBot {
    fn choose(&mut self, view: PlayerView<'_>) -> Action {
        self.remember(&view);
        if let Some(action) = super::unsearched(&view, &mut self.actions, &mut self.medium) {
            return action;
        }
        // Its own seat plays the advice's first move; the others are not known (read as medium).
        let table = advice::chance::Table::coached(view.seat());
        let settings = Settings { table, known: self.declined, ..self.settings() };
        let advice = advice::advise_with(&view, &[], settings);
        let offers_left = self.offered < super::OFFERS_PER_TURN;
        let pick = advice.moves.iter().map(|m| m.action).find(|&a| match a {
            // An offer is the first of its steps: made, it waits for the answers.
            Action::OfferTrade { to, .. } => {
                let asks_people = to.0 & self.people.0 != 0;
                offers_left && !(asks_people && (!self.to_people || self.asked_people)) && view.check(a).is_ok()
            }
            _ => self.actions.contains(&a),
        });
        match pick {
            Some(a) => {
                if let Action::OfferTrade { to, .. } = a {
                    self.offered += 1;
                    self.asked_people |= to.0 & self.people.0 != 0;
                }
                a
            }
            // The advice names only legal moves; a bot never plays one it can't.
            None => self.actions[0],
        }
    }

    fn level(&self) -> BotLevel {
        BotLevel::Expert
    }

    fn set_time(&mut self, budget: Duration) {
        self.budget = budget;
    }

    fn set_people(&mut self, people: SeatSet, offer_to_people: bool) {
        (self.people, self.to_people) = (people, offer_to_people);
        self.medium.set_people(people, offer_to_people);
    }
}

impl ExpertBot {
    /// Keeps the turn: a new turn forgets the last one's offers; an offer of its own whose
    /// answers are in notes who declined or countered it.
    fn remember(&mut self, view: &PlayerView<'_>) {
        if view.turn_number() != self.turn {
            (self.turn, self.declined, self.offered) = (view.turn_number(), known::NOTHING, 0);
            self.asked_people = false;
        }
        let me = view.seat();
        if let Phase::Trade { give, get, answers } = view.phase()
            && view.current_player() == me
        {
            let by = view
                .seats()
                .filter(|s| matches!(answers[s.index()], Answer::Decline | Answer::Counter { .. }))
                .fold(SeatSet::default(), SeatSet::with);
            if !by.is_empty() {
                self.declined.note(Declined { maker: me, give, get, by });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn little_time_plays_the_tips_search() {
        let mut bot = ExpertBot::new(1);
        bot.set_time(Duration::from_millis(10));
        assert_eq!(bot.settings().worlds, advice::QUICK_WORLDS);
        bot.set_time(Duration::from_secs(1));
        assert_eq!(bot.settings().worlds, advice::WORLDS);
        assert_eq!(bot.settings().budget, advice::BUDGET);
    }
}
