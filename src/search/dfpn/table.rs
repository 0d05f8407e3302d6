//! df-pn's transposition table (Hric and Baudiš, *Game algorithms, lecture 4: Proof number
//! search, Lambda search*, "Šetření paměti": Nagai's SmallTreeReplacement).
//!
//! Every entry keeps the full 64-bit key (a bucket is found from the low bits; the key check
//! rules out all but astronomically rare collisions), the node's numbers in negamax form
//! `(phi, delta)` from the side to move's view, the *size flag*: the number of nodes the
//! searches of this subtree took so far, the size of the proof or disproof tree of a solved
//! node, and the winning move of a node its mover wins.
//!
//! # Replacement
//!
//! A bucket holds [`BUCKET`] entries. A store for a key already in the bucket overwrites it
//! (a solved entry is only overwritten by another solved one: proofs are never forgotten for
//! numbers). Otherwise a free slot is used; otherwise the entry with the smallest subtree
//! (the smallest size flag) is evicted, unsolved entries first on ties (Nagai's
//! SmallTreeReplacement: a small subtree is cheap to search again; proven and disproven
//! entries are preferred). The new entry is always stored: it belongs to the path being
//! searched.
//!
//! # Size
//!
//! The byte budget (`--tt-mb`) bounds the table; it starts at [`START_BUCKETS`] buckets
//! (or the budget, when smaller) and doubles whenever a store finds its bucket full, until
//! the budget is reached; only then are entries evicted. A search that needs a few thousand
//! entries (a Hex 6x6 opening with H-search) so never touches 64 MB of pages: Hex 6x6's 18
//! opening searches spent a fifth of their process time faulting in tables they did not use.
//! Doubling extends the table in place and splits each old bucket into two (nothing is
//! lost; for a large table the allocator remaps the pages rather than copying them, so the
//! old and the new table never take memory at once); that happens at most
//! `log2(budget / start)` times per search, and probing never allocates. A table of zero bytes stores nothing (every probe
//! misses); df-pn stays correct, only slower.

use crate::search::proof::PN_INFINITY;

/// Entries per bucket (one bucket spans two 64-byte cache lines with 32-byte entries).
pub const BUCKET: usize = 4;

/// Buckets a table starts with (16 K entries, half a megabyte with 32-byte entries).
pub const START_BUCKETS: usize = 4096;

/// One stored node, as the table hands it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DfpnEntry<M> {
    /// `phi`: the proof number at an OR node, the disproof number at an AND node.
    pub phi: u32,
    /// `delta`: the disproof number at an OR node, the proof number at an AND node.
    pub delta: u32,
    /// Nodes the searches of this subtree took (the size flag), saturating.
    pub work: u32,
    /// Nodes of the proof (or disproof) tree when solved; 0 otherwise.
    pub size: u32,
    /// The winning move when the mover wins (`phi = 0`) and the node was decided by a move
    /// (not by the rules or a certificate), in the frame the key names (see
    /// [`crate::search::dfpn::MoveSource::table_move`]); `None` otherwise.
    pub best: Option<M>,
}

impl<M> DfpnEntry<M> {
    /// True when the node is solved (`phi = 0` or `delta = 0`).
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.phi == 0 || self.delta == 0
    }
}

/// One entry's place in a bucket.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot<M> {
    key: u64,
    used: bool,
    entry: DfpnEntry<M>,
}

impl<M: Copy> Slot<M> {
    /// A free slot.
    pub(super) fn empty() -> Slot<M> {
        Slot {
            key: 0,
            used: false,
            entry: DfpnEntry {
                phi: 1,
                delta: 1,
                work: 0,
                size: 0,
                best: None,
            },
        }
    }
}

/// The entry of `key` in `bucket`, if any.
#[inline]
pub(super) fn find_in<M: Copy>(bucket: &[Slot<M>], key: u64) -> Option<DfpnEntry<M>> {
    bucket
        .iter()
        .find(|s| s.used && s.key == key)
        .map(|s| s.entry)
}

