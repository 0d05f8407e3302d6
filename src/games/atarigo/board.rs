//! The incremental AtariGo board for boards of up to `N = 64 * W` points.
//!
//! Chains are union-find trees over the stones (union by size, no path compression, so a
//! `find` takes at most log2(stones) steps and every union is undone by resetting one parent
//! pointer). The root of a chain holds its liberties as a point set ([`Bits`]) and its size.
//! Because AtariGo ends at the first capture (Suda, *Efficient algorithms for verifying goals
//! in computer games*, section 2.1), stones are never removed while the game goes on: a move only
//! merges the mover's neighbouring chains and takes one liberty from the opponent's neighbouring
//! chains, and undo reverses exactly that from a small record. Nothing is allocated: the records
//! live in a fixed array (a game has at most one move per point).
//!
//! Alongside the chains the board keeps the set of chain roots whose chain has exactly one
//! liberty (`atari`), so the immediate wins of either side (the last liberty of an opponent
//! chain in atari) are found in time proportional to the chains in atari.

use super::bits::{Bits, Few};
use crate::game::{MAX_SYMMETRIES, Outcome, Player, Point};

mod evs;
mod one_ply;

/// Padding in the neighbour table: "no neighbour".
const NO_POINT: Point = Point::MAX;

/// What a move changed, enough to undo it.
#[derive(Clone, Copy)]
struct Record<const W: usize> {
    /// The point played.
    point: Point,
    /// Who placed the stone.
    player: Player,
    /// The outcome before the move (always `None` in a game played by the rules).
    outcome_before: Option<Outcome>,
    /// Root of the mover's chain after the move (`point` itself when it joined nothing).
    root: Point,
    /// Size and liberties of `root` before the move (when `root != point`).
    root_size_before: u16,
    root_libs_before: Bits<W>,
    /// Roots of the other own chains that were linked under `root`, padded with `NO_POINT`.
    merged: [Point; 4],
    /// Roots of the opponent chains that lost the liberty `point`, padded with `NO_POINT`.
    touched: [Point; 4],
}

impl<const W: usize> Record<W> {
    const BLANK: Self = Record {
        point: NO_POINT,
        player: Player::Black,
        outcome_before: None,
        root: NO_POINT,
        root_size_before: 0,
        root_libs_before: Bits::EMPTY,
        merged: [NO_POINT; 4],
        touched: [NO_POINT; 4],
    };
}

/// Board state with incremental chains and liberties. `W` words per point set, `N = 64 * W`
/// entries per point table (`N` is a separate parameter because stable Rust cannot size an
/// array by `64 * W`).
#[derive(Clone)]
pub(super) struct Board<const W: usize, const N: usize> {
    columns: usize,
    rows: usize,
    points: usize,
    /// Orthogonal neighbours of each point, padded with `NO_POINT`.
    neighbours: [[Point; 4]; N],
    cell: [Option<Player>; N],
    /// Union-find parent of each stone; a root is its own parent.
    parent: [Point; N],
    /// Stones in the chain (valid at roots).
    size: [u16; N],
    /// Liberties of the chain (valid at roots).
    libs: [Bits<W>; N],
    stones: [Bits<W>; 2],
    empty: Bits<W>,
    /// Roots of all chains.
    roots: Bits<W>,
    /// Roots of the chains with exactly one liberty.
    atari: Bits<W>,
    zobrist: [[u64; N]; 2],
    side_key: u64,
    /// XOR of the keys of the stones on the board.
    stone_key: u64,
    /// Board symmetries that map the board onto itself: 8 on a square board, 4 (identity,
    /// the two mirrors, the half turn) on a rectangle.
    symmetries: usize,
    /// The image of each point under each symmetry (`symmetric[0]` is the identity).
    symmetric: [[Point; N]; MAX_SYMMETRIES],
    /// `symmetric_stone_keys[s]`: XOR of the keys the stones would have on their images
    /// under symmetry `s` (kept incrementally; `[0]` equals `stone_key`).
    symmetric_stone_keys: [u64; MAX_SYMMETRIES],
    to_move: Player,
    outcome: Option<Outcome>,
    history: [Record<W>; N],
    /// Moves played since the set-up (the length of `history`).
    ply: usize,
}

