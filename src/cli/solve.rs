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
//!
//! `--nodes` and `--time` bound the whole command (issue 17): every puzzle, and in each the
//! root's search and every opening of `--root`, takes from one budget
//! ([`plyscope::search::Limits::left_after`]); a puzzle the budget does not reach is
//! printed as not reached. ctrl-c (SIGINT) stops the searches cooperatively through
//! [`plyscope::search::meter`]: what is known so far is printed and the command exits
//! with [`EXIT_INTERRUPTED`]; a second ctrl-c ends it at once. SIGTERM, which a batch
//! scheduler sends at a job's time limit, does the same, so a shard stopped so still
//! writes what it decided. A progress line runs on
//! stderr when it is a terminal ([`progress`]).

mod progress;
pub mod shard;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use plyscope::puzzle::{self, Puzzle};
use plyscope::run::registry::{self, Refusal, SearchOption};
use plyscope::run::shard::Slice;
use plyscope::run::solve::{Check, SolveReport, root_diagram, solve_puzzle};
use plyscope::run::spec::SearchSpec;
use plyscope::search::{Algorithm, Enhancement, Limits, meter};

use super::memory::{self, MB, parse_max_mem};
use super::verify::{ProofRequest, after_solve};
use super::{AlgorithmParser, EXIT_INTERRUPTED, EXIT_STOPPED, parse_seconds, usage_error_in};

/// Highest `--max-level` accepted: zone orders are small integers and no bundled puzzle
/// needs more than 3; level 9 is also the last that draws as one digit.
pub const MAX_LEVEL: u32 = 9;

/// The exit statuses, as `plyscope solve --help` prints them.
pub const EXIT_HELP: &str = "Exit status: 0 every answer agrees with the puzzle's expected \
one (or the puzzle states none); 1 an error, a refusal, a mismatch, or an answer not reached \
for another reason than a limit; 2 a usage error; 3 a node or time limit stopped a search \
(the reports show what was found: openings classified so far, unknown for the rest; \
puzzles the budget did not reach say so); 130 stopped by ctrl-c (or SIGTERM) after \
printing what was known.";