/// Rules 1 and 2 of the module doc: the entry of the same key is updated (a proof is never
/// replaced by numbers), else a free slot is taken. False when the bucket is full of
/// other keys.
#[inline]
pub(super) fn update_or_fill<M: Copy>(bucket: &mut [Slot<M>], key: u64, new: DfpnEntry<M>) -> bool {
    if let Some(slot) = bucket.iter_mut().find(|s| s.used && s.key == key) {
        if new.is_solved() || !slot.entry.is_solved() {
            slot.entry = new;
        }
        return true;
    }
    if let Some(free) = bucket.iter_mut().find(|s| !s.used) {
        *free = Slot {
            key,
            used: true,
            entry: new,
        };
        return true;
    }
    false
}

/// Rule 3: `new` replaces the smallest subtree of a full bucket, unsolved first on ties.
#[inline]
pub(super) fn evict_into<M: Copy>(bucket: &mut [Slot<M>], key: u64, new: DfpnEntry<M>) {
    let rank = |s: &Slot<M>| (s.entry.work, s.entry.is_solved());
    let mut victim = 0;
    for i in 1..bucket.len() {
        if rank(&bucket[i]) < rank(&bucket[victim]) {
            victim = i;
        }
    }
    bucket[victim] = Slot {
        key,
        used: true,
        entry: new,
    };
}

/// Where df-pn keeps its numbers: the table of one search ([`DfpnTable`]) or one table
/// shared by the threads of a parallel search (`super::shared::SharedTable`).
pub trait DfpnStore<M: Copy> {
    /// True for a table other threads write too: the engine then re-reads its children's
    /// numbers every turn and steers away from the nodes other threads are in.
    const SHARED: bool;

    /// The entry stored for `key`, if any.
    fn probe(&self, key: u64) -> Option<DfpnEntry<M>>;

    /// Stores `new` for `key` (the replacement rules of this module's doc).
    fn store(&mut self, key: u64, new: DfpnEntry<M>);

    /// A thread enters the node `key` (shared tables count them).
    #[inline]
    fn enter(&self, key: u64) {
        let _ = key;
    }

    /// A thread leaves the node `key`.
    #[inline]
    fn leave(&self, key: u64) {
        let _ = key;
    }

    /// Threads in the node `key` now (0 for a table of one search).
    #[inline]
    fn busy(&self, key: u64) -> u32 {
        let _ = key;
        0
    }
}

impl<M: Copy + Default> DfpnStore<M> for DfpnTable<M> {
    const SHARED: bool = false;

    #[inline]
    fn probe(&self, key: u64) -> Option<DfpnEntry<M>> {
        DfpnTable::probe(self, key)
    }

    #[inline]
    fn store(&mut self, key: u64, new: DfpnEntry<M>) {
        DfpnTable::store(self, key, new);
    }
}

/// A fixed-size table of [`BUCKET`]-entry buckets.
#[derive(Clone, Debug)]
pub struct DfpnTable<M: Copy> {
    slots: Vec<Slot<M>>,
    /// `buckets - 1`; buckets are a power of two.
    mask: u64,
    /// The most buckets the byte budget allows (a power of two, or 0).
    max_buckets: usize,
}

impl<M: Copy + Default> DfpnTable<M> {
    /// Bytes one entry takes.
    pub fn slot_bytes() -> usize {
        std::mem::size_of::<Slot<M>>()
    }

    /// A table of at most `bytes` bytes: it may grow to the largest power-of-two number of
    /// buckets that fits (none when not even one bucket fits), starting at
    /// [`START_BUCKETS`] (module doc). If the memory cannot be had, halves the size until
    /// it can.
    pub fn with_bytes(bytes: usize) -> Self {
        let wanted = bytes / (BUCKET * Self::slot_bytes());
        if wanted == 0 {
            return DfpnTable {
                slots: Vec::new(),
                mask: 0,
                max_buckets: 0,
            };
        }
        let max_buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut buckets = max_buckets.min(START_BUCKETS);
        loop {
            if let Some(slots) = Self::allocate(buckets) {
                return DfpnTable {
                    slots,
                    mask: buckets as u64 - 1,
                    max_buckets,
                };
            }
            if buckets == 1 {
                return DfpnTable {
                    slots: Vec::new(),
                    mask: 0,
                    max_buckets: 0,
                };
            }
            buckets /= 2;
        }
    }

