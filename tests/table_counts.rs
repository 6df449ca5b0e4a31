//! Issue 23: how often the keyboard passes at a table of six people. Twelve turns of a
//! six-person game, the same seed and the same choices (set-up at the cursor, roll, discard
//! and rob by the first choices, end the turn, nobody builds in the Special Building Phase):
//! the hand-offs are counted, and so are the Special Building moments the front end passed
//! without one (each was a hand-off before issue 23). The README quotes the numbers.

mod screen_text;

use catan::engine::Phase;
use catan::tui::keymap::Mode;
use catan::tui::{App, Msg, Theme};
use screen_text::press;

#[test]
fn twelve_turns_of_six_people_pass_the_keyboard_only_to_who_acts() {
    let names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"].map(String::from).to_vec();
    let mut app = App::new(7, Some(names), Theme { color: false, ascii: false });
    app.update(Msg::Resize(140, 45));
    let (mut handoffs, mut questions, mut was) = (0, 0, None);
    let mut moments = 0;
    for _ in 0..5000 {
        if app.game.turn_number() > 12 || app.game.is_over() {
            break;
        }
        let now = app.handoff();
        if now.is_some() && now != was {
            handoffs += 1;
        }
        was = now;
        let before = app.log.len();
        match app.mode() {
            Mode::Handoff => press(&mut app, "Enter"),
            Mode::Builders => {
                questions += 1;
                press(&mut app, "Enter");
            }
            Mode::Select if app.game.phase() == Phase::Robber => press(&mut app, "Tab Enter"),
            Mode::Select | Mode::Victim => press(&mut app, "Enter"),
            Mode::Picker => press(&mut app, "+ j + j + j + j + j Enter"),
            Mode::Turn if app.game.phase() == Phase::Roll => press(&mut app, "r"),
            Mode::Turn => press(&mut app, "e"),
            other => panic!("{other:?}"),
        }
        moments +=
            app.log[before..].iter().filter(|e| matches!(e, catan::engine::Event::SpecialBuilding { .. })).count();
    }
    assert_eq!(app.game.turn_number(), 13);
    let before = handoffs + moments;
    eprintln!("12 turns of six people: {handoffs} hand-offs and {questions} shared questions (before: {before})");
    assert_eq!(moments, 12 * 5, "five Special Building moments a turn, none a hand-off");
    assert!(handoffs <= 12 + 11 + 12, "set-up, each turn, and a few discards: {handoffs}");
}
