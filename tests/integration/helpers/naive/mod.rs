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

/// The little a naive game offers: moves, play, undo, the winner, whether it is over.
pub trait NaiveGame {
    /// The empty points, bottom row first and left to right in a row; none once over.
    fn moves(&self) -> Vec<Xy>;
    /// Puts a stone of the side to move on `xy`, and passes the turn.
    fn play(&mut self, xy: Xy);
    /// Takes the stone off `xy`, and passes the turn back.
    fn undo(&mut self, xy: Xy);
    /// The player who has won, found by scanning the board.
    fn winner(&self) -> Option<Player>;
    /// The stone on `xy`.
    fn stone(&self, xy: Xy) -> Option<Player>;
    /// True when the board is full.
    fn full(&self) -> bool;

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
