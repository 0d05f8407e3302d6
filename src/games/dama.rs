//! Czech checkers (česká dáma), the rules of Kühr, *Algorithms of a computer player in simple board
//! games*, section 1.2 ("Stručná pravidla české dámy", after the Czech draughts federation):
//!
//! - an 8x8 board, twelve men each on the dark squares of the three nearest rows (`a1` is
//!   dark); White starts at the bottom (rows 1-3) and moves first;
//! - men move one square diagonally forward and jump only forward; a man whose move ends on
//!   the last row becomes a king; kings fly along the diagonals, forwards and backwards, and
//!   jump a piece anywhere on a diagonal, landing on any empty square beyond it;
//! - jumping is mandatory, a jump continues while it can, the player chooses freely among the
//!   jumps whatever they capture, and a king always jumps in preference to a man;
//! - the player who cannot move (no pieces, or all blocked) loses; the third occurrence of
//!   the same position (the same pieces and the same side to move, section 1.1) is a draw.
//!
//! The details of jumps (pieces removed only after the move, never jumped twice, free choice
//! of a king's landing square, promotion ends a man's move) are in [`movegen`].
//!
//! # Notation (Kühr, examples 1.1 and 1.2)
//!
//! A move is its squares joined by `-`: `c1-d2`, and a jump lists every landing square:
//! `a3-d6-g3-e1`. Parsing also accepts `x` or `:` as separators, and a jump written only as
//! `from-to` when one legal move fits.
//!
//! # Repetition
//!
//! The position keeps the keys of the positions since the start of the game or puzzle, so the
//! draw by third repetition is part of [`Game::outcome`]. Men never move back and captures
//! never come undone, so only the positions since the last man move or capture are compared.
//! Because a result then depends on the path that reached a position,
//! [`Game::outcome_depends_on_history`] is true: a transposition table must not reuse such
//! results across paths.
//!
//! # Evaluation
//!
//! [`Heuristic::evaluate`] is the function of Kühr, example 2.5 ([`eval`]).

use std::fmt::Write as _;
use std::sync::LazyLock;

use crate::game::{
    Game, Heuristic, MoveList, Outcome, Player, Point, Tactics, parse_point, point_name,
};
use crate::zobrist;

pub mod eval;
pub mod geometry;
pub mod movegen;
#[cfg(test)]
mod tests;

use geometry::{DARK, ROW_1, ROW_8, SIDE, SQUARES, is_dark, squares};

/// Zobrist stream of the checkers tables ("dama" in ASCII).
const ZOBRIST_SEED: u64 = 0x6461_6d61;
/// Index in the key table of the side-to-move key (XORed in when Black is to move).
const SIDE_KEY: usize = 4 * SQUARES;

/// Key of a man (`king` false) or king of `player` on square `s`: `KEYS[(2 * king + player)
/// * 64 + s]`, and `KEYS[SIDE_KEY]` for Black to move.
static KEYS: LazyLock<[u64; 4 * SQUARES + 1]> = LazyLock::new(|| {
    let keys = zobrist::keys(ZOBRIST_SEED, 4 * SQUARES + 1);
    let mut table = [0; 4 * SQUARES + 1];
    table.copy_from_slice(&keys);
    table
});

#[inline]
fn piece_key(keys: &[u64; 4 * SQUARES + 1], king: bool, player: Player, s: usize) -> u64 {
    keys[(2 * usize::from(king) + player.index()) * SQUARES + s]
}

/// Most pieces a side can have.
pub const MAX_PIECES: usize = 12;

/// A piece: a man or a king of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Man(Player),
    King(Player),
}

impl Piece {
    /// The owner.
    pub fn player(self) -> Player {
        match self {
            Piece::Man(p) | Piece::King(p) => p,
        }
    }

    /// True for a king.
    pub fn is_king(self) -> bool {
        matches!(self, Piece::King(_))
    }

    /// The diagram letter: `x` a black man, `X` a black king, `o` a white man, `O` a white
    /// king.
    pub fn letter(self) -> char {
        match self {
            Piece::Man(Player::Black) => 'x',
            Piece::King(Player::Black) => 'X',
            Piece::Man(Player::White) => 'o',
            Piece::King(Player::White) => 'O',
        }
    }

    /// The piece of a diagram letter (`b`/`B`, `w`/`W` are accepted for black and white).
    pub fn from_letter(c: char) -> Option<Piece> {
        match c {
            'x' | 'b' => Some(Piece::Man(Player::Black)),
            'X' | 'B' => Some(Piece::King(Player::Black)),
            'o' | 'w' => Some(Piece::Man(Player::White)),
            'O' | 'W' => Some(Piece::King(Player::White)),
            _ => None,
        }
    }
}

