//! What the explorer shows of the heuristic searches of the alpha-beta family: iterative
//! deepening per iteration (Kotrč, *Gobblet analysed with AI methods*, chapter 5), the
//! null-move probe (Kotrč 7.1.2), static forward pruning (Kotrč 7.1.1), the killer and history
//! tables (Suda, *Efficient algorithms for verifying goals in computer games*, 5.3.2) and the
//! move order before and after sorting (Kotrč 3.1, 5.2; `search::ordering`), each with a
//! plain-language line for the side pane.
//!
//! Everything here is read from the recorded trace as of the replay step; nothing is asked
//! of the engine beyond the Observer events it already reports. The killer and history
//! tables are *rebuilt* from the recorded cutoffs by the engine's own rule
//! ([`crate::search::ordering::Orderer::record_cutoff`]: the cutting move becomes the first
//! killer of its ply, pushing the old first to second, and gains `2^depth` history, depth
//! capped at 30; `Searcher::begin_iteration` halves every score before an iteration once
//! root moves have been searched). The engine reports a cutoff exactly where it records
//! one, so the rebuilt tables are the engine's as of that step (a record cut short by its
//! budget shows the tables as of its end). The functions are generic over the move type
//! and take the game's notation as a closure, so every game the explorer opens gets them.

use crate::search::config::MoveOrdering;
use crate::search::{Bound, Value};
use crate::trace::replay::{NodeStatus, Replay, TtLookup};
use crate::trace::store::{Event, NodeId, NodeKind, Trace};

/// Largest history exponent (as `search::ordering`).
const HISTORY_MAX_SHIFT: u32 = 30;

/// One iteration of iterative deepening as of the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationRow {
    /// The iteration's root node.
    pub root: NodeId,
    /// Its depth in plies.
    pub depth: u32,
    /// The root moves in the order searched (empty before the order is announced).
    pub order: Vec<String>,
    /// Each root move searched so far with its value from the root's view, in search order
    /// (`None` while its subtree is open).
    pub values: Vec<(String, Option<Value>)>,
    /// The root's value so far or final, with its bound (`None` before a child returned).
    pub value: Option<(Value, Bound)>,
    /// The best root move so far.
    pub best: Option<String>,
    /// Nodes of the iteration entered so far.
    pub nodes: u32,
    /// True once the iteration is over (its root left).
    pub finished: bool,
}

impl IterationRow {
    /// "depth 3: value 12 (exact), best c3, 154 nodes; order c3 b2 a1; values c3 12 b2 <=5".
    pub fn summary(&self) -> String {
        let value = match self.value {
            Some((v, b)) => format!("value {v} ({})", super::bound_word(b)),
            None => "no value yet".to_string(),
        };
        let values: Vec<String> = self
            .values
            .iter()
            .map(|(m, v)| match v {
                Some(v) => format!("{m} {v}"),
                None => format!("{m} ..."),
            })
            .collect();
        format!(
            "depth {}: {value}, best {}, {}{}; order {}; values {}",
            self.depth,
            self.best.as_deref().unwrap_or("none"),
            crate::search::count(self.nodes as u64, "node", "nodes"),
            if self.finished { "" } else { " (running)" },
            if self.order.is_empty() {
                "not yet".to_string()
            } else {
                self.order.join(" ")
            },
            if values.is_empty() {
                "none yet".to_string()
            } else {
                values.join(" ")
            }
        )
    }
}

/// The iterations of iterative deepening entered by the replay's step (roots announced by an
/// `iteration` event; a search without iterations has none).
pub fn iterations<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    name: impl Fn(M) -> String,
) -> Vec<IterationRow> {
    let mut rows = Vec::new();
    for root in trace.roots().take_while(|&r| r < replay.entered()) {
        let node = trace.node(root);
        if node.kind() != NodeKind::Root || node.iteration() == 0 {
            continue;
        }
        let state = replay.node(trace, root);
        let order = state
            .ordered
            .map(|r| trace.moves(r).iter().map(|&m| name(m)).collect())
            .unwrap_or_default();
        let mut values = Vec::new();
        for child in replay.children(trace, root) {
            let c = trace.node(child);
            let Some(mv) = c.mv() else { continue };
            let cs = replay.node(trace, child);
            values.push((name(mv), cs.result.map(|r| -r.value)));
        }
        let value = match (state.result, state.value_so_far) {
            (Some(r), _) => Some((r.value, r.bound)),
            (None, Some(v)) => Some((v, Bound::Lower)),
            (None, None) => None,
        };
        let best = match state.result.and_then(|r| r.best) {
            Some(m) => Some(name(m)),
            None => state.best_child.and_then(|c| trace.node(c).mv()).map(&name),
        };
        rows.push(IterationRow {
            root,
            depth: node.iteration(),
            order,
            values,
            value,
            best,
            nodes: state.subtree_nodes,
            finished: state.status == NodeStatus::Closed,
        });
    }
    rows
}

