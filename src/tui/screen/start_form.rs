//! The start screen's form and its keys: the seats (a name, a person or a computer player and
//! its level), the rules options of RULES.md that flags set, and the house-rule modules this
//! version plays. Names are checked as everywhere a name enters ([`crate::text::check_names`]);
//! pasted text only ever types. What the screen looks like is in `start_view.rs`; the choices
//! are remembered for next time in `settings.rs`.

use std::path::PathBuf;

use crate::bots::BotLevel;
use crate::engine::{BoardKind, Config, Costs, DevCard, MapId, Module, Modules, Shortage, TurnStyle};
use crate::tui::screen::settings::Remembered;

/// The fewest names a game starts with.
pub const MIN_PLAYERS: usize = 2;

/// The rules of a game for `players` players: `rules` with the options that follow the player
/// count (the island, its bank and deck, how turns run) taken as [`Config::with_players`] gives
/// them for that count, unless `rules` set them otherwise than the default for its own count.
/// So five or six names typed on the start screen play on the 5-6 island with its 24 cards of
/// each resource and 34 development cards, while a rule chosen on the command line stays.
pub fn rules_for(rules: &Config, players: u8) -> Config {
    fn follow<T: PartialEq>(chosen: T, default_then: T, default_now: T) -> T {
        if chosen == default_then { default_now } else { chosen }
    }
    let (then, now) = (Config::with_players(rules.players), Config::with_players(players));
    Config {
        players,
        map: follow(rules.map, then.map, now.map),
        bank: follow(rules.bank, then.bank, now.bank),
        deck: follow(rules.deck, then.deck, now.deck),
        turns: follow(rules.turns, then.turns, now.turns),
        ..*rules
    }
}

/// One seat on the start screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatEntry {
    pub name: String,
    /// `None` for a person.
    pub bot: Option<BotLevel>,
    /// The name was given by the form (a computer player's seat name): typing replaces it.
    pub auto: bool,
    /// A person's seat that sees the best move's line at each of its moments (issue 36).
    pub tips: bool,
}

/// A row of the form, where the cursor can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Seat(usize),
    Target,
    Board,
    /// The map: the island the player count deals, or the archipelago (R51).
    Map,
    DesertCenter,
    StrictPhases,
    Shortage,
    DiscardLimit,
    FriendlyRobber,
    Paired,
    /// Whether computer players offer the people trades (a table setting, not a rule).
    BotOffers,
    Module(Module),
    Start,
    /// The last unfinished game, resumed as `--continue` does (issue 23).
    Continue,
}

/// The rules options of the form, in order.
pub const OPTIONS: [Row; 10] = [
    Row::Target,
    Row::Board,
    Row::Map,
    Row::DesertCenter,
    Row::StrictPhases,
    Row::Shortage,
    Row::DiscardLimit,
    Row::FriendlyRobber,
    Row::Paired,
    Row::BotOffers,
];

/// The house-rule modules offered: every one this version can play, in the order of RULES.md.
pub fn offered_modules() -> impl Iterator<Item = Module> {
    Module::ALL.into_iter().filter(|&m| Modules::PLAYABLE.has(m))
}

/// The maps the form offers for `players`: the island dealt for that many (the base island,
/// or R40's for five and six), and the archipelago (R51).
pub fn offered_maps(players: u8) -> [MapId; 2] {
    [MapId::for_players(players), MapId::Archipelago]
}

/// `modules` without the modules that need one no longer there (each row's
/// [`needs`](crate::engine::ModuleRow::needs): R43 the dragon needs gold, R55 the colonist
/// ships, R56 attacks units, R57 phases attacks): switching a module off switches off what
/// depends on it, where [`Config::with_modules`] would switch it back on.
fn without_orphans(modules: Modules) -> Modules {
    let mut m = modules;
    loop {
        let needed = |x: Module| x.row().needs.is_empty() || x.row().needs.iter().any(|&n| m.has(n));
        let kept = m.iter().filter(|&x| needed(x)).fold(Modules::NONE, Modules::with);
        if kept == m {
            return m;
        }
        m = kept;
    }
}

