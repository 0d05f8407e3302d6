//! The Hex EVS orders of the parent module on boards of up to 64 points (8x8), with every
//! point set a 64-bit mask (bit `x + y * n`): neighbours by six shifts, chains and edge
//! distances by flooding, orders 1 to 3 exact and the distance bound above. The same
//! definitions as the parent's module doc; no per-point arrays but the links and the two
//! distance tables.

use super::super::{Hex, cell_of};
use crate::game::{NO_REGION, Player};

/// Distance of a point no path reaches.
const UNREACHED: u8 = u8::MAX;

/// The masks of one board size.
#[derive(Clone, Copy)]
struct Shape {
    n: u32,
    full: u64,
    /// Column `a` and the last column (no neighbour to the left, to the right).
    first_column: u64,
    last_column: u64,
    /// Row 1 and row `n`.
    first_row: u64,
    last_row: u64,
}

impl Shape {
    fn new(n: usize) -> Shape {
        let n32 = n as u32;
        let full = if n * n == 64 {
            u64::MAX
        } else {
            (1u64 << (n * n)) - 1
        };
        let mut first_column = 0;
        for y in 0..n {
            first_column |= 1u64 << (y * n);
        }
        let first_row = (1u64 << n) - 1;
        Shape {
            n: n32,
            full,
            first_column,
            last_column: first_column << (n - 1),
            first_row,
            last_row: first_row << (n * (n - 1)),
        }
    }

    /// The neighbours of the points of `set`: `(x ± 1, y)`, `(x, y ± 1)`, `(x + 1, y - 1)`,
    /// `(x - 1, y + 1)`.
    #[inline]
    fn neighbours(&self, set: u64) -> u64 {
        let n = self.n;
        let right = set & !self.last_column;
        let left = set & !self.first_column;
        ((right << 1)
            | (left >> 1)
            | (set << n)
            | (set >> n)
            | (right >> (n - 1))
            | (left << (n - 1)))
            & self.full
    }

    /// `set` grown through the points of `through` connected to it.
    #[inline]
    fn flood(&self, mut set: u64, through: u64) -> u64 {
        loop {
            let grown = set | (self.neighbours(set) & through);
            if grown == set {
                return set;
            }
            set = grown;
        }
    }

    /// The edge sets `player` joins: (first, second).
    fn edges(&self, player: Player) -> (u64, u64) {
        match player {
            Player::Black => (self.first_row, self.last_row),
            Player::White => (self.first_column, self.last_column),
        }
    }
}

/// The points of a mask, lowest first.
fn points_of(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let p = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(p)
    })
}

impl Hex {
    /// The orders on a board of at most 64 points (see the module doc).
    pub(super) fn write_small_evs_orders(&self, player: Player, orders: &mut [u8]) {
        debug_assert!(self.cells.len() <= 64 && orders.len() == self.cells.len());
        orders.fill(NO_REGION);
        if self.winner.is_some() {
            return;
        }
        let shape = Shape::new(self.tables.size);
        let (mut own, mut opponent) = (0u64, 0u64);
        let mine = cell_of(player);
        for (p, &c) in self.cells.iter().enumerate() {
            if c == mine {
                own |= 1 << p;
            } else if c != super::EMPTY {
                opponent |= 1 << p;
            }
        }
        let empty = shape.full & !own & !opponent;
        let (edge1, edge2) = shape.edges(player);

        // Step 1: the stones joined to each edge, and the empty points touching each edge
        // set (on the edge, or next to such a stone).
        let joined1 = shape.flood(own & edge1, own);
        let joined2 = shape.flood(own & edge2, own);
        let touch1 = empty & (edge1 | shape.neighbours(joined1));
        let touch2 = empty & (edge2 | shape.neighbours(joined2));
        let both = touch1 & touch2;
        let first = touch1 & !touch2;
        let second = touch2 & !touch1;
        let neither = empty & !touch1 & !touch2;

        // Step 2: links. Neighbours, and the empty points around each chain that touches
        // neither edge set.
        let mut linked = [0u64; 64];
        for p in points_of(empty) {
            linked[p] = shape.neighbours(1 << p) & empty;
        }
        let mut loose = own & !joined1 & !joined2;
        while loose != 0 {
            let chain = shape.flood(loose & loose.wrapping_neg(), own);
            loose &= !chain;
            let around = shape.neighbours(chain) & empty;
            for p in points_of(around) {
                linked[p] |= around;
            }
        }
        for p in points_of(empty) {
            linked[p] &= !(1 << p);
        }

        // Step 3: orders 1 and 2.
        for p in points_of(both) {
            orders[p] = 1;
        }
        for p in points_of(first) {
            if linked[p] & second != 0 {
                orders[p] = 2;
            }
        }
        for p in points_of(second) {
            if linked[p] & first != 0 {
                orders[p] = 2;
            }
        }

        // Step 4: the distances from each edge, then order 3 or the bound.
        let mut from1 = [UNREACHED; 64];
        let mut from2 = [UNREACHED; 64];
        distances(&shape, own, empty, edge1, &mut from1);
        distances(&shape, own, empty, edge2, &mut from2);
        for p in points_of(empty) {
            if orders[p] <= 2 || from1[p] == UNREACHED || from2[p] == UNREACHED {
                continue;
            }
            let bound = from1[p] as u16 + from2[p] as u16 - 1;
            let bit = 1u64 << p;
            let touch = if first & bit != 0 {
                1
            } else if second & bit != 0 {
                2
            } else {
                0
            };
            let triple =
                bound <= 3 && in_minimal_triple(&linked, p, touch, [neither, first, second]);
            let floor = if triple { 3 } else { 4 };
            orders[p] = bound.clamp(floor, NO_REGION as u16 - 1) as u8;
        }
    }
}

