//! Everyone answers at once (issue 49). A question put to several players together (the
//! discards after a 7, the answers to an offer) is asked at a real table of everyone at the
//! same moment, and they answer in any order. The engine takes the answers one seat at a time,
//! in turn order; so a seat on a screen of its own is asked at once, whatever its place in that
//! order, and the answer it gives before its turn waits here and is played when its turn comes
//! (`Table::perform`'s questions). The seats at the host's keyboard are asked there in turn, as
//! before (their shared answer screen keeps its own answers: `offers.rs`).
//!
//! Nothing another seat answers first changes what a seat may answer (each answer touches only
//! its own cards until the offerer confirms), so an answer judged legal when given
//! (`Game::check_answer_by`) is legal when played. An answer belongs to one question: they are
//! forgotten once the phase that asked them is over.

use crate::engine::{Action, Answer, Game, Hand, MAX_PLAYERS, Phase, Seat};

/// The answers given ahead of their turn, by seat: the actions to play then.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ahead {
    given: [Option<Vec<Action>>; MAX_PLAYERS],
}

impl Ahead {
    /// Whether `s` has answered ahead of its turn.
    pub fn given(&self, s: Seat) -> bool {
        self.given[s.index()].is_some()
    }

    /// The answer `s` gave ahead, as the other players may hear it: an answer to an offer is
    /// said aloud (H4), a discard only as given (which cards is `s`'s own, H2).
    pub fn said(&self, s: Seat) -> Option<Answer> {
        match self.given[s.index()].as_deref()? {
            [Action::AcceptTrade] => Some(Answer::Accept),
            [Action::DeclineTrade] => Some(Answer::Decline),
            // The offerer sees a counter from their side, as the engine records it.
            [Action::CounterTrade { give, get }] => Some(Answer::Counter { give: *give, get: *get }),
            _ => None,
        }
    }

    /// Keeps `s`'s answer until its turn (checked already).
    pub(in crate::tui) fn give(&mut self, s: Seat, actions: Vec<Action>) {
        self.given[s.index()] = Some(actions);
    }

    /// Takes `s`'s answer to play it: its turn has come.
    pub(in crate::tui) fn take(&mut self, s: Seat) -> Option<Vec<Action>> {
        self.given[s.index()].take()
    }

    /// Forgets every answer (the question is over).
    pub fn clear(&mut self) {
        *self = Ahead::default();
    }
}

/// Whether `s` owes an answer to a question put to several seats at once: a discard after a 7,
/// or an answer to the open offer (the offerer owes none).
pub fn owes(game: &Game, s: Seat) -> bool {
    match game.phase() {
        Phase::Discard { remaining } => remaining[s.index()] > 0,
        Phase::Trade { answers, .. } => s != game.current_player() && answers[s.index()] == Answer::Pending,
        _ => false,
    }
}

/// Why `actions` can't be `s`'s answer now, or `Ok(())`: each action by the engine's rule for
/// `s` (`Game::check_answer_by`), and a discard whole (as many cards as owed, all held).
pub fn check(game: &Game, s: Seat, actions: &[Action]) -> Result<(), String> {
    let mut cards = Hand::EMPTY;
    for &a in actions {
        game.check_answer_by(s, a).map_err(|e| e.to_string())?;
        if let Action::Discard(r) = a {
            cards[r] += 1;
        }
    }
    match game.phase() {
        Phase::Discard { remaining } if cards.total() != u32::from(remaining[s.index()]) => {
            Err(format!("discard {} cards: {} picked", remaining[s.index()], cards.total()))
        }
        Phase::Discard { .. } if !game.view(s).hand().contains(&cards) => Err("you don't hold those cards".into()),
        Phase::Trade { .. } if actions.len() != 1 => Err("one answer to an offer".into()),
        _ => Ok(()),
    }
}
