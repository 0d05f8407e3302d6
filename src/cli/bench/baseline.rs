//! Bench baselines: `plyscope bench --save FILE` keeps a run,
//! `--baseline FILE` compares a run with a kept one.
//!
//! Node counts are a signature of the search: they are deterministic, so
//! any change is flagged (`CHANGED nodes a -> b`). Times are noisy, so they are compared as
//! ratios, now over then: above `--tolerance` (default 1.25) a row is flagged `slower`, below
//! its inverse `faster`; rows that took under [`MIN_COMPARED_SECONDS`] both times are too
//! short to time and are not flagged. A changed result (the answer, or whether the node cap
//! stopped the row) is an error: the command then exits with status 1. Rows are matched by
//! puzzle and variant (algorithm, no zones, no TT, all openings); rows only one of the runs
//! has are listed as new or not run, which is not an error (a `--filter` selects fewer).
//!
//! The file is JSON ([`BaselineFile`]), written through a temporary file and a rename, so an
//! interrupted save never leaves half a baseline.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::anyhow;
use clap::Args;
use serde::{Deserialize, Serialize};

use plyscope::atomic_file;
use plyscope::run::solve::SolveReport;

use super::Row;

/// The `format` field of a baseline file.
pub const FORMAT: &str = "plyscope-bench";
/// The version of the file this build writes and reads.
pub const VERSION: u32 = 1;
/// Rows faster than this both times (in seconds) are not compared by time: a millisecond
/// row's time is mostly the machine's noise.
pub const MIN_COMPARED_SECONDS: f64 = 0.05;
/// The default of `--tolerance`.
pub const DEFAULT_TOLERANCE: f64 = 1.25;

/// The flags of `plyscope bench` that save and compare runs.
#[derive(Args, Clone, Debug, Default, PartialEq)]
pub struct BaselineArgs {
    /// Save this run (rows, nodes, times, results, machine, version) as a JSON baseline.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Compare this run with a saved baseline: node counts exactly, times as ratios,
    /// results (a changed result exits with status 1).
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Time ratio beyond which a row is flagged slower (and below 1/T faster); default 1.25.
    #[arg(long, value_name = "T", value_parser = parse_tolerance, requires = "baseline")]
    pub tolerance: Option<f64>,
    /// A note saved with the run (the machine, what changed), shown when comparing.
    #[arg(long, value_name = "TEXT", requires = "save")]
    pub note: Option<String>,
}

fn parse_tolerance(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if t.is_finite() && t >= 1.0 => Ok(t),
        _ => Err(format!(
            "'{text}' is not a tolerance; expected a time ratio of at least 1, such as 1.25"
        )),
    }
}

/// A saved run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BaselineFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The plyscope version that ran it.
    pub plyscope: String,
    /// The source's git revision, when the binary runs from its source tree.
    pub git_rev: Option<String>,
    /// Operating system, architecture, threads, CPU model, and the `--note`.
    pub machine: String,
    pub note: Option<String>,
    /// The node cap of the run (`--nodes`) and its filter.
    pub node_cap: u64,
    pub filter: Option<String>,
    pub rows: Vec<SavedRow>,
}

/// One row of a saved run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedRow {
    pub puzzle: String,
    /// The algorithm and its variant as the table prints it: "lambda no zones".
    pub variant: String,
    /// The result as the table prints it: "win 11 plies", "4+ 12- 0?", "stopped".
    pub result: String,
    pub nodes: u64,
    pub seconds: f64,
    /// True when the node cap (or the puzzle's own limit) stopped the search.
    pub stopped: bool,
    /// The node count varies from run to run (a df-pn search on several threads): a
    /// difference is not flagged. Absent from older baselines (false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub nodes_vary: bool,
    /// `--threads` of the run (0: not known: a merged report, or a baseline from before it
    /// was saved).
    #[serde(default)]
    pub threads: usize,
}

impl SavedRow {
    pub(super) fn of(row: &Row) -> SavedRow {
        SavedRow {
            puzzle: row.puzzle.clone(),
            variant: row.label(),
            result: row.result_text(),
            nodes: row.nodes,
            seconds: row.seconds,
            stopped: row.stopped,
            nodes_vary: row.nodes_vary,
            threads: row.threads,
        }
    }
}

