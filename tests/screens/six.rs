//! Issue 13, the 5-6 player game in the terminal (R40): six names start a game on the 5-6
//! island, which is drawn, navigable and clickable; the screen fits 140 x 45 and the island's
//! own smallest terminal, which the too-small screen names. Snapshots as in tests/screens.rs.

use crate::support::positions;
use crate::support::region::{Region, region};
use crate::support::screen::{PLAIN, draw, play_setup, play_turns_until, press, view};
use crate::support::walk::{Lcg, sorted_stepping, until, walk};

use std::path::Path;

use catan::engine::{Game, MapId, Phase, Resource};
use catan::tui::replay::{self, Go, Replay};
use catan::tui::{App, Focus, Geometry, Msg, Target, Theme, layout, min_size};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const SIX: [&str; 6] = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"];

fn six(seed: u64, theme: Theme, size: (u16, u16)) -> App {
    let mut app = App::new(seed, Some(SIX.map(String::from).to_vec()), theme);
    // The terminal's size comes first, as in the game's loop: smaller than the island's
    // minimum, only q would act.
    app.update(Msg::Resize(size.0, size.1));
    app
}

#[test]
fn each_island_has_its_own_smallest_terminal() {
    assert_eq!(min_size(MapId::Standard.topology()), (96, 28));
    assert_eq!(min_size(MapId::FiveSix.topology()), (104, 36));
    assert_eq!(replay::min_size(MapId::FiveSix.topology()), (104, 37));
}

#[test]
fn six_names_play_on_the_five_six_island() {
    let app = six(7, PLAIN, (140, 45));
    let config = app.table.game().config();
    assert_eq!((config.players, config.map, config.bank), (6, MapId::FiveSix, 24));
    assert_eq!(app.table.game().deck_len(), 34);
    assert_eq!(app.table.letters, ['A', 'B', 'C', 'D', 'E', 'F']);
    // Five too; four stay on the base island.
    let five = App::new(7, Some(SIX[..5].iter().map(|s| s.to_string()).collect()), PLAIN);
    assert_eq!(five.table.game().config().map, MapId::FiveSix);
    let four = App::new(7, Some(SIX[..4].iter().map(|s| s.to_string()).collect()), PLAIN);
    assert_eq!(four.table.game().config().map, MapId::Standard);
}

#[test]
fn six_players_have_six_letters_even_with_alike_names() {
    let names = ["Ann", "Anna", "Annie", "Anne", "Andy", "Ana"].map(String::from).to_vec();
    let app = App::new(1, Some(names), PLAIN);
    let mut letters = app.table.letters.clone();
    letters.sort();
    letters.dedup();
    assert_eq!(letters.len(), 6, "{:?}", app.table.letters);
}

#[test]
fn the_start_screen_takes_six_names_and_shows_their_island() {
    let mut app = App::new(7, None, PLAIN);
    app.update(Msg::Resize(140, 45));
    let screen = draw(&mut app, 140, 45);
    assert!(screen.contains("Players (2 to 6"), "{screen}");
    assert_eq!(app.table.game().config().map, MapId::Standard);
    press(&mut app, "A n n Enter B o b Enter C y Enter D e e Enter E v e Enter");
    // A fifth name: the 5-6 island, dealt from the same seed as the game will be.
    assert_eq!(app.table.game().config().map, MapId::FiveSix);
    let preview = *app.table.game().board();
    assert!(app.screen.start.is_some());
    // Backspace on the empty sixth seat goes back into the fifth name (no character lost, no
    // name erased whole): still five names; three more erase it, four names, the base island;
    // retyped, the 5-6 island.
    press(&mut app, "Backspace");
    assert_eq!(app.table.game().config().map, MapId::FiveSix);
    assert_eq!(app.screen.start.as_ref().unwrap().typing(), Some("Eve"));
    press(&mut app, "Backspace Backspace Backspace");
    assert_eq!(app.table.game().config().map, MapId::Standard);
    press(&mut app, "E v e Enter");
    assert_eq!(app.table.game().config().map, MapId::FiveSix);
    // At a size where the larger island doesn't fit beside the form, the form takes the screen.
    let small = draw(&mut app, 100, 32);
    assert!(small.contains("Start the game (5 players)"), "{small}");
    let large = draw(&mut app, 140, 45);
    assert!(large.contains("mountains") && large.contains("Start the game (5 players)"), "{large}");
    // After the sixth name the cursor is on "start"; Enter starts.
    press(&mut app, "F a y Enter Enter");
    assert!(app.screen.start.is_none());
    assert_eq!(app.table.names, SIX.map(String::from));
    assert_eq!(app.table.game().config().players, 6);
    assert_eq!(*app.table.game().board(), preview, "the start screen showed the game's island");
}

