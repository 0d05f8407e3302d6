//! Narration of the proof-number family's events, the words [`super::explain`] says for them
//! (Hric and Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda search*): PNS's and
//! PN²'s walk to the most-proving node (min pn child at OR nodes, min dn child at AND nodes), the
//! expansion and the backup of `[pn, dn]` up the path, proofs and disproofs, df-pn's MID with the
//! thresholds each child gets and its return when a threshold is reached, and the table's hits.
//!
//! The tree rows, the side pane's facts and the descent's frames of the same searches are
//! [`crate::view::proof`].

use crate::search::proof::{PN_INFINITY, ProofNumbers};
use crate::trace::replay::Replay;
use crate::trace::store::{Event, MoveRange, NodeId, PnStep, Trace};
use crate::view::proof::{number_text, rule_lines, thresholds_text};

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

/// The root's enter: df-pn's MID(root) with its thresholds, or a new PNS iteration.
fn root_enter(numbers: ProofNumbers, th: Option<ProofNumbers>) -> (String, Vec<String>) {
    match th {
        Some(t) => (
            format!("MID(root) with thresholds {}", thresholds_text(t)),
            vec!["df-pn: search below the root until its numbers reach a threshold".to_string()],
        ),
        None => (
            format!("new iteration: walk down from the root {numbers}"),
            vec!["PNS descends to the most-proving node, expands it and backs up".to_string()],
        ),
    }
}

