//! The proof-number family's events (PNS, PN², df-pn, lambda-df-pn). `pn_enter` of a
//! (parent, move) already in the tree is a revisit: the recorder finds the node among the
//! parent's children (it keeps each proof node's child links and move) and records an
//! [`Event::Pn`] of step `Enter` instead of a new node; the first enter creates the node
//! (`FirstEnter`). Enters, updates and leaves carry the numbers as the engine reported them
//! and the node's previous such event, so a replay can step back; expansions put their
//! children's initial numbers in a side buffer, which counts in the budget like zone bytes
//! (8 bytes a number). `tests/integration/tui_proof_recorder.rs` pins this on small searches.

use std::ops::ControlFlow;

use crate::game::Game;
use crate::search::observer::{GO, PnNodeView};
use crate::search::proof::ProofNumbers;
use crate::search::{Value, Window};
use crate::trace::store::{Event, EventId, NONE, NodeId, NodeKind, PnStep, TraceNode, pn_flags};

use super::{Open, Recorder};

/// What the recorder keeps about each proof node, to recognise revisits and chain events.
#[derive(Clone, Copy, Debug)]
pub(super) struct PnRecord<M> {
    mv: Option<M>,
    first_child: NodeId,
    last_child: NodeId,
    next_sibling: NodeId,
    /// The node's latest `Pn` event and expansion.
    last: EventId,
    last_expand: EventId,
}

impl<G: Game> Recorder<G> {
    pub(super) fn on_pn_enter(
        &mut self,
        game: &G,
        mv: Option<G::Move>,
        node: PnNodeView,
    ) -> ControlFlow<()> {
        if self.admit() {
            self.proof_enter(game, mv, node);
        }
        GO
    }

    pub(super) fn on_pn_expand(
        &mut self,
        moves: &[G::Move],
        numbers: &[ProofNumbers],
    ) -> ControlFlow<()> {
        debug_assert_eq!(moves.len(), numbers.len(), "a number per move");
        if self.admit() {
            self.proof_expand(moves, numbers);
        }
        GO
    }

    pub(super) fn on_pn_update(&mut self, node: PnNodeView) -> ControlFlow<()> {
        if self.admit()
            && let Some(id) = self.current()
        {
            self.pn_event(id, PnStep::Update, node);
        }
        GO
    }

    pub(super) fn on_pn_tt(&mut self, entry: Option<ProofNumbers>) -> ControlFlow<()> {
        if self.admit()
            && let Some(node) = self.current()
        {
            self.push_event(Event::PnTt { node, hit: entry });
        }
        GO
    }

    pub(super) fn on_pn_leave(&mut self, node: PnNodeView) -> ControlFlow<()> {
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
