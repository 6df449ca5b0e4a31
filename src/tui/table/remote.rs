//! The seats played from other terminals (`catan host`, issue 40): which person seats are on a
//! screen of their own, which of those lost their terminal and wait, and which a computer
//! player keeps warm meanwhile. Every screen may read it: who is connected is public.
//!
//! A seat joined from another terminal is played there alone (H6). When that terminal goes
//! (a closed laptop, a lost connection), nothing is lost: the seat waits on its screen, and the
//! host's screen offers to play it here (hot-seat) or let a computer player stand in; the same
//! name joining again takes it back, whole.

use crate::bots::BotLevel;
use crate::engine::{Seat, SeatSet};

/// The level of the computer player that stands in for a seat whose person left.
pub const STAND_IN: BotLevel = BotLevel::Medium;

/// Who of the person seats plays on a terminal of their own, and how each is doing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Remote {
    /// Seats on a screen of their own whose terminal is connected.
    pub joined: SeatSet,
    /// Seats on a screen of their own whose terminal is gone: they wait for it (or for the
    /// host to play them here, or to hand them to a stand-in).
    pub gone: SeatSet,
    /// Seats of people a computer player plays until they join again (at `STAND_IN`).
    pub stand_in: SeatSet,
}

impl Remote {
    /// A seat joined (or joined again) from its own terminal.
    pub fn joined(&mut self, s: Seat) {
        self.joined = self.joined.with(s);
        self.gone = self.gone.without(s);
        self.stand_in = self.stand_in.without(s);
    }

    /// The seat's terminal is gone: it waits.
    pub fn left(&mut self, s: Seat) {
        if self.joined.contains(s) {
            self.joined = self.joined.without(s);
            self.gone = self.gone.with(s);
        }
    }

    /// The seat is played on the host's screen again (or by a stand-in): it no longer waits.
    pub fn settled(&mut self, s: Seat) {
        self.gone = self.gone.without(s);
    }

    /// What the host's screen says of a seat, if it is played elsewhere or waits.
    pub fn state(&self, s: Seat) -> Option<&'static str> {
        if self.joined.contains(s) {
            Some("joined")
        } else if self.gone.contains(s) {
            Some("left, waits")
        } else if self.stand_in.contains(s) {
            Some("left, bot plays")
        } else {
            None
        }
    }
}

/// How to join a hosted game, for the host's screen: the command, the code, the key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostCard {
    /// What a friend types: `ssh -p 2222 NAME@ADDRESS`.
    pub command: String,
    /// The join code (the password).
    pub code: String,
    /// The host key's fingerprint, so a joiner can check what their ssh shows.
    pub fingerprint: String,
    /// What the door turned away so far (wrong codes, refused connections).
    pub turned: TurnedAway,
}

/// What the door turned away since the host started, as the host's card says it (the host's
/// side counts it: `host::Turned`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnedAway {
    /// Wrong codes given.
    pub wrong_codes: u64,
    /// Connections refused or pushed out before they gave a code.
    pub refused: u64,
}

impl crate::tui::table::Table {
    /// Where the person `s`, whom a screen waits for, plays, and what they do there: "Bob
    /// discards on their own screen", "Ann is playing on the host's screen".
    pub fn where_plays(&self, s: Seat) -> String {
        let name = self.name(s);
        if self.remote.gone.contains(s) {
            return format!("{name} left their screen: the seat waits");
        }
        let g = self.game();
        let doing = match g.phase() {
            crate::engine::Phase::Discard { .. } => "discards",
            crate::engine::Phase::Trade { .. } if s != g.current_player() => "answers the offer",
            _ => "is playing",
        };
        let place = if self.remote.joined.contains(s) { "their own screen" } else { "the host's screen" };
        format!("{name} {doing} on {place}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_that_leaves_waits_and_joining_again_takes_it_back() {
        let mut r = Remote::default();
        r.joined(Seat(1));
        assert_eq!(r.state(Seat(1)), Some("joined"));
        r.left(Seat(1));
        assert_eq!(r.state(Seat(1)), Some("left, waits"));
        r.settled(Seat(1));
        r.stand_in = r.stand_in.with(Seat(1));
        assert_eq!(r.state(Seat(1)), Some("left, bot plays"));
        r.joined(Seat(1));
        assert_eq!(r, Remote { joined: SeatSet::one(Seat(1)), ..Remote::default() });
        r.left(Seat(2));
        assert_eq!(r.gone, SeatSet::default(), "a seat never joined does not wait");
    }
}
