//! The hidden-information fixture (H1, H2): two games that differ only in what seat A can't
//! see, for the view tests (A's view can't tell them apart) and the bot tests (A's bot decides
//! the same in both); and [`redeal`], any game's hidden hands dealt afresh for one seat.

use catan::bots::SplitMix64;
use catan::engine::{Answer, Config, DevCard, Game, Hand, Hex, MapId, Phase, Resource, Scenario, Seat};

pub const A: Seat = Seat(0);
pub const B: Seat = Seat(1);
pub const C: Seat = Seat(2);

/// A's turn 1, before the roll: A has two settlements with roads, a knight to play and cards to
/// build with or trade; B and C have a settlement each beside A's.
pub fn position() -> Scenario {
    let topo = MapId::Standard.topology();
    let corner = |h: u8, c: usize| topo.hex_vertices(Hex(h))[c];
    let side = |h: u8, s: usize| topo.hex_edges(Hex(h))[s];
    Scenario::new(Config::default(), 5)
        .settlement(A, corner(4, 0))
        .road(A, side(4, 0))
        .road(A, side(4, 5))
        .settlement(A, corner(14, 3))
        .settlement(B, corner(5, 3))
        .settlement(C, corner(9, 3))
        .hand(A, Hand::new([2, 2, 1, 3, 4]))
        .dev(A, DevCard::Knight)
        .turn(A)
}

/// [`position`] twice, differing only in what A can't see: B's and C's hands (the same counts,
/// six and three cards), B's hidden development card (a knight, or a victory point), the
/// deck's order and the dice to come (6, or 8).
pub fn twins() -> (Scenario, Scenario) {
    let one = position()
        .hand(B, Hand::new([2, 1, 0, 0, 3]))
        .hand(C, Hand::new([0, 0, 1, 1, 1]))
        .dev(B, DevCard::Knight)
        .next_roll(6);
    let two = position()
        .hand(B, Hand::new([0, 1, 1, 1, 3]))
        .hand(C, Hand::new([2, 0, 0, 0, 1]))
        .dev(B, DevCard::VictoryPoint)
        .deck_top(DevCard::Monopoly)
        .next_roll(8);
    (one, two)
}

/// The cards the open offer shows a player holds, whoever looks: the offerer what they offered
/// (checked at the offer), a player who countered their own side of it (checked against their
/// hand, H4a). An accept shows nothing (H4), nor does what a counter asks of the offerer.
pub fn shown(game: &Game, s: Seat) -> Hand {
    match game.phase() {
        Phase::Trade { give, .. } if s == game.current_player() => give,
        Phase::Trade { answers, .. } => match answers[s.index()] {
            Answer::Counter { get, .. } => get,
            _ => Hand::EMPTY,
        },
        _ => Hand::EMPTY,
    }
}

/// `game` with the resource cards `me` can't see dealt afresh from `seed` among the other
/// players, each keeping their count and what the open offer shows they hold ([`shown`]): a
/// game `me`'s view can't tell from `game`. The bank, the pieces and the phase stay.
pub fn redeal(game: &Game, me: Seat, seed: u64) -> Game {
    let others: Vec<Seat> = game.seats().filter(|&s| s != me).collect();
    let mut pool = Vec::new();
    let mut kept = Vec::new();
    for &s in &others {
        let (mut hidden, show) = (game.view(s).hand(), shown(game, s));
        hidden.sub(&show);
        for r in Resource::CARDS {
            pool.extend(std::iter::repeat_n(r, hidden[r] as usize));
        }
        kept.push((s, show, hidden.total()));
    }
    let mut rng = SplitMix64::new(seed);
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.below(i + 1));
    }
    // Every hand back to the bank first, so no deal asks the bank for more than it has.
    let mut scenario = others.iter().fold(Scenario::from_game(*game), |sc, &s| sc.hand(s, Hand::EMPTY));
    let mut dealt = pool.into_iter();
    for (s, mut hand, n) in kept {
        for r in dealt.by_ref().take(n as usize) {
            hand[r] += 1;
        }
        scenario = scenario.hand(s, hand);
    }
    scenario.build().expect("the same cards, dealt again")
}
