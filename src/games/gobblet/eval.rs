//! The two static evaluations of Kotrč, *Gobblet analysed with AI methods*, from the first player's
//! (`X`, Kotrč's White) view; [`super::Gobblet`]'s `Heuristic::evaluate` turns them to the side to
//! move's view.
//!
//! # Feature evaluation (Kotrč, 2.3, class `FeatureEvaluation`)
//!
//! 1. A piece is worth its size (A = 4 ... D = 1; here the size number itself).
//! 2. times `1 - x/4`, `x` the number of pieces above it on its square (hidden pieces count
//!    less); on the 3x3 board `1 - x/3`;
//! 3. halved on a weak square (not on a diagonal, Kotrč, 1.3).
//! 4. For each line, the squares whose visible piece is the player's form a "row" of
//!    1, 2, 3 or 4 squares; its score is the sum of the player's piece scores on those squares.
//! 5. The player's total is the weighted sum of the row scores with weights 1, 10, 20 and
//!    the fourth weight. Kotrč's fourth weight is lost at a page break of the source text;
//!    a visible four ends the game before any evaluation, so the value never matters: we use
//!    100.
//! 6. The evaluation is the first player's total minus the second player's.
//!
//! All scores are kept in integers scaled by `2 * sizes` (so `1 - x/4` and the halving are
//! exact).
//!
//! # Pattern evaluation (Kotrč, 3.2, class with table 5)
//!
//! Every line is read as a pattern of its visible pieces (empty, own, opponent's, sizes
//! ignored) and weighted from a table; to that the visible pieces add 100, 50, 20, 1 for
//! sizes A, B, C, D (negative for the opponent). The printed table 5 (81 patterns sorted by
//! the difference of white and black pieces) is unreadable in the source text: most pattern
//! glyphs are lost, only weights such as 1000, 3000, 2000 and 0 survive. We therefore build a
//! table with the properties Kotrč states and that make it sound (antisymmetric under
//! swapping colours, so a position and its colour-swapped twin evaluate to opposite values;
//! monotone in own pieces on a line free of the opponent's; a four, a terminal, never
//! evaluated). Sorted as Kotrč sorts (by the piece difference), for a line of length `L`
//! holding `w` own and `b` opponent pieces:
//!
//! | pattern | weight |
//! |---|---|
//! | `w = L-1, b = 0` (a three on 4x4) | 3000 |
//! | `w = L-1, b = 1` (a three blocked by one piece, still a gobble threat) | 2000 |
//! | `w = L-2, b = 0` | 1000 |
//! | `w = L-3, b = 0` (4x4 only) | 100 |
//! | any other mix, and the empty line | 0 |
//!
//! and the negatives for the opponent. On 3x3 the piece values are 100, 50, 20 for sizes
//! 3, 2, 1.

use super::{Gobblet, top_size};
use crate::game::Player;

/// The static evaluation in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Evaluation {
    /// Kotrč, section 2.3.
    #[default]
    Feature,
    /// Kotrč, section 3.2 (patterns), with the table built in this module.
    Pattern,
}

impl Evaluation {
    /// Both, in order.
    pub const ALL: [Evaluation; 2] = [Evaluation::Feature, Evaluation::Pattern];

    /// The name used on the command line and in puzzle files.
    pub fn name(self) -> &'static str {
        match self {
            Evaluation::Feature => "feature",
            Evaluation::Pattern => "pattern",
        }
    }

    /// Parses a name ("feature", "pattern").
    pub fn from_name(name: &str) -> Result<Evaluation, String> {
        match name {
            "feature" => Ok(Evaluation::Feature),
            "pattern" => Ok(Evaluation::Pattern),
            _ => Err(format!(
                "unknown Gobblet evaluation '{name}'; expected feature or pattern"
            )),
        }
    }
}

/// Feature weights of rows of 1, 2, 3, 4 squares (index = length - 1).
const ROW_WEIGHTS: [i32; 4] = [1, 10, 20, 100];

/// The evaluation from Black's (`X`, the first player's) view.
pub fn evaluate_black(g: &Gobblet, evaluation: Evaluation) -> i32 {
    match evaluation {
        Evaluation::Feature => feature(g, Player::Black) - feature(g, Player::White),
        Evaluation::Pattern => pattern(g),
    }
}

/// The scaled piece scores of `player` per square (steps 1-3).
fn square_scores(g: &Gobblet, player: Player, out: &mut [i32; 16]) {
    let t = g.tables();
    let sizes = i32::from(g.variant().sizes());
    for (sq, cell) in g.cells().iter().enumerate().take(t.squares) {
        let mine = cell[player.index()];
        let all = cell[0] | cell[1];
        let strong = if t.strong & (1 << sq) != 0 { 2 } else { 1 };
        let mut score = 0;
        let mut m = mine;
        while m != 0 {
            let s = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            // Pieces above size s: the set bits of `all` above bit s - 1.
            let above = (all >> s).count_ones() as i32;
            score += i32::from(s) * (sizes - above) * strong;
        }
        out[sq] = score;
    }
}

fn feature(g: &Gobblet, player: Player) -> i32 {
    let mut scores = [0i32; 16];
    square_scores(g, player, &mut scores);
    let vis = g.visible(player);
    let mut total = 0;
    for &line in &g.tables().lines {
        let mut row = vis & line;
        let len = row.count_ones() as usize;
        if len == 0 {
            continue;
        }
        let mut sum = 0;
        while row != 0 {
            sum += scores[row.trailing_zeros() as usize];
            row &= row - 1;
        }
        total += ROW_WEIGHTS[len - 1] * sum;
    }
    total
}

/// The pattern weight of a line with `own` and `opp` visible pieces, line length `len`.
pub fn pattern_weight(own: u32, opp: u32, len: u32) -> i32 {
    let one_side = |a: u32, b: u32| -> i32 {
        if b == 0 && a + 1 == len {
            3000
        } else if b == 1 && a + 1 == len {
            2000
        } else if b == 0 && a + 2 == len {
            1000
        } else if b == 0 && a + 3 == len && a > 0 {
            100
        } else {
            0
        }
    };
    one_side(own, opp) - one_side(opp, own)
}

/// Piece values of the pattern evaluation, by size (index size - 1), for 4 and 3 sizes.
const PIECE_VALUES_4: [i32; 4] = [1, 20, 50, 100];
const PIECE_VALUES_3: [i32; 3] = [20, 50, 100];

fn pattern(g: &Gobblet) -> i32 {
    let t = g.tables();
    let len = t.n as u32;
    let black = g.visible(Player::Black);
    let white = g.visible(Player::White);
    let mut total = 0;
    for &line in &t.lines {
        total += pattern_weight(
            (black & line).count_ones(),
            (white & line).count_ones(),
            len,
        );
    }
    for (sq, cell) in g.cells().iter().enumerate().take(t.squares) {
        let all = cell[0] | cell[1];
        if all == 0 {
            continue;
        }
        let s = top_size(all) as usize;
        let v = if t.n == 4 {
            PIECE_VALUES_4[s - 1]
        } else {
            PIECE_VALUES_3[s - 1]
        };
        if black & (1 << sq) != 0 {
            total += v;
        } else {
            total -= v;
        }
    }
    total
}
