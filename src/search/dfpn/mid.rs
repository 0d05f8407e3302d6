//! The MID loop of df-pn (Hric and Baudiš, *Game algorithms, lecture 4: Proof number search,
//! Lambda search*, "Multiple Iterative Deepening (MID)"; Nagai 2002), generic over a
//! [`MoveSource`]: the numbered steps below follow the slides. See the parent module for the
//! notation (`phi`, `delta` from the mover's view) and the threshold rules.
//!
//! Nothing is allocated per node: the children of every frame on the path live in one
//! shared stack (`children`, reserved once; each frame pushes its children and truncates them
//! on return), the path's keys in another, and the move lists are two scratch lists of the
//! engine. Observer events are built only when the observer is enabled.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::{Game, MoveList};
use crate::search::dfpn::table::{DfpnEntry, DfpnStore, DfpnTable};
use crate::search::dfpn::{ChildInit, DfpnOptions, Expansion, MoveSource};
use crate::search::observer::{Observer, PnNodeView};
use crate::search::proof::{
    Goal, PN_INFINITY, PN_MAX_FINITE, ProofNumbers, ProofReport, ProofVerdict, pn_add,
};
use crate::search::{Budget, Limits, MAX_PLY, Stats};

/// One child of a frame on the path.
#[derive(Clone, Copy, Debug)]
struct Child<M> {
    mv: M,
    key: u64,
    /// From the child's mover's view.
    phi: u32,
    delta: u32,
    /// Nodes its searches took so far (the table's size flag).
    work: u32,
    /// Proof or disproof tree size once solved.
    size: u32,
    /// Solved through a repetition on the current path: kept locally, never written to the
    /// table.
    pinned: bool,
}

impl<M> Child<M> {
    #[inline]
    fn is_solved(&self) -> bool {
        self.phi == 0 || self.delta == 0
    }
}

/// What a MID call hands back to its parent.
#[derive(Clone, Copy, Debug)]
struct NodeResult<M> {
    phi: u32,
    delta: u32,
    /// Nodes this call visited, itself included.
    work: u32,
    /// Proof (disproof) tree size when solved.
    size: u32,
    /// The winning move when `phi = 0`.
    best: Option<M>,
    /// Solved only thanks to a repetition on the path.
    path_dependent: bool,
}

/// `(phi, delta)` of a decided node.
#[inline]
fn decided(mover_wins: bool) -> (u32, u32) {
    if mover_wins {
        (0, PN_INFINITY)
    } else {
        (PN_INFINITY, 0)
    }
}

/// `(phi, delta)` mapped back to the attacker's `[pn, dn]`.
#[inline]
fn attacker_view(or_node: bool, phi: u32, delta: u32) -> ProofNumbers {
    if or_node {
        ProofNumbers::new(phi, delta)
    } else {
        ProofNumbers::new(delta, phi)
    }
}

/// The df-pn engine: one search's table, counters and scratch space. `T` is where the
/// numbers are kept: the search's own table, or a table the threads of a parallel search
/// share (`super::shared`), with which the engine re-reads its children every turn and
/// steers away from the nodes other threads are in.
pub struct Mid<'a, G: Game, S: MoveSource<G>, O: Observer<G>, T = DfpnTable<<G as Game>::Move>> {
    source: &'a mut S,
    observer: &'a mut O,
    table: T,
    /// Set by another thread of a parallel search once the root is solved: stop.
    halt: Option<&'a AtomicBool>,
    options: DfpnOptions,
    goal: Goal,
    budget: Budget,
    stats: Stats,
    stopped: bool,
    children: Vec<Child<G::Move>>,
    path: Vec<u64>,
    moves: MoveList<G::Move>,
    scratch: MoveList<G::Move>,
}

impl<'a, G: Game, S: MoveSource<G>, O: Observer<G>> Mid<'a, G, S, O> {
    /// An engine with a fresh table of `options.table_bytes` bytes; the clock starts now.
    pub fn new(
        source: &'a mut S,
        observer: &'a mut O,
        options: &DfpnOptions,
        goal: Goal,
        limits: &Limits,
    ) -> Self {
        Mid::with_table(
            source,
            observer,
            options,
            goal,
            limits,
            DfpnTable::with_bytes(options.table_bytes),
            None,
        )
    }
}

impl<'a, G: Game, S: MoveSource<G>, O: Observer<G>, T: DfpnStore<G::Move>> Mid<'a, G, S, O, T> {
    /// An engine over `table`; it stops when `halt` is set (a parallel search's other
    /// thread solved the root). The clock starts now.
    pub fn with_table(
        source: &'a mut S,
        observer: &'a mut O,
        options: &DfpnOptions,
        goal: Goal,
        limits: &Limits,
        table: T,
        halt: Option<&'a AtomicBool>,
    ) -> Self {
        Mid {
            source,
            observer,
            table,
            halt,
            options: *options,
            goal,
            budget: Budget::start(limits),
            stats: Stats::default(),
            stopped: false,
            children: Vec::with_capacity(4096),
            path: Vec::with_capacity(256),
            moves: MoveList::new(),
            scratch: MoveList::new(),
        }
    }

