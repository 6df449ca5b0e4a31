//! Issue 12: the `keys` fuzz target's properties (fuzz/src/keys.rs, included here so CI checks
//! exactly what the fuzzer does) over random inputs: key presses, resizes and clicks fed to
//! `App::update` never panic, nor does drawing; hot-seat privacy holds (off the hand-off screen
//! the keyboard is the player's to act; the viewer changes only through the hand-off; no hand but
//! the viewer's is drawn); the app's game stays its record's.

#[allow(dead_code)] // each target reads the input its own way
#[path = "../fuzz/src/bytes.rs"]
mod bytes;
#[path = "../fuzz/src/keys.rs"]
mod keys;

use catan::tui::{App, Msg, Theme};
use crossterm::event::KeyCode;
use proptest::prelude::*;

/// Inputs per property: about 10 s each with `cargo test --release`, 30 s in a debug build.
const CASES: u32 = if cfg!(debug_assertions) { 48 } else { 512 };

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any bytes.
    #[test]
    fn any_input_keeps_the_app_sound(data in prop::collection::vec(any::<u8>(), 0..2000)) {
        keys::run(&data);
    }

    /// Mostly the keys that move a game on (Enter places, confirms and hands over; Tab moves to
    /// a legal place; r rolls; e ends the turn), so games get past set-up into trades, robbers
    /// and cards, with other messages among them.
    #[test]
    fn games_played_by_keys_keep_the_app_sound(
        head in any::<[u8; 4]>(),
        body in prop::collection::vec(prop_oneof![
            6 => Just(0u8),                      // Enter
            2 => Just(4u8),                      // Tab
            2 => Just(20u8),                     // r
            2 => Just(29u8),                     // e
            6 => 0u8..200,                       // any key of the game
            1 => 200u8..=255,                    // modifiers, characters, resizes, clicks
        ], 0..2500),
    ) {
        // A named game (not the start screen), at a size that is drawn.
        let mut data = vec![head[0], head[1], head[2] & 0x0f, 0];
        data.extend(body);
        keys::run(&data);
    }
}

/// The screen check can see a hand: after the hand-off the player to act sees their own, drawn
/// under their name; on the hand-off screen no hand is drawn.
#[test]
fn the_screen_check_sees_the_viewers_hand() {
    let mut app = App::new(7, Some(keys::NAMES[..3].iter().map(|n| n.to_string()).collect()), Theme::default());
    app.update(Msg::Resize(100, 32));
    let first = app.game.to_act();
    assert!(app.handoff().is_some());
    let screen = keys::draw(&app).join("\n");
    assert!(app.game.seats().all(|s| !screen.contains(&keys::hand_title(&app, s))), "{screen}");
    app.update(Msg::key(KeyCode::Enter));
    assert_eq!(app.viewer, Some(first));
    let screen = keys::draw(&app).join("\n");
    assert!(screen.contains(&keys::hand_title(&app, first)), "{screen}");
}
