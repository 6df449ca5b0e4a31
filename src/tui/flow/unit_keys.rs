//! The units' choice at the keyboard (R52, R53, R56; screen/unit_choice.rs has the steps): its
//! lists are a dialog (their keys in flow/dialog_keys.rs), its island step a selection whose
//! legal places are marked; Esc goes back a step from either. Each step answers with the
//! dialogs' `Outcome`, carried out by `App::carry_out`. While the island shows, the choice
//! is held by the focus beside the selection (`Focus::Select(selection, Some(choice))`), and
//! goes with it whenever the focus is set again.

use crate::tui::app::App;
use crate::tui::flow::dialog_keys::units_outcome;
use crate::tui::screen::dialog::{Dialog, Outcome};
use crate::tui::screen::focus::Focus;
use crate::tui::screen::selection::{Purpose, Selection, Target, Verb};
use crate::tui::screen::unit_choice::{Next, UnitChoice};

impl App {
    /// `n`: the choice over the legal unit actions and attacks, or why there is none.
    pub(in crate::tui) fn open_units(&mut self) {
        let choice = UnitChoice::new(&self.table.legal());
        if choice.steps.left().is_empty() {
            let why = crate::tui::screen::unit_choice::attack_note(self.table.game())
                .map_or(String::new(), |n| format!(" ({n})"));
            return self.refuse(format!("no unit can be built, act or attack now{why}"));
        }
        self.screen.focus = Focus::Dialog(Dialog::Units(choice));
    }

    /// The island step: the places left marked, the cursor on the one nearest the unit (or
    /// where the cursor last was).
    pub(in crate::tui) fn units_island(&mut self, choice: UnitChoice) {
        let verb = choice.verb(self.table.game()).unwrap_or(Verb::Move);
        let near = self.unit_place(&choice).or(self.screen.last_target);
        let sel = Selection::among(self.table.game(), choice.steps.left(), Purpose::Unit(verb), near, true);
        self.screen.focus = Focus::Select(sel, Some(choice));
    }

    /// Where the chosen unit stands, for the cursor to start beside it.
    fn unit_place(&self, choice: &UnitChoice) -> Option<Target> {
        use crate::tui::screen::unit_choice::What;
        let s = self.table.game().to_act();
        match choice.what()? {
            What::Knight(slot) => self.table.game().knight_units(s).find(|u| u.0 == slot).map(|u| Target::Hex(u.2)),
            What::Ship(slot) => self.table.game().ship_units(s).find(|u| u.0 == slot).map(|u| Target::Sea(u.2)),
            What::Build(_) => None,
        }
    }

    /// Enter on the island: the place is taken (a legal one); the action is played, or the
    /// list of those sharing the place opens.
    pub(in crate::tui) fn units_place(&mut self, t: Target) {
        let Some(mut choice) = self.held_choice() else { return };
        match choice.place(self.table.game(), t) {
            Some(next) => self.carry_out(units_outcome(choice, next)),
            None => {
                if let Focus::Select(_, held) = &mut self.screen.focus {
                    *held = Some(choice);
                }
                self.refuse("no legal move there: Tab goes to the marked places".into());
            }
        }
    }

    /// Esc on the island: back to the list before it.
    pub(in crate::tui) fn units_back(&mut self) {
        let Some(mut choice) = self.held_choice() else { return self.screen.focus = Focus::Idle };
        let outcome = if choice.back(self.table.game()) { units_outcome(choice, Next::List) } else { Outcome::Close };
        self.carry_out(outcome);
    }

    /// The unit choice the island step is a step of, taken from the focus (the selection stays
    /// until the choice's outcome sets the focus again).
    fn held_choice(&mut self) -> Option<UnitChoice> {
        match &mut self.screen.focus {
            Focus::Select(_, held) => held.take(),
            _ => None,
        }
    }
}
