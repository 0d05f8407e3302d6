//! A naive second implementation of AtariGo, for differential tests only.
//!
//! Rules as in Suda, section 2.1 (and `src/games/atarigo.rs`): Black moves first, a move
//! fills any empty point; a move after which some opponent chain has no liberty wins for the
//! mover (even if the mover's own chain has none); otherwise a move that leaves the mover's
//! chain without liberty loses (suicide); a full board that nothing ended is a loss for the
//! side to move. Nothing here is incremental or clever: a plain 2D array, a fresh flood fill
//! of every chain on the board after every move, a board copy per child in perft.
//!
//! Coordinates are `(x, y)` with `x` the column from the left and `y` the row from the bottom,
//! both from 0, so `(x, y)` is point `x + y * columns` of the real game.

#![allow(dead_code)]

use plyscope::game::{Outcome, Player};

/// A point as `(x, y)`.
pub type Xy = (usize, usize);

/// A position: the board, whose turn it is, and the result once the game is over.
#[derive(Clone, Debug)]
pub struct NaiveAtariGo {
    pub columns: usize,
    pub rows: usize,
    /// `board[y][x]`, row 0 at the bottom.
    pub board: Vec<Vec<Option<Player>>>,
    pub to_move: Player,
    pub outcome: Option<Outcome>,
}

impl NaiveAtariGo {
    /// The empty board, Black to move.
    pub fn new(columns: usize, rows: usize) -> Self {
        NaiveAtariGo {
            columns,
            rows,
            board: vec![vec![None; columns]; rows],
            to_move: Player::Black,
            outcome: None,
        }
    }

    /// The position after `moves` from the empty board (panics on an illegal move).
    pub fn from_moves(columns: usize, rows: usize, moves: &[Xy]) -> Self {
        let mut g = Self::new(columns, rows);
        for &(x, y) in moves {
            assert!(
                g.legal_moves().contains(&(x, y)),
                "illegal move ({x}, {y}) in {moves:?}"
            );
            g.play(x, y);
        }
        g
    }

    /// The orthogonal neighbours of `(x, y)` on the board.
    pub fn neighbours(&self, x: usize, y: usize) -> Vec<Xy> {
        let mut out = Vec::new();
        if x > 0 {
            out.push((x - 1, y));
        }
        if x + 1 < self.columns {
            out.push((x + 1, y));
        }
        if y > 0 {
            out.push((x, y - 1));
        }
        if y + 1 < self.rows {
            out.push((x, y + 1));
        }
        out
    }

    /// The chain through the stone on `(x, y)` and its distinct liberties, by flood fill.
    pub fn chain_and_liberties(&self, x: usize, y: usize) -> (Vec<Xy>, Vec<Xy>) {
        let colour = self.board[y][x].expect("a stone");
        let mut chain = vec![(x, y)];
        let mut liberties = Vec::new();
        let mut i = 0;
        while i < chain.len() {
            let (cx, cy) = chain[i];
            for (nx, ny) in self.neighbours(cx, cy) {
                match self.board[ny][nx] {
                    None => {
                        if !liberties.contains(&(nx, ny)) {
                            liberties.push((nx, ny));
                        }
                    }
                    Some(c) if c == colour => {
                        if !chain.contains(&(nx, ny)) {
                            chain.push((nx, ny));
                        }
                    }
                    Some(_) => {}
                }
            }
            i += 1;
        }
        (chain, liberties)
    }

    /// Number of liberties of the chain through `(x, y)` (0 for an empty point).
    pub fn liberty_count(&self, x: usize, y: usize) -> usize {
        match self.board[y][x] {
            None => 0,
            Some(_) => self.chain_and_liberties(x, y).1.len(),
        }
    }

    /// True when some chain of `owner` anywhere on the board has no liberty (every chain is
    /// flood-filled once).
    pub fn has_dead_chain(&self, owner: Player) -> bool {
        let mut seen = vec![vec![false; self.columns]; self.rows];
        for y in 0..self.rows {
            for x in 0..self.columns {
                if self.board[y][x] == Some(owner) && !seen[y][x] {
                    let (chain, liberties) = self.chain_and_liberties(x, y);
                    if liberties.is_empty() {
                        return true;
                    }
                    for (cx, cy) in chain {
                        seen[cy][cx] = true;
                    }
                }
            }
        }
        false
    }

