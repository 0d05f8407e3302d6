//! Exact EVS orders of AtariGo (Suda, *Efficient algorithms for verifying goals in computer
//! games*, definition 13 and section 5.2.1).
//!
//! # Which sets win
//!
//! With the opponent passing, `player` wins by capturing, i.e. by filling every liberty of
//! one opponent chain; the opponent's chains never change meanwhile. A stone that captures
//! nothing and leaves its own chain without liberties is a suicide and loses, so a set `X`
//! wins when SOME order of its points reaches a capture with no suicide before it
//! (definition 13 asks for some order). Two facts make that exact and cheap:
//!
//! 1. *Extra stones never help.* If a chain `C` is captured first, drop from the sequence
//!    every stone that is not a liberty of `C`: each remaining stone's chain is a part of
//!    what it was, and walking from it towards the liberty it had, the first dropped stone
//!    met is an empty neighbour now. So the minimal winning sets are the inclusion-minimal
//!    ones among the *fillable* liberty sets `libs(C)`: those with an order of filling in
//!    which every stone but the last keeps a liberty.
//! 2. *Free liberties go first.* A liberty with an empty neighbour outside `libs(C)`, or
//!    next to one of `player`'s chains that has a liberty outside `libs(C)`, keeps that
//!    liberty for ever (those points are never filled). Playing such points first only
//!    helps the others: a later stone whose liberty was such a point is now joined to a
//!    chain with a permanent liberty. So `libs(C)` is fillable exactly when its remaining
//!    *hard* liberties can be ordered, which needs a search only when two or more are
//!    hard (eyes: liberties surrounded by the opponent's stones and by other liberties).
//!
//! A liberty set holding a smaller fillable one is not minimal. Sets are visited from the
//! smallest; one that holds a smaller set proven fillable is skipped. With more than
//! [`MAX_HARD`] hard liberties the search is skipped and the set counted as fillable for its
//! own orders (a smaller order than the truth is sound, lemma 9a) but never used to drop a
//! larger set (that would raise orders: unsound). `tests/integration/evs_bruteforce.rs` checks the
//! result against definition 13 by enumeration.

use super::{Board, NO_POINT};
use crate::game::{NO_REGION, Player, Point};
use crate::games::atarigo::bits::Bits;

/// Most hard liberties ordered by search (2^6 subsets, one failure bit each in a `u64`).
const MAX_HARD: usize = 6;

/// Whether a chain's liberties can be filled, capture last, without a suicide first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    Proven,
    /// Too many hard liberties to search: treated as fillable, never used to drop others.
    Assumed,
    Impossible,
}

impl<const W: usize, const N: usize> Board<W, N> {
    /// [`crate::game::StoneGame::evs_orders`] for AtariGo: the exact order of every point
    /// (see the module doc). Allocates nothing.
    pub fn write_evs_orders(&self, player: Player, orders: &mut [u8]) {
        debug_assert_eq!(orders.len(), self.points, "one order per point");
        orders.fill(NO_REGION);
        if self.outcome().is_some() {
            return;
        }

        // Step 1: the opponent's chains, fewest liberties first (insertion sort by count).
        let mut roots = [NO_POINT; N];
        let mut counts = [0u16; N];
        let mut chains = 0;
        for r in self.chain_roots(player.opponent()).iter() {
            let count = self.libs[r as usize].len() as u16;
            let mut i = chains;
            while i > 0 && counts[i - 1] > count {
                roots[i] = roots[i - 1];
                counts[i] = counts[i - 1];
                i -= 1;
            }
            roots[i] = r;
            counts[i] = count;
            chains += 1;
        }

        // Step 2: each liberty set that holds no smaller proven winning set and can be
        // filled gives its points its size as order.
        let mut proven = Bits::<W>::EMPTY;
        for (&root, &count) in roots[..chains].iter().zip(&counts[..chains]) {
            let libs = self.libs[root as usize];
            let holds_smaller = proven.iter().any(|r| {
                let smaller = self.libs[r as usize];
                smaller != libs && smaller.difference(libs).is_empty()
            });
            if holds_smaller {
                continue;
            }
            let fill = self.fill_order(player, libs);
            if fill == Fill::Impossible {
                continue;
            }
            if fill == Fill::Proven {
                proven.insert(root);
            }
            let order = count.min(NO_REGION as u16 - 1) as u8;
            for p in libs.iter() {
                let slot = &mut orders[p as usize];
                *slot = (*slot).min(order);
            }
        }
    }

    /// Can `player` fill `libs` (one opponent chain's liberties) in some order in which no
    /// stone but the last is left without a liberty? (Module doc, fact 2.)
    fn fill_order(&self, player: Player, libs: Bits<W>) -> Fill {
        // Step 1: the free liberties are placed first; the hard ones are listed.
        let mut placed = Bits::<W>::EMPTY;
        let mut hard = [NO_POINT; MAX_HARD];
        let mut hard_len = 0;
        for y in libs.iter() {
            if self.keeps_a_liberty_outside(player, y, libs) {
                placed.insert(y);
            } else if hard_len == MAX_HARD {
                return Fill::Assumed;
            } else {
                hard[hard_len] = y;
                hard_len += 1;
            }
        }
        // Step 2: with at most one hard liberty it is played last, capturing.
        if hard_len <= 1 {
            return Fill::Proven;
        }
        // Step 3: search the orders of the hard liberties.
        let mut failed = 0u64;
        let all = (1u8 << hard_len) - 1;
        if self.hard_fill(player, placed, &hard[..hard_len], all, &mut failed) {
            Fill::Proven
        } else {
            Fill::Impossible
        }
    }

