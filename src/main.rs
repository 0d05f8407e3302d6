//! The `plyscope` command line (design.md section 4).
//!
//! Data goes to stdout, diagnostics to stderr. Exit codes: 0 solved as expected, 1 an input
//! error or an answer that does not match the puzzle's `[expect]`, 2 a usage error.
#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use plyscope::puzzle::{self, Puzzle};
use plyscope::search::{Algorithm, Limits};
use plyscope::solve::{Check, SolveOptions, SolveReport, solve_puzzle};
use plyscope::theme::config_file::user_config_dir;
use plyscope::theme::{ColorChoice, Theme, ThemeOptions};
use plyscope::trace::recorder::RecordConfig;
use plyscope::tui::keymap::Keymap;
use plyscope::tui::{self, ExploreOptions};

#[derive(Parser, Debug)]
#[command(
    name = "plyscope",
    version,
    about = "Explore and solve game-tree searches: alpha-beta, transposition tables, iterative deepening"
)]
struct Cli {
    /// Without a command: explore the default puzzle (the textbook tree).
    #[command(subcommand)]
    command: Option<Command>,
}

/// The puzzle `plyscope` without arguments opens: small, and it shows cutoffs at once.
const DEFAULT_PUZZLE: &str = "tree-abc";

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve puzzles headless and print the result, best move, principal variation and counters.
    Solve(SolveArgs),
    /// List the bundled puzzles with their games and expected results.
    List,
    /// Open a puzzle in the terminal explorer and step through its search.
    Explore(ExploreArgs),
}

#[derive(Args, Debug)]
struct ExploreArgs {
    /// A bundled puzzle name (see `plyscope list`) or a path to a puzzle file.
    #[arg(value_name = "PUZZLE", default_value = DEFAULT_PUZZLE)]
    puzzle: String,
    /// The search algorithm (default: the puzzle's own, else id).
    #[arg(long, value_parser = parse_algorithm)]
    algo: Option<Algorithm>,
    /// A bundled theme name (default, light, mono, high-contrast) or a theme file.
    #[arg(long, value_name = "T")]
    theme: Option<String>,
    /// Draw with ASCII only: no box drawing, no ambiguous-width glyphs.
    #[arg(long)]
    ascii: bool,
    /// Colours: auto (from the terminal and NO_COLOR), 16, 256, truecolor or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    color: ColorChoice,
    /// Most search events recorded for replay; the search goes on unrecorded past it.
    #[arg(long, value_name = "N", default_value_t = RecordConfig::DEFAULT_BUDGET,
          value_parser = clap::value_parser!(u64).range(1..=plyscope::trace::store::MAX_EVENTS))]
    record: u64,
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// Bundled puzzle names (see `plyscope list`) or paths to puzzle files.
    #[arg(value_name = "PUZZLE", required_unless_present = "all")]
    puzzles: Vec<String>,
    /// Solve every bundled puzzle and check each against its expected answer.
    #[arg(long)]
    all: bool,
    /// The search algorithm (default: the puzzle's own, else id).
    #[arg(long, value_parser = parse_algorithm)]
    algo: Option<Algorithm>,
    /// Maximum search depth in plies.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=1000))]
    max_depth: Option<u32>,
    /// Stop after this many nodes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    time: Option<f64>,
    /// Transposition table size in MiB (0 turns it off).
    #[arg(long, value_name = "M", default_value_t = 64, value_parser = clap::value_parser!(u64).range(0..=16384))]
    tt_mb: u64,
    /// Print one JSON object per puzzle instead of text.
    #[arg(long)]
    json: bool,
}

fn parse_algorithm(text: &str) -> Result<Algorithm, String> {
    Algorithm::parse(text).ok_or_else(|| {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        format!(
            "unknown algorithm '{text}'; expected one of {}",
            names.join(", ")
        )
    })
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1.0e6 => Ok(s),
        _ => Err(format!(
            "'{text}' is not a time; expected a positive number of seconds such as 2.5"
        )),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Solve(args)) => run_solve(&args),
        Some(Command::List) => run_list(),
        Some(Command::Explore(args)) => run_explore(&args),
        None => run_explore(&ExploreArgs {
            puzzle: DEFAULT_PUZZLE.to_string(),
            algo: None,
            theme: None,
            ascii: false,
            color: ColorChoice::Auto,
            record: RecordConfig::DEFAULT_BUDGET,
        }),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // A closed pipe (`plyscope list | head`) is not an error worth a message.
            if err
                .downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("plyscope: {err}");
            ExitCode::from(1)
        }
    }
}

