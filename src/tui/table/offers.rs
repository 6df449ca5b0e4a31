//! The shared trade-answer screen (R21 at the table, issue 23): an offer is spoken aloud at a
//! real table, and so are the answers; only hands are hidden. So when a person offers to other
//! people, or a computer player offers to them, the offer shows on one screen every player
//! reads, with every hand hidden, and each person asked answers there: their letter, then `a`
//! (accept) or `d` (decline). Only a counter-offer (`c`), which needs one's own hand, takes a
//! hand-off. The engine takes answers in turn order; answers given here out of that order wait
//! in [`OfferTable`] and are played as their turn comes (`Table::perform`'s questions).
//!
//! A small state machine: no one picked → a person's letter picks them → `a`/`d`/`c` records
//! their answer (Esc: back to no one picked).

use crate::engine::Seat;

/// An answer given on the shared screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Accept,
    Decline,
    /// Takes the keyboard when the player's turn to answer comes, to make a counter-offer.
    Counter,
}

/// The shared screen's state: the answers given and not yet played, and the person whose
/// letter was pressed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OfferTable {
    pub(in crate::tui) given: [Option<Choice>; 8],
    /// The person whose letter was pressed, waiting for `a`, `d` or `c`.
    pub picked: Option<Seat>,
}

impl OfferTable {
    /// The answer `s` gave on the shared screen and the engine has not yet taken.
    pub fn given(&self, s: Seat) -> Option<Choice> {
        self.given.get(s.index()).copied().flatten()
    }
}

/// What a key does on the shared screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A person was picked: their answer comes next.
    Picked(Seat),
    /// An answer was given.
    Gave(Seat, Choice),
    /// The pick was undone.
    Unpicked,
    /// Not a key of this screen (the global keys may take it).
    Other,
    /// A letter or answer key that does not fit now, with the reason.
    Refused(&'static str),
}

impl OfferTable {
    /// The state machine: `asked` are the people who still have to answer, `letter` the seat
    /// whose letter a character is.
    pub fn key(&mut self, c: Option<char>, esc: bool, asked: &[Seat], letter: impl Fn(char) -> Option<Seat>) -> Step {
        if esc {
            return if self.picked.take().is_some() { Step::Unpicked } else { Step::Other };
        }
        let Some(c) = c else { return Step::Other };
        match self.picked {
            Some(s) => {
                let choice = match c {
                    'a' | 'A' => Choice::Accept,
                    'd' | 'D' => Choice::Decline,
                    'c' | 'C' => Choice::Counter,
                    _ => return Step::Refused("a accepts, d declines, c counters (Esc: someone else answers)"),
                };
                self.picked = None;
                self.given[s.index()] = Some(choice);
                Step::Gave(s, choice)
            }
            None => match letter(c) {
                Some(s) if asked.contains(&s) && self.given(s).is_none() => {
                    self.picked = Some(s);
                    Step::Picked(s)
                }
                Some(_) => Step::Refused("that player is not asked, or has answered"),
                None => Step::Other,
            },
        }
    }

    /// Forgets everything (the offer closed).
    pub fn clear(&mut self) {
        *self = OfferTable::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(c: char) -> Option<Seat> {
        "ABC".find(c.to_ascii_uppercase()).map(|i| Seat(i as u8))
    }

    #[test]
    fn a_letter_then_an_answer_key_records_the_answer() {
        let mut t = OfferTable::default();
        let asked = [Seat(0), Seat(1)];
        assert_eq!(t.key(Some('b'), false, &asked, letter), Step::Picked(Seat(1)));
        // Bob's "a" is his answer, not Ann's letter.
        assert_eq!(t.key(Some('a'), false, &asked, letter), Step::Gave(Seat(1), Choice::Accept));
        assert_eq!(t.given(Seat(1)), Some(Choice::Accept));
        assert!(matches!(t.key(Some('b'), false, &asked, letter), Step::Refused(_)), "Bob has answered");
        assert!(matches!(t.key(Some('c'), false, &asked, letter), Step::Refused(_)), "Cy offered: not asked");
        assert_eq!(t.key(Some('x'), false, &asked, letter), Step::Other, "no one's letter: a global key maybe");
        assert_eq!(t.key(Some('a'), false, &asked, letter), Step::Picked(Seat(0)));
        assert_eq!(t.key(None, true, &asked, letter), Step::Unpicked, "Esc: not Ann after all");
        assert_eq!(t.given(Seat(0)), None);
        assert_eq!(t.key(Some('A'), false, &asked, letter), Step::Picked(Seat(0)));
        assert!(matches!(t.key(Some('z'), false, &asked, letter), Step::Refused(_)), "z answers nothing");
        assert_eq!(t.key(Some('c'), false, &asked, letter), Step::Gave(Seat(0), Choice::Counter));
        t.clear();
        assert_eq!(t, OfferTable::default());
    }
}
