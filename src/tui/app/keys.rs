//! A message on one screen: the update of one terminal, Elm-shaped. A key, a click or pasted
//! text becomes one [`Outcome`], worked out from the table (read only) and that screen's own
//! state: what is the screen's alone (help, the log's scroll, the quit question, the how-to-play
//! page, the advice panel, the letters that name a partner, the moves of a choice in steps) is
//! changed here; the rest comes back in the outcome (the next focus, the actions to play, words
//! to say, a change of the table such as an undo or a shared answer), for `App::perform`, the
//! one place it is carried out. The start screen's and the save prompt's keys are the host's
//! own flows (they write files or deal a game): they come back whole.
//!
//! No screen is ever put in another's place: each message names the screen it is for.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::engine::Seat;
use crate::tui::app::coach;
use crate::tui::screen::Screen;
use crate::tui::screen::focus::{Focus, Message, Msg};
use crate::tui::screen::keymap::{self, Cmd, Mode};
use crate::tui::screen::outcome::{Outcome, Request};
use crate::tui::screen::scene::Scene;
use crate::tui::table::Table;
use crate::tui::table::builders::may_build;
use crate::tui::table::offers::Step;
use crate::tui::view::board::{Geometry, sea_drawn};
use crate::tui::view::{frame, howto, layout};

/// A key with Ctrl held (Ctrl-C asks to quit on every screen).
fn ctrl(key: KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL)
}

/// What one message on `screen` leads to.
pub(super) fn on_msg(table: &Table, screen: &mut Screen, msg: Msg) -> Outcome<Focus> {
    match msg {
        Msg::Resize(w, h) => screen.size = (w, h),
        // Nothing acts unseen: on the "too small" notice only q and Ctrl-C work, and they
        // quit at once (the quit question doesn't fit; the game is autosaved already).
        Msg::Key(key) if screen.keyboard.too_small => {
            let ctrl_c = key.code == KeyCode::Char('c') && ctrl(key);
            let q = key.code == KeyCode::Char('q') && !ctrl(key);
            if key.kind == KeyEventKind::Press && (q || ctrl_c) {
                screen.done = true;
            }
        }
        Msg::Click { .. } | Msg::Paste(_) if screen.keyboard.too_small => {}
        Msg::Click { col, row } => return click(table, screen, col, row),
        Msg::Paste(text) => return Outcome::Table(Request::Paste(text)),
        Msg::Key(key) if key.kind == KeyEventKind::Press => {
            (screen.message, screen.yours) = (None, None);
            let mode = screen.keyboard.mode;
            return match mode {
                Mode::Start | Mode::StartRules => Outcome::Table(Request::Start(key)),
                Mode::SaveName => Outcome::Table(Request::Save(key)),
                Mode::Fight => fight_key(screen, key),
                // A player's letter on a shared screen or in a list of players, a section's digit.
                Mode::Offer | Mode::Builders | Mode::Responses | Mode::Victim | Mode::HowTo
                    if let Some(outcome) = letter_key(table, screen, key) =>
                {
                    outcome
                }
                _ => match keymap::lookup(mode, key) {
                    Some(cmd) => command(table, screen, cmd),
                    None if mode == Mode::Bot => Outcome::Table(Request::Skip),
                    None => Outcome::Stay,
                },
            };
        }
        Msg::Key(_) => {}
    }
    Outcome::Stay
}

/// The keys the players' letters give: on the shared answer screen, the "who builds?" screen,
/// the offerer's list of answers and the robber's victims, and a section's digit on the
/// how-to-play page. `None` when the key is none of those.
fn letter_key(table: &Table, screen: &mut Screen, key: KeyEvent) -> Option<Outcome<Focus>> {
    if ctrl(key) {
        return None;
    }
    match screen.keyboard.mode {
        Mode::Offer => offer_key(table, key),
        Mode::Builders => builders_key(table, screen, key.code),
        Mode::Responses | Mode::Victim => partner_key(table, screen, key.code),
        Mode::HowTo => howto_section_key(table, screen, key.code),
        _ => None,
    }
}

/// The seat whose letter `c` is.
fn seat_of(table: &Table, c: char) -> Option<Seat> {
    table.letters.iter().position(|l| l.eq_ignore_ascii_case(&c)).map(|i| Seat(i as u8))
}

