//! The terminal front end: hot-seat play for 2 to 6 players on one keyboard (5 and 6 on
//! the larger island of R40).
//!
//! The shape follows the ratatui templates: a loop draws the [`App`], waits for one terminal
//! event (or a signal), turns it into a [`Msg`] and lets [`App::update`] apply it. Folders by
//! layer, each importing only those listed after it:
//!
//! - `term/`: a local terminal's loop, the SSH host's loop (each joined terminal a screen),
//!   the input gate of the hand-off, the replay viewer's loop;
//! - `app.rs`, `app/`: the [`App`] (one table and its screens) and its update: a message on a
//!   screen becomes one outcome (`keys.rs`), carried out in one place (`App::perform`);
//! - `view/`: widgets that only read one screen and the table, lent together as a [`Scene`];
//! - `screen/`: one [`Screen`] a terminal: the seats it holds, focus, the choices in steps
//!   (the selection on the island, the dialogs, the card picker, the units' choice), scroll,
//!   help, advice, size, and its keyboard as last settled; the key tables of [`keymap`]
//!   (which also write the footer and the help) and the theme;
//! - `table/`: one [`Table`] a game: the record (the one game there is), names, rules, who
//!   plays each seat and the bots' moves, the autosave, the public log, the questions every
//!   player is asked together; `perform` is where the game changes.
//!
//! The engine decides everything: the UI offers what `legal_actions()` allows and shows
//! `RuleError`s as they are.

mod app;
mod screen;
mod table;
mod term;
mod view;

pub use app::App;
pub use app::new::Options;
pub use screen::Screen;
pub use screen::dialog::{Composer, Dialog, PickFor, Picker};
pub use screen::focus::{Focus, Message, Msg};
pub use screen::keymap;
pub use screen::scene::Scene;
pub use screen::selection::{Purpose, Selection, Target};
pub use screen::settings::{self, Remembered, Settings};
pub use screen::start_form::{Row, SeatEntry, StartForm};
pub use screen::steps::Steps;
pub use screen::theme::Theme;
pub use table::Table;
pub use table::bot_job::{DEFAULT_DELAY, DEFAULT_TIME};
pub use table::files::{Files, Resume};
pub use table::game_story::{OverView, StoryChart};
pub use table::remote::{HostCard, Remote};
pub use table::stats::Stats;
#[cfg(feature = "ssh")]
pub use term::host_loop::Hosting;
pub use term::replay;
#[cfg(feature = "ssh")]
pub use term::terminal::run_hosting;
pub use term::terminal::{Exit, FrameTimes, bench_app, bench_frames, run};
pub use view::board::Geometry;
pub use view::layout::{Areas, areas_of, layout, layout_sea, min_size, min_size_sea};
