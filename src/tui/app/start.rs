//! The start screen's keys and the game they begin (the form itself is `screen/start_form.rs`).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::bots::BotLevel;
use crate::engine::MAX_PLAYERS;
use crate::save::{DEFAULT_BOT, SeatInfo};
use crate::tui::app::App;
use crate::tui::app::changes::Changes;
use crate::tui::screen::focus::Message;
use crate::tui::screen::keymap::{self, Cmd, Mode};
use crate::tui::screen::settings::Settings;
use crate::tui::screen::start_form::{MIN_PLAYERS, Row, SeatEntry, change, rules_for};

impl App {
    /// Resumes the last unfinished game offered on the start screen, as `--continue` does:
    /// its autosave is written on, and the player to act takes the keyboard first.
    fn continue_last(&mut self) {
        let Some(resume) = self.screen.start.as_mut().and_then(|f| f.last.take()) else { return };
        // The tips of the form's people, by name (the save keeps none).
        let tips: Vec<String> = self.screen.start.as_ref().map_or(Vec::new(), |f| {
            f.named().filter(|s| s.tips && s.bot.is_none()).map(|s| s.name.trim().to_string()).collect()
        });
        let file = resume.file.display().to_string();
        let actions = resume.record.len();
        let mut app = App::from_record(resume.record, self.screen.theme);
        (app.table.delay, app.table.time) = (self.table.delay, self.table.time);
        app.screen.size = self.screen.size;
        app.set_files(self.table.files.clone(), resume.autosave);
        app.screen.message = Some(Message { text: format!("resumed {file} after {actions} actions"), error: false });
        app.resume_tips(&tips);
        *self = app;
    }

    /// A key on the start screen: a command of its table, or on a seat a character typed.
    pub(in crate::tui) fn start_key(&mut self, key: KeyEvent) -> Changes {
        let mode = self.screen.keyboard.mode;
        let mut changes = Changes::shown();
        match keymap::lookup(mode, key) {
            Some(cmd) => changes = self.start_command(cmd),
            None => match key.code {
                KeyCode::Char(c) if mode == Mode::Start && !key.modifiers.contains(KeyModifiers::CONTROL) => {
                    if let Some(form) = self.screen.start.as_mut() {
                        form.type_char(c);
                    }
                }
                _ => {}
            },
        }
        self.preview();
        changes
    }

    fn start_command(&mut self, cmd: Cmd) -> Changes {
        let Some(form) = self.screen.start.as_mut() else { return Changes::shown() };
        match (form.row, cmd) {
            (_, Cmd::Quit) => self.screen.done = true,
            (_, Cmd::HowTo) => {
                self.screen.howto = Some(crate::tui::view::howto::opening(&self.scene(), self.screen.size))
            }
            (_, Cmd::Up) => form.step(-1),
            (_, Cmd::Down) => form.step(1),
            (Row::Seat(i), Cmd::Confirm) => return self.seat_enter(i),
            (Row::Continue, Cmd::Confirm) => self.continue_last(),
            (_, Cmd::Confirm) => return self.start_game(),
            (Row::Seat(i), Cmd::Toggle) => {
                let name = form.free_name(i);
                let seat = &mut form.seats[i];
                match seat.bot {
                    Some(_) => {
                        (seat.bot, seat.tips) = (None, false);
                        if seat.auto {
                            (seat.name, seat.auto) = (String::new(), false);
                        }
                    }
                    None => {
                        (seat.bot, seat.tips) = (Some(DEFAULT_BOT), false);
                        if seat.name.trim().is_empty() {
                            (seat.name, seat.auto) = (name, true);
                        }
                    }
                }
            }
            (Row::Seat(i), Cmd::Left | Cmd::Right) => {
                let by = if cmd == Cmd::Left { -1 } else { 1 };
                match form.seats[i].bot {
                    Some(level) => {
                        let at = BotLevel::ALL.iter().position(|l| *l == level).unwrap_or(0);
                        let to = at.saturating_add_signed(by).min(BotLevel::ALL.len() - 1);
                        form.seats[i].bot = Some(BotLevel::ALL[to]);
                    }
                    // A person's seat: the arrows turn its tips on or off (issue 36).
                    None => form.seats[i].tips = !form.seats[i].tips,
                }
            }
            (Row::Seat(i), Cmd::Less) => {
                let seat = &mut form.seats[i];
                seat.auto = false;
                if seat.name.pop().is_none() && form.seats.len() > 1 {
                    // On an empty seat, go back into the name before it (issue 15: Backspace
                    // deletes a character, never a whole name).
                    form.seats.remove(i);
                    form.row = Row::Seat(i.saturating_sub(1));
                }
            }
            (Row::Seat(i), Cmd::Remove) => {
                form.seats.remove(i);
                if form.seats.is_empty() {
                    form.seats.push(SeatEntry::default());
                }
                form.row = Row::Seat(i.min(form.seats.len() - 1));
            }
            (Row::BotOffers, Cmd::Left | Cmd::Right | Cmd::Next) => {
                self.table.offers_to_people = !self.table.offers_to_people;
            }
            (row, Cmd::Left | Cmd::Right | Cmd::Next) => {
                let by = if cmd == Cmd::Left { -1 } else { 1 };
                let players = form.named().count().max(MIN_PLAYERS) as u8;
                self.table.rules = change(&self.table.rules, row, by, players);
            }
            _ => {}
        }
        Changes::shown()
    }

