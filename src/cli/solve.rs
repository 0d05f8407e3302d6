//! `plyscope solve`: solves puzzles headless and prints a report per puzzle, as text or as
//! one JSON object per line.
//!
//! Every flag overrides the puzzle's own default (its `algorithm` and `[limits]`). A flag
//! that does not apply to the algorithm that would run is refused, with the reason: a
//! silently ignored flag would make a measurement lie. Which algorithm takes which flag is
//! the registry's answer ([`plyscope::run::registry::SearchOption`]).
//!
//! `--all` solves every bundled puzzle; a puzzle the chosen algorithm cannot run (a literal
//! tree for threat search, a tree with numeric leaves for proof-number search) is skipped
//! with a note on stderr.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use plyscope::puzzle::{self, Puzzle};
use plyscope::run::registry::{self, Refusal, SearchOption};
use plyscope::run::solve::{Check, SolveOptions, SolveReport, root_diagram, solve_puzzle};
use plyscope::search::Algorithm;

use super::verify::{ProofRequest, after_solve};
use super::{AlgorithmParser, parse_seconds, usage_error_in};

/// Highest `--max-level` accepted: zone orders are small integers and no bundled puzzle
/// needs more than 3; level 9 is also the last that draws as one digit.
pub const MAX_LEVEL: u32 = 9;

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Bundled puzzle names (see `plyscope list`) or paths to puzzle files.
    #[arg(value_name = "PUZZLE", required_unless_present = "all")]
    pub puzzles: Vec<String>,
    /// Solve every bundled puzzle and check each against its expected answer.
    #[arg(long)]
    pub all: bool,
    /// The search algorithm (default: the puzzle's own, else id).
    #[arg(long, value_parser = AlgorithmParser)]
    pub algo: Option<Algorithm>,
    /// Threat searches and lambda-dfpn: the highest lambda level tried (1-9).
    #[arg(long, value_name = "N", value_parser = parse_level)]
    pub max_level: Option<u32>,
    /// Maximum search depth in plies (threat searches: a draw beyond it; not for the
    /// proof-number searches, which solve to the end of the game).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub max_depth: Option<u32>,
    /// Threat searches and lambda-dfpn: no relevance zones (every legal move is tried).
    #[arg(long)]
    pub no_zones: bool,
    /// No transposition table (the same as --tt-mb 0).
    #[arg(long, conflicts_with = "tt_mb")]
    pub no_tt: bool,
    /// Threat and proof-number searches: classify every root move (thesis figures 5.1-5.3;
    /// proof-number searches: each opening a win, a loss or unknown), one search per move.
    /// On by default where the puzzle lists its winning moves.
    #[arg(long)]
    pub root: bool,
    /// Stop after this many nodes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// Transposition table size in MiB (0 turns it off; default 64).
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u64).range(0..=16384))]
    pub tt_mb: Option<u64>,
    /// dfpn and lambda-dfpn: the 1+epsilon threshold trick (Pawlewicz and Lew), e.g. 0.25;
    /// 0 turns it off (the default).
    #[arg(long, value_name = "E", value_parser = parse_epsilon)]
    pub epsilon: Option<f32>,
    /// Print one JSON object per puzzle instead of text.
    #[arg(long)]
    pub json: bool,
    /// Save the proof tree of the win to FILE (JSON; check it with `plyscope verify FILE`).
    #[arg(long, value_name = "FILE")]
    pub proof_out: Option<String>,
    /// Extract the proof tree of the win and verify it against the rules alone.
    #[arg(long)]
    pub verify: bool,
    /// --proof-out and --verify: most positions the proof tree may have (default 4000000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub proof_max_positions: Option<u64>,
}

fn parse_level(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (1..=MAX_LEVEL).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{text}' is not a lambda level; expected a whole number from 1 to {MAX_LEVEL} \
             (level 0 is the goal itself and is always searched)"
        )),
    }
}

/// Largest `--epsilon` accepted: thresholds grow by a factor 1 + epsilon, and beyond a few
/// the search is no longer depth-first in any useful sense.
pub const MAX_EPSILON: f32 = 10.0;

/// Parses `--epsilon`: a finite number from 0 to [`MAX_EPSILON`].
pub fn parse_epsilon(text: &str) -> Result<f32, String> {
    match text.trim().parse::<f32>() {
        Ok(e) if e.is_finite() && (0.0..=MAX_EPSILON).contains(&e) => Ok(e),
        _ => Err(format!(
            "'{text}' is not an epsilon; expected a number from 0 (off) to {MAX_EPSILON}, \
             such as 0.25"
        )),
    }
}

pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let names: Vec<String> = if args.all {
        let mut names: Vec<String> = puzzle::bundled()
            .iter()
            .map(|b| b.name.to_string())
            .collect();
        names.extend(args.puzzles.iter().cloned());
        names
    } else {
        args.puzzles.clone()
    };
    // Load and check everything first, so a bad file or flag is reported before any work.
    let mut puzzles = Vec::with_capacity(names.len());
    for name in &names {
        puzzles.push(puzzle::load(name)?);
    }
    let options: Vec<SolveOptions> = puzzles
        .iter()
        .map(|p| {
            options_for(p, args).unwrap_or_else(|message| usage_error_in(Some("solve"), message))
        })
        .collect();
    if args.proof_out.is_some() && names.len() != 1 {
        usage_error_in(
            Some("solve"),
            "--proof-out writes one proof: give exactly one puzzle".to_string(),
        );
    }
    let proof = ProofRequest {
        out: args.proof_out.clone(),
        verify: args.verify,
        max_positions: args.proof_max_positions.map(|n| n as usize),
    };
    let mut out = io::stdout().lock();
    let mut all_ok = true;
    let mut written = 0;
    for (i, (p, options)) in puzzles.iter().zip(&options).enumerate() {
        let bundled_by_all = args.all && i < puzzle::bundled().len();
        let report = match solve_puzzle(p, options) {
            Ok(report) => report,
            // `--all` covers what the algorithm can run; the rest is noted, not failed.
            Err(err @ (Refusal::Unsupported { .. } | Refusal::NoGoal(_))) if bundled_by_all => {
                eprintln!("plyscope: skipped: {err}");
                continue;
            }
            Err(err) => return Err(err.into()),
        };
        if (args.all || report.check != Check::NoExpectation) && !report.check.is_ok() {
            all_ok = false;
        }
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            if written > 0 {
                writeln!(out)?;
            }
            write_text(&mut out, &report)?;
        }
        // The proof's lines go to stderr with --json, so stdout stays one object per line.
        if proof.wanted() {
            let proved = if args.json {
                after_solve(&proof, p, options, &report, &mut io::stderr().lock())?
            } else {
                after_solve(&proof, p, options, &report, &mut out)?
            };
            all_ok &= proved;
        }
        written += 1;
        out.flush()?;
    }
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The puzzle's defaults, overridden by the command line; a message when a flag does not
/// apply to the algorithm that would run.
fn options_for(p: &Puzzle, args: &SolveArgs) -> Result<SolveOptions, String> {
    let algorithm = args
        .algo
        .or(p.algorithm)
        .unwrap_or(Algorithm::IterativeDeepening);
    let mut options = SolveOptions::for_puzzle_with(p, algorithm);
    // A flag the registry does not list for the algorithm is refused, with the reason.
    let entry = registry::info(algorithm);
    let given = [
        (SearchOption::MaxLevel, args.max_level.is_some()),
        (SearchOption::Zones, args.no_zones),
        (SearchOption::Root, args.root),
        (SearchOption::Epsilon, args.epsilon.is_some()),
        (SearchOption::MaxDepth, args.max_depth.is_some()),
    ];
    if let Some((option, _)) = given
        .into_iter()
        .find(|&(option, set)| set && !entry.takes(option))
    {
        return Err(format!(
            "{} applies to {} only; {} runs {algorithm} ({})",
            option.flag(),
            option.applies_to(),
            p.name,
            option.hint()
        ));
    }
    if let Some(level) = args.max_level {
        options.max_level = Some(level);
    }
    if let Some(depth) = args.max_depth {
        options.limits.max_depth = Some(depth);
    }
    if let Some(nodes) = args.nodes {
        options.limits.nodes = Some(nodes);
    }
    if let Some(seconds) = args.time {
        options.limits.time = Some(Duration::from_secs_f64(seconds));
    }
    if let Some(mb) = args.tt_mb {
        options.tt_mb = mb as usize;
    }
    if args.no_tt {
        options.tt_mb = 0;
    }
    if let Some(epsilon) = args.epsilon {
        options.epsilon = epsilon;
    }
    options.zones = !args.no_zones;
    options.root_moves |= args.root;
    Ok(options)
}

