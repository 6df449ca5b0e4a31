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
//!
//! It also remembers the turn (issue 48): the offers declined this turn, and by whom
//! ([`Declined`]), so an offer a seat just turned down is not advised to it again on the same
//! or worse terms.

use std::ops::{Deref, DerefMut};

use crate::engine::{Answer, Config, Event, Hand, MAX_PLAYERS, Piece, Resource, Seat, SeatSet};

/// What `me` knows from what it saw: each seat's cards it holds at least (by seat index, also
/// read through `Deref`), and the offers turned down this turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Known {
    pub hands: [Hand; MAX_PLAYERS],
    pub declined: [Option<Declined>; DECLINES],
}

/// An offer of this turn that some seats declined or countered: its terms as its maker put them
/// (the maker gives `give` and gets `get`) and who turned them down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Declined {
    pub maker: Seat,
    pub give: Hand,
    pub get: Hand,
    pub by: SeatSet,
}

/// The most declined offers of one turn remembered (the latest kept).
pub const DECLINES: usize = 8;

/// Nothing known: a view alone, or a position without its history.
pub const NOTHING: Known = Known { hands: [Hand::EMPTY; MAX_PLAYERS], declined: [None; DECLINES] };

impl Deref for Known {
    type Target = [Hand; MAX_PLAYERS];
    fn deref(&self) -> &[Hand; MAX_PLAYERS] {
        &self.hands
    }
}

impl DerefMut for Known {
    fn deref_mut(&mut self) -> &mut [Hand; MAX_PLAYERS] {
        &mut self.hands
    }
}

impl Known {
    /// Whether `partner` turned down, this turn, an offer on terms as good for it as giving
    /// `get` for `give` (the offerer's terms) or better: it would give no more and get no less.
    pub fn turned_down(&self, partner: Seat, give: Hand, get: Hand) -> bool {
        self.declined.iter().flatten().any(|d| d.by.contains(partner) && get.contains(&d.get) && d.give.contains(&give))
    }

    /// Notes an offer declined (the oldest forgotten when full).
    pub fn note(&mut self, d: Declined) {
        if self.declined.iter().flatten().any(|x| *x == d) {
            return;
        }
        if let Some(slot) = self.declined.iter_mut().find(|x| x.is_none()) {
            *slot = Some(d);
        } else {
            self.declined.rotate_left(1);
            self.declined[DECLINES - 1] = Some(d);
        }
    }
}

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
    let mut known = NOTHING;
    let costs = config.costs;
    // The offer open now, and who declined or countered it.
    let mut open: Option<Declined> = None;
    for e in log {
        let seen = e.visible_to(me);
        match *e {
            Event::TurnStarted { .. } => (known.declined, open) = ([None; DECLINES], None),
            Event::TradeOffered { seat, give, get, .. } => {
                open = Some(Declined { maker: seat, give, get, by: SeatSet::default() })
            }
            Event::TradeAnswered { seat, answer: Answer::Decline | Answer::Counter { .. } } => {
                if let Some(o) = open.as_mut() {
                    o.by = o.by.with(seat);
                }
            }
            Event::TradeCancelled { .. } | Event::TradeDeclined { .. } | Event::TradeFellThrough { .. } => {
                if let Some(o) = open.take().filter(|o| !o.by.is_empty()) {
                    known.note(o);
                }
            }
            _ => {}
        }
        match *e {
            Event::SetupResources { seat, cards } | Event::Produced { seat, cards } => {
                known.hands[seat.index()].add(&cards)
            }
            Event::TookFromBank { seat, cards } => known.hands[seat.index()].add(&cards),
            Event::Built { seat, piece, .. } => {
                let cost = match piece {
                    Piece::Road => costs.road,
                    Piece::Settlement => costs.settlement,
                    Piece::City => costs.city,
                    Piece::Castle => costs.castle,
                };
                spend(&mut known.hands[seat.index()], &cost);
            }
            Event::BoughtDevCard { seat, .. } => spend(&mut known.hands[seat.index()], &costs.development),
            Event::Discarded { seat, resource } if seen => {
                spend(&mut known.hands[seat.index()], &Hand::of(resource, 1))
            }
            Event::Discarded { seat, .. } => lose_one(&mut known.hands[seat.index()]),
            Event::Stole { thief, victim, resource } if seen => {
                spend(&mut known.hands[victim.index()], &Hand::of(resource, 1));
                known.hands[thief.index()].add(&Hand::of(resource, 1));
            }
            Event::Stole { victim, .. } => lose_one(&mut known.hands[victim.index()]),
            Event::Monopolized { seat, from, resource, count } => {
                known.hands[from.index()][resource] = 0;
                known.hands[seat.index()].add(&Hand::of(resource, count));
            }
            Event::MaritimeTraded { seat, gave, got } => {
                spend(&mut known.hands[seat.index()], &gave);
                known.hands[seat.index()].add(&got);
            }
            Event::Traded { seat, partner, gave, got } => {
                if let Some(o) = open.take().filter(|o| !o.by.is_empty()) {
                    known.note(o);
                }
                spend(&mut known.hands[seat.index()], &gave);
                known.hands[seat.index()].add(&got);
                spend(&mut known.hands[partner.index()], &got);
                known.hands[partner.index()].add(&gave);
            }
            // A unit's cost depends on the rules' modules: forget rather than guess.
            Event::UnitBuilt { seat, .. } => known.hands[seat.index()] = Hand::EMPTY,
            _ => {}
        }
    }
    known
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
