//! The replay cursor: the state of every node of a recorded search "as of step i", where
//! step `i` means the first `i` events of the log have happened.
//!
//! What a node shows is what Kühr, *Algorithms of a computer player in simple board games*,
//! draws on every node of its alpha-beta example 3.2 (figure 18): alpha and beta at entry and
//! the value, here also as they stand part-way through the search, plus the cutoffs of the
//! AND/OR textbook, figures 6.23-6.25 (which child, how many siblings skipped) and the table
//! and heuristic events of Kotrč, *Gobblet analysed with AI methods*.
//!
//! # Stepping costs the same both ways
//!
//! Almost everything about a node is a fact of the log with a position: the node has been
//! entered at step `i` when its enter event is below `i` (equivalently, because ids follow
//! entry order, when its id is below the number of enters so far), it is closed when its
//! leave event is below `i`, it has its cutoff, table probe, ordering, ... when those events
//! are below `i`. Those need no state at all. The cursor keeps only what accumulates:
//!
//! - the step, the number of nodes entered and the innermost open node (the current node);
//! - each node's best child so far (the child with the highest negated value, the first
//!   one on ties; null-move probes do not count), from which the value so far follows.
//!
//! [`Replay::forward`] applies one event and [`Replay::back`] undoes it, each in O(1): an
//! enter moves the current node down, a leave moves it up and may replace the parent's best
//! child; undoing a leave restores the best child the recorder stored in the event
//! (`prev_best`, "what it overwrote"). The subtree size so far is the number of nodes entered
//! since the node (ids are pre-order), also O(1).
//!
//! # Lambda nodes
//!
//! A lambda search's nodes (Suda, *Efficient algorithms for verifying goals in computer
//! games*, section 5.1) step the same way: an enter moves down, a `LambdaLeave` moves up (lambda
//! nodes have no values, so no best child changes). [`Replay::lambda`] reads a lambda node as of
//! the step from facts of the log alone: its verdict and zone once left, its table look-up, and its
//! latest ATTACK or DEFEND list by the step (walking the node's chain of lists, one per level at
//! most).
//!
//! # Proof nodes
//!
//! PNS and df-pn revisit nodes (Hric and Baudiš, *Game algorithms, lecture 4: Proof number
//! search, Lambda search*): an `Event::Pn` of step `FirstEnter` counts as an enter, a revisit
//! `Enter` moves the current node down to a node entered before, a `Leave` moves it up. The cursor
//! keeps, per proof node, its latest `Pn` event and latest expansion by the step; each such event
//! names the one before it, so stepping back restores them in O(1). [`Replay::pn`] reads the
//! numbers from those events: the node's own latest, or its parent's latest expansion listing it
//! when that came later (df-pn expands again on every call and gives the children the table's
//! numbers).
//!
//! # Far jumps
//!
//! [`Replay::seek`] steps from the current step, or from step 0 after a reset when that is
//! nearer; it keeps no checkpoints, because a step costs a few nanoseconds: `benches/trace.rs`
//! measured 4 to 6 ns per event, 14 to 22 ms to cross a 3.7-million-event trace (a million
//! nodes) and 0.2 ms to jump from its end back to its start (the reset), in release builds
//! on a shared two-core machine. The
//! "next event of a kind" queries use the trace's indexes (cutoffs, table hits, iterations,
//! enters) and return the step to seek to: the step right after that event.

use crate::game::Player;
use crate::search::observer::{LambdaNodeKind, LambdaTtView, LambdaVerdict, TtEntryView};
use crate::search::proof::ProofNumbers;
use crate::search::{Bound, Value, Window};

use super::store::{
    Event, EventId, EventKind, MoveRange, NONE, NodeId, NodeKind, PnStep, Trace, ZoneId, pn_flags,
};

/// Where a node stands at a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeStatus {
    /// Not entered yet.
    NotEntered,
    /// Entered and not left: on the current path (or left open for good by a stopped
    /// search or a truncated record).
    Open,
    /// Left; its value is final.
    Closed,
}

/// The value a node left with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeResult<M> {
    pub value: Value,
    pub bound: Bound,
    /// The move that gave the value, if the engine named one.
    pub best: Option<M>,
}

/// What the transposition table said at the node's entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtLookup<M> {
    Miss,
    Hit(TtEntryView<M>),
}

/// A beta cutoff at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CutoffInfo<M> {
    /// The cutoff event (the step right after it is `event + 1`).
    pub event: EventId,
    /// The move whose value cut.
    pub mv: M,
    /// The child reached by that move.
    pub child: Option<NodeId>,
    /// Its value, `>= window.beta`.
    pub value: Value,
    /// The node's window just before the value came in.
    pub window: Window,
    /// The moves not searched.
    pub skipped: MoveRange,
}

/// A null-move probe's outcome at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullMoveInfo {
    pub reduction: u32,
    pub value: Value,
    pub cut: bool,
}