/// The killer and history tables as the engine held them after a prefix of the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables<M> {
    /// Two killers per ply (index = ply), most recent first.
    pub killers: Vec<[Option<M>; 2]>,
    /// History score per move, in the order the moves first cut.
    pub history: Vec<(M, u64)>,
}

impl<M: Copy + PartialEq> Tables<M> {
    /// The tables after events `0..upto`, rebuilt by the engine's rule (module doc).
    pub fn rebuild(trace: &Trace<M>, upto: usize, ordering: MoveOrdering) -> Tables<M> {
        let mut cache = TableCache::new(ordering);
        cache.at(trace, upto).clone()
    }
    /// The killers of `ply`.
    pub fn killers_at(&self, ply: usize) -> [Option<M>; 2] {
        self.killers.get(ply).copied().unwrap_or([None, None])
    }

    /// The history score of `mv`.
    pub fn history_of(&self, mv: M) -> u64 {
        self.history
            .iter()
            .find(|(m, _)| *m == mv)
            .map_or(0, |&(_, h)| h)
    }

    /// The largest history score (0 when the table is empty).
    pub fn max_history(&self) -> u64 {
        self.history.iter().map(|&(_, h)| h).max().unwrap_or(0)
    }
}

/// The tables as of a prefix of the events, kept between frames: moving the prefix forward
/// replays only the new events (the trace only grows, so the old ones never change); moving
/// it back rebuilds from the start. One scan per frame would cost O(events) at every key.
#[derive(Clone, Debug)]
pub struct TableCache<M> {
    ordering: MoveOrdering,
    tables: Tables<M>,
    /// Events applied so far.
    upto: usize,
    /// Set once a root move has returned in the current iteration: the next iteration then
    /// ages the history (`Searcher::begin_iteration`).
    root_move_returned: bool,
}

impl<M: Copy + PartialEq> TableCache<M> {
    /// An empty cache for a search that ran with `ordering`.
    pub fn new(ordering: MoveOrdering) -> Self {
        TableCache {
            ordering,
            tables: Tables {
                killers: Vec::new(),
                history: Vec::new(),
            },
            upto: 0,
            root_move_returned: false,
        }
    }

    /// The tables after events `0..upto` (clamped to the trace).
    pub fn at(&mut self, trace: &Trace<M>, upto: usize) -> &Tables<M> {
        let upto = upto.min(trace.len());
        if upto < self.upto {
            *self = TableCache::new(self.ordering);
        }
        let ordering = self.ordering;
        let t = &mut self.tables;
        for event in &trace.events()[self.upto..upto] {
            match *event {
                Event::Iteration { .. } => {
                    if self.root_move_returned {
                        for (_, h) in &mut t.history {
                            *h /= 2;
                        }
                    }
                    self.root_move_returned = false;
                }
                Event::Leave { node, .. } => {
                    let n = trace.node(node);
                    if n.kind() == NodeKind::Move
                        && n.parent()
                            .is_some_and(|p| trace.node(p).kind() == NodeKind::Root)
                    {
                        self.root_move_returned = true;
                    }
                }
                Event::Cutoff { node, mv, .. } => {
                    let n = trace.node(node);
                    if ordering.killers {
                        let ply = n.ply();
                        if t.killers.len() <= ply {
                            t.killers.resize(ply + 1, [None, None]);
                        }
                        let k = &mut t.killers[ply];
                        if k[0] != Some(mv) {
                            k[1] = k[0];
                            k[0] = Some(mv);
                        }
                    }
                    if ordering.history {
                        let add = 1u64 << n.depth().min(HISTORY_MAX_SHIFT);
                        match t.history.iter_mut().find(|(m, _)| *m == mv) {
                            Some((_, h)) => *h = h.saturating_add(add),
                            None => t.history.push((mv, add)),
                        }
                    }
                }
                _ => {}
            }
        }
        self.upto = upto;
        &self.tables
    }
}

