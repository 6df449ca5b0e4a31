//! The state of the front end: one [`table::Table`] a game (the record, the seats, the
//! bots, the shared questions) and one [`screen::Screen`] a terminal (its seats, focus,
//! dialogs, scroll, advice, size), which the views read together as a [`scene::Scene`]. Nothing here imports a view,
//! a flow or the terminal: the key tables ([`keymap`]) and the theme live here because the
//! footer, the help and every widget read them.

pub mod bot_job;
pub mod builders;
pub mod coach;
pub mod dialog;
pub mod files;
pub mod focus;
pub mod game_story;
pub mod keymap;
pub mod legal;
pub mod offers;
pub mod perform;
pub mod picker;
pub mod played;
pub mod remote;
pub mod save_prompt;
pub mod scene;
pub mod screen;
pub mod sea_names;
pub mod selection;
pub mod settings;
pub mod start_form;
pub mod stats;
pub mod steps;
pub mod table;
pub mod theme;
pub mod unit_choice;
pub mod words;