    /// Enter on seat `i`: on to the next seat (a new one after the last, up to six) once the
    /// name is good; on an empty last seat, the game starts.
    fn seat_enter(&mut self, i: usize) -> Changes {
        let Some(form) = self.screen.start.as_mut() else { return Changes::shown() };
        let last = i + 1 == form.seats.len();
        if form.seats[i].name.trim().is_empty() {
            if last && form.named().count() >= MIN_PLAYERS {
                return self.start_game();
            } else if last {
                self.refuse(format!("type at least {MIN_PLAYERS} names"));
            } else {
                self.refuse(format!("seat {} has no name: type one, or Del removes the seat", i + 1));
            }
            return Changes::shown();
        }
        let names: Vec<String> = form.named().map(|s| s.name.trim().to_string()).collect();
        if let Err(e) = crate::text::check_names(&names) {
            // The same words as everywhere a name enters (--players, a loaded save).
            self.refuse(e.to_string());
            return Changes::shown();
        }
        form.row = match (last, form.seats.len() < MAX_PLAYERS) {
            (false, _) => Row::Seat(i + 1),
            (true, true) => {
                form.seats.push(SeatEntry::default());
                Row::Seat(i + 1)
            }
            (true, false) => Row::Start,
        };
        Changes::shown()
    }

    /// Starts the game with the named seats (empty ones are left out) and the rules shown, and
    /// remembers them for next time. What can't start is said, and the form stays.
    fn start_game(&mut self) -> Changes {
        let Some(form) = self.screen.start.as_ref() else { return Changes::shown() };
        let seats: Vec<SeatInfo> = form
            .named()
            .map(|s| {
                let name = s.name.trim().to_string();
                match s.bot {
                    Some(level) => SeatInfo::bot(name, level),
                    None => SeatInfo::human(name),
                }
            })
            .collect();
        if seats.len() < MIN_PLAYERS {
            {
                self.refuse(format!("type at least {MIN_PLAYERS} names"));
                return Changes::shown();
            }
        }
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        if let Err(e) = crate::text::check_names(&names) {
            {
                self.refuse(e.to_string());
                return Changes::shown();
            }
        }
        let file = form.file.clone();
        let rules = rules_for(&self.table.rules, seats.len() as u8);
        if let Err(e) = rules.validate() {
            {
                self.refuse(e.to_string());
                return Changes::shown();
            }
        }
        let mut settings = Settings::from_rules(&rules, seats.clone());
        settings.bot_offers_to_people = self.table.offers_to_people;
        settings.tips = form.named().filter(|s| s.tips && s.bot.is_none()).map(|s| s.name.trim().to_string()).collect();
        let tips: Vec<bool> = form.named().map(|s| s.tips && s.bot.is_none()).collect();
        let changes = self.begin(seats);
        self.screen.coach.tips = tips;
        if self.screen.start.is_none()
            && let Some(file) = file
            && let Err(e) = settings.save(&file)
        {
            self.screen.message = Some(Message { text: format!("settings not remembered: {e}"), error: true });
        }
        changes
    }
}