#[derive(Args, Debug)]
// A negative number after an option is its value, refused in words ("expected a whole
// number, 1 or more"), not an unknown flag with a `-- -5` tip.
#[command(allow_negative_numbers = true)]
pub struct SolveArgs {
    /// Bundled puzzle names (see `plyscope list`) or paths to puzzle files (TOML, or SGF game
    /// records: Go read as AtariGo, or Hex).
    #[arg(value_name = "PUZZLE", required_unless_present = "all")]
    pub puzzles: Vec<String>,
    /// Solve every bundled puzzle and check each against its expected answer.
    #[arg(long)]
    pub all: bool,
    /// The search algorithm (default: the puzzle's own, else its game's: lambda-dfpn for
    /// AtariGo, id for the others).
    #[arg(long, value_parser = AlgorithmParser)]
    pub algo: Option<Algorithm>,
    /// Threat searches and lambda-dfpn: the highest lambda level tried (1-9).
    #[arg(long, value_name = "N", value_parser = parse_level)]
    pub max_level: Option<u32>,
    /// Maximum search depth in plies (threat searches: a draw beyond it; not for the
    /// proof-number searches, which solve to the end of the game).
    #[arg(long, value_name = "D", value_parser = crate::cli::whole_number::<u32>(1, 1000))]
    pub max_depth: Option<u32>,
    /// Threat searches and lambda-dfpn: no relevance zones (every legal move is tried).
    #[arg(long)]
    pub no_zones: bool,
    /// No transposition table (the same as --tt-mb 0).
    #[arg(long, conflicts_with = "tt_mb")]
    pub no_tt: bool,
    /// The alpha-beta family: turn this one enhancement off, to measure what it buys
    /// (table, tt-move, killers, history, eval-sort, quick-eval, tactics, win-loss-probes,
    /// proven-bounds, and etc for the enhanced transposition cutoffs; `bench --ablate`
    /// measures each).
    #[arg(long, value_name = "NAME", value_parser = parse_enhancement)]
    pub without: Option<Enhancement>,
    /// Threat and proof-number searches: classify every root move (thesis figures 5.1-5.3;
    /// proof-number searches: each opening a win, a loss or unknown), one search per move.
    /// On by default where the puzzle lists its winning moves.
    #[arg(long)]
    pub root: bool,
    /// Stop after this many nodes, counted over the whole command (every puzzle, the root's
    /// search and every opening of --root).
    #[arg(long, value_name = "N", value_parser = crate::cli::whole_number::<u64>(1, u64::MAX))]
    pub nodes: Option<u64>,
    /// Stop after this many seconds, counted over the whole command.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// Memory of the tables and trees in MB (MiB; 0 turns the table off; default 64), shared
    /// out between the threads.
    #[arg(long, value_name = "M", value_parser = crate::cli::whole_number::<u64>(0, 16384))]
    pub tt_mb: Option<u64>,
    /// dfpn and lambda-dfpn: the 1+epsilon threshold trick (Pawlewicz and Lew), e.g. 0.25;
    /// 0 turns it off (the default).
    #[arg(long, value_name = "E", value_parser = parse_epsilon)]
    pub epsilon: Option<f32>,
    /// Threads to use (default: every core). dfpn, and lambda-dfpn's last stage (df-pn with
    /// must-play regions), search one position on N threads sharing one table (the answer is
    /// one thread's; the node count varies). pns, pn2 and dfpn with --root search the
    /// openings side by side, one per thread, each with its share of --tt-mb and --nodes;
    /// without limits the report is the one thread's, only sooner.
    #[arg(long, value_name = "N", value_parser = crate::cli::whole_number::<u64>(1, 1024))]
    pub threads: Option<u64>,
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
    #[arg(long, value_name = "N", value_parser = crate::cli::whole_number::<u64>(1, u64::MAX))]
    pub proof_max_positions: Option<u64>,
    /// --proof-out and --verify on Hex: most cells of a connection leaf checked by `verify`
    /// with play inside its cells (a position the attacker's virtual connection decides,
    /// when H-search cannot write the connection's derivation; leaves with a derivation
    /// are checked step by step whatever their size); 0 plays every line out to a finished
    /// game (default 14).
    #[arg(long, value_name = "N", value_parser = crate::cli::whole_number::<usize>(0, u64::MAX))]
    pub proof_max_carrier: Option<usize>,
    /// --proof-out and --verify: the proof starts with MOVE instead of the solver's own
    /// first move, proving that this opening wins (e.g. each winning opening of
    /// `--root`); a move that does not win gives no proof.
    #[arg(long, value_name = "MOVE")]
    pub proof_move: Option<String>,
    /// Memory the command may use for its table, tree and proof, in MB (default: half of
    /// the physical memory); a solve that would need more stops with a message.
    #[arg(long, value_name = "MB", value_parser = parse_max_mem)]
    pub max_mem: Option<u64>,
    /// With --root (pns, pn2, dfpn): do only shard I of N of the root analysis, for N
    /// processes on N machines; item 0 is the root's own search, item 1+r the r-th orbit
    /// of root moves in generator order (a move with its symmetric images), and item k is
    /// shard k mod N + 1's. `plyscope merge` combines the shards' --json reports into the
    /// report of one unsharded run. --nodes and --time bound each shard on its own.
    #[arg(long, value_name = "I/N", value_parser = shard::parse_shard, requires = "root",
          conflicts_with_all = ["all", "proof_out", "verify"])]
    pub shard: Option<Slice>,
    /// With --shard: write the shard's JSON report (what `merge` reads) to FILE, atomically,
    /// instead of printing it.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub out: Option<PathBuf>,
}

/// The cores this process may run on (1 when the system cannot say).
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The threads `--threads` asks for (every core without it); more than the cores here is
/// allowed but said once on stderr, since the threads then share the cores and each adds
/// its own memory (a newcomer review: `--threads 1000` on 2 cores took 2.65 GB silently).
pub fn threads_asked(threads: Option<u64>) -> usize {
    static SAID: std::sync::Once = std::sync::Once::new();
    let cores = every_core();
    let threads = threads.map_or(cores, |n| n as usize);
    if threads > cores {
        SAID.call_once(|| {
            eprintln!(
                "plyscope: --threads {threads} is more than the {cores} cores here: the threads \
                 share them, and each takes its own memory"
            );
        });
    }
    threads
}

