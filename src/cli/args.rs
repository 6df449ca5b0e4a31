//! The command line's shape: plain `catan` plays in the terminal, and each subcommand has its
//! own struct of the flags it uses (clap refuses any other as unknown). A new subcommand is a
//! new variant of [`Command`] with its own struct.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use super::players::{Players, parse_players};
use crate::rules_flags::RulesFlags;

/// Settlers of Catan for the terminal: hot-seat for 2 to 6 players (5 and 6 on the larger
/// island of the 5-6 player extension).
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(flatten)]
    pub play: PlayArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The ids of the flags given on the command line, which win over the settings the
    /// start screen remembered.
    #[arg(skip)]
    pub given: Vec<String>,
}

/// A board code as `--island` takes it.
fn parse_island(text: &str) -> Result<catan::engine::BoardCode, String> {
    catan::engine::BoardCode::parse(text).map_err(|e| e.to_string())
}

/// Playing in the terminal (plain `catan`).
#[derive(Args)]
pub struct PlayArgs {
    /// Seed for the board, dice and cards: it decides every roll, card and steal, so it is on
    /// no screen until the game is over (a random one from the operating system when left
    /// out). Whoever knows a given seed knows the dice: give one only to replay a game.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Deal the island of a board code (shown in the header during play and at the game's
    /// end) with fresh dice and cards; the map and how the board is dealt come from the code.
    #[arg(long, value_name = "CODE", value_parser = parse_island, conflicts_with_all = ["load", "continue_game"])]
    pub island: Option<catan::engine::BoardCode>,
    /// The players: names in seat order ("Ann,Bob,Cy"), or just how many: 2 to 6 (five or
    /// six play on the 5-6 island). A seat written `bot` or `bot:LEVEL` ("Ann,bot,bot:easy")
    /// is a computer player, named for its seat; all bots is a game that plays itself. A seat
    /// written `prog:COMMAND` ("Ann,prog:python3 my_bot.py") is a program that plays through
    /// the seat protocol (docs/protocol.md), started with no shell; a medium bot takes over if
    /// it fails, and plays the seat when the game is played on from a save.
    #[arg(long, value_parser = parse_players)]
    pub players: Option<Players>,
    /// How long each computer player's move stays on screen, in milliseconds (any key skips
    /// ahead).
    #[arg(long, value_name = "MS", default_value_t = 600)]
    pub bot_delay: u64,
    /// The most time a computer player may take for one decision: "1s", "500ms", "20ms"
    /// (searching bots play the best move found when it is spent); at most 3s.
    #[arg(long, value_name = "TIME", default_value = "1s", value_parser = catan::arena::parse_duration)]
    pub bot_time: Duration,
    /// Don't capture the mouse (capture stops the terminal's own copy and paste).
    #[arg(long)]
    pub no_mouse: bool,
    /// Draw with plain ASCII only (no box drawing or symbols).
    #[arg(long)]
    pub ascii: bool,
    /// Computer players offer people no trades (the start screen's "Bot offers to people" off;
    /// they still trade among themselves).
    #[arg(long)]
    pub no_bot_offers: bool,
    /// Play in plain lines instead of the full screen, for a screen reader, a braille display
    /// or a pipe: each event a sentence, each decision a numbered menu (one person, with
    /// computer players at the other seats).
    #[arg(long)]
    pub lines: bool,
    /// Play on from a save file: the same player to act, the same dice to come, the save's
    /// rules (no rules flag beside it).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "players", "continue_game"])]
    pub load: Option<PathBuf>,
    /// Play on from the most recent unfinished game (autosaved after every action), with its
    /// rules (no rules flag beside it).
    #[arg(long = "continue", conflicts_with_all = ["seed", "players"])]
    pub continue_game: bool,
    #[command(flatten)]
    pub rules: RulesFlags,
}

#[derive(Subcommand)]
pub enum Command {
    /// Play games between random players and report statistics and speed.
    Simulate(SimulateArgs),
    /// Play bots against each other: every seating of the line-up on each board; prints win
    /// rates, points and decision times.
    Arena(ArenaArgs),
    /// Step through a saved game; with --verify, check its log reproduces the saved state.
    Replay(ReplayArgs),
    /// Measure how fast the terminal screen is drawn (in memory, no terminal needed).
    BenchFrame(BenchFrameArgs),
    /// Advice for the player to act in a save: their best moves ranked, each with the
    /// estimated chance to win after it and the reason.
    Advise(AdviseArgs),
    /// Play one seat of a game that speaks the seat protocol (docs/protocol.md) on this
    /// program's standard input and output, with one of our bots: any program can use them.
    Seat(SeatArgs),
    /// Play here, as plain catan does, while friends join the person seats from their own
    /// terminals: `ssh -p 2222 NAME@THIS-MACHINE`, the join code as the password.
    Host(HostArgs),
}

