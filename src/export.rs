//! Export of a recorded search: the annotated search tree as
//! Graphviz DOT ([`dot`]), the trace's events as versioned JSON ([`json`]), and, for proof
//! trees of the stone games, SGF ([`proof_tree_sgf`]).
//!
//! The search is run once with the explorer's own settings (`run::spec::SearchSpec`, the
//! puzzle's algorithm and limits unless overridden) and the recorder of [`crate::trace`], so
//! an export shows exactly the tree the explorer steps through. What a node carries is the
//! store's (Kühr, *Algorithms of a computer player in simple board games*, example 3.2, figure 18:
//! the window `(alpha, beta)` a node was called with and the value it returned; the AND/OR
//! textbook, *Searching game trees*, figures 6.23-6.25: the moves a cutoff skipped; Hric and
//! Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda search*, for the proof and
//! disproof numbers; Suda, *Efficient algorithms for verifying goals in computer games*, section
//! 5.1 for lambda levels and zones).
//!
//! # Bounded output
//!
//! Nodes are numbered in the order they are first entered, and a parent is always entered
//! before its children, so "the first `max_nodes` nodes" is a tree closed under parents: the
//! part of the search that happened first. Both formats cut there and say so: DOT with a
//! comment and a visible "... N more nodes" node, JSON with a `cut` object (its events are
//! the log up to the enter of the first node left out). The command line adds a line on
//! stderr.

pub mod dot;
pub mod json;

use std::io::{self, Write};

use crate::games::any::{AnyGame, GameVisitor};
use crate::proof_tree::{self, ExtractOptions};
use crate::puzzle::Puzzle;
use crate::run::observed::run_observed;
use crate::run::registry::{self, Refusal};
use crate::run::solve::solve_puzzle;
use crate::run::spec::{SearchSpec, Settings};
use crate::search::{Algorithm, SearchGame};
use crate::trace::recorder::{RecordConfig, Recorder};
use crate::trace::store::Trace;

/// The output formats of `plyscope export`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Graphviz DOT of the annotated search tree.
    Dot,
    /// JSON of the trace's events.
    Json,
    /// SGF of a proof tree (stone games).
    Sgf,
}

impl Format {
    /// Every format, in the order the help lists them.
    pub const ALL: [Format; 3] = [Format::Dot, Format::Json, Format::Sgf];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Dot => "dot",
            Format::Json => "json",
            Format::Sgf => "sgf",
        }
    }

    /// The format called `text`, if any.
    pub fn parse(text: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == text)
    }
}

/// What to record and how much of it to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// The algorithm (`None`: the puzzle's own, else its game's default).
    pub algorithm: Option<Algorithm>,
    /// Most nodes written; the rest are summarised ("... N more nodes").
    pub max_nodes: usize,
    /// Most events recorded (the engine goes on unrecorded past it).
    pub record: u64,
    /// A node cap for the search, on top of the puzzle's own limits.
    pub nodes: Option<u64>,
    /// The command line's settings (`--ordering`) over the puzzle's defaults.
    pub settings: Settings,
}

impl ExportOptions {
    /// The default of `--max-nodes`: a graph Graphviz lays out in a second or two.
    pub const DEFAULT_MAX_NODES: usize = 500;
    /// The default of `--record`: a million events (about 50 MB, `trace::store`).
    pub const DEFAULT_RECORD: u64 = 1_000_000;
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            algorithm: None,
            max_nodes: Self::DEFAULT_MAX_NODES,
            record: Self::DEFAULT_RECORD,
            nodes: None,
            settings: Settings::default(),
        }
    }
}

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The algorithm cannot search this puzzle (the message says what to use instead).
    #[error(transparent)]
    Unsupported(#[from] Refusal),
    /// No SGF proof tree: not a stone game, no win to prove, or an extraction that stopped.
    #[error("sgf export: {0}")]
    Sgf(String),
    /// Writing the output failed.
    #[error("cannot write the export: {0}")]
    Io(#[from] io::Error),
}

/// A search recorded for export: the trace and what the engine answered.
#[derive(Clone, Debug)]
pub struct Recorded<M> {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The trace (possibly truncated by the record budget: [`Trace::truncation`]).
    pub trace: Trace<M>,
    /// Events the engine reported after the record budget ran out.
    pub unrecorded: u64,
    /// The answer in words: "win value win@3, best b2", "proven, best c3".
    pub result: String,
}

/// What was written, for the command line's summary on stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportSummary {
    /// Nodes in the trace.
    pub nodes: usize,
    /// Nodes written.
    pub written: usize,
    /// Events in the trace.
    pub events: usize,
    /// Events the engine reported after the record budget ran out.
    pub unrecorded: u64,
}

impl ExportSummary {
    /// Nodes left out by `--max-nodes`.
    pub fn omitted(&self) -> usize {
        self.nodes - self.written
    }
}

/// Records `puzzle`'s search and writes it to `out` in `format`.
pub fn export(
    puzzle: &Puzzle,
    format: Format,
    options: &ExportOptions,
    out: &mut dyn Write,
) -> Result<ExportSummary, ExportError> {
    if format == Format::Sgf {
        return proof_tree_sgf(puzzle, options, out);
    }
    let algorithm = algorithm_for(puzzle, options);
    registry::check(puzzle, algorithm)?;
    struct Export<'a> {
        puzzle: &'a Puzzle,
        format: Format,
        options: &'a ExportOptions,
        out: &'a mut dyn Write,
    }
    impl GameVisitor for Export<'_> {
        type Output = Result<ExportSummary, ExportError>;
        fn visit<G: AnyGame>(self, game: &G) -> Self::Output {
            export_game(game, self.puzzle, self.format, self.options, self.out)
        }
    }
    puzzle.position.with_game(Export {
        puzzle,
        format,
        options,
        out,
    })
}

