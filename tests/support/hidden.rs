//! The hidden-information fixture (H1, H2): two games that differ only in what seat A can't
//! see, for the view tests (A's view can't tell them apart) and the bot tests (A's bot decides
//! the same in both).

use catan::engine::{Config, DevCard, Hand, Hex, MapId, Scenario, Seat};

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
