//! m,n,k-games: `columns x rows` board, `k` stones in a row (horizontally, vertically or
//! diagonally) win, a full board without a win is a draw, Black (X) moves first
//! (Suda, *Efficient algorithms for verifying goals in computer games*, section 2.3). Tic-tac-toe
//! is 3,3,3, the thesis solves 7,7,4, Gomoku is 15,15,5. Overlines (more than `k` in a row) win
//! unless `exact_k`, in which case a run of exactly `k` is needed.
//!
//! # Incremental line counts (Suda, section 5.2.3 "Piškvorky")
//!
//! Every set of `k` consecutive points on a line (a *window*) keeps how many stones of each
//! colour it holds (one byte, a nibble per colour); a move updates only the windows through
//! its point, and a table indexed by the window's byte says which threat sets change. The windows
//! through each point are precomputed once per board shape in flat arrays, so playing and undoing
//! allocate nothing. From the counts:
//!
//! - a move wins when it brings one of its windows to `k` stones of the mover (with `exact_k`,
//!   only if the points just beyond both ends of that window do not hold the mover's stones:
//!   then the run is exactly `k` long);
//! - the windows holding `k - 1` stones of one player and none of the other (*threat
//!   windows*) are kept in a set per player, so [`Tactics::winning_move`] reads the immediate
//!   wins without scanning the board;
//! - the thesis's EVS sets (points of windows holding only the player's stones, at least
//!   `k - i` of them, give order `i`) are written exactly by
//!   [`StoneGame::evs_orders`], which also drops the
//!   windows whose free points are not a minimal winning set (submodule `evs`); the counts
//!   are readable through [`Mnk::window_count`], [`Mnk::window_points`] and
//!   [`Mnk::window_stones`].
//!
//! # Symmetries and certificates (for proof searches)
//!
//! The board's symmetries (8 on a square, 4 on a rectangle) keep a key per symmetry up to
//! date in play and undo, so a solver can name mirror images alike (submodule `symmetry`;
//! Kotrč, *Gobblet analysed with AI methods*, section 1.4.4). [`Tactics::cannot_win`] certifies
//! that a player can never complete a line: no live window, the Erdős–Selfridge potential, or a
//! pairing strategy of the opponent (submodule `certificate`). With both, df-pn proves 5x5 k=4 a
//! draw in 70,864 nodes ([`crate::search::dfpn`], "Effort").
//!
//! # Evaluation
//!
//! [`Heuristic::evaluate`] sums, over the windows that hold stones of only one colour,
//! `4^(n-1)` for `n` stones (1, 4, 16, 64, ...), adds the sums of the side to move and
//! subtracts the opponent's; the result is clamped to `±EVAL_LIMIT` (900,000), inside the
//! search's heuristic range.

use std::fmt::Write as _;
use std::sync::Arc;

use crate::game::{
    Game, Heuristic, MAX_SYMMETRIES, MoveList, Outcome, Player, Point, StoneGame, Tactics,
    parse_point, point_name,
};
use crate::zobrist;

mod certificate;
mod evs;
mod symmetry;

/// Zobrist stream of the m,n,k tables ("mnk" in ASCII).
const ZOBRIST_SEED: u64 = 0x006d_6e6b;
/// Largest board side.
const MAX_SIDE: usize = 19;
/// Shortest and longest winning line.
const MIN_K: usize = 3;
const MAX_K: usize = 6;
/// A point index that is off the board (beyond a window's end).
const NO_POINT: Point = Point::MAX;
/// Not in a threat set.
const NOT_LISTED: u16 = u16::MAX;
/// No such window.
const NO_WINDOW: u16 = u16::MAX;
/// Magnitude bound of [`Heuristic::evaluate`]; below the search's `HEURISTIC_LIMIT`.
pub const EVAL_LIMIT: i32 = 900_000;
/// Weight of a window holding `n` stones of one colour and none of the other.
const WEIGHTS: [i32; MAX_K + 1] = [0, 1, 4, 16, 64, 256, 1024];

/// Cell contents: empty, or `1 + player.index()`.
const EMPTY: u8 = 0;

/// A window's state is one byte: Black's stones in the low nibble, White's in the high one.
/// Adding a stone of player `c` adds `STONE[c]`.
const STONE: [u8; 2] = [0x01, 0x10];
/// Window states are below this (at most 6 stones of each colour).
const STATES: usize = 0x80;

/// Threat-set changes for one window when a stone is put or taken, precomputed per player
/// and window state (see [`Tables::new`]).
const INSERT_MINE: u8 = 1;
const REMOVE_MINE: u8 = 2;
const INSERT_OTHER: u8 = 4;
const REMOVE_OTHER: u8 = 8;
/// The put fills the window with the mover's stones.
const FULL: u8 = 16;

