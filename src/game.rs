//! The rules layer: what a game is, independent of any search.
//!
//! A [`Game`] knows its legal moves, how to play and undo them, when the game is over and a
//! Zobrist key of the position; nothing else: the Game trait is rules only.
//! Search knowledge lives in separate traits: [`Heuristic`] (static evaluation and a move
//! index for history tables) and [`Tactics`] (immediate wins, used by alpha-beta to prune
//! and later by lambda search as its level-0 test). [`StoneGame`] is the extension for games
//! whose moves put a stone on an empty point (Suda, *Efficient algorithms for verifying goals in
//! computer games*, definitions 3-6): lambda search and relevance zones play stones for a named
//! player, because a threat search lets one side move twice in a row.
//!
//! This module imports nothing from `search`, `trace` or `tui`: rules know nothing of search.

use std::fmt;

/// The two players. `Black` is the first player in every game (in m,n,k "X", in Hex the
/// player joining rows 1 and n, in a textbook tree the root player).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Player {
    Black,
    White,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-player tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name as used in puzzle files (`"black"`, `"white"`).
    pub fn name(self) -> &'static str {
        match self {
            Player::Black => "black",
            Player::White => "white",
        }
    }

    /// The name as prose writes it, capitalised (`"Black"`, `"White"`): every text for
    /// people (the explorer, lessons, exports) names the players so.
    pub fn title(self) -> &'static str {
        match self {
            Player::Black => "Black",
            Player::White => "White",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player won.
    Win(Player),
    /// Nobody won (a full m,n,k board, a repetition).
    Draw,
    /// A numeric leaf value from Black's (the root player's) point of view, for textbook trees
    /// whose leaves carry heuristic numbers rather than win/draw/loss.
    Score(i32),
}

/// Heuristic evaluations lie strictly inside `(-HEURISTIC_LIMIT, HEURISTIC_LIMIT)` (Kühr's
/// `MNOHO`); everything beyond is reserved for win and loss scores of the searches.
pub const HEURISTIC_LIMIT: i32 = 1_000_000 - 2 * 1024;

/// Largest number of legal moves any supported position can have: a 19x19 stone board has
/// 361 points; Gobblet has at most 3*16 reserve moves + 16*15 board moves = 288; Czech
/// checkers far fewer. 384 leaves headroom and keeps a list of `u16` moves under 1 KiB.
pub const MAX_MOVES: usize = 384;

