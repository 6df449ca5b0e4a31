//! `--players`: names (people, bots written `bot` or `bot:LEVEL`, programs written
//! `prog:COMMAND`) or a count, checked with messages safe to print.

use catan::bots::BotLevel;
use catan::engine::{Config, ConfigError};
use catan::protocol::ProgramSpec;
use catan::save::{DEFAULT_BOT, SeatInfo};

use crate::rules_flags::RulesFlags;

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
    pub(super) fn check(&self, rules: &RulesFlags) -> Result<Config, String> {
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

    /// [`Players::check`] for `catan simulate`, where every seat is a random player: a seat
    /// written as a bot is refused, pointing to `catan arena`, which plays bots.
    pub(super) fn check_random(&self, rules: &RulesFlags) -> Result<Config, String> {
        if let Players::Names(names) = self
            && names.iter().any(|n| seat_entry(n).is_some())
        {
            return Err("simulate plays random players in every seat; to play bots against each other, \
                        use `catan arena --players hard,random,random,random` (bot levels)"
                .into());
        }
        self.check(rules)
    }

    /// The seats, for a game of `players` players.
    pub(super) fn seats(&self, players: u8) -> Result<Vec<SeatInfo>, String> {
        match self {
            Players::Count(_) => Ok(SeatInfo::humans(default_names(players))),
            Players::Names(names) => seats_of(names),
        }
    }
}

/// A computer seat: the level of a seat written `bot` or `bot:LEVEL` (any case), or the
/// program of one written `prog:COMMAND` with the level that takes over if it fails; `None`
/// for a person's name.
fn seat_entry(entry: &str) -> Option<Result<(BotLevel, Option<ProgramSpec>), String>> {
    if let Some(command) = entry.get(..5).filter(|p| p.eq_ignore_ascii_case("prog:")).map(|_| &entry[5..]) {
        return Some(ProgramSpec::parse(command).map(|spec| (catan::protocol::program::TAKES_OVER, Some(spec))));
    }
    bot_level(entry).map(|l| l.map(|l| (l, None)))
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
    let levels: Vec<Option<(BotLevel, Option<ProgramSpec>)>> =
        entries.iter().map(|e| seat_entry(e).transpose()).collect::<Result<_, _>>()?;
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
        let Some((level, program)) = level else {
            seats.push(SeatInfo::human(entry.clone()));
            continue;
        };
        let own = pool.get(i).filter(|name| free(&taken, name));
        let name = own
            .or_else(|| pool.iter().find(|name| free(&taken, name)))
            .cloned()
            .unwrap_or_else(|| format!("Bot {}", i + 1));
        taken.push(name.clone());
        seats.push(match program {
            Some(spec) => SeatInfo::program(name, spec, level),
            None => SeatInfo::bot(name, level),
        });
    }
    Ok(seats)
}

/// Names for `--players N`: the seat letters A, B, C, ... as initials, so the board's letters
/// read in seat order. (A count the rules don't seat is refused before this, with a message.)
fn default_names(n: u8) -> Vec<String> {
    const NAMES: [&str; 6] = ["Anna", "Bert", "Cleo", "Dirk", "Emma", "Finn"];
    (0..n as usize).map(|i| NAMES.get(i).map_or_else(|| format!("Player {}", i + 1), |s| s.to_string())).collect()
}

pub(super) fn parse_players(s: &str) -> Result<Players, String> {
    if !s.is_empty() && s.trim().bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Players::Count(s.trim().parse().unwrap_or(u64::MAX)));
    }
    Ok(Players::Names(s.split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use std::time::Duration;

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
        let flags = super::super::Cli::try_parse_from(["catan"]).unwrap().play.rules;
        let err = parse_players("Ann,bot:nope").unwrap().check(&flags).unwrap_err();
        assert!(err.contains("nope"), "{err}");
        assert!(parse_players("Ann,bot,bot").unwrap().check(&flags).is_ok(), "two bots, two names");
    }

    /// Issue 50: `prog:COMMAND` seats a program, named for its seat as a bot is, its command
    /// split into words with no shell; a command that can't be split is refused.
    #[test]
    fn a_seat_written_prog_is_a_program_with_a_medium_bot_behind_it() {
        let got = seats("Ann,prog:python3 'my bot.py' --fast,PROG:./b").unwrap();
        assert_eq!(got[0], SeatInfo::human("Ann"));
        assert_eq!(got[1].name, "Bert");
        assert_eq!(got[1].kind, catan::save::SeatKind::Bot(BotLevel::Medium));
        let argv = &got[1].program.as_ref().unwrap().argv;
        assert_eq!(argv, &["python3", "my bot.py", "--fast"]);
        assert_eq!(got[2].program.as_ref().unwrap().argv, ["./b"]);
        let err = seats("Ann,prog:python3 'unclosed").unwrap_err();
        assert!(err.contains("command line"), "{err}");
        assert!(seats("Ann,prog:").is_err());
        let flags = super::super::Cli::try_parse_from(["catan"]).unwrap().play.rules;
        assert!(parse_players("Ann,prog:x").unwrap().check_random(&flags).is_err(), "simulate seats no program");
    }

    /// Issue 34: `simulate --players "Ann,bot:hard"` is refused, pointing to `arena`; names
    /// alone are a count there.
    #[test]
    fn simulate_refuses_bot_seats_and_points_to_arena() {
        let flags = super::super::Cli::try_parse_from(["catan"]).unwrap().play.rules;
        let err = parse_players("Ann,bot:hard").unwrap().check_random(&flags).unwrap_err();
        assert!(err.contains("catan arena"), "{err}");
        assert_eq!(parse_players("Ann,Bob,Cy").unwrap().check_random(&flags).map(|c| c.players), Ok(3));
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
