//! `catan`: play in the terminal (`catan --seed 42 --players "Ann,Bob,Cy"`), or simulate.

mod cli;
mod rules_flags;

fn main() -> std::process::ExitCode {
    cli::Cli::parse_args().run()
}
