//! The lambda knowledge of lambda-df-pn's last stage, shared by the threads of a parallel
//! run: what steps 3 and 4 of [`super::must_play`] found at a position (the mover's lambda-tree
//! win, the must-play region, or nothing), so that a thread does not ask its own lambda engine
//! again what another thread's already answered. Without it every thread re-ran the level-1 checks
//! of every node it entered, and two threads took about twice the lambda engine's nodes of one
//! (AtariGo 5x5: 1.1 to 1.4 million nodes instead of 0.8 million), so they were slower than one.
//!
//! An answer is stored as positions into the node's move list (the legal moves left after
//! the exact tactics and the game's own knowledge, which depend only on the position), so
//! it is read back as moves of the same position. Any answer the lambda engine gives is
//! sound (its zones are sound by theorem 15 whichever tree proved the threat), so a thread
//! may use another's.
//!
//! The table is lock-free: each entry is four 64-bit words written one by one, the first
//! the XOR of the key and the other three (R. Hyatt and T. Mann's lockless transposition
//! table, "A lock-less transposition table implementation for parallel search", ICGA
//! Journal 2002). A reader that meets a half-written entry sees the check fail and treats
//! it as a miss; a newer answer simply replaces an older one in its slot.

use std::sync::atomic::{AtomicU64, Ordering};

/// What steps 3 and 4 found at one position, over its move list (the list the region cuts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LambdaAnswer {
    /// The mover has a lambda-tree; its first move is the list's entry at this index.
    Wins(u16),
    /// The opponent threatens: only the list's entries whose bit is set are left.
    Region(u128),
    /// Neither: every move of the list is searched.
    Nothing,
}

/// The words of one entry: the check word, then the tag and the two halves of the mask.
const WORDS: usize = 4;

/// A fixed-size, lock-free table of [`LambdaAnswer`]s by position key.
pub(crate) struct SharedLambdaAnswers {
    words: Vec<AtomicU64>,
    /// Entries minus one (a power of two).
    mask: usize,
}

impl SharedLambdaAnswers {
    /// A table of about `bytes` bytes (at least one entry).
    pub fn with_bytes(bytes: usize) -> SharedLambdaAnswers {
        let entries = (bytes / (WORDS * 8)).max(1);
        let entries = 1usize << (usize::BITS - 1 - entries.leading_zeros());
        SharedLambdaAnswers {
            words: (0..entries * WORDS).map(|_| AtomicU64::new(0)).collect(),
            mask: entries - 1,
        }
    }

    /// Bytes the table takes.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    fn slot(&self, key: u64) -> usize {
        WORDS * (key as usize & self.mask)
    }

    /// The tag word: the kind (never 0, so an empty slot never matches), the list's length,
    /// and the winning move's index.
    fn tag(known: LambdaAnswer, moves: usize) -> u64 {
        let (kind, index) = match known {
            LambdaAnswer::Wins(i) => (1, i),
            LambdaAnswer::Region(_) => (2, 0),
            LambdaAnswer::Nothing => (3, 0),
        };
        kind | (moves as u64) << 8 | u64::from(index) << 32
    }

    /// The answer stored for `key` over a list of `moves` moves, if any.
    pub fn get(&self, key: u64, moves: usize) -> Option<LambdaAnswer> {
        let s = self.slot(key);
        let w: [u64; WORDS] = std::array::from_fn(|i| self.words[s + i].load(Ordering::Relaxed));
        if w[0] ^ w[1] ^ w[2] ^ w[3] != key || (w[1] >> 8) & 0xff_ffff != moves as u64 {
            return None;
        }
        match w[1] & 0xff {
            1 => Some(LambdaAnswer::Wins((w[1] >> 32) as u16)),
            2 => Some(LambdaAnswer::Region(
                u128::from(w[2]) | u128::from(w[3]) << 64,
            )),
            3 => Some(LambdaAnswer::Nothing),
            _ => None,
        }
    }

    /// Stores `known` for `key` over a list of `moves` moves (at most 128, so a region fits
    /// the mask).
    pub fn put(&self, key: u64, moves: usize, known: LambdaAnswer) {
        debug_assert!(moves <= 128);
        let mask = match known {
            LambdaAnswer::Region(m) => m,
            _ => 0,
        };
        let (tag, lo, hi) = (Self::tag(known, moves), mask as u64, (mask >> 64) as u64);
        let s = self.slot(key);
        self.words[s].store(key ^ tag ^ lo ^ hi, Ordering::Relaxed);
        self.words[s + 1].store(tag, Ordering::Relaxed);
        self.words[s + 2].store(lo, Ordering::Relaxed);
        self.words[s + 3].store(hi, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_back_for_their_key_and_list_only() {
        let table = SharedLambdaAnswers::with_bytes(1 << 12);
        let region = LambdaAnswer::Region(1 << 100 | 0b1011);
        table.put(17, 30, region);
        table.put(18, 5, LambdaAnswer::Wins(3));
        table.put(19, 7, LambdaAnswer::Nothing);
        assert_eq!(table.get(17, 30), Some(region));
        assert_eq!(table.get(18, 5), Some(LambdaAnswer::Wins(3)));
        assert_eq!(table.get(19, 7), Some(LambdaAnswer::Nothing));
        assert_eq!(table.get(17, 29), None, "another list length");
        assert_eq!(table.get(20, 7), None, "never stored");
        // Key 17 + entries lands in 17's slot: the newer answer replaces it.
        let entries = table.bytes() as u64 / 32;
        table.put(17 + entries, 30, LambdaAnswer::Nothing);
        assert_eq!(table.get(17, 30), None);
        assert_eq!(table.get(17 + entries, 30), Some(LambdaAnswer::Nothing));
    }

    #[test]
    fn an_empty_slot_is_no_answer_even_for_key_zero() {
        let table = SharedLambdaAnswers::with_bytes(1 << 10);
        assert_eq!(table.get(0, 0), None);
    }

    #[test]
    fn threads_writing_one_slot_never_read_a_torn_entry() {
        // Two writers alternate two answers for keys that share a slot; a reader only ever
        // sees one of them whole, or nothing.
        let table = SharedLambdaAnswers::with_bytes(32);
        let a = (5u64, LambdaAnswer::Region(u128::MAX >> 3));
        let b = (6u64, LambdaAnswer::Region(0x5555));
        std::thread::scope(|scope| {
            for (key, known) in [a, b] {
                let table = &table;
                scope.spawn(move || {
                    for _ in 0..20_000 {
                        table.put(key, 40, known);
                    }
                });
            }
            for _ in 0..20_000 {
                for (key, known) in [a, b] {
                    if let Some(seen) = table.get(key, 40) {
                        assert_eq!(seen, known);
                    }
                }
            }
        });
    }
}
