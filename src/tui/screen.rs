//! A screen: one per terminal looking at a [`Table`]. It holds what that terminal alone has:
//! the seats played on it, the seat holding its keyboard, the focus (a place being chosen, a
//! dialog and its steps), the log's scroll, the help, the how-to-play page, the quit question,
//! the save prompt, the advice panel, the fight being read, its size and its status-line message.
//!
//! Today's hot-seat game is one screen holding every person seat; a seat joined from another
//! terminal is one more screen holding that seat alone: its hand, its dialogs and the offers to
//! it are asked there, and it never needs a hand-off (H6). What a screen shows follows from the
//! table and its own state: `App::settle` works it out once after each change (who holds
//! the keyboard, the mode, the advisable seat, too small), and keys, views and the terminal read
//! that answer ([`Screen::keyboard`]) without working anything out again.
//!
//! The folder is the screen's: `focus.rs` what its keyboard is in, `selection.rs` the place
//! chosen on the island, `dialog.rs` and `picker.rs` the dialogs, `unit_choice.rs` and `steps.rs`
//! the choices in steps, `coach.rs` the advice panel and tips, `save_prompt.rs`, `start_form.rs`
//! and `settings.rs` the save name and the start screen, `keymap.rs` the key tables, `theme.rs`,
//! `words.rs` and `sea_names.rs` how it says things. It reads the table, never a view.

pub mod coach;
pub mod commands;
pub mod composer;
pub mod dialog;
pub mod focus;
pub mod keymap;
pub mod outcome;
pub mod picker;
pub mod robber;
pub mod save_prompt;
pub mod scene;
pub mod sea_names;
pub mod selection;
pub mod settings;
pub mod start_form;
pub mod steps;
pub mod theme;
pub mod turn;
pub mod unit_choice;
pub mod words;

use crate::engine::{Event, Phase, Seat, SeatSet};
use crate::tui::screen::coach::{Asked, Coach};
use crate::tui::screen::commands::Commands;
use crate::tui::screen::focus::{Focus, Guarded, Keyboard, Message};
use crate::tui::screen::keymap::{Cmd, Mode};
use crate::tui::screen::outcome::Outcome;
use crate::tui::screen::save_prompt::SavePrompt;
use crate::tui::screen::selection::Target;
use crate::tui::screen::start_form::{Row, StartForm};
use crate::tui::screen::theme::Theme;
use crate::tui::table::Table;
use crate::tui::table::ahead;
use crate::tui::table::game_story::OverView;
use crate::tui::table::remote::HostCard;

/// What one terminal shows of a table, and the state of its keys.
pub struct Screen {
    /// The person seats played on this screen: every person seat of a hot-seat game, or the
    /// one seat joined from this terminal.
    pub holds: SeatSet,
    pub theme: Theme,
    /// The start screen's form, while the names are asked.
    pub start: Option<StartForm>,
    /// The seat that confirmed it holds the keyboard; hands are shown only to it (H1).
    pub viewer: Option<Seat>,
    pub focus: Focus,
    /// Lines scrolled back from the newest.
    pub log_scroll: usize,
    pub help: bool,
    /// The how-to-play page, while it is open: how far it is scrolled.
    pub howto: Option<u16>,
    pub quitting: bool,
    /// What the game-over screen shows: the statistics, the story or the board.
    pub over_view: OverView,
    pub size: (u16, u16),
    /// The save prompt, while a name is typed.
    pub saving: Option<SavePrompt>,
    /// The fight just fought and what it changed, shown until the next key (R56).
    pub fight: Option<Vec<Event>>,
    /// What the fight's attack aimed at (a defending unit may have taken it, R56).
    pub fight_aimed: Option<crate::engine::Target>,
    /// The advice panel and the tips (issue 36), shown only to the seat they were asked for.
    pub coach: Coach,
    /// What the status line says instead of the prompt until the next key.
    pub message: Option<Message>,
    /// What others' actions did to this screen's seats since its last key (robbed, given
    /// cards): kept on the status line until then, so it is never only in the log.
    pub yours: Option<String>,
    /// Set when this screen's player asked to leave (the host's screen: the program ends).
    pub done: bool,
    /// Where the last place was chosen: the next selection starts near it.
    pub(in crate::tui) last_target: Option<Target>,
    /// Who holds the keyboard and what it is in, as `App::settle` last worked it out ([`Screen::settle_keyboard`], [`Screen::settle_mode`]).
    pub keyboard: Keyboard,
    /// What the undo, save and advice keys do now, settled with the mode.
    pub commands: Commands,
    /// A screen joined from another terminal (`catan host`): it plays its seat; saving and
    /// the program's end are the host's.
    pub joined: bool,
    /// How friends join, shown on the host's screen while it serves seats (`catan host`).
    pub card: Option<HostCard>,
}

