//! The coach's promise against what it reads once the move is played (issue 48): a seat plays
//! the advice's first move against three medium players; at each of its decisions the first
//! move's chance (the promise) is set beside the chance "now" the advice reads at the seat's
//! next decision, once the move is played (the same count: the playouts from there, the same
//! worlds' number and table). Prints the mean gap (read after - promised), its mean size, and
//! by kind of move.
//!
//! ```text
//! cargo run --profile release --example coach_gap -- [GAMES] [WORLDS]
//! ```

use std::collections::BTreeMap;
use std::time::Duration;

use catan::bots::advice::{Settings, advise_with};
use catan::bots::{self, BotLevel};
use catan::engine::{Action, Config, Game, Seat};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(4, |a| a.parse().expect("GAMES"));
    let worlds: u32 = args.next().map_or(32, |a| a.parse().expect("WORLDS"));
    let settings = Settings { worlds, budget: Duration::from_secs(600), ..Settings::default() };
    let me = Seat(0);
    let mut gaps: Vec<(String, f64)> = Vec::new();
    for g in 0..games {
        let mut game = Game::new(Config::default(), 48_000 + g).unwrap();
        let mut others: Vec<_> = (0..4).map(|s| bots::make(BotLevel::Medium, g * 4 + s)).collect();
        let mut promise: Option<(String, f64)> = None;
        while !game.is_over() && game.turn_number() < 200 {
            let seat = game.to_act();
            let view = game.view(seat);
            let action = if seat == me {
                let advice = advise_with(&view, &[], settings);
                if let Some((kind, p)) = promise.take() {
                    gaps.push((kind, advice.now - p));
                }
                match advice.moves.first() {
                    Some(m) if view.legal_actions().contains(&m.action) => {
                        promise = Some((kind_of(m.action), m.chance));
                        m.action
                    }
                    _ => others[0].choose(view),
                }
            } else {
                others[seat.index()].choose(view)
            };
            game.apply(action).unwrap();
        }
        eprintln!("game {g}: {} moments so far", gaps.len());
    }
    let n = gaps.len() as f64;
    let mean = gaps.iter().map(|g| g.1).sum::<f64>() / n;
    let size = gaps.iter().map(|g| g.1.abs()).sum::<f64>() / n;
    println!(
        "{} moments: read after - promised, mean {:+.2} points, mean size {:.2} points",
        gaps.len(),
        mean * 100.0,
        size * 100.0
    );
    let mut by: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for (k, x) in gaps {
        by.entry(k).or_default().push(x);
    }
    println!("| move | moments | mean gap | mean size |\n| --- | ---: | ---: | ---: |");
    for (k, xs) in by {
        let n = xs.len() as f64;
        println!(
            "| {k} | {} | {:+.2} | {:.2} |",
            xs.len(),
            xs.iter().sum::<f64>() / n * 100.0,
            xs.iter().map(|x| x.abs()).sum::<f64>() / n * 100.0
        );
    }
}

fn kind_of(a: Action) -> String {
    match serde_json::to_value(a).unwrap() {
        serde_json::Value::String(s) => s,
        serde_json::Value::Object(m) => m.keys().next().cloned().unwrap_or_default(),
        other => other.to_string(),
    }
}
