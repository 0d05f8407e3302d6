//! A naive Hex: `board[y][x]`, a win found by a flood fill over the player's stones from
//! their first edge (Black: row 1, White: column a) to the opposite one.

use super::{NaiveGame, Xy};
use plyscope::game::Player;

#[derive(Clone, Debug)]
pub struct NaiveHex {
    size: usize,
    board: Vec<Vec<Option<Player>>>,
    to_move: Player,
}

impl NaiveHex {
    pub fn new(size: usize) -> NaiveHex {
        NaiveHex {
            size,
            board: vec![vec![None; size]; size],
            to_move: Player::Black,
        }
    }

    /// Written out from the rules: (x±1, y), (x, y±1), (x+1, y-1), (x-1, y+1).
    fn neighbours(&self, (x, y): Xy) -> Vec<Xy> {
        let (x, y) = (x as isize, y as isize);
        let candidates = [
            (x + 1, y),
            (x - 1, y),
            (x, y + 1),
            (x, y - 1),
            (x + 1, y - 1),
            (x - 1, y + 1),
        ];
        let n = self.size as isize;
        candidates
            .into_iter()
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < n && b < n)
            .map(|(a, b)| (a as usize, b as usize))
            .collect()
    }

    fn joins_edges(&self, player: Player) -> bool {
        let n = self.size;
        let start: Vec<Xy> = match player {
            Player::Black => (0..n).map(|x| (x, 0)).collect(),
            Player::White => (0..n).map(|y| (0, y)).collect(),
        };
        let mut seen = vec![vec![false; n]; n];
        let mut stack: Vec<Xy> = Vec::new();
        for (x, y) in start {
            if self.board[y][x] == Some(player) {
                seen[y][x] = true;
                stack.push((x, y));
            }
        }
        while let Some((x, y)) = stack.pop() {
            let at_end = match player {
                Player::Black => y == n - 1,
                Player::White => x == n - 1,
            };
            if at_end {
                return true;
            }
            for (a, b) in self.neighbours((x, y)) {
                if !seen[b][a] && self.board[b][a] == Some(player) {
                    seen[b][a] = true;
                    stack.push((a, b));
                }
            }
        }
        false
    }
}

impl NaiveGame for NaiveHex {
    fn moves(&self) -> Vec<Xy> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut list = Vec::new();
        for y in 0..self.size {
            for x in 0..self.size {
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
        [Player::Black, Player::White]
            .into_iter()
            .find(|&p| self.joins_edges(p))
    }

    fn stone(&self, (x, y): Xy) -> Option<Player> {
        self.board[y][x]
    }

    fn full(&self) -> bool {
        self.board.iter().all(|row| row.iter().all(Option::is_some))
    }
}
