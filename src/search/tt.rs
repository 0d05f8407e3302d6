//! The transposition table: results of searched subtrees keyed by the position's Zobrist key
//! (Kotrč, *Gobblet analysed with AI methods*, chapter 4; Suda, *Efficient algorithms for
//! verifying goals in computer games*, section 5.3.1).
//!
//! Each entry keeps the full 64-bit key (a bucket is found from the low bits, the key check
//! rules out all but astronomically rare collisions), the value stored relative to the node
//! ([`Value::to_tt`]: a win five plies below the node is stored as "win in 5" whatever ply the
//! node was reached at), what the value bounds (exact / lower / upper, Kotrč 4.1), the
//! remaining depth the subtree was searched to, the best move, the number of nodes the
//! subtree took, and a *solved* flag: no horizon evaluation, heuristic pruning or unsolved
//! table entry influenced the subtree, so the bound holds for the game itself and may be used
//! at any remaining depth.
//!
//! # Replacement
//!
//! A bucket holds two entries (Suda 5.3.1, the TWOBIG scheme of Breuker et al.).
//!
//! 1. *Same position* (Kotrč 4.2, first rule): an entry for the same key is overwritten
//!    when the new result comes from a subtree at least as deep (we read "deeper" as "at least
//!    as deep": at equal depth the newer bound comes from the newer window), or when the new
//!    result is exact and the stored one is not solved. A solved entry counts as infinitely
//!    deep, so only another solved result replaces it.
//! 2. *A free slot* is used next.
//! 3. *Different positions* (TWOBIG): the new entry is always stored (it is the most recent);
//!    it evicts the one of the two old entries whose subtree took fewer nodes, so a bucket
//!    keeps the most recent result and the most expensive one. Ties are broken by Kotrč's
//!    preferences: keep the deeper entry, then the exact one.
//!
//! The table is allocated once; probing and storing never allocate.

use crate::search::{Bound, Value};

/// Largest table the engine will try to allocate, in megabytes.
pub const MAX_TT_MB: usize = 1 << 16;

/// One stored result, as the table hands it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry<M> {
    /// The value relative to the stored node (see [`Value::to_tt`]).
    pub value: Value,
    /// What the value bounds.
    pub bound: Bound,
    /// Remaining depth the subtree was searched to.
    pub depth: u32,
    /// The best move found, if any.
    pub best: Option<M>,
    /// Nodes the subtree took (the TWOBIG measure), saturating.
    pub nodes: u32,
    /// The bound holds for the game itself, at any depth.
    pub solved: bool,
}

impl<M> TtEntry<M> {
    /// Depth for comparisons: a solved entry is as good as an infinitely deep one.
    #[inline]
    pub fn effective_depth(&self) -> u32 {
        if self.solved { u32::MAX } else { self.depth }
    }
}

#[derive(Clone, Copy, Debug)]
struct Slot<M> {
    key: u64,
    used: bool,
    entry: TtEntry<M>,
}

/// A fixed-size table of two-entry buckets.
#[derive(Clone, Debug)]
pub struct TranspositionTable<M: Copy> {
    slots: Vec<Slot<M>>,
    /// `buckets - 1`; buckets are a power of two.
    mask: u64,
}

impl<M: Copy + Default> TranspositionTable<M> {
    /// Bytes one bucket takes.
    pub fn bucket_bytes() -> usize {
        2 * std::mem::size_of::<Slot<M>>()
    }

