//! The 1-ply values of a position's moves read off the chains, without playing them: what
//! playing each move and calling the evaluation (`AtariGo`'s `Heuristic::evaluate`, the
//! three cases of its doc) would give, from the mover's view. Move ordering asks for them at
//! every inner node (Kotrč, *Gobblet analysed with AI methods*, 3.1 sorts by "play, evaluate,
//! undo"); playing and undoing every move there was most of the search's time.
//!
//! A stone on `p` by the side to move `s` (opponent `o`) changes only the chains next to
//! `p`: `s`'s neighbouring chains merge with the stone (their liberties united with the
//! stone's empty neighbours, less `p`), `o`'s neighbouring chains lose the liberty `p`
//! (one left without liberties is captured: the move wins). Every other chain keeps its
//! liberties, so the evaluation after the move follows from the liberty sets as they are.

use super::{Board, NO_POINT};
use crate::game::{ONE_PLY_LOSES, ONE_PLY_WINS, Point};
use crate::games::atarigo::CAPTURE_NEXT;
use crate::games::atarigo::bits::{Bits, Few};

/// Fewest liberties counted by the evaluation (the cap of its `m`).
const FEWEST_CAP: i32 = 4;

impl<const W: usize, const N: usize> Board<W, N> {
    /// Writes into `out[i]` the value of `moves[i]` (empty points) for the side to move:
    /// [`ONE_PLY_WINS`] for a capture, [`ONE_PLY_LOSES`] for a suicide, else minus the
    /// evaluation of the position after the move (module doc).
    pub fn one_ply_values(&self, moves: &[Point], out: &mut [i32]) {
        let s = self.to_move;
        let o = s.opponent();
        // Before the move: the distinct empty points next to each side's stones.
        let area = |who| {
            let mut all = Bits::<W>::EMPTY;
            for r in self.chain_roots(who).iter() {
                all = all.union(self.libs[r as usize]);
            }
            all
        };
        let (area_s, area_o) = (area(s), area(o));
        let atari_s = self.atari_roots(s);
        let atari_o = self.atari_roots(o);
        for (&p, value) in moves.iter().zip(out.iter_mut()) {
            *value = self.one_ply_value(p, area_s, area_o, atari_s, atari_o);
        }
    }

    /// One move's value (see [`Board::one_ply_values`]).
    #[inline]
    fn one_ply_value(
        &self,
        p: Point,
        area_s: Bits<W>,
        area_o: Bits<W>,
        atari_s: Bits<W>,
        atari_o: Bits<W>,
    ) -> i32 {
        let s = self.to_move;
        let o = s.opponent();
        debug_assert!(self.cell[p as usize].is_none(), "{p} is not empty");
        // Step 1: the neighbours: empty points, own chains (to merge), opponent chains.
        let mut stone_libs = Bits::<W>::EMPTY;
        let mut own = Bits::<W>::EMPTY;
        let mut theirs = Bits::<W>::EMPTY;
        for q in self.neighbours[p as usize] {
            if q == NO_POINT {
                break;
            }
            match self.cell[q as usize] {
                None => stone_libs.insert(q),
                Some(c) if c == s => own.insert(self.find(q)),
                Some(_) => theirs.insert(self.find(q)),
            }
        }
        // Step 2: a capture wins, even a capture that is also a suicide.
        if theirs.iter().any(|r| self.libs[r as usize].is_single()) {
            return ONE_PLY_WINS;
        }
        // Step 3: the mover's chain through p; without liberties it is a suicide.
        let mut merged = stone_libs;
        for r in own.iter() {
            merged = merged.union(self.libs[r as usize]);
        }
        merged.remove(p);
        let merged_few = merged.few();
        if merged_few == Few::None {
            return ONE_PLY_LOSES;
        }
        // Step 4 (evaluation case 1, from o's side): a chain of s in atari, o captures next.
        if matches!(merged_few, Few::One(_)) || !atari_s.difference(own).is_empty() {
            return -CAPTURE_NEXT;
        }
        // Step 5 (case 2): o's chains in atari on two or more distinct liberties, s captures
        // next whatever o does. No chain of o in atari had p as its liberty (step 2).
        let mut threats = Bits::<W>::EMPTY;
        for r in atari_o.iter() {
            threats = threats.union(self.libs[r as usize]);
        }
        for r in theirs.iter() {
            let mut l = self.libs[r as usize];
            l.remove(p);
            if l.is_single() {
                threats = threats.union(l);
            }
        }
        if threats.few() == Few::Many {
            return CAPTURE_NEXT;
        }
        // Step 6 (case 3): 50 (m(s) - m(o)) + 5 (L(s) - L(o)), from s's side.
        let mut fewest_s = (merged.len() as i32).min(FEWEST_CAP);
        for r in self.chain_roots(s).difference(own).iter() {
            fewest_s = fewest_s.min(self.libs[r as usize].len() as i32);
        }
        let mut fewest_o = FEWEST_CAP;
        for r in self.chain_roots(o).iter() {
            let mut l = self.libs[r as usize];
            l.remove(p);
            fewest_o = fewest_o.min(l.len() as i32);
        }
        let mut reach_s = area_s.union(stone_libs);
        reach_s.remove(p);
        let mut reach_o = area_o;
        reach_o.remove(p);
        50 * (fewest_s - fewest_o) + 5 * (reach_s.len() as i32 - reach_o.len() as i32)
    }
}
