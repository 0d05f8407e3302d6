//! Second, deliberately naive implementations of the game rules, for differential tests
//! only: a plain 2D board, wins found by scanning the whole board after every move, no
//! incremental state, no shared code with `src/games`. Where the two disagree, one of them
//! is wrong.

pub mod atarigo;
pub mod dama;
pub mod gobblet;
pub mod hex;
pub mod mnk;

use plyscope::game::Player;

/// A point as `(x, y)`, `y = 0` the bottom row.
pub type Xy = (usize, usize);

/// A plain 2D board, `stones[y][x]`, and the side to move: the whole state of a naive
/// m,n,k-game or Hex.
#[derive(Clone, Debug)]
pub struct Board {
    pub stones: Vec<Vec<Option<Player>>>,
    pub to_move: Player,
}

impl Board {
    /// An empty board of `columns` x `rows`, Black to move.
    pub fn new(columns: usize, rows: usize) -> Board {
        Board {
            stones: vec![vec![None; columns]; rows],
            to_move: Player::Black,
        }
    }
}

/// The little a naive game offers: moves, play, undo, the winner, whether it is over.
pub trait NaiveGame {
    /// The board and the side to move.
    fn board(&self) -> &Board;
    /// The board and the side to move, to play on.
    fn board_mut(&mut self) -> &mut Board;
    /// The player who has won, found by scanning the board.
    fn winner(&self) -> Option<Player>;

    /// The empty points, bottom row first and left to right in a row; none once over.
    fn moves(&self) -> Vec<Xy> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut list = Vec::new();
        for (y, row) in self.board().stones.iter().enumerate() {
            for (x, stone) in row.iter().enumerate() {
                if stone.is_none() {
                    list.push((x, y));
                }
            }
        }
        list
    }

    /// Puts a stone of the side to move on `xy`, and passes the turn.
    fn play(&mut self, (x, y): Xy) {
        let board = self.board_mut();
        assert!(board.stones[y][x].is_none(), "naive play on a stone");
        board.stones[y][x] = Some(board.to_move);
        board.to_move = board.to_move.opponent();
    }

    /// Takes the stone off `xy`, and passes the turn back.
    fn undo(&mut self, (x, y): Xy) {
        let board = self.board_mut();
        assert!(board.stones[y][x].is_some(), "naive undo of an empty point");
        board.stones[y][x] = None;
        board.to_move = board.to_move.opponent();
    }

    /// The stone on `xy`.
    fn stone(&self, (x, y): Xy) -> Option<Player> {
        self.board().stones[y][x]
    }

    /// True when the board is full.
    fn full(&self) -> bool {
        let stones = &self.board().stones;
        stones.iter().all(|row| row.iter().all(Option::is_some))
    }

    /// Leaf count of the move tree to `depth` plies (finished games have no moves).
    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut total = 0;
        for xy in self.moves() {
            self.play(xy);
            total += self.perft(depth - 1);
            self.undo(xy);
        }
        total
    }
}
