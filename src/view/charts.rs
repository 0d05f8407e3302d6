//! The chart pane's data: what a recorded search did up to a step, as series a chart can draw. Read
//! from the trace only, so what a chart shows at step `k` is what the algorithm did in events
//! `0..k`:
//!
//! - proof-number searches: the root's proof and disproof numbers over the steps (Allis,
//!   *Searching for Solutions in Games and Artificial Intelligence*, 1994, section 3.2: a
//!   proven root has `pn = 0`, a disproven one `dn = 0`; the infinite number is not drawn);
//! - the alpha-beta family: the root's window over the steps (Knuth and Moore, "An analysis
//!   of alpha-beta pruning", 1975: alpha rises with the best child's value so far, beta is
//!   the root's own bound) and the root's value once a child has returned; infinite bounds
//!   and win or loss values are not drawn (they would flatten the heuristic values);
//! - every search: nodes entered over the steps, nodes per ply, and where a table is used,
//!   cumulative table hits over the steps; the alpha-beta family also cutoffs per ply (those
//!   that skipped a move, as the `n` / `x` jumps count them).
//!
//! A million-event trace is not re-read every frame: [`ChartIndex`] scans each event once as
//! the trace grows (the root's changes and the table hits as sorted lists of steps), a
//! line is sampled at most `points` times (binary searches into those lists), and the
//! per-ply counts are kept at a cursor that moves with the step (cost: the events between
//! the old step and the new one).

use crate::search::proof::{PN_INFINITY, ProofNumbers};
use crate::search::{Value, WIN, Window};
use crate::trace::store::{Event, NONE, NodeId, NodeKind, Trace};

/// Which chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChartKind {
    /// Proof-number searches: the root's pn and dn over the steps.
    RootNumbers,
    /// The alpha-beta family: the root's alpha, beta and value over the steps.
    RootWindow,
    /// Nodes entered over the steps.
    NodesSearched,
    /// Table hits so far over the steps (searches that use a table).
    TableHits,
    /// Nodes entered by the step, per ply.
    NodesPerPly,
    /// Cutoffs by the step, per ply of the node that cut (the alpha-beta family).
    CutoffsPerPly,
}

impl ChartKind {
    /// The chart's title.
    pub fn title(self) -> &'static str {
        match self {
            ChartKind::RootNumbers => "root pn / dn",
            ChartKind::RootWindow => "root window",
            ChartKind::NodesSearched => "nodes searched",
            ChartKind::TableHits => "table hits",
            ChartKind::NodesPerPly => "nodes per ply",
            ChartKind::CutoffsPerPly => "cutoffs per ply",
        }
    }

    /// What the x axis shows.
    pub fn x_label(self) -> &'static str {
        match self {
            ChartKind::NodesPerPly | ChartKind::CutoffsPerPly => "ply",
            _ => "step",
        }
    }

    /// What the y axis shows.
    pub fn y_label(self) -> &'static str {
        match self {
            ChartKind::RootNumbers => "pn/dn",
            ChartKind::RootWindow => "value",
            ChartKind::NodesSearched | ChartKind::NodesPerPly => "nodes",
            ChartKind::TableHits => "hits",
            ChartKind::CutoffsPerPly => "cutoffs",
        }
    }

    /// True for the charts drawn as lines over the steps (the split view draws these for
    /// both searches on one chart).
    pub fn is_line(self) -> bool {
        !matches!(self, ChartKind::NodesPerPly | ChartKind::CutoffsPerPly)
    }

    /// The charts of a search: `proof` for the proof-number family, `alpha_beta` for the
    /// alpha-beta family, `table` when the search probed a table.
    pub fn for_search(proof: bool, alpha_beta: bool, table: bool) -> Vec<ChartKind> {
        let mut kinds = Vec::new();
        if proof {
            kinds.push(ChartKind::RootNumbers);
        }
        if alpha_beta {
            kinds.push(ChartKind::RootWindow);
        }
        kinds.push(ChartKind::NodesSearched);
        kinds.push(ChartKind::NodesPerPly);
        if alpha_beta {
            kinds.push(ChartKind::CutoffsPerPly);
        }
        if table {
            kinds.push(ChartKind::TableHits);
        }
        kinds
    }

    /// The line charts both lists hold, in the first list's order.
    pub fn shared(first: &[ChartKind], second: &[ChartKind]) -> Vec<ChartKind> {
        first
            .iter()
            .copied()
            .filter(|k| k.is_line() && second.contains(k))
            .collect()
    }

    /// The names of a line chart's lines, in drawing order (none for the bar charts).
    pub fn line_names(self) -> &'static [&'static str] {
        match self {
            ChartKind::RootNumbers => &["pn", "dn"],
            ChartKind::RootWindow => &["alpha", "beta", "value"],
            ChartKind::NodesSearched => &["nodes"],
            ChartKind::TableHits => &["hits"],
            ChartKind::NodesPerPly | ChartKind::CutoffsPerPly => &[],
        }
    }
}

