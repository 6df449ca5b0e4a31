//! What the game waits for, in words, by phase: the header's "B Bob places a road", the status
//! line's prompt, the hand-off screen's reason and the replay's "waiting to". They are kept
//! together so that a new phase of the engine (the Special Building Phase of R40, the second
//! player of a paired turn, R40a) is a few lines here, next to its neighbours.
//!
//! Beyond these words, a new phase touches `App::sync` (which focus it opens: a phase where the
//! player chooses among builds is `Focus::Idle`, whose footer shows only the keys the engine's
//! legal actions allow) and nothing else: the island, panels and dialogs read the game as it is.

use crate::engine::{Game, Phase, Seat};
use crate::tui::screen::dialog::{Dialog, PickFor};
use crate::tui::screen::focus::Focus;
use crate::tui::screen::keymap::Cmd;
use crate::tui::screen::scene::Scene;
use crate::tui::screen::selection::Purpose;
use crate::tui::screen::words::plural;

/// The header's words after the name of the player to act: "places a settlement".
pub fn header(app: &Scene) -> String {
    let g = app.table.game();
    let s = g.to_act();
    match g.phase() {
        Phase::Setup { round, settlement: None, .. } if setup_city(g, round) => "places a city".into(),
        Phase::Setup { settlement: None, .. } => "places a settlement".into(),
        Phase::Setup { .. } => "places a road".into(),
        Phase::Roll => "rolls".into(),
        Phase::Main => match second_of_pair(app) {
            Some(first) => format!("plays the second part of {}'s turn", app.table.name(first)),
            None => "builds or trades".into(),
        },
        Phase::Discard { .. } => "discards".into(),
        Phase::Robber => "moves the robber".into(),
        Phase::RoadBuilding { left } => format!("places {}", free_road(g, left)),
        Phase::Trade { .. } if s == g.current_player() => "chooses a trade partner".into(),
        Phase::Trade { .. } => "answers a trade offer".into(),
        Phase::SpecialBuilding { .. } => "may build (special building phase)".into(),
        Phase::Plenty { .. } => "takes cards for the 7".into(),
        Phase::Over { .. } => "won".into(),
    }
}

/// What the player with the keyboard should do now; while choosing a place, what the place
/// under the cursor is comes first (issue 15). (The start screen says its own: `start_view`.)
pub fn prompt(app: &Scene) -> String {
    let what = instruction(app);
    match &app.screen.focus {
        Focus::Select(s, _) if app.screen.saving.is_none() && matches!(s.purpose, Purpose::Unit(_)) => {
            format!("{} — {what}", crate::tui::view::place::place_words(app, s.cursor))
        }
        Focus::Select(s, _) if app.screen.saving.is_none() => {
            format!("{} — {what}", crate::tui::view::place::describe(app, s.cursor))
        }
        _ => what,
    }
}

fn instruction(app: &Scene) -> String {
    let g = app.table.game();
    if let Some(bot) = app.keyboard().bot_seat {
        return format!("{} {}", app.table.label(bot), header(app));
    }
    let name = app.table.name(app.me());
    if app.screen.saving.is_some() {
        return "type a name for the save; Enter writes it".into();
    }
    if app.keyboard().sharing_offer {
        return match app.table.offer_table_picked() {
            Some(s) => format!("{}: a accepts, d declines, c counters (Esc: not {0})", app.table.name(s)),
            None => {
                format!("{}'s offer: each person asked answers by their letter", app.table.name(g.current_player()))
            }
        };
    }
    if app.keyboard().asking_builders {
        return "special building: press your letter if you build, then Enter (none: nobody builds)".into();
    }
    match (&app.screen.focus, g.phase()) {
        (Focus::Select(s, _), Phase::Setup { round, .. }) if s.purpose == Purpose::Settlement => {
            format!("{name}: place your {} (Tab: next free corner)", setup_piece(g, round))
        }
        (Focus::Select(_, _), Phase::Setup { round, .. }) => {
            let piece = if setup_city(g, round) { "city" } else { "settlement" };
            format!("{name}: place a road touching that {piece}")
        }
        (Focus::Select(_, _), Phase::RoadBuilding { left }) => {
            format!("{name}: place {}", free_road(g, left))
        }
        (Focus::Select(s, _), Phase::Robber) if s.purpose == Purpose::Robber => {
            format!("{name}: move the robber to another hex")
        }
        (Focus::Select(crate::tui::screen::selection::Selection { purpose: Purpose::Unit(verb), .. }, _), _) => {
            let what = match verb {
                crate::tui::screen::selection::Verb::Attack => "what to attack (marked > <)",
                crate::tui::screen::selection::Verb::Build => "where to build it (marked > <)",
                _ => "where it goes (marked > <)",
            };
            format!("{name}: choose {what}, Tab: next, Enter: go (Esc: back)")
        }
        (Focus::Select(s, _), _) => format!("{name}: choose where to build {} (Esc: back)", s.purpose.noun()),
        (Focus::Dialog(d), phase) => dialog_prompt(app, d, phase, &name),
        (Focus::Idle, Phase::Roll) if app.table.can_play_card() => {
            format!("{name}: roll the dice (r), or play a card first (p)")
        }
        (Focus::Idle, Phase::Roll) => format!("{name}: roll the dice (r)"),
        (Focus::Idle, Phase::Main) if second_of_pair(app).is_some() => {
            format!("{name}: build, buy, trade with the bank or play a card, then end the turn (e)")
        }
        (Focus::Idle, Phase::Main) => format!("{name}: build, trade, buy or play a card, then end the turn (e)"),
        (Focus::Idle, Phase::SpecialBuilding { .. }) => {
            format!(
                "{name}: build or buy a development card before the next turn (no trade, no card play), e when done"
            )
        }
        _ => String::new(),
    }
}

