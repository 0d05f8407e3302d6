//! The recorded trace: an arena of search nodes and the append-only log of the events that
//! happened to them, in the order the engine reported them: record, then replay (the shape of
//! Fuego's search tracer).
//!
//! What a node shows is example 3.2 (figure 18) of Kühr, *Algorithms of a computer player in
//! simple board games*: every node of a fail-hard alpha-beta tree labelled with the triple
//! (alpha, value, beta) it was called with and returned; the AND/OR textbook's figures
//! 6.23-6.25 add which children a cutoff skipped. The arena keeps what is known when a node is
//! entered (its move, depth, window, key); the log keeps what happens later (table probes, the move
//! order, cutoffs, the value it leaves with), so the state of any node "as of step i" can be read
//! back ([`super::replay`]).
//!
//! # Layout
//!
//! - Nodes are numbered in the order they are entered, which is the pre-order of the search
//!   tree. So the nodes entered by any step are exactly the ids below a count, a node's
//!   subtree is the id range `id..end`, its first child is `id + 1` and its next sibling is
//!   `end` (when their parent matches). No child lists are stored.
//! - Events are small `Copy` values (28 bytes for 16-bit moves); lists of moves (the search
//!   order, skipped and pruned moves) live in one side buffer and events hold ranges into it.
//!   The moves a cutoff skips are a slice of the node's ordered list, so they usually cost
//!   nothing extra. A node takes 80 bytes (its lambda attacker and level included); alpha-beta on AtariGo reports about 4 events a
//!   node, so a trace takes about 50 bytes per event in all (measured by `benches/trace.rs`).
//! - The trace only grows: a batch of new nodes and events is appended by
//!   `Trace::append`, which also fills in the fields of older nodes that the new events
//!   close (their leave event and subtree end, the event of their cutoff, ...). A reader that
//!   only looks at steps below [`Trace::len`] never sees a half-written state.
//!
//! # Lambda search
//!
//! Lambda and dual-lambda search (Suda, *Efficient algorithms for verifying goals in computer
//! games*, section 5.1, the procedures LAMBDA, ATTACK and DEFEND) report a tree of three node
//! kinds: a LAMBDA call ([`NodeKind::Lambda`], with why it was made: the root, the threat check
//! after an attack move, the re-search after a defence, dual-lambda's counter-threat check), an
//! attack move and a defence move. They share the arena and the enter event with alpha-beta's
//! nodes; a node also keeps its attacker and level. ATTACK's and DEFEND's candidate lists are
//! events holding a move range and their zone; a LAMBDA call may run ATTACK once per level, so each
//! such event names the node's previous one (`prev`) and the node keeps its latest. Zones (one byte
//! per point, [`crate::search::zone::ZoneScheme`]'s orders) live in a side buffer of their own,
//! written only where an event carries one.
//!
//! # Proof-number search
//!
//! PNS, PN², df-pn and lambda-df-pn (Hric and Baudiš, *Game algorithms, lecture 4: Proof
//! number search, Lambda search*) visit the same node many times: PNS walks down from the root
//! every iteration, df-pn re-enters a child with new thresholds. A node ([`NodeKind::Proof`]) is
//! created at its first enter, so ids still follow first entry and the nodes entered by a step are
//! still the ids below a count; a revisit is an event, not a node. Its descendants are therefore
//! not an id range: the trace links every proof node to its first child and next sibling
//! ([`Trace::pn_links`]), in first-entry order. Every enter, update and leave is an [`Event::Pn`]
//! carrying the node's `[pn, dn]` (and df-pn's thresholds) at that moment and the node's previous
//! such event (`prev`), so a replay steps back in O(1). An expansion ([`Event::PnExpand`]) holds
//! the children's moves and their initial numbers, which live in a side buffer of their own
//! ([`Trace::pn_numbers`]), and names the node's previous expansion (df-pn expands a node
//! again on every call). Other nodes entered under a proof node (lambda-df-pn's threat
//! checks, lambda nodes) are linked among its children too.

use crate::game::Player;
use crate::search::observer::{
    LambdaNodeKind, LambdaPurpose, LambdaTtView, LambdaVerdict, TtEntryView,
};
use crate::search::proof::ProofNumbers;
use crate::search::{Bound, Value, Window};

