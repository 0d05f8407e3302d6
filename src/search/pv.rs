//! The principal variation as a triangular table: row `ply` holds the best line found from
//! the node at `ply`; when a move improves a node, the node's row becomes that move followed
//! by the child's row. Allocated once per search; lines longer than [`PV_CAP`] plies are cut.

/// Longest principal variation kept.
pub const PV_CAP: usize = 128;

/// A triangular principal-variation table.
#[derive(Clone, Debug)]
pub struct PvTable<M: Copy> {
    cap: usize,
    /// Row-major `cap x cap`; row `ply` uses columns `ply..len[ply]`.
    moves: Vec<M>,
    /// End (exclusive) of each row; `len[ply] == ply` is an empty line.
    len: Vec<usize>,
}

impl<M: Copy + Default> PvTable<M> {
    /// A table for lines of up to `min(plies, PV_CAP)` moves.
    pub fn new(plies: usize) -> Self {
        let cap = plies.clamp(1, PV_CAP);
        PvTable {
            cap,
            moves: vec![M::default(); cap * cap],
            len: (0..=cap).collect(),
        }
    }

    /// A node at `ply` starts with an empty line.
    #[inline]
    pub fn start(&mut self, ply: usize) {
        if ply < self.cap {
            self.len[ply] = ply;
        }
    }

    /// The node at `ply` now prefers `mv`: its line is `mv` then the child's line.
    #[inline]
    pub fn update(&mut self, ply: usize, mv: M) {
        if ply >= self.cap {
            return;
        }
        let row = ply * self.cap;
        self.moves[row + ply] = mv;
        let child_end = if ply + 1 < self.cap {
            self.len[ply + 1]
        } else {
            ply + 1
        };
        let child_row = (ply + 1) * self.cap;
        for j in ply + 1..child_end {
            self.moves[row + j] = self.moves[child_row + j];
        }
        self.len[ply] = child_end.max(ply + 1);
    }

    /// The node at `ply` ends its line with `mv` alone (a leaf that knows its best move).
    #[inline]
    pub fn set_single(&mut self, ply: usize, mv: M) {
        if ply < self.cap {
            self.moves[ply * self.cap + ply] = mv;
            self.len[ply] = ply + 1;
        }
    }

    /// The line from the root.
    pub fn root_line(&self) -> &[M] {
        &self.moves[..self.len[0]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_built_bottom_up() {
        let mut pv: PvTable<u16> = PvTable::new(4);
        pv.start(0);
        pv.start(1);
        pv.start(2);
        pv.set_single(2, 9);
        pv.update(1, 5);
        pv.update(0, 1);
        assert_eq!(pv.root_line(), &[1, 5, 9]);
        // A better root move whose child line is empty (a leaf).
        pv.start(1);
        pv.update(0, 2);
        assert_eq!(pv.root_line(), &[2]);
    }

    #[test]
    fn lines_are_cut_at_the_cap() {
        let mut pv: PvTable<u16> = PvTable::new(2);
        pv.start(0);
        pv.start(1);
        pv.update(2, 7); // beyond the cap: ignored
        pv.update(1, 4);
        pv.update(0, 3);
        assert_eq!(pv.root_line(), &[3, 4]);
    }
}