    /// A table of about `megabytes` MB (rounded down to a power-of-two number of buckets, at
    /// least one, at most [`MAX_TT_MB`]). If the memory cannot be had, halves the size until
    /// it can.
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.min(MAX_TT_MB).saturating_mul(1 << 20);
        let wanted = (bytes / Self::bucket_bytes()).max(1);
        let mut buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        loop {
            let mut slots = Vec::new();
            if slots.try_reserve_exact(2 * buckets).is_ok() {
                slots.resize(2 * buckets, Self::empty_slot());
                return TranspositionTable {
                    slots,
                    mask: buckets as u64 - 1,
                };
            }
            if buckets == 1 {
                // Two slots: if even that fails, the process is out of memory anyway.
                slots.resize(2, Self::empty_slot());
                return TranspositionTable { slots, mask: 0 };
            }
            buckets /= 2;
        }
    }

    /// A table with exactly `buckets` buckets (a power of two), for tests.
    pub fn with_buckets(buckets: usize) -> Self {
        assert!(buckets.is_power_of_two(), "buckets must be a power of two");
        TranspositionTable {
            slots: vec![Self::empty_slot(); 2 * buckets],
            mask: buckets as u64 - 1,
        }
    }

    fn empty_slot() -> Slot<M> {
        Slot {
            key: 0,
            used: false,
            entry: TtEntry {
                value: Value::DRAW,
                bound: Bound::Exact,
                depth: 0,
                best: None,
                nodes: 0,
                solved: false,
            },
        }
    }

    /// Number of buckets.
    pub fn buckets(&self) -> usize {
        self.slots.len() / 2
    }

    /// Number of occupied entries.
    pub fn occupied(&self) -> usize {
        self.slots.iter().filter(|s| s.used).count()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for s in &mut self.slots {
            *s = Self::empty_slot();
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        2 * (key & self.mask) as usize
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry<M>> {
        let b = self.bucket(key);
        self.slots[b..b + 2]
            .iter()
            .find(|s| s.used && s.key == key)
            .map(|s| s.entry)
    }

    /// Stores a result for `key` following the replacement rules of the module doc.
    pub fn store(&mut self, key: u64, new: TtEntry<M>) {
        let b = self.bucket(key);
        let pair = &mut self.slots[b..b + 2];
        // Rule 1: the same position.
        if let Some(slot) = pair.iter_mut().find(|s| s.used && s.key == key) {
            let old = &slot.entry;
            let deeper = new.effective_depth() >= old.effective_depth();
            let exact_over_unsolved = new.bound == Bound::Exact && !old.solved;
            if deeper || exact_over_unsolved {
                slot.entry = new;
            }
            return;
        }
        // Rule 2: a free slot.
        if let Some(slot) = pair.iter_mut().find(|s| !s.used) {
            *slot = Slot {
                key,
                used: true,
                entry: new,
            };
            return;
        }
        // Rule 3: TWOBIG, evict the smaller subtree (ties: the shallower, then the inexact).
        let rank = |e: &TtEntry<M>| (e.nodes, e.effective_depth(), e.bound == Bound::Exact);
        let victim = if rank(&pair[0].entry) < rank(&pair[1].entry) {
            0
        } else {
            1
        };
        pair[victim] = Slot {
            key,
            used: true,
            entry: new,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(value: i32, bound: Bound, depth: u32, nodes: u32, solved: bool) -> TtEntry<u16> {
        TtEntry {
            value: Value(value),
            bound,
            depth,
            best: Some(7),
            nodes,
            solved,
        }
    }

    #[test]
    fn sizes_are_powers_of_two() {
        let t: TranspositionTable<u16> = TranspositionTable::new(1);
        assert!(t.buckets().is_power_of_two());
        assert!(t.buckets() * TranspositionTable::<u16>::bucket_bytes() <= 1 << 20);
        assert!(t.buckets() * TranspositionTable::<u16>::bucket_bytes() > 1 << 19);
        let tiny: TranspositionTable<u16> = TranspositionTable::new(0);
        assert_eq!(tiny.buckets(), 1);
    }

    #[test]
    fn the_full_key_is_checked() {
        let mut t = TranspositionTable::with_buckets(4);
        t.store(5, entry(10, Bound::Exact, 3, 100, false));
        assert_eq!(t.probe(5).unwrap().value, Value(10));
        // Same bucket (5 & 3 == 1 == 9 & 3), different key.
        assert_eq!(t.probe(9), None);
        assert_eq!(t.probe(6), None);
    }

    #[test]
    fn same_position_keeps_the_deeper_result() {
        let mut t = TranspositionTable::with_buckets(1);
        t.store(1, entry(10, Bound::Lower, 5, 100, false));
        t.store(1, entry(20, Bound::Lower, 3, 100, false));
        assert_eq!(
            t.probe(1).unwrap().value,
            Value(10),
            "shallower bound is ignored"
        );
        t.store(1, entry(30, Bound::Exact, 2, 100, false));
        assert_eq!(
            t.probe(1).unwrap().value,
            Value(30),
            "an exact value replaces a bound"
        );
        t.store(1, entry(40, Bound::Upper, 2, 100, false));
        assert_eq!(
            t.probe(1).unwrap().value,
            Value(40),
            "equal depth: the newer wins"
        );
        assert_eq!(t.occupied(), 1);
    }

    #[test]
    fn solved_entries_are_only_replaced_by_solved_ones() {
        let mut t = TranspositionTable::with_buckets(1);
        t.store(1, entry(0, Bound::Upper, 2, 10, true));
        t.store(1, entry(5, Bound::Exact, 30, 10, false));
        assert_eq!(t.probe(1).unwrap().value, Value(0));
        assert!(t.probe(1).unwrap().solved);
        t.store(1, entry(-3, Bound::Exact, 1, 10, true));
        assert_eq!(t.probe(1).unwrap().value, Value(-3));
    }

    #[test]
    fn twobig_keeps_the_most_recent_and_the_largest() {
        let mut t = TranspositionTable::with_buckets(1);
        t.store(1, entry(1, Bound::Exact, 1, 500, false));
        t.store(2, entry(2, Bound::Exact, 1, 10, false));
        // Bucket full: key 3 evicts key 2 (10 nodes < 500 nodes).
        t.store(3, entry(3, Bound::Exact, 1, 20, false));
        assert!(t.probe(1).is_some() && t.probe(3).is_some() && t.probe(2).is_none());
        // Key 4 evicts key 3 (20 < 500): the most recent and the largest remain.
        t.store(4, entry(4, Bound::Exact, 1, 1, false));
        assert!(t.probe(1).is_some() && t.probe(4).is_some() && t.probe(3).is_none());
        // A larger subtree than both: evicts the smaller old one (key 4).
        t.store(5, entry(5, Bound::Exact, 1, 900, false));
        assert!(t.probe(1).is_some() && t.probe(5).is_some() && t.probe(4).is_none());
    }

    #[test]
    fn twobig_ties_keep_the_deeper_then_the_exact() {
        let mut t = TranspositionTable::with_buckets(1);
        t.store(1, entry(1, Bound::Lower, 4, 50, false));
        t.store(2, entry(2, Bound::Lower, 2, 50, false));
        t.store(3, entry(3, Bound::Exact, 1, 60, false));
        assert!(
            t.probe(1).is_some() && t.probe(2).is_none(),
            "the shallower goes"
        );
        let mut t = TranspositionTable::with_buckets(1);
        t.store(1, entry(1, Bound::Exact, 4, 50, false));
        t.store(2, entry(2, Bound::Lower, 4, 50, false));
        t.store(3, entry(3, Bound::Exact, 1, 60, false));
        assert!(
            t.probe(1).is_some() && t.probe(2).is_none(),
            "the inexact goes"
        );
        let mut t = TranspositionTable::with_buckets(1);
        t.store(1, entry(1, Bound::Lower, 4, 50, true));
        t.store(2, entry(2, Bound::Exact, 40, 50, false));
        t.store(3, entry(3, Bound::Exact, 1, 60, false));
        assert!(
            t.probe(1).is_some() && t.probe(2).is_none(),
            "solved counts as deepest"
        );
    }

    #[test]
    fn clear_empties() {
        let mut t = TranspositionTable::with_buckets(2);
        t.store(1, entry(1, Bound::Exact, 1, 1, false));
        t.clear();
        assert_eq!(t.occupied(), 0);
        assert_eq!(t.probe(1), None);
    }
}
