//! Inferior cell analysis of Hex: dead, captured and vulnerable cells, and the moves they
//! prune, on boards with bitboards (up to 11x11).
//!
//! Sources (read for the ideas; nothing copied):
//! - R. Hayward, Y. Björnsson, M. Johanson, M. Kan, N. Po, J. van Rijswijck, "Solving 7x7
//!   Hex: virtual connections and game-state reduction", Advances in Computer Games 10
//!   (2003, published 2004); journal version "Solving 7x7 Hex with domination, fill-in, and
//!   virtual connections", Theoretical Computer Science 349 (2005): fill-in and domination.
//! - Y. Björnsson, R. Hayward, M. Johanson, J. van Rijswijck, "Dead cell analysis in Hex and
//!   the Shannon game", Graph Theory in Paris, Birkhäuser (2006): dead and captured cells,
//!   their local recognition, and the fact that recognising dead cells is NP-complete, hence
//!   local patterns only.
//! - P. Henderson, B. Arneson, R. Hayward, "Solving 8x8 Hex", IJCAI 2009: the inferior cell
//!   engine (fill-in iterated to a fixed point) of the 8x8 solver.
//! - P. Henderson, "Playing and solving the game of Hex", PhD thesis, University of Alberta
//!   (2010): the theory of inferior cells collected (dead, captured, vulnerable, dominated,
//!   reversible), which the definitions below follow.
//!
//! Notation: `X` is a player, `Y` the other one; `P + X(S)` is position `P` with `X` stones
//! added on the empty cells `S`. The *value* of a position is its winner with Black to move
//! and its winner with White to move (both are asked for). Hex is *monotone*: an extra stone
//! never hurts its owner, so `P + X(S)` is at least as good for `X` as `P`, for either side
//! to move (a strategy for `P` still works: the extra stones only add connections, and a move
//! the strategy asks for on a cell that is already `X` is replaced by any move).
//!
//! # Dead cells
//!
//! An empty cell `c` is *dead* when, in every completion of the board, the winner does not
//! depend on the colour of `c`. Then `P`, `P + B(c)` and `P + W(c)` have the same value:
//! `P + W(c) ≤ P ≤ P + B(c)` for Black by monotonicity, and a winning strategy in `P + B(c)`
//! wins in `P + W(c)` too (the same moves are legal in both and the final boards differ
//! only on `c`). Recognising dead cells is NP-complete (Björnsson et al., for the Shannon
//! game); here deadness is read off the cell's *ring*, its six neighbours in cyclic order `(1,0), (0,1), (-1,1), (-1,0), (0,-1),
//! (1,-1)` (consecutive entries are neighbours of each other).
//!
//! *Edges in the ring.* A neighbour off the board is a stone of the player whose edge it
//! lies on: off a row (below row 1, above row `n`) Black, off a column (left of `a`, right
//! of the last) White. The off-board neighbour of an obtuse corner that is off a row and a
//! column at once sits in the ring between a Black edge neighbour and a White one; it is
//! counted Black, which only lengthens that Black edge run and changes no run count (the
//! argument below only needs that each *run*, a maximal block of consecutive ring elements
//! of one colour, is connected: consecutive board cells are neighbours, a board cell next to
//! an off-board element lies on that edge, two consecutive off-board elements of one colour
//! lie on one edge).
//!
//! *Lemma (ring runs).* If the colour of `c` changes the winner of a full board, then the
//! ring of `c` holds at least two Black runs and at least two White runs. Proof: say Black
//! wins with `c` Black and White wins with `c` White. Black's winning path uses `c` and
//! enters and leaves it through two Black ring elements; if the Black elements of the ring
//! formed one run, they would be connected without `c`, and Black would also win with `c`
//! White. Same for White. ∎ So `c` is dead as soon as *no completion of its ring* has two
//! runs of each colour (the ring decides, whatever lies further away). The exhaustive test
//! `ring_patterns_are_exactly_the_local_criterion` checks that over all `3^6` rings this
//! criterion is exactly the union of three patterns (up to rotation, reflection and the
//! exchange of colours; `X` either player, `.` any content):
//!
//! 1. `X X X X . .` — four consecutive `X`: the other two elements are consecutive, so a
//!    completion has at most one run of `Y`.
//! 2. `X X X . Y .` — three consecutive `X` and a `Y` opposite the middle one: two `Y` runs
//!    would need both free elements `Y` and the opposite one `X`.
//! 3. `X X . Y Y .` — two `X` pairs facing two `Y` pairs: each free element joins the run on
//!    one side or the other, so a completion is one `X` run and one `Y` run.
//!
//! These are the three basic death patterns of the papers (4, 3-1 and 2-2 neighbours).
//! Bigger dead patterns (a second ring, clique cutsets, Benzene's `dead-3--3` family) are
//! not recognised directly; some of them arise here through the fill-in below.
//!
//! # Captured cells
//!
//! A set `C` of empty cells is *`X`-captured* when `X` has a second-player strategy inside
//! `C` after which every cell of `C` is `X` or dead; then `P` and `P + X(C)` have the same
//! value (monotonicity one way; the other way `X` plays the strategy of `P + X(C)` outside
//! `C` and answers every `Y` move in `C` inside `C`, and the final board is worth the one
//! with `C` all `X`). The patterns used are *pairs* `{p, q}` of neighbouring empty cells
//! where `p` is dead once `q` is `X` and `q` is dead once `p` is `X`, both by the ring test:
//! `X` answers `Y`'s move on one cell on the other one, and `Y`'s stone is then dead. This
//! one test finds the captured pairs of the papers whose proof is of that form, such as the
//! captured bridge to the edge (two empty edge cells under an `X` stone on the second row:
//! with one of them `X`, the other sees four `X` in a row) and the two cells between `X`
//! stones met by `Y` stones on the far side (Benzene's `capt-*` patterns). Captured sets
//! whose strategy takes more than one answer are left out.
//!
//! # Fill-in, iterated
//!
//! The analysis fills in, one step after another: all cells that are dead in the current
//! position (each with a colour chosen below), else all `X`-captured pairs for one player
//! `X` at a time, until nothing changes. Each step keeps the value, so the final position
//! `Q` is worth `P`. The patterns are *monotone*: a stone added on a cell outside a pattern's
//! cells keeps a dead ring dead (fewer completions) and a captured pair captured. Hence:
//!
//! - the steps found at once do not spoil each other (a second dead cell or disjoint pair
//!   stays one after the first is filled; two `X` pairs sharing a cell `q` leave the other
//!   cell dead once `q` is `X`);
//! - a claim made at step `i` holds for `P` itself, not only for the position of step `i`:
//!   for a cell `d` dead at step `i`, every earlier step is still valid in `P + B(d)` and in
//!   `P + W(d)`, so both reach the position of step `i` plus `d`, which is worth `P`; the
//!   union of `X`'s captured cells, filled in `P`, lets every other step run as before and
//!   ends in the same `Q`.
//!
//! Dead cells are filled with the colour of the pattern's majority (patterns 1 and 2), and
//! Black for pattern 3, so that the stone can serve later patterns.
//!
//! # Vulnerable cells
//!
//! In the filled-in position `Q`, an empty cell `c` is *vulnerable for `X`* with *killer*
//! `k` (an empty neighbour of `c`) when `c` is dead in `Q + Y(k)` by the ring test: if `X`
//! plays `c`, `Y` answers `k` and `X`'s stone is worth nothing. The test is the one of
//! captured pairs with the other colour on the neighbour (Benzene's vulnerable patterns of
//! one ring; killers further away are not looked for).
//!
//! # Pruning
//!
//! Let `F` be the filled cells (dead and captured), `V` the cells vulnerable for the side
//! to move `X`, and `X` win `P`. Then `X` wins `Q`.
//!
//! 1. *A winning move of `Q` wins `P`.* It is empty in `Q`, so outside `F`, and every
//!    fill-in step stays valid in `P + X(m)`, which is therefore worth `Q + X(m)`.
//! 2. *If every winning move of `Q` is vulnerable, every move of `Q` wins.* Take a winning
//!    `c1` with killer `k1`: `X` wins `Q + X(c1) + Y(k1)`, where `c1` is dead, so `X` wins
//!    `Q1 = Q + Y(c1) + Y(k1)` moving first. The winning moves of `Q1` win `Q` (`Q1` only
//!    adds `Y` stones), so they are vulnerable in `Q`; by monotonicity each is still
//!    vulnerable in `Q1` with the same killer, or dead there if the killer is already
//!    `Y`. Repeat with `Q2, Q3, …`: the empty cells shrink, and `Qi` cannot be finished
//!    (`X` would be joined in `Q`), so at some `Qi` `X` wins by a dead move, that is with
//!    `Y` to move. Every position `Q + X(x)` is better for `X` than `Qi` with `Y` to move,
//!    so every move `x` of `Q` wins.
//! 3. *Keeping one move suffices.* If `Q` is already won, by `X` every move wins (it wins
//!    with `Y` to move), by `Y` none does. Otherwise, by 1 and 2, some winning move lies
//!    outside `F ∪ V`, or every move outside `F` wins. So [`Hex::drop_inferior_moves`]
//!    drops `F ∪ V` and, if that is every move, keeps the first move outside `F`, or the
//!    first move when all are in `F` (then `Q` is full, so won).
//!
//! In words: a move on a dead cell is a pass in disguise, one on a captured cell a move
//! the fill-in has already made, one on a vulnerable cell a pass once the killer answers.
//!
//! Left out: killers further than one ring, dominated, reversible and permanently
//! inferior cells, mutual fill-in, captured sets larger than a pair, and dead cells only a
//! second ring or a clique cutset shows.
//!
//! The analysis allocates nothing: a few dozen bitboard operations per fill-in round.

