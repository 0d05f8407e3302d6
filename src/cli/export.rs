//! `plyscope export`: records a puzzle's search and writes it as Graphviz DOT (the annotated
//! search tree), JSON (the trace's events) or SGF (a proof tree), to stdout or `-o FILE`
//! ([`plyscope::export`]). A cut at `--max-nodes` is noted in the output and on stderr.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::anyhow;
use clap::Args;

use plyscope::atomic_file;
use plyscope::export::{self, ExportOptions, Format};
use plyscope::puzzle;
use plyscope::run::registry::{self, SearchOption};
use plyscope::search::Algorithm;

use super::AlgorithmParser;
use super::solve::SettingsArgs;

#[derive(Args, Debug)]
// A negative number after an option is its value, refused in words ("expected a whole
// number, 1 or more"), not an unknown flag with a `-- -5` tip.
#[command(allow_negative_numbers = true)]
pub struct ExportArgs {
    /// A bundled puzzle name (see `plyscope list`) or a path to a puzzle file (TOML, or an SGF
    /// game record: Go read as AtariGo, or Hex).
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,
    /// The search algorithm (default: the puzzle's own, else its game's: lambda-dfpn for
    /// AtariGo, id for the others).
    #[arg(long, value_parser = AlgorithmParser)]
    pub algo: Option<Algorithm>,
    /// dot: the annotated search tree (Graphviz); json: the trace's events; sgf: the proof
    /// tree (stone games).
    #[arg(long, value_name = "F", value_parser = parse_format)]
    pub format: Format,
    /// Most nodes written; the rest are summarised in a "... N more nodes" note.
    #[arg(long, value_name = "N", default_value_t = ExportOptions::DEFAULT_MAX_NODES,
          value_parser = parse_max_nodes)]
    pub max_nodes: usize,
    /// Most search events recorded; the search goes on unrecorded past it.
    #[arg(long, value_name = "N", default_value_t = ExportOptions::DEFAULT_RECORD,
          value_parser = crate::cli::whole_number::<u64>(1, plyscope::trace::store::MAX_EVENTS))]
    pub record: u64,
    /// Stop the search after this many nodes (on top of the puzzle's own limits).
    #[arg(long, value_name = "N", value_parser = crate::cli::whole_number::<u64>(1, u64::MAX))]
    pub nodes: Option<u64>,
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn parse_max_nodes(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "'{text}' is not a node count; expected a whole number >= 1"
        )),
    }
}

fn parse_format(text: &str) -> Result<Format, String> {
    Format::parse(text).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        format!(
            "unknown format '{text}'; expected one of {}",
            names.join(", ")
        )
    })
}

/// Writes the export to `path` atomically ([`plyscope::atomic_file`]): an error or an
/// interrupt never leaves half an export under the name asked for.
fn write_file(
    puzzle: &plyscope::puzzle::Puzzle,
    format: Format,
    options: &ExportOptions,
    path: &Path,
) -> anyhow::Result<plyscope::export::ExportSummary> {
    let cannot = |e: &dyn std::fmt::Display| anyhow!("cannot write {}: {e}", path.display());
    let temp = atomic_file::temporary_for(path).map_err(|e| cannot(&e))?;
    let mut out = BufWriter::new(temp);
    // On an error `out` is dropped with the temporary file, which removes it.
    let summary = export::export(puzzle, format, options, &mut out)?;
    let temp = out.into_inner().map_err(|e| cannot(e.error()))?;
    atomic_file::commit(temp, path).map_err(|e| cannot(&e))?;
    Ok(summary)
}

pub fn run(args: &ExportArgs) -> anyhow::Result<ExitCode> {
    let puzzle = puzzle::load(&args.puzzle)?;
    let options = ExportOptions {
        algorithm: args.algo,
        max_nodes: args.max_nodes,
        record: args.record,
        nodes: args.nodes,
        settings: args.settings.settings(),
    };
    // A setting the search would not take is refused as `solve` refuses it.
    let algorithm = export::algorithm_for(&puzzle, &options);
    if options.settings.ordering.is_some()
        && !registry::info(algorithm).takes(SearchOption::Ordering)
    {
        super::usage_error_in(
            Some("export"),
            format!(
                "--ordering applies to {} only; {} runs {algorithm} ({})",
                SearchOption::Ordering.applies_to(),
                puzzle.name,
                SearchOption::Ordering.hint()
            ),
        );
    }
    let summary = match &args.output {
        Some(path) => write_file(&puzzle, args.format, &options, path)?,
        None => {
            let mut out = BufWriter::new(io::stdout().lock());
            let summary = export::export(&puzzle, args.format, &options, &mut out)?;
            out.flush()?;
            summary
        }
    };
    if summary.omitted() > 0 {
        eprintln!(
            "plyscope: export cut at --max-nodes {}: {} of {} nodes written, {} not shown",
            args.max_nodes,
            summary.written,
            summary.nodes,
            plyscope::search::count(summary.omitted() as u64, "more node", "more nodes")
        );
    }
    if summary.unrecorded > 0 {
        eprintln!(
            "plyscope: the record ended after {} events (--record {}); {} more events of the \
             search are not in the export",
            summary.events, args.record, summary.unrecorded
        );
    }
    Ok(ExitCode::SUCCESS)
}
