//! Narration of the proof-number family's events, the words [`super::explain`] says for them
//! (seed 003): PNS's and PN²'s walk to the most-proving node (min pn child at OR nodes, min
//! dn child at AND nodes), the expansion and the backup of `[pn, dn]` up the path, proofs and
//! disproofs, df-pn's MID with the thresholds each child gets and its return when a
//! threshold is reached, and the table's hits.
//!
//! The tree rows, the side pane's facts and the descent's frames of the same searches are
//! [`crate::view::proof`].

use crate::search::proof::{PN_INFINITY, ProofNumbers};
use crate::trace::replay::Replay;
use crate::trace::store::{Event, MoveRange, NodeId, PnStep, Trace};
use crate::view::proof::{number_text, thresholds_text};

use super::{Cx, LISTED, NONE, plural};

/// PNS: true when entering `node` leaves the path its parent took last time (another child
/// was entered more recently than `node`'s own previous event `prev`).
pub(super) fn path_changed<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    node: NodeId,
    prev: u32,
) -> bool {
    let Some(parent) = trace.node(node).parent() else {
        return false;
    };
    replay.children(trace, parent).any(|s| {
        s != node
            && replay
                .pn(trace, s)
                .and_then(|st| st.last_event)
                .is_some_and(|last| prev == NONE || last > prev)
    })
}

/// A proof node's table look-up: a miss, or the numbers found.
pub(super) fn pn_tt(hit: Option<ProofNumbers>) -> (String, Vec<String>) {
    match hit {
        None => (
            "table miss: a new position".to_string(),
            vec!["its numbers start from the expansion".to_string()],
        ),
        Some(n) => (
            format!("table hit: {n}{}", solved_text(n)),
            vec![if n.is_solved() {
                "solved before: the stored result decides the node".to_string()
            } else {
                "numbers from an earlier visit: the search goes on from there".to_string()
            }],
        ),
    }
}

