//! The observer hook: engines report what they do to an [`Observer`], which the explorer's
//! recorder turns into a replayable trace and headless solving ignores.
//!
//! The shape is pgn-reader's visitor: one method per event with a no-op default, each returning
//! [`ControlFlow`] so the caller can stop a search (the engine then unwinds as on a node limit).
//! [`NoTrace`] sets `ENABLED = false`; engines guard every call with `if O::ENABLED`, so headless
//! code carries no trace at all after monomorphisation.
//!
//! # The contract
//!
//! - Events nest: `leave` closes the node `enter` opened last, `lambda_leave` the node of
//!   the matching `lambda_enter`, `pn_leave` that of the matching `pn_enter`; every other
//!   node event (a table probe, a cutoff, an ordered list, ...) belongs to the innermost open
//!   node. Each method's doc says what it reports and when.
//! - Engines report plain values and the views defined here ([`TtEntryView`],
//!   [`LambdaNode`], [`LambdaVerdict`], [`LambdaTtView`], [`PnNodeView`], ...), never their
//!   own tables or types of a layer above search.
//!
//! # Where it lives
//!
//! The interface is part of the search layer: it sits below both the engines that report to it and
//! the recorder of `crate::trace` that implements it, so search never imports `crate::trace`
//! (pinned by `tests/integration/architecture.rs`), and recording depends on search, not the other
//! way round.

use std::ops::ControlFlow;

use crate::game::{Game, Player};
use crate::search::proof::ProofNumbers;
use crate::search::zone::ZoneScheme;
use crate::search::{Bound, Value, Window};

/// Continue the search.
pub const GO: ControlFlow<()> = ControlFlow::Continue(());

/// A transposition-table entry as an observer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// Why a LAMBDA(p, n) call (Suda 5.1) was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LambdaPurpose {
    /// The search the user asked for.
    Root,
    /// ATTACK's test of an attack move: the defender passes and LAMBDA(p, n - 1) asks whether
    /// the move threatens (a nested threat check).
    Threat,
    /// DEFEND's re-search LAMBDA(p, n) after a defender's move.
    AfterDefence,
    /// Dual-lambda's check (definition 2 (ii)): after an attack move, may the defender win
    /// with a tree of order <= the threat's order? Here the `attacker` is the defender.
    CounterThreat,
}

/// A node of the lambda tree as the engines report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LambdaNodeKind<M> {
    /// A LAMBDA(attacker, level) call on the current position (no move played).
    Search(LambdaPurpose),
    /// ATTACK plays `M` for the attacker at the level of the node.
    Attack(M),
    /// DEFEND plays `M` for the defender at the level of the node.
    Defence(M),
}

/// What the lambda engines report on entering a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LambdaNode<M> {
    /// Search call, attack move or defence move.
    pub kind: LambdaNodeKind<M>,
    /// The attacker of this (sub-)search.
    pub attacker: Player,
    /// The lambda level: the maximum level n of a search call, the level of the ATTACK or
    /// DEFEND that tries a move.
    pub level: u8,
    /// Plies left before the depth limit's draw (Suda 4.8).
    pub depth_left: u32,
}

/// How a lambda node ended (reported on leaving it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LambdaVerdict {
    /// Search: the attacker has a lambda-tree of value 1 of this level. Attack move: it wins at
    /// this level. Defence move: it does not stop the attack.
    Won { level: u8 },
    /// Search: no lambda-tree of value 1 up to the node's level. Attack move: defended (or not
    /// a threat, see `NoThreat`). Defence move: it stops the attack.
    NotWon,
    /// Attack move: not a threat of the level below (LAMBDA(p, n - 1) = 0).
    NoThreat,
    /// Attack move (dual-lambda): the defender then wins with a tree of this level; the move
    /// loses and is excluded at all higher levels. Search (dual-lambda, root): every move of
    /// the attacker loses, the position is a proven loss.
    SelfEndangering { level: u8 },
    /// The move ended the game without a win for the attacker (the defender's own win, an
    /// inversion; a draw; the attacker's suicide).
    GameOver,
    /// The depth limit was reached: a draw by the rules of section 4.8.
    DepthLimit,
    /// A node or time limit, or the observer, stopped the search inside this node.
    Stopped,
}

