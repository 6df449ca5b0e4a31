//! How the chance model's weights ([`super::model::WEIGHTS`]) are fitted and measured: the
//! machinery behind `cargo run --release --example fit_advice` (docs/advice-model.md has the
//! command, the seeds and the last run's tables).
//!
//! The games: between easy and medium players ([`mixed`], each seat's level drawn from the
//! game's seed) of 3, 4, 5 and 6 players, under the base rules, with knight units (R52), with
//! the whole war family and on the archipelago with the sea modules, to targets of 8, 10 and 12
//! ([`table`]); and the games `catan arena --save-dir` wrote of the stronger players (hard, and
//! the advice's own play as `expert`) against medium and hard ones ([`from_record`]). Each
//! turn's start is a [`Moment`]: every seat's public terms and who plays it. The weights are
//! fitted by Newton's method on the conditional logit's likelihood ([`fit`]) on the games of
//! even seed, and measured on the odd ones ([`report`]): calibration by bucket, log loss and
//! Brier score against even chances, for every seat and for the seat whose turn starts.

use std::fmt::Write as _;

use super::chance::{self, FEATURES, Player, Table, Terms, features, softmax};
use crate::bots::random::SplitMix64;
use crate::bots::{self, BotLevel};
use crate::engine::{Action, Config, DevCard, Game, MapId, Module, Modules, PlayerView, Seat};

/// The weights before issue 41's refit (no term for who plays a seat, no floor): the "before"
/// of the report.
pub const BEFORE: Terms = Terms {
    near: -0.1746,
    beyond: 0.3215,
    pips: -0.1833,
    kinds: 3.1686,
    kept: 0.9279,
    dev_cards: 1.9066,
    army: 1.1559,
    road: 2.2623,
    harbors: -0.031,
    paying: 0.3051,
    ships: 1.0986,
    crowd: 0.034,
    easy: 0.0,
    hard: 0.0,
    expert: 0.0,
    easy_late: 0.0,
    hard_late: 0.0,
    expert_late: 0.0,
};

/// One turn's start: every seat's terms, the seat whose turn it is, and who won.
#[derive(Clone, Debug)]
pub struct Moment {
    /// Every seat's terms from public facts (the story's reading).
    pub public: Vec<[f64; FEATURES]>,
    /// The terms of the seat whose turn starts, its own hidden victory points counted (the
    /// advice's reading for that seat).
    pub own: [f64; FEATURES],
    /// The seat whose turn starts.
    pub mover: usize,
    /// The seats that won (several when a win is shared, R57).
    pub winners: Vec<usize>,
    /// The game's group, for the report ("4 base", "expert vs 3 medium").
    pub group: String,
    /// The game's seed: even seeds fit, odd ones test.
    pub seed: u64,
    /// Who played each seat.
    pub players: Vec<Player>,
    /// From a saved (arena) game, not a mixed one.
    pub saved: bool,
}

/// The rules of mixed game `seed`: 3 to 6 players, the rules' family, the target; and its
/// group's name.
pub fn table(seed: u64) -> (Config, &'static str) {
    // Drawn from the seed's hash, so the even (fit) and odd (held-out) games cover all.
    let mut draw = SplitMix64::new(seed ^ 0x7AB1E);
    let players = 3 + draw.below(4) as u8;
    let family = draw.below(4);
    let mut config = match family {
        1 => Config::with_players(players).with_modules(Modules::NONE.with(Module::Knights)),
        2 => Config::with_players(players).with_modules(Modules::WAR),
        3 if players <= 4 => {
            let map = MapId::Archipelago;
            Config { players, ..Config::on_map(map) }.with_modules(Modules::SEA.on_map(map))
        }
        3 => Config::with_players(players).with_modules(Modules::SEA.on_map(MapId::FiveSix)),
        _ => Config::with_players(players),
    };
    config.target = [10, 10, 8, 12][draw.below(4)];
    const NAMES: [[&str; 4]; 4] = [
        ["3 base", "3 knights", "3 war", "3 sea"],
        ["4 base", "4 knights", "4 war", "4 sea"],
        ["5 base", "5 knights", "5 war", "5 sea"],
        ["6 base", "6 knights", "6 war", "6 sea"],
    ];
    (config, NAMES[usize::from(players - 3)][family])
}

