//! The command line. Plain `catan` plays in the terminal; subcommands replay saves, simulate
//! games and measure drawing speed. Flags that shape the game are global so every command
//! shares them.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use catan::bots::BotLevel;
use catan::engine::{Config, ConfigError};
use catan::save::{DEFAULT_BOT, SeatInfo};
use catan::{save, sim, tui};

/// Settlers of Catan for the terminal: hot-seat for 2 to 6 players (5 and 6 on the larger
/// island of the 5-6 player extension).
#[derive(Parser)]
#[command(version, about)]
pub struct Cli {
    /// Seed for the board, dice and cards (a random one when left out; always shown).
    #[arg(long, global = true)]
    pub seed: Option<u64>,
    /// The players: names in seat order ("Ann,Bob,Cy"), or just how many: 2 to 6 (five or
    /// six play on the 5-6 island). A seat written `bot` or `bot:LEVEL` ("Ann,bot,bot:easy")
    /// is a computer player, named for its seat; all bots is a game that plays itself.
    #[arg(long, global = true, value_parser = parse_players)]
    pub players: Option<Players>,
    /// How long each computer player's move stays on screen, in milliseconds (any key skips
    /// ahead).
    #[arg(long, value_name = "MS", default_value_t = 600)]
    pub bot_delay: u64,
    /// The most time a computer player may take for one decision: "1s", "500ms", "20ms"
    /// (searching bots play the best move found when it is spent). Play takes up to 3s.
    #[arg(long, global = true, value_name = "TIME", default_value = "1s", value_parser = catan::arena::parse_duration)]
    pub bot_time: Duration,
    /// Don't capture the mouse (capture stops the terminal's own copy and paste).
    #[arg(long)]
    pub no_mouse: bool,
    /// Draw with plain ASCII only (no box drawing or symbols).
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Play on from a save file: the same player to act, the same dice to come.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "players", "continue_game"])]
    pub load: Option<std::path::PathBuf>,
    /// Play on from the most recent unfinished game (autosaved after every action).
    #[arg(long = "continue", conflicts_with_all = ["seed", "players"])]
    pub continue_game: bool,
    #[command(flatten)]
    pub rules: crate::rules_flags::RulesFlags,
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The rules flags given on the command line (by their ids), which win over the settings
    /// the start screen remembered.
    #[arg(skip)]
    pub given: Vec<String>,
}

/// The `--players` value, as typed: checked in [`Players::check`], whose messages are safe to
/// print (clap would echo a bad value as it is, escape sequences included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Players {
    Count(u64),
    Names(Vec<String>),
}

impl Players {
    /// The number of players, if the rules seat that many, every bot's level is known and
    /// every name is a good one.
    fn check(&self, rules: &crate::rules_flags::RulesFlags) -> Result<Config, String> {
        let count = match self {
            Players::Count(n) => usize::try_from(*n).unwrap_or(usize::MAX),
            Players::Names(v) => v.len(),
        };
        let players = u8::try_from(count).map_err(|_| ConfigError::Players(count).to_string())?;
        let config = rules.config(players);
        config.validate().map_err(|e| e.to_string())?;
        if let Players::Names(names) = self {
            let seats = seats_of(names)?;
            let names: Vec<String> = seats.into_iter().map(|s| s.name).collect();
            catan::text::check_names(&names).map_err(|e| e.to_string())?;
        }
        Ok(config)
    }

    /// The seats, for a game of `players` players.
    fn seats(&self, players: u8) -> Result<Vec<SeatInfo>, String> {
        match self {
            Players::Count(_) => Ok(SeatInfo::humans(default_names(players))),
            Players::Names(names) => seats_of(names),
        }
    }
}

/// The level of a seat written `bot` or `bot:LEVEL` (any case); `None` for a person's name.
fn bot_level(entry: &str) -> Option<Result<BotLevel, String>> {
    let lower = entry.to_ascii_lowercase();
    if lower == "bot" {
        return Some(Ok(DEFAULT_BOT));
    }
    let level = lower.strip_prefix("bot:")?;
    Some(level.parse::<BotLevel>().map_err(|e| e.to_string()))
}

