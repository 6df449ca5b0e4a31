//! Whole choices and what a trade completes. The engine takes some choices a card at a time
//! (a 7's discard, R17; the no-robber 7's cards, R45) where the table's dialog takes the whole
//! set at once, and it lists no offer to a player (their terms are open): here the advice
//! makes them moves a player would make. A choice is the actions that make it, in order; the
//! seat's own, except an offer's, which is played out as its partner taking it ([`offers`]).
//! What a trade "completes" is said only when the piece has somewhere to go ([`completes`]).

use crate::engine::{Action, Board, Game, Hand, NoEvents, Phase, PlayerView, Resource, Seat, SeatSet};

use super::super::near_win;
use super::super::value::{DEFAULT_WEIGHTS, Features};
use super::chance::production_on;
use super::known::Known;

/// What a hand newly pays for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Completes {
    /// A piece the seat can place once it pays: "a settlement".
    Build(&'static str),
    /// The cards of a piece with nowhere to go yet, and what is missing ("no open corner on
    /// your roads").
    Cards { what: &'static str, missing: &'static str },
}

/// What `after` pays for that `before` could not, the first of a city, a settlement, a
/// development card and a road that the seat could also place (in `world`, any world dealt
/// from its view: the pieces are public); else the first it pays for without a place, with
/// what is missing. `None` when it pays for nothing new.
pub fn completes(view: &PlayerView<'_>, world: &Game, before: Hand, after: Hand) -> Option<Completes> {
    let c = &view.config().costs;
    let me = view.seat();
    let (roads, settlements, cities) = view.player(me).pieces_left;
    let missing = |piece: usize| -> Option<&'static str> {
        match piece {
            0 if cities == 0 => Some("no city left in your supply"),
            0 if view.settlement_set(me).is_empty() => Some("no settlement of yours to make a city of"),
            1 if settlements == 0 => Some("no settlement left in your supply"),
            1 if world.settlement_sites(me).is_empty() => Some("no open corner on your roads yet: a road first"),
            2 if view.deck_len() == 0 => Some("the deck is empty"),
            3 if roads == 0 => Some("no road left in your supply"),
            3 if world.road_candidates(me).is_empty() => Some("no path open to a road"),
            _ => None,
        }
    };
    let new: Vec<(usize, &'static str)> =
        [(c.city, "a city"), (c.settlement, "a settlement"), (c.development, "a development card"), (c.road, "a road")]
            .into_iter()
            .enumerate()
            .filter(|(_, (cost, _))| after.contains(cost) && !before.contains(cost))
            .map(|(i, (_, what))| (i, what))
            .collect();
    if let Some(&(_, what)) = new.iter().find(|(i, _)| missing(*i).is_none()) {
        return Some(Completes::Build(what));
    }
    new.first().map(|&(i, what)| Completes::Cards { what, missing: missing(i).unwrap_or_default() })
}

/// The choices of a moment the engine takes a card at a time, each as the whole set: every
/// set of cards the seat may discard to a 7 (R17), or take for one building when there is no
/// robber (R45). Empty at any other moment. Sets, not orders: each is listed once, its cards
/// in the order of [`Resource::CARDS`].
pub fn card_sets(view: &PlayerView<'_>, world: &Game) -> Vec<Vec<Action>> {
    let me = view.seat();
    let same_moment = |g: &Game| match (view.phase(), g.phase()) {
        (Phase::Discard { .. }, Phase::Discard { remaining }) => g.to_act() == me && remaining[me.index()] > 0,
        (Phase::Plenty { seat, at, .. }, Phase::Plenty { seat: s, at: a, .. }) => seat == s && at == a,
        _ => false,
    };
    if !matches!(view.phase(), Phase::Discard { .. } | Phase::Plenty { .. }) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut path = Vec::new();
    sets_from(world, 0, &same_moment, &mut path, &mut out);
    out
}

/// The most sets [`card_sets`] lists (a hand of 20 discarding 10 has a few hundred).
const MOST_SETS: usize = 2000;

