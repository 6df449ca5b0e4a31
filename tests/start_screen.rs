//! Issue 15, "Starting a game" (with the start-screen parts of issues 14 and 16): the start
//! screen sets what the flags set (seats, people or bots and their levels, the rules options,
//! the house rules this version plays), remembers it for next time in the data directory, and
//! a first run opens the how-to-play page.

mod support;

use catan::bots::BotLevel;
use catan::engine::{BoardKind, Config, DevCard, MapId, Module, Modules, TurnStyle};
use catan::save::{SeatInfo, SeatKind};
use catan::tui::keymap::Mode;
use catan::tui::settings::{Loaded, SETTINGS_FILE};
use catan::tui::{App, Msg, Remembered, Row, Settings};
use support::files::TempDir;
use support::region::{Region, region};
use support::screen::{PLAIN, draw, press, type_text};

fn start_app() -> App {
    let mut app = App::new(42, None, PLAIN);
    app.update(Msg::Resize(96, 28));
    app
}

/// The start screen with `names` typed into the first seats, each followed by Enter.
fn start_with(names: &[&str]) -> App {
    let mut app = start_app();
    for name in names {
        type_text(&mut app, name);
        press(&mut app, "Enter");
    }
    app
}

/// Moves the cursor down to `row`.
fn go_to(app: &mut App, row: Row) {
    for _ in 0..40 {
        if app.screen.start.as_ref().unwrap().row == row {
            return;
        }
        press(app, "Down");
    }
    panic!("no row {row:?}");
}

/// Two people and two bots, one of them hard, from the keyboard: Tab makes a seat a bot
/// (named for its seat), the arrows set its level.
#[test]
fn the_start_screen_seats_people_and_bots_with_their_levels() {
    let mut app = start_with(&["Ann", "Bob"]);
    press(&mut app, "Tab Enter Tab Right Right");
    let form = app.screen.start.as_ref().unwrap();
    assert_eq!(form.names(), ["Ann", "Bob", "Cleo", "Dirk"]);
    assert_eq!(form.seats[2].bot, Some(BotLevel::Medium), "a bot starts at the default level");
    assert_eq!(form.seats[3].bot, Some(BotLevel::Hard));
    // The level stops at the ends; Tab makes a bot a person again and gives back its name.
    press(&mut app, "Right Left Left Left Left Left");
    assert_eq!(app.screen.start.as_ref().unwrap().seats[3].bot, Some(BotLevel::Random));
    press(&mut app, "Right Right Right Right");
    let screen = draw(&mut app, 96, 28);
    for text in ["1. Ann", "3. Cleo", "bot < medium >", "4. Dirk", "bot < hard >", "Start the game (4 players)"] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!(screen);
    press(&mut app, "Enter Enter");
    assert!(app.screen.start.is_none(), "Enter on the empty fifth seat starts the game");
    assert_eq!(app.table.level(catan::engine::Seat(3)), Some(BotLevel::Hard));
    assert_eq!(app.table.level(catan::engine::Seat(0)), None);
}

/// Backspace erases one character; on an empty seat it goes back into the name before it.
#[test]
fn backspace_deletes_a_character_not_a_name() {
    let mut app = start_with(&["Ann"]);
    type_text(&mut app, "Bob");
    press(&mut app, "Backspace");
    assert_eq!(app.screen.start.as_ref().unwrap().typing(), Some("Bo"));
    press(&mut app, "Backspace Backspace Backspace");
    let form = app.screen.start.as_ref().unwrap();
    assert_eq!((form.row, form.typing()), (Row::Seat(0), Some("Ann")), "back into Ann, whole");
    press(&mut app, "Backspace");
    assert_eq!(app.screen.start.as_ref().unwrap().typing(), Some("An"));
    // Typing replaces the name a bot was given, so a seat is renamed without erasing.
    press(&mut app, "Tab Down");
    let mut app = start_app();
    press(&mut app, "Tab");
    assert_eq!(app.screen.start.as_ref().unwrap().typing(), Some("Anna"));
    type_text(&mut app, "Robo");
    assert_eq!(app.screen.start.as_ref().unwrap().typing(), Some("Robo"));
}

