//! Hex on an `n x n` rhombus, `1 <= n <= 13` (Suda, *Efficient
//! algorithms for verifying goals in computer games*, section 2.2, which implements the related
//! game Y). Black moves first and joins rows 1 and `n`; White joins columns `a` and the last one.
//! No swap rule; a full board always has a winner, so there are no draws.
//!
//! Neighbours of `(x, y)`: `(x ± 1, y)`, `(x, y ± 1)`, `(x + 1, y - 1)`, `(x - 1, y + 1)`,
//! so `a1` is an acute corner. Point index and notation as in every stone game (`c2` is
//! `x = 2, y = 1`).
//!
//! # Connections (Suda, section 5.2.2)
//!
//! As in the thesis, chains of connected stones are tracked incrementally, each knowing which
//! edges it touches: here a union-find over the points plus four virtual edge nodes (Black's
//! rows 1 and `n`, White's columns `a` and last), with union by size, no path compression
//! and a log of the unions, so [`StoneGame::undo_stone`] restores the structure exactly. A
//! player has won when the two edge nodes are in one set. The EVS orders of relevance zones
//! (orders 1 to 3 exact, a distance bound above) are built on the same sets: submodule
//! `evs`.
//!
//! # Evaluation
//!
//! [`Heuristic::evaluate`] is the difference of two shortest-path distances: for each
//! player, the fewest empty points that player must still fill to join the two edges
//! (a 0-1 breadth-first search: own stones cost 0, empty points 1, the opponent's stones
//! block). The score is the opponent's distance minus the side to move's.

use std::fmt::Write as _;
use std::sync::Arc;

use super::mnk::check_stone_counts;
use crate::game::{
    Game, Heuristic, MoveList, Outcome, Player, Point, StoneGame, Tactics, parse_point, point_name,
};
use crate::zobrist;

mod bits;
mod certificate;
mod evs;
mod hsearch;
mod inferior;
mod readout;
mod templates;
mod vc;
#[cfg(test)]
mod vc_check;

use bits::{MAX_BIT_SIZE, Masks};
pub use certificate::{MustPlayCertificate, VcEnd, VcRule, VcStep};
pub use hsearch::{HsearchMode, forget_thread_answers, set_hsearch_mode};
pub use readout::{EdgeConnection, Pruned, SolverReadout};

/// Zobrist stream of the Hex tables ("hex" in ASCII).
const ZOBRIST_SEED: u64 = 0x0068_6578;
/// Largest board side.
pub const MAX_SIZE: usize = 13;
/// Largest number of points (13 x 13).
const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;
/// Cell contents: empty, or `1 + player.index()`.
const EMPTY: u8 = 0;
/// A missing neighbour.
const NO_POINT: Point = Point::MAX;
/// Neighbour offsets `(dx, dy)`.
const DIRECTIONS: [(isize, isize); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

#[inline]
fn cell_of(player: Player) -> u8 {
    1 + player.index() as u8
}

#[inline]
fn player_of(cell: u8) -> Option<Player> {
    match cell {
        1 => Some(Player::Black),
        2 => Some(Player::White),
        _ => None,
    }
}

/// Everything that depends only on the board size: shared by clones.
#[derive(Debug)]
struct Tables {
    size: usize,
    /// Up to six neighbours of each point, [`NO_POINT`]-padded.
    neighbours: Vec<[Point; 6]>,
    /// Zobrist key of a stone of player `c` on point `p`: `stone_keys[2 * p + c]`.
    stone_keys: Vec<u64>,
    /// XORed into the key when White is to move.
    side_key: u64,
    /// Bitboard masks on boards up to [`MAX_BIT_SIZE`] (submodule `bits`).
    masks: Option<Masks>,
}

impl Tables {
    fn new(size: usize) -> Tables {
        let n = size as isize;
        let neighbours = (0..size * size)
            .map(|p| {
                let (x, y) = ((p % size) as isize, (p / size) as isize);
                let mut list = [NO_POINT; 6];
                let mut len = 0;
                for (dx, dy) in DIRECTIONS {
                    let (nx, ny) = (x + dx, y + dy);
                    if (0..n).contains(&nx) && (0..n).contains(&ny) {
                        list[len] = (nx + ny * n) as Point;
                        len += 1;
                    }
                }
                list
            })
            .collect();
        let mut keys = zobrist::keys(ZOBRIST_SEED, 2 * size * size + 1);
        let side_key = keys.pop().unwrap_or_default();
        Tables {
            size,
            neighbours,
            stone_keys: keys,
            side_key,
            masks: (size <= MAX_BIT_SIZE).then(|| Masks::new(size)),
        }
    }

    /// The neighbours of `p`.
    #[inline]
    fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        self.neighbours[p as usize]
            .iter()
            .copied()
            .take_while(|&q| q != NO_POINT)
    }

    /// The two edges `player` joins, as booleans for point `p`: (on the first, on the
    /// second).
    #[inline]
    fn on_edges(&self, p: Point, player: Player) -> (bool, bool) {
        let p = p as usize;
        let along = match player {
            Player::Black => p / self.size,
            Player::White => p % self.size,
        };
        (along == 0, along == self.size - 1)
    }
}

