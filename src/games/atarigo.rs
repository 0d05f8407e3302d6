//! AtariGo: Go where the first capture wins (Suda, *Efficient algorithms for
//! verifying goals in computer games*, section 2.1).
//!
//! # Rules
//!
//! - A board of `columns` x `rows` points, each from 2 to 19. Black moves first; a move puts
//!   a stone on any empty point. Points are neighbours horizontally and vertically; stones of
//!   one colour on neighbouring points form a *chain*; the empty neighbours of a chain are its
//!   *liberties*; a chain with one liberty is *in atari*.
//! - A move that takes the last liberty of any opponent chain captures it and wins at once,
//!   even if the mover's own chain is left without liberties ("suicide that captures wins",
//!   thesis 2.1 with footnote 1).
//! - A move that captures nothing and leaves the mover's chain without liberties (suicide)
//!   is legal and loses at once.
//! - There is no pass and no draw. The thesis notes that a full board cannot be reached
//!   without a capture or a suicide first: the last empty point is a liberty of every chain
//!   around it, so whoever fills it captures or commits suicide, and every other chain has
//!   already lost its last liberty. For completeness the rules here still say what a full
//!   board that nobody ended would mean: the side to move cannot move and loses. Neither
//!   [`AtariGo::with_stones`] nor play can produce one.
//!
//! # Implementation
//!
//! The game ends at the first capture, so stones are never removed while it goes on: play and
//! undo only merge and split chains (`board`: union-find chains with liberty bitsets and an
//! undo record per move, no allocation). Boards up to 64 points use one-word bitsets, larger
//! ones six words; [`AtariGo`] picks the board once in [`AtariGo::new`] and every call
//! dispatches with one predictable `match`, so the hot loop stays monomorphic.
//!
//! Board symmetries ([`StoneGame::symmetric_keys`]): the rules know no direction, so the 8
//! symmetries of a square board (4 of a rectangle) map every position, set-up stones
//! included, onto one of the same value. The board keeps the key of the position seen
//! through each of them incrementally (one XOR per symmetry and move), so a solver's table
//! can share entries between symmetric positions.
//!
//! The game is stable (Suda, definition 6; section 5.2 asserts it for AtariGo): a move
//! elsewhere cannot give liberties to a chain in atari, since it would have to be that
//! chain's last liberty. So the immediate wins of [`Tactics`] are exactly the liberties of
//! the opponent's chains in atari, kept incrementally. For relevance zones (thesis 5.2.1:
//! the points that matter to a win in at most `k` moves are liberties of the opponent's
//! chains with at most `k` liberties) see [`AtariGo::weak_chain_liberties`], and for the
//! exact EVS orders, which also leave out liberties that cannot all be filled without a
//! suicide first, [`StoneGame::evs_orders`].

mod bits;
mod board;
pub mod random;

use std::fmt;

use crate::game::{
    Game, Heuristic, MoveList, Outcome, Player, Point, StoneGame, Tactics, parse_point, point_name,
};
use bits::Bits;
use board::Board;

/// Stream of the Zobrist keys of AtariGo ("ATARIGO!" in ASCII).
const ZOBRIST_SEED: u64 = 0x4154_4152_4947_4F21;

/// Smallest and largest number of columns or rows.
pub const MIN_SIZE: usize = 2;
pub const MAX_SIZE: usize = 19;

/// Evaluation of a position in which the side to move captures next move (or, negated,
/// cannot stop the opponent from capturing next move). Far inside the heuristic range.
pub const CAPTURE_NEXT: i32 = 100_000;

/// Boards with one-word point sets (up to 8x8, 64 points) and six-word ones (up to 19x19).
#[derive(Clone)]
enum Boards {
    Small(Box<Board<1, 64>>),
    Large(Box<Board<6, 384>>),
}

/// Runs `$body` with `$b` bound to the board, whatever its size.
macro_rules! on_board {
    ($self:expr, $b:ident => $body:expr) => {
        match &$self.boards {
            Boards::Small($b) => $body,
            Boards::Large($b) => $body,
        }
    };
}

/// Runs `$body` with `$b` bound mutably to the board, whatever its size.
macro_rules! on_board_mut {
    ($self:expr, $b:ident => $body:expr) => {
        match &mut $self.boards {
            Boards::Small($b) => $body,
            Boards::Large($b) => $body,
        }
    };
}

