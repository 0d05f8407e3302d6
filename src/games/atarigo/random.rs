//! Random AtariGo set-ups for tests and measurements: a few stones of both colours scattered on an
//! otherwise empty board, nothing captured yet.
//!
//! Deterministic: position `i` of seed `s` is the same on every machine and in every run
//! (splitmix64, `src/zobrist.rs`; not `StdRng`, whose stream may change between versions).
//! The tests (`tests/integration/atarigo_random.rs`) and the measuring example
//! (`examples/atarigo_random.rs`) draw the same positions from here.
//!
//! A set-up is drawn as follows, and drawn again from the next random numbers when it breaks
//! a rule:
//!
//! 1. A stone count `n` from `min_stones` to `max_stones`, each equally likely.
//! 2. Who is to move follows from `n`, as in a game from the empty board (Black moves
//!    first): an even `n` has as many black as white stones and Black to move, an odd `n`
//!    one black stone more and White to move. Both sides to move are covered, and every
//!    set-up could have been reached by play (as far as the stone counts tell).
//! 3. The stones go on distinct points drawn uniformly from the empty ones.
//! 4. Rejected when a chain has no liberty: the game would be over, someone captured
//!    ([`AtariGo::with_stones`] refuses such a set-up).
//!
//! A side in atari is allowed: "nothing captured yet" is the only condition, and such positions are
//! the easy end of the sample.

use crate::game::{Player, Point};
use crate::games::atarigo::AtariGo;
use crate::zobrist::splitmix64;

/// What to draw: the board and the range of stone counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomSetup {
    pub columns: usize,
    pub rows: usize,
    /// Fewest and most stones, both colours together (inclusive).
    pub min_stones: usize,
    pub max_stones: usize,
}

/// One drawn position: its stones (in the order placed) and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub columns: usize,
    pub rows: usize,
    pub stones: Vec<(Point, Player)>,
    pub to_move: Player,
}

impl RandomSetup {
    /// The sample the tests and the measuring example draw: 5x5, 4 to 10 stones.
    pub const SAMPLE_5X5: RandomSetup = RandomSetup {
        columns: 5,
        rows: 5,
        min_stones: 4,
        max_stones: 10,
    };

    /// The `index`-th position of the stream named by `seed`. Panics when the board or the
    /// stone range is impossible (a programming error: the callers use fixed setups).
    pub fn draw(&self, seed: u64, index: u64) -> Drawn {
        let points = self.columns * self.rows;
        assert!(
            self.min_stones <= self.max_stones && self.max_stones < points,
            "{self:?}: stone range"
        );
        // Every index starts its own stream, so position i does not depend on how many
        // draws the earlier ones needed.
        let mut state = seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F);
        let mut below = |n: usize| (splitmix64(&mut state) % n as u64) as usize;
        loop {
            // Step 1: the stone count; step 2: who moves.
            let n = self.min_stones + below(self.max_stones - self.min_stones + 1);
            let to_move = if n.is_multiple_of(2) {
                Player::Black
            } else {
                Player::White
            };
            // Step 3: distinct points, a partial Fisher-Yates shuffle of the board.
            let mut free: Vec<Point> = (0..points as Point).collect();
            let mut stones = Vec::with_capacity(n);
            for i in 0..n {
                let j = i + below(points - i);
                free.swap(i, j);
                // Black's stones are the even-numbered ones: ceil(n / 2) black.
                let colour = if i.is_multiple_of(2) {
                    Player::Black
                } else {
                    Player::White
                };
                stones.push((free[i], colour));
            }
            let drawn = Drawn {
                columns: self.columns,
                rows: self.rows,
                stones,
                to_move,
            };
            // Step 4: no chain without liberties.
            if drawn.game().is_ok() {
                return drawn;
            }
        }
    }
}

impl Drawn {
    /// The position as a game, or why it is not one.
    pub fn game(&self) -> Result<AtariGo, String> {
        AtariGo::new(self.columns, self.rows)?.with_stones(&self.stones, self.to_move)
    }

    /// The board rows from the top, `X` Black, `O` White, `.` empty (the puzzle format's
    /// `board`, `src/puzzle/diagram.rs`).
    pub fn board(&self) -> String {
        let mut s = String::new();
        for y in (0..self.rows).rev() {
            let row: Vec<&str> = (0..self.columns)
                .map(|x| {
                    let p = (x + y * self.columns) as Point;
                    match self.stones.iter().find(|&&(q, _)| q == p) {
                        Some((_, Player::Black)) => "X",
                        Some((_, Player::White)) => "O",
                        None => ".",
                    }
                })
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s
    }

    /// A puzzle file of the position (no expected answer), for `plyscope solve` and
    /// `plyscope explore`.
    pub fn puzzle_toml(&self, title: &str) -> String {
        format!(
            "title = \"{title}\"\ngame = \"atarigo\"\nsize = [{}, {}]\nto_move = \"{}\"\nboard = \"\"\"\n{}\"\"\"\n",
            self.columns,
            self.rows,
            match self.to_move {
                Player::Black => "black",
                Player::White => "white",
            },
            self.board()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn draws_are_deterministic_and_follow_the_rules() {
        let setup = RandomSetup::SAMPLE_5X5;
        let mut counts = [0usize; 11];
        let mut white_to_move = 0;
        for i in 0..200 {
            let d = setup.draw(7, i);
            assert_eq!(d, setup.draw(7, i), "position {i} drawn twice differs");
            let n = d.stones.len();
            assert!((4..=10).contains(&n), "{n} stones");
            counts[n] += 1;
            let black = d.stones.iter().filter(|s| s.1 == Player::Black).count();
            assert_eq!(black, n - n / 2);
            let game = d.game().expect("a valid set-up");
            assert!(game.outcome().is_none());
            assert_eq!(game.to_move(), d.to_move);
            white_to_move += usize::from(d.to_move == Player::White);
        }
        // Every count is drawn, and both sides move in a fair share of positions.
        assert!(counts[4..=10].iter().all(|&c| c >= 10), "{counts:?}");
        assert!((60..=140).contains(&white_to_move), "{white_to_move}");
        assert_ne!(setup.draw(7, 0), setup.draw(8, 0));
    }

    #[test]
    fn the_puzzle_text_names_every_stone() {
        let d = Drawn {
            columns: 3,
            rows: 2,
            stones: vec![(0, Player::Black), (5, Player::White)],
            to_move: Player::Black,
        };
        assert_eq!(d.board(), ". . O\nX . .\n");
        assert!(d.puzzle_toml("t").contains("to_move = \"black\""));
    }
}