/// A chart of the split view: one line of a line chart both searches have, drawn for each
/// of them, so that every split chart holds two lines, one a search (the root's pn of both,
/// then their dn, ...; two searches' pn and dn on one chart would be four lines told apart
/// by colour and marker at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitChart {
    pub kind: ChartKind,
    /// Which of the kind's [`ChartKind::line_names`].
    pub line: &'static str,
}

impl SplitChart {
    /// The split charts of two searches' chart lists, in the first list's order.
    pub fn list(first: &[ChartKind], second: &[ChartKind]) -> Vec<SplitChart> {
        ChartKind::shared(first, second)
            .into_iter()
            .flat_map(|kind| {
                kind.line_names()
                    .iter()
                    .map(move |&line| SplitChart { kind, line })
            })
            .collect()
    }

    /// Its title: "root pn", "root value", or the kind's title for a one-line kind
    /// ("nodes searched").
    pub fn title(self) -> String {
        if self.kind.line_names().len() > 1 {
            format!("root {}", self.line)
        } else {
            self.kind.title().to_string()
        }
    }
}

/// One line of a chart: its name for the legend and its points (x = step), drawn as
/// connected runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: &'static str,
    pub points: Vec<(f64, f64)>,
    /// The connected runs of `points` (index ranges, in order): a line is broken where it
    /// had no value to draw (an infinite number, a win or loss, no value yet after a new
    /// root), so that no slope is drawn across steps without data.
    pub runs: Vec<std::ops::Range<usize>>,
}

impl Series {
    /// A line of one run through `points`.
    fn whole(name: &'static str, points: Vec<(f64, f64)>) -> Series {
        let runs = if points.is_empty() {
            Vec::new()
        } else {
            std::iter::once(0..points.len()).collect()
        };
        Series { name, points, runs }
    }

    /// A line through the sampled steps' values, broken where a step has none.
    fn broken(name: &'static str, values: impl Iterator<Item = (usize, Option<f64>)>) -> Series {
        let mut points = Vec::new();
        let mut runs = Vec::new();
        let mut start = 0;
        for (step, value) in values {
            match value {
                Some(y) => points.push((step as f64, y)),
                None => {
                    if points.len() > start {
                        runs.push(start..points.len());
                    }
                    start = points.len();
                }
            }
        }
        if points.len() > start {
            runs.push(start..points.len());
        }
        Series { name, points, runs }
    }
}

/// What a chart draws.
#[derive(Clone, Debug, PartialEq)]
pub enum ChartBody {
    /// Lines over the steps `0..=step`.
    Lines(Vec<Series>),
    /// One bar per ply from 0 (index = ply).
    Bars(Vec<u64>),
}

/// One chart as of a step.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    pub kind: ChartKind,
    /// The step it is drawn as of.
    pub step: usize,
    pub body: ChartBody,
    /// The root window chart: the steps at which a new root search began after the first
    /// (each iteration of iterative deepening, a re-search), up to the step; the window
    /// starts over there. Empty for the other charts.
    pub new_roots: Vec<usize>,
}