/// The image of `(x, y)` under symmetry `s` of a `columns` x `rows` board: 0 the identity,
/// 1 the left-right mirror, 2 the top-bottom mirror, 3 the half turn; on a square board also
/// 4 the transpose (a1-e5 diagonal), 5 and 6 the quarter turns, 7 the other diagonal.
fn symmetric_coordinates(
    s: usize,
    x: usize,
    y: usize,
    columns: usize,
    rows: usize,
) -> (usize, usize) {
    let (mx, my) = (columns - 1 - x, rows - 1 - y);
    match s {
        0 => (x, y),
        1 => (mx, y),
        2 => (x, my),
        3 => (mx, my),
        4 => (y, x),
        5 => (rows - 1 - y, x),
        6 => (y, columns - 1 - x),
        _ => (rows - 1 - y, columns - 1 - x),
    }
}

impl<const W: usize, const N: usize> Board<W, N> {
    /// An empty `columns` x `rows` board, Black to move. `keys` holds `2 * points + 1`
    /// Zobrist keys: black stones, white stones, side to move.
    pub fn new(columns: usize, rows: usize, keys: &[u64]) -> Self {
        let points = columns * rows;
        assert!(N == 64 * W && points <= N && keys.len() > 2 * points);
        let mut neighbours = [[NO_POINT; 4]; N];
        for (p, slot) in neighbours.iter_mut().enumerate().take(points) {
            let (x, y) = (p % columns, p / columns);
            let mut n = 0;
            let mut add = |q: usize| {
                slot[n] = q as Point;
                n += 1;
            };
            if x > 0 {
                add(p - 1);
            }
            if x + 1 < columns {
                add(p + 1);
            }
            if y > 0 {
                add(p - columns);
            }
            if y + 1 < rows {
                add(p + columns);
            }
        }
        let mut zobrist = [[0; N]; 2];
        zobrist[0][..points].copy_from_slice(&keys[..points]);
        zobrist[1][..points].copy_from_slice(&keys[points..2 * points]);
        let symmetries = if columns == rows { 8 } else { 4 };
        let mut symmetric = [[NO_POINT; N]; MAX_SYMMETRIES];
        for (s, images) in symmetric.iter_mut().enumerate().take(symmetries) {
            for (p, image) in images.iter_mut().enumerate().take(points) {
                let (x, y) = symmetric_coordinates(s, p % columns, p / columns, columns, rows);
                *image = (x + y * columns) as Point;
            }
        }
        Board {
            columns,
            rows,
            points,
            neighbours,
            cell: [None; N],
            parent: std::array::from_fn(|p| p as Point),
            size: [0; N],
            libs: [Bits::EMPTY; N],
            stones: [Bits::EMPTY; 2],
            empty: Bits::first_n(points),
            roots: Bits::EMPTY,
            atari: Bits::EMPTY,
            zobrist,
            side_key: keys[2 * points],
            stone_key: 0,
            symmetries,
            symmetric,
            symmetric_stone_keys: [0; MAX_SYMMETRIES],
            to_move: Player::Black,
            outcome: None,
            history: [Record::BLANK; N],
            ply: 0,
        }
    }

    pub fn columns(&self) -> usize {
        self.columns
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn points(&self) -> usize {
        self.points
    }

    #[inline]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    pub fn set_to_move(&mut self, player: Player) {
        self.to_move = player;
    }

