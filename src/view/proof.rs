//! What the explorer shows of a proof-number search (issue 5, item 6; seed 003, digest
//! section 3): every node's `[pn, dn]` as of the step (engines in phi/delta form report
//! `[pn, dn]` already, `crate::search::observer::PnNodeView`), proven and disproven nodes named in
//! words, the path of the current descent (PNS's walk to the most-proving node, df-pn's
//! stack of MID frames) with each frame's thresholds `[th_pn, th_dn]`, and the children's
//! numbers of a node for the board.

use crate::search::proof::{PN_INFINITY, ProofNumbers};
use crate::trace::replay::{PnState, Replay};
use crate::trace::store::{NodeId, Trace};

/// A proof node's tree row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofRow {
    /// `[pn, dn]` as of the step (`None` before any event gave numbers).
    pub numbers: Option<ProofNumbers>,
    /// "PROVEN" / "DISPROVEN" once solved.
    pub solved: Option<&'static str>,
    /// True when the node is on the path of the current descent.
    pub on_path: bool,
    /// True at an OR node (the attacker to move).
    pub or_node: bool,
}

/// One frame of the current descent, root first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub node: NodeId,
    /// The move into the frame ("root" for the root).
    pub label: String,
    pub numbers: Option<ProofNumbers>,
    /// df-pn's thresholds of the frame (`None` for best-first PNS).
    pub thresholds: Option<ProofNumbers>,
}

/// The side pane's facts about a proof node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofDetail {
    /// "OR, black to move" (the attacker's node) / "AND, white to move".
    pub role: String,
    pub numbers: Option<ProofNumbers>,
    pub thresholds: Option<ProofNumbers>,
    pub solved: Option<&'static str>,
    pub second_level: bool,
    /// Children in its latest expansion, and expansions so far.
    pub children: usize,
    pub expansions: u32,
    /// The frames of the current descent (the path from the root to the current node).
    pub frames: Vec<Frame>,
    /// True when the node is one of them.
    pub on_path: bool,
}

/// How a board mark of a child reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProofMark {
    Proven,
    Disproven,
    Open,
}

/// "∞" for infinity, else the number.
pub fn number_text(n: u32) -> String {
    if n == PN_INFINITY {
        "∞".to_string()
    } else {
        n.to_string()
    }
}

/// The word for a solved node.
pub fn solved_word(numbers: Option<ProofNumbers>) -> Option<&'static str> {
    match numbers {
        Some(n) if n.is_proven() => Some("PROVEN"),
        Some(n) if n.is_disproven() => Some("DISPROVEN"),
        _ => None,
    }
}

fn state<M: Copy + PartialEq>(trace: &Trace<M>, replay: &Replay, id: NodeId) -> Option<PnState> {
    replay.pn(trace, id)
}

/// The tree row of `id` (`None` for other nodes).
pub fn row<M: Copy + PartialEq>(trace: &Trace<M>, replay: &Replay, id: NodeId) -> Option<ProofRow> {
    let s = state(trace, replay, id)?;
    Some(ProofRow {
        numbers: s.numbers,
        solved: solved_word(s.numbers),
        on_path: replay.on_path(trace, id),
        or_node: s.or_node,
    })
}

/// The frames of the current descent, root first, each labelled by `format`.
pub fn frames<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    format: impl Fn(NodeId, M) -> String,
) -> Vec<Frame> {
    replay
        .path(trace)
        .into_iter()
        .filter_map(|id| {
            let s = state(trace, replay, id)?;
            Some(Frame {
                node: id,
                label: trace
                    .node(id)
                    .mv()
                    .map_or_else(|| "root".to_string(), |m| format(id, m)),
                numbers: s.numbers,
                thresholds: s.thresholds,
            })
        })
        .collect()
}

/// The side pane's facts about `id` (`None` for other nodes).
pub fn detail<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    id: NodeId,
    format: impl Fn(NodeId, M) -> String,
) -> Option<ProofDetail> {
    let s = state(trace, replay, id)?;
    let n = trace.node(id);
    let role = if s.or_node {
        format!("OR, {} to move", n.to_move().name())
    } else {
        format!("AND, {} to move", n.to_move().name())
    };
    Some(ProofDetail {
        role,
        numbers: s.numbers,
        thresholds: s.thresholds,
        solved: solved_word(s.numbers),
        second_level: s.second_level,
        children: s.expansion.map_or(0, |(moves, _)| moves.len()),
        expansions: s.expansions,
        frames: frames(trace, replay, format),
        on_path: replay.on_path(trace, id),
    })
}

/// The children of `id` with their numbers as marks: `pn` (or `dn` when `show_dn`), "∞"
/// for infinity; with how each reads.
pub fn child_marks<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    id: NodeId,
    show_dn: bool,
) -> Vec<(M, String, ProofMark)> {
    replay
        .pn_children(trace, id)
        .into_iter()
        .map(|(mv, numbers, _)| {
            let mark = if numbers.is_proven() {
                ProofMark::Proven
            } else if numbers.is_disproven() {
                ProofMark::Disproven
            } else {
                ProofMark::Open
            };
            let n = if show_dn { numbers.dn } else { numbers.pn };
            (mv, number_text(n), mark)
        })
        .collect()
}

/// True when `id` is solved by the step (for "next proof" among the tree's nodes).
pub fn is_solved<M: Copy + PartialEq>(trace: &Trace<M>, replay: &Replay, id: NodeId) -> bool {
    state(trace, replay, id)
        .and_then(|s| s.numbers)
        .is_some_and(|n| n.is_solved())
}

/// Thresholds as text: `[th_pn, th_dn]`, "∞" for infinity, and "∞-k" for the huge
/// thresholds derived from a root's "infinite" ones (df-pn subtracts the siblings' numbers
/// from them: 4294967238 reads "∞-57").
pub fn thresholds_text(t: ProofNumbers) -> String {
    let one = |n: u32| {
        if n == PN_INFINITY {
            "∞".to_string()
        } else if n >= 1 << 31 {
            format!("∞-{}", PN_INFINITY - n)
        } else {
            n.to_string()
        }
    };
    format!("[{}, {}]", one(t.pn), one(t.dn))
}

/// `[pn, dn]` as text, "[?, ?]" when unknown.
pub fn numbers_text(numbers: Option<ProofNumbers>) -> String {
    numbers.map_or_else(|| "[?, ?]".to_string(), |n| n.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::proof::PN_MAX_FINITE;

    #[test]
    fn infinity_and_words() {
        assert_eq!(number_text(PN_INFINITY), "∞");
        assert_eq!(number_text(3), "3");
        assert_eq!(solved_word(Some(ProofNumbers::PROVEN)), Some("PROVEN"));
        assert_eq!(
            solved_word(Some(ProofNumbers::DISPROVEN)),
            Some("DISPROVEN")
        );
        assert_eq!(solved_word(Some(ProofNumbers::UNIT)), None);
        assert_eq!(numbers_text(None), "[?, ?]");
        assert_eq!(
            thresholds_text(ProofNumbers::new(PN_MAX_FINITE, 3)),
            "[∞-1, 3]"
        );
    }
}