/// `catan seat`.
#[derive(Args)]
pub struct SeatArgs {
    /// The bot that plays: random, easy, medium, alphabeta, hard or expert.
    #[arg(long, default_value = "medium")]
    pub level: catan::bots::BotLevel,
    /// Seed of the bot's own choices (a random one when left out): the same seed plays the
    /// same moves as the same bot in `catan arena` or at the table would.
    #[arg(long)]
    pub seed: Option<u64>,
}

/// `catan host`: every flag of play, and where and how to serve.
#[derive(Args)]
pub struct HostArgs {
    #[command(flatten)]
    pub play: PlayArgs,
    /// The port friends connect to.
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// The address to listen on: every address of this machine when left out; 127.0.0.1 for
    /// this machine only.
    #[arg(long, value_name = "ADDRESS")]
    pub bind: Option<std::net::IpAddr>,
    /// The join code friends type as their password. Left out, a new one of five random words
    /// is made each hosting. Given here it shows in the process list to everyone on this
    /// machine: --code-file or the CATAN_CODE environment variable keep it private.
    #[arg(long, value_name = "WORDS", conflicts_with = "code_file")]
    pub code: Option<String>,
    /// Reads the join code from the first line of FILE, or from a prompt on this terminal
    /// when FILE is `-`. (The environment variable CATAN_CODE gives one too.)
    #[arg(long, value_name = "FILE")]
    pub code_file: Option<std::path::PathBuf>,
}

/// `catan simulate`.
#[derive(Args)]
pub struct SimulateArgs {
    /// Seed of the first game (game k uses seed + k; a random one when left out).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many players: 2 to 6, or their names (only their number counts: every seat is a
    /// random player; bots play in `catan arena`).
    #[arg(long, value_parser = parse_players)]
    pub players: Option<Players>,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write each game as a save file in this folder.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RulesFlags,
}

/// `catan arena`.
#[derive(Args)]
pub struct ArenaArgs {
    /// Seed of the first board (board k uses seed + k; a random one when left out).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The line-up: one bot level per seat, in seat order, 2 to 6 of them (random, easy,
    /// medium, alphabeta, hard, expert; a level may come more than once), or a program written
    /// `prog:COMMAND` (the seat protocol, docs/protocol.md; a medium bot takes over if it fails).
    #[arg(long, value_name = "LEVELS", default_value = "easy,random,random,random")]
    pub players: String,
    /// Games in all (rounded up to a whole number of seatings).
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The most time a bot may take for one decision: "1s", "500ms", "20ms" (searching bots
    /// play the best move found when it is spent).
    #[arg(long, value_name = "TIME", default_value = "1s", value_parser = catan::arena::parse_duration)]
    pub bot_time: Duration,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Let the bots offer each other domestic trades (off by default: only maritime trades).
    #[arg(long)]
    pub trades: bool,
    /// Also write each game as a save file in this folder (`game-SEED-SEATING.json`), to
    /// watch with `catan replay`.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RulesFlags,
}

/// `catan replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// The save file.
    pub file: PathBuf,
    /// Re-play the log from the seed and compare (exit code 0 if it matches, 1 if not).
    #[arg(long)]
    pub verify: bool,
    /// Print the log as text instead of opening the viewer (the default when the output
    /// is not a terminal).
    #[arg(long, conflicts_with = "verify")]
    pub print: bool,
    /// Draw with plain ASCII only (no box drawing or symbols).
    #[arg(long)]
    pub ascii: bool,
}

/// `catan advise`.
#[derive(Args)]
pub struct AdviseArgs {
    /// The save file.
    pub file: std::path::PathBuf,
    /// Print a JSON list of moves (each with its action, chance, change, reason; alike: how
    /// many legal actions the move stands for, 1 for the action alone; tie: too close to the
    /// first move's chance to tell apart; then: a whole choice's actions, when it takes more
    /// than one; taken: for an offer to a player, the chance it is taken).
    #[arg(long)]
    pub json: bool,
    /// Print the game's story instead: each player's chance after the last turn, from public
    /// facts only, and the three moments that moved it most.
    #[arg(long)]
    pub story: bool,
    /// Advise the seat to act after the first N actions of the game (0: as dealt), finished or
    /// not, instead of where it stands now; with `--story`, the story up to there.
    #[arg(long, value_name = "N")]
    pub step: Option<usize>,
}

/// `catan bench-frame`.
#[derive(Args)]
pub struct BenchFrameArgs {
    /// Seed of the game drawn (a random one when left out).
    #[arg(long)]
    pub seed: Option<u64>,
    #[arg(long, default_value_t = 140)]
    pub width: u16,
    #[arg(long, default_value_t = 45)]
    pub height: u16,
    #[arg(long, default_value_t = 2000)]
    pub frames: u32,
}
