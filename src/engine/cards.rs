//! Cards in hand (the five resources, and gold with R42), hands, building costs and
//! development cards.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// A kind of card in hand: one of the five resources, or gold (R42). Gold is a card but no
/// resource: it pays for nothing, no harbor, monopoly or year of plenty names it, and
/// [`Resource::ALL`] leaves it out; [`Resource::CARDS`] lists every kind a hand may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
    /// R42: produced by gold hexes; 2 buy 1 resource from the bank; traded between players.
    Gold,
}

impl Resource {
    /// The five resources in their fixed order (gold is not one).
    pub const ALL: [Resource; 5] = [Resource::Brick, Resource::Lumber, Resource::Wool, Resource::Grain, Resource::Ore];
    /// Every kind of card a hand may hold: the five resources, then gold (R42).
    pub const CARDS: [Resource; 6] =
        [Resource::Brick, Resource::Lumber, Resource::Wool, Resource::Grain, Resource::Ore, Resource::Gold];

    /// True for gold, the one kind of card that is no resource (R42).
    #[inline(always)]
    pub const fn is_gold(self) -> bool {
        matches!(self, Resource::Gold)
    }

    /// Lower-case English name.
    pub fn name(self) -> &'static str {
        match self {
            Resource::Brick => "brick",
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Ore => "ore",
            Resource::Gold => "gold",
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A count of cards of each kind, in the order of [`Resource::CARDS`] (gold last): a hand, the
/// bank, a cost or one side of a trade. Gold (R42) is one more card in a hand, so whatever
/// counts, takes or trades cards counts, takes and trades gold with the rest. Saved as a list
/// of five counts while it holds no gold (as before gold existed), else six.
///
/// Kept in eight bytes, the two past gold always zero, so that counting, emptying, paying from
/// and comparing hands (on nearly every action) is done a 64-bit word at a time.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub(in crate::engine) [u8; 8]);

/// `Hand([brick, lumber, wool, grain, ore, gold])`: the six counts, as [`Hand::from_counts`] takes them.
impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Hand").field(&self.counts()).finish()
    }
}

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand([0; 8]);
    /// Brick + lumber (R5).
    pub const ROAD: Hand = Hand::new([1, 1, 0, 0, 0]);
    /// Brick + lumber + wool + grain (R5).
    pub const SETTLEMENT: Hand = Hand::new([1, 1, 1, 1, 0]);
    /// 2 grain + 3 ore (R5).
    pub const CITY: Hand = Hand::new([0, 0, 0, 2, 3]);
    /// Wool + grain + ore (R5).
    pub const DEVELOPMENT: Hand = Hand::new([0, 0, 1, 1, 1]);
    /// One of each resource: a castle (R44, R48).
    pub const CASTLE: Hand = Hand::new([1, 1, 1, 1, 1]);

    /// Resource cards in the order of [`Resource::ALL`], no gold.
    pub const fn new(r: [u8; 5]) -> Hand {
        Hand([r[0], r[1], r[2], r[3], r[4], 0, 0, 0])
    }
    /// `n` cards of every resource, no gold.
    pub const fn uniform(n: u8) -> Hand {
        Hand([n, n, n, n, n, 0, 0, 0])
    }
    /// A hand from its six counts, in the order of [`Resource::CARDS`] (gold last).
    pub const fn from_counts(c: [u8; 6]) -> Hand {
        Hand([c[0], c[1], c[2], c[3], c[4], c[5], 0, 0])
    }
    /// The six counts, in the order of [`Resource::CARDS`] (gold last).
    pub const fn counts(&self) -> [u8; 6] {
        let c = self.0;
        [c[0], c[1], c[2], c[3], c[4], c[5]]
    }
    /// The counts as one word (the two bytes past gold are always zero): hands are counted,
    /// emptied and paid from on most actions, and a word is one load where six bytes were six.
    #[inline(always)]
    fn word(&self) -> u64 {
        u64::from_le_bytes(self.0)
    }
    /// `n` cards of one resource.
    pub fn of(r: Resource, n: u8) -> Hand {
        let mut h = Hand::EMPTY;
        h[r] = n;
        h
    }
    /// Total number of cards.
    #[inline]
    pub fn total(&self) -> u32 {
        // Byte pairs into 16-bit lanes (each at most 510), then the lanes summed.
        const LOW: u64 = 0x00FF_00FF_00FF_00FF;
        let w = self.word();
        let pairs = (w & LOW) + (w >> 8 & LOW);
        (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
    }
    /// True when there are no cards.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.word() == 0
    }
    /// True when this hand holds at least `other`.
    #[inline]
    pub fn contains(&self, other: &Hand) -> bool {
        // Per byte, without a branch: x < y when y has the high bit x lacks, or both agree on
        // it and the low seven bits of x are below y's (then (x | 80) - (y & 7f) < 80).
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let (x, y) = (self.word(), other.word());
        let low = (x | HIGH) - (y & !HIGH);
        let below = (!x & y) | (!(x ^ y) & !low);
        below & HIGH == 0
    }
    /// Adds `other`, saturating at 255.
    pub fn add(&mut self, other: &Hand) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }
    /// Removes `other`; the caller checks `contains` first. Every caller does, with numbers
    /// loaded from a save too (set-up's cards since issue 27): the fuzz tests run in debug
    /// builds, where this is asserted, with rules at their limits (banks of 1). A count that
    /// saturated at 0 instead cost the base game about 3% of its speed (measured), so none does.
    #[inline]
    pub fn sub(&mut self, other: &Hand) {
        debug_assert!(self.contains(other), "{self:?} does not hold {other:?}");
        // No count is below its counterpart, so no byte borrows from the next.
        self.0 = (self.word() - other.word()).to_le_bytes();
    }
    /// The kinds of card with at least one card, gold (R42) included, in the order of
    /// [`Resource::CARDS`].
    pub fn resources(&self) -> impl Iterator<Item = Resource> + '_ {
        Resource::CARDS.into_iter().filter(|&r| self[r] > 0)
    }
    /// True when both hands hold some of the same resource.
    pub fn overlaps(&self, other: &Hand) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| *a > 0 && *b > 0)
    }
    /// The kind of the `i`-th card when cards are laid out in the order of [`Resource::CARDS`].
    pub fn nth_card(&self, mut i: u32) -> Option<Resource> {
        for r in Resource::CARDS {
            let n = self[r] as u32;
            if i < n {
                return Some(r);
            }
            i -= n;
        }
        None
    }
}

