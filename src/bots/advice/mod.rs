//! Advice at the table: a seat's best moves, ranked, each with the estimated chance to win
//! after it and its reason in plain words, computed from the seat's own view alone (like the
//! bots: never another hand, the deck's order or the dice to come), and never touching the
//! game or its random draws.
//!
//! How it ranks ([`advise`]):
//! 1. the legal actions are grouped into real choices ([`group`]: forty roads that open no new
//!    corner are one choice) and each group is ranked one move deep by the hard player's value
//!    (`own_value` of the hard player ([`crate::bots::HardBot`]), averaged over the roll's totals, the card a purchase may draw,
//!    the card a steal may take); the best action of each group stands for it;
//! 2. the best [`CANDIDATES`] groups (and ending the turn, when it is legal, so that whether to
//!    end the turn is always weighed) are played out in worlds dealt afresh from the seat's
//!    view, as the hard player plays them out (the hard player's: every seat greedy by its own
//!    value) to the end of the seat's next turn, every candidate judged at the same moment; in
//!    set-up, where set-up ends, the others' replies drawn afresh in each world among their
//!    best corners (`setup.rs`: the greedy playouts would reply one way only);
//! 3. where each playout ends is scored by [`chance`]'s model: the seat's chance to win,
//!    averaged over the worlds, plus a share of what the corners opened by then would add
//!    (every road the seat built since the moment asked, the move's or the playout's, and with
//!    knight units the move's knight hex: [`horizon`]; the playouts mostly end before a corner
//!    is settled). That mean is the number shown, and moves are ranked by
//!    it. Its change is against the same playouts with no move forced (the seat playing on as
//!    the playouts play, in the same worlds, to the same moment): "now" is the chance of the
//!    position as the seat would play it on autopilot, and a move's change is what it adds.
//!
//! [`quick`] is the status bar's tip: the list's first line, the same computation (a cheaper
//! search, [`Settings::quick`], named a move the list put third and could read "-2").
//!
//! ## Only real moves, and whole choices
//! Every move listed can be made from the seat's own view and does what its reason says: an
//! accept the seat can't pay from its own hand is not listed (H4 lets it be said; the confirm
//! would fail), a trade "completes" a piece only where the piece can go (else it says what is
//! missing: [`choice::completes`]), set-up's "leaves" names the next seat still to place and a
//! corner set-up lets it take. Where the engine takes a choice a card at a time (a 7's
//! discard, the no-robber 7's cards) the advice weighs the whole set the dialog takes
//! ([`choice::card_sets`]); the robber's victims are each a move; and when a trade with one
//! player would complete a piece the seat can place, the offer is a move ([`choice::offers`]):
//! played out as taken in the worlds where its partner holds the cards and gains by it (as the
//! bots answer), weighed by how often that is, which the reason says. That chance reads the
//! cards the others hold together (supply less the bank and the seat's hand), dealt at random
//! to each by their count: no record of who was seen to take or spend what.
//!
//! Close numbers read as ties ([`Advised::tie`], within [`TIE`]); "now" is never above the best
//! move's chance, so the first move never reads as a loss, and a forced move reads +0. A tie
//! is broken as a strong player breaks it ([`choice::tie_rank`]): a move that scores now
//! first, a 7's discard toward the cards that build, the robber toward the leader.
//!
//! ## The turn remembered, and who is winning (issue 48)
//! An offer a seat declined this turn is not advised to it again on the same or worse terms
//! ([`known::Known::turned_down`], from the log the caller passes). An offer from a player near
//! winning, or three points from the target and two ahead, is not to be accepted. The moves
//! are judged with the levels' fading edges read at this moment's points
//! ([`chance::Table::asked_at`]), so no seat's points count for more or less by who earns
//! them, and with the cards the robber's hex keeps from each seat after the playouts end
//! ([`chance::blocked_cards`]): blocking the leader weighs by the leader's chance. A move that
//! doesn't win at once reads at most [`TOP`].
//!
//! ## What the number is
//! The chance is a conditional logit (a softmax over the seats) of public features and of who
//! plays each seat ([`chance`]; the weights are data, [`model`], written by the fit:
//! `cargo run --release --example fit_advice`, [`fit`]). It assumes every seat plays on as
//! the fit's players of its level did, and a seat whose player the caller doesn't give (a
//! person) as a medium player; the expert player gives its own seat as one that plays the
//! advice's first move ([`chance::Table`]). While the game can
//! still turn no seat reads below [`chance::FLOOR`] or above 1 minus it; where the fit saw no
//! games like this one, [`chance::reading`] says so in words. How well it is calibrated, by
//! bucket and by player, and the Brier score against even chances: docs/advice-model.md.
//!
//! Between moves of one turn it moves by what the move adds (a point, pips, a card), so its
//! change is what to weigh. A seat far behind reads near the floor, and its moves often differ
//! by less than the playouts' noise.
//!
//! ## The 7
//! The playouts roll the dice, so a big hand already loses to a 7 in the worlds where one
//! falls before the seat's next turn. Where they end, the model counts the cards a 7 would
//! leave before the seat may spend them again ([`chance::kept_from_a_seven`]: over the
//! discard limit, half the hand times the chance of a 7 in the rolls to come), so a hand kept
//! past the horizon is not worth its full count either.
//!
//! ## Known limits
//! A road's (or knight's) corner is valued at a fixed share ([`horizon::AT_THE_END`],
//! [`horizon::ONE_BEYOND`]), not by how soon the seat can pay for the settlement. The robber's
//! choices often score within a point of each other (a block lasts until the next 7, past the
//! horizon). Read close numbers as a tie.
//!
//! ## Speed
//! At most [`WORLDS`] worlds, and no more than [`BUDGET`] of time (the first world is always
//! played out). The tip ([`quick`]) is the full advice's first move, so it costs what the advice
//! costs (in the terminal's background thread). Measured times (median, 90th percentile, max)
//! over many moments: docs/advice-model.md (`fit_advice --speed`).

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::engine::{Action, Game, NoEvents, Phase, PlayerView, Seat};