/// A node's result as stored in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtStoreInfo<M> {
    pub value: Value,
    pub bound: Bound,
    pub depth: u32,
    pub best: Option<M>,
}

/// ATTACK's or DEFEND's candidate list at a lambda node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// The event (the step right after it is `event + 1`).
    pub event: EventId,
    /// True for ATTACK's list, false for DEFEND's.
    pub attack: bool,
    /// The level of the ATTACK or DEFEND.
    pub level: u8,
    /// Its zone ([`Trace::zone`]), `None` when zones are off.
    pub zone: Option<ZoneId>,
    /// The moves it tries, in order.
    pub moves: MoveRange,
}

/// A lambda node as of a step (Suda, section 5.1). The static facts are on
/// [`super::store::TraceNode`] too; this gathers them with what the log says by the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LambdaState<M> {
    pub kind: LambdaNodeKind<M>,
    pub attacker: Player,
    pub level: u8,
    pub depth_left: u32,
    pub status: NodeStatus,
    /// The verdict, once left.
    pub verdict: Option<LambdaVerdict>,
    /// The zone it left with (`None` before, or when zones are off).
    pub zone: Option<ZoneId>,
    /// The table look-up, once made: `Some(None)` a miss.
    pub tt: Option<Option<LambdaTtView>>,
    /// The latest candidate list by the step (a LAMBDA call's ATTACK, an attack move's
    /// DEFEND).
    pub candidates: Option<Candidates>,
    /// Candidate lists announced by the step (a LAMBDA call runs ATTACK once per level).
    pub candidate_lists: u32,
}

/// A proof node as of a step (Hric and Baudiš): its numbers, df-pn's thresholds, OR or AND.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PnState {
    /// `[pn, dn]` from the attacker's view (`None` before anything gave it numbers).
    pub numbers: Option<ProofNumbers>,
    /// df-pn's thresholds of the node's latest frame.
    pub thresholds: Option<ProofNumbers>,
    /// True at an OR node (the attacker to move).
    pub or_node: bool,
    /// True inside PN²'s second-level search.
    pub second_level: bool,
    /// The node's latest `Pn` event by the step (`None`: none yet).
    pub last_event: Option<EventId>,
    /// Its latest expansion by the step: the moves and the offset of their initial numbers.
    pub expansion: Option<(MoveRange, u32)>,
    /// Expansions by the step (df-pn expands a node on every call).
    pub expansions: u32,
    /// True when `numbers` are those its parent's latest expansion gave it (that expansion
    /// came after the node's own latest event: df-pn read its table entry then), false
    /// when they are the node's own latest event's.
    pub from_expansion: bool,
}

/// What a proof-number event can mark, for "next ... " jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PnMark {
    /// A node is expanded.
    Expansion,
    /// A node becomes proven or disproven (its numbers before were not solved).
    Proof,
    /// A frame's thresholds differ from the node's previous event's.
    ThresholdChange,
}

/// True when the event `e` of `trace` is a `mark`.
pub fn pn_mark_at<M: Copy>(trace: &Trace<M>, e: usize, mark: PnMark) -> bool {
    let numbers_of = |e: EventId| match *trace.event(e) {
        Event::Pn {
            numbers,
            thresholds,
            flags,
            ..
        } => Some((
            numbers,
            (flags & pn_flags::THRESHOLDS != 0).then_some(thresholds),
        )),
        _ => None,
    };
    match (mark, *trace.event(e as EventId)) {
        (PnMark::Expansion, Event::PnExpand { .. }) => true,
        (PnMark::Proof, Event::Pn { numbers, prev, .. }) => {
            numbers.is_solved()
                && (prev == NONE || numbers_of(prev).is_none_or(|(n, _)| !n.is_solved()))
        }
        (
            PnMark::ThresholdChange,
            Event::Pn {
                thresholds,
                flags,
                prev,
                ..
            },
        ) => {
            flags & pn_flags::THRESHOLDS != 0
                && prev != NONE
                && numbers_of(prev).is_some_and(|(_, t)| t != Some(thresholds))
        }
        _ => false,
    }
}

/// Everything about one node as of a step. The static facts (move, ply, depth, side to
/// move, key, iteration) are on [`super::store::TraceNode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeState<M> {
    pub status: NodeStatus,
    /// Alpha and beta at entry (once entered).
    pub window: Option<Window>,
    /// The best value backed up from the children left so far (negated child values).
    pub value_so_far: Option<Value>,
    /// The child that gave `value_so_far`.
    pub best_child: Option<NodeId>,
    /// The final value and bound, once left.
    pub result: Option<NodeResult<M>>,
    /// The table look-up at entry, once made.
    pub tt: Option<TtLookup<M>>,
    /// The search order, once announced.
    pub ordered: Option<MoveRange>,
    /// The null-move probe, once it returned.
    pub null_move: Option<NullMoveInfo>,
    /// Moves dropped by forward pruning.
    pub forward_pruned: Option<MoveRange>,
    /// The cutoff, once it happened.
    pub cutoff: Option<CutoffInfo<M>>,
    /// The table store, once made.
    pub tt_store: Option<TtStoreInfo<M>>,
    /// Nodes of its subtree entered so far, itself included (0 before it is entered).
    pub subtree_nodes: u32,
}

