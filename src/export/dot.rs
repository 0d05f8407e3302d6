//! The annotated search tree as Graphviz DOT (`dot -Tsvg tree.dot > tree.svg`).
//!
//! One box per node, one edge per parent link, in search order (nodes are numbered in the
//! order they were first entered, edges are written in that order). A label reads, line by
//! line:
//!
//! - what the node is: `root`, the move, `null move`; for lambda search (Suda, *Efficient
//!   algorithms for verifying goals in computer games*, 5.1) `A c3 λ2` / `D d4 λ2` (an ATTACK or
//!   DEFEND move and its level) or `λ2 threat?` (a LAMBDA call and why it was made);
//! - alpha-beta nodes (Kühr, *Algorithms of a computer player in simple board games*, example 3.2,
//!   figure 18): the window `(alpha, beta)` the node was called with, the value it returned with
//!   its bound (`= v` exact, `>= v` a fail high, `<= v` a fail low), `dN` the plies left to the
//!   horizon (left out when the search has no depth limit); `CUT k skipped` for a cutoff that
//!   skipped k moves (the AND/OR textbook, figures 6.23-6.25; a fail high by the last move skipped
//!   nothing and is no CUT: its `>= v` says it); `TT hit` when the table answered the probe
//!   (`TT cut` when its entry decided the node);
//! - lambda nodes: the verdict, and `zone N` (the points of the zone it left with);
//! - proof nodes (Hric and Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda
//!   search*): `[pn, dn]` as last reported, OR or AND, df-pn's thresholds `th [th_pn, th_dn]`,
//!   the number of visits, `TT hit`.
//!
//! Infinity is spelt `inf` everywhere (`(-inf, inf)`, `[0, inf]`, and `inf-57` for a threshold
//! df-pn derived from an infinite one), as the explorer's class files and the JSON export
//! spell it ([`crate::view::step_tree::value_text`]).
//!
//! Cutoffs are drawn red, table hits filled, proven nodes green and disproven grey. The
//! writer only reads the finished trace; the first `max_nodes` nodes are drawn and the rest
//! summarised by one "... N more nodes" node (see the module doc of [`super`]).

use std::io::{self, Write};

use crate::game::Game;
use crate::search::config::DEFAULT_MAX_PLY;
use crate::search::observer::{LambdaPurpose, LambdaVerdict};
use crate::search::proof::ProofNumbers;
use crate::search::{Bound, Value};
use crate::trace::store::{Event, NodeKind, Trace, pn_flags};
use crate::view::lambda::verdict_words;
use crate::view::names::Names;
use crate::view::step_tree::{numbers_text, thresholds_text, value_text, window_text};

use super::{Header, kept_nodes};

/// The id of the summary node of a cut graph.
pub const MORE_NODE: &str = "more";

/// What the log says about one node by the end of the trace.
#[derive(Clone, Copy, Debug, Default)]
struct Facts {
    /// Alpha-beta: the value, bound it left with.
    left: Option<(Value, Bound)>,
    /// Alpha-beta: the moves a cutoff skipped (`Some` when it cut).
    cutoff: Option<usize>,
    /// A table probe found an entry; `true` in the second field when it decided the node.
    tt_hit: Option<bool>,
    /// Lambda: the verdict and the size of the zone it left with.
    verdict: Option<LambdaVerdict>,
    zone_size: Option<usize>,
    /// Proof: the latest numbers, thresholds, OR node, visits.
    numbers: Option<ProofNumbers>,
    thresholds: Option<ProofNumbers>,
    or_node: bool,
    visits: u32,
}

impl Facts {
    /// The moves a cutoff skipped, when it skipped any: a cutoff by the last move is a
    /// fail high that cut nothing.
    fn cut(&self) -> Option<usize> {
        self.cutoff.filter(|&k| k > 0)
    }
}