impl Index<Resource> for Hand {
    type Output = u8;
    fn index(&self, r: Resource) -> &u8 {
        &self.0[r as usize]
    }
}
impl IndexMut<Resource> for Hand {
    fn index_mut(&mut self, r: Resource) -> &mut u8 {
        &mut self.0[r as usize]
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        let parts: Vec<String> = self.resources().map(|r| format!("{} {}", self[r], r)).collect();
        f.write_str(&parts.join(", "))
    }
}

/// Five counts while there is no gold, so that saves without gold read as before (R42).
impl Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = if self.0[5] == 0 { 5 } else { 6 };
        self.0[..n].serialize(s)
    }
}

/// Five counts (a save from before gold) or six.
impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Hand, D::Error> {
        let v: Vec<u8> = Vec::deserialize(d)?;
        if !(5..=6).contains(&v.len()) {
            return Err(serde::de::Error::custom(format!("a hand counts 5 or 6 kinds of card, not {}", v.len())));
        }
        let mut h = Hand::EMPTY;
        h.0[..v.len()].copy_from_slice(&v);
        Ok(h)
    }
}

/// A development card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DevCard {
    Knight,
    VictoryPoint,
    RoadBuilding,
    YearOfPlenty,
    Monopoly,
}

impl DevCard {
    /// All kinds in their fixed order.
    pub const ALL: [DevCard; 5] =
        [DevCard::Knight, DevCard::VictoryPoint, DevCard::RoadBuilding, DevCard::YearOfPlenty, DevCard::Monopoly];

