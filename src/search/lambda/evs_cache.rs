//! A small cache of EVS orders (Suda, *Efficient algorithms for verifying goals in computer
//! games*, definition 13) by position and player.
//!
//! LAMBDA(p, n) tries the levels 1..=n, and each level plays the same attack moves again, so
//! the level-0 zones of the same positions (basicAZone = u(EVS(p)), basicDZone = {x} ∪
//! EVS(o)) are asked for once per level. Computing EVS is the engine's most expensive step
//! (about 60% of the time on 7x7 k=4 without a cache), so the answers are kept in a
//! direct-mapped cache allocated once per search: a slot holds the full position key, the
//! player and the orders. A hit copies the orders; nothing is allocated while searching.

use crate::game::Player;

/// Slots of the cache (a power of two).
const SLOTS: usize = 1 << 13;

/// The cache: one slot per `(key, player)` hash, overwritten on collision.
#[derive(Clone, Debug)]
pub struct EvsCache {
    /// Position key with the player mixed in, per slot; `tags` tells a used slot.
    keys: Vec<u64>,
    tags: Vec<u8>,
    orders: Vec<u8>,
    stride: usize,
    /// Look-ups and hits, for the profile.
    pub probes: u64,
    pub hits: u64,
}

impl EvsCache {
    /// A cache for boards of `points` points.
    pub fn new(points: usize) -> EvsCache {
        EvsCache {
            keys: vec![0; SLOTS],
            tags: vec![0; SLOTS],
            orders: vec![0; SLOTS * points],
            stride: points,
            probes: 0,
            hits: 0,
        }
    }

    #[inline]
    fn slot(key: u64, player: Player) -> usize {
        let mixed = key ^ (key >> 32) ^ (player.index() as u64).wrapping_mul(0x9E37_79B9);
        (mixed as usize) & (SLOTS - 1)
    }

    /// Writes the EVS orders of `player` in the position `key` into `out`, computing them
    /// with `compute` on a miss.
    pub fn orders(
        &mut self,
        key: u64,
        player: Player,
        out: &mut [u8],
        compute: impl FnOnce(&mut [u8]),
    ) {
        let i = Self::slot(key, player);
        let tag = player.index() as u8 + 1;
        let stored = &mut self.orders[i * self.stride..(i + 1) * self.stride];
        self.probes += 1;
        if self.tags[i] == tag && self.keys[i] == key {
            self.hits += 1;
            out.copy_from_slice(stored);
            return;
        }
        compute(out);
        stored.copy_from_slice(out);
        self.keys[i] = key;
        self.tags[i] = tag;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computes_once_per_position_and_player() {
        let mut cache = EvsCache::new(3);
        let mut calls = 0;
        let mut out = [0u8; 3];
        for _ in 0..3 {
            cache.orders(42, Player::Black, &mut out, |o| {
                calls += 1;
                o.copy_from_slice(&[1, 2, 3]);
            });
            assert_eq!(out, [1, 2, 3]);
        }
        cache.orders(42, Player::White, &mut out, |o| {
            calls += 1;
            o.copy_from_slice(&[3, 2, 1]);
        });
        assert_eq!(out, [3, 2, 1]);
        assert_eq!(calls, 2);
        assert_eq!((cache.probes, cache.hits), (4, 2));
    }
}