/// What can't start is said on the status line, never a panic: too few names, the same name
/// twice, a seat left empty in the middle, a rule the player count doesn't allow.
#[test]
fn what_cant_start_is_said() {
    let mut app = start_app();
    press(&mut app, "Enter");
    assert!(app.screen.message.as_ref().unwrap().text.contains("at least 2 names"));
    type_text(&mut app, "Ann");
    press(&mut app, "Enter");
    type_text(&mut app, "ann");
    press(&mut app, "Enter");
    assert!(
        app.screen.message.as_ref().unwrap().text.contains("two players are called ann"),
        "{:?}",
        app.screen.message
    );
    press(&mut app, "Backspace Backspace Backspace");
    type_text(&mut app, "Bob");
    press(&mut app, "Enter");
    // Paired players with two: refused with the rules' own words, and the form stays.
    go_to(&mut app, Row::Paired);
    press(&mut app, "Space Enter");
    assert!(app.screen.start.is_some());
    assert!(app.screen.message.as_ref().unwrap().text.contains("paired players"), "{:?}", app.screen.message);
    press(&mut app, "Space Enter");
    assert!(app.screen.start.is_none(), "{:?}", app.screen.message);
}

/// The rules options change with the arrows and Space and reach the game; the house rules
/// listed are those this version plays, in the order of RULES.md.
#[test]
fn rules_and_house_rules_set_on_the_start_screen_reach_the_game() {
    let mut app = start_with(&["Ann", "Bob"]);
    let rows = app.screen.start.as_ref().unwrap().rows();
    let offered: Vec<Module> =
        rows.iter().filter_map(|r| if let Row::Module(m) = r { Some(*m) } else { None }).collect();
    let available: Vec<Module> = Module::ALL.into_iter().filter(|&m| Modules::PLAYABLE.has(m)).collect();
    assert_eq!(offered, available);
    go_to(&mut app, Row::Target);
    press(&mut app, "Right Right Left Right");
    go_to(&mut app, Row::Board);
    press(&mut app, "Right");
    go_to(&mut app, Row::DesertCenter);
    press(&mut app, "Space");
    go_to(&mut app, Row::Module(Module::NoRobber));
    press(&mut app, "Space");
    go_to(&mut app, Row::Module(Module::SeedCosts));
    press(&mut app, "Space Space Space");
    let screen = draw(&mut app, 140, 45);
    for text in ["< 12 >", "< beginner >", "[x] no robber", "[x] seed costs", "R48: the seed's costs"] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Side));
    press(&mut app, "Enter");
    assert!(app.screen.start.is_none(), "{:?}", app.screen.message);
    let c = app.table.game().config();
    assert_eq!((c.target, c.board, c.desert_center), (12, BoardKind::Beginner, true));
    assert!(c.modules.has(Module::NoRobber) && c.modules.has(Module::SeedCosts));
    assert_eq!(c.costs, catan::engine::Costs::SEED);
}

/// Issues 25 and 26: the form offers the unit and war modules and the archipelago (R51), all
/// of it readable at the smallest size (96 x 28, house rules in two columns) and beside the
/// island at 140 x 45; switching a module off switches off what needs it, and the knight cards
/// R52 took out come back.
#[test]
fn r51_r57_the_start_screen_offers_the_sea_and_war_modules_and_the_archipelago() {
    let mut app = start_with(&["Ann", "Bob", "Cleo"]);
    go_to(&mut app, Row::Map);
    press(&mut app, "Right");
    assert_eq!(app.table.rules.map, MapId::Archipelago);
    for m in [Module::Knights, Module::Ships, Module::Colonist, Module::Attacks, Module::Phases] {
        go_to(&mut app, Row::Module(m));
        press(&mut app, "Space");
    }
    let small = draw(&mut app, 96, 28);
    for text in [
        "< archipelago >",
        "[x] knights",
        "[x] ships",
        "[x] colonist",
        "[x] attacks",
        "[x] phases",
        "[ ] harbor master",
        "Start the game (3 players)",
        "R57: a build phase",
    ] {
        assert!(small.contains(text), "{text:?} missing at 96 x 28:\n{small}");
    }
    insta::assert_snapshot!("start_form_with_war_at_96x28", region(&mut app, 96, 28, Region::Body));
    go_to(&mut app, Row::Map);
    let large = draw(&mut app, 140, 45);
    for text in ["< archipelago >", "[x] phases", "Start the game (3 players)", "island "] {
        assert!(large.contains(text), "{text:?} missing at 140 x 45:\n{large}");
    }
    // The archipelago's compact island takes 95 columns: the form keeps the whole screen.
    assert!(large.contains("play needs 136 x 44"), "the map's size is said:\n{large}");
    insta::assert_snapshot!("start_form_with_war_at_140x45", region(&mut app, 140, 45, Region::Body));
    // Ships off takes the colonist with it; knights off (ships gone too) takes attacks and
    // phases, and gives the deck its knight cards back.
    go_to(&mut app, Row::Module(Module::Ships));
    press(&mut app, "Space");
    assert!(!app.table.rules.modules.has(Module::Colonist) && !app.table.rules.modules.has(Module::Ships));
    assert_eq!(app.table.rules.deck[DevCard::Knight], 0, "R52: knights on, no knight cards");
    go_to(&mut app, Row::Module(Module::Knights));
    press(&mut app, "Space");
    assert_eq!(app.table.rules.modules, Modules::NONE);
    assert_eq!(app.table.rules.deck, Config::on_map(MapId::Archipelago).deck);
    // Back to war, and the game starts on the archipelago with it.
    for m in [Module::Knights, Module::Ships, Module::Phases] {
        go_to(&mut app, Row::Module(m));
        press(&mut app, "Space");
    }
    press(&mut app, "Enter");
    assert!(app.screen.start.is_none(), "{:?}", app.screen.message);
    let c = app.table.game().config();
    assert_eq!((c.map, c.modules), (MapId::Archipelago, Modules::WAR));
}