/// The moments of a finished game played by `players` from `start` through `actions`; none if
/// it never ended.
fn moments_of(
    start: Game,
    actions: &[crate::engine::Action],
    players: &[Player],
    group: &str,
    seed: u64,
) -> Vec<Moment> {
    let mut game = start;
    let mut out = Vec::new();
    let mut turn = game.turn_number();
    for &a in actions {
        if game.apply(a).is_err() {
            return Vec::new();
        }
        if game.turn_number() != turn && !game.is_over() {
            turn = game.turn_number();
            out.push(moment(&game, players, group, seed));
        }
    }
    let winners: Vec<usize> = game.seats().filter(|&s| game.winners().contains(s)).map(Seat::index).collect();
    if winners.is_empty() {
        return Vec::new();
    }
    out.into_iter().map(|m| Moment { winners: winners.clone(), ..m }).collect()
}

/// The moment at the start of `game`'s turn (its winners filled in later).
fn moment(game: &Game, players: &[Player], group: &str, seed: u64) -> Moment {
    let v = game.view(Seat(0));
    let public = v.seats().map(|s| features(&v, s, v.player(s).points, players[s.index()]).to_array()).collect();
    let mover = game.current_player();
    let mv = game.view(mover);
    let pts = mv.player(mover).points.saturating_add(mv.dev_cards()[DevCard::VictoryPoint]);
    let own = features(&mv, mover, pts, players[mover.index()]).to_array();
    let players = players.to_vec();
    Moment {
        public,
        own,
        mover: mover.index(),
        winners: Vec::new(),
        group: group.to_string(),
        seed,
        players,
        saved: false,
    }
}

/// Plays mixed game `seed` between easy and medium players; its moments.
pub fn mixed(seed: u64) -> Vec<Moment> {
    let (config, group) = table(seed);
    let Ok(start) = Game::new(config, seed) else { return Vec::new() };
    let mut levels = SplitMix64::new(seed ^ 0x36F1);
    let kinds: Vec<BotLevel> = (0..config.players)
        .map(|_| if levels.next_u64() & 1 == 1 { BotLevel::Medium } else { BotLevel::Easy })
        .collect();
    let mut bots: Vec<_> = kinds.iter().zip(0..).map(|(&l, s)| bots::make(l, seed * 7 + s)).collect();
    let mut game = start;
    let mut actions = Vec::new();
    while !game.is_over() && actions.len() < 20_000 {
        let view = game.acting_view();
        let a = bots[view.seat().index()].choose(view);
        game.apply(a).unwrap();
        actions.push(a);
    }
    let players: Vec<Player> = kinds.into_iter().map(Player::Bot).collect();
    moments_of(start, &actions, &players, group, seed)
}

/// A saved game as the fit reads it (the caller reads the file: the bots don't depend on the
/// save format): where it started, its actions, each seat's level (`None`: a person), its seed.
pub struct Saved<'a> {
    pub start: Game,
    pub actions: &'a [Action],
    pub levels: Vec<Option<BotLevel>>,
    pub seed: u64,
}

/// The moments of a saved game (an arena's: its seats' kinds say who played them), grouped by
/// its line-up as seen from seat 0's entrant ("expert vs 3 medium" when the line-up is one
/// player against three of another level).
pub fn from_record(record: &Saved<'_>) -> Vec<Moment> {
    let players: Vec<Player> = record.levels.iter().map(|l| l.map_or(Player::Unknown, Player::Bot)).collect();
    let group = lineup_name(&players);
    let mut moments = moments_of(record.start, record.actions, &players, &group, record.seed);
    moments.iter_mut().for_each(|m| m.saved = true);
    moments
}

/// "expert vs 3 medium", "4 hard": a line-up's name.
fn lineup_name(players: &[Player]) -> String {
    let name = |p: &Player| match p {
        Player::Bot(l) => l.name().to_string(),
        Player::Coached => "coached".to_string(),
        Player::Unknown => "person".to_string(),
    };
    let mut names: Vec<String> = players.iter().map(name).collect();
    names.sort();
    let mut counts: Vec<(String, usize)> = Vec::new();
    for n in names {
        match counts.iter_mut().find(|c| c.0 == n) {
            Some(c) => c.1 += 1,
            None => counts.push((n, 1)),
        }
    }
    counts.sort_by_key(|c| c.1);
    match counts.as_slice() {
        [(one, 1), (many, k)] => format!("{one} vs {k} {many}"),
        [(all, k)] => format!("{k} {all}"),
        _ => counts.iter().map(|(n, k)| format!("{k} {n}")).collect::<Vec<_>>().join(", "),
    }
}