use super::Hex;
use super::bits::Masks;
use crate::game::{MoveList, Player, Point};

/// Why a move is dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InferiorReason {
    /// The cell is dead: its colour never changes the winner, a move there is a pass.
    Dead,
    /// The cell is captured by this player: filling it for them keeps the value.
    CapturedBy(Player),
    /// A stone of the side to move there dies when the other player answers on `killer`.
    Vulnerable { killer: Point },
}

#[cfg_attr(
    not(test),
    allow(
        dead_code,
        reason = "the explorer shows it once the lead engineer wires it in"
    )
)]
impl InferiorReason {
    /// A short name for users: `dead`, `captured by Black`, `captured by White`,
    /// `vulnerable` (the killer is shown by the caller, in the game's notation).
    pub fn name(self) -> &'static str {
        match self {
            InferiorReason::Dead => "dead",
            InferiorReason::CapturedBy(Player::Black) => "captured by Black",
            InferiorReason::CapturedBy(Player::White) => "captured by White",
            InferiorReason::Vulnerable { .. } => "vulnerable",
        }
    }
}

/// The inferior cells of a position (module doc).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InferiorCells {
    /// Empty cells proven dead: their colour never changes the winner.
    pub dead: u128,
    /// Empty cells captured by each player (index `Player::index()`): filling them all with
    /// that player's stones keeps the value of the position for both sides to move.
    pub captured: [u128; 2],
    /// The stones the fill-in added for each player: the captured cells and the dead ones
    /// with the colour chosen for them. Adding all of them keeps the value too.
    pub fill_in: [u128; 2],
    /// `vulnerable[x][k]`: the empty cells (neither dead nor captured) where a stone of
    /// player `x` is dead once the other player answers on the neighbour in ring direction
    /// `k` (the killer), in the filled-in position.
    pub vulnerable: [[u128; 6]; 2],
    /// Board side, to name killers.
    size: usize,
}

