//! Determinizing: one complete game that a seat cannot tell from the real one, with what it
//! cannot see dealt afresh. A bot that searches plays on such games, sampled many times, instead
//! of on the real one, whose hidden cards and future dice it must not know.

use rand::Rng;
use rand::seq::SliceRandom;

use super::action::{Answer, Seat};
use super::cards::{Deck, DevCard, DevHand, Hand, Resource};
use super::game::{Game, Phase};
use super::rng::GameRng;
use super::view::PlayerView;

impl PlayerView<'_> {
    /// A game identical to the real one as this seat sees it (its view of the result equals
    /// this view), with everything it cannot see dealt from `rng`:
    /// - the other players' resource cards, each keeping their count, from the cards of each
    ///   kind the others hold together (the supply less the bank and the seat's own hand); a
    ///   player who countered the open trade offer keeps their side of it (checked against
    ///   their hand, H4a), and the player who made the offer keeps what they offered. An
    ///   accept shows nothing (H4: taken at the player's word), nor does what a counter asks of
    ///   the offerer (H4a);
    /// - the other players' development cards, each keeping their count, and the order of the
    ///   deck, from the cards the seat has not seen ([`PlayerView::unseen_dev_cards`]); the
    ///   player whose turn it is does not get enough victory point cards to have won already
    ///   (R38), and the cards they bought this turn (as many as before) are among theirs;
    /// - the game's random generator, reseeded, so dice and steals to come differ from the
    ///   real ones.
    pub fn determinize<R: Rng>(&self, rng: &mut R) -> Game {
        self.determinize_knowing(rng, &[])
    }

    /// [`PlayerView::determinize`], each other seat keeping at least the cards of `known` (by
    /// seat index: what this seat saw them receive and not spend), as far as their card count
    /// and the cards the others hold together allow. With nothing known it is `determinize`,
    /// draw for draw.
    pub fn determinize_knowing<R: Rng>(&self, rng: &mut R, known: &[Hand]) -> Game {
        let real = self.game();
        let mut g = *real;
        let others: Vec<Seat> = real.seats().filter(|&s| s != self.seat()).collect();

        // Resource cards: first what public answers to the open offer show, then the rest.
        let mut pool = Hand::EMPTY;
        for &s in &others {
            pool.add(&real.players[s.index()].hand);
        }
        let mut cards = Vec::new();
        let mut kept = Vec::with_capacity(others.len());
        for &s in &others {
            let mut shown = shown_cards(real, s);
            if let Some(k) = known.get(s.index()) {
                let count = real.players[s.index()].hand.total();
                for r in Resource::CARDS {
                    let room = u8::try_from(count.saturating_sub(shown.total())).unwrap_or(u8::MAX);
                    let more = k[r].saturating_sub(shown[r]).min(pool[r].saturating_sub(shown[r])).min(room);
                    shown[r] += more;
                }
            }
            pool.sub(&shown);
            g.players[s.index()].hand = shown;
            kept.push(real.players[s.index()].hand.total() - shown.total());
        }
        for r in Resource::CARDS {
            cards.extend(std::iter::repeat_n(r, pool[r] as usize));
        }
        cards.shuffle(rng);
        let mut dealt = cards.into_iter();
        for (&s, n) in others.iter().zip(kept) {
            for r in dealt.by_ref().take(n as usize) {
                g.players[s.index()].hand[r] += 1;
            }
        }

        // Development cards: the player whose turn it is first, as they may be capped.
        let unseen = self.unseen_dev_cards();
        let mut cards: Vec<DevCard> =
            DevCard::ALL.into_iter().flat_map(|c| std::iter::repeat_n(c, unseen[c] as usize)).collect();
        cards.shuffle(rng);
        let mover = real.turn.seat;
        let mut order = others.clone();
        order.sort_by_key(|&s| s != mover);
        for s in order {
            let n = real.players[s.index()].dev.total() as usize;
            let cap = if s == mover { vp_cap(real, s) } else { u8::MAX };
            g.players[s.index()].dev = take_cards(&mut cards, n, cap);
        }
        let mut left = DevHand::default();
        for c in cards {
            left[c] += 1;
        }
        g.deck = Deck::new(left);
        g.deck.shuffle(rng);
        if mover != self.seat() {
            g.turn.bought = pick_bought(g.players[mover.index()].dev, real.turn.bought.total(), rng);
        }

        g.rng = GameRng::seed_from_u64(rng.random());
        g
    }
}

/// The cards the open offer shows a player holds, whoever looks: what the offerer offered and
/// a counterer's own side, both checked against the hand of the player who showed them. An
/// accept shows nothing (H4), nor does what a counter asks of the offerer (H4a): both are taken
/// at their maker's word, so reading them here would read the real hand behind them.
fn shown_cards(g: &Game, s: Seat) -> Hand {
    let Phase::Trade { give, answers, .. } = g.phase else { return Hand::EMPTY };
    let shown = if s == g.turn.seat {
        give
    } else {
        match answers[s.index()] {
            Answer::Counter { get, .. } => get,
            _ => return Hand::EMPTY,
        }
    };
    // The rules saw to it that they hold these; a hand-edited save might not, and a deal must
    // not give a player more cards than they have.
    let held = g.players[s.index()].hand;
    let mut kept = Hand::EMPTY;
    for r in Resource::CARDS {
        kept[r] = shown[r].min(held[r]);
    }
    kept
}

/// The most victory point cards the player whose turn it is can hold without having won (R38).
fn vp_cap(g: &Game, s: Seat) -> u8 {
    if matches!(g.phase, Phase::Over { .. } | Phase::Setup { .. }) {
        return u8::MAX;
    }
    g.config.target.saturating_sub(1).saturating_sub(g.public_points(s))
}

/// Takes `n` cards from the end of a shuffled list, with at most `cap` victory points while
/// other cards remain.
fn take_cards(cards: &mut Vec<DevCard>, n: usize, cap: u8) -> DevHand {
    let mut hand = DevHand::default();
    for _ in 0..n {
        let at = if hand[DevCard::VictoryPoint] >= cap {
            cards.iter().rposition(|&c| c != DevCard::VictoryPoint).unwrap_or(cards.len() - 1)
        } else {
            cards.len() - 1
        };
        hand[cards.remove(at)] += 1;
    }
    hand
}

/// `k` cards drawn at random from `dev`: the ones bought this turn.
fn pick_bought<R: Rng>(dev: DevHand, k: u32, rng: &mut R) -> DevHand {
    let mut cards: Vec<DevCard> =
        DevCard::ALL.into_iter().flat_map(|c| std::iter::repeat_n(c, dev[c] as usize)).collect();
    cards.shuffle(rng);
    let mut bought = DevHand::default();
    for c in cards.into_iter().take(k as usize) {
        bought[c] += 1;
    }
    bought
}