/// The weights that maximise the conditional logit's likelihood of `data` (the first winner of
/// each moment against the other seats), by Newton's method with a small ridge.
#[allow(clippy::needless_range_loop)] // the gradient and Hessian read best by index
pub fn fit(data: &[Moment]) -> Terms {
    let mut w = [0.0; FEATURES];
    for _ in 0..25 {
        let mut g = [0.0; FEATURES];
        let mut h = [[0.0; FEATURES]; FEATURES];
        for m in data {
            let p = softmax(&m.public.iter().map(|f| dot(f, &w)).collect::<Vec<_>>());
            let mut mean = [0.0; FEATURES];
            for (f, pi) in m.public.iter().zip(&p) {
                for k in 0..FEATURES {
                    mean[k] += pi * f[k];
                }
            }
            for k in 0..FEATURES {
                g[k] += m.public[m.winners[0]][k] - mean[k];
            }
            for (f, pi) in m.public.iter().zip(&p) {
                for a in 0..FEATURES {
                    for b in 0..FEATURES {
                        h[a][b] += pi * (f[a] - mean[a]) * (f[b] - mean[b]);
                    }
                }
            }
        }
        for k in 0..FEATURES {
            g[k] -= 1e-3 * w[k];
            h[k][k] += 1e-3;
        }
        let step = solve(h, g);
        for k in 0..FEATURES {
            w[k] += step[k];
        }
    }
    Terms::from_array(w)
}

fn dot(f: &[f64; FEATURES], w: &[f64; FEATURES]) -> f64 {
    f.iter().zip(w).map(|(a, b)| a * b).sum()
}

/// Solves `h x = g` by Gaussian elimination with partial pivoting.
#[allow(clippy::needless_range_loop)] // a matrix's rows and columns read best by index
fn solve(mut h: [[f64; FEATURES]; FEATURES], mut g: [f64; FEATURES]) -> [f64; FEATURES] {
    for c in 0..FEATURES {
        let p = (c..FEATURES).max_by(|&a, &b| h[a][c].abs().total_cmp(&h[b][c].abs())).unwrap();
        h.swap(c, p);
        g.swap(c, p);
        if h[c][c].abs() < 1e-12 {
            continue;
        }
        for r in c + 1..FEATURES {
            let f = h[r][c] / h[c][c];
            for k in c..FEATURES {
                h[r][k] -= f * h[c][k];
            }
            g[r] -= f * g[c];
        }
    }
    let mut x = [0.0; FEATURES];
    for c in (0..FEATURES).rev() {
        if h[c][c].abs() < 1e-12 {
            continue;
        }
        let s: f64 = (c + 1..FEATURES).map(|k| h[c][k] * x[k]).sum();
        x[c] = (g[c] - s) / h[c][c];
    }
    x
}

/// How a model reads a moment: its weights, and whether its chances are kept off 0 and 1
/// ([`chance::FLOOR`], the model after issue 41) or not (before).
#[derive(Clone, Copy, Debug)]
pub struct Model<'a> {
    pub weights: &'a Terms,
    pub floor: bool,
    /// Whether it knows who plays each seat (else every seat reads as [`Player::Unknown`]).
    pub players: bool,
}

impl Model<'_> {
    /// Every seat's chance at moment `m`; `own` puts the mover's own-view terms in its place
    /// (the advice's reading for the seat whose turn it is).
    pub fn chances(&self, m: &Moment, own: bool) -> Vec<f64> {
        let w = self.weights.to_array();
        let strip = |f: &[f64; FEATURES]| {
            let mut t = Terms::from_array(*f);
            if !self.players {
                (t.easy, t.hard, t.expert, t.easy_late, t.hard_late, t.expert_late) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
            }
            t.to_array()
        };
        let scores: Vec<f64> = m
            .public
            .iter()
            .enumerate()
            .map(|(i, f)| dot(&strip(if own && i == m.mover { &m.own } else { f }), &w))
            .collect();
        let n = scores.len() as f64;
        softmax(&scores)
            .into_iter()
            .map(|p| if self.floor { chance::FLOOR + (1.0 - n * chance::FLOOR) * p } else { p })
            .collect()
    }
}