#[inline]
fn stones_in(state: u8, player: Player) -> u8 {
    (state >> (4 * player.index())) & 0x0f
}

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

/// Everything that depends only on the board shape: shared by clones.
#[derive(Debug)]
struct Tables {
    columns: usize,
    rows: usize,
    k: usize,
    exact_k: bool,
    /// First point of every window.
    window_start: Vec<Point>,
    /// Index step from one point of the window to the next (1, columns, columns + 1 or
    /// columns - 1).
    window_step: Vec<Point>,
    /// The point just before the window's first point on its line, or [`NO_POINT`].
    window_before: Vec<Point>,
    /// The point just after the window's last point on its line, or [`NO_POINT`].
    window_after: Vec<Point>,
    /// The window one point further along the same line (starting at this one's second
    /// point), or [`NO_WINDOW`] when this one ends at the board's edge.
    window_next: Vec<u16>,
    /// The window one point back along the same line, or [`NO_WINDOW`].
    window_prev: Vec<u16>,
    /// Windows through point `p`: `point_windows[point_window_start[p]..point_window_start[p + 1]]`.
    point_window_start: Vec<u16>,
    point_windows: Vec<u16>,
    /// Zobrist key of a stone of player `c` on point `p`: `stone_keys[2 * p + c]`.
    stone_keys: Vec<u64>,
    /// XORed into the key when White is to move.
    side_key: u64,
    /// Board symmetries (8 on a square, 4 on a rectangle; submodule `symmetry`).
    symmetries: usize,
    /// The image of point `p` under symmetry `s`: `symmetric_points[s * points + p]`.
    symmetric_points: Vec<Point>,
    /// What each window state means for threats and evaluation.
    states: StateTables,
}

/// Tables indexed by a window's state byte.
#[derive(Debug)]
struct StateTables {
    /// `put_events[c][s]`: threat-set changes when player `c` adds a stone to a window in
    /// state `s` (the state before the stone).
    put_events: [[u8; STATES]; 2],
    /// `take_events[c][s]`: threat-set changes when player `c` takes a stone from a window,
    /// leaving it in state `s`.
    take_events: [[u8; STATES]; 2],
    /// Evaluation weight of a window in state `s`, from Black's view: `+WEIGHTS[n]` for `n`
    /// black stones and no white one, `-WEIGHTS[n]` the other way round, else 0.
    black_view: [i32; STATES],
}

impl Tables {
    fn new(columns: usize, rows: usize, k: usize, exact_k: bool) -> Tables {
        let num_points = columns * rows;
        let mut window_start = Vec::new();
        let mut window_step = Vec::new();
        let mut window_before = Vec::new();
        let mut window_after = Vec::new();
        // Window index by direction and first point, to link each window to its neighbours
        // along its line.
        let mut starting_at = vec![NO_WINDOW; 4 * num_points];
        let mut window_dir = Vec::new();
        let index = |x: isize, y: isize| -> Point {
            if x >= 0 && y >= 0 && (x as usize) < columns && (y as usize) < rows {
                (x as usize + y as usize * columns) as Point
            } else {
                NO_POINT
            }
        };
        // Directions: right, up, up-right, up-left.
        for (dir, (dx, dy)) in [(1isize, 0isize), (0, 1), (1, 1), (-1, 1)]
            .into_iter()
            .enumerate()
        {
            for y in 0..rows as isize {
                for x in 0..columns as isize {
                    let last_x = x + dx * (k as isize - 1);
                    let last_y = y + dy * (k as isize - 1);
                    if index(last_x, last_y) == NO_POINT {
                        continue;
                    }
                    window_start.push(index(x, y));
                    window_step.push((dx + dy * columns as isize) as Point);
                    window_before.push(index(x - dx, y - dy));
                    window_after.push(index(last_x + dx, last_y + dy));
                    starting_at[dir * num_points + index(x, y) as usize] =
                        window_start.len() as u16 - 1;
                    window_dir.push(dir);
                }
            }
        }
        let windows = window_start.len();
        let mut window_next = vec![NO_WINDOW; windows];
        let mut window_prev = vec![NO_WINDOW; windows];
        for w in 0..windows {
            let lookup = |first: Point| starting_at[window_dir[w] * num_points + first as usize];
            if window_after[w] != NO_POINT {
                window_next[w] = lookup(window_start[w] + window_step[w]);
            }
            if window_before[w] != NO_POINT {
                window_prev[w] = lookup(window_before[w]);
            }
        }
        let mut through: Vec<Vec<u16>> = vec![Vec::new(); num_points];
        for (w, (&start, &step)) in window_start.iter().zip(&window_step).enumerate() {
            for i in 0..k {
                through[(start + step * i as Point) as usize].push(w as u16);
            }
        }
        let mut point_window_start = Vec::with_capacity(num_points + 1);
        let mut point_windows = Vec::new();
        for list in &through {
            point_window_start.push(point_windows.len() as u16);
            point_windows.extend_from_slice(list);
        }
        point_window_start.push(point_windows.len() as u16);
        let mut keys = zobrist::keys(ZOBRIST_SEED, 2 * num_points + 1);
        let side_key = keys.pop().unwrap_or_default();
        Tables {
            columns,
            rows,
            k,
            exact_k,
            window_start,
            window_step,
            window_before,
            window_after,
            window_next,
            window_prev,
            point_window_start,
            point_windows,
            stone_keys: keys,
            side_key,
            symmetries: symmetry::symmetry_count(columns, rows),
            symmetric_points: symmetry::point_table(columns, rows),
            states: StateTables::new(k),
        }
    }

