//! Sets of the island's parts, one type per kind of part: [`IntersectionSet`] (of
//! [`Vertex`]), [`PathSet`] (of [`Edge`]), [`HexSet`] (of land [`Hex`]es) and [`SeaSet`] (of
//! [`SeaHex`]es). Each is one machine word or two of bits, so a set operation is one
//! instruction, and a set of one kind can't be mixed up with a set of another (a hex set and an
//! intersection set were both plain integers once).
//!
//! ```
//! use catan::engine::{IntersectionSet, Vertex};
//! let a = IntersectionSet::from_iter([Vertex(3), Vertex(70)]);
//! let b = IntersectionSet::one(Vertex(70));
//! assert_eq!((a - b).iter().collect::<Vec<_>>(), [Vertex(3)]);
//! assert!(a.contains(Vertex(70)) && (a & b).len() == 1);
//! ```

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Sub, SubAssign};

use serde::{Deserialize, Serialize};

use super::coords::{Edge, Hex, SeaHex, Vertex};

macro_rules! part_set {
    ($(#[$doc:meta])* $name:ident, $iter:ident, $item:ident, $word:ty, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
        pub struct $name($word);

        impl $name {
            /// How many parts a set can hold: indices `0..CAPACITY`.
            pub const CAPACITY: usize = <$word>::BITS as usize;
            /// The empty set.
            pub const EMPTY: $name = $name(0);

            /// The set of one part.
            #[inline(always)]
            pub const fn one(x: $item) -> $name {
                $name(1 << x.0)
            }
            /// The first `n` parts (`n` up to [`Self::CAPACITY`]): every part of an island
            /// with `n` of them.
            #[inline]
            pub const fn first(n: usize) -> $name {
                if n >= Self::CAPACITY { $name(<$word>::MAX) } else { $name((1 << n) - 1) }
            }
            /// The set from its bits (bit `i` for part `i`), for the engine's own tables.
            #[inline(always)]
            #[allow(dead_code)]
            pub(crate) const fn from_bits(bits: $word) -> $name {
                $name(bits)
            }
            /// The set's bits (bit `i` for part `i`), for the engine's own arithmetic.
            #[inline(always)]
            #[allow(dead_code)]
            pub(crate) const fn bits(self) -> $word {
                self.0
            }
            /// True when `x` is in the set; false for a part past the set's capacity (so a
            /// check may ask about an index it has not yet range-checked).
            #[inline(always)]
            pub const fn contains(self, x: $item) -> bool {
                (x.0 as usize) < Self::CAPACITY && self.0 >> x.0 & 1 == 1
            }
            /// Adds `x`.
            #[inline(always)]
            pub fn insert(&mut self, x: $item) {
                self.0 |= 1 << x.0;
            }
            /// Removes `x`.
            #[inline(always)]
            pub fn remove(&mut self, x: $item) {
                self.0 &= !(1 << x.0);
            }
            /// The set with `x` added.
            #[inline(always)]
            #[must_use]
            pub const fn with(self, x: $item) -> $name {
                $name(self.0 | 1 << x.0)
            }
            /// The set without `x`.
            #[inline(always)]
            #[must_use]
            pub const fn without(self, x: $item) -> $name {
                $name(self.0 & !(1 << x.0))
            }
            /// Number of members.
            #[inline(always)]
            pub const fn len(self) -> u32 {
                self.0.count_ones()
            }
            /// True when empty.
            #[inline(always)]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
            /// True when the two sets share a member.
            #[inline(always)]
            pub const fn intersects(self, other: $name) -> bool {
                self.0 & other.0 != 0
            }
            /// True when every member is also in `other`.
            #[inline(always)]
            pub const fn is_subset(self, other: $name) -> bool {
                self.0 & !other.0 == 0
            }
            /// The members after `x` (greater than it).
            #[inline(always)]
            #[must_use]
            pub const fn after(self, x: $item) -> $name {
                let through = match (1 as $word).checked_shl(x.0 as u32 + 1) {
                    Some(b) => b.wrapping_sub(1),
                    None => <$word>::MAX,
                };
                $name(self.0 & !through)
            }
            /// The lowest member, if any.
            #[inline(always)]
            pub const fn min(self) -> Option<$item> {
                if self.0 == 0 { None } else { Some($item(self.0.trailing_zeros() as u8)) }
            }
            /// The members in increasing order.
            #[inline(always)]
            pub fn iter(self) -> $iter {
                $iter(self.0)
            }
            /// The union of `f(x)` over the members `x`.
            #[inline(always)]
            pub fn union_of<S: BitOr<Output = S> + Default>(self, f: impl Fn($item) -> S) -> S {
                self.iter().fold(S::default(), |m, x| m | f(x))
            }
        }

        impl IntoIterator for $name {
            type Item = $item;
            type IntoIter = $iter;
            #[inline(always)]
            fn into_iter(self) -> Self::IntoIter {
                self.iter()
            }
        }

        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(items: I) -> $name {
                items.into_iter().fold($name(0), |s, x| s.with(x))
            }
        }

        impl BitOr for $name {
            type Output = $name;
            #[inline(always)]
            fn bitor(self, o: $name) -> $name {
                $name(self.0 | o.0)
            }
        }
        impl BitAnd for $name {
            type Output = $name;
            #[inline(always)]
            fn bitand(self, o: $name) -> $name {
                $name(self.0 & o.0)
            }
        }
        impl BitXor for $name {
            type Output = $name;
            #[inline(always)]
            fn bitxor(self, o: $name) -> $name {
                $name(self.0 ^ o.0)
            }
        }
        /// The difference: members of the left set not in the right one.
        impl Sub for $name {
            type Output = $name;
            #[inline(always)]
            fn sub(self, o: $name) -> $name {
                $name(self.0 & !o.0)
            }
        }
        impl BitOrAssign for $name {
            #[inline(always)]
            fn bitor_assign(&mut self, o: $name) {
                self.0 |= o.0;
            }
        }
        impl BitAndAssign for $name {
            #[inline(always)]
            fn bitand_assign(&mut self, o: $name) {
                self.0 &= o.0;
            }
        }
        impl SubAssign for $name {
            #[inline(always)]
            fn sub_assign(&mut self, o: $name) {
                self.0 &= !o.0;
            }
        }

        /// The members of a set in increasing order.
        #[derive(Clone, Copy, Debug)]
        pub struct $iter($word);

        impl Iterator for $iter {
            type Item = $item;
            #[inline(always)]
            fn next(&mut self) -> Option<$item> {
                if self.0 == 0 {
                    return None;
                }
                let i = self.0.trailing_zeros() as u8;
                self.0 &= self.0 - 1;
                Some($item(i))
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }
        impl ExactSizeIterator for $iter {}

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(stringify!($name))?;
                f.debug_set().entries(self.iter().map(|x| x.0)).finish()
            }
        }

        /// Saved as the list of member indices.
        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.iter().map(|x| x.0))
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let mut set = $name(0);
                for i in Vec::<u8>::deserialize(d)? {
                    if i as usize >= $name::CAPACITY {
                        return Err(serde::de::Error::custom(format!("{} {i} is out of range", $what)));
                    }
                    set.insert($item(i));
                }
                Ok(set)
            }
        }
    };
}

