//! A naive m,n,k-game: `board[y][x]`, a win is a maximal run of `k` or more stones in one of
//! the four directions (exactly `k` with `exact_k`), found by scanning every point.

use super::{Board, NaiveGame};
use plyscope::game::Player;

#[derive(Clone, Debug)]
pub struct NaiveMnk {
    columns: usize,
    rows: usize,
    k: usize,
    exact_k: bool,
    board: Board,
}

impl NaiveMnk {
    pub fn new(columns: usize, rows: usize, k: usize, exact_k: bool) -> NaiveMnk {
        NaiveMnk {
            columns,
            rows,
            k,
            exact_k,
            board: Board::new(columns, rows),
        }
    }

    fn at(&self, x: isize, y: isize) -> Option<Player> {
        if x < 0 || y < 0 || x as usize >= self.columns || y as usize >= self.rows {
            None
        } else {
            self.board.stones[y as usize][x as usize]
        }
    }
}

impl NaiveGame for NaiveMnk {
    fn board(&self) -> &Board {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    fn winner(&self) -> Option<Player> {
        for y in 0..self.rows as isize {
            for x in 0..self.columns as isize {
                let Some(player) = self.at(x, y) else {
                    continue;
                };
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    // Only count from the first stone of a maximal run.
                    if self.at(x - dx, y - dy) == Some(player) {
                        continue;
                    }
                    let mut len = 0;
                    while self.at(x + len * dx, y + len * dy) == Some(player) {
                        len += 1;
                    }
                    let len = len as usize;
                    if len == self.k || (!self.exact_k && len > self.k) {
                        return Some(player);
                    }
                }
            }
        }
        None
    }
}
