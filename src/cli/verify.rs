//! `plyscope verify FILE` and the proof options of `plyscope solve` (`--proof-out FILE`,
//! `--verify`): extracting a solver's proof tree ([`plyscope::proof_tree::extract`]), saving
//! it, and checking it with the independent verifier ([`plyscope::verify`]).
//!
//! `--verify` checks what the file would hold: the tree is written to JSON in memory and the
//! verifier reads that text, exactly as it reads a file.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use plyscope::proof_tree::ExtractOptions;
use plyscope::proof_tree::extract::extract;
use plyscope::proof_tree::puzzle_text;
use plyscope::puzzle::Puzzle;
use plyscope::run::solve::SolveReport;
use plyscope::run::spec::SearchSpec;
use plyscope::verify::{Bounds, VerifyError, verify_file_within, verify_text_within};

use super::EXIT_STOPPED;
use super::memory::{self, MB, parse_max_mem};

/// Bytes a proof tree takes per position while it is extracted (measured on Hex 5x5: about
/// 900 MB at 4 million positions; see `ExtractOptions::default`).
pub const EXTRACT_BYTES_PER_POSITION: u64 = 240;

#[derive(Args, Debug)]
// A negative number after an option is its value, refused in words ("expected a whole
// number, 1 or more"), not an unknown flag with a `-- -5` tip.
#[command(
    allow_negative_numbers = true,
    after_help = "Exit status: 0 verified; 1 a hole, or a file that cannot be read or \
is no proof tree; 3 stopped by a bound (--max-mem, or a line deeper than 1024 plies)."
)]
pub struct VerifyArgs {
    /// A proof tree file written by `plyscope solve --proof-out FILE`.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Memory the verification may use, in MB, counted from the file's size and its nodes
    /// (default: half of the physical memory).
    #[arg(long, value_name = "MB", value_parser = parse_max_mem)]
    pub max_mem: Option<u64>,
}

/// `plyscope verify FILE`: exit 0 and "verified: N positions, depth D", exit 1 and the
/// first hole, or exit 3 when a bound stopped it.
pub fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let bounds = Bounds::within(memory::max_mem_bytes(args.max_mem));
    match verify_file_within(&args.file, &bounds) {
        Ok(verified) => {
            println!("{verified}");
            Ok(ExitCode::SUCCESS)
        }
        // A hole is the verifier's answer (stdout); a file that cannot be read or is no
        // proof tree is an error, said on stderr like every other command's.
        Err(err @ VerifyError::Hole { .. }) => {
            println!("{}: {err}", args.file);
            Ok(ExitCode::from(1))
        }
        Err(err @ VerifyError::Limit(_)) => {
            eprintln!("plyscope: {}: {err}", args.file);
            Ok(ExitCode::from(EXIT_STOPPED))
        }
        Err(err) => {
            eprintln!("plyscope: {}: {err}", args.file);
            Ok(ExitCode::from(1))
        }
    }
}

/// What `solve` was asked to do with a win's proof.
#[derive(Clone, Debug)]
pub struct ProofRequest {
    /// Save the proof tree here.
    pub out: Option<String>,
    /// Verify it in memory.
    pub verify: bool,
    /// Bound of the extraction.
    pub max_positions: Option<usize>,
    /// Most cells of a Hex connection leaf (`None`: the default).
    pub max_carrier: Option<usize>,
    /// The attacker's first move the proof must start with (`--proof-move`).
    pub first_move: Option<String>,
    /// Memory the extraction and the verification may use (`--max-mem`), in bytes.
    pub max_bytes: u64,
}

impl ProofRequest {
    /// True when anything is asked.
    pub fn wanted(&self) -> bool {
        self.out.is_some() || self.verify
    }
}

