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

use std::time::Duration;

use crate::engine::{ActionList, PlayerView};

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
    /// Answers domestic trade offers.
    medium: MediumBot,
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
    fn choose(&mut self, view: PlayerView<'_>) -> crate::engine::Action {
        if let Some(action) = super::unsearched(&view, &mut self.actions, &mut self.medium) {
            return action;
        }
        // Its own seat plays the advice's first move; the others are not known (read as medium).
        let settings = Settings { table: advice::chance::Table::coached(view.seat()), ..self.settings() };
        let advice = advice::advise_with(&view, &[], settings);
        match advice.moves.first() {
            Some(m) if self.actions.contains(&m.action) => m.action,
            // The advice names only legal moves; a bot never plays one it can't.
            _ => self.actions[0],
        }
    }

    fn level(&self) -> BotLevel {
        BotLevel::Expert
    }

    fn set_time(&mut self, budget: Duration) {
        self.budget = budget;
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