/// Index of a node in the arena (its entry order).
pub type NodeId = u32;
/// Index of an event in the log. Step `i` of a replay is "events `0..i` have happened".
pub type EventId = u32;
/// "No node" / "no event yet" in the packed fields below.
pub(crate) const NONE: u32 = u32::MAX;

/// Largest number of events a trace can hold (ids are 32-bit).
pub const MAX_EVENTS: u64 = (u32::MAX - 1) as u64;

#[inline]
fn opt(id: u32) -> Option<u32> {
    (id != NONE).then_some(id)
}

/// A zone in the trace's zone buffer: the offset of its first order ([`Trace::zone`]).
pub type ZoneId = u32;

/// How a node came to be searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum NodeKind {
    /// The root of a search (each iteration of iterative deepening has its own).
    Root,
    /// A child reached by a move.
    Move,
    /// A null-move probe (Kotrč 7.1.2): the parent passed. A heuristic, never part of a
    /// proof, and not one of the parent's children for its value.
    NullMove,
    /// Lambda search: a LAMBDA(attacker, level) call on the parent's position, made for the
    /// reason given.
    Lambda(LambdaPurpose),
    /// Lambda search: ATTACK plays the node's move for the attacker.
    Attack,
    /// Lambda search: DEFEND plays the node's move for the defender.
    Defence,
    /// Proof-number search: a node of the PNS / df-pn tree (the root when it has no
    /// parent), visited any number of times.
    Proof,
}

impl NodeKind {
    /// True for the nodes of lambda and dual-lambda search.
    #[inline]
    pub fn is_lambda(self) -> bool {
        matches!(
            self,
            NodeKind::Lambda(_) | NodeKind::Attack | NodeKind::Defence
        )
    }

    /// True for the nodes of the proof-number family.
    #[inline]
    pub fn is_proof(self) -> bool {
        self == NodeKind::Proof
    }
}

/// Which of a proof node's visit events an [`Event::Pn`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PnStep {
    /// The first enter: the node is created.
    FirstEnter,
    /// A later enter of the same node (a revisit).
    Enter,
    /// A backup step or a turn of df-pn's MID loop.
    Update,
    /// The engine goes back to the parent.
    Leave,
}

/// Flags of an [`Event::Pn`].
pub(crate) mod pn_flags {
    /// An OR node (the attacker to move).
    pub const OR_NODE: u8 = 1;
    /// Inside PN²'s second-level search.
    pub const SECOND_LEVEL: u8 = 2;
    /// df-pn: the event carries thresholds.
    pub const THRESHOLDS: u8 = 4;
}

/// Links of a proof node to its children (first-entry order), filled in as batches are
/// appended to the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PnLinks {
    pub(crate) first_child: NodeId,
    pub(crate) last_child: NodeId,
    pub(crate) next_sibling: NodeId,
}

impl PnLinks {
    const EMPTY: PnLinks = PnLinks {
        first_child: NONE,
        last_child: NONE,
        next_sibling: NONE,
    };

    /// The first child entered (`None` before any).
    pub fn first_child(&self) -> Option<NodeId> {
        opt(self.first_child)
    }

    /// The next child of the same parent entered after this one.
    pub fn next_sibling(&self) -> Option<NodeId> {
        opt(self.next_sibling)
    }
}

/// A range of moves in the trace's side buffer ([`Trace::moves`]).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct MoveRange {
    /// First index into the buffer.
    pub start: u32,
    /// Number of moves (at most [`crate::game::MAX_MOVES`]).
    pub len: u16,
}

impl MoveRange {
    /// The number of moves.
    #[inline]
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// True for an empty range.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// One search node as it was entered, plus the log positions of what happened to it.
///
/// The event fields (`leave`, `cutoff`, ...) are filled in when those events are appended;
/// what was true at an earlier step is the replay's business ([`super::replay::Replay`]):
/// an event at index `e` has happened at step `i` when `e < i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TraceNode<M> {
    pub(crate) parent: NodeId,
    /// One past the last node of the subtree, once the node is left.
    pub(crate) end: NodeId,
    pub(crate) enter: EventId,
    pub(crate) leave: EventId,
    pub(crate) tt_probe: EventId,
    pub(crate) ordered: EventId,
    pub(crate) null_move: EventId,
    pub(crate) forward_pruned: EventId,
    pub(crate) cutoff: EventId,
    pub(crate) tt_store: EventId,
    pub(crate) key: u64,
    pub(crate) window: Window,
    pub(crate) depth: u32,
    pub(crate) iteration: u32,
    pub(crate) ply: u16,
    pub(crate) mv: Option<M>,
    pub(crate) kind: NodeKind,
    pub(crate) to_move: Player,
    /// Lambda nodes: the attacker of the (sub-)search; otherwise the side to move.
    pub(crate) attacker: Player,
    /// Lambda nodes: the level; otherwise 0.
    pub(crate) level: u8,
}

