//! A proof-number search's new leaves: the children an expansion generated but the search
//! never entered, shown in the tree with rows and side panes of their own (their ids come
//! from [`NewLeaves`](crate::view::new_leaves::NewLeaves)).

use crate::trace::replay::NodeStatus;
use crate::trace::store::{NodeId, Trace};
use crate::view::board::BoardGame;
use crate::view::new_leaves::is_new_leaf;
use crate::view::proof;
use crate::view::session::{NodeDetail, NodeRow};

use super::GameSession;

impl<G: BoardGame> GameSession<G> {
    /// The parent and move of a new leaf's id (`None` for trace nodes).
    pub(super) fn new_leaf(&self, id: NodeId) -> Option<(NodeId, G::Move)> {
        if !is_new_leaf(id) {
            return None;
        }
        self.leaves
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
    }

    /// The position of the new leaf `mv` below `parent`, and the moves from the root.
    pub(super) fn leaf_position(
        &self,
        trace: &Trace<G::Move>,
        parent: NodeId,
        mv: G::Move,
    ) -> (G, Vec<G::Move>) {
        let (mut game, mut line) = self.position(trace, parent);
        game.play(mv);
        line.push(mv);
        (game, line)
    }

    /// A new leaf's tree row.
    pub(super) fn new_leaf_row(
        &self,
        trace: &Trace<G::Move>,
        id: NodeId,
        parent: NodeId,
        mv: G::Move,
    ) -> NodeRow {
        let (game, _) = self.position(trace, parent);
        NodeRow {
            id,
            ply: trace.node(parent).ply() + 1,
            label: game.format_move(mv),
            status: NodeStatus::NotEntered,
            has_children: false,
            value: None,
            cutoff: false,
            tt_hit: false,
            best: false,
            lambda: None,
            proof: proof::new_leaf_row(trace, &self.replay, parent, mv),
            window: None,
            side: None,
            skipped: Vec::new(),
        }
    }

    /// A new leaf's side pane.
    pub(super) fn new_leaf_detail(
        &self,
        trace: &Trace<G::Move>,
        parent: NodeId,
        mv: G::Move,
    ) -> NodeDetail {
        let (game, line) = self.leaf_position(trace, parent, mv);
        let mut g = self.root.clone();
        let mut path = Vec::with_capacity(line.len());
        for &m in &line {
            path.push(g.format_move(m));
            g.play(m);
        }
        let tn = trace.node(parent);
        NodeDetail {
            path,
            ply: tn.ply() + 1,
            depth: 0,
            to_move: game.to_move(),
            side: None,
            status: NodeStatus::NotEntered,
            window: None,
            value: None,
            bound: None,
            cutoff: None,
            tt: None,
            iteration: tn.iteration(),
            subtree_nodes: 0,
            lambda: None,
            proof: proof::new_leaf_detail(
                trace,
                &self.replay,
                parent,
                mv,
                game.to_move().title(),
                |id, m| {
                    let (game, _) = match trace.node(id).parent() {
                        Some(p) => self.position(trace, p),
                        None => (self.root.clone(), Vec::new()),
                    };
                    game.format_move(m)
                },
            )
            .map(|mut p| {
                if self.knowledge_pruning {
                    p.solver = game.knowledge_lines(false);
                    p.decided_by = game.knowledge_verdict();
                }
                p
            }),
            heuristics: Vec::new(),
        }
    }
}