/// Extracts, saves and verifies the proof of `report`'s win as asked; writes one line per
/// step to `out` and returns false when something failed (no proof to save, an extraction
/// that stopped, a hole).
pub fn after_solve(
    request: &ProofRequest,
    puzzle: &Puzzle,
    options: &SearchSpec,
    report: &SolveReport,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let mut bounds = ExtractOptions::default();
    if let Some(n) = request.max_positions {
        bounds.max_positions = n;
    }
    if let Some(n) = request.max_carrier {
        bounds.max_carrier = n;
    }
    bounds.root_move = request.first_move.clone();
    // --max-mem: the positions that fit beside the solve's table.
    let left = request
        .max_bytes
        .saturating_sub((options.config.tt_mb as u64).saturating_mul(MB));
    let fit = usize::try_from(left / EXTRACT_BYTES_PER_POSITION).unwrap_or(usize::MAX);
    let memory_bound = fit < bounds.max_positions;
    if memory_bound {
        bounds.max_positions = fit.max(1);
    }
    let text = match puzzle_text(puzzle) {
        Ok(text) => text,
        Err(err) => {
            writeln!(out, "proof       not extracted: {err}")?;
            return Ok(false);
        }
    };
    let start = Instant::now();
    let extracted = match extract(puzzle, &text, options, report, &bounds) {
        Ok(extracted) => extracted,
        // Nothing to prove is only a failure when a file was asked for.
        Err(err @ plyscope::proof_tree::ExtractError::NotAWin { .. }) => {
            writeln!(out, "proof       none: {err}")?;
            return Ok(request.out.is_none());
        }
        Err(plyscope::proof_tree::ExtractError::TooLarge { limit }) if memory_bound => {
            let needed = (limit as u64 + 1) * EXTRACT_BYTES_PER_POSITION;
            writeln!(
                out,
                "proof       not extracted: stopped at {limit} positions: the proof tree \
                 needs more than {} MB (--max-mem); raise it with --max-mem {}",
                request.max_bytes / MB,
                memory::raise_to(request.max_bytes.max(needed).saturating_mul(2))
            )?;
            return Ok(false);
        }
        Err(err @ plyscope::proof_tree::ExtractError::NotReproved { .. })
            if request.first_move.is_some() =>
        {
            let mv = request.first_move.as_deref().unwrap_or_default();
            writeln!(
                out,
                "proof       not extracted: {err} (does {mv} win? `solve --root` lists the \
                 winning first moves)"
            )?;
            return Ok(false);
        }
        Err(err) => {
            writeln!(out, "proof       not extracted: {err}")?;
            return Ok(false);
        }
    };
    let json = extracted.tree.to_json();
    if let Some(typed) = &request.first_move {
        // The move as the game writes it (`A3` typed is `a3`): the root's one move.
        let mv = extracted
            .tree
            .nodes
            .first()
            .and_then(|root| root.moves.first())
            .map_or(typed.as_str(), |(mv, _)| mv.as_str());
        writeln!(
            out,
            "proof move  {mv} (--proof-move), instead of the solver's own"
        )?;
    }
    writeln!(
        out,
        "proof       {} positions, {} moves, {} bytes of JSON (extracted by {} of {} nodes in all, {:.3} s)",
        extracted.tree.positions(),
        extracted.tree.edges(),
        json.len(),
        if extracted.resolves == 1 {
            "1 search".to_string()
        } else {
            format!("{} searches", extracted.resolves)
        },
        extracted.resolve_nodes,
        start.elapsed().as_secs_f64()
    )?;
    let (leaves, must_play) = (
        extracted.tree.connection_leaves(),
        extracted.tree.must_play_nodes(),
    );
    if leaves + must_play > 0 {
        writeln!(
            out,
            "            (its connection leaves ({leaves}) and must-play nodes ({must_play}) stand for\n             \
             the positions their connections decide: the file holds the connections, and\n             \
             verify checks them step by step)"
        )?;
    }
    if let Some(path) = &request.out {
        // Through a temporary file and a rename, like every file plyscope writes: a full
        // disk or a kill midway leaves the old file as it was.
        let write = || -> std::io::Result<()> {
            let target = std::path::Path::new(path);
            let mut temp = plyscope::atomic_file::temporary_for(target)?;
            std::io::Write::write_all(&mut temp, json.as_bytes())?;
            plyscope::atomic_file::commit(temp, target)
        };
        write().map_err(|e| anyhow::anyhow!("{path}: cannot write the proof tree: {e}"))?;
        writeln!(out, "proof file  {path}")?;
    }
    if request.verify {
        let start = Instant::now();
        match verify_text_within(&json, &Bounds::within(request.max_bytes)) {
            Ok(verified) => writeln!(out, "{verified} ({:.3} s)", start.elapsed().as_secs_f64())?,
            Err(err) => {
                writeln!(out, "NOT VERIFIED: {err}")?;
                return Ok(false);
            }
        }
    }
    Ok(true)
}
