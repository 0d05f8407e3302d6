//! `plyscope bench`: the puzzle suite with node counts, times and speeds, and the published
//! figures beside the rows they can be compared with (node counts are a signature of the
//! search: deterministic, so any change is a change of the search).
//!
//! The suite is every bundled puzzle with its own algorithm and limits, plus, for the three
//! puzzles of Suda, *Efficient algorithms for verifying goals in computer games*, table 5.1
//! (AtariGo 6x6 crosscut, 7x7 k=4, Hex 4x4), the variants that make the effect of each technique
//! visible in one run: dual-lambda with and without the table, lambda with zones and table, without
//! zones, without table, iterative deepening beside the independent alpha-beta figures, and the
//! proof-number family (pns, pn2, dfpn, lambda-dfpn). After the rows, a table puts the thesis
//! puzzles' nodes and times per algorithm side by side. The Hex opening classifications ("all
//! openings": every first move a win or a loss) stand beside Benzene's df-pn figures.
//!
//! Every row is bounded by the node cap (`--nodes`; a root analysis shares it out among the
//! openings, one search each) and shows `>` when the cap stopped it. Slow rows (minutes uncapped)
//! run uncapped when `--filter` names their puzzle exactly; rows on request (Hex 6x6 all openings)
//! run only then.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use plyscope::puzzle::{self, Puzzle};
use plyscope::run::registry;
use plyscope::run::registry::SearchOption;
use plyscope::run::solve::{Check, RootMoveReport, SolveReport, solve_puzzle};
use plyscope::run::spec::{SearchSpec, Settings};
use plyscope::search::{Algorithm, Enhancement};

use super::AlgorithmParser;
use super::solve::SettingsArgs;

mod baseline;
use baseline::BaselineArgs;

#[derive(Args, Debug)]
// A negative number after an option is its value, refused in words ("expected a whole
// number, 1 or more"), not an unknown flag with a `-- -5` tip.
#[command(allow_negative_numbers = true)]
pub struct BenchArgs {
    /// Only the rows whose puzzle name contains this text; slow rows run uncapped, and rows
    /// on request run at all, only when it is their puzzle's exact name.
    #[arg(long, value_name = "S")]
    pub filter: Option<String>,
    /// Run each selected puzzle with this algorithm instead of the suite's rows.
    #[arg(long, value_parser = AlgorithmParser)]
    pub algo: Option<Algorithm>,
    /// Node cap per search (slow rows named by --filter are not capped); a capped row
    /// shows its result as stopped and its ratios as lower bounds.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_CAP,
          value_parser = crate::cli::whole_number::<u64>(1, u64::MAX))]
    pub nodes: u64,
    /// Threads per row (default: every core): pns, pn2 and dfpn rows that classify every
    /// opening search the openings side by side (node counts unchanged), and dfpn's own
    /// searches and lambda-dfpn's last stage run in parallel (their node counts then vary
    /// from run to run: a baseline comparison does not flag them; --threads 1 repeats them).
    #[arg(long, value_name = "N", value_parser = crate::cli::whole_number::<u64>(1, 1024))]
    pub threads: Option<u64>,
    /// After each alpha-beta row (alphabeta, alphabeta-soft, id), one row per enhancement
    /// with that one turned off (the names of `solve --without`): nodes and time as ratios
    /// to the row with everything on, measured in the same run.
    #[arg(long)]
    pub ablate: bool,
    /// `--ordering` for the alpha-beta rows (the other families order their moves their
    /// own way).
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Print one JSON object per row instead of the table.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub baselines: BaselineArgs,
}

/// The default node cap per row: a few seconds in a release build, so the default run stays
/// short even for the rows without zones or table.
pub const DEFAULT_NODE_CAP: u64 = 5_000_000;

/// A published figure a row is compared with: a node count, or (Benzene) a time.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Reference {
    /// The node count of the reference (`ratio` is ours / this).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// The time of the reference in seconds, when it gives no nodes (`ratio` is our time /
    /// this).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// The reference as printed, with its source.
    pub text: &'static str,
    /// The algorithms whose rows the figure stands beside.
    #[serde(skip)]
    algorithms: &'static [&'static str],
    /// True for a figure of the whole opening classification (root rows only).
    #[serde(skip)]
    root: bool,
}