    /// The table (for tests and statistics).
    pub fn table(&self) -> &T {
        &self.table
    }

    /// The winning move the table holds for the current position of `game`, mapped back
    /// from the table's frame into the position's own ([`MoveSource::position_move`]).
    pub fn stored_best(&self, game: &G) -> Option<G::Move> {
        let entry = self.table.probe(self.source.key(game))?;
        self.source.position_move(game, entry.best?)
    }

    /// Searches the current position (the attacker to move) with infinite thresholds until
    /// it is solved or a limit stops the search.
    pub fn run(&mut self, game: &mut G) -> ProofReport<G::Move> {
        let key = self.source.key(game);
        let r = self.mid(
            game,
            None,
            key,
            true,
            (1, 1),
            (PN_INFINITY, PN_INFINITY),
            0,
            0,
        );
        self.stats.elapsed = self.budget.elapsed();
        let mut report = ProofReport::unknown();
        report.root = attacker_view(true, r.phi, r.delta);
        report.stopped = self.stopped;
        report.stats = self.stats;
        if r.phi == 0 {
            report.verdict = ProofVerdict::Proven;
            report.best_move = r.best;
            report.proof_size = Some(u64::from(r.size));
        } else if r.delta == 0 {
            report.verdict = ProofVerdict::Disproven;
        }
        report
    }

    #[inline]
    fn flow(&mut self, flow: ControlFlow<()>) {
        if flow.is_break() {
            self.stopped = true;
        }
    }

    #[inline]
    fn probe(&mut self, key: u64) -> Option<DfpnEntry<G::Move>> {
        self.stats.tt_probes += 1;
        let e = self.table.probe(key);
        if e.is_some() {
            self.stats.tt_hits += 1;
        }
        e
    }

    /// The 1+epsilon min-side threshold for the selected child.
    #[inline]
    fn min_side_threshold(&self, th_phi: u32, delta2: u32) -> u32 {
        if delta2 >= PN_MAX_FINITE {
            return th_phi;
        }
        let mut grown = delta2 + 1;
        if self.options.epsilon > 0.0 {
            let scaled = (f64::from(delta2) * (1.0 + f64::from(self.options.epsilon))).ceil();
            let scaled = scaled.min(f64::from(PN_MAX_FINITE)) as u32;
            grown = grown.max(scaled);
        }
        th_phi.min(grown)
    }

    /// One MID call for the node reached by `mv` (the root: `None`), whose key is `key`.
    /// `numbers` are the node's `(phi, delta)` as its parent knows them, `th` its thresholds,
    /// `prior_work` the size flag known so far.
    #[allow(clippy::too_many_arguments)]
    fn mid(
        &mut self,
        game: &mut G,
        mv: Option<G::Move>,
        key: u64,
        or_node: bool,
        numbers: (u32, u32),
        th: (u32, u32),
        prior_work: u32,
        ply: usize,
    ) -> NodeResult<G::Move> {
        self.stats.nodes += 1;
        let start = self.stats.nodes;
        if self.budget.exhausted(self.stats.nodes)
            || self
                .budget
                .past_nodes(self.stats.nodes + self.source.own_nodes())
        {
            self.stopped = true;
        }
        if T::SHARED && self.halt.is_some_and(|h| h.load(Ordering::Relaxed)) {
            self.stopped = true;
        }
        if O::ENABLED {
            let view = PnNodeView {
                numbers: attacker_view(or_node, numbers.0, numbers.1),
                thresholds: Some(attacker_view(or_node, th.0, th.1)),
                or_node,
                second_level: false,
            };
            let flow = self.observer.pn_enter(game, mv, view);
            self.flow(flow);
        }
        let mut r = if self.stopped || ply >= MAX_PLY {
            self.stopped = true;
            NodeResult {
                phi: numbers.0,
                delta: numbers.1,
                work: 0,
                size: 0,
                best: None,
                path_dependent: false,
            }
        } else if T::SHARED {
            // Other threads see this node busy while this one is in it.
            self.table.enter(key);
            let r = self.mid_body(game, key, or_node, th, ply);
            self.table.leave(key);
            r
        } else {
            self.mid_body(game, key, or_node, th, ply)
        };
        r.work = (self.stats.nodes - start + 1).min(u64::from(u32::MAX)) as u32;
        let total_work = prior_work.saturating_add(r.work);
        // Step 6: store, unless the result holds only on this path.
        let solved = r.phi == 0 || r.delta == 0;
        if !(solved && r.path_dependent) {
            self.table.store(
                key,
                DfpnEntry {
                    phi: r.phi,
                    delta: r.delta,
                    work: total_work,
                    size: if solved { r.size } else { 0 },
                    best: r.best.map(|m| self.source.table_move(game, m)),
                },
            );
        }
        if O::ENABLED {
            let view = PnNodeView {
                numbers: attacker_view(or_node, r.phi, r.delta),
                thresholds: Some(attacker_view(or_node, th.0, th.1)),
                or_node,
                second_level: false,
            };
            let flow = self.observer.pn_leave(view);
            self.flow(flow);
        }
        r
    }