impl Chart {
    /// The smallest and largest y of its lines (`None`: no point).
    pub fn y_range(&self) -> Option<(f64, f64)> {
        let ChartBody::Lines(lines) = &self.body else {
            return None;
        };
        let ys = lines.iter().flat_map(|l| l.points.iter().map(|p| p.1));
        ys.fold(None, |acc, y| match acc {
            None => Some((y, y)),
            Some((lo, hi)) => Some((f64::min(lo, y), f64::max(hi, y))),
        })
    }

    /// The y of the line called `name` at step `x` (the last point at or before it).
    pub fn value_at(&self, name: &str, x: usize) -> Option<f64> {
        let ChartBody::Lines(lines) = &self.body else {
            return None;
        };
        let line = lines.iter().find(|l| l.name == name)?;
        line.points
            .iter()
            .rev()
            .find(|p| p.0 <= x as f64)
            .map(|p| p.1)
    }
}

/// The root's window and value at a step (the alpha-beta family).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WindowPoint {
    alpha: Value,
    beta: Value,
    value: Option<Value>,
}

/// The chart data of one growing trace, scanned once per event, and the per-ply counts at a
/// cursor. Keep one per trace and pass it the same trace (or a longer version of it).
#[derive(Clone, Debug, Default)]
pub struct ChartIndex {
    /// Events scanned so far.
    scanned: usize,
    /// The latest root entered (`NONE`: none yet), its entry window and its best child's
    /// value so far.
    root: NodeId,
    root_window: Option<Window>,
    root_best: Option<Value>,
    /// The steps at which each root search began (ascending).
    root_starts: Vec<u32>,
    /// The proof root's numbers, from the step each took effect (steps ascending).
    numbers: Vec<(u32, ProofNumbers)>,
    /// The alpha-beta root's window and value, from the step each took effect.
    windows: Vec<(u32, WindowPoint)>,
    /// The steps right after each table hit (ascending).
    hits: Vec<u32>,
    /// Table probes seen (a search without a table probes none).
    probes: u64,
    /// Nodes per ply over the nodes `0..counted_nodes`.
    counted_nodes: usize,
    nodes_per_ply: Vec<u64>,
    /// Cutoffs per ply over the events `0..counted_events`.
    counted_events: usize,
    cutoffs_per_ply: Vec<u64>,
}

impl ChartIndex {
    /// An index of nothing yet.
    pub fn new() -> ChartIndex {
        ChartIndex {
            root: NONE,
            ..ChartIndex::default()
        }
    }

    /// True when the search probed a table in the events scanned.
    pub fn has_table(&self) -> bool {
        self.probes > 0
    }

    /// Reads the events recorded since the last call.
    pub fn scan<M: Copy>(&mut self, trace: &Trace<M>) {
        for e in self.scanned..trace.len() {
            let step = e as u32 + 1;
            match *trace.event(e as u32) {
                Event::Enter { node } => {
                    let n = trace.node(node);
                    if n.parent().is_none() && n.kind() == NodeKind::Root {
                        self.root = node;
                        self.root_starts.push(step);
                        self.root_window = Some(n.window());
                        self.root_best = None;
                        self.push_window(step, None);
                    }
                }
                Event::Leave { node, value, .. } => {
                    let n = trace.node(node);
                    if node == self.root {
                        self.push_window(step, Some(value));
                    } else if n.kind() == NodeKind::Move
                        && n.parent() == Some(self.root)
                        && self.root != NONE
                        && self.root_best.is_none_or(|b| -value > b)
                    {
                        // The replay's rule for the best child (`Replay::forward`).
                        self.root_best = Some(-value);
                        self.push_window(step, Some(-value));
                    }
                }
                Event::Pn { node, numbers, .. } if trace.node(node).parent().is_none() => {
                    self.numbers.push((step, numbers));
                }
                Event::TtProbe { hit, .. } => self.probe(step, hit.is_some()),
                Event::LambdaTt { hit, .. } => self.probe(step, hit.is_some()),
                Event::PnTt { hit, .. } => self.probe(step, hit.is_some()),
                _ => {}
            }
        }
        self.scanned = trace.len();
    }

