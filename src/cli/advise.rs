//! `catan advise FILE [--step N] [--json] [--story]`: the advice for the player to act in a
//! save (or after its first N actions: any moment of a game, finished or not, can be studied
//! again), as the advice key ranks it ([`catan::bots::advice`]), or the game's story so far.

use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use catan::bots::advice::{self, Advice, story};
use catan::engine::Action;
use catan::save;
use catan::text::{escape, print_report};

use super::args::AdviseArgs;

/// One move of `--json`'s list.
#[derive(Serialize)]
struct JsonMove {
    action: Action,
    /// The whole choice when it takes more than one action (a discard's set, an offer's steps).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    then: Vec<Action>,
    /// The estimated chance to win after the move, 0 to 1.
    chance: f64,
    /// Its change from the chance now.
    change: f64,
    reason: String,
    /// How many legal actions the move stands for.
    alike: usize,
    /// An offer to a player: the chance it is taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    taken: Option<f64>,
    /// Too close to the first move's chance to tell apart (the first itself: false).
    tie: bool,
}

/// The guard on `catan advise`'s search: far beyond what its worlds take, so all are played.
const STUDY_BUDGET: std::time::Duration = std::time::Duration::from_secs(60);

/// Runs `catan advise`.
pub fn run(args: AdviseArgs) -> ExitCode {
    let record = match save::commands::load_or_report(&args.file) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let names = record.names().to_vec();
    let steps = record.len();
    if let Some(n) = args.step.filter(|&n| n > steps) {
        eprintln!(
            "catan: {}: --step {n} is past the game's end: it has {steps} actions (0 to {steps})",
            shown(&args.file)
        );
        return ExitCode::FAILURE;
    }
    let step = args.step.unwrap_or(steps);
    if args.story {
        let s = story::story(&record.game_at(0), &record.actions()[..step], &names);
        return if args.json { print_json(&s) } else { print_report(&story_text(&s, &names)) };
    }
    let game = if step == steps { *record.game() } else { record.game_at(step) };
    if game.is_over() {
        let try_step = if steps > 0 { format!("--step {} or below, or --story", steps - 1) } else { "--story".into() };
        eprintln!("catan: {}: the game is over: nothing to advise (try {try_step})", shown(&args.file));
        return ExitCode::FAILURE;
    }
    let view = game.acting_view();
    // A study tool, not a moment at the table: every world is played out (no time budget), so
    // the answer is a function of the file, whatever the machine's load; the seats read as
    // the save's players (a bot at its level, a person as the model's medium player).
    let table = advice::chance::Table::of_levels(record.seats().iter().map(|s| s.kind.bot_level()));
    // The cards the seat saw each other seat receive and not spend, up to this step.
    let log = catan::save::Timeline::new(&record);
    let known = advice::known::known(view.seat(), game.config(), log.log_until(step));
    let settings = advice::Settings { budget: STUDY_BUDGET, table, known, ..advice::Settings::default() };
    let advice = advice::advise_with(&view, &names, settings);
    if args.json {
        let moves: Vec<JsonMove> = advice
            .moves
            .iter()
            .map(|m| JsonMove {
                action: m.action,
                then: m.then.clone(),
                chance: m.chance,
                change: m.change,
                reason: m.reason.clone(),
                alike: m.alike,
                taken: m.taken,
                tie: m.tie,
            })
            .collect();
        return print_json(&moves);
    }
    print_report(&text(&advice, &names, game.turn_number()))
}

/// The advice as text: who is to act, their chance now, then the moves best first.
pub fn text(advice: &Advice, names: &[String], turn: u32) -> String {
    let who = names.get(advice.seat.index()).map_or("?", String::as_str);
    let when = if turn == 0 { "set-up".to_string() } else { format!("turn {turn}") };
    // A seat far behind still has moves to weigh: below 10% the numbers get a decimal, below
    // 1% two.
    let top = advice.moves.iter().map(|m| m.chance).fold(advice.now, f64::max);
    let places = if top < 0.01 {
        2
    } else if top < 0.1 {
        1
    } else {
        0
    };
    let pct = |x: f64| format!("{:.*}%", places, x * 100.0);
    // Rounded first, so a change that rounds to nothing reads "+0", not "-0".
    let change = |x: f64| {
        let scale = 10f64.powi(places as i32);
        format!("{:+.*}", places, (x * 100.0 * scale).round() / scale + 0.0)
    };
    let mut out = format!("{} to act ({when}): chance to win now {}\n", escape(who), pct(advice.now));
    for (i, m) in advice.moves.iter().enumerate() {
        // Close numbers read as ties: the worlds can't tell them apart.
        let tie = if m.tie { ", a tie with 1" } else { "" };
        out.push_str(&format!("{}. {} ({}{tie}): {}\n", i + 1, pct(m.chance), change(m.change), escape(&m.reason)));
    }
    out.push_str(&format!(
        "(the chance to win: a model of public facts fitted to simulated games, after each move played out in {} dealt from what {} can see)\n",
        if advice.worlds == 1 { "1 world".to_string() } else { format!("{} worlds", advice.worlds) },
        escape(who)
    ));
    out
}

/// The story as text: the final chances and the three moments.
fn story_text(s: &story::Story, names: &[String]) -> String {
    let mut out = String::new();
    if let Some(last) = s.points.last() {
        let shares: Vec<String> =
            last.chances.iter().zip(names).map(|(c, n)| format!("{} {:.0}%", escape(n), c * 100.0)).collect();
        out.push_str(&format!("after turn {}: {}\n", last.turn, shares.join(", ")));
    }
    out.push_str("the moments that moved it most:\n");
    for m in &s.moments {
        out.push_str(&format!("- {}\n", escape(&m.words)));
    }
    out
}

fn print_json<T: Serialize>(value: &T) -> ExitCode {
    match serde_json::to_string_pretty(value) {
        Ok(s) => print_report(&format!("{s}\n")),
        Err(e) => {
            eprintln!("catan: {e}");
            ExitCode::FAILURE
        }
    }
}

fn shown(path: &Path) -> String {
    escape(&path.display().to_string()).into_owned()
}
