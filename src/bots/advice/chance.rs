//! The chance to win: a conditional logit over the seats' public features, fitted offline to
//! the outcomes of simulated games between the bot levels and the advice's own play
//! (`src/bots/advice/fit.rs`, run by `cargo run --release --example fit_advice`; the tables in
//! docs/advice-model.md).
//!
//! Each seat gets a score, the weighted sum of its [`Terms`]; its chance to win is its share
//! of the exponentials of the scores (a softmax over the seats, so the chances sum to 1, with
//! three seats or six). Every feature is public and reads alike at every table: points
//! against the target, the pips its buildings collect, each kind's pips with a diminishing
//! return (the square root: several kinds beat one, but a 2 or a 12 adds little), the cards
//! it may expect to keep through the 7s before it can spend them ([`kept_from_a_seven`]), its
//! development cards (their number only), its army (knights played, or knight units on the
//! board with R52), its road's length, its harbors and how well its production pays the 2:1
//! ones, its ships (R53); and who plays the seat ([`Player`]: a bot's level, or the advice's
//! own play), since a hard player wins more often than a medium one from the same position.
//! The one exception to "public" is the seat asking for advice, whose own hidden victory
//! point cards count as the points they are ([`Chances::for_seat`]): that seat knows them.
//!
//! The weights are data: [`super::model::WEIGHTS`], a file the fit writes.
//!
//! What the number assumes: every seat plays on as the players of the fit's games did at its
//! level; a seat whose player the caller doesn't give (a person) is read as a medium player
//! ([`Player::Unknown`]); the expert player reads its own seat as one that plays the advice's
//! first move ([`Player::Coached`]). While the
//! game can still turn no seat reads below [`FLOOR`] or above `1 - FLOOR`, and where the fit
//! saw no games like this one the model says so ([`reading`]) rather than give a number.

use crate::bots::BotLevel;
use crate::engine::{Board, Config, DevCard, Game, HarborKind, Module, PlayerView, Resource, Seat, Vertex};

pub use super::model::WEIGHTS;