/// A transposition-table entry of the lambda engines as an observer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LambdaTtView {
    /// True when the stored result is a win for the attacker.
    pub won: bool,
    /// The stored level (the win's level, or the level searched without a win).
    pub level: u8,
    /// The remaining depth the entry was searched with.
    pub depth_left: u32,
    /// True when the entry decided the node without a search.
    pub cutoff: bool,
}

/// A node of the proof-number family as an observer sees it. Numbers are always `[pn, dn]`
/// from the attacker's view (engines in phi/delta form map back first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PnNodeView {
    /// The node's proof and disproof numbers.
    pub numbers: ProofNumbers,
    /// df-pn's thresholds `[th_pn, th_dn]` for this MID frame; `None` for best-first PNS.
    pub thresholds: Option<ProofNumbers>,
    /// True at an OR node (the attacker to move), false at an AND node.
    pub or_node: bool,
    /// True inside PN²'s second-level search (its nodes are discarded afterwards).
    pub second_level: bool,
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

    /// Lambda and dual-lambda search (Suda 5.1) enter a node of the lambda tree: a LAMBDA call, or
    /// an attack or defence move (then `game` is the position after it). Each `lambda_enter` is
    /// matched by one `lambda_leave`.
    fn lambda_enter(&mut self, game: &G, node: LambdaNode<G::Move>) -> ControlFlow<()> {
        GO
    }

    /// Inside the current LAMBDA call, ATTACK starts at `level` with the attack zone `zone`
    /// (`None` when zones are off) and will try `candidates` in this order.
    fn lambda_attack(
        &mut self,
        level: u8,
        zone: Option<&ZoneScheme>,
        candidates: &[G::Move],
    ) -> ControlFlow<()> {
        GO
    }

    /// Inside the current attack move, DEFEND starts at `level` against the threat found,
    /// with its defence zone `zone` (`None` when zones are off) and `candidates` in order.
    fn lambda_defend(
        &mut self,
        level: u8,
        zone: Option<&ZoneScheme>,
        candidates: &[G::Move],
    ) -> ControlFlow<()> {
        GO
    }

    /// A transposition-table look-up of the current LAMBDA call (`None`: a miss).
    fn lambda_tt(&mut self, key: u64, entry: Option<LambdaTtView>) -> ControlFlow<()> {
        GO
    }

    /// The proof-number family enters a node: the root (`mv = None`) or the child reached by
    /// `mv` from the node entered last. PNS's walk to the most-proving node and df-pn's MID
    /// calls are enters; entering the same move from the same node again is a revisit of the
    /// same tree node (PNS descends from the root every iteration, df-pn re-enters children
    /// with new thresholds). Each `pn_enter` is matched by one `pn_leave`.
    fn pn_enter(&mut self, game: &G, mv: Option<G::Move>, node: PnNodeView) -> ControlFlow<()> {
        GO
    }

    /// The current node is expanded: its children `moves` get the initial `numbers` (two
    /// slices of equal length, in the engine's order).
    fn pn_expand(&mut self, moves: &[G::Move], numbers: &[ProofNumbers]) -> ControlFlow<()> {
        GO
    }

    /// The current node's numbers (and, in df-pn, thresholds) after a backup step or a turn
    /// of the MID loop, changed or not.
    fn pn_update(&mut self, node: PnNodeView) -> ControlFlow<()> {
        GO
    }

    /// A transposition-table look-up for the current node (`None`: a miss).
    fn pn_tt(&mut self, key: u64, entry: Option<ProofNumbers>) -> ControlFlow<()> {
        GO
    }

    /// The engine goes back to the parent of the current node, whose final numbers for this
    /// visit are `node`.
    fn pn_leave(&mut self, node: PnNodeView) -> ControlFlow<()> {
        GO
    }

    /// The engines leave the node they last entered with `verdict` and the zone that comes
    /// with it: for a search call, the defence zone of a win (predicate D_n) or the attack
    /// zone of a failure (A_n); for a move, the zone it contributes to its parent. `None`
    /// when zones are off.
    fn lambda_leave(
        &mut self,
        verdict: LambdaVerdict,
        zone: Option<&ZoneScheme>,
    ) -> ControlFlow<()> {
        GO
    }
}

/// The observer of headless solving: records nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<G: Game> Observer<G> for NoTrace {
    const ENABLED: bool = false;
}
