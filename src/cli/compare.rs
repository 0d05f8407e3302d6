//! `plyscope compare`: one puzzle under several algorithms, one after the other in this
//! process with the same limits, as a table: result with the move,
//! nodes, time, nodes/s, the tree's shape (distinct positions, the proof tree's size where
//! the engine reports one, the deepest ply) and the ratios of nodes and time to the first
//! algorithm that ran.
//!
//! Each run is `plyscope solve PUZZLE --algo A` without the root analysis (only the search
//! of the root is compared: the analyses of the families are different questions), watched
//! by [`Shape`]. An algorithm that does not apply to the puzzle (a threat search on a tree,
//! a proof-number search on numeric leaves or on checkers) gets a row that says why; the
//! others still run. Exit 1 when a run contradicts the puzzle's `[expect]`.
//!
//! Under the table (and in each `--json` row's `used`) it says what each run used besides
//! its algorithm ([`aids::used`]: table, symmetry, exact pruning, ordering, thresholds),
//! so a ratio like df-pn's over PNS on Hex is read with the aids it measures.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use plyscope::puzzle::{self, GameKind, Puzzle};
use plyscope::run::aids::{self, Used};
use plyscope::run::registry::{self, Refusal, SearchOption};
use plyscope::run::solve::policy::Overrides;
use plyscope::run::solve::shape::Shape;
use plyscope::run::solve::{Check, SolveReport, solve_puzzle_observed};
use plyscope::run::spec::SearchSpec;
use plyscope::search::Algorithm;

use super::solve::SettingsArgs;
use super::{AlgorithmParser, parse_seconds, usage_error_in};

#[derive(Args, Debug)]
// A negative number after an option is its value, refused in words ("expected a whole
// number, 1 or more"), not an unknown flag with a `-- -5` tip.
#[command(allow_negative_numbers = true)]
pub struct CompareArgs {
    /// A bundled puzzle name (see `plyscope list`) or a path to a puzzle file (TOML, or an SGF
    /// game record: Go read as AtariGo, or Hex).
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,
    /// An algorithm to run; give it at least twice (`--algo id --algo dfpn`). Ratios are to
    /// the first one that runs.
    #[arg(long = "algo", value_name = "A", value_parser = AlgorithmParser)]
    pub algorithms: Vec<Algorithm>,
    /// Stop each search after this many nodes.
    #[arg(long, value_name = "N", value_parser = crate::cli::whole_number::<u64>(1, u64::MAX))]
    pub nodes: Option<u64>,
    /// Stop each search after this many seconds.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// Transposition table size in MiB for every search (0 turns it off; default 64).
    #[arg(long, value_name = "M", value_parser = crate::cli::whole_number::<u64>(0, 16384))]
    pub tt_mb: Option<u64>,
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Print a JSON array of rows instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// One algorithm's run, or why it did not run.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CompareRow {
    /// Algorithm name.
    pub algorithm: String,
    /// Why the algorithm does not apply to the puzzle (`None`: it ran, and the fields below
    /// are its figures).
    pub refused: Option<String>,
    /// The refusal's reason in a word or two, for the table ("no pass").
    #[serde(skip)]
    pub refused_short: Option<&'static str>,
    /// The result in a few words: "win in 3, c1", "value 3, b", "proven, c1", "draw".
    pub result: String,
    /// The search's own result word (see [`SolveReport::result`]).
    pub verdict: String,
    /// The best root move in the game's notation.
    pub best_move: Option<String>,
    /// True when the node or time limit stopped the search.
    pub stopped: bool,
    pub nodes: u64,
    pub seconds: f64,
    pub nodes_per_second: f64,
    /// Distinct positions the search entered (by the game's key).
    pub positions: u64,
    /// The proof tree's size, where the engine reports one (the proof-number family when
    /// proven).
    pub proof_size: Option<u64>,
    /// The deepest ply from the root the search entered.
    pub max_depth: usize,
    /// Nodes and time divided by those of the first algorithm that ran.
    pub node_ratio: Option<f64>,
    pub time_ratio: Option<f64>,
    /// "agrees", "no-expectation", "not-reached" or "disagrees" with the puzzle's `[expect]`.
    pub check: String,
    /// What the run used besides its algorithm: table, symmetry, exact pruning, move
    /// ordering, its own machinery ([`aids::used`]); `None` for a refusal.
    pub used: Option<Used>,
}

impl CompareRow {
    fn refused(algorithm: Algorithm, why: &Refusal) -> CompareRow {
        CompareRow {
            algorithm: algorithm.name().to_string(),
            refused: Some(why.to_string()),
            refused_short: Some(why.short()),
            result: "-".to_string(),
            verdict: "-".to_string(),
            best_move: None,
            stopped: false,
            nodes: 0,
            seconds: 0.0,
            nodes_per_second: 0.0,
            positions: 0,
            proof_size: None,
            max_depth: 0,
            node_ratio: None,
            time_ratio: None,
            check: "-".to_string(),
            used: None,
        }
    }