impl<M: Copy> TraceNode<M> {
    /// The parent (`None` for a root).
    #[inline]
    pub fn parent(&self) -> Option<NodeId> {
        opt(self.parent)
    }

    /// The move that led here (`None` for a root or a null-move probe).
    #[inline]
    pub fn mv(&self) -> Option<M> {
        self.mv
    }

    /// Root, move or null-move probe.
    #[inline]
    pub fn kind(&self) -> NodeKind {
        self.kind
    }

    /// Plies from the root.
    #[inline]
    pub fn ply(&self) -> usize {
        self.ply as usize
    }

    /// Plies the search had left here.
    #[inline]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The side to move in this position.
    #[inline]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The window the node was searched with (alpha and beta at entry).
    #[inline]
    pub fn window(&self) -> Window {
        self.window
    }

    /// Zobrist key of the position.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The depth of the iterative-deepening iteration the node belongs to (0 when the search
    /// announced no iterations).
    #[inline]
    pub fn iteration(&self) -> u32 {
        self.iteration
    }

    /// Lambda nodes: the attacker of the (sub-)search the node belongs to.
    #[inline]
    pub fn attacker(&self) -> Player {
        self.attacker
    }

    /// Lambda nodes: the maximum level of a LAMBDA call, the level of the ATTACK or DEFEND
    /// that plays a move (0 for other nodes).
    #[inline]
    pub fn level(&self) -> u8 {
        self.level
    }

    /// The node as the lambda engines reported it (`None` for alpha-beta's nodes).
    pub fn lambda_kind(&self) -> Option<LambdaNodeKind<M>> {
        match (self.kind, self.mv) {
            (NodeKind::Lambda(purpose), _) => Some(LambdaNodeKind::Search(purpose)),
            (NodeKind::Attack, Some(mv)) => Some(LambdaNodeKind::Attack(mv)),
            (NodeKind::Defence, Some(mv)) => Some(LambdaNodeKind::Defence(mv)),
            _ => None,
        }
    }

    /// The event that entered the node.
    #[inline]
    pub fn enter_event(&self) -> EventId {
        self.enter
    }

    /// The event that left the node, if it is recorded (a search that was stopped, or a
    /// record that ran out of budget, leaves nodes open for good).
    #[inline]
    pub fn leave_event(&self) -> Option<EventId> {
        opt(self.leave)
    }

    /// One past the last node of its subtree, once the node is left.
    #[inline]
    pub fn subtree_end(&self) -> Option<NodeId> {
        opt(self.end)
    }

    /// The node's transposition-table probe event, if any (lambda nodes: the `LambdaTt`
    /// event).
    #[inline]
    pub fn tt_probe_event(&self) -> Option<EventId> {
        opt(self.tt_probe)
    }

    /// The event that announced the node's move order, if any (lambda nodes: the latest
    /// ATTACK or DEFEND candidate list, which names the one before it).
    #[inline]
    pub fn ordered_event(&self) -> Option<EventId> {
        opt(self.ordered)
    }

    /// The node's null-move probe result event, if any.
    #[inline]
    pub fn null_move_event(&self) -> Option<EventId> {
        opt(self.null_move)
    }

    /// The node's forward-pruning event, if any.
    #[inline]
    pub fn forward_pruned_event(&self) -> Option<EventId> {
        opt(self.forward_pruned)
    }

    /// The node's cutoff event, if any.
    #[inline]
    pub fn cutoff_event(&self) -> Option<EventId> {
        opt(self.cutoff)
    }

    /// The node's table store event, if any.
    #[inline]
    pub fn tt_store_event(&self) -> Option<EventId> {
        opt(self.tt_store)
    }
}