/// A Hex position.
#[derive(Debug)]
pub struct Hex {
    tables: Arc<Tables>,
    /// `EMPTY` or `1 + player.index()` per point.
    cells: Vec<u8>,
    /// Union-find parent of each point and of the four edge nodes (after the points:
    /// Black's row 1, Black's row n, White's column a, White's last column).
    parent: Vec<u16>,
    /// Set size of each root.
    set_size: Vec<u16>,
    /// On boards with bitboard masks: the points of each root's set as a bitboard (edge
    /// nodes contribute no point). Empty on bigger boards.
    members: Vec<u128>,
    /// The occupied points as a bitboard (boards with masks only).
    occupied: u128,
    /// Each player's stones as a bitboard (boards with masks only).
    stone_bits: [u128; 2],
    /// The roots that were attached below another root, in order (undone in reverse). Each
    /// union merges two of the `points + 4` sets, so there are fewer than `points + 4`.
    union_log: Vec<u16>,
    /// How many unions each stone made, in the order the stones were placed.
    unions_per_stone: Vec<u8>,
    to_move: Player,
    ply: usize,
    stones: usize,
    key: u64,
    /// The key of the position turned by half a turn (every stone on `points - 1 - p`),
    /// kept along with `key` ([`StoneGame::symmetric_keys`]).
    turned_key: u64,
    /// The player who joined their edges, and the number of stones on the board right after
    /// the winning stone (undoing below that clears the win).
    winner: Option<(Player, usize)>,
}

impl Clone for Hex {
    /// Keeps the logs' full capacity (a derived clone would not), so a cloned game's play
    /// never allocates either.
    fn clone(&self) -> Hex {
        let nodes = self.parent.len();
        let mut union_log = Vec::with_capacity(nodes);
        union_log.extend_from_slice(&self.union_log);
        let mut unions_per_stone = Vec::with_capacity(self.cells.len());
        unions_per_stone.extend_from_slice(&self.unions_per_stone);
        Hex {
            tables: Arc::clone(&self.tables),
            cells: self.cells.clone(),
            parent: self.parent.clone(),
            set_size: self.set_size.clone(),
            members: self.members.clone(),
            occupied: self.occupied,
            stone_bits: self.stone_bits,
            union_log,
            unions_per_stone,
            to_move: self.to_move,
            ply: self.ply,
            stones: self.stones,
            key: self.key,
            turned_key: self.turned_key,
            winner: self.winner,
        }
    }
}