/// Issue 15: the last settings are remembered in the data directory and come back, seats,
/// levels and rules, with the cursor on "start".
#[test]
fn settings_round_trip_through_the_data_directory() {
    let dir = TempDir::new("settings");
    let file = dir.join(SETTINGS_FILE);
    let (remembered, rules) = Remembered::read(Some(file.clone()));
    assert!(remembered.first_run && remembered.seats.is_empty() && remembered.notice.is_none());
    assert_eq!(rules, Config::default());
    let mut app = App::start_screen(7, PLAIN, rules, &remembered);
    app.update(Msg::Resize(96, 28));
    assert_eq!(app.screen.mode(), Mode::HowTo, "a first run opens how to play");
    press(&mut app, "Esc");
    type_text(&mut app, "Ann");
    press(&mut app, "Enter Tab Right Enter");
    type_text(&mut app, "Cy");
    press(&mut app, "Enter");
    go_to(&mut app, Row::FriendlyRobber);
    press(&mut app, "Space");
    go_to(&mut app, Row::Module(Module::DiceStack));
    press(&mut app, "Space Enter");
    assert!(app.screen.start.is_none(), "{:?}", app.screen.message);
    assert!(file.exists());

    let (again, rules) = Remembered::read(Some(file.clone()));
    assert!(!again.first_run && again.notice.is_none());
    assert_eq!(
        again.seats,
        [SeatInfo::human("Ann"), SeatInfo::bot("Bert", BotLevel::Alphabeta), SeatInfo::human("Cy")]
    );
    assert!(rules.friendly_robber && rules.modules.has(Module::DiceStack));
    let mut app = App::start_screen(7, PLAIN, rules, &again);
    assert_eq!(app.screen.mode(), Mode::StartRules, "no how-to-play the second time; the cursor on start");
    assert_eq!(app.screen.start.as_ref().unwrap().row, Row::Start);
    press(&mut app, "Enter");
    assert!(app.screen.start.is_none());
    assert_eq!(app.table.names, ["Ann", "Bert", "Cy"]);
    assert!(app.table.game().config().modules.has(Module::DiceStack));

    // The same settings written and read directly.
    let s = Settings::from_rules(
        &Config { turns: TurnStyle::Paired, ..Config::with_players(5) },
        vec![
            SeatInfo::human("A"),
            SeatInfo::human("B"),
            SeatInfo::bot("C", BotLevel::Easy),
            SeatInfo::human("D"),
            SeatInfo::human("E"),
        ],
    );
    s.save(&file).unwrap();
    assert_eq!(Settings::load(&file), Loaded::Found(s));
}