/// The default rules on `map` for `players`: those of the player count when it is that
/// count's map, else the map's own (its bank and deck).
fn defaults_on(map: MapId, players: u8) -> Config {
    let by_count = Config::with_players(players);
    if by_count.map == map { by_count } else { Config::on_map(map) }
}

/// The start screen: the seats so far and the row the cursor is on (the rules themselves are
/// the table's [`crate::tui::Table::rules`]).
#[derive(Clone, Debug, PartialEq)]
pub struct StartForm {
    pub seats: Vec<SeatEntry>,
    pub row: Row,
    /// Where the choices are remembered when the game starts.
    pub file: Option<PathBuf>,
    /// The last unfinished game (its autosave's lock held), offered as "Continue".
    pub last: Option<Box<crate::tui::table::files::Resume>>,
}

impl Default for StartForm {
    fn default() -> StartForm {
        StartForm { seats: vec![SeatEntry::default()], row: Row::Seat(0), file: None, last: None }
    }
}

impl StartForm {
    /// The form as it was left last time: the remembered seats, the cursor on "start"; or one
    /// empty seat to type the first name into.
    pub fn remembered(r: &Remembered) -> StartForm {
        let seats: Vec<SeatEntry> = r
            .seats
            .iter()
            .map(|s| SeatEntry {
                name: s.name.clone(),
                bot: s.kind.bot_level(),
                auto: false,
                tips: s.kind.bot_level().is_none() && r.tips.contains(&s.name),
            })
            .collect();
        match seats.len() {
            0 => StartForm { file: r.file.clone(), ..StartForm::default() },
            _ => StartForm { seats, row: Row::Start, file: r.file.clone(), last: None },
        }
    }

    /// Every row, top to bottom.
    pub fn rows(&self) -> Vec<Row> {
        let seats = (0..self.seats.len()).map(Row::Seat);
        let last = self.last.is_some().then_some(Row::Continue);
        seats.chain(OPTIONS).chain(offered_modules().map(Row::Module)).chain([Row::Start]).chain(last).collect()
    }

    /// The seats with a name: the players, as far as they are typed.
    pub fn named(&self) -> impl Iterator<Item = &SeatEntry> {
        self.seats.iter().filter(|s| !s.name.trim().is_empty())
    }

    /// The names of the seats with one, in seat order.
    pub fn names(&self) -> Vec<String> {
        self.named().map(|s| s.name.trim().to_string()).collect()
    }

    /// The name under the cursor, while it is on a seat.
    pub fn typing(&self) -> Option<&str> {
        match self.row {
            Row::Seat(i) => self.seats.get(i).map(|s| s.name.as_str()),
            _ => None,
        }
    }

    /// The seat under the cursor, if it is on one.
    pub fn seat(&mut self) -> Option<&mut SeatEntry> {
        match self.row {
            Row::Seat(i) => self.seats.get_mut(i),
            _ => None,
        }
    }

    /// Types one character into the name under the cursor: up to
    /// [`MAX_NAME_CHARS`](crate::text::MAX_NAME_CHARS), and only characters a name may hold
    /// (the others can never be in a name, so they are ignored). A name the form gave a
    /// computer player is replaced by what is typed.
    pub fn type_char(&mut self, c: char) {
        let Some(seat) = self.seat() else { return };
        if seat.auto {
            seat.name.clear();
            seat.auto = false;
        }
        if !crate::text::is_unprintable(c) && seat.name.chars().count() < crate::text::MAX_NAME_CHARS {
            seat.name.push(c);
        }
    }

    /// A name for a computer player at seat `i` that no other seat has, nor its initial: the
    /// names `--players N` gives, the seat's own first.
    pub(in crate::tui) fn free_name(&self, i: usize) -> String {
        const POOL: [&str; 6] = ["Anna", "Bert", "Cleo", "Dirk", "Emma", "Finn"];
        let initial = |n: &str| n.chars().next().map(|c| c.to_lowercase().to_string());
        let others: Vec<&str> =
            self.seats.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, s)| s.name.trim()).collect();
        let free = |n: &str| {
            !others.iter().any(|o| crate::text::same_name(o, n) || (!o.is_empty() && initial(o) == initial(n)))
        };
        POOL.get(i)
            .filter(|n| free(n))
            .or_else(|| POOL.iter().find(|n| free(n)))
            .map_or_else(|| format!("Bot {}", i + 1), |n| n.to_string())
    }

    /// Moves the cursor `by` rows, staying on the form.
    pub(in crate::tui) fn step(&mut self, by: isize) {
        let rows = self.rows();
        let at = rows.iter().position(|r| *r == self.row).unwrap_or(0);
        // Round the ends: up from the first seat reaches "Continue" (or "Start") at once.
        self.row = rows[(at as isize + by).rem_euclid(rows.len() as isize) as usize];
    }
}