#[test]
fn six_players_main_screen() {
    let mut app = six(7, PLAIN, (140, 45));
    play_setup(&mut app);
    play_turns_until(&mut app, |p| p == Phase::Main);
    let screen = draw(&mut app, 140, 45);
    for name in SIX {
        assert!(screen.contains(name), "{name} is missing:\n{screen}");
    }
    assert!(screen.contains("brick 24") || screen.contains("brick 2"), "the bank:\n{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn too_small_screen_for_the_five_six_island() {
    let mut app = six(7, PLAIN, (140, 45));
    press(&mut app, "Enter");
    let small = draw(&mut app, 103, 36);
    assert!(small.contains("need 104 x 36, have 103 x 36"), "{small}");
    insta::assert_snapshot!(region(&mut app, 103, 36, Region::Notice));
    assert!(draw(&mut app, 104, 35).contains("need 104 x 36, have 104 x 35"));
    // Only q acts there: Enter places nothing.
    let before = *app.table.game();
    press(&mut app, "Enter");
    assert_eq!(*app.table.game(), before);
    let fits = draw(&mut app, 104, 36);
    assert!(fits.contains("place your first settlement") && fits.contains("Players"), "{fits}");
}

/// Every screen of a six-player game fits the island's smallest terminal and 140 x 45: the
/// main screen with all six players and the log, the trade dialog asking among five, the
/// answers, and a discard.
#[test]
fn six_players_fit_the_smallest_terminal() {
    let (w, h) = min_size(MapId::FiveSix.topology());
    let mut app = six(7, PLAIN, (w, h));
    play_setup(&mut app);
    play_turns_until(&mut app, |p| p == Phase::Main);
    for size in [(w, h), (140, 45), (120, 40)] {
        let screen = draw(&mut app, size.0, size.1);
        assert!(screen.contains("Log (PgUp)") && screen.contains("F Fay"), "{size:?}:\n{screen}");
    }
    // An offer to everyone: five players to tick.
    press(&mut app, "t");
    let screen = draw(&mut app, w, h);
    for name in SIX.iter().filter(|&&n| n != app.table.name(app.table.game().to_act())) {
        assert!(screen.contains(&format!("[x] {} {name}", &name[..1])), "{name}:\n{screen}");
    }
    insta::assert_snapshot!("six_players_trade_dialog_at_the_smallest_size", region(&mut app, w, h, Region::Dialog));
    press(&mut app, "Esc");
    // An offer of a card held for one not held, sent to all five; each declines after taking
    // the keyboard.
    let me = app.table.game().to_act();
    let hand = app.table.game().view(me).hand();
    let give = Resource::ALL.into_iter().find(|&r| hand[r] > 0).unwrap();
    let get = Resource::ALL.into_iter().find(|&r| hand[r] == 0).unwrap();
    let (from, to) = (give as usize, get as usize);
    press(
        &mut app,
        &format!(
            "t {}+ Tab {}+ Enter",
            "j ".repeat(from),
            if to > from { "j ".repeat(to - from) } else { "k ".repeat(from - to) }
        ),
    );
    assert!(matches!(app.table.game().phase(), Phase::Trade { .. }), "{:?}", app.screen.message);
    // Each of the five declines on the shared screen: their letter, then d (issue 23).
    for s in app.table.game().seats().filter(|&s| s != me) {
        let letter = app.table.letters[s.index()].to_ascii_lowercase();
        press(&mut app, &format!("{letter} d"));
    }
    // Every one of the five declined: the offer closes by itself and the keyboard comes back
    // to the player who made it, with a line in the log (issue 15).
    press(&mut app, "Enter");
    assert_eq!(app.table.game().phase(), Phase::Main);
    let screen = draw(&mut app, w, h);
    assert!(screen.contains(&format!("everyone declined {}'s offer", app.table.name(me))), "{screen}");
    play_turns_until(&mut app, |p| matches!(p, Phase::Discard { .. }));
    let screen = draw(&mut app, w, h);
    assert!(screen.contains("Discard") && screen.contains("give up"), "{screen}");
}

#[test]
fn a_click_selects_each_corner_of_the_five_six_island() {
    for size in [(140, 45), (104, 36)] {
        let mut app = six(7, PLAIN, size);
        press(&mut app, "Enter");
        let topo = app.table.game().topology();
        let geometry = Geometry::fit(topo, layout(size, topo).board).unwrap();
        assert_eq!(geometry.is_large(), size == (140, 45));
        for v in topo.vertices() {
            let (col, row) = geometry.vertex_cell(topo, v);
            app.update(Msg::Click { col: col as u16, row: row as u16 });
            let Focus::Select(sel, _) = &app.screen.focus else { panic!("still choosing a corner") };
            assert_eq!(sel.cursor, Target::Vertex(v), "{size:?}");
        }
    }
}

#[test]
fn six_players_draw_in_plain_ascii() {
    let mut app = six(7, Theme { color: false, ascii: true }, (140, 45));
    play_setup(&mut app);
    play_turns_until(&mut app, |p| p == Phase::Main);
    for (w, h) in [(140, 45), (104, 36)] {
        let screen = draw(&mut app, w, h);
        assert!(screen.is_ascii(), "non-ASCII on screen:\n{screen}");
    }
}

/// A whole six-player game played through the app on the shared walk (offers left out, they
/// slow a game down), saved as the fixture `game_over_six_3`.
#[test]
fn game_over_with_six_players() {
    let record = positions::position("game_over_six_3", || {
        let app = six(3, PLAIN, (140, 45));
        let end = walk(app, &mut Lcg::new(0), usize::MAX, until(Game::is_over), sorted_stepping(true));
        end.expect("the game ends").table.record().expect("a game played through the app is recorded").clone()
    });
    let mut app = positions::app_at(&record, PLAIN);
    for (w, h) in [(140, 45), min_size(app.table.game().topology())] {
        let screen = draw(&mut app, w, h);
        assert!(screen.contains("wins with"), "{screen}");
        for name in SIX {
            assert!(screen.matches(&format!("{} {name}", &name[..1])).count() >= 2, "{name} at {w}x{h}:\n{screen}");
        }
    }
}

#[test]
fn replay_of_a_six_player_game() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves/v2-six-players-five-six-mid-game.json");
    let record = catan::save::load(&path).unwrap();
    let mut replay = Replay::new(&record, PLAIN);
    replay.go(Go::End);
    let (w, h) = replay::min_size(replay.game().topology());
    let draw = |w, h| {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| f.render_widget(&replay, f.area())).unwrap();
        view(terminal.backend().buffer())
    };
    for (w, h) in [(w, h), (140, 45)] {
        let screen = draw(w, h);
        assert!(screen.contains("REPLAY") && screen.contains("Hands"), "{w}x{h}:\n{screen}");
    }
    assert!(draw(w, h - 1).contains(&format!("need {w} x {h}")));
}