/// A fixed-capacity list of moves that lives on the stack: move generation never allocates.
#[derive(Clone)]
pub struct MoveList<M: Copy + Default> {
    len: usize,
    items: [M; MAX_MOVES],
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy + Default> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            len: 0,
            items: [M::default(); MAX_MOVES],
        }
    }

    /// Appends a move. Panics (a bug in a generator, not user input) past [`MAX_MOVES`].
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.items[self.len] = mv;
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the first `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.items[..self.len]
    }

    /// The moves as a mutable slice (for sorting in place).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.items[..self.len]
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.as_slice().iter()
    }

    /// True when `mv` is in the list.
    #[inline]
    pub fn contains(&self, mv: &M) -> bool
    where
        M: PartialEq,
    {
        self.as_slice().contains(mv)
    }
}

impl<M: Copy + Default + fmt::Debug> fmt::Debug for MoveList<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a, M: Copy + Default> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The rules of a two-player, alternating, perfect-information game.
///
/// Positions are mutated in place with [`Game::play`] and restored with [`Game::undo`]; a
/// search plays and undoes millions of moves and never copies a board.
pub trait Game: Clone + Send + 'static {
    /// A move. Small and `Copy` (stone games use a point index).
    /// Serializable so a recorded search can be saved and opened again (`crate::run::saved`).
    type Move: Copy
        + Eq
        + Default
        + std::hash::Hash
        + fmt::Debug
        + Send
        + Sync
        + serde::Serialize
        + serde::de::DeserializeOwned
        + 'static;

    /// A short name of the game ("m,n,k", "atarigo", "hex", "tree").
    fn name(&self) -> &'static str;

    /// Whose turn it is.
    fn to_move(&self) -> Player;

    /// Number of moves played since the puzzle's start position.
    fn ply(&self) -> usize;

    /// Writes the legal moves into `out` (cleared first). Empty when the game is over.
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);

    /// Plays a legal move for the side to move.
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Zobrist key of the position including the side to move. Equal positions have equal
    /// keys whatever the order of the moves that led to them; the random numbers come from a
    /// fixed generator ([`crate::zobrist`]), so keys are the same in every run.
    fn key(&self) -> u64;

    /// True when [`Game::outcome`] depends on how the position was reached, not only on the
    /// position: a draw by repetition (Gobblet, Czech checkers). A search must not store a
    /// value that rests on such an outcome in a table keyed by the position alone. Default:
    /// false (outcomes are functions of the position).
    fn outcome_depends_on_history(&self) -> bool {
        false
    }

    /// Parses a move in this game's notation ("c3", a child's name in a tree). The move must
    /// be legal in the current position.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// Writes a move in this game's notation; `parse_move` reads it back.
    fn format_move(&self, mv: Self::Move) -> String;

    /// A text diagram of the position: rows from the top, columns a, b, ... from the left.
    fn diagram(&self) -> String;
}

/// Knowledge a heuristic search uses: a static evaluation and a dense index of moves for the
/// history heuristic. Kept apart from [`Game`]: it is not part of the rules.
pub trait Heuristic: Game {
    /// Static evaluation from the side to move's view, strictly inside
    /// `(-HEURISTIC_LIMIT, HEURISTIC_LIMIT)`. Only called on
    /// positions that are not over. Documented per game.
    fn evaluate(&self) -> i32;

    /// A dense index for `mv`, below [`Heuristic::move_index_bound`] (history and killer tables).
    fn move_index(&self, mv: Self::Move) -> usize;

    /// One more than the largest [`Heuristic::move_index`].
    fn move_index_bound(&self) -> usize;

    /// The 1-ply value of each of `moves` (legal moves of the side to move) from the mover's
    /// view, read off the position without playing them: `out[i]` for `moves[i]` is
    /// [`ONE_PLY_WINS`] when the move wins at once, [`ONE_PLY_LOSES`] when it loses at once,
    /// else minus [`Heuristic::evaluate`] of the position after it, exactly what playing,
    /// evaluating and undoing would give. Move ordering uses it instead of playing every
    /// move (Kotrč, 3.1) when the game can answer more cheaply; returns true when it wrote
    /// the values. The default answers false (nothing written) and the engine plays the
    /// moves. A game with moves that end in a draw at once does not override it.
    fn one_ply_values(&self, moves: &[Self::Move], out: &mut [i32]) -> bool {
        let _ = (moves, out);
        false
    }
}

/// [`Heuristic::one_ply_values`]: the move wins at once.
pub const ONE_PLY_WINS: i32 = i32::MAX;

/// [`Heuristic::one_ply_values`]: the move loses at once.
pub const ONE_PLY_LOSES: i32 = i32::MIN;

/// Immediate-win knowledge for stable games (Suda, definition 6: a move that wins at
/// once still wins at once after any other move that does not end the game).
///
/// Alpha-beta uses it as exact pruning: a side that can win now wins in one ply; a side
/// facing two separate immediate wins of the opponent loses in two plies; facing one, only
/// the moves that occupy that point can avoid losing in two plies. Lambda search uses the same
/// test as its level-0 search. A game that is not stable implements nothing here (the default
/// answers "unknown" and the searches fall back to plain move generation).
pub trait Tactics: Game {
    /// True when the game is stable in the sense above, so the pruning is exact.
    fn is_stable(&self) -> bool {
        false
    }

    /// A move that wins at once for `player` if it were `player`'s turn now. Must be a legal
    /// move for `player`.
    fn winning_move(&self, _player: Player) -> Option<Self::Move> {
        None
    }

    /// Writes up to `limit` distinct moves that win at once for `player` into `out`
    /// (cleared first).
    fn winning_moves(&self, _player: Player, _out: &mut MoveList<Self::Move>, _limit: usize) {}

    /// True when `player`'s opponent has a strategy that stops `player` from ever winning
    /// from this position, whoever is to move (a static certificate: no line left to
    /// complete, a pairing strategy of the opponent, ...). A proof search may then decide the
    /// node at once: `player` cannot force a win, and the opponent at least draws. Must never
    /// answer `true` wrongly; `false` means "not known". The default knows nothing.
    fn cannot_win(&self, player: Player) -> bool {
        let _ = player;
        false
    }

    /// Proven knowledge beyond one move (Benzene's must-play regions; Suda, theorem
    /// 15): called when the side to move has no immediate win, it returns true when every move of
    /// the side to move outside the moves written into `out` (cleared first) loses, so a
    /// search may drop them; an empty `out` then means the side to move has lost. False (the
    /// default, `out` left empty) when nothing is known. A game returns true with every
    /// move only when its analysis covers the opponent's double threats (a move after which
    /// the opponent has two immediate wins), so df-pn skips its own scan for them.
    /// Implementations must be sound: a move left out must lose against every defence.
    fn must_play(&self, _out: &mut MoveList<Self::Move>) -> bool {
        false
    }

    /// True when the side to move is proven to lose whatever it plays by cheaper knowledge
    /// than [`Tactics::must_play`] (in Hex: the opponent already holds a virtual connection
    /// of its two edges). Called when the side to move has no immediate win; the default
    /// knows nothing.
    fn is_lost(&self) -> bool {
        false
    }

    /// A move proven to win for the side to move by knowledge beyond one move (in Hex: the
    /// key of a semi connection of its edges, after which it holds a full one). Called when
    /// the side to move has no immediate win; `None` (the default) when nothing is known.
    /// Must be sound: the move wins against every defence.
    fn winning_key(&self) -> Option<Self::Move> {
        None
    }

    /// Drops from `moves` (legal moves of the side to move) those the game proves never
    /// needed (Hex: dead, captured and vulnerable cells): if the side to move has a winning
    /// move at all, one of the kept moves wins, and at least one move is kept. Returns how
    /// many were dropped; the default drops none. Weaker than [`Tactics::must_play`]: a
    /// dropped move may win too, so a search that must name every winning move (a root
    /// classification) does not call it.
    fn drop_inferior(&self, moves: &mut MoveList<Self::Move>) -> u32 {
        let _ = moves;
        0
    }
}

/// A point of a stone board: `x + y * columns`, with `y = 0` the bottom row.
pub type Point = u16;

/// The order written for a point that lies in no region of a region sequence (EVS orders
/// here, relevance zones in `search::zone`).
pub const NO_REGION: u8 = u8::MAX;

/// The most board symmetries a [`StoneGame`] reports (the eight of a square).
pub const MAX_SYMMETRIES: usize = 8;

/// A game in which a move puts a stone of the mover's colour on an empty point and stones
/// never move (Suda, definition 3). Moves are points.
///
/// Threat searches play several stones of one player in a row (the other "passes"), so
/// stones are played for a named player; [`Game::to_move`] then becomes that player's
/// opponent.
pub trait StoneGame: Game<Move = Point> {
    /// Board width (columns).
    fn columns(&self) -> usize;

    /// Board height (rows).
    fn rows(&self) -> usize;

    /// Number of points, `columns * rows`.
    fn num_points(&self) -> usize {
        self.columns() * self.rows()
    }

    /// The stone on `p`, if any.
    fn stone(&self, p: Point) -> Option<Player>;

    /// True when `p` is empty.
    fn is_empty(&self, p: Point) -> bool {
        self.stone(p).is_none()
    }

    /// Plays a stone of `player` on the empty point `p`, whoever's turn it is.
    fn play_stone(&mut self, p: Point, player: Player);

    /// Takes back the stone on `p`, which must be the last stone played; the side to move
    /// becomes the player who had placed it.
    fn undo_stone(&mut self, p: Point);

    /// Sets the side to move (for a "pass" in threat search). Changes the key.
    fn set_to_move(&mut self, player: Player);

    /// How many board symmetries map the rules of this position onto themselves (the
    /// identity included), at most [`MAX_SYMMETRIES`]: 8 for a square m,n,k or AtariGo board
    /// without fixed asymmetric setup, 2 for Hex (the half turn keeps each player's edges).
    /// Solvers use them to share table entries between symmetric positions. The default is
    /// the identity alone.
    fn symmetry_count(&self) -> usize {
        1
    }

    /// The image of point `p` under symmetry `s` (`0 <= s < symmetry_count()`; 0 is the
    /// identity).
    fn symmetric_point(&self, s: usize, p: Point) -> Point {
        let _ = s;
        p
    }

    /// Writes the key of the position seen through each symmetry (`keys[s]` is the key the
    /// position would have if every stone stood on `symmetric_point(s, p)`; `keys[0] ==
    /// key()`) and returns `symmetry_count()`. Games keep these keys incrementally; the
    /// default recomputes nothing and only knows the identity.
    fn symmetric_keys(&self, keys: &mut [u64; MAX_SYMMETRIES]) -> usize {
        keys[0] = self.key();
        1
    }

    /// Level-0 knowledge of threat search (Suda, definition 13 and section 5.2):
    /// writes into `orders` (one entry per point, `orders.len() == num_points()`) the
    /// smallest `k` such that the point belongs to `EVS(Pos, player, k)`, the points that
    /// take part essentially in a win of `player` in at most `k` moves of `player` alone
    /// (the opponent passing), or [`NO_REGION`] when it belongs to none.
    ///
    /// Soundness only needs the answer to be a superset: writing a smaller order than the
    /// true one (or an order where the truth is [`NO_REGION`]) keeps every zone built on it
    /// sound, only bigger (lemma 9a). Writing a larger order than the truth is a bug. Occupied
    /// points are never in a region. The default is the coarsest sound answer: every empty
    /// point has order 1.
    fn evs_orders(&self, player: Player, orders: &mut [u8]) {
        let _ = player;
        for (p, order) in orders.iter_mut().enumerate() {
            *order = if self.is_empty(p as Point) {
                1
            } else {
                NO_REGION
            };
        }
    }
}