use super::alphabeta::spectrum;
use super::hard::{own_value, playout_ends};
use super::random::SplitMix64;
use super::value::{DEFAULT_WEIGHTS, Features};

pub mod chance;
pub mod choice;
pub mod fit;
pub mod group;
pub mod horizon;
pub mod known;
pub mod model;
mod setup;
pub mod story;
pub mod words;

/// The groups played out: the best by the one-move ranking.
pub const CANDIDATES: usize = 6;

/// Worlds played out per candidate at most.
pub const WORLDS: u32 = 96;

/// The time the playouts may take: the advice answers within half a second on a slow machine.
pub const BUDGET: Duration = Duration::from_millis(250);

/// The seed of the worlds dealt: fixed, so the same view always gets the same advice.
const SEED: u64 = 0xAD71CE;

/// One move advised.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advised {
    /// The action (the best of its group; the first of a whole choice).
    pub action: Action,
    /// The whole choice, in order, when it takes more than one action: a 7's discard as the
    /// set the dialog takes (R17), the cards of a 7 without the robber (R45), an offer to a
    /// player (the offer, the partner's accept, the confirm). Empty for a single action.
    pub then: Vec<Action>,
    /// The estimated chance to win after it, 0 to 1 (for an offer, weighed by the chance it
    /// is taken: [`Advised::taken`]).
    pub chance: f64,
    /// Its change from the chance now.
    pub change: f64,
    /// The reason, in plain words.
    pub reason: String,
    /// How many legal actions its group holds (1: the action alone).
    pub alike: usize,
    /// For an offer to a player, the chance it is taken, from what the seat can see.
    pub taken: Option<f64>,
    /// Within [`TIE`] of the first move's chance (the first itself: `false`): too close to tell
    /// apart, read as a tie.
    pub tie: bool,
}

/// Moves whose chances are closer than this (or a tenth of the best chance, when that is
/// smaller) read as ties: the worlds played out can't tell them apart.
pub const TIE: f64 = 0.01;

