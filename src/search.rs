//! Search vocabulary shared by every engine: values with win/loss distance, windows, bounds,
//! limits, statistics and results, and the list of algorithms the CLI dispatches to.
//!
//! Values follow Kühr, *Algorithms of a computer player in simple board games* (algorithm 2.2,
//! `dal`/`bliz`) in the negamax form of the AND/OR textbook, *Searching game trees*, 6.2.6:
//! always from the side to move's point of view; a win `n` plies from the root is `WIN - n`, a
//! loss `-(WIN - n)`, a draw 0; heuristic values stay strictly inside
//! `(-HEURISTIC_LIMIT, HEURISTIC_LIMIT)`, so a shorter win is always preferred and a win score
//! can never be confused with an evaluation.

pub mod alphabeta;
pub mod config;
pub mod deepening;
pub mod dfpn;
pub mod dual_lambda;
pub mod engine;
pub mod lambda;
pub mod lambda_dfpn;
pub mod meter;
pub mod minimax;
pub mod node_tactics;
pub mod observer;
pub mod ordering;
pub mod pns;
pub mod proof;
pub mod pv;
pub mod tt;
pub mod zone;

pub use crate::game::{LambdaGame, Pass};
pub use config::{Enhancement, MoveOrdering, SearchConfig};
pub use engine::solve;
pub use lambda::{LambdaConfig, ThreatVerdict};

/// What every search needs of a game: the rules, an evaluation, tactics (defaults are fine),
/// a pass (defaults are fine: no null move) and what lambda search asks ([`LambdaGame`]:
/// stone games have it all, trees refuse lambda search). Every game implements it through the
/// blanket impl below, so every dispatcher can run any algorithm.
pub trait SearchGame:
    crate::game::Game + crate::game::Heuristic + crate::game::Tactics + Pass + LambdaGame
{
}

impl<G: crate::game::Game + crate::game::Heuristic + crate::game::Tactics + Pass + LambdaGame>
    SearchGame for G
{
}

use std::fmt;
use std::time::{Duration, Instant};

/// A search value from the side to move's view.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Value(pub i32);

/// Value of a win at the root itself; a win `n` plies away is `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Deepest ply a search may reach; win scores lie in `(WIN - MAX_PLY, WIN]`.
pub const MAX_PLY: usize = 1024;
pub use crate::game::HEURISTIC_LIMIT;
const _: () = assert!(HEURISTIC_LIMIT == WIN - 2 * MAX_PLY as i32);

impl Value {
    /// Larger than every value a search returns ("+infinity" of the window).
    pub const INFINITY: Value = Value(WIN + 1);
    /// The draw value.
    pub const DRAW: Value = Value(0);

    /// A win for the side to move at the node `ply` plies from the root.
    #[inline]
    pub fn win_at(ply: usize) -> Value {
        Value(WIN - ply as i32)
    }

    /// A loss for the side to move at the node `ply` plies from the root.
    #[inline]
    pub fn loss_at(ply: usize) -> Value {
        Value(-(WIN - ply as i32))
    }

    /// True for a proven win of the side to move.
    #[inline]
    pub fn is_win(self) -> bool {
        self.0 > WIN - MAX_PLY as i32
    }

    /// True for a proven loss of the side to move.
    #[inline]
    pub fn is_loss(self) -> bool {
        self.0 < -(WIN - MAX_PLY as i32)
    }

    /// True for a win or a loss score.
    #[inline]
    pub fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// Plies from the root to the end of the game for a win or loss score.
    pub fn plies_to_end(self) -> Option<usize> {
        if self.is_win() {
            Some((WIN - self.0) as usize)
        } else if self.is_loss() {
            Some((WIN + self.0) as usize)
        } else {
            None
        }
    }

