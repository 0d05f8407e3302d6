//! What an alpha-beta family search is asked to do: the algorithm, the transposition table
//! size, the move-ordering switches, exact tactics, and the two labelled heuristics (null move
//! and static forward pruning, seed 002 section 7.1) that never take part in a proof.

use crate::search::lambda::LambdaConfig;
use crate::search::proof::ProofConfig;
use crate::search::{Algorithm, MAX_PLY};

/// Which move-ordering techniques are on (seed 002 3.1 and 5.2, thesis 000 5.3.2).
///
/// Moves are searched in this order: the transposition table's best move, the two killer
/// moves of the ply, then the rest by 1-ply evaluation (if on) with the history score as
/// the tie-break (or by history alone). Ties keep the generator's order, so node counts are
/// deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOrdering {
    /// Search the best move stored in the transposition table first.
    pub tt_move: bool,
    /// Two killer moves per ply: moves that caused a cutoff at the same ply elsewhere.
    pub killers: bool,
    /// History heuristic: `+2^depth` for a move that causes a cutoff, one table for both
    /// sides, indexed by `Heuristic::move_index` (thesis 000 5.3.2).
    pub history: bool,
    /// Sort by a 1-ply static evaluation (play, evaluate, undo; seed 002 3.1), using the
    /// child's transposition-table value when it has one (seed 002 5.2). Done only where at
    /// least two plies remain: one ply above the horizon the children are evaluated anyway.
    pub eval_sort: bool,
}

impl MoveOrdering {
    /// Every technique on.
    pub const ALL: MoveOrdering = MoveOrdering {
        tt_move: true,
        killers: true,
        history: true,
        eval_sort: true,
    };

    /// Plain generator order (textbook examples: exactly the order of the text).
    pub const NONE: MoveOrdering = MoveOrdering {
        tt_move: false,
        killers: false,
        history: false,
        eval_sort: false,
    };

    /// True when any technique is on.
    pub fn any(self) -> bool {
        self.tt_move || self.killers || self.history || self.eval_sort
    }
}

/// A search's settings. `SearchConfig::default()` is what `solve` uses unless told otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// The algorithm (`--algo`).
    pub algorithm: Algorithm,
    /// Transposition table size in megabytes (rounded down to a power-of-two number of
    /// buckets); 0 = no table. Minimax never uses one.
    pub tt_mb: usize,
    /// Move ordering (ignored by minimax).
    pub ordering: MoveOrdering,
    /// Exact threat pruning for stable games (`Tactics::is_stable`): an immediate win ends
    /// the node; two opponent threats lose in two plies; one threat forces the reply. Has no
    /// effect on games that are not stable. Ignored by minimax.
    pub tactics: bool,
    /// With tactics: a forced reply (the only move that does not lose at once) is searched
    /// without using up depth, also at the horizon, so a ladder of ataris or a chain of
    /// forced blocks is read to its end instead of being cut off by the horizon (like a
    /// chess engine's check extension and quiescence search). Every value is still a real
    /// game value, and proofs come at a smaller nominal depth, but iterative deepening then
    /// stops at the first proof it meets, which may be a longer forced win than the
    /// shortest: the reported distance is that of the line found. Off by default, so
    /// distances are exact. (AtariGo 6x6 crosscut: on, the 15-ply win shows at depth 11
    /// after 8.9 M nodes, 4.2 M in the last iteration; off, at depth 14 after 16.0 M, of
    /// which 0.96 M in the last iteration thanks to the distance bound of `deepening`.)
    pub extend_forced: bool,
    /// Null-move pruning with R = 2 (seed 002 7.1.2). A heuristic: a search it cut is never
    /// reported as a proof.
    pub null_move: bool,
    /// Static forward pruning (seed 002 7.1.1): keep only this percentage (1-100) of the
    /// ordered moves below the root. A heuristic like the null move.
    pub forward_prune_keep_percent: Option<u8>,
    /// Nodes this many plies from the root are evaluated as at a horizon, whatever depth is
    /// left (a guard for the recursion and the stack). At most `MAX_PLY - 2`.
    pub max_ply: usize,
    /// Settings of lambda and dual-lambda search (`Algorithm::Lambda`, `DualLambda`; the
    /// table size is `lambda.tt_mb`, `dual` follows the algorithm); the alpha-beta family
    /// ignores them.
    pub lambda: LambdaConfig,
    /// Settings of the proof-number family (`Algorithm::Pns`, `Pn2`, `DfPn`, `LambdaDfPn`);
    /// the others ignore them.
    pub proof: ProofConfig,
}

/// Default `max_ply`: deeper than any game plyscope can solve, shallow enough for the stack
/// (each ply keeps a move list and its sort keys, about 4 KiB, on the stack).
pub const DEFAULT_MAX_PLY: usize = 256;

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::IterativeDeepening,
            tt_mb: 64,
            ordering: MoveOrdering::ALL,
            tactics: true,
            extend_forced: false,
            null_move: false,
            forward_prune_keep_percent: None,
            max_ply: DEFAULT_MAX_PLY,
            lambda: LambdaConfig::default(),
            proof: ProofConfig::default(),
        }
    }
}

impl SearchConfig {
    /// The default settings for `algorithm`.
    pub fn for_algorithm(algorithm: Algorithm) -> SearchConfig {
        SearchConfig {
            algorithm,
            ..SearchConfig::default()
        }
    }

    /// The textbook form of `algorithm`: no table, generator order, no tactics, no
    /// heuristics, exactly as the seeds' pseudo-code.
    pub fn plain(algorithm: Algorithm) -> SearchConfig {
        SearchConfig {
            algorithm,
            tt_mb: 0,
            ordering: MoveOrdering::NONE,
            tactics: false,
            extend_forced: false,
            null_move: false,
            forward_prune_keep_percent: None,
            max_ply: DEFAULT_MAX_PLY,
            lambda: LambdaConfig {
                tt_mb: 0,
                ..LambdaConfig::default()
            },
            proof: ProofConfig {
                tt_mb: 0,
                ..ProofConfig::default()
            },
        }
    }

    /// True when a heuristic that can change the value (null move, forward pruning) is on.
    pub fn uses_heuristics(&self) -> bool {
        self.null_move || self.forward_prune_keep_percent.is_some_and(|p| p < 100)
    }

    /// `max_ply` clamped to what values can express (`MAX_PLY - 2`: tactics look two plies
    /// ahead) and at least 1.
    pub fn effective_max_ply(&self) -> usize {
        self.max_ply.clamp(1, MAX_PLY - 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_iterative_deepening_with_everything_exact_on() {
        let c = SearchConfig::default();
        assert_eq!(c.algorithm, Algorithm::IterativeDeepening);
        assert!(c.tt_mb > 0 && c.tactics && c.ordering.any());
        assert!(!c.uses_heuristics());
    }

    #[test]
    fn plain_is_the_textbook_form() {
        let c = SearchConfig::plain(Algorithm::AlphaBeta);
        assert_eq!(c.tt_mb, 0);
        assert!(!c.ordering.any() && !c.tactics && !c.uses_heuristics());
    }

    #[test]
    fn heuristics_are_detected_and_max_ply_clamped() {
        let mut c = SearchConfig {
            forward_prune_keep_percent: Some(100),
            ..SearchConfig::default()
        };
        assert!(!c.uses_heuristics());
        c.forward_prune_keep_percent = Some(50);
        assert!(c.uses_heuristics());
        c.max_ply = 5000;
        assert_eq!(c.effective_max_ply(), MAX_PLY - 2);
        c.max_ply = 0;
        assert_eq!(c.effective_max_ply(), 1);
    }
}
