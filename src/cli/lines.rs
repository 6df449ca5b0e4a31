//! `catan --lines`: the game in plain lines ([`catan::lines`]), for a screen reader, a braille
//! display or a pipe. The same flags as the full screen: a new game from the rules flags and
//! `--players` (one person; with no `--players`, you against three medium bots), or a save
//! played on with `--load` or `--continue`.

use std::process::ExitCode;

use catan::lines::{End, Lines};
use catan::save::{Autosave, DEFAULT_BOT, Record, SeatInfo};

use super::{PlayArgs, check_no_rules_beside_save, island_rules, new_game_rules, refuse, resume, secret_seed};

/// Plays in lines on stdin and stdout; the exit code says how it ended (0: over or left).
pub(super) fn play(args: &PlayArgs, given: &[String]) -> ExitCode {
    let (record, autosave, programs) = match start(args, given) {
        Ok(started) => started,
        Err(code) => return code,
    };
    let time = args.bot_time.min(super::MAX_PLAY_BOT_TIME);
    let mut lines = match Lines::with_programs(record, autosave, time, &programs) {
        Ok(lines) => lines,
        Err(why) => return refuse(&why),
    };
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    match lines.play(&mut stdin.lock(), &mut stdout.lock()) {
        Ok(End::Over | End::Left | End::Closed) => ExitCode::SUCCESS,
        // A closed stdout (the reader went away) ends the game quietly: it is autosaved.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("catan: {}", catan::text::escape(&e.to_string()));
            ExitCode::FAILURE
        }
    }
}

/// The game to play and its autosave: a save played on, or a new game from the flags.
/// The programs at program seats (`prog:COMMAND`), by seat.
type Programs = Vec<Option<catan::protocol::ProgramSpec>>;

fn start(args: &PlayArgs, given: &[String]) -> Result<(Record, Option<Autosave>, Programs), ExitCode> {
    check_no_rules_beside_save(args, given).map_err(|e| refuse(&e))?;
    if let Some(resumed) = resume(args)? {
        let autosave = match resumed.autosave {
            Some(a) => Some(a),
            None => Autosave::start(&resumed.record).ok(),
        };
        // A save names no program (it could run code): its seats are played by their bots.
        return Ok((resumed.record, autosave, Vec::new()));
    }
    let rules = island_rules(args, given).map_err(|e| refuse(&e))?;
    let config = new_game_rules(args.players.as_ref(), &rules).map_err(|e| refuse(&e))?;
    if let (Some(code), Some(_)) = (&args.island, &args.players) {
        code.fits(&config).map_err(|e| refuse(&e.to_string()))?;
    }
    let seats = match &args.players {
        Some(p) => p.seats(config.players).map_err(|e| refuse(&e))?,
        None => you_against_bots(config.players),
    };
    let programs = seats.iter().map(|s| s.program.clone()).collect();
    let seed = args.seed.unwrap_or_else(secret_seed);
    let record =
        Record::new_dealt(config, seed, args.seed.is_some(), args.island, seats).map_err(|e| refuse(&e.to_string()))?;
    let autosave = match Autosave::start(&record) {
        Ok(a) => Some(a),
        Err(e) => {
            eprintln!("catan: not autosaved: {}", catan::text::escape(&e.to_string()));
            None
        }
    };
    Ok((record, autosave, programs))
}

/// The person at the first seat (named for their login, else "Player"), the default bot at
/// the others.
fn you_against_bots(players: u8) -> Vec<SeatInfo> {
    let login = std::env::var("USER").ok().filter(|u| catan::text::check_name(u).is_ok() && u != "root");
    let me = login.map_or_else(|| "Player".to_string(), |u| u[..1].to_uppercase() + &u[1..]);
    let bots = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"].into_iter().filter(|n| !catan::text::same_name(n, &me));
    let mut seats = vec![SeatInfo::human(me.clone())];
    seats.extend(bots.take(players as usize - 1).map(|n| SeatInfo::bot(n, DEFAULT_BOT)));
    seats
}