/// R40 at the table (issue 23): after a turn one shared screen asks who builds (every hand
/// hidden); only the one who says so takes the keyboard, the others pass without a hand-off,
/// and the log says who built, not who passed. The status line says what a builder may do and
/// `e` is "done"; snapshots of both screens at 140 x 45.
#[test]
fn the_special_building_phase_on_screen() {
    let mut app = six(7, PLAIN, (140, 45));
    play_setup(&mut app);
    play_turns_until(&mut app, |p| p == Phase::Main);
    let roller = app.table.game().current_player();
    let logged = app.table.log.len();
    press(&mut app, "e");
    assert!(matches!(app.table.game().phase(), Phase::SpecialBuilding { .. }), "{:?}", app.table.game().phase());
    assert_eq!(app.screen.handoff(), None, "one shared screen, no hand-off");
    assert_eq!(app.screen.mode(), catan::tui::keymap::Mode::Builders);
    let asked = app.table.builders.unwrap().asked;
    let builder = asked.iter().last().expect("someone holds cards enough after set-up");
    let ask = draw(&mut app, 140, 45);
    assert!(ask.contains(&format!("{}'s turn is over. Who builds before", app.table.name(roller))), "{ask}");
    insta::assert_snapshot!("the_special_building_question", region(&mut app, 140, 45, Region::Shared));
    let letter = app.table.letters[builder.index()].to_ascii_lowercase();
    press(&mut app, &format!("{letter} Enter"));
    assert_eq!(app.table.game().phase(), Phase::SpecialBuilding { seat: builder }, "the others before passed");
    assert_eq!(app.screen.handoff(), Some(builder), "only the builder takes the keyboard");
    press(&mut app, "Enter");
    let screen = draw(&mut app, 140, 45);
    assert!(screen.contains("may build (special building phase)"), "{screen}");
    assert!(screen.contains("e when done") && screen.contains(" e done "), "{screen}");
    assert!(!screen.contains(" t trade "), "no trade in the special building phase:\n{screen}");
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Footer));
    // p is refused at once, as t and m are.
    press(&mut app, "p");
    assert!(
        app.screen.message.as_ref().is_some_and(|m| m.error && m.text.contains("no card play")),
        "{:?}",
        app.screen.message
    );
    assert!(matches!(app.screen.focus, catan::tui::Focus::Idle));
    // Done: the rest pass by themselves and the next player rolls.
    press(&mut app, "e");
    assert_eq!(app.table.game().phase(), Phase::Roll);
    let said: Vec<String> = app.table.log[logged..].iter().map(|e| format!("{e:?}")).collect();
    let screen = draw(&mut app, 140, 45);
    assert!(!screen.contains("may build"), "no \"may build\" lines in the log:\n{screen}\n{said:?}");
}