impl Screen {
    /// A screen showing nothing yet: no seats held, nothing open.
    pub fn new(theme: Theme) -> Screen {
        Screen {
            holds: SeatSet::default(),
            theme,
            start: None,
            viewer: None,
            focus: Focus::Idle,
            log_scroll: 0,
            help: false,
            howto: None,
            quitting: false,
            over_view: OverView::Statistics,
            size: (0, 0),
            saving: None,
            fight: None,
            fight_aimed: None,
            coach: Coach::default(),
            message: None,
            yours: None,
            done: false,
            last_target: None,
            keyboard: Keyboard::default(),
            commands: Commands::default(),
            joined: false,
            card: None,
        }
    }

    /// A command of the turn, or of the choice that has the keys (a place on the island, a
    /// dialog): its step machine answers with one `Outcome`, its next step said as the next
    /// focus (`App::perform` carries it out).
    pub fn on_cmd(&mut self, table: &Table, cmd: Cmd) -> Outcome<Focus> {
        let mode = self.keyboard.mode;
        if let (Mode::Select, Cmd::Confirm, Focus::Select(sel, _)) = (mode, cmd, &self.focus) {
            self.last_target = Some(sel.cursor);
        }
        let near = self.last_target;
        match (mode, &self.focus) {
            (Mode::Turn, _) => turn::on_cmd(table, near, cmd),
            (Mode::Select, Focus::Select(..)) | (_, Focus::Dialog(_)) => {
                let me = self.keyboard.ahead.unwrap_or(table.game().to_act());
                self.focus.on_cmd(table, me, near, cmd)
            }
            _ => Outcome::Stay,
        }
    }

    /// Says this (not a refusal) on the status line.
    pub fn note(&mut self, table: &Table, text: String) {
        self.message = Some(Message { text: table.with_names(text), error: false });
    }

    /// Says why not on the status line (seats named as the table names them).
    pub fn refuse(&mut self, table: &Table, text: String) {
        self.message = Some(Message { text: table.with_names(text), error: true });
    }

    /// Gives this screen the focus the game's phase asks of it, after a change (its keyboard
    /// settled already): the place or dialog of the person to act, if they hold this screen's
    /// keyboard; a shared screen clears the viewer (H1); advice no longer for this seat and
    /// position goes.
    pub fn sync_focus(&mut self, table: &Table) {
        let focus = std::mem::replace(&mut self.focus, Focus::Idle);
        let keyboard = self.keyboard;
        // The hand-off: a shared screen hides every hand, and the player who acts after it
        // takes the keyboard again (H1). A screen of one seat's own is that seat's, shared
        // question or not (H6).
        let own = self.holds.iter().nth(1).is_none();
        if (keyboard.sharing_offer || keyboard.asking_builders) && !own {
            self.viewer = None;
        }
        // Advice is for one seat at one position: a hand-off, an action or an undo ends it.
        self.drop_stale_advice(table);
        let away = keyboard.away.is_some() || keyboard.bot_seat.is_some();
        let seat = match keyboard.ahead {
            Some(seat) => seat,
            None if keyboard.guarded.is_some() || table.game().is_over() || away => return,
            None => table.game().to_act(),
        };
        // A joined screen answering a question put to everyone at once keeps its dialog as
        // its player left it while the others' answers are played (issue 49): its focus is
        // always its one seat's.
        self.focus = if self.joined && focus.answers(table, seat) {
            focus
        } else {
            Focus::for_phase(table, seat, self.last_target)
        };
    }

