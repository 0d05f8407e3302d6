//! The alpha-beta family's events (minimax, fail-hard and fail-soft alpha-beta, iterative
//! deepening): nodes with their windows, the table, ordered lists, cutoffs, and the null-move
//! and forward-pruning heuristics.
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

use std::ops::ControlFlow;

use crate::game::Game;
use crate::search::observer::{GO, TtEntryView};
use crate::search::{Bound, Value, Window};
use crate::trace::store::{Event, EventId, MoveRange, NONE, NodeKind, TraceNode};

use super::Recorder;

impl<G: Game> Recorder<G> {
    pub(super) fn on_iteration(&mut self, depth: u32) -> ControlFlow<()> {
        self.iteration = depth;
        if self.admit() {
            self.push_event(Event::Iteration { depth });
        }
        GO
    }

    pub(super) fn on_enter(
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

    pub(super) fn on_leave(
        &mut self,
        value: Value,
        bound: Bound,
        best: Option<G::Move>,
    ) -> ControlFlow<()> {
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

    pub(super) fn on_cutoff(
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

    pub(super) fn on_tt_probe(&mut self, entry: Option<TtEntryView<G::Move>>) -> ControlFlow<()> {
        if self.admit()
            && let Some(node) = self.current()
        {
            self.push_event(Event::TtProbe { node, hit: entry });
        }
        GO
    }

    pub(super) fn on_tt_store(
        &mut self,
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

    pub(super) fn on_ordered(&mut self, moves: &[G::Move]) -> ControlFlow<()> {
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

    pub(super) fn on_null_move(&mut self, r: u32, value: Value, cut: bool) -> ControlFlow<()> {
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

    pub(super) fn on_forward_pruned(&mut self, dropped: &[G::Move]) -> ControlFlow<()> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::games::mnk::Mnk;
    use crate::search::observer::Observer;
    use crate::trace::recorder::scripted::{scripted, w};
    use crate::trace::store::{EventKind, NodeId};

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

    /// The tree of the AND/OR textbook's figure 6.23 searched by fail-hard alpha-beta (Kühr's
    /// algorithm 3.2) in the text's order.
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
        // One iteration event per depth; each iteration searches the root once or more (the
        // win/loss probes, then the exact search of the last), each root tagged with its
        // iteration's depth, in order.
        let roots: Vec<_> = t.roots().collect();
        assert_eq!(t.iteration_events().len() as u32, result.depth);
        let tags: Vec<u32> = roots.iter().map(|&r| t.node(r).iteration()).collect();
        let mut depths = tags.clone();
        depths.dedup();
        assert_eq!(depths, (1..=result.depth).collect::<Vec<_>>(), "{tags:?}");
        assert!(
            roots.len() > depths.len(),
            "probes search some roots twice: {tags:?}"
        );
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
}
