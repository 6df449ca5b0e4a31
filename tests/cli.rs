//! The command line refuses what it can't play, with a message that says why and is safe to
//! print (issue 12, "Input that cannot hurt"). Runs the real binary with its output piped.

mod support;

use std::process::{Command, Output};

/// The binary run with a data directory it never writes to.
fn catan(args: &[&str]) -> Output {
    support::cli::catan(args, &std::env::temp_dir().join("catan-cli-test-unused"))
}

/// Exit code 2 and the one line of stderr.
fn refused(args: &[&str]) -> String {
    let out = catan(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} should be refused: {out:?}");
    String::from_utf8(out.stderr).expect("utf-8")
}

#[test]
fn players_256_says_256_players() {
    assert_eq!(
        refused(&["simulate", "--players", "256", "--games", "1"]),
        "catan: 256 players: the game seats 2 to 6\n"
    );
    let huge = refused(&["simulate", "--players", "99999999999999999999999"]);
    assert!(huge.contains("players: the game seats 2 to 6"), "{huge}");
}

#[test]
fn players_ann_says_1_player() {
    assert_eq!(refused(&["simulate", "--players", "Ann"]), "catan: 1 player: the game seats 2 to 6\n");
}

#[test]
fn two_players_may_not_share_a_name_on_the_command_line() {
    let err = refused(&["--players", "Ann,Ann", "--seed", "1"]);
    assert!(err.contains("two players are called Ann"), "{err}");
    let err = refused(&["--players", "Ann,aNN", "--seed", "1"]);
    assert!(err.contains("two players are called aNN"), "{err}");
}

#[test]
fn names_with_escape_sequences_are_refused_and_not_echoed() {
    let err = refused(&["--players", "Ann,B\x1b]0;pwned\x07ob", "--seed", "1"]);
    assert!(err.contains("a name is printable text"), "{err}");
    assert!(!err.contains('\x1b') && !err.contains('\x07'), "the message is escaped: {err:?}");
    let err = refused(&["--players", "Ann,abcdefghijklmnopqrstuvwxyz", "--seed", "1"]);
    assert!(err.contains("a name has at most 20"), "{err}");
}

#[test]
fn a_target_above_the_most_points_a_game_gives_is_refused() {
    let err = refused(&["simulate", "--target", "23", "--games", "1"]);
    assert!(err.contains("no game gives more than 22"), "{err}");
    let out = catan(&["simulate", "--target", "22", "--seed", "1", "--games", "2"]);
    assert!(out.status.success(), "22 is reachable: {out:?}");
}

#[test]
fn starting_without_a_terminal_says_so() {
    let err = refused(&["--seed", "1", "--players", "Ann,Bob"]);
    assert_eq!(
        err,
        "catan needs a terminal (stdout is not a tty); `catan --lines` plays in plain lines, `catan simulate` plays itself\n"
    );
}

