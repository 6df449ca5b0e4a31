//! `catan`: play in the terminal (`catan --seed 42 --players "Ann,Bob,Cy"`), or simulate.

mod cli;
mod rules_flags;

fn main() -> std::process::ExitCode {
    let code = cli::Cli::parse_args().run();
    // A program seat still deciding when the game ended would outlive it (issue 50).
    catan::protocol::stop_all_programs();
    code
}
