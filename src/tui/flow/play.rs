//! Playing actions: the player's and the table's, recorded for saves and undo, and the focus
//! the next position asks for.

use crate::engine::{Action, Phase, RuleError};
use crate::tui::app::App;
use crate::tui::model::dialog::{Dialog, PickFor, Picker};
use crate::tui::model::focus::{Focus, Message};
use crate::tui::model::selection::{Purpose, Selection};

impl App {
    /// Plays actions in order for the player at the keyboard; stops at the first refusal and
    /// says why.
    pub fn apply(&mut self, actions: Vec<Action>) {
        let viewer = self.game().to_act();
        let before = self.log.len();
        self.table.person_acted();
        if let Some(why) = self.play(actions) {
            return self.refuse(why);
        }
        self.log_scroll = 0;
        // What just happened, privately only while the same player keeps the keyboard (H1).
        let shown = if self.guarded().is_some() { None } else { Some(viewer) };
        let said = crate::tui::view::describe::texts(self.scene(), &self.log[before..], shown);
        if !said.is_empty() {
            self.message = Some(Message { text: said.join(" · "), error: false });
        }
    }

    /// Plays a computer player's action (the caller says what it did); a refusal comes back as
    /// the text to show. The log stays where it was scrolled to: someone may be reading it.
    pub(in crate::tui) fn apply_as_bot(&mut self, action: Action) -> Result<(), String> {
        self.play(vec![action]).map_or(Ok(()), Err)
    }

    /// Plays actions in order, recorded, and sets the focus that follows; the first refusal
    /// stops it and comes back as the text to show.
    fn play(&mut self, actions: Vec<Action>) -> Option<String> {
        // A position set by hand (a test's scenario) is not the record's: it has no history to
        // save or undo, so it is played without one.
        if self.played().leave_hand() {
            (self.autosave, self.undoable) = (None, false);
        }
        let (mut refused, mut any) = (None, false);
        let logged = self.log.len();
        let aimed = actions.iter().rev().find_map(|a| match *a {
            Action::Attack { target, .. } => Some(target),
            _ => None,
        });
        for a in actions {
            match self.apply_one(a) {
                Ok(()) => any = true,
                Err(why) => {
                    refused = Some(why);
                    break;
                }
            }
        }
        // Issue 15: an offer every asked player declined closes by itself, and play comes back
        // to the player who made it (a line in the log says so). Nothing is hidden by it: the
        // answers are public.
        if refused.is_none() {
            refused = self.play_table();
        }
        if refused.is_none() && self.all_declined() {
            let _ = self.apply_one(Action::CancelTrade);
        }
        self.note_fight(logged, aimed);
        // A shared screen hides every hand, and the player who acts after it takes the
        // keyboard again (H1).
        if self.sharing_offer() || self.asking_builders() {
            self.viewer = None;
        }
        if any || self.log.len() != logged {
            self.recorded();
        }
        self.sync();
        refused
    }

    /// Plays what the table settled on its shared screens as each one's moment comes: answers
    /// given to an offer, and the passes of those who do not build (R40).
    fn play_table(&mut self) -> Option<String> {
        loop {
            let logged = self.log.len();
            self.take_the_only_kind();
            self.ask_builders();
            if let Some(why) = self.play_given().or_else(|| self.pass_unchosen()) {
                return Some(why);
            }
            if self.log.len() == logged {
                return None;
            }
        }
    }

    /// R45 (no robber): a person's building that gives one kind has nothing to choose, so its
    /// cards are taken at once (issue 33: one step, no dialog or hand-off for it). Bots take
    /// theirs as they choose.
    fn take_the_only_kind(&mut self) {
        // One card a call: the next card may be for another building (the loop of
        // `play_table` calls again while something happens).
        let Phase::Plenty { seat, .. } = self.game().phase() else { return };
        if self.table.level(seat).is_some() {
            return;
        }
        let kinds: Vec<Action> = self.legal().iter().copied().filter(|a| matches!(a, Action::TakeCard(_))).collect();
        if let [only] = kinds[..] {
            let _ = self.apply_one(only);
        }
    }

    /// Plays one action, through the record when there is one (so it is kept for saves and
    /// undo; the game shown is the record's own, there is no copy); its events go to the log,
    /// and a refusal comes back as the text to show.
    pub(in crate::tui) fn apply_one(&mut self, a: Action) -> Result<(), String> {
        match self.played().apply(a) {
            Ok(events) => {
                self.log.extend(events);
                Ok(())
            }
            Err(RuleError::CannotAfford { what, cost }) => Err(self.cannot_afford(what, cost)),
            Err(e) => Err(e.to_string()),
        }
    }

    /// "a city costs 2 grain, 3 ore; you have 1 grain, 0 ore": what is missing, said with
    /// the cards of the player who has the keyboard (only they see it).
    pub(in crate::tui) fn cannot_afford(&self, what: &str, cost: crate::engine::Hand) -> String {
        let hand = self.acting_view().hand();
        let have: Vec<String> = cost.resources().map(|r| format!("{} {r}", hand[r])).collect();
        format!("{what} costs {cost}; you have {}", have.join(", "))
    }

    /// Sets the focus the game's phase asks for, for the player who has the keyboard.
    pub(in crate::tui) fn sync(&mut self) {
        self.focus = Focus::Idle;
        // An answer belongs to one offer (H4): once the offer is closed, what was said to it
        // on the shared screen is forgotten, so the next offer starts with no answers.
        if !matches!(self.game().phase(), Phase::Trade { .. }) {
            self.offer_table.clear();
        }
        self.ask_builders();
        if self.guarded().is_some() || self.game().is_over() || self.bot_seat().is_some() {
            return;
        }
        let seat = self.game().to_act();
        let near = self.last_target;
        self.focus = match self.game().phase() {
            Phase::Setup { settlement: None, .. } => {
                Focus::Select(Selection::among(self.game(), &self.legal(), Purpose::Settlement, near, false), None)
            }
            Phase::Setup { .. } | Phase::RoadBuilding { .. } => {
                Focus::Select(Selection::among(self.game(), &self.legal(), Purpose::Road, near, false), None)
            }
            Phase::Robber => self.robber_focus(),
            Phase::Discard { remaining } => {
                Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Discard(remaining[seat.index()]))))
            }
            Phase::Trade { .. } => self.trade_focus(seat),
            Phase::Plenty { .. } => Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Plenty).first_row(self.game()))),
            Phase::Roll | Phase::Main | Phase::SpecialBuilding { .. } | Phase::Over { .. } => Focus::Idle,
        };
    }
}