/// A damaged or hostile settings file is ignored with a one-line notice, never a panic; the
/// start screen opens with the defaults and says so.
#[test]
fn a_damaged_settings_file_is_ignored_with_a_notice() {
    let dir = TempDir::new("settings-bad");
    let file = dir.join(SETTINGS_FILE);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("not json", b"{\"seats\": [".to_vec()),
        ("binary", vec![0xff, 0x00, 0x1b, b'[', b'2', b'J']),
        ("a name with an escape", br#"{"seats":[{"name":"A\u001b[2J","kind":"human"}]}"#.to_vec()),
        ("the same name twice", br#"{"seats":[{"name":"Ann","kind":"human"},{"name":"ann","kind":"human"}]}"#.to_vec()),
        ("seven seats", format!("{{\"seats\":[{}]}}", [r#"{"name":"x","kind":"human"}"#; 7].join(",")).into_bytes()),
        ("an unknown level", br#"{"seats":[{"name":"A","kind":{"bot":"genius"}}]}"#.to_vec()),
        ("a target of 200", br#"{"target":200}"#.to_vec()),
        ("a discard limit of 0", br#"{"discard_limit":0}"#.to_vec()),
        ("paired with 4 seats", br#"{"paired_players":true}"#.to_vec()),
        ("huge", vec![b' '; 1 << 20]),
    ];
    for (what, bytes) in cases {
        std::fs::write(&file, &bytes).unwrap();
        let Loaded::Ignored(notice) = Settings::load(&file) else { panic!("{what}: not ignored") };
        assert!(!notice.contains('\n') && !notice.contains('\u{1b}'), "{what}: {notice:?}");
        assert!(notice.contains("settings.json ignored"), "{what}: {notice}");
        let (remembered, rules) = Remembered::read(Some(file.clone()));
        assert!(!remembered.first_run && remembered.seats.is_empty(), "{what}");
        assert_eq!(rules, Config::default(), "{what}");
        let mut app = App::start_screen(1, PLAIN, rules, &remembered);
        let screen = draw(&mut app, 96, 28);
        assert!(screen.contains("settings.json ignored"), "{what}:\n{screen}");
    }
    // A folder where the file should be.
    std::fs::remove_file(&file).unwrap();
    std::fs::create_dir(&file).unwrap();
    assert!(matches!(Settings::load(&file), Loaded::Ignored(_)));
    // Fields the file lacks take their defaults; unknown house rules are left out.
    std::fs::remove_dir(&file).unwrap();
    std::fs::write(&file, br#"{"target": 8, "house_rules": ["no_robber", "flying_pigs"], "extra": 1}"#).unwrap();
    let (remembered, rules) = Remembered::read(Some(file));
    assert!(remembered.notice.is_none());
    assert_eq!(rules.target, 8);
    assert_eq!(rules.modules, Modules::NONE.with(Module::NoRobber));
}

/// Issue 15: a first run opens the how-to-play page; it scrolls, closes, and opens again with
/// `?` on the start screen and with `h` from the help in a game.
#[test]
fn a_first_run_opens_how_to_play() {
    let remembered = Remembered { first_run: true, ..Remembered::default() };
    let mut app = App::start_screen(42, PLAIN, Config::default(), &remembered);
    let screen = draw(&mut app, 96, 28);
    assert_eq!(app.screen.mode(), Mode::HowTo);
    for text in ["How to play", "A turn", "r rolls", "t l Tab b Enter", "more"] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!(region(&mut app, 96, 28, Region::Overlay));
    // Scrolled to the end, the hand-off and the keys are there.
    press(&mut app, "PgDn PgDn PgDn");
    let end = draw(&mut app, 96, 28);
    for text in ["The hand-off", "Enter", "--continue resumes it"] {
        assert!(end.contains(text), "{text:?} missing:\n{end}");
    }
    press(&mut app, "Esc");
    assert_eq!(app.screen.mode(), Mode::Start);
    press(&mut app, "?");
    assert_eq!(app.screen.mode(), Mode::HowTo, "? on the start screen");
    press(&mut app, "Esc");
    assert_eq!(app.screen.start.as_ref().unwrap().typing(), Some(""), "? typed nothing");
    // At 140 x 45 it opens at the top and scrolls to the end (issue 23's shared screens made
    // it a few lines longer than the window).
    press(&mut app, "?");
    let big = draw(&mut app, 140, 45);
    assert!(big.contains("The goal"), "{big}");
    press(&mut app, "PgDn PgDn");
    let big = draw(&mut app, 140, 45);
    assert!(big.contains("--continue resumes it"), "{big}");
    press(&mut app, "Esc");

    // In a game: ? opens the help, h there this page, Esc back to the game.
    let mut game = App::new(42, Some(vec!["Ann".into(), "Bob".into()]), PLAIN);
    press(&mut game, "Enter ?");
    assert_eq!(game.screen.mode(), Mode::Help);
    assert!(draw(&mut game, 96, 28).contains("how to play"));
    press(&mut game, "h");
    assert_eq!(game.screen.mode(), Mode::HowTo);
    press(&mut game, "Esc");
    assert!(!matches!(game.screen.mode(), Mode::HowTo | Mode::Help));
}

/// Remembered seats come back as they were: bots with their levels.
#[test]
fn remembered_bot_seats_keep_their_levels() {
    let remembered = Remembered {
        seats: vec![
            SeatInfo::human("Ann"),
            SeatInfo::bot("Bert", BotLevel::Easy),
            SeatInfo::bot("Cleo", BotLevel::Hard),
        ],
        ..Remembered::default()
    };
    let mut app = App::start_screen(3, PLAIN, Config::default(), &remembered);
    let screen = draw(&mut app, 100, 32);
    assert!(screen.contains("bot < easy >") && screen.contains("bot < hard >"), "{screen}");
    press(&mut app, "Enter");
    assert_eq!(app.table.level(catan::engine::Seat(2)), Some(BotLevel::Hard));
    assert!(matches!(SeatKind::Bot(BotLevel::Easy).bot_level(), Some(BotLevel::Easy)));
}

/// Issue 36: on a person's seat the arrows turn "tips" on (the best move's line on the status
/// line at each of their moments); remembered by name in settings.json, and a file written
/// before tips existed still loads, with none.
#[test]
fn tips_are_set_per_person_seat_and_remembered() {
    let dir = TempDir::new("tips");
    let file = dir.join(SETTINGS_FILE);
    let (remembered, rules) = Remembered::read(Some(file.clone()));
    let mut app = App::start_screen(7, PLAIN, rules, &remembered);
    app.update(Msg::Resize(96, 28));
    press(&mut app, "Esc");
    type_text(&mut app, "Ann");
    press(&mut app, "Right Enter Tab Enter");
    type_text(&mut app, "Cy");
    press(&mut app, "Right Left Right");
    let form = app.screen.start.as_ref().unwrap();
    assert_eq!([form.seats[0].tips, form.seats[1].tips, form.seats[2].tips], [true, false, true]);
    // Issue 42: the seats' hints say what the arrows do on the seat under the cursor.
    let hint = |app: &mut App| {
        region(app, 96, 28, Region::Body).lines().find(|l| l.contains("Tab: person or bot")).unwrap().to_string()
    };
    assert!(hint(&mut app).contains("←→: tips on/off"), "on Cy, a person: {}", hint(&mut app));
    insta::assert_snapshot!("start_form_with_tips", region(&mut app, 96, 28, Region::Body));
    insta::assert_snapshot!("start_form_tips_status", region(&mut app, 96, 28, Region::Footer));
    // Right on a bot's seat is its level, never tips.
    press(&mut app, "Up");
    assert!(hint(&mut app).contains("←→: its level"), "on Bob, a bot: {}", hint(&mut app));
    press(&mut app, "Right Down Enter Enter");
    assert!(app.screen.start.is_none(), "{:?}", app.screen.message);
    assert_eq!(app.screen.coach.tips, [true, false, true]);
    let (again, _) = Remembered::read(Some(file.clone()));
    assert_eq!(again.tips, ["Ann", "Cy"]);
    let app = App::start_screen(7, PLAIN, Config::default(), &again);
    let seats = &app.screen.start.as_ref().unwrap().seats;
    assert_eq!(seats.iter().map(|s| s.tips).collect::<Vec<_>>(), [true, false, true]);

    // A file from before tips: it loads, with no seat on tips.
    let old = r#"{"seats":[{"name":"Ann","kind":"human"},{"name":"Bo","kind":"human"}],"target":10}"#;
    std::fs::write(&file, old).unwrap();
    let (before, _) = Remembered::read(Some(file.clone()));
    assert!(before.notice.is_none(), "{:?}", before.notice);
    assert_eq!(before.seats.len(), 2);
    assert!(before.tips.is_empty());
}
