//! Narration of the alpha-beta family's events, the words [`super::explain`] says for them:
//! entering a node with its window, a leaf's value or a node's result and what it does to
//! the parent's alpha, beta cutoffs and the moves they skip, table probes and stores, the
//! move order, iterative deepening's iterations, null-move probes and static forward pruning.
//! The cutoffs are told as the AND/OR textbook (section 6.2.6 *Searching game trees*, figures
//! 6.23-6.25) tells them ("beta cutoff: 70 >= beta 70, the remaining 2 moves are skipped"), and
//! every node's window as Kühr, *Algorithms of a computer player in simple board games*,
//! example 3.2 gives it (negamax: the child's window is the parent's negated and swapped).
//!
//! The side pane's view of the same heuristics (iterations, killer and history tables, the
//! order before and after sorting) is [`crate::view::heuristics`].

use crate::search::observer::TtEntryView;
use crate::search::{Bound, Value, Window};
use crate::trace::store::{Event, MoveRange, NodeId, NodeKind};
use crate::view::bound_word;
use crate::view::max_view;

use super::{Cx, NONE, plural};

/// An iteration of iterative deepening starts.
pub(super) fn iteration(depth: u32) -> (String, Vec<String>) {
    (
        format!("iteration {depth} starts: search again to depth {depth}"),
        vec![
            "iterative deepening: each iteration searches one ply deeper".to_string(),
            "the table and the last iteration's best moves order this one".to_string(),
        ],
    )
}

/// Why a root's beta is a win rather than infinity: iterative deepening's distance bound
/// (`src/search/deepening.rs`). Empty for any other beta.
fn deepening_beta(beta: Value) -> Vec<String> {
    if beta == Value::INFINITY {
        return Vec::new();
    }
    let Some(n) = beta.is_win().then(|| beta.plies_to_end()).flatten() else {
        return Vec::new();
    };
    let within = n.saturating_sub(1);
    vec![
        format!(
            "beta is {beta}: the iterations before found no win or loss within {} (their \
             depth, one ply more where the game's tactics see an immediate win)",
            plural(within, "ply", "plies")
        ),
        format!(
            "so no move wins sooner than {n} plies: one that wins at {n} is the best there \
             is, and the iteration stops there instead of comparing the others"
        ),
    ]
}

