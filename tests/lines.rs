//! Issue 50, line mode: whole games played through the lines a person reads and the lines
//! they type (base, 5-6 players, a sea and a war game), by a scripted player who reads only
//! the menus; and `catan --lines` through pipes.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{BufRead, Read, Write};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::Duration;

use catan::engine::{Config, MapId, Modules};
use catan::lines::{End, Lines};
use catan::save::{Record, SeatInfo};

/// What the game wrote, shared with the player who reads it.
#[derive(Clone, Default)]
struct Screen(Rc<RefCell<Vec<u8>>>);

impl Write for Screen {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A person who reads the lines since their last answer and types the next: a menu line by
/// what it says (roll, build, end…), a number from an open list, now and then a question or
/// an offer. Stops typing after `budget` lines (the input closes).
struct Person {
    screen: Screen,
    read: usize,
    pending: VecDeque<u8>,
    budget: usize,
    rng: u64,
    typed: Vec<String>,
}

impl Person {
    fn new(screen: Screen, seed: u64, budget: usize) -> Person {
        Person { screen, read: 0, pending: VecDeque::new(), budget, rng: seed | 1, typed: Vec::new() }
    }

    fn roll(&mut self, n: usize) -> usize {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng % n as u64) as usize
    }

    /// The next line to type, from what was written since the last one.
    fn answer(&mut self) -> String {
        let all = self.screen.0.borrow();
        let new = String::from_utf8_lossy(&all[self.read..]).into_owned();
        drop(all);
        self.read = self.screen.0.borrow().len();
        let menu: Vec<(usize, String)> = new
            .lines()
            .map(|l| l.trim_start_matches("> "))
            .filter_map(|l| {
                let (n, rest) = l.split_once(' ')?;
                Some((n.parse().ok()?, rest.to_string()))
            })
            .collect();
        // An open list: its lines are "N: choice".
        let listed: Vec<&str> = new
            .lines()
            .map(|l| l.trim_start_matches("> "))
            .filter_map(|l| l.split_once(": ").map(|(n, _)| n).filter(|n| n.parse::<usize>().is_ok()))
            .collect();
        if !listed.is_empty() {
            return listed[self.roll(listed.len())].to_string();
        }
        if menu.is_empty() {
            return "menu".into();
        }
        if self.roll(12) == 0 {
            let questions =
                ["board", "hand", "players", "status", "hex 4", "corner 9", "log 5", "bank", "costs", "rules", "help"];
            return questions[self.roll(questions.len())].to_string();
        }
        if menu.iter().any(|(_, h)| h.starts_with("offer a trade")) && self.roll(8) == 0 {
            return "offer 1 brick for 1 ore".into();
        }
        let answer = ["decline", "accept"][usize::from(self.roll(3) == 0)];
        let order = [
            "roll",
            answer,
            "trade with",
            "discard",
            "take",
            "robber",
            "city",
            "settlement",
            "castle",
            "road",
            "build",
            "move",
            "sail",
            "board",
            "attack",
            "buy",
            "play",
            "withdraw",
            "end turn",
            "decline",
        ];
        for want in order {
            let found: Vec<&(usize, String)> = menu.iter().filter(|(_, h)| h.starts_with(want)).collect();
            if !found.is_empty() {
                return found[self.roll(found.len())].0.to_string();
            }
        }
        menu[0].0.to_string()
    }
}

impl Read for Person {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        for b in buf.iter_mut().take(n) {
            *b = self.pending.pop_front().unwrap();
        }
        Ok(n)
    }
}

impl BufRead for Person {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pending.is_empty() && self.budget > 0 {
            self.budget -= 1;
            let line = self.answer();
            self.typed.push(line.clone());
            self.pending.extend(line.bytes().chain(std::iter::once(b'\n')));
        }
        Ok(self.pending.as_slices().0)
    }
    fn consume(&mut self, amt: usize) {
        self.pending.drain(..amt);
    }
}

/// One whole game of `config`: the person at seat `me`, medium bots elsewhere.
fn play(config: Config, seed: u64, me: usize) -> (End, String, Record) {
    let names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"];
    let seats = (0..config.players as usize)
        .map(|i| if i == me { SeatInfo::human(names[i]) } else { SeatInfo::bot(names[i], catan::save::DEFAULT_BOT) })
        .collect();
    let record = Record::new_dealt(config, seed, true, None, seats).unwrap();
    let mut lines = Lines::new(record, None, Duration::from_millis(5)).unwrap();
    let screen = Screen::default();
    let mut person = Person::new(screen.clone(), seed, 6000);
    let end = lines.play(&mut person, &mut screen.clone()).unwrap();
    let text = String::from_utf8(screen.0.borrow().clone()).expect("lines are text");
    (end, text, lines.record().clone())
}