/// One thing the engine reported. Small and `Copy`; lists of moves are ranges into
/// [`Trace::moves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Event<M> {
    /// An iteration of iterative deepening starts, to `depth` plies.
    Iteration { depth: u32 },
    /// The search enters `node` (its data is in the arena).
    Enter { node: NodeId },
    /// The search leaves `node` with `value` (a `bound` of its value) and the move that gave
    /// it. `prev_best` is what the parent's best child was before this value came in (undo
    /// information for the replay; `u32::MAX` when there was none, and meaningless
    /// for roots and null-move probes, which do not count for a parent's value).
    Leave {
        node: NodeId,
        value: Value,
        bound: Bound,
        best: Option<M>,
        prev_best: NodeId,
    },
    /// At `node`, the child reached by `mv` returned `value >= window.beta`; the moves in
    /// `skipped` are not searched. `window` is the node's window just before that value.
    Cutoff {
        node: NodeId,
        mv: M,
        value: Value,
        window: Window,
        skipped: MoveRange,
    },
    /// A transposition-table look-up at `node` (`None`: a miss).
    TtProbe {
        node: NodeId,
        hit: Option<TtEntryView<M>>,
    },
    /// `node`'s result stored in the table (value relative to the node, as stored).
    TtStore {
        node: NodeId,
        value: Value,
        bound: Bound,
        depth: u32,
        best: Option<M>,
    },
    /// `node`'s moves in the order they will be searched.
    Ordered { node: NodeId, moves: MoveRange },
    /// `node`'s null-move probe with reduction `reduction` returned `value`; `cut` tells
    /// whether it pruned the node.
    NullMove {
        node: NodeId,
        reduction: u32,
        value: Value,
        cut: bool,
    },
    /// Static forward pruning dropped `dropped` at `node`.
    ForwardPruned { node: NodeId, dropped: MoveRange },
    /// Inside the LAMBDA call `node`, ATTACK starts at `level` with the attack zone `zone`
    /// (`NONE` when zones are off) and tries `candidates` in order. `prev` is the node's
    /// previous candidate list (an earlier level), or `NONE`.
    LambdaAttack {
        node: NodeId,
        level: u8,
        zone: ZoneId,
        candidates: MoveRange,
        prev: EventId,
    },
    /// Inside the attack move `node`, DEFEND starts at `level` against the threat found,
    /// with the defence zone `zone` and `candidates` in order; `prev` as for `LambdaAttack`.
    LambdaDefend {
        node: NodeId,
        level: u8,
        zone: ZoneId,
        candidates: MoveRange,
        prev: EventId,
    },
    /// The LAMBDA call `node` looked its position up in the table (`None`: a miss).
    LambdaTt {
        node: NodeId,
        hit: Option<LambdaTtView>,
    },
    /// The lambda engines leave `node` with `verdict` and the zone that comes with it
    /// (`NONE` when zones are off).
    LambdaLeave {
        node: NodeId,
        verdict: LambdaVerdict,
        zone: ZoneId,
    },
    /// A proof node's enter, update or leave with its numbers as of that moment, df-pn's
    /// thresholds (meaningful when `flags` has the thresholds bit), and the node's
    /// previous `Pn` event (`NONE`: none).
    Pn {
        node: NodeId,
        step: PnStep,
        flags: u8,
        numbers: ProofNumbers,
        thresholds: ProofNumbers,
        prev: EventId,
    },
    /// `node` is expanded: its children's moves and initial numbers (the `numbers` offset
    /// into [`Trace::pn_numbers`], one per move); `prev` is its previous expansion.
    PnExpand {
        node: NodeId,
        moves: MoveRange,
        numbers: u32,
        prev: EventId,
    },
    /// A proof node's table look-up (`None`: a miss).
    PnTt {
        node: NodeId,
        hit: Option<ProofNumbers>,
    },
}

/// The kinds of events, for "next/previous event of a kind" queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    Iteration,
    Enter,
    Leave,
    Cutoff,
    /// Any table probe, hit or miss.
    TtProbe,
    /// A table probe that found an entry.
    TtHit,
    TtStore,
    Ordered,
    NullMove,
    ForwardPruned,
    /// ATTACK's candidate list.
    LambdaAttack,
    /// DEFEND's candidate list.
    LambdaDefend,
    /// A lambda table look-up, hit or miss.
    LambdaTt,
    /// A lambda node left.
    LambdaLeave,
    /// A proof node's enter, update or leave.
    Pn,
    /// A proof node's expansion.
    PnExpand,
    /// A proof node's table look-up.
    PnTt,
}