/// A history score as a heat digit 1-9 against the largest score (0 for no score).
pub fn heat(score: u64, max: u64) -> u8 {
    if score == 0 || max == 0 {
        0
    } else {
        (1 + (score.saturating_mul(8)) / max).min(9) as u8
    }
}

/// The largest history score written out in digits; larger ones read as a power of two.
const HISTORY_DIGITS: u64 = 9_999;

/// A history score as people read it: up to 9,999 in digits, above as a power of two with
/// one decimal (`2^33.2` for 9,663,676,416). Each cutoff adds `2^depth`, so the exponent
/// says roughly the depth of the deepest cutoffs the move made; scores compare as their
/// exponents do.
pub fn history_text(score: u64) -> String {
    if score <= HISTORY_DIGITS {
        return score.to_string();
    }
    let log = (score as f64).log2();
    let tenths = (log * 10.0).round() / 10.0;
    if tenths.fract() == 0.0 {
        format!("2^{tenths:.0}")
    } else {
        format!("2^{tenths:.1}")
    }
}

/// One labelled line of the side pane.
pub type Line = (&'static str, String);

/// What the node needs besides the trace: the position's moves and their evaluation.
pub struct NodeMoves<M> {
    /// The moves in the generator's order (`legal_moves` at the node).
    pub generated: Vec<M>,
    /// The 1-ply static value of each move from the mover's view (terminal outcomes and
    /// evaluations; the engine prefers a child's table value where it has one).
    pub eval: Vec<(M, Value)>,
}

/// The plain-language lines of an alpha-beta node as of the step: its null-move probe,
/// its forward pruning, the killers of its ply and its move order before and after sorting
/// with the reason of each place. Empty for other nodes.
pub fn node_lines<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    node: NodeId,
    ordering: MoveOrdering,
    cache: &mut TableCache<M>,
    moves: &NodeMoves<M>,
    name: impl Fn(M) -> String,
) -> Vec<Line> {
    let n = trace.node(node);
    if !matches!(
        n.kind(),
        NodeKind::Root | NodeKind::Move | NodeKind::NullMove
    ) {
        return Vec::new();
    }
    let state = replay.node(trace, node);
    let names = |ms: &[M]| -> String { ms.iter().map(|&m| name(m)).collect::<Vec<_>>().join(" ") };
    let mut lines = Vec::new();
    if n.kind() == NodeKind::NullMove {
        lines.push((
            "null move",
            format!(
                "a probe: the side to move before passed; searched {} with a null window \
                 (heuristic, never a proof)",
                crate::search::plies(n.depth() as u64)
            ),
        ));
    }
    if let Some(nm) = state.null_move {
        let beta = n.window().beta;
        let reduced = n.depth().saturating_sub(1 + nm.reduction);
        lines.push((
            "null move",
            if nm.cut {
                format!(
                    "R={}: the opponent passes; a reduced search of depth {reduced} returned {} \
                     >= beta {beta}, cutoff (heuristic)",
                    nm.reduction, nm.value
                )
            } else {
                format!(
                    "R={}: the opponent passes; a reduced search of depth {reduced} returned {} \
                     < beta {beta}, no cutoff: the moves are searched",
                    nm.reduction, nm.value
                )
            },
        ));
    }
    let searched: &[M] = state.ordered.map_or(&[], |r| trace.moves(r));
    if let Some(dropped) = state.forward_pruned {
        let dropped = trace.moves(dropped);
        let kept = searched.len().saturating_sub(dropped.len());
        lines.push((
            "pruned",
            format!(
                "forward pruning keeps the first {kept} of {} ordered moves and drops {} ({}): \
                 a heuristic, the value proves nothing",
                searched.len(),
                dropped.len(),
                names(dropped)
            ),
        ));
    }
    // The tables as the engine held them when it ordered this node (or now, before that).
    let at = n.ordered_event().map_or(replay.step(), |e| e as usize);
    let at = at.min(replay.step());
    let tables = cache.at(trace, at);
    let killers = tables.killers_at(n.ply());
    let killer_names: Vec<String> = killers.iter().flatten().map(|&m| name(m)).collect();
    if !killer_names.is_empty() {
        lines.push((
            "killers",
            format!(
                "ply {}: {} (they cut at this ply elsewhere, so they are tried early)",
                n.ply(),
                killer_names.join(" ")
            ),
        ));
    }
    if searched.is_empty() {
        return lines;
    }
    if !ordering.any() || searched.len() < 2 {
        let why = if ordering.any() {
            "one move, nothing to sort"
        } else {
            "move ordering off"
        };
        lines.push((
            "order",
            format!("as generated ({why}): {}", names(searched)),
        ));
        return lines;
    }
    lines.push(("generated", names(&moves.generated)));
    let tt_move = match state.tt {
        Some(TtLookup::Hit(e)) if ordering.tt_move => e.best,
        _ => None,
    };
    let previous_root = (n.kind() == NodeKind::Root)
        .then(|| previous_root_values(trace, replay, node))
        .flatten();
    let eval_sort = ordering.eval_sort && n.depth() >= 1;
    let mut reasons = Vec::with_capacity(searched.len());
    for &m in searched {
        let reason = if let Some(prev) = &previous_root {
            match prev.iter().position(|(pm, _)| *pm == m) {
                Some(rank) => format!("{} (was #{} {})", name(m), rank + 1, prev[rank].1),
                None => format!("{} (new at this depth)", name(m)),
            }
        } else if Some(m) == tt_move {
            format!("{} (TT move)", name(m))
        } else {
            let mut tags = Vec::new();
            if eval_sort && let Some((_, v)) = moves.eval.iter().find(|(em, _)| *em == m) {
                tags.push(format!("eval {v}"));
            }
            if let Some(k) = killers.iter().position(|&k| k == Some(m)) {
                tags.push(format!("killer {}", k + 1));
            }
            let h = if ordering.history {
                tables.history_of(m)
            } else {
                0
            };
            if h > 0 {
                tags.push(format!("history {}", history_text(h)));
            }
            if tags.is_empty() {
                tags.push("generator order".to_string());
            }
            format!("{} ({})", name(m), tags.join(", "))
        };
        reasons.push(reason);
    }
    let how = if previous_root.is_some() {
        "root: by the last iteration's values, best first"
    } else if eval_sort {
        "TT move, then 1-ply evaluation, ties by killer then history"
    } else {
        "TT move, then killers, then history score"
    };
    lines.push(("searched", format!("{how}: {}", reasons.join(" "))));
    lines
}

