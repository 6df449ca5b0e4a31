//! A 128-bit set of small indices (intersections or paths), stored in save files as a list.

use serde::{Deserialize, Serialize};

/// A set of intersection or path indices below 128.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub u128);

impl Bits {
    /// True when index `i` is in the set.
    #[inline]
    pub fn has(self, i: u8) -> bool {
        self.0 >> i & 1 == 1
    }
    /// Adds index `i`.
    #[inline]
    pub fn insert(&mut self, i: u8) {
        self.0 |= 1 << i;
    }
    /// Removes index `i`.
    #[inline]
    pub fn remove(&mut self, i: u8) {
        self.0 &= !(1 << i);
    }
    /// Number of members.
    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// True when empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The members in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(i)
        })
    }
}

impl Serialize for Bits {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Bits {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Bits, D::Error> {
        let v: Vec<u8> = Vec::deserialize(d)?;
        let mut b = Bits(0);
        for i in v {
            if i >= 128 {
                return Err(serde::de::Error::custom(format!("index {i} is out of range")));
            }
            b.insert(i);
        }
        Ok(b)
    }
}