/// How one row compares with the baseline.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RowComparison {
    pub puzzle: String,
    pub variant: String,
    /// `same`, `changed` (node count or time flagged), `result-changed`, `new` (not in the
    /// baseline) or `not-run` (in the baseline only).
    pub status: &'static str,
    pub nodes_before: Option<u64>,
    pub nodes_after: Option<u64>,
    pub seconds_before: Option<f64>,
    pub seconds_after: Option<f64>,
    /// Now over then (`None` when either is missing or both too short to compare).
    pub time_ratio: Option<f64>,
    pub result_before: Option<String>,
    pub result_after: Option<String>,
    /// What is flagged, in words: "CHANGED nodes 10 -> 12", "slower x1.40".
    pub flags: Vec<String>,
}

/// The comparison of a run with a baseline.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The baseline file.
    pub baseline: String,
    pub baseline_plyscope: String,
    pub baseline_git_rev: Option<String>,
    pub baseline_machine: String,
    pub baseline_note: Option<String>,
    pub tolerance: f64,
    pub rows: Vec<RowComparison>,
    pub nodes_changed: usize,
    pub slower: usize,
    pub faster: usize,
    pub results_changed: usize,
}

impl Comparison {
    /// True when a result changed: the run fails.
    pub fn has_errors(&self) -> bool {
        self.results_changed > 0
    }
}

/// Reads a baseline, with a message naming the file (and line and column for JSON errors).
pub fn load(path: &Path) -> anyhow::Result<BaselineFile> {
    let text = plyscope::text_file::read_capped(
        path,
        plyscope::text_file::BASELINE_CAP,
        "a bench baseline",
    )
    .map_err(|e| {
        anyhow!(
            "cannot read the baseline {}: {}",
            path.display(),
            plyscope::text_file::io_reason(&e)
        )
    })?;
    if let Some(file) = of_solve_reports(path, &text)? {
        return Ok(file);
    }
    let file: BaselineFile = serde_json::from_str(&text).map_err(|e| {
        anyhow!(
            "{}:{}:{}: not a plyscope bench baseline: {}",
            path.display(),
            e.line(),
            e.column(),
            strip_position(&e.to_string())
        )
    })?;
    if file.format != FORMAT {
        anyhow::bail!(
            "{}: not a plyscope bench baseline: format is {:?}, expected {FORMAT:?}",
            path.display(),
            file.format
        );
    }
    if file.version != VERSION {
        anyhow::bail!(
            "{}: baseline version {} is not supported (this plyscope reads version {VERSION}); \
             save a new one with --save",
            path.display(),
            file.version
        );
    }
    Ok(file)
}

/// A baseline made of solve reports (`plyscope solve --json`, one object per line, or the
/// merged report of `plyscope merge --json`): one row per report, labelled as the bench
/// labels its rows ("dfpn all openings" for a root analysis), so the bench's row of the same
/// puzzle and variant is compared with the cluster's figures. A merged report's time is
/// the CPU total of its shards: compare it with `--tolerance` to spare. `Ok(None)` when
/// `text` is not solve reports (a bench baseline, or something else for the caller to
/// refuse); a shard's report is refused: merge the shards first.
fn of_solve_reports(path: &Path, text: &str) -> anyhow::Result<Option<BaselineFile>> {
    let mut values = Vec::new();
    for value in serde_json::Deserializer::from_str(text).into_iter::<serde_json::Value>() {
        match value {
            Ok(v) => values.push(v),
            Err(_) => return Ok(None),
        }
    }
    if values
        .iter()
        .any(|v| v.get("format").and_then(|f| f.as_str()) == Some(plyscope::run::shard::FORMAT))
    {
        anyhow::bail!(
            "{}: a shard's report, not a baseline: merge the shards first              (plyscope merge FILES... --json)",
            path.display()
        );
    }
    let is_report = |v: &serde_json::Value| {
        v.get("format").is_none()
            && ["puzzle", "algorithm", "result", "nodes", "seconds", "check"]
                .iter()
                .all(|k| v.get(k).is_some())
    };
    if values.is_empty() || !values.iter().all(is_report) {
        return Ok(None);
    }
    let mut rows = Vec::with_capacity(values.len());
    let mut shards = 0;
    let mut version = None;
    for (i, value) in values.into_iter().enumerate() {
        let merged = value.get("merged");
        shards += merged
            .and_then(|m| m.get("shards"))
            .and_then(|n| n.as_u64())
            .unwrap_or(0);
        version = version.or_else(|| {
            merged
                .and_then(|m| m.get("plyscope"))
                .and_then(|v| v.as_str())
                .map(str::to_string)
        });
        let report: SolveReport = serde_json::from_value(value).map_err(|e| {
            anyhow!(
                "{}: report {}: not a plyscope solve report: {e}",
                path.display(),
                i + 1
            )
        })?;
        rows.push(SavedRow::of(&Row::of_report(report)));
    }
    let machine = if shards > 0 {
        format!("merged from {shards} shards, times are CPU totals")
    } else {
        "solve reports".to_string()
    };
    Ok(Some(BaselineFile {
        format: FORMAT.to_string(),
        version: VERSION,
        plyscope: version.unwrap_or_else(|| "version not recorded".to_string()),
        git_rev: None,
        machine,
        note: None,
        node_cap: 0,
        filter: None,
        rows,
    }))
}

