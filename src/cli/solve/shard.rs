//! `plyscope solve PUZZLE --root --shard I/N`: one shard of a root analysis
//! ([`plyscope::run::shard`] says which work is whose), printed as a short text summary or,
//! with `--json`, as the report `plyscope merge` reads; `--out FILE` writes that JSON to
//! FILE atomically ([`plyscope::atomic_file`]), so a job killed mid-write leaves no
//! half-written shard for `merge` to trip over.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use plyscope::atomic_file;
use plyscope::puzzle::Puzzle;
use plyscope::run::shard::{SHARDABLE, ShardError, ShardReport, Slice, solve_shard};
use plyscope::run::spec::SearchSpec;
use plyscope::search::meter;

use super::super::{EXIT_INTERRUPTED, EXIT_STOPPED, usage_error_in};
use super::SolveArgs;

/// Parses `--shard`: `I/N` with `1 <= I <= N` ([`Slice::parse`]).
pub fn parse_shard(text: &str) -> Result<Slice, String> {
    Slice::parse(text)
}

/// Runs shard `slice` of the one puzzle of `puzzles` with its `options` (checked and cut to
/// the command's flags by the caller) and prints or writes its report.
pub fn run(
    args: &SolveArgs,
    puzzles: &[Puzzle],
    options: &[SearchSpec],
    slice: Slice,
) -> anyhow::Result<ExitCode> {
    let ([p], [options]) = (puzzles, options) else {
        usage_error_in(
            Some("solve"),
            format!(
                "--shard splits the root analysis of one puzzle: give exactly one (got {})",
                puzzles.len()
            ),
        );
    };
    if !SHARDABLE.contains(&options.config.algorithm) {
        usage_error_in(
            Some("solve"),
            ShardError::NotShardable {
                puzzle: p.name.clone(),
                algorithm: options.config.algorithm,
            }
            .to_string(),
        );
    }
    let report = solve_shard(p, options, slice)?;
    let json = serde_json::to_string(&report)?;
    match &args.out {
        Some(path) => {
            write_atomically(path, &json)?;
            let stopped = if report.stopped {
                " (stopped before the end: its undecided moves stay unknown in a merge)"
            } else {
                ""
            };
            eprintln!(
                "plyscope: shard {slice} of {}: {} root moves, written to {}{stopped}",
                p.name,
                report.moves.len(),
                path.display()
            );
        }
        None => {
            let mut out = io::stdout().lock();
            if args.json {
                writeln!(out, "{json}")?;
            } else {
                write_text(&mut out, &report)?;
            }
            out.flush()?;
        }
    }
    Ok(if meter::stop_requested() {
        ExitCode::from(EXIT_INTERRUPTED)
    } else if report.is_stopped() {
        ExitCode::from(EXIT_STOPPED)
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes `text` and a newline to `path` through a temporary file and a rename.
pub fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    let write = || -> io::Result<()> {
        let mut temp = atomic_file::temporary_for(path)?;
        temp.write_all(text.as_bytes())?;
        temp.write_all(b"\n")?;
        atomic_file::commit(temp, path)
    };
    write().map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}

/// The shard as text: which shard, the root's answer when it is this shard's, the moves.
fn write_text(out: &mut impl Write, r: &ShardReport) -> io::Result<()> {
    writeln!(out, "{} ({}), shard {}", r.title, r.puzzle, r.shard)?;
    writeln!(out, "algorithm   {}", r.settings.algorithm)?;
    match &r.root {
        Some(root) => writeln!(
            out,
            "root        {}{} ({})",
            root.result,
            root.best_move
                .as_deref()
                .map_or(String::new(), |m| format!(", best move {m}")),
            plyscope::search::count(root.stats.nodes, "node", "nodes")
        )?,
        None => writeln!(out, "root        searched by shard 1/{}", r.shard.count)?,
    }
    let moves: Vec<String> = r
        .moves
        .iter()
        .map(|m| format!("{} {}", m.mv, m.class))
        .collect();
    writeln!(
        out,
        "moves       {} of {}: {}",
        r.moves.len(),
        r.root_move_count,
        if moves.is_empty() {
            "-".to_string()
        } else {
            moves.join(", ")
        }
    )?;
    let stopped = if r.is_stopped() {
        " (stopped by a limit)"
    } else {
        ""
    };
    let nodes = r.stats.nodes + r.root.as_ref().map_or(0, |root| root.stats.nodes);
    writeln!(out, "nodes       {nodes}{stopped}")?;
    writeln!(
        out,
        "merge       plyscope merge FILES... (the --json reports of all {} shards)",
        r.shard.count
    )
}
