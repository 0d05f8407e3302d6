//! Narration of the lambda and dual-lambda threat searches' events, the words
//! [`super::explain`] says for them (Suda, *Efficient algorithms for verifying goals in
//! computer games*, section 5.1 for the procedures LAMBDA, ATTACK and DEFEND, chapter 4 for the
//! relevance zones): the call at each level and its threat checks, ATTACK's candidates in the
//! attack zone and its level changes, DEFEND's defences restricted to the threat's relevance zone,
//! the table's answers, and each move's verdict (a win, a refutation, no threat, a self-endangering
//! move).
//!
//! The tree labels, verdict words, zones and root marks of the same searches are
//! [`crate::view::lambda`].

use crate::search::observer::{LambdaNodeKind, LambdaPurpose, LambdaTtView, LambdaVerdict};
use crate::trace::store::{EventId, MoveRange, NodeId, Trace, ZoneId};
use crate::view::lambda;

use super::{Cx, NONE, plural};

/// True when the attack move `node` is the first of an ATTACK at a level above 1 (the first
/// ATTACK of every LAMBDA call is at level 1: not a change).
pub(super) fn level_change<M: Copy>(trace: &Trace<M>, node: NodeId) -> bool {
    trace.node(node).level() > 1 && lambda::is_level_change(trace, node)
}

/// A LAMBDA call's table look-up: a miss, or the stored result and whether it decides the
/// call.
pub(super) fn lambda_tt(hit: Option<LambdaTtView>) -> (String, Vec<String>) {
    match hit {
        None => (
            "table miss: a new LAMBDA position".to_string(),
            vec!["the search has to find out".to_string()],
        ),
        Some(h) => (
            format!(
                "table hit: {} at λ{}{}",
                if h.won { "won" } else { "not won" },
                h.level,
                if h.cutoff { ", decides the call" } else { "" }
            ),
            vec![if h.cutoff {
                "the stored result answers this call without a search".to_string()
            } else {
                "stored at a lower level or depth: searched again".to_string()
            }],
        ),
    }
}