/// Why a node just solved is solved: no child left, one child enough, or every child.
fn solved_why(no_child: bool, or_node: bool, numbers: ProofNumbers) -> &'static str {
    if no_child {
        // No child: the numbers of an empty OR are [inf, 0], of an empty AND [0, inf];
        // "every child" would speak of children it lacks.
        if or_node {
            "no child: no move of the attacker is left to try here, so it cannot be proven \
             (dn 0)"
        } else {
            "no child: no defence is left to try here, so it is proven (pn 0)"
        }
    } else if numbers.is_proven() == or_node {
        "one child solved it: at this node one good move is enough"
    } else {
        "every child is solved the same way"
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
        match step {
            PnStep::FirstEnter | PnStep::Enter => self.pn_enter(node, numbers, th, second, prev),
            PnStep::Update => self.pn_update(node, numbers, th, second, prev),
            PnStep::Leave => self.pn_leave(node, numbers, th),
        }
    }

    /// An enter: df-pn's MID with the child's thresholds, or PNS's step down to the
    /// most-proving node (min pn child at OR nodes, min dn child at AND nodes).
    fn pn_enter(
        &self,
        node: NodeId,
        numbers: ProofNumbers,
        th: Option<ProofNumbers>,
        second: bool,
        prev: u32,
    ) -> (String, Vec<String>) {
        let n = self.trace.node(node);
        let Some(parent) = n.parent() else {
            return root_enter(numbers, th);
        };
        let name = self.node_name(node);
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
                        "the path changes here: another child was taken last time".to_string(),
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

    /// An update: the backup of the children's numbers by the node's rule, PN²'s second
    /// level, df-pn's thresholds, and a proof or disproof found here.
    fn pn_update(
        &self,
        node: NodeId,
        numbers: ProofNumbers,
        th: Option<ProofNumbers>,
        second: bool,
        prev: u32,
    ) -> (String, Vec<String>) {
        let or_node = self.replay.pn(self.trace, node).is_none_or(|s| s.or_node);
        let role = if or_node { "OR" } else { "AND" };
        let name = self.node_name(node);
        let kids = self.replay.pn_children(self.trace, node);
        let mut lines = Vec::new();
        if !kids.is_empty() {
            lines.push(format!(
                "children: {}",
                self.children_listed(node, &kids, or_node)
            ));
        }
        let named: Vec<(String, ProofNumbers)> = kids
            .iter()
            .map(|&(m, k, _)| ((self.name)(node, m), k))
            .collect();
        lines.extend(rule_lines(or_node, Some(numbers), &named));
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
            lines.push(solved_why(kids.is_empty(), or_node, numbers).to_string());
        }
        (head, lines)
    }

    /// A leave: df-pn's return when a threshold is exceeded, else the backup to the parent.
    fn pn_leave(
        &self,
        node: NodeId,
        numbers: ProofNumbers,
        th: Option<ProofNumbers>,
    ) -> (String, Vec<String>) {
        let name = self.node_name(node);
        match th {
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
                vec![if self.trace.node(node).parent().is_some() {
                    "the parent recomputes its numbers from its children".to_string()
                } else if numbers.is_solved() {
                    "the root has no parent: its numbers are the search's answer".to_string()
                } else {
                    "the root has no parent: the next iteration starts from it again".to_string()
                }],
            ),
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
        let or_node = self.replay.pn(self.trace, node).is_none_or(|s| s.or_node);
        let kids: Vec<(M, ProofNumbers, Option<NodeId>)> = moves
            .iter()
            .zip(nums)
            .map(|(&m, &n)| (m, n, None))
            .collect();
        let mut lines = vec![format!(
            "children: {}",
            self.children_listed(node, &kids, or_node)
        )];
        if solved > 0 {
            // The causes are the game's to name (the session does, from the position).
            lines.push(decided_at_once(&vec![None; solved]));
        }
        let depth_first = self
            .replay
            .pn(self.trace, node)
            .is_some_and(|s| s.thresholds.is_some());
        lines.extend(start_lines(nums, depth_first));
        (
            format!(
                "expand {}: {}",
                self.node_name(node),
                plural(moves.len(), "child", "children")
            ),
            lines,
        )
    }

    /// The children as "n4 [0, ∞], n5 [1, 2], +11 more": the first [`LISTED`], and always
    /// the child that decides the node's min side (the first with the smallest pn at an OR
    /// node, dn at an AND node: pn 0 for a proof at OR, dn 0 for a disproof at AND).
    fn children_listed(
        &self,
        node: NodeId,
        kids: &[(M, ProofNumbers, Option<NodeId>)],
        or_node: bool,
    ) -> String {
        let key = |k: ProofNumbers| if or_node { k.pn } else { k.dn };
        let decisive = kids
            .iter()
            .enumerate()
            .min_by_key(|(i, k)| (key(k.1), *i))
            .map(|(i, _)| i);
        let mut shown: Vec<usize> = (0..kids.len().min(LISTED)).collect();
        if let Some(d) = decisive
            && d >= LISTED
        {
            shown.pop();
            shown.push(d);
        }
        let mut words: Vec<String> = shown
            .iter()
            .map(|&i| {
                let (m, k, _) = kids[i];
                let mut w = format!("{} {k}", (self.name)(node, m));
                if Some(i) == decisive && i >= LISTED {
                    w.push_str(if or_node { " (min pn)" } else { " (min dn)" });
                }
                w
            })
            .collect();
        if kids.len() > shown.len() {
            words.push(format!("+{} more", kids.len() - shown.len()));
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

    /// df-pn's child thresholds, from the parent's thresholds and numbers (Hric and Baudiš): at an
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
        // The 1+epsilon trick (Pawlewicz and Lew; Hric and Baudiš) grows the min side's threshold
        // beyond second-best + 1; the trace does not record epsilon, but the threshold says
        // it was used.
        let grown = second != PN_INFINITY && got_min > second.saturating_add(1);
        let min_line = if grown {
            format!(
                "th_{a} = min(th_{a} {}, second-best {a} {} x (1 + epsilon), rounded up) = {} \
                 (the 1+epsilon trick; without it {second_text})",
                number_text(th_min),
                number_text(second),
                number_text(got_min)
            )
        } else {
            format!(
                "th_{a} = min(th_{a} {}, second-best {a} + 1 = {second_text}) = {}",
                number_text(th_min),
                number_text(got_min)
            )
        };
        vec![
            min_line,
            format!(
                "th_{b} = th_{b} - {b} + {b}(child) = {sum_text} = {}",
                number_text(got_sum)
            ),
        ]
    }
}

/// How an expansion's unsolved children got their first numbers, read from the numbers
/// themselves (the trace does not record the engine's setting): all `[1, 1]` (the unit
/// start, Hric and Baudiš), else one-move look-ahead (`crate::search::proof::LeafInit::Mobility`,
/// the default): `[1, k]` at a child where the attacker moves, `[k, 1]` where the defender
/// does, k its number of moves; df-pn counts the moves of a must-play region when the game
/// has one and gives a child found in its table the stored entry; PNS's heuristic start
/// scales one number by the evaluation.
/// The Why block's line on an expansion's children decided at once, one entry per such
/// child: its name and the cause that applied ("e3", "by Black's full connection") where
/// the session could tell it from the position, `None` where it could not. Named ones read
/// "e3 decided at once by Black's full connection"; the others are counted with the list of
/// what can decide a child at once.
pub fn decided_at_once(kids: &[Option<(String, String)>]) -> String {
    const GENERIC: &str = "a game end, a table entry, a repetition of the path or the \
                           game's knowledge (Hex: a virtual connection)";
    let named: Vec<&(String, String)> = kids.iter().flatten().collect();
    let others = kids.len() - named.len();
    if named.is_empty() {
        return format!("{others} decided at once: {GENERIC}");
    }
    if named.len() == 1 && others == 0 {
        let (name, cause) = named[0];
        return format!("{name} decided at once {cause}");
    }
    let mut words: Vec<String> = named
        .iter()
        .take(LISTED)
        .map(|(name, cause)| format!("{name} {cause}"))
        .collect();
    if named.len() > LISTED {
        words.push(format!("+{} more like them", named.len() - LISTED));
    }
    let mut line = format!("{} decided at once: {}", kids.len(), words.join(", "));
    if others > 0 {
        line.push_str(&format!(
            "; {others} other{} by {GENERIC}",
            if others == 1 { "" } else { "s" }
        ));
    }
    line
}

