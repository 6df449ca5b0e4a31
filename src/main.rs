use clap::{Parser, Subcommand};

use catan::engine::Config;
use catan::sim;

/// Settlers of Catan for the terminal: hot-seat for 2 to 4 players.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Seed for the board, dice and cards (a random one when left out).
    #[arg(long, global = true)]
    seed: Option<u64>,
    /// Number of players.
    #[arg(long, global = true, default_value_t = 4)]
    players: u8,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play games between random players and report statistics and speed.
    Simulate {
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

fn main() {
    let cli = Cli::parse();
    let seed = cli.seed.unwrap_or_else(rand::random);
    let config = Config::with_players(cli.players);
    if let Err(e) = config.validate() {
        eprintln!("catan: {e}");
        std::process::exit(2);
    }
    match cli.command {
        Some(Command::Simulate { games, json }) => {
            let r = sim::simulate(config, games, seed);
            if json {
                println!("{}", serde_json::to_string(&r).expect("a report serializes"));
            } else {
                println!("games: {} (seed {}, {} players, {} unfinished)", r.games, r.seed, r.players, r.unfinished);
                println!("mean turns per game: {:.1}", r.mean_turns);
                println!("mean actions per game: {:.1}", r.mean_actions);
                println!("wins by seat: {:?}", r.wins);
                println!("games per second: {:.0}", r.games_per_second);
                println!("ns per action: {:.1}", r.ns_per_action);
            }
        }
        None => {
            let r = sim::simulate(config, 1, seed);
            println!("seed {seed}: one game of random players, {:.0} turns", r.mean_turns);
        }
    }
}