    /// True when a stone of `player` on the liberty `y` keeps a liberty that no stone of
    /// `libs` can take: an empty neighbour outside `libs`, or a neighbouring chain of
    /// `player` with a liberty outside `libs`.
    fn keeps_a_liberty_outside(&self, player: Player, y: Point, libs: Bits<W>) -> bool {
        self.neighbours[y as usize]
            .iter()
            .take_while(|&&q| q != NO_POINT)
            .any(|&q| match self.cell[q as usize] {
                None => !libs.contains(q),
                Some(c) if c == player => {
                    !self.libs[self.find(q) as usize].difference(libs).is_empty()
                }
                Some(_) => false,
            })
    }

    /// Orders the hard liberties still to play (`left`, bits over `hard`) with `placed`
    /// already filled: true when some order puts a stone with a liberty each time until the
    /// last. `failed` remembers the sets of `left` already refuted.
    fn hard_fill(
        &self,
        player: Player,
        placed: Bits<W>,
        hard: &[Point],
        left: u8,
        failed: &mut u64,
    ) -> bool {
        if left.count_ones() <= 1 {
            return true;
        }
        if *failed >> left & 1 != 0 {
            return false;
        }
        for (i, &y) in hard.iter().enumerate() {
            if left >> i & 1 == 0 {
                continue;
            }
            let mut next = placed;
            next.insert(y);
            if self.has_liberty(player, next, y)
                && self.hard_fill(player, next, hard, left & !(1 << i), failed)
            {
                return true;
            }
        }
        *failed |= 1 << left;
        false
    }

    /// True when the chain of `player` through `y` has an empty neighbour, with the points
    /// of `placed` (which holds `y`) counted as `player`'s stones. A flood fill: only for
    /// the rare hard liberties.
    fn has_liberty(&self, player: Player, placed: Bits<W>, y: Point) -> bool {
        let mut seen = Bits::<W>::EMPTY;
        seen.insert(y);
        let mut stack = [NO_POINT; N];
        stack[0] = y;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let p = stack[top];
            for &q in self.neighbours[p as usize].iter() {
                if q == NO_POINT {
                    break;
                }
                let mine = match self.cell[q as usize] {
                    None if !placed.contains(q) => return true,
                    None => true,
                    Some(c) => c == player,
                };
                if mine && !seen.contains(q) {
                    seen.insert(q);
                    stack[top] = q;
                    top += 1;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, NO_REGION, Player, StoneGame, parse_point};
    use crate::games::atarigo::AtariGo;

    /// A board with stones played for the named players (no turn or count checks): each
    /// row of `rows` is a diagram line, top row first.
    fn board(rows: &[&str]) -> AtariGo {
        let columns = rows[0].split_whitespace().count();
        let mut g = AtariGo::new(columns, rows.len()).expect("size");
        for (i, line) in rows.iter().enumerate() {
            let y = rows.len() - 1 - i;
            for (x, cell) in line.split_whitespace().enumerate() {
                let player = match cell {
                    "X" => Player::Black,
                    "O" => Player::White,
                    _ => continue,
                };
                g.play_stone((x + y * columns) as u16, player);
            }
        }
        g
    }

    fn orders(g: &AtariGo, player: Player) -> Vec<u8> {
        let mut out = vec![0; g.num_points()];
        g.evs_orders(player, &mut out);
        out
    }

    fn at(g: &AtariGo, orders: &[u8], name: &str) -> u8 {
        orders[parse_point(name, g.columns(), g.rows()).expect("point") as usize]
    }

    #[test]
    fn a_group_with_two_eyes_cannot_be_captured() {
        // White's chain has liberties a2, c2 (eyes) and the top row. Filling the top row
        // ends in a suicide at the last of its points; the eyes are suicides too.
        let g = board(&[". . . .", "O O O O", ". O . O", "O O O O"]);
        assert_eq!(g.outcome(), None);
        assert!(orders(&g, Player::Black).iter().all(|&o| o == NO_REGION));
        // The weak-liberty view still lists them: it does not look at suicides.
        let mut weak = crate::game::MoveList::new();
        g.weak_chain_liberties(Player::White, 6, &mut weak);
        assert_eq!(weak.len(), 6);
    }

    #[test]
    fn an_eye_is_filled_last() {
        // White a2 b2 b1 has liberties a1 (an eye: a suicide unless it captures) and a3 (free
        // through Black b3's liberty c3): a3 first, then a1 captures. Both order 2.
        let g = board(&[". X .", "O O X", ". O X"]);
        let black = orders(&g, Player::Black);
        assert_eq!(at(&g, &black, "a1"), 2, "{black:?}");
        assert_eq!(at(&g, &black, "a3"), 2, "{black:?}");
        // White captures c1-c2 at c3 at once; b3's liberties {a3, c3} hold that win.
        let white = orders(&g, Player::White);
        assert_eq!(at(&g, &white, "c3"), 1);
        assert_eq!(at(&g, &white, "a3"), NO_REGION);
    }

    #[test]
    fn a_liberty_set_holding_an_atari_is_not_minimal() {
        // White a1 is in atari (b1); White c1 has liberties b1 and c2, a superset: c2 takes
        // part in no minimal win (the fewest-liberties rule would give it order 2).
        let g = board(&[". . . .", ". . . .", "X . . .", "O . O X"]);
        let black = orders(&g, Player::Black);
        assert_eq!(at(&g, &black, "b1"), 1);
        assert_eq!(at(&g, &black, "c2"), NO_REGION);
        assert_eq!(at(&g, &black, "a1"), NO_REGION);
        // White's view: Black a2 (libs a3, b2) and d1 (d2): d2 wins at once.
        let white = orders(&g, Player::White);
        assert_eq!(at(&g, &white, "d2"), 1);
        assert_eq!(at(&g, &white, "a3"), 2);
    }
}