/// An AtariGo position with its move history (for undo).
#[derive(Clone)]
pub struct AtariGo {
    boards: Boards,
}

/// Chain queries take a point on the board (below `num_points()`); like the [`StoneGame`]
/// methods they index the board and panic on other points.
impl AtariGo {
    /// An empty `columns` x `rows` board, Black to move. Each side must be 2 to 19.
    pub fn new(columns: usize, rows: usize) -> Result<AtariGo, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&columns) || !(MIN_SIZE..=MAX_SIZE).contains(&rows) {
            return Err(format!(
                "an AtariGo board has {MIN_SIZE} to {MAX_SIZE} columns and rows; got {columns}x{rows}"
            ));
        }
        let points = columns * rows;
        let keys = crate::zobrist::keys(ZOBRIST_SEED, 2 * points + 1);
        let boards = if points <= 64 {
            Boards::Small(Box::new(Board::new(columns, rows, &keys)))
        } else {
            Boards::Large(Box::new(Board::new(columns, rows, &keys)))
        };
        Ok(AtariGo { boards })
    }

    /// Places set-up stones (not undoable; the ply count stays 0) and sets the side to move.
    ///
    /// Rejects, in this order: a point off the board, two stones on a point, a chain without
    /// liberties (the game would already be over: "the white chain at d3 has no liberties",
    /// naming the chain's first stone in `stones`), and stone counts the side to move cannot
    /// have (Black moves first, so with Black to move both have as many stones, with White to
    /// move Black has one more).
    pub fn with_stones(
        mut self,
        stones: &[(Point, Player)],
        to_move: Player,
    ) -> Result<Self, String> {
        if self.ply() != 0 {
            return Err("set-up stones must be placed before any move".to_string());
        }
        let (columns, rows) = (self.columns(), self.rows());
        for &(p, player) in stones {
            if p as usize >= columns * rows {
                return Err(format!("point {p} is off the {columns}x{rows} board"));
            }
            if self.stone(p).is_some() {
                return Err(format!("two stones on {}", point_name(p, columns)));
            }
            on_board_mut!(self, b => b.place_setup_stone(p, player));
        }
        for &(p, player) in stones {
            if self.liberty_count(p) == 0 {
                return Err(format!(
                    "the {player} chain at {} has no liberties",
                    point_name(p, columns)
                ));
            }
        }
        let count = |who: Player| {
            (0..(columns * rows) as Point)
                .filter(|&p| self.stone(p) == Some(who))
                .count()
        };
        let (black, white) = (count(Player::Black), count(Player::White));
        match to_move {
            Player::Black if black != white => {
                return Err(format!(
                    "with black to move black and white must have as many stones; \
                     found {black} black and {white} white"
                ));
            }
            Player::White if black != white + 1 => {
                return Err(format!(
                    "with white to move black must have one stone more than white; \
                     found {black} black and {white} white"
                ));
            }
            _ => {}
        }
        self.set_to_move(to_move);
        Ok(self)
    }

    /// Number of liberties of the chain through `p` (0 for an empty point).
    pub fn liberty_count(&self, p: Point) -> usize {
        on_board!(self, b => match b.stone(p) {
            None => 0,
            Some(_) => b.root_liberties(b.find(p)).len(),
        })
    }

    /// Writes the liberties of the chain through `p` into `out` (cleared first; nothing for
    /// an empty point), in increasing point order.
    pub fn liberties(&self, p: Point, out: &mut MoveList<Point>) {
        out.clear();
        on_board!(self, b => if b.stone(p).is_some() {
            for q in b.root_liberties(b.find(p)).iter() {
                out.push(q);
            }
        })
    }

    /// Writes the stones of the chain through `p` into `out` (cleared first; nothing for an
    /// empty point), in increasing point order. Scans the board: not for the hot path.
    pub fn chain(&self, p: Point, out: &mut MoveList<Point>) {
        out.clear();
        on_board!(self, b => if b.stone(p).is_some() {
            for q in b.chain_stones(b.find(p)).iter() {
                out.push(q);
            }
        })
    }

    /// Writes into `out` (cleared first) the distinct liberties of `owner`'s chains that
    /// have at most `max_liberties` liberties, in increasing point order. With `owner` the
    /// defender and `max_liberties = k` these are the points that can take part in the
    /// attacker's win within `k` moves (Suda, 5.2.1). O(chains).
    pub fn weak_chain_liberties(
        &self,
        owner: Player,
        max_liberties: usize,
        out: &mut MoveList<Point>,
    ) {
        out.clear();
        on_board!(self, b => {
            let mut all = Bits::EMPTY;
            for r in b.chain_roots(owner).iter() {
                let libs = b.root_liberties(r);
                if libs.len() <= max_liberties {
                    all = all.union(libs);
                }
            }
            for q in all.iter() {
                out.push(q);
            }
        })
    }

    /// Number of `owner`'s chains in atari (exactly one liberty).
    pub fn chains_in_atari(&self, owner: Player) -> usize {
        on_board!(self, b => b.atari_roots(owner).len())
    }
}