/// The next value in `all` after (or before, `by` = -1) `now`, going round.
fn cycle<T: Copy + PartialEq>(all: &[T], now: T, by: isize) -> T {
    let at = all.iter().position(|x| *x == now).unwrap_or(0) as isize;
    all[(at + by).rem_euclid(all.len() as isize) as usize]
}

/// `rules` with the option on `row` changed one step (`by` = -1 back): numbers count, choices
/// go round, switches switch. `players` bounds the target (the most points a game can give).
pub(in crate::tui) fn change(rules: &Config, row: Row, by: isize, players: u8) -> Config {
    let mut r = *rules;
    match row {
        Row::Target => {
            let max = rules_for(rules, players).max_points();
            r.target = r.target.saturating_add_signed(by as i8).clamp(3, max);
        }
        Row::Board => r.board = cycle(&[BoardKind::Variable, BoardKind::Beginner, BoardKind::Random], r.board, by),
        Row::Map => {
            let map = if r.map == MapId::Archipelago { offered_maps(r.players)[0] } else { MapId::Archipelago };
            let d = defaults_on(map, r.players);
            r = Config { map, bank: d.bank, deck: d.deck, ..r }.with_modules(r.modules);
        }
        Row::DesertCenter => r.desert_center = !r.desert_center,
        Row::StrictPhases => r.strict_phases = !r.strict_phases,
        Row::Shortage => {
            r.shortage = cycle(&[Shortage::Official, Shortage::NoneAtAll, Shortage::TurnOrder], r.shortage, by)
        }
        Row::DiscardLimit => r.discard_limit = r.discard_limit.saturating_add_signed(by as i8).clamp(2, 20),
        Row::FriendlyRobber => r.friendly_robber = !r.friendly_robber,
        Row::Paired => {
            r.turns = match r.turns {
                TurnStyle::Paired => Config::with_players(r.players).turns,
                _ => TurnStyle::Paired,
            }
        }
        Row::Module(m) => {
            let flipped = Modules(r.modules.0 ^ m.bit());
            let modules = if flipped.has(m) { flipped } else { without_orphans(flipped) };
            // R52 took the knight cards out of the deck: without knights they come back.
            let mut deck = r.deck;
            if !modules.has(Module::Knights) && r.modules.has(Module::Knights) {
                deck[DevCard::Knight] = defaults_on(r.map, r.players).deck[DevCard::Knight];
            }
            r = Config { costs: Costs::BASE, deck, ..r }.with_modules(modules);
            // A target the new rules can't give (no more awards) comes down to what they can.
            r.target = r.target.min(rules_for(&r, players).max_points());
        }
        // A table setting, kept by the app (`Table::offers_to_people`), not in the rules.
        Row::Seat(_) | Row::Start | Row::Continue | Row::BotOffers => {}
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The needs read from the table's rows drop what the four rules written out by hand
    /// dropped before (issue 35), for every mix of modules.
    #[test]
    fn orphans_are_dropped_by_the_rows_needs() {
        let by_hand = |modules: Modules| {
            let mut m = modules;
            let drop = |m: Modules, x: Module| m.without(x);
            if !m.has(Module::Gold) {
                m = drop(m, Module::Dragon);
            }
            if !m.has(Module::Ships) {
                m = drop(m, Module::Colonist);
            }
            if !m.has(Module::Knights) && !m.has(Module::Ships) {
                m = drop(m, Module::Attacks);
            }
            if !m.has(Module::Attacks) {
                m = drop(m, Module::Phases);
            }
            m
        };
        for bits in 0..1u32 << Module::ALL.len() {
            let m = Modules(bits);
            assert_eq!(without_orphans(m), by_hand(m), "{bits:#b}");
        }
    }
}
