//! `catan`: play in the terminal (`catan --seed 42 --players "Ann,Bob,Cy"`), or simulate.

mod cli;
mod rules_flags;

use clap::Parser;

fn main() -> std::process::ExitCode {
    cli::Cli::parse().run()
}
