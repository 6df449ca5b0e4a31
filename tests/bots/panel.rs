//! The coach's panel (issue 48): positions of saved games with the moves a strong player would
//! accept and why (tests/fixtures/panel/panel.json, made by examples/coach_panel.rs), and the
//! coach's first move scored against them, each position studied as `catan advise SAVE --step
//! STEP` studies it (every world played, the save's seats, what the seat saw). The score and
//! each position's verdict print with `--nocapture`:
//!
//! ```text
//! cargo test --profile ci --test bots panel -- --nocapture
//! ```

use std::time::Duration;

use catan::bots::advice::chance::Table;
use catan::bots::advice::{Advice, Advised, Settings, advise_with, choice, known};
use catan::engine::{Action, Game, Hand, Resource};
use serde::Deserialize;

const DIR: &str = "tests/fixtures/panel";

/// The share of the panel the coach's first move must be acceptable in: the score measured,
/// so a change that loses a position fails here (issue 48 asks for 90%). Before issue 48's
/// changes to the coach: 30 of 41 (73%); after: 37 of 41 (90%). With the second batch (40
/// positions of table-like games, scored before the coach changed again): 70 of 81 (86.4%)
/// before, 76 of 81 (93.8%) after.
const FLOOR: f64 = 0.90;

#[derive(Deserialize)]
struct Panel {
    positions: Vec<Position>,
}

#[derive(Deserialize)]
struct Position {
    name: String,
    save: String,
    step: usize,
    /// Any of these is acceptable (none listed: anything not in `except`).
    accept: Vec<Accept>,
    #[serde(default)]
    except: Vec<Accept>,
    why: String,
    /// A check on the number: "no_change" (a forced move reads +0), "below_certain" (no 100%
    /// unless the move wins at once).
    #[serde(default)]
    honest: Option<String>,
}

/// A move a strong player would accept.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Accept {
    /// This action first.
    Action(Action),
    /// Any action of this kind (its name in a save: "build_city").
    Any(String),
    /// A 7's discard whose cards left pay for this.
    Keeps(Hand),
    /// A 7's discard whose cards left lack at most one card of this.
    KeepsNear(Hand),
}

fn kind_of(a: &Action) -> String {
    match serde_json::to_value(a).unwrap() {
        serde_json::Value::String(s) => s,
        serde_json::Value::Object(m) => m.keys().next().cloned().unwrap_or_default(),
        other => other.to_string(),
    }
}

fn matches(accept: &Accept, m: &Advised, game: &Game) -> bool {
    match accept {
        Accept::Action(a) => m.action == *a,
        Accept::Any(kind) => kind_of(&m.action) == *kind,
        Accept::Keeps(cost) | Accept::KeepsNear(cost) => {
            let set = if m.then.is_empty() { vec![m.action] } else { m.then.clone() };
            if !set.iter().all(|a| matches!(a, Action::Discard(_))) {
                return false;
            }
            let mut kept = game.acting_view().hand();
            kept.sub(&choice::cards_of(&set));
            let short: u32 = Resource::ALL.iter().map(|&r| u32::from(cost[r].saturating_sub(kept[r]))).sum();
            short <= u32::from(matches!(accept, Accept::KeepsNear(_)))
        }
    }
}

/// The advice at a step of a save, as `catan advise SAVE --step STEP` gives it.
fn study(save: &str, step: usize) -> (Game, Advice, Vec<String>) {
    let bytes = std::fs::read(format!("{DIR}/{save}")).unwrap();
    let record = catan::save::from_json(&bytes).unwrap();
    let game = record.game_at(step);
    let view = game.acting_view();
    let table = Table::of_levels(record.seats().iter().map(|s| s.kind.bot_level()));
    let log = catan::save::Timeline::new(&record);
    let known = known::known(view.seat(), game.config(), log.log_until(step));
    let settings = Settings { budget: Duration::from_secs(60), table, known, ..Settings::default() };
    let advice = advise_with(&view, record.names(), settings);
    (game, advice, record.names().to_vec())
}

/// Whether the first move is acceptable, and why not.
fn verdict(p: &Position, game: &Game, advice: &Advice) -> Result<(), String> {
    let Some(m) = advice.moves.first() else { return Err("no move advised".into()) };
    if p.except.iter().any(|a| matches(a, m, game)) {
        return Err("a move the panel refuses".into());
    }
    if !p.accept.is_empty() && !p.accept.iter().any(|a| matches(a, m, game)) {
        return Err("not among the moves accepted".into());
    }
    match p.honest.as_deref() {
        Some("no_change") if m.change.abs() >= 0.005 => {
            return Err(format!("a forced move reads {:+.1}", m.change * 100.0));
        }
        // 99.5% shows as 100%.
        Some("below_certain") if m.chance >= 0.995 => {
            let mut after = *game;
            let wins = after.apply(m.action).is_ok() && after.winner() == Some(advice.seat);
            if !wins || after.winners().iter().count() > 1 || matches!(m.action, Action::RollDice | Action::BuyDevCard)
            {
                return Err("100% for a move that doesn't win at once".into());
            }
        }
        _ => {}
    }
    Ok(())
}

/// The panel's batches: the first 41 positions, and 40 of table-like games added later (each
/// written before the coach changes it scored).
const BATCHES: [&str; 2] = ["panel.json", "panel-table.json"];

#[test]
fn the_coachs_first_move_is_acceptable_to_a_strong_player() {
    let (mut good, mut all) = (0, 0);
    let mut first_batch = 0.0;
    let mut report = String::new();
    for batch in BATCHES {
        let panel: Panel = serde_json::from_slice(&std::fs::read(format!("{DIR}/{batch}")).unwrap()).unwrap();
        let mut batch_good = 0;
        for p in &panel.positions {
            let (game, advice, _) = study(&p.save, p.step);
            let v = verdict(p, &game, &advice);
            batch_good += usize::from(v.is_ok());
            let first = advice
                .moves
                .first()
                .map_or(String::new(), |m| format!("{:.1}% ({:+.1}) {}", m.chance * 100.0, m.change * 100.0, m.reason));
            report.push_str(&format!(
                "{} {:<28} {} --step {}: {}\n    first: {first}\n    why: {}\n",
                if v.is_ok() { "ok " } else { "BAD" },
                p.name,
                p.save,
                p.step,
                v.err().unwrap_or_default(),
                p.why
            ));
        }
        report.push_str(&format!("{batch}: {batch_good} of {} acceptable\n", panel.positions.len()));
        if batch == BATCHES[0] {
            first_batch = batch_good as f64 / panel.positions.len() as f64;
        }
        good += batch_good;
        all += panel.positions.len();
    }
    assert!(all >= 80, "{all} positions");
    let score = good as f64 / all as f64;
    eprintln!("{report}panel: {good} of {all} acceptable ({:.1}%)", score * 100.0);
    // The second batch as written, before the coach changed: 33 of 40 (all 81: 70); after: 38
    // of 40 (all: 76).
    assert!(score >= FLOOR && first_batch >= FLOOR, "{good} of {all}: below the floor {FLOOR}");
}
