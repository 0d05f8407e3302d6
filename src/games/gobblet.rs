//! Gobblet (4x4) and Gobblet Gobblers (3x3): tic-tac-toe with nested pieces that cover
//! smaller ones and move on the board. Rules of Kotrč (P. Kotrč, *Gobblet analysed with AI
//! methods*), section 1.2; the Gobblers variant as in the published solves (see below).
//!
//! # Gobblet (Kotrč, 1.2), as implemented
//!
//! - A 4x4 board; each player has three sets of four nested pieces, sizes 1 (smallest) to 4
//!   (largest). Kotrč writes sizes A (largest) to D; here A = 4, B = 3, C = 2, D = 1, so a
//!   bigger number is a bigger piece (and is the piece's value in the feature evaluation).
//! - Off the board the sets stand nested: only the top (largest remaining) piece of a set
//!   may be played. Three sets with the same number of pieces left offer the same piece, so a
//!   reserve move is named by its size and each size appears once in the move list.
//! - A move either puts a reserve piece on the board or moves a visible own piece of the
//!   board to another square. The target must be empty or hold only strictly smaller pieces,
//!   which the moved piece then covers ("gobbles"). A board piece may cover pieces of either
//!   colour.
//! - A reserve piece may be put on an empty square; it may cover a piece only when that piece
//!   is the opponent's and lies on a line (row, column, diagonal) holding three visible
//!   opponent pieces ("the contents of the fourth square do not matter"); it never covers an
//!   own piece (Kotrč's footnote 1: the publisher's reading).
//! - Only the visible (top) piece of each square counts. The position after the whole move
//!   decides: if the opponent of the mover has four visible in a line, the opponent wins,
//!   whether or not the mover also has four ("a player who makes a four and by that move
//!   uncovers the opponent's four loses"); otherwise a visible four of the mover wins. So
//!   lifting a piece that uncovers an opponent's four loses unless the same piece, put down,
//!   covers a piece of that four (and no other opponent four stays visible). A piece is
//!   never put back where it was lifted from (that is no move).
//! - The third occurrence of a position (same board, reserves and side to move) is a draw
//!   (Kotrč: "as in chess, a draw arises when a position occurs for the third time").
//! - Kotrč's first player is White; plyscope's first player is always [`Player::Black`],
//!   drawn `X` (Kotrč's White), the second player `O`.
//!
//! # Gobblet Gobblers (variant)
//!
//! A 3x3 board, three in a row wins, two pieces of each of three sizes per player, and every
//! reserve piece is free to use: it may go on an empty square or cover any strictly smaller
//! piece of either colour. Moving, covering and the "after the whole move" win test are as
//! above, which is the reveal rule of B. Liou's published solve ("if lifting reveals an
//! opponent line the mover loses unless the moved piece gobbles into that line; creating an
//! own line while revealing the opponent's loses"). The published values (first player wins;
//! the start is a win in 13 plies) are from solves that treat an endless cycle as a draw; we
//! use the same third-repetition draw as Gobblet. A win in 13 plies does not depend on the
//! repetition rule: a winner who plays a shortest win never repeats a position, because the
//! distance to the win falls with each of its moves, and the loser cannot repeat a position
//! alone.
//!
//! # Representation
//!
//! Square `x + y * n` (y = 0 the bottom row) holds one bit mask of sizes per player: pieces
//! nest strictly, so a stack is the set of (player, size) pairs on it and the top piece is the
//! highest set bit. The visible pieces are kept as one bitboard per player; a line is a
//! bitboard too. Reserves are per player counts `reserve[c]`: in Gobblet the number of sets
//! with exactly `c` pieces left (the top of such a set has size `c`), in Gobblers the number
//! of pieces of size `c`. The Zobrist key covers every (square, player, size), every
//! (player, c, reserve[c]) and the side to move. A key history (one entry per ply, kept in
//! a vector reserved once) detects repetitions; a reserve move can never be undone by later
//! moves, so only the positions since the last reserve move are compared.
//!
//! Submodules: [`eval`] (the two evaluations of Kotrč, 2.3 and 3.2), [`symmetry`] (the 32
//! symmetries of the 4x4 board, the 20 usable ones and symmetric-move pruning), [`diagram`]
//! (the text diagram and its parser for puzzles).