impl Hex {
    /// An empty `size x size` board, `1 <= size <= 13`.
    pub fn new(size: usize) -> Result<Hex, String> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(format!(
                "a Hex board has 1 to {MAX_SIZE} points on a side; got {size}"
            ));
        }
        let points = size * size;
        let nodes = points + 4;
        Ok(Hex {
            tables: Arc::new(Tables::new(size)),
            cells: vec![EMPTY; points],
            parent: (0..nodes as u16).collect(),
            set_size: vec![1; nodes],
            members: if size <= MAX_BIT_SIZE {
                (0..nodes)
                    .map(|node| if node < points { 1u128 << node } else { 0 })
                    .collect()
            } else {
                Vec::new()
            },
            occupied: 0,
            stone_bits: [0; 2],
            union_log: Vec::with_capacity(nodes),
            unions_per_stone: Vec::with_capacity(points),
            to_move: Player::Black,
            ply: 0,
            stones: 0,
            key: 0,
            turned_key: 0,
            winner: None,
        })
    }

    /// Places setup stones (not undoable; the ply count does not change) and sets the side to
    /// move. Rejects stones off the board, two stones on a point, a position that is already
    /// won and stone counts that alternate play from an empty board cannot give.
    pub fn with_stones(
        mut self,
        stones: &[(Point, Player)],
        to_move: Player,
    ) -> Result<Hex, String> {
        let size = self.tables.size;
        let num_points = self.cells.len();
        for &(p, _) in stones {
            if p as usize >= num_points {
                return Err(format!(
                    "a stone is off the board: point index {p} on a {size}x{size} Hex board of {num_points} points"
                ));
            }
        }
        for &(p, player) in stones {
            if self.cells[p as usize] != EMPTY {
                return Err(format!("two stones on {}", point_name(p, size)));
            }
            self.put(p, player);
        }
        for player in [Player::Black, Player::White] {
            if self.connected(player) {
                let last = (b'a' + (size - 1) as u8) as char;
                let edges = match player {
                    Player::Black => format!("rows 1 and {size}"),
                    Player::White => format!("columns a and {last}"),
                };
                return Err(format!(
                    "the position is already over: {player} has won, joining {edges}"
                ));
            }
        }
        check_stone_counts(&self.cells, to_move)?;
        self.set_to_move(to_move);
        Ok(self)
    }

    /// Side length.
    pub fn size(&self) -> usize {
        self.tables.size
    }

    /// The neighbours of `p` (two to six points).
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        self.tables.neighbours(p)
    }

    /// Whether `p` lies on `player`'s first edge (row 1 for Black, column a for White) and
    /// on its second (row `n`, the last column): the rules' own test, the one a stone
    /// played there joins its edge nodes by.
    pub fn on_edges(&self, p: Point, player: Player) -> (bool, bool) {
        self.tables.on_edges(p, player)
    }

    /// The image of `p` under the half turn `(x, y) -> (n - 1 - x, n - 1 - y)`, as an index.
    #[inline]
    fn turned(&self, p: Point) -> usize {
        self.cells.len() - 1 - p as usize
    }

    /// The union-find node of `player`'s first and second edge.
    #[inline]
    fn edge_nodes(&self, player: Player) -> (u16, u16) {
        let base = (self.cells.len() + 2 * player.index()) as u16;
        (base, base + 1)
    }

    #[inline]
    fn find(&self, mut node: u16) -> u16 {
        while self.parent[node as usize] != node {
            node = self.parent[node as usize];
        }
        node
    }

    /// Joins the sets of `a` and `b`; returns true when they were apart (one union logged).
    #[inline]
    fn union(&mut self, a: u16, b: u16) -> bool {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        if self.set_size[ra as usize] < self.set_size[rb as usize] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb as usize] = ra;
        self.set_size[ra as usize] += self.set_size[rb as usize];
        if !self.members.is_empty() {
            self.members[ra as usize] |= self.members[rb as usize];
        }
        self.union_log.push(rb);
        true
    }

    /// True when `player`'s two edges are joined.
    #[inline]
    fn connected(&self, player: Player) -> bool {
        let (a, b) = self.edge_nodes(player);
        self.find(a) == self.find(b)
    }

    /// Puts a stone of `player` on the empty point `p`: cell, key and connections (not the
    /// side to move). Returns true when it joins `player`'s edges.
    #[inline]
    fn put(&mut self, p: Point, player: Player) -> bool {
        debug_assert_eq!(self.cells[p as usize], EMPTY);
        let mine = cell_of(player);
        self.cells[p as usize] = mine;
        if !self.members.is_empty() {
            self.occupied |= 1u128 << p;
            self.stone_bits[player.index()] |= 1u128 << p;
        }
        self.key ^= self.tables.stone_keys[2 * p as usize + player.index()];
        self.turned_key ^= self.tables.stone_keys[2 * self.turned(p) + player.index()];
        self.stones += 1;
        let mut unions = 0u8;
        let (first, second) = self.edge_nodes(player);
        let (on_first, on_second) = self.tables.on_edges(p, player);
        if on_first {
            unions += self.union(p, first) as u8;
        }
        if on_second {
            unions += self.union(p, second) as u8;
        }
        let neighbours = self.tables.neighbours[p as usize];
        for q in neighbours.into_iter().take_while(|&q| q != NO_POINT) {
            if self.cells[q as usize] == mine {
                unions += self.union(p, q) as u8;
            }
        }
        self.unions_per_stone.push(unions);
        self.find(first) == self.find(second)
    }

    /// Takes the last placed stone off `p`, reversing [`Hex::put`].
    #[inline]
    fn take(&mut self, p: Point, player: Player) {
        let unions = self.unions_per_stone.pop().unwrap_or(0);
        for _ in 0..unions {
            let Some(child) = self.union_log.pop() else {
                break;
            };
            let root = self.parent[child as usize];
            self.set_size[root as usize] -= self.set_size[child as usize];
            if !self.members.is_empty() {
                self.members[root as usize] &= !self.members[child as usize];
            }
            self.parent[child as usize] = child;
        }
        self.cells[p as usize] = EMPTY;
        if !self.members.is_empty() {
            self.occupied &= !(1u128 << p);
            self.stone_bits[player.index()] &= !(1u128 << p);
        }
        self.key ^= self.tables.stone_keys[2 * p as usize + player.index()];
        self.turned_key ^= self.tables.stone_keys[2 * self.turned(p) + player.index()];
        self.stones -= 1;
    }

    /// The empty points where a stone of `player` joins the edges, as a bitboard, on boards
    /// with masks (`None` on bigger ones): two finds and a few shifts (submodule `bits`).
    #[inline]
    fn winning_bits(&self, player: Player) -> Option<u128> {
        let masks = self.tables.masks.as_ref()?;
        let (a, b) = self.edge_nodes(player);
        let first = self.members[self.find(a) as usize];
        let second = self.members[self.find(b) as usize];
        Some(masks.winning_points(player, first, second, self.occupied))
    }

    /// The scanning answer of [`Tactics::winning_moves`] (every empty point tested against
    /// the chains' roots), the reference the bitboard answer is checked against.
    #[cfg(test)]
    fn scanned_winning_moves(&self, player: Player, out: &mut MoveList<Point>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        let mut roots = [u16::MAX; MAX_POINTS];
        self.stone_roots(player, &mut roots);
        let (a, b) = self.edge_nodes(player);
        let edge_roots = (self.find(a), self.find(b));
        for p in 0..self.cells.len() as Point {
            if self.cells[p as usize] == EMPTY && self.joins_edges(p, player, &roots, edge_roots) {
                out.push(p);
            }
        }
    }

    /// The set root of every `player` stone (others: `u16::MAX`), into `roots`.
    #[inline]
    fn stone_roots(&self, player: Player, roots: &mut [u16; MAX_POINTS]) {
        let mine = cell_of(player);
        for (p, &c) in self.cells.iter().enumerate() {
            roots[p] = if c == mine {
                self.find(p as u16)
            } else {
                u16::MAX
            };
        }
    }

    /// True when a stone of `player` on the empty point `p` would join `player`'s edges,
    /// given the roots of `player`'s stones and of the two edge nodes.
    #[inline]
    fn joins_edges(
        &self,
        p: Point,
        player: Player,
        roots: &[u16; MAX_POINTS],
        edge_roots: (u16, u16),
    ) -> bool {
        let (mut first, mut second) = self.tables.on_edges(p, player);
        for q in self.tables.neighbours(p) {
            let r = roots[q as usize];
            first |= r == edge_roots.0;
            second |= r == edge_roots.1;
        }
        first && second
    }

    /// Fewest empty points `player` must still fill to join the two edges (0-1 BFS: own
    /// stones cost 0, empty points 1, opponent stones block); `None` when no path remains.
    fn distance(&self, player: Player) -> Option<u32> {
        const UNREACHED: u16 = u16::MAX;
        // Ring buffer of a 0-1 BFS: each point is pushed at most once per neighbour that
        // lowers it plus once as a start, under 7 * 169 < 2048 in all.
        const RING: usize = 2048;
        let size = self.tables.size;
        let mine = cell_of(player);
        let cost = |p: usize| -> Option<u16> {
            match self.cells[p] {
                EMPTY => Some(1),
                c if c == mine => Some(0),
                _ => None,
            }
        };
        let mut dist = [UNREACHED; MAX_POINTS];
        let mut ring = [0u16; RING];
        let (mut head, mut tail) = (0usize, 0usize);
        for i in 0..size {
            let p = match player {
                Player::Black => i,
                Player::White => i * size,
            };
            if let Some(c) = cost(p) {
                dist[p] = c;
                // Zero-cost starts go to the front, others to the back.
                if c == 0 {
                    head = (head + RING - 1) % RING;
                    ring[head] = p as u16;
                } else {
                    ring[tail] = p as u16;
                    tail = (tail + 1) % RING;
                }
            }
        }
        while head != tail {
            let p = ring[head];
            head = (head + 1) % RING;
            let d = dist[p as usize];
            for q in self.tables.neighbours(p) {
                let Some(c) = cost(q as usize) else {
                    continue;
                };
                if d + c < dist[q as usize] {
                    dist[q as usize] = d + c;
                    if c == 0 {
                        head = (head + RING - 1) % RING;
                        ring[head] = q;
                    } else {
                        ring[tail] = q;
                        tail = (tail + 1) % RING;
                    }
                }
            }
        }
        (0..size)
            .map(|i| match player {
                Player::Black => dist[i + (size - 1) * size],
                Player::White => dist[i * size + size - 1],
            })
            .filter(|&d| d != UNREACHED)
            .min()
            .map(u32::from)
    }
}