impl<M> NodeState<M> {
    const NOT_ENTERED: NodeState<M> = NodeState {
        status: NodeStatus::NotEntered,
        window: None,
        value_so_far: None,
        best_child: None,
        result: None,
        tt: None,
        ordered: None,
        null_move: None,
        forward_pruned: None,
        cutoff: None,
        tt_store: None,
        subtree_nodes: 0,
    };
}

/// A cursor into a [`Trace`]: a step and the state that accumulates up to it.
///
/// The trace is passed to every call (the explorer reads it under a lock while it grows);
/// always pass the same trace, or a longer version of it.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    step: usize,
    /// Nodes entered in events `0..step`.
    entered: u32,
    /// The innermost open node (`NONE` before the first enter or between searches).
    current: NodeId,
    /// Per node: the best child so far (`NONE`: none left yet).
    best_child: Vec<NodeId>,
    /// Per proof node: its latest `Pn` event and latest expansion (`NONE`: none yet).
    pn_latest: Vec<EventId>,
    pn_expand: Vec<EventId>,
}

impl Replay {
    /// A cursor at step 0: nothing has happened.
    pub fn new() -> Self {
        Replay {
            step: 0,
            entered: 0,
            current: NONE,
            best_child: Vec::new(),
            pn_latest: Vec::new(),
            pn_expand: Vec::new(),
        }
    }

    /// Grows the proof nodes' slots to cover `node`.
    fn pn_slots<M: Copy>(&mut self, trace: &Trace<M>, node: NodeId) {
        if self.pn_latest.len() <= node as usize {
            let len = trace.node_count().max(node as usize + 1);
            self.pn_latest.resize(len, NONE);
            self.pn_expand.resize(len, NONE);
        }
    }

    /// The current step: events `0..step` have happened.
    #[inline]
    pub fn step(&self) -> usize {
        self.step
    }

    /// Number of nodes entered by this step.
    #[inline]
    pub fn entered(&self) -> u32 {
        self.entered
    }

    /// The innermost open node: the node the search is in at this step.
    #[inline]
    pub fn current(&self) -> Option<NodeId> {
        (self.current != NONE).then_some(self.current)
    }

    /// Applies the next event; false at the end of the trace.
    pub fn forward<M: Copy>(&mut self, trace: &Trace<M>) -> bool {
        let Some(&event) = trace.events().get(self.step) else {
            return false;
        };
        match event {
            Event::Enter { node } => {
                debug_assert_eq!(node, self.entered, "enters follow node ids");
                debug_assert_eq!(trace.node(node).parent, self.current);
                if self.best_child.len() <= node as usize {
                    self.best_child
                        .resize(trace.node_count().max(node as usize + 1), NONE);
                }
                self.entered += 1;
                self.current = node;
            }
            Event::LambdaLeave { node, .. } => {
                debug_assert_eq!(node, self.current, "leave of the current node");
                self.current = trace.node(node).parent;
            }
            Event::Pn { node, step, .. } => {
                self.pn_slots(trace, node);
                self.pn_latest[node as usize] = self.step as EventId;
                match step {
                    PnStep::FirstEnter => {
                        debug_assert_eq!(node, self.entered, "enters follow node ids");
                        if self.best_child.len() <= node as usize {
                            self.best_child
                                .resize(trace.node_count().max(node as usize + 1), NONE);
                        }
                        self.entered += 1;
                        self.current = node;
                    }
                    PnStep::Enter => self.current = node,
                    PnStep::Update => {}
                    PnStep::Leave => self.current = trace.node(node).parent,
                }
            }
            Event::PnExpand { node, .. } => {
                self.pn_slots(trace, node);
                self.pn_expand[node as usize] = self.step as EventId;
            }
            Event::Leave { node, value, .. } => {
                debug_assert_eq!(node, self.current, "leave of the current node");
                let n = trace.node(node);
                self.current = n.parent;
                if n.kind == NodeKind::Move && n.parent != NONE {
                    let slot = &mut self.best_child[n.parent as usize];
                    if *slot == NONE || -value > -final_value(trace, *slot) {
                        *slot = node;
                    }
                }
            }
            _ => {}
        }
        self.step += 1;
        true
    }

