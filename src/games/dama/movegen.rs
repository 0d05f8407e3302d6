//! Move generation of Czech checkers (Kühr, *Algorithms of a computer player in simple board
//! games*, section 1.2 and section 2.4: "generate the jumps first, and only when there is none the
//! other moves").
//!
//! - Men step one square diagonally forward and jump only forward; kings fly: they step to
//!   any empty square of a diagonal and jump a piece anywhere on a diagonal, landing on any
//!   empty square beyond it.
//! - Jumping is mandatory, with free choice among the jump sequences whatever they capture
//!   (no majority rule), but a king must jump in preference to a man: when a king can jump,
//!   only king jumps are legal.
//! - A jump continues while the piece can jump again from where it landed; it ends only on
//!   a square without a further jump ("after its move the piece must have no further jump").
//!   A flying king may choose any landing square, also one from which it cannot continue
//!   (Kühr, example 1.2 lists both `a3-e7` and `a3-d6-g3-e1`).
//! - Jumped pieces are removed after the move: during it they still stand, block the way and
//!   cannot be jumped a second time. The square the piece started from is empty during the
//!   move (a king may cross it or land on it).
//! - A man's move that ends on the last row promotes it. A man reaching that row in a jump
//!   ends its move there, since a man jumps only forward.
//!
//! Two jump sequences with the same start, end and set of captured pieces lead to the same
//! position; they are one move (the first sequence found gives its notation), unless the
//! caller asks for every sequence (for parsing a move written with its landing squares).

use super::geometry::{FILE_A, FILE_H, NORTH, ROW_1, ROW_8, SOUTH, ray, squares};
use super::{DamaMove, Pieces};
use crate::game::{MAX_MOVES, MoveList, Player};

/// Most pieces one move can capture: all twelve of the opponent.
pub const MAX_CAPTURES: usize = 12;

/// The forward directions and the promotion row of `player`: White moves north towards
/// row 8, Black south towards row 1.
#[inline]
fn forward(player: Player) -> ([usize; 2], u64) {
    match player {
        Player::White => (NORTH, ROW_8),
        Player::Black => (SOUTH, ROW_1),
    }
}

/// The state of one piece's jump search: a depth-first walk over landing squares.
struct Jumps<'a> {
    out: &'a mut MoveList<DamaMove>,
    /// Every piece on the board except the jumping one (jumped pieces stay until the end).
    occupied: u64,
    enemy: u64,
    enemy_kings: u64,
    from: u8,
    king: bool,
    forward: [usize; 2],
    promotion_row: u64,
    /// Landing squares so far.
    path: [u8; MAX_CAPTURES],
    /// Keep one sequence per (from, to, captured).
    dedup: bool,
    /// Index in `out` of this piece's first move (duplicates can only come from one piece).
    first: usize,
}

impl Jumps<'_> {
    #[inline]
    fn empty(&self, s: usize) -> bool {
        self.occupied >> s & 1 == 0
    }

    #[inline]
    fn jumpable(&self, s: usize, jumped: u64) -> bool {
        (self.enemy & !jumped) >> s & 1 == 1
    }

    /// Continues from `at` after `depth` jumps that captured `jumped`; writes every complete
    /// sequence. Returns true when at least one further jump exists from `at`.
    fn search(&mut self, at: usize, jumped: u64, depth: usize) -> bool {
        let mut found = false;
        if self.king {
            for d in 0..4 {
                let r = ray(at, d);
                let mut i = 0;
                while i < r.len() && self.empty(r[i] as usize) {
                    i += 1;
                }
                if i >= r.len() || !self.jumpable(r[i] as usize, jumped) {
                    continue;
                }
                let over = 1u64 << r[i];
                let mut j = i + 1;
                while j < r.len() && self.empty(r[j] as usize) {
                    found = true;
                    self.path[depth] = r[j];
                    self.search(r[j] as usize, jumped | over, depth + 1);
                    j += 1;
                }
            }
        } else {
            for d in self.forward {
                let r = ray(at, d);
                if r.len() >= 2 && self.jumpable(r[0] as usize, jumped) && self.empty(r[1] as usize)
                {
                    found = true;
                    self.path[depth] = r[1];
                    self.search(r[1] as usize, jumped | 1u64 << r[0], depth + 1);
                }
            }
        }
        if !found && depth > 0 {
            self.emit(at, jumped, depth);
        }
        found
    }

    fn emit(&mut self, to: usize, captured: u64, depth: usize) {
        // Every sequence (`dedup` off, for parsing) can outgrow a move list in contrived
        // positions of many flying-king landings; the list then keeps the first ones rather
        // than panic on a user's position. Distinct moves stay far below the bound.
        if self.out.len() >= MAX_MOVES {
            debug_assert!(!self.dedup, "more than {MAX_MOVES} distinct checkers moves");
            return;
        }
        if self.dedup
            && self.out.as_slice()[self.first..]
                .iter()
                .any(|m| m.to as usize == to && m.captured == captured)
        {
            return;
        }
        let mut landings = 0u64;
        for (i, &s) in self.path[..depth - 1].iter().enumerate() {
            landings |= u64::from(s >> 1) << (5 * i);
        }
        self.out.push(DamaMove {
            from: self.from,
            to: to as u8,
            captures: depth as u8,
            promotes: !self.king && self.promotion_row >> to & 1 == 1,
            landings,
            captured,
            captured_kings: captured & self.enemy_kings,
        });
    }
}

