//! The recorder: an [`Observer`] that turns a search's events into a [`Trace`] (the node
//! arena and event log of [`super::store`]) that another thread can read while it grows
//! ([`LiveTrace`]). Design.md section 1, "Record, then replay"; the model is Fuego's search
//! tracer (conventions.md 2).
//!
//! # How it records
//!
//! - `enter` gives the node the next id (entry order), with its parent (the innermost open
//!   node), move, ply, depth, window, side to move, Zobrist key and iteration. Every other
//!   event belongs to the innermost open node; `leave` closes it.
//! - At `leave` the recorder also notes the parent's best child before this value came in
//!   (the child with the highest negated value so far, the first one on ties), so a replay
//!   can undo the leave in O(1).
//! - Move lists go to one side buffer. The moves a cutoff skips, and those forward pruning
//!   drops, are a slice of the node's ordered list: the recorder checks that and stores the
//!   range instead of a copy (it copies only when the engine reports something else).
//! - Events wait in a private batch, appended to the shared trace every
//!   [`RecordConfig::batch_events`] events or after [`RecordConfig::batch_interval`],
//!   whichever comes first, and at [`Recorder::finish`] (or drop). Nothing is allocated per
//!   event beyond the amortised growth of the buffers.
//!
//! # Lambda search
//!
//! `lambda_enter` records a node like `enter` (kind, attacker, level, depth left; the ply is
//! the parent's plus one for a move), `lambda_leave` closes it with its verdict and zone.
//! ATTACK's and DEFEND's candidates go to the move buffer, their zones and the leave zones
//! to the zone buffer (one byte per point, only where an event carries a zone; a zone equal
//! to the one recorded just before shares its bytes). Zone bytes count in the budget: every
//! [`ZONE_BYTES_PER_EVENT`] of them as one event.
//!
//! # Proof-number search
//!
//! `pn_enter` of a (parent, move) already in the tree is a revisit: the recorder finds the
//! node among the parent's children (it keeps each proof node's child links and move) and
//! records an [`Event::Pn`] of step `Enter` instead of a new node; the first enter creates
//! the node (`FirstEnter`). Enters, updates and leaves carry the numbers as the engine
//! reported them and the node's previous such event, so a replay can step back; expansions
//! put their children's initial numbers in a side buffer, which counts in the budget like
//! zone bytes (8 bytes a number).
//!
//! # The record budget
//!
//! After [`RecordConfig::budget`] events the recorder stops recording but keeps answering
//! `Continue`, so the engine finishes its search; the trace says where its record ends
//! ([`Trace::truncation`]) and [`LiveTrace::unrecorded`] counts what was not recorded. A
//! stop requested through [`LiveTrace::request_stop`] is answered with `Break` at the next
//! `enter`.

use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::{Game, Player};
use crate::search::observer::{
    GO, LambdaNode, LambdaNodeKind, LambdaTtView, LambdaVerdict, Observer, PnNodeView, TtEntryView,
};
use crate::search::proof::ProofNumbers;
use crate::search::zone::ZoneScheme;
use crate::search::{Bound, Value, Window};

use super::live::LiveTrace;
use super::store::{
    Batch, Event, EventId, MAX_EVENTS, MoveRange, NONE, NodeId, NodeKind, PnStep, Trace, TraceNode,
    Truncation, ZoneId, pn_flags,
};

/// Zone bytes that count as one event against the record budget (about an event's size
/// with its share of the arena: `benches/trace.rs`).
pub const ZONE_BYTES_PER_EVENT: u64 = 32;

/// How much to record and how often to publish it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordConfig {
    /// Most events recorded (the CLI's `--record`); the engine goes on unrecorded past it.
    /// At most [`MAX_EVENTS`].
    pub budget: u64,
    /// Events collected before they are appended to the shared trace.
    pub batch_events: usize,
    /// Longest time recorded events wait before they are appended (checked every 256
    /// events), so a slow search still shows progress a few times a second.
    pub batch_interval: Duration,
}

impl RecordConfig {
    /// The default budget: 2 million events. `benches/trace.rs` measured about 50 bytes per
    /// event (arena, log and move buffer of AtariGo searches), so about 100 MB.
    pub const DEFAULT_BUDGET: u64 = 2_000_000;
}

impl Default for RecordConfig {
    fn default() -> Self {
        RecordConfig {
            budget: Self::DEFAULT_BUDGET,
            batch_events: 4096,
            batch_interval: Duration::from_millis(100),
        }
    }
}

/// One node on the recorder's path.
#[derive(Clone, Copy, Debug)]
struct Open {
    node: NodeId,
    kind: NodeKind,
    /// The child with the highest negated value so far, and that value.
    best_child: NodeId,
    best_value: Value,
    /// The node's ordered list: start in the shared buffer, start in `open_moves`, length.
    ordered_global: u32,
    ordered_local: u32,
    ordered_len: u16,
    /// `open_moves` length when the node was entered (restored when it is left).
    local_mark: u32,
    /// Plies from the root.
    ply: u16,
    /// Lambda nodes: the latest ATTACK or DEFEND candidate event (`NONE`: none yet).
    last_candidates: EventId,
}

/// What the recorder keeps about each proof node, to recognise revisits and chain events.
#[derive(Clone, Copy, Debug)]
struct PnRecord<M> {
    mv: Option<M>,
    first_child: NodeId,
    last_child: NodeId,
    next_sibling: NodeId,
    /// The node's latest `Pn` event and expansion.
    last: EventId,
    last_expand: EventId,
}

/// Records a search into a [`Trace`] shared through a [`LiveTrace`].
///
/// ```
/// use plyscope::game::Game;
/// use plyscope::games::mnk::Mnk;
/// use plyscope::search::{Bound, Value, Window};
/// use plyscope::search::observer::Observer;
/// use plyscope::trace::recorder::Recorder;
/// use plyscope::trace::replay::Replay;
///
/// let game = Mnk::new(3, 3, 3, false).unwrap();
/// let mut recorder: Recorder<Mnk> = Recorder::default();
/// let live = recorder.live(); // the explorer keeps this handle
/// let _ = recorder.enter(&game, None, 0, 1, Window::FULL);
/// let _ = recorder.leave(Value(0), Bound::Exact, None);
/// recorder.finish();
/// let trace = live.read();
/// let mut replay = Replay::new();
/// replay.seek(&trace, 1);
/// assert_eq!(replay.path(&trace), vec![0]);
/// ```
pub struct Recorder<G: Game> {
    live: Arc<LiveTrace<G::Move>>,
    config: RecordConfig,
    batch: Batch<G::Move>,
    /// Events recorded (appended or in the batch): the id of the next event.
    recorded: u64,
    /// Nodes recorded: the id of the next node.
    nodes: u32,
    /// Moves recorded: the start of the next range.
    moves: u64,
    /// Zone bytes recorded: the start of the next zone.
    zone_bytes: u64,
    /// Points of every zone (set by the first zone).
    zone_len: u16,
    /// The zone recorded last and its id: an equal zone reuses it (leaves often pass their
    /// zone up unchanged).
    last_zone: Vec<u8>,
    last_zone_id: ZoneId,
    stack: Vec<Open>,
    /// Proof nodes by id (empty for other searches), and the proof roots in order.
    pn: Vec<PnRecord<G::Move>>,
    pn_roots: Vec<NodeId>,
    /// Initial numbers recorded (the start of the next expansion's).
    pn_numbers: u64,
    /// The attacker of the proof search (the side to move at its root).
    pn_attacker: Player,
    /// Copies of the open nodes' ordered lists, to find skipped moves in them.
    open_moves: Vec<G::Move>,
    iteration: u32,
    truncation: Option<Truncation>,
    unrecorded: u64,
    last_flush: Instant,
    finished: bool,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> Default for Recorder<G> {
    fn default() -> Self {
        Self::new(RecordConfig::default())
    }
}

impl<G: Game> Recorder<G> {
    /// A recorder with its own empty [`LiveTrace`].
    pub fn new(config: RecordConfig) -> Self {
        let config = RecordConfig {
            budget: config.budget.min(MAX_EVENTS),
            batch_events: config.batch_events.max(1),
            ..config
        };
        Recorder {
            live: Arc::new(LiveTrace::default()),
            config,
            batch: Batch::with_capacity(config.batch_events.min(1 << 16)),
            recorded: 0,
            nodes: 0,
            moves: 0,
            zone_bytes: 0,
            zone_len: 0,
            last_zone: Vec::new(),
            last_zone_id: NONE,
            stack: Vec::with_capacity(64),
            pn: Vec::new(),
            pn_roots: Vec::new(),
            pn_numbers: 0,
            pn_attacker: Player::Black,
            open_moves: Vec::with_capacity(1024),
            iteration: 0,
            truncation: None,
            unrecorded: 0,
            last_flush: Instant::now(),
            finished: false,
            _game: PhantomData,
        }
    }