impl Reference {
    const fn nodes(nodes: u64, text: &'static str, algorithm: &'static [&'static str]) -> Self {
        Reference {
            nodes: Some(nodes),
            seconds: None,
            text,
            algorithms: algorithm,
            root: false,
        }
    }

    /// Benzene's df-pn classification of all openings (the reference figures, this machine).
    const fn benzene(seconds: f64, text: &'static str) -> Self {
        Reference {
            nodes: None,
            seconds: Some(seconds),
            text,
            algorithms: &["dfpn", "lambda-dfpn"],
            root: true,
        }
    }

    /// Ours over the reference: nodes over nodes, else seconds over seconds.
    fn ratio(&self, nodes: u64, seconds: f64) -> Option<f64> {
        match (self.nodes, self.seconds) {
            (Some(n), _) => Some(nodes as f64 / n as f64),
            (None, Some(s)) => Some(seconds / s),
            (None, None) => None,
        }
    }
}

/// How long a row takes in a release build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Speed {
    /// Seconds: capped by `--nodes` and always run.
    Fast,
    /// Minutes uncapped: capped in the default run, uncapped when named by `--filter`.
    Slow,
    /// Runs only when `--filter` names the puzzle exactly (then uncapped).
    OnRequest,
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
    /// The alpha-beta family: this enhancement off (`--ablate`).
    without: Option<Enhancement>,
}

impl Run {
    const PUZZLE_DEFAULT: Run = Run {
        algorithm: None,
        zones: true,
        tt: true,
        root: false,
        without: None,
    };

    fn with(algorithm: Algorithm) -> Run {
        Run {
            algorithm: Some(algorithm),
            ..Run::PUZZLE_DEFAULT
        }
    }

    /// Every opening classified with `algorithm`.
    fn openings(algorithm: Algorithm) -> Run {
        Run {
            root: true,
            ..Run::with(algorithm)
        }
    }
}

/// One row of the suite.
#[derive(Clone, Copy, Debug)]
struct Case {
    puzzle: &'static str,
    run: Run,
    speed: Speed,
}

/// Suda, table 5.1 (Celeron 1.0 GHz, dual-lambda, no transposition table), the
/// independent alpha-beta figures measured on this machine, and Benzene's df-pn opening
/// classifications (with virtual connections, one thread, this machine).
const REFERENCES: [(&str, Reference); 9] = [
    (
        "atarigo-6x6-crosscut",
        Reference::nodes(
            370_545,
            "370,545 nodes, 5 s (Suda 2007, 1 GHz, dual-lambda, no TT)",
            &["dual-lambda"],
        ),
    ),
    (
        "mnk-7x7-k4",
        Reference::nodes(
            903_414,
            "903,414 nodes, 13 s (Suda 2007, 1 GHz, dual-lambda, no TT)",
            &["dual-lambda"],
        ),
    ),
    (
        "hex-4x4",
        Reference::nodes(
            24_552,
            "24,552 nodes, 3 s (Suda 2007, 1 GHz, dual-lambda, no TT; Y, not Hex)",
            &["dual-lambda"],
        ),
    ),
    (
        "atarigo-6x6-crosscut",
        Reference::nodes(26_100_000, "26.1 M nodes (alpha-beta with TT)", &["id"]),
    ),
    (
        "mnk-7x7-k4",
        Reference::nodes(
            10_100_000,
            "10.1 M nodes (alpha-beta with TT, winning iteration)",
            &["id"],
        ),
    ),
    (
        "hex-4x4",
        Reference::benzene(
            1.8,
            "1.8 s all 16 openings (Benzene df-pn with VCs, this machine)",
        ),
    ),
    (
        "hex-5x5",
        Reference::benzene(
            0.08,
            "0.08 s search, all 25 openings (Benzene wolve df-pn, 1 thread, this machine idle; 0.127 s at load 4)",
        ),
    ),
    (
        "hex-6x6",
        Reference::benzene(
            2.3,
            "2.3 s search, 3.5 s process, all 36 openings (Benzene wolve df-pn, 1 thread, this machine idle; 5.2 s search at load 4)",
        ),
    ),
    (
        "hex-7x7",
        Reference::benzene(
            142.0,
            "142 s search, all 49 openings (Benzene wolve df-pn, 1 thread, this machine idle; 337 s at load 4)",
        ),
    ),
];