/// A seat's advice: its moves ranked, best first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    /// The seat advised.
    pub seat: Seat,
    /// Its estimated chance to win now: played on by the playouts' own choices from here, to
    /// the moment the moves are judged at, and never above the best move's (the model's chance
    /// of the position itself when there is nothing to advise).
    pub now: f64,
    /// The moves, best first (every legal choice when there are fewer than three).
    pub moves: Vec<Advised>,
    /// The worlds each move was played out in.
    pub worlds: u32,
}

/// How much to search: [`Default`] is [`WORLDS`] worlds within [`BUDGET`], [`CANDIDATES`]
/// groups played out; [`Settings::quick`] a cheap search.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Worlds played out at most.
    pub worlds: u32,
    /// The time the playouts may take (the first world is always played out).
    pub budget: Duration,
    /// The groups played out (and ending the turn, when legal).
    pub candidates: usize,
    /// Who plays each seat, as the chance model reads it ([`chance::Table`]): a seat not given
    /// reads as a medium player; the expert player gives its own seat as
    /// [`chance::Player::Coached`].
    pub table: chance::Table,
    /// The cards the seat saw each other seat receive and not spend ([`known::known`]): the
    /// worlds played out deal them those at least, so an offer's chance of being taken reads
    /// each partner's hand as the table saw it. Nothing known by default (a view alone).
    pub known: known::Known,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            worlds: WORLDS,
            budget: BUDGET,
            candidates: CANDIDATES,
            table: chance::Table::default(),
            known: known::NOTHING,
        }
    }
}

impl Settings {
    /// A cheap search: the best three groups and ending the turn, in [`QUICK_WORLDS`] worlds,
    /// with no time budget (a guard of a second only), a function of the view alone whatever
    /// the machine's load. Its first move may differ from the full search's, so the tip
    /// ([`quick`]) no longer uses it.
    pub fn quick() -> Settings {
        Settings { worlds: QUICK_WORLDS, budget: Duration::from_secs(1), candidates: 3, ..Settings::default() }
    }
}

/// Worlds [`Settings::quick`] plays out.
pub const QUICK_WORLDS: u32 = 6;

/// The best move alone, for the status bar's tip at each of a beginner's moments ("tips", a
/// per-seat setting): the first line of [`advise`], the same computation, so the tip and the
/// list never disagree (a cheaper search, [`Settings::quick`], named a move the list put third).
/// `None` when there is nothing to advise (the game over, or not the seat's to act).
pub fn quick(view: &PlayerView<'_>, names: &[String]) -> Option<Advised> {
    advise(view, names).moves.into_iter().next()
}

/// The advice for the seat of `view`, which must be the seat to act; `names` names the seats
/// in the reasons. An empty advice when the game is over.
pub fn advise(view: &PlayerView<'_>, names: &[String]) -> Advice {
    advise_with(view, names, Settings::default())
}

/// An offer taken in fewer of the worlds than this is no move worth making (a partner who
/// almost surely holds none of what is asked, or would not gain by it).
const RARELY_TAKEN: f64 = 0.05;

/// The most offers to players played out, beside the [`Settings::candidates`].
const OFFERS: usize = 2;

/// One candidate: its one-move value, its actions, how many legal actions it stands for.
struct Candidate {
    value: f64,
    choice: Vec<Action>,
    alike: usize,
}

