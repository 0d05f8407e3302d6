//! A naive m,n,k-game: `board[y][x]`, a win is a maximal run of `k` or more stones in one of
//! the four directions (exactly `k` with `exact_k`), found by scanning every point.

use super::{NaiveGame, Xy};
use plyscope::game::Player;

#[derive(Clone, Debug)]
pub struct NaiveMnk {
    columns: usize,
    rows: usize,
    k: usize,
    exact_k: bool,
    board: Vec<Vec<Option<Player>>>,
    to_move: Player,
}

impl NaiveMnk {
    pub fn new(columns: usize, rows: usize, k: usize, exact_k: bool) -> NaiveMnk {
        NaiveMnk {
            columns,
            rows,
            k,
            exact_k,
            board: vec![vec![None; columns]; rows],
            to_move: Player::Black,
        }
    }

    fn at(&self, x: isize, y: isize) -> Option<Player> {
        if x < 0 || y < 0 || x as usize >= self.columns || y as usize >= self.rows {
            None
        } else {
            self.board[y as usize][x as usize]
        }
    }
}

impl NaiveGame for NaiveMnk {
    fn moves(&self) -> Vec<Xy> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut list = Vec::new();
        for y in 0..self.rows {
            for x in 0..self.columns {
                if self.board[y][x].is_none() {
                    list.push((x, y));
                }
            }
        }
        list
    }

    fn play(&mut self, (x, y): Xy) {
        assert!(self.board[y][x].is_none(), "naive play on a stone");
        self.board[y][x] = Some(self.to_move);
        self.to_move = self.to_move.opponent();
    }

    fn undo(&mut self, (x, y): Xy) {
        assert!(self.board[y][x].is_some(), "naive undo of an empty point");
        self.board[y][x] = None;
        self.to_move = self.to_move.opponent();
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

    fn stone(&self, (x, y): Xy) -> Option<Player> {
        self.board[y][x]
    }

    fn full(&self) -> bool {
        self.board.iter().all(|row| row.iter().all(Option::is_some))
    }
}
