//! Who may knock: the failed tries each address made this minute. An address past
//! [`super::Limits::tries_per_minute`] is refused at once until its minute is over, so guessing
//! the code costs a minute for every few tries, whatever number of connections it spreads over.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// How long an address's count of failures lasts.
const WINDOW: Duration = Duration::from_secs(60);
/// The most addresses remembered at once: the memory a flood of addresses can cost.
const ADDRESSES_MAX: usize = 4096;

/// The failures of each address in its current minute (which starts at its first failure).
pub(crate) struct Door {
    per_minute: u32,
    failures: HashMap<IpAddr, (Instant, u32)>,
}

impl Door {
    pub(crate) fn new(per_minute: u32) -> Door {
        Door { per_minute, failures: HashMap::new() }
    }

    /// Whether a new connection from `ip` is refused at `now`.
    pub(crate) fn refused(&self, ip: IpAddr, now: Instant) -> bool {
        self.failures.get(&ip).is_some_and(|&(since, n)| now < since + WINDOW && n >= self.per_minute)
    }

    /// Counts a failed try from `ip`; true when that was the address's last one this minute.
    pub(crate) fn fail(&mut self, ip: IpAddr, now: Instant) -> bool {
        if self.failures.len() >= ADDRESSES_MAX {
            self.failures.retain(|_, &mut (since, _)| now < since + WINDOW);
        }
        if self.failures.len() >= ADDRESSES_MAX && !self.failures.contains_key(&ip) {
            // Full of addresses still counting: forget the one whose minute ends first.
            if let Some(oldest) = self.failures.iter().min_by_key(|(_, (since, _))| *since).map(|(ip, _)| *ip) {
                self.failures.remove(&oldest);
            }
        }
        let entry = self.failures.entry(ip).or_insert((now, 0));
        if now >= entry.0 + WINDOW {
            *entry = (now, 0);
        }
        entry.1 += 1;
        entry.1 >= self.per_minute
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_refused_for_the_rest_of_its_minute_after_its_tries() {
        let (a, b): (IpAddr, IpAddr) = ("127.0.0.1".parse().unwrap(), "127.0.0.2".parse().unwrap());
        let t = Instant::now();
        let mut door = Door::new(3);
        assert!(!door.fail(a, t));
        assert!(!door.fail(a, t + Duration::from_secs(10)));
        assert!(!door.refused(a, t + Duration::from_secs(20)));
        assert!(door.fail(a, t + Duration::from_secs(20)), "the third is the last");
        assert!(door.refused(a, t + Duration::from_secs(59)));
        assert!(!door.refused(b, t + Duration::from_secs(30)), "other addresses are not punished");
        assert!(!door.refused(a, t + Duration::from_secs(60)), "a new minute starts afresh");
        assert!(!door.fail(a, t + Duration::from_secs(61)));
    }

    #[test]
    fn a_flood_of_addresses_is_bounded() {
        let t = Instant::now();
        let mut door = Door::new(3);
        for i in 0..(ADDRESSES_MAX as u32 + 100) {
            door.fail(IpAddr::from(i.to_be_bytes()), t);
        }
        assert!(door.failures.len() <= ADDRESSES_MAX);
    }
}