impl Game for Hex {
    type Move = Point;

    fn name(&self) -> &'static str {
        "hex"
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn ply(&self) -> usize {
        self.ply
    }

    fn legal_moves(&self, out: &mut MoveList<Point>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        if let Some(masks) = &self.tables.masks {
            let mut empty = masks.board() & !self.occupied;
            while empty != 0 {
                out.push(empty.trailing_zeros() as Point);
                empty &= empty - 1;
            }
            return;
        }
        for (p, &c) in self.cells.iter().enumerate() {
            if c == EMPTY {
                out.push(p as Point);
            }
        }
    }

    #[inline]
    fn play(&mut self, mv: Point) {
        self.play_stone(mv, self.to_move);
    }

    #[inline]
    fn undo(&mut self, mv: Point) {
        self.undo_stone(mv);
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|(player, _)| Outcome::Win(player))
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn parse_move(&self, text: &str) -> Result<Point, String> {
        let size = self.tables.size;
        let p = parse_point(text, size, size)?;
        if self.winner.is_some() {
            return Err(format!(
                "no move is legal: the game is over ({})",
                text.trim()
            ));
        }
        if self.cells[p as usize] != EMPTY {
            return Err(format!("{} is already occupied", point_name(p, size)));
        }
        Ok(p)
    }

