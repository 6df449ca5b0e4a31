//! Games that survive, in the terminal (issue 4): every game played is a [`Record`]; it is
//! autosaved after every action, saved under a name with `s`, taken back with `u`, and resumed
//! from a file (`--load`) or from the latest autosave (`--continue`).
//!
//! The autosave is written synchronously, but after the frame that shows the action is drawn
//! ([`App::autosave_now`], called by the terminal loop): the player sees the result at once,
//! and the ~10 ms flush to disk overlaps their reading it. Keys pressed meanwhile wait in the
//! terminal's queue, so a crash or a closed terminal loses at most the action being written,
//! and a failed write is shown on the status line at once, never dropped.

use std::path::Path;

use crossterm::event::KeyEvent;

use crate::save::{self, Autosave, Record};
use crate::tui::app::App;
use crate::tui::screen::focus::Message;
use crate::tui::screen::save_prompt::PromptKey;
use crate::tui::table::files::{Files, Resume};
use crate::tui::table::played::Played;
use crate::tui::{Options, Theme};
/// data directory.
pub(in crate::tui) fn app_for(options: Options) -> App {
    let Some(resume) = options.resume else {
        let mut app = match options.seats {
            Some(seats) => App::with_seats(options.seed, Some(seats), options.theme, options.rules),
            None => {
                let mut app = App::start_screen(options.seed, options.theme, options.rules, &options.remembered);
                // The last unfinished game, offered as "Continue" (issue 23).
                let last = Files::from_env().autosaves.and_then(|dir| save::latest_unfinished_in(&dir));
                if let (Some(form), Some((autosave, record))) = (app.screen.start.as_mut(), last) {
                    let file = autosave.path().to_path_buf();
                    form.last = Some(Box::new(Resume { record, autosave: Some(autosave), file, note: None }));
                }
                app
            }
        };
        (app.table.delay, app.table.time) = (options.bot_delay, options.bot_time);
        // `--no-bot-offers` (or the setting) holds from `--players` on, not only the start screen.
        app.table.offers_to_people = !options.remembered.no_bot_offers;
        app.set_files(Files::from_env(), None);
        return app;
    };
    let actions = resume.record.len();
    let mut app = App::from_record(resume.record, options.theme);
    (app.table.delay, app.table.time) = (options.bot_delay, options.bot_time);
    // And after `--continue` and `--load` (issue 42: 10 offers in 279 actions with it off).
    app.table.offers_to_people = !options.remembered.no_bot_offers;
    app.resume_tips(&options.remembered.tips);
    // A loaded game gets its own autosave at once, so `--continue` comes back to it.
    app.table.dirty = resume.autosave.is_none();
    app.set_files(Files::from_env(), resume.autosave);
    if app.screen.message.is_none() {
        let text = match resume.note {
            Some(note) => format!("{note} ({actions} actions)"),
            None => format!("resumed {} after {actions} actions", resume.file.display()),
        };
        app.screen.message = Some(Message { text, error: false });
    }
    app
}

impl App {
    /// A resumed game's tips: the people the settings name with tips on.
    pub(in crate::tui) fn resume_tips(&mut self, tips: &[String]) {
        let names = self.table.names.clone();
        let people: Vec<crate::engine::Seat> = self.table.humans().collect();
        self.screen.coach.tips_by_name(&names, tips, |s| people.contains(&s));
    }

    /// An app to play on from a record (a loaded save): the log panel is rebuilt from the
    /// record, its computer players play on at their levels, and the person to act is asked to
    /// take the keyboard first (H1).
    pub fn from_record(record: Record, theme: Theme) -> App {
        let mut app = App::resume(record.seed(), record.seats(), *record.game(), record.log(), theme);
        app.table.undoable = record.can_undo().is_ok();
        app.table.set_played(Played::Recorded(record));
        // A game loaded over has its story too (sync ran before the record was in), and its
        // computer players play (a plain game has none to arm).
        app.table.keep_story();
        app.settle();
        app
    }

    /// Sets where saves go and starts autosaving: to `autosave` if given (the game `--continue`
    /// resumed), else to a new file in `files.autosaves` once the game has begun.
    pub fn set_files(&mut self, files: Files, autosave: Option<Autosave>) {
        if files.autosaves.is_none() && autosave.is_none() {
            self.screen.message = Some(Message {
                text: "autosave is off: no data directory was found (set CATAN_DATA_DIR)".into(),
                error: true,
            });
        }
        self.table.files = files;
        self.table.autosave = autosave;
        self.start_autosave();
    }

    /// Picks the autosave file of a game that has begun, if autosaving and not yet done.
    pub(in crate::tui) fn start_autosave(&mut self) {
        if let (None, Some(dir), Some(record)) =
            (&self.table.autosave, &self.table.files.autosaves, self.table.record())
        {
            match Autosave::start_in(dir, record) {
                Ok(a) => self.table.autosave = Some(a),
                Err(e) => self.refuse(format!("autosave is off: {e}")),
            }
        }
    }

