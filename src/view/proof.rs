//! What the explorer shows of a proof-number search (Hric and Baudiš, *Game algorithms,
//! lecture 4: Proof number search, Lambda search*): every node's `[pn, dn]` as of the step (engines
//! in phi/delta form report `[pn, dn]` already, `crate::search::observer::PnNodeView`), proven and
//! disproven nodes named in words, the path of the current descent (PNS's walk to the most-proving
//! node, df-pn's stack of MID frames) with each frame's thresholds `[th_pn, th_dn]`, and the
//! children's numbers of a node for the board.

use crate::game::{MAX_SYMMETRIES, MoveList};
use crate::search::proof::{PN_INFINITY, ProofNumbers, backup_by_definition};
use crate::search::{Algorithm, SearchGame};
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
    /// True for a child its parent's expansion generated that the search has not entered
    /// yet: its numbers are the ones the expansion gave it.
    pub new_leaf: bool,
    /// df-pn and lambda-df-pn: the numbers are the table entry its parent read at its
    /// latest expansion (the child was not searched since), not the child's own latest.
    pub stored: bool,
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
    /// "OR, Black to move" (the attacker's node) / "AND, White to move".
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
    /// A generated child not searched yet (see [`ProofRow::new_leaf`]).
    pub new_leaf: bool,
    /// Where the numbers shown come from ([`source_text`]).
    pub source: String,
    /// The node's rule applied to its children's numbers as shown ([`rule_lines`]); empty
    /// before an expansion.
    pub rule: Vec<String>,
    /// Which legal moves the latest expansion left out, and why ([`children_note`]).
    pub children_note: Option<String>,
    /// df-pn: what the solver knows of the position, one line each (Hex: the edge
    /// connections and what they decide, the moves pruned by reason).
    pub solver: Vec<String>,
    /// df-pn: what the solver's knowledge decided the node by, when it did before any move
    /// was generated ("decided by Black's semi connection (key b3)").
    pub decided_by: Option<String>,
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
        new_leaf: false,
        stored: s.from_expansion
            && trace
                .node(id)
                .parent()
                .and_then(|p| state(trace, replay, p))
                .is_some_and(|p| p.thresholds.is_some()),
    })
}

/// What the numbers on the tree's rows are, for the pane's title: best-first PNS and PN²
/// show every node's numbers as of the step; df-pn's rows of children its latest MID call
/// did not search again show the table entries read then ("stored"), which need not add
/// up to the parent's current numbers.
pub fn row_meaning(depth_first: bool) -> &'static str {
    if depth_first {
        "Tree [pn, dn] now; stored: table entry"
    } else {
        "Tree [pn, dn] as of this step"
    }
}

/// The numbers `parent`'s latest expansion gives its child `mv` as of the step (`None`
/// when that expansion does not list the move).
fn generated_numbers<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    parent: NodeId,
    mv: M,
) -> Option<ProofNumbers> {
    replay
        .pn_children(trace, parent)
        .into_iter()
        .find(|&(m, _, _)| m == mv)
        .map(|(_, n, _)| n)
}

/// The tree row of the child `mv` of `parent` that the search generated but has not
/// entered (`None` when `parent` is not a proof node as of the step).
pub fn new_leaf_row<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    parent: NodeId,
    mv: M,
) -> Option<ProofRow> {
    let p = state(trace, replay, parent)?;
    let numbers = generated_numbers(trace, replay, parent, mv);
    Some(ProofRow {
        numbers,
        solved: solved_word(numbers),
        on_path: false,
        or_node: !p.or_node,
        new_leaf: true,
        stored: false,
    })
}

/// The side pane's facts about the new leaf `mv` of `parent` (see [`new_leaf_row`]);
/// `to_move` names the side to move there.
pub fn new_leaf_detail<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    parent: NodeId,
    mv: M,
    to_move: &str,
    format: impl Fn(NodeId, M) -> String,
) -> Option<ProofDetail> {
    let row = new_leaf_row(trace, replay, parent, mv)?;
    let role = if row.or_node { "OR" } else { "AND" };
    Some(ProofDetail {
        role: format!("{role}, {to_move} to move"),
        numbers: row.numbers,
        thresholds: None,
        solved: row.solved,
        second_level: false,
        children: 0,
        expansions: 0,
        frames: frames(trace, replay, format),
        on_path: false,
        new_leaf: true,
        source: "a new leaf: the numbers its parent's expansion gave it; not searched yet"
            .to_string(),
        rule: Vec::new(),
        children_note: None,
        solver: Vec::new(),
        decided_by: None,
    })
}