    /// The shared trace: give it to the reader before the search starts.
    pub fn live(&self) -> Arc<LiveTrace<G::Move>> {
        Arc::clone(&self.live)
    }

    /// Events recorded so far (published or not).
    pub fn recorded(&self) -> u64 {
        self.recorded
    }

    /// Where the record ended, once the budget ran out.
    pub fn truncation(&self) -> Option<Truncation> {
        self.truncation
    }

    /// Appends the pending events to the shared trace now.
    pub fn flush(&mut self) {
        {
            let mut trace = self.live.write();
            trace.append(&mut self.batch);
            trace.set_truncation(self.truncation);
            self.live.set_published(trace.len() as u64);
        }
        self.live.set_unrecorded(self.unrecorded);
        self.last_flush = Instant::now();
    }

    /// Appends everything and marks the trace finished; returns the shared trace.
    pub fn finish(mut self) -> Arc<LiveTrace<G::Move>> {
        self.finish_in_place();
        Arc::clone(&self.live)
    }

    /// Finishes and returns the trace itself (cloned only if a reader still shares it).
    pub fn into_trace(self) -> Trace<G::Move> {
        let live = self.finish();
        match Arc::try_unwrap(live) {
            Ok(live) => live.into_trace(),
            Err(shared) => shared.read().clone(),
        }
    }

    fn finish_in_place(&mut self) {
        if self.finished {
            return;
        }
        self.finished = true;
        self.flush();
        self.live.write().set_finished();
        self.live.set_finished();
    }

    /// True when the event about to be reported is to be recorded; past the budget it
    /// counts it as unrecorded instead.
    #[inline]
    fn admit(&mut self) -> bool {
        if self.truncation.is_none()
            && self.recorded
                + (self.zone_bytes + self.pn_numbers * size_of::<ProofNumbers>() as u64)
                    / ZONE_BYTES_PER_EVENT
                < self.config.budget
        {
            return true;
        }
        if self.truncation.is_none() {
            self.truncate();
        }
        self.unrecorded += 1;
        if self.unrecorded.is_multiple_of(4096) {
            self.live.set_unrecorded(self.unrecorded);
        }
        false
    }

    /// Stops recording here.
    fn truncate(&mut self) {
        self.truncation = Some(Truncation { at: self.recorded });
        self.stack.clear();
        self.open_moves.clear();
        self.flush();
    }

    #[inline]
    fn push_event(&mut self, event: Event<G::Move>) {
        self.batch.events.push(event);
        self.recorded += 1;
        let pending = self.batch.events.len();
        if pending >= self.config.batch_events
            || (pending.is_multiple_of(256)
                && self.last_flush.elapsed() >= self.config.batch_interval)
        {
            self.flush();
        }
    }

    /// Copies `moves` to the side buffer (at most `u16::MAX` of them); `None` when the
    /// buffer's 32-bit ranges are used up (the record then ends).
    fn push_moves(&mut self, moves: &[G::Move]) -> Option<MoveRange> {
        let moves = &moves[..moves.len().min(u16::MAX as usize)];
        if self.moves + moves.len() as u64 > u32::MAX as u64 {
            self.truncate();
            return None;
        }
        let range = MoveRange {
            start: self.moves as u32,
            len: moves.len() as u16,
        };
        self.batch.moves.extend_from_slice(moves);
        self.moves += moves.len() as u64;
        Some(range)
    }

    /// Copies a zone's orders to the zone buffer; `NONE` for no zone, or for a zone of
    /// another board size than the trace's first (the engines use one board).
    fn push_zone(&mut self, zone: Option<&ZoneScheme>) -> ZoneId {
        let Some(zone) = zone else {
            return NONE;
        };
        let len = zone.len() as u16;
        if self.zone_len == 0 {
            self.zone_len = len;
            self.batch.zone_len = len;
        }
        if len != self.zone_len || len == 0 {
            debug_assert!(
                len == self.zone_len,
                "zones of two board sizes in one trace"
            );
            return NONE;
        }
        if self.last_zone_id != NONE && self.last_zone == zone.orders() {
            return self.last_zone_id;
        }
        if self.zone_bytes + len as u64 >= NONE as u64 {
            self.truncate();
            return NONE;
        }
        let id = self.zone_bytes as ZoneId;
        self.batch.zones.extend_from_slice(zone.orders());
        self.zone_bytes += len as u64;
        self.last_zone.clear();
        self.last_zone.extend_from_slice(zone.orders());
        self.last_zone_id = id;
        id
    }

    /// Records ATTACK's or DEFEND's candidates and zone for the innermost open node.
    fn candidates(
        &mut self,
        attack: bool,
        level: u8,
        zone: Option<&ZoneScheme>,
        candidates: &[G::Move],
    ) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let Some(node) = self.current() else {
            return GO;
        };
        let Some(candidates) = self.push_moves(candidates) else {
            return GO;
        };
        let zone = self.push_zone(zone);
        if self.truncation.is_some() {
            return GO;
        }
        let e = self.recorded as EventId;
        let Some(top) = self.stack.last_mut() else {
            return GO;
        };
        let prev = std::mem::replace(&mut top.last_candidates, e);
        self.push_event(if attack {
            Event::LambdaAttack {
                node,
                level,
                zone,
                candidates,
                prev,
            }
        } else {
            Event::LambdaDefend {
                node,
                level,
                zone,
                candidates,
                prev,
            }
        });
        GO
    }

    /// Opens a node: the arena entry and the enter event.
    fn open_node(&mut self, node: TraceNode<G::Move>) {
        let id = self.nodes;
        self.batch.nodes.push(node);
        self.nodes += 1;
        self.stack.push(Open {
            node: id,
            kind: node.kind,
            best_child: NONE,
            best_value: -Value::INFINITY,
            ordered_global: 0,
            ordered_local: 0,
            ordered_len: 0,
            local_mark: self.open_moves.len() as u32,
            ply: node.ply,
            last_candidates: NONE,
        });
        self.push_event(Event::Enter { node: id });
    }