    /// Converts a root-relative win/loss score to one relative to a node `ply` plies deep,
    /// for storing in a transposition table (the same subtree can be reached at any ply).
    #[inline]
    pub fn to_tt(self, ply: usize) -> Value {
        if self.is_win() {
            Value(self.0 + ply as i32)
        } else if self.is_loss() {
            Value(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// The inverse of [`Value::to_tt`].
    #[inline]
    pub fn from_tt(self, ply: usize) -> Value {
        if self.is_win() {
            Value(self.0 - ply as i32)
        } else if self.is_loss() {
            Value(self.0 + ply as i32)
        } else {
            self
        }
    }
}

impl std::ops::Neg for Value {
    type Output = Value;
    #[inline]
    fn neg(self) -> Value {
        Value(-self.0)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self >= Value::INFINITY {
            f.write_str("+inf")
        } else if *self <= -Value::INFINITY {
            f.write_str("-inf")
        } else if self.is_win() {
            write!(f, "win@{}", WIN - self.0)
        } else if self.is_loss() {
            write!(f, "loss@{}", WIN + self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// The alpha-beta window `(alpha, beta)` a node is searched with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Window {
    pub alpha: Value,
    pub beta: Value,
}

impl Window {
    /// The full window `(-inf, +inf)`.
    pub const FULL: Window = Window {
        alpha: Value(-(WIN + 1)),
        beta: Value(WIN + 1),
    };

    /// The child's window in negamax form: `(-beta, -alpha)`.
    #[inline]
    pub fn negated(self) -> Window {
        Window {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }
}

impl fmt::Display for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.alpha, self.beta)
    }
}

/// What a returned value says about the true (depth-limited) value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a beta cutoff: fail high).
    Lower,
    /// The true value is at most this (no move reached alpha: fail low).
    Upper,
}

impl Bound {
    /// The bound a value has after searching with `window` (fail-soft or fail-hard alike).
    #[inline]
    pub fn classify(value: Value, window: Window) -> Bound {
        if value >= window.beta {
            Bound::Lower
        } else if value <= window.alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }

    /// A short word for screens and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }
}

/// Limits of one search; `None` means unlimited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    /// Maximum depth in plies (nominal depth of alpha-beta; the last iteration of `id`).
    pub max_depth: Option<u32>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
}

impl Limits {
    /// What is left of these limits after `elapsed` and `used` nodes (the depth limit
    /// unchanged), for a command that runs several searches under one budget
    /// (`solve --root`); `None` when the time or the nodes are spent.
    pub fn left_after(&self, elapsed: Duration, used: u64) -> Option<Limits> {
        let time = match self.time {
            Some(t) => Some(t.checked_sub(elapsed).filter(|left| !left.is_zero())?),
            None => None,
        };
        let nodes = match self.nodes {
            Some(n) => Some(n.checked_sub(used).filter(|&left| left > 0)?),
            None => None,
        };
        Some(Limits {
            time,
            nodes,
            ..*self
        })
    }
}

/// Counters every engine keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited (every call of the recursive search, the root included).
    pub nodes: u64,
    /// Positions that were evaluated without expanding: game over or the depth horizon.
    pub leaves: u64,
    /// Beta cutoffs.
    pub cutoffs: u64,
    /// Transposition table look-ups.
    pub tt_probes: u64,
    /// Look-ups that found an entry for the position.
    pub tt_hits: u64,
    /// Wall time of the search.
    pub elapsed: Duration,
}

impl Stats {
    /// Adds another search's counters and time to these (several searches of one command:
    /// a root analysis's openings, shards, the threads of a parallel search).
    pub fn add(&mut self, more: &Stats) {
        self.nodes += more.nodes;
        self.leaves += more.leaves;
        self.cutoffs += more.cutoffs;
        self.tt_probes += more.tt_probes;
        self.tt_hits += more.tt_hits;
        self.elapsed += more.elapsed;
    }

    /// Nodes per second (0 when no time elapsed).
    pub fn nodes_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 { self.nodes as f64 / s } else { 0.0 }
    }
}

/// What a solve established for the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A proven win, the game ending `plies` plies from the root.
    Win { plies: usize },
    /// A proven loss.
    Loss { plies: usize },
    /// A proven draw (the whole game tree was searched).
    Draw,
    /// The whole tree was searched and its exact value is this number (textbook trees whose
    /// leaves are numbers rather than win/draw/loss).
    Exact(i32),
    /// Nothing proven within the limits; the value is a heuristic estimate.
    Unknown,
    /// A proven win found by lambda or dual-lambda search at this lambda level. A lambda-tree
    /// has no proven length: the game's distance to the end is not known.
    WinAtLevel { level: u8 },
    /// A proven loss found by dual-lambda search (every move lets the opponent win with a
    /// tree of at most this level); no proven length.
    LossAtLevel { level: u8 },
    /// Proof-number search proved the goal of the side to move (a win; a win or a draw when
    /// the puzzle counts draws for the attacker). `proof_size`: nodes of the proof tree.
    Proven { proof_size: u64 },
    /// Proof-number search disproved the goal: the side to move cannot force it (a loss or a
    /// draw; only a loss when draws count for the attacker).
    Disproven,
}

