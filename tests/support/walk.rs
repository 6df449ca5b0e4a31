//! The scenario walk: a game played by seeded random legal actions until it reaches the
//! position a test wants. Written once here (it was copied into seven tests, each with the
//! same generator, and into the library's fight gate tests, which include this file): the
//! generator, the loop, and the ways of choosing an action the tests use.
//! A walk plays on a bare game, a record, or the app itself (each action through
//! `App::apply`, as a person's, so the log and statistics fill as in play).
//!
//! A walk's result depends on the generator's seed, on how many numbers each choice draws and
//! in what order, and on the order of the legal actions; each chooser below keeps its draws
//! exactly, so a position found before is found again.

use catan::engine::{Action, Event, Game};
use catan::save::Record;
use catan::tui::App;

/// The tests' generator: a 64-bit linear congruential generator (Knuth's MMIX constants). The
/// high bits are the good ones: [`Lcg::high`] takes bits 33 and up.
#[derive(Clone, Copy, Debug)]
pub struct Lcg(pub u64);

impl Lcg {
    /// Multiplier.
    pub const A: u64 = 6364136223846793005;
    /// Increment.
    pub const C: u64 = 1442695040888963407;

    /// The generator in state `state`.
    pub const fn new(state: u64) -> Lcg {
        Lcg(state)
    }

    /// The next state.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(Lcg::A).wrapping_add(Lcg::C);
        self.0
    }

    /// The next state's high bits (33 and up).
    pub fn high(&mut self) -> usize {
        (self.next() >> 33) as usize
    }

    /// A number below `n`, from the next state's high bits.
    pub fn below(&mut self, n: usize) -> usize {
        self.high() % n
    }
}

/// What a walk is played on: a bare game, or a record (for undo and saves).
pub trait Walked {
    /// The game now.
    fn game(&self) -> &Game;
    /// Plays a legal action, with the events it gave.
    fn play(&mut self, a: Action) -> Vec<Event>;
}

impl Walked for Game {
    fn game(&self) -> &Game {
        self
    }
    fn play(&mut self, a: Action) -> Vec<Event> {
        self.apply(a).expect("a legal action")
    }
}

impl Walked for Record {
    fn game(&self) -> &Game {
        Record::game(self)
    }
    fn play(&mut self, a: Action) -> Vec<Event> {
        self.apply(a).expect("a legal action")
    }
}

impl Walked for App {
    fn game(&self) -> &Game {
        // The table's game, not this trait's method of the same name.
        self.table.game()
    }
    /// Played as a person's action, through the app: the log and statistics fill as in play.
    fn play(&mut self, a: Action) -> Vec<Event> {
        let before = self.table.log.len();
        self.apply(vec![a]);
        let message = &self.screen.message;
        assert!(message.as_ref().is_none_or(|m| !m.error), "a legal action refused: {message:?}");
        self.table.log[before..].to_vec()
    }
}

/// What a walk's look at the position says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Not there yet: play on.
    Go,
    /// The position wanted.
    Found,
    /// This walk won't get there (the game is over, or went past it).
    GiveUp,
}

/// Plays `at` on for at most `steps` actions: before each, `look` sees the position and the
/// events of the last action; then `choose` picks among the legal actions with `rng` (the
/// tests' [`Lcg`], or the bots' `SplitMix64` where a walk was written with it). The
/// position `look` found, or `None`. A game that ends must be given up by `look` (a walk
/// that looks past the end fails to choose).
pub fn walk<S: Walked, R>(
    mut at: S,
    rng: &mut R,
    steps: usize,
    mut look: impl FnMut(&S, &[Event]) -> Look,
    mut choose: impl FnMut(&Game, &[Action], &mut R) -> Action,
) -> Option<S> {
    let mut last = Vec::new();
    for _ in 0..steps {
        match look(&at, &last) {
            Look::Found => return Some(at),
            Look::GiveUp => return None,
            Look::Go => {}
        }
        let legal = at.game().legal_actions();
        let a = choose(at.game(), &legal, rng);
        last = at.play(a);
    }
    None
}

