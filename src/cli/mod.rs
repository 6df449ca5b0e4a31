//! The command line. Plain `catan` plays in the terminal; subcommands simulate games, play
//! bots against each other, replay saves and measure drawing speed. Each has its own flags
//! ([`args`]); the rules flags are those of [`RulesFlags`], taken by play, `simulate` and `arena`.

mod advise;
mod args;
#[cfg(feature = "ssh")]
mod host;
mod lines;
mod players;

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

use clap::parser::ValueSource;
use clap::{Args, CommandFactory, FromArgMatches};

use catan::engine::{Config, ConfigError};
use catan::{save, sim, tui};

pub use args::{ArenaArgs, BenchFrameArgs, Cli, Command, PlayArgs, ReplayArgs, SeatArgs, SimulateArgs};
use players::Players;

use crate::rules_flags::{RulesFlags, house_rules_help, house_rules_long_help};

/// The longest a computer player may think at the table (`catan arena` takes any budget).
const MAX_PLAY_BOT_TIME: Duration = Duration::from_secs(3);

/// The command line's definition, with the help that is written from the engine's own lists
/// (`--house-rules` names every module, and `--help` gives a line on each).
pub fn command() -> clap::Command {
    let (help, long) = (house_rules_help(), house_rules_long_help());
    let rules = |c: clap::Command| c.mut_arg("house_rules", |a| a.help(help.clone()).long_help(long.clone()));
    rules(Cli::command()).mut_subcommand("simulate", rules).mut_subcommand("arena", rules).mut_subcommand("host", rules)
}

impl Cli {
    /// Parses the command line (exiting with clap's message on a bad one), noting which rules
    /// flags were given.
    pub fn parse_args() -> Cli {
        let matches = command().get_matches();
        let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
        // `catan host` takes play's flags under its own name.
        cli.given = given_flags(matches.subcommand_matches("host").unwrap_or(&matches));
        cli
    }

    /// Runs what the command line asks for.
    pub fn run(self) -> ExitCode {
        match self.command {
            Some(Command::Simulate(a)) => simulate(a),
            Some(Command::Arena(a)) => arena(a),
            Some(Command::Replay(a)) => replay(a),
            Some(Command::Advise(a)) => advise::run(a),
            #[cfg(feature = "ssh")]
            Some(Command::Host(a)) => host::run(a, &self.given),
            // Built without the `ssh` feature: the flags are known, the serving is not built.
            #[cfg(not(feature = "ssh"))]
            Some(Command::Host(_)) => {
                eprintln!("catan host: this catan was built without the ssh feature (cargo build --features ssh)");
                ExitCode::from(2)
            }
            Some(Command::Seat(a)) => seat(a),
            Some(Command::BenchFrame(BenchFrameArgs { seed, width, height, frames })) => {
                let seed = seed.unwrap_or_else(rand::random);
                let t = tui::bench_frames(seed, width, height, frames);
                catan::text::print_report(&format!(
                    "screen {width}x{height}, seed {seed}, {} frames\nfirst frame (new game to drawn screen): {:.3} ms\nfull frame: mean {:.3} ms, best {:.3} ms\n",
                    t.frames,
                    t.first.as_secs_f64() * 1e3,
                    t.mean.as_secs_f64() * 1e3,
                    t.best.as_secs_f64() * 1e3
                ))
            }
            None => play(self.play, &self.given),
        }
    }
}

/// Prints `catan: MESSAGE` (escaped) and gives exit code 2, for a command line refused.
fn refuse(message: &str) -> ExitCode {
    eprintln!("catan: {}", catan::text::escape(message));
    ExitCode::from(2)
}

/// The ids of the flags given on the command line (not left at their defaults).
fn given_flags(matches: &clap::ArgMatches) -> Vec<String> {
    matches
        .ids()
        .filter(|id| matches.value_source(id.as_str()) == Some(ValueSource::CommandLine))
        .map(|id| id.as_str().to_string())
        .collect()
}

