//! The turn's own commands (roll, build, buy, play, trade, end), said as the screen's
//! [`Outcome`]: an action to play, the choice they open (a place on the island, a dialog) as
//! the next focus, or why not now. Only what the rules allow now opens: the footer shows only
//! the commands that work.

use crate::engine::{Action, Game, Phase, RuleError};
use crate::tui::screen::dialog::{Composer, Dialog};
use crate::tui::screen::focus::Focus;
use crate::tui::screen::keymap::Cmd;
use crate::tui::screen::outcome::Outcome;
use crate::tui::screen::selection::{Purpose, Selection, Target, all_targets};
use crate::tui::screen::unit_choice::{self, UnitChoice};
use crate::tui::table::Table;

/// A command of the turn; `near` is where the last place was chosen.
pub fn on_cmd(table: &Table, near: Option<Target>, cmd: Cmd) -> Outcome<Focus> {
    let game = table.game();
    let purpose = match cmd {
        Cmd::Roll => return Outcome::Act(vec![Action::RollDice]),
        Cmd::BuyCard => return Outcome::Act(vec![Action::BuyDevCard]),
        Cmd::EndTurn => return Outcome::Act(vec![Action::EndTurn]),
        // Refused at once in the Special Building Phase, as `t` and `m` are (R40).
        Cmd::PlayCard if matches!(game.phase(), Phase::SpecialBuilding { .. }) => {
            return Outcome::Refuse("not now: no card play in the special building phase".into());
        }
        Cmd::PlayCard => return Outcome::Next(Focus::Dialog(Dialog::cards(game, &table.legal()))),
        Cmd::Trade => return open_offer(game),
        Cmd::Maritime => return open_maritime(table),
        Cmd::Units => return open_units(table),
        Cmd::BuildRoad => Purpose::Road,
        Cmd::BuildSettlement => Purpose::Settlement,
        Cmd::BuildCity => Purpose::City,
        Cmd::BuildCastle => Purpose::Castle,
        _ => return Outcome::Stay,
    };
    let sel = Selection::among(game, &table.legal(), purpose, near, true);
    if !sel.legal.is_empty() {
        return Outcome::Next(Focus::Select(sel, None));
    }
    // The engine's reason for the first place tried, when it is about the moment, pieces or
    // cost; a reason about that one place would mislead, so name the rule instead. The cost is
    // asked for itself: a corner that can't take a city is refused for the corner before the
    // cards are looked at.
    let first = all_targets(game.topology(), purpose)[0];
    let why = purpose.action(first).and_then(|a| game.check(a).err());
    let text = match why {
        Some(e @ (RuleError::NotNow(_) | RuleError::GameOver | RuleError::NoPiecesLeft(_))) => e.to_string(),
        _ if purpose.cost(game).is_some_and(|(_, cost)| !table.acting_view().hand().contains(&cost)) => {
            let (what, cost) = purpose.cost(game).expect("checked just above");
            table.cannot_afford(what, cost)
        }
        _ => {
            let rule = match purpose {
                Purpose::Road => "a road must touch your building, or your road at a corner free of others",
                Purpose::Settlement => "a settlement must touch your road, with no building next to it",
                Purpose::City => "a city replaces one of your settlements",
                Purpose::Castle => "a castle replaces one of your cities",
                Purpose::Robber => "the robber must move",
                Purpose::Unit(_) => "no unit can go there",
            };
            format!("there is no place for {} now: {rule}", purpose.noun())
        }
    };
    Outcome::Refuse(text)
}

/// Why no trade can be offered or made with the bank now (a key pressed when the rules allow
/// none).
pub fn no_trade_now(game: &Game) -> String {
    match game.phase() {
        Phase::Roll => "not now: trading comes after the roll".into(),
        _ => "not now: no trading in this part of the turn".into(),
    }
}

/// `t`: composes an offer, when the rules allow trading now.
fn open_offer(game: &Game) -> Outcome<Focus> {
    match game.phase() {
        Phase::Main => Outcome::Next(Focus::Dialog(Dialog::Composer(Composer::offer(game)))),
        _ => Outcome::Refuse(no_trade_now(game)),
    }
}

/// `m`: a trade with the bank, when one is possible.
fn open_maritime(table: &Table) -> Outcome<Focus> {
    let game = table.game();
    let bank = |a: &Action| matches!(a, Action::MaritimeTrade { .. } | Action::BuyWithGold(_));
    match (game.phase(), table.legal().iter().any(bank)) {
        (_, true) => Outcome::Next(Focus::Dialog(Dialog::maritime(game))),
        (Phase::Main, false) => Outcome::Refuse("the bank takes 4 of a kind (3 or 2 with a harbor)".into()),
        _ => Outcome::Refuse(no_trade_now(game)),
    }
}

/// `n`: the choice over the legal unit actions and attacks, or why there is none.
fn open_units(table: &Table) -> Outcome<Focus> {
    let choice = UnitChoice::new(&table.legal());
    if choice.steps.left().is_empty() {
        let why = unit_choice::attack_note(table.game()).map_or(String::new(), |n| format!(" ({n})"));
        return Outcome::Refuse(format!("no unit can be built, act or attack now{why}"));
    }
    Outcome::Next(Focus::Dialog(Dialog::Units(choice)))
}