/// Depth first: each set once, its kinds in non-decreasing order from `from`.
fn sets_from(
    game: &Game,
    from: usize,
    same_moment: &dyn Fn(&Game) -> bool,
    path: &mut Vec<Action>,
    out: &mut Vec<Vec<Action>>,
) {
    if out.len() >= MOST_SETS {
        return;
    }
    if !path.is_empty() && !same_moment(game) {
        out.push(path.clone());
        return;
    }
    for a in game.legal_actions() {
        let (Action::Discard(r) | Action::TakeCard(r)) = a else { continue };
        let i = Resource::CARDS.iter().position(|&k| k == r).unwrap_or(0);
        if i < from {
            continue;
        }
        let mut next = *game;
        next.apply_unchecked(a, &mut NoEvents);
        path.push(a);
        sets_from(&next, i, same_moment, path, out);
        path.pop();
    }
}

/// How a strong player breaks a tie between two choices, lowest first (issue 48): a 7's
/// discard by how well the cards it leaves build (0 a city's cards, 1 a settlement's, 2 a
/// development card's, 3 a road's, each only where the piece can go; of six tied discards
/// the first listed threw away the brick the kept settlement needed); the robber toward the
/// player with the most points, robbed, then blocked hardest (it robbed a 5-point player
/// beside a 7-point leader, all tied); a building on the corner that produces most now (a city
/// under the robber tied with one on a free corner of one pip less). Before all these, a move that scores now (a building,
/// an award: a knight taking Largest Army read as a tie with ending the turn). Other choices
/// rank alike.
pub fn tie_rank(view: &PlayerView<'_>, world: &Game, choice: &[Action]) -> (u32, u32, u32) {
    let me = view.seat();
    let scored = match choice {
        [a] => {
            let mut after = *world;
            let before = after.view(me).player(me).points;
            if after.apply(*a).is_ok() { after.view(me).player(me).points.saturating_sub(before) } else { 0 }
        }
        _ => 0,
    };
    let (a, b) = match choice {
        [Action::MoveRobber { hex, victim }] => {
            let points = |s: Seat| u32::from(view.player(s).points);
            let leader = view.seats().filter(|&s| s != me).max_by_key(|&s| (points(s), std::cmp::Reverse(s.0)));
            let blocked = leader.map_or(0, |l| production_on(view, l, *hex));
            (100 - victim.map_or(0, points).min(100), 1000 - blocked.min(1000))
        }
        _ if matches!(view.phase(), Phase::Discard { .. })
            && choice.iter().all(|a| matches!(a, Action::Discard(_))) =>
        {
            let mut kept = view.hand();
            kept.sub(&cards_of(choice));
            let rank = match completes(view, world, Hand::EMPTY, kept) {
                Some(Completes::Build(what)) => {
                    ["a city", "a settlement", "a development card", "a road"].iter().position(|w| *w == what)
                }
                _ => None,
            };
            // Then a hand one card short of a city, or of a settlement, where it can go.
            let c = view.config().costs;
            let short = |cost: &Hand| Resource::ALL.iter().map(|&r| cost[r].saturating_sub(kept[r])).sum::<u8>() == 1;
            let (_, settlements, cities) = view.player(me).pieces_left;
            let near = if !view.settlement_set(me).is_empty() && cities > 0 && short(&c.city) {
                Some(4)
            } else if !world.settlement_sites(me).is_empty() && settlements > 0 && short(&c.settlement) {
                Some(5)
            } else {
                None
            };
            (rank.map_or(near.unwrap_or(6), |r| r as u32), 0)
        }
        // A building after set-up (whose corners are judged where set-up ends, after the others'
        // replies): the corner that produces most now (the robber's hex left out).
        [Action::BuildCity(v) | Action::BuildSettlement(v)] if !matches!(view.phase(), Phase::Setup { .. }) => {
            let board = view.board();
            let pips: u32 = view
                .topology()
                .vertex_hexes(*v)
                .iter()
                .filter(|&&h| h != board.robber())
                .map(|&h| board.token(h).map_or(0, |t| u32::from(Board::pips(t))))
                .sum();
            (0, 100 - pips.min(100))
        }
        _ => (0, 0),
    };
    (10 - u32::from(scored.min(10)), a, b)
}

