//! The Special Building Phase at the table (R40, issue 23). After each turn the engine gives
//! every other player in turn order a moment to build; at a real table the player says
//! "anyone?" and only those who build reach for the pieces. So one shared screen (every hand
//! hidden) asks who wants to build: each presses their letter (again to take it back), Enter
//! closes the question (with no one chosen: nobody builds, after a second Enter, H5). Only those chosen take the
//! keyboard, in turn order; for every other person the front end passes without a hand-off.
//! People who by public information cannot build anything (fewer cards than the cheapest
//! thing they could buy) are not asked. Computer players play their own moment as before.
//!
//! A small state machine per turn: asking → (letters toggle, Enter) → answered; then
//! `Table::pass_unchosen` (table/perform.rs) plays the passes as each one's moment comes.

use crate::engine::{Game, Seat, SeatSet};

/// Who builds after one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builders {
    /// The turn the phase follows.
    pub turn: u32,
    /// The people asked: those who may build by what everyone can see.
    pub asked: SeatSet,
    /// Those who said they build.
    pub chosen: SeatSet,
    /// Those whose screen closed its part of the question (Enter there): each screen asks
    /// only the seats it holds, a joined seat on its own screen (issue 40).
    pub said: SeatSet,
    /// The question is closed (Enter, or no one to ask).
    pub answered: bool,
    /// Enter was pressed once with no one named: a second closes it with nobody building
    /// (H5: a lone Enter, or a burst, does not answer for the whole table).
    pub warned: bool,
}

impl Builders {
    /// Presses a letter: `s` builds, or (pressed again) does not after all. False when `s` is
    /// not asked.
    pub fn toggle(&mut self, s: Seat) -> bool {
        if self.answered || !self.asked.contains(s) || self.said.contains(s) {
            return false;
        }
        self.chosen = if self.chosen.contains(s) { self.chosen.without(s) } else { self.chosen.with(s) };
        true
    }

    /// The people asked who have not answered yet.
    pub fn waiting(&self) -> SeatSet {
        SeatSet(self.asked.0 & !self.said.0)
    }

    /// A screen holding `held` closes its part of the question: its seats asked have
    /// answered (those ticked build). The question closes when everyone asked has.
    pub fn answer(&mut self, held: SeatSet) {
        self.said = SeatSet(self.said.0 | (self.asked.0 & held.0));
        self.answered = self.waiting().is_empty();
    }

    /// Whether `s` takes the keyboard for their moment.
    pub fn builds(&self, s: Seat) -> bool {
        self.answered && self.chosen.contains(s)
    }
}

/// Whether `s` could buy anything at all, by public information: at least as many cards as
/// the cheapest thing they have a piece (or a card in the deck) for. A building place is not
/// looked at: it takes private thought, and a player who says so can build a city anyway.
pub fn may_build(game: &Game, s: Seat) -> bool {
    let costs = game.config().costs;
    let (roads, settlements, cities) = game.pieces_left(s);
    let mut cheapest = u32::MAX;
    let mut consider = |ok: bool, cost: crate::engine::Hand| {
        if ok {
            cheapest = cheapest.min(cost.total());
        }
    };
    consider(roads > 0, costs.road);
    consider(settlements > 0, costs.settlement);
    consider(cities > 0 && game.settlements(s).next().is_some(), costs.city);
    consider(game.deck_len() > 0, costs.development);
    consider(game.castles_left(s) > 0 && game.cities(s).next().is_some(), costs.castle);
    game.public_player(s).resource_cards >= cheapest
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The question after turn 4, put to `asked`, nobody answered yet.
    fn asking(asked: SeatSet) -> Builders {
        let none = SeatSet::default();
        Builders { turn: 4, asked, chosen: none, said: none, answered: false, warned: false }
    }

    #[test]
    fn a_letter_toggles_only_the_people_asked_until_the_question_closes() {
        let asked = SeatSet::default().with(Seat(1)).with(Seat(3));
        let mut b = asking(asked);
        assert!(b.toggle(Seat(3)));
        assert!(!b.toggle(Seat(2)), "not asked: can't build");
        assert!(b.toggle(Seat(1)));
        assert!(b.toggle(Seat(1)), "pressed again: not after all");
        assert!(!b.builds(Seat(3)), "nothing happens before Enter");
        b.answered = true;
        assert!(b.builds(Seat(3)) && !b.builds(Seat(1)));
        assert!(!b.toggle(Seat(1)), "closed");
    }

    #[test]
    fn each_screen_answers_for_its_own_seats_and_the_question_closes_when_all_have() {
        let asked = SeatSet::default().with(Seat(1)).with(Seat(2)).with(Seat(3));
        let mut b = asking(asked);
        // Bob on his own screen builds; the host's screen (Cy and Dee) says no one there does.
        assert!(b.toggle(Seat(1)));
        b.answer(SeatSet::one(Seat(1)));
        assert!(!b.answered && b.waiting() == SeatSet::default().with(Seat(2)).with(Seat(3)));
        assert!(!b.toggle(Seat(1)), "Bob's answer is given");
        b.answer(SeatSet::default().with(Seat(0)).with(Seat(2)).with(Seat(3)));
        assert!(b.answered && b.builds(Seat(1)) && !b.builds(Seat(2)));
    }
}