impl<M: Copy + PartialEq> Cx<'_, M> {
    /// The search enters a node: the window it gets (Kühr, example 3.2), or a null-move probe.
    pub(super) fn enter(&self, node: NodeId) -> (String, Vec<String>) {
        if let Some(side) = self.side(node) {
            return self.enter_max(node, side);
        }
        let n = self.trace.node(node);
        let w = n.window();
        let window = window_text(w);
        let depth = n.depth();
        match (n.kind(), n.parent()) {
            (NodeKind::NullMove, _) => (
                format!("null-move probe: the mover passes, window {window}"),
                vec![
                    "the opponent moves twice in a row, searched shallower".to_string(),
                    "if the result still reaches beta, the node is pruned".to_string(),
                ],
            ),
            (_, None) => {
                let mut lines = vec![format!(
                    "{} to search; alpha is what the mover is sure of, beta \
                     what the opponent allows",
                    plural(depth as usize, "ply", "plies")
                )];
                lines.extend(deepening_beta(w.beta));
                (
                    format!("the search starts at the root, window {window}"),
                    lines,
                )
            }
            (_, Some(_)) => {
                let mut lines = vec![format!(
                    "negamax: the child's window is the parent's (alpha, beta) negated \
                     and swapped; {} left",
                    plural(depth as usize, "ply", "plies")
                )];
                if w.beta.0 - w.alpha.0 == 1 {
                    lines.push("a null window: only tests whether the move is better".to_string());
                }
                (
                    format!("enter {} with window {window}", self.node_name(node)),
                    lines,
                )
            }
        }
    }

    /// A leaf's value or a node's result, and what it does to the parent's window.
    pub(super) fn leave(
        &self,
        node: NodeId,
        value: Value,
        bound: Bound,
        best: Option<M>,
        prev_best: NodeId,
    ) -> (String, Vec<String>) {
        if let Some(side) = self.side(node) {
            return self.leave_max(node, side, (value, bound), best, prev_best);
        }
        let n = self.trace.node(node);
        let leaf = self.replay.children(self.trace, node).next().is_none();
        let name = self.node_name(node);
        let mut lines = Vec::new();
        let head = if leaf && best.is_none() {
            format!("leaf {name} evaluated: value {value}")
        } else {
            match bound {
                Bound::Upper => {
                    lines.push(format!(
                        "no move reached alpha {}: {value} is only an upper bound",
                        n.window().alpha
                    ));
                    format!("fail-low at {name}: value <= {value}")
                }
                Bound::Lower => format!("{name} returns {value} (a lower bound)"),
                Bound::Exact => format!(
                    "{name} returns {value}{}",
                    best.map_or(String::new(), |m| format!(
                        ", best {}",
                        (self.name)(node, m)
                    ))
                ),
            }
        };
        match n.parent() {
            None if n.kind() != NodeKind::NullMove => {
                let whose = if n.iteration() > 0 {
                    // One iteration's value; a deeper one may change it.
                    format!(
                        "iteration {}'s result (the search's answer is its last \
                         iteration's)",
                        n.iteration()
                    )
                } else {
                    "the search's answer".to_string()
                };
                lines.push(format!(
                    "{whose}: {value} ({}) for {}, the side to move",
                    bound_word(bound),
                    n.to_move().title()
                ));
            }
            Some(parent) if n.kind() != NodeKind::NullMove => {
                let pw = self.trace.node(parent).window();
                let before = if prev_best == NONE {
                    None
                } else {
                    self.final_value(prev_best).map(|v| -v)
                };
                let alpha = before.map_or(pw.alpha, |b| b.max(pw.alpha));
                let mine = -value;
                lines.push(format!(
                    "for the parent (negamax) it is worth {mine}{}",
                    if before.is_some() {
                        format!("; best so far {}", before.unwrap_or(mine))
                    } else {
                        String::new()
                    }
                ));
                if mine >= pw.beta {
                    lines.push(format!("{mine} >= beta {}: a cutoff follows", pw.beta));
                } else if mine > alpha {
                    lines.push(format!("value improves alpha: {alpha} -> {mine}"));
                } else {
                    lines.push(format!("no better than alpha {alpha}: the move fails low"));
                }
            }
            _ => {}
        }
        (head, lines)
    }

    /// The value `node` left with, if it has left.
    pub(super) fn final_value(&self, node: NodeId) -> Option<Value> {
        let e = self.trace.node(node).leave_event()?;
        match *self.trace.event(e) {
            Event::Leave { value, .. } => Some(value),
            _ => None,
        }
    }

    /// A table probe: a miss, or a hit that decides the node or says why not.
    pub(super) fn tt_probe(
        &self,
        node: NodeId,
        hit: Option<TtEntryView<M>>,
    ) -> (String, Vec<String>) {
        let n = self.trace.node(node);
        let Some(h) = hit else {
            return (
                "table miss: position not seen before".to_string(),
                vec!["the node is searched".to_string()],
            );
        };
        // In the MAX view, the entry's value and bound and the node's window in MAX's terms.
        let side = self.side(node);
        let h = TtEntryView {
            value: side.map_or(h.value, |s| max_view::value(h.value, s)),
            bound: side.map_or(h.bound, |s| max_view::bound(h.bound, s)),
            ..h
        };
        let head = format!(
            "table hit: {} {} at depth {}",
            bound_word(h.bound),
            h.value,
            depth_text(h.depth)
        );
        let w = side.map_or(n.window(), |s| max_view::window(n.window(), s));
        let mut lines = Vec::new();
        if h.cutoff {
            lines.push(match h.bound {
                Bound::Exact => format!(
                    "exact and deep enough ({} >= {}): decides the node",
                    depth_text(h.depth),
                    n.depth()
                ),
                Bound::Lower => format!(
                    "lower bound {} >= beta {}: decides the node",
                    h.value, w.beta
                ),
                Bound::Upper => format!(
                    "upper bound {} <= alpha {}: decides the node",
                    h.value, w.alpha
                ),
            });
        } else if h.depth != u32::MAX && h.depth < n.depth() {
            lines.push(format!(
                "too shallow (depth {} < {} needed): only its move orders the search",
                h.depth,
                n.depth()
            ));
        } else {
            lines.push(format!(
                "inside the window {}: it only narrows it, the node is searched",
                window_text(w)
            ));
        }
        if let Some(m) = h.best {
            lines.push(format!(
                "its best move {} is tried first",
                (self.name)(node, m)
            ));
        }
        (head, lines)
    }

    /// A cutoff and the moves it skips (the AND/OR textbook, figures 6.23-6.25), named by
    /// [`CUTOFF_CONVENTION`]: a beta cutoff where MAX (the root's side) moves, an alpha
    /// cutoff where MIN moves. A test that skips nothing (the move was the node's last) is
    /// not a cutoff (Kühr, example 3.2: "no typical pruning happens here").
    pub(super) fn cutoff(
        &self,
        node: NodeId,
        mv: M,
        value: Value,
        window: Window,
        skipped: MoveRange,
    ) -> (String, Vec<String>) {
        if let Some(side) = self.side(node) {
            return self.cutoff_max(node, side, mv, (value, window), skipped);
        }
        let moves = self.trace.moves(skipped);
        let name = self.node_name(node);
        if moves.is_empty() {
            return (
                format!(
                    "{name} returns at once: value {value} >= beta {}, but no moves were \
                     left to skip",
                    window.beta
                ),
                vec![
                    format!(
                        "{} was {name}'s last move: nothing is pruned, so this is not a cutoff \
                         (no cutoff mark on the row)",
                        (self.name)(node, mv)
                    ),
                    "Kühr, example 3.2: all moves were searched, no typical pruning".to_string(),
                ],
            );
        }
        let kind = CutoffKind::at(self.max_moves_at(node));
        let mut lines = vec![format!(
            "{} is worth {value} here, at least beta: the opponent has a better \
             choice higher up and will not let the game come here",
            (self.name)(node, mv)
        )];
        lines.push(kind.reason(value, window));
        lines.push(format!("skipped: {}", self.list(node, moves)));
        let head = format!(
            "{}: {value} >= beta {}, the remaining {} skipped",
            kind.name(),
            window.beta,
            plural(moves.len(), "move is", "moves are")
        );
        (head, lines)
    }

    /// True when the side to move at `node` is the root's (MAX in the AND/OR textbook's
    /// figures).
    fn max_moves_at(&self, node: NodeId) -> bool {
        let mut root = node;
        while let Some(p) = self.trace.node(root).parent() {
            root = p;
        }
        self.trace.node(node).to_move() == self.trace.node(root).to_move()
    }

    /// A node's result stored in the table.
    pub(super) fn tt_store(
        &self,
        node: NodeId,
        value: Value,
        bound: Bound,
        depth: u32,
        best: Option<M>,
    ) -> (String, Vec<String>) {
        let side = self.side(node);
        let value = side.map_or(value, |s| max_view::value(value, s));
        let bound = side.map_or(bound, |s| max_view::bound(bound, s));
        (
            format!(
                "stored in the table: {} {value}, depth {}",
                bound_word(bound),
                depth_text(depth)
            ),
            vec![format!(
                "a later visit of this position can reuse it{}",
                best.map_or(String::new(), |m| format!(
                    "; best move {}",
                    (self.name)(node, m)
                ))
            )],
        )
    }

    /// The order a node's moves will be searched in.
    pub(super) fn ordered(&self, node: NodeId, moves: MoveRange) -> (String, Vec<String>) {
        let moves = self.trace.moves(moves);
        (
            format!("move order: {}", plural(moves.len(), "move", "moves")),
            vec![
                format!("searched in this order: {}", self.list(node, moves)),
                "good moves first make cutoffs come early".to_string(),
            ],
        )
    }

    /// A null-move probe's result: pruned or not.
    pub(super) fn null_move(
        &self,
        node: NodeId,
        reduction: u32,
        value: Value,
        cut: bool,
    ) -> (String, Vec<String>) {
        let beta = self.trace.node(node).window().beta;
        let verdict = if let Some(side) = self.side(node) {
            self.null_move_test(node, side, value, cut)
        } else if cut {
            format!("{value} >= beta {beta}: the node is pruned")
        } else {
            format!("{value} < beta {beta}: no prune, the moves are searched")
        };
        (
            format!("null-move probe, R = {reduction}: {verdict}"),
            vec![
                format!(
                    "the mover passed and the opponent searched {reduction} plies \
                     shallower; if even passing holds beta, a real move will too"
                ),
                "a heuristic: a search it cut is never a proof".to_string(),
            ],
        )
    }

    /// The moves static forward pruning dropped.
    pub(super) fn forward_pruned(&self, node: NodeId, dropped: MoveRange) -> (String, Vec<String>) {
        let moves = self.trace.moves(dropped);
        (
            format!(
                "forward pruning dropped {}",
                plural(moves.len(), "move", "moves")
            ),
            vec![
                format!("not searched: {}", self.list(node, moves)),
                "only the first part of the ordered moves is kept (a heuristic, \
                 never part of a proof)"
                    .to_string(),
            ],
        )
    }
}

