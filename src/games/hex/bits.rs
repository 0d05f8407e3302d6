//! Bitboards of Hex boards up to 11x11 (121 points fit a `u128`, bit `p` = point `p`):
//! the neighbourhood of a whole set of points in a handful of shifts, which makes the
//! immediate-win question O(1) (the task's idea 1; the chains themselves stay in the
//! union-find of the parent module, each set root also holding the bitboard of its members).
//!
//! A stone of `player` on the empty point `p` joins `player`'s two edges exactly when `p`
//! touches each edge: it lies on that edge or next to a stone of the chain joined to it
//! (the chains joined to an edge are the members of the edge node's set). So the winning
//! points are `empty ∩ touch(first) ∩ touch(second)`, with
//! `touch(e) = edge_cells(e) ∪ nbr(members(e))`. This is the same test the scanning code
//! makes point by point (Suda, *Efficient algorithms for verifying goals in computer games*,
//! section 5.2.2, connections through chains touching an edge); the parent module's tests compare
//! the two on random positions of every size.

use crate::game::Player;

/// The largest side a `u128` holds.
pub const MAX_BIT_SIZE: usize = 11;

/// The constant masks of one board size.
#[derive(Clone, Copy, Debug)]
pub struct Masks {
    size: u32,
    /// Every point of the board.
    board: u128,
    /// Every point except those of column `a` (x = 0).
    not_first_column: u128,
    /// Every point except those of the last column.
    not_last_column: u128,
    /// Black's rows 1 and n, White's columns a and last: `edges[2 * player + i]`.
    edges: [u128; 4],
}

impl Masks {
    /// The masks of an `size x size` board, `1 <= size <= MAX_BIT_SIZE`.
    pub fn new(size: usize) -> Masks {
        debug_assert!((1..=MAX_BIT_SIZE).contains(&size));
        let mut masks = Masks {
            size: size as u32,
            board: 0,
            not_first_column: 0,
            not_last_column: 0,
            edges: [0; 4],
        };
        for y in 0..size {
            for x in 0..size {
                let bit = 1u128 << (x + y * size);
                masks.board |= bit;
                if x != 0 {
                    masks.not_first_column |= bit;
                }
                if x != size - 1 {
                    masks.not_last_column |= bit;
                }
                if y == 0 {
                    masks.edges[0] |= bit;
                }
                if y == size - 1 {
                    masks.edges[1] |= bit;
                }
                if x == 0 {
                    masks.edges[2] |= bit;
                }
                if x == size - 1 {
                    masks.edges[3] |= bit;
                }
            }
        }
        masks
    }

    /// The board's side.
    #[inline]
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Every point of the board.
    #[inline]
    pub fn board(&self) -> u128 {
        self.board
    }

    /// The points of `player`'s first (`second = false`) or second edge.
    #[inline]
    pub fn edge(&self, player: Player, second: bool) -> u128 {
        self.edges[2 * player.index() + usize::from(second)]
    }

    /// The points next to some point of `set` (the set itself only where its points are
    /// neighbours of each other). Neighbours of `(x, y)`: `(x ± 1, y)`, `(x, y ± 1)`,
    /// `(x + 1, y - 1)`, `(x - 1, y + 1)`; a shift that moves a point off its row's end
    /// lands on the other end of a row, which the column masks remove.
    #[inline]
    pub fn neighbours(&self, set: u128) -> u128 {
        let n = self.size;
        let right = (set << 1) & self.not_first_column; // x + 1
        let left = (set >> 1) & self.not_last_column; // x - 1
        let up = set << n; // y + 1
        let down = set >> n; // y - 1
        let down_right = (set >> (n - 1)) & self.not_first_column; // x + 1, y - 1
        let up_left = (set << (n - 1)) & self.not_last_column; // x - 1, y + 1
        (right | left | up | down | down_right | up_left) & self.board
    }

    /// The empty points on which a stone of `player` joins both edges, given the members
    /// of the sets of the two edge nodes and the occupied points.
    #[inline]
    pub fn winning_points(
        &self,
        player: Player,
        first: u128,
        second: u128,
        occupied: u128,
    ) -> u128 {
        let touch_first = self.edge(player, false) | self.neighbours(first);
        let touch_second = self.edge(player, true) | self.neighbours(second);
        touch_first & touch_second & self.board & !occupied
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Neighbours written out from the rules, point by point.
    fn slow_neighbours(size: usize, set: u128) -> u128 {
        let n = size as isize;
        let mut out = 0u128;
        for p in 0..size * size {
            if set >> p & 1 == 0 {
                continue;
            }
            let (x, y) = ((p % size) as isize, (p / size) as isize);
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                let (a, b) = (x + dx, y + dy);
                if (0..n).contains(&a) && (0..n).contains(&b) {
                    out |= 1u128 << (a + b * n);
                }
            }
        }
        out
    }

    #[test]
    fn shifts_match_the_neighbour_rule_on_every_size() {
        for size in 1..=MAX_BIT_SIZE {
            let masks = Masks::new(size);
            for p in 0..size * size {
                let set = 1u128 << p;
                assert_eq!(
                    masks.neighbours(set),
                    slow_neighbours(size, set),
                    "size {size} point {p}"
                );
            }
            // A few mixed sets.
            let mut seed = 0x9e37_79b9_7f4a_7c15u128 ^ size as u128;
            for _ in 0..50 {
                seed = seed.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(12345);
                let set = seed & masks.board;
                assert_eq!(masks.neighbours(set), slow_neighbours(size, set));
            }
        }
    }

    #[test]
    fn edges_are_the_rows_and_columns_of_each_player() {
        let masks = Masks::new(3);
        assert_eq!(masks.edge(Player::Black, false), 0b000_000_111);
        assert_eq!(masks.edge(Player::Black, true), 0b111_000_000);
        assert_eq!(masks.edge(Player::White, false), 0b001_001_001);
        assert_eq!(masks.edge(Player::White, true), 0b100_100_100);
    }
}
