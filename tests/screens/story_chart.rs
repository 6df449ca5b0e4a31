//! Issue 36, "At the end: the game's story": the game-over screen's chart of each player's
//! chance to win, on `c`, with the three moments that moved it most; for three and six players,
//! without colour, and the story read from public information only.

use crate::support::hidden;
use crate::support::positions;
use crate::support::region::{Region, region};
use crate::support::screen::{PLAIN, draw, press};

use catan::engine::{DevCard, Game, Hand, Seat};
use catan::tui::{App, Theme};

/// The game over of `name` (a fixture saved by the game-over tests), loaded as `--load` does.
fn over(name: &str, theme: Theme) -> App {
    let path = positions::dir().join(format!("{name}.json"));
    let record = catan::save::load(&path).expect("the game-over fixture");
    let mut app = positions::app_at(&record, theme);
    // Large enough for the six players' island (a key on the too-small notice only quits).
    app.update(catan::tui::Msg::Resize(140, 45));
    assert!(app.table.game().is_over());
    app
}

#[test]
fn the_game_over_screen_charts_the_story_on_c_for_three_players() {
    let mut app = over("game_over_3", PLAIN);
    assert!(app.table.story.is_some(), "charted once the game is over");
    let footer = region(&mut app, 140, 45, Region::Footer);
    assert!(footer.contains("c the game's story"), "{footer}");
    press(&mut app, "c");
    let body = region(&mut app, 140, 45, Region::Body);
    for m in &app.table.story.as_ref().unwrap().moments {
        assert!(body.contains(&m.words[..20]), "the moment {:?} in words:\n{body}", m.words);
    }
    insta::assert_snapshot!(body);
    // c again goes back to the statistics; b shows the board, and c the story from there.
    press(&mut app, "c");
    assert!(region(&mut app, 140, 45, Region::Body).contains("Points by source"));
    press(&mut app, "b c");
    assert!(region(&mut app, 140, 45, Region::Body).contains("The game's story"));
}

#[test]
fn the_story_chart_of_six_players_tells_the_six_lines_apart() {
    let mut app = over("game_over_six_3", PLAIN);
    press(&mut app, "c");
    let body = region(&mut app, 140, 45, Region::Body);
    for (i, name) in ["A", "B", "C", "D", "E", "F"].iter().enumerate() {
        assert!(
            body.contains(&format!("{name} {}", app.table.name(Seat(i as u8)))),
            "the legend names {name}:\n{body}"
        );
    }
    insta::assert_snapshot!(body);
}

/// Without colour (NO_COLOR, the plain theme) and in ASCII the lines are told apart by their
/// letters, the moments by `:` and their numbers.
#[test]
fn the_story_chart_reads_without_colour_and_in_ascii() {
    let mut app = over("game_over_3", Theme { color: false, ascii: true });
    press(&mut app, "c");
    let screen = draw(&mut app, 100, 32);
    assert!(screen.is_ascii(), "{screen}");
    let body = region(&mut app, 100, 32, Region::Body);
    let chart_rows: Vec<&str> = body.lines().filter(|l| l.contains('|')).collect();
    for letter in ['A', 'B', 'C'] {
        let drawn = chart_rows.iter().filter(|l| l[6..].contains(letter)).count();
        assert!(drawn >= 2, "{letter}'s line drawn with its letter:\n{body}");
    }
    assert!(chart_rows.iter().any(|l| l.contains(':')), "the moments marked:\n{body}");
    insta::assert_snapshot!(body);
}

/// The chart is the story of the record, from public information only: two games that differ
/// only in hidden hands, a hidden card and the deck's order chart the same.
#[test]
fn the_story_chart_reads_public_information_only() {
    let one = hidden::position().hand(hidden::C, Hand::new([0, 0, 1, 1, 1])).dev(hidden::C, DevCard::VictoryPoint);
    let two = hidden::position()
        .hand(hidden::C, Hand::new([2, 0, 0, 0, 1]))
        .dev(hidden::C, DevCard::Monopoly)
        .deck_top(DevCard::Monopoly);
    let (start1, start2) = (one.build().unwrap(), two.build().unwrap());
    assert_ne!(start1, start2);
    let (mut g1, mut g2): (Game, Game) = (start1, start2);
    let mut actions = Vec::new();
    // The same public moves in both: the first legal action of the first game while the second
    // takes it too.
    while actions.len() < 120 && !g1.is_over() {
        let a = g1.legal_actions()[0];
        if g2.apply(a).is_err() {
            break;
        }
        g1.apply(a).unwrap();
        actions.push(a);
    }
    assert!(g1.turn_number() > 3, "the games ran alike for {} turns", g1.turn_number());
    let names = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
    let chart = |start: &Game| catan::tui::StoryChart::of(start, &actions, &names);
    assert_eq!(chart(&start1), chart(&start2));
}

/// A game loaded already over has its story at once (`--load` of a finished game), and a frame
/// only draws it: the chart is the same after many.
#[test]
fn a_game_loaded_over_has_its_story_and_frames_do_not_change_it() {
    let path = positions::dir().join("game_over_3.json");
    let record = catan::save::load(&path).expect("the game-over fixture");
    let mut app = App::from_record(record.clone(), PLAIN);
    assert_eq!(app.table.story.as_ref(), Some(&catan::tui::StoryChart::of_record(&record)));
    press(&mut app, "c");
    let first = draw(&mut app, 100, 32);
    assert!(first.contains("The game's story"), "{first}");
    for _ in 0..3 {
        assert_eq!(draw(&mut app, 100, 32), first);
    }
    assert_eq!(app.table.story.as_ref(), Some(&catan::tui::StoryChart::of_record(&record)));
}
