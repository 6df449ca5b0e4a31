//! Playing one action on the record (kept for saves and undo, its events logged), and the focus
//! the next position asks for. What follows an action is in `aftermath.rs`.

use crate::engine::{Action, Phase, RuleError};
use crate::tui::app::App;
use crate::tui::model::dialog::{Dialog, PickFor, Picker};
use crate::tui::model::focus::Focus;
use crate::tui::model::game_story::StoryChart;
use crate::tui::model::selection::{Purpose, Selection};

impl App {
    /// Plays one action, through the record when there is one (so it is kept for saves and
    /// undo; the game shown is the record's own, there is no copy); its events go to the log,
    /// and a refusal comes back as the text to show.
    pub(in crate::tui) fn apply_one(&mut self, a: Action) -> Result<(), String> {
        match self.table.apply(a) {
            Ok(events) => {
                self.table.log.extend(events);
                Ok(())
            }
            Err(RuleError::CannotAfford { what, cost }) => Err(self.cannot_afford(what, cost)),
            Err(e) => Err(e.to_string()),
        }
    }

    /// "a city costs 2 grain, 3 ore; you have 1 grain, 0 ore": what is missing, said with
    /// the cards of the player who has the keyboard (only they see it).
    pub(in crate::tui) fn cannot_afford(&self, what: &str, cost: crate::engine::Hand) -> String {
        let hand = self.table.acting_view().hand();
        let have: Vec<String> = cost.resources().map(|r| format!("{} {r}", hand[r])).collect();
        format!("{what} costs {cost}; you have {}", have.join(", "))
    }

    /// After a change: the table's own questions for the position (the story, the answers
    /// to a closed offer, who builds), then every screen settled and given the focus the
    /// game's phase asks of it.
    pub(in crate::tui) fn sync(&mut self) {
        self.keep_story();
        // An answer belongs to one offer (H4): once the offer is closed, what was said to it
        // on the shared screen is forgotten, so the next offer starts with no answers.
        if !matches!(self.table.game().phase(), Phase::Trade { .. }) {
            self.table.offer_table.clear();
        }
        // Who builds is asked once the phase starts (a game resumed in it asks again).
        if let Phase::SpecialBuilding { .. } = self.table.game().phase() {
            self.ask_builders();
        }
        // Who holds each screen's keyboard now, which each screen's focus follows.
        self.settle();
        for id in 0..=self.others.len() {
            self.on_screen(id, App::sync_screen);
        }
        // The focus set: each screen's mode (who holds each keyboard is as settled above: the
        // focus, the viewer a shared screen clears and stale advice do not change it).
        let table = &self.table;
        for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
            screen.settle_mode(table);
        }
    }

    /// Sets the focus the game's phase asks for on the screen whose turn it is, if the player
    /// to act holds its keyboard.
    fn sync_screen(&mut self) {
        self.screen.focus = Focus::Idle;
        let keyboard = self.screen.keyboard;
        // The hand-off: a shared screen hides every hand, and the player who acts after it
        // takes the keyboard again (H1).
        if keyboard.sharing_offer || keyboard.asking_builders {
            self.screen.viewer = None;
        }
        // Advice is for one seat at one position: a hand-off, an action or an undo ends it.
        self.drop_stale_advice();
        let away = keyboard.away.is_some() || keyboard.bot_seat.is_some();
        if keyboard.guarded.is_some() || self.table.game().is_over() || away {
            return;
        }
        let seat = self.table.game().to_act();
        let near = self.screen.last_target;
        self.screen.focus = match self.table.game().phase() {
            Phase::Setup { settlement: None, .. } => Focus::Select(
                Selection::among(self.table.game(), &self.table.legal(), Purpose::Settlement, near, false),
                None,
            ),
            Phase::Setup { .. } | Phase::RoadBuilding { .. } => Focus::Select(
                Selection::among(self.table.game(), &self.table.legal(), Purpose::Road, near, false),
                None,
            ),
            Phase::Robber => self.robber_focus(),
            Phase::Discard { remaining } => {
                Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Discard(remaining[seat.index()]))))
            }
            Phase::Trade { .. } => self.trade_focus(seat),
            Phase::Plenty { .. } => {
                Focus::Dialog(Dialog::Picker(Picker::new(PickFor::Plenty).first_row(self.table.game())))
            }
            Phase::Roll | Phase::Main | Phase::SpecialBuilding { .. } | Phase::Over { .. } => Focus::Idle,
        };
    }

    /// Charts the game's story once the game is over (issue 36), from its record: once, here,
    /// so a frame only draws it. A game set by hand has no record, and no story.
    pub(in crate::tui) fn keep_story(&mut self) {
        // The model is lent out (which forgets what was asked of it) only when the story changes.
        match (self.table.game().is_over(), self.table.story.is_some()) {
            (false, true) => self.table.story = None,
            (true, false) => {
                if let Some(chart) = self.table.record().map(StoryChart::of_record) {
                    self.table.story = Some(chart);
                }
            }
            _ => {}
        }
    }
}
