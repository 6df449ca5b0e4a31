//! Issue 50, a seat any program can take: whole games through the seat protocol with the
//! example Python bot, with `catan seat` (catan playing catan through pipes: the same moves as
//! the same bots in one process), and with deliberately broken programs, each stopped (its
//! process group killed), named, and its seat played on by a medium bot to the game's end.

use std::path::PathBuf;
use std::time::Duration;

use catan::arena::{self, Arena, Played};
use catan::bots::BotLevel;
use catan::engine::Config;
use catan::protocol::ProgramSpec;

mod twins;

fn catan_bin() -> String {
    env!("CARGO_BIN_EXE_catan").to_string()
}

fn spec(argv: &[&str]) -> ProgramSpec {
    ProgramSpec { argv: argv.iter().map(|s| s.to_string()).collect() }
}

fn python() -> Option<&'static str> {
    let ok = std::process::Command::new("python3")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    ok.then_some("python3")
}

fn example() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/seat_bot.py").display().to_string()
}

fn arena(lineup: Vec<BotLevel>, programs: Vec<Option<ProgramSpec>>, time: Duration) -> Arena {
    let config = Config::with_players(lineup.len() as u8);
    Arena { config, lineup, games: 1, seed: 0, threads: 1, bot_time: time, trades: false, save_dir: None, programs }
}

fn finished(p: &Played) -> bool {
    p.game.is_over()
}

#[test]
fn the_example_python_bot_plays_whole_games_through_the_protocol() {
    let Some(py) = python() else {
        eprintln!("SKIPPED: python3 is not installed, so the example bot can't be played");
        return;
    };
    let bot = spec(&[py, &example()]);
    let a =
        arena(vec![BotLevel::Medium, BotLevel::Easy, BotLevel::Medium], vec![Some(bot), None, None], arena::BOT_TIME);
    for seed in 0..2 {
        let played = arena::play(&a, seed, &[0, 1, 2]);
        assert!(played.stopped.is_empty(), "seed {seed}: {:?}", played.stopped);
        assert!(finished(&played), "seed {seed}: the game is finished");
        assert!(played.decisions[0] > 20, "the program made the seat's decisions");
    }
}

/// `catan seat --level L --seed S` through pipes plays exactly as the same bot in the arena's
/// own process: the same final game, dice and all, for each seating. (The searching levels
/// stop when their time is spent, so only levels that never look at the clock can be held to
/// this: random, easy, medium.)
#[test]
fn catan_seat_through_pipes_plays_as_the_same_bots_in_process() {
    let lineup = vec![BotLevel::Medium, BotLevel::Easy, BotLevel::Random];
    for game_seed in [3u64, 4] {
        let inproc = arena::play(&arena(lineup.clone(), Vec::new(), arena::BOT_TIME), game_seed, &[0, 1, 2]);
        let programs = lineup
            .iter()
            .enumerate()
            .map(|(e, level)| {
                let seed = arena::bot_seed(game_seed, e).to_string();
                Some(spec(&[&catan_bin(), "seat", "--level", level.name(), "--seed", &seed]))
            })
            .collect();
        let piped = arena::play(&arena(lineup.clone(), programs, arena::BOT_TIME), game_seed, &[0, 1, 2]);
        assert!(piped.stopped.is_empty(), "{:?}", piped.stopped);
        assert!(finished(&piped));
        assert_eq!(piped.game, inproc.game, "seed {game_seed}: the same game through pipes as in process");
        assert_eq!(piped.points, inproc.points);
    }
}

/// A broken program: what it does after saying hello, and words the message must hold.
struct Broken {
    name: &'static str,
    script: &'static str,
    says: &'static str,
}

const HELLO: &str = r#"read x; echo '{"type":"hello","name":"broken","version":1}'; read x; read x;"#;

