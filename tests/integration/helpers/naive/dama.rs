//! A naive second implementation of Czech checkers, for differential tests only.
//!
//! Rules as in Kühr, section 1.2 (and `src/games/dama.rs`), written again without sharing
//! anything: a plain `board[y][x]` array, moves found by a recursive walk that copies nothing
//! clever (the jumping piece is lifted off its square, jumped pieces stay on the board and
//! are remembered in a list), duplicates removed by sorting, repetitions found by comparing
//! whole boards, and every move played on a copy of the board kept for undo.
//!
//! Coordinates are `(x, y)`, `x` the column from the left, `y` the row from the bottom, both
//! from 0: square `x + 8 * y` of the real game.

#![allow(dead_code)]

use plyscope::game::{Outcome, Player};

pub type Xy = (usize, usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cell {
    Empty,
    Man(Player),
    King(Player),
}

impl Cell {
    fn owner(self) -> Option<Player> {
        match self {
            Cell::Empty => None,
            Cell::Man(p) | Cell::King(p) => Some(p),
        }
    }
}

/// A move: where from, where to, the captured squares (sorted), every landing square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveMove {
    pub from: Xy,
    pub to: Xy,
    pub captured: Vec<Xy>,
    pub landings: Vec<Xy>,
    pub promotes: bool,
}

pub type Board = [[Cell; 8]; 8];

/// A jump under way: the piece, where it started, what it has jumped and where it landed.
struct Walk {
    king: bool,
    from: Xy,
    captured: Vec<Xy>,
    landings: Vec<Xy>,
}

#[derive(Clone, Debug)]
pub struct NaiveDama {
    pub board: Board,
    pub to_move: Player,
    /// Earlier positions, for repetitions and undo.
    pub history: Vec<(Board, Player)>,
}

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn step(xy: Xy, (dx, dy): (i32, i32), k: i32) -> Option<Xy> {
    let x = xy.0 as i32 + dx * k;
    let y = xy.1 as i32 + dy * k;
    ((0..8).contains(&x) && (0..8).contains(&y)).then_some((x as usize, y as usize))
}

impl NaiveDama {
    pub fn new(board: Board, to_move: Player) -> NaiveDama {
        NaiveDama {
            board,
            to_move,
            history: Vec::new(),
        }
    }

    pub fn start() -> NaiveDama {
        let mut board = [[Cell::Empty; 8]; 8];
        for (y, row) in board.iter_mut().enumerate() {
            for (x, cell) in row.iter_mut().enumerate() {
                if (x + y) % 2 == 0 {
                    if y < 3 {
                        *cell = Cell::Man(Player::White);
                    } else if y > 4 {
                        *cell = Cell::Man(Player::Black);
                    }
                }
            }
        }
        NaiveDama::new(board, Player::White)
    }

    fn at(&self, xy: Xy) -> Cell {
        self.board[xy.1][xy.0]
    }

    fn forward(&self) -> i32 {
        if self.to_move == Player::White { 1 } else { -1 }
    }

    fn last_row(&self) -> usize {
        if self.to_move == Player::White { 7 } else { 0 }
    }

    /// Continues the jump `walk` from `at`, where the piece stands (in thought); `board`
    /// has the piece lifted off its start square.
    fn jumps(&self, board: &Board, walk: &mut Walk, at: Xy, out: &mut Vec<NaiveMove>) {
        let king = walk.king;
        let me = self.to_move;
        let enemy = |xy: Xy| board[xy.1][xy.0].owner() == Some(me.opponent());
        let empty = |xy: Xy| board[xy.1][xy.0] == Cell::Empty;
        let mut more = false;
        for d in DIAGONALS {
            if !king && d.1 != self.forward() {
                continue;
            }
            // Skip the empty squares before the piece to jump (a man jumps its neighbour).
            let mut k = 1;
            if king {
                while step(at, d, k).is_some_and(empty) {
                    k += 1;
                }
            }
            let Some(over) = step(at, d, k) else { continue };
            if !enemy(over) || walk.captured.contains(&over) {
                continue;
            }
            let mut m = k + 1;
            while let Some(land) = step(at, d, m) {
                if !empty(land) {
                    break;
                }
                more = true;
                walk.captured.push(over);
                walk.landings.push(land);
                self.jumps(board, walk, land, out);
                walk.captured.pop();
                walk.landings.pop();
                if !king {
                    break;
                }
                m += 1;
            }
        }
        if !more && !walk.captured.is_empty() {
            let mut sorted = walk.captured.clone();
            sorted.sort();
            out.push(NaiveMove {
                from: walk.from,
                to: at,
                captured: sorted,
                landings: walk.landings.clone(),
                promotes: !king && at.1 == self.last_row(),
            });
        }
    }

