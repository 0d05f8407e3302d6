//! The observer hook: engines report what they do to an [`Observer`], which the explorer's
//! recorder turns into a replayable trace and headless solving ignores.
//!
//! The shape is pgn-reader's visitor (conventions.md 2): one method per event with a no-op
//! default, each returning [`ControlFlow`] so the caller can stop a search (the engine then
//! unwinds as on a node limit). [`NoTrace`] sets `ENABLED = false`; engines guard every call
//! with `if O::ENABLED`, so headless code carries no trace at all after monomorphisation.

pub mod live;
pub mod recorder;
pub mod replay;
pub mod store;

use std::ops::ControlFlow;

use crate::game::Game;
use crate::search::{Bound, Value, Window};

/// Continue the search.
pub const GO: ControlFlow<()> = ControlFlow::Continue(());

/// A transposition-table entry as an observer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntryView<M> {
    /// Stored value, relative to the probing node.
    pub value: Value,
    /// What the value bounds.
    pub bound: Bound,
    /// Remaining depth the entry was searched to (`u32::MAX` for a solved subtree that no
    /// horizon touched).
    pub depth: u32,
    /// The best move stored, if any.
    pub best: Option<M>,
    /// True when the entry's value decided the node without a search.
    pub cutoff: bool,
}

/// Receives the events of a search. Every method has a default that does nothing.
#[allow(unused_variables)]
pub trait Observer<G: Game> {
    /// False for observers that record nothing: engines skip every call.
    const ENABLED: bool = true;

    /// An iteration of iterative deepening starts, to `depth` plies.
    fn iteration(&mut self, depth: u32) -> ControlFlow<()> {
        GO
    }

    /// The search enters the position `game` (after `mv`; `None` at the root) at `ply`
    /// plies from the root, with `depth` plies left and `window`.
    fn enter(
        &mut self,
        game: &G,
        mv: Option<G::Move>,
        ply: usize,
        depth: u32,
        window: Window,
    ) -> ControlFlow<()> {
        GO
    }

    /// The search leaves the node it last entered with `value`, which is a `bound` of the
    /// node's value. `best` is the move that gave the value, if any.
    fn leave(&mut self, value: Value, bound: Bound, best: Option<G::Move>) -> ControlFlow<()> {
        GO
    }

    /// The child reached by `mv` returned `value >= window.beta`: the moves in `skipped`
    /// are not searched.
    fn cutoff(
        &mut self,
        mv: G::Move,
        value: Value,
        window: Window,
        skipped: &[G::Move],
    ) -> ControlFlow<()> {
        GO
    }

    /// A transposition-table look-up for the current node (`None`: a miss).
    fn tt_probe(&mut self, key: u64, entry: Option<TtEntryView<G::Move>>) -> ControlFlow<()> {
        GO
    }

    /// The current node's result is stored in the transposition table.
    fn tt_store(
        &mut self,
        key: u64,
        value: Value,
        bound: Bound,
        depth: u32,
        best: Option<G::Move>,
    ) -> ControlFlow<()> {
        GO
    }

    /// The moves of the current node in the order they will be searched.
    fn ordered(&mut self, moves: &[G::Move]) -> ControlFlow<()> {
        GO
    }

    /// A null-move probe (a heuristic, never part of a proof) with reduction `r` returned
    /// `value`; `cut` tells whether it pruned the node.
    fn null_move(&mut self, r: u32, value: Value, cut: bool) -> ControlFlow<()> {
        GO
    }

    /// Static forward pruning (a heuristic, never part of a proof) dropped `dropped`.
    fn forward_pruned(&mut self, dropped: &[G::Move]) -> ControlFlow<()> {
        GO
    }
}

/// The observer of headless solving: records nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<G: Game> Observer<G> for NoTrace {
    const ENABLED: bool = false;
}
