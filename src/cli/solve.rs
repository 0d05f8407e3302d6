//! `plyscope solve`: solves puzzles headless and prints a report per puzzle, as text or as
//! one JSON object per line.
//!
//! This module parses the flags and prints; the policy is the run layer's
//! ([`plyscope::run::solve::policy`]): every flag overrides the puzzle's own default (its
//! `algorithm` and `[limits]`), and a flag that does not apply to the algorithm that would
//! run is refused, with the reason (a silently ignored flag would make a measurement lie;
//! which algorithm takes which flag is the registry's answer,
//! [`plyscope::run::registry::SearchOption`]). The report's text is
//! [`plyscope::run::solve::report`]'s.
//!
//! `--all` solves every bundled puzzle; a puzzle the chosen algorithm cannot run (a literal
//! tree for threat search, a tree with numeric leaves for proof-number search) is skipped
//! with a note on stderr.
//!
//! `--nodes` and `--time` bound the whole command: every puzzle, and in each the
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
use std::time::Duration;

use clap::Args;

use plyscope::puzzle::{self, Puzzle};
use plyscope::run::shard::Slice;
use plyscope::run::solve::policy::{self, Budget, Overrides};
use plyscope::run::solve::report::write_not_reached;
use plyscope::run::solve::report::{fit_80, write_text};
use plyscope::run::solve::{SolveReport, solve_puzzle};
use plyscope::run::spec::{SearchSpec, Settings};
use plyscope::search::config::MoveOrdering;
use plyscope::search::{Algorithm, Enhancement, meter};

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
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Threat and proof-number searches: classify every root move (Suda, figures 5.1-5.3;
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
/// its own memory (`--threads 1000` on 2 cores once took 2.65 GB silently).
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

/// The flags every command that runs a search takes alike (solve, compare, bench, explore,
/// export), so one puzzle counts the same nodes on each.
#[derive(Args, Debug, Clone, Default)]
pub struct SettingsArgs {
    /// The alpha-beta family's move ordering: none (generator order, as the textbooks
    /// draw their trees), all, or techniques joined by commas (tt-move, killers, history,
    /// eval-sort, quick-eval). Default: none on a literal tree, all on a game.
    #[arg(long, value_name = "O", value_parser = parse_ordering)]
    pub ordering: Option<MoveOrdering>,
}

impl SettingsArgs {
    /// The settings the flags give.
    pub fn settings(&self) -> Settings {
        Settings {
            ordering: self.ordering,
        }
    }
}

/// `--ordering`'s value ([`MoveOrdering::parse`]).
pub fn parse_ordering(text: &str) -> Result<MoveOrdering, String> {
    MoveOrdering::parse(text)
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
    let names = puzzle_names(args);
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
    refuse_tables_over(&options, max_bytes)?;
    let proof = proof_request(args, &puzzles, max_bytes);
    stop_on_signals();
    if let Some(slice) = args.shard {
        return shard::run(args, &puzzles, &options, slice);
    }
    solve_each(args, &puzzles, &options, &proof)
}

/// The puzzles named on the command line, after every bundled one with `--all`.
fn puzzle_names(args: &SolveArgs) -> Vec<String> {
    if args.all {
        let mut names: Vec<String> = puzzle::bundled()
            .iter()
            .map(|b| b.name.to_string())
            .collect();
        names.extend(args.puzzles.iter().cloned());
        names
    } else {
        args.puzzles.clone()
    }
}

/// The table (or PNS's tree) is allocated at its full size: one larger than --max-mem
/// is refused before any work.
fn refuse_tables_over(options: &[SearchSpec], max_bytes: u64) -> anyhow::Result<()> {
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
    Ok(())
}

/// What the proof flags ask for; a `--proof-move` without a proof to start, or one that no
/// puzzle could start with, is the command line's mistake, said before any search runs.
fn proof_request(args: &SolveArgs, puzzles: &[Puzzle], max_bytes: u64) -> ProofRequest {
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
    if let Some(mv) = &proof.first_move {
        for p in puzzles {
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
    proof
}

/// ctrl-c (or SIGTERM, a batch scheduler's time limit): the first stops the searches
/// (they poll the meter's switch) so what is known gets printed; a second, with the
/// switch already set, ends the process at once.
fn stop_on_signals() {
    let stop = meter::stop_flag();
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(
            signal,
            i32::from(EXIT_INTERRUPTED),
            std::sync::Arc::clone(&stop),
        );
        let _ = signal_hook::flag::register(signal, std::sync::Arc::clone(&stop));
    }
}

/// What the loop over the puzzles has seen so far.
#[derive(Default)]
struct Tally {
    /// Every answer agrees (or the puzzle states none) and every proof asked for held.
    all_ok: bool,
    /// A limit stopped a search or left a puzzle unreached.
    limited: bool,
    /// Reports written so far (text reports are separated by a blank line).
    written: usize,
}

/// Solves the puzzles one after the other within the command's budget, printing each
/// report as it comes; the exit status says how they went.
fn solve_each(
    args: &SolveArgs,
    puzzles: &[Puzzle],
    options: &[SearchSpec],
    proof: &ProofRequest,
) -> anyhow::Result<ExitCode> {
    // The whole command's budget: --nodes and --time given on the command line.
    let mut budget = Budget::start(args.nodes, args.time.map(Duration::from_secs_f64));
    let progress = progress::ProgressLine::start();
    let mut out = io::stdout().lock();
    let mut tally = Tally {
        all_ok: true,
        ..Tally::default()
    };
    for (i, (p, options)) in puzzles.iter().zip(options).enumerate() {
        let bundled_by_all = args.all && i < puzzle::bundled().len();
        // `--all` covers what the algorithm can run; the rest is noted, not failed (before
        // the budget: a puzzle skipped is not one left unreached).
        if bundled_by_all && let Some(err) = policy::skipped_by_all(p, options.config.algorithm) {
            if let Some(line) = &progress {
                line.clear();
            }
            eprintln!("plyscope: skipped: {err}");
            continue;
        }
        let Some(options) = budget.next(options) else {
            // The budget or ctrl-c ended the command before this puzzle.
            if let Some(line) = &progress {
                line.clear();
            }
            let why = Budget::why_not_reached();
            write_not_reached(&mut out, p, why, args.json, tally.written > 0)?;
            tally.written += 1;
            tally.limited = true;
            continue;
        };
        if let Some(line) = &progress {
            line.puzzle(&p.name, i + 1, puzzles.len());
        }
        meter::set_openings(0, 0);
        let solved = solve_puzzle(p, &options);
        if let Some(line) = &progress {
            line.clear();
        }
        let report = solved?;
        budget.spend(report.nodes);
        write_solved(&mut out, args, proof, p, &options, &report, &mut tally)?;
    }
    if let Some(line) = progress {
        line.finish();
    }
    out.flush()?;
    Ok(exit_status(&tally))
}

/// One puzzle's report, and its proof's lines when a proof is asked for, counted in the
/// tally.
fn write_solved(
    out: &mut impl Write,
    args: &SolveArgs,
    proof: &ProofRequest,
    p: &Puzzle,
    options: &SearchSpec,
    report: &SolveReport,
    tally: &mut Tally,
) -> anyhow::Result<()> {
    // Partial, even where what was found agrees (openings left unknown).
    tally.limited |= report.stopped;
    // An answer not reached because a limit stopped the search is partial (status 3),
    // not wrong.
    if policy::fails(report) {
        tally.all_ok = false;
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string(report)?)?;
    } else {
        if tally.written > 0 {
            writeln!(out)?;
        }
        write_text(out, report)?;
    }
    // The proof's lines go to stderr with --json, so stdout stays one object per line.
    if proof.wanted() {
        let mut lines = Vec::new();
        let proved = after_solve(proof, p, options, report, &mut lines)?;
        let lines = fit_80(&String::from_utf8_lossy(&lines));
        if args.json {
            io::stderr().lock().write_all(lines.as_bytes())?;
        } else {
            out.write_all(lines.as_bytes())?;
        }
        tally.all_ok &= proved;
    }
    tally.written += 1;
    out.flush()?;
    Ok(())
}

/// The exit status: ctrl-c first, then a wrong answer, then a limit.
fn exit_status(tally: &Tally) -> ExitCode {
    if meter::stop_requested() {
        ExitCode::from(EXIT_INTERRUPTED)
    } else if !tally.all_ok {
        ExitCode::from(1)
    } else if tally.limited {
        ExitCode::from(EXIT_STOPPED)
    } else {
        ExitCode::SUCCESS
    }
}

/// The puzzle's defaults, overridden by the command line; a message when a flag does not
/// apply to the algorithm that would run.
fn options_for(p: &Puzzle, args: &SolveArgs) -> Result<SearchSpec, String> {
    let overrides = Overrides {
        algorithm: args.algo,
        max_level: args.max_level,
        max_depth: args.max_depth,
        no_zones: args.no_zones,
        root: args.root,
        nodes: args.nodes,
        time: args.time.map(Duration::from_secs_f64),
        tt_mb: args.tt_mb.map(|mb| mb as usize),
        no_tt: args.no_tt,
        without: args.without,
        epsilon: args.epsilon,
        settings: args.settings.settings(),
    };
    let mut spec = overrides.spec_for(p)?;
    spec.set_threads(threads_asked(args.threads));
    Ok(spec)
}