pub mod diagram;
pub mod eval;
pub mod symmetry;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use crate::game::{Game, Heuristic, MoveList, Outcome, Player, Tactics, point_name};

pub use eval::Evaluation;

/// The two rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Kotrč: 4x4, three nested sets of four sizes, restricted gobbling from the reserve.
    Gobblet,
    /// 3x3, two pieces of each of three sizes, free reserve.
    Gobblers,
}

impl Variant {
    /// Board side.
    pub fn side(self) -> usize {
        match self {
            Variant::Gobblet => 4,
            Variant::Gobblers => 3,
        }
    }

    /// Number of piece sizes (and the length of a winning line).
    pub fn sizes(self) -> u8 {
        match self {
            Variant::Gobblet => 4,
            Variant::Gobblers => 3,
        }
    }

    /// Pieces of each size per player.
    pub fn per_size(self) -> u8 {
        match self {
            Variant::Gobblet => 3,
            Variant::Gobblers => 2,
        }
    }

    /// The name used in puzzle files: "gobblet" or "gobblers".
    pub fn name(self) -> &'static str {
        match self {
            Variant::Gobblet => "gobblet",
            Variant::Gobblers => "gobblers",
        }
    }

    /// Parses a puzzle file's variant name.
    pub fn from_name(name: &str) -> Option<Variant> {
        match name {
            "gobblet" | "4x4" => Some(Variant::Gobblet),
            "gobblers" | "gobblet-gobblers" | "3x3" => Some(Variant::Gobblers),
            _ => None,
        }
    }
}

/// `from` of a move that takes a piece from the reserve.
pub const RESERVE: u8 = u8::MAX;

/// A move: a piece of `size` from the reserve ([`RESERVE`]) or from square `from`, to square
/// `to`. Three bytes, `Copy`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct GobbletMove {
    pub from: u8,
    pub to: u8,
    pub size: u8,
}

impl GobbletMove {
    /// True for a move from the reserve.
    #[inline]
    pub fn is_drop(self) -> bool {
        self.from == RESERVE
    }
}

/// Precomputed lines and Zobrist numbers of one variant.
pub(crate) struct Tables {
    pub n: usize,
    pub squares: usize,
    pub lines: Vec<u16>,
    /// For each square, the lines through it.
    pub lines_through: Vec<Vec<u16>>,
    /// Diagonal squares ("strong" in Kotrč, 1.3).
    pub strong: u16,
    piece_keys: Vec<u64>,
    reserve_keys: Vec<u64>,
    side_key: u64,
}

impl Tables {
    fn build(variant: Variant) -> Tables {
        let n = variant.side();
        let bit = |x: usize, y: usize| 1u16 << (x + y * n);
        let mut lines = Vec::new();
        for y in 0..n {
            lines.push((0..n).fold(0, |m, x| m | bit(x, y)));
        }
        for x in 0..n {
            lines.push((0..n).fold(0, |m, y| m | bit(x, y)));
        }
        let diag = (0..n).fold(0, |m, i| m | bit(i, i));
        let anti = (0..n).fold(0, |m, i| m | bit(i, n - 1 - i));
        lines.push(diag);
        lines.push(anti);
        let squares = n * n;
        let lines_through = (0..squares)
            .map(|s| {
                lines
                    .iter()
                    .copied()
                    .filter(|l| l & (1 << s) != 0)
                    .collect()
            })
            .collect();
        let seed = match variant {
            Variant::Gobblet => 0x60bb_1e74,
            Variant::Gobblers => 0x60bb_1e73,
        };
        let keys = crate::zobrist::keys(seed, squares * 2 * 4 + 2 * 5 * 4 + 1);
        Tables {
            n,
            squares,
            lines,
            lines_through,
            strong: diag | anti,
            piece_keys: keys[..squares * 8].to_vec(),
            reserve_keys: keys[squares * 8..squares * 8 + 40].to_vec(),
            side_key: keys[squares * 8 + 40],
        }
    }