/// A game whose side to move may pass in a search (never in the real game), for the
/// null-move heuristic (the side to move gives up its turn and the opponent moves twice) and
/// for threat searches. The rules-only [`Game`] trait has no pass: every [`StoneGame`] passes
/// through `set_to_move` (blanket impl below); a game without a pass implements this trait
/// empty in its own module and keeps the default "cannot pass", which turns the null move off.
pub trait Pass: Game {
    /// True when [`Pass::pass`] may be called in this position.
    fn can_pass(&self) -> bool {
        false
    }

    /// Gives the turn to the opponent without a move. Changes the key.
    fn pass(&mut self) {}

    /// Takes back [`Pass::pass`].
    fn unpass(&mut self) {}
}

impl<G: StoneGame> Pass for G {
    fn can_pass(&self) -> bool {
        self.outcome().is_none()
    }

    fn pass(&mut self) {
        let other = self.to_move().opponent();
        self.set_to_move(other);
    }

    fn unpass(&mut self) {
        let other = self.to_move().opponent();
        self.set_to_move(other);
    }
}

/// What lambda search needs of a game: the rules, a pass (the defender gives up its turn in a
/// threat check), immediate wins (`Tactics`, the level-0 search; exact for stable games) and,
/// for stone games, the points of moves and the level-0 zones (EVS orders, definition 13).
///
/// Every [`StoneGame`] gets it through the blanket impl (zones are used when the game is
/// stable); a game without a pass implements it empty in its own module, and lambda search
/// refuses it (`check_supported` in `crate::search::lambda`).
pub trait LambdaGame: Game + Tactics + Pass {
    /// True when the game has a pass, so threat checks are possible.
    fn allows_pass(&self) -> bool {
        false
    }