    fn repeated_thrice(&self) -> bool {
        let now = (self.board, self.to_move);
        1 + self.history.iter().filter(|h| **h == now).count() >= 3
    }

    /// The legal moves, one per (from, to, captured set), sorted.
    pub fn moves(&self) -> Vec<NaiveMove> {
        if self.repeated_thrice() {
            return Vec::new();
        }
        let me = self.to_move;
        let mut pieces = Vec::new();
        for y in 0..8 {
            for x in 0..8 {
                if self.board[y][x].owner() == Some(me) {
                    pieces.push((x, y));
                }
            }
        }
        for kings_turn in [true, false] {
            let mut out = Vec::new();
            for &from in &pieces {
                let king = matches!(self.at(from), Cell::King(_));
                if king != kings_turn {
                    continue;
                }
                let mut board = self.board;
                board[from.1][from.0] = Cell::Empty;
                let mut walk = Walk {
                    king,
                    from,
                    captured: Vec::new(),
                    landings: Vec::new(),
                };
                self.jumps(&board, &mut walk, from, &mut out);
            }
            if !out.is_empty() {
                out.sort_by(|a, b| (a.from, a.to, &a.captured).cmp(&(b.from, b.to, &b.captured)));
                out.dedup_by(|a, b| (a.from, a.to, &a.captured) == (b.from, b.to, &b.captured));
                return out;
            }
        }
        let mut out = Vec::new();
        for &from in &pieces {
            let king = matches!(self.at(from), Cell::King(_));
            for d in DIAGONALS {
                if !king && d.1 != self.forward() {
                    continue;
                }
                let mut k = 1;
                while let Some(to) = step(from, d, k) {
                    if self.at(to) != Cell::Empty {
                        break;
                    }
                    out.push(NaiveMove {
                        from,
                        to,
                        captured: Vec::new(),
                        landings: vec![to],
                        promotes: !king && to.1 == self.last_row(),
                    });
                    if !king {
                        break;
                    }
                    k += 1;
                }
            }
        }
        out.sort_by_key(|m| (m.from, m.to));
        out
    }

    pub fn play(&mut self, mv: &NaiveMove) {
        self.history.push((self.board, self.to_move));
        let piece = self.at(mv.from);
        self.board[mv.from.1][mv.from.0] = Cell::Empty;
        for &(x, y) in &mv.captured {
            self.board[y][x] = Cell::Empty;
        }
        self.board[mv.to.1][mv.to.0] = if mv.promotes {
            Cell::King(self.to_move)
        } else {
            piece
        };
        self.to_move = self.to_move.opponent();
    }

    pub fn undo(&mut self) {
        let (board, to_move) = self.history.pop().expect("a move to undo");
        self.board = board;
        self.to_move = to_move;
    }

    pub fn outcome(&self) -> Option<Outcome> {
        if self.repeated_thrice() {
            return Some(Outcome::Draw);
        }
        if self.moves().is_empty() {
            return Some(Outcome::Win(self.to_move.opponent()));
        }
        None
    }

    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for m in &moves {
            self.play(m);
            total += self.perft(depth - 1);
            self.undo();
        }
        total
    }

    /// Seed 001 example 2.5 from White's view, square by square as figure 12 draws it:
    /// material 25 / 100; 2 on the border, 3 on the own back rank; 1 per own diagonal
    /// neighbour of every piece.
    pub fn evaluate_for_white(&self) -> i32 {
        let mut score = 0;
        for y in 0..8 {
            for x in 0..8 {
                let cell = self.board[y][x];
                let Some(owner) = cell.owner() else { continue };
                let sign = if owner == Player::White { 1 } else { -1 };
                let mut v = if matches!(cell, Cell::King(_)) {
                    100
                } else {
                    25
                };
                let back = if owner == Player::White { 0 } else { 7 };
                if y == back {
                    v += 3;
                } else if x == 0 || x == 7 || y == 0 || y == 7 {
                    v += 2;
                }
                for d in DIAGONALS {
                    if let Some(n) = step((x, y), d, 1)
                        && self.at(n).owner() == Some(owner)
                    {
                        v += 1;
                    }
                }
                score += sign * v;
            }
        }
        score
    }
}
