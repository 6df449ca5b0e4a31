//! The model the views draw from: the front end's state, and the questions every view asks
//! of it (who must take the keyboard, which mode the keys are in, which commands work now).
//! The App owns one and answers its own questions through it (`Deref`), so each answer has
//! one place; the replay viewer owns one of a recorded game ([`Scene::still`]) and draws with
//! the same views, without an app. Who holds the keyboard (the mode, the hand-off, the shared
//! screens, the bot to act) is worked out together once per change of the model
//! ([`Scene::keyboard`]) and read from there by the keys, the loop and every view.
//!
//! A leaf of the front end: it imports the model's other types, never the app.

use std::cell::OnceCell;
use std::path::Path;
use std::rc::Rc;

use crate::engine::{Action, Answer, Config, Event, Game, Phase, PlayerView, Seat};
use crate::save::{Autosave, Record};
use crate::tui::model::builders::Builders;
use crate::tui::model::coach::{Asked, Coach, Pending};
use crate::tui::model::dialog::{Dialog, PickFor};
use crate::tui::model::files::Files;
use crate::tui::model::focus::{Focus, Keyboard, Screen};
use crate::tui::model::game_story::{OverView, StoryChart};
use crate::tui::model::keymap::{Cmd, Mode};
use crate::tui::model::legal::Legal;
use crate::tui::model::offers::OfferTable;
use crate::tui::model::played::Played;
use crate::tui::model::save_prompt::SavePrompt;
use crate::tui::model::start_form::{Row, StartForm};
use crate::tui::model::table::Table;
use crate::tui::model::theme::Theme;

/// The front end's state that the views read: the App owns one (and reaches it through
/// `Deref`), the replay viewer owns one of the step it shows, and every view borrows it.
pub struct Scene {
    /// The game shown: the record's while a game is played (the only game there is then),
    /// else a plain one ([`Scene::game`], [`Scene::record`]).
    played: Played,
    pub seed: u64,
    /// The rules options new games are dealt with (the start screen shows them; the player
    /// count comes from the names).
    pub rules: Config,
    pub names: Vec<String>,
    /// One letter per player, shown on their pieces.
    pub letters: Vec<char>,
    pub theme: Theme,
    /// The start screen's form, while the names are asked.
    pub start: Option<StartForm>,
    /// The seat that confirmed it holds the keyboard; hands are shown only to it (H1).
    pub viewer: Option<Seat>,
    pub focus: Focus,
    /// Every event since the deal, shown through `Event::describe` for the viewer.
    pub log: Vec<Event>,
    /// Lines scrolled back from the newest.
    pub log_scroll: usize,
    pub help: bool,
    /// The how-to-play page, while it is open: how far it is scrolled.
    pub howto: Option<u16>,
    pub quitting: bool,
    /// What the game-over screen shows: the statistics, the story or the board.
    pub over_view: OverView,
    /// The game's story, charted once the game is over (or the replay viewer opens): worked
    /// out once from the record, never per frame.
    pub story: Option<StoryChart>,
    pub size: (u16, u16),
    /// The save prompt, while a name is typed.
    pub saving: Option<SavePrompt>,
    /// Who plays each seat, and the computer players' moves in progress.
    pub table: Table,
    /// The answers given on the shared trade-answer screen (flow/answers.rs).
    pub offer_table: OfferTable,
    /// Who builds in the Special Building Phase after the last turn (flow/building_phase.rs).
    pub builders: Option<Builders>,
    /// Where saves and autosaves go.
    pub files: Files,
    /// The file rewritten after every action, once the game has one.
    pub autosave: Option<Autosave>,
    /// Whether `u` would take the last action back (cached: it costs a replay).
    pub undoable: bool,
    /// The legal actions of the position, worked out once for `game` and shared.
    pub(in crate::tui) legal: Legal,
    /// The fight just fought and what it changed, shown until the next key (R56).
    pub fight: Option<Vec<Event>>,
    /// What the fight's attack aimed at (a defending unit may have taken it, R56).
    pub fight_aimed: Option<crate::engine::Target>,
    /// The advice panel and the tips (issue 36), shown only to the seat they were asked for.
    pub coach: Coach,
    /// What was asked already since the state last changed: the App clears it whenever it
    /// lends the scene out to be changed.
    pub(in crate::tui) memo: Memo,
}

/// Answers a scene keeps once asked: a key and a frame ask who holds the keyboard (the mode, the
/// hand-off, the shared screens) and the legal actions many times.
#[derive(Default)]
pub struct Memo {
    legal: OnceCell<Rc<[Action]>>,
    keyboard: OnceCell<Keyboard>,
}

