//! Iterative deepening (seed 002 chapter 5): fail-soft alpha-beta to depth 1, 2, 3, ... with
//! one transposition table, killer and history tables kept across iterations.
//!
//! - Each iteration orders the root moves by the previous iteration's values (best first) and
//!   every inner node tries the table's move first (seed 002 5.1-5.2), so the deeper search
//!   starts with the best line found so far.
//! - A node or time limit (checked through [`crate::search::Budget`]) abandons the running
//!   iteration; the result is the last *completed* iteration (seed 002 5.1: "the best
//!   solution found so far"). `observer.iteration(d)` announces each iteration.
//! - The deepening stops early once the root value is proven: a win or loss (heuristic
//!   values never reach those scores), or an iteration that met no horizon, no unsolved table
//!   cutoff and no heuristic: it searched the whole game tree, so its value (a draw, say) is
//!   exact. Table entries whose subtrees met no horizon are marked solved and answer at any
//!   depth, which is what lets later iterations finish such subtrees at once.
//! - History scores are halved between iterations, so recent cutoffs weigh more.

use std::time::Duration;

use crate::search::alphabeta::Searcher;
use crate::search::config::SearchConfig;
use crate::search::minimax::verdict_of;
use crate::search::{Limits, SearchGame, SearchResult, Value, Verdict};
use crate::trace::Observer;

/// What one completed iteration found (for progress reports and measurements).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationReport<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The root value.
    pub value: Value,
    /// What the value proves.
    pub verdict: Verdict,
    /// The best root move.
    pub best_move: Option<M>,
    /// Nodes this iteration took.
    pub nodes: u64,
    /// Nodes of all iterations so far.
    pub total_nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// Iterative deepening to `limits.max_depth` plies (or until proven, within
/// `config.max_ply`); `on_iteration` hears about every completed iteration.
pub fn iterative_deepening<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    config: &SearchConfig,
    limits: &Limits,
    observer: &mut O,
    mut on_iteration: impl FnMut(&IterationReport<G::Move>),
) -> SearchResult<G::Move> {
    let max_ply = config.effective_max_ply() as u32;
    let last_depth = limits.max_depth.unwrap_or(max_ply).min(max_ply);
    let mut s = Searcher::new(game, config, limits, observer);
    let mut result = SearchResult {
        verdict: Verdict::Unknown,
        value: Value::DRAW,
        best_move: None,
        pv: Vec::new(),
        depth: 0,
        stopped: false,
        stats: s.stats,
    };
    for depth in 1..=last_depth.max(1) {
        if O::ENABLED && s.observer().iteration(depth).is_break() {
            s.stop();
            break;
        }
        s.begin_iteration();
        let nodes_before = s.stats.nodes;
        let value = s.search_root::<true>(game, depth);
        if s.stopped() {
            break;
        }
        let verdict = verdict_of(value, s.inexact(), s.heuristic_cuts());
        let pv = s.principal_variation(game, max_ply as usize);
        result.verdict = verdict;
        result.value = value;
        result.best_move = pv.first().copied();
        result.pv = pv;
        result.depth = depth;
        on_iteration(&IterationReport {
            depth,
            value,
            verdict,
            best_move: result.best_move,
            nodes: s.stats.nodes - nodes_before,
            total_nodes: s.stats.nodes,
            elapsed: s.elapsed(),
        });
        let exact = s.inexact() == 0 && s.heuristic_cuts() == 0;
        if verdict != Verdict::Unknown || exact {
            break;
        }
    }
    result.stopped = s.stopped();
    result.stats = s.stats;
    result.stats.elapsed = s.elapsed();
    result
}