    /// A parallel search: each unsolved child's numbers as the shared table holds them now
    /// (other threads may have searched it since); a child solved on this path only keeps
    /// its own.
    fn refresh_children(&mut self, base: usize) {
        for i in base..self.children.len() {
            let c = self.children[i];
            if c.pinned || c.is_solved() {
                continue;
            }
            if let Some(e) = self.probe(c.key) {
                let c = &mut self.children[i];
                c.phi = e.phi;
                c.delta = e.delta;
                c.work = c.work.max(e.work);
                c.size = e.size;
            }
        }
    }

    /// A parallel search: the number by which the child is selected, `delta` times one more
    /// than the threads in it (Kaneko's virtual proof numbers, `super::shared`); never 0
    /// or infinite when `delta` is not, so a solved node stays exactly as solved.
    #[inline]
    fn virtual_delta(&self, c: &Child<G::Move>) -> u32 {
        if c.delta == 0 || c.delta >= PN_MAX_FINITE {
            return c.delta;
        }
        match self.table.busy(c.key) {
            0 => c.delta,
            b => (u64::from(c.delta) * (1 + u64::from(b))).min(u64::from(PN_MAX_FINITE - 1)) as u32,
        }
    }

    fn mid_body(
        &mut self,
        game: &mut G,
        key: u64,
        or_node: bool,
        th: (u32, u32),
        ply: usize,
    ) -> NodeResult<G::Move> {
        let (th_phi, th_delta) = th;
        if O::ENABLED {
            let entry = self
                .table
                .probe(key)
                .map(|e| attacker_view(or_node, e.phi, e.delta));
            let flow = self.observer.pn_tt(key, entry);
            self.flow(flow);
        }
        // Step 1: expand (the move source decides finished and tactically decided nodes).
        let pruned = match self
            .source
            .expand(game, or_node, self.goal, &mut self.moves)
        {
            Expansion::Decided {
                mover_wins,
                best,
                size,
            } => {
                self.stats.leaves += 1;
                let (phi, delta) = decided(mover_wins);
                return NodeResult {
                    phi,
                    delta,
                    work: 0,
                    size,
                    best: if mover_wins { best } else { None },
                    path_dependent: false,
                };
            }
            Expansion::Moves { pruned } => pruned,
        };

        // Step 2: the children's starting numbers: a repetition, the table, or the source.
        let base = self.children.len();
        self.path.push(key);
        for i in 0..self.moves.len() {
            let mv = self.moves.as_slice()[i];
            self.source.play(game, mv);
            let child_key = self.source.key(game);
            // A child equal to an earlier sibling (a mirror image, when the source keys
            // symmetric positions alike) has the same value: search it once.
            if self.children[base..].iter().any(|c| c.key == child_key) {
                self.source.undo(game, mv);
                continue;
            }
            let mut child = Child {
                mv,
                key: child_key,
                phi: 1,
                delta: 1,
                work: 0,
                size: 0,
                pinned: false,
            };
            if self.path.contains(&child_key) {
                (child.phi, child.delta) = decided(self.source.repetition(!or_node, self.goal));
                child.size = 1;
                child.pinned = true;
            } else if let Some(e) = self.probe(child_key) {
                child.phi = e.phi;
                child.delta = e.delta;
                child.work = e.work;
                child.size = e.size;
            } else {
                match self
                    .source
                    .init(game, !or_node, self.goal, &mut self.scratch)
                {
                    ChildInit::Decided { mover_wins, size } => {
                        self.stats.leaves += 1;
                        (child.phi, child.delta) = decided(mover_wins);
                        child.size = size;
                    }
                    ChildInit::Numbers { phi, delta } => {
                        debug_assert!(phi > 0 && delta > 0 && phi < PN_INFINITY);
                        child.phi = phi;
                        child.delta = delta;
                    }
                }
            }
            self.source.undo(game, mv);
            self.children.push(child);
        }
        if O::ENABLED {
            let kids = &self.children[base..];
            let numbers: Vec<ProofNumbers> = kids
                .iter()
                .map(|c| attacker_view(!or_node, c.phi, c.delta))
                .collect();
            let moves: Vec<G::Move> = kids.iter().map(|c| c.mv).collect();
            let flow = self.observer.pn_expand(&moves, &numbers);
            self.flow(flow);
        }

        // Step 3: the MID loop.
        let (mut phi, mut delta);
        loop {
            if T::SHARED {
                self.refresh_children(base);
            }
            // Step 3a: the node's numbers: phi = min delta, delta = sum phi (weak: max phi + unsolved - 1).
            phi = PN_INFINITY;
            delta = 0;
            let mut max_phi = 0;
            let mut unsolved = 0u32;
            let mut best = base;
            let mut delta2 = PN_INFINITY;
            for i in base..self.children.len() {
                let c = self.children[i];
                let c_delta = if T::SHARED {
                    self.virtual_delta(&c)
                } else {
                    c.delta
                };
                if c_delta < phi {
                    delta2 = phi;
                    phi = c_delta;
                    best = i;
                } else if c_delta < delta2 {
                    delta2 = c_delta;
                }
                delta = pn_add(delta, c.phi);
                max_phi = max_phi.max(c.phi);
                if !c.is_solved() {
                    unsolved += 1;
                }
            }
            if self.options.weak && delta != PN_INFINITY && unsolved > 0 {
                delta = pn_add(max_phi, unsolved - 1);
            }
            debug_assert!(phi != 0 || delta == PN_INFINITY || self.options.weak);
            // phi = min delta, delta = sum phi, checked against the definition.
            if !T::SHARED {
                crate::search::proof::debug_check_backup(
                    self.options.weak,
                    (phi, delta),
                    self.children[base..].iter().map(|c| (c.delta, c.phi)),
                );
            }
            if O::ENABLED {
                let view = PnNodeView {
                    numbers: attacker_view(or_node, phi, delta),
                    thresholds: Some(attacker_view(or_node, th_phi, th_delta)),
                    or_node,
                    second_level: false,
                };
                let flow = self.observer.pn_update(view);
                self.flow(flow);
            }
            // Step 3b: done when a threshold is reached (a solved node reaches one).
            if phi >= th_phi || delta >= th_delta || self.stopped {
                break;
            }
            // Step 3c: the selected child's thresholds (min side, sum side).
            let c = self.children[best];
            let child_th_delta = self.min_side_threshold(th_phi, delta2);
            let child_th_phi = if th_delta == PN_INFINITY {
                PN_INFINITY
            } else {
                (u64::from(th_delta) - u64::from(delta) + u64::from(c.phi))
                    .min(u64::from(PN_MAX_FINITE)) as u32
            };
            debug_assert!(child_th_phi > c.phi && child_th_delta > c.delta);
            // Step 3d: search it.
            self.source.play(game, c.mv);
            let r = self.mid(
                game,
                Some(c.mv),
                c.key,
                !or_node,
                (c.phi, c.delta),
                (child_th_phi, child_th_delta),
                c.work,
                ply + 1,
            );
            self.source.undo(game, c.mv);
            // MID's postcondition: the child returns only at a threshold or on a stop.
            debug_assert!(
                r.phi >= child_th_phi || r.delta >= child_th_delta || self.stopped,
                "MID returned below its thresholds"
            );
            let c = &mut self.children[best];
            c.phi = r.phi;
            c.delta = r.delta;
            c.work = c.work.saturating_add(r.work);
            c.size = r.size;
            c.pinned = r.path_dependent;
        }
        self.path.pop();
        if phi == 0 {
            // The weak sum can leave delta finite when a child is solved: normalise.
            delta = PN_INFINITY;
        } else if delta == 0 {
            phi = PN_INFINITY;
        }

        // Step 4: a solved node's proof tree, its winning move, its path dependence.
        let kids = &self.children[base..];
        let mut result = NodeResult {
            phi,
            delta,
            work: 0,
            size: 0,
            best: None,
            path_dependent: false,
        };
        if phi == 0 {
            let winner = kids
                .iter()
                .filter(|c| c.delta == 0)
                .min_by_key(|c| (c.pinned, c.size));
            if let Some(w) = winner {
                result.size = w.size.saturating_add(1);
                result.best = Some(w.mv);
                result.path_dependent = w.pinned;
            }
        } else if delta == 0 {
            let mut size = 1u32.saturating_add(pruned.saturating_mul(2));
            for c in kids {
                size = size.saturating_add(c.size);
                result.path_dependent |= c.pinned;
            }
            result.size = size;
        }
        // Step 5: pop this frame's children.
        self.children.truncate(base);
        result
    }
}