/// What a seat's lines may never say about the others (H1, H2): which card another seat
/// discarded, had stolen from it by a third, or bought.
fn check_secrets(text: &str, me: &str) {
    for line in text.lines() {
        let line = line.trim_start_matches("> ");
        if let Some((who, _)) = line.split_once(" discards 1 ") {
            assert_eq!(who, me, "{line}");
        }
        if let Some((thief, rest)) = line.split_once(" steals 1 ") {
            let victim = rest.rsplit(" from ").next().unwrap().trim_end_matches('.');
            assert!(thief == me || victim == me, "{line}");
        }
        if let Some((who, _)) = line.split_once(" buys a development card: ") {
            assert_eq!(who, me, "{line}");
        }
    }
}

/// Nothing but printable text and line ends: no escape sequence, no colour, no cursor moves.
fn check_plain(text: &str) {
    assert!(!text.chars().any(|c| c.is_control() && c != '\n'), "a control character in the lines");
}

#[test]
fn whole_games_play_through_lines_base_and_five_six() {
    for (config, seed, me) in [
        (Config::default(), 7_000_000_007, 0),
        (Config::default(), 8_000_000_008, 2),
        (Config::with_players(6), 9_000_000_009, 4),
    ] {
        let (end, text, record) = play(config, seed, me);
        assert_eq!(end, End::Over, "the game ended (seed {seed}):\n{}", tail(&text));
        assert!(record.game().is_over());
        check_plain(&text);
        check_secrets(&text, record.names()[me].as_str());
        assert!(text.contains("Game over."), "{}", tail(&text));
        assert!(text.contains(&format!("Seed {seed}")), "the seed is told at the end (H7)");
        let before_end = &text[..text.find("Game over.").unwrap()];
        assert!(!before_end.contains(&seed.to_string()), "no seed during play (H7)");
        record.verify().unwrap();
    }
}

#[test]
fn sea_and_war_games_play_through_lines() {
    let sea = Config::on_map(MapId::Archipelago).with_modules(Modules::SEA);
    let war = Config { players: 3, ..Config::on_map(MapId::Archipelago) }.with_modules(Modules::WAR);
    for (config, seed) in [(sea, 3), (war, 4)] {
        let (end, text, record) = play(config, seed, 1);
        assert_eq!(end, End::Over, "the game ended:\n{}", tail(&text));
        check_plain(&text);
        check_secrets(&text, "Bob");
        let units = record.actions().iter().filter(|a| a.is_unit()).count();
        assert!(units > 0, "units were built and moved");
    }
}

fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

/// `catan --lines` through pipes: the intro, a menu, answers to questions, and the game saved
/// when the input closes; two people are sent to the full screen.
#[test]
fn catan_lines_through_pipes() {
    let data = std::env::temp_dir().join(format!("catan-lines-{}", std::process::id()));
    std::fs::create_dir_all(&data).unwrap();
    let run = |args: &[&str], input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_catan"))
            .args(args)
            .env("CATAN_DATA_DIR", &data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    let out = run(&["--lines", "--players", "Ann,bot,bot", "--bot-time", "5ms"], "board\nhand\n1\n1\nplayers\n");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    check_plain(&text);
    assert!(text.starts_with("Catan. You are Ann, seat 1 of 3"), "{text}");
    assert!(text.contains("Row 1: hex 1, "), "{text}");
    assert!(text.contains("You hold nothing."), "{text}");
    assert!(text.contains("Ann builds a settlement at "), "{text}");
    assert!(text.contains("Input closed. The game is saved"), "{text}");
    // Played on from the autosave, with the settlement placed.
    let out = run(&["--lines", "--continue"], "players\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Set-up: place a road beside it."), "{text}");
    // A program seat that fails is named, and its seat played on (docs/protocol.md).
    #[cfg(unix)]
    {
        // Whoever places first, four answers place Ann's settlement and road and reach Bert's turn.
        let program = "Ann,prog:sh -c 'read x; exit 3'";
        let out = run(&["--lines", "--players", program, "--bot-time", "50ms"], "1\n1\n1\n1\n1\n1\n");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("against Bert (program sh)"), "{text}");
        assert!(text.contains("Bert's program sh was stopped: "), "{text}");
        assert!(text.contains("Bert builds a settlement"), "the seat plays on: {text}");
    }
    let out = run(&["--lines", "--players", "Ann,Bob"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("one person per terminal"), "{out:?}");
    let _ = std::fs::remove_dir_all(&data);
}