/// Declares the model's terms once: the struct (a seat's features, or the weights, field by
/// field), their names for the fit's files, and their order for its matrix algebra.
macro_rules! terms {
    ($($(#[$doc:meta])* $name:ident,)*) => {
        /// The model's terms by name: a seat's features ([`features`]), or the weights
        /// ([`WEIGHTS`]) the fit gives them. A seat's score is their dot product ([`score`]).
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct Terms {
            $($(#[$doc])* pub $name: f64,)*
        }

        impl Terms {
            /// The terms' names, in [`Terms::to_array`]'s order.
            pub const NAMES: [&'static str; FEATURES] = [$(stringify!($name),)*];

            /// The terms in a fixed order (for the fit's matrix algebra).
            pub fn to_array(&self) -> [f64; FEATURES] {
                [$(self.$name,)*]
            }

            /// The terms from [`Terms::to_array`]'s order.
            pub fn from_array(a: [f64; FEATURES]) -> Terms {
                let [$($name,)*] = a;
                Terms { $($name,)* }
            }
        }
    };
}

terms! {
    /// (points / target) squared: a point counts more the nearer the target (a plain linear
    /// term fitted negative, its work done by production, which grows with the buildings).
    near,
    /// Points beyond target - 3 (0 below): the end of the game.
    beyond,
    /// Pips of the seat's buildings, the robber's hex left out, / 36.
    pips,
    /// The sum over kinds of the square root of the kind's pips, / 5.
    kinds,
    /// The resource cards it may expect to keep through the 7s ([`kept_from_a_seven`]), / 10.
    kept,
    /// Development cards held (their number), / 5.
    dev_cards,
    /// Knights played, or knight units on the board (R52), / 3.
    army,
    /// Road length / 10.
    road,
    /// Harbors.
    harbors,
    /// 2:1 harbors paid by the seat's production of their kind (five pips make one full).
    paying,
    /// Ships (R53) / 3.
    ships,
    /// `near` x (players - 4) / 2: with more seats a lead is harder to keep, or easier.
    crowd,
    /// 1 for an easy player.
    easy,
    /// 1 for a hard player.
    hard,
    /// 1 for the expert player, or a seat playing the advice's first move ([`Player::Coached`]).
    expert,
    /// `easy` x points / target: how a level's edge fades as the game nears its end.
    easy_late,
    /// `hard` x points / target.
    hard_late,
    /// `expert` x points / target.
    expert_late,
}

/// The number of terms per seat.
pub const FEATURES: usize = 18;

/// No seat reads below this chance (or above 1 minus it) while the game can still turn: the
/// fit's games had seats come back from further behind (about one in a hundred from its lowest
/// bucket), and a war game's last attack round can still share a win (R57).
pub const FLOOR: f64 = 0.005;

/// Who plays a seat, as the model reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Player {
    /// Not known (a person, or a caller that doesn't say): read as a medium player, the level
    /// the terms are measured from.
    #[default]
    Unknown,
    /// A computer player of this level (random and alpha-beta, never in the fit's games, read
    /// as medium).
    Bot(BotLevel),
    /// A seat that plays the advice's first move from here: read as the expert player.
    Coached,
}

/// Who plays each seat, by seat index, and the weights the model reads them by (the fitted
/// [`WEIGHTS`]; the fit's report measures others). The [`Default`]: no seat known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Table {
    pub players: [Player; crate::engine::MAX_PLAYERS],
    pub weights: &'static Terms,
    /// The least chance a seat reads while the game goes on ([`FLOOR`]; 0 reads the model as
    /// it was before issue 41).
    pub floor: f64,
    /// Set when the advice judges its moves ([`Table::asked_at`], issue 48): each seat's points
    /// / target at the moment asked. A level's fading edge (`easy_late`, `hard_late`,
    /// `expert_late`) is then read at those points whatever a move adds, so no seat's points
    /// are rewarded or punished by who earns them; and the robber's block counts the cards it
    /// keeps from each seat after the playouts end ([`blocked_cards`]); and a knight played
    /// since is still counted among the cards held ([`Asked::knights`]).
    pub asked: Option<Asked>,
}

/// The moment the advice was asked, as [`Table::terms`] reads every move's outcome against it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Asked {
    /// Each seat's points / target.
    pub late: [f64; crate::engine::MAX_PLAYERS],
    /// Each seat's knights played. A knight played since counts in `dev_cards` as the card it
    /// was: the card held reads 0.44 (the fit's correlation: strong seats hold cards, and hidden
    /// victory points among them), more than the third of Largest Army a knight adds and the
    /// two points the third one takes; so the knight that takes the award read as a loss
    /// (issue 48's panel). A card's worth held is what it can do; played, what it did.
    pub knights: [u8; crate::engine::MAX_PLAYERS],
}

impl Default for Table {
    fn default() -> Table {
        Table::UNKNOWN
    }
}

impl Table {
    /// No seat's player known, the fitted weights and floor (the [`Default`], as a constant).
    pub const UNKNOWN: Table =
        Table { players: [Player::Unknown; crate::engine::MAX_PLAYERS], weights: &WEIGHTS, floor: FLOOR, asked: None };

    /// The same table reading the moment of `view` as the moment asked ([`Table::asked`]):
    /// each seat's points as `view`'s seat counts them (its own hidden ones too).
    pub fn asked_at(mut self, view: &PlayerView<'_>) -> Table {
        let mut late = [0.0; crate::engine::MAX_PLAYERS];
        let mut knights = [0; crate::engine::MAX_PLAYERS];
        let target = f64::from(view.config().target);
        for s in view.seats() {
            late[s.index()] = (f64::from(points(view, s, Some(view.seat()))) / target).min(1.0);
            knights[s.index()] = view.player(s).knights;
        }
        self.asked = Some(Asked { late, knights });
        self
    }

    /// Seat `s`'s terms as this table reads them: [`features_with`], and where the table was
    /// [`Table::asked_at`] a moment, the levels' late terms read at that moment's points and
    /// the robber's block past the horizon taken off the cards kept.
    pub fn terms(&self, view: &PlayerView<'_>, s: Seat, points: u8, extra: Option<Vertex>) -> Terms {
        let mut f = features_with(view, s, points, self.player(s), extra);
        if let Some(asked) = self.asked {
            let l = asked.late[s.index()];
            (f.easy_late, f.hard_late, f.expert_late) = (f.easy * l, f.hard * l, f.expert * l);
            f.kept -= blocked_cards(view, s) / 10.0;
            if s == view.seat() {
                f.dev_cards = own_cards(view, self.weights);
            } else {
                let played = view.player(s).knights.saturating_sub(asked.knights[s.index()]);
                f.dev_cards += f64::from(played) / 5.0;
            }
        }
        f
    }

    /// Every seat unknown but `me`, which plays as advised (the expert player's own table).
    pub fn coached(me: Seat) -> Table {
        Table::default().with_coached(me)
    }

    /// From each seat's level (`None`: a person).
    pub fn of_levels(levels: impl IntoIterator<Item = Option<BotLevel>>) -> Table {
        let mut t = Table::default();
        for (slot, level) in t.players.iter_mut().zip(levels) {
            *slot = level.map_or(Player::Unknown, Player::Bot);
        }
        t
    }

    /// The same table with seat `me` playing as advised.
    pub fn with_coached(mut self, me: Seat) -> Table {
        self.players[me.index()] = Player::Coached;
        self
    }

    /// Who plays seat `s`.
    pub fn player(&self, s: Seat) -> Player {
        self.players.get(s.index()).copied().unwrap_or_default()
    }
}

/// Whether the model can give a number for a game of these rules, or why not: the fit saw
/// games of 3 to 6 players, targets of 8 to 12, under the base rules, knight units, the war
/// family and the sea modules; a table outside them gets words, not a number it never
/// measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The model's number stands.
    Tells,
    /// The model can't tell: why, in words ("two players: the model knows 3 to 6").
    CannotTell(&'static str),
}

/// Whether the model can tell a chance at a table of `config`'s rules ([`Reading`]).
pub fn reading(config: &Config) -> Reading {
    if config.players < 3 {
        return Reading::CannotTell("the chance is measured for 3 to 6 players, not 2");
    }
    if !(8..=12).contains(&config.target) {
        return Reading::CannotTell("the chance is measured for targets of 8 to 12 points");
    }
    // The unit modules were in the fit's games; the land modules (R41-R50) never.
    const FITTED: [Module; 5] = [Module::Knights, Module::Ships, Module::Colonist, Module::Attacks, Module::Phases];
    if Module::ALL.iter().any(|&m| config.modules.has(m) && !FITTED.contains(&m)) {
        return Reading::CannotTell("the chance is not measured with these house rules");
    }
    Reading::Tells
}

/// One seat's terms from public facts, the points given (public ones, or with the asking
/// seat's hidden victory points), as played by `player`.
pub fn features(view: &PlayerView<'_>, s: Seat, points: u8, player: Player) -> Terms {
    features_with(view, s, points, player, None)
}

/// [`features`] as if `s` also had a settlement on `extra` (its production and harbor, not its
/// point): what a corner a road leads to would add.
pub fn features_with(view: &PlayerView<'_>, s: Seat, points: u8, player: Player, extra: Option<Vertex>) -> Terms {
    let p = view.player(s);
    let board = view.board();
    let topo = view.topology();
    let robber = board.robber();
    let mut pips = 0.0;
    // Pips per kind, the robber's hex counted (it moves on): the square root's diminishing
    // return rewards several kinds without making a 2 or a 12 worth a kind in full.
    let mut kinds = [0.0f64; 5];
    let mut harbors = 0.0;
    let mut special = Vec::new();
    let cities = view.city_set(s);
    for v in view.settlement_set(s).iter().chain(cities.iter()).chain(extra) {
        let times = if cities.contains(v) { 2.0 } else { 1.0 };
        for &h in topo.vertex_hexes(v) {
            let (Some(r), Some(token)) = (board.terrain(h).resource(), board.token(h)) else { continue };
            if let Some(i) = Resource::ALL.iter().position(|&x| x == r) {
                kinds[i] += times * f64::from(Board::pips(token));
            }
            if h != robber {
                pips += times * f64::from(Board::pips(token));
            }
        }
        match board.harbor_at(v) {
            Some(HarborKind::Special(r)) => special.push(r),
            Some(HarborKind::Generic) => harbors += 1.0,
            None => {}
        }
    }
    // A 2:1 harbor pays by what the seat produces of its kind (five pips make it full).
    let mut paying = 0.0;
    for r in special {
        harbors += 1.0;
        if let Some(i) = Resource::ALL.iter().position(|&x| x == r) {
            paying += (kinds[i] / 5.0).min(1.0);
        }
    }
    let target = f64::from(view.config().target);
    let pts = f64::from(points);
    // Points relative to the target, so a game to 12 reads as one to 10 near its end.
    let near = (pts / target) * (pts / target);
    let army = p.knights.max(view.knight_count(s)).min(6);
    let (easy, hard, expert) = match player {
        Player::Bot(BotLevel::Easy) => (1.0, 0.0, 0.0),
        Player::Bot(BotLevel::Hard) => (0.0, 1.0, 0.0),
        Player::Bot(BotLevel::Expert) | Player::Coached => (0.0, 0.0, 1.0),
        _ => (0.0, 0.0, 0.0),
    };
    let late = (pts / target).min(1.0);
    Terms {
        near,
        beyond: (pts - (target - 3.0)).max(0.0),
        pips: pips / 36.0,
        kinds: kinds.iter().map(|k| k.sqrt()).sum::<f64>() / 5.0,
        kept: kept_from_a_seven(view, s, p.resource_cards.min(20)) / 10.0,
        dev_cards: f64::from(p.dev_cards.min(10)) / 5.0,
        army: f64::from(army) / 3.0,
        road: f64::from(p.road_length) / 10.0,
        harbors,
        paying,
        ships: f64::from(view.ship_count(s).min(6)) / 3.0,
        crowd: near * (view.num_players() as f64 - 4.0) / 2.0,
        easy,
        hard,
        expert,
        easy_late: easy * late,
        hard_late: hard * late,
        expert_late: expert * late,
    }
}

/// The cards `s` may expect to keep until it can spend them: a hand over the discard limit
/// loses half (rounded down) to a 7, and the dice roll for every seat before `s`'s next turn
/// and once more for `s` itself before it may build. A 7 comes up with chance 1/6 a roll.
pub fn kept_from_a_seven(view: &PlayerView<'_>, s: Seat, cards: u32) -> f64 {
    let hand = f64::from(cards);
    if cards <= u32::from(view.config().discard_limit) {
        return hand;
    }
    let rolls = rolls_before_spending(view, s);
    let seven = 1.0 - (5.0f64 / 6.0).powi(rolls as i32);
    hand - seven * f64::from(cards / 2)
}

/// The asking seat's development cards as [`Terms::dev_cards`] counts them, each by what it can
/// do in the model's own terms: a knight the third of an army it adds, road building two roads,
/// year of plenty and monopoly two cards; a victory point nothing more (the seat counts it among
/// its points). The fitted weight reads a card of unknown kind (a hidden point among them) at
/// 0.44 a card, more than a mid-game point and a city's pips together: a city read below a card
/// bought, a knight taking Largest Army below a card bought (issue 48's panel).
pub fn own_cards(view: &PlayerView<'_>, w: &Terms) -> f64 {
    if w.dev_cards <= 0.0 {
        return 0.0;
    }
    let d = view.dev_cards();
    let worth = f64::from(d[DevCard::Knight]) * w.army / 3.0
        + f64::from(d[DevCard::RoadBuilding]) * 2.0 * w.road / 10.0
        + f64::from(d[DevCard::YearOfPlenty] + d[DevCard::Monopoly]) * 2.0 * w.kept / 10.0;
    worth / w.dev_cards
}

/// The rolls of the dice before `s` may next spend its cards: every seat's turn before its own
/// (the current one's too if its dice haven't rolled), and its own roll.
pub fn rolls_before_spending(view: &PlayerView<'_>, s: Seat) -> u32 {
    let n = view.num_players() as u32;
    let c = u32::from(view.current_player().0);
    let rolled = view.has_rolled() || matches!(view.phase(), crate::engine::Phase::Setup { .. });
    let mut ahead = (u32::from(s.0) + n - c) % n;
    if ahead == 0 && rolled {
        ahead = n;
    }
    ahead + u32::from(!rolled)
}

/// The rolls the robber is expected to stay on its hex after the advice's playouts end: a 7
/// moves it one roll in six (six rolls), a knight sooner.
pub const BLOCKED_ROLLS: f64 = 5.0;

/// The cards the robber's hex is expected to keep from seat `s` after the playouts end: its
/// pips there (a city's twice) / 36 a roll, for [`BLOCKED_ROLLS`] rolls. The playouts roll the
/// dice to the end of the seat's next turn, so a block's first rolls are played; this counts
/// the rest, which the fitted terms, read at one moment, can't see (issue 48: the robber's
/// choices tied, and blocking the leader's best hex read as nothing).
pub fn blocked_cards(view: &PlayerView<'_>, s: Seat) -> f64 {
    let board = view.board();
    let h = board.robber();
    if board.token(h).is_none() || board.terrain(h).resource().is_none() {
        return 0.0;
    }
    f64::from(production_on(view, s, h)) / 36.0 * BLOCKED_ROLLS
}

/// A seat's pips on hex `h`, a city's twice.
pub(super) fn production_on(view: &PlayerView<'_>, s: Seat, h: crate::engine::Hex) -> u32 {
    let Some(token) = view.board().token(h) else { return 0 };
    let (settlements, cities) = (view.settlement_set(s), view.city_set(s));
    let times: u32 = view
        .topology()
        .hex_vertices(h)
        .iter()
        .map(|&v| if cities.contains(v) { 2 } else { u32::from(settlements.contains(v)) })
        .sum();
    times * u32::from(Board::pips(token))
}

/// A seat's score: its terms weighted.
pub fn score(f: &Terms, w: &Terms) -> f64 {
    f.to_array().iter().zip(w.to_array()).map(|(a, b)| a * b).sum()
}

/// A seat's points as the model counts them: public ones, and its hidden victory point cards
/// when it is `own`, the seat whose view this is.
fn points(view: &PlayerView<'_>, s: Seat, own: Option<Seat>) -> u8 {
    let p = view.player(s).points;
    if own == Some(s) && s == view.seat() { p.saturating_add(view.dev_cards()[DevCard::VictoryPoint]) } else { p }
}

/// The softmax's chances kept off 0 and 1 while the game goes on: each is mixed with an even
/// share so that none is below `floor` ([`FLOOR`]; they still sum to 1).
pub fn floored(p: f64, players: usize, floor: f64) -> f64 {
    floor + (1.0 - players as f64 * floor) * p
}

/// Every seat's chance to win, by seat index.
#[derive(Clone, Debug, PartialEq)]
pub struct Chances(pub Vec<f64>);

impl Chances {
    /// From public facts alone: what anyone at the table may estimate (the game's story), with
    /// no seat's player known.
    pub fn public(view: &PlayerView<'_>) -> Chances {
        Chances::public_at(view, &Table::default())
    }

    /// [`Chances::public`] with who plays each seat (a record's seat kinds).
    pub fn public_at(view: &PlayerView<'_>, table: &Table) -> Chances {
        Chances::with(view, None, table)
    }

    /// As `view`'s seat may estimate them: public facts and its own hidden victory points, no
    /// seat's player known.
    pub fn for_seat(view: &PlayerView<'_>) -> Chances {
        Chances::for_seat_at(view, &Table::default())
    }

    /// [`Chances::for_seat`] with who plays each seat.
    pub fn for_seat_at(view: &PlayerView<'_>, table: &Table) -> Chances {
        Chances::with(view, Some(view.seat()), table)
    }

    /// By `table`'s players and weights; `own` counts that seat's hidden victory points (it
    /// must be the view's seat). Once the game is over, 1 for each winner shared equally;
    /// before, never below [`FLOOR`].
    pub fn with(view: &PlayerView<'_>, own: Option<Seat>, table: &Table) -> Chances {
        let w = table.weights;
        let n = view.num_players();
        if let crate::engine::Phase::Over { winner, shared } = view.phase() {
            // A shared win (R57) is shared equally.
            let winners = shared.with(winner);
            let share = 1.0 / view.seats().filter(|&s| winners.contains(s)).count() as f64;
            return Chances(view.seats().map(|s| if winners.contains(s) { share } else { 0.0 }).collect());
        }
        let scores: Vec<f64> =
            view.seats().map(|s| score(&table.terms(view, s, points(view, s, own), None), w)).collect();
        Chances(softmax(&scores).into_iter().map(|p| floored(p, n, table.floor)).collect())
    }

    /// The chance of seat `s`.
    pub fn of(&self, s: Seat) -> f64 {
        self.0[s.index()]
    }
}

/// The chance for `me` in a (determinized) game, as `me` would estimate it, with `table`'s
/// players.
pub fn chance_in(game: &Game, me: Seat, table: &Table) -> f64 {
    Chances::for_seat_at(&game.view(me), table).of(me)
}

/// `me`'s chance in `game` as `me` estimates it ([`chance_in`]), and for each of `corners` the
/// chance as if `me` also produced there ([`features_with`]: the corner's pips, kinds and
/// harbor, not its point), the other seats as they are.
pub fn chance_with_corners(game: &Game, me: Seat, corners: &[Vertex], table: &Table) -> (f64, Vec<f64>) {
    let view = game.view(me);
    if view.winner().is_some() {
        let c = chance_in(game, me, table);
        return (c, vec![c; corners.len()]);
    }
    let n = view.num_players();
    let own = Some(me);
    let others: Vec<f64> = view
        .seats()
        .filter(|&s| s != me)
        .map(|s| score(&table.terms(&view, s, points(&view, s, own), None), table.weights))
        .collect();
    let mine = |extra| {
        let own = score(&table.terms(&view, me, points(&view, me, own), extra), table.weights);
        floored(1.0 / (1.0 + others.iter().map(|o| (o - own).exp()).sum::<f64>()), n, table.floor)
    };
    (mine(None), corners.iter().map(|&v| mine(Some(v))).collect())
}

/// Shares of the exponentials, computed stably.
pub fn softmax(scores: &[f64]) -> Vec<f64> {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.iter().map(|x| x / sum).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Config;

    #[test]
    fn chances_sum_to_one_and_are_even_at_the_start() {
        let game = Game::new(Config::default(), 3).unwrap();
        let c = Chances::public(&game.view(Seat(0)));
        assert!((c.0.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(c.0.iter().all(|&p| (p - 0.25).abs() < 1e-9), "{c:?}");
    }

    /// A: four cities (8 points of 10) on the island's best corners, the others nothing.
    fn runaway() -> Game {
        use crate::engine::{Hex, MapId, Scenario};
        let topo = MapId::Standard.topology();
        let mut s = Scenario::new(Config::default(), 5);
        for h in [0u8, 4, 9, 14] {
            s = s.city(Seat(0), topo.hex_vertices(Hex(h))[0]);
        }
        s.turn(Seat(1)).build().unwrap()
    }

    /// Issue 41: no 0% or 100% while the game can still turn. A leader at 8 of 10 points with
    /// twelve times anyone's production read 99.99% before, its rivals 0.00%.
    #[test]
    fn no_seat_reads_0_or_100_percent_before_the_game_is_over() {
        let g = runaway();
        for c in [Chances::public(&g.view(Seat(1))), Chances::for_seat(&g.view(Seat(0)))] {
            assert!(c.0.iter().all(|&p| (FLOOR..=1.0 - FLOOR).contains(&p)), "{c:?}");
            assert!((c.0.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(c.of(Seat(0)) > 0.9, "{c:?}");
        }
        // Before the floor: the model alone.
        let bare = Chances::with(&g.view(Seat(1)), None, &Table { floor: 0.0, ..Table::UNKNOWN });
        assert!(bare.of(Seat(1)) < FLOOR, "{bare:?}");
    }

    /// Issue 41: the advice gives no move 0% or 100% while the game can turn, but a move that
    /// wins at once reads 100%. A (7 of 8 points, a city paid for) may win now; B, far behind,
    /// rolls. Before, B's roll read 0.00% and every playout A won read 100%.
    #[test]
    fn the_advice_reads_0_or_100_percent_only_for_a_move_that_wins_at_once() {
        use crate::engine::{Action, Hand, Hex, MapId, Scenario};
        use std::time::Duration;
        let topo = MapId::Standard.topology();
        let mut s = Scenario::new(Config { target: 8, ..Config::default() }, 5);
        for h in [0u8, 4, 9] {
            s = s.city(Seat(0), topo.hex_vertices(Hex(h))[0]);
        }
        let s = s.settlement(Seat(0), topo.hex_vertices(Hex(14))[0]).hand(Seat(0), Hand::new([0, 0, 0, 2, 3]));
        let settings = super::super::Settings { worlds: 3, budget: Duration::from_secs(600), ..Default::default() };
        let mut behind = s.clone().turn(Seat(1)).build().unwrap();
        behind.apply(Action::RollDice).ok();
        let g = s.turn(Seat(0)).rolled().build().unwrap();
        let a = super::super::advise_with(&g.view(Seat(0)), &[], settings);
        assert!(a.now <= 1.0 - FLOOR && a.now > 0.9, "{}", a.now);
        let city = a.moves.iter().find(|m| matches!(m.action, Action::BuildCity(_))).expect("the city is advised");
        assert_eq!(city.chance, 1.0);
        assert!(a.moves.iter().all(|m| m.chance == 1.0 || m.chance <= 1.0 - FLOOR), "{:?}", a.moves);
        let b = super::super::advise_with(&behind.view(behind.to_act()), &[], settings);
        assert!(!b.moves.is_empty());
        assert!(b.moves.iter().all(|m| m.chance >= FLOOR) && b.now >= FLOOR, "{:?}", b.moves);
    }

    /// Issue 41: who plays a seat is a term of its own; the same position reads alike for every
    /// seat of one level, and a known player moves its seat's chance by its fitted weight.
    #[test]
    fn who_plays_a_seat_moves_its_chance_by_the_levels_weight() {
        let g = Game::new(Config::default(), 3).unwrap();
        let view = g.view(Seat(0));
        let table = Table::of_levels([Some(BotLevel::Hard), Some(BotLevel::Medium), Some(BotLevel::Medium)]);
        let c = Chances::public_at(&view, &table);
        let f = features(&view, Seat(0), 0, Player::Bot(BotLevel::Hard));
        assert_eq!((f.hard, f.expert, f.easy), (1.0, 0.0, 0.0));
        assert_eq!(features(&view, Seat(0), 0, Player::Coached).expert, 1.0);
        let medium = c.of(Seat(1));
        assert!((c.of(Seat(2)) - medium).abs() < 1e-12 && (c.of(Seat(3)) - medium).abs() < 1e-12);
        let odds = c.of(Seat(0)) / medium;
        // At 0 points the late term is 0: the odds are the hard term's exponential, floored.
        let raw = WEIGHTS.hard.exp();
        let expect = (FLOOR + (1.0 - 4.0 * FLOOR) * raw / (raw + 3.0)) / (FLOOR + (1.0 - 4.0 * FLOOR) / (raw + 3.0));
        assert!((odds - expect).abs() < 1e-9, "{odds} {expect}");
    }

    /// Issue 41: where the fit saw no games like this one, the model says so.
    #[test]
    fn the_model_says_where_it_cannot_tell() {
        use crate::engine::Modules;
        assert_eq!(reading(&Config::default()), Reading::Tells);
        assert_eq!(reading(&Config::default().with_modules(Modules::WAR)), Reading::Tells);
        assert!(matches!(reading(&Config::with_players(2)), Reading::CannotTell(w) if w.contains("not 2")));
        assert!(matches!(reading(&Config { target: 15, ..Config::default() }), Reading::CannotTell(_)));
        assert!(matches!(reading(&Config::default().with_modules(Modules::LAND)), Reading::CannotTell(_)));
    }

    #[test]
    fn a_hand_over_the_discard_limit_counts_what_a_seven_would_leave() {
        use crate::engine::{Action, Hand, Scenario};
        let holding = |cards: u8| {
            let hand = Hand::new([0, 0, cards, 0, 0]);
            let mut g = Scenario::new(Config::default(), 5).hand(Seat(0), hand).turn(Seat(0)).rolled().build().unwrap();
            // The turn ended: three rolls of the others and A's own before A may spend.
            g.apply(Action::EndTurn).unwrap();
            assert_eq!(rolls_before_spending(&g.view(Seat(0)), Seat(0)), 4);
            features(&g.view(Seat(0)), Seat(0), 0, Player::Unknown).kept
        };
        // Seven cards (the limit) are safe; nine lose four to a 7 with chance 1 - (5/6)^4.
        assert!((holding(7) - 0.7).abs() < 1e-9, "{}", holding(7));
        let seven = 1.0 - (5.0f64 / 6.0).powi(4);
        assert!((holding(9) - (9.0 - 4.0 * seven) / 10.0).abs() < 1e-9, "{}", holding(9));
        assert!(holding(9) < holding(7) + 0.1, "two more cards are worth less than two safe ones");
        // Thirteen lose six: the hand counts 13 - 6 x P(a 7 in four rolls), about 9.9 cards.
        assert!((holding(13) - (13.0 - 6.0 * seven) / 10.0).abs() < 1e-9, "{}", holding(13));
    }
}