impl InferiorCells {
    /// Every dead or captured cell.
    #[inline]
    pub fn all(&self) -> u128 {
        self.dead | self.captured[0] | self.captured[1]
    }

    /// The cells vulnerable for `player` (any killer).
    #[inline]
    pub fn vulnerable_for(&self, player: Player) -> u128 {
        self.vulnerable[player.index()]
            .iter()
            .fold(0, |a, &b| a | b)
    }

    /// Why a move of `mover` on the cell `p` is inferior, if it is.
    #[inline]
    pub fn reason(&self, p: Point, mover: Player) -> Option<InferiorReason> {
        let bit = 1u128 << p;
        if self.dead & bit != 0 {
            return Some(InferiorReason::Dead);
        }
        if self.captured[0] & bit != 0 {
            return Some(InferiorReason::CapturedBy(Player::Black));
        }
        if self.captured[1] & bit != 0 {
            return Some(InferiorReason::CapturedBy(Player::White));
        }
        let k = self.vulnerable[mover.index()]
            .iter()
            .position(|&cells| cells & bit != 0)?;
        let (dx, dy) = RING[k];
        let killer = p as isize + dx + dy * self.size as isize;
        Some(InferiorReason::Vulnerable {
            killer: killer as Point,
        })
    }
}

/// For each ring direction and each player (`[player][k]`): the cells whose neighbour in
/// direction `k` is that player's stone or edge.
type Rings = [[u128; 6]; 2];

/// Ring directions in cyclic order; direction `k + 3` is the opposite of `k`.
const RING: [(isize, isize); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The constant bitboards of one board size that the ring needs.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    n: u32,
    board: u128,
    not_first_column: u128,
    not_last_column: u128,
    /// `edge[player][k]`: the cells whose neighbour in direction `k` is off the board and
    /// counted as `player`'s (module doc, edges in the ring).
    edge: Rings,
}

impl Geometry {
    fn new(masks: &Masks, size: usize) -> Geometry {
        let board = masks.board();
        let first_row = masks.edge(Player::Black, false);
        let last_row = masks.edge(Player::Black, true);
        let first_column = masks.edge(Player::White, false);
        let last_column = masks.edge(Player::White, true);
        // Off a row: Black, also at the two obtuse corners' doubly-off neighbours; off a
        // column only: White.
        let black = [0, last_row, last_row, 0, first_row, first_row];
        let white = [
            last_column,
            0,
            first_column & !last_row,
            first_column,
            0,
            last_column & !first_row,
        ];
        Geometry {
            n: size as u32,
            board,
            not_first_column: board & !first_column,
            not_last_column: board & !last_column,
            edge: [black, white],
        }
    }

