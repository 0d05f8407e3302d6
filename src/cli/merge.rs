//! `plyscope merge FILES...`: the shards of a root analysis (`solve PUZZLE --root --shard
//! I/N --json`, [`plyscope::run::shard`]) combined into the report one unsharded
//! `solve PUZZLE --root` prints: the value, the winning moves and every move's class as
//! that run finds them, node counts summed, and the time as the CPU total of the shards'
//! searches (said in the report: it is not a wall time). The puzzle is loaded again by the
//! name the shards carry (a bundled name, or the same path), to draw the board and check
//! the answer against its `[expect]`.
//!
//! Refused, naming the file: a file that is not a shard report, shards of different
//! puzzles, positions, settings or plyscope versions, a shard given twice, a missing shard.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::anyhow;
use clap::Args;

use plyscope::puzzle;
use plyscope::run::shard::{self, ShardFile};
use plyscope::run::solve::{Check, SolveReport};
use plyscope::text_file;

use super::EXIT_STOPPED;
use super::solve::shard::write_atomically;
use plyscope::run::solve::report::{fit_80, write_text};

/// The exit statuses, as `plyscope merge --help` prints them.
pub const EXIT_HELP: &str = "Exit status: 0 merged, and the answer agrees with the puzzle's \
expected one (or it states none); 1 a file or set of shards refused, or a mismatch; 2 a usage \
error; 3 a limit stopped a shard's search (openings left unknown).";

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shards' reports (`plyscope solve PUZZLE --root --shard I/N --json`), every shard
    /// 1/N to N/N exactly once, in any order.
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,
    /// Print the merged report as one JSON object (the unsharded `solve --json` report, and
    /// a "merged" object saying how many shards and that times are CPU totals).
    #[arg(long)]
    pub json: bool,
    /// Write the merged report to FILE, atomically, instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: &MergeArgs) -> anyhow::Result<ExitCode> {
    let mut shards = Vec::with_capacity(args.files.len());
    for path in &args.files {
        let name = path.display().to_string();
        let text = text_file::read_capped(path, text_file::BASELINE_CAP, "a shard report")
            .map_err(|e| anyhow!("cannot read the shard {name}: {}", text_file::io_reason(&e)))?;
        shards.push(shard::parse_shard(&name, &text)?);
    }
    shard::check_set(&shards)?;
    let first = &shards[0];
    let p = puzzle::load(&first.report.puzzle).map_err(|e| {
        anyhow!(
            "{}: the shards name the puzzle {}, which cannot be loaded here: {e}",
            first.file,
            first.report.puzzle
        )
    })?;
    let report = shard::merge(&p, &shards)?;
    let mut text = Vec::new();
    if args.json {
        writeln!(
            text,
            "{}",
            serde_json::to_string(&merged_json(&report, &shards)?)?
        )?;
    } else {
        write_text(&mut text, &report)?;
        let merged = format!(
            "merged      {} shards: nodes summed, time is the CPU total of their searches \
             (their times summed, not a wall time)\n",
            shards.len()
        );
        text.extend_from_slice(fit_80(&merged).as_bytes());
    }
    let text = String::from_utf8(text)?;
    match &args.out {
        Some(path) => write_atomically(path, text.trim_end_matches('\n'))?,
        None => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    let failed = report.check != Check::NoExpectation && !report.check.is_ok();
    let partial = report.stopped && matches!(report.check, Check::NotReached(_));
    Ok(if failed && !partial {
        ExitCode::from(1)
    } else if report.stopped {
        ExitCode::from(EXIT_STOPPED)
    } else {
        ExitCode::SUCCESS
    })
}

/// The unsharded report's JSON with a `merged` object: the shard count, the files, and
/// what `seconds` means here.
fn merged_json(report: &SolveReport, shards: &[ShardFile]) -> anyhow::Result<serde_json::Value> {
    let mut value = serde_json::to_value(report)?;
    if let Some(object) = value.as_object_mut() {
        object.insert(
            "merged".to_string(),
            serde_json::json!({
                "shards": shards.len(),
                "files": shards.iter().map(|s| s.file.as_str()).collect::<Vec<_>>(),
                "seconds": "cpu-total",
                "plyscope": shards[0].report.plyscope,
            }),
        );
    }
    Ok(value)
}