impl<M: Copy + PartialEq> Cx<'_, M> {
    /// A proof node's enter (a most-proving selection or df-pn's MID), update (the backup,
    /// a proof or disproof) or leave (df-pn's return at a threshold).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pn(
        &self,
        node: NodeId,
        step: PnStep,
        numbers: ProofNumbers,
        thresholds: ProofNumbers,
        flags: u8,
        prev: u32,
    ) -> (String, Vec<String>) {
        let th = (flags & 4 != 0).then_some(thresholds);
        let second = flags & 2 != 0;
        let n = self.trace.node(node);
        let or_node = self.replay.pn(self.trace, node).is_none_or(|s| s.or_node);
        let role = if or_node { "OR" } else { "AND" };
        let name = self.node_name(node);
        match step {
            PnStep::FirstEnter | PnStep::Enter => {
                let Some(parent) = n.parent() else {
                    return match th {
                        Some(t) => (
                            format!("MID(root) with thresholds {}", thresholds_text(t)),
                            vec![
                                "df-pn: search below the root until its numbers reach a threshold"
                                    .to_string(),
                            ],
                        ),
                        None => (
                            format!("new iteration: walk down from the root {numbers}"),
                            vec![
                                "PNS descends to the most-proving node, expands it and backs up"
                                    .to_string(),
                            ],
                        ),
                    };
                };
                let parent_or = self.replay.pn(self.trace, parent).is_none_or(|s| s.or_node);
                let siblings = self.sibling_numbers(parent, node);
                let rule = if parent_or {
                    "min pn child at OR nodes"
                } else {
                    "min dn child at AND nodes"
                };
                let mut lines = Vec::new();
                if !siblings.is_empty() {
                    lines.push(format!("others: {siblings}"));
                }
                match th {
                    Some(t) => {
                        lines.extend(self.child_thresholds(parent, parent_or, n.mv(), numbers, t));
                        (
                            format!(
                                "MID({name}) {numbers} with thresholds {}",
                                thresholds_text(t)
                            ),
                            lines,
                        )
                    }
                    None => {
                        if path_changed(self.trace, self.replay, node, prev) {
                            lines.push(
                                "the path changes here: another child was taken last time"
                                    .to_string(),
                            );
                        }
                        if second {
                            lines.push("inside PN²'s second-level search".to_string());
                        }
                        (
                            format!("most-proving node: {rule}: {name} {numbers}"),
                            lines,
                        )
                    }
                }
            }
            PnStep::Update => {
                let kids = self.replay.pn_children(self.trace, node);
                let mut lines = Vec::new();
                if !kids.is_empty() {
                    let listed: Vec<String> = kids
                        .iter()
                        .take(LISTED)
                        .map(|&(m, k, _)| format!("{} {k}", (self.name)(node, m)))
                        .collect();
                    lines.push(format!(
                        "children: {}{}",
                        listed.join(", "),
                        if kids.len() > LISTED {
                            format!(", +{} more", kids.len() - LISTED)
                        } else {
                            String::new()
                        }
                    ));
                }
                lines.push(if or_node {
                    format!(
                        "OR: pn = min of the children's pn = {}, dn = sum of their dn = {}",
                        number_text(numbers.pn),
                        number_text(numbers.dn)
                    )
                } else {
                    format!(
                        "AND: pn = sum of the children's pn = {}, dn = min of their dn = {}",
                        number_text(numbers.pn),
                        number_text(numbers.dn)
                    )
                });
                if second {
                    lines.push(
                        "PN² second level: a bounded PNS below this leaf gave it these \
                         numbers; its tree is discarded"
                            .to_string(),
                    );
                }
                let solved_now = numbers.is_solved()
                    && (prev == NONE
                        || !matches!(*self.trace.event(prev), Event::Pn { numbers: p, .. } if p.is_solved()));
                if let Some(t) = th
                    && !numbers.is_solved()
                {
                    lines.push(if numbers.pn >= t.pn || numbers.dn >= t.dn {
                        format!("threshold {} reached: MID returns", thresholds_text(t))
                    } else {
                        format!(
                            "below the thresholds {}: MID goes on with the best child",
                            thresholds_text(t)
                        )
                    });
                }
                let head = if solved_now {
                    if numbers.is_proven() {
                        format!("{name} PROVEN ({role}): pn 0")
                    } else {
                        format!("{name} DISPROVEN ({role}): dn 0")
                    }
                } else {
                    format!("backup at {name} ({role}): {numbers}")
                };
                if solved_now {
                    lines.push(if numbers.is_proven() == or_node {
                        "one child solved it: at this node one good move is enough".to_string()
                    } else {
                        "every child is solved the same way".to_string()
                    });
                }
                (head, lines)
            }
            PnStep::Leave => match th {
                Some(t) if !numbers.is_solved() => {
                    let which = if numbers.pn >= t.pn {
                        format!(
                            "pn {} >= th_pn {}",
                            number_text(numbers.pn),
                            number_text(t.pn)
                        )
                    } else {
                        format!(
                            "dn {} >= th_dn {}",
                            number_text(numbers.dn),
                            number_text(t.dn)
                        )
                    };
                    (
                        format!("threshold exceeded: {which}, MID({name}) returns"),
                        vec![
                            "another branch now looks cheaper: the parent picks again".to_string(),
                            "the numbers are stored in the table for the next visit".to_string(),
                        ],
                    )
                }
                _ => (
                    format!("back up from {name} with {numbers}{}", solved_text(numbers)),
                    vec!["the parent recomputes its numbers from its children".to_string()],
                ),
            },
        }
    }

    /// A node's expansion: its children with their first numbers.
    pub(super) fn pn_expand(
        &self,
        node: NodeId,
        moves: MoveRange,
        numbers: u32,
    ) -> (String, Vec<String>) {
        let moves = self.trace.moves(moves);
        let nums = self.trace.pn_numbers(numbers, moves.len());
        let solved = nums.iter().filter(|n| n.is_solved()).count();
        let mut lines = vec![format!("children: {}", self.numbered(node, moves, nums))];
        if solved > 0 {
            lines.push(format!(
                "{solved} decided at once: a game end, a table entry or a \
                 repetition of the path"
            ));
        }
        lines.push("unknown children start at [1, 1] (or the evaluation's numbers)".to_string());
        (
            format!(
                "expand {}: {}",
                self.node_name(node),
                plural(moves.len(), "child", "children")
            ),
            lines,
        )
    }

    /// Moves with their numbers: "b1 [1, 1], c2 [0, ∞]".
    fn numbered(&self, node: NodeId, moves: &[M], numbers: &[ProofNumbers]) -> String {
        let mut words: Vec<String> = moves
            .iter()
            .zip(numbers)
            .take(LISTED)
            .map(|(&m, n)| format!("{} {n}", (self.name)(node, m)))
            .collect();
        if moves.len() > LISTED {
            words.push(format!("+{} more", moves.len() - LISTED));
        }
        words.join(", ")
    }

    /// The other children of `parent` with their numbers as of the step.
    fn sibling_numbers(&self, parent: NodeId, node: NodeId) -> String {
        let mv = self.trace.node(node).mv();
        let others: Vec<String> = self
            .replay
            .pn_children(self.trace, parent)
            .into_iter()
            .filter(|&(m, _, _)| Some(m) != mv)
            .map(|(m, k, _)| format!("{} {k}", (self.name)(parent, m)))
            .collect();
        let mut shown: Vec<String> = others.iter().take(LISTED).cloned().collect();
        if others.len() > LISTED {
            shown.push(format!("+{} more", others.len() - LISTED));
        }
        shown.join(", ")
    }

    /// df-pn's child thresholds, from the parent's thresholds and numbers (seed 003): at an
    /// OR parent th_pn(c) = min(th_pn, pn2 + 1) and th_dn(c) = th_dn - dn + dn(c); at an AND
    /// parent the same with pn and dn swapped.
    fn child_thresholds(
        &self,
        parent: NodeId,
        parent_or: bool,
        child_mv: Option<M>,
        child: ProofNumbers,
        got: ProofNumbers,
    ) -> Vec<String> {
        let Some(p) = self.replay.pn(self.trace, parent) else {
            return Vec::new();
        };
        let (Some(pn), Some(pth)) = (p.numbers, p.thresholds) else {
            return Vec::new();
        };
        // The second-best child on the min side: the best of the others.
        let min_side = |k: ProofNumbers| if parent_or { k.pn } else { k.dn };
        let second = self
            .replay
            .pn_children(self.trace, parent)
            .into_iter()
            .filter(|&(m, _, _)| Some(m) != child_mv)
            .map(|(_, k, _)| min_side(k))
            .min()
            .unwrap_or(PN_INFINITY);
        let (th_min, th_sum, sum_parent, sum_child, got_min, got_sum, a, b) = if parent_or {
            (pth.pn, pth.dn, pn.dn, child.dn, got.pn, got.dn, "pn", "dn")
        } else {
            (pth.dn, pth.pn, pn.pn, child.pn, got.dn, got.pn, "dn", "pn")
        };
        let second_text = if second == PN_INFINITY {
            "∞".to_string()
        } else {
            format!("{}", second.saturating_add(1))
        };
        let sum_text = if th_sum == PN_INFINITY {
            "∞".to_string()
        } else {
            format!(
                "{} - {} + {}",
                number_text(th_sum),
                number_text(sum_parent),
                number_text(sum_child)
            )
        };
        vec![
            format!(
                "th_{a} = min(th_{a} {}, second-best {a} + 1 = {second_text}) = {}",
                number_text(th_min),
                number_text(got_min)
            ),
            format!(
                "th_{b} = th_{b} - {b} + {b}(child) = {sum_text} = {}",
                number_text(got_sum)
            ),
        ]
    }
}

