//! Computer players at the table (issue 14): bot seats in the terminal front end, driven as the
//! terminal loop drives them ([`App::tick`]) or all at once ([`App::play_bots`]). One person
//! among bots takes the keyboard once, as the game opens (issue 42), and never again, the footer says who is thinking, undo never reaches past
//! the person's own last action (RULES H3), and bot seats are saved and resumed as bots.

mod support;

use std::time::{Duration, Instant};

use catan::bots::BotLevel;
use catan::engine::{Action, Config, Hand, Phase, Resource, Seat, SeatSet};
use catan::save::{self, SeatInfo, SeatKind};
use catan::tui::keymap::Mode;
use catan::tui::{App, Files, Msg};
use crossterm::event::KeyCode;
use support::files::TempDir;
use support::region::{Region, regions};
use support::screen::{PLAIN, draw_at};

/// Ann at seat 0, computer players of `level` at the others.
fn seats(level: BotLevel, players: usize) -> Vec<SeatInfo> {
    let names = ["Ann", "Bert", "Cleo", "Dirk"];
    (0..players).map(|i| if i == 0 { SeatInfo::human("Ann") } else { SeatInfo::bot(names[i], level) }).collect()
}

fn new_app(seed: u64, seats: Vec<SeatInfo>) -> App {
    let mut app = App::with_seats(seed, Some(seats), PLAIN, Config::default());
    app.table.delay = Duration::ZERO;
    app.update(Msg::Resize(100, 32));
    app
}

/// Ann plays as a hurried person would: places at the cursor (or the next legal place), rolls, ends the turn, and takes
/// the first legal choice in any dialog (a discard, the robber's victim).
fn person_moves(app: &mut App) {
    take_the_keyboard(app);
    match app.screen.mode() {
        // Enter places at the cursor; the robber's cursor starts on the robber, which must
        // move (issue 23), so there Enter is refused and Tab goes to the next legal hex.
        Mode::Select => {
            let played = |app: &App| app.table.record().map_or(0, |r| r.actions().len());
            let before = played(app);
            app.update(Msg::key(KeyCode::Enter));
            if played(app) == before {
                app.update(Msg::key(KeyCode::Tab));
                app.update(Msg::key(KeyCode::Enter));
            }
        }
        Mode::Turn if app.scene().enabled(catan::tui::keymap::Cmd::Roll) => app.update(Msg::char('r')),
        Mode::Turn => app.update(Msg::char('e')),
        _ => {
            let first = app.table.game().legal_actions()[0];
            app.apply(vec![first]);
        }
    }
}

/// The one Enter of the hand-off that opens a game of one person among bots (issue 42): Ann
/// takes the keyboard the first time she is to act, and never again.
fn take_the_keyboard(app: &mut App) {
    if app.screen.viewer.is_none() && app.screen.handoff() == Some(Seat(0)) {
        let game = *app.table.game();
        app.update(Msg::key(KeyCode::Enter));
        assert_eq!(*app.table.game(), game, "the Enter takes the keyboard and plays nothing");
    }
}

/// Plays until Ann has acted `moves` times, the bots at once in between; checks that the
/// keyboard never leaves her once she has taken it (no hand-off with one person at the table).
fn play(app: &mut App, moves: usize) {
    for _ in 0..moves {
        app.play_bots(10_000);
        if app.table.game().is_over() {
            return;
        }
        take_the_keyboard(app);
        assert_eq!(app.screen.handoff(), None, "no hand-off with one person at the table");
        assert_eq!(app.screen.viewer, Some(Seat(0)), "the keyboard stays Ann's");
        assert_eq!(app.table.game().to_act(), Seat(0));
        person_moves(app);
    }
}

#[test]
fn one_person_among_bots_takes_the_keyboard_once_and_bots_play_their_seats() {
    let mut app = new_app(42, seats(BotLevel::Easy, 4));
    app.play_bots(10_000);
    assert_eq!(app.screen.handoff(), Some(Seat(0)), "the game opens on Ann's hand-off");
    play(&mut app, 40);
    let record = app.table.record().expect("a game being played");
    let by_bots = record.actions().len();
    assert!(app.table.game().turn_number() >= 8, "set-up and several turns: turn {}", app.table.game().turn_number());
    assert!(by_bots > 60, "the bots played their seats: {by_bots} actions in all");
    for s in 1..4 {
        assert!(app.table.game().public_player(Seat(s)).points >= 2, "seat {s} placed its set-up pieces");
    }
}