    /// `{p + d_k : p ∈ set}`, on the board.
    #[inline]
    fn toward(&self, set: u128, k: usize) -> u128 {
        let n = self.n;
        let moved = match k {
            0 => (set << 1) & self.not_first_column,
            1 => set << n,
            2 => (set << (n - 1)) & self.not_last_column,
            3 => (set >> 1) & self.not_last_column,
            4 => set >> n,
            _ => (set >> (n - 1)) & self.not_first_column,
        };
        moved & self.board
    }

    /// `{p : p + d_k ∈ set}`: the cells whose neighbour in direction `k` is in `set`.
    #[inline]
    fn from(&self, set: u128, k: usize) -> u128 {
        self.toward(set, (k + 3) % 6)
    }

    /// The rings of every cell, given each player's stones.
    #[inline]
    fn rings(&self, stones: [u128; 2]) -> Rings {
        let mut rings = self.edge;
        for (player, ring) in rings.iter_mut().enumerate() {
            for (k, cells) in ring.iter_mut().enumerate() {
                *cells |= self.from(stones[player], k);
            }
        }
        rings
    }
}

/// The cells whose ring matches pattern 1 (`Z Z Z Z . .`) or 2 (`Z Z Z . O .`) with `z`
/// the colour of the run.
#[inline]
fn dead_led_by(rings: &Rings, z: usize) -> u128 {
    let (mine, theirs) = (&rings[z], &rings[1 - z]);
    let mut out = 0;
    for k in 0..6 {
        out |= mine[k]
            & mine[(k + 1) % 6]
            & mine[(k + 2) % 6]
            & (mine[(k + 3) % 6] | theirs[(k + 4) % 6]);
    }
    out
}

/// The cells whose ring matches pattern 3 (`B B . W W .`).
#[inline]
fn dead_split(rings: &Rings) -> u128 {
    let (black, white) = (&rings[0], &rings[1]);
    let mut out = 0;
    for k in 0..6 {
        out |= black[k] & black[(k + 1) % 6] & white[(k + 3) % 6] & white[(k + 4) % 6];
    }
    out
}

/// The cells whose ring is dead (any of the three patterns).
#[inline]
fn dead(rings: &Rings) -> u128 {
    dead_led_by(rings, 0) | dead_led_by(rings, 1) | dead_split(rings)
}

/// For each direction `k`, the empty cells `p` that are dead once their empty neighbour
/// `p + d_k` is `x`'s (and not dead before, when the position has no dead cell).
fn dead_with_neighbour(geo: &Geometry, stones: [u128; 2], x: usize) -> [u128; 6] {
    let empty = geo.board & !(stones[0] | stones[1]);
    let rings = geo.rings(stones);
    let mut dead_with = [0u128; 6];
    for (k, cells) in dead_with.iter_mut().enumerate() {
        let next_empty = geo.from(empty, k);
        let mut with = rings;
        with[x][k] |= next_empty;
        *cells = dead(&with) & empty & next_empty;
    }
    dead_with
}

/// The cells of `x`'s captured pairs in the position `stones` (module doc).
fn captured_pairs(geo: &Geometry, stones: [u128; 2], x: usize) -> u128 {
    // Step 1: for each direction k, the empty cells p that are dead once their (empty)
    // neighbour p + d_k is x's.
    let dead_with = dead_with_neighbour(geo, stones, x);
    // Step 2: pairs {p, p + d_k} where each is dead once the other is x's.
    let mut cells = 0;
    for k in 0..3 {
        let pairs = dead_with[k] & geo.from(dead_with[k + 3], k);
        cells |= pairs | geo.toward(pairs, k);
    }
    cells
}

/// The fill-in of the position `stones` iterated to a fixed point (module doc).
fn analyse(geo: &Geometry, mut stones: [u128; 2]) -> InferiorCells {
    let mut out = InferiorCells {
        size: geo.n as usize,
        ..InferiorCells::default()
    };
    loop {
        let empty = geo.board & !(stones[0] | stones[1]);
        if empty == 0 {
            break;
        }
        // Step 1: every dead cell, filled with its pattern's majority colour.
        let rings = geo.rings(stones);
        let black_led = dead_led_by(&rings, 0) & empty;
        let white_led = dead_led_by(&rings, 1) & empty & !black_led;
        let split = dead_split(&rings) & empty & !black_led & !white_led;
        let dead = black_led | white_led | split;
        if dead != 0 {
            out.dead |= dead;
            out.fill_in[0] |= black_led | split;
            out.fill_in[1] |= white_led;
            stones[0] |= black_led | split;
            stones[1] |= white_led;
            continue;
        }
        // Step 2: the captured pairs of one player, then back to the dead cells.
        let mut changed = false;
        for x in 0..2 {
            let cells = captured_pairs(geo, stones, x);
            if cells != 0 {
                out.captured[x] |= cells;
                out.fill_in[x] |= cells;
                stones[x] |= cells;
                changed = true;
                break;
            }
        }
        if !changed {
            break;
        }
    }
    // Step 3: in the filled-in position (no dead cell left), the cells where a stone of x
    // is dead once the other player takes a neighbour: vulnerable for x.
    for x in 0..2 {
        out.vulnerable[x] = dead_with_neighbour(geo, stones, 1 - x);
    }
    out
}

