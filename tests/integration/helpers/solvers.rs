//! Exhaustive answers the differential tests hold the engines to, and the limits they run
//! under.

use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, Limits, SearchConfig, SearchGame, SearchResult, Verdict, solve};

/// No limit but `depth` plies.
pub fn depth_limit(depth: u32) -> Limits {
    Limits {
        max_depth: Some(depth),
        ..Limits::default()
    }
}

/// No limit but `nodes` nodes.
pub fn node_limit(nodes: u64) -> Limits {
    Limits {
        nodes: Some(nodes),
        ..Limits::default()
    }
}

/// Alpha-beta with a `tt_mb` table for the side to move, to the end of the game unless
/// `limits` stop it first.
pub fn alpha_beta<G: SearchGame>(
    game: &mut G,
    tt_mb: usize,
    limits: &Limits,
) -> SearchResult<G::Move> {
    let config = SearchConfig {
        tt_mb,
        ..SearchConfig::for_algorithm(Algorithm::AlphaBeta)
    };
    solve(game, &config, limits, &mut NoTrace)
}

/// The exact result for the side to move by alpha-beta (a 1 MB table) to the end of the game,
/// if it finishes within 400,000 nodes.
pub fn exact<G: SearchGame>(game: &mut G) -> Option<Verdict> {
    exact_within(game, 1, 400_000)
}

/// The exact result for the side to move by alpha-beta with a `tt_mb` table to the end of the
/// game, if it finishes within `nodes` nodes.
pub fn exact_within<G: SearchGame>(game: &mut G, tt_mb: usize, nodes: u64) -> Option<Verdict> {
    let result = alpha_beta(game, tt_mb, &node_limit(nodes));
    (!result.stopped && result.verdict != Verdict::Unknown).then_some(result.verdict)
}