    /// Every empty point, row by row from the bottom (point order); none once over.
    pub fn legal_moves(&self) -> Vec<Xy> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for y in 0..self.rows {
            for x in 0..self.columns {
                if self.board[y][x].is_none() {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// Plays a stone of `player` on the empty point `(x, y)` and decides the outcome.
    pub fn play_for(&mut self, x: usize, y: usize, player: Player) {
        assert!(self.board[y][x].is_none(), "({x}, {y}) is occupied");
        self.board[y][x] = Some(player);
        self.to_move = player.opponent();
        if self.outcome.is_some() {
            return;
        }
        if self.has_dead_chain(player.opponent()) {
            self.outcome = Some(Outcome::Win(player));
        } else if self.has_dead_chain(player) {
            self.outcome = Some(Outcome::Win(player.opponent()));
        } else if self.legal_moves().is_empty() {
            self.outcome = Some(Outcome::Win(self.to_move.opponent()));
        }
    }

    /// Plays a stone for the side to move.
    pub fn play(&mut self, x: usize, y: usize) {
        self.play_for(x, y, self.to_move);
    }

    /// The empty points where a stone of `player` would capture (win at once), in point
    /// order; none once the game is over. Tries every empty point on a copy.
    pub fn winning_points(&self, player: Player) -> Vec<Xy> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.legal_moves()
            .into_iter()
            .filter(|&(x, y)| {
                let mut g = self.clone();
                g.board[y][x] = Some(player);
                g.has_dead_chain(player.opponent())
            })
            .collect()
    }
}

/// Number of move sequences of length `depth` from the position after `moves_so_far`
/// (a finished game has no moves, so it adds nothing below depth 0).
pub fn perft(columns: usize, rows: usize, moves_so_far: &[Xy], depth: u32) -> u64 {
    fn count(g: &NaiveAtariGo, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        g.legal_moves()
            .into_iter()
            .map(|(x, y)| {
                let mut child = g.clone();
                child.play(x, y);
                count(&child, depth - 1)
            })
            .sum()
    }
    count(
        &NaiveAtariGo::from_moves(columns, rows, moves_so_far),
        depth,
    )
}

/// The outcome after `moves` from the empty board (`None` while the game goes on).
pub fn outcome_after(columns: usize, rows: usize, moves: &[Xy]) -> Option<Outcome> {
    NaiveAtariGo::from_moves(columns, rows, moves).outcome
}

/// Number of complete games (move sequences from the empty board to a finished position),
/// with how many of them Black wins.
pub fn count_games(columns: usize, rows: usize) -> (u64, u64) {
    fn walk(g: &NaiveAtariGo, games: &mut u64, black_wins: &mut u64) {
        if let Some(o) = g.outcome {
            *games += 1;
            if o == Outcome::Win(Player::Black) {
                *black_wins += 1;
            }
            return;
        }
        for (x, y) in g.legal_moves() {
            let mut child = g.clone();
            child.play(x, y);
            walk(&child, games, black_wins);
        }
    }
    let (mut games, mut black_wins) = (0, 0);
    walk(
        &NaiveAtariGo::new(columns, rows),
        &mut games,
        &mut black_wins,
    );
    (games, black_wins)
}

/// The exact value of `g` for the side to move (`true`: it wins) by exhaustive search, or
/// `None` when more than `budget` positions would have to be expanded. The game has no draw,
/// so the value is a plain boolean: a position is won when some move wins at once or leads
/// to a lost position. Nothing clever beyond the rules: every child is a board copy, each
/// position's value is remembered by its board (a position's value does not depend on how
/// it was reached: stones are never removed), and the children are tried in point order
/// after a first pass that looks for a move that ends the game in the mover's favour.
pub fn solve(g: &NaiveAtariGo, budget: &mut u64) -> Option<bool> {
    let mut memo = std::collections::HashMap::new();
    solve_memo(g, &mut memo, budget)
}

/// Values found so far, by board and side to move.
type Memo = std::collections::HashMap<(Vec<Vec<Option<Player>>>, Player), bool>;

fn solve_memo(g: &NaiveAtariGo, memo: &mut Memo, budget: &mut u64) -> Option<bool> {
    if let Some(Outcome::Win(p)) = g.outcome {
        return Some(p == g.to_move);
    }
    let key = (g.board.clone(), g.to_move);
    if let Some(&v) = memo.get(&key) {
        return Some(v);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let mover = g.to_move;
    let children: Vec<NaiveAtariGo> = g
        .legal_moves()
        .into_iter()
        .map(|(x, y)| {
            let mut child = g.clone();
            child.play(x, y);
            child
        })
        .collect();
    let mut value = children
        .iter()
        .any(|c| c.outcome == Some(Outcome::Win(mover)));
    if !value {
        for child in children.iter().filter(|c| c.outcome.is_none()) {
            if !solve_memo(child, memo, budget)? {
                value = true;
                break;
            }
        }
    }
    memo.insert(key, value);
    Some(value)
}