/// A key on the shared answer screen (the state is the table's `OfferTable`).
fn offer_key(table: &Table, key: KeyEvent) -> Option<Outcome<Focus>> {
    let c = match key.code {
        KeyCode::Char(c) => Some(c),
        _ => None,
    };
    let mut offers = table.offer_table;
    match offers.key(c, key.code == KeyCode::Esc, &table.offer_waiting(), |c| seat_of(table, c)) {
        Step::Other => None,
        step => Some(Outcome::Table(Request::Offers(offers, step))),
    }
}

/// A key on the "who builds?" screen: a letter toggles its player, Enter gives this screen's
/// answer (the question closes once every screen asked has given its own).
fn builders_key(table: &Table, screen: &Screen, code: KeyCode) -> Option<Outcome<Focus>> {
    let mut b = table.builders?;
    let held = screen.holds;
    let outcome = match code {
        KeyCode::Enter if b.chosen.0 & held.0 == 0 && !b.warned => {
            b.warned = true;
            let text = "no one named: Enter again and nobody builds (a letter names who builds)".to_string();
            Outcome::Table(Request::Builders(b, Some(text)))
        }
        KeyCode::Enter => {
            b.answer(held);
            Outcome::Table(Request::Builders(b, None))
        }
        KeyCode::Char(c) => {
            let s = seat_of(table, c)?;
            let name = table.name(s);
            if b.asked.contains(s) && !held.contains(s) {
                Outcome::Refuse(format!("{name} answers on their own screen"))
            } else if b.toggle(s) {
                Outcome::Table(Request::Builders(b, None))
            } else if s == table.game().current_player() {
                // Say which: the reasons are all public (whose turn, seats, card counts).
                Outcome::Refuse(format!("{name} has just played the turn: the others build now"))
            } else if table.level(s).is_some() {
                Outcome::Refuse(format!("{name} is a computer player: it decides for itself"))
            } else if !may_build(table.game(), s) {
                Outcome::Refuse(format!("{name} has too few cards to buy anything, so is not asked"))
            } else {
                Outcome::Refuse(format!("{name} is not asked"))
            }
        }
        _ => return None,
    };
    Some(outcome)
}

/// In the offerer's list of answers or the robber's victims, a player's letter names them
/// (H5); Enter then confirms. `None` when the key is no player's letter.
fn partner_key(table: &Table, screen: &mut Screen, code: KeyCode) -> Option<Outcome<Focus>> {
    let KeyCode::Char(c) = code else { return None };
    let s = seat_of(table, c)?;
    let Focus::Dialog(d) = &mut screen.focus else { return None };
    d.name_seat(table.game(), s).map(|outcome| outcome.map(Focus::Dialog))
}

/// A click on the island while a place is chosen: a place under the cursor is taken (as
/// Enter), another moves the cursor there.
fn click(table: &Table, screen: &mut Screen, col: u16, row: u16) -> Outcome<Focus> {
    if screen.keyboard.mode != Mode::Select {
        return Outcome::Stay;
    }
    let game = table.game();
    let (topo, sea) = (game.topology(), sea_drawn(game));
    let areas = layout::layout_sea(screen.size, topo, sea);
    let Some(g) = Geometry::fit_sea(topo, areas.board, sea) else { return Outcome::Stay };
    let Focus::Select(sel, _) = &mut screen.focus else { return Outcome::Stay };
    match g.hit(topo, &sel.space(topo), col, row) {
        Some(t) if sel.cursor == t => command(table, screen, Cmd::Confirm),
        Some(t) => {
            (sel.cursor, sel.back) = (t, None);
            Outcome::Stay
        }
        None => Outcome::Stay,
    }
}

/// A key while a fight shows: Ctrl-C asks to quit; any other key closes it and does nothing
/// else.
fn fight_key(screen: &mut Screen, key: KeyEvent) -> Outcome<Focus> {
    if ctrl(key) && key.code == KeyCode::Char('c') {
        screen.quitting = true;
        return Outcome::Stay;
    }
    screen.fight = None;
    Outcome::Table(Request::Sync)
}