/// True when `p` (touching the edge sets `touch`: 0 neither, 1 the first only, 2 the second
/// only) lies in a minimal winning set of three points: links `p1 - p2 - p3` with `p1`
/// touching only the first edge set, `p2` neither, `p3` only the second, `p1` and `p3` not
/// linked.
fn in_minimal_triple(
    linked: &[u64; 64],
    p: usize,
    touch: u8,
    [neither, first, second]: [u64; 3],
) -> bool {
    let mine = linked[p];
    match touch {
        // p is the middle: an end on each side, not linked to each other.
        0 => points_of(mine & first).any(|p1| mine & second & !linked[p1] != 0),
        // p is an end: a middle linked to an end on the other side not linked to p.
        1 => points_of(mine & neither).any(|p2| linked[p2] & second & !mine != 0),
        _ => points_of(mine & neither).any(|p2| linked[p2] & first & !mine != 0),
    }
}

/// The fewest empty points (its own included) on a path from `edge` to each point through
/// empty points and `own` stones, into `dist` ([`UNREACHED`] for the others): flooding by
/// levels, own stones joining a level for free.
fn distances(shape: &Shape, own: u64, empty: u64, edge: u64, dist: &mut [u8; 64]) {
    let passable = own | empty;
    let mut reached = shape.flood(own & edge, own);
    let mut level = 0u8;
    loop {
        level += 1;
        let frontier = (shape.neighbours(reached) | edge) & empty & !reached;
        if frontier == 0 {
            return;
        }
        for p in points_of(frontier) {
            dist[p] = level;
        }
        reached = shape.flood(reached | frontier, own) & passable;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList, StoneGame};
    use crate::zobrist::splitmix64;

    #[test]
    fn neighbours_match_the_board_tables() {
        for n in 1..=8 {
            let g = Hex::new(n).expect("size");
            let shape = Shape::new(n);
            for p in 0..n * n {
                let mut expected = 0u64;
                for q in g.neighbours(p as u16) {
                    expected |= 1 << q;
                }
                assert_eq!(shape.neighbours(1 << p), expected, "n = {n}, point {p}");
            }
        }
    }

    #[test]
    fn masks_agree_with_the_arrays() {
        // The large-board path on the same positions: equal orders except where it writes 3
        // and the exact test knows the order is above (then 4).
        let mut rng = 0x5ca1_ab1e_u64;
        let mut moves = MoveList::new();
        for n in 1..=8 {
            for _ in 0..40 {
                let mut g = Hex::new(n).expect("size");
                let stones = (splitmix64(&mut rng) % (n * n) as u64) as usize;
                for _ in 0..stones {
                    g.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves.as_slice()[(splitmix64(&mut rng) % moves.len() as u64) as usize];
                    g.play(mv);
                    if g.outcome().is_some() {
                        g.undo(mv);
                        break;
                    }
                }
                for player in [Player::Black, Player::White] {
                    let mut small = vec![0; g.num_points()];
                    let mut large = vec![0; g.num_points()];
                    g.write_small_evs_orders(player, &mut small);
                    g.write_large_evs_orders(player, &mut large);
                    for (p, (&s, &l)) in small.iter().zip(&large).enumerate() {
                        assert!(
                            s == l || (l == 3 && s == 4),
                            "point {p}: masks {s}, arrays {l}, {player}\n{}",
                            g.diagram()
                        );
                    }
                }
            }
        }
    }
}