/// The cutoff vocabulary of plyscope, as the AND/OR textbook (section 6.2.6, figures 6.23 and
/// 6.24) and Kühr (section 3) use it; the Why block, the lessons and the legend say it this way.
pub const CUTOFF_CONVENTION: &str = "beta cutoff: at a node where MAX (the side to move at \
     the root) moves, a move's value reaches beta (value >= beta) and the node's other moves \
     are skipped; alpha cutoff: at a node where MIN moves, a move holds MAX to alpha or less \
     (value <= alpha for MAX) and the rest is skipped. In negamax form both are the same \
     test, value >= beta, one ply apart. A test that skips no move is not a cutoff.";

/// Which cutoff a cut node's test is, by [`CUTOFF_CONVENTION`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutoffKind {
    /// At a node where MAX (the root's side) moves: value >= beta.
    Beta,
    /// At a node where MIN moves: value <= alpha, from MAX's side.
    Alpha,
}

impl CutoffKind {
    /// The kind of a cutoff at a node where MAX moves (`true`) or MIN moves.
    pub fn at(max_moves: bool) -> CutoffKind {
        if max_moves {
            CutoffKind::Beta
        } else {
            CutoffKind::Alpha
        }
    }

    /// "alpha cutoff" or "beta cutoff".
    pub fn name(self) -> &'static str {
        match self {
            CutoffKind::Beta => "beta cutoff",
            CutoffKind::Alpha => "alpha cutoff",
        }
    }

    /// The test in the words of its kind.
    fn reason(self, value: Value, window: Window) -> String {
        match self {
            CutoffKind::Beta => format!(
                "MAX moves here: {value} >= beta {}, MIN will not allow it",
                window.beta
            ),
            CutoffKind::Alpha => format!(
                "MIN moves here: for MAX this node is worth at most {}, <= alpha {}, \
                 which MAX already has",
                -value, -window.beta
            ),
        }
    }
}