    #[inline]
    fn piece_key(&self, square: usize, player: Player, size: u8) -> u64 {
        self.piece_keys[(square * 2 + player.index()) * 4 + size as usize - 1]
    }

    #[inline]
    fn reserve_key(&self, player: Player, c: u8, count: u8) -> u64 {
        self.reserve_keys[(player.index() * 5 + c as usize) * 4 + count as usize]
    }
}

pub(crate) fn tables(variant: Variant) -> &'static Tables {
    static GOBBLET: OnceLock<Tables> = OnceLock::new();
    static GOBBLERS: OnceLock<Tables> = OnceLock::new();
    match variant {
        Variant::Gobblet => GOBBLET.get_or_init(|| Tables::build(variant)),
        Variant::Gobblers => GOBBLERS.get_or_init(|| Tables::build(variant)),
    }
}

/// A Gobblet or Gobblet Gobblers position with its history.
#[derive(Clone)]
pub struct Gobblet {
    variant: Variant,
    tables: &'static Tables,
    /// Per square, per player: the mask of sizes (bit `s - 1` for size `s`).
    cells: [[u8; 2]; 16],
    /// Per player: the squares whose top piece is theirs.
    visible: [u16; 2],
    /// Per player, per `c` in 1..=4: see the module doc.
    reserve: [[u8; 5]; 2],
    to_move: Player,
    ply: usize,
    key: u64,
    outcome: Option<Outcome>,
    /// Keys of the positions before each move played (`history[i]` at ply `i`).
    history: Vec<u64>,
    /// For each reserve move played, the history length before it (a stack).
    drops: Vec<u32>,
    evaluation: Evaluation,
    symmetric_pruning: bool,
}

/// Outcome of a position: `mover` just moved; `visible` are the visible bitboards.
fn decide(lines: &[u16], visible: [u16; 2], mover: Player) -> Option<Player> {
    let has = |p: Player| lines.iter().any(|&l| visible[p.index()] & l == l);
    let other = mover.opponent();
    if has(other) {
        Some(other)
    } else if has(mover) {
        Some(mover)
    } else {
        None
    }
}

#[inline]
fn top_size(mask: u8) -> u8 {
    8 - mask.leading_zeros() as u8
}

impl Gobblet {
    /// The start position of `variant`: an empty board, full reserves, Black (`X`) to move.
    pub fn new(variant: Variant) -> Gobblet {
        let tables = tables(variant);
        let mut reserve = [[0u8; 5]; 2];
        for r in &mut reserve {
            match variant {
                Variant::Gobblet => r[4] = 3,
                Variant::Gobblers => r[1..=3].fill(2),
            }
        }
        let mut g = Gobblet {
            variant,
            tables,
            cells: [[0; 2]; 16],
            visible: [0; 2],
            reserve,
            to_move: Player::Black,
            ply: 0,
            key: 0,
            outcome: None,
            history: Vec::with_capacity(1024),
            drops: Vec::with_capacity(32),
            evaluation: Evaluation::Feature,
            symmetric_pruning: false,
        };
        g.key = g.compute_key();
        g
    }

