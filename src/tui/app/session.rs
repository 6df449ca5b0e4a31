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
use crate::tui::app::changes::Changes;
use crate::tui::screen::focus::Message;
use crate::tui::screen::save_prompt::PromptKey;

impl App {
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
    pub(in crate::tui) fn undo(&mut self, id: usize) -> Changes {
        let Some(undone) = self.table.undo() else {
            self.refuse_on(id, "nothing to undo".into());
            return Changes::shown();
        };
        match undone {
            Ok(action) => {
                self.table.log = self.table.record().map(Record::log).unwrap_or_default();
                self.parts(id).1.log_scroll = 0;
                self.table.recorded();
                Changes::sync().say(id, format!("took back {}", action.taken_back()))
            }
            Err(refusal) => {
                self.refuse_on(id, refusal.to_string());
                Changes::shown()
            }
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