impl Game for AtariGo {
    type Move = Point;

    fn name(&self) -> &'static str {
        "atarigo"
    }

    #[inline]
    fn to_move(&self) -> Player {
        on_board!(self, b => b.to_move())
    }

    #[inline]
    fn ply(&self) -> usize {
        on_board!(self, b => b.ply())
    }

    /// Every empty point, in increasing point order; none once the game is over.
    #[inline]
    fn legal_moves(&self, out: &mut MoveList<Point>) {
        out.clear();
        on_board!(self, b => if b.outcome().is_none() {
            for p in b.empty().iter() {
                out.push(p);
            }
        })
    }

    #[inline]
    fn play(&mut self, mv: Point) {
        on_board_mut!(self, b => b.play(mv, b.to_move()))
    }

    #[inline]
    fn undo(&mut self, mv: Point) {
        on_board_mut!(self, b => b.undo(mv))
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        on_board!(self, b => b.outcome())
    }

    #[inline]
    fn key(&self) -> u64 {
        on_board!(self, b => b.key())
    }

    fn parse_move(&self, text: &str) -> Result<Point, String> {
        let p = parse_point(text, self.columns(), self.rows())?;
        if self.outcome().is_some() {
            return Err(format!(
                "the game is over; {} cannot be played",
                text.trim()
            ));
        }
        if self.stone(p).is_some() {
            return Err(format!(
                "{} is already occupied",
                point_name(p, self.columns())
            ));
        }
        Ok(p)
    }

    fn format_move(&self, mv: Point) -> String {
        point_name(mv, self.columns())
    }

    /// Rows from the top with their numbers on the left, column letters on top; `X` Black,
    /// `O` White, `.` empty.
    fn diagram(&self) -> String {
        let (columns, rows) = (self.columns(), self.rows());
        let width = rows.to_string().len();
        let mut s = String::new();
        s.push_str(&" ".repeat(width));
        for x in 0..columns {
            s.push(' ');
            s.push((b'a' + x as u8) as char);
        }
        s.push('\n');
        for y in (0..rows).rev() {
            s.push_str(&format!("{:>width$}", y + 1));
            for x in 0..columns {
                s.push(' ');
                s.push(match self.stone((x + y * columns) as Point) {
                    Some(Player::Black) => 'X',
                    Some(Player::White) => 'O',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

impl StoneGame for AtariGo {
    fn columns(&self) -> usize {
        on_board!(self, b => b.columns())
    }

    fn rows(&self) -> usize {
        on_board!(self, b => b.rows())
    }

    fn num_points(&self) -> usize {
        on_board!(self, b => b.points())
    }

    #[inline]
    fn stone(&self, p: Point) -> Option<Player> {
        on_board!(self, b => b.stone(p))
    }

    #[inline]
    fn play_stone(&mut self, p: Point, player: Player) {
        on_board_mut!(self, b => b.play(p, player))
    }

    #[inline]
    fn undo_stone(&mut self, p: Point) {
        on_board_mut!(self, b => b.undo(p))
    }

    #[inline]
    fn set_to_move(&mut self, player: Player) {
        on_board_mut!(self, b => b.set_to_move(player))
    }

    /// 8 on a square board, 4 on a rectangle: the rules know no direction, so every board
    /// symmetry maps a position onto one of the same value, whatever the set-up stones (a
    /// transformed set-up is just another position).
    fn symmetry_count(&self) -> usize {
        on_board!(self, b => b.symmetry_count())
    }

    /// 0 identity, 1 left-right mirror, 2 top-bottom mirror, 3 half turn; square boards
    /// also 4 transpose, 5 and 6 quarter turns, 7 the other diagonal.
    fn symmetric_point(&self, s: usize, p: Point) -> Point {
        on_board!(self, b => b.symmetric_point(s, p))
    }

    /// Kept incrementally by play and undo (one XOR per symmetry and move).
    #[inline]
    fn symmetric_keys(&self, keys: &mut [u64; crate::game::MAX_SYMMETRIES]) -> usize {
        on_board!(self, b => b.symmetric_keys(keys))
    }

    /// Exact EVS orders from the chains' liberties, suicide included (`board::evs`).
    #[inline]
    fn evs_orders(&self, player: Player, orders: &mut [u8]) {
        on_board!(self, b => b.write_evs_orders(player, orders))
    }
}

impl Heuristic for AtariGo {
    /// From the side to move `s`'s view, with `o` its opponent:
    ///
    /// 1. `o` has a chain in atari: `s` captures next move, [`CAPTURE_NEXT`].
    /// 2. `s` has chains in atari on two or more distinct liberties (and, by 1, cannot
    ///    capture): `o` captures next move whatever `s` does (the game is stable),
    ///    `-CAPTURE_NEXT`.
    /// 3. Otherwise `50 * (m(s) - m(o)) + 5 * (L(s) - L(o))`, where `m` is the fewest
    ///    liberties of any chain of the side, capped at 4 (4 with no chain), and `L` the
    ///    number of distinct empty points next to the side's stones. Its size stays below
    ///    `50 * 3 + 5 * 361 < 2000`.
    fn evaluate(&self) -> i32 {
        let s = self.to_move();
        let o = s.opponent();
        on_board!(self, b => {
            if !b.atari_roots(o).is_empty() {
                return CAPTURE_NEXT;
            }
            if b.winning_points(o).len() >= 2 {
                return -CAPTURE_NEXT;
            }
            let side = |who: Player| {
                let mut fewest = 4;
                let mut area = Bits::EMPTY;
                for r in b.chain_roots(who).iter() {
                    let libs = b.root_liberties(r);
                    fewest = fewest.min(libs.len() as i32);
                    area = area.union(libs);
                }
                (fewest, area.len() as i32)
            };
            let (ms, ls) = side(s);
            let (mo, lo) = side(o);
            50 * (ms - mo) + 5 * (ls - lo)
        })
    }

    #[inline]
    fn move_index(&self, mv: Point) -> usize {
        mv as usize
    }

    fn move_index_bound(&self) -> usize {
        self.num_points()
    }

    /// From the chains' liberties, without playing (`board::one_ply`).
    #[inline]
    fn one_ply_values(&self, moves: &[Point], out: &mut [i32]) -> bool {
        on_board!(self, b => b.one_ply_values(moves, out));
        true
    }
}

impl Tactics for AtariGo {
    /// AtariGo is stable (see the module doc).
    fn is_stable(&self) -> bool {
        true
    }

    /// The liberty of an opponent chain in atari with the smallest root point.
    #[inline]
    fn winning_move(&self, player: Player) -> Option<Point> {
        on_board!(self, b => b.winning_point(player))
    }

    /// The distinct liberties of the opponent's chains in atari, in increasing point order.
    #[inline]
    fn winning_moves(&self, player: Player, out: &mut MoveList<Point>, limit: usize) {
        out.clear();
        on_board!(self, b => {
            for p in b.winning_points(player).iter().take(limit) {
                out.push(p);
            }
        })
    }
}

impl fmt::Debug for AtariGo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "AtariGo {}x{}, {} to move, ply {}",
            self.columns(),
            self.rows(),
            self.to_move(),
            self.ply()
        )?;
        if let Some(o) = self.outcome() {
            write!(f, ", over: {o:?}")?;
        }
        write!(f, "\n{}", self.diagram())
    }
}

#[cfg(test)]
mod tests;