    #[inline]
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The result, if the game is over. A board with no empty point that no capture or
    /// suicide ended is a loss for the side to move (it cannot move; see the module doc of
    /// `atarigo`: such a board is never reached from a valid position).
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.outcome {
            Some(o) => Some(o),
            None if self.empty.is_empty() => Some(Outcome::Win(self.to_move.opponent())),
            None => None,
        }
    }

    #[inline]
    pub fn key(&self) -> u64 {
        match self.to_move {
            Player::Black => self.stone_key,
            Player::White => self.stone_key ^ self.side_key,
        }
    }

    /// Number of board symmetries (8 square, 4 rectangular).
    #[inline]
    pub fn symmetry_count(&self) -> usize {
        self.symmetries
    }

    /// The image of `p` under symmetry `s` (below [`Board::symmetry_count`]).
    #[inline]
    pub fn symmetric_point(&self, s: usize, p: Point) -> Point {
        self.symmetric[s][p as usize]
    }

    /// The keys of the position seen through each symmetry; returns how many.
    #[inline]
    pub fn symmetric_keys(&self, keys: &mut [u64; MAX_SYMMETRIES]) -> usize {
        let side = match self.to_move {
            Player::Black => 0,
            Player::White => self.side_key,
        };
        for (key, stones) in keys
            .iter_mut()
            .zip(&self.symmetric_stone_keys)
            .take(self.symmetries)
        {
            *key = stones ^ side;
        }
        debug_assert_eq!(keys[0], self.key());
        self.symmetries
    }

    /// Adds or removes the stone of `player` on `p` in every symmetric key.
    #[inline(always)]
    fn toggle_symmetric_keys(&mut self, p: Point, player: Player) {
        let zobrist = &self.zobrist[player.index()];
        for s in 0..self.symmetries {
            self.symmetric_stone_keys[s] ^= zobrist[self.symmetric[s][p as usize] as usize];
        }
    }

    #[inline]
    pub fn stone(&self, p: Point) -> Option<Player> {
        self.cell[p as usize]
    }

    /// Empty points.
    #[inline]
    pub fn empty(&self) -> Bits<W> {
        self.empty
    }

    /// Roots of `owner`'s chains.
    #[inline]
    pub fn chain_roots(&self, owner: Player) -> Bits<W> {
        self.roots.intersection(self.stones[owner.index()])
    }

    /// The root of the chain through the stone on `p`.
    #[inline]
    pub fn find(&self, mut p: Point) -> Point {
        while self.parent[p as usize] != p {
            p = self.parent[p as usize];
        }
        p
    }

    /// Liberties of the chain whose root is `root`.
    #[inline]
    pub fn root_liberties(&self, root: Point) -> Bits<W> {
        self.libs[root as usize]
    }

    /// Stones of the chain whose root is `root` (a scan of the board: not for the hot path).
    pub fn chain_stones(&self, root: Point) -> Bits<W> {
        let mut out = Bits::EMPTY;
        let Some(owner) = self.cell[root as usize] else {
            return out;
        };
        for q in self.stones[owner.index()].iter() {
            if self.find(q) == root {
                out.insert(q);
            }
        }
        out
    }

    /// Points where `player` would capture at once: the liberties of the opponent's chains
    /// in atari. Empty once the game is over.
    #[inline]
    pub fn winning_points(&self, player: Player) -> Bits<W> {
        let mut out = Bits::EMPTY;
        if self.outcome.is_some() {
            return out;
        }
        for r in self.atari_roots(player.opponent()).iter() {
            out = out.union(self.libs[r as usize]);
        }
        out
    }

    /// One point where `player` would capture at once.
    #[inline]
    pub fn winning_point(&self, player: Player) -> Option<Point> {
        if self.outcome.is_some() {
            return None;
        }
        let r = self.atari_roots(player.opponent()).first()?;
        self.libs[r as usize].first()
    }

    /// Roots of `owner`'s chains that have exactly one liberty.
    #[inline]
    pub fn atari_roots(&self, owner: Player) -> Bits<W> {
        self.atari.intersection(self.stones[owner.index()])
    }

    /// Plays a stone of `player` on the empty point `p`; the opponent is to move next.
    #[inline]
    pub fn play(&mut self, p: Point, player: Player) {
        let record = self.place(p, player);
        self.history[self.ply] = record;
        self.ply += 1;
        self.to_move = player.opponent();
    }

    /// Puts a set-up stone on the board: no record, no outcome (a set-up with a chain
    /// without liberties is rejected by the caller), the side to move unchanged.
    pub fn place_setup_stone(&mut self, p: Point, player: Player) {
        debug_assert!(self.ply == 0);
        self.place(p, player);
        self.outcome = None;
    }

    /// Puts the stone on the board and updates chains, liberties, the atari set, the key and
    /// the outcome; returns what undo needs.
    #[inline(always)]
    fn place(&mut self, p: Point, me: Player) -> Record<W> {
        let pi = p as usize;
        debug_assert!(
            pi < self.points && self.cell[pi].is_none(),
            "{p} is not empty"
        );
        let mut record = Record {
            point: p,
            player: me,
            outcome_before: self.outcome,
            root: p,
            ..Record::BLANK
        };

        // Step 1: sort the neighbours into empty points, own chains and opponent chains.
        let mut own = [NO_POINT; 4];
        let mut own_len = 0;
        let mut touched_len = 0;
        let mut libs = Bits::EMPTY;
        for q in self.neighbours[pi] {
            if q == NO_POINT {
                break;
            }
            match self.cell[q as usize] {
                None => libs.insert(q),
                Some(c) => {
                    let r = self.find(q);
                    if c == me {
                        if !own.contains(&r) {
                            own[own_len] = r;
                            own_len += 1;
                        }
                    } else if !record.touched.contains(&r) {
                        record.touched[touched_len] = r;
                        touched_len += 1;
                    }
                }
            }
        }

        // Step 2: the stone.
        self.cell[pi] = Some(me);
        self.stones[me.index()].insert(p);
        self.empty.remove(p);
        self.stone_key ^= self.zobrist[me.index()][pi];
        self.toggle_symmetric_keys(p, me);

        // Step 3: the opponent's neighbouring chains lose the liberty p; one that has none
        // left is captured.
        let mut captured = false;
        for r in &record.touched[..touched_len] {
            let r = *r;
            let l = &mut self.libs[r as usize];
            l.remove(p);
            match l.few() {
                Few::None => {
                    captured = true;
                    self.atari.remove(r);
                }
                Few::One(_) => self.atari.insert(r),
                Few::Many => self.atari.remove(r),
            }
        }

        // Step 4: the mover's neighbouring chains and the new stone become one chain, rooted
        // at the largest of them.
        let root = if own_len == 0 {
            self.parent[pi] = p;
            self.size[pi] = 1;
            self.libs[pi] = libs;
            self.roots.insert(p);
            p
        } else {
            let mut big = own[0];
            for &r in &own[1..own_len] {
                if self.size[r as usize] > self.size[big as usize] {
                    big = r;
                }
            }
            let bi = big as usize;
            record.root = big;
            record.root_size_before = self.size[bi];
            record.root_libs_before = self.libs[bi];
            let mut size = self.size[bi] + 1;
            libs = libs.union(self.libs[bi]);
            let mut merged_len = 0;
            for &r in &own[..own_len] {
                if r != big {
                    let ri = r as usize;
                    libs = libs.union(self.libs[ri]);
                    size += self.size[ri];
                    self.parent[ri] = big;
                    self.roots.remove(r);
                    self.atari.remove(r);
                    record.merged[merged_len] = r;
                    merged_len += 1;
                }
            }
            libs.remove(p);
            self.parent[pi] = big;
            self.size[bi] = size;
            self.libs[bi] = libs;
            big
        };

        // Step 5: the outcome. A capture wins even when the mover's own chain has no
        // liberty left; a move that captures nothing and leaves its chain without liberties
        // (suicide) loses.
        let suicide = match libs.few() {
            Few::None => {
                self.atari.remove(root);
                true
            }
            Few::One(_) => {
                self.atari.insert(root);
                false
            }
            Few::Many => {
                self.atari.remove(root);
                false
            }
        };
        if self.outcome.is_none() {
            if captured {
                self.outcome = Some(Outcome::Win(me));
            } else if suicide {
                self.outcome = Some(Outcome::Win(me.opponent()));
            }
        }
        record
    }

    /// Takes back the last stone, which must be on `p`; its owner is to move again.
    #[inline]
    pub fn undo(&mut self, p: Point) {
        debug_assert!(self.ply > 0, "nothing to undo");
        self.ply -= 1;
        let record = self.history[self.ply];
        debug_assert_eq!(record.point, p, "undo of a stone that was not played last");
        let pi = p as usize;
        let me = record.player;

        // Step 4 back: split the merged chains again.
        if record.root == p {
            self.roots.remove(p);
            self.atari.remove(p);
        } else {
            let bi = record.root as usize;
            self.libs[bi] = record.root_libs_before;
            self.size[bi] = record.root_size_before;
            self.refresh_atari(record.root);
            for r in record.merged {
                if r == NO_POINT {
                    break;
                }
                self.parent[r as usize] = r;
                self.roots.insert(r);
                self.refresh_atari(r);
            }
            self.parent[pi] = p;
        }

        // Step 3 back: the opponent's chains get the liberty p back.
        for r in record.touched {
            if r == NO_POINT {
                break;
            }
            self.libs[r as usize].insert(p);
            self.refresh_atari(r);
        }

        // Step 2 back: the stone.
        self.cell[pi] = None;
        self.stones[me.index()].remove(p);
        self.empty.insert(p);
        self.stone_key ^= self.zobrist[me.index()][pi];
        self.toggle_symmetric_keys(p, me);
        self.outcome = record.outcome_before;
        self.to_move = me;
    }

    /// Puts `root` into the atari set exactly when its chain has one liberty.
    #[inline(always)]
    fn refresh_atari(&mut self, root: Point) {
        if self.libs[root as usize].is_single() {
            self.atari.insert(root);
        } else {
            self.atari.remove(root);
        }
    }

    /// Checks every incremental structure against a recomputation from the stones alone
    /// (for tests): chains by flood fill, their liberties, sizes, roots and the atari set.
    #[cfg(test)]
    pub fn assert_consistent(&self) {
        let mut seen = Bits::<W>::EMPTY;
        let mut roots = Bits::<W>::EMPTY;
        let mut atari = Bits::<W>::EMPTY;
        for start in 0..self.points as Point {
            let Some(colour) = self.cell[start as usize] else {
                assert!(self.empty.contains(start));
                continue;
            };
            assert!(self.stones[colour.index()].contains(start));
            if seen.contains(start) {
                continue;
            }
            let mut chain = Bits::<W>::single(start);
            let mut libs = Bits::<W>::EMPTY;
            let mut stack = vec![start];
            while let Some(q) = stack.pop() {
                for n in self.neighbours[q as usize] {
                    if n == NO_POINT {
                        break;
                    }
                    match self.cell[n as usize] {
                        None => libs.insert(n),
                        Some(c) if c == colour && !chain.contains(n) => {
                            chain.insert(n);
                            stack.push(n);
                        }
                        Some(_) => {}
                    }
                }
            }
            seen = seen.union(chain);
            let root = self.find(start);
            for q in chain.iter() {
                assert_eq!(self.find(q), root, "one chain, one root");
            }
            assert_eq!(
                self.libs[root as usize], libs,
                "liberties of the chain at {start}"
            );
            assert_eq!(self.size[root as usize] as usize, chain.len());
            roots.insert(root);
            if libs.is_single() {
                atari.insert(root);
            }
        }
        assert_eq!(self.roots, roots);
        assert_eq!(self.atari, atari);
        assert_eq!(
            self.empty.len() + self.stones[0].len() + self.stones[1].len(),
            self.points
        );
    }
}