impl Hex {
    /// Local-pattern inferior cell analysis of this position (module doc); `None` on boards
    /// without bitboards (over 11x11).
    pub(super) fn inferior_cells(&self) -> Option<InferiorCells> {
        let masks = self.tables.masks.as_ref()?;
        let geo = Geometry::new(masks, self.tables.size);
        Some(analyse(&geo, self.stone_bits))
    }

    /// Drops from `moves` (moves of the side to move that hold every winning move, such as
    /// all legal moves) the dead, captured and vulnerable cells: if the side to move has a
    /// winning move at all, one of the kept moves wins (module doc, pruning). Never drops
    /// every move: when all are inferior it keeps the first that is neither dead nor
    /// captured, else the first. Calls `reason(p, why)` for each dropped move, in list
    /// order, and returns how many were dropped. Keeps the order of the kept moves; drops
    /// nothing on boards over 11x11.
    pub(super) fn drop_inferior_moves(
        &self,
        moves: &mut MoveList<Point>,
        mut reason: impl FnMut(Point, InferiorReason),
    ) -> usize {
        let Some(cells) = self.inferior_cells() else {
            return 0;
        };
        let mover = self.to_move;
        let filled = cells.all();
        let inferior = filled | cells.vulnerable_for(mover);
        let is = |set: u128, m: Point| set >> m & 1 == 1;
        // The move kept when every move is inferior (module doc, pruning).
        let fallback = if moves.iter().all(|&m| is(inferior, m)) {
            moves.iter().position(|&m| !is(filled, m)).or(Some(0))
        } else {
            None
        };
        let mut kept = 0;
        let len = moves.len();
        let list = moves.as_mut_slice();
        for i in 0..len {
            let m = list[i];
            match cells.reason(m, mover) {
                Some(why) if fallback != Some(i) => reason(m, why),
                _ => {
                    list[kept] = m;
                    kept += 1;
                }
            }
        }
        moves.truncate(kept);
        len - kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, StoneGame};
    use rustc_hash::FxHashMap;
    use std::time::Instant;

    /// Exhaustive Hex solver on bitboards, any stones and either side to move.
    struct Solver {
        masks: Masks,
        memo: FxHashMap<(u128, u128, bool), bool>,
    }

    impl Solver {
        fn new(size: usize) -> Solver {
            Solver {
                masks: Masks::new(size),
                memo: FxHashMap::default(),
            }
        }

        /// True when `player`'s stones join `player`'s edges (flood fill).
        fn connected(&self, stones: u128, player: Player) -> bool {
            let mut reach = stones & self.masks.edge(player, false);
            loop {
                let next = (reach | self.masks.neighbours(reach)) & stones;
                if next == reach {
                    return reach & self.masks.edge(player, true) != 0;
                }
                reach = next;
            }
        }

        /// True when `mover` wins the position `stones` with `mover` to move.
        fn wins(&mut self, stones: [u128; 2], mover: Player) -> bool {
            let (me, them) = (mover.index(), mover.opponent().index());
            if self.connected(stones[them], mover.opponent()) {
                return false;
            }
            if self.connected(stones[me], mover) {
                return true;
            }
            let key = (stones[0], stones[1], mover == Player::White);
            if let Some(&v) = self.memo.get(&key) {
                return v;
            }
            let mut empty = self.masks.board() & !(stones[0] | stones[1]);
            let mut win = false;
            while empty != 0 {
                let bit = empty & empty.wrapping_neg();
                empty &= !bit;
                let mut next = stones;
                next[me] |= bit;
                if !self.wins(next, mover.opponent()) {
                    win = true;
                    break;
                }
            }
            self.memo.insert(key, win);
            win
        }

        /// The winner with Black to move and with White to move.
        fn value(&mut self, stones: [u128; 2]) -> [bool; 2] {
            [
                self.wins(stones, Player::Black),
                self.wins(stones, Player::White),
            ]
        }
    }

    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// A position with the given stones and side to move (any stone counts).
    fn position(size: usize, stones: [u128; 2], to_move: Player) -> Hex {
        let mut g = Hex::new(size).unwrap();
        for (i, player) in [Player::Black, Player::White].into_iter().enumerate() {
            let mut set = stones[i];
            while set != 0 {
                g.put(set.trailing_zeros() as Point, player);
                set &= set - 1;
            }
        }
        g.set_to_move(to_move);
        g
    }

    fn stones_of(g: &Hex) -> [u128; 2] {
        g.stone_bits
    }