/// The win share of seat `i` at moment `m` (a shared win shared equally).
fn won(m: &Moment, i: usize) -> f64 {
    if m.winners.contains(&i) { 1.0 / m.winners.len() as f64 } else { 0.0 }
}

/// A table of calibration by tenth: each (chance, outcome) pair's bucket, mean chance, wins.
pub fn calibration(pairs: &[(f64, f64)]) -> String {
    let mut buckets = [(0u64, 0.0f64, 0.0f64); 10];
    for &(p, y) in pairs {
        let b = ((p * 10.0) as usize).min(9);
        buckets[b].0 += 1;
        buckets[b].1 += p;
        buckets[b].2 += y;
    }
    let mut out = String::from("| chance | moments | mean chance | won |\n| --- | ---: | ---: | ---: |\n");
    for (b, (count, sum, wins)) in buckets.iter().enumerate() {
        if *count > 0 {
            let c = *count as f64;
            let _ = writeln!(
                out,
                "| {}-{}% | {count} | {:.1}% | {:.1}% |",
                b * 10,
                b * 10 + 10,
                100.0 * sum / c,
                100.0 * wins / c
            );
        }
    }
    out
}

/// The mean Brier score of `pairs` ((chance - outcome) squared) and of the constant 1/n.
pub fn brier(pairs: &[(f64, f64, f64)]) -> (f64, f64) {
    let n = pairs.len().max(1) as f64;
    let model = pairs.iter().map(|(p, y, _)| (p - y) * (p - y)).sum::<f64>() / n;
    let even = pairs.iter().map(|(_, y, e)| (e - y) * (e - y)).sum::<f64>() / n;
    (model, even)
}

/// The mover's chance at its turn's start against its win, with the even chance: over
/// `data`, by `model`, as the advice reads it (`own`: its hidden points counted) or the
/// story (public).
pub fn mover_pairs(data: &[Moment], model: Model<'_>, own: bool) -> Vec<(f64, f64, f64)> {
    data.iter().map(|m| (model.chances(m, own)[m.mover], won(m, m.mover), 1.0 / m.public.len() as f64)).collect()
}

/// The report of `model` on held-out `data`: for the seat whose turn starts, calibration by
/// bucket, Brier score against 1/n and mean log loss, as the advice reads it and as the story
/// does; then by group, the mean chance of each kind of player at its turns against how often
/// it won, and the log loss over every seat against even chances.
pub fn report(data: &[Moment], model: Model<'_>) -> String {
    let mut out = String::new();
    for (name, own) in [("advice (own hidden points counted)", true), ("story (public)", false)] {
        let pairs = mover_pairs(data, model, own);
        let (b, even) = brier(&pairs);
        let _ = writeln!(out, "{name}: the seat's chance at the start of each of its turns, {} moments", pairs.len());
        let _ = writeln!(out, "Brier {b:.4} against {even:.4} for 1/n\n");
        out += &calibration(&pairs.iter().map(|&(p, y, _)| (p, y)).collect::<Vec<_>>());
        out += "\n";
    }
    let mut groups: Vec<&str> = data.iter().map(|m| m.group.as_str()).collect();
    groups.sort();
    groups.dedup();
    out += "| group | moments | log loss | even | player | its mean chance at its turns | its wins | Brier at its turns | 1/n's |\n";
    out += "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n";
    for g in groups {
        let of: Vec<&Moment> = data.iter().filter(|m| m.group == g).collect();
        let (mut loss, mut even) = (0.0, 0.0);
        for m in &of {
            let p = model.chances(m, false);
            loss -= m.winners.iter().map(|&w| p[w]).sum::<f64>().max(1e-12).ln();
            even += (m.public.len() as f64).ln();
        }
        let n = of.len() as f64;
        // Each kind of player: its chance at its own turns, and its share of the wins.
        let mut kinds: Vec<Player> = of.iter().flat_map(|m| m.players.clone()).collect();
        kinds.dedup();
        let mut seen = Vec::new();
        for k in kinds {
            if seen.contains(&k) {
                continue;
            }
            seen.push(k);
            let at: Vec<&&Moment> = of.iter().filter(|m| m.players[m.mover] == k).collect();
            let c = at.iter().map(|m| model.chances(m, true)[m.mover]).sum::<f64>() / at.len().max(1) as f64;
            let y = at.iter().map(|m| won(m, m.mover)).sum::<f64>() / at.len().max(1) as f64;
            let owned: Vec<Moment> = at.iter().map(|m| (**m).clone()).collect();
            let (b, even_b) = brier(&mover_pairs(&owned, model, true));
            let who = match k {
                Player::Bot(l) => l.name().to_string(),
                _ => "person".to_string(),
            };
            let _ = writeln!(
                out,
                "| {g} | {n} | {:.3} | {:.3} | {who} | {:.1}% | {:.1}% | {b:.4} | {even_b:.4} |",
                loss / n,
                even / n,
                100.0 * c,
                100.0 * y
            );
        }
    }
    out
}