/// The seats `--players` names: people by name, and computer players (`bot`, `bot:LEVEL`)
/// named for their seat (the name `--players N` would give it), or, when a person has that
/// name or its initial (an Anna beside Ann would share her letter on the board), the first of
/// those names still free.
fn seats_of(entries: &[String]) -> Result<Vec<SeatInfo>, String> {
    let n = u8::try_from(entries.len()).unwrap_or(u8::MAX);
    let levels: Vec<Option<BotLevel>> = entries.iter().map(|e| bot_level(e).transpose()).collect::<Result<_, _>>()?;
    let people: Vec<&String> = entries.iter().zip(&levels).filter(|(_, l)| l.is_none()).map(|(e, _)| e).collect();
    let initial = |name: &str| name.chars().next().map(|c| c.to_lowercase().to_string());
    let initials: Vec<_> = people.iter().map(|p| initial(p)).collect();
    let mut taken: Vec<String> = people.iter().map(|s| s.to_string()).collect();
    let free = |taken: &[String], name: &str| {
        !taken.iter().any(|t| catan::text::same_name(t, name)) && !initials.contains(&initial(name))
    };
    let pool = default_names(n.max(6));
    let mut seats = Vec::with_capacity(entries.len());
    for (i, (entry, level)) in entries.iter().zip(levels).enumerate() {
        let Some(level) = level else {
            seats.push(SeatInfo::human(entry.clone()));
            continue;
        };
        let own = pool.get(i).filter(|name| free(&taken, name));
        let name = own
            .or_else(|| pool.iter().find(|name| free(&taken, name)))
            .cloned()
            .unwrap_or_else(|| format!("Bot {}", i + 1));
        taken.push(name.clone());
        seats.push(SeatInfo::bot(name, level));
    }
    Ok(seats)
}

/// Names for `--players N`: the seat letters A, B, C, ... as initials, so the board's letters
/// read in seat order. (A count the rules don't seat is refused before this, with a message.)
fn default_names(n: u8) -> Vec<String> {
    const NAMES: [&str; 6] = ["Anna", "Bert", "Cleo", "Dirk", "Emma", "Finn"];
    (0..n as usize).map(|i| NAMES.get(i).map_or_else(|| format!("Player {}", i + 1), |s| s.to_string())).collect()
}

fn parse_players(s: &str) -> Result<Players, String> {
    if !s.is_empty() && s.trim().bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Players::Count(s.trim().parse().unwrap_or(u64::MAX)));
    }
    Ok(Players::Names(s.split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect()))
}

#[derive(Subcommand)]
pub enum Command {
    /// Play games between random players and report statistics and speed.
    Simulate {
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Also write each game as a save file in this folder.
        #[arg(long, value_name = "DIR")]
        save_dir: Option<std::path::PathBuf>,
    },
    /// Play bots against each other (`--players medium,easy,easy,easy`; the default line-up is
    /// easy,random,random,random): every seating of the line-up on each board; prints win
    /// rates, points and decision times.
    Arena {
        /// Games in all (rounded up to a whole number of seatings).
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Let the bots offer each other domestic trades (off by default: only maritime trades).
        #[arg(long)]
        trades: bool,
    },
    /// Step through a saved game; with --verify, check its log reproduces the saved state.
    Replay {
        /// The save file.
        file: std::path::PathBuf,
        /// Re-play the log from the seed and compare (exit code 0 if it matches, 1 if not).
        #[arg(long)]
        verify: bool,
        /// Print the log as text instead of opening the viewer (the default when the output
        /// is not a terminal).
        #[arg(long, conflicts_with = "verify")]
        print: bool,
    },
    /// Measure how fast the terminal screen is drawn (in memory, no terminal needed).
    BenchFrame {
        #[arg(long, default_value_t = 140)]
        width: u16,
        #[arg(long, default_value_t = 45)]
        height: u16,
        #[arg(long, default_value_t = 2000)]
        frames: u32,
    },
}