/// The three puzzles of thesis table 5.1.
const THESIS_PUZZLES: [&str; 3] = ["atarigo-6x6-crosscut", "mnk-7x7-k4", "hex-4x4"];

/// Bundled puzzles whose own solve takes seconds to minutes uncapped: AtariGo 5x5 (id),
/// Hex 6x6 and 7x7.
const SLOW_PUZZLES: [&str; 3] = ["atarigo-5x5", "hex-6x6", "hex-7x7"];

/// The Hex boards whose openings are classified beside Benzene, and the proof-number
/// algorithms that classify them (the best Hex searches).
const OPENING_ROWS: [(&str, Speed); 4] = [
    ("hex-4x4", Speed::Fast),
    ("hex-5x5", Speed::Fast),
    ("hex-6x6", Speed::OnRequest),
    ("hex-7x7", Speed::OnRequest),
];
const OPENING_ALGORITHMS: [Algorithm; 2] = [Algorithm::DfPn, Algorithm::LambdaDfPn];

/// The reference shown beside a row of `algorithm` on `puzzle` (`root`: a row classifying
/// every opening).
fn reference_for(puzzle: &str, algorithm: Algorithm, root: bool) -> Option<Reference> {
    REFERENCES
        .iter()
        .find(|(p, r)| *p == puzzle && r.root == root && r.algorithms.contains(&algorithm.name()))
        .map(|(_, r)| *r)
}

fn speed_of(name: &str) -> Speed {
    if SLOW_PUZZLES.contains(&name) {
        Speed::Slow
    } else {
        Speed::Fast
    }
}

/// The default suite, in `plyscope list` order, the variants after each thesis puzzle and
/// the opening classifications after each Hex board of [`OPENING_ROWS`].
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
                speed: speed_of(name),
            });
        }
        if let Some(&(_, speed)) = OPENING_ROWS.iter().find(|(p, _)| *p == name) {
            cases.extend(OPENING_ALGORITHMS.map(|algorithm| Case {
                puzzle: name,
                run: Run::openings(algorithm),
                speed,
            }));
        }
    }
    cases
}

/// The rows of a thesis puzzle: each threat search with and without table and zones, the
/// root analysis of Hex 4x4, iterative deepening, and the proof-number family.
fn thesis_variants(name: &'static str) -> Vec<Case> {
    let mut rows = Vec::new();
    let fast = |run| Case {
        puzzle: name,
        run,
        speed: Speed::Fast,
    };
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
        rows.extend(variants.into_iter().map(fast));
    }
    if name == "hex-4x4" {
        // All 16 openings classified: the figure 5.3 analysis.
        rows.push(fast(Run::openings(Algorithm::DualLambda)));
    }
    // Alpha-beta beside the independent figures: the crosscut takes some 10 s in release.
    rows.push(Case {
        puzzle: name,
        run: Run::with(Algorithm::IterativeDeepening),
        speed: if name == "atarigo-6x6-crosscut" {
            Speed::Slow
        } else {
            Speed::Fast
        },
    });
    rows.extend(Algorithm::PROOF_FAMILY.map(|a| fast(Run::with(a))));
    rows
}

/// The columns of the side-by-side table.
const SIDE_BY_SIDE: [Algorithm; 7] = [
    Algorithm::IterativeDeepening,
    Algorithm::Lambda,
    Algorithm::DualLambda,
    Algorithm::Pns,
    Algorithm::Pn2,
    Algorithm::DfPn,
    Algorithm::LambdaDfPn,
];

/// Dual-lambda first (the thesis's algorithm), then lambda.
const THREAT_ALGORITHMS: [Algorithm; 2] = [Algorithm::DualLambda, Algorithm::Lambda];

