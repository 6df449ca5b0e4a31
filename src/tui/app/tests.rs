//! The legal actions are worked out at most once a key press, frame included (issue 24): the
//! footer, the selection, the dialogs and the robber's victims share one list.

use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::{App, Msg};
use crate::tui::screen::theme::Theme;
use crate::tui::table::legal::counter::computed;

/// Plays a hot-seat game of three people with a fixed stream of keys (no save, no quit), and
/// checks the count of legal-action lists worked out for each key and the frame after it.
#[test]
fn one_legal_actions_a_key_press() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(7, Some(names), Theme::default());
    app.update(Msg::Resize(140, 45));
    let mut terminal = Terminal::new(TestBackend::new(140, 45)).unwrap();
    terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
    let keys = [
        KeyCode::Enter,
        KeyCode::Tab,
        KeyCode::Enter,
        KeyCode::Char('r'),
        KeyCode::Char('b'),
        KeyCode::Right,
        KeyCode::Tab,
        KeyCode::Enter,
        KeyCode::Char('e'),
        KeyCode::Char('m'),
        KeyCode::Char('t'),
        KeyCode::Char('p'),
        KeyCode::Down,
        KeyCode::Char('u'),
        KeyCode::Esc,
        KeyCode::Char('v'),
        KeyCode::Char('c'),
        KeyCode::Char('d'),
        KeyCode::Char('a'),
        KeyCode::Char('x'),
        KeyCode::Up,
        KeyCode::Right,
        KeyCode::Right,
        KeyCode::Enter,
        KeyCode::Char('r'),
        KeyCode::Esc,
        KeyCode::Char('e'),
        KeyCode::Tab,
        KeyCode::Enter,
    ];
    let (mut pick, mut changed, mut quiet) = (0x9E37_79B9_7F4A_7C15_u64, 0, 0);
    for _ in 0..2000 {
        // xorshift64: a fixed stream of keys.
        pick ^= pick << 13;
        pick ^= pick >> 7;
        pick ^= pick << 17;
        let key = keys[(pick % keys.len() as u64) as usize];
        let (before, game) = (computed(), *app.table.game());
        app.update(Msg::key(key));
        terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
        let n = computed() - before;
        assert!(n <= 1, "{key:?} worked the legal actions out {n} times (mode {:?})", app.screen.mode());
        // Another frame of the same position asks the list kept.
        terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
        assert_eq!(computed() - before, n, "a second frame of the same position worked them out again");
        if *app.table.game() == game {
            quiet += 1;
        } else {
            changed += 1;
        }
        if app.table.game().is_over() {
            break;
        }
    }
    assert!(
        changed > 40 && quiet > 100,
        "the keys played: {changed} changed the game, {quiet} did not; {:?} {:?} turn {}",
        app.screen.mode(),
        app.table.game().phase(),
        app.table.game().turn_number()
    );
    assert!(app.table.game().turn_number() > 5, "the game went on (turn {})", app.table.game().turn_number());
}

