//! Widgets that only read a screen and the table: the island, the panels, the dialogs, the
//! shared screens, the start screen, the help and how-to-play pages. [`frame::render`] draws a
//! whole frame of a [`crate::tui::Scene`] (`screen/scene.rs`: one screen and the table lent
//! together). Views import `screen/`, `table/` and each other, never a flow, the app or the
//! terminal.

pub mod advice_view;
pub mod board;
pub mod board_units;
pub mod describe;
pub mod dialog_view;
pub mod fight_view;
pub mod frame;
pub mod help;
pub mod host_card;
pub mod house;
pub mod howto;
pub mod layout;
pub mod panels;
pub mod phase;
pub mod place;
pub mod screens;
pub mod start_view;
pub mod story_chart;
pub mod table_view;
