//! Fixed-size sets of board points for the AtariGo board: `W` 64-bit words, bit `p` is
//! point `p`. One word covers boards up to 8x8; six words cover 19x19 (361 points).
//!
//! Only what chains and liberties need: insert, remove, union, "how many, at most one?" and
//! iteration. No shifts: neighbours come from a precomputed table, so no border masks.
//! Counting with `count_ones` is kept out of the hot path (the default x86-64 target has no
//! `popcnt` instruction); [`Bits::few`] answers the "none / one / more" question with
//! `x & (x - 1)` instead.

use crate::game::Point;

/// A set of points below `64 * W`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

/// How many points a set holds, as far as the rules care: none, exactly one (which), more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Few {
    None,
    One(Point),
    Many,
}

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Self = Bits([0; W]);

    /// Number of points the set can hold.
    pub const CAPACITY: usize = 64 * W;

    /// Word index of `p` (constant 0 for one word, so no bounds check remains).
    #[inline(always)]
    fn word(p: Point) -> usize {
        debug_assert!((p as usize) < Self::CAPACITY, "point {p} out of range");
        if W == 1 { 0 } else { p as usize >> 6 }
    }

    /// The set `{p}`.
    #[cfg(test)]
    #[inline]
    pub fn single(p: Point) -> Self {
        let mut s = Self::EMPTY;
        s.insert(p);
        s
    }

    /// The set of points `0..n`.
    pub fn first_n(n: usize) -> Self {
        debug_assert!(n <= Self::CAPACITY);
        let mut s = Self::EMPTY;
        for (i, w) in s.0.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        s
    }

    /// Adds `p`.
    #[inline(always)]
    pub fn insert(&mut self, p: Point) {
        self.0[Self::word(p)] |= 1u64 << (p & 63);
    }

    /// Removes `p`.
    #[inline(always)]
    pub fn remove(&mut self, p: Point) {
        self.0[Self::word(p)] &= !(1u64 << (p & 63));
    }

    /// True when `p` is in the set.
    #[inline(always)]
    pub fn contains(&self, p: Point) -> bool {
        self.0[Self::word(p)] >> (p & 63) & 1 != 0
    }

    /// True when the set is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Points in either set.
    #[inline(always)]
    pub fn union(mut self, other: Self) -> Self {
        for i in 0..W {
            self.0[i] |= other.0[i];
        }
        self
    }

    /// Points in both sets.
    #[inline(always)]
    pub fn intersection(mut self, other: Self) -> Self {
        for i in 0..W {
            self.0[i] &= other.0[i];
        }
        self
    }

    /// Points in `self` but not in `other`.
    #[inline(always)]
    pub fn difference(mut self, other: Self) -> Self {
        for i in 0..W {
            self.0[i] &= !other.0[i];
        }
        self
    }

    /// None, one (which) or more points: the question "captured? in atari?" without counting.
    #[inline(always)]
    pub fn few(&self) -> Few {
        let mut found = Few::None;
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                if w & (w - 1) != 0 || found != Few::None {
                    return Few::Many;
                }
                found = Few::One((i * 64) as Point + w.trailing_zeros() as Point);
            }
        }
        found
    }

    /// True when the set holds exactly one point.
    #[inline(always)]
    pub fn is_single(&self) -> bool {
        matches!(self.few(), Few::One(_))
    }

    /// The smallest point in the set.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some((i * 64) as Point + w.trailing_zeros() as Point);
            }
        }
        None
    }

    /// Number of points (not for the hot path: see the module doc).
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The points in increasing order.
    #[inline]
    pub fn iter(&self) -> BitsIter<W> {
        BitsIter {
            words: self.0,
            index: 0,
        }
    }
}

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> std::fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the points of a [`Bits`], smallest first.
pub struct BitsIter<const W: usize> {
    words: [u64; W],
    index: usize,
}

impl<const W: usize> Iterator for BitsIter<W> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.index < W {
            let w = self.words[self.index];
            if w != 0 {
                self.words[self.index] = w & (w - 1);
                return Some((self.index * 64) as Point + w.trailing_zeros() as Point);
            }
            self.index += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_and_iterate_across_words() {
        let mut s = Bits::<6>::EMPTY;
        for p in [0, 63, 64, 200, 360] {
            s.insert(p);
        }
        assert!(s.contains(200));
        assert!(!s.contains(199));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, 360]);
        assert_eq!(s.len(), 5);
        s.remove(63);
        assert_eq!(s.first(), Some(0));
        assert_eq!(s.iter().count(), 4);
    }

    #[test]
    fn few_tells_none_one_many() {
        let mut s = Bits::<6>::EMPTY;
        assert_eq!(s.few(), Few::None);
        s.insert(130);
        assert_eq!(s.few(), Few::One(130));
        s.insert(3);
        assert_eq!(s.few(), Few::Many);
        let mut t = Bits::<1>::single(5);
        assert_eq!(t.few(), Few::One(5));
        t.insert(6);
        assert_eq!(t.few(), Few::Many);
        assert!(!t.is_single());
    }

    #[test]
    fn set_algebra() {
        let a = Bits::<2>::first_n(70);
        assert_eq!(a.len(), 70);
        assert!(a.contains(69) && !a.contains(70));
        let b = Bits::<2>::single(69).union(Bits::single(100));
        assert_eq!(a.intersection(b).iter().collect::<Vec<_>>(), vec![69]);
        assert_eq!(b.difference(a).iter().collect::<Vec<_>>(), vec![100]);
        assert_eq!(Bits::<1>::first_n(64).len(), 64);
        assert!(Bits::<1>::first_n(0).is_empty());
    }
}