    /// Places stones from notation: `("b2", Black)`.
    fn board(size: usize, stones: &[(&str, Player)]) -> Hex {
        let mut g = Hex::new(size).unwrap();
        for &(name, player) in stones {
            let p = g.parse_move(name).unwrap();
            g.put(p, player);
        }
        g
    }

    fn bits(g: &Hex, names: &[&str]) -> u128 {
        names
            .iter()
            .map(|name| 1u128 << g.parse_move(name).unwrap())
            .fold(0, |a, b| a | b)
    }

    /// The local criterion by brute force: no completion of the ring (bit `k` of `black`,
    /// `white`: element `k` is that colour) has two runs of each colour.
    fn ring_dead_by_brute_force(black: u32, white: u32) -> bool {
        let free = 0x3f & !(black | white);
        let runs = |set: u32| {
            (0..6)
                .filter(|&k| set >> k & 1 == 1 && set >> ((k + 5) % 6) & 1 == 0)
                .count()
        };
        let mut sub = free;
        loop {
            let b = black | sub;
            let w = 0x3f & !b;
            if runs(b) >= 2 && runs(w) >= 2 {
                return false;
            }
            if sub == 0 {
                return true;
            }
            sub = (sub - 1) & free;
        }
    }

    #[test]
    fn ring_patterns_are_exactly_the_local_criterion() {
        let (mut dead_count, mut total) = (0, 0);
        for black in 0u32..64 {
            for white in 0u32..64 {
                if black & white != 0 {
                    continue;
                }
                total += 1;
                let ring = |set: u32| std::array::from_fn(|k| u128::from(set >> k & 1));
                let rings: Rings = [ring(black), ring(white)];
                let by_patterns = dead(&rings) & 1 == 1;
                let brute = ring_dead_by_brute_force(black, white);
                assert_eq!(
                    by_patterns, brute,
                    "ring black {black:06b} white {white:06b}"
                );
                dead_count += usize::from(brute);
            }
        }
        assert_eq!(total, 729);
        // Not a vacuous criterion: some rings are dead, most are not.
        assert!(dead_count > 50 && dead_count < 400, "{dead_count}");
    }

