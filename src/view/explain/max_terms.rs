//! The alpha-beta family's narration in MAX's terms (the explorer's MAX/MIN view,
//! [`crate::view::max_view`]): the same events as `alphabeta.rs` tells in negamax form, told
//! as the AND/OR textbook (section 6.2.6 *Searching game trees*, figures 6.23-6.25) and Kühr
//! (*Algorithms of a computer player in simple board games*, example 3.2) tell them. Every
//! value is MAX's, every window is the one MAX and MIN share along the line, a MAX node
//! raises alpha and cuts on `value >= beta` (a beta cutoff), a MIN node lowers beta and cuts
//! on `value <= alpha` (an alpha cutoff).

use crate::search::{Bound, Value, Window};
use crate::trace::store::{MoveRange, NodeId, NodeKind};
use crate::view::bound_word;
use crate::view::max_view::{self, Side};

use super::{Cx, NONE, plural};

impl<M: Copy + PartialEq> Cx<'_, M> {
    /// The search enters a node, with its window in MAX's terms.
    pub(super) fn enter_max(&self, node: NodeId, side: Side) -> (String, Vec<String>) {
        let n = self.trace.node(node);
        let w = max_view::window(n.window(), side);
        let depth = n.depth();
        match (n.kind(), n.parent()) {
            (NodeKind::NullMove, _) => (
                format!("null-move probe: {} passes, window {w}", side.name()),
                vec![
                    "the opponent moves twice in a row, searched shallower".to_string(),
                    "if the result still passes the window, the node is pruned".to_string(),
                ],
            ),
            (_, None) => (
                format!("the search starts at the root (MAX), window {w}"),
                vec![format!(
                    "{} to search; alpha is what MAX is sure of, beta what MIN allows",
                    plural(depth as usize, "ply", "plies")
                )],
            ),
            (_, Some(_)) => {
                let mut lines = vec![format!(
                    "{} node: the window passes down as the parent has it (MAX's terms); {} \
                     left",
                    side.name(),
                    plural(depth as usize, "ply", "plies")
                )];
                if w.beta.0 - w.alpha.0 == 1 {
                    lines.push("a null window: only tests whether the move is better".to_string());
                }
                (
                    format!(
                        "enter {} ({}) with window {w}",
                        self.node_name(node),
                        side.name()
                    ),
                    lines,
                )
            }
        }
    }

    /// A leaf's value or a node's result in MAX's terms, and what it does to the parent's
    /// alpha (a MAX parent) or beta (a MIN parent).
    pub(super) fn leave_max(
        &self,
        node: NodeId,
        side: Side,
        (value, bound): (Value, Bound),
        best: Option<M>,
        prev_best: NodeId,
    ) -> (String, Vec<String>) {
        let n = self.trace.node(node);
        let leaf = self.replay.children(self.trace, node).next().is_none();
        let name = self.node_name(node);
        let (v, b) = (max_view::value(value, side), max_view::bound(bound, side));
        let w = max_view::window(n.window(), side);
        let mut lines = Vec::new();
        let head = if leaf && best.is_none() {
            format!("leaf {name} evaluated: value {v}")
        } else {
            match (bound, side) {
                (Bound::Upper, Side::Max) => {
                    lines.push(format!(
                        "no move reached alpha {}: {v} is only an upper bound",
                        w.alpha
                    ));
                    format!("fail-low at {name}: value <= {v}")
                }
                (Bound::Upper, Side::Min) => {
                    lines.push(format!(
                        "MIN found no move below beta {}: {v} is only a lower bound",
                        w.beta
                    ));
                    format!("fail-high at {name}: value >= {v}")
                }
                (Bound::Lower, _) => format!(
                    "{name} returns {v} ({})",
                    if b == Bound::Upper {
                        "an upper bound"
                    } else {
                        "a lower bound"
                    }
                ),
                (Bound::Exact, _) => format!(
                    "{name} returns {v}{}",
                    best.map_or(String::new(), |m| format!(
                        ", best {}",
                        (self.name)(node, m)
                    ))
                ),
            }
        };
        match n.parent() {
            None if n.kind() != NodeKind::NullMove => {
                lines.push(format!(
                    "the search's answer: {v} ({}) for MAX ({}, the side to move)",
                    bound_word(b),
                    n.to_move().title()
                ));
            }
            Some(parent) if n.kind() != NodeKind::NullMove => {
                let ps = match side {
                    Side::Max => Side::Min,
                    Side::Min => Side::Max,
                };
                let pw = max_view::window(self.trace.node(parent).window(), ps);
                // The best sibling so far, in MAX's terms (its own side is this node's).
                let before = if prev_best == NONE {
                    None
                } else {
                    self.final_value(prev_best)
                        .map(|x| max_view::value(x, side))
                };
                lines.extend(parent_lines(v, before, pw, ps));
            }
            _ => {}
        }
        (head, lines)
    }

    /// A cutoff in MAX's terms: a beta cutoff at a MAX node, an alpha cutoff at a MIN node,
    /// and the moves it skips.
    pub(super) fn cutoff_max(
        &self,
        node: NodeId,
        side: Side,
        mv: M,
        (value, window): (Value, Window),
        skipped: MoveRange,
    ) -> (String, Vec<String>) {
        let moves = self.trace.moves(skipped);
        let name = self.node_name(node);
        let test = max_view::cutoff_test(value, window, side);
        let v = max_view::value(value, side);
        let w = max_view::window(window, side);
        if moves.is_empty() {
            return (
                format!("{name} returns at once: value {test}, but no moves were left to skip"),
                vec![format!(
                    "{} was {name}'s last move: nothing is pruned, so this is not a cutoff \
                     (no cutoff mark on the row)",
                    (self.name)(node, mv)
                )],
            );
        }
        let mover = (self.name)(node, mv);
        let lines = vec![
            match side {
                Side::Max => format!(
                    "{mover} is worth {v} here, at least beta: MIN has a better choice \
                     higher up and will not let the game come here"
                ),
                Side::Min => format!(
                    "{mover} is worth {v} for MAX here, at most alpha: MAX has a better \
                     choice higher up and will not let the game come here"
                ),
            },
            match side {
                Side::Max => format!(
                    "MAX moves here: {v} >= beta {}, MIN will not allow it",
                    w.beta
                ),
                Side::Min => format!(
                    "MIN moves here: this node is worth at most {v} for MAX, <= alpha {}, \
                     which MAX already has",
                    w.alpha
                ),
            },
            format!("skipped: {}", self.list(node, moves)),
        ];
        let head = format!(
            "{}: {test}, the remaining {} skipped",
            max_view::cutoff_name(side),
            plural(moves.len(), "move is", "moves are")
        );
        (head, lines)
    }

    /// A null-move probe's result in MAX's terms: a MAX node is pruned when passing still
    /// reaches beta, a MIN node when it still holds MAX to alpha or less.
    pub(super) fn null_move_test(
        &self,
        node: NodeId,
        side: Side,
        value: Value,
        cut: bool,
    ) -> String {
        let w = max_view::window(self.trace.node(node).window(), side);
        let v = max_view::value(value, side);
        match (side, cut) {
            (Side::Max, true) => format!("{v} >= beta {}: the node is pruned", w.beta),
            (Side::Max, false) => {
                format!("{v} < beta {}: no prune, the moves are searched", w.beta)
            }
            (Side::Min, true) => format!("{v} <= alpha {}: the node is pruned", w.alpha),
            (Side::Min, false) => {
                format!("{v} > alpha {}: no prune, the moves are searched", w.alpha)
            }
        }
    }
}