/// The plies left to the horizon at a node `ply` plies deep, `None` when the search has
/// no depth limit there: its count then starts at the engine's ply cap
/// ([`DEFAULT_MAX_PLY`]), which is no horizon (a two-ply tree would read `d256`).
fn depth_left(depth: u32, ply: usize) -> Option<u32> {
    (depth as usize + ply < DEFAULT_MAX_PLY).then_some(depth)
}

/// Writes the tree of `trace` (searched from `root`) as DOT, at most `max_nodes` nodes;
/// returns the number of nodes written.
pub fn write<G: Game>(
    root: &G,
    trace: &Trace<G::Move>,
    header: &Header<'_>,
    max_nodes: usize,
    out: &mut dyn Write,
) -> io::Result<usize> {
    let kept = kept_nodes(trace, max_nodes);
    let facts = facts(trace, kept);
    let names = Names::new(root, trace);
    writeln!(
        out,
        "// plyscope {}: {} search tree of {} ({}), {} nodes, {} events",
        env!("CARGO_PKG_VERSION"),
        header.algorithm,
        header.puzzle,
        header.game,
        trace.node_count(),
        trace.len()
    )?;
    let omitted = trace.node_count() - kept;
    if omitted > 0 {
        writeln!(
            out,
            "// cut at --max-nodes {max_nodes}: {omitted} more nodes not shown (node \"{MORE_NODE}\")"
        )?;
    }
    if let Some(t) = trace.truncation() {
        writeln!(
            out,
            "// the record ends after {} events (--record); the search went on unrecorded",
            t.at
        )?;
    }
    writeln!(out, "digraph plyscope {{")?;
    writeln!(
        out,
        "  graph [label={}, labelloc=t, fontname=\"monospace\"];",
        quote(&format!(
            "{}: {} ({})",
            header.puzzle, header.algorithm, header.result
        ))
    )?;
    writeln!(
        out,
        "  node [shape=box, fontname=\"monospace\", fontsize=10];"
    )?;
    writeln!(out, "  edge [arrowsize=0.6];")?;
    for (id, f) in facts.iter().enumerate() {
        let label = label(&names, trace, id as u32, f);
        writeln!(
            out,
            "  n{id} [label={}{}];",
            quote(&label),
            style(trace, id as u32, f)
        )?;
    }
    for id in 0..kept {
        if let Some(parent) = trace.node(id as u32).parent() {
            writeln!(out, "  n{parent} -> n{id};")?;
        }
    }
    if omitted > 0 {
        writeln!(
            out,
            "  {MORE_NODE} [label={}, shape=note, style=dashed];",
            quote(&format!("... {omitted} more nodes"))
        )?;
        // Each left-out node is counted at its nearest ancestor that is drawn.
        for (ancestor, count) in omitted_by_ancestor(trace, kept) {
            match ancestor {
                Some(a) => writeln!(
                    out,
                    "  n{a} -> {MORE_NODE} [style=dashed, label=\"{count}\"];"
                )?,
                // Later roots (iterations) left out entirely hang from nothing.
                None => writeln!(out, "  // {count} of them in later searches (roots)")?,
            }
        }
    }
    writeln!(out, "}}")?;
    Ok(kept)
}

/// Per drawn ancestor (`None`: no ancestor drawn), the nodes left out below it, in the
/// order of the ancestors' ids.
fn omitted_by_ancestor<M: Copy>(trace: &Trace<M>, kept: usize) -> Vec<(Option<u32>, usize)> {
    let total = trace.node_count();
    // The nearest drawn ancestor of every left-out node: parents come first, so one pass.
    let mut nearest: Vec<Option<u32>> = Vec::with_capacity(total - kept);
    let mut counts: Vec<usize> = vec![0; kept];
    let mut rootless = 0;
    for id in kept..total {
        let drawn = match trace.node(id as u32).parent() {
            Some(p) if (p as usize) < kept => Some(p),
            Some(p) => nearest[p as usize - kept],
            None => None,
        };
        nearest.push(drawn);
        match drawn {
            Some(a) => counts[a as usize] += 1,
            None => rootless += 1,
        }
    }
    let mut out: Vec<(Option<u32>, usize)> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(a, &c)| (Some(a as u32), c))
        .collect();
    if rootless > 0 {
        out.push((None, rootless));
    }
    out
}

