//! The arena's report as a table (`catan arena` without `--json`).

use super::{Report, Standing};

impl Standing {
    /// The entrant as the report names it: its level, or `prog:` and its program.
    pub fn entrant_name(&self) -> String {
        match &self.program {
            Some(p) => format!("prog:{p}"),
            None => self.bot.name().to_string(),
        }
    }
}

impl Report {
    /// The report as a table.
    pub fn text(&self) -> String {
        let line: Vec<String> = self.standings.iter().map(Standing::entrant_name).collect();
        let mut out = format!(
            "arena: {} games ({} board{} x {} seatings), {} players: {}\nseed {}, {} thread{}, {} per decision at most, {:.1} s; {} unfinished; mean turns {:.1}\n\n",
            self.games,
            self.games / self.seatings.max(1),
            if self.games / self.seatings.max(1) == 1 { "" } else { "s" },
            self.seatings,
            self.players,
            line.join(","),
            self.seed,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            show_duration(self.bot_time_us),
            self.seconds,
            self.unfinished,
            self.mean_turns,
        );
        if self.trades {
            out.insert_str(
                out.len() - 1,
                &format!("domestic trades between bots: on, {} made\n", self.domestic_trades),
            );
        }
        if self.saves_written > 0 {
            out.insert_str(out.len() - 1, &format!("saves written: {}\n", self.saves_written));
        }
        let w = self.standings.iter().map(|s| s.entrant_name().chars().count()).max().unwrap_or(0).max(9);
        out += &format!(
            "   {:<w$}  wins  win rate  95% interval     mean points  decisions   mean time     median   max time  by turn order\n",
            "bot"
        );
        for s in &self.standings {
            let by_turn: Vec<String> = s.win_rate_by_turn.iter().map(|r| format!("{:.0}", 100.0 * r)).collect();
            out += &format!(
                "{:>2} {:<w$} {:>5}  {:>7.1}%  [{:>5.1}%, {:>5.1}%]  {:>11.2}  {:>9}  {:>7.1} µs  {:>6.2} ms  {:>6.2} ms  {}%\n",
                s.entrant,
                s.entrant_name(),
                s.wins,
                100.0 * s.win_rate,
                100.0 * s.interval[0],
                100.0 * s.interval[1],
                s.mean_points,
                s.decisions,
                s.mean_decision_us,
                s.median_decision_us / 1e3,
                s.max_decision_us / 1e3,
                by_turn.join("/"),
            );
        }
        out += &format!("Wins: {} ({} such games here).\n", super::WINS_COUNTED, self.shared_wins);
        if self.programs_stopped > 0 {
            out += &format!(
                "Programs stopped: {} (their seats played on by a {} bot):\n",
                self.programs_stopped,
                crate::protocol::program::TAKES_OVER
            );
            for why in &self.stopped {
                out += &format!("  {}\n", crate::text::escape(why));
            }
        }
        out += "Each seating keeps the line-up's order around the table (entrant 2 plays right after entrant 1);\n\
                by turn order: the win rate when first to play (R10), second, and so on.\n";
        out
    }
}

/// A time in microseconds as it reads best: `800 µs`, `20 ms`, `1.5 s`.
pub(super) fn show_duration(us: f64) -> String {
    if us >= 1e6 {
        format!("{} s", us / 1e6)
    } else if us >= 1e3 {
        format!("{} ms", us / 1e3)
    } else {
        format!("{us} µs")
    }
}