    #[inline]
    fn windows_through(&self, p: Point) -> &[u16] {
        let p = p as usize;
        &self.point_windows
            [self.point_window_start[p] as usize..self.point_window_start[p + 1] as usize]
    }

    #[inline]
    fn window_point(&self, w: usize, i: usize) -> Point {
        self.window_start[w] + self.window_step[w] * i as Point
    }

    #[inline]
    fn stone_key(&self, p: Point, player: Player) -> u64 {
        self.stone_keys[2 * p as usize + player.index()]
    }

    /// XORs a stone of `player` on `p` into the key under every symmetry.
    #[inline]
    fn toggle_stone(&self, keys: &mut [u64; MAX_SYMMETRIES], p: Point, player: Player) {
        let points = self.columns * self.rows;
        for (s, key) in keys.iter_mut().enumerate().take(self.symmetries) {
            *key ^= self.stone_key(self.symmetric_points[s * points + p as usize], player);
        }
    }
}

impl StateTables {
    fn new(k: usize) -> StateTables {
        // A window is a threat of player c when it holds k - 1 of c's stones and none of
        // the other's. Events of adding a stone of c to a window with (a, b) stones of
        // (c, other): it becomes c's threat at a + 1 = k - 1; stops being one at a + 1 = k
        // (then it is full); the other's threat (a = 0, b = k - 1) ends. Taking a stone
        // reverses these, with (a, b) the counts after the take.
        let k8 = k as u8;
        let mut put_events = [[0u8; STATES]; 2];
        let mut take_events = [[0u8; STATES]; 2];
        let mut black_view = [0i32; STATES];
        for state in 0..STATES as u8 {
            let (black, white) = (state & 0x0f, state >> 4);
            if black as usize > MAX_K || white as usize > MAX_K {
                continue;
            }
            black_view[state as usize] = match (black, white) {
                (n, 0) => WEIGHTS[n as usize],
                (0, n) => -WEIGHTS[n as usize],
                _ => 0,
            };
            for player in [Player::Black, Player::White] {
                let (a, b) = match player {
                    Player::Black => (black, white),
                    Player::White => (white, black),
                };
                let c = player.index();
                if b == 0 && a + 1 == k8 - 1 {
                    put_events[c][state as usize] |= INSERT_MINE;
                }
                if b == 0 && a + 1 == k8 {
                    put_events[c][state as usize] |= REMOVE_MINE | FULL;
                }
                if a == 0 && b == k8 - 1 {
                    put_events[c][state as usize] |= REMOVE_OTHER;
                }
                if b == 0 && a == k8 - 2 {
                    take_events[c][state as usize] |= REMOVE_MINE;
                }
                if b == 0 && a == k8 - 1 {
                    take_events[c][state as usize] |= INSERT_MINE;
                }
                if a == 0 && b == k8 - 1 {
                    take_events[c][state as usize] |= INSERT_OTHER;
                }
            }
        }
        StateTables {
            put_events,
            take_events,
            black_view,
        }
    }
}

/// The windows holding `k - 1` stones of one player and none of the other: a set with O(1)
/// insert and remove (position index per window), iterated in insertion-dependent order.
#[derive(Debug)]
struct ThreatSet {
    /// The windows in the set; its capacity is the number of windows, so inserting never
    /// allocates.
    list: Vec<u16>,
    position: Vec<u16>,
}

impl Clone for ThreatSet {
    /// Keeps the full capacity (a derived clone would not), so a cloned game's play never
    /// allocates either.
    fn clone(&self) -> ThreatSet {
        let mut list = Vec::with_capacity(self.position.len());
        list.extend_from_slice(&self.list);
        ThreatSet {
            list,
            position: self.position.clone(),
        }
    }
}

impl ThreatSet {
    fn new(windows: usize) -> ThreatSet {
        ThreatSet {
            list: Vec::with_capacity(windows),
            position: vec![NOT_LISTED; windows],
        }
    }