    /// A position from stacks (bottom to top, `(player, size)`) per square, the side to
    /// move, reserves derived from what is on the board (every piece on the board came from
    /// a reserve, and the sets empty largest first, so the board fixes the reserves). Errors
    /// name what is impossible.
    pub fn from_stacks(
        variant: Variant,
        stacks: &[Vec<(Player, u8)>],
        to_move: Player,
    ) -> Result<Gobblet, String> {
        let mut g = Gobblet::new(variant);
        let n = variant.side();
        if stacks.len() != n * n {
            return Err(format!(
                "expected {} squares, found {}",
                n * n,
                stacks.len()
            ));
        }
        let mut on_board = [[0u8; 5]; 2];
        for (sq, stack) in stacks.iter().enumerate() {
            let mut last = 0u8;
            for &(p, s) in stack {
                if s == 0 || s > variant.sizes() {
                    return Err(format!(
                        "square {}: size {s} does not exist; sizes are 1..{}",
                        point_name(sq as u16, n),
                        variant.sizes()
                    ));
                }
                if s <= last {
                    return Err(format!(
                        "square {}: a piece of size {s} cannot stand on one of size {last}; \
                         stacks are written bottom to top with growing sizes",
                        point_name(sq as u16, n)
                    ));
                }
                last = s;
                g.cells[sq][p.index()] |= 1 << (s - 1);
                on_board[p.index()][s as usize] += 1;
            }
        }
        for p in [Player::Black, Player::White] {
            let used = on_board[p.index()];
            let letter = diagram::player_letter(p);
            for (s, &count) in used.iter().enumerate().skip(1) {
                if count > variant.per_size() {
                    return Err(format!(
                        "{letter} has {count} pieces of size {s} on the board; each player has {}",
                        variant.per_size()
                    ));
                }
            }
            let r = &mut g.reserve[p.index()];
            *r = [0; 5];
            match variant {
                Variant::Gobblers => {
                    for s in 1..=3 {
                        r[s] = 2 - used[s];
                    }
                }
                Variant::Gobblet => {
                    // A set with c pieces left has given away its sizes c+1..4: the number of
                    // sets with fewer than s pieces left is the number of size-s pieces played.
                    for s in 1..4 {
                        if used[s] > used[s + 1] {
                            return Err(format!(
                                "{letter} has {} pieces of size {s} but only {} of size {} on \
                                 the board; a set gives its larger pieces first",
                                used[s],
                                used[s + 1],
                                s + 1
                            ));
                        }
                    }
                    // sets with exactly c left = (#size c+1 played) - (#size c played)
                    // (size 5 counts as all three sets).
                    for c in 0..=4usize {
                        let above = if c == 4 { 3 } else { used[c + 1] };
                        let at = if c == 0 { 0 } else { used[c] };
                        if c > 0 {
                            r[c] = above - at;
                        }
                    }
                }
            }
        }
        g.to_move = to_move;
        g.refresh_visible();
        g.key = g.compute_key();
        let lines = &g.tables.lines;
        let four = |p: Player| lines.iter().any(|&l| g.visible[p.index()] & l == l);
        match (four(Player::Black), four(Player::White)) {
            (true, true) => {
                return Err("both players have a visible line; no game reaches that".into());
            }
            (true, false) => g.outcome = Some(Outcome::Win(Player::Black)),
            (false, true) => g.outcome = Some(Outcome::Win(Player::White)),
            (false, false) => {}
        }
        Ok(g)
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Board side (4 or 3).
    pub fn side(&self) -> usize {
        self.tables.n
    }

    /// Chooses the static evaluation ([`Evaluation::Feature`] by default).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
    }

    /// The static evaluation in use.
    pub fn evaluation(&self) -> Evaluation {
        self.evaluation
    }

    /// Turns symmetric-move pruning on or off: with it on, [`Game::legal_moves`] keeps one
    /// move of each class of moves that the position's symmetries map onto each other, at
    /// nodes where that is exact (see [`symmetry`]).
    pub fn set_symmetric_pruning(&mut self, on: bool) {
        self.symmetric_pruning = on;
    }

