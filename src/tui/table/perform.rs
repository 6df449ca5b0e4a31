//! One place the game changes: [`Table::perform`] plays a person's actions on the record, and
//! [`Table::perform_bot`] a computer player's, and both then play what the table asks for
//! itself in the position they leave (the answers given on a shared screen, the passes of
//! those who do not build, the only kind of card) and keep what follows from the record (the
//! autosave due, undo, the story, the questions of the phase), and the answers given ahead
//! of their turn on the seats' own screens ([`Table::answer_ahead`]). What each screen shows of it
//! follows in `App::after` (app/aftermath.rs): the table knows nothing of screens.

use crate::bots::{self, BotLevel};
use crate::engine::{Action, Hand, Phase, RuleError, Seat, SeatSet, Target};
use crate::tui::table::Table;
use crate::tui::table::ahead;
use crate::tui::table::bot_job::bot_seed;
use crate::tui::table::builders::{Builders, may_build};
use crate::tui::table::game_story::StoryChart;
use crate::tui::table::offers::Choice;

/// What performing actions did, for the screens to show (`App::after`).
pub(in crate::tui) struct Acted {
    /// The log's length before the actions: their events come after it.
    pub from: usize,
    /// What an attack among them aimed at (a defending unit may have taken it, R56).
    pub aimed: Option<Target>,
    /// At least one action was played.
    pub any: bool,
    /// The first refusal, said as the text to show.
    pub refused: Option<String>,
}

impl Table {
    /// Plays actions in order for the person to act (stopping at the first refusal), then
    /// what the table asks for itself and what follows from the record.
    pub(in crate::tui) fn perform(&mut self, actions: Vec<Action>) -> Acted {
        self.person_acted();
        let acted = self.play_actions(actions);
        self.follow(acted)
    }

    /// Plays a computer player's move, then as [`Table::perform`]. A move the rules refuse (a
    /// bot bug) must not stall the game: a random legal move is played instead. Returns what
    /// was played, and the refusal said loudly when a stand-in's move was.
    pub(in crate::tui) fn perform_bot(&mut self, action: Action) -> (Acted, Action, Option<String>) {
        let seat = self.game().to_act();
        let mut acted = self.play_actions(vec![action]);
        let (mut played, mut said) = (action, None);
        if let Some(why) = acted.refused.take() {
            let mut stand_in = bots::make(BotLevel::Random, bot_seed(self.seed, seat) ^ acted.from as u64);
            played = stand_in.choose(self.game().acting_view());
            acted = Acted { from: acted.from, ..self.play_actions(vec![played]) };
            said = Some(format!("{} chose a move the rules refuse ({why}): a random move instead", self.label(seat)));
        }
        (self.follow(acted), played, said)
    }

    /// What follows played actions on the table: its own questions answered, the record's
    /// change noted, the position's questions asked.
    fn follow(&mut self, mut acted: Acted) -> Acted {
        if acted.refused.is_none() {
            acted.refused = self.play_questions();
        }
        if acted.any || self.log.len() != acted.from {
            self.recorded();
        }
        self.ask_questions();
        acted
    }