    fn probe(&mut self, step: u32, hit: bool) {
        self.probes += 1;
        if hit {
            self.hits.push(step);
        }
    }

    fn push_window(&mut self, step: u32, value: Option<Value>) {
        let Some(window) = self.root_window else {
            return;
        };
        let alpha = match self.root_best {
            Some(best) if best > window.alpha => best,
            _ => window.alpha,
        };
        self.windows.push((
            step,
            WindowPoint {
                alpha,
                beta: window.beta,
                value,
            },
        ));
    }

    /// The chart `kind` as of `step` (events `0..step` happened, `entered` nodes entered),
    /// each line sampled at no more than `points + 1` steps.
    pub fn chart<M: Copy>(
        &mut self,
        trace: &Trace<M>,
        step: usize,
        entered: usize,
        kind: ChartKind,
        points: usize,
    ) -> Chart {
        self.scan(trace);
        let step = step.min(trace.len());
        let steps = sample_steps(step, points.max(1));
        let body = match kind {
            ChartKind::RootNumbers => {
                let at = |s: usize| last_at(&self.numbers, s);
                let line = |name, pick: fn(ProofNumbers) -> u32| {
                    Series::broken(
                        name,
                        steps.iter().map(|&s| {
                            let v = at(s).map(pick).filter(|&v| v != PN_INFINITY);
                            (s, v.map(f64::from))
                        }),
                    )
                };
                ChartBody::Lines(vec![line("pn", |n| n.pn), line("dn", |n| n.dn)])
            }
            ChartKind::RootWindow => {
                let at = |s: usize| last_at(&self.windows, s);
                let line = |name, pick: fn(WindowPoint) -> Option<Value>| {
                    Series::broken(
                        name,
                        steps.iter().map(|&s| {
                            // Heuristic values only: an infinite bound, or a win or loss
                            // (`win@9` is 999,991), would flatten every other point on the
                            // scale; the pane says they are not drawn.
                            let v = at(s)
                                .and_then(pick)
                                .filter(|v| !v.is_decisive() && v.0.abs() <= WIN);
                            (s, v.map(|v| f64::from(v.0)))
                        }),
                    )
                };
                ChartBody::Lines(vec![
                    line("alpha", |w| Some(w.alpha)),
                    line("beta", |w| Some(w.beta)),
                    line("value", |w| w.value),
                ])
            }
            ChartKind::NodesSearched => ChartBody::Lines(vec![Series::whole(
                "nodes",
                steps
                    .iter()
                    .map(|&s| (s as f64, nodes_entered(trace, s) as f64))
                    .collect(),
            )]),
            ChartKind::TableHits => ChartBody::Lines(vec![Series::whole(
                "hits",
                steps
                    .iter()
                    .map(|&s| {
                        let hits = self.hits.partition_point(|&h| h as usize <= s);
                        (s as f64, hits as f64)
                    })
                    .collect(),
            )]),
            ChartKind::NodesPerPly => ChartBody::Bars(trimmed(self.nodes_per_ply(trace, entered))),
            ChartKind::CutoffsPerPly => ChartBody::Bars(trimmed(self.cutoffs_per_ply(trace, step))),
        };
        let new_roots = match kind {
            ChartKind::RootWindow => self
                .root_starts
                .iter()
                .skip(1)
                .map(|&s| s as usize)
                .take_while(|&s| s <= step)
                .collect(),
            _ => Vec::new(),
        };
        Chart {
            kind,
            step,
            body,
            new_roots,
        }
    }