/// " PROVEN" / " DISPROVEN" / "".
fn solved_text(n: ProofNumbers) -> &'static str {
    if n.is_proven() {
        " PROVEN"
    } else if n.is_disproven() {
        " DISPROVEN"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{all, has_line, mnk, record, tree, worth_events};
    use crate::search::{Algorithm, Limits, SearchConfig};

    #[test]
    fn pns_selection_expansion_backup_and_proof() {
        let g = tree("tree-004-fig-6-20");
        let t = record(
            g.clone(),
            &SearchConfig::plain(Algorithm::Pns),
            &Limits::default(),
        );
        let x = all(&g, &t);
        assert_eq!(
            x[5].headline,
            "most-proving node: min pn child at OR nodes: n2 [3, 1]"
        );
        assert!(has_line(&x[5], "others: n3 [3, 1]"));
        assert_eq!(x[6].headline, "expand n2: 3 children");
        assert!(has_line(&x[6], "children: n4 [1, 2], n5 [1, 2], n6 [1, 3]"));
        assert_eq!(
            x[13].headline,
            "most-proving node: min dn child at AND nodes: n4 [1, 2]"
        );
        assert_eq!(x[15].headline, "n4 PROVEN (OR): pn 0");
        assert!(x[15].worth);
        assert_eq!(x[17].headline, "backup at n2 (AND): [2, 2]");
        assert!(has_line(
            &x[17],
            "AND: pn = sum of the children's pn = 2, dn = min of their dn = 2"
        ));
        // The second descent through n2 takes n5, not n4: the path changes.
        assert!(x[23].worth && !x[13].worth);
        assert!(has_line(
            &x[23],
            "the path changes here: another child was taken last time"
        ));
        assert_eq!(x[66].headline, "the root DISPROVEN (OR): dn 0");
        let worth = worth_events(&x);
        assert!(
            worth.contains(&66) && worth.iter().all(|&e| e > 5),
            "{worth:?}"
        );
    }

    #[test]
    fn dfpn_child_thresholds_and_returns() {
        let g = tree("tree-004-fig-6-20");
        let t = record(
            g.clone(),
            &SearchConfig::plain(Algorithm::DfPn),
            &Limits::default(),
        );
        let x = all(&g, &t);
        assert_eq!(x[0].headline, "MID(root) with thresholds [∞, ∞]");
        assert_eq!(x[4].headline, "MID(n2) [3, 1] with thresholds [4, ∞]");
        assert!(has_line(
            &x[4],
            "th_pn = min(th_pn ∞, second-best pn + 1 = 4) = 4"
        ));
        assert_eq!(x[8].headline, "MID(n4) [1, 2] with thresholds [2, 3]");
        assert!(has_line(
            &x[8],
            "th_dn = min(th_dn ∞, second-best dn + 1 = 3) = 3"
        ));
        assert!(has_line(
            &x[8],
            "th_pn = th_pn - pn + pn(child) = 4 - 3 + 1 = 2"
        ));
        assert!(has_line(
            &x[7],
            "below the thresholds [4, ∞]: MID goes on with the best child"
        ));
        assert_eq!(x[25].headline, "n2 DISPROVEN (AND): dn 0");

        // A bigger search returns at thresholds: those returns are worth explaining.
        let g = mnk("tictactoe");
        let t = record(
            g.clone(),
            &SearchConfig::for_algorithm(Algorithm::DfPn),
            &Limits::default(),
        );
        let x = all(&g, &t);
        let ret = x
            .iter()
            .find(|x| x.headline.starts_with("threshold exceeded: "))
            .expect("df-pn on tic-tac-toe returns at a threshold");
        assert!(ret.worth);
        assert!(ret.headline.contains(" >= th_"), "{}", ret.headline);
    }
}