/// H5 (issue 33): on the "who builds?" screen, Enter with no one named does not pass for the
/// whole table at once: it says what a second Enter does, and only that one closes it.
#[test]
fn enter_with_no_builder_named_asks_again_before_nobody_builds() {
    let mut app = six(7, PLAIN, (140, 45));
    play_setup(&mut app);
    play_turns_until(&mut app, |p| p == Phase::Main);
    press(&mut app, "e");
    assert_eq!(app.screen.mode(), catan::tui::keymap::Mode::Builders);
    press(&mut app, "Enter");
    assert_eq!(app.screen.mode(), catan::tui::keymap::Mode::Builders, "one Enter answers for no one");
    assert!(
        app.screen.message.as_ref().is_some_and(|m| m.text.contains("Enter again and nobody builds")),
        "{:?}",
        app.screen.message
    );
    press(&mut app, "Enter");
    assert_ne!(app.screen.mode(), catan::tui::keymap::Mode::Builders, "the second Enter: nobody builds");
}

/// R40a: with paired players, the third player after the roller plays the second part of the
/// turn; the hand-off and the header say so.
#[test]
fn the_second_player_of_a_pair_on_screen() {
    let rules =
        catan::engine::Config { turns: catan::engine::TurnStyle::Paired, ..catan::engine::Config::with_players(6) };
    let mut app = App::with_rules(7, Some(SIX.map(String::from).to_vec()), PLAIN, rules);
    app.update(Msg::Resize(140, 45));
    play_setup(&mut app);
    play_turns_until(&mut app, |p| p == Phase::Main);
    let roller = app.table.name(app.table.game().current_player());
    press(&mut app, "e");
    let second = app.table.game().to_act();
    let handoff = draw(&mut app, 140, 45);
    assert!(
        handoff.contains(&format!("{} plays the second part of {roller}'s turn", app.table.name(second))),
        "{handoff}"
    );
    press(&mut app, "Enter");
    let screen = draw(&mut app, 140, 45);
    assert!(screen.contains(&format!("plays the second part of {roller}'s turn")), "{screen}");
    assert!(screen.contains("trade with the bank"), "{screen}");
}

/// Issue 40: "who builds?" is asked where each answerer sits. A seat joined on its own screen
/// answers there (its letter on the host's screen is refused); the host's screen answers for
/// the seats it holds, then waits, naming who it waits for; the question closes when both have.
#[test]
fn who_builds_is_asked_on_each_builders_own_screen() {
    let mut app = six(7, PLAIN, (140, 45));
    play_setup(&mut app);
    play_turns_until(&mut app, |p| p == Phase::Main);
    press(&mut app, "e");
    let asked = app.table.builders.unwrap().asked;
    let joined = asked.iter().last().expect("someone holds cards enough after set-up");
    let id = app.join(joined, PLAIN);
    app.update_on(id, Msg::Resize(140, 45));
    assert_eq!(app.screen.mode(), catan::tui::keymap::Mode::Builders, "the host still asks its own seats");
    assert_eq!(
        app.others[id - 1].mode(),
        catan::tui::keymap::Mode::Builders,
        "and the joined seat is asked on its screen"
    );
    let letter = app.table.letters[joined.index()].to_ascii_lowercase();
    press(&mut app, &letter.to_string());
    assert!(
        app.screen.message.as_ref().is_some_and(|m| m.text.contains("answers on their own screen")),
        "{:?}",
        app.screen.message
    );
    // The host's seats say no one of them builds: the host waits for the joined seat.
    press(&mut app, "Enter Enter");
    assert!(!app.table.builders.unwrap().answered, "the joined seat has not answered");
    assert_eq!(app.screen.mode(), catan::tui::keymap::Mode::Away);
    let waiting = draw(&mut app, 140, 45);
    let name = app.table.name(joined);
    assert!(waiting.contains(&format!("{name} says on their own screen whether they build")), "{waiting}");
    // The joined seat builds: it takes its moment on its own screen, no hand-off anywhere.
    app.update_on(id, Msg::char(letter));
    app.update_on(id, Msg::key(crossterm::event::KeyCode::Enter));
    assert!(app.table.builders.unwrap().answered);
    assert_eq!(app.table.game().phase(), Phase::SpecialBuilding { seat: joined });
    assert_eq!(app.others[id - 1].mode(), catan::tui::keymap::Mode::Turn, "its moment, on its own screen");
    assert_eq!(app.screen.mode(), catan::tui::keymap::Mode::Away);
}