/// An enhancement's name (`Enhancement::name`).
pub fn parse_enhancement(text: &str) -> Result<Enhancement, String> {
    Enhancement::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = Enhancement::ALL.iter().map(|e| e.name()).collect();
        format!("unknown enhancement {text:?}; one of {}", names.join(", "))
    })
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
    let options: Vec<SearchSpec> = puzzles
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
    let max_bytes = memory::max_mem_bytes(args.max_mem);
    // The table (or PNS's tree) is allocated at its full size: one larger than --max-mem
    // is refused before any work.
    if let Some(o) = options
        .iter()
        .find(|o| (o.config.tt_mb as u64).saturating_mul(MB) > max_bytes)
    {
        anyhow::bail!(
            "solve stopped: the table needs {} MB (--tt-mb) and --max-mem allows {} MB; \
             raise it with --max-mem {} or lower --tt-mb",
            o.config.tt_mb,
            max_bytes / MB,
            memory::raise_to((o.config.tt_mb as u64).saturating_mul(MB))
        );
    }
    let proof = ProofRequest {
        out: args.proof_out.clone(),
        verify: args.verify,
        max_positions: args.proof_max_positions.map(|n| n as usize),
        max_carrier: args.proof_max_carrier,
        first_move: args.proof_move.clone(),
        max_bytes,
    };
    if proof.first_move.is_some() && !proof.wanted() {
        usage_error_in(
            Some("solve"),
            "--proof-move names the first move of a proof: add --proof-out FILE or --verify"
                .to_string(),
        );
    }
    // A first move that no puzzle could start with is the command line's mistake: say so
    // before any search runs.
    if let Some(mv) = &proof.first_move {
        for p in &puzzles {
            if let Err(why) = p.position.check_move(mv) {
                usage_error_in(
                    Some("solve"),
                    format!(
                        "--proof-move {mv} is not a legal first move of {}: {why}",
                        p.name
                    ),
                );
            }
        }
    }
    // ctrl-c (or SIGTERM, a batch scheduler's time limit): the first stops the searches
    // (they poll the meter's switch) so what is known gets printed; a second, with the
    // switch already set, ends the process at once.
    let stop = meter::stop_flag();
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(
            signal,
            i32::from(EXIT_INTERRUPTED),
            std::sync::Arc::clone(&stop),
        );
        let _ = signal_hook::flag::register(signal, std::sync::Arc::clone(&stop));
    }
    if let Some(slice) = args.shard {
        return shard::run(args, &puzzles, &options, slice);
    }
    // The whole command's budget: --nodes and --time given on the command line.
    let command = Limits {
        nodes: args.nodes,
        time: args.time.map(Duration::from_secs_f64),
        max_depth: None,
    };
    let started = Instant::now();
    let mut spent = 0u64;
    let progress = progress::ProgressLine::start();
    let mut out = io::stdout().lock();
    let mut all_ok = true;
    let mut limited = false;
    let mut written = 0;
    for (i, (p, options)) in puzzles.iter().zip(&options).enumerate() {
        let bundled_by_all = args.all && i < puzzle::bundled().len();
        // `--all` covers what the algorithm can run; the rest is noted, not failed (before
        // the budget: a puzzle skipped is not one left unreached).
        if bundled_by_all
            && let Err(err @ (Refusal::Unsupported { .. } | Refusal::NoGoal(_))) =
                registry::check(p, options.config.algorithm)
        {
            if let Some(line) = &progress {
                line.clear();
            }
            eprintln!("plyscope: skipped: {err}");
            continue;
        }
        let left = (!meter::stop_requested())
            .then(|| command.left_after(started.elapsed(), spent))
            .flatten();
        let Some(left) = left else {
            // The budget or ctrl-c ended the command before this puzzle.
            let why = if meter::stop_requested() {
                "not reached: stopped by ctrl-c or SIGTERM"
            } else {
                "not reached: the command's --nodes/--time budget was spent"
            };
            if let Some(line) = &progress {
                line.clear();
            }
            write_not_reached(&mut out, p, why, args.json, written > 0)?;
            written += 1;
            limited = true;
            continue;
        };
        let mut options = *options;
        options.limits = within(options.limits, &left);
        if let Some(line) = &progress {
            line.puzzle(&p.name, i + 1, puzzles.len());
        }
        meter::set_openings(0, 0);
        let solved = solve_puzzle(p, &options);
        if let Some(line) = &progress {
            line.clear();
        }
        let report = solved?;
        spent = spent.saturating_add(report.nodes);
        // Partial, even where what was found agrees (openings left unknown).
        limited |= report.stopped;
        let failed = (args.all || report.check != Check::NoExpectation) && !report.check.is_ok();
        // An answer not reached because a limit stopped the search is partial (status 3),
        // not wrong.
        let partial = report.stopped && matches!(report.check, Check::NotReached(_));
        if failed && !partial {
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
            let mut lines = Vec::new();
            let proved = after_solve(&proof, p, &options, &report, &mut lines)?;
            let lines = fit_80(&String::from_utf8_lossy(&lines));
            if args.json {
                io::stderr().lock().write_all(lines.as_bytes())?;
            } else {
                out.write_all(lines.as_bytes())?;
            }
            all_ok &= proved;
        }
        written += 1;
        out.flush()?;
    }
    if let Some(line) = progress {
        line.finish();
    }
    out.flush()?;
    Ok(if meter::stop_requested() {
        ExitCode::from(EXIT_INTERRUPTED)
    } else if !all_ok {
        ExitCode::from(1)
    } else if limited {
        ExitCode::from(EXIT_STOPPED)
    } else {
        ExitCode::SUCCESS
    })
}