/// The longest a computer player may think at the table (`catan arena` takes any budget).
const MAX_PLAY_BOT_TIME: Duration = Duration::from_secs(3);

impl Cli {
    /// Parses the command line (exiting with clap's message on a bad one), noting which rules
    /// flags were given.
    pub fn parse_args() -> Cli {
        let matches = Cli::command().get_matches();
        let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
        cli.given = given_flags(&matches);
        cli
    }

    /// Runs what the command line asks for.
    pub fn run(self) -> ExitCode {
        let seed = self.seed.unwrap_or_else(rand::random);
        if let Some(Command::Arena { games, threads, json, trades }) = self.command {
            let bot_time = self.bot_time;
            return arena(self.players.as_ref(), &self.rules, seed, Run { games, threads, json, bot_time, trades });
        }
        let config = match &self.players {
            Some(players) => players.check(&self.rules),
            None => Ok(self.rules.config(4)).and_then(|c| c.validate().map(|()| c).map_err(|e| e.to_string())),
        };
        let config = match config {
            Ok(c) => c,
            Err(e) => {
                eprintln!("catan: {}", catan::text::escape(&e));
                return ExitCode::from(2);
            }
        };
        match self.command {
            Some(Command::Simulate { games, json, save_dir }) => {
                let code = simulate(config, games, seed, json);
                if code != ExitCode::SUCCESS {
                    return code;
                }
                if let Some(dir) = save_dir {
                    return save::commands::simulate_to_dir(config, games, seed, &dir);
                }
            }
            Some(Command::Arena { .. }) => unreachable!("played before the players are checked as names"),
            Some(Command::Replay { file, verify: true, .. }) => return save::commands::verify_file(&file),
            Some(Command::Replay { file, print, .. }) if print || no_terminal().is_some() => {
                return save::commands::print_log(&file);
            }
            Some(Command::Replay { file, .. }) => {
                let record = match save::commands::load_or_report(&file) {
                    Ok(r) => r,
                    Err(code) => return code,
                };
                match tui::replay::run(&record, tui::Theme::from_env(self.ascii)) {
                    Ok(exit) => return exit.code(),
                    Err(e) => {
                        eprintln!("catan: {}", catan::text::escape(&e.to_string()));
                        return ExitCode::FAILURE;
                    }
                }
            }
            Some(Command::BenchFrame { width, height, frames }) => {
                let t = tui::bench_frames(seed, width, height, frames);
                return catan::text::print_report(&format!(
                    "screen {width}x{height}, seed {seed}, {} frames\nfirst frame (new game to drawn screen): {:.3} ms\nfull frame: mean {:.3} ms, best {:.3} ms\n",
                    t.frames,
                    t.first.as_secs_f64() * 1e3,
                    t.mean.as_secs_f64() * 1e3,
                    t.best.as_secs_f64() * 1e3
                ));
            }
            None => {
                let resume = match self.resume() {
                    Ok(r) => r,
                    Err(code) => return code,
                };
                let seats = match self.players.as_ref().map(|p| p.seats(config.players)).transpose() {
                    Ok(seats) => seats,
                    Err(e) => {
                        eprintln!("catan: {}", catan::text::escape(&e));
                        return ExitCode::from(2);
                    }
                };
                if self.bot_time > MAX_PLAY_BOT_TIME {
                    eprintln!("catan: --bot-time {:?} is too long to wait at the table: at most 3s", self.bot_time);
                    return ExitCode::from(2);
                }
                if let Some(why) = no_terminal() {
                    eprintln!("catan needs a terminal ({why}); try `catan simulate`");
                    return ExitCode::from(2);
                }
                let theme = tui::Theme::from_env(self.ascii);
                // The start screen opens as it was left (the flags given win over it).
                let (config, remembered) = if seats.is_none() && resume.is_none() {
                    let (remembered, rules) = tui::Remembered::read(tui::Settings::file());
                    (self.rules.over(rules, |id| self.given.iter().any(|g| g == id)), remembered)
                } else {
                    (config, tui::Remembered::default())
                };
                let options = tui::Options {
                    seed,
                    seats,
                    mouse: !self.no_mouse,
                    theme,
                    resume,
                    rules: config,
                    bot_delay: Duration::from_millis(self.bot_delay),
                    bot_time: self.bot_time,
                    remembered,
                };
                match tui::run(options) {
                    // 128 + the signal's number when a signal stopped the game.
                    Ok(exit) => return exit.code(),
                    Err(e) => {
                        eprintln!("catan: {}", catan::text::escape(&e.to_string()));
                        return ExitCode::FAILURE;
                    }
                }
            }
        }
        ExitCode::SUCCESS
    }