    /// Empty slots for `buckets` buckets, if the memory can be had.
    fn allocate(buckets: usize) -> Option<Vec<Slot<M>>> {
        let mut slots = Vec::new();
        slots.try_reserve_exact(BUCKET * buckets).ok()?;
        slots.resize(BUCKET * buckets, Self::empty_slot());
        Some(slots)
    }

    /// Doubles the table when the budget allows and the memory can be had; false otherwise
    /// (the budget is then the current size). Every entry keeps its place in one of the two
    /// buckets its old one split into, in its old order.
    ///
    /// The table grows in place: the vector is extended (for a large table the allocator
    /// moves its pages instead of copying them), so it never holds its old and its new size
    /// at once and the process stays within `--tt-mb` while it grows.
    fn grow(&mut self) -> bool {
        let buckets = self.slots.len() / BUCKET;
        if buckets == 0 || buckets >= self.max_buckets {
            return false;
        }
        if self.slots.try_reserve_exact(BUCKET * buckets).is_err() {
            self.max_buckets = buckets;
            return false;
        }
        self.slots.resize(2 * BUCKET * buckets, Self::empty_slot());
        let mask = 2 * buckets as u64 - 1;
        // Old bucket `b` splits into `b` and `b + buckets` (the new key bit): the entries
        // that stay close up at its front, the others fill the empty upper bucket.
        for b in 0..buckets {
            let (low, high) = (BUCKET * b, BUCKET * (b + buckets));
            let (mut kept, mut moved) = (0, 0);
            for i in low..low + BUCKET {
                let slot = self.slots[i];
                if !slot.used {
                    continue;
                }
                self.slots[i] = Self::empty_slot();
                if (slot.key & mask) as usize == b {
                    self.slots[low + kept] = slot;
                    kept += 1;
                } else {
                    self.slots[high + moved] = slot;
                    moved += 1;
                }
            }
        }
        self.mask = mask;
        true
    }

    fn empty_slot() -> Slot<M> {
        Slot::empty()
    }

    /// Number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Bytes the table's entries take now.
    pub fn bytes(&self) -> usize {
        self.slots.len() * Self::slot_bytes()
    }

    /// Bytes the table may grow to.
    pub fn max_bytes(&self) -> usize {
        self.max_buckets * BUCKET * Self::slot_bytes()
    }