    #[inline]
    fn insert(&mut self, w: u16) {
        debug_assert_eq!(self.position[w as usize], NOT_LISTED);
        self.position[w as usize] = self.list.len() as u16;
        self.list.push(w);
    }

    #[inline]
    fn remove(&mut self, w: u16) {
        let at = self.position[w as usize];
        debug_assert_ne!(at, NOT_LISTED);
        let last = self.list.pop().unwrap_or(w);
        if last != w {
            self.list[at as usize] = last;
            self.position[last as usize] = at;
        }
        self.position[w as usize] = NOT_LISTED;
    }
}

/// An m,n,k-game position.
#[derive(Clone, Debug)]
pub struct Mnk {
    tables: Arc<Tables>,
    /// `EMPTY` or `1 + player.index()` per point.
    cells: Vec<u8>,
    /// Stones of each player in every window, one byte each (see [`STONE`]).
    windows: Vec<u8>,
    /// Threat windows of each player.
    threats: [ThreatSet; 2],
    to_move: Player,
    ply: usize,
    stones: usize,
    /// The Zobrist key under every symmetry (`keys[0]` is the position's own key; submodule
    /// `symmetry`).
    keys: [u64; MAX_SYMMETRIES],
    /// The player who completed a line, and the number of stones on the board right after
    /// the winning stone (undoing below that clears the win).
    winner: Option<(Player, usize)>,
}

impl Mnk {
    /// An empty `columns x rows` board where `k` in a row wins (exactly `k` when `exact_k`).
    /// Sides from 1 to 19, `k` from 3 to 6 and no longer than the longer side.
    pub fn new(columns: usize, rows: usize, k: usize, exact_k: bool) -> Result<Mnk, String> {
        for (what, n) in [("columns", columns), ("rows", rows)] {
            if !(1..=MAX_SIDE).contains(&n) {
                return Err(format!(
                    "an m,n,k board has 1 to {MAX_SIDE} {what}; got {n}"
                ));
            }
        }
        if !(MIN_K..=MAX_K).contains(&k) {
            return Err(format!(
                "k (stones in a row to win) must be from {MIN_K} to {MAX_K}; got {k}"
            ));
        }
        if k > columns.max(rows) {
            return Err(format!(
                "k = {k} does not fit on a {columns}x{rows} board: no line of {k} points"
            ));
        }
        let tables = Tables::new(columns, rows, k, exact_k);
        let windows = tables.window_start.len();
        Ok(Mnk {
            cells: vec![EMPTY; columns * rows],
            windows: vec![0; windows],
            threats: [ThreatSet::new(windows), ThreatSet::new(windows)],
            to_move: Player::Black,
            ply: 0,
            stones: 0,
            keys: [0; MAX_SYMMETRIES],
            winner: None,
            tables: Arc::new(tables),
        })
    }

    /// Places setup stones (not undoable; the ply count does not change) and sets the side to
    /// move. Rejects stones off the board, two stones on a point, a position that is already
    /// over and stone counts that alternate play from an empty board cannot give.
    pub fn with_stones(self, stones: &[(Point, Player)], to_move: Player) -> Result<Mnk, String> {
        let placed = self.with_free_stones(stones, to_move)?;
        check_stone_counts(&placed.cells, to_move)?;
        Ok(placed)
    }

    /// [`Mnk::with_stones`] without the stone-count check, for goal puzzles whose setup
    /// alternate play cannot reach (a puzzle's `free_setup = true`: T. Thomsen's 4x4 example
    /// has three attacker stones, none of the defender's, and the attacker to move). Every
    /// other check stays: stones on the board, one stone a point, the game not over.
    pub fn with_free_stones(
        mut self,
        stones: &[(Point, Player)],
        to_move: Player,
    ) -> Result<Mnk, String> {
        let num_points = self.cells.len();
        for &(p, _) in stones {
            if p as usize >= num_points {
                return Err(format!(
                    "a stone is off the board: point index {p} on a {}x{} board of {num_points} points",
                    self.tables.columns, self.tables.rows
                ));
            }
        }
        for &(p, player) in stones {
            if self.cells[p as usize] != EMPTY {
                return Err(format!(
                    "two stones on {}",
                    point_name(p, self.tables.columns)
                ));
            }
            // A win found while placing is reported below, once every stone is down (with
            // exact_k a later stone can turn a run of k into an overline).
            self.put(p, player);
        }
        if let Some((player, line)) = self.find_line() {
            let names: Vec<String> = line
                .iter()
                .map(|&p| point_name(p, self.tables.columns))
                .collect();
            let exactly = if self.tables.exact_k { "exactly " } else { "" };
            return Err(format!(
                "the position is already over: {player} has {exactly}{} in a row ({})",
                self.tables.k,
                names.join(" ")
            ));
        }
        if self.stones == num_points {
            return Err("the position is already over: the board is full (a draw)".to_string());
        }
        self.set_to_move(to_move);
        Ok(self)
    }