impl Verdict {
    /// "win", "loss", "draw" or "unknown".
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win { .. } | Verdict::WinAtLevel { .. } => "win",
            Verdict::Loss { .. } | Verdict::LossAtLevel { .. } => "loss",
            Verdict::Draw => "draw",
            Verdict::Exact(_) => "exact",
            Verdict::Unknown => "unknown",
            Verdict::Proven { .. } => "proven",
            Verdict::Disproven => "disproven",
        }
    }

    /// The lambda level of a threat-search win or loss.
    pub fn lambda_level(self) -> Option<u8> {
        match self {
            Verdict::WinAtLevel { level } | Verdict::LossAtLevel { level } => Some(level),
            _ => None,
        }
    }

    /// True for a proven win of any kind.
    pub fn is_win(self) -> bool {
        matches!(self, Verdict::Win { .. } | Verdict::WinAtLevel { .. })
    }

    /// True for a proven loss of any kind.
    pub fn is_loss(self) -> bool {
        matches!(self, Verdict::Loss { .. } | Verdict::LossAtLevel { .. })
    }

    /// Plies to the end of the game for a win or loss of the alpha-beta family (`None` for
    /// threat-search verdicts: a lambda-tree proves a win, not its length).
    pub fn plies(self) -> Option<usize> {
        match self {
            Verdict::Win { plies } | Verdict::Loss { plies } => Some(plies),
            _ => None,
        }
    }
}

/// A count of plies in words: "1 ply", "15 plies".
pub fn plies(n: impl Into<u64>) -> String {
    count(n.into(), "ply", "plies")
}

/// A count with its noun, singular for 1: "1 node", "3 nodes".
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Win { plies: n } => write!(f, "win in {}", plies(*n as u64)),
            Verdict::Loss { plies: n } => write!(f, "loss in {}", plies(*n as u64)),
            Verdict::Draw => f.write_str("draw"),
            Verdict::Exact(v) => write!(f, "exact value {v}"),
            Verdict::Unknown => f.write_str("unknown within limits"),
            Verdict::WinAtLevel { level } => write!(f, "win at lambda level {level}"),
            Verdict::LossAtLevel { level } => write!(f, "loss at lambda level {level}"),
            Verdict::Proven { proof_size } => {
                write!(f, "proven (proof tree of {proof_size} positions)")
            }
            Verdict::Disproven => f.write_str("disproven"),
        }
    }
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// What is proven about the root.
    pub verdict: Verdict,
    /// The root value (from the side to move's view).
    pub value: Value,
    /// The best root move found, if the root has moves.
    pub best_move: Option<M>,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// Depth of the last completed search (iteration), in plies.
    pub depth: u32,
    /// True when the search stopped on a node or time limit or by the observer.
    pub stopped: bool,
    /// Counters.
    pub stats: Stats,
}

/// The searches the CLI's `--algo` names: the alpha-beta family and the threat searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Algorithm {
    /// Plain negamax minimax, no pruning.
    Minimax,
    /// Fail-hard alpha-beta (Kühr, algorithm 3.2).
    AlphaBeta,
    /// Fail-soft alpha-beta (the AND/OR textbook, `VALUE`).
    AlphaBetaSoft,
    /// Iterative deepening over fail-soft alpha-beta with TT and move ordering (Kotrč, ch. 5).
    IterativeDeepening,
    /// Lambda search with relevance zones (Suda, 5.1); settings in `SearchConfig::lambda`.
    Lambda,
    /// Dual-lambda (mu) search (Suda, 3.7-3.11): win, loss or unknown.
    DualLambda,
    /// Best-first proof-number search with the tree in memory (Hric and Baudiš); settings in
    /// [`proof::ProofConfig`].
    Pns,
    /// PN²: PNS whose leaves are evaluated by a second, bounded PNS (Hric and Baudiš).
    Pn2,
    /// Nagai's depth-first proof-number search with thresholds and a table (Hric and Baudiš).
    DfPn,
    /// df-pn over lambda trees of the smallest level that works (Hric and Baudiš, Suda, 5.4.3).
    LambdaDfPn,
}

impl Algorithm {
    /// Every algorithm, in the order `--help` lists them.
    pub const ALL: [Algorithm; 10] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaSoft,
        Algorithm::IterativeDeepening,
        Algorithm::Lambda,
        Algorithm::DualLambda,
        Algorithm::Pns,
        Algorithm::Pn2,
        Algorithm::DfPn,
        Algorithm::LambdaDfPn,
    ];

    /// The alpha-beta family: searches of the game's value that run on every game (trees
    /// included) and report distances in plies.
    pub const ALPHA_BETA_FAMILY: [Algorithm; 4] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaSoft,
        Algorithm::IterativeDeepening,
    ];

    /// The proof-number family: goal searches answering proven / disproven / unknown
    /// ([`engine::proof_search`]); the last four of [`Algorithm::ALL`].
    pub const PROOF_FAMILY: [Algorithm; 4] = [
        Algorithm::Pns,
        Algorithm::Pn2,
        Algorithm::DfPn,
        Algorithm::LambdaDfPn,
    ];

    /// True for the proof-number family.
    pub fn is_proof_search(self) -> bool {
        matches!(
            self,
            Algorithm::Pns | Algorithm::Pn2 | Algorithm::DfPn | Algorithm::LambdaDfPn
        )
    }

    /// True for lambda and dual-lambda search (threat-space searches: a pass is needed, the
    /// answer is a win at a lambda level rather than a value).
    pub fn is_threat_search(self) -> bool {
        matches!(self, Algorithm::Lambda | Algorithm::DualLambda)
    }

    /// The name used on the command line and in puzzle files.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaSoft => "alphabeta-soft",
            Algorithm::IterativeDeepening => "id",
            Algorithm::Lambda => "lambda",
            Algorithm::DualLambda => "dual-lambda",
            Algorithm::Pns => "pns",
            Algorithm::Pn2 => "pn2",
            Algorithm::DfPn => "dfpn",
            Algorithm::LambdaDfPn => "lambda-dfpn",
        }
    }

    /// Parses a name from the command line or a puzzle file.
    pub fn parse(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Checks node and time limits every `2^CLOCK_BITS` nodes, so the hot loop reads the clock
/// rarely. 256: a clock read and a meter update cost well under a nanosecond a node even in
/// the fastest games, and ctrl-c, `--time` and the progress line answer within 256 nodes
/// where a node is slow (a Hex 7x7 df-pn node with H-search takes about a millisecond; at
/// 4,096 a ctrl-c waited seconds and the progress line showed 0 nodes).
pub const CLOCK_BITS: u32 = 8;

/// A stop watch for node and time limits.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    start: Instant,
    nodes: Option<u64>,
    deadline: Option<Instant>,
}