/// serde_json's message without its own " at line L column C" (the caller puts the position
/// first, as compilers do).
fn strip_position(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |at| &message[..at])
}

/// The run as a baseline file.
pub fn baseline_of(
    rows: &[Row],
    node_cap: u64,
    filter: Option<&str>,
    note: Option<&str>,
) -> BaselineFile {
    BaselineFile {
        format: FORMAT.to_string(),
        version: VERSION,
        plyscope: env!("CARGO_PKG_VERSION").to_string(),
        git_rev: git_rev(),
        machine: machine(),
        note: note.map(str::to_string),
        node_cap,
        filter: filter.map(str::to_string),
        rows: rows.iter().map(SavedRow::of).collect(),
    }
}

/// Writes `file` to `path` atomically ([`plyscope::atomic_file`]).
pub fn save(path: &Path, file: &BaselineFile) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(file)?;
    let write = || -> io::Result<()> {
        let mut temp = atomic_file::temporary_for(path)?;
        temp.write_all(text.as_bytes())?;
        temp.write_all(b"\n")?;
        atomic_file::commit(temp, path)
    };
    write().map_err(|e| anyhow!("cannot save the baseline {}: {e}", path.display()))
}

/// Compares the run's `rows` with `base` (`path` names it in the report).
pub fn compare(path: &Path, base: &BaselineFile, rows: &[Row], tolerance: f64) -> Comparison {
    let now: Vec<SavedRow> = rows.iter().map(SavedRow::of).collect();
    let mut out = Vec::new();
    for row in &now {
        let before = base
            .rows
            .iter()
            .find(|b| b.puzzle == row.puzzle && b.variant == row.variant);
        out.push(compare_row(before, Some(row), tolerance));
    }
    for b in &base.rows {
        if !now
            .iter()
            .any(|r| r.puzzle == b.puzzle && r.variant == b.variant)
        {
            out.push(compare_row(Some(b), None, tolerance));
        }
    }
    let count = |needle: &str| {
        out.iter()
            .filter(|r| r.flags.iter().any(|f| f.starts_with(needle)))
            .count()
    };
    Comparison {
        baseline: path.display().to_string(),
        baseline_plyscope: base.plyscope.clone(),
        baseline_git_rev: base.git_rev.clone(),
        baseline_machine: base.machine.clone(),
        baseline_note: base.note.clone(),
        tolerance,
        nodes_changed: count("CHANGED nodes"),
        slower: count("slower"),
        faster: count("faster"),
        results_changed: count("RESULT CHANGED"),
        rows: out,
    }
}