/// The features' fingerprint: every seat's terms summed over every turn start of six short
/// games between random players (the families of [`table`]: base, knight units, war, sea; 3 to 6
/// players), the seats read as each level in turn. The fit writes it beside the weights
/// ([`super::model::FINGERPRINT`]); a test fails when the features no longer give it, so a
/// change to a feature can't leave weights fitted to the old one.
pub fn fingerprint() -> [f64; FEATURES] {
    let levels = [Player::Unknown, Player::Bot(BotLevel::Easy), Player::Bot(BotLevel::Hard), Player::Coached];
    let mut sum = [0.0; FEATURES];
    for seed in 36_000..36_006u64 {
        let (config, _) = table(seed);
        let Ok(mut game) = Game::new(config, seed) else { continue };
        let mut bots: Vec<_> = (0..u64::from(config.players)).map(|s| bots::make(BotLevel::Random, seed + s)).collect();
        let mut turn = game.turn_number();
        for _ in 0..1500 {
            if game.is_over() {
                break;
            }
            let view = game.acting_view();
            let a = bots[view.seat().index()].choose(view);
            game.apply(a).expect("a bot plays legal actions");
            if game.turn_number() != turn {
                turn = game.turn_number();
                let v = game.view(Seat(0));
                for s in v.seats() {
                    let f = features(&v, s, v.player(s).points, levels[(s.index() + turn as usize) % 4]);
                    for (x, y) in sum.iter_mut().zip(f.to_array()) {
                        *x += y;
                    }
                }
            }
        }
    }
    sum
}

/// The generated model file for `w`: `header` says how it was made.
pub fn model_file(w: &Terms, header: &str) -> String {
    let mut out = String::from(
        "//! The chance model's fitted weights ([`super::chance::Terms`]), one per named term. Written by\n\
         //! `cargo run --release --example fit_advice` (docs/advice-model.md says how, from which\n\
         //! seeds, and how well they are calibrated): refit rather than edit by hand.\n\n\
         use super::chance::Terms;\n\n",
    );
    let _ = writeln!(out, "/// {header}");
    out += "pub const WEIGHTS: Terms = Terms {\n";
    for (name, x) in Terms::NAMES.iter().zip(w.to_array()) {
        let _ = writeln!(out, "    {name}: {x:.4},");
    }
    out += "};\n\n";
    out += "/// The features' fingerprint when the weights were fitted ([`super::fit::fingerprint`]): a test\n";
    out += "/// fails when the features change and the weights are not fitted again.\n";
    out += "pub const FINGERPRINT: [f64; super::chance::FEATURES] = [\n";
    for x in fingerprint() {
        let _ = writeln!(out, "    {x:.6},");
    }
    out += "];\n";
    out
}

/// Who plays each seat of a record, as the model reads it.
pub fn table_of(record: &Saved<'_>) -> Table {
    Table::of_levels(record.levels.iter().copied())
}

