//! The transposition table of lambda search (Suda, *Efficient algorithms for verifying goals in
//! computer games*, section 5.3.1).
//!
//! An entry answers LAMBDA(p, n) for one position: the full 64-bit position key (side to
//! move included), the attacker, the remaining depth (the draw limit of section 4.8 is part
//! of the question, so it is part of the entry's identity), the result with its level, the
//! zone that came with it and the effort (nodes of the subtree). Zones live in a side arena
//! with a stride of one byte per board point, allocated once with the table: storing and
//! probing never allocate.
//!
//! # What an entry answers
//!
//! LAMBDA(p, n) iterates the levels 1..=n and stops at the first win, so
//! - a stored *win at level k* answers every query with n >= k (the same first win), with the
//!   defence zone of D_k, which is one of D_n (a scheme for a stronger predicate is one for
//!   a weaker: lambda^k = 1 implies lambda^n = 1);
//! - a stored *failure up to level m* answers every query with n <= m, with the attack zone
//!   of A_m, again one of A_n (lambda^m = 0 implies lambda^n = 0).
//!
//! Remaining depths must be equal. (In a stone game every real move adds a stone, so one
//! position of one search always has the same remaining depth anyway.)
//!
//! # Replacement: TWOBIG
//!
//! Two entries per bucket (Breuker et al., as in Suda): the bucket is chosen by the
//! position key and the attacker, so the answers for different levels of one position meet
//! in one bucket. A store for the same identity (key, attacker, depth) overwrites it;
//! otherwise a free slot is used; otherwise the entry whose subtree took fewer nodes goes, so
//! a bucket keeps the newest result and the most expensive one.

use crate::game::Player;
use crate::search::tt::MAX_TT_MB;
use crate::search::zone::ZoneScheme;

/// One stored answer, as the table hands it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LambdaEntry {
    /// True for a win of the attacker at `level`; false for a failure up to `level`.
    pub won: bool,
    /// The win's level, or the highest level searched without a win.
    pub level: u8,
    /// Remaining depth of the search.
    pub depth: u32,
    /// Nodes the subtree took (the TWOBIG measure), saturating.
    pub nodes: u32,
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    depth: u32,
    nodes: u32,
    /// 0: empty; otherwise 1 + attacker index.
    attacker: u8,
    won: bool,
    level: u8,
}

impl Slot {
    /// The slot packed in three words; all zeros is the empty slot, so the table can be
    /// allocated as zeroed memory (the system hands out zero pages lazily: a big table costs
    /// nothing until it is used).
    #[inline]
    fn pack(self) -> [u64; 3] {
        [
            self.key,
            u64::from(self.depth) | u64::from(self.nodes) << 32,
            u64::from(self.attacker) | u64::from(self.won) << 8 | u64::from(self.level) << 16,
        ]
    }

    #[inline]
    fn unpack(words: [u64; 3]) -> Slot {
        Slot {
            key: words[0],
            depth: words[1] as u32,
            nodes: (words[1] >> 32) as u32,
            attacker: words[2] as u8,
            won: (words[2] >> 8) & 1 == 1,
            level: (words[2] >> 16) as u8,
        }
    }
}

/// Salt that separates the two attackers' answers for one position.
const ATTACKER_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// A fixed-size table of two-entry buckets with a zone arena.
#[derive(Clone, Debug)]
pub struct LambdaTable {
    /// Packed slots ([`Slot::pack`]), two per bucket.
    slots: Vec<[u64; 3]>,
    zones: Vec<u8>,
    stride: usize,
    mask: u64,
}

impl LambdaTable {
    /// A table of about `megabytes` MB for zones of `points` points (0: no zones), rounded
    /// down to a power-of-two number of buckets (at least one).
    pub fn new(megabytes: usize, points: usize) -> LambdaTable {
        let bytes = megabytes.min(MAX_TT_MB).saturating_mul(1 << 20);
        let bucket_bytes = 2 * (std::mem::size_of::<[u64; 3]>() + points);
        let wanted = (bytes / bucket_bytes).max(1);
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Self::with_buckets(buckets, points)
    }

    /// A table of exactly `buckets` buckets (a power of two), for tests.
    pub fn with_buckets(buckets: usize, points: usize) -> LambdaTable {
        assert!(buckets.is_power_of_two(), "buckets must be a power of two");
        LambdaTable {
            slots: vec![[0; 3]; 2 * buckets],
            zones: vec![0; 2 * buckets * points],
            stride: points,
            mask: buckets as u64 - 1,
        }
    }

    #[inline]
    fn bucket(&self, key: u64, attacker: Player) -> usize {
        let salted = key ^ ATTACKER_SALT.wrapping_mul(attacker.index() as u64 + 1);
        // The low bits of a Zobrist key are as random as the high ones; mix anyway so the
        // salt reaches them.
        let mixed = salted ^ (salted >> 29);
        2 * (mixed & self.mask) as usize
    }