/// The cards of a set of discards or takes.
pub fn cards_of(choice: &[Action]) -> Hand {
    let mut h = Hand::EMPTY;
    for a in choice {
        if let Action::Discard(r) | Action::TakeCard(r) = *a {
            h.add(&Hand::of(r, 1));
        }
    }
    h
}

/// Offers to one player each that would complete a build the seat can place: for each such
/// build it is one card short of, its most plentiful spare card for the missing one, to every
/// player not within two points of winning who may be asked. As choices: the offer, the
/// partner's accept, the seat's confirm. The turn is remembered (issue 48): no offer to a
/// player who turned down the same or worse terms this turn ([`Known::turned_down`]).
pub fn offers(view: &PlayerView<'_>, world: &Game, known: &Known) -> Vec<Vec<Action>> {
    let me = view.seat();
    if view.phase() != Phase::Main || view.current_player() != me {
        return Vec::new();
    }
    let hand = view.hand();
    let c = view.config().costs;
    let mut out = Vec::new();
    for cost in [c.city, c.settlement, c.development, c.road] {
        let missing: Vec<Resource> = Resource::ALL.into_iter().filter(|&r| hand[r] < cost[r]).collect();
        let short: u32 = missing.iter().map(|&r| u32::from(cost[r] - hand[r])).sum();
        let (&[lack], 1) = (&missing[..], short) else { continue };
        let mut after = hand;
        after.add(&Hand::of(lack, 1));
        let mut spare = hand;
        for r in Resource::ALL {
            spare[r] = spare[r].saturating_sub(cost[r]);
        }
        let Some(give) =
            Resource::ALL.into_iter().filter(|&r| spare[r] > 0).max_by_key(|&r| (spare[r], std::cmp::Reverse(r as u8)))
        else {
            continue;
        };
        let mut paid = after;
        paid.sub(&Hand::of(give, 1));
        if !matches!(completes(view, world, hand, paid), Some(Completes::Build(_))) {
            continue;
        }
        for p in view.seats().filter(|&p| p != me && !near_win(view, p)) {
            if known.turned_down(p, Hand::of(give, 1), Hand::of(lack, 1)) {
                continue;
            }
            let offer =
                Action::OfferTrade { give: Hand::of(give, 1), get: Hand::of(lack, 1), to: SeatSet::default().with(p) };
            if view.check(offer).is_ok() && !out.iter().any(|o: &Vec<Action>| o[0] == offer) {
                out.push(vec![offer, Action::AcceptTrade, Action::ConfirmTrade(p)]);
            }
        }
    }
    out
}

/// The partner of an offer choice.
pub fn partner(choice: &[Action]) -> Option<Seat> {
    match choice {
        [Action::OfferTrade { .. }, .., Action::ConfirmTrade(p)] => Some(*p),
        _ => None,
    }
}

/// Whether `partner` would take the offer `choice` makes in `world` (a world dealt from the
/// seat's view): it holds what is asked, and the trade raises its hand's value as the medium
/// player values a hand (the way the bots answer, and a fair guess of a person's answer).
pub fn taken(world: &Game, choice: &[Action]) -> bool {
    let (Some(&Action::OfferTrade { give, get, .. }), Some(p)) = (choice.first(), partner(choice)) else {
        return false;
    };
    let hand = world.view(p).hand();
    if !hand.contains(&get) {
        return false;
    }
    let mut after = hand;
    after.sub(&get);
    after.add(&give);
    let value = |h| Features::with_hand(world, p, h).value(&DEFAULT_WEIGHTS);
    value(after) > value(hand)
}
