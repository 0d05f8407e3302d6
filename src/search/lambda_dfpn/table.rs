//! The proof-number table of lambda-df-pn: `(phi, delta)` of a node of the df-pn tree at one
//! lambda level for one attacker (Nagai's df-pn keeps every number in a table; Hric and
//! Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda search*, "df-pn ... TT"). The
//! level and the attacker are mixed into the key, so searches of both sides and of every level
//! share one table without clearing it.
//!
//! Buckets of two entries; a new position replaces the entry whose subtree cost fewer nodes
//! (the small-subtree replacement of df-pn), solved entries count as the largest.

use crate::game::Player;

/// One stored node.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The salted key; 0 marks an empty slot (a real key of 0 is stored as 1).
    key: u64,
    phi: u32,
    delta: u32,
    /// Nodes the last search of the subtree took (saturated), for replacement.
    work: u32,
}

const BUCKET: usize = 2;

/// A fixed-size table of `(phi, delta)` by position, level and attacker.
pub(crate) struct PnTable {
    entries: Vec<Entry>,
    /// Number of buckets minus one (a power of two).
    mask: usize,
}

/// Distinct salts per level and attacker, so the same position is stored separately.
fn salt(level: u8, attacker: Player) -> u64 {
    let mut state = 0x9e37_79b9_7f4a_7c15u64
        ^ ((level as u64) << 1 | (attacker == Player::White) as u64)
            .wrapping_mul(0xbf58_476d_1ce4_e5b9);
    crate::zobrist::splitmix64(&mut state)
}

impl PnTable {
    /// A table of about `megabytes` (at least one bucket).
    pub fn new(megabytes: usize) -> PnTable {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Entry>()))
            .max(1)
            .next_power_of_two()
            / 2;
        let buckets = buckets.max(1);
        PnTable {
            entries: vec![Entry::default(); buckets * BUCKET],
            mask: buckets - 1,
        }
    }

    fn slot_key(key: u64, level: u8, attacker: Player) -> u64 {
        match key ^ salt(level, attacker) {
            0 => 1,
            k => k,
        }
    }

    /// `(phi, delta)` stored for the position `key` at `level` for `attacker`.
    pub fn probe(&self, key: u64, level: u8, attacker: Player) -> Option<(u32, u32)> {
        let k = Self::slot_key(key, level, attacker);
        let start = (k as usize & self.mask) * BUCKET;
        self.entries[start..start + BUCKET]
            .iter()
            .find(|e| e.key == k)
            .map(|e| (e.phi, e.delta))
    }

    /// Stores `(phi, delta)` for the position `key`; `work` is the subtree's cost in nodes.
    pub fn store(
        &mut self,
        key: u64,
        level: u8,
        attacker: Player,
        phi: u32,
        delta: u32,
        work: u64,
    ) {
        let k = Self::slot_key(key, level, attacker);
        let start = (k as usize & self.mask) * BUCKET;
        let solved = phi == 0 || delta == 0;
        let work = if solved {
            u32::MAX
        } else {
            work.min(u32::MAX as u64 - 1) as u32
        };
        let bucket = &mut self.entries[start..start + BUCKET];
        let index = match bucket.iter().position(|e| e.key == k) {
            Some(i) => i,
            None => {
                let (i, _) = bucket
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, e)| if e.key == 0 { 0 } else { e.work as u64 + 1 })
                    .expect("buckets are not empty");
                i
            }
        };
        bucket[index] = Entry {
            key: k,
            phi,
            delta,
            work,
        };
    }

    /// Slots in use.
    #[cfg(test)]
    pub fn used(&self) -> usize {
        self.entries.iter().filter(|e| e.key != 0).count()
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_attackers_are_kept_apart() {
        let mut t = PnTable::new(1);
        t.store(42, 1, Player::Black, 3, 4, 10);
        assert_eq!(t.probe(42, 1, Player::Black), Some((3, 4)));
        assert_eq!(t.probe(42, 2, Player::Black), None);
        assert_eq!(t.probe(42, 1, Player::White), None);
        t.store(42, 1, Player::Black, 0, u32::MAX, 1);
        assert_eq!(t.probe(42, 1, Player::Black), Some((0, u32::MAX)));
        assert_eq!(t.used(), 1);
        assert!(t.bytes() <= 1024 * 1024);
    }

    #[test]
    fn small_subtrees_are_replaced_first() {
        let mut t = PnTable::new(1);
        let buckets = (t.mask + 1) as u64;
        // Three keys landing in the same bucket (same low bits after salting).
        let base = 5u64;
        let s = salt(1, Player::Black);
        let keys: Vec<u64> = (0..3).map(|i| (base + i * buckets) ^ s).collect();
        t.store(keys[0], 1, Player::Black, 1, 1, 100);
        t.store(keys[1], 1, Player::Black, 1, 1, 5);
        t.store(keys[2], 1, Player::Black, 2, 2, 50);
        assert_eq!(t.probe(keys[0], 1, Player::Black), Some((1, 1)));
        assert_eq!(
            t.probe(keys[1], 1, Player::Black),
            None,
            "the cheapest went"
        );
        assert_eq!(t.probe(keys[2], 1, Player::Black), Some((2, 2)));
    }
}