    fn ran(report: &SolveReport, shape: &Shape, used: Used) -> CompareRow {
        let check = match report.check {
            Check::NoExpectation => "no-expectation",
            Check::Agrees => "agrees",
            Check::NotReached(_) => "not-reached",
            Check::Disagrees(_) => "disagrees",
        };
        CompareRow {
            algorithm: report.algorithm.clone(),
            refused: None,
            refused_short: None,
            result: result_words(report),
            verdict: report.result.clone(),
            best_move: report.best_move.clone(),
            stopped: report.stopped,
            nodes: report.nodes,
            seconds: report.seconds,
            nodes_per_second: report.nodes_per_second,
            positions: shape.positions(),
            proof_size: report.proof_size,
            max_depth: shape.max_depth,
            node_ratio: None,
            time_ratio: None,
            check: check.to_string(),
            used: Some(used),
        }
    }
}

/// "win in 3, c1", "value 3, b", "win at level 2, c2", "proven, c1", "unknown".
pub fn result_words(r: &SolveReport) -> String {
    let mut words = match (r.plies, r.lambda_level) {
        (Some(p), _) => format!("{} in {p}", r.result),
        (None, Some(level)) => format!("{} at level {level}", r.result),
        (None, None) if r.result == "exact" => format!("value {}", r.value),
        (None, None) => r.result.clone(),
    };
    if let Some(mv) = &r.best_move {
        words.push_str(", ");
        words.push_str(mv);
    }
    words
}

/// The options of one run: the puzzle's defaults for `algorithm`, without the root
/// analysis, with the command line's limits and table; `--ordering` for the algorithms
/// that order their moves by it (the others' ordering is their own, and "what each run
/// used" says which).
pub fn options_for(p: &Puzzle, algorithm: Algorithm, args: &CompareArgs) -> SearchSpec {
    let mut settings = args.settings.settings();
    if !registry::info(algorithm).takes(SearchOption::Ordering) {
        settings.ordering = None;
    }
    let overrides = Overrides {
        algorithm: Some(algorithm),
        nodes: args.nodes,
        time: args.time.map(Duration::from_secs_f64),
        tt_mb: args.tt_mb.map(|mb| mb as usize),
        settings,
        ..Overrides::default()
    };
    let mut options = overrides
        .spec_for(p)
        .expect("limits and a table size apply to every algorithm");
    options.root_analysis = false;
    options
}

/// Runs every algorithm of `args` on `p`, in order, and fills in the ratios.
pub fn compare_rows(p: &Puzzle, args: &CompareArgs) -> Vec<CompareRow> {
    let mut rows: Vec<CompareRow> = args
        .algorithms
        .iter()
        .map(|&algorithm| {
            let mut shape = Shape::new();
            let options = options_for(p, algorithm, args);
            let used = aids::used(&options.engine_config(), GameKind::of(&p.position));
            match solve_puzzle_observed(p, &options, &mut shape) {
                Ok(report) => CompareRow::ran(&report, &shape, used),
                Err(err) => CompareRow::refused(algorithm, &err),
            }
        })
        .collect();
    let base = rows
        .iter()
        .find(|r| r.refused.is_none())
        .map(|r| (r.nodes, r.seconds));
    if let Some((nodes, seconds)) = base {
        for row in rows.iter_mut().filter(|r| r.refused.is_none()) {
            row.node_ratio = (nodes > 0).then(|| row.nodes as f64 / nodes as f64);
            // A base under a millisecond is no yardstick: its ratios would be noise
            // (a ratio of 6181.54 over a base printed as 0.000 read as nonsense).
            row.time_ratio = (seconds >= 0.001).then(|| row.seconds / seconds);
        }
    }
    rows
}