    /// Drops the panel and the tip once they are not for the seat at the keyboard at this
    /// position (a hand-off, a shared screen, an action, an undo, a load): their threads
    /// finish on their own, and what they send is never shown (they are kept aside only so no
    /// second search starts while they run: `Coach::closed`).
    pub fn drop_stale_advice(&mut self, table: &Table) {
        let keyboard = self.keyboard;
        if self.coach.panel.as_ref().is_some_and(|p| !keyboard.fits(table, &p.asked)) {
            self.coach.closed = self.coach.panel.take();
        }
        if self.coach.tip.as_ref().is_some_and(|t| !keyboard.fits(table, &t.asked)) {
            self.coach.stale_tip = self.coach.tip.take();
        }
    }

    /// The mode the keyboard is in (as last settled).
    pub fn mode(&self) -> Mode {
        self.keyboard.mode
    }

    /// The seat waiting for the keyboard, while the hand-off screen shows.
    pub fn handoff(&self) -> Option<Seat> {
        self.keyboard.handoff
    }

    /// The seat a bot must play now.
    pub fn bot_seat(&self) -> Option<Seat> {
        self.keyboard.bot_seat
    }

    /// The screen the input gate guards now.
    pub fn guarded(&self) -> Option<Guarded> {
        self.keyboard.guarded
    }

    /// Works out, once after a change of the table or of this screen, who holds the keyboard:
    /// the hand-off, the shared screens, the seat to act elsewhere or answering ahead, the seat
    /// advice is for, and whether the terminal is smaller than `need` (the game's screen, which
    /// the views size). The mode follows once the focus is given ([`Screen::settle_mode`]).
    pub fn settle_keyboard(&mut self, table: &Table, need: (u16, u16)) {
        let mode = self.keyboard.mode;
        self.keyboard = Keyboard { mode, ..self.work_out(table, need) };
    }

    /// The mode, once who holds the keyboard is settled and the focus given, and what the
    /// screen-wide commands do in it (the last step of settling a screen: `App::settle`).
    pub fn settle_mode(&mut self, table: &Table) {
        self.keyboard.mode = self.find_mode(table, &self.keyboard);
        self.commands = Commands::of(table, self);
    }