impl Scene {
    /// A scene of a game that is looked at, not played: nobody holds the keyboard, nothing is
    /// selected, every question of play answers "no".
    pub fn still(game: Game, seed: u64, names: Vec<String>, letters: Vec<char>, theme: Theme) -> Scene {
        Scene {
            played: Played::Still(game),
            seed,
            rules: *game.config(),
            names,
            letters,
            theme,
            start: None,
            viewer: None,
            focus: Focus::Idle,
            log: Vec::new(),
            log_scroll: 0,
            help: false,
            howto: None,
            quitting: false,
            over_view: OverView::Statistics,
            story: None,
            size: (0, 0),
            saving: None,
            table: Table::default(),
            offer_table: OfferTable::default(),
            builders: None,
            files: Files::default(),
            autosave: None,
            undoable: false,
            legal: Legal::default(),
            fight: None,
            fight_aimed: None,
            coach: Coach::default(),
            memo: Memo::default(),
        }
    }

    /// The game shown (the record's while a game is played).
    pub fn game(&self) -> &Game {
        self.played.game()
    }

    /// The game with its history (seed, rules, names, every action): what saves, autosaves and
    /// undo work from. `None` on the start screen and in the replay viewer.
    pub fn record(&self) -> Option<&Record> {
        self.played.record()
    }

    /// The game, to be changed: played on, set, taken back.
    pub(in crate::tui) fn played(&mut self) -> &mut Played {
        // What was asked of the game before is of another game now (the replay viewer changes
        // its scene directly, not through an App).
        self.memo = Memo::default();
        &mut self.played
    }

    /// The focus to be changed, with the game and its legal actions it is answered from.
    pub(in crate::tui) fn focus_with_game(&mut self) -> (&mut Focus, &Game, &Legal) {
        (&mut self.focus, self.played.game(), &self.legal)
    }