    /// The number of board points when the game has relevance zones (stone games).
    fn zone_points(&self) -> Option<usize> {
        None
    }

    /// The point a move occupies (stone games), for zones and the history table.
    fn move_point(&self, mv: Self::Move) -> Option<Point> {
        let _ = mv;
        None
    }

    /// The EVS orders of `player` (definition 13), one per point: forwards to
    /// [`StoneGame::evs_orders`].
    fn evs(&self, player: Player, orders: &mut [u8]) {
        let _ = (player, orders);
    }

    /// A static order for moves the history table cannot tell apart (smaller first); the
    /// thesis leaves it open (5.3.2 starts from an empty table). Stone games try central
    /// points first: at the root of an empty board the history is empty, and the first
    /// attack tried decides most of the effort (7x7 k=4, dual-lambda: 143 thousand nodes
    /// centre first, 8 million in point order a1, b1, ...).
    fn move_rank(&self, mv: Self::Move) -> u32 {
        let _ = mv;
        0
    }

    /// The position's keys under the board's symmetries (`keys[0]` is [`Game::key`]); returns
    /// how many: forwards to [`StoneGame::symmetric_keys`]. The default knows the identity.
    fn symmetric_keys(&self, keys: &mut [u64; MAX_SYMMETRIES]) -> usize {
        keys[0] = self.key();
        1
    }

    /// The image of `mv` under symmetry `s` of [`LambdaGame::symmetric_keys`].
    fn symmetric_move(&self, s: usize, mv: Self::Move) -> Self::Move {
        let _ = s;
        mv
    }
}

impl<G: StoneGame + Tactics> LambdaGame for G {
    fn allows_pass(&self) -> bool {
        true
    }

    fn zone_points(&self) -> Option<usize> {
        Some(self.num_points())
    }

    fn move_point(&self, mv: Point) -> Option<Point> {
        Some(mv)
    }

    fn evs(&self, player: Player, orders: &mut [u8]) {
        self.evs_orders(player, orders);
    }

    fn symmetric_keys(&self, keys: &mut [u64; MAX_SYMMETRIES]) -> usize {
        StoneGame::symmetric_keys(self, keys)
    }