    /// The stack on `square`, bottom to top.
    pub fn stack(&self, square: usize) -> impl Iterator<Item = (Player, u8)> + '_ {
        let [b, w] = self.cells[square];
        (1..=4u8).filter_map(move |s| {
            let bit = 1 << (s - 1);
            if b & bit != 0 {
                Some((Player::Black, s))
            } else if w & bit != 0 {
                Some((Player::White, s))
            } else {
                None
            }
        })
    }

    /// The visible piece on `square`.
    pub fn top(&self, square: usize) -> Option<(Player, u8)> {
        let [b, w] = self.cells[square];
        let all = b | w;
        if all == 0 {
            return None;
        }
        let s = top_size(all);
        let p = if b & (1 << (s - 1)) != 0 {
            Player::Black
        } else {
            Player::White
        };
        Some((p, s))
    }

    /// The sizes `player` may take from the reserve, largest first (each once).
    pub fn reserve_sizes(&self, player: Player) -> impl Iterator<Item = u8> + '_ {
        let r = self.reserve[player.index()];
        (1..=4u8).rev().filter(move |&c| r[c as usize] > 0)
    }

    /// The pieces `player` has off the board, largest first (every piece, also those
    /// below the top of a Gobblet set).
    pub fn reserve_pieces(&self, player: Player) -> Vec<u8> {
        let r = self.reserve[player.index()];
        let mut out = Vec::new();
        match self.variant {
            Variant::Gobblers => {
                for c in (1..=3u8).rev() {
                    for _ in 0..r[c as usize] {
                        out.push(c);
                    }
                }
            }
            Variant::Gobblet => {
                for c in (1..=4u8).rev() {
                    for _ in 0..r[c as usize] {
                        out.extend((1..=c).rev());
                    }
                }
                out.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        out
    }

    /// The Gobblet sets of `player` as piece counts (empty sets omitted), largest first.
    pub fn reserve_sets(&self, player: Player) -> Vec<u8> {
        let r = self.reserve[player.index()];
        let mut out = Vec::new();
        for c in (1..=4u8).rev() {
            for _ in 0..r[c as usize] {
                out.push(c);
            }
        }
        out
    }

    /// Visible bitboard of `player`.
    #[inline]
    pub fn visible(&self, player: Player) -> u16 {
        self.visible[player.index()]
    }

    pub(crate) fn tables(&self) -> &'static Tables {
        self.tables
    }

    pub(crate) fn cells(&self) -> &[[u8; 2]; 16] {
        &self.cells
    }

    fn refresh_visible(&mut self) {
        self.visible = [0; 2];
        for sq in 0..self.tables.squares {
            if let Some((p, _)) = self.top(sq) {
                self.visible[p.index()] |= 1 << sq;
            }
        }
    }

    fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in 0..self.tables.squares {
            for (p, s) in self.stack(sq) {
                key ^= self.tables.piece_key(sq, p, s);
            }
        }
        for p in [Player::Black, Player::White] {
            for c in 1..=4u8 {
                key ^= self
                    .tables
                    .reserve_key(p, c, self.reserve[p.index()][c as usize]);
            }
        }
        if self.to_move == Player::White {
            key ^= self.tables.side_key;
        }
        key
    }

    /// True when `player` may drop a reserve piece of `size` on `to`.
    #[inline]
    fn drop_allowed(&self, player: Player, size: u8, to: usize) -> bool {
        let [b, w] = self.cells[to];
        let all = b | w;
        if all == 0 {
            return true;
        }
        if top_size(all) >= size {
            return false;
        }
        match self.variant {
            Variant::Gobblers => true,
            Variant::Gobblet => {
                let opp = player.opponent();
                if self.visible[opp.index()] & (1 << to) == 0 {
                    return false;
                }
                let vis = self.visible[opp.index()];
                self.tables.lines_through[to]
                    .iter()
                    .any(|&l| (vis & l).count_ones() >= 3)
            }
        }
    }

    /// Writes every legal move of `player` (whoever is to move) into `out`, cleared first:
    /// reserve moves by decreasing size, then board moves by source square.
    pub fn moves_for(&self, player: Player, out: &mut MoveList<GobbletMove>) {
        out.clear();
        let n2 = self.tables.squares;
        for size in self.reserve_sizes(player) {
            for to in 0..n2 {
                if self.drop_allowed(player, size, to) {
                    out.push(GobbletMove {
                        from: RESERVE,
                        to: to as u8,
                        size,
                    });
                }
            }
        }
        let mut mine = self.visible[player.index()];
        while mine != 0 {
            let from = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let [b, w] = self.cells[from];
            let size = top_size(b | w);
            for to in 0..n2 {
                if to == from {
                    continue;
                }
                let [tb, tw] = self.cells[to];
                if top_size(tb | tw) < size {
                    out.push(GobbletMove {
                        from: from as u8,
                        to: to as u8,
                        size,
                    });
                }
            }
        }
    }

    /// The visible bitboards after `player` plays `mv` (not played).
    pub fn visible_after(&self, player: Player, mv: GobbletMove) -> [u16; 2] {
        let mut vis = self.visible;
        let me = player.index();
        if !mv.is_drop() {
            let from = mv.from as usize;
            let mut c = self.cells[from];
            c[me] &= !(1 << (mv.size - 1));
            vis[0] &= !(1 << from);
            vis[1] &= !(1 << from);
            let all = c[0] | c[1];
            if all != 0 {
                let s = top_size(all);
                let owner = if c[0] & (1 << (s - 1)) != 0 { 0 } else { 1 };
                vis[owner] |= 1 << from;
            }
        }
        let to = 1u16 << mv.to;
        vis[1 - me] &= !to;
        vis[me] |= to;
        vis
    }

    /// The winner a move of `player` would produce, if any.
    pub fn winner_after(&self, player: Player, mv: GobbletMove) -> Option<Player> {
        decide(&self.tables.lines, self.visible_after(player, mv), player)
    }

    #[inline]
    fn set_top_visible(&mut self, sq: usize) {
        let bit = 1u16 << sq;
        self.visible[0] &= !bit;
        self.visible[1] &= !bit;
        let [b, w] = self.cells[sq];
        let all = b | w;
        if all != 0 {
            let s = top_size(all);
            let owner = if b & (1 << (s - 1)) != 0 { 0 } else { 1 };
            self.visible[owner] |= bit;
        }
    }

    #[inline]
    fn change_reserve(&mut self, player: Player, c: u8, delta: i8) {
        let r = &mut self.reserve[player.index()][c as usize];
        self.key ^= self.tables.reserve_key(player, c, *r);
        *r = (*r as i8 + delta) as u8;
        self.key ^= self.tables.reserve_key(player, c, *r);
    }

    fn take_from_reserve(&mut self, player: Player, size: u8) {
        self.change_reserve(player, size, -1);
        if self.variant == Variant::Gobblet && size > 1 {
            self.change_reserve(player, size - 1, 1);
        }
    }

    fn return_to_reserve(&mut self, player: Player, size: u8) {
        if self.variant == Variant::Gobblet && size > 1 {
            self.change_reserve(player, size - 1, -1);
        }
        self.change_reserve(player, size, 1);
    }

    /// True when the current position occurred twice before (since the last reserve move,
    /// the only positions it can equal), with the same side to move.
    fn third_repetition(&self) -> bool {
        let start = self.drops.last().map_or(0, |&d| d as usize + 1);
        let mut i = self.history.len();
        let mut seen = 0;
        // Same side to move: an even number of plies back.
        while i >= start + 2 {
            i -= 2;
            if self.history[i] == self.key {
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// Plies since the last reserve move (or the start), the positions a repetition may
    /// involve.
    pub fn reversible_plies(&self) -> usize {
        let start = self.drops.last().map_or(0, |&d| d as usize + 1);
        self.history.len() - start
    }
}

impl Game for Gobblet {
    type Move = GobbletMove;

    fn name(&self) -> &'static str {
        self.variant.name()
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn legal_moves(&self, out: &mut MoveList<GobbletMove>) {
        if self.outcome.is_some() {
            out.clear();
            return;
        }
        self.moves_for(self.to_move, out);
        if self.symmetric_pruning {
            symmetry::prune_symmetric_moves(self, out);
        }
    }

    fn play(&mut self, mv: GobbletMove) {
        let me = self.to_move;
        let t = self.tables;
        self.history.push(self.key);
        if mv.is_drop() {
            self.drops.push(self.history.len() as u32 - 1);
            self.take_from_reserve(me, mv.size);
        } else {
            let from = mv.from as usize;
            self.cells[from][me.index()] &= !(1 << (mv.size - 1));
            self.key ^= t.piece_key(from, me, mv.size);
            self.set_top_visible(from);
        }
        let to = mv.to as usize;
        self.cells[to][me.index()] |= 1 << (mv.size - 1);
        self.key ^= t.piece_key(to, me, mv.size);
        self.set_top_visible(to);
        self.key ^= t.side_key;
        self.to_move = me.opponent();
        self.ply += 1;
        self.outcome = match decide(&t.lines, self.visible, me) {
            Some(p) => Some(Outcome::Win(p)),
            None if !mv.is_drop() && self.third_repetition() => Some(Outcome::Draw),
            None => None,
        };
    }

    fn undo(&mut self, mv: GobbletMove) {
        let t = self.tables;
        let me = self.to_move.opponent();
        self.to_move = me;
        self.key ^= t.side_key;
        self.ply -= 1;
        let to = mv.to as usize;
        self.cells[to][me.index()] &= !(1 << (mv.size - 1));
        self.key ^= t.piece_key(to, me, mv.size);
        self.set_top_visible(to);
        if mv.is_drop() {
            self.drops.pop();
            self.return_to_reserve(me, mv.size);
        } else {
            let from = mv.from as usize;
            self.cells[from][me.index()] |= 1 << (mv.size - 1);
            self.key ^= t.piece_key(from, me, mv.size);
            self.set_top_visible(from);
        }
        self.history.pop();
        // A move was legal here, so the game was not over.
        self.outcome = None;
        debug_assert_eq!(self.key, self.compute_key());
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn outcome_depends_on_history(&self) -> bool {
        self.outcome == Some(Outcome::Draw)
    }

    fn parse_move(&self, text: &str) -> Result<GobbletMove, String> {
        let mv = diagram::parse_move_text(self, text)?;
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            Ok(mv)
        } else {
            Err(format!(
                "'{}' is not a legal move for {} here",
                text.trim(),
                diagram::player_letter(self.to_move)
            ))
        }
    }

    fn format_move(&self, mv: GobbletMove) -> String {
        diagram::format_move(mv, self.tables.n)
    }

    fn diagram(&self) -> String {
        diagram::diagram(self)
    }
}

impl Heuristic for Gobblet {
    /// The chosen evaluation ([`Gobblet::set_evaluation`]) from the side to move's view.
    fn evaluate(&self) -> i32 {
        let black = eval::evaluate_black(self, self.evaluation);
        match self.to_move {
            Player::Black => black,
            Player::White => -black,
        }
    }

    /// `from * 16 + to` with the reserve as sources 16..20 (one per size).
    fn move_index(&self, mv: GobbletMove) -> usize {
        let from = if mv.is_drop() {
            15 + mv.size as usize
        } else {
            mv.from as usize
        };
        from * 16 + mv.to as usize
    }

    fn move_index_bound(&self) -> usize {
        20 * 16
    }
}

/// Immediate wins only. Gobblet is not stable (a move can uncover a piece and so undo a
/// threat or lose at once), so `is_stable` stays false and alpha-beta prunes nothing with it.
/// No pass in Gobblet: the null move is off.
impl crate::game::Pass for Gobblet {}

/// No threat search on Gobblet: pieces move, so the stone-game notions do not apply.
impl crate::game::LambdaGame for Gobblet {}

impl Tactics for Gobblet {
    fn winning_move(&self, player: Player) -> Option<GobbletMove> {
        if self.outcome.is_some() {
            return None;
        }
        let mut moves = MoveList::new();
        self.moves_for(player, &mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| self.winner_after(player, m) == Some(player))
    }

    fn winning_moves(&self, player: Player, out: &mut MoveList<GobbletMove>, limit: usize) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let mut moves = MoveList::new();
        self.moves_for(player, &mut moves);
        for &m in moves.iter() {
            if out.len() >= limit {
                break;
            }
            if self.winner_after(player, m) == Some(player) {
                out.push(m);
            }
        }
    }
}

impl std::fmt::Debug for Gobblet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (ply {})\n{}",
            self.variant.name(),
            self.ply,
            self.diagram()
        )
    }
}