fn compare_row(
    before: Option<&SavedRow>,
    after: Option<&SavedRow>,
    tolerance: f64,
) -> RowComparison {
    let any = after.or(before).expect("a row on one side at least");
    let mut flags = Vec::new();
    let mut time_ratio = None;
    let status = match (before, after) {
        (Some(b), Some(a)) => {
            if b.threads != a.threads && b.threads > 0 && a.threads > 0 {
                // Said first: it explains the times (and any node counts that vary).
                flags.push(format!("threads {} -> {}", b.threads, a.threads));
            }
            if b.result != a.result || b.stopped != a.stopped {
                flags.push(format!(
                    "RESULT CHANGED {}{} -> {}{}",
                    b.result,
                    if b.stopped { " (stopped)" } else { "" },
                    a.result,
                    if a.stopped { " (stopped)" } else { "" }
                ));
            }
            if b.nodes != a.nodes && !(b.nodes_vary || a.nodes_vary) {
                flags.push(format!("CHANGED nodes {} -> {}", b.nodes, a.nodes));
            }
            if b.seconds >= MIN_COMPARED_SECONDS || a.seconds >= MIN_COMPARED_SECONDS {
                let ratio = a.seconds / b.seconds.max(1e-9);
                time_ratio = Some(ratio);
                if ratio > tolerance {
                    flags.push(format!(
                        "slower x{ratio:.2} ({:.3} s -> {:.3} s)",
                        b.seconds, a.seconds
                    ));
                } else if ratio < 1.0 / tolerance {
                    flags.push(format!(
                        "faster x{ratio:.2} ({:.3} s -> {:.3} s)",
                        b.seconds, a.seconds
                    ));
                }
            }
            if flags.iter().any(|f| f.starts_with("RESULT")) {
                "result-changed"
            } else if flags.is_empty() {
                "same"
            } else {
                "changed"
            }
        }
        (None, Some(_)) => "new",
        (Some(_), None) => "not-run",
        (None, None) => unreachable!(),
    };
    RowComparison {
        puzzle: any.puzzle.clone(),
        variant: any.variant.clone(),
        status,
        nodes_before: before.map(|b| b.nodes),
        nodes_after: after.map(|a| a.nodes),
        seconds_before: before.map(|b| b.seconds),
        seconds_after: after.map(|a| a.seconds),
        time_ratio,
        result_before: before.map(|b| b.result.clone()),
        result_after: after.map(|a| a.result.clone()),
        flags,
    }
}

/// Loads the baseline `args` name, if any, before the run (a bad file fails at once).
pub fn load_requested(args: &BaselineArgs) -> anyhow::Result<Option<BaselineFile>> {
    args.baseline.as_deref().map(load).transpose()
}

/// After the run: compares with `base` and saves, as `args` ask; returns false when a
/// result changed. The comparison goes to `out` as text, or as one JSON object with `json`.
pub fn finish(
    args: &BaselineArgs,
    base: Option<&BaselineFile>,
    rows: &[Row],
    node_cap: u64,
    filter: Option<&str>,
    json: bool,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let mut ok = true;
    if let (Some(base), Some(path)) = (base, args.baseline.as_deref()) {
        let tolerance = args.tolerance.unwrap_or(DEFAULT_TOLERANCE);
        let comparison = compare(path, base, rows, tolerance);
        if json {
            #[derive(Serialize)]
            struct Line<'a> {
                comparison: &'a Comparison,
            }
            let line = Line {
                comparison: &comparison,
            };
            writeln!(out, "{}", serde_json::to_string(&line)?)?;
        } else {
            write_text(out, &comparison)?;
        }
        ok = !comparison.has_errors();
    }
    if let Some(path) = args.save.as_deref() {
        save(
            path,
            &baseline_of(rows, node_cap, filter, args.note.as_deref()),
        )?;
        eprintln!("plyscope: saved {} rows to {}", rows.len(), path.display());
    }
    Ok(ok)
}

