//! The connections not yet in: those that have not given the code. They are bounded per
//! knocker ([`super::Limits::waiting_per_address`]) and in all (every slot but
//! [`super::Limits::reserved`], which only connections that gave the code may hold), and a
//! newcomer that has spoken (an ssh client speaks at once) and finds no room pushes out the
//! waiting connection least likely to be a friend: one that has said nothing, then one that
//! gave a wrong code, then one that has sat at the prompt longer than [`PROMPT_GRACE`]. A connection whose code is being checked and that gave no wrong
//! code is never pushed out; with no one to push out, the newcomer is refused, in words.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::time::{Duration, Instant};

use super::ConnId;
use super::stream::Kill;

/// How long a connection that has spoken may sit at the password prompt before a newcomer
/// from its knocker may push it out (a friend types the code in a few seconds).
pub(crate) const PROMPT_GRACE: Duration = Duration::from_secs(10);

/// One connection waiting to give the code.
struct Waiting {
    knocker: IpAddr,
    since: Instant,
    kill: Kill,
    wrong: u32,
    checking: bool,
}

/// The waiting connections, and those in.
pub(crate) struct Lobby {
    per_knocker: usize,
    connections: usize,
    reserved: usize,
    waiting: HashMap<ConnId, Waiting>,
    inside: HashSet<ConnId>,
    /// Connections refused or pushed out since the host started.
    pub(crate) turned_away: u64,
}

/// Why a newcomer was not let in, said to it in words.
pub(crate) const FULL_HERE: &str =
    "catan: too many connections from your address are waiting to log in; try again in a few seconds";
pub(crate) const FULL: &str = "catan: the host has too many connections waiting; try again in a few seconds";

impl Lobby {
    /// A lobby of at most `per_knocker` connections a knocker, in a host of `connections` of
    /// which `reserved` are only for connections that gave the code.
    pub(crate) fn new(per_knocker: usize, connections: usize, reserved: usize) -> Lobby {
        let (waiting, inside) = (HashMap::new(), HashSet::new());
        Lobby { per_knocker: per_knocker.max(1), connections, reserved, waiting, inside, turned_away: 0 }
    }

    /// How many may wait now: every slot but the reserved ones and those taken by connections in.
    fn max(&self) -> usize {
        let free = self.connections.saturating_sub(self.inside.len());
        free.min(self.connections.saturating_sub(self.reserved)).max(1)
    }