/// The pieces as bitboards over the 64 squares (bit `x + 8 * y`), indexed by
/// [`Player::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pieces {
    pub men: [u64; 2],
    pub kings: [u64; 2],
}

impl Pieces {
    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.men[0] | self.men[1] | self.kings[0] | self.kings[1]
    }

    /// The piece on square `s`.
    pub fn get(&self, s: usize) -> Option<Piece> {
        for player in [Player::Black, Player::White] {
            if self.men[player.index()] >> s & 1 == 1 {
                return Some(Piece::Man(player));
            }
            if self.kings[player.index()] >> s & 1 == 1 {
                return Some(Piece::King(player));
            }
        }
        None
    }
}

/// A move: the start and end squares, the squares of the captured pieces (and which of them
/// were kings, for undo), the intermediate landing squares of a jump (for its notation) and
/// whether a man is promoted. `Copy`, 32 bytes; only meaningful in the position it was
/// generated for.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct DamaMove {
    from: u8,
    to: u8,
    /// Number of pieces captured (the number of landing squares).
    captures: u8,
    promotes: bool,
    /// The landing squares before the last, `s >> 1` (a dark square's index 0..32) in 5 bits
    /// each, first landing lowest. At most 11 of them (12 captures).
    landings: u64,
    captured: u64,
    captured_kings: u64,
}

impl DamaMove {
    /// The square the piece starts from.
    pub fn from(&self) -> Point {
        Point::from(self.from)
    }

    /// The square the piece ends on.
    pub fn to(&self) -> Point {
        Point::from(self.to)
    }

    /// Mask of the captured pieces' squares (bit `x + 8 * y`).
    pub fn captured(&self) -> u64 {
        self.captured
    }

    /// Number of captured pieces.
    pub fn capture_count(&self) -> usize {
        usize::from(self.captures)
    }

    /// True when a man becomes a king with this move.
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// Every square the piece lands on, in order (the end square last); just the end square
    /// for a plain move.
    pub fn landing_squares(&self) -> impl Iterator<Item = Point> + '_ {
        let inner = usize::from(self.captures.saturating_sub(1));
        (0..inner)
            .map(|i| {
                let dark = (self.landings >> (5 * i) & 31) as usize;
                // Dark index back to a square: row 4 per row, column from the row's parity.
                let y = dark / 4;
                let x = (dark % 4) * 2 + y % 2;
                (x + SIDE * y) as Point
            })
            .chain(std::iter::once(self.to()))
    }
}

/// One entry of the history: the key of an earlier position and the number of plies since
/// the last man move or capture at that position.
#[derive(Clone, Copy, Debug)]
struct Past {
    key: u64,
    clock: u16,
}

/// A position of Czech checkers with the history since the start (for repetitions).
#[derive(Clone, Debug)]
pub struct Dama {
    pieces: Pieces,
    to_move: Player,
    ply: usize,
    key: u64,
    /// Plies since the last man move or capture (positions before it cannot recur).
    clock: u16,
    /// The positions before the current one, the last entry one ply ago.
    history: Vec<Past>,
    keys: &'static [u64; 4 * SQUARES + 1],
}

impl Default for Dama {
    fn default() -> Self {
        Self::new()
    }
}

impl Dama {
    /// The start position (Kühr, figure 1): White's men on the dark squares of rows 1-3,
    /// Black's on rows 6-8, White to move.
    pub fn new() -> Dama {
        let mut pieces = Vec::new();
        for s in squares(DARK) {
            let y = s / SIDE;
            if y < 3 {
                pieces.push((s as Point, Piece::Man(Player::White)));
            } else if y >= SIDE - 3 {
                pieces.push((s as Point, Piece::Man(Player::Black)));
            }
        }
        Dama::with_pieces(&pieces, Player::White).expect("the start position is valid")
    }