/// Issue 27: `setsid catan < /dev/null` (stdout a terminal, but no controlling terminal and
/// stdin none either) says what `catan` without a terminal says, not "No such device or
/// address (os error 6)"; `catan replay` there prints the log as it does to a pipe.
#[cfg(target_os = "linux")]
#[test]
fn no_controlling_terminal_says_catan_needs_a_terminal() {
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    // A pseudo-terminal for stdout, which the game is never given as its controlling terminal.
    // SAFETY: plain libc calls on a descriptor this test owns; buffers sized as passed.
    let (master, slave) = unsafe {
        let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
        assert!(fd >= 0, "posix_openpt");
        let master = OwnedFd::from_raw_fd(fd);
        assert_eq!((libc::grantpt(fd), libc::unlockpt(fd)), (0, 0));
        let mut name = [0 as libc::c_char; 128];
        assert_eq!(libc::ptsname_r(fd, name.as_mut_ptr(), name.len()), 0);
        let path = std::ffi::CStr::from_ptr(name.as_ptr()).to_str().unwrap().to_string();
        (master, path)
    };
    // What the game writes to the terminal is read, so that a long replay never fills it.
    let _held = std::fs::OpenOptions::new().read(true).custom_flags_noctty().open(&slave).unwrap();
    let mut master = std::fs::File::from(master);
    std::thread::spawn(move || std::io::copy(&mut master, &mut std::io::sink()));
    let data = std::env::temp_dir().join(format!("catan-cli-setsid-{}", std::process::id()));
    let file = data.join("game.json");
    std::fs::create_dir_all(&data).unwrap();
    let record = catan::save::play_random(catan::engine::Config { players: 3, ..Default::default() }, 5).unwrap();
    catan::save::save(&record, &file).unwrap();
    let run = |args: &[&str]| {
        let tty = std::fs::OpenOptions::new().write(true).custom_flags_noctty().open(&slave).unwrap();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_catan"));
        cmd.args(args).env("CATAN_DATA_DIR", &data).stdin(Stdio::null()).stdout(Stdio::from(tty));
        // SAFETY: setsid is async-signal-safe: the game runs in a new session, with no terminal.
        unsafe {
            cmd.pre_exec(|| if libc::setsid() < 0 { Err(std::io::Error::last_os_error()) } else { Ok(()) });
        }
        cmd.output().unwrap()
    };
    let out = run(&["--seed", "1", "--players", "Ann,Bob"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "catan needs a terminal (stdin is not a tty and there is no controlling terminal); `catan --lines` plays in plain lines, `catan simulate` plays itself\n"
    );
    let out = run(&["replay", file.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    let _ = std::fs::remove_dir_all(&data);
}

/// Opening the pseudo-terminal's slave without making it anyone's controlling terminal.
#[cfg(target_os = "linux")]
trait NoCtty {
    fn custom_flags_noctty(&mut self) -> &mut Self;
}

#[cfg(target_os = "linux")]
impl NoCtty for std::fs::OpenOptions {
    fn custom_flags_noctty(&mut self) -> &mut Self {
        std::os::unix::fs::OpenOptionsExt::custom_flags(self, libc::O_NOCTTY)
    }
}

/// Issue 16: `--house-rules` takes the names of RULES.md, or `land` for every playable one;
/// an unknown name or a module not yet playable is refused with what to choose.
#[test]
fn house_rules_are_chosen_by_name() {
    let out = catan(&["simulate", "--games", "20", "--seed", "1", "--house-rules", "land"]);
    assert!(out.status.success(), "{out:?}");
    let out = catan(&["simulate", "--games", "5", "--seed", "1", "--house-rules", "no_robber,dice-stack"]);
    assert!(out.status.success(), "{out:?}");
    let unknown = refused(&["simulate", "--house-rules", "dragons"]);
    assert!(unknown.contains("no house rule 'dragons': choose among land, accelerated_start"), "{unknown}");
    // R43: the dragon brings the gold it needs.
    let out = catan(&["simulate", "--games", "5", "--seed", "1", "--house-rules", "dragon"]);
    assert!(out.status.success(), "{out:?}");
    // R56 without R57: games may run long; the report says how many stopped at the limit.
    let out = catan(&["simulate", "--games", "5", "--seed", "1", "--house-rules", "knights,ships,attacks"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("4 players, 0 unfinished at the 5000-turn limit)"), "{text}");
}

/// A report whose reader has gone (`catan simulate | true`) ends quietly, and one that can't be
/// written (a full disk) is a one-line message and exit code 1: never a panic.
#[test]
fn a_report_nobody_reads_or_that_cannot_be_written_is_no_panic() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_catan"))
        .args(["simulate", "--games", "3000", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take()); // the reader goes before the report is written
    let out = child.wait_with_output().expect("it ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && !err.contains("panicked"), "{out:?}");
    if std::path::Path::new("/dev/full").exists() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_catan"))
            .args(["simulate", "--games", "10", "--seed", "1"])
            .stdout(full)
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        assert!(err.starts_with("catan: cannot print the report:") && !err.contains("panicked"), "{err}");
    }
}

/// Issue 24: `--map NAME` chooses the map (R51's archipelago included); an unknown name or a
/// map not made for the players is refused in plain words.
#[test]
fn map_flag_chooses_the_map() {
    let out = catan(&["simulate", "--games", "3", "--seed", "1", "--map", "archipelago"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("games: 3 (seed 1, 4 players, 0 unfinished at the 5000-turn limit)"), "{text}");
    let err = String::from_utf8(catan(&["simulate", "--map", "atlantis"]).stderr).unwrap();
    assert!(err.contains("no map called \"atlantis\": choose standard, five-six, archipelago"), "{err}");
    let err = refused(&["simulate", "--players", "4", "--map", "five-six"]);
    assert_eq!(err, "catan: 4 players on the five-six map: it is made for 5 to 6\n");
}

/// Issue 34: a shared win (R57) counts for each sharer in `arena` as in `simulate`, and both
/// say so in their text and JSON.
#[test]
fn arena_counts_a_shared_win_for_each_sharer_and_says_so() {
    let args = ["arena", "--players", "random,random,random,random", "--house-rules", "war", "--games", "8"];
    let out = catan(&[&args[..], &["--seed", "1", "--threads", "1", "--json"]].concat());
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let wins: u64 = r["standings"].as_array().unwrap().iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    let (games, unfinished, shared) =
        (r["games"].as_u64().unwrap(), r["unfinished"].as_u64().unwrap(), r["shared_wins"].as_u64().unwrap());
    assert!(shared > 0, "seed 1 has shared wins: {r}");
    assert!(wins >= games - unfinished + shared, "every sharer counted: {wins} wins, {r}");
    assert!(r["wins_counted"].as_str().unwrap().contains("counts for each player sharing it"), "{r}");
    let text = String::from_utf8(catan(&[&args[..], &["--seed", "1", "--threads", "1"]].concat()).stdout).unwrap();
    assert!(text.contains("1 thread,"), "{text}");
    assert!(text.contains("a shared win (R57) counts for each player sharing it"), "{text}");
    let sim = String::from_utf8(catan(&["simulate", "--games", "3", "--seed", "1", "--json"]).stdout).unwrap();
    assert!(sim.contains("\"wins_counted\":\"a shared win (R57) counts for each player sharing it\""), "{sim}");
}

/// Issue 34: `arena --save-dir` writes each game as a save that replays to the same state.
#[test]
fn arena_writes_its_games_as_saves() {
    let dir = support::files::TempDir::new("arena-saves");
    let out = catan(&[
        "arena",
        "--players",
        "easy,random",
        "--games",
        "2",
        "--seed",
        "3",
        "--threads",
        "1",
        "--save-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8(out.stdout).unwrap().contains("saves written: 2"));
    for seating in 0..2 {
        let file = dir.path().join(format!("game-3-{seating}.json"));
        let verify = catan(&["replay", file.to_str().unwrap(), "--verify"]);
        assert!(verify.status.success(), "{file:?}: {verify:?}");
        let log = String::from_utf8(catan(&["replay", file.to_str().unwrap(), "--print"]).stdout).unwrap();
        assert!(log.contains("easy 1") && log.contains("random 2"), "the bots by name: {log}");
    }
}

/// Issue 34: `simulate` plays random players only: a bot seat is refused, pointing to arena.
#[test]
fn simulate_refuses_bot_seats() {
    let err = refused(&["simulate", "--players", "Ann,bot:hard", "--games", "1"]);
    assert!(err.contains("catan arena"), "{err}");
}

/// Issue 34: colonist on a map with no island that counts is refused, naming the map that has
/// one; `sea` there is knights and ships.
#[test]
fn colonist_is_refused_where_no_island_counts() {
    let err = refused(&["simulate", "--house-rules", "colonist", "--games", "1"]);
    assert!(err.contains("play it on the archipelago map"), "{err}");
    let out = catan(&["simulate", "--house-rules", "sea", "--games", "2", "--seed", "1"]);
    assert!(out.status.success(), "{out:?}");
    let out = catan(&["simulate", "--house-rules", "colonist", "--map", "archipelago", "--games", "2", "--seed", "1"]);
    assert!(out.status.success(), "{out:?}");
}

/// Issue 34: a rules flag beside `--load` is refused with one message, before the save is read.
#[test]
fn rules_flags_beside_load_are_refused() {
    let err = refused(&["--load", "no-such-save.json", "--map", "five-six"]);
    assert_eq!(
        err,
        "catan: --map: a saved game is played on with its own rules, so --load takes no rules flag (leave it out)\n"
    );
}

/// H7: `--island CODE` deals the island the players saw (the code, not the seed), or says why
/// not: a typo, a code for another map or deal, a flag beside it that says otherwise.
#[test]
fn h7_island_codes_are_taken_or_refused_in_words() {
    use catan::engine::{BoardCode, Config, Game};
    let code = BoardCode::of(&Game::new(Config::with_players(4), 11).unwrap()).to_string();
    // Accepted: the next check is for a terminal, which the test has none of.
    let ok = refused(&["--island", &code, "--players", "Ann,Bob,Cy"]);
    assert!(ok.contains("needs a terminal"), "{ok}");
    let lower = refused(&["--island", &code.to_lowercase().replace('-', ""), "--players", "3"]);
    assert!(lower.contains("needs a terminal"), "any case, no dashes: {lower}");
    let mut typo: Vec<char> = code.chars().collect();
    typo[1] = if typo[1] == '7' { '8' } else { '7' };
    let typo: String = typo.into_iter().collect();
    let err = refused(&["--island", &typo, "--players", "3"]);
    assert!(err.contains("typo") || err.contains("no island"), "{err}");
    let err = refused(&["--island", "K7#Q", "--players", "3"]);
    assert!(err.contains("letters and digits"), "{err}");
    let err = refused(&["--island", &code, "--map", "five-six", "--players", "5"]);
    assert!(err.contains("leave out --map"), "{err}");
    let err = refused(&["--island", &code, "--board", "random", "--players", "3"]);
    assert!(err.contains("leave out --board"), "{err}");
    let err = refused(&["--island", &code, "--players", "Ann,Bob,Cy,Dan,Eve"]);
    assert!(err.contains("standard map"), "five players don't fit the base island: {err}");
    let err = refused(&["--island", &code, "--house-rules", "gold", "--players", "3"]);
    assert!(err.contains("gold"), "{err}");
    let help = String::from_utf8(catan(&["--help"]).stdout).unwrap();
    assert!(help.contains("--island <CODE>") && help.contains("no screen until the game is over"), "{help}");
}