/// `limits` (the puzzle's own, or the flags') cut down to what is `left` of the command's
/// budget.
fn within(limits: Limits, left: &Limits) -> Limits {
    fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
        match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
    Limits {
        nodes: min(limits.nodes, left.nodes),
        time: min(limits.time, left.time),
        max_depth: limits.max_depth,
    }
}

/// A puzzle the command did not reach: its name and why, as text or as a JSON object with
/// `"result": "unknown"`, `"stopped": true` and a `not-reached` check.
fn write_not_reached(
    out: &mut impl Write,
    p: &Puzzle,
    why: &str,
    json: bool,
    separate: bool,
) -> io::Result<()> {
    if json {
        let object = serde_json::json!({
            "puzzle": p.name,
            "title": p.title,
            "result": "unknown",
            "stopped": true,
            "nodes": 0,
            "check": { "status": "not-reached", "detail": why },
        });
        writeln!(out, "{object}")
    } else {
        if separate {
            writeln!(out)?;
        }
        writeln!(out, "{} ({})", p.title, p.name)?;
        writeln!(out, "check       NOT REACHED: {why}")
    }
}

/// The puzzle's defaults, overridden by the command line; a message when a flag does not
/// apply to the algorithm that would run.
fn options_for(p: &Puzzle, args: &SolveArgs) -> Result<SearchSpec, String> {
    let algorithm = args.algo.unwrap_or_else(|| registry::puzzle_algorithm(p));
    let mut options = SearchSpec::headless(p, algorithm);
    // A flag the registry does not list for the algorithm is refused, with the reason.
    let entry = registry::info(algorithm);
    let given = [
        (SearchOption::MaxLevel, args.max_level.is_some()),
        (SearchOption::Zones, args.no_zones),
        (SearchOption::Root, args.root),
        (SearchOption::Epsilon, args.epsilon.is_some()),
        (SearchOption::MaxDepth, args.max_depth.is_some()),
        (SearchOption::Without, args.without.is_some()),
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
        options.set_max_level(level);
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
        options.set_table_mb(mb as usize);
    }
    if args.no_tt {
        options.set_table_mb(0);
    }
    options.without = args.without;
    if let Some(epsilon) = args.epsilon {
        options.set_epsilon(epsilon);
    }
    options.set_zones(!args.no_zones);
    options.root_analysis |= args.root;
    options.set_threads(threads_asked(args.threads));
    Ok(options)
}

/// The report as text (also `plyscope merge`'s), within 80 columns ([`fit_80`]).
pub fn write_text(out: &mut impl Write, r: &SolveReport) -> io::Result<()> {
    let mut text = Vec::new();
    write_fields(&mut text, r)?;
    out.write_all(fit_80(&String::from_utf8_lossy(&text)).as_bytes())
}

/// `text` with every line wider than 80 columns wrapped at spaces: a labelled line
/// ("winning     a1 b2 ...": a 12-column label) continues under its value, an indented
/// line under its own indent (a terminal over SSH is often 80 wide; a newcomer review saw
/// lines of 83 to 102 columns break mid-word). Other lines are left as they are.
pub fn fit_80(text: &str) -> String {
    const LABEL: usize = 12;
    let mut fitted = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let labelled = body.len() > LABEL
            && body.is_char_boundary(LABEL)
            && !body.starts_with(' ')
            && body[..LABEL].ends_with(' ');
        let indent = body.len() - body.trim_start_matches(' ').len();
        let hang = if labelled { LABEL } else { indent };
        if hang > 0 && hang < 40 && unicode_width::UnicodeWidthStr::width(body) > 80 {
            let continuation = " ".repeat(hang);
            let options = textwrap::Options::new(80).subsequent_indent(&continuation);
            for part in textwrap::wrap(body, options) {
                fitted.push_str(&part);
                fitted.push('\n');
            }
        } else {
            fitted.push_str(line);
        }
    }
    fitted
}

