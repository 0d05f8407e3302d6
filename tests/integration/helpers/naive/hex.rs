//! A naive Hex: `board[y][x]`, a win found by a flood fill over the player's stones from
//! their first edge (Black: row 1, White: column a) to the opposite one.

use super::{Board, NaiveGame, Xy};
use plyscope::game::Player;

#[derive(Clone, Debug)]
pub struct NaiveHex {
    size: usize,
    board: Board,
}

impl NaiveHex {
    pub fn new(size: usize) -> NaiveHex {
        NaiveHex {
            size,
            board: Board::new(size, size),
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
            if self.board.stones[y][x] == Some(player) {
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
                if !seen[b][a] && self.board.stones[b][a] == Some(player) {
                    seen[b][a] = true;
                    stack.push((a, b));
                }
            }
        }
        false
    }
}

impl NaiveGame for NaiveHex {
    fn board(&self) -> &Board {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    fn winner(&self) -> Option<Player> {
        [Player::Black, Player::White]
            .into_iter()
            .find(|&p| self.joins_edges(p))
    }
}