    /// Undoes the last event; false at step 0.
    pub fn back<M: Copy>(&mut self, trace: &Trace<M>) -> bool {
        if self.step == 0 {
            return false;
        }
        let Some(&event) = trace.events().get(self.step - 1) else {
            return false;
        };
        match event {
            Event::Enter { node } => {
                self.entered -= 1;
                self.current = trace.node(node).parent;
            }
            Event::LambdaLeave { node, .. } => self.current = node,
            Event::Pn {
                node, step, prev, ..
            } => {
                self.pn_latest[node as usize] = prev;
                match step {
                    PnStep::FirstEnter => {
                        self.entered -= 1;
                        self.current = trace.node(node).parent;
                    }
                    PnStep::Enter => self.current = trace.node(node).parent,
                    PnStep::Update => {}
                    PnStep::Leave => self.current = node,
                }
            }
            Event::PnExpand { node, prev, .. } => self.pn_expand[node as usize] = prev,
            Event::Leave {
                node, prev_best, ..
            } => {
                let n = trace.node(node);
                self.current = node;
                if n.kind == NodeKind::Move && n.parent != NONE {
                    self.best_child[n.parent as usize] = prev_best;
                }
            }
            _ => {}
        }
        self.step -= 1;
        true
    }

    /// Back to step 0 (O(nodes entered)).
    pub fn reset(&mut self) {
        let entered = (self.entered as usize).min(self.best_child.len());
        self.best_child[..entered].fill(NONE);
        let entered_pn = (self.entered as usize).min(self.pn_latest.len());
        self.pn_latest[..entered_pn].fill(NONE);
        self.pn_expand[..entered_pn].fill(NONE);
        self.step = 0;
        self.entered = 0;
        self.current = NONE;
    }

    /// Moves to `target` (clamped to the trace's length) by single steps from here, or from
    /// step 0 when that is nearer.
    pub fn seek<M: Copy>(&mut self, trace: &Trace<M>, target: usize) {
        let target = target.min(trace.len());
        if target < self.step && target < self.step - target {
            self.reset();
        }
        while self.step < target && self.forward(trace) {}
        while self.step > target && self.back(trace) {}
    }

    /// The state of `node` at this step.
    pub fn node<M: Copy + PartialEq>(&self, trace: &Trace<M>, id: NodeId) -> NodeState<M> {
        if id >= self.entered {
            return NodeState::NOT_ENTERED;
        }
        let n = trace.node(id);
        let step = self.step;
        let happened = |e: EventId| e != NONE && (e as usize) < step;
        // A proof node is open while it is on the current path (revisits reopen it).
        let closed = if n.kind.is_proof() {
            !self.on_path(trace, id)
        } else {
            happened(n.leave)
        };
        let best_child = self
            .best_child
            .get(id as usize)
            .copied()
            .filter(|&c| c != NONE);
        let mut state = NodeState {
            status: if closed {
                NodeStatus::Closed
            } else {
                NodeStatus::Open
            },
            window: Some(n.window),
            value_so_far: best_child.map(|c| -final_value(trace, c)),
            best_child,
            subtree_nodes: if n.kind.is_proof() {
                self.proof_subtree(trace, id)
            } else if closed {
                n.end - id
            } else {
                self.entered - id
            },
            ..NodeState::NOT_ENTERED
        };
        if closed
            && let Event::Leave {
                value, bound, best, ..
            } = *trace.event(n.leave)
        {
            state.result = Some(NodeResult { value, bound, best });
        }
        if happened(n.tt_probe)
            && let Event::TtProbe { hit, .. } = *trace.event(n.tt_probe)
        {
            state.tt = Some(hit.map_or(TtLookup::Miss, TtLookup::Hit));
        }
        if happened(n.ordered)
            && let Event::Ordered { moves, .. } = *trace.event(n.ordered)
        {
            state.ordered = Some(moves);
        }
        if happened(n.null_move)
            && let Event::NullMove {
                reduction,
                value,
                cut,
                ..
            } = *trace.event(n.null_move)
        {
            state.null_move = Some(NullMoveInfo {
                reduction,
                value,
                cut,
            });
        }
        if happened(n.forward_pruned)
            && let Event::ForwardPruned { dropped, .. } = *trace.event(n.forward_pruned)
        {
            state.forward_pruned = Some(dropped);
        }
        if happened(n.cutoff)
            && let Event::Cutoff {
                mv,
                value,
                window,
                skipped,
                ..
            } = *trace.event(n.cutoff)
        {
            state.cutoff = Some(CutoffInfo {
                event: n.cutoff,
                mv,
                child: cutoff_child(trace, id, n.cutoff),
                value,
                window,
                skipped,
            });
        }
        if happened(n.tt_store)
            && let Event::TtStore {
                value,
                bound,
                depth,
                best,
                ..
            } = *trace.event(n.tt_store)
        {
            state.tt_store = Some(TtStoreInfo {
                value,
                bound,
                depth,
                best,
            });
        }
        state
    }