    fn format_move(&self, mv: Point) -> String {
        point_name(mv, self.tables.size)
    }

    /// The rhombus with row `n` on top, each row shifted one space further right than the
    /// row below it, so a point's neighbours in the row above sit just above-left and
    /// above-right of it, as on a hexagonal board. Column letters above the top row and below
    /// the bottom row, row numbers on the left:
    ///
    /// ```text
    ///     a b c
    /// 3   . . .
    /// 2  . . .
    /// 1 . . .
    ///   a b c
    /// ```
    fn diagram(&self) -> String {
        let size = self.tables.size;
        let width = size.to_string().len();
        let letters: Vec<String> = (0..size)
            .map(|x| ((b'a' + x as u8) as char).to_string())
            .collect();
        let letters = letters.join(" ");
        let mut out = String::new();
        let _ = writeln!(out, "{}{letters}", " ".repeat(width + size));
        for y in (0..size).rev() {
            let _ = write!(out, "{:>width$}{}", y + 1, " ".repeat(y + 1));
            for x in 0..size {
                if x > 0 {
                    out.push(' ');
                }
                out.push(match player_of(self.cells[x + y * size]) {
                    Some(Player::Black) => 'X',
                    Some(Player::White) => 'O',
                    None => '.',
                });
            }
            out.push('\n');
        }
        let _ = writeln!(out, "{}{letters}", " ".repeat(width + 1));
        out
    }
}