/// The comparison as text, after the bench table.
pub fn write_text(out: &mut impl Write, c: &Comparison) -> io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "compared with {} (plyscope {}{}; {}{}), time tolerance x{:.2}:",
        c.baseline,
        c.baseline_plyscope,
        c.baseline_git_rev
            .as_deref()
            .map_or(String::new(), |r| format!(", rev {r}")),
        c.baseline_machine,
        c.baseline_note
            .as_deref()
            .map_or(String::new(), |n| format!("; {n}")),
        c.tolerance
    )?;
    for r in &c.rows {
        let what = match r.status {
            "same" => "same".to_string(),
            "new" => "new (not in the baseline)".to_string(),
            "not-run" => "not run (only in the baseline)".to_string(),
            _ => r.flags.join("; "),
        };
        writeln!(out, "  {:<21} {:<24} {}", r.puzzle, r.variant, what)?;
    }
    writeln!(
        out,
        "{} rows: {} node counts changed, {} slower, {} faster, {} results changed{}",
        c.rows.len(),
        c.nodes_changed,
        c.slower,
        c.faster,
        c.results_changed,
        if c.has_errors() {
            " (error: a result changed)"
        } else {
            ""
        }
    )
}

/// The source's git revision (`-dirty` with uncommitted changes) when this binary was built
/// from, and runs inside, a git checkout; `None` otherwise (an installed binary).
fn git_rev() -> Option<String> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR"));
    let exe = std::env::current_exe().ok()?;
    if !exe.starts_with(source) || !source.join(".git").exists() {
        return None;
    }
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(source)
            .args(args)
            .output()
            .ok()
    };
    let rev = git(&["rev-parse", "--short=12", "HEAD"])?;
    if !rev.status.success() {
        return None;
    }
    let mut rev = String::from_utf8_lossy(&rev.stdout).trim().to_string();
    let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|s| s.status.success() && !s.stdout.is_empty());
    if dirty {
        rev.push_str("-dirty");
    }
    Some(rev)
}