    /// The lambda node `id` at this step (`None` for alpha-beta's nodes and nodes not
    /// entered yet).
    pub fn lambda<M: Copy>(&self, trace: &Trace<M>, id: NodeId) -> Option<LambdaState<M>> {
        if id >= self.entered {
            return None;
        }
        let n = trace.node(id);
        let kind = n.lambda_kind()?;
        let step = self.step;
        let happened = |e: EventId| e != NONE && (e as usize) < step;
        let mut state = LambdaState {
            kind,
            attacker: n.attacker(),
            level: n.level(),
            depth_left: n.depth(),
            status: NodeStatus::Open,
            verdict: None,
            zone: None,
            tt: None,
            candidates: None,
            candidate_lists: 0,
        };
        if happened(n.leave)
            && let Event::LambdaLeave { verdict, zone, .. } = *trace.event(n.leave)
        {
            state.status = NodeStatus::Closed;
            state.verdict = Some(verdict);
            state.zone = (zone != NONE).then_some(zone);
        }
        if happened(n.tt_probe)
            && let Event::LambdaTt { hit, .. } = *trace.event(n.tt_probe)
        {
            state.tt = Some(hit);
        }
        state.candidates = candidates_before(trace, id, step);
        let mut e = state.candidates.map_or(NONE, |c| c.event);
        while e != NONE {
            state.candidate_lists += 1;
            e = match *trace.event(e) {
                Event::LambdaAttack { prev, .. } | Event::LambdaDefend { prev, .. } => prev,
                _ => NONE,
            };
        }
        Some(state)
    }