/// The rows `args` select.
fn selected(args: &BenchArgs) -> Vec<Case> {
    let matches = |name: &str| args.filter.as_deref().is_none_or(|f| name.contains(f));
    let named = |name: &str| args.filter.as_deref() == Some(name);
    let mut cases: Vec<Case> = match args.algo {
        Some(algorithm) => puzzle::bundled()
            .iter()
            // Threat searches need a pass: the literal trees have none; proof-number
            // searches a goal: trees with numeric leaves have none.
            .filter(|b| b.load().is_ok_and(|p| can_run(algorithm, &p)))
            .map(|b| Case {
                puzzle: b.name,
                run: Run::with(algorithm),
                speed: speed_of(b.name),
            })
            .collect(),
        None => suite(),
    };
    cases.retain(|c| matches(c.puzzle) && (c.speed != Speed::OnRequest || named(c.puzzle)));
    if args.ablate {
        cases = cases.into_iter().flat_map(with_ablations).collect();
    }
    cases
}

/// `case`, then (for an alpha-beta row with everything on) one row per enhancement off.
fn with_ablations(case: Case) -> Vec<Case> {
    let algorithm = case.run.algorithm.or_else(|| {
        puzzle::find_bundled(case.puzzle)
            .and_then(|b| b.load().ok())
            .map(|p| p.algorithm.unwrap_or(Algorithm::IterativeDeepening))
    });
    let ablatable = algorithm.is_some_and(|a| registry::info(a).takes(SearchOption::Without))
        && case.run.tt
        && !case.run.root
        && case.run.without.is_none();
    let mut rows = vec![case];
    if ablatable {
        rows.extend(Enhancement::ALL.map(|e| Case {
            run: Run {
                without: Some(e),
                ..case.run
            },
            ..case
        }));
    }
    rows
}

/// False when `algorithm` cannot run `p` (the registry's answer, as for `solve`).
fn can_run(algorithm: Algorithm, p: &Puzzle) -> bool {
    registry::check(p, algorithm).is_ok()
}

/// The classes of a root analysis, counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
struct Openings {
    win: usize,
    loss: usize,
    unknown: usize,
}

impl Openings {
    /// Counts the classes of threat search (`wins`, `self-endangering`, `not-proven`) and of
    /// the proof-number family (`win`, `loss` or `no-win`, `unknown`).
    fn count(moves: &[RootMoveReport]) -> Openings {
        let mut counts = Openings {
            win: 0,
            loss: 0,
            unknown: 0,
        };
        for m in moves {
            match m.class.as_str() {
                "win" | "wins" => counts.win += 1,
                "loss" | "no-win" | "self-endangering" => counts.loss += 1,
                _ => counts.unknown += 1,
            }
        }
        counts
    }
}

/// One measured row, as printed and as JSON.
#[derive(Clone, Debug, Serialize)]
struct Row {
    puzzle: String,
    algorithm: String,
    zones: bool,
    tt: bool,
    root: bool,
    result: String,
    plies: Option<usize>,
    lambda_level: Option<u32>,
    /// Proof-number family: nodes of the proof tree when proven.
    proof_size: Option<u64>,
    /// Rows that classify every opening: how many win, lose (or, in a game that can draw,
    /// do not win) and stay undecided.
    openings: Option<Openings>,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    /// True when the node cap (or the puzzle's own limit) stopped the search.
    stopped: bool,
    check: Check,
    reference: Option<Reference>,
    /// Our nodes / the reference's nodes (or our time / its time, for a reference that
    /// gives a time only).
    ratio: Option<f64>,
    /// Variant rows (no zones, no table): nodes / the nodes of the same puzzle and algorithm
    /// with zones and table, measured in the same run.
    vs_base: Option<f64>,
    /// `--ablate` rows: the enhancement turned off.
    #[serde(skip_serializing_if = "Option::is_none")]
    without: Option<&'static str>,
    /// `--ablate` rows: time / the time of the row with everything on, same run.
    #[serde(skip_serializing_if = "Option::is_none")]
    time_vs_base: Option<f64>,
    /// The node count varies from run to run: a df-pn search (or lambda-df-pn's last stage)
    /// on several threads.
    nodes_vary: bool,
    /// `--threads` of the run (0: not known, a merged report).
    threads: usize,
}

