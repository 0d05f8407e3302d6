//! `plyscope bench`: the puzzle suite with node counts, times and speeds, and the published
//! figures beside the rows they can be compared with (conventions.md 8: node counts are a
//! signature; issue 4, performance).
//!
//! The suite is every bundled puzzle with its own algorithm and limits, plus, for the three
//! puzzles of thesis 000 table 5.1 (AtariGo 6x6 crosscut, 7x7 k=4, Hex 4x4), the variants
//! that make the effect of each technique visible in one run: dual-lambda with and without
//! the table, lambda with zones and table, without zones, without table, and iterative
//! deepening beside the independent alpha-beta figures. Rows that take more than a few
//! seconds in a release build run only when `--filter` names their puzzle exactly.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use plyscope::puzzle::{self, Puzzle};
use plyscope::search::Algorithm;
use plyscope::solve::{Check, SolveOptions, SolveReport, solve_puzzle};

use super::parse_algorithm;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only the rows whose puzzle name contains this text; slow rows run only when it is
    /// their puzzle's exact name.
    #[arg(long, value_name = "S")]
    pub filter: Option<String>,
    /// Run each selected puzzle with this algorithm instead of the suite's rows.
    #[arg(long, value_parser = parse_algorithm)]
    pub algo: Option<Algorithm>,
    /// Node cap per row (rows run only on request are not capped); a capped row shows
    /// its result as stopped and its ratio as a lower bound.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_CAP,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Print one JSON object per row instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// The default node cap per row: a few seconds in a release build, so the default run stays
/// short even for the rows without zones or table.
pub const DEFAULT_NODE_CAP: u64 = 5_000_000;

/// A published figure a row is compared with.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Reference {
    /// The node count of the reference.
    pub nodes: u64,
    /// The reference as printed, with its source.
    pub text: &'static str,
    /// The algorithm the reference was measured with: the figure is shown only beside
    /// rows of this algorithm.
    #[serde(skip)]
    algorithm: &'static str,
}

/// How a row runs its puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    /// `None`: the puzzle's own algorithm.
    algorithm: Option<Algorithm>,
    zones: bool,
    tt: bool,
    /// Classify every root move as well.
    root: bool,
}

impl Run {
    const PUZZLE_DEFAULT: Run = Run {
        algorithm: None,
        zones: true,
        tt: true,
        root: false,
    };

    fn with(algorithm: Algorithm) -> Run {
        Run {
            algorithm: Some(algorithm),
            ..Run::PUZZLE_DEFAULT
        }
    }
}

/// One row of the suite.
#[derive(Clone, Copy, Debug)]
struct Case {
    puzzle: &'static str,
    run: Run,
    /// Takes long even in release: runs only when `--filter` names the puzzle.
    slow: bool,
}

/// Thesis 000 table 5.1 (Celeron 1.0 GHz, dual-lambda, no transposition table) and the
/// independent alpha-beta figures of issue 4.
const REFERENCES: [(&str, Reference); 5] = [
    (
        "atarigo-6x6-crosscut",
        Reference {
            nodes: 370_545,
            text: "370,545 nodes, 5 s (Suda 2007, 1 GHz, dual-lambda, no TT)",
            algorithm: "dual-lambda",
        },
    ),
    (
        "mnk-7x7-k4",
        Reference {
            nodes: 903_414,
            text: "903,414 nodes, 13 s (Suda 2007, 1 GHz, dual-lambda, no TT)",
            algorithm: "dual-lambda",
        },
    ),
    (
        "hex-4x4",
        Reference {
            nodes: 24_552,
            text: "24,552 nodes, 3 s (Suda 2007, 1 GHz, dual-lambda, no TT; Y, not Hex)",
            algorithm: "dual-lambda",
        },
    ),
    (
        "atarigo-6x6-crosscut",
        Reference {
            nodes: 26_100_000,
            text: "26.1 M nodes (alpha-beta with TT)",
            algorithm: "id",
        },
    ),
    (
        "mnk-7x7-k4",
        Reference {
            nodes: 10_100_000,
            text: "10.1 M nodes (alpha-beta with TT, winning iteration)",
            algorithm: "id",
        },
    ),
];

/// The three puzzles of thesis table 5.1.
const THESIS_PUZZLES: [&str; 3] = ["atarigo-6x6-crosscut", "mnk-7x7-k4", "hex-4x4"];

/// Bundled puzzles too slow for the default run: AtariGo 5x5 takes minutes.
const SLOW_PUZZLES: [&str; 1] = ["atarigo-5x5"];

/// The reference shown beside a row of `algorithm` on `puzzle`.
fn reference_for(puzzle: &str, algorithm: Algorithm) -> Option<Reference> {
    REFERENCES
        .iter()
        .find(|(p, r)| *p == puzzle && r.algorithm == algorithm.name())
        .map(|(_, r)| *r)
}