impl StoneGame for Hex {
    #[inline]
    fn columns(&self) -> usize {
        self.tables.size
    }

    #[inline]
    fn rows(&self) -> usize {
        self.tables.size
    }

    #[inline]
    fn stone(&self, p: Point) -> Option<Player> {
        player_of(self.cells[p as usize])
    }

    #[inline]
    fn play_stone(&mut self, p: Point, player: Player) {
        let won = self.put(p, player);
        if won && self.winner.is_none() {
            self.winner = Some((player, self.stones));
        }
        self.set_to_move(player.opponent());
        self.ply += 1;
    }

    #[inline]
    fn undo_stone(&mut self, p: Point) {
        let Some(player) = player_of(self.cells[p as usize]) else {
            debug_assert!(false, "undo_stone on an empty point");
            return;
        };
        self.take(p, player);
        if let Some((_, stones)) = self.winner
            && self.stones < stones
        {
            self.winner = None;
        }
        self.set_to_move(player);
        self.ply -= 1;
    }

    #[inline]
    fn set_to_move(&mut self, player: Player) {
        if player != self.to_move {
            self.key ^= self.tables.side_key;
            self.turned_key ^= self.tables.side_key;
            self.to_move = player;
        }
    }

    /// The identity and the half turn, which maps Black's rows 1 and `n` onto each other and
    /// White's columns `a` and last onto each other, so it keeps every position's value
    /// and side to move. (The mirror along the long diagonal swaps the players' edges: it
    /// maps a position onto one with the colours exchanged, not a symmetry here.)
    fn symmetry_count(&self) -> usize {
        2
    }

    #[inline]
    fn symmetric_point(&self, s: usize, p: Point) -> Point {
        if s == 1 { self.turned(p) as Point } else { p }
    }

    #[inline]
    fn symmetric_keys(&self, keys: &mut [u64; crate::game::MAX_SYMMETRIES]) -> usize {
        keys[0] = self.key;
        keys[1] = self.turned_key;
        2
    }

    /// Orders 1 to 3 exact (3 up to 8x8), every other point a proven lower bound, or no
    /// region when it cannot reach both edges (submodule `evs`).
    fn evs_orders(&self, player: Player, orders: &mut [u8]) {
        self.write_evs_orders(player, orders);
    }
}

impl Heuristic for Hex {
    fn evaluate(&self) -> i32 {
        // A blocked player (no path) is given one more than the longest possible distance.
        let blocked = self.cells.len() as u32 + 1;
        let me = self.distance(self.to_move).unwrap_or(blocked) as i32;
        let other = self.distance(self.to_move.opponent()).unwrap_or(blocked) as i32;
        other - me
    }

    #[inline]
    fn move_index(&self, mv: Point) -> usize {
        mv as usize
    }

    fn move_index_bound(&self) -> usize {
        self.cells.len()
    }
}

impl Tactics for Hex {
    /// The intersection of the opponent's edge-to-edge semi connections found by H-search
    /// (submodules `hsearch` and `vc`), on boards up to 11x11.
    fn must_play(&self, out: &mut MoveList<Point>) -> bool {
        self.write_must_play(out)
    }

    /// The opponent holds a full edge-to-edge connection found by H-search (submodules
    /// `hsearch` and `vc`).
    fn is_lost(&self) -> bool {
        self.opponent_connected()
    }

    /// The key of the side to move's edge-to-edge semi connection found by H-search, or a
    /// cell of its full connection (submodules `hsearch` and `vc`).
    fn winning_key(&self) -> Option<Point> {
        self.own_winning_key()
    }

    /// Dead, captured and vulnerable cells of the side to move (submodule `inferior`).
    fn drop_inferior(&self, moves: &mut MoveList<Point>) -> u32 {
        self.drop_inferior_moves(moves, |_, _| {}) as u32
    }

    /// Hex is stable (Suda, section 5.2): a stone never cuts its owner's connections,
    /// so a point that joins the edges still does after any other move.
    fn is_stable(&self) -> bool {
        true
    }