    /// English name.
    pub fn name(self) -> &'static str {
        match self {
            DevCard::Knight => "knight",
            DevCard::VictoryPoint => "victory point",
            DevCard::RoadBuilding => "road building",
            DevCard::YearOfPlenty => "year of plenty",
            DevCard::Monopoly => "monopoly",
        }
    }
}

impl fmt::Display for DevCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A count of development cards of each kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DevHand(pub [u8; 5]);

impl DevHand {
    /// The base game's 25 cards (R4).
    pub const BASE_DECK: DevHand = DevHand([14, 5, 2, 2, 2]);

    /// Total number of cards.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
}

impl Index<DevCard> for DevHand {
    type Output = u8;
    fn index(&self, c: DevCard) -> &u8 {
        &self.0[c as usize]
    }
}
impl IndexMut<DevCard> for DevHand {
    fn index_mut(&mut self, c: DevCard) -> &mut u8 {
        &mut self.0[c as usize]
    }
}

/// The most development cards any supported game uses (34 with 5-6 players).
pub const MAX_DECK: usize = 34;

/// The shuffled development deck; the top card is the last one.
#[derive(Clone, Copy, Debug)]
pub struct Deck {
    cards: [DevCard; MAX_DECK],
    len: u8,
}

/// Decks are equal when the cards left are: drawn cards linger past `len` but are gone, and a
/// loaded deck (which never had them) must equal the one it was saved from.
impl PartialEq for Deck {
    fn eq(&self, other: &Deck) -> bool {
        self.cards() == other.cards()
    }
}
impl Eq for Deck {}

impl Deck {
    /// A deck holding `counts` cards in kind order (shuffle it with [`Deck::shuffle`]).
    pub fn new(counts: DevHand) -> Deck {
        let mut cards = [DevCard::Knight; MAX_DECK];
        let mut len = 0;
        for c in DevCard::ALL {
            for _ in 0..counts[c] {
                cards[len] = c;
                len += 1;
            }
        }
        Deck { cards, len: len as u8 }
    }
    /// A deck holding `cards`, bottom first; `None` past [`MAX_DECK`] cards.
    pub(crate) fn from_cards(cards: &[DevCard]) -> Option<Deck> {
        let mut deck = Deck { cards: [DevCard::Knight; MAX_DECK], len: u8::try_from(cards.len()).ok()? };
        deck.cards.get_mut(..cards.len())?.copy_from_slice(cards);
        Some(deck)
    }
    /// Shuffles the deck with the game's RNG.
    pub fn shuffle(&mut self, rng: &mut impl rand::Rng) {
        use rand::seq::SliceRandom;
        self.cards[..self.len as usize].shuffle(rng);
    }
    /// Cards left.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// True when no card is left.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Takes the top card.
    pub fn draw(&mut self) -> Option<DevCard> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len as usize])
    }
    /// The cards left, bottom first.
    pub fn cards(&self) -> &[DevCard] {
        &self.cards[..self.len as usize]
    }
    /// Counts of the cards left.
    pub fn counts(&self) -> DevHand {
        let mut h = DevHand::default();
        for &c in self.cards() {
            h[c] += 1;
        }
        h
    }
    /// Moves the topmost card of a kind to the top, so it is drawn next (for test scenarios).
    /// False when the deck holds no such card.
    pub(crate) fn move_to_top(&mut self, card: DevCard) -> bool {
        let len = self.len as usize;
        match self.cards[..len].iter().rposition(|&c| c == card) {
            Some(i) => {
                self.cards[i..len].rotate_left(1);
                true
            }
            None => false,
        }
    }
}