fn write_text(out: &mut impl Write, r: &SolveReport) -> io::Result<()> {
    writeln!(out, "{} ({})", r.title, r.puzzle)?;
    for line in r.diagram.lines() {
        writeln!(out, "  {line}")?;
    }
    writeln!(out, "to move     {}", r.to_move)?;
    // Threat searches report a level, not a value, a distance or a line; proof-number
    // searches a goal proven or disproven.
    let threat = r.max_level.is_some() && r.goal.is_none();
    let proof = r.goal.is_some();
    let mut algorithm = r.algorithm.clone();
    if let Some(level) = r.max_level {
        algorithm.push_str(&format!(", max level {level}"));
    }
    if r.zones == Some(false) {
        algorithm.push_str(", no zones");
    }
    if let Some(epsilon) = r.epsilon.filter(|&e| e > 0.0) {
        algorithm.push_str(&format!(", epsilon {epsilon}"));
    }
    // PNS and PN² keep their trees in `tt_mb` of memory (at least 1 MiB); df-pn and
    // lambda-df-pn (the ones with an epsilon) use it for their tables.
    let tree_in_memory = proof && r.epsilon.is_none();
    if tree_in_memory {
        algorithm.push_str(&format!(", tree memory {} MiB", r.tt_mb.max(1)));
    } else if r.tt_mb == 0 {
        algorithm.push_str(", no TT");
    }
    writeln!(out, "algorithm   {algorithm}")?;
    if let Some(goal) = &r.goal {
        writeln!(out, "goal        {goal}")?;
    }
    let result = match (r.plies, r.lambda_level, r.proof_size) {
        (Some(p), _, _) => format!("{} in {p} plies", r.result),
        (None, Some(level), Some(size)) => {
            format!(
                "{} at lambda level {level} (proof tree of {size} nodes)",
                r.result
            )
        }
        (None, None, Some(size)) => format!("{} (proof tree of {size} nodes)", r.result),
        (None, Some(level), None) => format!("{} at lambda level {level}", r.result),
        (None, None, None) if r.result == "unknown" => "unknown within limits".to_string(),
        (None, None, None) => r.result.clone(),
    };
    if threat || proof {
        writeln!(out, "result      {result}")?;
    } else {
        writeln!(out, "result      {result} (value {})", r.value)?;
    }
    writeln!(out, "best move   {}", r.best_move.as_deref().unwrap_or("-"))?;
    if !threat && !proof {
        writeln!(out, "pv          {}", dash_if_empty(&r.pv))?;
    }
    if let Some(w) = &r.winning_moves {
        writeln!(out, "winning     {}", dash_if_empty(w))?;
    }
    if let Some(drawn) = &r.root_diagram {
        writeln!(out, "root moves")?;
        for line in drawn.lines() {
            writeln!(out, "  {line}")?;
        }
        let legend = if proof {
            root_diagram::PROOF_LEGEND
        } else {
            root_diagram::LEGEND
        };
        writeln!(out, "  ({legend})")?;
    } else if let (true, Some(moves)) = (proof, &r.root_moves) {
        // A tree: the classes as a list.
        let classes: Vec<String> = moves
            .iter()
            .map(|m| format!("{} {}", m.mv, m.class))
            .collect();
        writeln!(out, "root moves  {}", classes.join(", "))?;
    }
    let stopped = if r.stopped {
        " (stopped by a limit)"
    } else {
        ""
    };
    if tree_in_memory {
        writeln!(out, "nodes       {}{stopped}", r.nodes)?;
    } else if proof {
        writeln!(
            out,
            "nodes       {}{stopped} (tt hits {}/{})",
            r.nodes, r.tt_hits, r.tt_probes
        )?;
    } else if threat {
        let limit = r
            .depth_limit
            .map_or("none".to_string(), |d| format!("{d} plies"));
        writeln!(out, "depth limit {limit}{stopped}")?;
        writeln!(
            out,
            "nodes       {} (tt hits {}/{})",
            r.nodes, r.tt_hits, r.tt_probes
        )?;
    } else {
        writeln!(out, "depth       {}{stopped}", r.depth)?;
        writeln!(
            out,
            "nodes       {} (leaves {}, cutoffs {}, tt hits {}/{})",
            r.nodes, r.leaves, r.cutoffs, r.tt_hits, r.tt_probes
        )?;
    }
    writeln!(
        out,
        "time        {:.3} s ({:.0} nodes/s)",
        r.seconds, r.nodes_per_second
    )?;
    let check = match &r.check {
        Check::NoExpectation => "no expected answer in the puzzle".to_string(),
        Check::Agrees => "agrees with the expected answer".to_string(),
        Check::NotReached(d) => format!("NOT REACHED: {d}"),
        Check::Disagrees(d) => format!("MISMATCH: {d}"),
    };
    writeln!(out, "check       {check}")
}

fn dash_if_empty(moves: &[String]) -> String {
    if moves.is_empty() {
        "-".to_string()
    } else {
        moves.join(" ")
    }
}