/// "(alpha, beta)".
fn window_text(w: Window) -> String {
    format!("({}, {})", w.alpha, w.beta)
}

/// A table depth, "solved" for a subtree no horizon touched.
fn depth_text(depth: u32) -> String {
    if depth == u32::MAX {
        "solved".to_string()
    } else {
        depth.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{all, has_line, mnk, record, tree, worth_events};
    use crate::search::{Algorithm, Limits, SearchConfig};

    #[test]
    fn a_root_beta_at_a_win_is_explained_by_the_iterations_before() {
        use crate::search::Value;
        let lines = super::deepening_beta(Value::win_at(3));
        assert!(
            lines[0].starts_with(
                "beta is win@3: the iterations before found no win or loss within 2 plies"
            ),
            "{lines:?}"
        );
        assert!(
            lines[1].contains("no move wins sooner than 3 plies"),
            "{lines:?}"
        );
        assert!(super::deepening_beta(Value::INFINITY).is_empty());
    }

    #[test]
    fn alpha_beta_on_the_textbook_tree() {
        let g = tree("tree-abc");
        let t = record(
            g.clone(),
            &SearchConfig::plain(Algorithm::AlphaBeta),
            &Limits::default(),
        );
        let x = all(&g, &t);
        // b1 = 3 raises b's alpha; c1 = 2 cuts c (the shape of the AND/OR textbook's figure
        // 6.23).
        assert_eq!(x[5].headline, "leaf b1 evaluated: value 3");
        assert!(
            has_line(&x[5], "value improves alpha: -inf -> -3"),
            "{:?}",
            x[5]
        );
        assert_eq!(x[7].headline, "leaf b2 evaluated: value 12");
        assert!(has_line(
            &x[7],
            "no better than alpha -3: the move fails low"
        ));
        assert_eq!(x[13].headline, "enter c1 with window (3, +inf)");
        assert!(has_line(&x[14], "-2 >= beta -3: a cutoff follows"));
        // c is MIN's node: an alpha cutoff (the kind of the AND/OR textbook's figure 6.23).
        assert_eq!(
            x[15].headline,
            "alpha cutoff: -2 >= beta -3, the remaining 2 moves are skipped"
        );
        assert!(has_line(&x[15], "skipped: c2 c3"));
        assert!(has_line(
            &x[15],
            "MIN moves here: for MAX this node is worth at most 2, <= alpha 3, which MAX \
             already has"
        ));
        // d's last leaf reaches beta too, but nothing is left to skip: not a cutoff.
        assert_eq!(
            x[25].headline,
            "d returns at once: value -2 >= beta -3, but no moves were left to skip"
        );
        assert_eq!(x[27].headline, "the root returns 3, best b");
        // Cutoffs and the root's result; enters, leaves and orders are routine.
        assert_eq!(worth_events(&x), vec![15, 25, 27]);
    }

    #[test]
    fn iterations_table_hits_null_moves_and_forward_pruning() {
        // The position and settings of tests/integration/tui_heuristics.rs, where probes happen.
        let g = mnk("mnk-5x5-k4");
        let mut c = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
        c.null_move = true;
        c.forward_prune_keep_percent = Some(50);
        let limits = Limits {
            max_depth: Some(4),
            ..Limits::default()
        };
        let t = record(g.clone(), &c, &limits);
        let x = all(&g, &t);
        let first = |prefix: &str| {
            x.iter()
                .find(|x| x.headline.starts_with(prefix))
                .unwrap_or_else(|| panic!("no {prefix:?} event"))
        };
        let it = first("iteration 2 starts");
        assert_eq!(it.headline, "iteration 2 starts: search again to depth 2");
        assert!(it.worth);
        let null = first("null-move probe, R = 2: ");
        assert!(null.worth);
        let cut = null.headline.contains(">= beta");
        assert!(cut || null.headline.contains("< beta"), "{}", null.headline);
        assert!(has_line(
            null,
            "a heuristic: a search it cut is never a proof"
        ));
        let pruned = first("forward pruning dropped ");
        assert!(pruned.worth && pruned.lines[0].starts_with("not searched: "));
        let hit = first("table hit: ");
        assert!(hit.headline.contains(" at depth "), "{}", hit.headline);
        // A hit decides the node or says why it does not.
        let decided = hit.lines[0].ends_with("decides the node");
        assert_eq!(hit.worth, decided, "{hit:?}");
        assert!(
            decided
                || hit.lines[0].starts_with("too shallow")
                || hit.lines[0].starts_with("inside the window"),
            "{hit:?}"
        );
        assert!(!first("table miss").worth);
    }
}