    /// The range of `moves` in the innermost open node's ordered list, starting right after
    /// `after` (a cutoff's move) or ending the list (`after == None`, forward pruning), or a
    /// copy when they are not there.
    fn locate(&mut self, moves: &[G::Move], after: Option<G::Move>) -> Option<MoveRange> {
        let top = *self.stack.last()?;
        let list_start = top.ordered_local as usize;
        let list = &self.open_moves[list_start..list_start + top.ordered_len as usize];
        let start = match after {
            Some(mv) => list.iter().position(|&m| m == mv).map(|p| p + 1),
            None => list.len().checked_sub(moves.len()),
        };
        if let Some(start) = start
            && list.get(start..start + moves.len()) == Some(moves)
        {
            return Some(MoveRange {
                start: top.ordered_global + start as u32,
                len: moves.len() as u16,
            });
        }
        self.push_moves(moves)
    }

    /// The proof node reached by `mv` from `parent` (a root when `parent` is `NONE`), if
    /// it was entered before.
    fn pn_known(&self, parent: NodeId, mv: Option<G::Move>) -> Option<NodeId> {
        if parent == NONE {
            return self
                .pn_roots
                .iter()
                .copied()
                .find(|&r| self.pn[r as usize].mv == mv);
        }
        let mut child = self.pn.get(parent as usize)?.first_child;
        while child != NONE {
            let c = &self.pn[child as usize];
            if c.mv == mv {
                return Some(child);
            }
            child = c.next_sibling;
        }
        None
    }

    /// Records an enter, update or leave of the proof node `node`.
    fn pn_event(&mut self, node: NodeId, step: PnStep, view: PnNodeView) {
        let e = self.recorded as EventId;
        let Some(record) = self.pn.get_mut(node as usize) else {
            debug_assert!(false, "a proof event for a node that is not a proof node");
            return;
        };
        let prev = std::mem::replace(&mut record.last, e);
        let mut flags = 0;
        if view.or_node {
            flags |= pn_flags::OR_NODE;
        }
        if view.second_level {
            flags |= pn_flags::SECOND_LEVEL;
        }
        if view.thresholds.is_some() {
            flags |= pn_flags::THRESHOLDS;
        }
        self.push_event(Event::Pn {
            node,
            step,
            flags,
            numbers: view.numbers,
            thresholds: view.thresholds.unwrap_or(ProofNumbers::new(0, 0)),
            prev,
        });
    }

    /// The innermost open node (engines report node events only inside a node).
    #[inline]
    fn current(&self) -> Option<NodeId> {
        let top = self.stack.last().map(|o| o.node);
        debug_assert!(top.is_some(), "a node event outside any node");
        top
    }
}

impl<G: Game> Drop for Recorder<G> {
    fn drop(&mut self) {
        self.finish_in_place();
    }
}

impl<G: Game> Observer<G> for Recorder<G> {
    fn iteration(&mut self, depth: u32) -> ControlFlow<()> {
        self.iteration = depth;
        if self.admit() {
            self.push_event(Event::Iteration { depth });
        }
        GO
    }

    fn enter(
        &mut self,
        game: &G,
        mv: Option<G::Move>,
        ply: usize,
        depth: u32,
        window: Window,
    ) -> ControlFlow<()> {
        if self.live.stop_requested() {
            return ControlFlow::Break(());
        }
        if !self.admit() {
            return GO;
        }
        let (parent, kind) = match self.stack.last() {
            None => (NONE, NodeKind::Root),
            Some(top) if mv.is_some() => (top.node, NodeKind::Move),
            Some(top) => (top.node, NodeKind::NullMove),
        };
        let to_move = game.to_move();
        self.open_node(TraceNode {
            parent,
            end: NONE,
            enter: self.recorded as EventId,
            leave: NONE,
            tt_probe: NONE,
            ordered: NONE,
            null_move: NONE,
            forward_pruned: NONE,
            cutoff: NONE,
            tt_store: NONE,
            key: game.key(),
            window,
            depth,
            iteration: self.iteration,
            ply: ply.min(u16::MAX as usize) as u16,
            mv,
            kind,
            to_move,
            attacker: to_move,
            level: 0,
        });
        GO
    }