    /// Proof nodes of the subtree of `id` entered by this step, itself included (revisits
    /// make subtrees other than id ranges: walks the children links).
    fn proof_subtree<M: Copy>(&self, trace: &Trace<M>, id: NodeId) -> u32 {
        let mut count = 0;
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            count += 1;
            stack.extend(self.children(trace, n));
        }
        count
    }

    /// True when `id` is the current node or one of its ancestors.
    pub fn on_path<M: Copy>(&self, trace: &Trace<M>, id: NodeId) -> bool {
        let mut n = self.current;
        while n != NONE {
            if n == id {
                return true;
            }
            n = trace.node(n).parent;
        }
        false
    }

    /// The proof node `id` at this step (`None` for other nodes and nodes not entered yet).
    pub fn pn<M: Copy + PartialEq>(&self, trace: &Trace<M>, id: NodeId) -> Option<PnState> {
        if id >= self.entered {
            return None;
        }
        let n = trace.node(id);
        if !n.kind.is_proof() {
            return None;
        }
        let latest = self.pn_latest.get(id as usize).copied().unwrap_or(NONE);
        let mut state = PnState {
            numbers: None,
            thresholds: None,
            or_node: n.to_move == n.attacker,
            second_level: false,
            last_event: (latest != NONE).then_some(latest),
            expansion: None,
            expansions: 0,
            from_expansion: false,
        };
        if let Some(Event::Pn {
            numbers,
            thresholds,
            flags,
            ..
        }) = state.last_event.map(|e| *trace.event(e))
        {
            state.numbers = Some(numbers);
            state.thresholds = (flags & pn_flags::THRESHOLDS != 0).then_some(thresholds);
            state.or_node = flags & pn_flags::OR_NODE != 0;
            state.second_level = flags & pn_flags::SECOND_LEVEL != 0;
        }
        // The parent's expansion gives numbers too; a later one wins.
        if let (Some(parent), Some(mv)) = (n.parent(), n.mv())
            && let Some((_, numbers)) = self.expansion_numbers(trace, parent, mv, latest)
        {
            state.numbers = Some(numbers);
            state.from_expansion = true;
        }
        let mut e = self.pn_expand.get(id as usize).copied().unwrap_or(NONE);
        if let Some(Event::PnExpand { moves, numbers, .. }) = (e != NONE).then(|| *trace.event(e)) {
            state.expansion = Some((moves, numbers));
        }
        while e != NONE {
            state.expansions += 1;
            e = match *trace.event(e) {
                Event::PnExpand { prev, .. } => prev,
                _ => NONE,
            };
        }
        Some(state)
    }

    /// The latest expansion of `parent` by this step that lists `mv` and came after event
    /// `after` (`NONE`: any), with the initial numbers it gave `mv`. Expansions that do not
    /// list the move (lambda-df-pn expands a node again at another level, with other
    /// moves) are skipped.
    fn expansion_numbers<M: Copy + PartialEq>(
        &self,
        trace: &Trace<M>,
        parent: NodeId,
        mv: M,
        after: EventId,
    ) -> Option<(EventId, ProofNumbers)> {
        let mut e = *self.pn_expand.get(parent as usize)?;
        while e != NONE && (after == NONE || e > after) {
            let Event::PnExpand {
                moves,
                numbers,
                prev,
                ..
            } = *trace.event(e)
            else {
                return None;
            };
            if let Some(i) = trace.moves(moves).iter().position(|&m| m == mv) {
                return Some((e, trace.pn_numbers(numbers, moves.len())[i]));
            }
            e = prev;
        }
        None
    }

    /// The children of the proof node `id` by this step, as its latest expansion lists them,
    /// each with its numbers (a child's own later events override the expansion's) and its
    /// node once entered.
    pub fn pn_children<M: Copy + PartialEq>(
        &self,
        trace: &Trace<M>,
        id: NodeId,
    ) -> Vec<(M, ProofNumbers, Option<NodeId>)> {
        let mut out = Vec::new();
        let Some(state) = self.pn(trace, id) else {
            return out;
        };
        let Some((moves, numbers)) = state.expansion else {
            return out;
        };
        let initial = trace.pn_numbers(numbers, moves.len());
        let entered: Vec<NodeId> = self.children(trace, id).collect();
        for (i, &mv) in trace.moves(moves).iter().enumerate() {
            let node = entered
                .iter()
                .copied()
                .find(|&c| trace.node(c).mv() == Some(mv));
            let numbers = node
                .and_then(|c| self.pn(trace, c))
                .and_then(|s| s.numbers)
                .or_else(|| initial.get(i).copied())
                .unwrap_or(ProofNumbers::UNIT);
            out.push((mv, numbers, node));
        }
        out
    }

    /// The state of every node of the trace at this step (for tests and exports).
    pub fn states<M: Copy + PartialEq>(&self, trace: &Trace<M>) -> Vec<NodeState<M>> {
        (0..trace.node_count() as NodeId)
            .map(|id| self.node(trace, id))
            .collect()
    }

    /// The open nodes from the root to the current node.
    pub fn path<M: Copy>(&self, trace: &Trace<M>) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut id = self.current;
        while id != NONE {
            path.push(id);
            id = trace.node(id).parent;
        }
        path.reverse();
        path
    }

    /// The children of `node` entered by this step, in search order (null-move probes
    /// included: see [`super::store::NodeKind`]).
    pub fn children<'t, M: Copy>(
        &self,
        trace: &'t Trace<M>,
        node: NodeId,
    ) -> impl Iterator<Item = NodeId> + 't {
        let entered = self.entered;
        let step = self.step;
        let first = node + 1;
        let links = (node < entered)
            .then(|| trace.pn_links(node))
            .flatten()
            .copied();
        let mut next = match links {
            Some(l) => l.first_child().filter(|&c| c < entered),
            None => (node < entered && first < entered && trace.node(first).parent == node)
                .then_some(first),
        };
        std::iter::from_fn(move || {
            let id = next?;
            let n = trace.node(id);
            if links.is_some() {
                next = trace.pn_next_sibling(id).filter(|&s| s < entered);
                return Some(id);
            }
            next = (n.leave != NONE && (n.leave as usize) < step)
                .then_some(n.end)
                .filter(|&s| s < entered && trace.node(s).parent == node);
            Some(id)
        })
    }

    /// The principal variation as of this step: from `from`, follow best children.
    pub fn principal_variation(&self, from: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut id = from;
        while let Some(&child) = self.best_child.get(id as usize) {
            if child == NONE || id >= self.entered {
                break;
            }
            line.push(child);
            id = child;
        }
        line
    }

    /// The latest root entered by this step (the current iteration's, under iterative
    /// deepening).
    pub fn root<M: Copy>(&self, trace: &Trace<M>) -> Option<NodeId> {
        trace.roots().take_while(|&r| r < self.entered).last()
    }

    /// The child of `node` with the most nodes entered below it so far (the first on
    /// ties).
    pub fn largest_child<M: Copy + PartialEq>(
        &self,
        trace: &Trace<M>,
        node: NodeId,
    ) -> Option<NodeId> {
        let mut best: Option<(NodeId, u32)> = None;
        for child in self.children(trace, node) {
            let size = self.node(trace, child).subtree_nodes;
            if best.is_none_or(|(_, s)| size > s) {
                best = Some((child, size));
            }
        }
        best.map(|(c, _)| c)
    }

    /// The iteration depth announced last by this step (`None` before any).
    pub fn iteration<M: Copy>(&self, trace: &Trace<M>) -> Option<u32> {
        let e = trace.prev_of(EventKind::Iteration, self.step)?;
        match *trace.event(e) {
            Event::Iteration { depth } => Some(depth),
            _ => None,
        }
    }

    /// The step right after the next event of `kind` that has not happened yet.
    pub fn next_step<M: Copy>(&self, trace: &Trace<M>, kind: EventKind) -> Option<usize> {
        trace.next_of(kind, self.step).map(|e| e as usize + 1)
    }

    /// The step right after the previous event of `kind` before the last one that happened
    /// (so from the step right after a cutoff, the previous cutoff).
    pub fn prev_step<M: Copy>(&self, trace: &Trace<M>, kind: EventKind) -> Option<usize> {
        let last = self.step.checked_sub(1)?;
        trace.prev_of(kind, last).map(|e| e as usize + 1)
    }
}