pub fn run(args: &CompareArgs) -> anyhow::Result<ExitCode> {
    if args.algorithms.len() < 2 {
        usage_error_in(
            Some("compare"),
            format!(
                "compare needs at least two algorithms (--algo A --algo B); got {}",
                args.algorithms.len()
            ),
        );
    }
    let p = puzzle::load(&args.puzzle)?;
    let rows = compare_rows(&p, args);
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
    } else {
        write_table(&mut out, &p, args, &rows)?;
    }
    out.flush()?;
    // Nothing ran (every algorithm refused): as `solve` does for a refusal, exit 1, so a
    // script can tell.
    let none_ran = rows.iter().all(|r| r.refused.is_some());
    if none_ran {
        eprintln!(
            "plyscope: no algorithm given can search {}; `plyscope list --algorithms` says which \
             games each runs on",
            p.name
        );
    }
    Ok(if none_ran || rows.iter().any(|r| r.check == "disagrees") {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn write_table(
    out: &mut impl Write,
    p: &Puzzle,
    args: &CompareArgs,
    rows: &[CompareRow],
) -> io::Result<()> {
    let mut limits = Vec::new();
    if let Some(depth) = p.limits.max_depth {
        limits.push(format!("depth {depth} (not for the proof-number searches)"));
    }
    if let Some(nodes) = args.nodes.or(p.limits.nodes) {
        limits.push(plyscope::search::count(nodes, "node", "nodes"));
    }
    if let Some(seconds) = args.time.or(p.limits.time) {
        limits.push(format!("{seconds} s"));
    }
    // The table every run takes: the flag's, else the puzzle's default (none on a literal
    // tree, as the textbooks search it).
    let table = args.tt_mb.map_or_else(
        || SearchSpec::defaults(p, Algorithm::AlphaBeta).config.tt_mb,
        |mb| mb as usize,
    );
    limits.push(if table == 0 {
        "no table".to_string()
    } else {
        format!("table {table} MB")
    });
    writeln!(out, "{} ({}, {})", p.title, p.name, p.position.game_name())?;
    writeln!(out, "limits: {}", limits.join(", "))?;
    let base = rows
        .iter()
        .find(|r| r.refused.is_none())
        .map_or("-", |r| r.algorithm.as_str());
    // Two tables of at most 80 columns (a terminal over SSH): the answers and their ratios,
    // then how each search went.
    writeln!(
        out,
        "{:<13} {:<22} {:>10} {:>7} {:>9} {:>7}",
        "algorithm", "result", "nodes", "nodes×", "time s", "time×"
    )?;
    for row in rows {
        // The table stays a table: the reason in a word here, in full under it.
        if let Some(short) = row.refused_short {
            writeln!(out, "{:<13} refused ({short}, see below)", row.algorithm)?;
            continue;
        }
        let limit = if row.stopped { " (limit)" } else { "" };
        let mismatch = if row.check == "disagrees" {
            "  MISMATCH"
        } else {
            ""
        };
        writeln!(
            out,
            "{:<13} {:<22} {:>10} {:>7} {:>9.3} {:>7}{mismatch}",
            row.algorithm,
            format!("{}{limit}", row.result),
            row.nodes,
            ratio(row.node_ratio),
            row.seconds,
            ratio(row.time_ratio),
        )?;
    }
    if rows.iter().any(|r| r.check == "disagrees") {
        writeln!(
            out,
            "MISMATCH: the result disagrees with the puzzle's answer"
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<13} {:>10} {:>9} {:>7} {:>5}",
        "algorithm", "nodes/s", "positions", "proof", "depth"
    )?;
    for row in rows.iter().filter(|r| r.refused.is_none()) {
        writeln!(
            out,
            "{:<13} {:>10.0} {:>9} {:>7} {:>5}",
            row.algorithm,
            row.nodes_per_second,
            row.positions,
            row.proof_size.map_or("-".to_string(), |s| s.to_string()),
            row.max_depth,
        )?;
    }
    write_wrapped(
        out,
        &format!(
            "ratios to {base}; positions: distinct positions entered; proof: the proof tree's \
             size where the engine reports one; depth: the deepest ply entered"
        ),
        "",
    )?;
    for row in rows.iter().filter(|r| r.refused.is_some()) {
        let why = row.refused.as_deref().unwrap_or_default();
        write_wrapped(out, &format!("{}: {why}", row.algorithm), "  ")?;
    }
    write_used(out, rows)
}

/// The width `compare` writes within.
const COLUMNS: usize = 80;

/// `text` in lines of at most [`COLUMNS`] columns, the lines after the first indented by
/// `indent`.
fn write_wrapped(out: &mut impl Write, text: &str, indent: &str) -> io::Result<()> {
    let options = textwrap::Options::new(COLUMNS).subsequent_indent(indent);
    for line in textwrap::wrap(text, options) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// "What each run used": the knowledge behind the node counts, aspect by aspect, and a
/// warning when the runs differ in it (their ratios then measure more than the algorithms).
fn write_used(out: &mut impl Write, rows: &[CompareRow]) -> io::Result<()> {
    let ran: Vec<(&str, &Used)> = rows
        .iter()
        .filter_map(|r| Some((r.algorithm.as_str(), r.used.as_ref()?)))
        .collect();
    if ran.is_empty() {
        return Ok(());
    }
    writeln!(out, "what each run used:")?;
    for (algorithm, used) in &ran {
        writeln!(out, "  {algorithm}:")?;
        for (name, words) in used.aspects() {
            write_wrapped(out, &format!("    {name:<9} {words}"), &" ".repeat(14))?;
        }
    }
    if ran.windows(2).any(|w| aids::differ(w[0].1, w[1].1)) {
        write_wrapped(
            out,
            "the runs differ in table, symmetry or pruning: the node ratios measure that \
             knowledge as well as the algorithms",
            "",
        )?;
    }
    Ok(())
}

fn ratio(r: Option<f64>) -> String {
    match r {
        None => "-".to_string(),
        // Large ratios without decimals, so they stay within the column.
        Some(r) if r >= 1000.0 => format!("{r:.0}"),
        Some(r) => format!("{r:.2}"),
    }
}