impl<M: Copy> Event<M> {
    /// The node the event belongs to (`None` for an iteration start).
    #[inline]
    pub fn node(&self) -> Option<NodeId> {
        match *self {
            Event::Iteration { .. } => None,
            Event::Enter { node }
            | Event::Leave { node, .. }
            | Event::Cutoff { node, .. }
            | Event::TtProbe { node, .. }
            | Event::TtStore { node, .. }
            | Event::Ordered { node, .. }
            | Event::NullMove { node, .. }
            | Event::ForwardPruned { node, .. }
            | Event::LambdaAttack { node, .. }
            | Event::LambdaDefend { node, .. }
            | Event::LambdaTt { node, .. }
            | Event::LambdaLeave { node, .. }
            | Event::Pn { node, .. }
            | Event::PnExpand { node, .. }
            | Event::PnTt { node, .. } => Some(node),
        }
    }

    /// True when the event is of `kind`.
    pub fn is(&self, kind: EventKind) -> bool {
        match (kind, self) {
            (EventKind::Iteration, Event::Iteration { .. })
            | (EventKind::Enter, Event::Enter { .. })
            | (EventKind::Leave, Event::Leave { .. })
            | (EventKind::Cutoff, Event::Cutoff { .. })
            | (EventKind::TtProbe, Event::TtProbe { .. })
            | (EventKind::TtStore, Event::TtStore { .. })
            | (EventKind::Ordered, Event::Ordered { .. })
            | (EventKind::NullMove, Event::NullMove { .. })
            | (EventKind::ForwardPruned, Event::ForwardPruned { .. })
            | (EventKind::LambdaAttack, Event::LambdaAttack { .. })
            | (EventKind::LambdaDefend, Event::LambdaDefend { .. })
            | (EventKind::LambdaTt, Event::LambdaTt { .. })
            | (EventKind::LambdaLeave, Event::LambdaLeave { .. })
            | (EventKind::Pn, Event::Pn { .. })
            | (EventKind::PnExpand, Event::PnExpand { .. })
            | (EventKind::PnTt, Event::PnTt { .. }) => true,
            (EventKind::TtHit, Event::TtProbe { hit, .. }) => hit.is_some(),
            (EventKind::TtHit, Event::LambdaTt { hit, .. }) => hit.is_some(),
            (EventKind::TtHit, Event::PnTt { hit, .. }) => hit.is_some(),
            _ => false,
        }
    }
}

/// New nodes, events and moves on their way into a [`Trace`] (the recorder fills one and
/// appends it in one go, so a reader takes the lock rarely).
#[derive(Clone, Debug)]
pub(crate) struct Batch<M> {
    pub(crate) nodes: Vec<TraceNode<M>>,
    pub(crate) events: Vec<Event<M>>,
    pub(crate) moves: Vec<M>,
    /// Zone orders, one byte per point, for the events that carry a zone.
    pub(crate) zones: Vec<u8>,
    /// Points of every zone (set with the first zone; 0 before).
    pub(crate) zone_len: u16,
    /// Initial numbers of expanded proof nodes' children.
    pub(crate) pn_numbers: Vec<ProofNumbers>,
}

impl<M> Batch<M> {
    pub(crate) fn with_capacity(events: usize) -> Self {
        Batch {
            nodes: Vec::with_capacity(events),
            events: Vec::with_capacity(events),
            moves: Vec::with_capacity(events * 4),
            zones: Vec::new(),
            zone_len: 0,
            pn_numbers: Vec::new(),
        }
    }

    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.events.clear();
        self.moves.clear();
        self.zones.clear();
        self.pn_numbers.clear();
    }
}

/// Where a record stops short of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Truncation {
    /// The record ends at this event count: the engine went on without recording.
    pub at: u64,
}