impl Budget {
    /// Starts the clock for `limits`.
    pub fn start(limits: &Limits) -> Budget {
        let start = Instant::now();
        Budget {
            start,
            nodes: limits.nodes,
            deadline: limits.time.map(|t| start + t),
        }
    }

    /// True when `nodes` is past the node limit, or (checked every 2^CLOCK_BITS nodes)
    /// the time is up.
    /// The same look also reports the nodes to [`meter`] and stops when a stop was
    /// requested there (ctrl-c in a headless command).
    #[inline]
    pub fn exhausted(&self, nodes: u64) -> bool {
        if let Some(n) = self.nodes
            && nodes > n
        {
            return true;
        }
        if nodes & ((1 << CLOCK_BITS) - 1) == 0 {
            meter::add_nodes(1 << CLOCK_BITS);
            if meter::stop_requested() {
                return true;
            }
            if let Some(d) = self.deadline {
                return Instant::now() >= d;
            }
        }
        false
    }

    /// True when `total` nodes (an engine's own with those of the knowledge it asks) are
    /// past the node limit.
    #[inline]
    pub fn past_nodes(&self, total: u64) -> bool {
        self.nodes.is_some_and(|n| total > n)
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_left_shrink_with_time_and_nodes_and_end_at_zero() {
        let limits = Limits {
            nodes: Some(100),
            time: Some(Duration::from_secs(2)),
            max_depth: Some(7),
        };
        let left = limits.left_after(Duration::from_millis(500), 40).unwrap();
        assert_eq!(left.nodes, Some(60));
        assert_eq!(left.time, Some(Duration::from_millis(1500)));
        assert_eq!(left.max_depth, Some(7));
        assert!(limits.left_after(Duration::from_millis(500), 100).is_none());
        assert!(limits.left_after(Duration::from_secs(2), 0).is_none());
        assert_eq!(
            Limits::default().left_after(Duration::from_secs(9), 9),
            Some(Limits::default())
        );
    }

    #[test]
    fn shorter_wins_are_better() {
        assert!(Value::win_at(3) > Value::win_at(5));
        assert!(Value::loss_at(5) > Value::loss_at(3));
        assert!(Value::win_at(MAX_PLY - 1).is_win());
        assert!(!Value(HEURISTIC_LIMIT - 1).is_win());
        assert_eq!(-Value::win_at(4), Value::loss_at(4));
    }

    #[test]
    fn tt_conversion_round_trips() {
        for v in [Value::win_at(9), Value::loss_at(7), Value(42)] {
            assert_eq!(v.to_tt(4).from_tt(4), v);
        }
        // A win 9 plies from the root seen at ply 4 is a win 5 plies from that node.
        assert_eq!(Value::win_at(9).to_tt(4), Value::win_at(5));
    }

    #[test]
    fn values_print_readably() {
        assert_eq!(Value::win_at(7).to_string(), "win@7");
        assert_eq!(Value::loss_at(2).to_string(), "loss@2");
        assert_eq!(Value(-15).to_string(), "-15");
        assert_eq!(Window::FULL.to_string(), "(-inf, +inf)");
    }

    #[test]
    fn bounds_classify_by_window() {
        let w = Window {
            alpha: Value(10),
            beta: Value(20),
        };
        assert_eq!(Bound::classify(Value(20), w), Bound::Lower);
        assert_eq!(Bound::classify(Value(10), w), Bound::Upper);
        assert_eq!(Bound::classify(Value(15), w), Bound::Exact);
    }
}