/// The previous iteration's root values, best first, as the engine orders the root by them
/// (`Searcher::begin_iteration`): `None` for the first iteration's root.
fn previous_root_values<M: Copy + PartialEq>(
    trace: &Trace<M>,
    replay: &Replay,
    root: NodeId,
) -> Option<Vec<(M, Value)>> {
    // The previous iteration's first root search: its only one, or with the win/loss probes
    // the win probe, whose values the engine keeps for the next iteration's root order
    // (`deepening::probe_iteration`; the iterations that search more roots end the
    // deepening).
    let current = trace.node(root).iteration();
    let last_before = trace
        .roots()
        .take_while(|&r| r < root)
        .filter(|&r| {
            let i = trace.node(r).iteration();
            i > 0 && i != current
        })
        .last()?;
    let iteration = trace.node(last_before).iteration();
    let previous = trace
        .roots()
        .find(|&r| trace.node(r).iteration() == iteration)?;
    let mut values: Vec<(M, Value)> = replay
        .children(trace, previous)
        .filter_map(|c| {
            let mv = trace.node(c).mv()?;
            let r = replay.node(trace, c).result?;
            Some((mv, -r.value))
        })
        .collect();
    if values.is_empty() {
        return None;
    }
    // Stable: equal values keep the search order, as the engine's insertion sort does.
    values.sort_by_key(|v| std::cmp::Reverse(v.1));
    Some(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList};
    use crate::games::mnk::Mnk;
    use crate::search::deepening::iterative_deepening;
    use crate::search::{Limits, SearchConfig};
    use crate::trace::recorder::Recorder;

    /// The rebuilt tables are the engine's: at every node the engine sorted without the
    /// evaluation, sorting the generated moves by the TT move, the rebuilt killers and the
    /// rebuilt history (the rule of `search::ordering`) gives exactly the recorded order.
    #[test]
    fn rebuilt_killers_and_history_reproduce_every_recorded_order() {
        let ordering = MoveOrdering {
            eval_sort: false,
            ..MoveOrdering::ALL
        };
        let config = SearchConfig {
            ordering,
            ..SearchConfig::default()
        };
        let root = Mnk::new(4, 4, 3, false).unwrap();
        let mut game = root.clone();
        let mut recorder: Recorder<Mnk> = Recorder::default();
        let limits = Limits {
            max_depth: Some(4),
            ..Limits::default()
        };
        let _ = iterative_deepening(&mut game, &config, &limits, &mut recorder, |_| {});
        let trace = recorder.into_trace();
        let mut checked = 0;
        let mut with_history = 0;
        for id in 0..trace.node_count() as NodeId {
            let n = trace.node(id);
            let Some(e) = n.ordered_event() else { continue };
            let searched = trace.ordered_moves(id);
            if n.kind() != NodeKind::Move || searched.len() < 2 {
                continue; // roots follow the last iteration; forced replies are not sorted
            }
            let mut line = Vec::new();
            let mut up = Some(id);
            while let Some(u) = up {
                line.extend(trace.node(u).mv());
                up = trace.node(u).parent();
            }
            let mut g = root.clone();
            for &m in line.iter().rev() {
                g.play(m);
            }
            let mut generated = MoveList::new();
            g.legal_moves(&mut generated);
            let tt_move = n.tt_probe_event().and_then(|t| match *trace.event(t) {
                Event::TtProbe { hit: Some(h), .. } => h.best,
                _ => None,
            });
            let tables = Tables::rebuild(&trace, e as usize, ordering);
            let killers = tables.killers_at(n.ply());
            let key = |m: u16| -> (u8, u64) {
                if Some(m) == tt_move {
                    (3, 0)
                } else if Some(m) == killers[0] {
                    (2, 0)
                } else if Some(m) == killers[1] {
                    (1, 0)
                } else {
                    (0, tables.history_of(m))
                }
            };
            let mut expected: Vec<u16> = generated.as_slice().to_vec();
            expected.sort_by_key(|&m| std::cmp::Reverse(key(m)));
            assert_eq!(searched, expected.as_slice(), "node {id}");
            checked += 1;
            with_history += usize::from(searched.iter().any(|&m| tables.history_of(m) > 0));
        }
        assert!(
            checked > 50 && with_history > 10,
            "{checked} {with_history}"
        );
    }

    #[test]
    fn history_scores_read_as_digits_or_a_power_of_two() {
        assert_eq!(history_text(0), "0");
        assert_eq!(history_text(9_999), "9999");
        assert_eq!(history_text(1 << 20), "2^20");
        assert_eq!(history_text(9_663_676_416), "2^33.2");
        assert_eq!(history_text(u64::MAX), "2^64");
    }

    #[test]
    fn history_ages_between_iterations_and_killers_shift() {
        use crate::search::observer::Observer;
        use crate::search::{Bound, Value, Window};
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::default();
        let w = Window::FULL;
        let _ = r.iteration(1);
        let _ = r.enter(&g, None, 0, 2, w);
        let _ = r.enter(&g, Some(4), 1, 1, w);
        let _ = r.cutoff(5, Value(1), w, &[]);
        let _ = r.leave(Value(1), Bound::Lower, Some(5));
        let _ = r.leave(Value(-1), Bound::Exact, Some(4));
        let _ = r.iteration(2);
        let _ = r.enter(&g, None, 0, 3, w);
        let _ = r.enter(&g, Some(4), 1, 2, w);
        let _ = r.cutoff(6, Value(1), w, &[]);
        let trace = r.into_trace();
        let t = Tables::rebuild(&trace, trace.len(), MoveOrdering::ALL);
        // 2^1 for 5, halved before iteration 2; 2^2 for 6.
        assert_eq!(t.history_of(5), 1);
        assert_eq!(t.history_of(6), 4);
        assert_eq!(t.killers_at(1), [Some(6), Some(5)]);
        assert_eq!(t.killers_at(0), [None, None]);
        assert_eq!(heat(4, 4), 9);
        assert_eq!(heat(1, 4), 3);
        assert_eq!(heat(0, 4), 0);
        // Forward in steps, back, forward again: the cache agrees with a fresh rebuild.
        let mut cache = TableCache::new(MoveOrdering::ALL);
        for upto in (0..=trace.len()).chain((0..=trace.len()).rev()) {
            assert_eq!(
                *cache.at(&trace, upto),
                Tables::rebuild(&trace, upto, MoveOrdering::ALL)
            );
        }
        let off = Tables::rebuild(&trace, trace.len(), MoveOrdering::NONE);
        assert!(off.history.is_empty() && off.killers.is_empty());
    }
}