/// Loads everything the explorer needs (puzzle, theme, keymap) before the terminal is
/// touched, so a bad argument or file gives one line on stderr and exit 1, never a
/// half-drawn screen.
fn run_explore(args: &ExploreArgs) -> anyhow::Result<ExitCode> {
    let puzzle = puzzle::load(&args.puzzle)?;
    let config_dir = user_config_dir();
    let theme = Theme::load(
        &ThemeOptions {
            theme: args.theme.clone(),
            color: args.color,
            ascii: args.ascii,
        },
        |name| std::env::var(name).ok(),
        config_dir.as_deref(),
    )?;
    let keymap = Keymap::load(config_dir.as_deref())?;
    tui::run(ExploreOptions {
        puzzle,
        algorithm: args.algo,
        record: args.record,
        theme,
        keymap,
    })?;
    Ok(ExitCode::SUCCESS)
}

fn run_list() -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    for bundled in puzzle::bundled() {
        let p = puzzle::load(bundled.name)?;
        let expect = p.expect.as_ref().map_or("-".to_string(), |e| e.summary());
        writeln!(
            out,
            "{:<22} {:<8} {:<44} {}",
            bundled.name,
            p.position.game_name(),
            expect,
            p.title
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

fn run_solve(args: &SolveArgs) -> anyhow::Result<ExitCode> {
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
    // Load everything first, so a bad file is reported before any work is done.
    let mut puzzles = Vec::with_capacity(names.len());
    for name in &names {
        puzzles.push(puzzle::load(name)?);
    }
    let mut out = io::stdout().lock();
    let mut all_ok = true;
    for (i, p) in puzzles.iter().enumerate() {
        let options = options_for(p, args);
        let report = solve_puzzle(p, &options);
        if (args.all || report.check != Check::NoExpectation) && !report.check.is_ok() {
            all_ok = false;
        }
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            write_text(&mut out, &report)?;
        }
        out.flush()?;
    }
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The puzzle's defaults, overridden by the command line.
fn options_for(p: &Puzzle, args: &SolveArgs) -> SolveOptions {
    let limits = Limits {
        max_depth: args.max_depth.or(p.limits.max_depth),
        nodes: args.nodes.or(p.limits.nodes),
        time: args.time.or(p.limits.time).map(Duration::from_secs_f64),
    };
    SolveOptions {
        algorithm: args
            .algo
            .or(p.algorithm)
            .unwrap_or(Algorithm::IterativeDeepening),
        limits,
        tt_mb: args.tt_mb as usize,
        root_moves: p.expect.as_ref().is_some_and(|e| e.winning_moves.is_some()),
    }
}

fn write_text(out: &mut impl Write, r: &SolveReport) -> io::Result<()> {
    writeln!(out, "{} ({})", r.title, r.puzzle)?;
    for line in r.diagram.lines() {
        writeln!(out, "  {line}")?;
    }
    writeln!(out, "to move     {}", r.to_move)?;
    writeln!(out, "algorithm   {}", r.algorithm)?;
    let result = match r.plies {
        Some(p) => format!("{} in {p} plies", r.result),
        None if r.result == "unknown" => "unknown within limits".to_string(),
        None => r.result.clone(),
    };
    writeln!(out, "result      {result} (value {})", r.value)?;
    writeln!(out, "best move   {}", r.best_move.as_deref().unwrap_or("-"))?;
    writeln!(
        out,
        "pv          {}",
        if r.pv.is_empty() {
            "-".to_string()
        } else {
            r.pv.join(" ")
        }
    )?;
    if let Some(w) = &r.winning_moves {
        writeln!(
            out,
            "winning     {}",
            if w.is_empty() {
                "-".to_string()
            } else {
                w.join(" ")
            }
        )?;
    }
    writeln!(
        out,
        "depth       {}{}",
        r.depth,
        if r.stopped {
            " (stopped by a limit)"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "nodes       {} (leaves {}, cutoffs {}, tt hits {}/{})",
        r.nodes, r.leaves, r.cutoffs, r.tt_hits, r.tt_probes
    )?;
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