/// The robber's two steps (screen/robber.rs): a hex with two players to rob asks whom; Esc goes
/// back to the hex, and the second choice robs.
#[test]
fn the_robber_chooses_a_hex_then_whom_and_esc_goes_back_a_step() {
    use crate::engine::{Action, Phase, Seat};
    use crate::tui::screen::keymap::Mode;
    use crate::tui::screen::selection::Target;
    let names = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
    let mut app = App::new(11, Some(names), Theme::default());
    app.update(Msg::Resize(140, 45));
    let key = |app: &mut App, code: KeyCode| app.update(Msg::key(code));
    for _ in 0..20_000 {
        match app.screen.mode() {
            Mode::Handoff => key(&mut app, KeyCode::Enter),
            Mode::Victim => {
                key(&mut app, KeyCode::Down);
                key(&mut app, KeyCode::Enter);
            }
            Mode::Select if app.table.game().phase() != Phase::Robber => key(&mut app, KeyCode::Enter),
            Mode::Select => {
                // A hex where two or more players can be robbed, if there is one.
                let legal = app.table.legal();
                let two = legal.iter().find_map(|a| match *a {
                    Action::MoveRobber { hex, victim: Some(_) } => {
                        let at = |v: &&Action| matches!(v, Action::MoveRobber { hex: h, victim: Some(_) } if *h == hex);
                        (legal.iter().filter(at).count() >= 2).then_some(hex)
                    }
                    _ => None,
                });
                let Some(hex) = two else {
                    key(&mut app, KeyCode::Tab);
                    key(&mut app, KeyCode::Enter);
                    continue;
                };
                let on = |app: &App| matches!(&app.screen.focus, crate::tui::app::Focus::Select(s, _) if s.cursor == Target::Hex(hex));
                while !on(&app) {
                    key(&mut app, KeyCode::Tab);
                }
                key(&mut app, KeyCode::Enter);
                assert_eq!(app.screen.mode(), Mode::Victim, "two players to rob: asked whom");
                key(&mut app, KeyCode::Esc);
                assert_eq!(app.screen.mode(), Mode::Select, "Esc: back to the hex");
                assert_eq!(app.table.game().phase(), Phase::Robber, "nothing played");
                while !on(&app) {
                    key(&mut app, KeyCode::Tab);
                }
                key(&mut app, KeyCode::Enter);
                assert_eq!(app.screen.mode(), Mode::Victim);
                let robbed = |s: Seat| app.table.game().public_player(s).resource_cards;
                let before: u32 = app.table.game().seats().map(robbed).sum();
                key(&mut app, KeyCode::Enter);
                assert_eq!(app.table.game().phase(), Phase::Robber, "H5: Enter robs no one until one is named");
                key(&mut app, KeyCode::Down);
                key(&mut app, KeyCode::Enter);
                assert_ne!(app.table.game().phase(), Phase::Robber, "named, then Enter robs");
                assert_eq!(
                    app.table.game().seats().map(|s| app.table.game().public_player(s).resource_cards).sum::<u32>(),
                    before
                );
                return;
            }
            Mode::Picker => {
                key(&mut app, KeyCode::Right);
                key(&mut app, KeyCode::Down);
                key(&mut app, KeyCode::Enter);
            }
            Mode::Turn if app.table.game().phase() == Phase::Roll => key(&mut app, KeyCode::Char('r')),
            Mode::Turn => key(&mut app, KeyCode::Char('e')),
            _ => key(&mut app, KeyCode::Esc),
        }
    }
    panic!("no robber move with two players to rob in 20000 keys");
}

/// Issue 33: PgUp moves back a page, the log's visible height, not 5 lines of 25.
#[test]
fn pgup_moves_the_log_back_a_page() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(7, Some(names), Theme::default());
    app.update(Msg::Resize(140, 45));
    let filler = app.table.log[0];
    app.table.log.extend(std::iter::repeat_n(filler, 200));
    let page = crate::tui::view::frame::log_page(&app.scene());
    assert!(page > 10, "at 140 x 45 the log shows about 20 lines: {page}");
    app.update(Msg::key(KeyCode::PageUp));
    assert_eq!(app.screen.log_scroll, page);
    app.update(Msg::key(KeyCode::PageDown));
    assert_eq!(app.screen.log_scroll, 0);
}