    fn winning_move(&self, player: Player) -> Option<Point> {
        if self.winner.is_some() {
            return None;
        }
        if let Some(wins) = self.winning_bits(player) {
            return (wins != 0).then_some(wins.trailing_zeros() as Point);
        }
        let mut roots = [u16::MAX; MAX_POINTS];
        self.stone_roots(player, &mut roots);
        let (a, b) = self.edge_nodes(player);
        let edge_roots = (self.find(a), self.find(b));
        (0..self.cells.len() as Point).find(|&p| {
            self.cells[p as usize] == EMPTY && self.joins_edges(p, player, &roots, edge_roots)
        })
    }

    fn winning_moves(&self, player: Player, out: &mut MoveList<Point>, limit: usize) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        if let Some(mut wins) = self.winning_bits(player) {
            while wins != 0 && out.len() < limit {
                out.push(wins.trailing_zeros() as Point);
                wins &= wins - 1;
            }
            return;
        }
        let mut roots = [u16::MAX; MAX_POINTS];
        self.stone_roots(player, &mut roots);
        let (a, b) = self.edge_nodes(player);
        let edge_roots = (self.find(a), self.find(b));
        for p in 0..self.cells.len() as Point {
            if out.len() >= limit {
                break;
            }
            if self.cells[p as usize] == EMPTY && self.joins_edges(p, player, &roots, edge_roots) {
                out.push(p);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(g: &mut Hex, moves: &[&str]) {
        for m in moves {
            let p = g.parse_move(m).expect("legal move");
            g.play(p);
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Hex::new(0).unwrap_err().contains("1 to 13"));
        assert!(Hex::new(14).unwrap_err().contains("1 to 13"));
        assert!(Hex::new(1).is_ok());
        assert!(Hex::new(13).is_ok());
    }

    #[test]
    fn a1_is_an_acute_corner() {
        let g = Hex::new(4).unwrap();
        let names = |p: Point| {
            let mut list: Vec<String> = g.neighbours(p).map(|q| g.format_move(q)).collect();
            list.sort();
            list
        };
        assert_eq!(names(0), vec!["a2", "b1"]);
        assert_eq!(names(3), vec!["c1", "c2", "d2"]); // d1: obtuse corner
        assert_eq!(names(5), vec!["a2", "a3", "b1", "b3", "c1", "c2"]); // b2
    }

    #[test]
    fn one_by_one_is_won_by_the_first_stone() {
        let mut g = Hex::new(1).unwrap();
        g.play(0);
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
        g.undo(0);
        assert_eq!(g.outcome(), None);
        assert_eq!(g.winning_move(Player::White), Some(0));
    }

    #[test]
    fn black_joins_rows_and_white_joins_columns() {
        // Black a1 a2 a3 on 3x3 joins rows 1 and 3 along column a.
        let mut g = Hex::new(3).unwrap();
        play_all(&mut g, &["a1", "c1", "a2", "c2"]);
        assert_eq!(g.winning_move(Player::Black), Some(6)); // a3
        // White c1 c2 sit on column c only: nothing reaches column a in one move.
        assert_eq!(g.winning_move(Player::White), None);
        g.play(6);
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
    }

    #[test]
    fn a1_and_b2_are_not_neighbours() {
        // (1, 0) and (0, 1) are neighbours; (0, 0) and (1, 1) are not.
        let mut g = Hex::new(2).unwrap();
        play_all(&mut g, &["a1", "a2"]);
        // Black a1, White a2. Black b2 does not touch a1, and b1 stays on row 1.
        assert_eq!(g.winning_move(Player::Black), None);
        // White a2 and b1 (or b2) are neighbours and join columns a and b.
        let mut wins = MoveList::new();
        g.winning_moves(Player::White, &mut wins, 10);
        assert_eq!(wins.as_slice(), &[1, 3]);
    }

    #[test]
    fn evaluation_is_a_distance_difference() {
        let mut g = Hex::new(3).unwrap();
        g.play(4); // b2
        // White to move: White needs 3, Black needs 2.
        assert_eq!(g.evaluate(), 2 - 3);
        g.play(1); // b1 for White
        // Black to move. Black b2 needs c1 (b1 is taken) and a3 or b3: 2. White b1 needs a1
        // or a2 for column a and c1 for column c: 2.
        assert_eq!(g.evaluate(), 0);
    }

    #[test]
    fn diagram_is_a_slanted_rhombus() {
        let mut g = Hex::new(3).unwrap();
        play_all(&mut g, &["a1", "c3"]);
        assert_eq!(
            g.diagram(),
            "    a b c\n3   . . O\n2  . . .\n1 X . .\n  a b c\n"
        );
    }

    #[test]
    fn clones_keep_room_for_a_full_board() {
        let mut g = Hex::new(5).unwrap().clone();
        let (log, stones) = (g.union_log.capacity(), g.unions_per_stone.capacity());
        for p in 0..25 {
            g.play_stone(p, Player::Black);
        }
        assert!(log >= 29 && stones >= 25);
        assert_eq!(g.union_log.capacity(), log);
        assert_eq!(g.unions_per_stone.capacity(), stones);
    }

    #[test]
    fn undo_restores_connections() {
        let mut g = Hex::new(3).unwrap();
        play_all(&mut g, &["b1", "a2", "b2", "c1"]);
        let before = (g.parent.clone(), g.set_size.clone(), g.key());
        g.play(7); // b3: Black wins b1 b2 b3
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
        g.undo(7);
        assert_eq!((g.parent.clone(), g.set_size.clone(), g.key()), before);
        assert_eq!(g.outcome(), None);
    }

    /// A small deterministic generator for the random positions below.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn bitboard_wins_equal_the_scan_on_random_positions_of_every_size() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut fast = MoveList::new();
        let mut slow = MoveList::new();
        let mut moves = MoveList::new();
        for size in 1..=MAX_SIZE {
            for _ in 0..30 {
                let mut g = Hex::new(size).unwrap();
                let mut played = Vec::new();
                loop {
                    for player in [Player::Black, Player::White] {
                        g.winning_moves(player, &mut fast, MAX_POINTS);
                        g.scanned_winning_moves(player, &mut slow);
                        assert_eq!(fast.as_slice(), slow.as_slice(), "{}", g.diagram());
                        assert_eq!(g.winning_move(player), slow.as_slice().first().copied());
                        g.winning_moves(player, &mut fast, 1);
                        assert_eq!(fast.as_slice(), &slow.as_slice()[..slow.len().min(1)]);
                    }
                    g.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    // Sometimes take a stone back, to check the undo of the bitboards.
                    if !played.is_empty() && next(&mut seed).is_multiple_of(5) {
                        let p = played.pop().unwrap();
                        g.undo(p);
                        continue;
                    }
                    let p = moves.as_slice()[(next(&mut seed) % moves.len() as u64) as usize];
                    g.play(p);
                    played.push(p);
                }
                while let Some(p) = played.pop() {
                    g.undo(p);
                }
                assert_eq!(g.occupied, 0);
                assert_eq!(g.key(), 0);
            }
        }
    }

    #[test]
    fn the_half_turn_key_is_the_key_of_the_turned_position() {
        let mut seed = 0x0bad_cafe_f00d_d00du64;
        let mut moves = MoveList::new();
        let mut keys = [0u64; crate::game::MAX_SYMMETRIES];
        for size in [1, 2, 3, 5, 8, 11, 13] {
            let mut g = Hex::new(size).unwrap();
            assert_eq!(g.symmetry_count(), 2);
            loop {
                assert_eq!(g.symmetric_keys(&mut keys), 2);
                assert_eq!(keys[0], g.key());
                // The same stones, each on its half-turn image, same side to move.
                let mut turned = Hex::new(size).unwrap();
                for p in 0..(size * size) as Point {
                    if let Some(player) = g.stone(p) {
                        turned.put(g.symmetric_point(1, p), player);
                    }
                }
                turned.set_to_move(g.to_move());
                assert_eq!(keys[1], turned.key(), "{}", g.diagram());
                assert_eq!(
                    g.symmetric_point(0, 3.min(size * size - 1) as Point),
                    3.min(size * size - 1) as Point
                );
                g.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let p = moves.as_slice()[(next(&mut seed) % moves.len() as u64) as usize];
                g.play(p);
            }
        }
        // The image of a1 is the opposite corner and the centre stays.
        let g = Hex::new(5).unwrap();
        assert_eq!(g.format_move(g.symmetric_point(1, 0)), "e5");
        assert_eq!(g.symmetric_point(1, 12), 12);
    }
}