    fn symmetric_move(&self, s: usize, mv: Point) -> Point {
        self.symmetric_point(s, mv)
    }

    /// Twice the Chebyshev distance from the centre of the board (integers on odd and even
    /// sizes alike).
    fn move_rank(&self, mv: Point) -> u32 {
        let (columns, rows) = (self.columns() as i64, self.rows() as i64);
        let (x, y) = (mv as i64 % columns, mv as i64 / columns);
        let dx = (2 * x - (columns - 1)).unsigned_abs();
        let dy = (2 * y - (rows - 1)).unsigned_abs();
        dx.max(dy) as u32
    }
}

/// Names a point as in Go and checkers diagrams: column letter from `a` on the left, row
/// number from 1 at the bottom ("c3"). Columns skip nothing (unlike Go's missing `i`).
pub fn point_name(p: Point, columns: usize) -> String {
    let x = p as usize % columns;
    let y = p as usize / columns;
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// Parses a point name ("c3") on a `columns` x `rows` board.
pub fn parse_point(text: &str, columns: usize, rows: usize) -> Result<Point, String> {
    let text = text.trim();
    let mut chars = text.chars();
    let col = chars
        .next()
        .ok_or_else(|| "an empty coordinate; expected a letter and a number like c3".to_string())?;
    let rest = chars.as_str();
    if !col.is_ascii_lowercase() && !col.is_ascii_uppercase() {
        return Err(format!(
            "'{text}' is not a coordinate; expected a letter and a number like c3"
        ));
    }
    let x = (col.to_ascii_lowercase() as u8 - b'a') as usize;
    let y: usize = rest.parse().map_err(|_| {
        format!("'{text}' is not a coordinate; expected a letter and a number like c3")
    })?;
    if x >= columns || y == 0 || y > rows {
        let last = (b'a' + (columns - 1) as u8) as char;
        return Err(format!(
            "'{text}' is off the board; columns are a..{last}, rows 1..{rows}"
        ));
    }
    Ok((x + (y - 1) * columns) as Point)
}

/// Counts the move sequences of exactly `depth` plies from `game` (finished games end a
/// sequence early and are not counted past their end): the classic perft of chess programs,
/// used to pin move generation and play/undo. Allocates nothing.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 || game.outcome().is_some() {
        return u64::from(depth == 0);
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        game.play(mv);
        total += perft(game, depth - 1);
        game.undo(mv);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_names_round_trip() {
        for p in 0..(7 * 6) as Point {
            assert_eq!(parse_point(&point_name(p, 7), 7, 6), Ok(p));
        }
        assert_eq!(point_name(0, 6), "a1");
        assert_eq!(point_name(6 * 2 + 2, 6), "c3");
    }

    #[test]
    fn bad_points_are_explained() {
        assert!(
            parse_point("z1", 6, 6)
                .unwrap_err()
                .contains("off the board")
        );
        assert!(
            parse_point("a0", 6, 6)
                .unwrap_err()
                .contains("off the board")
        );
        assert!(
            parse_point("3c", 6, 6)
                .unwrap_err()
                .contains("not a coordinate")
        );
        assert!(parse_point("", 6, 6).unwrap_err().contains("empty"));
    }

    #[test]
    fn move_list_is_a_stack_list() {
        let mut list: MoveList<u16> = MoveList::new();
        assert!(list.is_empty());
        list.push(3);
        list.push(5);
        assert_eq!(list.as_slice(), &[3, 5]);
        assert!(list.contains(&5));
        list.truncate(1);
        assert_eq!(list.len(), 1);
    }

    #[test]
    fn stone_games_pass_and_take_it_back() {
        let mut g = crate::games::mnk::Mnk::new(3, 3, 3, false).unwrap();
        g.play(4);
        let key = g.key();
        assert!(g.can_pass());
        g.pass();
        assert_eq!(g.to_move(), Player::Black);
        assert_ne!(g.key(), key, "the side to move is part of the key");
        g.unpass();
        assert_eq!(g.to_move(), Player::White);
        assert_eq!(g.key(), key);
        let mut a = crate::games::atarigo::AtariGo::new(3, 3).unwrap();
        a.pass();
        assert_eq!(a.to_move(), Player::White);
        a.unpass();
        assert_eq!(
            a.key(),
            crate::games::atarigo::AtariGo::new(3, 3).unwrap().key()
        );
    }

    #[test]
    fn trees_cannot_pass() {
        let g = crate::games::tree::TreeGame::parse("(a 1 2)").unwrap();
        assert!(!g.can_pass());
    }
}