/// The default suite, in `plyscope list` order, the variants after each thesis puzzle.
fn suite() -> Vec<Case> {
    let mut cases = Vec::new();
    for bundled in puzzle::bundled() {
        let name = bundled.name;
        if THESIS_PUZZLES.contains(&name) {
            // Their default (dual-lambda) is the first of the variants.
            cases.extend(thesis_variants(name));
        } else {
            cases.push(Case {
                puzzle: name,
                run: Run::PUZZLE_DEFAULT,
                slow: SLOW_PUZZLES.contains(&name),
            });
        }
    }
    cases
}

/// The rows of a thesis puzzle: each threat search with and without table and zones, the
/// root analysis of Hex 4x4, and iterative deepening.
fn thesis_variants(name: &'static str) -> Vec<Case> {
    let mut rows = Vec::new();
    for algorithm in THREAT_ALGORITHMS {
        let variants = [
            Run::with(algorithm),
            Run {
                tt: false,
                ..Run::with(algorithm)
            },
            Run {
                zones: false,
                ..Run::with(algorithm)
            },
        ];
        rows.extend(variants.into_iter().map(|run| Case {
            puzzle: name,
            run,
            slow: false,
        }));
    }
    if name == "hex-4x4" {
        // All 16 openings classified: the figure 5.3 analysis.
        rows.push(Case {
            puzzle: name,
            run: Run {
                root: true,
                ..Run::with(Algorithm::DualLambda)
            },
            slow: false,
        });
    }
    // Alpha-beta beside the independent figures: the crosscut takes some 20 s in release.
    rows.push(Case {
        puzzle: name,
        run: Run::with(Algorithm::IterativeDeepening),
        slow: name == "atarigo-6x6-crosscut",
    });
    rows
}

/// Dual-lambda first (the thesis's algorithm), then lambda.
const THREAT_ALGORITHMS: [Algorithm; 2] = [Algorithm::DualLambda, Algorithm::Lambda];

/// The rows `args` select.
fn selected(args: &BenchArgs) -> Vec<Case> {
    let matches = |name: &str| args.filter.as_deref().is_none_or(|f| name.contains(f));
    let named = |name: &str| args.filter.as_deref() == Some(name);
    let mut cases: Vec<Case> = match args.algo {
        Some(algorithm) => puzzle::bundled()
            .iter()
            // Threat searches need a pass: the literal trees have none.
            .filter(|b| {
                !algorithm.is_threat_search()
                    || b.load().is_ok_and(|p| p.position.board_size().is_some())
            })
            .map(|b| Case {
                puzzle: b.name,
                run: Run::with(algorithm),
                slow: SLOW_PUZZLES.contains(&b.name),
            })
            .collect(),
        None => suite(),
    };
    cases.retain(|c| matches(c.puzzle) && (!c.slow || named(c.puzzle)));
    cases
}

/// One measured row, as printed and as JSON.
#[derive(Debug, Serialize)]
struct Row {
    puzzle: String,
    algorithm: String,
    zones: bool,
    tt: bool,
    root: bool,
    result: String,
    plies: Option<usize>,
    lambda_level: Option<u32>,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    /// True when the node cap (or the puzzle's own limit) stopped the search.
    stopped: bool,
    check: Check,
    reference: Option<Reference>,
    /// Our nodes / the reference's nodes.
    ratio: Option<f64>,
    /// Variant rows (no zones, no table): nodes / the nodes of the same puzzle and algorithm
    /// with zones and table, measured in the same run.
    vs_base: Option<f64>,
}

impl Row {
    fn label(&self) -> String {
        let mut label = self.algorithm.clone();
        if !self.zones {
            label.push_str(" no zones");
        }
        if !self.tt {
            label.push_str(" no TT");
        }
        if self.root {
            label.push_str(" root");
        }
        label
    }

    fn result_text(&self) -> String {
        if self.stopped && self.result == "unknown" {
            return "stopped".to_string();
        }
        match (self.plies, self.lambda_level) {
            (Some(p), _) => format!("{} {p} plies", self.result),
            (None, Some(level)) => format!("{} level {level}", self.result),
            (None, None) => self.result.clone(),
        }
    }
}

fn options_for(p: &Puzzle, run: Run, cap: Option<u64>) -> SolveOptions {
    let mut options = SolveOptions::for_puzzle(p);
    if let Some(cap) = cap {
        options.limits.nodes = Some(options.limits.nodes.map_or(cap, |n| n.min(cap)));
    }
    if let Some(algorithm) = run.algorithm {
        options.algorithm = algorithm;
    }
    options.zones = run.zones;
    if !run.tt {
        options.tt_mb = 0;
    }
    // Root analysis only where the row asks for it, so the node counts are those of the
    // root's solve, comparable with the reference.
    options.root_moves = run.root || (run.algorithm.is_none() && options.root_moves);
    options
}