    /// A position with the given pieces and side to move, and no history. Errors (in words)
    /// for a piece on a light square or off the board, two pieces on a square, a man on its
    /// promotion row, or more than twelve pieces of a side.
    pub fn with_pieces(pieces: &[(Point, Piece)], to_move: Player) -> Result<Dama, String> {
        let mut board = Pieces::default();
        for &(p, piece) in pieces {
            let s = p as usize;
            if s >= SQUARES {
                return Err(format!("square {p} is off the 8x8 board"));
            }
            let name = point_name(p, SIDE);
            if !is_dark(s) {
                return Err(format!(
                    "{name} is a light square; pieces stand on the dark squares (a1, c1, ..., \
                     h8)"
                ));
            }
            if board.occupied() >> s & 1 == 1 {
                return Err(format!("two pieces on {name}"));
            }
            let player = piece.player();
            let bit = 1u64 << s;
            match piece {
                Piece::Man(_) => {
                    let last_row = match player {
                        Player::White => ROW_8,
                        Player::Black => ROW_1,
                    };
                    if last_row & bit != 0 {
                        return Err(format!(
                            "a {player} man on {name}, its last row: it would have become a king"
                        ));
                    }
                    board.men[player.index()] |= bit;
                }
                Piece::King(_) => board.kings[player.index()] |= bit,
            }
        }
        for player in [Player::Black, Player::White] {
            let count = (board.men[player.index()] | board.kings[player.index()]).count_ones();
            if count as usize > MAX_PIECES {
                return Err(format!(
                    "{player} has {count} pieces; a side has at most {MAX_PIECES}"
                ));
            }
        }
        let keys: &'static [u64; 4 * SQUARES + 1] = &KEYS;
        let mut key = if to_move == Player::Black {
            keys[SIDE_KEY]
        } else {
            0
        };
        for player in [Player::Black, Player::White] {
            for s in squares(board.men[player.index()]) {
                key ^= piece_key(keys, false, player, s);
            }
            for s in squares(board.kings[player.index()]) {
                key ^= piece_key(keys, true, player, s);
            }
        }
        Ok(Dama {
            pieces: board,
            to_move,
            ply: 0,
            key,
            clock: 0,
            history: Vec::with_capacity(crate::game::MAX_MOVES),
            keys,
        })
    }

    /// The pieces.
    pub fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    /// The piece on square `p`.
    pub fn piece(&self, p: Point) -> Option<Piece> {
        if (p as usize) < SQUARES {
            self.pieces.get(p as usize)
        } else {
            None
        }
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn occurrences(&self) -> usize {
        let n = self.history.len();
        let mut count = 1;
        let mut back = 2;
        while back <= usize::from(self.clock) && back <= n {
            if self.history[n - back].key == self.key {
                count += 1;
            }
            back += 2;
        }
        count
    }

    /// True when the position occurs for the third time. A position recurs at the earliest
    /// four plies later (both sides must move a king away and back), so the third time needs
    /// eight reversible plies.
    #[inline]
    fn is_third_repetition(&self) -> bool {
        self.clock >= 8 && self.occurrences() >= 3
    }

    /// Every jump sequence (also those with the same captures and end square in another
    /// order), for parsing.
    fn all_sequences(&self, out: &mut MoveList<DamaMove>) {
        movegen::generate(&self.pieces, self.to_move, false, out);
    }

    #[inline]
    fn toggle(&mut self, king: bool, player: Player, s: usize) {
        let bit = 1u64 << s;
        if king {
            self.pieces.kings[player.index()] ^= bit;
        } else {
            self.pieces.men[player.index()] ^= bit;
        }
        self.key ^= piece_key(self.keys, king, player, s);
    }

    /// Removes (or puts back: XOR) the captured pieces of `mv` for `victim`.
    fn toggle_captured(&mut self, mv: DamaMove, victim: Player) {
        for s in squares(mv.captured) {
            let king = mv.captured_kings >> s & 1 == 1;
            self.toggle(king, victim, s);
        }
    }
}

impl Game for Dama {
    type Move = DamaMove;

    fn name(&self) -> &'static str {
        "dama"
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn ply(&self) -> usize {
        self.ply
    }

    fn legal_moves(&self, out: &mut MoveList<DamaMove>) {
        // A side without moves gets an empty list from the generator anyway.
        if self.is_third_repetition() {
            out.clear();
            return;
        }
        movegen::generate(&self.pieces, self.to_move, true, out);
    }

    fn play(&mut self, mv: DamaMove) {
        let me = self.to_move;
        let from = mv.from as usize;
        let was_king = self.pieces.kings[me.index()] >> from & 1 == 1;
        debug_assert!(
            was_king || self.pieces.men[me.index()] >> from & 1 == 1,
            "no piece of the side to move on {}",
            point_name(mv.from(), SIDE)
        );
        self.history.push(Past {
            key: self.key,
            clock: self.clock,
        });
        self.toggle(was_king, me, from);
        self.toggle(was_king || mv.promotes, me, mv.to as usize);
        self.toggle_captured(mv, me.opponent());
        self.clock = if was_king && mv.captured == 0 {
            self.clock.saturating_add(1)
        } else {
            0
        };
        self.to_move = me.opponent();
        self.key ^= self.keys[SIDE_KEY];
        self.ply += 1;
    }

    fn undo(&mut self, mv: DamaMove) {
        let me = self.to_move.opponent();
        let to = mv.to as usize;
        let is_king = self.pieces.kings[me.index()] >> to & 1 == 1;
        self.toggle_captured(mv, me.opponent());
        self.toggle(is_king, me, to);
        self.toggle(is_king && !mv.promotes, me, mv.from as usize);
        self.to_move = me;
        self.key ^= self.keys[SIDE_KEY];
        self.ply -= 1;
        let past = self.history.pop().expect("undo without a move played");
        debug_assert_eq!(
            past.key, self.key,
            "undo of a move that was not the last one"
        );
        self.clock = past.clock;
    }