    /// The saved game `--load` or `--continue` asks for. A file that can't be loaded, or no
    /// game to continue, is reported (naming the file) and gives exit code 1; nothing is written.
    fn resume(&self) -> Result<Option<tui::Resume>, ExitCode> {
        if let Some(file) = &self.load {
            let record = save::commands::load_or_report(file)?;
            return Ok(Some(tui::Resume { record, autosave: None, file: file.clone(), note: None }));
        }
        if self.continue_game {
            // The autosave comes locked: no other catan resumes this game while it is open here.
            let (autosave, record, note) = save::commands::continue_or_report()?;
            let file = autosave.path().to_path_buf();
            return Ok(Some(tui::Resume { record, autosave: Some(autosave), file, note }));
        }
        Ok(None)
    }
}

/// The ids of the flags given on the command line (not left at their defaults).
fn given_flags(matches: &clap::ArgMatches) -> Vec<String> {
    matches
        .ids()
        .filter(|id| matches.value_source(id.as_str()) == Some(ValueSource::CommandLine))
        .map(|id| id.as_str().to_string())
        .collect()
}

fn simulate(config: Config, games: u64, seed: u64, json: bool) -> ExitCode {
    let r = sim::simulate(config, games, seed);
    let text = if json {
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
        t += &format!("games per second: {:.0}\n", r.games_per_second);
        t += &format!("ns per action: {:.1}\n", r.ns_per_action);
        t
    };
    catan::text::print_report(&text)
}

/// The flags of `catan arena` beyond the line-up, the rules and the seed.
struct Run {
    games: u64,
    threads: Option<usize>,
    json: bool,
    bot_time: std::time::Duration,
    trades: bool,
}