impl Serialize for Deck {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.cards().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Deck {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Deck, D::Error> {
        let v: Vec<DevCard> = Vec::deserialize(d)?;
        if v.len() > MAX_DECK {
            return Err(serde::de::Error::custom(format!("a deck holds at most {MAX_DECK} cards")));
        }
        let mut cards = [DevCard::Knight; MAX_DECK];
        cards[..v.len()].copy_from_slice(&v);
        Ok(Deck { cards, len: v.len() as u8 })
    }
}

#[cfg(test)]
mod tests {
    /// The word-wide `contains`, `total` and `sub` agree with counting card by card, for every
    /// pair of counts in every position.
    #[test]
    fn hand_words_agree_with_counts() {
        for i in 0..6 {
            for x in 0..=255u8 {
                for y in 0..=255u8 {
                    let mut a = Hand::from_counts([7, 0, 255, 1, 128, 3]);
                    let mut b = Hand::from_counts([7, 0, 0, 1, 127, 2]);
                    a.0[i] = x;
                    b.0[i] = y;
                    let holds = a.counts().iter().zip(b.counts()).all(|(p, q)| *p >= q);
                    assert_eq!(a.contains(&b), holds, "{a:?} {b:?}");
                    assert_eq!(a.total(), a.counts().iter().map(|&n| n as u32).sum::<u32>());
                    if holds {
                        let mut c = a;
                        c.sub(&b);
                        let d: Vec<u8> = a.counts().iter().zip(b.counts()).map(|(p, q)| p - q).collect();
                        assert_eq!(c.counts().to_vec(), d);
                    }
                }
            }
        }
    }

    use super::*;

    #[test]
    fn r4_deck_has_25_cards_in_official_mix() {
        let d = Deck::new(DevHand::BASE_DECK);
        assert_eq!(d.len(), 25);
        assert_eq!(d.counts(), DevHand([14, 5, 2, 2, 2]));
    }

    #[test]
    fn r5_costs() {
        assert_eq!(Hand::ROAD.total(), 2);
        assert_eq!(Hand::SETTLEMENT.total(), 4);
        assert_eq!(Hand::CITY[Resource::Ore], 3);
        assert_eq!(Hand::CITY[Resource::Grain], 2);
        assert_eq!(Hand::DEVELOPMENT.total(), 3);
    }

    #[test]
    fn hand_arithmetic() {
        let mut h = Hand::new([2, 1, 0, 0, 3]);
        assert!(h.contains(&Hand::ROAD));
        h.sub(&Hand::ROAD);
        assert_eq!(h, Hand::new([1, 0, 0, 0, 3]));
        assert_eq!(h.nth_card(0), Some(Resource::Brick));
        assert_eq!(h.nth_card(3), Some(Resource::Ore));
        assert_eq!(h.nth_card(4), None);
        assert_eq!(h.to_string(), "1 brick, 3 ore");
        h[Resource::Gold] = 2;
        assert_eq!(h.nth_card(4), Some(Resource::Gold));
        assert_eq!(h.total(), 6);
        assert_eq!(h.to_string(), "1 brick, 3 ore, 2 gold");
    }

    /// A hand without gold is saved as the five counts of old saves; with gold, six.
    #[test]
    fn r42_hands_save_five_counts_until_gold_comes() {
        let h = Hand::new([1, 0, 2, 0, 3]);
        assert_eq!(serde_json::to_string(&h).unwrap(), "[1,0,2,0,3]");
        let mut g = h;
        g[Resource::Gold] = 4;
        assert_eq!(serde_json::to_string(&g).unwrap(), "[1,0,2,0,3,4]");
        assert_eq!(serde_json::from_str::<Hand>("[1,0,2,0,3]").unwrap(), h);
        assert_eq!(serde_json::from_str::<Hand>("[1,0,2,0,3,4]").unwrap(), g);
        assert!(serde_json::from_str::<Hand>("[1,0,2]").is_err());
    }
}