/// The advice's own chance ([`super::advise`]'s `now`, its playouts and the model of
/// `model`) for the seat whose turn starts, at every `every`-th turn start of `record`, with
/// the record's players known or not (as `model` says); the seat's win; 1/n; and who played the
/// seat. The costly part of the report.
pub fn advice_pairs(record: &Saved<'_>, every: usize, model: Model<'static>) -> Vec<(f64, f64, f64, Player)> {
    let table = if model.players { table_of(record) } else { Table::default() };
    let floor = if model.floor { chance::FLOOR } else { 0.0 };
    let table = Table { weights: model.weights, floor, ..table };
    let mut game = record.start;
    let mut turn = game.turn_number();
    let mut at = Vec::new();
    for &a in record.actions {
        game.apply(a).expect("a record's actions are legal");
        if game.turn_number() != turn && !game.is_over() {
            turn = game.turn_number();
            at.push(game);
        }
    }
    if !game.is_over() {
        return Vec::new();
    }
    let n = game.num_players() as f64;
    at.iter()
        .step_by(every.max(1))
        .map(|g| {
            let me = g.to_act();
            let view: PlayerView<'_> = g.view(me);
            let settings = super::Settings { table, ..super::Settings::default() };
            let now = super::advise_with(&view, &[], settings).now;
            let y = if game.winners().contains(me) { 1.0 / game.winners().iter().count() as f64 } else { 0.0 };
            (now, y, 1.0 / n, table_of(record).player(me))
        })
        .collect()
}

/// The time of one [`super::advise`] at every set-up decision and every 5th decision after
/// it, and of [`super::quick`] at every 3rd decision, of eight games between medium players:
/// the first four of four players under the base rules, the next four of [`table`]'s mixes (3
/// to 6 players, house rules). Median, 90th percentile and max of each, and how often the tip
/// names the advice's first move.
pub fn speed() -> String {
    use std::time::Instant;
    let (mut full, mut quick) = (Vec::new(), Vec::new());
    let (mut both, mut agree) = (0, 0);
    for seed in 0..8u64 {
        let config = if seed < 4 { Config::default() } else { table(36_000 + seed).0 };
        let Ok(mut game) = Game::new(config, 900 + seed) else { continue };
        let mut players: Vec<_> =
            (0..u64::from(config.players)).map(|s| bots::make(BotLevel::Medium, seed * 6 + s)).collect();
        let mut step = 0;
        while !game.is_over() && step < 5000 {
            let view = game.acting_view();
            let mut first = None;
            if step % 5 == 0 || matches!(game.phase(), crate::engine::Phase::Setup { .. }) {
                let t = Instant::now();
                let advice = super::advise(&view, &[]);
                full.push(t.elapsed().as_secs_f64() * 1000.0);
                first = advice.moves.first().map(|m| m.action);
            }
            if step % 3 == 0 {
                let t = Instant::now();
                let tip = super::quick(&view, &[]);
                quick.push(t.elapsed().as_secs_f64() * 1000.0);
                if first.is_some() {
                    both += 1;
                    agree += usize::from(tip.as_ref().map(|m| m.action) == first);
                }
            }
            let action = players[view.seat().index()].choose(view);
            game.apply(action).expect("a bot plays legal actions");
            step += 1;
        }
    }
    let mut out = format!("the tip is the advice's first move at {agree} of {both} moments where both answered\n");
    for (name, mut times) in [("advice", full), ("quick tip", quick)] {
        times.sort_by(f64::total_cmp);
        let _ = writeln!(
            out,
            "{name} over {} moments: median {:.1} ms, 90th percentile {:.1} ms, max {:.1} ms",
            times.len(),
            times[times.len() / 2],
            times[times.len() * 9 / 10],
            times[times.len() - 1]
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 48: the weights are generated data; when a feature changes and they are not
    /// fitted again (`cargo run --release --example fit_advice -- ... --write`), this fails.
    #[test]
    fn the_weights_were_fitted_on_the_features_as_they_are() {
        let now = fingerprint();
        for ((name, a), b) in Terms::NAMES.iter().zip(now).zip(super::super::model::FINGERPRINT) {
            assert!(
                (a - b).abs() <= 1e-6 * b.abs().max(1.0),
                "the feature `{name}` reads {a:.6} where the weights were fitted on {b:.6}: refit (docs/advice-model.md)"
            );
        }
    }
}