    /// A win for the opponent of a side without a legal move; a draw at the third occurrence
    /// of the position.
    fn outcome(&self) -> Option<Outcome> {
        if !movegen::has_move(&self.pieces, self.to_move) {
            return Some(Outcome::Win(self.to_move.opponent()));
        }
        if self.is_third_repetition() {
            return Some(Outcome::Draw);
        }
        None
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn parse_move(&self, text: &str) -> Result<DamaMove, String> {
        let trimmed = text.trim();
        let mut path: Vec<Point> = Vec::new();
        for part in trimmed.split(['-', 'x', ':']) {
            path.push(parse_point(part, SIDE, SIDE).map_err(|e| format!("in '{trimmed}': {e}"))?);
        }
        if path.len() < 2 {
            return Err(format!(
                "'{trimmed}' is not a move; expected squares joined by '-', like c3-d4 or \
                 a3-d6-g3-e1"
            ));
        }
        if let Some(outcome) = self.outcome() {
            return Err(format!(
                "'{trimmed}' is not a move: the game is over ({outcome:?})"
            ));
        }
        let from = path[0];
        match self.piece(from) {
            Some(piece) if piece.player() == self.to_move => {}
            Some(_) => {
                return Err(format!(
                    "'{trimmed}': the piece on {} is not {}'s",
                    point_name(from, SIDE),
                    self.to_move
                ));
            }
            None => {
                return Err(format!(
                    "'{trimmed}': there is no piece on {}",
                    point_name(from, SIDE)
                ));
            }
        }
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        let canonical = |m: &DamaMove| {
            legal
                .iter()
                .copied()
                .find(|l| l.from == m.from && l.to == m.to && l.captured == m.captured)
        };
        let mut every = MoveList::new();
        self.all_sequences(&mut every);
        if let Some(m) = every
            .iter()
            .find(|m| m.from() == from && m.landing_squares().eq(path[1..].iter().copied()))
            && let Some(c) = canonical(m)
        {
            return Ok(c);
        }
        if path.len() == 2 {
            let to = path[1];
            let fits: Vec<DamaMove> = legal
                .iter()
                .copied()
                .filter(|m| m.from() == from && m.to() == to)
                .collect();
            match fits.as_slice() {
                [one] => return Ok(*one),
                [] => {}
                several => {
                    let names: Vec<String> = several.iter().map(|m| self.format_move(*m)).collect();
                    return Err(format!(
                        "'{trimmed}' is ambiguous: it may be {}; write every landing square",
                        names.join(" or ")
                    ));
                }
            }
        }
        let names: Vec<String> = legal.iter().map(|m| self.format_move(*m)).collect();
        Err(format!(
            "'{trimmed}' is not a legal move here; {} to move can play {}",
            self.to_move,
            names.join(", ")
        ))
    }

    fn format_move(&self, mv: DamaMove) -> String {
        let mut out = point_name(mv.from(), SIDE);
        for s in mv.landing_squares() {
            out.push('-');
            out.push_str(&point_name(s, SIDE));
        }
        out
    }

    /// Rows from the top with coordinates: `x` a black man, `X` a black king, `o` a white
    /// man, `O` a white king, `.` an empty square (light squares too). The same letters are
    /// read by puzzle files.
    /// True: the draw by third repetition makes a position's result depend on the moves that
    /// led to it, so a transposition table must not reuse results across paths.
    fn outcome_depends_on_history(&self) -> bool {
        true
    }

    fn diagram(&self) -> String {
        let mut out = String::from("  a b c d e f g h\n");
        for y in (0..SIDE).rev() {
            let _ = write!(out, "{}", y + 1);
            for x in 0..SIDE {
                let c = self.pieces.get(x + SIDE * y).map_or('.', Piece::letter);
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out
    }
}

impl Heuristic for Dama {
    /// Kühr, example 2.5, from the side to move's view (see [`eval`]).
    fn evaluate(&self) -> i32 {
        eval::evaluate(&self.pieces, self.to_move)
    }

    /// `from * 64 + to`.
    fn move_index(&self, mv: DamaMove) -> usize {
        usize::from(mv.from) * SQUARES + usize::from(mv.to)
    }

    fn move_index_bound(&self) -> usize {
        SQUARES * SQUARES
    }
}

/// Checkers is not a stable game (a jump can appear or vanish after any move), and a win is
/// only "the opponent has no move", which the rules already report: no tactics.
/// Czech checkers has no pass, and zugzwang is common (a blocked side loses): no null move.
impl crate::game::Pass for Dama {}

/// Czech checkers has no pass (its pieces move; threat searches are for stone games):
/// lambda search refuses it.
impl crate::game::LambdaGame for Dama {}

impl Tactics for Dama {}