/// The record of one search: the node arena, the event log, the move buffer, and indexes of
/// the events the explorer jumps to.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Trace<M> {
    nodes: Vec<TraceNode<M>>,
    events: Vec<Event<M>>,
    moves: Vec<M>,
    /// Zone orders (one byte per point; [`ZoneId`]s are offsets into it).
    zones: Vec<u8>,
    /// Points of every zone of this trace (one board).
    zone_len: u16,
    /// Initial numbers of the children of proof nodes' expansions.
    pn_numbers: Vec<ProofNumbers>,
    /// Per proof node (index = node id; shorter than the arena when no proof node is at the
    /// end): its children links.
    pn_links: Vec<PnLinks>,
    /// Events of the kinds the explorer jumps between, in log order. `cutoffs` holds only
    /// the cutoffs that skipped at least one move (a test that skipped nothing is not a
    /// cutoff, Kühr's example 3.2), so [`Trace::next_of`] and [`Trace::prev_of`] with
    /// [`EventKind::Cutoff`] step over the others.
    cutoffs: Vec<EventId>,
    tt_hits: Vec<EventId>,
    iterations: Vec<EventId>,
    truncation: Option<Truncation>,
    finished: bool,
}

impl<M> Default for Trace<M> {
    fn default() -> Self {
        Trace {
            nodes: Vec::new(),
            events: Vec::new(),
            moves: Vec::new(),
            zones: Vec::new(),
            zone_len: 0,
            pn_numbers: Vec::new(),
            pn_links: Vec::new(),
            cutoffs: Vec::new(),
            tt_hits: Vec::new(),
            iterations: Vec::new(),
            truncation: None,
            finished: false,
        }
    }
}

impl<M: Copy> Trace<M> {
    /// Number of events recorded (the last step of a replay).
    #[inline]
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// True when nothing is recorded.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Number of nodes recorded.
    #[inline]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// A node. Panics on an id this trace never gave out.
    #[inline]
    pub fn node(&self, id: NodeId) -> &TraceNode<M> {
        &self.nodes[id as usize]
    }

    /// Every node in entry order.
    #[inline]
    pub fn nodes(&self) -> &[TraceNode<M>] {
        &self.nodes
    }

    /// An event. Panics past [`Trace::len`].
    #[inline]
    pub fn event(&self, id: EventId) -> &Event<M> {
        &self.events[id as usize]
    }

    /// The whole log.
    #[inline]
    pub fn events(&self) -> &[Event<M>] {
        &self.events
    }

    /// The moves of a range from an event.
    #[inline]
    pub fn moves(&self, range: MoveRange) -> &[M] {
        let start = range.start as usize;
        &self.moves[start..start + range.len()]
    }

    /// Number of moves in the side buffer.
    #[inline]
    pub fn move_buffer_len(&self) -> usize {
        self.moves.len()
    }

    /// A zone's orders, one per point ([`crate::game::NO_REGION`]: in no region); `None`
    /// for `NONE` (zones off) or an id this trace never gave out.
    pub fn zone(&self, zone: ZoneId) -> Option<&[u8]> {
        let start = zone as usize;
        self.zones.get(start..start + self.zone_len as usize)
    }

    /// Bytes in the zone buffer.
    #[inline]
    pub fn zone_buffer_len(&self) -> usize {
        self.zones.len()
    }

    /// Proof numbers in the side buffer (every expansion's initial numbers).
    #[inline]
    pub fn pn_number_count(&self) -> usize {
        self.pn_numbers.len()
    }

    /// Initial numbers of an expansion's children (`start` from [`Event::PnExpand`]).
    pub fn pn_numbers(&self, start: u32, len: usize) -> &[ProofNumbers] {
        let start = start as usize;
        self.pn_numbers.get(start..start + len).unwrap_or(&[])
    }

    /// The next child of a proof node's parent after `node`, in entry order.
    pub(crate) fn pn_next_sibling(&self, node: NodeId) -> Option<NodeId> {
        self.pn_links.get(node as usize)?.next_sibling()
    }

    /// A proof node's links to its children (`None` for other nodes).
    pub fn pn_links(&self, node: NodeId) -> Option<&PnLinks> {
        if !self.nodes.get(node as usize)?.kind.is_proof() {
            return None;
        }
        self.pn_links.get(node as usize)
    }

    /// The moves of `node` in search order, once announced (empty for leaves).
    pub fn ordered_moves(&self, node: NodeId) -> &[M] {
        match self.node(node).ordered_event().map(|e| *self.event(e)) {
            Some(Event::Ordered { moves, .. }) => self.moves(moves),
            _ => &[],
        }
    }

