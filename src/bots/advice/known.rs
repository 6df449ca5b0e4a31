//! What a seat knows the others hold, from what it saw them receive and spend (issue 41: an
//! offer's chance of being taken reads each partner's hand as the table saw it, not only the
//! cards everyone holds together).
//!
//! A lower bound for each seat, resource by resource, from the game's events as `me` sees them
//! ([`Event::visible_to`]): cards produced, taken from the bank, traded and monopolized are
//! added; cards traded away, spent on a build or a card, discarded or stolen are taken off, and
//! a card lost unseen (a discard or a steal `me` does not see) lowers every resource by one,
//! since any of them may have gone. Taking off more than was known only lowers the bound, so a
//! free build (set-up, the road building card) costs nothing in soundness; a spend whose cost
//! is not a plain one (a unit, R52-R53) forgets the seat's cards. Nothing hidden is read: the
//! same events give the same bound whatever the hands.

use crate::engine::{Config, Event, Hand, MAX_PLAYERS, Piece, Resource, Seat};

/// Each seat's cards that `me` knows it holds at least.
pub type Known = [Hand; MAX_PLAYERS];

/// Nothing known: a view alone, or a position without its history.
pub const NOTHING: Known = [Hand::EMPTY; MAX_PLAYERS];

/// Takes `cost` off `hand`, each resource no lower than zero.
fn spend(hand: &mut Hand, cost: &Hand) {
    for r in Resource::CARDS {
        hand[r] = hand[r].saturating_sub(cost[r]);
    }
}

/// One card of any kind gone unseen: every resource's bound one lower.
fn lose_one(hand: &mut Hand) {
    for r in Resource::CARDS {
        hand[r] = hand[r].saturating_sub(1);
    }
}

/// What `me` knows each seat holds after `log` (every event since the deal, in order).
pub fn known(me: Seat, config: &Config, log: &[Event]) -> Known {
    let mut k: Known = [Hand::EMPTY; MAX_PLAYERS];
    let costs = config.costs;
    for e in log {
        let seen = e.visible_to(me);
        match *e {
            Event::SetupResources { seat, cards } | Event::Produced { seat, cards } => k[seat.index()].add(&cards),
            Event::TookFromBank { seat, cards } => k[seat.index()].add(&cards),
            Event::Built { seat, piece, .. } => {
                let cost = match piece {
                    Piece::Road => costs.road,
                    Piece::Settlement => costs.settlement,
                    Piece::City => costs.city,
                    Piece::Castle => costs.castle,
                };
                spend(&mut k[seat.index()], &cost);
            }
            Event::BoughtDevCard { seat, .. } => spend(&mut k[seat.index()], &costs.development),
            Event::Discarded { seat, resource } if seen => spend(&mut k[seat.index()], &Hand::of(resource, 1)),
            Event::Discarded { seat, .. } => lose_one(&mut k[seat.index()]),
            Event::Stole { thief, victim, resource } if seen => {
                spend(&mut k[victim.index()], &Hand::of(resource, 1));
                k[thief.index()].add(&Hand::of(resource, 1));
            }
            Event::Stole { victim, .. } => lose_one(&mut k[victim.index()]),
            Event::Monopolized { seat, from, resource, count } => {
                k[from.index()][resource] = 0;
                k[seat.index()].add(&Hand::of(resource, count));
            }
            Event::MaritimeTraded { seat, gave, got } => {
                spend(&mut k[seat.index()], &gave);
                k[seat.index()].add(&got);
            }
            Event::Traded { seat, partner, gave, got } => {
                spend(&mut k[seat.index()], &gave);
                k[seat.index()].add(&got);
                spend(&mut k[partner.index()], &got);
                k[partner.index()].add(&gave);
            }
            // A unit's cost depends on the rules' modules: forget rather than guess.
            Event::UnitBuilt { seat, .. } => k[seat.index()] = Hand::EMPTY,
            _ => {}
        }
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Config;

    const ANN: Seat = Seat(0);
    const BOB: Seat = Seat(1);
    const CY: Seat = Seat(2);

    fn hand(b: u8, l: u8, w: u8, g: u8, o: u8) -> Hand {
        Hand::new([b, l, w, g, o])
    }

    #[test]
    fn cards_seen_received_count_and_cards_seen_spent_or_lost_unseen_do_not() {
        let config = Config::default();
        let log = [
            Event::Produced { seat: BOB, cards: hand(2, 1, 0, 0, 0) },
            Event::Produced { seat: CY, cards: hand(0, 0, 3, 0, 0) },
            // Bob builds a road: a brick and a lumber gone.
            Event::Built { seat: BOB, piece: Piece::Road, at: 0 },
            // Cy trades 2 wool to Ann for 1 grain.
            Event::Traded { seat: CY, partner: ANN, gave: hand(0, 0, 2, 0, 0), got: hand(0, 0, 0, 1, 0) },
            // Ann steals from Cy: Bob does not see which card.
            Event::Stole { thief: ANN, victim: CY, resource: Resource::Wool },
        ];
        let bob = known(BOB, &config, &log);
        assert_eq!(bob[BOB.index()], hand(1, 0, 0, 0, 0));
        assert_eq!(bob[ANN.index()], hand(0, 0, 2, 0, 0), "the wool Cy traded to Ann; the grain she gave gone");
        assert_eq!(bob[CY.index()], hand(0, 0, 0, 0, 0), "1 wool and a grain left, less one card unseen");
        let ann = known(ANN, &config, &log);
        assert_eq!(ann[ANN.index()], hand(0, 0, 3, 0, 0), "Ann saw the wool she stole");
        assert_eq!(ann[CY.index()], hand(0, 0, 0, 1, 0), "and that Cy kept her grain");
    }

    #[test]
    fn a_monopoly_empties_the_victims_resource_and_a_unit_forgets_the_builder() {
        let config = Config::default();
        let log = [
            Event::Produced { seat: BOB, cards: hand(0, 0, 0, 2, 1) },
            Event::Monopolized { seat: CY, from: BOB, resource: Resource::Grain, count: 2 },
        ];
        let k = known(ANN, &config, &log);
        assert_eq!(k[BOB.index()], hand(0, 0, 0, 0, 1));
        assert_eq!(k[CY.index()], hand(0, 0, 0, 2, 0));
    }
}