    /// The file the game is autosaved to.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.table.autosave.as_ref().map(Autosave::path)
    }

    /// Writes the autosave if the game changed since the last write. Returns true when the
    /// screen must be drawn again (a failed write, now on the status line).
    pub fn autosave_now(&mut self) -> bool {
        if !std::mem::take(&mut self.table.dirty) {
            return false;
        }
        let (Some(autosave), Some(record)) = (&self.table.autosave, self.table.record()) else { return false };
        match autosave.write(record) {
            Ok(()) => false,
            Err(e) => {
                // Said loudly, every time: the game is no longer safe on disk.
                self.refuse(format!("autosave failed (s saves elsewhere): {e}"));
                true
            }
        }
    }

    /// `u`: takes back the acting player's last action if nothing new was revealed by it.
    /// The player keeps the keyboard (the rule only allows it when play stayed with them), so
    /// no hidden hand is shown to anyone else (H1).
    pub(in crate::tui) fn undo(&mut self, id: usize) {
        let Some(undone) = self.table.undo() else { return self.refuse_on(id, "nothing to undo".into()) };
        match undone {
            Ok(action) => {
                self.table.log = self.table.record().map(Record::log).unwrap_or_default();
                self.parts(id).1.log_scroll = 0;
                self.table.recorded();
                self.sync();
                let text = format!("took back {}", action.taken_back());
                self.parts(id).1.message = Some(Message { text, error: false });
            }
            Err(refusal) => self.refuse_on(id, refusal.to_string()),
        }
    }

    /// A key while the save prompt is open.
    pub(in crate::tui) fn save_key(&mut self, key: KeyEvent) {
        let Some(prompt) = self.screen.saving.as_mut() else { return };
        match prompt.key(key) {
            PromptKey::Stay => {}
            PromptKey::Cancel => self.screen.saving = None,
            PromptKey::Quit => {
                self.screen.saving = None;
                self.screen.quitting = true;
            }
            PromptKey::Submit(name) => self.save_named(&name),
        }
    }

    /// Writes the record under a typed name; asks once before replacing an existing save, and
    /// never replaces anything that is not a catan save ([`save::check_replace`]).
    /// The prompt stays open on an error so the name can be fixed.
    fn save_named(&mut self, name: &str) {
        let path = match save::resolve_name_in(self.table.files.saves.as_deref(), name) {
            Ok(p) => p,
            Err(e) => return self.refuse(e.to_string()),
        };
        // Only ever a catan save is replaced: a text file, a link, a device is refused with why.
        let exists = match save::check_replace(&path) {
            Ok(exists) => exists,
            Err(e) => return self.refuse(e.to_string()),
        };
        let Some(prompt) = &mut self.screen.saving else { return };
        if exists && prompt.confirm.as_ref() != Some(&path) {
            prompt.confirm = Some(path);
            return;
        }
        let Some(record) = self.table.record() else { return };
        match save::save(record, &path) {
            Ok(()) => {
                self.screen.saving = None;
                let text = format!(
                    "saved to {} ({} resumes here)",
                    path.display(),
                    crate::tui::screen::save_prompt::load_command(&path)
                );
                self.screen.message = Some(Message { text, error: false });
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotLevel;
    use crate::engine::Config;
    use crate::save::SeatInfo;
    use crate::tui::{Options, Remembered};
    use std::time::Duration;

    fn options(no_bot_offers: bool, resume: Option<Resume>) -> Options {
        Options {
            seed: 42,
            seats: Some(vec![SeatInfo::human("Ann"), SeatInfo::bot("Bert", BotLevel::Medium), SeatInfo::human("Cy")]),
            mouse: false,
            theme: Default::default(),
            resume,
            rules: Config::with_players(3),
            bot_delay: Duration::ZERO,
            bot_time: Duration::from_millis(50),
            remembered: Remembered { no_bot_offers, ..Remembered::default() },
        }
    }

    /// Issue 42: "Bot offers to people" off held only for a game begun on the start screen;
    /// `--players`, `--continue` and `--load` had bots offer all the same.
    #[test]
    fn no_bot_offers_holds_for_players_and_for_a_resumed_game() {
        for off in [false, true] {
            assert_eq!(app_for(options(off, None)).table.offers_to_people, !off, "--players, off: {off}");
            let names = vec!["Ann".to_string(), "Bert".to_string(), "Cy".to_string()];
            let record = Record::new(Config::with_players(3), 42, names).expect("a record");
            let resume = Resume { record, autosave: None, file: "game.json".into(), note: None };
            assert_eq!(app_for(options(off, Some(resume))).table.offers_to_people, !off, "--load, off: {off}");
        }
    }
}