    #[test]
    fn rings_match_the_neighbour_rule_with_edges() {
        // Slow ring: element k of (x, y) from coordinates, edges as in the module doc.
        let mut seed = 0x0123_4567_89ab_cdefu64;
        for size in 1..=11usize {
            let masks = Masks::new(size);
            let geo = Geometry::new(&masks, size);
            for _ in 0..20 {
                let mut stones = [0u128; 2];
                for p in 0..size * size {
                    match next(&mut seed) % 3 {
                        0 => stones[0] |= 1 << p,
                        1 => stones[1] |= 1 << p,
                        _ => {}
                    }
                }
                let rings = geo.rings(stones);
                let n = size as isize;
                for p in 0..size * size {
                    let (x, y) = ((p % size) as isize, (p / size) as isize);
                    for (k, (dx, dy)) in RING.into_iter().enumerate() {
                        let (a, b) = (x + dx, y + dy);
                        let off_row = !(0..n).contains(&b);
                        let off_column = !(0..n).contains(&a);
                        let expected = if off_row {
                            Some(0)
                        } else if off_column {
                            Some(1)
                        } else {
                            let q = (a + b * n) as usize;
                            (0..2).find(|&i| stones[i] >> q & 1 == 1)
                        };
                        for (player, ring) in rings.iter().enumerate() {
                            assert_eq!(
                                ring[k] >> p & 1 == 1,
                                expected == Some(player),
                                "size {size} point {p} direction {k}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_corner_next_to_a_stone_on_its_column_is_dead() {
        // a1 with White a2: a Black a1 only touches row 1 and b1 (on row 1 already), a
        // White a1 only joins a2 to column a (a2 is on it). Empty around, a1 lives.
        let g = board(4, &[("a2", Player::White)]);
        let cells = g.inferior_cells().unwrap();
        assert_ne!(cells.dead & bits(&g, &["a1"]), 0);
        let g = Hex::new(4).unwrap();
        assert_eq!(g.inferior_cells().unwrap().dead & bits(&g, &["a1"]), 0);
    }

    #[test]
    fn the_bridge_to_the_edge_is_captured() {
        // Black c2 on 5x5: c1 and d1 (its two neighbours on row 1) are Black's.
        let g = board(5, &[("c2", Player::Black)]);
        let cells = g.inferior_cells().unwrap();
        let pair = bits(&g, &["c1", "d1"]);
        assert_eq!(cells.captured[0] & pair, pair, "{:#x}", cells.captured[0]);
        // White's version: White b3 on 5x5 takes a3 and a4.
        let g = board(5, &[("b3", Player::White)]);
        let cells = g.inferior_cells().unwrap();
        let pair = bits(&g, &["a3", "a4"]);
        assert_eq!(cells.captured[1] & pair, pair, "{:#x}", cells.captured[1]);
    }

    #[test]
    fn a_pair_between_four_stones_is_captured() {
        // White c2, d2, e2 below and c4 above the pair c3 d3 (Benzene's capt-1-3): with
        // either cell White, the other sees four White neighbours in a row.
        let g = board(
            5,
            &[
                ("c2", Player::White),
                ("d2", Player::White),
                ("e2", Player::White),
                ("c4", Player::White),
            ],
        );
        let cells = g.inferior_cells().unwrap();
        let pair = bits(&g, &["c3", "d3"]);
        assert_eq!(cells.captured[1] & pair, pair, "{:#x}", cells.captured[1]);
    }

    #[test]
    fn the_acute_corner_is_vulnerable_on_an_empty_board() {
        // a1 is dead once White has a2 (three White neighbours a2 and column a's two,
        // Black's row 1 opposite), and once Black has b1.
        let mut g = Hex::new(4).unwrap();
        let a1 = g.parse_move("a1").unwrap();
        let cells = g.inferior_cells().unwrap();
        assert_eq!(cells.all(), 0);
        let a2 = g.parse_move("a2").unwrap();
        let b1 = g.parse_move("b1").unwrap();
        assert_eq!(
            cells.reason(a1, Player::Black),
            Some(InferiorReason::Vulnerable { killer: a2 })
        );
        assert_eq!(
            cells.reason(a1, Player::White),
            Some(InferiorReason::Vulnerable { killer: b1 })
        );
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        let mut dropped = Vec::new();
        g.drop_inferior_moves(&mut moves, |p, why| dropped.push((p, why)));
        assert!(dropped.contains(&(a1, InferiorReason::Vulnerable { killer: a2 })));
        assert!(!moves.contains(&a1));
        g.set_to_move(Player::White);
        g.legal_moves(&mut moves);
        g.drop_inferior_moves(&mut moves, |_, _| {});
        assert!(!moves.contains(&a1));
        assert_eq!(
            InferiorReason::Vulnerable { killer: a2 }.name(),
            "vulnerable"
        );
        assert_eq!(InferiorReason::Dead.name(), "dead");
        assert_eq!(
            InferiorReason::CapturedBy(Player::White).name(),
            "captured by White"
        );
    }

    #[test]
    fn drop_keeps_the_order_of_the_kept_moves() {
        let mut g = board(5, &[("c2", Player::Black)]);
        g.set_to_move(Player::White);
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        let before = moves.clone();
        let mut seen = Vec::new();
        let dropped = g.drop_inferior_moves(&mut moves, |p, why| seen.push((p, why)));
        assert_eq!(dropped, seen.len());
        assert_eq!(moves.len() + dropped, before.len());
        assert!(seen.contains(&(
            g.parse_move("c1").unwrap(),
            InferiorReason::CapturedBy(Player::Black)
        )));
        let kept: Vec<Point> = before
            .iter()
            .copied()
            .filter(|p| !seen.iter().any(|s| s.0 == *p))
            .collect();
        assert_eq!(moves.as_slice(), kept.as_slice());
    }

    /// A random unfinished position of `size` with at most `empties` empty cells: stones
    /// alternate colours, or (every other position) take random colours.
    fn random_stones(size: usize, empties: usize, seed: &mut u64) -> Option<[u128; 2]> {
        let points = size * size;
        let mut stones = [0u128; 2];
        let alternate = next(seed).is_multiple_of(2);
        // Between `points - empties` (and 1) and `points - 1` stones.
        let least = points.saturating_sub(empties).max(1);
        let count = least + (next(seed) as usize % (points - least));
        let mut placed = 0;
        while placed < count {
            let p = (next(seed) % points as u64) as usize;
            if (stones[0] | stones[1]) >> p & 1 == 1 {
                continue;
            }
            let player = if alternate {
                placed % 2
            } else {
                (next(seed) % 2) as usize
            };
            stones[player] |= 1 << p;
            placed += 1;
        }
        let solver = Solver::new(size);
        let over = solver.connected(stones[0], Player::Black)
            || solver.connected(stones[1], Player::White);
        (!over).then_some(stones)
    }

    #[test]
    fn claims_agree_with_exhaustive_search_on_random_positions() {
        let start = Instant::now();
        let mut seed = 0x1f2e_3d4c_5b6a_7980u64;
        let (mut dead_claims, mut captured_claims, mut dropped_moves) = (0usize, 0usize, 0usize);
        let (mut vulnerable_claims, mut vulnerable_drops) = (0usize, 0usize);
        let mut fallbacks = 0usize;
        let mut positions = 0usize;
        let mut moves = MoveList::new();
        for size in 2..=5usize {
            let mut solver = Solver::new(size);
            let rounds = [0, 0, 200, 400, 500, 700][size];
            for _ in 0..rounds {
                let Some(stones) = random_stones(size, 12, &mut seed) else {
                    continue;
                };
                positions += 1;
                let g = position(size, stones, Player::Black);
                assert_eq!(stones_of(&g), stones);
                let cells = g.inferior_cells().unwrap();
                let value = solver.value(stones);
                let show = |g: &Hex| g.diagram();
                // Dead cells: either colour keeps the value.
                let mut dead = cells.dead;
                while dead != 0 {
                    let bit = dead & dead.wrapping_neg();
                    dead &= !bit;
                    dead_claims += 1;
                    for z in 0..2 {
                        let mut with = stones;
                        with[z] |= bit;
                        assert_eq!(
                            solver.value(with),
                            value,
                            "cell {} claimed dead, colour {z}:\n{}",
                            g.format_move(bit.trailing_zeros() as Point),
                            show(&g)
                        );
                    }
                }
                // Captured cells: each player's whole set filled keeps the value.
                for x in 0..2 {
                    if cells.captured[x] == 0 {
                        continue;
                    }
                    assert_eq!(cells.captured[x] & stones[0] & stones[1], 0);
                    captured_claims += 1;
                    let mut with = stones;
                    with[x] |= cells.captured[x];
                    assert_eq!(
                        solver.value(with),
                        value,
                        "captured for {x}: {:#x}\n{}",
                        cells.captured[x],
                        show(&g)
                    );
                }
                // Vulnerable cells: after the killer, a stone of either colour on the cell
                // gives the value of the position with the killer alone.
                for x in [Player::Black, Player::White] {
                    for k in 0..6 {
                        let mut vulnerable = cells.vulnerable[x.index()][k];
                        assert_eq!(vulnerable & cells.all(), 0);
                        while vulnerable != 0 {
                            let p = vulnerable.trailing_zeros() as Point;
                            vulnerable &= vulnerable - 1;
                            vulnerable_claims += 1;
                            let Some(InferiorReason::Vulnerable { killer }) = cells.reason(p, x)
                            else {
                                panic!("no killer for {p}");
                            };
                            assert!(g.neighbours(p).any(|q| q == killer));
                            let mut after = stones;
                            after[x.opponent().index()] |= 1 << killer;
                            let base = solver.value(after);
                            for z in 0..2 {
                                let mut with = after;
                                with[z] |= 1 << p;
                                assert_eq!(
                                    solver.value(with),
                                    base,
                                    "{} vulnerable for {x}, killer {}:\n{}",
                                    g.format_move(p),
                                    g.format_move(killer),
                                    show(&g)
                                );
                            }
                        }
                    }
                }
                // The whole fill-in keeps the value.
                let filled = [stones[0] | cells.fill_in[0], stones[1] | cells.fill_in[1]];
                assert_eq!(solver.value(filled), value, "fill-in\n{}", show(&g));
                // Dropped moves: a winner keeps a winning move.
                for mover in [Player::Black, Player::White] {
                    let g = position(size, stones, mover);
                    g.legal_moves(&mut moves);
                    let all = moves.len();
                    let every_one_inferior =
                        moves.iter().all(|&m| cells.reason(m, mover).is_some());
                    let dropped = g.drop_inferior_moves(&mut moves, |p, why| {
                        assert_eq!(cells.reason(p, mover), Some(why));
                        if matches!(why, InferiorReason::Vulnerable { .. }) {
                            vulnerable_drops += 1;
                        }
                    });
                    assert_eq!(moves.len() + dropped, all);
                    assert!(!moves.is_empty());
                    if every_one_inferior {
                        assert_eq!(moves.len(), 1);
                        fallbacks += 1;
                    }
                    dropped_moves += dropped;
                    if value[mover.index()] {
                        let wins = moves.iter().any(|&m| {
                            let mut with = stones;
                            with[mover.index()] |= 1 << m;
                            !solver.wins(with, mover.opponent())
                        });
                        assert!(
                            wins,
                            "{mover} to move wins but no kept move does\n{}",
                            show(&g)
                        );
                    }
                }
            }
        }
        let elapsed = start.elapsed();
        eprintln!(
            "positions {positions}: dead cells {dead_claims}, captured sets {captured_claims}, \
             vulnerable cells {vulnerable_claims}, moves dropped {dropped_moves} \
             ({vulnerable_drops} vulnerable), {fallbacks} lists all inferior, in {elapsed:?}"
        );
        assert!(vulnerable_claims > 300, "{vulnerable_claims}");
        assert!(vulnerable_drops > 300, "{vulnerable_drops}");
        assert!(fallbacks > 20, "{fallbacks}");
        assert!(dead_claims > 300, "{dead_claims}");
        assert!(captured_claims > 300, "{captured_claims}");
        assert!(dropped_moves > 1000, "{dropped_moves}");
    }
}