/// "linux x86_64, 2 threads, AMD EPYC 7B13" (the CPU model where the system says it).
fn machine() -> String {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cpu = fs::read_to_string("/proc/cpuinfo").ok().and_then(|info| {
        info.lines()
            .find(|l| l.starts_with("model name"))
            .and_then(|l| l.split(':').nth(1))
            .map(|m| m.trim().to_string())
    });
    format!(
        "{} {}, {threads} {}{}",
        std::env::consts::OS,
        std::env::consts::ARCH,
        if threads == 1 { "thread" } else { "threads" },
        cpu.map_or(String::new(), |c| format!(", {c}"))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(puzzle: &str, result: &str, nodes: u64, seconds: f64) -> SavedRow {
        SavedRow {
            puzzle: puzzle.to_string(),
            variant: "id".to_string(),
            result: result.to_string(),
            nodes,
            seconds,
            stopped: false,
            nodes_vary: false,
            threads: 1,
        }
    }

    #[test]
    fn node_counts_that_vary_with_threads_are_not_flagged() {
        let b = row("p", "proven", 100, 0.0);
        let varying = SavedRow {
            nodes_vary: true,
            ..row("p", "proven", 103, 0.0)
        };
        let c = compare_row(Some(&b), Some(&varying), 1.25);
        assert_eq!(c.status, "same", "{:?}", c.flags);
        let c = compare_row(Some(&varying), Some(&b), 1.25);
        assert_eq!(c.status, "same", "{:?}", c.flags);
        // A result that changes is flagged all the same.
        let lost = SavedRow {
            nodes_vary: true,
            ..row("p", "disproven", 100, 0.0)
        };
        assert_eq!(
            compare_row(Some(&b), Some(&lost), 1.25).status,
            "result-changed"
        );
        // Another thread count is said first.
        let two = SavedRow {
            threads: 2,
            ..row("p", "proven", 100, 0.0)
        };
        let c = compare_row(Some(&b), Some(&two), 1.25);
        assert_eq!(c.flags, ["threads 1 -> 2"]);
        // Older baselines have no such field: false.
        let old: SavedRow = serde_json::from_str(
            r#"{"puzzle":"p","variant":"dfpn","result":"proven","nodes":1,"seconds":0.0,"stopped":false}"#,
        )
        .unwrap();
        assert!(!old.nodes_vary);
    }

    #[test]
    fn node_counts_are_compared_exactly_and_times_as_ratios() {
        let b = row("p", "win 3 plies", 100, 1.0);
        let same = compare_row(Some(&b), Some(&row("p", "win 3 plies", 100, 1.2)), 1.25);
        assert_eq!(same.status, "same");
        assert!(same.flags.is_empty());
        let changed = compare_row(Some(&b), Some(&row("p", "win 3 plies", 101, 1.3)), 1.25);
        assert_eq!(changed.status, "changed");
        assert_eq!(changed.flags[0], "CHANGED nodes 100 -> 101");
        assert!(
            changed.flags[1].starts_with("slower x1.30"),
            "{:?}",
            changed.flags
        );
        let faster = compare_row(Some(&b), Some(&row("p", "win 3 plies", 100, 0.5)), 1.25);
        assert!(
            faster.flags[0].starts_with("faster x0.50"),
            "{:?}",
            faster.flags
        );
    }

    #[test]
    fn a_changed_result_is_an_error_and_short_rows_are_not_timed() {
        let b = row("p", "win 3 plies", 100, 0.001);
        let c = compare_row(Some(&b), Some(&row("p", "draw", 100, 0.004)), 1.25);
        assert_eq!(c.status, "result-changed");
        assert_eq!(c.time_ratio, None);
        assert_eq!(c.flags, vec!["RESULT CHANGED win 3 plies -> draw"]);
    }

    /// A `solve --json` report as a row: its algorithm, variant and result as the bench
    /// labels them.
    fn report(puzzle: &str, algorithm: &str, extra: serde_json::Value) -> String {
        let mut r = serde_json::json!({
            "puzzle": puzzle, "title": "t", "game": "hex", "diagram": "", "to_move": "black",
            "algorithm": algorithm, "result": "proven", "value": "proven", "pv": [],
            "depth": 0, "stopped": false, "tt_mb": 64, "nodes": 67, "leaves": 0,
            "cutoffs": 0, "tt_probes": 0, "tt_hits": 0, "seconds": 0.5,
            "nodes_per_second": 134.0, "check": {"status": "agrees"}
        });
        for (k, v) in extra.as_object().unwrap() {
            r[k] = v.clone();
        }
        r.to_string()
    }

    #[test]
    fn solve_reports_are_rows_labelled_as_the_bench_labels_them() {
        let path = Path::new("reports.json");
        let openings = serde_json::json!({
            "root_moves": [
                {"move": "a1", "class": "loss", "level": null, "nodes": 1},
                {"move": "c3", "class": "win", "level": null, "nodes": 2},
                {"move": "e5", "class": "unknown", "level": null, "nodes": 0}
            ],
            "merged": {"shards": 3, "plyscope": "9.9.9"}
        });
        let lines = format!(
            "{}\n{}\n",
            report("hex-5x5", "dfpn", openings),
            report(
                "hex-4x4",
                "dual-lambda",
                serde_json::json!({"tt_mb": 0, "zones": false})
            )
        );
        let file = of_solve_reports(path, &lines).unwrap().unwrap();
        assert_eq!(file.machine, "merged from 3 shards, times are CPU totals");
        assert_eq!(file.plyscope, "9.9.9");
        let got: Vec<(&str, &str, &str, u64)> = file
            .rows
            .iter()
            .map(|r| {
                (
                    r.puzzle.as_str(),
                    r.variant.as_str(),
                    r.result.as_str(),
                    r.nodes,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("hex-5x5", "dfpn all openings", "1+ 1- 1?", 67),
                ("hex-4x4", "dual-lambda no zones no TT", "proven", 67)
            ]
        );
        // A bench baseline is left to the baseline reader; a shard is refused.
        assert!(
            of_solve_reports(path, "{\"format\": \"plyscope-bench\"}")
                .unwrap()
                .is_none()
        );
        let shard = of_solve_reports(path, "{\"format\": \"plyscope-shard\"}").unwrap_err();
        assert!(
            shard.to_string().contains("merge the shards first"),
            "{shard}"
        );
    }

    #[test]
    fn json_errors_name_the_line_and_column_once() {
        let e = serde_json::from_str::<BaselineFile>("{\n  \"format\": 3\n}").unwrap_err();
        assert_eq!(e.line(), 2);
        assert!(!strip_position(&e.to_string()).contains("line"));
    }
}
