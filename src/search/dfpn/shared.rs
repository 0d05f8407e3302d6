//! One df-pn table for every thread of a parallel search, and the count of threads inside each node
//! that steers them apart.
//!
//! The design follows Kaneko's parallel df-pn (T. Kaneko, "Parallel Depth First Proof Number
//! Search", AAAI 2010): every thread runs the same MID loop from the root over one shared
//! transposition table, and a child that other threads are searching looks worse than it
//! is (a *virtual* proof number) when a thread picks the child to search next, so the
//! threads spread over the tree instead of repeating each other's work. Here a node with
//! `b` other threads in it has its selection number multiplied by `1 + b`
//! (`super::mid::Mid`); nothing is stored from it that another thread could take for a
//! proof, since only a solved entry decides anything and inflation never makes a number 0
//! or infinite.
//!
//! # Concurrency
//!
//! Each bucket of [`BUCKET`] entries has its own lock, held for the few instructions of a
//! probe or a store: no global lock on the hot path; two threads wait for each other
//! only on the same bucket. The replacement rules are those of [`super::table`] (the same
//! functions), without growth: the table has its full budget from the start (untouched
//! pages cost nothing until a store reaches them). The busy counts live in a separate
//! array of atomic counters indexed by the key's low bits; a collision only makes an
//! unrelated node look busy, which costs a little search, never a wrong answer.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use super::table::{BUCKET, DfpnEntry, DfpnStore, Slot, evict_into, find_in, update_or_fill};

/// Busy counters (a power of two).
const BUSY_COUNTERS: usize = 1 << 16;

/// One bucket behind its own lock (a futex: two atomic operations when nobody else holds
/// it).
type Bucket<M> = Mutex<[Slot<M>; BUCKET]>;

/// A table of at most a given number of bytes, shared by the threads of one search.
pub struct SharedTable<M> {
    buckets: Box<[Bucket<M>]>,
    /// `buckets - 1` (a power of two); unused when there are no buckets.
    mask: u64,
    busy: Box<[AtomicU32]>,
}

impl<M: Copy + Default + Send> SharedTable<M> {
    /// A table of at most `bytes` bytes (none when not one bucket fits: every probe then
    /// misses and df-pn stays correct, only slower).
    pub fn with_bytes(bytes: usize) -> SharedTable<M> {
        let fit = bytes / std::mem::size_of::<Bucket<M>>();
        let count = if fit == 0 {
            0
        } else {
            1usize << (usize::BITS - 1 - fit.leading_zeros())
        };
        let buckets: Box<[Bucket<M>]> = (0..count)
            .map(|_| Mutex::new([Slot::empty(); BUCKET]))
            .collect();
        SharedTable {
            buckets,
            mask: count.saturating_sub(1) as u64,
            busy: (0..BUSY_COUNTERS).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    /// Entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// Runs `f` on the bucket of `key` with its lock held (`None` without buckets).
    #[inline]
    fn with_bucket<R>(&self, key: u64, f: impl FnOnce(&mut [Slot<M>; BUCKET]) -> R) -> Option<R> {
        let bucket = self.buckets.get((key & self.mask) as usize)?;
        // A thread that panicked holding the lock left whole entries behind (they are
        // copied in one assignment): go on with them.
        let mut slots = bucket.lock().unwrap_or_else(|e| e.into_inner());
        Some(f(&mut slots))
    }

    #[inline]
    fn counter(&self, key: u64) -> &AtomicU32 {
        &self.busy[(key >> 40) as usize & (BUSY_COUNTERS - 1)]
    }
}

impl<M: Copy + Default + Send> DfpnStore<M> for &SharedTable<M> {
    const SHARED: bool = true;

    #[inline]
    fn probe(&self, key: u64) -> Option<DfpnEntry<M>> {
        self.with_bucket(key, |bucket| find_in(bucket, key))
            .flatten()
    }

    #[inline]
    fn store(&mut self, key: u64, new: DfpnEntry<M>) {
        self.with_bucket(key, |bucket| {
            if !update_or_fill(bucket, key, new) {
                evict_into(bucket, key, new);
            }
        });
    }

    #[inline]
    fn enter(&self, key: u64) {
        self.counter(key).fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn leave(&self, key: u64) {
        self.counter(key).fetch_sub(1, Ordering::Relaxed);
    }

    #[inline]
    fn busy(&self, key: u64) -> u32 {
        self.counter(key).load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::dfpn::table::tests::entry;
    use crate::search::proof::PN_INFINITY;

    #[test]
    fn stays_within_its_bytes_and_keeps_proofs() {
        let table = SharedTable::<u16>::with_bytes(1 << 20);
        assert!(table.buckets.len() * std::mem::size_of::<Bucket<u16>>() <= 1 << 20);
        assert!(table.capacity() > 0);
        let mut t = &table;
        t.store(5, entry(0, PN_INFINITY, 4));
        t.store(5, entry(3, 4, 9));
        assert_eq!(t.probe(5), Some(entry(0, PN_INFINITY, 4)), "a proof stays");
        assert_eq!(t.probe(6), None);
        let none = SharedTable::<u16>::with_bytes(0);
        let mut n = &none;
        n.store(1, entry(1, 1, 1));
        assert_eq!(n.probe(1), None, "a table of no bytes stores nothing");
    }

    #[test]
    fn threads_storing_at_once_lose_nothing_they_can_keep() {
        // Each thread stores its own keys, four per bucket at most: every entry survives
        // the contention whole (no torn entry, no lost update).
        let table = SharedTable::<u16>::with_bytes(1 << 22);
        let buckets = table.capacity() as u64 / BUCKET as u64;
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    let mut store = table;
                    for i in 0..buckets {
                        let key = i | (t << 48);
                        store.store(key, entry(t as u32 + 1, i as u32 + 1, 7));
                        store.enter(key);
                        store.leave(key);
                    }
                });
            }
        });
        let t = &table;
        for thread in 0..4u64 {
            for i in (0..buckets).step_by(97) {
                assert_eq!(
                    t.probe(i | (thread << 48)),
                    Some(entry(thread as u32 + 1, i as u32 + 1, 7))
                );
            }
        }
        assert_eq!(t.busy(3 << 40), 0, "every enter has its leave");
    }

    #[test]
    fn busy_counts_follow_enter_and_leave() {
        let table = SharedTable::<u16>::with_bytes(1 << 12);
        let t = &table;
        t.enter(9 << 40);
        t.enter(9 << 40);
        assert_eq!(t.busy(9 << 40), 2);
        t.leave(9 << 40);
        assert_eq!(t.busy(9 << 40), 1);
    }
}