    /// The file the game is autosaved to.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(Autosave::path)
    }

    /// The legal actions of the position (computed at most once per position, see `Legal`).
    pub fn legal(&self) -> Rc<[Action]> {
        Rc::clone(self.memo.legal.get_or_init(|| self.legal.of(self.game())))
    }

    /// A player's name.
    pub fn name(&self, s: Seat) -> String {
        self.names.get(s.index()).cloned().unwrap_or_else(|| s.to_string())
    }

    /// The name shown in the players panel and the footer: "Cy (hard)" for a bot, the name
    /// alone for a person.
    pub fn label(&self, s: Seat) -> String {
        match self.table.level(s) {
            Some(level) => format!("{} ({level})", self.name(s)),
            None => self.name(s),
        }
    }

    /// A rule text with "player 2" (how the engine names a seat) replaced by the name.
    pub fn with_names(&self, mut text: String) -> String {
        for s in self.game().seats() {
            text = text.replace(&s.to_string(), &self.name(s));
        }
        text
    }

    /// What the player who must act may see: the seat at the keyboard once any hand-off is
    /// done. Hands and development cards are read only through it (H1).
    pub fn acting_view(&self) -> PlayerView<'_> {
        self.game().view(self.game().to_act())
    }

    /// Who holds the keyboard and what it is in, worked out once per change of the model.
    pub fn keyboard(&self) -> Keyboard {
        *self.memo.keyboard.get_or_init(|| self.work_out_keyboard())
    }

    /// The seat a bot must play now (`Keyboard::bot_seat`).
    pub fn bot_seat(&self) -> Option<Seat> {
        self.keyboard().bot_seat
    }

    /// The footer's words while a bot plays: it is thinking, or its move is shown.
    pub fn bot_status(&self) -> Option<String> {
        let s = self.keyboard().bot_seat?;
        Some(if self.table.decided() {
            format!("{} is next · any key: go on", self.label(s))
        } else {
            format!("{} is thinking…", self.label(s))
        })
    }

    /// True while the shared answer screen shows (`Keyboard::sharing_offer`).
    pub fn sharing_offer(&self) -> bool {
        self.keyboard().sharing_offer
    }

    /// The person whose letter was pressed on the shared answer screen.
    pub fn offer_table_picked(&self) -> Option<Seat> {
        self.offer_table.picked
    }

    /// The people the open offer still waits for, in turn order.
    pub fn offer_waiting(&self) -> Vec<Seat> {
        let Phase::Trade { answers, .. } = self.game().phase() else { return Vec::new() };
        let n = self.game().num_players() as u8;
        let first = self.game().current_player().0;
        (0..n)
            .map(|i| Seat((first + i) % n))
            .filter(|s| answers[s.index()] == Answer::Pending && self.table.level(*s).is_none())
            .collect()
    }

    /// True while the shared "who builds?" screen shows.
    pub fn asking_builders(&self) -> bool {
        self.keyboard().asking_builders
    }

    /// The seat waiting for the keyboard, while the hand-off screen shows.
    pub fn handoff(&self) -> Option<Seat> {
        self.keyboard().handoff
    }

    /// The screen the input gate guards now.
    pub fn guarded(&self) -> Option<Screen> {
        self.keyboard().guarded
    }

    /// The mode the keyboard is in.
    pub fn mode(&self) -> Mode {
        self.keyboard().mode
    }

    /// Works who holds the keyboard out for the model as it is (kept by [`Scene::keyboard`]).
    fn work_out_keyboard(&self) -> Keyboard {
        let scene = self;
        #[cfg(test)]
        keyboard_counter::WORKED_OUT.with(|c| c.set(c.get() + 1));
        let g = scene.game();
        let s = g.to_act();
        let (begun, over) = (scene.start.is_none(), g.is_over());
        let person = scene.table.level(s).is_none();
        let sharing_offer = matches!(g.phase(), Phase::Trade { .. })
            && s != g.current_player()
            && person
            && scene.table.humans().nth(1).is_some()
            && scene.offer_table.given(s).is_none()
            && begun
            && !over;
        let asking_builders = matches!(g.phase(), Phase::SpecialBuilding { .. })
            && scene.builders.is_some_and(|b| !b.answered && b.turn == g.turn_number())
            && begun;
        let shared = sharing_offer || asking_builders;
        let handoff = (begun && !over && person && scene.viewer != Some(s) && !shared).then_some(s);
        let bot_seat = (begun && scene.record().is_some() && !over && !person).then_some(s);
        let guarded = if scene.fight.is_some() && begun {
            Some(Screen::Fight)
        } else if let Some(s) = handoff {
            Some(Screen::Handoff(s))
        } else if sharing_offer {
            Some(Screen::Offer)
        } else if asking_builders {
            Some(Screen::Builders)
        } else {
            None
        };
        let mut keyboard = Keyboard { handoff, sharing_offer, asking_builders, bot_seat, guarded, mode: Mode::Turn };
        keyboard.mode = self.find_mode(&keyboard);
        keyboard
    }

    /// The mode: what is open over the game first, then who holds the keyboard, then the focus.
    fn find_mode(&self, keyboard: &Keyboard) -> Mode {
        let scene = self;
        if scene.howto.is_some() {
            Mode::HowTo
        } else if let Some(form) = &scene.start {
            if matches!(form.row, Row::Seat(_)) { Mode::Start } else { Mode::StartRules }
        } else if scene.quitting {
            Mode::Quit
        } else if scene.saving.is_some() {
            Mode::SaveName
        } else if scene.help {
            Mode::Help
        } else if scene.fight.is_some() {
            Mode::Fight
        } else if scene.game().is_over() {
            Mode::Over
        } else if keyboard.handoff.is_some() {
            Mode::Handoff
        } else if keyboard.sharing_offer {
            Mode::Offer
        } else if keyboard.asking_builders {
            Mode::Builders
        } else if keyboard.bot_seat.is_some() {
            Mode::Bot
        } else if scene.coach.panel.as_ref().is_some_and(|p| self.fits(keyboard, &p.asked)) {
            Mode::Advice
        } else {
            match &scene.focus {
                Focus::Idle => Mode::Turn,
                Focus::Select(_, _) => Mode::Select,
                Focus::Dialog(d) => d.mode(),
            }
        }
    }

    /// The seat advice may be given to now: the person to act holds the keyboard after their
    /// hand-off, and no shared screen, fight or computer player's move shows.
    fn advisable(&self, keyboard: &Keyboard) -> Option<Seat> {
        let g = self.game();
        let quiet = keyboard.guarded.is_none() && keyboard.bot_seat.is_none() && keyboard.handoff.is_none();
        let shared = keyboard.sharing_offer || keyboard.asking_builders;
        (self.start.is_none() && !g.is_over() && quiet && !shared)
            .then(|| g.to_act())
            .filter(|s| self.viewer == Some(*s))
    }

    /// Advice asked for `asked` may show now: its seat holds the keyboard at its position.
    fn fits(&self, keyboard: &Keyboard, asked: &Asked) -> bool {
        self.advisable(keyboard) == Some(asked.seat) && asked.game == *self.game()
    }

    /// Advice asked for `asked` may show now (`Scene::fits` with the keyboard as it is).
    pub fn advice_valid(&self, asked: &Asked) -> bool {
        self.fits(&self.keyboard(), asked)
    }

    /// The seat the advice key would advise now, or why it can't (the status line's words).
    pub fn advice_for(&self) -> Result<Seat, String> {
        let keyboard = self.keyboard();
        if let Some(s) = self.advisable(&keyboard) {
            return Ok(s);
        }
        let g = self.game();
        Err(if g.is_over() {
            "the game is over: nothing to advise".into()
        } else if let Some(s) = keyboard.handoff {
            format!("{} takes the keyboard first (Enter), then i gives them advice", self.name(s))
        } else if keyboard.sharing_offer || keyboard.asking_builders {
            "no advice on a shared screen: everyone reads it, and advice would show a hand".into()
        } else if let Some(s) = keyboard.bot_seat {
            format!("{} is playing: advice is for your own moments", self.label(s))
        } else {
            "no advice now: it is for the player to act, once they hold the keyboard".into()
        })
    }

    /// The advice panel, while open and still for the seat and position it was asked for.
    pub fn advice_panel(&self) -> Option<&Pending<crate::bots::advice::Advice>> {
        self.coach.panel.as_ref().filter(|p| self.advice_valid(&p.asked))
    }

    /// The tip for the seat at the keyboard, once come, while still for its seat and position.
    pub fn tip_shown(&self) -> Option<&crate::bots::advice::Advised> {
        self.coach.tip.as_ref().filter(|t| self.advice_valid(&t.asked)).and_then(|t| t.got.as_ref())
    }

    /// A development card can be played now by the player who must act (whatever the mode:
    /// the status line asks this after a bot's turn too, where `enabled` is true for all).
    pub fn can_play_card(&self) -> bool {
        self.legal().iter().any(|a| {
            matches!(
                a,
                Action::PlayKnight | Action::PlayRoadBuilding | Action::PlayYearOfPlenty(..) | Action::PlayMonopoly(_)
            )
        })
    }

    /// True when a command would do something now (the footer shows only those). The
    /// position's legal actions are asked for only in the turn's own mode, and then from the
    /// shared list.
    pub fn enabled(&self, cmd: Cmd) -> bool {
        let keyboard = self.keyboard();
        let mode = keyboard.mode;
        if matches!(mode, Mode::SaveName | Mode::Advice) {
            return true;
        }
        match cmd {
            Cmd::Advice => return self.advice_for().is_ok(),
            Cmd::Undo => {
                return self.undoable && keyboard.handoff.is_none() && !matches!(mode, Mode::Over | Mode::Bot);
            }
            // Works in every mode but the start screen; the footer names it outside dialogs,
            // whose own keys fill the line.
            Cmd::Save => {
                return self.record().is_some()
                    && matches!(mode, Mode::Turn | Mode::Select | Mode::Handoff | Mode::Over | Mode::Bot);
            }
            _ => {}
        }
        if mode == Mode::Start && matches!(cmd, Cmd::Left | Cmd::Right) {
            // The level keys, on a computer player's seat.
            return self.start.as_ref().is_some_and(|f| matches!(f.row, Row::Seat(i) if f.seats[i].bot.is_some()));
        }
        if mode != Mode::Turn {
            return match (&self.focus, cmd) {
                (Focus::Dialog(Dialog::Answer), Cmd::Accept) => self.game().is_legal(Action::AcceptTrade),
                (Focus::Select(s, _), Cmd::Cancel) => s.cancellable,
                (Focus::Dialog(Dialog::Picker(p)), Cmd::Cancel) => {
                    !matches!(p.purpose, PickFor::Discard(_) | PickFor::Plenty)
                }
                // A monopoly names one kind, and one card is picked by its row: no count to
                // raise or lower then.
                (Focus::Dialog(Dialog::Picker(p)), Cmd::More | Cmd::Less) => {
                    p.purpose != PickFor::Monopoly && p.need(self.game()) > 1
                }
                // R45 lists only the kinds the building gives: the footer does not offer all
                // five resource keys (the keys of the kinds shown still work).
                (Focus::Dialog(Dialog::Picker(p)), Cmd::Pick(_)) => p.purpose != PickFor::Plenty,
                _ => true,
            };
        }
        let legal = self.legal();
        let any = |f: fn(&Action) -> bool| legal.iter().any(f);
        match cmd {
            Cmd::Roll => any(|a| *a == Action::RollDice),
            Cmd::BuildRoad => any(|a| matches!(a, Action::BuildRoad(_))),
            Cmd::BuildSettlement => any(|a| matches!(a, Action::BuildSettlement(_))),
            Cmd::BuildCity => any(|a| matches!(a, Action::BuildCity(_))),
            Cmd::BuildCastle => any(|a| matches!(a, Action::BuildCastle(_))),
            Cmd::BuyCard => any(|a| *a == Action::BuyDevCard),
            Cmd::PlayCard => self.can_play_card(),
            Cmd::Trade => self.game().phase() == Phase::Main,
            Cmd::Maritime => any(|a| matches!(a, Action::MaritimeTrade { .. } | Action::BuyWithGold(_))),
            Cmd::EndTurn => any(|a| *a == Action::EndTurn),
            Cmd::Units => any(crate::tui::model::unit_choice::offered),
            _ => true,
        }
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