impl<M: Copy + PartialEq> Cx<'_, M> {
    /// The search enters a LAMBDA call (the root, a threat check, a re-search after a
    /// defence, dual-lambda's counter-threat check) or an attack or defence move.
    pub(super) fn lambda_enter(
        &self,
        node: NodeId,
        kind: LambdaNodeKind<M>,
    ) -> (String, Vec<String>) {
        let n = self.trace.node(node);
        let level = n.level();
        let attacker = n.attacker().title();
        let defender = n.attacker().opponent().title();
        match kind {
            LambdaNodeKind::Search(LambdaPurpose::Root) => (
                format!("λ{level} search: can {attacker} force a win of order <= {level}?"),
                vec![
                    "level 1 first: a ladder of direct threats; each level allows threats \
                     of the level below"
                        .to_string(),
                ],
            ),
            LambdaNodeKind::Search(LambdaPurpose::Threat) => (
                format!("threat check at λ{level}: {defender} passes"),
                vec![format!(
                    "if {attacker} then wins by a λ{level} tree, the attack move is a \
                     λ{} threat",
                    level + 1
                )],
            ),
            LambdaNodeKind::Search(LambdaPurpose::AfterDefence) => (
                format!("re-search λ{level} after the defence"),
                vec![format!(
                    "does {attacker} still win at λ{level}? If not, the defence refutes"
                )],
            ),
            LambdaNodeKind::Search(LambdaPurpose::CounterThreat) => (
                format!("dual-lambda: counter-threat check, {attacker} attacks at λ{level}"),
                vec![format!(
                    "if {attacker} wins with a tree of order <= {level}, the attack move \
                     was self-endangering"
                )],
            ),
            LambdaNodeKind::Attack(mv) => {
                let first = level_change(self.trace, node);
                (
                    format!(
                        "{}ATTACK plays {} at λ{level}",
                        if first { "level change: " } else { "" },
                        self.name_at_parent(node, mv)
                    ),
                    vec![format!(
                        "a λ{level} attack: it must threaten a λ{} win, then every \
                         defence must fail",
                        level.saturating_sub(1)
                    )],
                )
            }
            LambdaNodeKind::Defence(mv) => (
                format!(
                    "DEFEND tries {} against the λ{level} threat",
                    self.name_at_parent(node, mv)
                ),
                vec![format!(
                    "{defender} looks for one move after which {attacker} has no λ{level} win"
                )],
            ),
        }
    }

    /// ATTACK starts in a LAMBDA call: its candidates in the attack zone, or a level change.
    pub(super) fn lambda_attack(
        &self,
        node: NodeId,
        level: u8,
        zone: ZoneId,
        candidates: MoveRange,
        prev: EventId,
    ) -> (String, Vec<String>) {
        let moves = self.trace.moves(candidates);
        let mut lines = vec![format!(
            "ATTACK tries {}: each must be a λ{} threat the defender cannot \
             answer",
            self.list(node, moves),
            level.saturating_sub(1)
        )];
        if let Some(sizes) = zone_sizes(self.trace, zone) {
            lines.push(format!(
                "attack zone: {} points (order 1: {})",
                sizes[3], sizes[0]
            ));
        }
        let head = if prev != NONE {
            format!("level change: ATTACK now at λ{level}")
        } else {
            format!(
                "ATTACK at λ{level}: {}",
                plural(moves.len(), "candidate", "candidates")
            )
        };
        if prev != NONE {
            lines.insert(
                0,
                format!(
                    "no λ{} tree was found: try one order higher",
                    level.saturating_sub(1)
                ),
            );
        }
        (head, lines)
    }

    /// DEFEND starts at an attack move: its defences, restricted to the threat's relevance
    /// zone (Suda, chapter 4).
    pub(super) fn lambda_defend(
        &self,
        node: NodeId,
        level: u8,
        zone: ZoneId,
        candidates: MoveRange,
    ) -> (String, Vec<String>) {
        let moves = self.trace.moves(candidates);
        let mut lines = Vec::new();
        match zone_sizes(self.trace, zone) {
            Some(sizes) => lines.push(format!(
                "restricted to the threat's relevance zone ({} points): a move \
                 outside it cannot stop the threat",
                sizes[3]
            )),
            None => lines.push("zones off: every legal move is tried".to_string()),
        }
        lines.push(format!("tries: {}", self.list(node, moves)));
        (
            format!(
                "DEFEND at λ{level}: {} against the threat",
                plural(moves.len(), "defence", "defences")
            ),
            lines,
        )
    }

    /// The lambda engines leave a call or a move: its verdict and what follows from it.
    pub(super) fn lambda_leave(
        &self,
        node: NodeId,
        verdict: LambdaVerdict,
    ) -> (String, Vec<String>) {
        let n = self.trace.node(node);
        let Some(kind) = n.lambda_kind() else {
            return (format!("leave ({verdict:?})"), Vec::new());
        };
        let (words, _) = lambda::verdict_words(kind, verdict);
        let label = match kind {
            LambdaNodeKind::Attack(mv) | LambdaNodeKind::Defence(mv) => {
                self.name_at_parent(node, mv)
            }
            LambdaNodeKind::Search(_) => format!("λ{} call", n.level()),
        };
        let why = match (kind, verdict) {
            (LambdaNodeKind::Attack(_), LambdaVerdict::Won { level }) => format!(
                "every defence failed: the attack wins at λ{level}; the other attack \
                 moves are skipped"
            ),
            (LambdaNodeKind::Defence(_), LambdaVerdict::NotWon) => {
                "the attacker has no win after it: the attack move is refuted, DEFEND \
                 stops"
                    .to_string()
            }
            (LambdaNodeKind::Defence(_), LambdaVerdict::Won { .. }) => {
                "the attacker still wins: DEFEND tries the next defence".to_string()
            }
            (LambdaNodeKind::Attack(_), LambdaVerdict::NotWon) => {
                "a defence held: ATTACK tries its next move".to_string()
            }
            (_, LambdaVerdict::NoThreat) => format!(
                "not a λ{} threat: the defender could ignore it",
                n.level().saturating_sub(1)
            ),
            (_, LambdaVerdict::SelfEndangering { level }) => format!(
                "the defender then wins with a tree of order <= {level}: the move is \
                 excluded at every higher level"
            ),
            (LambdaNodeKind::Search(_), LambdaVerdict::Won { level }) => {
                format!("a λ-tree of order {level} with value 1 exists")
            }
            (LambdaNodeKind::Search(_), LambdaVerdict::NotWon) => {
                "no λ-tree of value 1 up to this level".to_string()
            }
            (_, LambdaVerdict::GameOver) => {
                "the game ended without a win for the attacker".to_string()
            }
            (_, LambdaVerdict::DepthLimit) => "the depth limit counts as a draw".to_string(),
            (_, LambdaVerdict::Stopped) => "a limit stopped the search here".to_string(),
        };
        (format!("{label}: {words}"), vec![why])
    }

    /// The move that reached `node`, named in its parent's position.
    fn name_at_parent(&self, node: NodeId, mv: M) -> String {
        match self.trace.node(node).parent() {
            Some(p) => (self.name)(p, mv),
            None => (self.name)(node, mv),
        }
    }
}

/// Sizes of a zone by order (1, <= 2, <= 3, all), `None` when zones are off.
fn zone_sizes<M: Copy>(trace: &Trace<M>, zone: u32) -> Option<[usize; 4]> {
    if zone == NONE {
        return None;
    }
    trace.zone(zone).map(lambda::sizes)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{all, has_line, mnk, record, worth_events};
    use crate::search::{Algorithm, Limits, SearchConfig};

    #[test]
    fn lambda_threats_defences_and_zones() {
        let g = mnk("tictactoe-fork");
        let mut c = SearchConfig::for_algorithm(Algorithm::Lambda);
        c.lambda.max_level = 2;
        let t = record(g.clone(), &c, &Limits::default());
        let x = all(&g, &t);
        assert_eq!(
            x[0].headline,
            "λ2 search: can Black force a win of order <= 2?"
        );
        assert_eq!(x[2].headline, "ATTACK at λ1: 3 candidates");
        assert_eq!(x[4].headline, "threat check at λ0: White passes");
        assert_eq!(x[6].headline, "DEFEND at λ1: 1 defence against the threat");
        assert!(x[6].lines[0].starts_with("restricted to the threat's relevance zone (3 points)"));
        assert_eq!(x[9].headline, "b1: defended");
        assert_eq!(x[18].headline, "c1: WIN λ1");
        assert!(has_line(
            &x[18],
            "every defence failed: the attack wins at λ1; the other attack moves are skipped"
        ));
        // The first ATTACK of a call is at level 1: not a level change.
        assert_eq!(worth_events(&x), vec![2, 6, 13, 18, 19]);
        assert_eq!(x[3].headline, "ATTACK plays b1 at λ1");
    }
}