/// SGF of the proof tree of `puzzle`'s win (stone games): the puzzle is solved with the
/// export's algorithm and limits, the proof tree extracted as `solve --proof-out` does
/// ([`crate::proof_tree::extract`]) and written by [`crate::proof_tree::sgf`], at most
/// `max_nodes` move nodes (a cut file says so in its root comment, and the summary counts
/// the moves left out).
pub fn proof_tree_sgf(
    puzzle: &Puzzle,
    options: &ExportOptions,
    out: &mut dyn Write,
) -> Result<ExportSummary, ExportError> {
    if !puzzle.position.kind().is_stone_game() {
        return Err(ExportError::Sgf(format!(
            "SGF is written for the stone games (m,n,k, AtariGo, Hex), not {}; use --format \
             dot or --format json",
            puzzle.position.game_name()
        )));
    }
    let algorithm = algorithm_for(puzzle, options);
    registry::check(puzzle, algorithm)?;
    let mut solve_options =
        SearchSpec::headless(puzzle, algorithm).with_settings(&options.settings);
    solve_options.root_analysis = false;
    if let Some(nodes) = options.nodes {
        solve_options.limits.nodes = Some(nodes);
    }
    let report = solve_puzzle(puzzle, &solve_options)?;
    let text = proof_tree::puzzle_text(puzzle).map_err(ExportError::Sgf)?;
    let extracted = proof_tree::extract::extract(
        puzzle,
        &text,
        &solve_options,
        &report,
        &ExtractOptions::default(),
    )
    .map_err(|e| ExportError::Sgf(e.to_string()))?;
    let sgf = proof_tree::sgf::write_bounded(&extracted.tree, options.max_nodes)
        .map_err(|e| ExportError::Sgf(e.to_string()))?;
    out.write_all(sgf.text.as_bytes())?;
    Ok(ExportSummary {
        nodes: sgf.total,
        written: sgf.written,
        events: 0,
        unrecorded: 0,
    })
}

/// The algorithm an export runs: the option, else the puzzle's own, else its game's
/// default (`registry::puzzle_algorithm`).
pub fn algorithm_for(puzzle: &Puzzle, options: &ExportOptions) -> Algorithm {
    options
        .algorithm
        .unwrap_or_else(|| crate::run::registry::puzzle_algorithm(puzzle))
}

fn export_game<G: SearchGame>(
    root: &G,
    puzzle: &Puzzle,
    format: Format,
    options: &ExportOptions,
    out: &mut dyn Write,
) -> Result<ExportSummary, ExportError> {
    let recorded = record(root, puzzle, options);
    let header = Header {
        puzzle: &puzzle.name,
        game: root.name(),
        algorithm: recorded.algorithm.name(),
        result: &recorded.result,
    };
    let written = match format {
        Format::Dot => dot::write(root, &recorded.trace, &header, options.max_nodes, out)?,
        Format::Json => json::write(
            root,
            &recorded.trace,
            &header,
            options.max_nodes,
            recorded.unrecorded,
            out,
        )?,
        // `export` routes SGF before recording; kept total rather than a panic.
        Format::Sgf => return proof_tree_sgf(puzzle, options, out),
    };
    Ok(ExportSummary {
        nodes: recorded.trace.node_count(),
        written,
        events: recorded.trace.len(),
        unrecorded: recorded.unrecorded,
    })
}

/// What both writers put at the top of a file.
#[derive(Clone, Copy, Debug)]
pub struct Header<'a> {
    pub puzzle: &'a str,
    pub game: &'a str,
    pub algorithm: &'a str,
    pub result: &'a str,
}

/// Runs `puzzle`'s search from `root` as the explorer does and records it. The caller has
/// checked that the algorithm can search the game ([`export`] does).
pub fn record<G: SearchGame>(
    root: &G,
    puzzle: &Puzzle,
    options: &ExportOptions,
) -> Recorded<G::Move> {
    let algorithm = algorithm_for(puzzle, options);
    let spec = SearchSpec::for_puzzle(puzzle, Some(algorithm), options.record)
        .with_settings(&options.settings);
    let mut limits = spec.limits;
    if let Some(cap) = options.nodes {
        limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
    }
    let mut recorder: Recorder<G> = Recorder::new(RecordConfig {
        budget: spec.record,
        ..RecordConfig::default()
    });
    let live = recorder.live();
    let mut game = root.clone();
    let spec = SearchSpec { limits, ..spec };
    let result = run_observed(&mut game, &spec, &mut recorder);
    let trace = recorder.into_trace();
    Recorded {
        algorithm,
        trace,
        unrecorded: live.unrecorded(),
        result,
    }
}

/// The nodes a cut at `max_nodes` keeps: ids `0..kept`.
pub(crate) fn kept_nodes<M: Copy>(trace: &Trace<M>, max_nodes: usize) -> usize {
    trace.node_count().min(max_nodes)
}