/// The value a closed node left with.
#[inline]
fn final_value<M: Copy>(trace: &Trace<M>, node: NodeId) -> Value {
    match *trace.event(trace.node(node).leave) {
        Event::Leave { value, .. } => value,
        _ => unreachable!("a node's leave field names its leave event"),
    }
}

/// The latest ATTACK or DEFEND candidate list of `node` whose event is below `before`
/// (walks the chain of the node's lists: one per level at most).
pub fn candidates_before<M: Copy>(
    trace: &Trace<M>,
    node: NodeId,
    before: usize,
) -> Option<Candidates> {
    let mut e = trace.node(node).ordered;
    while e != NONE {
        let (attack, level, zone, moves, prev) = match *trace.event(e) {
            Event::LambdaAttack {
                level,
                zone,
                candidates,
                prev,
                ..
            } => (true, level, zone, candidates, prev),
            Event::LambdaDefend {
                level,
                zone,
                candidates,
                prev,
                ..
            } => (false, level, zone, candidates, prev),
            _ => return None,
        };
        if (e as usize) < before {
            return Some(Candidates {
                event: e,
                attack,
                level,
                zone: (zone != NONE).then_some(zone),
                moves,
            });
        }
        e = prev;
    }
    None
}

/// The child whose value caused the cutoff `event` at `node`: the child left just before
/// it (as every engine reports), else the last child entered with that move.
fn cutoff_child<M: Copy + PartialEq>(
    trace: &Trace<M>,
    node: NodeId,
    event: EventId,
) -> Option<NodeId> {
    let Event::Cutoff { mv, .. } = *trace.event(event) else {
        return None;
    };
    let is_match = |c: NodeId| {
        let n = trace.node(c);
        n.parent == node && n.kind == NodeKind::Move && n.mv == Some(mv)
    };
    if let Some(e) = event.checked_sub(1)
        && let Event::Leave { node: c, .. } = *trace.event(e)
        && is_match(c)
    {
        return Some(c);
    }
    // Walk the children entered before the cutoff.
    let mut found = None;
    let mut next = Some(node + 1).filter(|&c| (c as usize) < trace.node_count());
    while let Some(c) = next {
        let n = trace.node(c);
        if n.parent != node || n.enter >= event {
            break;
        }
        if is_match(c) {
            found = Some(c);
        }
        next = n
            .subtree_end()
            .filter(|&s| (s as usize) < trace.node_count());
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::recorder::scripted::scripted;

    fn at(trace: &Trace<u16>, step: usize) -> Replay {
        let mut r = Replay::new();
        r.seek(trace, step);
        assert_eq!(r.step(), step);
        r
    }

    #[test]
    fn nothing_has_happened_at_step_zero() {
        let (t, _) = scripted();
        let r = Replay::new();
        assert_eq!(r.current(), None);
        assert!(r.path(&t).is_empty());
        assert!(
            r.states(&t)
                .iter()
                .all(|s| s.status == NodeStatus::NotEntered)
        );
        assert_eq!(r.iteration(&t), None);
        assert_eq!(r.root(&t), None);
    }

    #[test]
    fn a_node_shows_its_window_then_its_probe_then_its_values() {
        let (t, _) = scripted();
        let root = at(&t, 2).node(&t, 0);
        assert_eq!(root.status, NodeStatus::Open);
        assert_eq!(root.window, Some(t.node(0).window()));
        assert_eq!(root.tt, None, "the probe is event 2, not yet applied");
        assert_eq!(at(&t, 3).node(&t, 0).tt, Some(TtLookup::Miss));
        // After a1 left with -5 the root has 5 so far.
        let r = at(&t, 6);
        let root = r.node(&t, 0);
        assert_eq!(
            (root.value_so_far, root.best_child),
            (Some(Value(5)), Some(1))
        );
        assert_eq!(root.subtree_nodes, 2);
        let a1 = r.node(&t, 1);
        assert_eq!(a1.status, NodeStatus::Closed);
        assert_eq!(
            a1.result,
            Some(NodeResult {
                value: Value(-5),
                bound: Bound::Exact,
                best: None
            })
        );
        assert_eq!(r.current(), Some(0));
        assert_eq!(r.iteration(&t), Some(1));
    }

    #[test]
    fn a_null_move_probe_is_on_the_path_but_not_a_child_value() {
        let (t, _) = scripted();
        let r = at(&t, 8);
        assert_eq!(r.path(&t), [0, 2, 3]);
        assert_eq!(r.node(&t, 0).subtree_nodes, 4);
        let r = at(&t, 10);
        assert_eq!(r.path(&t), [0, 2]);
        let b1 = r.node(&t, 2);
        assert_eq!(b1.best_child, None, "the null move does not count");
        assert_eq!(
            b1.null_move,
            Some(NullMoveInfo {
                reduction: 2,
                value: Value(-3),
                cut: false
            })
        );
        let b1 = at(&t, 12).node(&t, 2);
        assert_eq!(
            b1.forward_pruned.map(|m| t.moves(m).to_vec()),
            Some(vec![7, 8])
        );
        assert_eq!(b1.ordered.map(|m| m.len()), Some(8));
    }

    #[test]
    fn the_cutoff_names_its_child_and_the_skipped_moves() {
        let (t, _) = scripted();
        let r = at(&t, 14);
        let root = r.node(&t, 0);
        let cut = root.cutoff.expect("the cutoff is event 13");
        assert_eq!((cut.event, cut.mv, cut.child), (13, 1, Some(2)));
        assert_eq!((cut.value, cut.window.beta), (Value(7), Value(6)));
        assert_eq!(t.moves(cut.skipped), [2]);
        assert_eq!(
            (root.value_so_far, root.best_child),
            (Some(Value(7)), Some(2))
        );
        let root = at(&t, 16).node(&t, 0);
        assert_eq!(
            root.tt_store,
            Some(TtStoreInfo {
                value: Value(6),
                bound: Bound::Lower,
                depth: 2,
                best: Some(1)
            })
        );
        assert_eq!(root.result.map(|r| r.bound), Some(Bound::Lower));
    }

    #[test]
    fn stepping_back_undoes_exactly_what_stepping_forward_did() {
        let (t, _) = scripted();
        let mut forward = Vec::new();
        let mut r = Replay::new();
        loop {
            forward.push((r.states(&t), r.path(&t), r.entered()));
            if !r.forward(&t) {
                break;
            }
        }
        assert_eq!(forward.len(), t.len() + 1);
        for step in (0..=t.len()).rev() {
            assert_eq!(r.step(), step);
            assert_eq!(
                (r.states(&t), r.path(&t), r.entered()),
                forward[step],
                "step {step}"
            );
            r.back(&t);
        }
        assert!(!r.back(&t), "nothing before step 0");
    }

    #[test]
    fn seeking_far_back_resets_and_agrees_with_stepping() {
        let (t, _) = scripted();
        let mut r = at(&t, 16);
        r.seek(&t, 3);
        assert_eq!(r.states(&t), at(&t, 3).states(&t));
        r.seek(&t, 100);
        assert_eq!(r.step(), 16, "clamped to the trace");
    }

    #[test]
    fn tree_queries_as_of_a_step() {
        let (t, _) = scripted();
        let end = at(&t, 16);
        assert_eq!(end.children(&t, 0).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(end.children(&t, 2).collect::<Vec<_>>(), [3]);
        assert_eq!(end.children(&t, 1).count(), 0);
        assert_eq!(end.largest_child(&t, 0), Some(2));
        assert_eq!(end.principal_variation(0), [2]);
        assert_eq!(end.root(&t), Some(0));
        // Before b1 is entered the root has one child, and b1 no state.
        let early = at(&t, 6);
        assert_eq!(early.children(&t, 0).collect::<Vec<_>>(), [1]);
        assert_eq!(early.node(&t, 2).status, NodeStatus::NotEntered);
        assert_eq!(early.principal_variation(0), [1]);
        // While a1 is open it has no next sibling yet.
        assert_eq!(at(&t, 5).children(&t, 0).collect::<Vec<_>>(), [1]);
    }

    #[test]
    fn next_and_previous_events_of_a_kind() {
        let (t, _) = scripted();
        let start = Replay::new();
        assert_eq!(start.next_step(&t, EventKind::Cutoff), Some(14));
        assert_eq!(start.next_step(&t, EventKind::TtHit), None);
        assert_eq!(start.next_step(&t, EventKind::Iteration), Some(1));
        assert_eq!(start.prev_step(&t, EventKind::Cutoff), None);
        let r = at(&t, 5);
        assert_eq!(
            r.next_step(&t, EventKind::Enter),
            Some(7),
            "b1 is entered by event 6"
        );
        assert_eq!(
            r.prev_step(&t, EventKind::Enter),
            Some(2),
            "event 4 is the last applied"
        );
        assert_eq!(r.next_step(&t, EventKind::Leave), Some(6));
        assert_eq!(r.next_step(&t, EventKind::NullMove), Some(10));
        let after_cut = at(&t, 14);
        assert_eq!(after_cut.prev_step(&t, EventKind::Cutoff), None);
        assert_eq!(after_cut.next_step(&t, EventKind::Cutoff), None);
        assert_eq!(at(&t, 16).prev_step(&t, EventKind::Cutoff), Some(14));
        assert_eq!(at(&t, 16).prev_step(&t, EventKind::TtProbe), Some(3));
    }
}