#[test]
fn the_players_panel_shows_each_bot_with_its_level_and_the_footer_who_is_thinking() {
    let mut app = new_app(42, seats(BotLevel::Easy, 4));
    // Ann places her first settlement and road; then a bot must act.
    person_moves(&mut app);
    person_moves(&mut app);
    app.play_bots(0);
    let bot = app.screen.bot_seat().expect("a bot is to act");
    assert_eq!(app.screen.mode(), Mode::Bot);
    // The bot started thinking on its thread as Ann's road was played (what follows an action
    // arms the bots' turn, issue 35): the loop only polls it; the screen is drawn meanwhile.
    assert!(app.bot_wait(Instant::now()).is_some_and(|wait| wait > Duration::ZERO), "Bert thinks already");
    let screen = draw_at(&app, 100, 32);
    let thinking = format!("{} is thinking…", app.table.label(bot));
    assert!(screen.contains(&thinking), "{screen}");
    assert!(screen.contains("B Bert (easy)") && screen.contains("C Cleo (easy)"), "{screen}");
    // Who is thinking on the status line; the seats' bot levels in the players panel.
    insta::assert_snapshot!("a_bot_thinking", regions(&mut app, 100, 32, &[Region::Side, Region::Footer]));
}

#[test]
fn a_bot_thinks_on_its_own_thread_and_help_pauses_its_moves_but_not_the_keys() {
    let mut app = new_app(7, seats(BotLevel::Medium, 3));
    person_moves(&mut app);
    person_moves(&mut app);
    assert!(app.screen.bot_seat().is_some());
    let before = app.table.record().unwrap().len();
    // Help opens while the bot plays; its moves wait under it.
    app.update(Msg::char('?'));
    assert_eq!(app.screen.mode(), Mode::Help);
    let until = Instant::now() + Duration::from_millis(300);
    while Instant::now() < until {
        app.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(app.table.record().unwrap().len(), before, "no bot move under the help");
    app.update(Msg::key(KeyCode::Esc));
    // The log scrolls while the bot plays.
    app.update(Msg::key(KeyCode::PageUp));
    let deadline = Instant::now() + Duration::from_secs(30);
    while app.screen.bot_seat().is_some() {
        assert!(Instant::now() < deadline, "the bots never gave the keyboard back");
        let wait = app.bot_wait(Instant::now()).expect("a bot plays");
        std::thread::sleep(wait.min(Duration::from_millis(5)));
        app.tick(Instant::now());
    }
    assert!(app.table.record().unwrap().len() > before + 2, "the bots placed their pieces");
    assert_eq!(app.table.game().to_act(), Seat(0));
    assert_eq!(app.screen.mode(), Mode::Select, "Ann places her second settlement");
}

#[test]
fn a_bot_move_waits_for_the_delay_and_any_key_skips_it() {
    let mut app = new_app(42, seats(BotLevel::Easy, 4));
    app.table.delay = Duration::from_secs(3600);
    person_moves(&mut app);
    person_moves(&mut app);
    let t0 = Instant::now();
    // The first bot move comes as soon as it is decided: a person's move was the last shown.
    let mut moves = 0;
    while moves == 0 {
        let at = app.table.record().unwrap().len();
        app.tick(t0);
        std::thread::sleep(Duration::from_millis(2));
        moves = app.table.record().unwrap().len() - at;
    }
    let at = app.table.record().unwrap().len();
    for _ in 0..50 {
        app.tick(t0 + Duration::from_secs(1));
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(app.table.record().unwrap().len(), at, "the next move waits an hour");
    assert!(app.scene().bot_status().unwrap().contains("any key"), "{:?}", app.scene().bot_status());
    // x means nothing while a bot plays: it skips ahead.
    app.update(Msg::char('x'));
    app.tick(t0 + Duration::from_secs(1));
    assert_eq!(app.table.record().unwrap().len(), at + 1, "the key skipped the wait");
}

#[test]
fn undo_never_takes_back_a_bots_move() {
    let mut app = new_app(42, seats(BotLevel::Easy, 4));
    // Ann's own set-up settlement can be taken back.
    person_moves(&mut app);
    assert!(app.scene().enabled(catan::tui::keymap::Cmd::Undo));
    app.update(Msg::char('u'));
    assert_eq!(app.table.record().unwrap().len(), 0, "{:?}", app.screen.message);
    person_moves(&mut app);
    person_moves(&mut app);
    // While a bot plays, u is refused and takes nothing back.
    assert_eq!(app.screen.mode(), Mode::Bot);
    app.update(Msg::char('u'));
    assert_eq!(app.table.record().unwrap().len(), 2);
    assert!(
        app.screen.message.as_ref().is_some_and(|m| m.error && m.text.contains("is playing")),
        "{:?}",
        app.screen.message
    );
    // Back to Ann: the last action is a bot's, and it stays.
    app.play_bots(10_000);
    assert_eq!(app.table.game().to_act(), Seat(0));
    let len = app.table.record().unwrap().len();
    assert!(!app.scene().enabled(catan::tui::keymap::Cmd::Undo), "the footer offers no undo");
    app.update(Msg::char('u'));
    assert_eq!(app.table.record().unwrap().len(), len, "a bot's move is not taken back");
    assert!(app.screen.message.as_ref().is_some_and(|m| m.error), "{:?}", app.screen.message);
    // Ann's second settlement goes, and only it comes back.
    person_moves(&mut app);
    app.update(Msg::char('u'));
    assert_eq!(app.table.record().unwrap().len(), len, "Ann took back her own settlement");
    app.update(Msg::char('u'));
    assert_eq!(app.table.record().unwrap().len(), len, "and no further");
}

#[test]
fn bots_answer_a_persons_trade_offer_and_the_keyboard_comes_back() {
    let mut app = new_app(42, seats(BotLevel::Easy, 4));
    // On to Ann's turn, rolled, with a card to offer.
    for _ in 0..200 {
        app.play_bots(10_000);
        let hand = app.table.acting_view().hand();
        if app.table.game().phase() == Phase::Main && hand.total() > 0 {
            break;
        }
        person_moves(&mut app);
    }
    assert_eq!(app.table.game().phase(), Phase::Main);
    let hand = app.table.acting_view().hand();
    let give = Resource::ALL.into_iter().find(|&r| hand[r] > 0).unwrap();
    let get = Resource::ALL.into_iter().find(|&r| r != give).unwrap();
    let to = SeatSet::all(4).without(Seat(0));
    app.apply(vec![Action::OfferTrade { give: Hand::of(give, 1), get: Hand::of(get, 1), to }]);
    assert!(app.screen.bot_seat().is_some(), "a bot answers first");
    app.play_bots(10);
    assert_eq!(app.table.game().to_act(), Seat(0), "every bot answered; the keyboard is Ann's");
    assert_eq!(app.screen.handoff(), None);
    let answered = app.table.log.iter().filter(|e| format!("{e:?}").contains("Trade")).count();
    assert!(answered >= 4, "the offer and three answers are in the log");
}

#[test]
fn bot_seats_are_saved_and_resumed_as_bots() {
    let dir = TempDir::new("bots-tui");
    let mut app = new_app(42, seats(BotLevel::Easy, 4));
    app.set_files(Files::in_data_dir(dir.path()), None);
    play(&mut app, 12);
    app.autosave_now();
    let file = app.table.autosave_path().expect("autosaved").to_path_buf();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(r#""bot": "easy""#) || text.contains(r#""bot":"easy""#), "{text}");
    let record = save::load(&file).unwrap();
    assert_eq!(record.kinds()[0], SeatKind::Human);
    assert_eq!(record.kinds()[2], SeatKind::Bot(BotLevel::Easy));
    let mut resumed = App::from_record(record, PLAIN);
    resumed.table.delay = Duration::ZERO;
    assert_eq!(resumed.table.level(Seat(3)), Some(BotLevel::Easy));
    assert_eq!(resumed.table.label(Seat(3)), "Dirk (easy)");
    // Issue 42: a resumed game opens on the hand-off too (`play` takes it).
    assert_eq!(resumed.screen.viewer, None, "the one person takes the keyboard first");
    let turn = resumed.table.game().turn_number();
    play(&mut resumed, 30);
    assert!(
        resumed.table.game().turn_number() > turn + 3,
        "the bots play on: turn {turn}, then {}",
        resumed.table.game().turn_number()
    );
}

#[test]
fn a_table_of_bots_plays_a_whole_game_by_itself() {
    let all: Vec<SeatInfo> = ["Anna", "Bert", "Cleo"].iter().map(|n| SeatInfo::bot(*n, BotLevel::Random)).collect();
    let mut app = new_app(3, all);
    assert_eq!(app.screen.viewer, None);
    assert_eq!(app.screen.handoff(), None);
    app.play_bots(100_000);
    assert!(app.table.game().is_over(), "random bots finish a game");
    assert_eq!(app.screen.mode(), Mode::Over);
}

#[test]
fn with_two_people_the_handoff_comes_only_when_the_keyboard_passes_between_them() {
    let table = vec![
        SeatInfo::human("Ann"),
        SeatInfo::bot("Bert", BotLevel::Easy),
        SeatInfo::human("Cy"),
        SeatInfo::bot("Dirk", BotLevel::Easy),
    ];
    let mut app = new_app(42, table);
    let mut handoffs = Vec::new();
    // A shared screen (a bot's offer answered by both people) hides every hand: the next person
    // takes the keyboard again even if they had it before.
    let mut shared = false;
    for _ in 0..60 {
        app.play_bots(10_000);
        if app.table.game().is_over() {
            break;
        }
        if let Some(s) = app.screen.handoff() {
            assert_eq!(app.table.level(s), None, "a hand-off is for a person");
            assert_ne!(app.screen.viewer, Some(s));
            assert!(handoffs.last() != Some(&s) || shared, "only when the keyboard changes hands: {handoffs:?}");
            handoffs.push(s);
            shared = false;
            app.update(Msg::key(KeyCode::Enter));
            assert_eq!(app.screen.viewer, Some(s));
        }
        assert_eq!(app.screen.handoff(), None);
        shared |= app.screen.mode() == Mode::Offer;
        person_moves(&mut app);
        // A bot's turn shows no hand-off; the keyboard is a person's or no one's.
        if app.screen.bot_seat().is_some() {
            assert_eq!(app.screen.handoff(), None);
            assert!(app.screen.viewer.is_none_or(|v| app.table.level(v).is_none()));
        }
    }
    assert!(handoffs.contains(&Seat(0)) && handoffs.contains(&Seat(2)), "{handoffs:?}");
}

/// Issue 23 (R21 at the table): when a bot offers to two people, they answer on one shared
/// screen, each by their letter then a key, in any order, with no hand-off; the engine takes
/// the answers in turn order, and play goes back to the bot. The offer is played here for the
/// bot, as it would play it.
#[test]
fn people_answer_a_bots_offer_on_one_shared_screen() {
    let table = vec![
        SeatInfo::human("Ann"),
        SeatInfo::bot("Bert", BotLevel::Easy),
        SeatInfo::human("Cy"),
        SeatInfo::bot("Dirk", BotLevel::Easy),
    ];
    let mut app = new_app(42, table);
    // Play on, a move at a time, until Bert has rolled and holds a card.
    for _ in 0..2000 {
        let bert_can_offer = app.screen.bot_seat() == Some(Seat(1))
            && app.table.game().phase() == Phase::Main
            && app.table.game().view(Seat(1)).hand().total() > 0;
        if bert_can_offer {
            break;
        }
        if app.screen.bot_seat().is_some() {
            app.play_bots(1);
        } else {
            if app.screen.handoff().is_some() {
                app.update(Msg::key(KeyCode::Enter));
            }
            person_moves(&mut app);
        }
    }
    assert_eq!(app.screen.bot_seat(), Some(Seat(1)), "Bert's turn");
    let hand = app.table.game().view(Seat(1)).hand();
    let give = Resource::ALL.into_iter().find(|&r| hand[r] > 0).unwrap();
    let get = Resource::ALL.into_iter().find(|&r| r != give).unwrap();
    let to = SeatSet::all(4).without(Seat(1)).without(Seat(3));
    app.apply(vec![Action::OfferTrade { give: Hand::of(give, 1), get: Hand::of(get, 1), to }]);
    assert_eq!(app.screen.mode(), Mode::Offer, "one shared screen");
    assert_eq!(app.screen.handoff(), None);
    assert_eq!(app.screen.viewer, None, "every hand hidden");
    let screen = draw_at(&app, 100, 32);
    assert!(screen.contains("offers 1 ") && screen.contains("A Ann") && screen.contains("C Cy"), "{screen}");
    // Ann answers first, though Cy comes first in turn order: her answer waits for his.
    let before = app.table.log.len();
    for c in ['a', 'd'] {
        app.update(Msg::char(c));
    }
    assert_eq!(app.table.log.len(), before, "Ann's answer waits for Cy's");
    assert_eq!(app.screen.mode(), Mode::Offer);
    for c in ['c', 'd'] {
        app.update(Msg::char(c));
    }
    let answered: Vec<Seat> = app.table.log[before..]
        .iter()
        .filter_map(|e| match e {
            catan::engine::Event::TradeAnswered { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(answered, [Seat(2), Seat(0)], "Cy and Ann answered, in turn order after Bert");
    assert_eq!(app.screen.bot_seat(), Some(Seat(1)), "the turn goes back to Bert");
    assert_eq!(app.table.game().phase(), Phase::Main, "everyone declined: the offer closed");
}

/// Issue 23: at the table a bot offers people one trade a turn at most (each offer asks every
/// person for an answer); the arena keeps the bots' own limit.
#[test]
fn at_the_table_a_bot_offers_one_trade_a_turn_at_most() {
    let mut app = new_app(5, seats(BotLevel::Easy, 4));
    for _ in 0..3000 {
        app.play_bots(10_000);
        if app.table.game().is_over() || app.table.game().turn_number() > 120 {
            break;
        }
        person_moves(&mut app);
    }
    let mut offers: Vec<(u32, Seat)> = Vec::new();
    let mut turn = 0;
    for e in &app.table.log {
        match e {
            catan::engine::Event::TurnStarted { number, .. } => turn = *number,
            catan::engine::Event::TradeOffered { seat, .. } if app.table.level(*seat).is_some() => {
                assert!(!offers.contains(&(turn, *seat)), "{seat:?} offered twice in turn {turn}");
                offers.push((turn, *seat));
            }
            _ => {}
        }
    }
    assert!(offers.len() > 3, "the bots did offer: {offers:?}");
}
