//! The evaluation function of Kühr, *Algorithms of a computer player in simple board games*,
//! example 2.5 (after Vitásek's thesis), computed on White's side and negated for Black (Kühr: "the
//! value for Black is obtained by changing the sign").
//!
//! The weights as read from Kühr (example 2.5, figures 12 and 13, checked against the
//! worked example 2.6, which gives 81):
//!
//! - material: a man 25, a king 100;
//! - square bonus (figure 12): 2 for a piece on the border (columns `a`, `h`, rows 1, 8: it
//!   cannot be jumped there), 1 more on the player's own back rank (White's row 1, Black's
//!   row 8: it stops the opponent's men from promoting), so 3 there. Men and kings alike;
//!   a man never stands on its promotion row;
//! - neighbour bonus (figure 13): 1 for every own piece on a diagonally adjacent square, for
//!   each piece (two touching pieces earn 1 each).
//!
//! The square and neighbour bonuses are both counted, as in example 2.6 (the man on `a7`
//! earns 2 for its square and 1 for the king on `b6`).

use super::Pieces;
use super::geometry::{EDGE, FILE_A, FILE_H, ROW_1, ROW_8};
use crate::game::Player;

/// Value of a man.
pub const MAN: i32 = 25;
/// Value of a king.
pub const KING: i32 = 100;
/// Bonus of a piece on the border of the board.
pub const EDGE_BONUS: i32 = 2;
/// Extra bonus of a piece on its own back rank.
pub const BACK_RANK_BONUS: i32 = 1;
/// Bonus per own diagonal neighbour, per piece.
pub const NEIGHBOUR_BONUS: i32 = 1;

/// Material, square and neighbour bonuses of `player`'s pieces.
fn side_score(pieces: &Pieces, player: Player) -> i32 {
    let men = pieces.men[player.index()];
    let kings = pieces.kings[player.index()];
    let all = men | kings;
    let back_rank = match player {
        Player::White => ROW_1,
        Player::Black => ROW_8,
    };
    // Diagonal pairs, each counted once: north-east (+9) and north-west (+7) of a piece.
    let pairs =
        ((all & !FILE_H) << 9 & all).count_ones() + ((all & !FILE_A) << 7 & all).count_ones();
    MAN * men.count_ones() as i32
        + KING * kings.count_ones() as i32
        + EDGE_BONUS * (all & EDGE).count_ones() as i32
        + BACK_RANK_BONUS * (all & back_rank).count_ones() as i32
        + NEIGHBOUR_BONUS * 2 * pairs as i32
}

/// The evaluation from `to_move`'s point of view.
pub fn evaluate(pieces: &Pieces, to_move: Player) -> i32 {
    side_score(pieces, to_move) - side_score(pieces, to_move.opponent())
}