/// One pass over the log: what happened to each of the first `kept` nodes.
fn facts<M: Copy>(trace: &Trace<M>, kept: usize) -> Vec<Facts> {
    let mut facts = vec![Facts::default(); kept];
    for event in trace.events() {
        let Some(node) = event.node() else { continue };
        let Some(f) = facts.get_mut(node as usize) else {
            continue;
        };
        match *event {
            Event::Leave { value, bound, .. } => f.left = Some((value, bound)),
            Event::Cutoff { skipped, .. } => f.cutoff = Some(skipped.len()),
            Event::TtProbe { hit: Some(h), .. } => f.tt_hit = Some(h.cutoff),
            Event::LambdaTt { hit: Some(h), .. } => f.tt_hit = Some(h.cutoff),
            Event::PnTt { hit: Some(_), .. } => f.tt_hit = Some(false),
            Event::LambdaLeave { verdict, zone, .. } => {
                f.verdict = Some(verdict);
                f.zone_size = zone_size(trace, zone);
            }
            Event::Pn {
                step,
                flags,
                numbers,
                thresholds,
                ..
            } => {
                f.numbers = Some(numbers);
                f.or_node = flags & pn_flags::OR_NODE != 0;
                if flags & pn_flags::THRESHOLDS != 0 {
                    f.thresholds = Some(thresholds);
                }
                use crate::trace::store::PnStep;
                if matches!(step, PnStep::FirstEnter | PnStep::Enter) {
                    f.visits += 1;
                }
            }
            _ => {}
        }
    }
    facts
}

/// The points of a zone (orders below "in no region").
pub(crate) fn zone_size<M: Copy>(trace: &Trace<M>, zone: u32) -> Option<usize> {
    let orders = trace.zone(zone)?;
    Some(
        orders
            .iter()
            .filter(|&&o| o != crate::game::NO_REGION)
            .count(),
    )
}

/// A node's label; its move is named as the explorer names it ([`Names::node_move`]: in
/// its parent's position).
fn label<G: Game>(names: &Names<'_, G>, trace: &Trace<G::Move>, id: u32, f: &Facts) -> String {
    let node = trace.node(id);
    let mv = names.node_move(id);
    let mut lines: Vec<String> = Vec::new();
    let name = match node.kind() {
        NodeKind::Root => "root".to_string(),
        NodeKind::Move => mv.unwrap_or_default(),
        NodeKind::NullMove => "null move".to_string(),
        NodeKind::Lambda(purpose) => format!("λ{} {}", node.level(), purpose_word(purpose)),
        NodeKind::Attack => format!("A {} λ{}", mv.unwrap_or_default(), node.level()),
        NodeKind::Defence => format!("D {} λ{}", mv.unwrap_or_default(), node.level()),
        NodeKind::Proof => mv.unwrap_or_else(|| "root".to_string()),
    };
    lines.push(name);
    match node.kind() {
        NodeKind::Root | NodeKind::Move | NodeKind::NullMove => {
            lines.push(window_text(node.window()));
            let value = match f.left {
                Some((v, Bound::Exact)) => format!("= {}", value_text(v)),
                Some((v, Bound::Lower)) => format!(">= {}", value_text(v)),
                Some((v, Bound::Upper)) => format!("<= {}", value_text(v)),
                None => "open".to_string(),
            };
            match depth_left(node.depth(), node.ply()) {
                Some(d) => lines.push(format!("{value}  d{d}")),
                None => lines.push(value),
            }
            // A fail high by the last move skipped nothing: `>= v` says it, no CUT (the
            // explorer's rows and its cutoff keys agree).
            if let Some(skipped) = f.cut() {
                lines.push(format!("CUT {skipped} skipped"));
            }
        }
        NodeKind::Lambda(_) | NodeKind::Attack | NodeKind::Defence => {
            let verdict = match (node.lambda_kind(), f.verdict) {
                (Some(kind), Some(v)) => verdict_words(kind, v).0,
                _ => "open".to_string(),
            };
            lines.push(verdict);
            if let Some(size) = f.zone_size {
                lines.push(format!("zone {size}"));
            }
        }
        NodeKind::Proof => {
            let numbers = f.numbers.map_or("[?, ?]".to_string(), numbers_text);
            lines.push(format!(
                "{numbers} {}",
                if f.or_node { "OR" } else { "AND" }
            ));
            if let Some(t) = f.thresholds {
                lines.push(format!("th {}", thresholds_text(t)));
            }
            if f.visits > 1 {
                lines.push(format!("visits {}", f.visits));
            }
        }
    }
    match f.tt_hit {
        Some(true) => lines.push("TT cut".to_string()),
        Some(false) => lines.push("TT hit".to_string()),
        None => {}
    }
    lines.join("\n")
}

