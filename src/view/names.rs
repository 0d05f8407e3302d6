//! The one way a recorded search names its moves: the explorer's tree, node pane and Why block, and
//! every export (`src/export/dot.rs`, `src/export/json.rs`) ask [`Names`], so a node reads the same
//! everywhere.
//!
//! A move is named in the position it is played from. For most games the name is the same
//! in every position (a point `c3`, a Dama move `a3-b4`), but not for a literal tree (the
//! AND/OR textbook, section 6.2.6 *Searching game trees*, figures 6.20-6.25; Kühr, *Algorithms
//! of a computer player in simple board games*, figures 15-16): its moves are child indices, and
//! `TreeGame::format_move` names the child of the *current* node. So:
//!
//! - the move that reached a node is named in its parent's position ([`Names::node_move`]);
//! - a list of moves at a node (the moves a cutoff skipped, an ordering, a best move, the
//!   children an expansion made) is named in the node's own position ([`Names::at`]).
//!
//! The position at a node is the root after the moves on the path to it. Lambda nodes are
//! named at the root, as they always were: threat searches run on stone games only, whose
//! names do not depend on the position, and their paths hold the null moves of threat
//! checks that the path of moves leaves out.

use std::cell::RefCell;

use crate::game::Game;
use crate::trace::store::{NodeId, Trace};

/// Names the moves of `trace`, searched from `root`.
pub struct Names<'a, G: Game> {
    root: &'a G,
    trace: &'a Trace<G::Move>,
    /// The last position built (events come node by node, so most lookups hit it).
    last: RefCell<Option<(NodeId, G)>>,
}

impl<'a, G: Game> Names<'a, G> {
    pub fn new(root: &'a G, trace: &'a Trace<G::Move>) -> Self {
        Names {
            root,
            trace,
            last: RefCell::new(None),
        }
    }

    /// The moves from the root to `node` (null moves and search nodes have none).
    pub fn path(&self, node: NodeId) -> Vec<G::Move> {
        let mut moves = Vec::new();
        let mut id = Some(node);
        while let Some(n) = id {
            let tn = self.trace.node(n);
            moves.extend(tn.mv());
            id = tn.parent();
        }
        moves.reverse();
        moves
    }

    /// The position at `node`: the root after the moves of its path.
    pub fn position(&self, node: NodeId) -> G {
        if let Some((id, game)) = self.last.borrow().as_ref()
            && *id == node
        {
            return game.clone();
        }
        let mut game = self.root.clone();
        for mv in self.path(node) {
            game.play(mv);
        }
        *self.last.borrow_mut() = Some((node, game.clone()));
        game
    }

    /// `mv` played in the position of node `at`.
    pub fn at(&self, at: NodeId, mv: G::Move) -> String {
        if (at as usize) >= self.trace.node_count() || self.trace.node(at).kind().is_lambda() {
            return self.root.format_move(mv);
        }
        self.position(at).format_move(mv)
    }

    /// The move that reached `node`, named in its parent's position (`None` for a root, a
    /// null move or a lambda search node).
    pub fn node_move(&self, node: NodeId) -> Option<String> {
        let tn = self.trace.node(node);
        let mv = tn.mv()?;
        if tn.kind().is_lambda() {
            return Some(self.root.format_move(mv));
        }
        Some(match tn.parent() {
            Some(p) => self.at(p, mv),
            None => self.root.format_move(mv),
        })
    }

    /// The names of the moves from the root to `node`, each in the position it was played
    /// from (the node pane's path).
    pub fn line(&self, node: NodeId) -> Vec<String> {
        let mut game = self.root.clone();
        let path = self.path(node);
        let mut out = Vec::with_capacity(path.len());
        for mv in path {
            out.push(game.format_move(mv));
            game.play(mv);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tree::TreeGame;
    use crate::puzzle;
    use crate::search::{Limits, SearchConfig, minimax::minimax};
    use crate::trace::recorder::Recorder;

    #[test]
    fn a_tree_node_is_named_in_its_parents_position_and_lists_in_its_own() {
        let position = puzzle::load("tree-abc").unwrap().position;
        let root: TreeGame = position.into_game().expect("tree-abc is a tree");
        let mut r: Recorder<_> = Recorder::default();
        let mut game = root.clone();
        minimax(
            &mut game,
            &SearchConfig::default(),
            &Limits::default(),
            &mut r,
        );
        let trace = r.into_trace();
        let names = Names::new(&root, &trace);
        let mut seen = Vec::new();
        for id in 0..trace.node_count() as NodeId {
            if let Some(name) = names.node_move(id) {
                seen.push(name);
            }
        }
        // tree-abc: root a with children b c d; b's children b1 b2 b3 (not "b c d" again).
        assert!(seen.contains(&"b1".to_string()), "{seen:?}");
        let b = (0..trace.node_count() as NodeId)
            .find(|&id| names.node_move(id).as_deref() == Some("b"))
            .unwrap();
        let first_child = trace.node(b + 1).mv().unwrap();
        assert_eq!(names.at(b, first_child), "b1");
        assert_eq!(names.line(b + 1), vec!["b".to_string(), "b1".to_string()]);
    }
}