    fn leave(&mut self, value: Value, bound: Bound, best: Option<G::Move>) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let Some(open) = self.stack.pop() else {
            debug_assert!(false, "leave without enter");
            return GO;
        };
        self.open_moves.truncate(open.local_mark as usize);
        let mut prev_best = NONE;
        if open.kind == NodeKind::Move
            && let Some(parent) = self.stack.last_mut()
        {
            prev_best = parent.best_child;
            if prev_best == NONE || -value > parent.best_value {
                parent.best_child = open.node;
                parent.best_value = -value;
            }
        }
        self.push_event(Event::Leave {
            node: open.node,
            value,
            bound,
            best,
            prev_best,
        });
        GO
    }

    fn cutoff(
        &mut self,
        mv: G::Move,
        value: Value,
        window: Window,
        skipped: &[G::Move],
    ) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let Some(node) = self.current() else {
            return GO;
        };
        let Some(skipped) = self.locate(skipped, Some(mv)) else {
            return GO;
        };
        self.push_event(Event::Cutoff {
            node,
            mv,
            value,
            window,
            skipped,
        });
        GO
    }

    fn tt_probe(&mut self, _key: u64, entry: Option<TtEntryView<G::Move>>) -> ControlFlow<()> {
        if self.admit()
            && let Some(node) = self.current()
        {
            self.push_event(Event::TtProbe { node, hit: entry });
        }
        GO
    }

    fn tt_store(
        &mut self,
        _key: u64,
        value: Value,
        bound: Bound,
        depth: u32,
        best: Option<G::Move>,
    ) -> ControlFlow<()> {
        if self.admit()
            && let Some(node) = self.current()
        {
            self.push_event(Event::TtStore {
                node,
                value,
                bound,
                depth,
                best,
            });
        }
        GO
    }

    fn ordered(&mut self, moves: &[G::Move]) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let Some(node) = self.current() else {
            return GO;
        };
        let Some(range) = self.push_moves(moves) else {
            return GO;
        };
        let local = self.open_moves.len() as u32;
        self.open_moves.extend_from_slice(&moves[..range.len()]);
        if let Some(top) = self.stack.last_mut() {
            top.ordered_global = range.start;
            top.ordered_local = local;
            top.ordered_len = range.len;
        }
        self.push_event(Event::Ordered { node, moves: range });
        GO
    }

    fn null_move(&mut self, r: u32, value: Value, cut: bool) -> ControlFlow<()> {
        if self.admit()
            && let Some(node) = self.current()
        {
            self.push_event(Event::NullMove {
                node,
                reduction: r,
                value,
                cut,
            });
        }
        GO
    }

    fn forward_pruned(&mut self, dropped: &[G::Move]) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let Some(node) = self.current() else {
            return GO;
        };
        let Some(dropped) = self.locate(dropped, None) else {
            return GO;
        };
        self.push_event(Event::ForwardPruned { node, dropped });
        GO
    }

    fn lambda_enter(&mut self, game: &G, node: LambdaNode<G::Move>) -> ControlFlow<()> {
        if self.live.stop_requested() {
            return ControlFlow::Break(());
        }
        if !self.admit() {
            return GO;
        }
        let (kind, mv) = match node.kind {
            LambdaNodeKind::Search(purpose) => (NodeKind::Lambda(purpose), None),
            LambdaNodeKind::Attack(mv) => (NodeKind::Attack, Some(mv)),
            LambdaNodeKind::Defence(mv) => (NodeKind::Defence, Some(mv)),
        };
        let (parent, ply) = match self.stack.last() {
            None => (NONE, 0),
            Some(top) => (top.node, top.ply.saturating_add(mv.is_some() as u16)),
        };
        self.open_node(TraceNode {
            parent,
            end: NONE,
            enter: self.recorded as EventId,
            leave: NONE,
            tt_probe: NONE,
            ordered: NONE,
            null_move: NONE,
            forward_pruned: NONE,
            cutoff: NONE,
            tt_store: NONE,
            key: game.key(),
            window: Window::FULL,
            depth: node.depth_left,
            iteration: self.iteration,
            ply,
            mv,
            kind,
            to_move: game.to_move(),
            attacker: node.attacker,
            level: node.level,
        });
        GO
    }

    fn lambda_attack(
        &mut self,
        level: u8,
        zone: Option<&ZoneScheme>,
        candidates: &[G::Move],
    ) -> ControlFlow<()> {
        self.candidates(true, level, zone, candidates)
    }

    fn lambda_defend(
        &mut self,
        level: u8,
        zone: Option<&ZoneScheme>,
        candidates: &[G::Move],
    ) -> ControlFlow<()> {
        self.candidates(false, level, zone, candidates)
    }

    fn lambda_tt(&mut self, _key: u64, entry: Option<LambdaTtView>) -> ControlFlow<()> {
        if self.admit()
            && let Some(node) = self.current()
        {
            self.push_event(Event::LambdaTt { node, hit: entry });
        }
        GO
    }

    fn pn_enter(&mut self, game: &G, mv: Option<G::Move>, node: PnNodeView) -> ControlFlow<()> {
        if self.live.stop_requested() {
            return ControlFlow::Break(());
        }
        if self.admit() {
            self.proof_enter(game, mv, node);
        }
        GO
    }

    fn pn_expand(&mut self, moves: &[G::Move], numbers: &[ProofNumbers]) -> ControlFlow<()> {
        debug_assert_eq!(moves.len(), numbers.len(), "a number per move");
        if self.admit() {
            self.proof_expand(moves, numbers);
        }
        GO
    }

    fn pn_update(&mut self, node: PnNodeView) -> ControlFlow<()> {
        if self.admit()
            && let Some(id) = self.current()
        {
            self.pn_event(id, PnStep::Update, node);
        }
        GO
    }

    fn pn_tt(&mut self, _key: u64, entry: Option<ProofNumbers>) -> ControlFlow<()> {
        if self.admit()
            && let Some(node) = self.current()
        {
            self.push_event(Event::PnTt { node, hit: entry });
        }
        GO
    }

    fn pn_leave(&mut self, node: PnNodeView) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let Some(open) = self.stack.pop() else {
            debug_assert!(false, "pn_leave without pn_enter");
            return GO;
        };
        self.open_moves.truncate(open.local_mark as usize);
        self.pn_event(open.node, PnStep::Leave, node);
        GO
    }

    fn lambda_leave(
        &mut self,
        verdict: LambdaVerdict,
        zone: Option<&ZoneScheme>,
    ) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let zone = self.push_zone(zone);
        if self.truncation.is_some() {
            return GO;
        }
        let Some(open) = self.stack.pop() else {
            debug_assert!(false, "lambda_leave without lambda_enter");
            return GO;
        };
        self.open_moves.truncate(open.local_mark as usize);
        self.push_event(Event::LambdaLeave {
            node: open.node,
            verdict,
            zone,
        });
        GO
    }
}

impl<G: Game> Recorder<G> {
    fn proof_enter(&mut self, game: &G, mv: Option<G::Move>, view: PnNodeView) {
        let (parent, ply) = match self.stack.last() {
            None => (NONE, 0),
            Some(top) => (top.node, top.ply.saturating_add(mv.is_some() as u16)),
        };
        if let Some(node) = self.pn_known(parent, mv) {
            self.stack.push(Open {
                node,
                kind: NodeKind::Proof,
                best_child: NONE,
                best_value: -Value::INFINITY,
                ordered_global: 0,
                ordered_local: 0,
                ordered_len: 0,
                local_mark: self.open_moves.len() as u32,
                ply,
                last_candidates: NONE,
            });
            self.pn_event(node, PnStep::Enter, view);
            return;
        }
        let id = self.nodes;
        if parent == NONE {
            self.pn_attacker = game.to_move();
            self.pn_roots.push(id);
        }
        self.batch.nodes.push(TraceNode {
            parent,
            end: NONE,
            enter: self.recorded as EventId,
            leave: NONE,
            tt_probe: NONE,
            ordered: NONE,
            null_move: NONE,
            forward_pruned: NONE,
            cutoff: NONE,
            tt_store: NONE,
            key: game.key(),
            window: Window::FULL,
            depth: 0,
            iteration: self.iteration,
            ply,
            mv,
            kind: NodeKind::Proof,
            to_move: game.to_move(),
            attacker: self.pn_attacker,
            level: 0,
        });
        self.nodes += 1;
        if self.pn.len() < id as usize + 1 {
            self.pn.resize(
                id as usize + 1,
                PnRecord {
                    mv: None,
                    first_child: NONE,
                    last_child: NONE,
                    next_sibling: NONE,
                    last: NONE,
                    last_expand: NONE,
                },
            );
        }
        self.pn[id as usize].mv = mv;
        if parent != NONE
            && let Some(p) = self.pn.get(parent as usize).copied()
        {
            if p.last_child == NONE {
                self.pn[parent as usize].first_child = id;
            } else {
                self.pn[p.last_child as usize].next_sibling = id;
            }
            self.pn[parent as usize].last_child = id;
        }
        self.stack.push(Open {
            node: id,
            kind: NodeKind::Proof,
            best_child: NONE,
            best_value: -Value::INFINITY,
            ordered_global: 0,
            ordered_local: 0,
            ordered_len: 0,
            local_mark: self.open_moves.len() as u32,
            ply,
            last_candidates: NONE,
        });
        self.pn_event(id, PnStep::FirstEnter, view);
    }

