//! How [`super::chance::WEIGHTS`] were fitted, how well they are calibrated, and how fast the
//! advice is: an ignored test, run by hand in a release build (it takes minutes, so it stays
//! out of CI):
//!
//! ```text
//! cargo test --release --lib bots::advice::fit -- --ignored --nocapture
//! ```
//!
//! It plays games between easy and medium players (each seat's level drawn from the game's
//! seed) of 3, 4, 5 and 6 players, under the base rules, with knight units (R52), with the
//! whole war family (`war`: knights, ships, attacks, phases) and on the archipelago with the
//! sea modules (`sea`), to targets of 8, 10 and 12 ([`table`]); records every seat's public
//! features ([`super::chance::features`]) at the start of every turn, and fits the weights by
//! Newton's method on the conditional logit's likelihood (the winner against the other seats
//! of the same moment), on the even-numbered games; it then measures on the odd-numbered ones
//! (never seen by the fit), overall and by player count and rules, the mean log loss against
//! even chances and how often a seat given a chance in each tenth of `0..1` went on to win. The
//! output of the last run is copied into the [module documentation](super) and the weights
//! into [`super::chance::WEIGHTS`]. Last, it times [`super::advise`] and [`super::quick`] at
//! set-up and every 5th decision of a few games.

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use crate::bots::advice::chance::{FEATURE_NAMES, FEATURES, WEIGHTS, features, score, softmax};
    use crate::bots::random::SplitMix64;
    use crate::bots::{self, BotLevel};
    use crate::engine::{Config, Game, MapId, Module, Modules, Seat};

    /// One moment: every seat's features, the seat that went on to win, and its game's group
    /// (players, rules).
    struct Moment {
        seats: Vec<[f64; FEATURES]>,
        winner: usize,
        group: &'static str,
    }

    /// The rules of game `seed`: 3 to 6 players, the rules' family, the target; and its
    /// group's name.
    pub(super) fn table(seed: u64) -> (Config, &'static str) {
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

    /// Plays game `seed` between easy and medium players; its moments at each turn's start.
    fn play(seed: u64) -> Vec<Moment> {
        let (config, group) = table(seed);
        let Ok(mut game) = Game::new(config, seed) else {
            println!("game {seed}: {group} refused");
            return Vec::new();
        };
        let mut levels = SplitMix64::new(seed ^ 0x36F1);
        let mut players: Vec<_> = (0..u64::from(config.players))
            .map(|s| {
                let level = if levels.next_u64() & 1 == 1 { BotLevel::Medium } else { BotLevel::Easy };
                bots::make(level, seed * 7 + s)
            })
            .collect();
        let mut moments = Vec::new();
        let mut turn = game.turn_number();
        let mut steps = 0;
        while !game.is_over() && steps < 20_000 {
            let view = game.acting_view();
            let action = players[view.seat().index()].choose(view);
            game.apply(action).unwrap();
            steps += 1;
            if game.turn_number() != turn && !game.is_over() {
                turn = game.turn_number();
                let v = game.view(Seat(0));
                moments.push(v.seats().map(|s| features(&v, s, v.player(s).points)).collect());
            }
        }
        let Some(w) = game.winner() else { return Vec::new() };
        moments.into_iter().map(|seats| Moment { seats, winner: w.index(), group }).collect()
    }

    /// Games `seeds` played on two threads.
    fn play_all(seeds: Vec<u64>) -> Vec<Moment> {
        let half = seeds.len() / 2;
        let (a, b) = seeds.split_at(half);
        let (a, b) = (a.to_vec(), b.to_vec());
        let t = std::thread::spawn(move || a.into_iter().flat_map(play).collect::<Vec<_>>());
        let mut out: Vec<Moment> = b.into_iter().flat_map(play).collect();
        out.extend(t.join().unwrap());
        out
    }

    /// Newton's method on the conditional logit's log likelihood (a small ridge keeps it
    /// well posed).
    #[allow(clippy::needless_range_loop)] // the gradient and Hessian read best by index
    fn fit(data: &[Moment]) -> [f64; FEATURES] {
        let mut w = [0.0; FEATURES];
        for _ in 0..25 {
            let mut g = [0.0; FEATURES];
            let mut h = [[0.0; FEATURES]; FEATURES];
            for m in data {
                let p = softmax(&m.seats.iter().map(|f| score(f, &w)).collect::<Vec<_>>());
                let mut mean = [0.0; FEATURES];
                for (f, pi) in m.seats.iter().zip(&p) {
                    for k in 0..FEATURES {
                        mean[k] += pi * f[k];
                    }
                }
                for k in 0..FEATURES {
                    g[k] += m.seats[m.winner][k] - mean[k];
                }
                for (f, pi) in m.seats.iter().zip(&p) {
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
        w
    }

    /// Solves `h x = g` by Gaussian elimination with partial pivoting.
    #[allow(clippy::needless_range_loop)] // a matrix's rows and columns read best by index
    fn solve(mut h: [[f64; FEATURES]; FEATURES], mut g: [f64; FEATURES]) -> [f64; FEATURES] {
        for c in 0..FEATURES {
            let p = (c..FEATURES).max_by(|&a, &b| h[a][c].abs().total_cmp(&h[b][c].abs())).unwrap();
            h.swap(c, p);
            g.swap(c, p);
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
            let s: f64 = (c + 1..FEATURES).map(|k| h[c][k] * x[k]).sum();
            x[c] = (g[c] - s) / h[c][c];
        }
        x
    }

    /// The mean log loss of `data` and of even chances, by group.
    fn losses(data: &[Moment], w: &[f64; FEATURES]) {
        let mut groups: Vec<&str> = data.iter().map(|m| m.group).collect();
        groups.sort();
        groups.dedup();
        println!("| group | moments | log loss | even chances |");
        println!("| --- | ---: | ---: | ---: |");
        for g in groups {
            let (mut loss, mut even, mut n) = (0.0, 0.0, 0.0);
            for m in data.iter().filter(|m| m.group == g) {
                let p = softmax(&m.seats.iter().map(|f| score(f, w)).collect::<Vec<_>>());
                loss -= p[m.winner].max(1e-12).ln();
                even += (m.seats.len() as f64).ln();
                n += 1.0;
            }
            println!("| {g} | {n} | {:.3} | {:.3} |", loss / n, even / n);
        }
    }

    /// Predicted tenth against observed win rate, and the mean log loss.
    fn calibration(data: &[Moment], w: &[f64; FEATURES]) {
        let mut buckets = [(0u32, 0u32, 0.0f64); 10];
        let mut loss = 0.0;
        let mut n = 0.0;
        for m in data {
            let p = softmax(&m.seats.iter().map(|f| score(f, w)).collect::<Vec<_>>());
            loss -= p[m.winner].max(1e-12).ln();
            n += 1.0;
            for (i, pi) in p.iter().enumerate() {
                let b = ((pi * 10.0) as usize).min(9);
                buckets[b].0 += 1;
                buckets[b].1 += u32::from(i == m.winner);
                buckets[b].2 += pi;
            }
        }
        println!("| predicted | moments x seats | mean predicted | observed wins |");
        println!("| --- | ---: | ---: | ---: |");
        for (b, (count, wins, sum)) in buckets.iter().enumerate() {
            if *count > 0 {
                let (c, w) = (f64::from(*count), f64::from(*wins));
                println!("| {}-{}% | {count} | {:.1}% | {:.1}% |", b * 10, b * 10 + 10, 100.0 * sum / c, 100.0 * w / c);
            }
        }
        let even: f64 = data.iter().map(|m| (m.seats.len() as f64).ln()).sum::<f64>() / n;
        println!("mean log loss {:.4} (even chances: {:.4})", loss / n, even);
    }

    #[test]
    #[ignore = "minutes in a release build: the offline fit and the speed measurement"]
    fn fit_weights_and_measure_calibration_and_speed() {
        let games: u64 = std::env::var("FIT_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(4000);
        if games == 0 {
            // `FIT_GAMES=0`: the speed alone.
            return speed();
        }
        let train = play_all((0..games).filter(|s| s % 2 == 0).map(|s| 36_000 + s).collect());
        let test = play_all((0..games).filter(|s| s % 2 == 1).map(|s| 36_000 + s).collect());
        println!("{} moments to fit, {} to test", train.len(), test.len());
        let w = fit(&train);
        for (name, x) in FEATURE_NAMES.iter().zip(&w) {
            println!("{name}: {x:.4}");
        }
        println!("pub const WEIGHTS: [f64; FEATURES] = {w:?};");
        println!("held-out games, fitted weights:");
        calibration(&test, &w);
        losses(&test, &w);
        println!("held-out games, committed weights:");
        calibration(&test, &WEIGHTS);
        losses(&test, &WEIGHTS);
        speed();
    }

    /// The time of one [`crate::bots::advice::advise`] at every set-up decision and every 5th
    /// decision after it, and of [`crate::bots::advice::quick`] at every 3rd decision, of eight
    /// games between medium players: the first four of four players under the base rules, the
    /// next four of [`table`]'s mixes (3 to 6 players, house rules). Median, 90th percentile and
    /// max of each.
    fn speed() {
        let (mut full, mut quick) = (Vec::new(), Vec::new());
        // Moments where both answered: how often the tip is the full advice's first move.
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
                    let advice = crate::bots::advice::advise(&view, &[]);
                    full.push(t.elapsed().as_secs_f64() * 1000.0);
                    first = advice.moves.first().map(|m| m.action);
                    assert!(first.is_some());
                }
                if step % 3 == 0 {
                    let t = Instant::now();
                    let tip = crate::bots::advice::quick(&view, &[]);
                    quick.push(t.elapsed().as_secs_f64() * 1000.0);
                    if first.is_some() {
                        both += 1;
                        agree += usize::from(tip.as_ref().map(|m| m.action) == first);
                    }
                    assert!(tip.is_some());
                }
                let action = players[view.seat().index()].choose(view);
                game.apply(action).unwrap();
                step += 1;
            }
        }
        println!("the tip is the advice's first move at {agree} of {both} moments where both answered");
        for (name, mut times) in [("advice", full), ("quick tip", quick)] {
            times.sort_by(f64::total_cmp);
            println!(
                "{name} over {} moments: median {:.1} ms, 90th percentile {:.1} ms, max {:.1} ms",
                times.len(),
                times[times.len() / 2],
                times[times.len() * 9 / 10],
                times[times.len() - 1]
            );
        }
    }
}