/// [`advise`] with the search's size given. With time to spare (a budget out of reach), the
/// advice is a function of the view alone.
pub fn advise_with(view: &PlayerView<'_>, names: &[String], settings: Settings) -> Advice {
    let me = view.seat();
    // Every move judged with the levels' terms read at this moment's points (issue 48).
    let table = settings.table.asked_at(view);
    let now = chance::Chances::for_seat_at(view, &table).of(me);
    let mut advice = Advice { seat: me, now, moves: Vec::new(), worlds: 0 };
    if view.winner().is_some() || !view.is_to_act() {
        return advice;
    }
    let deadline = Instant::now() + settings.budget;
    let mut rng = SplitMix64::new(SEED);
    let first = view.determinize_knowing(&mut rng, &settings.known.hands);
    let mut outcomes = Vec::new();
    // 1. The choices, each group by its best action one move deep: whole sets where the engine
    // takes a card at a time, else the legal actions grouped (an accept the seat can't pay
    // from its own hand is no move: H4 lets it be said, the confirm would fail).
    let sets = choice::card_sets(view, &first);
    let mut ranked: Vec<Candidate> = if sets.is_empty() {
        let mut actions = view.legal_actions();
        if super::cannot_pay(view) || from_the_leader(view) {
            actions.retain(|a| *a != Action::AcceptTrade);
        }
        if let Some(counter) = counter(view, &first) {
            actions.push(counter);
        }
        group::group(view, &actions)
            .into_iter()
            // The robber's victims are ranked, each a move: the step after the hex asks whom.
            .flat_map(|g| {
                if matches!(g[0], Action::MoveRobber { .. }) {
                    g.into_iter().map(|a| vec![a]).collect()
                } else {
                    vec![g]
                }
            })
            .map(|g| {
                let mut best = (f64::NEG_INFINITY, g[0]);
                for &a in &g {
                    let v = one_move(&first, &[a], me, &mut outcomes);
                    if v > best.0 {
                        best = (v, a);
                    }
                }
                Candidate { value: best.0, choice: vec![best.1], alike: g.len() }
            })
            .collect()
    } else {
        sets.into_iter()
            .map(|choice| Candidate { value: one_move(&first, &choice, me, &mut outcomes), choice, alike: 1 })
            .collect()
    };
    ranked.sort_by(|a, b| b.value.total_cmp(&a.value));
    let end = ranked.iter().position(|r| r.choice == [Action::EndTurn]);
    let keep = settings.candidates.max(1);
    if let Some(i) = end.filter(|&i| i >= keep) {
        let e = ranked.remove(i);
        ranked.truncate(keep);
        ranked.push(e);
    } else {
        ranked.truncate(keep);
    }
    // Offers to players, the best by the hand they would leave, played out as taken.
    let mut offers: Vec<Candidate> = choice::offers(view, &first, &settings.known)
        .into_iter()
        .map(|choice| Candidate { value: one_move(&first, &choice, me, &mut outcomes), choice, alike: 1 })
        .collect();
    offers.sort_by(|a, b| b.value.total_cmp(&a.value));
    ranked.extend(offers.into_iter().take(OFFERS));
    // 2, 3. Playouts, scored by the model; the last column is the seat on autopilot (the
    // playout's own choice from here), the baseline each move's change is measured against.
    let tried: Vec<&[Action]> = ranked.iter().map(|r| r.choice.as_slice()).chain([&[][..]]).collect();
    let openings: Vec<Option<horizon::Opening>> =
        tried.iter().map(|c| c.first().and_then(|&a| horizon::Opening::of(view, a))).collect();
    // The seat's roads now: any built after them, by the move or by the playout, is what opens.
    let start = view.road_set(me);
    // Per column: the sum of chances, the worlds counted (an offer counts those it is taken
    // in), and the worlds seen.
    let mut sums = vec![(0.0, 0u32); tried.len()];
    // Every world's row, for the noise between two moves played in the same worlds.
    let mut rows: Vec<Vec<Option<f64>>> = Vec::new();
    let mut done = 0;
    let in_setup = matches!(view.phase(), Phase::Setup { .. });
    'worlds: while done < settings.worlds.max(1) {
        let world = if done == 0 { first } else { view.determinize_knowing(&mut rng, &settings.known.hands) };
        let mut row: Vec<Option<f64>> = Vec::with_capacity(tried.len());
        for (&choice, &opening) in tried.iter().zip(&openings) {
            if in_setup {
                // Every candidate meets the same replies: one draw of them per world.
                let mut replies = SplitMix64::new(SEED ^ u64::from(done + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                // Set-up's own roads are placed by the finish's rule, not chosen: no corner share.
                row.push(Some(chance::chance_in(
                    &setup::finish(world, choice.first().copied(), &mut replies),
                    me,
                    &table,
                )));
                continue;
            }
            if choice::partner(choice).is_some() && !choice::taken(&world, choice) {
                row.push(None);
                continue;
            }
            // The first world is always played out, so there is a number however short the time.
            let limit = if done == 0 { Instant::now() + Duration::from_secs(5) } else { deadline };
            let (mut played, last) = (world, choice.last().copied());
            for &a in choice.iter().take(choice.len().saturating_sub(1)) {
                played.apply_unchecked(a, &mut NoEvents);
            }
            let Some(ends) = playout_ends(played, last, me, limit) else { break 'worlds };
            row.push(Some(ends.iter().map(|(g, p)| p * judged(g, me, opening, start, &table)).sum::<f64>()));
        }
        for (s, x) in sums.iter_mut().zip(&row) {
            if let Some(x) = x {
                s.0 += x;
                s.1 += 1;
            }
        }
        rows.push(row);
        done += 1;
        if Instant::now() >= deadline {
            break;
        }
    }
    advice.worlds = done;
    let mean = |(sum, n): (f64, u32)| (n > 0).then(|| sum / f64::from(n));
    let now = mean(sums[ranked.len()]).unwrap_or(advice.now);
    let mut moves: Vec<(f64, usize, Option<f64>, f64)> = Vec::new();
    for (i, r) in ranked.iter().enumerate() {
        let Some(mut m) = mean(sums[i]) else { continue };
        // A move that wins at once, whatever the hidden cards and the dice, is a certainty, not
        // the floor's 1 - FLOOR every other playout's win reads.
        if let [a] = r.choice[..]
            && wins_at_once(&first, a, me)
        {
            m = 1.0;
        }
        if choice::partner(&r.choice).is_some() {
            // An offer: its chance if taken, weighed by how often it is (else the seat plays on);
            // one that gains nothing if taken is no move worth making.
            let taken = f64::from(sums[i].1) / f64::from(done.max(1));
            if m <= now || taken < RARELY_TAKEN {
                continue;
            }
            moves.push((taken * m + (1.0 - taken) * now, i, Some(taken), m));
        } else {
            moves.push((m, i, None, m));
        }
    }
    // Stable: on a tie the better one move deep stays first.
    moves.sort_by(|a, b| b.0.total_cmp(&a.0));
    // Two moves tie when closer than TIE (a tenth of the best, when smaller) or than the
    // worlds can tell apart (two standard errors of their difference, world by world).
    let band = |top: f64, i: usize, j: usize| TIE.min(top / 10.0).max(apart(&rows, i, j));
    // A tie is broken as a strong player breaks it: a move that scores now, a 7's discard that
    // keeps what builds, the robber to the leader.
    if let Some(&(top, t, ..)) = moves.first() {
        let rank = |k: usize| choice::tie_rank(view, &first, &ranked[moves[k].1].choice);
        let tied = |k: usize| {
            let (m, i, taken, _) = moves[k];
            // An offer's chance mixes its worlds with the others': its own band is TIE's.
            let band = if taken.is_some() || moves[0].2.is_some() { TIE.min(top / 10.0) } else { band(top, t, i) };
            top - m < band
        };
        if let Some(k) = (0..moves.len()).filter(|&k| tied(k)).min_by_key(|&k| (rank(k), k)) {
            let m = moves.remove(k);
            moves.insert(0, m);
        }
    }
    // "Now" is never above the best move: the autopilot plays one of the moves, and a gap the
    // other way is the worlds' noise, which would show every move, the best too, as a loss.
    let best = moves.first().map_or(now, |m| m.0);
    advice.now = now.min(best);
    // A forced move changes nothing: "now" is that move (issue 48: a forced roll read +5).
    if let [only] = &ranked[..]
        && only.alike == 1
        && moves.len() == 1
    {
        advice.now = best;
    }
    let first_column = moves.first().map_or(0, |m| m.1);
    let offer_first = moves.first().is_some_and(|m| m.2.is_some());
    advice.moves = moves
        .into_iter()
        .enumerate()
        .map(|(k, (chance, i, taken, if_taken))| {
            let r = &ranked[i];
            let mut reason = words::reason_for(view, &first, &r.choice, r.alike, names);
            if let (Some(p), Some(t)) = (choice::partner(&r.choice), taken) {
                reason.push_str(&words::if_taken(names, p, t, if_taken - advice.now));
            }
            let then = if r.choice.len() > 1 { r.choice.clone() } else { Vec::new() };
            Advised {
                action: r.choice[0],
                then,
                chance,
                change: chance - advice.now,
                reason,
                alike: r.alike,
                taken,
                tie: k > 0 && {
                    let band =
                        if taken.is_some() || offer_first { TIE.min(best / 10.0) } else { band(best, first_column, i) };
                    (best - chance).abs() < band
                },
            }
        })
        .collect();
    advice
}

/// How far apart columns `i` and `j` of the worlds' `rows` must be to be told apart: two
/// standard errors of their mean difference over the worlds where both were played (0 with
/// fewer than two such worlds).
fn apart(rows: &[Vec<Option<f64>>], i: usize, j: usize) -> f64 {
    let d: Vec<f64> = rows.iter().filter_map(|r| Some(r.get(i).copied()?? - r.get(j).copied()??)).collect();
    if d.len() < 2 {
        return 0.0;
    }
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    2.0 * (var / n).sqrt()
}

/// The chance for `me` where a playout ended in `end`: the model's, and the share of what the
/// roads built since `start` (and a knight move, `opening`) open past the horizon ([`horizon`]).
/// Kept within the table's floor ([`chance::FLOOR`]) of 0 and 1 even where the playout won or lost: the game
/// advised is not over, and a playout's end is not the game's.
fn judged(
    end: &Game,
    me: Seat,
    opening: Option<horizon::Opening>,
    start: crate::engine::PathSet,
    table: &chance::Table,
) -> f64 {
    let c = chance::chance_in(end, me, table) + horizon::worth(end, me, opening, start, table);
    c.clamp(table.floor, TOP.min(1.0 - table.floor))
}

/// The most a move that doesn't win at once reads: below what a whole percent rounds to 100%
/// (issue 48: at war, "100%" with a round still to play; 99.5% showed as 100%).
pub const TOP: f64 = 0.994;

/// Whether `action` wins the game for `me` alone at once in any world: no dice, no card drawn,
/// no fight between it and the win.
fn wins_at_once(world: &Game, action: Action, me: Seat) -> bool {
    if matches!(action, Action::RollDice | Action::BuyDevCard) || super::fight::outcomes(world, action, &mut Vec::new())
    {
        return false;
    }
    let mut after = *world;
    after.apply(action).is_ok() && after.winner() == Some(me) && after.winners().iter().count() == 1
}

/// The value one move deep of `choice` for `me` (its actions played, the last averaged over
/// its outcomes).
fn one_move(first: &Game, choice: &[Action], me: Seat, outcomes: &mut Vec<(Game, f64)>) -> f64 {
    let Some((&last, before)) = choice.split_last() else { return f64::NEG_INFINITY };
    if matches!(last, Action::CounterTrade { .. }) {
        // A counter changes nothing until it is taken; it is weighed as if it were.
        return f64::NEG_INFINITY / 2.0;
    }
    let mut world = *first;
    for &a in before {
        world.apply_unchecked(a, &mut NoEvents);
    }
    spectrum::outcomes(&world, last, outcomes);
    outcomes.iter().map(|(g, p)| p * own_value(g, me, &DEFAULT_WEIGHTS)).sum()
}

/// Whether the offer open to the seat comes from a player close to winning, or three points
/// from the target and two ahead of everyone: a strong player doesn't hand the leader a trade
/// (issue 48), so accepting is no move (declining or a counter that asks more are).
fn from_the_leader(view: &PlayerView<'_>) -> bool {
    let maker = view.current_player();
    if !matches!(view.phase(), Phase::Trade { .. }) || maker == view.seat() {
        return false;
    }
    let points = |s: Seat| u32::from(view.player(s).points);
    let lead = view.seats().filter(|&s| s != maker).map(points).max().unwrap_or(0);
    super::near_win(view, maker) || (points(maker) + 3 >= u32::from(view.config().target) && points(maker) >= lead + 2)
}

/// The counter-offer the medium player would make to an offer received, if any.
fn counter(view: &PlayerView<'_>, world: &Game) -> Option<Action> {
    let Phase::Trade { .. } = view.phase() else { return None };
    let me = view.seat();
    super::offer::counter(view, |h| Features::with_hand(world, me, h).value(&DEFAULT_WEIGHTS))
}