    fn proof_expand(&mut self, moves: &[G::Move], numbers: &[ProofNumbers]) {
        let Some(node) = self.current() else {
            return;
        };
        let len = moves.len().min(numbers.len());
        if self.pn_numbers + len as u64 > u32::MAX as u64 {
            self.truncate();
            return;
        }
        let Some(range) = self.push_moves(&moves[..len]) else {
            return;
        };
        let start = self.pn_numbers as u32;
        self.batch
            .pn_numbers
            .extend_from_slice(&numbers[..range.len()]);
        self.pn_numbers += range.len() as u64;
        let e = self.recorded as EventId;
        let prev = match self.pn.get_mut(node as usize) {
            Some(record) => std::mem::replace(&mut record.last_expand, e),
            None => NONE,
        };
        self.push_event(Event::PnExpand {
            node,
            moves: range,
            numbers: start,
            prev,
        });
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::{Player, StoneGame};
    use crate::games::mnk::Mnk;
    use crate::search::Window;
    use crate::trace::store::EventKind;

    fn w(alpha: i32, beta: i32) -> Window {
        Window {
            alpha: Value(alpha),
            beta: Value(beta),
        }
    }

    /// A hand-scripted search of tic-tac-toe, one event per line (the comment gives the
    /// event id): a root with a table miss and three ordered moves; `a1` scores 5 for the
    /// root; `b1` holds a null-move probe and forward pruning and scores 7, which cuts the
    /// root (skipping `c1`); a table store and the root's leave.
    pub(crate) fn scripted() -> (Trace<u16>, [u64; 3]) {
        let mut g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            batch_events: 4, // several appends, to exercise them
            ..RecordConfig::default()
        });
        let root_key = g.key();
        let _ = r.iteration(1); // 0
        let _ = r.enter(&g, None, 0, 2, w(-1_000_001, 6)); // 1: node 0
        let _ = r.tt_probe(root_key, None); // 2
        let _ = r.ordered(&[0, 1, 2]); // 3
        g.play(0);
        let a1_key = g.key();
        let _ = r.enter(&g, Some(0), 1, 1, w(-6, 1_000_001)); // 4: node 1
        let _ = r.leave(Value(-5), Bound::Exact, None); // 5
        g.undo(0);
        g.play(1);
        let b1_key = g.key();
        let _ = r.enter(&g, Some(1), 1, 1, w(-6, -5)); // 6: node 2
        g.set_to_move(Player::Black);
        let _ = r.enter(&g, None, 2, 0, w(5, 6)); // 7: node 3, the null move
        let _ = r.leave(Value(3), Bound::Upper, None); // 8
        g.set_to_move(Player::White);
        let _ = r.null_move(2, Value(-3), false); // 9
        let _ = r.ordered(&[0, 2, 3, 4, 5, 6, 7, 8]); // 10
        let _ = r.forward_pruned(&[7, 8]); // 11
        let _ = r.leave(Value(-7), Bound::Upper, None); // 12
        g.undo(1);
        let _ = r.cutoff(1, Value(7), w(5, 6), &[2]); // 13
        let _ = r.tt_store(root_key, Value(6), Bound::Lower, 2, Some(1)); // 14
        let _ = r.leave(Value(6), Bound::Lower, Some(1)); // 15
        (r.into_trace(), [root_key, a1_key, b1_key])
    }

    /// A hand-scripted two-level lambda search on an empty 3x3 board, in the shape of thesis
    /// 000 section 5.1 (the comment gives the event id): LAMBDA(Black, 2) misses the table;
    /// ATTACK at level 1 tries a1 (a threat: DEFEND answers with b2, which refutes it) and c1
    /// (no threat); ATTACK at level 2 tries a1 again, whose threat at level 1 has no answer.
    pub(crate) fn lambda_scripted() -> Trace<u16> {
        use crate::game::Player::{Black, White};
        use crate::search::observer::LambdaPurpose::{AfterDefence, Root, Threat};
        use crate::search::observer::{LambdaNode, LambdaNodeKind as K, LambdaVerdict as V};

        fn node(kind: K<u16>, attacker: Player, level: u8, depth_left: u32) -> LambdaNode<u16> {
            LambdaNode {
                kind,
                attacker,
                level,
                depth_left,
            }
        }
        let z = |orders: &[u8]| ZoneScheme::from_orders(orders);
        let n = crate::game::NO_REGION;
        let mut g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            batch_events: 5,
            ..RecordConfig::default()
        });
        let root_zone = z(&[1, 2, 1, 2, 3, n, n, n, n]);
        let _ = r.lambda_enter(&g, node(K::Search(Root), Black, 2, 9)); // 0: node 0
        let _ = r.lambda_tt(g.key(), None); // 1
        let _ = r.lambda_attack(1, Some(&root_zone), &[0, 2]); // 2
        g.play(0);
        let _ = r.lambda_enter(&g, node(K::Attack(0), Black, 1, 8)); // 3: node 1
        g.set_to_move(Black);
        let _ = r.lambda_enter(&g, node(K::Search(Threat), Black, 0, 7)); // 4: node 2
        let _ = r.lambda_leave(V::Won { level: 0 }, Some(&z(&[n, 1, 1, n, n, n, n, n, n]))); // 5
        g.set_to_move(White);
        let _ = r.lambda_defend(1, Some(&z(&[n, 1, 2, n, n, n, n, n, n])), &[1]); // 6
        g.play(4);
        let _ = r.lambda_enter(&g, node(K::Defence(4), Black, 1, 7)); // 7: node 3
        let _ = r.lambda_enter(&g, node(K::Search(AfterDefence), Black, 1, 7)); // 8: node 4
        let _ = r.lambda_tt(g.key(), None); // 9
        let _ = r.lambda_leave(V::NotWon, Some(&z(&[n, n, n, 1, n, 1, n, n, n]))); // 10
        let _ = r.lambda_leave(V::NotWon, Some(&z(&[n, n, n, 1, 1, 1, n, n, n]))); // 11
        g.undo(4);
        let _ = r.lambda_leave(V::NotWon, Some(&z(&[1, n, n, 1, 1, 1, n, n, n]))); // 12
        g.undo(0);
        g.play(2);
        let _ = r.lambda_enter(&g, node(K::Attack(2), Black, 1, 8)); // 13: node 5
        g.set_to_move(Black);
        let _ = r.lambda_enter(&g, node(K::Search(Threat), Black, 0, 7)); // 14: node 6
        let _ = r.lambda_leave(V::NotWon, None); // 15
        g.set_to_move(White);
        let _ = r.lambda_leave(V::NoThreat, None); // 16
        g.undo(2);
        let _ = r.lambda_attack(2, Some(&z(&[1, n, n, 1, 1, 1, n, n, n])), &[0]); // 17
        g.play(0);
        let _ = r.lambda_enter(&g, node(K::Attack(0), Black, 2, 8)); // 18: node 7
        let _ = r.lambda_leave(V::Won { level: 2 }, Some(&z(&[1; 9]))); // 19
        g.undo(0);
        let _ = r.lambda_leave(V::Won { level: 2 }, Some(&z(&[1, 2, 2, 2, 2, 2, 2, 2, 2]))); // 20
        r.into_trace()
    }

    #[test]
    fn lambda_nodes_keep_kind_attacker_level_and_zones() {
        use crate::search::observer::{LambdaNodeKind as K, LambdaPurpose, LambdaVerdict as V};
        use crate::trace::replay::{NodeStatus, Replay, candidates_before};

        let t = lambda_scripted();
        assert_eq!((t.len(), t.node_count()), (21, 8));
        let kinds: Vec<_> = t.nodes().iter().map(|n| n.kind()).collect();
        assert_eq!(
            kinds,
            [
                NodeKind::Lambda(LambdaPurpose::Root),
                NodeKind::Attack,
                NodeKind::Lambda(LambdaPurpose::Threat),
                NodeKind::Defence,
                NodeKind::Lambda(LambdaPurpose::AfterDefence),
                NodeKind::Attack,
                NodeKind::Lambda(LambdaPurpose::Threat),
                NodeKind::Attack,
            ]
        );
        let parents: Vec<_> = t.nodes().iter().map(|n| n.parent()).collect();
        let p = Some::<NodeId>;
        assert_eq!(parents, [None, p(0), p(1), p(1), p(3), p(0), p(5), p(0)]);
        let plies: Vec<_> = t.nodes().iter().map(|n| n.ply()).collect();
        assert_eq!(plies, [0, 1, 1, 2, 2, 1, 1, 1]);
        assert_eq!(t.node(3).lambda_kind(), Some(K::Defence(4)));
        assert_eq!(t.node(3).attacker(), Player::Black);
        assert_eq!(t.node(3).to_move(), Player::Black, "after White's b2");
        assert_eq!((t.node(0).level(), t.node(0).depth()), (2, 9));
        // Every enter has its leave; subtrees close as for alpha-beta.
        assert!(t.nodes().iter().all(|n| n.leave_event().is_some()));
        let ends: Vec<_> = t.nodes().iter().map(|n| n.subtree_end()).collect();
        let e = Some::<NodeId>;
        assert_eq!(ends, [e(8), e(5), e(3), e(5), e(5), e(7), e(7), e(8)]);
        // Nine zones of nine points (six leaves with a zone, two ATTACKs and a DEFEND), of
        // which level 2's ATTACK zone repeats the last zone recorded (a1's) and shares it.
        assert_eq!(t.zone_buffer_len(), 8 * 9);
        // The root's candidate lists: level 2's names level 1's.
        let second = candidates_before(&t, 0, t.len()).unwrap();
        assert_eq!((second.event, second.level, second.attack), (17, 2, true));
        let first = candidates_before(&t, 0, 17).unwrap();
        assert_eq!((first.event, first.level), (2, 1));
        assert_eq!(t.moves(first.moves), [0, 2]);
        assert_eq!(
            t.zone(first.zone.unwrap()).unwrap(),
            [1, 2, 1, 2, 3, 255, 255, 255, 255]
        );
        assert_eq!(candidates_before(&t, 0, 2), None);

        let mut replay = Replay::new();
        replay.seek(&t, 12);
        let attack = replay.lambda(&t, 1).unwrap();
        assert_eq!(attack.status, NodeStatus::Open);
        assert_eq!(attack.verdict, None);
        let defend = attack.candidates.unwrap();
        assert!(!defend.attack);
        assert_eq!(t.moves(defend.moves), [1]);
        let after = replay.lambda(&t, 4).unwrap();
        assert_eq!((after.verdict, after.tt), (Some(V::NotWon), Some(None)));
        replay.seek(&t, 13);
        let attack = replay.lambda(&t, 1).unwrap();
        assert_eq!(attack.verdict, Some(V::NotWon));
        assert_eq!(t.zone(attack.zone.unwrap()).unwrap()[0], 1);
        replay.seek(&t, t.len());
        let root = replay.lambda(&t, 0).unwrap();
        assert_eq!(root.verdict, Some(V::Won { level: 2 }));
        assert_eq!(root.candidate_lists, 2);
        assert_eq!(replay.lambda(&t, 6).unwrap().zone, None, "zones off");
        assert_eq!(replay.current(), None);
        // Back to the start, one event at a time: the path shrinks to nothing.
        while replay.back(&t) {}
        assert_eq!(replay.lambda(&t, 0), None, "not entered at step 0");
    }

    /// A real lambda search (Thomsen's corners, a lambda-2 win in 7 plies) recorded whole:
    /// every node closed, the table and node counts agree with the engine's, and every
    /// zone an event names is in the zone buffer.
    #[test]
    fn a_real_lambda_search_is_recorded_whole() {
        use crate::puzzle::Position;
        use crate::search::lambda::{LambdaConfig, ThreatVerdict, lambda_search};
        use crate::search::{Limits, Stats};
        use crate::trace::replay::Replay;

        let puzzle = crate::puzzle::load("mnk-4x4-k4-corners").unwrap();
        let Position::Mnk(mut g) = puzzle.position else {
            panic!("an m,n,k puzzle");
        };
        let config = LambdaConfig {
            max_level: 2,
            max_depth: 7,
            ..LambdaConfig::default()
        };
        let mut r: Recorder<Mnk> = Recorder::default();
        let report = lambda_search(&mut g, &config, &Limits::default(), &mut r);
        let t = r.into_trace();
        assert_eq!(report.verdict, ThreatVerdict::Win { level: 2 });
        let count = |kind| t.events().iter().filter(|e| e.is(kind)).count() as u64;
        let Stats {
            nodes,
            tt_probes,
            tt_hits,
            ..
        } = report.stats;
        assert_eq!(count(EventKind::LambdaTt), tt_probes);
        assert_eq!(count(EventKind::TtHit), tt_hits);
        assert!(tt_hits > 0);
        // Every enter has its leave.
        assert_eq!(count(EventKind::Enter), t.node_count() as u64);
        assert_eq!(count(EventKind::LambdaLeave), t.node_count() as u64);
        assert!(t.nodes().iter().all(|n| n.leave_event().is_some()));
        // Moves are nodes of the engine; a LAMBDA call is one unless the table decided it.
        let moves = t
            .nodes()
            .iter()
            .filter(|n| matches!(n.kind(), NodeKind::Attack | NodeKind::Defence))
            .count() as u64;
        let searches = t.node_count() as u64 - moves;
        assert!(
            moves < nodes && nodes <= moves + searches,
            "{nodes} {moves} {searches}"
        );
        // Zones: every ATTACK and DEFEND carries one of 16 points, readable.
        let lists = count(EventKind::LambdaAttack) + count(EventKind::LambdaDefend);
        assert!(lists > 0);
        let mut zones = 0;
        for e in t.events() {
            let zone = match *e {
                Event::LambdaAttack { zone, .. }
                | Event::LambdaDefend { zone, .. }
                | Event::LambdaLeave { zone, .. } => zone,
                _ => continue,
            };
            if zone != NONE {
                let orders = t.zone(zone).expect("a recorded zone");
                assert_eq!(orders.len(), 16);
                zones += 1;
            }
        }
        assert!(zones as u64 >= lists);
        assert!(
            t.zone_buffer_len() <= zones * 16,
            "equal neighbours share bytes"
        );
        assert_eq!(t.zone_buffer_len() % 16, 0);
        // The root's verdict as of the end: the win at level 2.
        let mut replay = Replay::new();
        replay.seek(&t, t.len());
        let root = replay.lambda(&t, 0).unwrap();
        assert_eq!(root.verdict, Some(LambdaVerdict::Won { level: 2 }));
        assert_eq!(root.candidate_lists, 2, "ATTACK at levels 1 and 2");
    }

    #[test]
    fn a_zone_equal_to_the_last_one_shares_its_bytes() {
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::default();
        let root = LambdaNode {
            kind: LambdaNodeKind::Search(crate::search::observer::LambdaPurpose::Root),
            attacker: Player::Black,
            level: 1,
            depth_left: 3,
        };
        let a = ZoneScheme::everything(9);
        let b = ZoneScheme::singleton(9, 4);
        let _ = r.lambda_enter(&g, root);
        let _ = r.lambda_attack(1, Some(&a), &[0]); // 1: new
        let _ = r.lambda_attack(1, Some(&a), &[0]); // 2: shared
        let _ = r.lambda_attack(1, Some(&b), &[0]); // 3: new
        let _ = r.lambda_leave(LambdaVerdict::NotWon, Some(&a)); // 4: new (not the last)
        let t = r.into_trace();
        let zone = |e: EventId| match *t.event(e) {
            Event::LambdaAttack { zone, .. } | Event::LambdaLeave { zone, .. } => zone,
            _ => panic!("event {e} has no zone"),
        };
        assert_eq!(zone(1), zone(2));
        assert_eq!([zone(1), zone(3), zone(4)], [0, 9, 18]);
        assert_eq!(t.zone_buffer_len(), 27);
        assert_eq!(t.zone(zone(3)).unwrap()[4], 1);
    }

    #[test]
    fn zone_bytes_count_in_the_record_budget() {
        let g = Mnk::new(4, 4, 4, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            budget: 4,
            ..RecordConfig::default()
        });
        let zones = [
            ZoneScheme::everything(16),
            ZoneScheme::singleton(16, 3),
            ZoneScheme::everything(16),
        ];
        let root = LambdaNode {
            kind: LambdaNodeKind::Search(crate::search::observer::LambdaPurpose::Root),
            attacker: Player::Black,
            level: 1,
            depth_left: 3,
        };
        let _ = r.lambda_enter(&g, root); // 1 event
        // Two zones of 16 bytes are one event's worth: the third list finds the budget
        // (3 events and 32 zone bytes) spent.
        for zone in &zones {
            let _ = r.lambda_attack(1, Some(zone), &[0]);
        }
        assert_eq!(r.truncation(), Some(Truncation { at: 3 }));
        let t = r.into_trace();
        assert_eq!(t.len(), 3);
    }

    /// Seed 004 figure 6.23's tree searched by fail-hard alpha-beta (seed 001 algorithm
    /// 3.2) in the text's order.
    #[test]
    fn a_textbook_alpha_beta_is_recorded_node_by_node() {
        use crate::games::tree::TreeGame;
        use crate::search::{Algorithm, Limits, SearchConfig, solve};
        use crate::trace::replay::Replay;

        let mut g = TreeGame::parse("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))").unwrap();
        let mut r: Recorder<TreeGame> = Recorder::default();
        let config = SearchConfig::plain(Algorithm::AlphaBeta);
        let result = solve(&mut g, &config, &Limits::default(), &mut r);
        let t = r.into_trace();
        assert_eq!(result.value, Value(3));
        // a, b, b1, b2, b3, c, c1 (c2 and c3 are cut), d, d1, d2, d3.
        let moves: Vec<_> = t.nodes().iter().map(|n| n.mv()).collect();
        let m = Some::<u16>;
        let p = Some::<NodeId>;
        assert_eq!(
            moves,
            [
                None,
                m(0),
                m(0),
                m(1),
                m(2),
                m(1),
                m(0),
                m(2),
                m(0),
                m(1),
                m(2)
            ]
        );
        assert_eq!(t.node_count() as u64, result.stats.nodes);
        let parents: Vec<_> = t.nodes().iter().map(|n| n.parent()).collect();
        assert_eq!(
            parents,
            [
                None,
                p(0),
                p(1),
                p(1),
                p(1),
                p(0),
                p(5),
                p(0),
                p(7),
                p(7),
                p(7)
            ]
        );
        // c1 is searched with (3, +inf): alpha is b's value.
        assert_eq!(t.node(6).window().alpha, Value(3));
        assert_eq!(t.node(6).window().beta, Window::FULL.beta);
        // The first cutoff is c's: c1's 2 (for White -2) reaches beta -3; c2, c3 skipped.
        let mut replay = Replay::new();
        let step = replay.next_step(&t, EventKind::Cutoff).unwrap();
        replay.seek(&t, step);
        let c = replay.node(&t, 5);
        let cut = c.cutoff.unwrap();
        assert_eq!((cut.value, cut.window.beta), (Value(-2), Value(-3)));
        assert_eq!((cut.child, t.moves(cut.skipped)), (Some(6), &[1u16, 2][..]));
        assert_eq!(replay.node(&t, 0).value_so_far, Some(Value(3)));
        assert_eq!(replay.path(&t), [0, 5]);
        // d cuts on its last leaf and skips nothing; the root stays exact at 3 through b.
        replay.seek(&t, t.len());
        let d = replay.node(&t, 7).cutoff.unwrap();
        assert_eq!((d.child, d.skipped.len()), (Some(10), 0));
        let root = replay.node(&t, 0);
        assert_eq!(
            root.result.map(|r| (r.value, r.bound)),
            Some((Value(3), Bound::Exact))
        );
        assert_eq!(replay.principal_variation(0), [1, 2], "b, then b1");
        assert_eq!(
            replay.largest_child(&t, 0),
            Some(1),
            "b and d have 4 nodes, b first"
        );
    }

    /// Iterative deepening with a table, ordering and tactics on tic-tac-toe: the record
    /// agrees with the engine's counters.
    #[test]
    fn iterative_deepening_on_tic_tac_toe_is_recorded_whole() {
        use crate::search::{Algorithm, Limits, SearchConfig, Verdict, solve};
        use crate::trace::replay::Replay;

        let mut g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::default();
        let config = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
        let result = solve(&mut g, &config, &Limits::default(), &mut r);
        let t = r.into_trace();
        assert_eq!(result.verdict, Verdict::Draw);
        let s = result.stats;
        let count = |kind| t.events().iter().filter(|e| e.is(kind)).count() as u64;
        assert_eq!(t.node_count() as u64, s.nodes);
        assert_eq!(count(EventKind::Cutoff), s.cutoffs);
        assert_eq!(count(EventKind::TtProbe), s.tt_probes);
        assert_eq!(count(EventKind::TtHit), s.tt_hits);
        assert!(s.tt_hits > 0);
        // One root per iteration, each tagged with its depth.
        let roots: Vec<_> = t.roots().collect();
        assert_eq!(roots.len() as u32, result.depth);
        assert_eq!(t.iteration_events().len(), roots.len());
        for (i, &root) in roots.iter().enumerate() {
            assert_eq!(t.node(root).iteration(), i as u32 + 1);
        }
        let mut replay = Replay::new();
        replay.seek(&t, t.len());
        let last = replay.root(&t).unwrap();
        assert_eq!(last, *roots.last().unwrap());
        assert_eq!(
            replay.node(&t, last).result.map(|r| r.value),
            Some(result.value)
        );
        assert_eq!(replay.current(), None, "every search is over");
        assert_eq!(replay.iteration(&t), Some(result.depth));
    }

    #[test]
    fn the_arena_holds_what_enter_knew() {
        let (t, [root_key, a1_key, b1_key]) = scripted();
        assert_eq!((t.len(), t.node_count()), (16, 4));
        assert!(t.is_finished());
        assert_eq!(t.truncation(), None);
        let root = t.node(0);
        assert_eq!(
            (
                root.parent(),
                root.kind(),
                root.mv(),
                root.ply(),
                root.depth()
            ),
            (None, NodeKind::Root, None, 0, 2)
        );
        assert_eq!(
            (root.key(), root.to_move(), root.iteration()),
            (root_key, Player::Black, 1)
        );
        let a1 = t.node(1);
        assert_eq!(
            (a1.parent(), a1.kind(), a1.mv()),
            (Some(0), NodeKind::Move, Some(0))
        );
        assert_eq!(
            (a1.key(), a1.to_move(), a1.window()),
            (a1_key, Player::White, w(-6, 1_000_001))
        );
        assert_eq!(t.node(2).key(), b1_key);
        let null = t.node(3);
        assert_eq!(
            (null.parent(), null.kind(), null.mv()),
            (Some(2), NodeKind::NullMove, None)
        );
        // Subtree ends and event positions are filled in as the events arrive.
        let ends: Vec<_> = t.nodes().iter().map(|n| n.subtree_end()).collect();
        assert_eq!(ends, [Some(4), Some(2), Some(4), Some(4)]);
        assert_eq!(root.enter_event(), 1);
        assert_eq!(root.leave_event(), Some(15));
        assert_eq!(root.tt_probe_event(), Some(2));
        assert_eq!(root.ordered_event(), Some(3));
        assert_eq!(root.cutoff_event(), Some(13));
        assert_eq!(root.tt_store_event(), Some(14));
        assert_eq!(t.node(2).null_move_event(), Some(9));
        assert_eq!(t.node(2).forward_pruned_event(), Some(11));
        assert_eq!(t.roots().collect::<Vec<_>>(), [0]);
    }

    #[test]
    fn skipped_and_pruned_moves_are_ranges_of_the_ordered_list() {
        let (t, _) = scripted();
        assert_eq!(t.ordered_moves(0), [0, 1, 2]);
        assert_eq!(t.ordered_moves(2), [0, 2, 3, 4, 5, 6, 7, 8]);
        let Event::Cutoff { skipped, mv, .. } = *t.event(13) else {
            panic!("event 13 is the cutoff");
        };
        assert_eq!((mv, skipped), (1, MoveRange { start: 2, len: 1 }));
        let Event::ForwardPruned { dropped, .. } = *t.event(11) else {
            panic!("event 11 is the pruning");
        };
        assert_eq!(
            dropped,
            MoveRange {
                start: 3 + 6,
                len: 2
            }
        );
        assert_eq!(t.moves(dropped), [7, 8]);
        // Only the two ordered lists are stored.
        assert_eq!(t.move_buffer_len(), 3 + 8);
    }

    #[test]
    fn leaves_remember_the_parents_best_child_they_replace() {
        let (t, _) = scripted();
        let prev = |e: EventId| match *t.event(e) {
            Event::Leave { prev_best, .. } => prev_best,
            _ => panic!("event {e} is not a leave"),
        };
        assert_eq!(prev(5), NONE, "a1 is the root's first child");
        assert_eq!(prev(12), 1, "b1 replaces a1");
        assert_eq!(prev(8), NONE, "a null move does not count");
    }

    #[test]
    fn moves_not_in_the_ordered_list_are_copied() {
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::default();
        let _ = r.enter(&g, None, 0, 1, Window::FULL);
        let _ = r.ordered(&[4, 0]);
        let _ = r.cutoff(4, Value(1), Window::FULL, &[8]);
        let t = r.into_trace();
        let Event::Cutoff { skipped, .. } = *t.event(2) else {
            panic!("event 2 is the cutoff");
        };
        assert_eq!(t.moves(skipped), [8]);
    }

    #[test]
    fn past_the_budget_the_engine_goes_on_unrecorded() {
        let mut g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            budget: 3,
            ..RecordConfig::default()
        });
        let live = r.live();
        assert!(r.enter(&g, None, 0, 2, Window::FULL).is_continue());
        for p in 0..4 {
            g.play(p);
            assert!(r.enter(&g, Some(p), 1, 1, Window::FULL).is_continue());
            assert!(r.leave(Value(0), Bound::Exact, None).is_continue());
            g.undo(p);
        }
        assert!(r.leave(Value(0), Bound::Exact, None).is_continue());
        assert_eq!(r.truncation(), Some(Truncation { at: 3 }));
        let t = r.into_trace();
        assert_eq!(t.len(), 3);
        assert_eq!(t.truncation(), Some(Truncation { at: 3 }));
        assert_eq!(live.unrecorded(), 7);
        assert!(live.is_finished());
        // The nodes cut off by the budget stay open.
        assert_eq!(t.node(0).leave_event(), None);
        assert_eq!(t.node(1).leave_event(), Some(2));
    }

    #[test]
    fn a_stop_request_breaks_the_next_enter() {
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::default();
        let live = r.live();
        assert!(r.enter(&g, None, 0, 1, Window::FULL).is_continue());
        live.request_stop();
        assert!(live.stop_requested());
        assert!(r.enter(&g, Some(0), 1, 0, Window::FULL).is_break());
        assert_eq!(r.into_trace().node_count(), 1);
    }

    #[test]
    fn the_recorder_moves_to_the_engine_thread_and_the_trace_is_shared() {
        fn send<T: Send>() {}
        fn share<T: Send + Sync>() {}
        send::<Recorder<Mnk>>();
        share::<Arc<LiveTrace<u16>>>();
    }

    /// A reader on this thread steps into the trace while a thread records a complete
    /// binary tree of depth 12 (8191 nodes), appending every 64 events.
    #[test]
    fn a_reader_steps_into_a_trace_that_grows_on_another_thread() {
        fn search(r: &mut Recorder<Mnk>, g: &Mnk, ply: usize, depth: u32) {
            let mv = (ply > 0).then_some(0);
            let _ = r.enter(g, mv, ply, depth, Window::FULL);
            if depth > 0 {
                let _ = r.ordered(&[0, 1]);
                search(r, g, ply + 1, depth - 1);
                search(r, g, ply + 1, depth - 1);
            }
            let _ = r.leave(Value(depth as i32), Bound::Exact, None);
        }
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            batch_events: 64,
            ..RecordConfig::default()
        });
        let live = r.live();
        let engine = std::thread::spawn(move || {
            let g = Mnk::new(3, 3, 3, false).unwrap();
            search(&mut r, &g, 0, 12);
            r.finish();
        });
        let mut replay = crate::trace::replay::Replay::new();
        let mut seen = 0;
        loop {
            let finished = live.is_finished();
            let trace = live.read();
            assert_eq!(trace.len() as u64, live.published());
            assert!(trace.len() >= seen, "the trace only grows");
            seen = trace.len();
            replay.seek(&trace, trace.len());
            // Every node on the path is open and its parent is the previous one.
            let path = replay.path(&trace);
            for pair in path.windows(2) {
                assert_eq!(trace.node(pair[1]).parent(), Some(pair[0]));
            }
            if finished {
                break;
            }
            drop(trace);
            std::thread::yield_now();
        }
        engine.join().unwrap();
        let trace = live.read();
        let nodes = (1 << 13) - 1;
        assert_eq!(trace.node_count(), nodes);
        assert_eq!(trace.len(), 2 * nodes + nodes / 2);
        assert_eq!(replay.node(&trace, 0).subtree_nodes, nodes as u32);
    }

    #[test]
    fn the_reader_sees_appends_before_the_end_and_everything_after_finish() {
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            batch_events: 10,
            ..RecordConfig::default()
        });
        let live = r.live();
        let _ = r.enter(&g, None, 0, 1, Window::FULL);
        for _ in 0..9 {
            let _ = r.tt_probe(0, None);
        }
        assert_eq!(live.published(), 10, "a full batch is appended at once");
        assert_eq!(live.read().len(), 10);
        let _ = r.leave(Value(0), Bound::Exact, None);
        assert_eq!(live.published(), 10, "the rest waits for the next batch");
        assert!(!live.is_finished());
        drop(r);
        assert_eq!(
            live.published(),
            11,
            "dropping the recorder appends the rest"
        );
        assert!(live.is_finished());
        assert!(live.read().is_finished());
    }
}