/// What the numbers of a node's row are, in words: the node's own latest numbers, or
/// (df-pn, lambda-df-pn) the table entry its parent read at its latest expansion, which
/// need not add up to the parent's current numbers (the parent may have moved on since).
pub fn source_text(s: &PnState) -> String {
    match (s.numbers, s.from_expansion) {
        (None, _) => "no numbers yet".to_string(),
        (Some(_), true) => "as its parent's latest expansion read them (the table entry or                             first numbers); not searched since"
            .to_string(),
        (Some(_), false) => "its own latest numbers, as of this step".to_string(),
    }
}

/// The backup rule (Hric and Baudiš) over `kids`' numbers: at an OR node pn = min of the
/// children's pn and dn = the sum of their dn, at an AND node the other way round; a sum
/// with ∞ is ∞, no children give `[∞, 0]` at OR and `[0, ∞]` at AND.
pub fn backup(or_node: bool, kids: &[ProofNumbers]) -> ProofNumbers {
    let sides = kids
        .iter()
        .map(|k| if or_node { (k.pn, k.dn) } else { (k.dn, k.pn) });
    let (min, sum) = backup_by_definition(false, sides);
    if or_node {
        ProofNumbers::new(min, sum)
    } else {
        ProofNumbers::new(sum, min)
    }
}

/// Children whose numbers [`rule_lines`] writes out one by one; more read "min of k".
const SPELLED: usize = 6;

/// The rule of a node applied to its children's numbers as shown, in words: "OR node:
/// pn = min(3, 3) = 3, dn = 1 + 1 = 2" (∞ where it applies); with more than six children
/// "pn = min of 13 children's pn = 7 (c2), dn = sum of their dn = 19". When the node's own
/// numbers differ (df-pn's children not re-searched show their stored entries; a backup
/// still under way), the line says "after backup of the rows below", so it never reads as
/// contradicting the numbers shown above it, and a second line gives the node's own.
pub fn rule_lines(
    or_node: bool,
    numbers: Option<ProofNumbers>,
    kids: &[(String, ProofNumbers)],
) -> Vec<String> {
    if kids.is_empty() {
        return Vec::new();
    }
    let nums: Vec<ProofNumbers> = kids.iter().map(|k| k.1).collect();
    let got = backup(or_node, &nums);
    let (min_name, sum_name) = if or_node { ("pn", "dn") } else { ("dn", "pn") };
    let min_of = |k: ProofNumbers| if or_node { k.pn } else { k.dn };
    let sum_of = |k: ProofNumbers| if or_node { k.dn } else { k.pn };
    let (min_got, sum_got) = (min_of(got), sum_of(got));
    let (min_text, sum_text) = (number_text(min_got), number_text(sum_got));
    let (min_part, sum_part) = if kids.len() == 1 {
        // One child: its numbers are the node's, swapped at neither kind of node.
        (
            format!("{min_name} = its {min_name} = {min_text}"),
            format!("{sum_name} = its {sum_name} = {sum_text}"),
        )
    } else if kids.len() <= SPELLED {
        let mins: Vec<String> = nums.iter().map(|&k| number_text(min_of(k))).collect();
        let sums: Vec<String> = nums.iter().map(|&k| number_text(sum_of(k))).collect();
        (
            format!("{min_name} = min({}) = {min_text}", mins.join(", ")),
            format!("{sum_name} = {} = {sum_text}", sums.join(" + ")),
        )
    } else {
        let best = kids
            .iter()
            .find(|k| min_of(k.1) == min_got)
            .map_or(String::new(), |k| format!(" ({})", k.0));
        // The part written first names the children; the second refers back to them.
        let n = kids.len();
        let (min_whose, sum_whose) = if or_node {
            (format!("the {n} children's"), "their".to_string())
        } else {
            ("their".to_string(), format!("the {n} children's"))
        };
        (
            format!("{min_name} = min of {min_whose} {min_name}{best} = {min_text}"),
            format!("{sum_name} = sum of {sum_whose} {sum_name} = {sum_text}"),
        )
    };
    let (first, second) = if or_node {
        (min_part, sum_part)
    } else {
        (sum_part, min_part)
    };
    let role = if or_node { "OR" } else { "AND" };
    match numbers.filter(|&n| n != got) {
        // The rule's result is not what the node shows: say it is what a backup of the
        // rows as shown would give, not the node's numbers.
        Some(n) => vec![
            format!("{role} node, after backup of the rows below: {first}, {second}"),
            format!(
                "the node shows {n} from its latest update: the rows below changed since or \
                 show stored entries"
            ),
        ],
        None => vec![format!("{role} node: {first}, {second}")],
    }
}