/// A command of the screen's mode.
fn command(table: &Table, screen: &mut Screen, cmd: Cmd) -> Outcome<Focus> {
    let keyboard = screen.keyboard;
    match (keyboard.mode, cmd) {
        (Mode::HowTo, cmd) => howto_command(table, screen, cmd),
        (_, Cmd::Help) => screen.help = true,
        // The panel's keys close it; Ctrl-C still asks to quit.
        (Mode::Advice, Cmd::Cancel) | (_, Cmd::Advice) => return coach::advice_key(table, screen),
        (Mode::Quit, Cmd::Yes) | (Mode::Over, Cmd::Yes) => screen.done = true,
        (Mode::Quit, _) => screen.quitting = false,
        (_, Cmd::Quit) => screen.quitting = true,
        (Mode::Help, Cmd::HowTo) => {
            screen.help = false;
            screen.howto = Some(howto::opening(&Scene::of(table, screen), screen.size));
        }
        (Mode::Help, _) => screen.help = false,
        // What the save and undo keys do now was settled with the mode (`screen/commands.rs`).
        (_, Cmd::Save) => {
            return match &screen.commands.save {
                Ok(()) => Outcome::Table(Request::OpenSave),
                Err(why) => Outcome::Refuse(why.clone()),
            };
        }
        (_, Cmd::Undo) => {
            return match &screen.commands.undo {
                Ok(_) => Outcome::Table(Request::Undo),
                Err(why) => Outcome::Refuse(why.clone()),
            };
        }
        // A page is the log's visible height, so PgUp shows the lines just above.
        (_, Cmd::LogUp) => {
            let page = frame::log_page(&Scene::of(table, screen));
            screen.log_scroll = (screen.log_scroll + page).min(table.log.len().saturating_sub(1));
        }
        (_, Cmd::LogDown) => {
            let page = frame::log_page(&Scene::of(table, screen));
            screen.log_scroll = screen.log_scroll.saturating_sub(page);
        }
        (Mode::Over, Cmd::Board) => screen.over_view = screen.over_view.board_key(),
        (Mode::Over, Cmd::Toggle) => screen.over_view = screen.over_view.story_key(),
        (Mode::Handoff, Cmd::Confirm) => {
            screen.viewer = keyboard.handoff;
            return Outcome::Table(Request::Sync);
        }
        (Mode::Bot, _) => return Outcome::Table(Request::Skip),
        (Mode::Gone, Cmd::PlayHere) => return Outcome::Table(Request::PlayHere),
        (Mode::Gone, Cmd::StandIn) => return Outcome::Table(Request::StandIn),
        (Mode::Away | Mode::Gone, _) => {}
        // The turn's commands and the choice that has the keys: the screen's step machines.
        _ => return screen.on_cmd(table, cmd),
    }
    Outcome::Stay
}

/// A digit on the how-to-play page: its section at the top. `None` for any other key.
fn howto_section_key(table: &Table, screen: &mut Screen, code: KeyCode) -> Option<Outcome<Focus>> {
    let KeyCode::Char(c @ '1'..='9') = code else { return None };
    let n = c as usize - '1' as usize;
    if let Some(at) = howto::section_scroll(&Scene::of(table, screen), screen.size, n) {
        screen.howto = Some(at);
    }
    Some(Outcome::Stay)
}

/// A key on the how-to-play page: scroll, or close it.
fn howto_command(table: &Table, screen: &mut Screen, cmd: Cmd) {
    let Some(at) = screen.howto else { return };
    let page = screen.size.1.saturating_sub(6).max(1);
    let to = match cmd {
        Cmd::Up => at.saturating_sub(1),
        Cmd::Down => at.saturating_add(1),
        Cmd::LogUp => at.saturating_sub(page),
        Cmd::LogDown => at.saturating_add(page),
        Cmd::Quit if screen.start.is_some() => {
            screen.done = true;
            return;
        }
        Cmd::Quit => {
            (screen.howto, screen.quitting) = (None, true);
            return;
        }
        _ => {
            screen.howto = None;
            return;
        }
    };
    // A section's key may have scrolled past the end: from there keys only go back.
    screen.howto = Some(to.min(howto::max_scroll(&Scene::of(table, screen), screen.size).max(at)));
}

/// What a step on the shared answer screen says: who answers now.
pub(super) fn picked_words(table: &Table, s: Seat) -> Message {
    let text = format!("{}: a accepts, d declines, c counters (takes the keyboard); Esc: not {0}", table.name(s));
    Message { text, error: false }
}
