//! The shared trade-answer screen (R21 at the table, issue 23): an offer is spoken aloud at a
//! real table, and so are the answers; only hands are hidden. So when a person offers to other
//! people, or a computer player offers to them, the offer shows on one screen every player
//! reads, with every hand hidden, and each person asked answers there: their letter, then `a`
//! (accept) or `d` (decline). Only a counter-offer (`c`), which needs one's own hand, takes a
//! hand-off. The engine takes answers in turn order; answers given here out of that order wait
//! in [`OfferTable`] and are played as their turn comes ([`App::play_given`]).
//!
//! A small state machine: no one picked → a person's letter picks them → `a`/`d`/`c` records
//! their answer (Esc: back to no one picked).

use crossterm::event::{KeyCode, KeyEvent};

use super::app::{App, Message};
use crate::engine::{Action, Answer, Phase, Seat};

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
    given: [Option<Choice>; 8],
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

impl App {
    /// True while the shared answer screen shows: an offer is open, the player to answer is a
    /// person who has not answered on it yet, and more than one person plays (one person among
    /// computer players keeps the keyboard and answers privately).
    pub fn sharing_offer(&self) -> bool {
        let g = &self.game;
        let s = g.to_act();
        matches!(g.phase(), Phase::Trade { .. })
            && s != g.current_player()
            && self.table.level(s).is_none()
            && self.table.humans().nth(1).is_some()
            && self.offer_table.given(s).is_none()
            && self.start.is_none()
            && !g.is_over()
    }

    /// The person whose letter was pressed on the shared answer screen.
    pub fn offer_table_picked(&self) -> Option<Seat> {
        self.offer_table.picked
    }

    /// The people the open offer still waits for, in turn order.
    pub fn offer_waiting(&self) -> Vec<Seat> {
        let Phase::Trade { answers, .. } = self.game.phase() else { return Vec::new() };
        let n = self.game.num_players() as u8;
        let first = self.game.current_player().0;
        (0..n)
            .map(|i| Seat((first + i) % n))
            .filter(|s| answers[s.index()] == Answer::Pending && self.table.level(*s).is_none())
            .collect()
    }

    /// A key on the shared answer screen; false when it is not one of its keys.
    pub(super) fn offer_key(&mut self, key: KeyEvent) -> bool {
        let c = match key.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        let asked = self.offer_waiting();
        let letters = self.letters.clone();
        let letter = |c: char| letters.iter().position(|l| l.eq_ignore_ascii_case(&c)).map(|i| Seat(i as u8));
        match self.offer_table.key(c, key.code == KeyCode::Esc, &asked, letter) {
            Step::Other => return false,
            Step::Picked(s) => {
                let text =
                    format!("{}: a accepts, d declines, c counters (takes the keyboard); Esc: not {0}", self.name(s));
                self.message = Some(Message { text, error: false });
            }
            Step::Unpicked => {}
            Step::Refused(why) => self.refuse(why.to_string()),
            Step::Gave(..) => self.apply(Vec::new()),
        }
        true
    }

    /// In the offerer's list of answers, a player's letter trades with them at once (a choice,
    /// not the first Enter on a fresh screen). False when the key is no such letter.
    pub(super) fn partner_key(&mut self, code: KeyCode) -> bool {
        let KeyCode::Char(c) = code else { return false };
        let Some(i) = self.letters.iter().position(|l| l.eq_ignore_ascii_case(&c)) else { return false };
        let s = Seat(i as u8);
        let agreed = super::dialogs::answers(&self.game)
            .iter()
            .any(|&(o, a)| o == s && matches!(a, Answer::Accept | Answer::Counter { .. }));
        if agreed {
            self.apply(vec![Action::ConfirmTrade(s)]);
        }
        agreed
    }

    /// Plays the answers given on the shared screen whose turn (in the engine's order) has
    /// come; returns the first refusal (an accept the player can't pay for is taken back, and
    /// they are asked again).
    pub(super) fn play_given(&mut self) -> Option<String> {
        if !matches!(self.game.phase(), Phase::Trade { .. }) {
            self.offer_table.clear();
            return None;
        }
        loop {
            let s = self.game.to_act();
            let action = match self.offer_table.given(s) {
                _ if s == self.game.current_player() => return None,
                Some(Choice::Accept) => Action::AcceptTrade,
                Some(Choice::Decline) => Action::DeclineTrade,
                _ => return None,
            };
            if let Err(why) = self.apply_one(action) {
                self.offer_table.given[s.index()] = None;
                return Some(format!("{} can't accept: {why}", self.name(s)));
            }
        }
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