    /// Nodes `0..entered` per ply, moving the cursor from where it was.
    fn nodes_per_ply<M: Copy>(&mut self, trace: &Trace<M>, entered: usize) -> Vec<u64> {
        let entered = entered.min(trace.node_count());
        let nodes = trace.nodes();
        while self.counted_nodes < entered {
            let ply = nodes[self.counted_nodes].ply();
            bump(&mut self.nodes_per_ply, ply, true);
            self.counted_nodes += 1;
        }
        while self.counted_nodes > entered {
            self.counted_nodes -= 1;
            let ply = nodes[self.counted_nodes].ply();
            bump(&mut self.nodes_per_ply, ply, false);
        }
        self.nodes_per_ply.clone()
    }

    /// Cutoffs (that skipped a move) in events `0..step` per ply, moving the cursor.
    fn cutoffs_per_ply<M: Copy>(&mut self, trace: &Trace<M>, step: usize) -> Vec<u64> {
        let cut_ply = |e: usize| match *trace.event(e as u32) {
            Event::Cutoff { node, skipped, .. } if !skipped.is_empty() => {
                Some(trace.node(node).ply())
            }
            _ => None,
        };
        while self.counted_events < step {
            if let Some(ply) = cut_ply(self.counted_events) {
                bump(&mut self.cutoffs_per_ply, ply, true);
            }
            self.counted_events += 1;
        }
        while self.counted_events > step {
            self.counted_events -= 1;
            if let Some(ply) = cut_ply(self.counted_events) {
                bump(&mut self.cutoffs_per_ply, ply, false);
            }
        }
        self.cutoffs_per_ply.clone()
    }
}

/// Nodes entered in events `0..step` (nodes are numbered in entry order).
pub fn nodes_entered<M: Copy>(trace: &Trace<M>, step: usize) -> usize {
    trace
        .nodes()
        .partition_point(|n| (n.enter_event() as usize) < step)
}

/// Up to `points + 1` steps from 0 to `step`, evenly spread, both ends included.
fn sample_steps(step: usize, points: usize) -> Vec<usize> {
    if step <= points {
        return (0..=step).collect();
    }
    let mut steps: Vec<usize> = (0..=points)
        .map(|i| (step as u128 * i as u128 / points as u128) as usize)
        .collect();
    steps.dedup();
    steps
}

/// The value that took effect last at or before `step` in a list sorted by step.
fn last_at<T: Copy>(changes: &[(u32, T)], step: usize) -> Option<T> {
    let i = changes.partition_point(|&(s, _)| s as usize <= step);
    i.checked_sub(1).map(|i| changes[i].1)
}

fn bump(counts: &mut Vec<u64>, ply: usize, up: bool) {
    if counts.len() <= ply {
        counts.resize(ply + 1, 0);
    }
    if up {
        counts[ply] += 1;
    } else {
        counts[ply] -= 1;
    }
}

/// The counts without the trailing plies that have none.
fn trimmed(mut counts: Vec<u64>) -> Vec<u64> {
    while counts.last() == Some(&0) {
        counts.pop();
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_cover_both_ends_and_stay_within_the_budget() {
        assert_eq!(sample_steps(3, 10), vec![0, 1, 2, 3]);
        let s = sample_steps(1_000_000, 160);
        assert_eq!(s.len(), 161);
        assert_eq!((s[0], *s.last().unwrap()), (0, 1_000_000));
        assert!(s.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn the_last_change_at_or_before_a_step_holds() {
        let changes = [(1u32, 'a'), (5, 'b'), (9, 'c')];
        assert_eq!(last_at(&changes, 0), None);
        assert_eq!(last_at(&changes, 1), Some('a'));
        assert_eq!(last_at(&changes, 8), Some('b'));
        assert_eq!(last_at(&changes, 100), Some('c'));
    }

    #[test]
    fn trailing_empty_plies_are_dropped() {
        assert_eq!(trimmed(vec![1, 0, 2, 0, 0]), vec![1, 0, 2]);
        assert_eq!(trimmed(vec![0]), Vec::<u64>::new());
    }
}