impl Row {
    /// The row of a solve report (`solve --json`, `merge --json`): a root analysis is an
    /// "all openings" row, as the suite's opening rows are.
    fn of_report(report: SolveReport) -> Row {
        Row {
            puzzle: report.puzzle,
            algorithm: report.algorithm,
            zones: report.zones != Some(false),
            tt: report.tt_mb > 0,
            root: report.root_moves.is_some(),
            result: report.result,
            plies: report.plies,
            lambda_level: report.lambda_level,
            proof_size: report.proof_size,
            openings: report.root_moves.as_deref().map(Openings::count),
            nodes: report.nodes,
            seconds: report.seconds,
            nodes_per_second: report.nodes_per_second,
            stopped: report.stopped,
            check: report.check,
            reference: None,
            ratio: None,
            vs_base: None,
            without: None,
            time_vs_base: None,
            nodes_vary: false,
            threads: 0,
        }
    }

    fn label(&self) -> String {
        let mut label = self.algorithm.clone();
        if !self.zones {
            label.push_str(" no zones");
        }
        if !self.tt {
            label.push_str(" no TT");
        }
        if self.root {
            label.push_str(" all openings");
        }
        if let Some(e) = self.without {
            label.push_str(" -");
            label.push_str(e);
        }
        label
    }

