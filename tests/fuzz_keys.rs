//! Issue 12: the `keys` fuzz target's properties (fuzz/src/keys.rs, included here so CI checks
//! exactly what the fuzzer does) over random inputs: key presses, resizes and clicks fed to
//! `App::update` never panic, nor does drawing; hot-seat privacy holds (off the hand-off screen
//! the keyboard is the player's to act; the viewer changes only through the hand-off; no hand but
//! the viewer's is drawn); the app's game stays its record's.

mod support;

#[allow(dead_code)] // each target reads the input its own way
#[path = "../fuzz/src/bytes.rs"]
mod bytes;
#[path = "../fuzz/src/keys.rs"]
mod keys;

use catan::tui::{App, Msg, Theme};
use crossterm::event::KeyCode;
use proptest::prelude::*;

/// Inputs per property (`FUZZ_CASES` sets another count, for long soak runs).
fn cases() -> u32 {
    support::fuzz::cases(if cfg!(debug_assertions) { 160 } else { 2000 })
}

/// The input byte that presses `code` (see `keys::message`).
fn key(code: KeyCode) -> u8 {
    keys::KEYS.iter().position(|&k| k == code).expect("a key of the table") as u8
}

/// Every key of the table but those that leave the game for long: quit, save and help.
static GAME_KEYS: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(|| {
    let away = [KeyCode::Char('q'), KeyCode::Char('s'), KeyCode::Char('S'), KeyCode::Char('?'), KeyCode::F(1)];
    (0..keys::KEYS.len()).filter(|&i| !away.contains(&keys::KEYS[i])).map(|i| i as u8).collect()
});

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// Any bytes.
    #[test]
    fn any_input_keeps_the_app_sound(data in prop::collection::vec(any::<u8>(), 0..2000)) {
        keys::run(&data);
    }

    /// Mostly the keys that move a game on (Enter places, confirms and hands over; Tab moves to
    /// a legal place; r rolls; e ends the turn; + and Down pick cards to discard), so games get
    /// past set-up into trades, robbers and cards, with other messages among them.
    #[test]
    fn games_played_by_keys_keep_the_app_sound(
        head in any::<[u8; 5]>(),
        body in prop::collection::vec(prop_oneof![
            6 => Just(key(KeyCode::Enter)),
            2 => Just(key(KeyCode::Tab)),
            2 => Just(key(KeyCode::Char('r'))),
            2 => Just(key(KeyCode::Char('e'))),
            2 => Just(key(KeyCode::Char('+'))),
            1 => Just(key(KeyCode::Down)),
            6 => prop::sample::select(GAME_KEYS.to_vec()),
            1 => 200u8..=255, // modifiers, characters, resizes, clicks
        ], 0..2500),
    ) {
        // A named game (not the start screen), any rules, drawn at 96 x 28.
        let f = head[2] & 0xcf;
        let mut data = vec![head[0], head[1], f];
        if f & 0xc0 == 0xc0 {
            data.extend([head[3], head[4]]);
        }
        data.push(0);
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
    let first = app.table.game().to_act();
    assert!(app.screen.handoff().is_some());
    let screen = keys::draw(&app).join("\n");
    assert!(app.table.game().seats().all(|s| !screen.contains(&keys::hand_title(&app, s))), "{screen}");
    app.update(Msg::key(KeyCode::Enter));
    assert_eq!(app.screen.viewer, Some(first));
    let screen = keys::draw(&app).join("\n");
    assert!(screen.contains(&keys::hand_title(&app, first)), "{screen}");
}