    /// Set when the record ran out of budget: "record ends at event N".
    #[inline]
    pub fn truncation(&self) -> Option<Truncation> {
        self.truncation
    }

    /// True once the search is over and everything it reported is here.
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Root nodes in order (one per search; iterative deepening has one per iteration).
    pub fn roots(&self) -> impl Iterator<Item = NodeId> + '_ {
        let mut next = if self.nodes.is_empty() { None } else { Some(0) };
        std::iter::from_fn(move || {
            let id = next?;
            next = self.nodes[id as usize]
                .subtree_end()
                .filter(|&e| (e as usize) < self.nodes.len());
            Some(id)
        })
    }

    /// The first event of `kind` at index `from` or later.
    ///
    /// Cutoffs, table hits, iterations and enters are indexed (binary search or direct);
    /// other kinds scan the log.
    pub fn next_of(&self, kind: EventKind, from: usize) -> Option<EventId> {
        let first_in = |index: &[EventId]| {
            let i = index.partition_point(|&e| (e as usize) < from);
            index.get(i).copied()
        };
        match kind {
            EventKind::Cutoff => first_in(&self.cutoffs),
            EventKind::TtHit => first_in(&self.tt_hits),
            EventKind::Iteration => first_in(&self.iterations),
            EventKind::Enter => {
                let i = self.nodes.partition_point(|n| (n.enter as usize) < from);
                self.nodes.get(i).map(|n| n.enter)
            }
            _ => (from..self.events.len())
                .find(|&e| self.events[e].is(kind))
                .map(|e| e as EventId),
        }
    }

    /// The last event of `kind` before index `before`.
    pub fn prev_of(&self, kind: EventKind, before: usize) -> Option<EventId> {
        let before = before.min(self.events.len());
        let last_in = |index: &[EventId]| {
            let i = index.partition_point(|&e| (e as usize) < before);
            i.checked_sub(1).map(|i| index[i])
        };
        match kind {
            EventKind::Cutoff => last_in(&self.cutoffs),
            EventKind::TtHit => last_in(&self.tt_hits),
            EventKind::Iteration => last_in(&self.iterations),
            EventKind::Enter => {
                let i = self.nodes.partition_point(|n| (n.enter as usize) < before);
                i.checked_sub(1).map(|i| self.nodes[i].enter)
            }
            _ => (0..before)
                .rev()
                .find(|&e| self.events[e].is(kind))
                .map(|e| e as EventId),
        }
    }

    /// The iteration starts recorded (event ids, in order).
    #[inline]
    pub fn iteration_events(&self) -> &[EventId] {
        &self.iterations
    }

    /// Approximate heap bytes held (capacity of every buffer).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.capacity() * size_of::<TraceNode<M>>()
            + self.events.capacity() * size_of::<Event<M>>()
            + self.moves.capacity() * size_of::<M>()
            + self.zones.capacity()
            + self.pn_numbers.capacity() * size_of::<ProofNumbers>()
            + self.pn_links.capacity() * size_of::<PnLinks>()
            + (self.cutoffs.capacity() + self.tt_hits.capacity() + self.iterations.capacity())
                * size_of::<EventId>()
    }

    /// Bytes the recorded data takes (lengths, not capacities).
    pub fn used_bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.len() * size_of::<TraceNode<M>>()
            + self.events.len() * size_of::<Event<M>>()
            + self.moves.len() * size_of::<M>()
            + self.zones.len()
            + self.pn_numbers.len() * size_of::<ProofNumbers>()
            + self.pn_links.len() * size_of::<PnLinks>()
            + (self.cutoffs.len() + self.tt_hits.len() + self.iterations.len())
                * size_of::<EventId>()
    }

    /// Appends a batch (whose node ids, event ids and move ranges continue this trace's) and
    /// fills in the fields of the nodes its events close. Leaves `batch` empty.
    pub(crate) fn append(&mut self, batch: &mut Batch<M>) {
        let first_event = self.events.len();
        // Nodes entered before each event: the ids of the batch's nodes follow in entry
        // order, so counting Enter events gives each Leave its subtree end.
        let mut entered = self.nodes.len() as u32;
        self.nodes.extend_from_slice(&batch.nodes);
        self.moves.extend_from_slice(&batch.moves);
        self.zones.extend_from_slice(&batch.zones);
        self.pn_numbers.extend_from_slice(&batch.pn_numbers);
        if batch.zone_len != 0 {
            self.zone_len = batch.zone_len;
        }
        self.events.extend_from_slice(&batch.events);
        for (offset, event) in batch.events.iter().enumerate() {
            let e = (first_event + offset) as EventId;
            let Some(node) = event.node() else {
                self.iterations.push(e);
                continue;
            };
            let n = &mut self.nodes[node as usize];
            match *event {
                Event::Iteration { .. } => {}
                Event::Enter { .. } => {
                    debug_assert_eq!(node, entered, "nodes are numbered in entry order");
                    entered += 1;
                    // A node under a proof node (lambda-df-pn's threat checks) is one of its
                    // children: linked like them.
                    let parent = n.parent;
                    if parent != NONE && self.nodes[parent as usize].kind.is_proof() {
                        self.link_proof_node(node, parent);
                    }
                }
                Event::Leave { .. } | Event::LambdaLeave { .. } => {
                    n.leave = e;
                    n.end = entered;
                }
                Event::Cutoff { skipped, .. } => {
                    n.cutoff = e;
                    // A test that skipped nothing is not a cutoff (Kühr, example 3.2):
                    // the node keeps it for its pane, the jumps do not stop at it.
                    if !skipped.is_empty() {
                        self.cutoffs.push(e);
                    }
                }
                Event::TtProbe { hit, .. } => {
                    n.tt_probe = e;
                    if hit.is_some() {
                        self.tt_hits.push(e);
                    }
                }
                Event::TtStore { .. } => n.tt_store = e,
                Event::Ordered { .. } => n.ordered = e,
                Event::NullMove { .. } => n.null_move = e,
                Event::ForwardPruned { .. } => n.forward_pruned = e,
                Event::LambdaAttack { .. } | Event::LambdaDefend { .. } => n.ordered = e,
                Event::LambdaTt { hit, .. } => {
                    n.tt_probe = e;
                    if hit.is_some() {
                        self.tt_hits.push(e);
                    }
                }
                Event::Pn { step, .. } => match step {
                    PnStep::FirstEnter => {
                        debug_assert_eq!(node, entered, "nodes are numbered in entry order");
                        entered += 1;
                        let parent = n.parent;
                        self.link_proof_node(node, parent);
                    }
                    PnStep::Leave => {
                        // The latest leave; a root's subtree is everything entered so far.
                        n.leave = e;
                        n.end = entered;
                    }
                    PnStep::Enter | PnStep::Update => {}
                },
                Event::PnExpand { .. } => n.ordered = e,
                Event::PnTt { hit, .. } => {
                    n.tt_probe = e;
                    if hit.is_some() {
                        self.tt_hits.push(e);
                    }
                }
            }
        }
        batch.clear();
    }

    /// Links a proof node entered for the first time under `parent`.
    fn link_proof_node(&mut self, node: NodeId, parent: NodeId) {
        let need = node as usize + 1;
        if self.pn_links.len() < need {
            self.pn_links.resize(need, PnLinks::EMPTY);
        }
        if parent == NONE || parent as usize >= self.pn_links.len() {
            return;
        }
        let last = self.pn_links[parent as usize].last_child;
        if last == NONE {
            self.pn_links[parent as usize].first_child = node;
        } else {
            self.pn_links[last as usize].next_sibling = node;
        }
        self.pn_links[parent as usize].last_child = node;
    }

    pub(crate) fn set_truncation(&mut self, truncation: Option<Truncation>) {
        self.truncation = truncation;
    }

    pub(crate) fn set_finished(&mut self) {
        self.finished = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_small() {
        // Moves of every game are 16-bit points or child indexes.
        assert!(std::mem::size_of::<Event<u16>>() <= 28);
        assert!(std::mem::size_of::<TraceNode<u16>>() <= 80);
        assert!(std::mem::size_of::<NodeKind>() == 1);
    }

    #[test]
    fn kinds_match_events() {
        let probe = Event::<u16>::TtProbe { node: 0, hit: None };
        assert!(probe.is(EventKind::TtProbe));
        assert!(!probe.is(EventKind::TtHit));
        assert_eq!(Event::<u16>::Iteration { depth: 1 }.node(), None);
        assert_eq!(probe.node(), Some(0));
    }
}