fn measure(p: &Puzzle, run: Run, cap: Option<u64>) -> anyhow::Result<Row> {
    let options = options_for(p, run, cap);
    let report: SolveReport = solve_puzzle(p, &options)?;
    // The references solve the root only: a row that also classifies every root move has
    // nothing to compare with.
    let reference = reference_for(&p.name, options.algorithm).filter(|_| !options.root_moves);
    Ok(Row {
        puzzle: report.puzzle,
        algorithm: report.algorithm,
        zones: options.zones,
        tt: options.tt_mb > 0,
        root: options.root_moves,
        result: report.result,
        plies: report.plies,
        lambda_level: report.lambda_level,
        nodes: report.nodes,
        seconds: report.seconds,
        nodes_per_second: report.nodes_per_second,
        stopped: report.stopped,
        check: report.check,
        ratio: reference.map(|r| report.nodes as f64 / r.nodes as f64),
        reference,
        vs_base: None,
    })
}

pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let cases = selected(args);
    if cases.is_empty() {
        anyhow::bail!(
            "no bench row matches the filter {:?}{}; `plyscope list` shows the puzzle names",
            args.filter.as_deref().unwrap_or(""),
            if args.algo.is_some_and(Algorithm::is_threat_search) {
                " (threat searches skip the tree puzzles)"
            } else {
                ""
            }
        );
    }
    let mut out = io::stdout().lock();
    if !args.json {
        writeln!(
            out,
            "{:<21} {:<24} {:<15} {:>11} {:>8} {:>10} {:>7} {:>8}  reference",
            "puzzle", "algorithm", "result", "nodes", "time s", "nodes/s", "x base", "x ref"
        )?;
    }
    let mut all_ok = true;
    // Nodes of each (puzzle, algorithm) row with zones and table, for the variants' ratios.
    let mut base_nodes: Vec<(String, String, u64)> = Vec::new();
    for case in cases {
        let p = puzzle::load(case.puzzle)?;
        let cap = (!case.slow).then_some(args.nodes);
        let mut row = measure(&p, case.run, cap)?;
        let is_base = row.zones && row.tt && !row.root;
        if is_base && !row.stopped {
            base_nodes.push((row.puzzle.clone(), row.algorithm.clone(), row.nodes));
        } else if !is_base && !row.root {
            row.vs_base = base_nodes
                .iter()
                .find(|(p, a, _)| *p == row.puzzle && *a == row.algorithm)
                .map(|&(_, _, base)| row.nodes as f64 / base.max(1) as f64);
        }
        if matches!(row.check, Check::Disagrees(_)) {
            all_ok = false;
        }
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&row)?)?;
        } else {
            write_row(&mut out, &row)?;
        }
        out.flush()?;
    }
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn write_row(out: &mut impl Write, row: &Row) -> io::Result<()> {
    let check = match &row.check {
        Check::Agrees | Check::NoExpectation => "",
        Check::NotReached(_) if row.stopped => "",
        Check::NotReached(_) => " (not reached)",
        Check::Disagrees(_) => " MISMATCH",
    };
    let lower_bound = if row.stopped { ">" } else { "" };
    writeln!(
        out,
        "{:<21} {:<24} {:<15} {:>11} {:>8.3} {:>10.0} {:>7} {:>8}  {}{check}",
        row.puzzle,
        row.label(),
        row.result_text(),
        row.nodes,
        row.seconds,
        row.nodes_per_second,
        row.vs_base
            .map_or(String::new(), |r| format!("{lower_bound}{r:.2}")),
        row.ratio
            .map_or(String::new(), |r| format!("{lower_bound}{r:.3}")),
        row.reference.map_or("", |r| r.text),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_suite_row_names_a_bundled_puzzle() {
        for case in suite() {
            assert!(
                puzzle::find_bundled(case.puzzle).is_some(),
                "{}",
                case.puzzle
            );
        }
        for (name, _) in REFERENCES {
            assert!(THESIS_PUZZLES.contains(&name));
        }
    }

    #[test]
    fn slow_rows_run_only_when_named() {
        let by = |filter: &str| BenchArgs {
            filter: Some(filter.to_string()),
            algo: None,
            nodes: DEFAULT_NODE_CAP,
            json: false,
        };
        assert!(selected(&by("atarigo")).iter().all(|c| !c.slow));
        assert!(selected(&by("atarigo-5x5")).iter().any(|c| c.slow));
        assert!(
            selected(&by("atarigo-6x6-crosscut"))
                .iter()
                .any(|c| c.run.algorithm == Some(Algorithm::IterativeDeepening))
        );
    }

    #[test]
    fn references_stand_beside_their_own_algorithm_only() {
        let id = reference_for("mnk-7x7-k4", Algorithm::IterativeDeepening).unwrap();
        assert_eq!(id.nodes, 10_100_000);
        assert!(reference_for("mnk-7x7-k4", Algorithm::AlphaBeta).is_none());
        assert!(reference_for("tictactoe", Algorithm::IterativeDeepening).is_none());
    }
}