/// What a child's value `v` (MAX's terms) does at its parent, where `ps` moves with window
/// `pw` and the best child so far is worth `before`: a MAX parent raises alpha or cuts at
/// beta, a MIN parent lowers beta or cuts at alpha.
fn parent_lines(v: Value, before: Option<Value>, pw: Window, ps: Side) -> Vec<String> {
    let mut lines = vec![format!(
        "for the parent ({}) it is worth {v}{}",
        ps.name(),
        before.map_or(String::new(), |b| format!("; best so far {b}"))
    )];
    match ps {
        Side::Max => {
            let alpha = before.map_or(pw.alpha, |b| b.max(pw.alpha));
            lines.push(if v >= pw.beta {
                format!("{v} >= beta {}: a cutoff follows", pw.beta)
            } else if v > alpha {
                format!("value improves alpha: {alpha} -> {v}")
            } else {
                format!("no better than alpha {alpha}: MAX does not take it")
            });
        }
        Side::Min => {
            let beta = before.map_or(pw.beta, |b| b.min(pw.beta));
            lines.push(if v <= pw.alpha {
                format!("{v} <= alpha {}: a cutoff follows", pw.alpha)
            } else if v < beta {
                format!("value lowers beta: {beta} -> {v}")
            } else {
                format!("no lower than beta {beta}: MIN does not take it")
            });
        }
    }
    lines
}