fn style<M: Copy>(trace: &Trace<M>, id: u32, f: &Facts) -> &'static str {
    let proven = f.numbers.is_some_and(|n| n.pn == 0)
        || matches!(f.verdict, Some(LambdaVerdict::Won { .. }))
            && trace.node(id).kind() != NodeKind::Defence;
    let disproven = f.numbers.is_some_and(|n| n.dn == 0);
    match (f.cut().is_some(), f.tt_hit.is_some()) {
        (true, _) => ", color=red, penwidth=2",
        (false, true) => ", style=filled, fillcolor=lightblue",
        _ if proven => ", color=darkgreen, penwidth=2",
        _ if disproven => ", color=gray50, fontcolor=gray40",
        _ => "",
    }
}

fn purpose_word(purpose: LambdaPurpose) -> &'static str {
    match purpose {
        LambdaPurpose::Root => "search",
        LambdaPurpose::Threat => "threat?",
        LambdaPurpose::AfterDefence => "re-search",
        LambdaPurpose::CounterThreat => "counter-threat?",
    }
}

/// A DOT double-quoted string (one writer for `export` and the explorer's class files).
pub use crate::view::step_tree::quote;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_escapes_quotes_backslashes_and_line_breaks() {
        assert_eq!(quote("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
    }

    #[test]
    fn infinite_proof_numbers_read_inf() {
        use crate::search::proof::PN_INFINITY;
        assert_eq!(
            numbers_text(ProofNumbers {
                pn: 0,
                dn: PN_INFINITY
            }),
            "[0, inf]"
        );
        assert_eq!(
            thresholds_text(ProofNumbers {
                pn: PN_INFINITY - 57,
                dn: 4
            }),
            "[inf-57, 4]"
        );
        assert_eq!(value_text(Value::INFINITY), "inf");
        assert_eq!(value_text(-Value::INFINITY), "-inf");
        assert_eq!(value_text(Value::win_at(3)), "win@3");
    }

    #[test]
    fn a_search_without_a_depth_limit_shows_no_depth() {
        assert_eq!(depth_left(3, 1), Some(3));
        assert_eq!(depth_left(DEFAULT_MAX_PLY as u32, 0), None);
        assert_eq!(depth_left(DEFAULT_MAX_PLY as u32 - 2, 2), None);
    }

    #[test]
    fn a_fail_high_by_the_last_move_is_no_cut() {
        let last = Facts {
            cutoff: Some(0),
            ..Facts::default()
        };
        assert_eq!(last.cut(), None);
        let two = Facts {
            cutoff: Some(2),
            ..Facts::default()
        };
        assert_eq!(two.cut(), Some(2));
    }
}
