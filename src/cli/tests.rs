//! The command line's shape (issue 34): each subcommand takes only the flags it uses, the
//! help says what each takes, and a save's rules are the save's.

use clap::error::ErrorKind;

use super::*;

/// Parses `args` (after `catan`) as `catan` would, noting the flags given.
fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
    let matches = command().try_get_matches_from(std::iter::once("catan").chain(args.iter().copied()))?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    cli.given = given_flags(&matches);
    Ok(cli)
}

fn refused_as_unknown(args: &[&str]) {
    match parse(args) {
        Err(e) => assert_eq!(e.kind(), ErrorKind::UnknownArgument, "{args:?}: {e}"),
        Ok(_) => panic!("{args:?} accepted"),
    }
}

/// `replay` takes no seed, players or rules; `simulate` no screen flags; `arena` no play flags;
/// and a play flag before a subcommand is no flag of it.
#[test]
fn each_subcommand_takes_only_the_flags_it_uses() {
    for flags in [&["--seed", "5"][..], &["--players", "6"], &["--target", "3"], &["--house-rules", "gold"]] {
        refused_as_unknown(&[&["replay", "game.json"][..], flags].concat());
    }
    refused_as_unknown(&["simulate", "--ascii"]);
    refused_as_unknown(&["simulate", "--bot-time", "5ms"]);
    refused_as_unknown(&["arena", "--bot-delay", "5"]);
    refused_as_unknown(&["arena", "--load", "x.json"]);
    refused_as_unknown(&["bench-frame", "--players", "3"]);
    assert!(parse(&["--seed", "5", "simulate"]).is_err(), "play's flags don't reach a subcommand");
    // What each does take.
    assert!(parse(&["replay", "game.json", "--ascii", "--print"]).is_ok());
    let cli = parse(&["simulate", "--seed", "5", "--players", "3", "--target", "8", "--games", "2"]).unwrap();
    let Some(Command::Simulate(s)) = cli.command else { panic!("simulate") };
    assert_eq!((s.seed, s.rules.config(3).target), (Some(5), 8));
    let cli = parse(&["arena", "--players", "hard,easy", "--bot-time", "20ms", "--map", "archipelago"]).unwrap();
    let Some(Command::Arena(a)) = cli.command else { panic!("arena") };
    assert_eq!((a.players.as_str(), a.bot_time), ("hard,easy", Duration::from_millis(20)));
}

/// `replay --help` lists its own few flags; `arena --players` says it takes bot levels.
#[test]
fn the_help_of_each_subcommand_lists_what_it_takes() {
    let mut cmd = command();
    let replay = cmd.find_subcommand_mut("replay").unwrap().render_long_help().to_string();
    for gone in ["--seed", "--players", "--target", "--house-rules", "--map", "--bot-time"] {
        assert!(!replay.contains(gone), "replay offers {gone}:\n{replay}");
    }
    let arena = cmd.find_subcommand_mut("arena").unwrap().render_long_help().to_string();
    assert!(arena.contains("bot level per seat"), "{arena}");
    assert!(!arena.contains("names in seat order"), "{arena}");
}

/// `--house-rules` help names every module, from the engine's own list.
#[test]
fn house_rules_help_names_every_module() {
    let mut cmd = command();
    let mut helps = vec![cmd.render_long_help().to_string()];
    for sub in ["simulate", "arena"] {
        helps.push(cmd.find_subcommand_mut(sub).unwrap().render_long_help().to_string());
    }
    for help in helps {
        for m in catan::engine::Module::ALL {
            assert!(help.contains(m.name()), "{} missing from:\n{help}", m.name());
        }
        // `--help` gives every row of the engine's table its line (read as words: clap wraps).
        let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
        for row in catan::engine::TABLE.iter() {
            let line = format!("{} {}", row.name, row.about);
            assert!(words.contains(&line), "'{line}' missing from:\n{help}");
        }
    }
}

/// A rules flag beside `--load` or `--continue` is refused with one message naming it; the
/// flags of play itself are not rules.
#[test]
fn rules_flags_beside_a_save_are_refused() {
    let cli = parse(&["--load", "war.json", "--map", "five-six"]).unwrap();
    let err = check_no_rules_beside_save(&cli.play, &cli.given).unwrap_err();
    assert!(err.starts_with("--map: a saved game is played on with its own rules"), "{err}");
    let cli = parse(&["--continue", "--map", "standard", "--house-rules", "castles", "--target", "5"]).unwrap();
    let err = check_no_rules_beside_save(&cli.play, &cli.given).unwrap_err();
    assert!(err.starts_with("--map, --target, --house-rules:") || err.contains("--house-rules"), "{err}");
    assert!(err.contains("--continue takes no rules flag"), "{err}");
    let cli = parse(&["--load", "war.json", "--ascii", "--bot-delay", "5"]).unwrap();
    assert_eq!(check_no_rules_beside_save(&cli.play, &cli.given), Ok(()));
    let cli = parse(&["--target", "5"]).unwrap();
    assert_eq!(check_no_rules_beside_save(&cli.play, &cli.given), Ok(()), "a new game takes them");
}

/// Issue 42: "Bot offers to people" has a flag, and it wins over the remembered setting.
#[test]
fn no_bot_offers_turns_the_setting_off() {
    let on = tui::Remembered::default();
    assert!(!on.no_bot_offers, "on by default");
    for args in
        [&["--no-bot-offers"][..], &["--no-bot-offers", "--continue"], &["--no-bot-offers", "--players", "Ann,bot"]]
    {
        let cli = parse(args).unwrap();
        assert!(with_table_flags(on.clone(), &cli.play).no_bot_offers, "{args:?}");
    }
    let cli = parse(&["--continue"]).unwrap();
    assert!(!with_table_flags(on.clone(), &cli.play).no_bot_offers);
    let off = tui::Remembered { no_bot_offers: true, ..on };
    assert!(with_table_flags(off, &cli.play).no_bot_offers, "the flag left out keeps what was remembered");
}

/// Issue 42: `arena --help` names every bot level it takes.
#[test]
fn arena_help_names_every_bot_level() {
    let mut cmd = command();
    let arena = cmd.find_subcommand_mut("arena").unwrap().render_long_help().to_string();
    let words = arena.split_whitespace().collect::<Vec<_>>().join(" ");
    for level in catan::bots::BotLevel::ALL {
        assert!(words.contains(level.name()), "{} missing from:\n{arena}", level.name());
    }
}