fn write_fields(out: &mut impl Write, r: &SolveReport) -> io::Result<()> {
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
        algorithm.push_str(&format!(", tree memory {} MB", r.tt_mb.max(1)));
    } else if r.tt_mb == 0 {
        algorithm.push_str(", no TT");
    }
    writeln!(out, "algorithm   {algorithm}")?;
    if let Some(goal) = &r.goal {
        writeln!(out, "goal        {goal}")?;
    }
    let result = match (r.plies, r.lambda_level, r.proof_size) {
        (Some(p), _, _) => format!("{} in {}", r.result, plyscope::search::plies(p as u64)),
        (None, Some(level), Some(size)) => {
            format!(
                "{} at lambda level {level} (proof tree of {size} positions)",
                r.result
            )
        }
        (None, None, Some(size)) => format!("{} (proof tree of {size} positions)", r.result),
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
    if let Some(by) = &r.decided_by {
        writeln!(
            out,
            "decided     at the root {by}, before any move was searched"
        )?;
    }
    if !threat && !proof {
        match &r.pv_note {
            Some(note) => writeln!(out, "pv          {} ({note})", dash_if_empty(&r.pv))?,
            None => writeln!(out, "pv          {}", dash_if_empty(&r.pv))?,
        }
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
        // Wrapped to fit 80 columns (the key read "...a draw disproves)" / ", ? not
        // decided..." where a terminal broke it).
        let options = textwrap::Options::new(78)
            .initial_indent("  (")
            .subsequent_indent("   ")
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        for line in textwrap::wrap(&format!("{legend})"), options) {
            writeln!(out, "{line}")?;
        }
    } else if let (true, Some(moves)) = (proof, &r.root_moves) {
        // A tree: the classes as a list.
        let classes: Vec<String> = moves
            .iter()
            .map(|m| format!("{} {}", m.mv, m.class))
            .collect();
        writeln!(out, "root moves  {}", classes.join(", "))?;
    }
    let stopped = match (r.stopped, meter::stop_requested()) {
        (true, true) => " (stopped by ctrl-c or SIGTERM)",
        (true, false) => " (stopped by a limit)",
        (false, _) => "",
    };
    if tree_in_memory {
        writeln!(out, "nodes       {}{stopped}", r.nodes)?;
    } else if proof {
        writeln!(
            out,
            "nodes       {} searched{stopped} (tt hits {}/{})",
            r.nodes, r.tt_hits, r.tt_probes
        )?;
    } else if threat {
        let limit = r
            .depth_limit
            .map_or("none".to_string(), plyscope::search::plies);
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
    // Two counts side by side (issue 18, newcomer review: "nodes 3" next to "proof tree of
    // 72"): the search's nodes are its effort, the proof's positions its size.
    if let (true, Some(size)) = (proof, r.proof_size)
        && size > r.nodes
    {
        writeln!(
            out,
            "            (the search entered {}; its proof tree counts {size} positions,\n             \
             since a position the solver's knowledge decides without searching\n             \
             below it (Hex: an H-search connection) counts every position and\n             \
             move of that decision)",
            plyscope::search::count(r.nodes, "node", "nodes")
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
    writeln!(out, "check       {check}")?;
    // The check is about the root's answer; a root analysis a limit or ctrl-c cut short
    // agrees with it while openings stay undecided, which the check alone did not say (a
    // newcomer review).
    if let Some(moves) = &r.root_moves {
        let unknown = moves.iter().filter(|m| m.class == "unknown").count();
        if unknown > 0 {
            writeln!(
                out,
                "            ({unknown} of {} openings not decided, `?` in the diagram)",
                moves.len()
            )?;
        }
    }
    Ok(())
}

fn dash_if_empty(moves: &[String]) -> String {
    if moves.is_empty() {
        "-".to_string()
    } else {
        moves.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzles_limits_are_cut_down_to_what_is_left_of_the_command() {
        let own = Limits {
            nodes: Some(1_000),
            time: None,
            max_depth: Some(9),
        };
        let left = Limits {
            nodes: Some(400),
            time: Some(Duration::from_secs(3)),
            max_depth: None,
        };
        let cut = within(own, &left);
        assert_eq!(cut.nodes, Some(400));
        assert_eq!(cut.time, Some(Duration::from_secs(3)));
        assert_eq!(cut.max_depth, Some(9));
        assert_eq!(within(own, &Limits::default()), own);
    }
}