    /// Stones in a row needed to win.
    pub fn k(&self) -> usize {
        self.tables.k
    }

    /// True when only a run of exactly `k` wins.
    pub fn exact_k(&self) -> bool {
        self.tables.exact_k
    }

    /// Number of windows (sets of `k` consecutive points on a line); windows are numbered
    /// `0..window_count()`.
    pub fn window_count(&self) -> usize {
        self.windows.len()
    }

    /// The `k` points of window `w`, in order along its line.
    pub fn window_points(&self, w: usize) -> impl Iterator<Item = Point> + '_ {
        (0..self.tables.k).map(move |i| self.tables.window_point(w, i))
    }

    /// Stones of `player` in window `w`.
    pub fn window_stones(&self, w: usize, player: Player) -> usize {
        stones_in(self.windows[w], player) as usize
    }

    /// The windows through point `p`.
    pub fn windows_through(&self, p: Point) -> impl Iterator<Item = usize> + '_ {
        self.tables.windows_through(p).iter().map(|&w| w as usize)
    }

    /// Puts a stone of `player` on the empty point `p` and updates counts, threat sets and
    /// the key (not the side to move). Returns true when the stone completes a winning run.
    #[inline]
    fn put(&mut self, p: Point, player: Player) -> bool {
        debug_assert_eq!(self.cells[p as usize], EMPTY);
        let t = &*self.tables;
        let me = player.index();
        let mine = cell_of(player);
        self.cells[p as usize] = mine;
        t.toggle_stone(&mut self.keys, p, player);
        self.stones += 1;
        let events = &t.states.put_events[me];
        let mut won = false;
        for &w in t.windows_through(p) {
            let state = &mut self.windows[w as usize];
            let event = events[(*state & 0x7f) as usize];
            *state += STONE[me];
            if event != 0 {
                if event & INSERT_MINE != 0 {
                    self.threats[me].insert(w);
                }
                if event & REMOVE_MINE != 0 {
                    self.threats[me].remove(w);
                }
                if event & REMOVE_OTHER != 0 {
                    self.threats[1 - me].remove(w);
                }
                if event & FULL != 0 {
                    won |= !t.exact_k || self.run_is_exact(w as usize, mine);
                }
            }
        }
        won
    }

    /// Takes the stone of `player` off `p`, reversing [`Mnk::put`].
    #[inline]
    fn take(&mut self, p: Point, player: Player) {
        let t = &*self.tables;
        let me = player.index();
        self.cells[p as usize] = EMPTY;
        t.toggle_stone(&mut self.keys, p, player);
        self.stones -= 1;
        let events = &t.states.take_events[me];
        for &w in t.windows_through(p) {
            let state = &mut self.windows[w as usize];
            *state -= STONE[me];
            let event = events[(*state & 0x7f) as usize];
            if event != 0 {
                if event & REMOVE_MINE != 0 {
                    self.threats[me].remove(w);
                }
                if event & INSERT_MINE != 0 {
                    self.threats[me].insert(w);
                }
                if event & INSERT_OTHER != 0 {
                    self.threats[1 - me].insert(w);
                }
            }
        }
    }

    /// With `exact_k`: window `w` is full of `cell` stones; true when neither point beyond
    /// its ends holds such a stone, so the run is exactly `k` long.
    #[inline]
    fn run_is_exact(&self, w: usize, cell: u8) -> bool {
        let t = &*self.tables;
        let beyond = |p: Point| p != NO_POINT && self.cells[p as usize] == cell;
        !beyond(t.window_before[w]) && !beyond(t.window_after[w])
    }

    /// A winning run on the board, if any (Black's first): its player and points.
    fn find_line(&self) -> Option<(Player, Vec<Point>)> {
        for player in [Player::Black, Player::White] {
            for w in 0..self.windows.len() {
                if stones_in(self.windows[w], player) as usize == self.tables.k
                    && (!self.tables.exact_k || self.run_is_exact(w, cell_of(player)))
                {
                    return Some((player, self.window_points(w).collect()));
                }
            }
        }
        None
    }

    /// The point that `player` would complete threat window `w` with, if that wins (with
    /// `exact_k` the completed run must not touch another of `player`'s stones).
    #[inline]
    fn completion(&self, w: u16, player: Player) -> Option<Point> {
        let w = w as usize;
        let t = &*self.tables;
        let empty = (0..t.k)
            .map(|i| t.window_point(w, i))
            .find(|&p| self.cells[p as usize] == EMPTY)?;
        if t.exact_k && !self.run_is_exact(w, cell_of(player)) {
            return None;
        }
        Some(empty)
    }
}

