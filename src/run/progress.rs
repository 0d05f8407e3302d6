//! What a running search reports a few times a second: nodes (estimated past the record
//! budget), nodes per second, the iteration depth and the best root move so far, read from
//! the growing trace.

use std::time::{Duration, Instant};

use crate::game::Game;
use crate::trace::live::LiveTrace;
use crate::trace::replay::Replay;
use crate::trace::store::NodeId;

/// How often progress is sent while a search runs.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(250);

/// A snapshot of a running search (kept in a saved run, `crate::run::saved`).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Progress {
    /// The search this belongs to (a restarted search gets a new id).
    pub id: u64,
    /// Nodes searched so far: those recorded, plus an estimate for the part of the search
    /// past the record budget (see `estimated`).
    pub nodes: u64,
    /// True when `nodes` includes an estimate: the record is full and the engine goes on
    /// unrecorded, so its nodes are the unrecorded events times the record's nodes per event.
    pub estimated: bool,
    /// Nodes per second since the start.
    pub nodes_per_second: f64,
    /// The iteration depth announced last, if any.
    pub depth: Option<u32>,
    /// The best root move so far, in the game's notation.
    pub best_move: Option<String>,
}

/// The progress as of now; `replay` follows the end of the record from call to call, so
/// each call only steps over what arrived since the last.
pub fn progress_of<G: Game>(
    root: &G,
    live: &LiveTrace<G::Move>,
    id: u64,
    started: Instant,
    replay: &mut Replay,
) -> Progress {
    let unrecorded = live.unrecorded();
    let trace = live.read();
    replay.seek(&trace, trace.len());
    let recorded = trace.node_count() as u64;
    let events = trace.len().max(1) as u64;
    let nodes = recorded + (unrecorded as u128 * recorded as u128 / events as u128) as u64;
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    // The latest root with a best child so far: an iteration that has not finished its
    // first move yet shows the previous iteration's choice.
    let roots: Vec<NodeId> = trace.roots().collect();
    let best_move = roots
        .iter()
        .rev()
        .find_map(|&r| replay.node(&trace, r).best_child)
        .or_else(|| {
            // Proof-number searches: a root child proven (the root is an OR node).
            roots.iter().rev().find_map(|&r| {
                replay.children(&trace, r).find(|&c| {
                    replay
                        .pn(&trace, c)
                        .and_then(|s| s.numbers)
                        .is_some_and(|n| n.is_proven())
                })
            })
        })
        .or_else(|| {
            // Lambda searches have no values: the first root attack move proven to win.
            roots.iter().rev().find_map(|&r| {
                replay.children(&trace, r).find(|&c| {
                    replay.lambda(&trace, c).is_some_and(|s| {
                        matches!(s.kind, crate::search::observer::LambdaNodeKind::Attack(_))
                            && matches!(
                                s.verdict,
                                Some(crate::search::observer::LambdaVerdict::Won { .. })
                            )
                    })
                })
            })
        })
        .and_then(|child| trace.node(child).mv())
        .map(|m| root.format_move(m));
    Progress {
        id,
        nodes,
        estimated: unrecorded > 0,
        nodes_per_second: nodes as f64 / seconds,
        depth: replay.iteration(&trace),
        best_move,
    }
}
