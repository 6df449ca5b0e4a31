//! R42 `gold`: three gold hexes replace one fields, one pasture and one forest (on every island),
//! and gold is a sixth kind of card, [`Resource::Gold`], held in the same [`Hand`] as the five
//! resources. So everything that counts, takes or trades cards does so with gold as one more
//! kind, without code of its own here: production and the bank's shortage (R15, R16), the
//! discard after a 7 and the hand limit (R17), the steal (R19), domestic trade (R21), and the
//! no-robber choice on a gold hex (R45). The bank holds as much gold as of each resource.
//!
//! What is gold's own lives in this file: the island's gold hexes, the bank's gold, the
//! exchange of 2 gold for 1 resource of the player's choice ([`Action::BuyWithGold`], while
//! the bank holds it, whenever a maritime trade could be made), and the refusals where a
//! resource is named (harbors and the bank's 4:1 do not take gold, monopoly and year of plenty
//! cannot name it; gold pays for nothing, as no cost holds any).

use crate::engine::action::{Action, Event, RuleError, Seat};
use crate::engine::cards::{Hand, Resource};
use crate::engine::config::{Config, Module};
use crate::engine::game::Game;
use crate::engine::sink::{ActionSink, EventSink};
use crate::engine::terrain::Terrain;

/// Gold a player gives the bank for one resource (R42).
pub const GOLD_PRICE: u8 = 2;

/// R42: the terrain of an island with gold: the first fields, pasture and forest of `terrain`
/// (the pool a deal shuffles, or a fixed layout in row order) become gold hexes.
pub(crate) fn with_gold_hexes(terrain: &mut [Terrain]) {
    for replaced in [Terrain::Fields, Terrain::Pasture, Terrain::Forest] {
        if let Some(t) = terrain.iter_mut().find(|t| **t == replaced) {
            *t = Terrain::Gold;
        }
    }
}

/// The bank a game starts with: `config.bank` cards of each resource, and as much gold with R42.
pub(crate) fn starting_bank(config: &Config) -> Hand {
    let mut bank = Hand::uniform(config.bank);
    if config.modules.has(Module::Gold) {
        bank[Resource::Gold] = config.bank;
    }
    bank
}

impl Game {
    /// True with R42.
    #[inline(always)]
    pub(in crate::engine::rules) fn gold_on(&self) -> bool {
        self.config.modules.has(Module::Gold)
    }

    /// R42: the exchanges of 2 gold for each resource the bank holds.
    #[inline(always)]
    pub(in crate::engine::rules) fn push_gold_buys(&self, s: Seat, out: &mut impl ActionSink) {
        if self.gold_on() && self.players[s.index()].hand[Resource::Gold] >= GOLD_PRICE {
            out.push_all(Resource::ALL.into_iter().filter(|&r| self.bank[r] > 0).map(Action::BuyWithGold));
        }
    }

    /// R42: 2 gold for one `r`: gold is on, `r` a resource the bank holds, the player has 2 gold.
    pub(in crate::engine::rules) fn check_gold_buy(&self, s: Seat, r: Resource) -> Result<(), RuleError> {
        if !self.gold_on() {
            return Err(RuleError::NotNow("there is no gold in this game"));
        }
        if r.is_gold() {
            return Err(RuleError::NotForGold("2 gold buy a resource"));
        }
        if self.players[s.index()].hand[Resource::Gold] < GOLD_PRICE {
            return Err(RuleError::CannotAfford {
                what: "a resource from the bank",
                cost: Hand::of(Resource::Gold, 2),
            });
        }
        if self.bank[r] == 0 {
            return Err(RuleError::BankLacks(r));
        }
        Ok(())
    }

    /// R42: gold is no resource for a monopoly, a year of plenty or a maritime trade.
    #[inline(always)]
    pub(in crate::engine::rules) fn refuse_gold(r: Resource, what: &'static str) -> Result<(), RuleError> {
        if r.is_gold() { Err(RuleError::NotForGold(what)) } else { Ok(()) }
    }

    /// Pays 2 gold to the bank for one `r`.
    pub(in crate::engine::rules) fn buy_with_gold(&mut self, s: Seat, r: Resource, ev: &mut impl EventSink) {
        let (gave, got) = (Hand::of(Resource::Gold, GOLD_PRICE), Hand::of(r, 1));
        self.pay_in(s, gave);
        self.pay_out(s, got);
        ev.push(Event::MaritimeTraded { seat: s, gave, got });
    }
}