/// The rules flags among `given`, as typed (`--map`, `--target`).
fn rules_flags_given(given: &[String]) -> Vec<String> {
    let rules = RulesFlags::augment_args(clap::Command::new("rules"));
    rules
        .get_arguments()
        .filter(|a| given.iter().any(|g| g == a.get_id().as_str()))
        .map(|a| format!("--{}", a.get_long().unwrap_or(a.get_id().as_str())))
        .collect()
}

/// A saved game keeps its own rules: a rules flag beside `--load` or `--continue` is refused
/// (it would otherwise be checked for a new game and dropped).
fn check_no_rules_beside_save(play: &PlayArgs, given: &[String]) -> Result<(), String> {
    let resume = if play.load.is_some() {
        "--load"
    } else if play.continue_game {
        "--continue"
    } else {
        return Ok(());
    };
    let flags = rules_flags_given(given);
    if flags.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{}: a saved game is played on with its own rules, so {resume} takes no rules flag (leave {} out)",
        flags.join(", "),
        if flags.len() == 1 { "it" } else { "them" }
    ))
}

/// The rules of a new game for `players` (4 when not given).
fn new_game_rules(players: Option<&Players>, rules: &RulesFlags) -> Result<Config, String> {
    match players {
        Some(p) => p.check(rules),
        None => Ok(rules.config(4)).and_then(|c| c.validate().map(|()| c).map_err(|e| e.to_string())),
    }
}

/// Plain `catan`: the game in the terminal.
fn play(args: PlayArgs, given: &[String]) -> ExitCode {
    // A terminal that says it can't draw (TERM=dumb: an editor's shell, a plain console
    // reader) gets the game in lines.
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb") && std::io::stdout().is_terminal();
    if args.lines || dumb {
        return lines::play(&args, given);
    }
    match play_options(&args, given) {
        Ok(options) => finish(tui::run(options)),
        Err(code) => code,
    }
}

/// How the game ended, as the process's exit status: 128 + the signal's number when a signal
/// stopped it.
fn finish(result: std::io::Result<tui::Exit>) -> ExitCode {
    match result {
        Ok(exit) => exit.code(),
        Err(e) => {
            eprintln!("catan: {}", catan::text::escape(&e.to_string()));
            ExitCode::FAILURE
        }
    }
}

/// The play flags checked and made into the front end's options (for plain `catan` and
/// `catan host`); a refusal is printed and its exit code returned.
fn play_options(args: &PlayArgs, given: &[String]) -> Result<tui::Options, ExitCode> {
    if let Err(e) = check_no_rules_beside_save(args, given) {
        return Err(refuse(&e));
    }
    let resuming = args.load.is_some() || args.continue_game;
    let rules = island_rules(args, given).map_err(|e| refuse(&e))?;
    let config = if resuming { Ok(Config::default()) } else { new_game_rules(args.players.as_ref(), &rules) };
    let config = config.map_err(|e| refuse(&e))?;
    if let (Some(code), Some(_)) = (&args.island, &args.players) {
        code.fits(&config).map_err(|e| refuse(&e.to_string()))?;
    }
    let seed = args.seed.unwrap_or_else(secret_seed);
    let resume = resume(args)?;
    let seats = args.players.as_ref().map(|p| p.seats(config.players)).transpose().map_err(|e| refuse(&e))?;
    if args.bot_time > MAX_PLAY_BOT_TIME {
        return Err(refuse(&format!("--bot-time {:?} is too long to wait at the table: at most 3s", args.bot_time)));
    }
    if let Some(why) = no_terminal() {
        eprintln!(
            "catan needs a terminal ({why}); `catan --lines` plays in plain lines, `catan simulate` plays itself"
        );
        return Err(ExitCode::from(2));
    }
    let theme = tui::Theme::from_env(args.ascii);
    // The start screen opens as it was left (the flags given win over it).
    let (config, remembered) = if seats.is_none() && resume.is_none() {
        let (remembered, remembered_rules) = tui::Remembered::read(tui::Settings::file());
        // `--island` chooses the map and the deal, as if they were given.
        let island = args.island.is_some();
        let chosen = |id: &str| given.iter().any(|g| g == id) || (island && matches!(id, "map" | "board"));
        (rules.over(remembered_rules, chosen), remembered)
    } else if resume.is_some() {
        // A resumed game keeps the tips its people asked for, by name (the save keeps none).
        let (remembered, _) = tui::Remembered::read(tui::Settings::file());
        (config, tui::Remembered { tips: remembered.tips, ..tui::Remembered::default() })
    } else {
        (config, tui::Remembered::default())
    };
    let remembered = with_table_flags(remembered, args);
    Ok(tui::Options {
        seed,
        seed_given: args.seed.is_some(),
        island: args.island,
        seats,
        mouse: !args.no_mouse,
        theme,
        resume,
        rules: config,
        bot_delay: Duration::from_millis(args.bot_delay),
        bot_time: args.bot_time,
        remembered,
    })
}