/// Writes the legal moves of `me` into `out` (cleared first): king jumps if any, else man
/// jumps if any, else the plain moves. With `dedup` false every jump sequence is listed,
/// also those that differ only in the order of the landing squares.
pub fn generate(pieces: &Pieces, me: Player, dedup: bool, out: &mut MoveList<DamaMove>) {
    out.clear();
    let all = pieces.occupied();
    let (fwd, promotion_row) = forward(me);
    let them = me.opponent().index();
    for (king, mask) in [
        (true, pieces.kings[me.index()]),
        (false, pieces.men[me.index()]),
    ] {
        for s in squares(mask) {
            let first = out.len();
            let mut jumps = Jumps {
                out,
                occupied: all & !(1u64 << s),
                enemy: pieces.men[them] | pieces.kings[them],
                enemy_kings: pieces.kings[them],
                from: s as u8,
                king,
                forward: fwd,
                promotion_row,
                path: [0; MAX_CAPTURES],
                dedup,
                first,
            };
            jumps.search(s, 0, 0);
        }
        // Step 1: a king that can jump must (Kühr: "the king always has priority").
        // Step 2: otherwise a man that can jump must.
        if !out.is_empty() {
            return;
        }
    }
    // Step 3: no jump anywhere: the plain moves, square by square.
    let mine = pieces.men[me.index()] | pieces.kings[me.index()];
    for s in squares(mine) {
        let king = pieces.kings[me.index()] >> s & 1 == 1;
        let mut step = |to: u8| {
            out.push(DamaMove {
                from: s as u8,
                to,
                promotes: !king && promotion_row >> to & 1 == 1,
                ..DamaMove::default()
            })
        };
        if king {
            for d in 0..4 {
                for &to in ray(s, d) {
                    if all >> to & 1 == 1 {
                        break;
                    }
                    step(to);
                }
            }
        } else {
            for d in fwd {
                if let Some(&to) = ray(s, d).first()
                    && all >> to & 1 == 0
                {
                    step(to);
                }
            }
        }
    }
}

/// The squares one diagonal step from `b` in direction `d` (an index into
/// [`super::geometry::DIRECTIONS`]), dropping steps that would leave the board.
#[inline]
fn shift(b: u64, d: usize) -> u64 {
    match d {
        0 => (b & !FILE_H) << 9,
        1 => (b & !FILE_A) << 7,
        2 => (b & !FILE_H) >> 7,
        _ => (b & !FILE_A) >> 9,
    }
}

/// True when `me` has a legal move, without listing them: a plain step to an empty
/// neighbour, or a first jump over an adjacent enemy (any first jump extends to a complete
/// legal sequence; a flying king's longer jumps all start with an empty neighbour, which is
/// a step). Bitboard shifts, direction by direction.
pub fn has_move(pieces: &Pieces, me: Player) -> bool {
    let empty = !pieces.occupied();
    let enemy = pieces.men[me.opponent().index()] | pieces.kings[me.opponent().index()];
    let (fwd, _) = forward(me);
    let kings = pieces.kings[me.index()];
    let men = pieces.men[me.index()];
    for d in 0..4 {
        let movers = if fwd.contains(&d) { men | kings } else { kings };
        if movers == 0 {
            continue;
        }
        let next = shift(movers, d);
        if next & empty != 0 || shift(next & enemy, d) & empty != 0 {
            return true;
        }
    }
    false
}