    /// Plays actions in order on the record (a position set by hand first leaves it: it has
    /// no history to save or undo); the first refusal stops them.
    fn play_actions(&mut self, actions: Vec<Action>) -> Acted {
        if self.leave_hand() {
            (self.autosave, self.undoable) = (None, false);
        }
        let from = self.log.len();
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

    /// Plays one action, through the record when there is one (so it is kept for saves and
    /// undo; the game shown is the record's own, there is no copy); its events go to the log,
    /// and a refusal comes back as the text to show.
    pub(in crate::tui) fn apply_one(&mut self, a: Action) -> Result<(), String> {
        match self.apply(a) {
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
    pub(in crate::tui) fn cannot_afford(&self, what: &str, cost: Hand) -> String {
        let hand = self.acting_view().hand();
        let have: Vec<String> = cost.resources().map(|r| format!("{} {r}", hand[r])).collect();
        format!("{what} costs {cost}; you have {}", have.join(", "))
    }

    /// After the record changed: autosave due, and whether undo is possible now.
    pub(in crate::tui) fn recorded(&mut self) {
        self.dirty = true;
        self.undoable = self.record().is_some_and(|r| r.can_undo().is_ok());
    }

    /// The table's own questions for the position, after any change: the story once the game
    /// is over, the answers forgotten once an offer is closed, who builds once the phase starts.
    pub(in crate::tui) fn ask_questions(&mut self) {
        self.keep_story();
        // An answer belongs to one offer (H4): once the offer is closed, what was said to it
        // on the shared screen is forgotten, so the next offer starts with no answers.
        if !matches!(self.game().phase(), Phase::Trade { .. }) {
            self.offer_table.clear();
        }
        if !matches!(self.game().phase(), Phase::Trade { .. } | Phase::Discard { .. }) {
            self.ahead.clear();
        }
        // Who builds is asked once the phase starts (a game resumed in it asks again).
        self.ask_builders();
    }

    /// Charts the game's story once the game is over (issue 36), from its record: once, here,
    /// so a frame only draws it. A game set by hand has no record, and no story.
    pub(in crate::tui) fn keep_story(&mut self) {
        // The model is lent out (which forgets what was asked of it) only when the story changes.
        match (self.game().is_over(), self.story.is_some()) {
            (false, true) => self.story = None,
            (true, false) => {
                if let Some(chart) = self.record().map(StoryChart::of_record) {
                    self.story = Some(chart);
                }
            }
            _ => {}
        }
    }

    /// Plays what the table settled on its shared screens as each one's moment comes, asked in
    /// the phase it belongs to: answers given to an offer (and an offer every asked player
    /// declined closes by itself, issue 15: play comes back to the player who made it; the
    /// answers are public, so nothing is hidden by it), the passes of those who do not build
    /// (R40), the only kind of card a building gives (R45). Nothing to ask in the other phases.
    fn play_questions(&mut self) -> Option<String> {
        loop {
            let logged = self.log.len();
            match self.game().phase() {
                Phase::Discard { .. } => {
                    if let Some(why) = self.play_ahead() {
                        return Some(why);
                    }
                }
                Phase::Trade { .. } => {
                    if let Some(why) = self.play_given().or_else(|| self.play_ahead()) {
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
            if self.log.len() == logged {
                return None;
            }
        }
    }

    /// Plays the answers given on the shared screen whose turn (in the engine's order) has
    /// come; returns the first refusal. An accept is taken at the player's word (H4), so the
    /// engine refuses none of these; should it, the answer is taken back and asked again.
    fn play_given(&mut self) -> Option<String> {
        loop {
            let s = self.game().to_act();
            let action = match self.offer_table.given(s) {
                _ if s == self.game().current_player() => return None,
                Some(Choice::Accept) => Action::AcceptTrade,
                Some(Choice::Decline) => Action::DeclineTrade,
                _ => return None,
            };
            if let Err(why) = self.apply_one(action) {
                self.offer_table.given[s.index()] = None;
                return Some(format!("{}'s answer was not taken: {why}", self.name(s)));
            }
        }
    }

    /// Plays the answer the seat to act gave ahead of its turn on its own screen (`ahead.rs`),
    /// if it did; returns the refusal, should the engine refuse it (it was checked when given,
    /// and nothing since changes it): the seat is then asked again.
    fn play_ahead(&mut self) -> Option<String> {
        let s = self.game().to_act();
        let actions = self.ahead.take(s)?;
        for a in actions {
            if let Err(why) = self.apply_one(a) {
                return Some(format!("{}'s answer was not taken: {why}", self.name(s)));
            }
        }
        None
    }

    /// Keeps `s`'s answer, given on their own screen before their turn in the order came, to
    /// play it then; or says why it can't be their answer.
    pub(in crate::tui) fn answer_ahead(&mut self, s: Seat, actions: Vec<Action>) -> Result<(), String> {
        if !ahead::owes(self.game(), s) || self.ahead.given(s) {
            return Err("nothing to answer now".into());
        }
        ahead::check(self.game(), s, &actions).map_err(|why| self.with_names(why))?;
        self.ahead.give(s, actions);
        Ok(())
    }

    /// An offer is open and every player asked has declined it.
    pub(in crate::tui) fn all_declined(&self) -> bool {
        self.game().offer_declined_by_all()
    }

    /// The people to ask after the turn that just ended, once the phase starts (at most once
    /// a turn; a game resumed in the phase asks again for those still to come).
    fn ask_builders(&mut self) {
        let g = self.game();
        let Phase::SpecialBuilding { seat: first } = g.phase() else { return };
        if self.builders.is_some_and(|b| b.turn == g.turn_number()) {
            return;
        }
        let n = g.num_players() as u8;
        let current = g.current_player();
        let mut asked = SeatSet::default();
        let mut s = first;
        while s != current {
            if self.level(s).is_none() && may_build(g, s) {
                asked = asked.with(s);
            }
            s = Seat((s.0 + 1) % n);
        }
        // One person among computer players keeps the keyboard: no question, their moment
        // comes as before when they could build.
        let alone = self.humans().nth(1).is_none();
        let chosen = if alone { asked } else { SeatSet::default() };
        let answered = alone || asked.is_empty();
        let said = if answered { asked } else { SeatSet::default() };
        self.builders = Some(Builders { turn: g.turn_number(), asked, chosen, said, answered, warned: false });
    }

    /// Passes for each person whose moment has come and who does not build; stops at a
    /// computer player, a builder, or the next turn.
    fn pass_unchosen(&mut self) -> Option<String> {
        loop {
            let Phase::SpecialBuilding { seat } = self.game().phase() else { return None };
            let builders = self.builders?;
            if !builders.answered || self.level(seat).is_some() || builders.builds(seat) {
                return None;
            }
            if let Err(why) = self.apply_one(Action::EndTurn) {
                return Some(why);
            }
        }
    }

    /// R45 (no robber): a person's building that gives one kind has nothing to choose, so its
    /// cards are taken at once (issue 33: one step, no dialog or hand-off for it). Bots take
    /// theirs as they choose.
    fn take_the_only_kind(&mut self) {
        // One card a call: the next card may be for another building (the loop of
        // `play_questions` calls again while something happens).
        let Phase::Plenty { seat, .. } = self.game().phase() else { return };
        if self.level(seat).is_some() {
            return;
        }
        let kinds: Vec<Action> = self.legal().iter().copied().filter(|a| matches!(a, Action::TakeCard(_))).collect();
        if let [only] = kinds[..] {
            let _ = self.apply_one(only);
        }
    }
}