const BROKEN: [Broken; 8] = [
    Broken { name: "crash", script: "exit 3", says: "it ended (exit status: 3)" },
    Broken { name: "hang", script: "sleep 1000", says: "took too long" },
    Broken { name: "garbage", script: "echo 'hello there'; sleep 1000", says: "not a move" },
    Broken { name: "illegal", script: r#"echo '{"type":"move","id":1,"index":9999}'; sleep 1000"#, says: "move 9999" },
    Broken { name: "flood", script: "head -c 3000000 /dev/zero | tr '\\0' a; sleep 1000", says: "line longer than" },
    Broken { name: "flood of lines", script: "yes", says: "not a move" },
    Broken { name: "closes stdout", script: "exec 1>&-; sleep 1000", says: "closed its output" },
    Broken {
        name: "illegal action",
        script: r#"echo '{"type":"move","id":1,"action":{"type":"build_city","at":0}}'; sleep 1000"#,
        says: "illegal move",
    },
];

#[test]
fn a_broken_program_is_stopped_named_and_its_seat_played_on_by_a_medium_bot() {
    for broken in BROKEN {
        let script = format!("{HELLO} {}", broken.script);
        let program = spec(&["sh", "-c", &script]);
        let a = arena(vec![BotLevel::Medium, BotLevel::Medium], vec![Some(program), None], Duration::from_millis(300));
        let played = arena::play(&a, 1, &[0, 1]);
        assert!(finished(&played), "{}: the game goes on to its end", broken.name);
        assert_eq!(played.stopped.len(), 1, "{}: stopped once: {:?}", broken.name, played.stopped);
        let said = &played.stopped[0];
        assert!(said.contains(broken.says), "{}: {said}", broken.name);
        assert!(said.contains("a medium bot plays the seat"), "{said}");
        assert!(played.decisions[0] > 20, "{}: the seat played on", broken.name);
    }
}

#[test]
fn a_program_that_never_starts_or_speaks_another_version_is_named_too() {
    let cases = [
        (spec(&["/nonexistent/catan-bot"]), "could not be started"),
        (spec(&["sh", "-c", r#"read x; echo '{"type":"hello","name":"x","version":9}'; sleep 1000"#]), "version 9"),
        (spec(&["sh", "-c", "read x; echo hi; sleep 1000"]), "hello was not one"),
    ];
    for (program, says) in cases {
        let a = arena(vec![BotLevel::Medium, BotLevel::Medium], vec![Some(program), None], Duration::from_millis(300));
        let played = arena::play(&a, 2, &[0, 1]);
        assert!(finished(&played));
        assert!(played.stopped.len() == 1 && played.stopped[0].contains(says), "{:?}", played.stopped);
    }
}

/// Stopping a program kills its process group: what it started in the background dies too.
#[test]
fn a_stopped_program_takes_its_process_group_with_it() {
    let dir = std::env::temp_dir().join(format!("catan-seat-group-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pidfile = dir.join("pid");
    let script = format!("{HELLO} sleep 1000 & echo $! > {}; sleep 1000", pidfile.display());
    let a = arena(
        vec![BotLevel::Medium, BotLevel::Medium],
        vec![Some(spec(&["sh", "-c", &script])), None],
        Duration::from_millis(300),
    );
    let played = arena::play(&a, 1, &[0, 1]);
    assert!(played.stopped[0].contains("took too long"), "{:?}", played.stopped);
    let pid: i32 = std::fs::read_to_string(&pidfile).unwrap().trim().parse().unwrap();
    let alive = (0..100).all(|_| {
        std::thread::sleep(Duration::from_millis(10));
        // A killed child not yet reaped by its (killed) parent's parent is a zombie: gone
        // from /proc's running states.
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| !s.contains(") Z"))
    });
    assert!(!alive, "the program's background child {pid} was killed with its group");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn arena_reports_name_the_stopped_program() {
    let program = spec(&["sh", "-c", &format!("{HELLO} exit 3")]);
    let mut a = arena(vec![BotLevel::Random, BotLevel::Random], vec![Some(program), None], Duration::from_millis(300));
    a.games = 2;
    let report = arena::run(&a);
    assert_eq!(report.programs_stopped, 2);
    let text = report.text();
    assert!(text.contains("prog:sh") && text.contains("Programs stopped: 2"), "{text}");
}

/// A save of a game with a program seat loads, the seat a medium bot: a save names no command
/// to run (one sent by someone else must not start a program on this machine).
#[test]
fn a_saved_program_seat_loads_as_the_medium_bot_behind_it() {
    use catan::save::{self, Record, SeatInfo, SeatKind};
    let program = spec(&["python3", "my_bot.py"]);
    let seats = vec![SeatInfo::human("Ann"), SeatInfo::program("Bert", program, BotLevel::Medium)];
    let mut record = Record::new_with_seats(Config::with_players(2), 8, seats).unwrap();
    let first = record.game().legal_actions()[0];
    record.apply(first).unwrap();
    let json = save::to_json(&record);
    assert!(!json.contains("my_bot") && !json.contains("python3"), "no command in the file: {json}");
    let loaded = save::from_json(json.as_bytes()).unwrap();
    assert_eq!(loaded.kinds(), [SeatKind::Human, SeatKind::Bot(BotLevel::Medium)]);
    assert!(loaded.seats().iter().all(|s| s.program.is_none()));
}

/// At the table (the terminal front end, its bots on worker threads as ever): a program seat is
/// named in the players panel; a broken one is stopped, said on the screen, named as the medium
/// bot that now plays it, and the game plays on to its end with `catan seat` in another seat.
#[test]
fn at_the_table_a_program_seat_is_named_and_a_broken_one_passes_to_medium() {
    use catan::save::SeatInfo;
    use catan::tui::{App, Msg, Theme};
    let broken = spec(&["sh", "-c", &format!("{HELLO} exit 3")]);
    let good = spec(&[&catan_bin(), "seat", "--level", "easy", "--seed", "1"]);
    let seats = vec![
        SeatInfo::program("Ann", broken, BotLevel::Medium),
        SeatInfo::program("Bert", good, BotLevel::Medium),
        SeatInfo::bot("Cleo", BotLevel::Medium),
    ];
    let mut app = App::with_seats(4, Some(seats), Theme { color: false, ascii: false }, Config::with_players(3));
    app.table.delay = Duration::ZERO;
    app.table.time = Duration::from_millis(500);
    app.update(Msg::Resize(100, 32));
    assert_eq!(app.table.label(catan::engine::Seat(1)), "Bert (prog catan)");
    assert_eq!(app.table.label(catan::engine::Seat(0)), "Ann (prog sh)");
    app.play_bots(6);
    let said = app.screen.message.as_ref().map(|m| m.text.clone()).unwrap_or_default();
    let named = "Ann's program sh (\"broken\") was stopped";
    assert!(said.contains(named) && said.contains("exit status: 3"), "{said}");
    assert_eq!(app.table.label(catan::engine::Seat(0)), "Ann (medium)", "the medium bot plays it now");
    app.play_bots(20_000);
    assert!(app.table.game().is_over(), "the game played on to its end");
    assert_eq!(app.table.label(catan::engine::Seat(1)), "Bert (prog catan)", "the good program kept its seat");
}