/// A look that finds the position where `stop` holds, and gives up when the game is over
/// first.
pub fn until<S: Walked>(stop: impl Fn(&Game) -> bool) -> impl FnMut(&S, &[Event]) -> Look {
    move |at, _| {
        let g = at.game();
        if stop(g) {
            Look::Found
        } else if g.is_over() {
            Look::GiveUp
        } else {
            Look::Go
        }
    }
}

/// Not an offer: a walk never waits on other players' answers.
pub fn plain(a: &Action) -> bool {
    !matches!(a, Action::OfferTrade { .. })
}

/// Half the time (one draw of 2) an action `prefer` likes when there is one, else any plain
/// one, else any: one draw more for the pick.
pub fn half_preferring(prefer: impl Fn(&Action) -> bool) -> impl FnMut(&Game, &[Action], &mut Lcg) -> Action {
    move |_, legal, rng| {
        let liked: Vec<Action> = legal.iter().copied().filter(|a| prefer(a)).collect();
        let plain: Vec<Action> = legal.iter().copied().filter(plain).collect();
        if !liked.is_empty() && rng.below(2) == 0 {
            liked[rng.below(liked.len())]
        } else if !plain.is_empty() {
            plain[rng.below(plain.len())]
        } else {
            legal[rng.below(legal.len())]
        }
    }
}

/// Two times in three (one draw of 3, when there is a unit action) a plain unit action, else
/// any plain action: one draw more for the pick.
pub fn units_two_in_three(_: &Game, legal: &[Action], rng: &mut Lcg) -> Action {
    let plain: Vec<Action> = legal.iter().copied().filter(plain).collect();
    let units: Vec<Action> = plain.iter().copied().filter(Action::is_unit).collect();
    if !units.is_empty() && rng.below(3) > 0 { units[rng.below(units.len())] } else { plain[rng.below(plain.len())] }
}

/// No offer and no attack; with one draw: a unit action when its high bits are not a multiple
/// of 3 and there is one, else any of those.
pub fn peaceful_units(_: &Game, legal: &[Action], rng: &mut Lcg) -> Action {
    let good: Vec<Action> =
        legal.iter().copied().filter(|a| !matches!(a, Action::OfferTrade { .. } | Action::Attack { .. })).collect();
    let pick = rng.high();
    let units: Vec<Action> = good.iter().copied().filter(Action::is_unit).collect();
    if !units.is_empty() && !pick.is_multiple_of(3) { units[pick % units.len()] } else { good[pick % good.len()] }
}

/// The game-over screens' rule (tests/screens: `game_over_screen`, `game_over_with_six_players`),
/// kept as it was so their positions stay: the legal actions sorted by their debug text
/// (with `no_offers`, the offers left out when anything else is legal), and the pick's index
/// stepping `i * 31 + 7` from 0. It draws nothing from the walk's generator.
pub fn sorted_stepping(no_offers: bool) -> impl FnMut(&Game, &[Action], &mut Lcg) -> Action {
    let mut pick = 0usize;
    move |_, legal, _| {
        let mut legal = legal.to_vec();
        legal.sort_by_key(|a| format!("{a:?}"));
        if no_offers && legal.iter().any(plain) {
            legal.retain(plain);
        }
        pick = pick.wrapping_mul(31).wrapping_add(7);
        legal[pick % legal.len()]
    }
}

/// The table tests' rule (tests/handoff_bursts.rs, tests/table_answers.rs): roll, build a city
/// or a settlement when one is legal, end the turn every third action the rule takes, else
/// the rest by a counter (never a trade); a counter of the actions chosen steps it. It draws
/// nothing from the walk's generator.
pub fn ranked_counting() -> impl FnMut(&Game, &[Action], &mut Lcg) -> Action {
    let mut n = 0u64;
    move |_, legal, _| {
        let pick = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::OfferTrade { .. } | Action::MaritimeTrade { .. }))
            .max_by_key(|a| match a {
                Action::RollDice => 9,
                Action::BuildCity(_) | Action::BuildSettlement(_) => 8,
                Action::EndTurn => 1,
                _ => 2,
            })
            .filter(|a| *a != Action::EndTurn || n.is_multiple_of(3))
            .unwrap_or(legal[(n as usize) % legal.len()]);
        n += 1;
        pick
    }
}
