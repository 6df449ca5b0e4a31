//! An action and what follows it, in one place. A person's actions ([`App::apply`]) and a
//! computer player's ([`App::play_bot`]) are played on the record the same way, and then
//! [`App::after`] does everything that follows, in order: the log, the table's next question,
//! the fight's note, the hand-off, saving, the focus, the message, and the bots' turn.

use crate::bots::{self, BotLevel};
use crate::engine::{Action, Phase, Seat, Target};
use crate::tui::app::App;
use crate::tui::model::bot_job::{bot_seed, place_of};
use crate::tui::model::focus::Message;

/// Who acted: the person at the keyboard, or a computer player and the move it played.
#[derive(Clone, Copy)]
pub(in crate::tui) enum By {
    /// A person; the seat that was to act (its words are said privately to it, H1).
    Person(Seat),
    /// A computer player at its seat, and the action it played (a stand-in's if it failed).
    Bot(Seat, Action),
}

/// What playing the actions left for [`App::after`].
struct Acted {
    /// The log's length before the actions: their events come after it.
    from: usize,
    /// What an attack among them aimed at (a defending unit may have taken it, R56).
    aimed: Option<Target>,
    /// At least one action was played.
    any: bool,
    /// The first refusal, said as the text to show.
    refused: Option<String>,
}

impl App {
    /// Plays actions in order for the player at the keyboard; stops at the first refusal and
    /// says why.
    pub fn apply(&mut self, actions: Vec<Action>) {
        let by = By::Person(self.table.game().to_act());
        self.table.person_acted();
        let acted = self.play_actions(actions);
        self.after(by, acted);
    }

    /// Plays a computer player's move and what follows it. A move the rules refuse (a bot bug)
    /// must not stall the game: a random legal move is played instead, said loudly.
    pub(in crate::tui) fn play_bot(&mut self, action: Action) {
        let seat = self.table.game().to_act();
        let mut acted = self.play_actions(vec![action]);
        let mut played = action;
        if let Some(why) = acted.refused.take() {
            let mut stand_in = bots::make(BotLevel::Random, bot_seed(self.table.seed, seat) ^ acted.from as u64);
            played = stand_in.choose(self.table.game().acting_view());
            acted = Acted { from: acted.from, ..self.play_actions(vec![played]) };
            let text =
                format!("{} chose a move the rules refuse ({why}): a random move instead", self.table.label(seat));
            self.refuse(text);
        }
        self.after(By::Bot(seat, played), acted);
    }

    /// Plays actions in order on the record (a position set by hand first leaves it: it has
    /// no history to save or undo); the first refusal stops them.
    fn play_actions(&mut self, actions: Vec<Action>) -> Acted {
        if self.table.leave_hand() {
            (self.table.autosave, self.table.undoable) = (None, false);
        }
        let from = self.table.log.len();
        let aimed = actions.iter().rev().find_map(|a| match *a {
            Action::Attack { target, .. } => Some(target),
            _ => None,
        });
        let (mut any, mut refused) = (false, None);
        for a in actions {
            match self.apply_one(a) {
                Ok(()) => any = true,
                Err(why) => {
                    refused = Some(why);
                    break;
                }
            }
        }
        Acted { from, aimed, any, refused }
    }

    /// Everything that follows an action, a person's or a computer player's, in order.
    fn after(&mut self, by: By, acted: Acted) {
        let Acted { from, aimed, any, mut refused } = acted;
        // The log: each action's events went to it as it was played (`apply_one`); a person's
        // action shows the newest lines, a bot's leaves the log where it was scrolled to
        // (someone may be reading it).
        if let (By::Person(_), None) = (by, &refused) {
            self.screen.log_scroll = 0;
        }
        // The table's next question, in the phase the action left: answers given on the shared
        // screen, the passes of those who do not build (R40), the only kind of card (R45).
        if refused.is_none() {
            refused = self.play_table();
        }
        // The fight, kept on screen until the next key (R56).
        self.note_fight(from, aimed);
        // Saving: the autosave is due, and whether undo is possible now.
        if any || self.table.log.len() != from {
            self.recorded();
        }
        // Every screen settled, with the focus the next position asks for on each (and the
        // hand-off: a shared screen hides every hand, see `App::sync`).
        self.sync();
        // The message, and what the table remembers of a bot's move.
        match by {
            By::Person(seat) => self.say_person(seat, from, refused),
            By::Bot(seat, played) => {
                self.table.last = Some((played, place_of(played)));
                if matches!(played, Action::OfferTrade { .. }) {
                    self.table.offered = Some((self.table.game().turn_number(), seat));
                }
                self.say_bot(from);
            }
        }
        // The bots' turn: the next computer player starts thinking now, while this is shown.
        self.arm_bots();
    }

    /// A person's message: the refusal, or what just happened, privately only while the same
    /// player keeps the keyboard (H1).
    fn say_person(&mut self, seat: Seat, from: usize, refused: Option<String>) {
        if let Some(why) = refused {
            return self.refuse(why);
        }
        let shown = if self.screen.keyboard.guarded.is_some() { None } else { Some(seat) };
        let said = crate::tui::view::describe::texts(&self.scene(), &self.table.log[from..], shown);
        if !said.is_empty() {
            self.screen.message = Some(Message { text: said.join(" · "), error: false });
        }
    }

    /// A bot's move said as the player at the keyboard may see it (H2). The status line shows
    /// the move while bots play, unless it holds a refusal or a failure, which stays until the
    /// next key; once a person must act it goes back to asking them (the log keeps the moves).
    fn say_bot(&mut self, from: usize) {
        if self.screen.message.as_ref().is_some_and(|m| m.error) {
            return;
        }
        let viewer = self.screen.viewer.filter(|_| self.screen.keyboard.handoff.is_none());
        let said = crate::tui::view::describe::texts(&self.scene(), &self.table.log[from..], viewer);
        self.screen.message = (self.screen.keyboard.bot_seat.is_some() && !said.is_empty())
            .then(|| Message { text: said.join(" · "), error: false });
    }

    /// Plays what the table settled on its shared screens as each one's moment comes, asked in
    /// the phase it belongs to: answers given to an offer (and an offer every asked player
    /// declined closes by itself, issue 15: play comes back to the player who made it; the
    /// answers are public, so nothing is hidden by it), the passes of those who do not build
    /// (R40), the only kind of card a building gives (R45). Nothing to ask in the other phases.
    fn play_table(&mut self) -> Option<String> {
        loop {
            let logged = self.table.log.len();
            match self.table.game().phase() {
                Phase::Trade { .. } => {
                    if let Some(why) = self.play_given() {
                        return Some(why);
                    }
                    if self.all_declined() {
                        let _ = self.apply_one(Action::CancelTrade);
                    }
                }
                Phase::SpecialBuilding { .. } => {
                    self.ask_builders();
                    if let Some(why) = self.pass_unchosen() {
                        return Some(why);
                    }
                }
                Phase::Plenty { .. } => self.take_the_only_kind(),
                _ => return None,
            }
            if self.table.log.len() == logged {
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
        let Phase::Plenty { seat, .. } = self.table.game().phase() else { return };
        if self.table.level(seat).is_some() {
            return;
        }
        let kinds: Vec<Action> =
            self.table.legal().iter().copied().filter(|a| matches!(a, Action::TakeCard(_))).collect();
        if let [only] = kinds[..] {
            let _ = self.apply_one(only);
        }
    }
}