    fn result_text(&self) -> String {
        if let Some(o) = self.openings {
            // "4+ 12- 0?": winning, losing and undecided openings.
            return format!("{}+ {}- {}?", o.win, o.loss, o.unknown);
        }
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

fn options_for(
    p: &Puzzle,
    run: Run,
    cap: Option<u64>,
    threads: usize,
    settings: &Settings,
) -> SearchSpec {
    let algorithm = run
        .algorithm
        .unwrap_or_else(|| registry::puzzle_algorithm(p));
    let mut options = SearchSpec::headless(p, algorithm);
    if registry::info(algorithm).takes(SearchOption::Ordering) {
        options = options.with_settings(settings);
    }
    // A root analysis runs one search per opening with the same limit (lambda-df-pn's one
    // classification counts all openings together): the row's cap is shared out, so an
    // opening row costs about what another row does.
    let per_opening = run.root && algorithm != Algorithm::LambdaDfPn;
    let cap = cap.map(|cap| match p.position.board_size() {
        Some((columns, rows)) if per_opening => (cap / (columns * rows) as u64).max(1),
        _ => cap,
    });
    if let Some(cap) = cap {
        options.limits.nodes = Some(options.limits.nodes.map_or(cap, |n| n.min(cap)));
    }
    options.set_zones(run.zones);
    if !run.tt {
        options.set_table_mb(0);
    }
    options.without = run.without;
    // Root analysis only where the row asks for it, so the node counts are those of the
    // root's solve, comparable with the reference.
    options.root_analysis = run.root || (run.algorithm.is_none() && options.root_analysis);
    options.set_threads(threads);
    options
}

fn measure(
    p: &Puzzle,
    run: Run,
    cap: Option<u64>,
    threads: usize,
    settings: &Settings,
) -> anyhow::Result<Row> {
    let options = options_for(p, run, cap, threads, settings);
    let report: SolveReport = solve_puzzle(p, &options)?;
    // The thesis's references solve the root only, Benzene's classify every opening.
    let reference = reference_for(&p.name, options.config.algorithm, options.root_analysis);
    Ok(Row {
        puzzle: report.puzzle,
        algorithm: report.algorithm,
        zones: options.config.lambda.zones,
        tt: options.config.tt_mb > 0,
        root: options.root_analysis,
        result: report.result,
        plies: report.plies,
        lambda_level: report.lambda_level,
        proof_size: report.proof_size,
        openings: report.root_moves.as_deref().map(Openings::count),
        nodes: report.nodes,
        seconds: report.seconds,
        nodes_per_second: report.nodes_per_second,
        stopped: report.stopped,
        check: report.check,
        ratio: reference.and_then(|r| r.ratio(report.nodes, report.seconds)),
        reference: reference.filter(|_| run.without.is_none()),
        vs_base: None,
        nodes_vary: threads > 1
            && matches!(
                options.config.algorithm,
                Algorithm::DfPn | Algorithm::LambdaDfPn
            ),
        threads,
        without: run.without.map(Enhancement::name),
        time_vs_base: None,
    })
}

pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let cases = selected(args);
    if cases.is_empty() {
        // A filter that names puzzles the algorithm cannot run gets the registry's reason.
        let filter = args.filter.as_deref().unwrap_or("");
        let refusal = args.algo.and_then(|a| {
            puzzle::bundled()
                .iter()
                .filter(|b| b.name.contains(filter))
                .find_map(|b| b.load().ok().and_then(|p| registry::check(&p, a).err()))
        });
        match refusal {
            Some(why) => anyhow::bail!("no bench row matches the filter {filter:?}: {why}"),
            None => anyhow::bail!(
                "no bench row matches the filter {filter:?}; `plyscope list` shows the puzzle \
                 names"
            ),
        }
    }
    let base = baseline::load_requested(&args.baselines)?;
    let mut out = io::stdout().lock();
    if !args.json {
        writeln!(
            out,
            "{:<21} {:<24} {:<15} {:>11} {:>8} {:>10} {:>7} {:>8}  reference",
            "puzzle", "algorithm", "result", "nodes", "time s", "nodes/s", "x base", "x ref"
        )?;
    }
    let mut all_ok = true;
    // Nodes and seconds of each (puzzle, algorithm) row with zones and table, for the
    // variants' ratios.
    let mut base_nodes: Vec<(String, String, u64, f64)> = Vec::new();
    // The base rows of the thesis puzzles, for the side-by-side table.
    let mut thesis_rows: Vec<Row> = Vec::new();
    let mut all_rows: Vec<Row> = Vec::new();
    for case in cases {
        let p = puzzle::load(case.puzzle)?;
        let uncapped = case.speed != Speed::Fast && args.filter.as_deref() == Some(case.puzzle);
        let cap = (!uncapped).then_some(args.nodes);
        let threads = super::solve::threads_asked(args.threads);
        let mut row = measure(&p, case.run, cap, threads, &args.settings.settings())?;
        // An opening row that left openings undecided without hitting the cap measured no
        // classification: its time says nothing against the reference's.
        if row.openings.is_some_and(|o| o.unknown > 0) && !row.stopped {
            row.ratio = None;
        }
        let is_base = row.zones && row.tt && !row.root && row.without.is_none();
        if is_base && !row.stopped {
            base_nodes.push((
                row.puzzle.clone(),
                row.algorithm.clone(),
                row.nodes,
                row.seconds,
            ));
        } else if !is_base && !row.root {
            let base = base_nodes
                .iter()
                .find(|(p, a, _, _)| *p == row.puzzle && *a == row.algorithm);
            row.vs_base = base.map(|&(_, _, nodes, _)| row.nodes as f64 / nodes.max(1) as f64);
            if row.without.is_some() {
                row.time_vs_base = base.map(|&(_, _, _, secs)| row.seconds / secs.max(1e-9));
            }
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
        all_rows.push(row.clone());
        if is_base && THESIS_PUZZLES.contains(&row.puzzle.as_str()) {
            thesis_rows.push(row);
        }
    }
    if !args.json && !thesis_rows.is_empty() {
        write_side_by_side(&mut out, &thesis_rows)?;
    }
    let same_results = baseline::finish(
        &args.baselines,
        base.as_ref(),
        &all_rows,
        args.nodes,
        args.filter.as_deref(),
        args.json,
        &mut out,
    )?;
    Ok(if all_ok && same_results {
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
        match (row.reference, row.time_vs_base) {
            (Some(r), _) => r.text.to_string(),
            (None, Some(t)) => format!("time {lower_bound}{t:.2} x base"),
            (None, None) => String::new(),
        },
    )
}

/// The thesis puzzles' base rows (zones and table on, root only) as one line per puzzle,
/// one column per algorithm of [`SIDE_BY_SIDE`]: nodes and seconds, `>` where the cap
/// stopped the search, `-` where the run had no such row.
fn write_side_by_side(out: &mut impl Write, rows: &[Row]) -> io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "the puzzles of Suda's table 5.1 side by side: nodes / seconds (> stopped by the node \
         cap, ? undecided within the search's own bounds: lambda level, arena)"
    )?;
    write!(out, "{:<21}", "puzzle")?;
    for algorithm in SIDE_BY_SIDE {
        write!(out, " {:>17}", algorithm.name())?;
    }
    writeln!(out)?;
    for puzzle in THESIS_PUZZLES {
        if !rows.iter().any(|r| r.puzzle == puzzle) {
            continue;
        }
        write!(out, "{puzzle:<21}")?;
        for algorithm in SIDE_BY_SIDE {
            let cell = rows
                .iter()
                .find(|r| r.puzzle == puzzle && r.algorithm == algorithm.name())
                .map_or("-".to_string(), side_by_side_cell);
            write!(out, " {cell:>17}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// "1.2M/0.31" style: nodes in K/M, seconds to two decimals, `>` when stopped by the cap,
/// `?` when the search ended undecided without it (no lambda-tree up to the level, a full
/// arena): such a figure is the effort of not deciding.
fn side_by_side_cell(row: &Row) -> String {
    // Thresholds on the rounded figure, so 999,968 reads 1.0M and not 1000K.
    let n = row.nodes as f64;
    let nodes = if n >= 9.995e6 {
        format!("{:.0}M", n / 1e6)
    } else if n >= 999.5e3 {
        format!("{:.1}M", n / 1e6)
    } else if n >= 1e4 {
        format!("{:.0}K", n / 1e3)
    } else {
        row.nodes.to_string()
    };
    let mark = if row.stopped {
        ">"
    } else if row.result == "unknown" {
        "?"
    } else {
        ""
    };
    format!("{mark}{nodes}/{:.2}", row.seconds)
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
        for (name, reference) in REFERENCES {
            assert!(puzzle::find_bundled(name).is_some(), "{name}");
            assert!(reference.nodes.is_some() != reference.seconds.is_some());
        }
    }

    fn by(filter: &str) -> BenchArgs {
        BenchArgs {
            filter: Some(filter.to_string()),
            algo: None,
            nodes: DEFAULT_NODE_CAP,
            threads: Some(1),
            ablate: false,
            settings: Default::default(),
            json: false,
            baselines: BaselineArgs::default(),
        }
    }

    #[test]
    fn slow_rows_are_capped_and_rows_on_request_run_only_when_named() {
        // AtariGo 5x5's id row is in the default run (capped), the crosscut's id too.
        assert!(
            selected(&by("atarigo"))
                .iter()
                .any(|c| c.puzzle == "atarigo-5x5" && c.speed == Speed::Slow)
        );
        assert!(
            selected(&by("atarigo-6x6-crosscut"))
                .iter()
                .any(|c| c.run.algorithm == Some(Algorithm::IterativeDeepening))
        );
        // Hex 6x6's openings only on request.
        let hex = selected(&by("hex"));
        assert!(!hex.iter().any(|c| c.speed == Speed::OnRequest));
        assert!(
            hex.iter()
                .any(|c| c.puzzle == "hex-5x5" && c.run.root && c.run.algorithm.is_some())
        );
        let six = selected(&by("hex-6x6"));
        assert!(
            six.iter()
                .any(|c| c.speed == Speed::OnRequest && c.run.root)
        );
    }

    #[test]
    fn every_thesis_puzzle_runs_every_algorithm_side_by_side() {
        let suite = suite();
        for puzzle in THESIS_PUZZLES {
            for algorithm in SIDE_BY_SIDE {
                assert!(
                    suite.iter().any(|c| c.puzzle == puzzle
                        && c.run.algorithm == Some(algorithm)
                        && c.run.zones
                        && c.run.tt
                        && !c.run.root),
                    "{puzzle} {algorithm}"
                );
            }
        }
    }

    #[test]
    fn ablation_adds_one_row_per_enhancement_after_alpha_beta_rows_only() {
        let args = BenchArgs {
            ablate: true,
            ..by("atarigo-6x6-crosscut")
        };
        let rows = selected(&args);
        let id = rows
            .iter()
            .position(|c| c.run.algorithm == Some(Algorithm::IterativeDeepening))
            .unwrap();
        let offs: Vec<Option<Enhancement>> = rows[id + 1..id + 1 + Enhancement::ALL.len()]
            .iter()
            .map(|c| c.run.without)
            .collect();
        assert_eq!(offs, Enhancement::ALL.map(Some));
        assert!(rows[id].run.without.is_none());
        // No threat or proof-number row gets ablations.
        let ablated = rows.iter().filter(|c| c.run.without.is_some()).count();
        assert_eq!(ablated, Enhancement::ALL.len());
        assert!(
            selected(&by("atarigo-6x6-crosscut"))
                .iter()
                .all(|c| c.run.without.is_none())
        );
    }

    #[test]
    fn references_stand_beside_their_own_algorithm_only() {
        let id = reference_for("mnk-7x7-k4", Algorithm::IterativeDeepening, false).unwrap();
        assert_eq!(id.nodes, Some(10_100_000));
        assert!(reference_for("mnk-7x7-k4", Algorithm::AlphaBeta, false).is_none());
        assert!(reference_for("tictactoe", Algorithm::IterativeDeepening, false).is_none());
        // Benzene classifies every opening: beside df-pn's opening rows only.
        let benzene = reference_for("hex-6x6", Algorithm::DfPn, true).unwrap();
        assert_eq!(benzene.seconds, Some(2.3));
        assert_eq!(benzene.ratio(1, 4.6), Some(2.0));
        assert!(reference_for("hex-5x5", Algorithm::DfPn, false).is_none());
        assert!(reference_for("hex-4x4", Algorithm::DualLambda, true).is_none());
        assert!(reference_for("hex-6x6", Algorithm::LambdaDfPn, true).is_some());
    }

    #[test]
    fn openings_are_counted_across_both_vocabularies() {
        let moves: Vec<RootMoveReport> = [
            "win",
            "wins",
            "loss",
            "no-win",
            "self-endangering",
            "unknown",
            "not-proven",
        ]
        .iter()
        .map(|class| RootMoveReport {
            mv: "a1".into(),
            class: class.to_string(),
            level: None,
            nodes: 0,
        })
        .collect();
        assert_eq!(
            Openings::count(&moves),
            Openings {
                win: 2,
                loss: 3,
                unknown: 2
            }
        );
    }

    #[test]
    fn side_by_side_cells_are_short() {
        let row = Row {
            puzzle: "hex-4x4".into(),
            algorithm: "dfpn".into(),
            zones: true,
            tt: true,
            root: false,
            result: "proven".into(),
            plies: None,
            lambda_level: None,
            proof_size: Some(40),
            openings: None,
            nodes: 5_000_001,
            seconds: 1.234,
            nodes_per_second: 0.0,
            stopped: true,
            check: Check::Agrees,
            reference: None,
            ratio: None,
            vs_base: None,
            without: None,
            time_vs_base: None,
            nodes_vary: false,
            threads: 1,
        };
        assert_eq!(side_by_side_cell(&row), ">5.0M/1.23");
        let just_below = Row {
            nodes: 999_968,
            ..row.clone()
        };
        assert_eq!(side_by_side_cell(&just_below), ">1.0M/1.23");
        // Undecided without the cap (lambda-df-pn without a lambda-tree): marked too.
        let undecided = Row {
            result: "unknown".into(),
            stopped: false,
            nodes: 12_345,
            ..row.clone()
        };
        assert_eq!(side_by_side_cell(&undecided), "?12K/1.23");
        let mut text = Vec::new();
        write_side_by_side(&mut text, &[row]).unwrap();
        let text = String::from_utf8(text).unwrap();
        let line = text.lines().find(|l| l.starts_with("hex-4x4")).unwrap();
        assert!(line.contains(">5.0M/1.23"), "{text}");
        assert_eq!(line.matches(" -").count(), 6, "{text}");
    }
}