/// Issue 33: after a bot's turn the status line asks the person to roll, and offers "play a
/// card first (p)" only when they hold a card they could play.
#[test]
fn after_a_bots_turn_the_status_offers_no_card_the_player_lacks() {
    use crate::bots::BotLevel;
    use crate::engine::{Config, Phase};
    use crate::save::SeatInfo;
    // Two people: the keyboard is handed to Ann after the bot's turn, a mode other than the
    // turn's, where every command reads as enabled.
    let seats = vec![SeatInfo::bot("Bob", BotLevel::Easy), SeatInfo::human("Ann"), SeatInfo::human("Cy")];
    let mut app = App::with_seats(3, Some(seats), Theme::default(), Config::default());
    app.update(Msg::Resize(140, 45));
    let mut seen = 0;
    for _ in 0..400 {
        app.play_bots(1000);
        if app.table.game().is_over() {
            break;
        }
        if app.table.game().phase() == Phase::Roll && app.table.game().current_player() == crate::engine::Seat(1) {
            let mut terminal = Terminal::new(TestBackend::new(140, 45)).unwrap();
            terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
            let screen: String = terminal.backend().buffer().content().iter().map(|c| c.symbol()).collect();
            let can = app.table.can_play_card();
            assert_eq!(screen.contains("play a card first (p)"), can, "{screen}");
            seen += 1;
            if seen >= 5 {
                return;
            }
            app.update(Msg::key(KeyCode::Enter));
            app.update(Msg::char('r'));
        }
        // The people roll and end their turns; the rest (hand-offs, the robber, discards) by
        // Enter, Tab and +.
        for code in
            [KeyCode::Enter, KeyCode::Char('r'), KeyCode::Char('e'), KeyCode::Tab, KeyCode::Enter, KeyCode::Char('+')]
        {
            app.update(Msg::key(code));
        }
    }
    assert!(seen > 0, "never Ann's roll after a bot's turn");
}

/// Issue 35: the record is the app's only game. While a game is played the game the views read
/// is the record's own (no copy kept beside it), before and after an action; a position set
/// by hand is shown as set, and its next action leaves the record.
#[test]
fn the_game_shown_is_the_records_own() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(7, Some(names), Theme::default());
    let same = |app: &App| std::ptr::eq(app.table.game(), app.table.record().expect("a game is played").game());
    assert!(same(&app), "after the deal");
    app.update(Msg::key(KeyCode::Enter));
    app.update(Msg::key(KeyCode::Enter));
    assert!(app.table.record().is_some_and(|r| !r.is_empty()), "a settlement was placed");
    assert!(same(&app), "after an action");
    let mut moved = *app.table.game();
    moved.validate().expect("a valid position");
    moved.apply(moved.legal_actions()[0]).expect("a legal action");
    app.set_position(moved);
    assert_eq!(*app.table.game(), moved, "a position set by hand is shown as set");
    assert!(app.table.record().is_some(), "the record stays until the next action");
    let action = app.table.legal()[0];
    app.apply(vec![action]);
    assert!(app.table.record().is_none(), "the position set by hand has no history: the action left the record");
}

/// Issue 35: what follows an action is one function, for a person's action and a bot's alike,
/// and it ends by arming the bots' turn: the computer player to act is thinking as soon as the
/// action before is played, with no tick of the terminal's loop in between.
#[test]
fn an_action_that_hands_play_to_a_bot_starts_it_thinking() {
    use crate::bots::BotLevel;
    use crate::engine::Config;
    use crate::save::SeatInfo;
    let seats = vec![SeatInfo::human("Ann"), SeatInfo::bot("Bob", BotLevel::Easy), SeatInfo::bot("Cy", BotLevel::Easy)];
    let mut app = App::with_seats(5, Some(seats), Theme::default(), Config::default());
    // Ann's first settlement and road (Enter takes the places offered).
    while app.screen.bot_seat().is_none() {
        app.update(Msg::key(KeyCode::Enter));
    }
    assert!(app.table.job.as_ref().is_some_and(|j| j.seat == app.screen.bot_seat().unwrap()), "Bob thinks at once");
    // A bot's move goes through the same path: the next bot is armed by it.
    let before = app.table.record().unwrap().len();
    assert_eq!(app.play_bots(1), 1);
    assert!(app.table.record().unwrap().len() > before);
    if let Some(next) = app.screen.bot_seat() {
        assert!(app.table.job.as_ref().is_some_and(|j| j.seat == next), "the next bot thinks at once");
    } else {
        assert!(app.table.job.is_none(), "a person acts: nobody thinks");
    }
}