/// Which of the position's legal moves an expansion that lists `listed` left out, and why,
/// from the game itself: a move whose position is a mirror image of a listed move's (the
/// same smallest key under the board's symmetries: df-pn searches such siblings once), a
/// move outside the game's proven must-play region (df-pn keeps only the region's moves;
/// Hex: the opponent's one-move virtual connections), and the rest (moves that lose at
/// once, or a lambda level's move rules). `None` when nothing was left out.
/// "13 of 25 legal moves: 12 mirror images under the 180° turn".
///
/// `known`: the game's solver knowledge (Hex) counts the pruned moves by reason in a line of
/// its own beside this note, so the note leaves what is not a mirror image to those lines
/// ("2 of 13 legal moves") instead of counting the same moves a second, vaguer time.
///
/// The note follows what `algorithm` does: PNS and PN² keep no table and search mirror images
/// apart, so they count none; a mover with a proven win beyond one move (`Tactics::winning_key`;
/// Hex: the key of its semi connection) gets the key as its only child, solved at once (`pns.rs`,
/// `expand` and `narrow`), which the note names; PNS drops the rest as df-pn does (the must-play
/// region, then inferior cells), and only lambda-df-pn has a level's move rules.
pub fn children_note<G: SearchGame>(
    game: &G,
    listed: &[G::Move],
    known: bool,
    algorithm: Algorithm,
) -> Option<String> {
    let mut legal = MoveList::new();
    game.legal_moves(&mut legal);
    if legal.len() <= listed.len() {
        return None;
    }
    // A proven win beyond one move: the key alone (PNS, PN²; df-pn decides such a node
    // without generating a child, so it never lists one).
    if let [only] = listed
        && game.is_stable()
        && game.winning_move(game.to_move()).is_none()
        && game.winning_key() == Some(*only)
    {
        let others = legal.len() - 1;
        return Some(format!(
            "1 of {} legal moves: {} to move has a proven win (Hex: the key of its semi \
             connection), so the key is the only child, solved at once; the other {others} \
             are not generated",
            legal.len(),
            game.to_move().title()
        ));
    }
    let merges_mirrors = matches!(algorithm, Algorithm::DfPn | Algorithm::LambdaDfPn);
    let key_after = |mv: G::Move| {
        let mut g = game.clone();
        g.play(mv);
        crate::search::dfpn::smallest_symmetric_key(&g).1
    };
    let listed_keys: Vec<u64> = listed.iter().map(|&m| key_after(m)).collect();
    let mut region = MoveList::new();
    let has_region = game.is_stable() && game.must_play(&mut region);
    let (mut mirrors, mut outside, mut other) = (0usize, 0usize, 0usize);
    for &mv in legal.iter().filter(|m| !listed.contains(m)) {
        if merges_mirrors && listed_keys.contains(&key_after(mv)) {
            mirrors += 1;
        } else if has_region && !region.contains(&mv) {
            outside += 1;
        } else {
            other += 1;
        }
    }
    let mut keys = [0u64; MAX_SYMMETRIES];
    let symmetries = game.symmetric_keys(&mut keys);
    let mut parts = Vec::new();
    if mirrors > 0 {
        parts.push(format!(
            "{mirrors} mirror image{} under {}",
            if mirrors == 1 { "" } else { "s" },
            if symmetries == 2 {
                "the 180° turn".to_string()
            } else {
                format!("the board's {symmetries} symmetries")
            }
        ));
    }
    if known {
        // The solver's lines count the rest by reason.
        (outside, other) = (0, 0);
    }
    if outside > 0 {
        parts.push(format!(
            "{outside} outside the must-play region ({} cell{})",
            region.len(),
            if region.len() == 1 { "" } else { "s" }
        ));
    }
    if other > 0 {
        parts.push(match algorithm {
            // PNS expands every legal move but those the knowledge drops (pns.rs, narrow).
            Algorithm::Pns | Algorithm::Pn2 => {
                format!("{other} inferior (Hex: dead, captured or vulnerable cells)")
            }
            Algorithm::LambdaDfPn => format!(
                "{other} left out by the one-move tactics, the game's knowledge (Hex: inferior \
                 cells) or the level's move rules"
            ),
            _ => format!(
                "{other} left out by the one-move tactics (moves that lose at once) or the \
                 game's knowledge (Hex: inferior cells)"
            ),
        });
    }
    if parts.is_empty() {
        return Some(format!("{} of {} legal moves", listed.len(), legal.len()));
    }
    Some(format!(
        "{} of {} legal moves: {}",
        listed.len(),
        legal.len(),
        parts.join(", ")
    ))
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
        format!("OR, {} to move", n.to_move().title())
    } else {
        format!("AND, {} to move", n.to_move().title())
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
        new_leaf: false,
        source: source_text(&s),
        // The session fills these in: it names the children's moves in the node's position.
        rule: Vec::new(),
        children_note: None,
        solver: Vec::new(),
        decided_by: None,
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

    /// PNS on the empty Hex 4x4 board: Black's semi connection makes b3 the only child. The
    /// note must not read "1 mirror image under the 180° turn, 10 outside the must-play region
    /// (6 cells), 4 left out by ... the level's move rules": PNS merges no mirrors and asked
    /// for no region, it generated the key alone.
    #[test]
    fn a_pns_key_child_is_named_for_what_pns_does() {
        use crate::game::Game;
        use crate::games::hex::Hex;
        let g = Hex::new(4).unwrap();
        let b3 = g.parse_move("b3").unwrap();
        let note = children_note(&g, &[b3], false, Algorithm::Pns).unwrap();
        assert_eq!(
            note,
            "1 of 16 legal moves: Black to move has a proven win (Hex: the key of its semi \
             connection), so the key is the only child, solved at once; the other 15 are not \
             generated"
        );
        // c2 is b3's mirror image under the 180° turn: df-pn's symmetric keys merge the two,
        // PNS does not, so a PNS list without c2 left it out for another reason.
        let c2 = g.parse_move("c2").unwrap();
        let mut legal = MoveList::new();
        g.legal_moves(&mut legal);
        let listed: Vec<_> = legal.iter().copied().filter(|&m| m != c2).collect();
        let dfpn = children_note(&g, &listed, false, Algorithm::DfPn).unwrap();
        assert_eq!(
            dfpn,
            "15 of 16 legal moves: 1 mirror image under the 180° turn"
        );
        let pns = children_note(&g, &listed, false, Algorithm::Pns).unwrap();
        assert_eq!(
            pns,
            "15 of 16 legal moves: 1 inferior (Hex: dead, captured or vulnerable cells)"
        );
    }

    #[test]
    fn the_rule_reads_well_with_one_child_and_with_many() {
        let one = [("a1".to_string(), ProofNumbers::new(PN_INFINITY, 2))];
        assert_eq!(
            rule_lines(true, None, &one),
            vec!["OR node: pn = its pn = ∞, dn = its dn = 2".to_string()]
        );
        let many: Vec<(String, ProofNumbers)> = (1..=8)
            .map(|k| (format!("c{k}"), ProofNumbers::new(k + 1, k)))
            .collect();
        assert_eq!(
            rule_lines(false, None, &many),
            vec![
                "AND node: pn = sum of the 8 children's pn = 44, \
                 dn = min of their dn (c1) = 1"
                    .to_string()
            ]
        );
        assert_eq!(
            rule_lines(true, None, &many),
            vec![
                "OR node: pn = min of the 8 children's pn (c1) = 2, \
                 dn = sum of their dn = 36"
                    .to_string()
            ]
        );
    }

    #[test]
    fn a_rule_that_differs_from_the_node_says_after_backup() {
        let kids = [
            ("a1".to_string(), ProofNumbers::new(1, 2)),
            ("b1".to_string(), ProofNumbers::new(3, 1)),
        ];
        // The node's numbers agree with the rule: no qualification.
        assert_eq!(
            rule_lines(true, Some(ProofNumbers::new(1, 3)), &kids),
            vec!["OR node: pn = min(1, 3) = 1, dn = 2 + 1 = 3".to_string()]
        );
        // They differ: the rule's result is what a backup would give.
        let lines = rule_lines(true, Some(ProofNumbers::new(2, 3)), &kids);
        assert_eq!(
            lines[0],
            "OR node, after backup of the rows below: pn = min(1, 3) = 1, dn = 2 + 1 = 3"
        );
        assert!(lines[1].starts_with("the node shows [2, 3]"), "{lines:?}");
    }

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