    /// Lets `conn` from `knocker` wait, pushing out (cutting) one connection if there is no
    /// room, or refuses it with the line to say. Only a connection that has spoken (its
    /// `kill` heard it) pushes another out: one that came and said nothing takes free room
    /// only (it is no likelier a friend than those it would push).
    pub(crate) fn admit(
        &mut self,
        conn: ConnId,
        knocker: IpAddr,
        kill: Kill,
        now: Instant,
    ) -> Result<(), &'static str> {
        let here = self.waiting.values().filter(|w| w.knocker == knocker).count();
        let (full_here, full) = (here >= self.per_knocker, self.waiting.len() >= self.max());
        if (full_here || full) && !kill.heard() {
            self.turned_away += 1;
            return Err(if full_here { FULL_HERE } else { FULL });
        }
        if full_here {
            if !self.push_out(knocker, now) {
                self.turned_away += 1;
                return Err(FULL_HERE);
            }
        } else if full {
            // From the knocker with the most waiting, then any other that has someone to push.
            let mut counts: HashMap<IpAddr, usize> = HashMap::new();
            for w in self.waiting.values() {
                *counts.entry(w.knocker).or_default() += 1;
            }
            let mut knockers: Vec<(usize, IpAddr)> = counts.into_iter().map(|(k, n)| (n, k)).collect();
            knockers.sort_unstable_by(|a, b| b.cmp(a));
            if !knockers.into_iter().any(|(_, k)| self.push_out(k, now)) {
                self.turned_away += 1;
                return Err(FULL);
            }
        }
        self.waiting.insert(conn, Waiting { knocker, since: now, kill, wrong: 0, checking: false });
        Ok(())
    }

    /// Pushes out the waiting connection of `knocker` least likely to be a friend; false if
    /// none may be.
    fn push_out(&mut self, knocker: IpAddr, now: Instant) -> bool {
        let rank = |w: &Waiting| -> Option<(u8, u32, Instant)> {
            if !w.kill.heard() {
                Some((0, 0, w.since))
            } else if w.wrong > 0 {
                Some((1, u32::MAX - w.wrong, w.since))
            } else if !w.checking && now >= w.since + PROMPT_GRACE {
                Some((2, 0, w.since))
            } else {
                None
            }
        };
        let victim = self
            .waiting
            .iter()
            .filter(|(_, w)| w.knocker == knocker)
            .filter_map(|(c, w)| rank(w).map(|r| (r, *c)))
            .min()
            .map(|(_, c)| c);
        let Some(victim) = victim.and_then(|c| self.waiting.remove(&c)) else { return false };
        victim.kill.kill();
        self.turned_away += 1;
        true
    }

    /// `conn`'s code is being checked (or no longer is).
    pub(crate) fn checking(&mut self, conn: ConnId, checking: bool) {
        if let Some(w) = self.waiting.get_mut(&conn) {
            w.checking = checking;
        }
    }

    /// `conn` gave a wrong code.
    pub(crate) fn wrong(&mut self, conn: ConnId) {
        if let Some(w) = self.waiting.get_mut(&conn) {
            w.wrong += 1;
        }
    }

    /// `conn` gave the code: it waits no more, and holds a slot of those in.
    pub(crate) fn enter(&mut self, conn: ConnId) {
        if self.waiting.remove(&conn).is_some() {
            self.inside.insert(conn);
        }
    }

    /// `conn` is gone.
    pub(crate) fn leave(&mut self, conn: ConnId) {
        self.waiting.remove(&conn);
        self.inside.remove(&conn);
    }

    /// How many wait now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.waiting.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn heard() -> Kill {
        let k = Kill::default();
        k.hear();
        k
    }

    #[test]
    fn a_silent_connection_is_pushed_out_first_then_one_that_guessed_wrong() {
        let a = ip("127.0.0.1");
        let t = Instant::now();
        let mut lobby = Lobby::new(3, 100, 0);
        let (silent, guesser, friend) = (Kill::default(), heard(), heard());
        lobby.admit(1, a, friend.clone(), t).unwrap();
        lobby.admit(2, a, guesser.clone(), t).unwrap();
        lobby.admit(3, a, silent.clone(), t).unwrap();
        lobby.checking(1, true);
        lobby.wrong(2);
        assert_eq!(lobby.admit(4, a, Kill::default(), t), Err(FULL_HERE), "a silent newcomer pushes no one");
        assert!(lobby.admit(5, a, heard(), t).is_ok());
        assert!(silent.dead() && !guesser.dead() && !friend.dead());
        lobby.checking(5, true);
        assert!(lobby.admit(6, a, heard(), t).is_ok());
        assert!(guesser.dead() && !friend.dead(), "the one that guessed wrong goes next");
        lobby.checking(6, true);
        assert_eq!(lobby.admit(7, a, heard(), t), Err(FULL_HERE), "codes being checked are not pushed out");
        assert!(!friend.dead());
        assert!(lobby.admit(8, ip("127.0.0.2"), heard(), t).is_ok(), "another address has its own room");
        assert_eq!(lobby.turned_away, 4);
    }

    #[test]
    fn one_sitting_at_the_prompt_is_pushed_out_only_after_its_grace() {
        let a = ip("127.0.0.1");
        let t = Instant::now();
        let mut lobby = Lobby::new(1, 100, 0);
        let sitter = heard();
        lobby.admit(1, a, sitter.clone(), t).unwrap();
        assert!(lobby.admit(2, a, heard(), t + PROMPT_GRACE / 2).is_err());
        assert!(lobby.admit(3, a, heard(), t + PROMPT_GRACE).is_ok());
        assert!(sitter.dead());
    }

    #[test]
    fn when_all_are_full_the_knocker_with_the_most_waiting_makes_room() {
        let t = Instant::now();
        let mut lobby = Lobby::new(10, 5, 1);
        let hog: Vec<Kill> = (0..3).map(|_| Kill::default()).collect();
        for (i, k) in hog.iter().enumerate() {
            lobby.admit(i as ConnId, ip("10.0.0.1"), k.clone(), t).unwrap();
        }
        let other = Kill::default();
        lobby.admit(10, ip("10.0.0.2"), other.clone(), t).unwrap();
        assert!(lobby.admit(11, ip("10.0.0.3"), heard(), t).is_ok());
        assert!(hog.iter().filter(|k| k.dead()).count() == 1 && !other.dead());
        assert_eq!(lobby.len(), 4);
        lobby.enter(11);
        assert_eq!(lobby.len(), 3);
        lobby.enter(10);
        lobby.admit(12, ip("10.0.0.4"), heard(), t).unwrap();
        assert!(lobby.admit(13, ip("10.0.0.5"), heard(), t).is_ok(), "a silent one is pushed out");
        assert_eq!(lobby.len(), 3, "two are in: the lobby holds the three slots left");
    }
}
