//! The recorder: an [`Observer`] that turns a search's events into a
//! [`Trace`](super::store::Trace) (the node arena and event log of [`super::store`]) that
//! another thread can read while it grows ([`LiveTrace`]): record, then replay. The model is
//! Fuego's search tracer.
//!
//! Every search family opens and closes nodes on one stack: a node's first enter gives it the
//! next id (entry order) with its parent, the innermost open node; every other event belongs
//! to the innermost open node; a leave closes it. Move lists go to one side buffer as ranges.
//!
//! This file holds the [`Recorder`] with its settings ([`RecordConfig`]), that stack and the
//! move buffer, and the [`Observer`] impl, which hands each event to the file of its job:
//!
//! - `alphabeta.rs`: the alpha-beta family (minimax, alpha-beta, iterative deepening):
//!   nodes with their windows, table probes and stores, ordered lists, cutoffs, null moves
//!   and forward pruning;
//! - `lambda.rs`: lambda and dual-lambda search: nodes, candidate lists and zones;
//! - `proof.rs`: the proof-number family: nodes, revisits and numbers;
//! - [`budget`]: the record budget: what counts against it and where the record ends;
//! - `publish.rs`: the batches appended to the shared trace, and finishing it;
//! - `scripted.rs` (tests only): hand-scripted traces for the tests of the recorder, the
//!   replay and the screens.

mod alphabeta;
pub mod budget;
mod lambda;
mod proof;
mod publish;
#[cfg(test)]
pub(crate) mod scripted;

use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::{Game, Player};
use crate::search::observer::{
    LambdaNode, LambdaTtView, LambdaVerdict, Observer, PnNodeView, TtEntryView,
};
use crate::search::proof::ProofNumbers;
use crate::search::zone::ZoneScheme;
use crate::search::{Bound, Value, Window};

use super::live::LiveTrace;
use super::store::{
    Batch, Event, EventId, MAX_EVENTS, MoveRange, NONE, NodeId, NodeKind, TraceNode, Truncation,
    ZoneId,
};
use proof::PnRecord;

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

/// Records a search into a [`Trace`](super::store::Trace) shared through a [`LiveTrace`].
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

    /// The innermost open node (engines report node events only inside a node).
    #[inline]
    fn current(&self) -> Option<NodeId> {
        let top = self.stack.last().map(|o| o.node);
        debug_assert!(top.is_some(), "a node event outside any node");
        top
    }
}

/// Each event goes to the handler of its search family (`alphabeta.rs`, `lambda.rs`,
/// `proof.rs`).
impl<G: Game> Observer<G> for Recorder<G> {
    fn iteration(&mut self, depth: u32) -> ControlFlow<()> {
        self.on_iteration(depth)
    }

    fn enter(
        &mut self,
        game: &G,
        mv: Option<G::Move>,
        ply: usize,
        depth: u32,
        window: Window,
    ) -> ControlFlow<()> {
        self.on_enter(game, mv, ply, depth, window)
    }

    fn leave(&mut self, value: Value, bound: Bound, best: Option<G::Move>) -> ControlFlow<()> {
        self.on_leave(value, bound, best)
    }

    fn cutoff(
        &mut self,
        mv: G::Move,
        value: Value,
        window: Window,
        skipped: &[G::Move],
    ) -> ControlFlow<()> {
        self.on_cutoff(mv, value, window, skipped)
    }

    fn tt_probe(&mut self, _key: u64, entry: Option<TtEntryView<G::Move>>) -> ControlFlow<()> {
        self.on_tt_probe(entry)
    }

    fn tt_store(
        &mut self,
        _key: u64,
        value: Value,
        bound: Bound,
        depth: u32,
        best: Option<G::Move>,
    ) -> ControlFlow<()> {
        self.on_tt_store(value, bound, depth, best)
    }

    fn ordered(&mut self, moves: &[G::Move]) -> ControlFlow<()> {
        self.on_ordered(moves)
    }

    fn null_move(&mut self, r: u32, value: Value, cut: bool) -> ControlFlow<()> {
        self.on_null_move(r, value, cut)
    }

    fn forward_pruned(&mut self, dropped: &[G::Move]) -> ControlFlow<()> {
        self.on_forward_pruned(dropped)
    }

    fn lambda_enter(&mut self, game: &G, node: LambdaNode<G::Move>) -> ControlFlow<()> {
        // The threat and proof-number engines call the leave of every node they entered,
        // also after a stop: the node is opened before the stop is answered, so that leave
        // closes it and not its parent (alpha-beta's `enter` returns at once instead).
        let stop = self.live.stop_requested();
        let flow = self.on_lambda_enter(game, node);
        if stop { ControlFlow::Break(()) } else { flow }
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
        self.on_lambda_tt(entry)
    }

    fn pn_enter(&mut self, game: &G, mv: Option<G::Move>, node: PnNodeView) -> ControlFlow<()> {
        // Opened before the stop is answered, as in `lambda_enter`.
        let stop = self.live.stop_requested();
        let flow = self.on_pn_enter(game, mv, node);
        if stop { ControlFlow::Break(()) } else { flow }
    }

    fn pn_expand(&mut self, moves: &[G::Move], numbers: &[ProofNumbers]) -> ControlFlow<()> {
        self.on_pn_expand(moves, numbers)
    }

    fn pn_update(&mut self, node: PnNodeView) -> ControlFlow<()> {
        self.on_pn_update(node)
    }

    fn pn_tt(&mut self, _key: u64, entry: Option<ProofNumbers>) -> ControlFlow<()> {
        self.on_pn_tt(entry)
    }

    fn pn_leave(&mut self, node: PnNodeView) -> ControlFlow<()> {
        self.on_pn_leave(node)
    }

    fn lambda_leave(
        &mut self,
        verdict: LambdaVerdict,
        zone: Option<&ZoneScheme>,
    ) -> ControlFlow<()> {
        self.on_lambda_leave(verdict, zone)
    }
}