fn start_lines(nums: &[ProofNumbers], depth_first: bool) -> Vec<String> {
    let open: Vec<&ProofNumbers> = nums.iter().filter(|n| !n.is_solved()).collect();
    if open.is_empty() {
        return Vec::new();
    }
    if open.iter().all(|n| n.pn == 1 && n.dn == 1) {
        return vec!["unsolved children start at [1, 1]".to_string()];
    }
    let mut lines = vec![
        "a new child starts from its number of moves k: [1, k] where the attacker moves \
         (OR), [k, 1] where the defender does (AND)"
            .to_string(),
    ];
    if depth_first {
        lines.push(
            "df-pn counts only a must-play region's moves when the game has one; a child \
             already in the table shows its stored entry"
                .to_string(),
        );
    } else if open.iter().any(|n| n.pn > 1 && n.dn > 1) {
        lines.push("children with both numbers above 1: scaled by the evaluation".to_string());
    }
    lines
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
            "AND node: pn = 0 + 1 + 1 = 2, dn = min(∞, 2, 3) = 2"
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

    /// The event where the root is proven or disproven is one `;` stops at, however the
    /// root was solved: by an update from its children, or at once by the solver's
    /// knowledge (df-pn on hex-4x4: H-search finds Black's semi connection, and the root's
    /// three events are its enter, a table miss and its leave with [0, ∞], which `;` passed
    /// over: "no later event worth explaining").
    #[test]
    fn the_roots_proof_is_worth_explaining_however_it_came() {
        use crate::games::{hex::Hex, mnk::Mnk};
        use crate::puzzle;
        use crate::trace::store::{Event, Trace};
        fn root_solved<M: Copy>(t: &Trace<M>) -> Option<usize> {
            (0..t.len()).find(|&e| {
                matches!(*t.event(e as u32), Event::Pn { node, numbers, .. }
                    if t.node(node).parent().is_none() && numbers.is_solved())
            })
        }
        fn check<G: crate::search::SearchGame>(name: &str, g: G, algorithm: Algorithm) {
            let t = record(
                g.clone(),
                &SearchConfig::for_algorithm(algorithm),
                &Limits::default(),
            );
            let solved = root_solved(&t)
                .unwrap_or_else(|| panic!("{name} {algorithm:?}: the root is solved"));
            let x = all(&g, &t);
            assert!(
                x[solved].worth,
                "{name} {algorithm:?}: event {solved}, {}",
                x[solved].headline
            );
        }
        for name in ["hex-4x4", "hex-3x3", "hex-4x4-must-play", "tictactoe-fork"] {
            for algorithm in [
                Algorithm::DfPn,
                Algorithm::Pns,
                Algorithm::Pn2,
                Algorithm::LambdaDfPn,
            ] {
                let position = puzzle::load(name).unwrap().position;
                if let Some(g) = position.as_game::<Hex>() {
                    check(name, g.clone(), algorithm);
                } else {
                    let g: Mnk = position.into_game().expect("Hex or m,n,k");
                    check(name, g, algorithm);
                }
            }
        }
        // The 3-event run of the report: enter, table miss, the proof.
        let g: Hex = puzzle::load("hex-4x4")
            .unwrap()
            .position
            .into_game()
            .unwrap();
        let t = record(
            g.clone(),
            &SearchConfig::for_algorithm(Algorithm::DfPn),
            &Limits::default(),
        );
        let x = all(&g, &t);
        assert_eq!(x.len(), 3);
        assert_eq!(x[2].headline, "back up from the root with [0, ∞] PROVEN");
        assert_eq!(worth_events(&x), vec![2]);
    }

    /// A node solved with no child (every move left out at its expansion) is explained as
    /// such, not as "every child is solved the same way".
    #[test]
    fn a_node_solved_without_children_says_so() {
        use crate::games::atarigo::AtariGo;
        use crate::puzzle;
        let g: AtariGo = puzzle::load("atarigo-ladder")
            .unwrap()
            .position
            .into_game()
            .unwrap();
        let t = record(
            g.clone(),
            &SearchConfig::for_algorithm(Algorithm::LambdaDfPn),
            &Limits::default(),
        );
        let x = all(&g, &t);
        let childless: Vec<_> = x
            .iter()
            .filter(|e| e.lines.iter().any(|l| l.starts_with("no child: ")))
            .collect();
        assert!(
            !childless.is_empty(),
            "the ladder has childless solved nodes"
        );
        for e in &childless {
            assert!(
                e.headline.contains("PROVEN") || e.headline.contains("DISPROVEN"),
                "{e:?}"
            );
            assert!(!has_line(e, "every child is solved the same way"), "{e:?}");
            let or_said = has_line(
                e,
                "no child: no move of the attacker is left to try here, so it cannot be \
                 proven (dn 0)",
            );
            assert_eq!(or_said, e.headline.contains("(OR)"), "{e:?}");
        }
    }

    #[test]
    fn the_root_has_no_parent_to_recompute() {
        let g = tree("tree-004-fig-6-20");
        let t = record(
            g.clone(),
            &SearchConfig::plain(Algorithm::Pns),
            &Limits::default(),
        );
        let x = all(&g, &t);
        assert_eq!(x[3].headline, "back up from the root with [3, 2]");
        assert_eq!(
            x[3].lines,
            vec!["the root has no parent: the next iteration starts from it again".to_string()]
        );
        let last = x.last().unwrap();
        assert!(
            x.iter()
                .filter(|e| e.headline.starts_with("back up from the root"))
                .all(|e| !e.lines.iter().any(|l| l.contains("the parent"))),
            "{last:?}"
        );
        // A leave below the root still names its parent's recomputation.
        assert!(x.iter().any(|e| e.headline.starts_with("back up from n2")
            && has_line(e, "the parent recomputes its numbers from its children")));
    }

    #[test]
    fn expansion_says_how_children_start() {
        let g = tree("tree-004-fig-6-20");
        let t = record(
            g.clone(),
            &SearchConfig::plain(Algorithm::Pns),
            &Limits::default(),
        );
        let x = all(&g, &t);
        assert_eq!(x[1].headline, "expand the root: 2 children");
        assert!(has_line(&x[1], "children: n2 [3, 1], n3 [3, 1]"));
        assert!(has_line(
            &x[1],
            "a new child starts from its number of moves k: [1, k] where the attacker moves \
             (OR), [k, 1] where the defender does (AND)"
        ));
        assert!(
            !x.iter()
                .any(|e| e.lines.iter().any(|l| l.contains("[1, 1]")))
        );
        assert_eq!(
            super::start_lines(&[crate::search::proof::ProofNumbers::UNIT], false),
            vec!["unsolved children start at [1, 1]".to_string()]
        );
    }

    #[test]
    fn the_deciding_child_is_always_listed() {
        // df-pn on 4x4 k=3: nodes with more children than the list shows are solved by
        // one of the later ones. (Hex decides most nodes by its virtual connections now.)
        let position = crate::puzzle::load("mnk-4x4-k3").unwrap().position;
        let g: crate::games::mnk::Mnk = position.into_game().expect("mnk-4x4-k3 is m,n,k");
        let t = record(
            g.clone(),
            &SearchConfig::for_algorithm(Algorithm::DfPn),
            &Limits::default(),
        );
        let x = all(&g, &t);
        let mut long = 0;
        for e in &x {
            let Some(children) = e.lines.iter().find(|l| l.starts_with("children: ")) else {
                continue;
            };
            let want = if e.headline.contains(" PROVEN (OR)") {
                "[0, ∞]"
            } else if e.headline.contains(" DISPROVEN (AND)") {
                "[∞, 0]"
            } else {
                continue;
            };
            assert!(children.contains(want), "{}: {children}", e.headline);
            if children.contains(" more") {
                long += 1;
            }
        }
        assert!(long > 0, "no solved node with a long child list");
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

        // With the 1+epsilon trick the line says the threshold grew, and by what.
        let g = mnk("mnk-4x4-k3");
        let mut config = SearchConfig::for_algorithm(Algorithm::DfPn);
        config.proof.epsilon = 1.0;
        let t = record(g.clone(), &config, &Limits::default());
        let x = all(&g, &t);
        assert_eq!(x[4].headline, "MID(b2) [15, 1] with thresholds [30, ∞]");
        assert!(has_line(
            &x[4],
            "th_pn = min(th_pn ∞, second-best pn 15 x (1 + epsilon), rounded up) = 30 (the \
             1+epsilon trick; without it 16)"
        ));
    }
}
