//! Board symmetries and symmetric-move pruning (Kotrč, *Gobblet analysed with AI methods*, 1.5
//! "Symetrie" with figures 4-5, and 2.4 "Kontrola symetrií").
//!
//! A symmetry is a permutation of the squares that maps every winning line onto a winning
//! line, so it keeps the value of every position (Kotrč: "a permutation of the squares that
//! keeps the value of any placement of the pieces"). On the n x n board these are exactly:
//! a permutation `π` of the coordinates that commutes with the reversal `r(i) = n-1-i` (it
//! keeps the pair of diagonals), applied to the columns, `π` or `r∘π` applied to the rows,
//! and optionally the transposition. On 4x4 there are 8 such `π` (they keep the pairs
//! {a, d} and {b, c}), giving 8 * 2 * 2 = 32 symmetries, Kotrč's count; on 3x3 only the
//! identity and `r`, giving the 8 symmetries of the square.
//!
//! # The 20 usable symmetries of 4x4
//!
//! Twelve of the 32 permutations have cycles of length 4 (Kotrč marks them red). A
//! position is mapped onto itself by such a permutation only if the four squares of each
//! 4-cycle hold equal stacks; a player has only three pieces of each size, so four equal
//! non-empty stacks are impossible and those squares are empty. [`usable`] keeps the 20
//! without a 4-cycle, as Kotrč does. Pruning with a subset of the symmetries is always
//! sound (it only finds fewer equivalences); the test suite checks that on the empty board,
//! the only position the 12 could matter for with every square in a 4-cycle, the 20 find the
//! same two classes (strong and weak squares) as all 32. On 3x3 with two pieces a size, a
//! 4-cycle of empty squares around an occupied centre is a real symmetry, so Gobblers uses
//! all 8.
//!
//! # Pruning
//!
//! At a node, the symmetries `g` with `g(P) = P` (found by comparing board keys) make the
//! moves `m` and `g(m)` lead to symmetric children of equal value; we keep a move only when
//! no such `g` maps it to a move with a smaller encoding, so the smallest move of every class
//! survives. Kotrč picks a random member; we pick the smallest so searches stay
//! reproducible.
//!
//! Exactness with the repetition rule: a child's value also depends on the positions before
//! it. Pruning is applied only when the position was reached by a reserve move (or is the
//! start of the search): every earlier position has fewer pieces on the board and can never
//! recur, so the history that matters is `P` alone, which `g` fixes, and the two subtrees are
//! images of each other including their repetitions. Elsewhere nothing is pruned.

use super::{Gobblet, GobbletMove, RESERVE, Variant};
use crate::game::{MoveList, Player};

/// A symmetry: the image of each square (`map[s]`), `n * n` entries used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    pub map: [u8; 16],
}

fn coordinate_perms(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut perm: Vec<usize> = (0..n).collect();
    permutations(&mut perm, 0, &mut out);
    out.retain(|p| (0..n).all(|i| p[n - 1 - i] == n - 1 - p[i]));
    out
}

fn permutations(p: &mut Vec<usize>, k: usize, out: &mut Vec<Vec<usize>>) {
    if k == p.len() {
        out.push(p.clone());
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        permutations(p, k + 1, out);
        p.swap(k, i);
    }
}

/// Every symmetry of the n x n board (32 on 4x4, 8 on 3x3), the identity first.
pub fn all(n: usize) -> Vec<Symmetry> {
    let mut out = Vec::new();
    let mut perms = coordinate_perms(n);
    perms.sort();
    for transpose in [false, true] {
        for reverse_rows in [false, true] {
            for p in &perms {
                let mut map = [0u8; 16];
                for y in 0..n {
                    for x in 0..n {
                        let nx = p[x];
                        let ny = if reverse_rows { n - 1 - p[y] } else { p[y] };
                        let (nx, ny) = if transpose { (ny, nx) } else { (nx, ny) };
                        map[x + y * n] = (nx + ny * n) as u8;
                    }
                }
                out.push(Symmetry { map });
            }
        }
    }
    out
}

/// True when the permutation has a cycle of length 4.
pub fn has_four_cycle(s: &Symmetry, squares: usize) -> bool {
    (0..squares).any(|start| {
        let mut len = 1;
        let mut x = s.map[start] as usize;
        while x != start {
            x = s.map[x] as usize;
            len += 1;
        }
        len == 4
    })
}

/// The symmetries used for pruning: on 4x4 the 20 without a 4-cycle, on 3x3 all 8 (see the
/// module doc). The identity first.
pub fn usable(variant: Variant) -> Vec<Symmetry> {
    let n = variant.side();
    let mut list = all(n);
    if variant == Variant::Gobblet {
        list.retain(|s| !has_four_cycle(s, n * n));
    }
    list
}

fn usable_cached(variant: Variant) -> &'static [Symmetry] {
    use std::sync::OnceLock;
    static GOBBLET: OnceLock<Vec<Symmetry>> = OnceLock::new();
    static GOBBLERS: OnceLock<Vec<Symmetry>> = OnceLock::new();
    match variant {
        Variant::Gobblet => GOBBLET.get_or_init(|| usable(variant)),
        Variant::Gobblers => GOBBLERS.get_or_init(|| usable(variant)),
    }
}

/// The key of the board (pieces only) seen through `s`.
pub fn board_key(g: &Gobblet, s: &Symmetry) -> u64 {
    let t = g.tables();
    let mut key = 0;
    for (sq, cell) in g.cells().iter().enumerate().take(t.squares) {
        for (pi, player) in [Player::Black, Player::White].into_iter().enumerate() {
            let mut m = cell[pi];
            while m != 0 {
                let size = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                key ^= t.piece_key(s.map[sq] as usize, player, size);
            }
        }
    }
    key
}

/// The image of a move.
#[inline]
pub fn map_move(s: &Symmetry, mv: GobbletMove) -> GobbletMove {
    GobbletMove {
        from: if mv.is_drop() {
            RESERVE
        } else {
            s.map[mv.from as usize]
        },
        to: s.map[mv.to as usize],
        size: mv.size,
    }
}

#[inline]
fn encode(mv: GobbletMove) -> u32 {
    (u32::from(mv.from) << 16) | (u32::from(mv.to) << 8) | u32::from(mv.size)
}

/// Keeps one move of each class of symmetric moves (see the module doc); does nothing where
/// that would not be exact or no symmetry fixes the position. Allocates nothing.
pub fn prune_symmetric_moves(g: &Gobblet, moves: &mut MoveList<GobbletMove>) {
    if g.reversible_plies() != 0 {
        return;
    }
    let syms = usable_cached(g.variant());
    let own = board_key(g, &syms[0]);
    let mut fixing = [0u8; 32];
    let mut count = 0;
    for (i, s) in syms.iter().enumerate().skip(1) {
        if board_key(g, s) == own {
            fixing[count] = i as u8;
            count += 1;
        }
    }
    if count == 0 {
        return;
    }
    let mut kept = 0;
    for i in 0..moves.len() {
        let m = moves.as_slice()[i];
        let e = encode(m);
        let smaller = fixing[..count]
            .iter()
            .any(|&k| encode(map_move(&syms[k as usize], m)) < e);
        if !smaller {
            moves.as_mut_slice()[kept] = m;
            kept += 1;
        }
    }
    moves.truncate(kept);
}
