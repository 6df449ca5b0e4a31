//! Who may knock, and how fast: the wrong codes of each address this minute, and the turns of
//! an address that guessed too often. No address is ever shut out (behind a shared NAT, a
//! tunnel or a proxy, a friend is the same address as the stranger): past
//! [`super::Limits::tries_per_minute`] wrong codes its codes are checked one at a time,
//! [`super::Limits::slow_turn`] apart, in the order they came, so a stranger's guessing slows to
//! that pace while a friend's right code waits only for the few codes ahead of it (at most the
//! connections one address may have waiting, [`super::Limits::waiting_per_address`]).
//!
//! An address is an IPv4 address or an IPv6 /64 (the block one household is given: its 2^64
//! addresses are one knocker).

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv6Addr};
use std::time::{Duration, Instant};

use super::ConnId;

/// How long an address's count of wrong codes lasts.
const WINDOW: Duration = Duration::from_secs(60);
/// The most addresses remembered at once: the memory a flood of addresses can cost.
const ADDRESSES_MAX: usize = 4096;

/// The knocker an address counts as: itself (IPv4, or IPv4 mapped into IPv6), or its /64.
pub(crate) fn knocker(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(bits))
        }
        v4 => v4,
    }
}

/// One knocker's wrong codes in its current minute (which starts at its first), and, once it
/// is slowed, the codes waiting for their turn.
struct Knocks {
    since: Instant,
    wrong: u32,
    /// When the next code of a slowed knocker may be checked.
    next: Instant,
    /// The connections whose codes wait, in the order they came.
    queue: VecDeque<ConnId>,
}

/// The wrong codes and turns of every knocker, and the counts the host's card shows.
pub(crate) struct Door {
    per_minute: u32,
    turn: Duration,
    knocks: HashMap<IpAddr, Knocks>,
    /// Wrong codes given since the host started.
    pub(crate) wrong: u64,
    /// Times a knocker was slowed (one log line each).
    pub(crate) slowed: u64,
}

impl Door {
    /// A door slowing a knocker after `per_minute` wrong codes, to one code a `turn`.
    pub(crate) fn new(per_minute: u32, turn: Duration) -> Door {
        Door { per_minute, turn, knocks: HashMap::new(), wrong: 0, slowed: 0 }
    }

    fn is_slowed(&self, k: &Knocks, now: Instant) -> bool {
        now < k.since + WINDOW && k.wrong >= self.per_minute
    }

    /// Whether `conn`'s code, from `knocker`, may be checked at `now`: at once while the
    /// knocker is not slowed, else when it is first in its knocker's line and its turn has
    /// come. A code that may not be checked yet keeps its place in line until it may, or until
    /// [`Door::leave`].
    pub(crate) fn turn(&mut self, knocker: IpAddr, conn: ConnId, now: Instant) -> bool {
        let Some(k) = self.knocks.get(&knocker) else { return true };
        if !self.is_slowed(k, now) && k.queue.is_empty() {
            return true;
        }
        let turn = self.turn;
        let Some(k) = self.knocks.get_mut(&knocker) else { return true };
        if !k.queue.contains(&conn) {
            k.queue.push_back(conn);
        }
        if k.queue.front() == Some(&conn) && now >= k.next {
            k.queue.pop_front();
            k.next = now + turn;
            return true;
        }
        false
    }

    /// `conn` waits no more (its connection ended, or its code was checked).
    pub(crate) fn leave(&mut self, knocker: IpAddr, conn: ConnId) {
        if let Some(k) = self.knocks.get_mut(&knocker) {
            k.queue.retain(|&c| c != conn);
        }
    }

    /// Whether `knocker` is slowed at `now`.
    #[cfg(test)]
    pub(crate) fn slowed(&self, knocker: IpAddr, now: Instant) -> bool {
        self.knocks.get(&knocker).is_some_and(|k| self.is_slowed(k, now))
    }

    /// Counts a wrong code from `knocker`; true when that one slowed it (the host's log says
    /// so once a minute per knocker).
    pub(crate) fn fail(&mut self, knocker: IpAddr, now: Instant) -> bool {
        self.wrong += 1;
        if self.knocks.len() >= ADDRESSES_MAX && !self.knocks.contains_key(&knocker) {
            self.knocks.retain(|_, k| now < k.since + WINDOW || !k.queue.is_empty());
            if self.knocks.len() >= ADDRESSES_MAX {
                // Full of knockers still counting: forget the one whose minute ends first
                // (one with codes waiting is kept: its line is bounded by its connections).
                let oldest = self.knocks.iter().filter(|(_, k)| k.queue.is_empty()).min_by_key(|(_, k)| k.since);
                if let Some(ip) = oldest.map(|(ip, _)| *ip) {
                    self.knocks.remove(&ip);
                }
            }
        }
        let k =
            self.knocks.entry(knocker).or_insert(Knocks { since: now, wrong: 0, next: now, queue: VecDeque::new() });
        if now >= k.since + WINDOW {
            (k.since, k.wrong) = (now, 0);
        }
        k.wrong += 1;
        let slowed_now = k.wrong == self.per_minute;
        if slowed_now {
            self.slowed += 1;
        }
        slowed_now
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_knocker_is_an_ipv4_address_or_an_ipv6_slash_64() {
        assert_eq!(knocker(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(knocker(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(knocker(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), ip("2001:db8:1:2::"));
        assert_eq!(knocker(ip("2001:db8:1:2::1")), knocker(ip("2001:db8:1:2:ffff::9")), "one /64, one knocker");
        assert_ne!(knocker(ip("2001:db8:1:2::1")), knocker(ip("2001:db8:1:3::1")));
    }

    #[test]
    fn codes_are_checked_at_once_until_the_knocker_is_slowed() {
        let (a, b) = (ip("127.0.0.1"), ip("127.0.0.2"));
        let t = Instant::now();
        let mut door = Door::new(3, Duration::from_secs(1));
        assert!(door.turn(a, 1, t));
        assert!(!door.fail(a, t));
        assert!(!door.fail(a, t));
        assert!(door.fail(a, t), "the third wrong code slows it, said once");
        assert!(!door.fail(a, t));
        assert_eq!((door.wrong, door.slowed), (4, 1));
        assert!(door.slowed(a, t + Duration::from_secs(59)));
        assert!(!door.slowed(b, t), "other knockers are not slowed");
        assert!(door.turn(b, 9, t));
        assert!(!door.slowed(a, t + Duration::from_secs(60)), "a new minute starts afresh");
    }

    #[test]
    fn a_slowed_knockers_codes_take_turns_in_the_order_they_came() {
        let a = ip("127.0.0.1");
        let t = Instant::now();
        let s = Duration::from_secs(1);
        let mut door = Door::new(1, s);
        door.fail(a, t);
        assert!(door.turn(a, 1, t), "the first in line goes at once");
        assert!(!door.turn(a, 2, t));
        assert!(!door.turn(a, 3, t));
        assert!(!door.turn(a, 3, t + s), "3 came after 2");
        assert!(door.turn(a, 2, t + s));
        door.leave(a, 3);
        assert!(!door.turn(a, 4, t + s + s / 2), "a turn a second");
        assert!(door.turn(a, 4, t + 2 * s), "3 left the line: 4 is next");
    }

    #[test]
    fn a_flood_of_addresses_is_bounded() {
        let t = Instant::now();
        let mut door = Door::new(3, Duration::from_secs(1));
        for i in 0..(ADDRESSES_MAX as u32 + 100) {
            door.fail(IpAddr::from(i.to_be_bytes()), t);
        }
        assert!(door.knocks.len() <= ADDRESSES_MAX);
    }
}