/// Checks that alternate play from an empty board, Black first, can give these counts with
/// `to_move` to move.
pub(crate) fn check_stone_counts(cells: &[u8], to_move: Player) -> Result<(), String> {
    let black = cells
        .iter()
        .filter(|&&c| c == cell_of(Player::Black))
        .count();
    let white = cells
        .iter()
        .filter(|&&c| c == cell_of(Player::White))
        .count();
    let ok = match to_move {
        Player::Black => black == white,
        Player::White => black == white + 1,
    };
    if ok {
        return Ok(());
    }
    let expected = match to_move {
        Player::Black => "with black to move, black must have as many stones as white",
        Player::White => "with white to move, black must have exactly one stone more than white",
    };
    Err(format!(
        "impossible stone counts: {expected} (black moves first); the position has {black} black and {white} white"
    ))
}

/// Writes a square-grid diagram: column letters on top, row numbers on the left, the top row
/// first.
pub(crate) fn grid_diagram(cells: &[u8], columns: usize, rows: usize) -> String {
    let width = rows.to_string().len();
    let mut out = String::new();
    out.push_str(&" ".repeat(width + 1));
    let letters: Vec<String> = (0..columns)
        .map(|x| ((b'a' + x as u8) as char).to_string())
        .collect();
    out.push_str(&letters.join(" "));
    out.push('\n');
    for y in (0..rows).rev() {
        let _ = write!(out, "{:>width$}", y + 1);
        for x in 0..columns {
            out.push(' ');
            out.push(match player_of(cells[x + y * columns]) {
                Some(Player::Black) => 'X',
                Some(Player::White) => 'O',
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}

impl Game for Mnk {
    type Move = Point;

    fn name(&self) -> &'static str {
        "mnk"
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
        if self.outcome().is_some() {
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
        match self.winner {
            Some((player, _)) => Some(Outcome::Win(player)),
            None if self.stones == self.cells.len() => Some(Outcome::Draw),
            None => None,
        }
    }

    #[inline]
    fn key(&self) -> u64 {
        self.keys[0]
    }

    fn parse_move(&self, text: &str) -> Result<Point, String> {
        let p = parse_point(text, self.tables.columns, self.tables.rows)?;
        if self.outcome().is_some() {
            return Err(format!(
                "no move is legal: the game is over ({})",
                text.trim()
            ));
        }
        if self.cells[p as usize] != EMPTY {
            return Err(format!(
                "{} is already occupied",
                point_name(p, self.tables.columns)
            ));
        }
        Ok(p)
    }

    fn format_move(&self, mv: Point) -> String {
        point_name(mv, self.tables.columns)
    }

    fn diagram(&self) -> String {
        grid_diagram(&self.cells, self.tables.columns, self.tables.rows)
    }
}

impl StoneGame for Mnk {
    #[inline]
    fn columns(&self) -> usize {
        self.tables.columns
    }

    #[inline]
    fn rows(&self) -> usize {
        self.tables.rows
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
            let side = self.tables.side_key;
            for key in self.keys.iter_mut().take(self.tables.symmetries) {
                *key ^= side;
            }
            self.to_move = player;
        }
    }

    /// 8 on a square board, 4 on a rectangle (submodule `symmetry`).
    fn symmetry_count(&self) -> usize {
        self.tables.symmetries
    }

    #[inline]
    fn symmetric_point(&self, s: usize, p: Point) -> Point {
        let t = &*self.tables;
        t.symmetric_points[s * t.columns * t.rows + p as usize]
    }

    /// Kept in play and undo: copying them out is all the work.
    #[inline]
    fn symmetric_keys(&self, keys: &mut [u64; MAX_SYMMETRIES]) -> usize {
        let count = self.tables.symmetries;
        keys[..count].copy_from_slice(&self.keys[..count]);
        count
    }

    /// Exact EVS orders from the window counts (see the `evs` submodule).
    fn evs_orders(&self, player: Player, orders: &mut [u8]) {
        self.write_evs_orders(player, orders);
    }
}

impl Heuristic for Mnk {
    fn evaluate(&self) -> i32 {
        let view = &self.tables.states.black_view;
        let black: i32 = self
            .windows
            .iter()
            .map(|&s| view[(s & 0x7f) as usize])
            .sum();
        let score = match self.to_move {
            Player::Black => black,
            Player::White => -black,
        };
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    #[inline]
    fn move_index(&self, mv: Point) -> usize {
        mv as usize
    }

    fn move_index_bound(&self) -> usize {
        self.cells.len()
    }
}

impl Tactics for Mnk {
    /// Without `exact_k` a stone never spoils a line, so an immediate win stays one (thesis
    /// 000, definition 6). With `exact_k` a player's own stone next to a run can turn a
    /// winning point into an overline: not stable.
    fn is_stable(&self) -> bool {
        !self.tables.exact_k
    }

    fn winning_move(&self, player: Player) -> Option<Point> {
        if self.winner.is_some() {
            return None;
        }
        self.threats[player.index()]
            .list
            .iter()
            .find_map(|&w| self.completion(w, player))
    }

    /// No live window, the Erdős–Selfridge potential or a pairing strategy of the opponent
    /// (submodule `certificate`); sound with or without `exact_k`.
    fn cannot_win(&self, player: Player) -> bool {
        self.certified_unwinnable(player)
    }

    fn winning_moves(&self, player: Player, out: &mut MoveList<Point>, limit: usize) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        for &w in &self.threats[player.index()].list {
            if out.len() >= limit {
                break;
            }
            if let Some(p) = self.completion(w, player)
                && !out.contains(&p)
            {
                out.push(p);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(columns: usize, rows: usize, k: usize, exact_k: bool) -> Mnk {
        Mnk::new(columns, rows, k, exact_k).expect("valid size")
    }

    fn play_all(g: &mut Mnk, moves: &[&str]) {
        for m in moves {
            let p = g.parse_move(m).expect("legal move");
            g.play(p);
        }
    }

    #[test]
    fn free_setups_skip_only_the_stone_counts() {
        // Thomsen's 4x4 goal puzzle: three black corners, no white stone, Black to move.
        let corners = [(0, Player::Black), (3, Player::Black), (15, Player::Black)];
        assert!(
            game(4, 4, 4, false)
                .with_stones(&corners, Player::Black)
                .unwrap_err()
                .contains("impossible stone counts")
        );
        let g = game(4, 4, 4, false)
            .with_free_stones(&corners, Player::Black)
            .expect("free setup");
        assert_eq!(
            (g.to_move(), g.ply(), g.outcome()),
            (Player::Black, 0, None)
        );
        assert_eq!(g.stone(3), Some(Player::Black));
        // A finished game is still rejected.
        let row = [
            (0, Player::Black),
            (1, Player::Black),
            (2, Player::Black),
            (3, Player::Black),
        ];
        assert!(
            game(4, 4, 4, false)
                .with_free_stones(&row, Player::White)
                .unwrap_err()
                .contains("already over")
        );
    }

    #[test]
    fn sizes_are_checked() {
        assert!(
            Mnk::new(20, 5, 4, false)
                .unwrap_err()
                .contains("1 to 19 columns")
        );
        assert!(
            Mnk::new(5, 0, 4, false)
                .unwrap_err()
                .contains("1 to 19 rows")
        );
        assert!(
            Mnk::new(5, 5, 2, false)
                .unwrap_err()
                .contains("from 3 to 6")
        );
        assert!(
            Mnk::new(5, 5, 7, false)
                .unwrap_err()
                .contains("from 3 to 6")
        );
        assert!(
            Mnk::new(3, 2, 4, false)
                .unwrap_err()
                .contains("does not fit")
        );
        assert!(Mnk::new(1, 19, 6, false).is_ok());
        assert!(Mnk::new(19, 19, 5, true).is_ok());
    }

    #[test]
    fn window_tables_count_every_line() {
        // 3x3 tic-tac-toe: 3 rows, 3 columns, 2 diagonals.
        let g = game(3, 3, 3, false);
        assert_eq!(g.window_count(), 8);
        // The centre lies on 4 lines, a corner on 3, an edge on 2.
        assert_eq!(g.windows_through(4).count(), 4);
        assert_eq!(g.windows_through(0).count(), 3);
        assert_eq!(g.windows_through(1).count(), 2);
        // 7x7 k=4: 4 windows per row and column, 16 per diagonal direction.
        assert_eq!(game(7, 7, 4, false).window_count(), 28 + 28 + 16 + 16);
        // A board narrower than k has only the lines that fit.
        assert_eq!(game(2, 5, 4, false).window_count(), 4);
    }

    #[test]
    fn a_diagonal_wins_and_undo_clears_it() {
        let mut g = game(3, 3, 3, false);
        play_all(&mut g, &["a1", "a2", "b2", "a3", "c3"]);
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        assert!(moves.is_empty());
        g.undo(8);
        assert_eq!(g.outcome(), None);
        assert_eq!(g.winning_move(Player::Black), Some(8));
        assert_eq!(g.to_move(), Player::Black);
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        let mut g = game(3, 3, 3, false);
        play_all(
            &mut g,
            &["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"],
        );
        assert_eq!(g.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn overlines_win_unless_exact_k() {
        // Black: a1 b1 d1 e1 then c1 makes five in a row with k = 4.
        for exact in [false, true] {
            let mut g = game(6, 3, 4, exact);
            play_all(&mut g, &["a1", "a3", "b1", "b3", "d1", "f3", "e1", "e3"]);
            assert_eq!(g.outcome(), None);
            assert_eq!(g.winning_move(Player::Black).is_some(), !exact);
            g.play(2); // c1
            let expected = if exact {
                None
            } else {
                Some(Outcome::Win(Player::Black))
            };
            assert_eq!(g.outcome(), expected, "exact_k = {exact}");
        }
    }

    #[test]
    fn exact_k_wins_with_a_run_of_exactly_k() {
        let mut g = game(6, 3, 4, true);
        play_all(&mut g, &["a1", "a3", "b1", "b3", "c1", "f3"]);
        // d1 makes a1-d1, exactly four (e1 is empty).
        assert_eq!(g.winning_move(Player::Black), Some(3));
        let mut wins = MoveList::new();
        g.winning_moves(Player::Black, &mut wins, 10);
        assert_eq!(wins.as_slice(), &[3]);
        g.play(3);
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::Black)));
    }

    #[test]
    fn exact_k_is_not_stable_and_plain_is() {
        assert!(game(7, 7, 4, false).is_stable());
        assert!(!game(7, 7, 4, true).is_stable());
    }

    #[test]
    fn winning_moves_are_distinct_and_limited() {
        // Black b1 c1 d1 on a 5x3 board, k = 4: a1 and e1 both win.
        let mut g = game(5, 3, 4, false);
        play_all(&mut g, &["b1", "a3", "c1", "b3", "d1", "e3"]);
        let mut wins = MoveList::new();
        g.winning_moves(Player::Black, &mut wins, 10);
        let mut sorted = wins.as_slice().to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![0, 4]);
        g.winning_moves(Player::Black, &mut wins, 1);
        assert_eq!(wins.len(), 1);
        // White (a3 b3 e3) has no window with three stones and no black one: no win.
        assert_eq!(g.winning_move(Player::White), None);
    }

    #[test]
    fn a_point_completing_two_windows_is_listed_once() {
        // Black a1 b1 c2 c3 on 4x4, k = 3: c1 completes a1-b1-c1 and c1-c2-c3; b2 completes
        // a1-b2-c3; c4 completes c2-c3-c4. c1 lies in two threat windows and is listed once.
        let mut g = game(4, 4, 3, false);
        play_all(&mut g, &["a1", "d4", "b1", "d3", "c2", "a4", "c3", "b4"]);
        let mut wins = MoveList::new();
        g.winning_moves(Player::Black, &mut wins, 10);
        let mut sorted = wins.as_slice().to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![2, 5, 14]); // c1, b2, c4
    }

    #[test]
    fn clones_keep_room_for_every_threat() {
        let g = game(7, 7, 4, false).clone();
        for set in &g.threats {
            assert!(set.list.capacity() >= g.window_count());
        }
    }

    #[test]
    fn keys_follow_stones_and_side() {
        let mut g = game(7, 7, 4, false);
        assert_eq!(g.key(), 0);
        g.play(24);
        let after = g.key();
        assert_ne!(after, 0);
        g.set_to_move(Player::Black);
        assert_ne!(g.key(), after);
        g.set_to_move(Player::White);
        assert_eq!(g.key(), after);
        g.undo(24);
        assert_eq!(g.key(), 0);
    }

    #[test]
    fn evaluation_prefers_the_side_with_more_lines() {
        let mut g = game(7, 7, 4, false);
        g.play(24); // d4, centre: on 4 * 4 = 16 windows.
        // White to move: Black has 16 windows of one stone.
        assert_eq!(g.evaluate(), -16);
        g.play(0); // a1: 3 windows for White, one of them shared with d4 (a1-d4 diagonal).
        assert_eq!(g.evaluate(), 15 - 2);
    }

    #[test]
    fn diagram_has_coordinates() {
        let mut g = game(3, 2, 3, false);
        play_all(&mut g, &["a1", "c2"]);
        assert_eq!(g.diagram(), "  a b c\n2 . . O\n1 X . .\n");
        let g = game(4, 10, 3, false);
        let d = g.diagram();
        assert!(d.starts_with("   a b c d\n10 . . . .\n 9 . . . .\n"), "{d}");
    }

    #[test]
    fn moves_parse_and_explain_errors() {
        let mut g = game(3, 3, 3, false);
        assert_eq!(g.parse_move("b2"), Ok(4));
        g.play(4);
        assert_eq!(g.parse_move("b2").unwrap_err(), "b2 is already occupied");
        assert!(g.parse_move("d1").unwrap_err().contains("off the board"));
        assert_eq!(g.format_move(4), "b2");
    }
}