/// `catan arena`: `--players` lists bot levels (duplicates allowed), not names. The rules flags
/// are the global ones `play` and `simulate` take.
fn arena(players: Option<&Players>, rules: &crate::rules_flags::RulesFlags, seed: u64, run: Run) -> ExitCode {
    let Run { games, threads, json, bot_time, trades } = run;
    let lineup = match players {
        Some(Players::Names(names)) => catan::arena::parse_lineup(names.iter().map(String::as_str)),
        Some(Players::Count(_)) => Err("arena: --players lists bot levels, e.g. easy,random,random,random".into()),
        None => catan::arena::parse_lineup(["easy", "random", "random", "random"]),
    };
    let config = lineup.and_then(|l| {
        let n = u8::try_from(l.len()).map_err(|_| ConfigError::Players(l.len()).to_string())?;
        let config = rules.config(n);
        config.validate().map_err(|e| e.to_string())?;
        Ok((l, config))
    });
    let (lineup, config) = match config {
        Ok(c) => c,
        Err(e) => {
            eprintln!("catan: {}", catan::text::escape(&e));
            return ExitCode::from(2);
        }
    };
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let report = catan::arena::run(&catan::arena::Arena { config, lineup, games, seed, threads, bot_time, trades });
    if json {
        catan::text::print_report(&format!("{}\n", serde_json::to_string(&report).expect("a report serializes")))
    } else {
        catan::text::print_report(&report.text())
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
mod tests {
    use super::*;

    #[test]
    fn a_player_count_seats_names_with_the_seat_letters_as_initials() {
        assert_eq!(parse_players("3"), Ok(Players::Count(3)));
        assert_eq!(parse_players("256"), Ok(Players::Count(256)));
        assert_eq!(default_names(3), ["Anna", "Bert", "Cleo"]);
        let initials: String = default_names(4).iter().map(|n| n.chars().next().unwrap()).collect();
        assert_eq!(initials, "ABCD");
    }

    fn seats(s: &str) -> Result<Vec<SeatInfo>, String> {
        let Ok(Players::Names(names)) = parse_players(s) else { panic!("{s} is a list of names") };
        seats_of(&names)
    }

    #[test]
    fn a_seat_written_bot_is_a_computer_player_named_for_its_seat() {
        let got = seats("Ann, bot ,BOT:easy,bot:Random").unwrap();
        assert_eq!(
            got,
            [
                SeatInfo::human("Ann"),
                SeatInfo::bot("Bert", DEFAULT_BOT),
                SeatInfo::bot("Cleo", BotLevel::Easy),
                SeatInfo::bot("Dirk", BotLevel::Random),
            ]
        );
        let demo = seats("bot,bot,bot").unwrap();
        let names: Vec<&str> = demo.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Anna", "Bert", "Cleo"], "a game of bots only");
        assert!(demo.iter().all(|s| s.kind == catan::save::SeatKind::Bot(DEFAULT_BOT)));
    }

    #[test]
    fn a_bot_never_takes_a_persons_name() {
        let got = seats("bot,Anna,cleo,bot:easy").unwrap();
        let names: Vec<&str> = got.iter().map(|s| s.name.as_str()).collect();
        // Seat 0 would be Anna, taken: the first free name; seat 3 is Dirk as usual.
        assert_eq!(names, ["Bert", "Anna", "cleo", "Dirk"]);
        // Nor does a bot share a person's initial: no Anna beside Ann, no Cleo beside Cy.
        let got = seats("bot,Ann,bot,bot,Cy").unwrap();
        let names: Vec<&str> = got.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Bert", "Ann", "Dirk", "Emma", "Cy"]);
        assert!(catan::text::check_names(&got.iter().map(|s| s.name.clone()).collect::<Vec<_>>()).is_ok());
    }

    #[test]
    fn an_unknown_level_is_refused_and_names_like_bot_are_people() {
        let err = seats("Ann,bot:genius").unwrap_err();
        assert!(err.contains("unknown bot level") && err.contains("genius"), "{err}");
        let got = seats("Bottom,Robot,bot:easy").unwrap();
        assert_eq!(got[0], SeatInfo::human("Bottom"));
        assert_eq!(got[1], SeatInfo::human("Robot"));
        let flags = Cli::try_parse_from(["catan"]).unwrap().rules;
        let err = parse_players("Ann,bot:nope").unwrap().check(&flags).unwrap_err();
        assert!(err.contains("nope"), "{err}");
        assert!(parse_players("Ann,bot,bot").unwrap().check(&flags).is_ok(), "two bots, two names");
    }

    #[test]
    fn durations_read_seconds_and_milliseconds() {
        assert_eq!(catan::arena::parse_duration("1s"), Ok(Duration::from_secs(1)));
        assert_eq!(catan::arena::parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(catan::arena::parse_duration("2.5s"), Ok(Duration::from_millis(2500)));
        assert_eq!(catan::arena::parse_duration("3"), Ok(Duration::from_secs(3)));
        assert!(catan::arena::parse_duration("soon").is_err());
        assert!(catan::arena::parse_duration("-1s").is_err());
    }
}