/// Issue 35: who holds the keyboard (the mode, the hand-off, the shared screens, the bot to
/// act, the guarded screen) is worked out once per change of the model and read by the rest.
/// Issue 40: once a key, whether it plays an action or not (an action's aftermath settles every
/// screen, and the key's end then settles nothing more); a frame works it out not at all.
#[test]
fn the_keyboard_is_worked_out_once_a_change() {
    use crate::tui::screen::keyboard_counter::worked_out;
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(11, Some(names), Theme::default());
    app.update(Msg::Resize(140, 45));
    let mut terminal = Terminal::new(TestBackend::new(140, 45)).unwrap();
    let keys = [
        KeyCode::Enter,
        KeyCode::Tab,
        KeyCode::Char('r'),
        KeyCode::Char('b'),
        KeyCode::Right,
        KeyCode::Char('e'),
        KeyCode::Char('t'),
        KeyCode::Esc,
        KeyCode::Char('d'),
        KeyCode::Char('a'),
        KeyCode::Char('u'),
    ];
    let (mut pick, mut acted) = (0x2545_F491_4F6C_DD1D_u64, 0);
    for _ in 0..1500 {
        pick ^= pick << 13;
        pick ^= pick >> 7;
        pick ^= pick << 17;
        let key = keys[(pick % keys.len() as u64) as usize];
        let (before, logged) = (worked_out(), app.table.log.len());
        app.update(Msg::key(key));
        let keyed = worked_out();
        assert_eq!(keyed - before, 1, "{key:?}: the key worked the keyboard out {} times", keyed - before);
        if app.table.log.len() != logged {
            acted += 1;
        }
        terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
        assert_eq!(worked_out(), keyed, "{key:?}: the frame worked the keyboard out");
        if app.table.game().is_over() {
            break;
        }
    }
    // The keys played actions (so the once holds for an action's aftermath, not only for keys
    // that change nothing).
    assert!(acted > 20, "only {acted} keys played an action");
}

/// Issue 36: a resumed game's people get the tips the settings name them with (the save keeps
/// no tips); a computer player's seat never does.
#[test]
fn a_resumed_game_keeps_its_peoples_tips_by_name() {
    use crate::bots::BotLevel;
    use crate::save::{Record, SeatInfo};
    let seats = vec![SeatInfo::human("Ann"), SeatInfo::bot("Bob", BotLevel::Easy), SeatInfo::human("Cy")];
    let record = Record::new_with_seats(crate::engine::Config::with_players(3), 3, seats).unwrap();
    let mut app = App::from_record(record, Theme::default());
    app.resume_tips(&["Ann".to_string(), "Bob".to_string()]);
    assert_eq!(app.screen.coach.tips, [true, false, false]);
}

/// Issue 42: one person among computer players opens on the hand-off screen, as any hand-off:
/// the first Enter (a reflex from the start screen) takes the keyboard and places nothing;
/// after it the keyboard stays theirs.
#[test]
fn one_person_among_bots_takes_the_keyboard_first() {
    use crate::bots::BotLevel;
    use crate::engine::Seat;
    use crate::save::SeatInfo;
    use crate::tui::keymap::Mode;
    let seats = vec![SeatInfo::human("Ann"), SeatInfo::bot("Bob", BotLevel::Easy), SeatInfo::bot("Cy", BotLevel::Easy)];
    let mut app = App::with_seats(3, Some(seats), Theme::default(), crate::engine::Config::default());
    app.update(Msg::Resize(140, 45));
    // The bots before Ann in the set-up order place first.
    app.play_bots(1000);
    assert_eq!((app.screen.mode(), app.screen.handoff()), (Mode::Handoff, Some(Seat(0))));
    let game = *app.table.game();
    app.update(Msg::key(KeyCode::Enter));
    assert_eq!(*app.table.game(), game, "the Enter took the keyboard and placed nothing");
    assert_eq!((app.screen.mode(), app.screen.viewer), (Mode::Select, Some(Seat(0))));
}