/// A seed no one at the table can know (H7): from the operating system's random source (the
/// thread generator, itself seeded from it, should that fail).
fn secret_seed() -> u64 {
    use rand::TryRngCore;
    rand::rngs::OsRng.try_next_u64().unwrap_or_else(|_| rand::random())
}

/// The rules flags with `--island`'s map and kind of deal: a flag given beside it that says
/// otherwise is refused.
fn island_rules(args: &PlayArgs, given: &[String]) -> Result<crate::rules_flags::RulesFlags, String> {
    let mut rules = args.rules.clone();
    let Some(code) = &args.island else { return Ok(rules) };
    if given.iter().any(|g| g == "map") && rules.map != Some(code.map()) {
        return Err(format!("--island deals the {} map: leave out --map", code.map().name()));
    }
    let kind = crate::rules_flags::BoardFlag::of(code.kind());
    if given.iter().any(|g| g == "board") && rules.board != kind {
        let name = format!("{kind:?}").to_lowercase();
        return Err(format!("--island deals a {name} board: leave out --board"));
    }
    (rules.map, rules.board) = (Some(code.map()), kind);
    Ok(rules)
}

/// The table's settings the flags given win over: `--no-bot-offers` turns bots' offers to
/// people off, whatever the start screen remembered.
fn with_table_flags(remembered: tui::Remembered, args: &PlayArgs) -> tui::Remembered {
    tui::Remembered { no_bot_offers: remembered.no_bot_offers || args.no_bot_offers, ..remembered }
}

/// The saved game `--load` or `--continue` asks for. A file that can't be loaded, or no
/// game to continue, is reported (naming the file) and gives exit code 1; nothing is written.
fn resume(args: &PlayArgs) -> Result<Option<tui::Resume>, ExitCode> {
    if let Some(file) = &args.load {
        let record = save::commands::load_or_report(file)?;
        return Ok(Some(tui::Resume { record, autosave: None, file: file.clone(), note: None }));
    }
    if args.continue_game {
        // The autosave comes locked: no other catan resumes this game while it is open here.
        let (autosave, record, note) = save::commands::continue_or_report()?;
        let file = autosave.path().to_path_buf();
        return Ok(Some(tui::Resume { record, autosave: Some(autosave), file, note }));
    }
    Ok(None)
}