    /// Number of occupied entries.
    pub fn occupied(&self) -> usize {
        self.slots.iter().filter(|s| s.used).count()
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        BUCKET * (key & self.mask) as usize
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<DfpnEntry<M>> {
        if self.slots.is_empty() {
            return None;
        }
        let b = self.bucket(key);
        find_in(&self.slots[b..b + BUCKET], key)
    }

    /// Stores `new` for `key` following the replacement rules of the module doc.
    pub fn store(&mut self, key: u64, new: DfpnEntry<M>) {
        debug_assert!(
            new.phi != PN_INFINITY || new.delta == 0,
            "phi = ∞ needs delta = 0"
        );
        debug_assert!(
            new.delta != PN_INFINITY || new.phi == 0,
            "delta = ∞ needs phi = 0"
        );
        if self.slots.is_empty() {
            return;
        }
        let b = self.bucket(key);
        if update_or_fill(&mut self.slots[b..b + BUCKET], key, new) {
            return;
        }
        // Below the budget, a full bucket doubles the table instead of evicting.
        if self.grow() {
            self.store(key, new);
            return;
        }
        let b = self.bucket(key);
        evict_into(&mut self.slots[b..b + BUCKET], key, new);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// An unsolved-or-solved entry with no move (also `super::shared`'s tests).
    pub(in crate::search::dfpn) fn entry(phi: u32, delta: u32, work: u32) -> DfpnEntry<u16> {
        DfpnEntry {
            phi,
            delta,
            work,
            size: 0,
            best: None,
        }
    }

    #[test]
    fn stays_within_its_bytes() {
        let mut table = DfpnTable::<u16>::with_bytes(1 << 24);
        assert!(table.max_bytes() <= 1 << 24);
        assert!(
            table.max_bytes() > 1 << 23,
            "may use at least half the budget"
        );
        assert_eq!(table.capacity(), BUCKET * START_BUCKETS, "starts small");
        assert_eq!(DfpnTable::<u16>::with_bytes(0).capacity(), 0);
        // Filling it grows it to the budget and no further, keeping what it holds.
        for key in 0..(1u64 << 20) {
            table.store(key.wrapping_mul(0x9e37_79b9_7f4a_7c15), entry(1, 1, 1));
        }
        assert_eq!(table.bytes(), table.max_bytes());
        assert!(table.probe(0).is_some() || table.occupied() == table.capacity());
    }

    #[test]
    fn growing_keeps_every_entry() {
        let mut table = DfpnTable::<u16>::with_bytes(1 << 24);
        let keys: Vec<u64> = (1..40_000u64)
            .map(|k| k.wrapping_mul(0x2545_f491_4f6c_dd1d))
            .collect();
        for (i, &key) in keys.iter().enumerate() {
            table.store(key, entry(2, 3, i as u32));
        }
        assert!(table.capacity() > BUCKET * START_BUCKETS, "it grew");
        for (i, &key) in keys.iter().enumerate() {
            assert_eq!(table.probe(key), Some(entry(2, 3, i as u32)));
        }
    }

    #[test]
    fn empty_table_stores_nothing() {
        let mut table = DfpnTable::<u16>::with_bytes(0);
        table.store(7, entry(1, 2, 3));
        assert_eq!(table.probe(7), None);
    }

    #[test]
    fn small_subtrees_are_evicted_first() {
        // One bucket: keys that differ only above the mask collide.
        let mut table = DfpnTable::<u16>::with_bytes(BUCKET * DfpnTable::<u16>::slot_bytes());
        assert_eq!(table.capacity(), BUCKET);
        for (i, work) in [50u32, 10, 70, 30].iter().enumerate() {
            table.store(i as u64, entry(2, 2, *work));
        }
        table.store(9, entry(3, 3, 1));
        assert_eq!(table.probe(1), None, "the 10-node subtree went");
        assert_eq!(
            table.probe(9),
            Some(entry(3, 3, 1)),
            "the new entry is stored"
        );
        assert!(table.probe(0).is_some() && table.probe(2).is_some());
    }

    #[test]
    fn proofs_are_not_replaced_by_numbers() {
        let mut table = DfpnTable::<u16>::with_bytes(1 << 12);
        table.store(5, entry(0, PN_INFINITY, 4));
        table.store(5, entry(3, 4, 9));
        assert_eq!(table.probe(5), Some(entry(0, PN_INFINITY, 4)));
        table.store(6, entry(3, 4, 9));
        table.store(6, entry(PN_INFINITY, 0, 12));
        assert_eq!(table.probe(6), Some(entry(PN_INFINITY, 0, 12)));
    }

    #[test]
    fn solved_entries_survive_ties() {
        let mut table = DfpnTable::<u16>::with_bytes(BUCKET * DfpnTable::<u16>::slot_bytes());
        table.store(0, entry(0, PN_INFINITY, 5));
        for k in 1..BUCKET as u64 {
            table.store(k, entry(2, 2, 5));
        }
        table.store(99, entry(1, 1, 6));
        assert!(table.probe(0).is_some(), "the proof stays");
        assert_eq!(table.occupied(), BUCKET);
    }
}