    /// The stored answer for LAMBDA(`attacker`, `level`) at `depth` remaining in the
    /// position `key`, if one of the bucket's entries answers it (see the module doc), with
    /// the slot its zone is in ([`LambdaTable::load_zone`]).
    pub fn probe(
        &self,
        key: u64,
        attacker: Player,
        level: u8,
        depth: u32,
    ) -> Option<(LambdaEntry, usize)> {
        let b = self.bucket(key, attacker);
        let tag = attacker.index() as u8 + 1;
        for i in b..b + 2 {
            let s = Slot::unpack(self.slots[i]);
            if s.attacker != tag || s.key != key || s.depth != depth {
                continue;
            }
            let answers = if s.won {
                s.level <= level
            } else {
                s.level >= level
            };
            if answers {
                let entry = LambdaEntry {
                    won: s.won,
                    level: s.level,
                    depth: s.depth,
                    nodes: s.nodes,
                };
                return Some((entry, i));
            }
        }
        None
    }

    /// Copies the zone stored in `slot` (from [`LambdaTable::probe`]) into `zone`.
    pub fn load_zone(&self, slot: usize, zone: &mut ZoneScheme) {
        zone.orders_mut()
            .copy_from_slice(&self.zones[slot * self.stride..(slot + 1) * self.stride]);
    }

    /// Stores an answer (TWOBIG, see the module doc) with its zone (`None`: no zones).
    pub fn store(
        &mut self,
        key: u64,
        attacker: Player,
        entry: LambdaEntry,
        zone: Option<&ZoneScheme>,
    ) {
        let b = self.bucket(key, attacker);
        let tag = attacker.index() as u8 + 1;
        let (first, second) = (Slot::unpack(self.slots[b]), Slot::unpack(self.slots[b + 1]));
        let same = |s: &Slot| s.attacker == tag && s.key == key && s.depth == entry.depth;
        let i = if same(&first) {
            b
        } else if same(&second) {
            b + 1
        } else if first.attacker == 0 {
            b
        } else if second.attacker == 0 || second.nodes < first.nodes {
            // A free slot, or TWOBIG: the cheaper of the two old entries goes.
            b + 1
        } else {
            b
        };
        self.slots[i] = Slot {
            key,
            depth: entry.depth,
            nodes: entry.nodes,
            attacker: tag,
            won: entry.won,
            level: entry.level,
        }
        .pack();
        if let Some(zone) = zone {
            self.zones[i * self.stride..(i + 1) * self.stride].copy_from_slice(zone.orders());
        }
    }

    /// Entries in use (for tests and statistics).
    pub fn used(&self) -> usize {
        self.slots
            .iter()
            .filter(|&&s| Slot::unpack(s).attacker != 0)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(won: bool, level: u8, nodes: u32) -> LambdaEntry {
        LambdaEntry {
            won,
            level,
            depth: 9,
            nodes,
        }
    }

    #[test]
    fn wins_answer_higher_levels_and_failures_lower_ones() {
        let mut t = LambdaTable::with_buckets(4, 3);
        let zone = ZoneScheme::from_orders(&[1, 2, 255]);
        t.store(77, Player::Black, entry(true, 2, 10), Some(&zone));
        assert!(t.probe(77, Player::Black, 1, 9).is_none());
        let mut got = ZoneScheme::empty(3);
        let (hit, slot) = t.probe(77, Player::Black, 3, 9).unwrap();
        assert!(hit.won && hit.level == 2);
        t.load_zone(slot, &mut got);
        assert_eq!(got, zone);
        assert!(t.probe(77, Player::White, 3, 9).is_none(), "other attacker");
        assert!(t.probe(77, Player::Black, 3, 8).is_none(), "other depth");
        t.store(78, Player::White, entry(false, 2, 10), None);
        assert!(t.probe(78, Player::White, 2, 9).is_some());
        assert!(t.probe(78, Player::White, 1, 9).is_some());
        assert!(t.probe(78, Player::White, 3, 9).is_none());
    }

    #[test]
    fn slots_pack_and_unpack() {
        let slot = Slot {
            key: u64::MAX - 5,
            depth: u32::MAX - 1,
            nodes: 123_456,
            attacker: 2,
            won: true,
            level: 7,
        };
        let back = Slot::unpack(slot.pack());
        assert_eq!(
            (
                back.key,
                back.depth,
                back.nodes,
                back.attacker,
                back.won,
                back.level
            ),
            (u64::MAX - 5, u32::MAX - 1, 123_456, 2, true, 7)
        );
        assert_eq!(Slot::unpack([0; 3]).attacker, 0, "zeroed memory is empty");
    }

    #[test]
    fn twobig_keeps_the_newest_and_the_most_expensive() {
        let mut t = LambdaTable::with_buckets(1, 0);
        t.store(1, Player::Black, entry(false, 1, 500), None);
        t.store(2, Player::Black, entry(false, 1, 5), None);
        t.store(3, Player::Black, entry(false, 1, 50), None);
        assert!(t.probe(1, Player::Black, 1, 9).is_some(), "expensive kept");
        assert!(t.probe(2, Player::Black, 1, 9).is_none(), "cheap evicted");
        assert!(t.probe(3, Player::Black, 1, 9).is_some(), "newest stored");
        // The same identity is overwritten in place.
        t.store(3, Player::Black, entry(true, 2, 60), None);
        assert!(t.probe(3, Player::Black, 2, 9).unwrap().0.won);
        assert_eq!(t.used(), 2);
    }
}