/// `catan simulate`: random players in every seat.
fn simulate(args: SimulateArgs) -> ExitCode {
    let config = match &args.players {
        Some(players) => players.check_random(&args.rules),
        None => new_game_rules(None, &args.rules),
    };
    let config = match config {
        Ok(c) => c,
        Err(e) => return refuse(&e),
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let r = sim::simulate(config, args.games, seed);
    let text = if args.json {
        format!("{}\n", serde_json::to_string(&r).expect("a report serializes"))
    } else {
        // Games with attacks and no phases (R56 without R57) may run long: say how many were
        // left at the limit.
        let mut t = format!(
            "games: {} (seed {}, {} players, {} unfinished at the {}-turn limit)\n",
            r.games,
            r.seed,
            r.players,
            r.unfinished,
            sim::TURN_LIMIT
        );
        t += &format!("mean turns per game: {:.1}\n", r.mean_turns);
        t += &format!("mean actions per game: {:.1}\n", r.mean_actions);
        t += &format!("wins by seat: {:?}\n", r.wins);
        t += &format!("wins: {} ({} such games here)\n", r.wins_counted, r.shared_wins);
        t += &format!("games per second: {:.0}\n", r.games_per_second);
        t += &format!("ns per action: {:.1}\n", r.ns_per_action);
        t
    };
    let code = catan::text::print_report(&text);
    match args.save_dir {
        Some(dir) if code == ExitCode::SUCCESS => save::commands::simulate_to_dir(config, args.games, seed, &dir),
        _ => code,
    }
}

/// `catan arena`: `--players` lists bot levels (duplicates allowed), not names.
fn arena(args: ArenaArgs) -> ExitCode {
    let entries: Vec<&str> = args.players.split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
    let lineup = if !entries.is_empty() && entries.iter().all(|e| e.bytes().all(|b| b.is_ascii_digit())) {
        Err("arena: --players lists bot levels, e.g. easy,random,random,random".to_string())
    } else {
        catan::arena::parse_entrants(entries)
    };
    let config = lineup.and_then(|(l, programs)| {
        let n = u8::try_from(l.len()).map_err(|_| ConfigError::Players(l.len()).to_string())?;
        let config = args.rules.config(n);
        config.validate().map_err(|e| e.to_string())?;
        Ok(((l, programs), config))
    });
    let ((lineup, programs), config) = match config {
        Ok(c) => c,
        Err(e) => return refuse(&e),
    };
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let seed = args.seed.unwrap_or_else(rand::random);
    let ArenaArgs { games, bot_time, trades, save_dir, json, .. } = args;
    let report = catan::arena::run(&catan::arena::Arena {
        config,
        lineup,
        games,
        seed,
        threads,
        bot_time,
        trades,
        save_dir,
        programs,
    });
    let text = if json {
        format!("{}\n", serde_json::to_string(&report).expect("a report serializes"))
    } else {
        report.text()
    };
    let code = catan::text::print_report(&text);
    match report.save_error {
        Some(e) => {
            eprintln!("catan: {}", catan::text::escape(&e));
            ExitCode::FAILURE
        }
        None => code,
    }
}

/// `catan seat`: one of our bots plays a seat for the game on the other end of the pipes.
fn seat(args: SeatArgs) -> ExitCode {
    let seed = args.seed.unwrap_or_else(rand::random);
    let (input, output) = (std::io::stdin().lock(), std::io::stdout().lock());
    match catan::protocol::seat::serve(args.level, seed, input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("catan seat: {}", catan::text::escape(&e));
            ExitCode::FAILURE
        }
    }
}

/// `catan replay`: the viewer, the log as text, or the check of the log.
fn replay(args: ReplayArgs) -> ExitCode {
    let ReplayArgs { file, verify, print, ascii } = args;
    if verify {
        return save::commands::verify_file(&file);
    }
    if print || no_terminal().is_some() {
        return save::commands::print_log(&file);
    }
    let record = match save::commands::load_or_report(&file) {
        Ok(r) => r,
        Err(code) => return code,
    };
    match tui::replay::run(&record, tui::Theme::from_env(ascii)) {
        Ok(exit) => exit.code(),
        Err(e) => {
            eprintln!("catan: {}", catan::text::escape(&e.to_string()));
            ExitCode::FAILURE
        }
    }
}

/// Why the game can't be played in a terminal here, if it can't: stdout is no terminal, or
/// stdin is none either and there is no controlling terminal to read keys from (`setsid catan
/// < /dev/null`: the terminal library would fail to open `/dev/tty`).
fn no_terminal() -> Option<&'static str> {
    if !std::io::stdout().is_terminal() {
        return Some("stdout is not a tty");
    }
    #[cfg(unix)]
    if !std::io::stdin().is_terminal() && std::fs::OpenOptions::new().read(true).write(true).open("/dev/tty").is_err() {
        return Some("stdin is not a tty and there is no controlling terminal");
    }
    None
}

#[cfg(test)]
mod tests;
