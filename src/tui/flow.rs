//! What a key does: the App's `update` split by purpose (one `impl App` a file), and the
//! choices in steps (the robber, the units, trades, the dialogs, the start form). The App
//! and its `update` are in `app.rs`; the state these files change is in `model/`.

mod aftermath;
pub mod bot_turns;
mod fight_keys;
mod play;
mod seats;
pub mod session;
mod start_keys;
