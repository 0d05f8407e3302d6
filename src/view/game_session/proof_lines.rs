//! The lines of a proof-number search's tree: which children a proof node lists (its
//! latest expansion's, then those entered earlier) and the main line of a solved node.

use crate::search::observer::{LambdaPurpose, LambdaVerdict};
use crate::trace::store::{NodeId, NodeKind, Trace};
use crate::view::board::BoardGame;
use crate::view::lambda;
use crate::view::session::Session;

use super::GameSession;

impl<G: BoardGame> GameSession<G> {
    /// The children of the proof node `node` as the tree lists them: every child of its
    /// latest expansion in the expansion's order (the node once entered, else a new leaf's
    /// id), then children entered earlier that this expansion does not list (lambda-df-pn
    /// expands again at another level).
    pub(super) fn proof_children(&self, trace: &Trace<G::Move>, node: NodeId) -> Vec<NodeId> {
        let listed = self.replay.pn_children(trace, node);
        let mut out: Vec<NodeId> = {
            let mut leaves = self.leaves.lock().unwrap_or_else(|e| e.into_inner());
            listed
                .iter()
                .map(|&(mv, _, entered)| entered.unwrap_or_else(|| leaves.id(node, mv)))
                .collect()
        };
        for c in self.replay.children(trace, node) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// The main line of a solved proof node as of the step, for `v` and the tree's main-line
    /// style once no descent is under way: at each node the child that solves it the same
    /// way. Where one child is enough (a proven OR node's proving move, a disproven AND
    /// node's refutation) the first such child in the expansion's order; where every child
    /// had to be solved, the one with the most nodes searched below it (the other side's most
    /// stubborn reply; the first when none was entered). The line stops at an unsolved node
    /// or a node without children (a new leaf, or one the game's knowledge decided); a
    /// lambda-df-pn node proven by its own LAMBDA call ends in that call and its λ-tree's
    /// main line ([`lambda::proof_line`]).
    pub(super) fn solved_line(&self, node: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = node;
        while let Some(p) = self.row(at).proof
            && let Some(numbers) = p.numbers.filter(|n| n.is_solved())
        {
            let proven = numbers.is_proven();
            let kids = self.children(at);
            let same = |c: NodeId| {
                self.row(c)
                    .proof
                    .and_then(|r| r.numbers)
                    .is_some_and(|n| n.is_solved() && n.is_proven() == proven)
            };
            let next = if proven == p.or_node {
                kids.iter().copied().find(|&c| same(c))
            } else {
                self.largest_child(at)
                    .filter(|c| kids.contains(c))
                    .or(kids.first().copied())
                    .filter(|&c| same(c))
            };
            match next {
                // A line never loops (a tree), but a bound keeps a bug from hanging a frame.
                Some(c) if line.len() < 10_000 => {
                    line.push(c);
                    at = c;
                }
                _ => {
                    // lambda-df-pn: a proven OR node without a proven child was proven by
                    // its own LAMBDA call (a λ-tree of the attacker; at the root, a
                    // proof at level 0 or in the level stage): the line goes on into it.
                    if proven && p.or_node {
                        let trace = self.live.read();
                        if let Some(call) = self.replay.children(&trace, at).find(|&c| {
                            matches!(
                                trace.node(c).kind(),
                                NodeKind::Lambda(LambdaPurpose::Root | LambdaPurpose::AfterDefence)
                            ) && self.replay.lambda(&trace, c).is_some_and(|s| {
                                matches!(s.verdict, Some(LambdaVerdict::Won { .. }))
                            })
                        }) {
                            line.push(call);
                            line.extend(lambda::proof_line(&trace, &self.replay, call));
                        }
                    }
                    break;
                }
            }
        }
        line
    }
}