fn dialog_prompt(app: &Scene, d: &Dialog, phase: Phase, name: &str) -> String {
    let g = app.table.game();
    match d {
        Dialog::Composer(c) if c.counter => format!("{name}: set the terms you would trade on, Enter sends them"),
        Dialog::Composer(_) => format!("{name}: set what you give and get, tick whom to ask, Enter sends"),
        Dialog::Answer => {
            format!("{name}: answer {}'s offer: accept, decline or counter", app.table.name(g.current_player()))
        }
        Dialog::Responses { .. } => {
            format!("{name}: trade with a player who accepted or countered (their letter), or withdraw (x)")
        }
        Dialog::Picker(p) => match (p.purpose, phase) {
            (PickFor::Discard(n), _) => format!("{name}: choose {} to discard", plural(n.into(), "card")),
            (PickFor::YearOfPlenty, _) => format!("{name}: choose the cards to take from the bank"),
            (PickFor::Monopoly, _) => format!("{name}: name the resource to take from everyone"),
            (PickFor::Plenty, _) => format!("{name}: take the 7's cards for this building (kinds its hexes give)"),
        },
        Dialog::Victim { .. } => format!("{name}: choose whom to rob"),
        Dialog::Units(u) => match u.stage() {
            crate::tui::screen::unit_choice::Stage::What => {
                format!("{name}: choose a kind to build, or a unit to act with")
            }
            crate::tui::screen::unit_choice::Stage::Verb => format!("{name}: choose what the unit does"),
            _ => format!("{name}: several choices share that place: choose one"),
        },
        Dialog::Maritime { .. } => format!("{name}: choose what to give the bank and what to take"),
        Dialog::Cards { .. } => format!("{name}: choose a development card to play"),
    }
}

/// Why the keyboard moves, in public words.
pub fn handoff_reason(app: &Scene, s: Seat) -> String {
    let g = app.table.game();
    let name = app.table.name(s);
    match g.phase() {
        Phase::Setup { round, settlement: None, .. } => format!("{name} places a {}", setup_piece(g, round)),
        Phase::Setup { .. } => format!("{name} places a road"),
        Phase::Roll => format!("turn {}: {name} rolls the dice", g.turn_number()),
        Phase::Discard { remaining } => {
            format!("a 7! {name} holds too many cards and discards {}", remaining[s.index()])
        }
        Phase::Trade { give, get, .. } if s != g.current_player() => {
            format!("{} offers {give} for {get}: {name} answers", app.table.name(g.current_player()))
        }
        Phase::Trade { .. } => format!("{name} sees the answers to the offer"),
        Phase::SpecialBuilding { .. } => {
            format!("special building phase after {}'s turn: {name} may build", app.table.name(g.current_player()))
        }
        Phase::Main => match second_of_pair(app) {
            Some(first) => format!("{name} plays the second part of {}'s turn", app.table.name(first)),
            None => format!("{name} continues the turn"),
        },
        // R45: the no-robber 7 during another's turn.
        Phase::Plenty { left, .. } => format!(
            "a 7 with no robber, in {}'s turn: {name} takes {} for a building",
            app.table.name(g.current_player()),
            plural(left.into(), "card")
        ),
        _ => format!("{name} continues the turn"),
    }
}

/// R41: the second set-up placement is a city with `accelerated_start`.
fn setup_city(g: &Game, round: u8) -> bool {
    round == 1 && g.config().modules.has(crate::engine::Module::AcceleratedStart)
}

/// "first settlement", "second settlement", or with R41 "city (second placement)".
fn setup_piece(g: &Game, round: u8) -> &'static str {
    match round {
        0 => "first settlement",
        _ if setup_city(g, round) => "city (second placement)",
        _ => "second settlement",
    }
}

/// What the player to act must do now, in a few words.
pub fn waiting(g: &Game) -> &'static str {
    match g.phase() {
        Phase::Setup { settlement: None, .. } => "to place a settlement",
        Phase::Setup { .. } => "to place a road",
        Phase::Roll => "to roll",
        Phase::Main => "to build, trade or end the turn",
        Phase::Discard { .. } => "to discard",
        Phase::Robber => "to move the robber",
        Phase::RoadBuilding { .. } => "to place free roads",
        Phase::Trade { .. } if g.to_act() == g.current_player() => "to choose a trade partner",
        Phase::Trade { .. } => "to answer a trade offer",
        Phase::SpecialBuilding { .. } => "to build in the special building phase",
        Phase::Plenty { .. } => "to take cards for the 7",
        Phase::Over { .. } => "won",
    }
}

/// What a key does in this phase, where that differs from its words in the keymap: in the
/// Special Building Phase "end turn" only says the player is done building.
pub fn key_desc(app: &Scene, cmd: Cmd, desc: &'static str) -> &'static str {
    match (app.table.game().phase(), cmd) {
        (Phase::SpecialBuilding { .. }, Cmd::EndTurn) => "done",
        _ => desc,
    }
}

/// The player who rolled, while the second player of a pair plays the rest of their turn
/// (R40a).
fn second_of_pair(app: &Scene) -> Option<Seat> {
    app.table.game().paired_with()
}

/// "free road 1 of 2": which of the road building card's roads is being placed. The card gives
/// two, one when the player has a single road piece left or a single road can be placed (R31).
pub fn free_road(g: &crate::engine::Game, left: u8) -> String {
    let total = if left >= 2 { g.free_roads_left() } else { 2 };
    format!("free road {} of {total}", total.saturating_sub(left) + 1)
}