    fn work_out(&self, table: &Table, need: (u16, u16)) -> Keyboard {
        #[cfg(test)]
        keyboard_counter::WORKED_OUT.with(|c| c.set(c.get() + 1));
        let g = table.game();
        let s = g.to_act();
        let (begun, over) = (self.start.is_none(), g.is_over());
        let person = table.level(s).is_none();
        // A person seat played on this screen, or on another (a joined seat).
        let here = person && self.holds.contains(s);
        let sharing_offer = matches!(g.phase(), Phase::Trade { .. })
            && s != g.current_player()
            && here
            && self.holds.iter().nth(1).is_some()
            && table.offer_table.given(s).is_none()
            && begun
            && !over;
        // "Who builds?" is asked on each screen of the seats it holds (a joined seat on its own);
        // a screen whose seats have answered waits for the others'.
        let question = table
            .builders
            .filter(|b| matches!(g.phase(), Phase::SpecialBuilding { .. }) && !b.answered && b.turn == g.turn_number())
            .filter(|_| begun);
        let asking_builders = question.is_some_and(|b| b.waiting().0 & self.holds.0 != 0);
        let shared = sharing_offer || question.is_some();
        let handoff = (begun && !over && here && self.viewer != Some(s) && !shared).then_some(s);
        let bot_seat = table.bot_to_act().filter(|_| begun);
        let answers_elsewhere = question.filter(|_| !asking_builders).and_then(|b| b.waiting().iter().next());
        // A joined seat owing an answer to a question put to everyone at once is asked now,
        // whoever the engine's order has to act first (issue 49).
        let own = self.holds.iter().next().filter(|_| self.joined && self.holds.iter().nth(1).is_none());
        let ahead = own
            .filter(|&o| begun && !over && o != s && table.level(o).is_none())
            .filter(|&o| ahead::owes(g, o) && !table.ahead.given(o));
        let away = answers_elsewhere
            .or((begun && !over && person && !here && !shared).then_some(s))
            .filter(|_| ahead.is_none());
        let guarded = if self.fight.is_some() && begun {
            Some(Guarded::Fight)
        } else if let Some(s) = handoff {
            Some(Guarded::Handoff(s))
        } else if sharing_offer {
            Some(Guarded::Offer)
        } else if asking_builders {
            Some(Guarded::Builders)
        } else {
            None
        };
        // Advice is for the person to act once they hold this screen's keyboard, while no
        // shared screen, fight or computer player's move shows.
        let quiet = guarded.is_none() && bot_seat.is_none() && handoff.is_none() && away.is_none();
        let advisable = (begun && !over && quiet && !shared).then_some(s).filter(|s| self.viewer == Some(*s));
        let too_small = self.size.0 < need.0 || self.size.1 < need.1;
        Keyboard {
            handoff,
            sharing_offer,
            asking_builders,
            bot_seat,
            away,
            ahead,
            guarded,
            advisable,
            too_small,
            mode: Mode::Turn,
        }
    }

    /// The mode: what is open over the game first, then who holds the keyboard, then the focus.
    fn find_mode(&self, table: &Table, keyboard: &Keyboard) -> Mode {
        if self.howto.is_some() {
            Mode::HowTo
        } else if let Some(form) = &self.start {
            if matches!(form.row, Row::Seat(_)) { Mode::Start } else { Mode::StartRules }
        } else if self.quitting {
            Mode::Quit
        } else if self.saving.is_some() {
            Mode::SaveName
        } else if self.help {
            Mode::Help
        } else if self.fight.is_some() {
            Mode::Fight
        } else if table.game().is_over() {
            Mode::Over
        } else if keyboard.handoff.is_some() {
            Mode::Handoff
        } else if keyboard.sharing_offer {
            Mode::Offer
        } else if keyboard.asking_builders {
            Mode::Builders
        } else if keyboard.ahead.is_some() {
            self.focus_mode()
        } else if keyboard.bot_seat.is_some() {
            Mode::Bot
        } else if keyboard.away.is_some_and(|s| table.remote.gone.contains(s)) && !self.joined {
            // Who plays a waiting seat meanwhile is the host's to say (`p`, `b`); a joined
            // screen only waits, its footer saying why.
            Mode::Gone
        } else if keyboard.away.is_some() {
            Mode::Away
        } else if self.coach.panel.as_ref().is_some_and(|p| keyboard.fits(table, &p.asked)) {
            Mode::Advice
        } else {
            self.focus_mode()
        }
    }

    /// The mode the focus gives the keys.
    fn focus_mode(&self) -> Mode {
        match &self.focus {
            Focus::Idle => Mode::Turn,
            Focus::Select(_, _) => Mode::Select,
            Focus::Dialog(d) => d.mode(),
        }
    }
}

impl Keyboard {
    /// Advice asked for `asked` may show now: its seat holds the keyboard at its position.
    pub fn fits(&self, table: &Table, asked: &Asked) -> bool {
        self.advisable == Some(asked.seat) && asked.game == *table.game()
    }
}

/// How many times this thread worked the keyboard out (for the tests that hold a key press and
/// its frame to a few).
#[cfg(test)]
pub mod keyboard_counter {
    use std::cell::Cell;

    thread_local! {
        pub(in crate::tui) static WORKED_OUT: Cell<usize> = const { Cell::new(0) };
    }

    /// The count so far on this thread.
    pub fn worked_out() -> usize {
        WORKED_OUT.with(Cell::get)
    }
}
