//! A solve's report as text: what `plyscope solve` and `plyscope merge` print, within 80
//! columns, and the lines of a puzzle a command's budget did not reach.

use std::io::{self, Write};

use crate::puzzle::Puzzle;
use crate::search::{self, meter};

use super::{Check, SolveReport, root_diagram};

/// A puzzle the command did not reach: its name and why, as text or as a JSON object with
/// `"result": "unknown"`, `"stopped": true` and a `not-reached` check.
pub fn write_not_reached(
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

/// The report as text (also `plyscope merge`'s), within 80 columns ([`fit_80`]).
pub fn write_text(out: &mut impl Write, r: &SolveReport) -> io::Result<()> {
    let mut text = Vec::new();
    write_fields(&mut text, r)?;
    out.write_all(fit_80(&String::from_utf8_lossy(&text)).as_bytes())
}

/// `text` with every line wider than 80 columns wrapped at spaces: a labelled line
/// ("winning     a1 b2 ...": a 12-column label) continues under its value, an indented
/// line under its own indent (a terminal over SSH is often 80 wide, and a longer line
/// breaks mid-word there). Other lines are left as they are.
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

/// Which report a search gives: threat searches report a level, not a value, a distance or
/// a line; proof-number searches a goal proven or disproven.
#[derive(Clone, Copy)]
struct Kind {
    threat: bool,
    proof: bool,
    /// PNS and PN² keep their trees in `tt_mb` of memory (at least 1 MiB); df-pn and
    /// lambda-df-pn (the ones with an epsilon) use it for their tables.
    tree_in_memory: bool,
}

impl Kind {
    fn of(r: &SolveReport) -> Kind {
        let proof = r.goal.is_some();
        Kind {
            threat: r.max_level.is_some() && r.goal.is_none(),
            proof,
            tree_in_memory: proof && r.epsilon.is_none(),
        }
    }
}

fn write_fields(out: &mut impl Write, r: &SolveReport) -> io::Result<()> {
    let kind = Kind::of(r);
    write_puzzle(out, r)?;
    write_algorithm(out, r, kind)?;
    write_answer(out, r, kind)?;
    write_root_moves(out, r, kind)?;
    write_effort(out, r, kind)?;
    write_check(out, r)
}

/// The title, the diagram and the side to move.
fn write_puzzle(out: &mut impl Write, r: &SolveReport) -> io::Result<()> {
    writeln!(out, "{} ({})", r.title, r.puzzle)?;
    for line in r.diagram.lines() {
        writeln!(out, "  {line}")?;
    }
    writeln!(out, "to move     {}", r.to_move)
}

/// The algorithm with the options that change it, and a proof-number search's goal.
fn write_algorithm(out: &mut impl Write, r: &SolveReport, kind: Kind) -> io::Result<()> {
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
    if let Some(ordering) = &r.ordering {
        algorithm.push_str(&format!(", ordering {ordering}"));
    }
    if let Some(threads) = r.threads {
        algorithm.push_str(&format!(", {threads} threads"));
    }
    if kind.tree_in_memory {
        algorithm.push_str(&format!(", tree memory {} MB", r.tt_mb.max(1)));
    } else if r.tt_mb == 0 {
        algorithm.push_str(", no TT");
    }
    writeln!(out, "algorithm   {algorithm}")?;
    if let Some(goal) = &r.goal {
        writeln!(out, "goal        {goal}")?;
    }
    Ok(())
}

/// The result, the best move, how the root was decided, the principal variation and the
/// winning moves.
fn write_answer(out: &mut impl Write, r: &SolveReport, kind: Kind) -> io::Result<()> {
    let result = match (r.plies, r.lambda_level, r.proof_size) {
        (Some(p), _, _) => format!("{} in {}", r.result, search::plies(p as u64)),
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
    if kind.threat || kind.proof {
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
    if !kind.threat && !kind.proof {
        match &r.pv_note {
            Some(note) => writeln!(out, "pv          {} ({note})", dash_if_empty(&r.pv))?,
            None => writeln!(out, "pv          {}", dash_if_empty(&r.pv))?,
        }
    }
    if let Some(w) = &r.winning_moves {
        writeln!(out, "winning     {}", dash_if_empty(w))?;
    }
    Ok(())
}

/// The root moves' classes: a board's diagram with its key, or a tree's list.
fn write_root_moves(out: &mut impl Write, r: &SolveReport, kind: Kind) -> io::Result<()> {
    if let Some(drawn) = &r.root_diagram {
        writeln!(out, "root moves")?;
        for line in drawn.lines() {
            writeln!(out, "  {line}")?;
        }
        let legend = if kind.proof {
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
    } else if let (true, Some(moves)) = (kind.proof, &r.root_moves) {
        // A tree: the classes as a list.
        let classes: Vec<String> = moves
            .iter()
            .map(|m| format!("{} {}", m.mv, m.class))
            .collect();
        writeln!(out, "root moves  {}", classes.join(", "))?;
    }
    Ok(())
}

/// The search's effort: depth, nodes and table hits, what stopped it, and the time.
fn write_effort(out: &mut impl Write, r: &SolveReport, kind: Kind) -> io::Result<()> {
    let stopped = match (r.stopped, meter::stop_requested()) {
        (true, true) => " (stopped by ctrl-c or SIGTERM)",
        (true, false) => " (stopped by a limit)",
        (false, _) => "",
    };
    if kind.tree_in_memory {
        writeln!(out, "nodes       {}{stopped}", r.nodes)?;
    } else if kind.proof {
        writeln!(
            out,
            "nodes       {} searched{stopped} (tt hits {}/{})",
            r.nodes, r.tt_hits, r.tt_probes
        )?;
    } else if kind.threat {
        let limit = r.depth_limit.map_or("none".to_string(), search::plies);
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
    // The root's own search is what the other front ends count; the analysis adds to it.
    if let Some(root) = r.root_search_nodes {
        writeln!(
            out,
            "            ({root} in the root's search, {} classifying the root moves)",
            r.nodes.saturating_sub(root)
        )?;
    }
    // Two counts side by side ("nodes 3" next to "proof tree of 72"): the search's nodes
    // are its effort, the proof's positions its size.
    if let (true, Some(size)) = (kind.proof, r.proof_size)
        && size > r.nodes
    {
        writeln!(
            out,
            "            (the search entered {}; its proof tree counts {size} positions,\n             \
             since a position the solver's knowledge decides without searching\n             \
             below it (Hex: an H-search connection) counts every position and\n             \
             move of that decision)",
            search::count(r.nodes, "node", "nodes")
        )?;
    }
    writeln!(
        out,
        "time        {:.3} s ({:.0} nodes/s)",
        r.seconds, r.nodes_per_second
    )
}

/// The check against the puzzle's expected answer, and the openings a stopped root
/// analysis left undecided.
fn write_check(out: &mut impl Write, r: &SolveReport) -> io::Result<()> {
    let check = match &r.check {
        Check::NoExpectation => "no expected answer in the puzzle".to_string(),
        Check::Agrees => "agrees with the expected answer".to_string(),
        Check::NotReached(d) => format!("NOT REACHED: {d}"),
        Check::Disagrees(d) => format!("MISMATCH: {d}"),
    };
    writeln!(out, "check       {check}")?;
    // The check is about the root's answer; a root analysis a limit or ctrl-c cut short
    // agrees with it while openings stay undecided, which the check alone does not say.
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
