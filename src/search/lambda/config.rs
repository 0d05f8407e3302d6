//! What a lambda or dual-lambda search is asked to do and what it answers (Suda, *Efficient
//! algorithms for verifying goals in computer games*, sections 3.3-3.11 and 5.1).

use crate::search::Stats;

/// Settings of one lambda or dual-lambda search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LambdaConfig {
    /// The highest lambda level tried: LAMBDA(p, n) iterates the levels 1..=n (`--max-level`).
    pub max_level: u8,
    /// The depth limit d of Suda, section 4.8 (`--max-depth`): after d plies the game is
    /// a draw, so the attacker fails. A pass of a threat check counts as a ply, like the
    /// defender's move whose place it takes (see `engine`). `u32::MAX`: no limit beyond the
    /// game's own end. The search uses the smaller of this and `Limits::max_depth`.
    pub max_depth: u32,
    /// Relevance zones (Suda, chapter 4) for stable stone games; off (`--no-zones`)
    /// every legal move is a candidate, which changes the effort but never the result.
    pub zones: bool,
    /// Transposition table size in megabytes; 0 = no table (`--no-tt`).
    pub tt_mb: usize,
    /// Dual-lambda (mu) search (definition 2, section 3.11): attack moves must also leave
    /// the defender no counter-threat, and a position where every move of the attacker is
    /// self-endangering is a proven loss.
    pub dual: bool,
}

impl Default for LambdaConfig {
    fn default() -> Self {
        LambdaConfig {
            max_level: 3,
            max_depth: u32::MAX,
            zones: true,
            tt_mb: 64,
            dual: false,
        }
    }
}

impl LambdaConfig {
    /// The default settings of dual-lambda search.
    pub fn dual() -> LambdaConfig {
        LambdaConfig {
            dual: true,
            ..LambdaConfig::default()
        }
    }
}

/// What a lambda search established for the attacker (the side to move at the root).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThreatVerdict {
    /// A lambda-tree (dual-lambda: mu-tree) of value 1 of this level exists: a proven win
    /// (confidence, section 3.5). Level 0 is a win in one move.
    Win { level: u8 },
    /// Dual-lambda only: every legal move of the attacker lets the defender win with a
    /// mu-tree of at most this level: a proven loss.
    Loss { level: u8 },
    /// Nothing proven within the levels, the depth limit and the node and time limits.
    Unknown,
}

impl ThreatVerdict {
    /// "win", "loss" or "unknown".
    pub fn word(self) -> &'static str {
        match self {
            ThreatVerdict::Win { .. } => "win",
            ThreatVerdict::Loss { .. } => "loss",
            ThreatVerdict::Unknown => "unknown",
        }
    }

    /// The level of a win or loss.
    pub fn level(self) -> Option<u8> {
        match self {
            ThreatVerdict::Win { level } | ThreatVerdict::Loss { level } => Some(level),
            ThreatVerdict::Unknown => None,
        }
    }
}

impl std::fmt::Display for ThreatVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ThreatVerdict::Win { level } => write!(f, "win at lambda level {level}"),
            ThreatVerdict::Loss { level } => write!(f, "loss at lambda level {level}"),
            ThreatVerdict::Unknown => f.write_str("unknown within limits"),
        }
    }
}

/// The answer of [`crate::search::lambda::lambda_search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LambdaReport<M> {
    /// What is proven.
    pub verdict: ThreatVerdict,
    /// The winning first move of a win (`None` for a win already on the board, a loss, or
    /// unknown).
    pub best_move: Option<M>,
    /// True when a node or time limit or the observer stopped the search (the verdict is
    /// then `Unknown` unless a proof was complete before).
    pub stopped: bool,
    /// Counters: `nodes` (the root and every move played), `tt_probes`, `tt_hits`, `elapsed`.
    pub stats: Stats,
}

/// How [`crate::search::lambda::analyse_root`] classifies a root move (Suda, figures
/// 5.1-5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RootMoveClass {
    /// The move is a winning attack at this level (0: it wins at once).
    Wins { level: u8 },
    /// Tried up to the maximum level: neither a win nor a loss was proven.
    NotProven,
    /// After the move the opponent wins with a tree of this level: the move loses.
    SelfEndangering { level: u8 },
}

impl RootMoveClass {
    /// A short word for screens and JSON: "wins", "not-proven", "self-endangering".
    pub fn word(self) -> &'static str {
        match self {
            RootMoveClass::Wins { .. } => "wins",
            RootMoveClass::NotProven => "not-proven",
            RootMoveClass::SelfEndangering { .. } => "self-endangering",
        }
    }

    /// The level of a win or of the opponent's win.
    pub fn level(self) -> Option<u8> {
        match self {
            RootMoveClass::Wins { level } | RootMoveClass::SelfEndangering { level } => Some(level),
            RootMoveClass::NotProven => None,
        }
    }
}

/// One root move of [`crate::search::lambda::analyse_root`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// What was proven about it.
    pub class: RootMoveClass,
    /// Nodes its classification took.
    pub nodes: u64,
}

/// The answer of [`crate::search::lambda::analyse_root`]: every legal root move in the
/// generator's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootAnalysis<M> {
    /// One entry per legal move.
    pub moves: Vec<RootMove<M>>,
    /// True when a limit or the observer stopped the analysis (the moves not reached are
    /// `NotProven`).
    pub stopped: bool,
    /// Counters summed over the moves.
    pub stats: Stats,
}

/// Why a game cannot be searched by lambda search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LambdaError {
    /// Threat search lets the defender pass; this game has no pass.
    #[error(
        "lambda search needs a pass (the defender gives up a turn in a threat check); {0} has none"
    )]
    CannotPass(&'static str),
}