part_set!(
    /// A set of intersections (where settlements and cities stand).
    IntersectionSet, Intersections, Vertex, u128, "intersection"
);
part_set!(
    /// A set of paths (where roads stand).
    PathSet, Paths, Edge, u128, "path"
);
part_set!(
    /// A set of land hexes.
    HexSet, Hexes, Hex, u64, "hex"
);
part_set!(
    /// A set of sea hexes.
    SeaSet, SeaHexes, SeaHex, u64, "sea hex"
);

/// A set of land hexes kept in 32 bits, where a game keeps many of them (a board's hexes by
/// dice total, each seat's hexes): a map has at most [`MAX_HEXES`](super::MAX_HEXES) land
/// hexes, so they fit, and a game stays as small to copy as before hex sets grew to 64 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct PackedHexes(u32);

const _: () = assert!(super::map::MAX_HEXES <= 32, "land hexes must fit a packed hex set");

impl PackedHexes {
    /// The hexes as a set.
    #[inline(always)]
    pub(crate) fn get(self) -> HexSet {
        HexSet(self.0 as u64)
    }
    /// Adds the hexes of `set` (all below [`MAX_HEXES`](super::MAX_HEXES)).
    #[inline(always)]
    pub(crate) fn add(&mut self, set: HexSet) {
        self.0 |= set.0 as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_agree_with_a_model() {
        let a: IntersectionSet = [0, 5, 64, 127].map(Vertex).into_iter().collect();
        let b: IntersectionSet = [5, 6, 127].map(Vertex).into_iter().collect();
        let members = |s: IntersectionSet| s.iter().map(|v| v.0).collect::<Vec<_>>();
        assert_eq!(members(a | b), [0, 5, 6, 64, 127]);
        assert_eq!(members(a & b), [5, 127]);
        assert_eq!(members(a - b), [0, 64]);
        assert_eq!(members(a ^ b), [0, 6, 64]);
        assert_eq!(a.len(), 4);
        assert_eq!(a.iter().len(), 4);
        assert!(a.intersects(b) && !(a - b).intersects(b));
        assert!((a & b).is_subset(a) && !a.is_subset(b));
        assert_eq!(a.min(), Some(Vertex(0)));
        assert_eq!(IntersectionSet::EMPTY.min(), None);
        assert_eq!(a.without(Vertex(0)).with(Vertex(1)).min(), Some(Vertex(1)));
        assert_eq!(IntersectionSet::first(128).len(), 128);
        assert_eq!(HexSet::first(64).len(), 64);
        assert_eq!(SeaSet::first(61).len(), 61);
        assert!(SeaSet::one(SeaHex(63)).contains(SeaHex(63)));
        assert_eq!(HexSet::first(3).union_of(|h| PathSet::one(Edge(h.0 * 2))), PathSet::from_bits(0b10101));
    }

    #[test]
    fn sets_are_saved_as_index_lists() {
        let s: PathSet = [Edge(1), Edge(100)].into_iter().collect();
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, "[1,100]");
        assert_eq!(serde_json::from_str::<PathSet>(&json).unwrap(), s);
        assert!(serde_json::from_str::<PathSet>("[128]").is_err());
        assert!(serde_json::from_str::<HexSet>("[64]").is_err());
        assert_eq!(format!("{:?}", HexSet::one(Hex(2))), "HexSet{2}");
    }
}
