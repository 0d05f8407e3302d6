//! Solving with threat search (Suda, *Efficient algorithms for verifying goals in computer games*,
//! chapter 5): lambda or dual-lambda search of the root, then, when asked, the root analysis of
//! figures 5.1-5.3 (every legal move classified as a win at some level, not proven, or
//! self-endangering), drawn on the board.
//!
//! Threat search proves a win at a lambda level, not the length of the game, so the report
//! carries `lambda_level` and no plies; the comparison with `[expect]` skips plies and checks
//! the result, `lambda_level` and the winning moves.

use std::time::Instant;

use crate::game::{Point, StoneGame};
use crate::puzzle::{Expect, Puzzle};
use crate::search::lambda::{
    RootAnalysis, RootMoveClass, ThreatVerdict, analyse_root, lambda_search,
};
use crate::search::observer::{NoTrace, Observer};
use crate::search::{Limits, SearchGame, Verdict};

use super::root_diagram::{self, RootMark};
use super::{Check, RootMoveReport, SolveReport, compare, compare_winning_moves};
use crate::run::spec::SearchSpec;

/// The verdict of the alpha-beta vocabulary for a threat-search answer.
pub fn verdict_of(threat: ThreatVerdict) -> Verdict {
    match threat {
        ThreatVerdict::Win { level } => Verdict::WinAtLevel { level },
        ThreatVerdict::Loss { level } => Verdict::LossAtLevel { level },
        ThreatVerdict::Unknown => Verdict::Unknown,
    }
}

/// The monomorphic part: one copy per stone game.
pub(super) fn solve_game<G: SearchGame + StoneGame, O: Observer<G>>(
    mut game: G,
    puzzle: &Puzzle,
    spec: &SearchSpec,
    observer: &mut O,
) -> SolveReport {
    let diagram = game.diagram();
    let to_move = game.to_move();
    let config = spec.lambda_config();
    let started = Instant::now();
    let report = lambda_search(&mut game, &config, &spec.limits, observer);
    let mut stats = report.stats;
    let root_search_nodes = stats.nodes;
    let verdict = verdict_of(report.verdict);

    // The root's search and the root analysis share the command's limits: the
    // analysis gets what is left, and with nothing left every move stays not proven.
    let analysis = spec.root_analysis.then(|| {
        let left = spec
            .limits
            .left_after(started.elapsed(), stats.nodes)
            .unwrap_or(Limits {
                nodes: Some(0),
                ..spec.limits
            });
        analyse_root(&mut game, &config, &left, &mut NoTrace)
    });
    if let Some(a) = &analysis {
        stats.add(&a.stats);
    }
    let root_moves = analysis.as_ref().map(|a| {
        a.moves
            .iter()
            .map(|m| RootMoveReport {
                mv: game.format_move(m.mv),
                class: m.class.word().to_string(),
                level: m.class.level().map(u32::from),
                nodes: m.nodes,
            })
            .collect::<Vec<_>>()
    });
    let root_diagram = analysis.as_ref().map(|a| draw(&game, a));
    let winning_moves = analysis.as_ref().map(|a| proven_winners(&game, a));

    let check = match &puzzle.expect {
        None => Check::NoExpectation,
        Some(expect) => {
            // The level of a win depends on the depth limit (Thomsen's corners: level 2 at
            // depth 7, level 1 at depth 11), so `lambda_level` is the answer of the puzzle's
            // own depth limit only.
            let same_depth = spec.limits.max_depth == puzzle.limits.max_depth;
            compare_threat(expect, verdict, root_moves.as_deref(), same_depth)
        }
    };

    SolveReport {
        puzzle: puzzle.name.clone(),
        title: puzzle.title.clone(),
        game: game.name().to_string(),
        diagram,
        to_move: to_move.name().to_string(),
        algorithm: spec.config.algorithm.name().to_string(),
        result: verdict.word().to_string(),
        plies: None,
        lambda_level: report.verdict.level().map(u32::from),
        value: verdict.to_string(),
        best_move: report.best_move.map(|m| game.format_move(m)),
        decided_by: None,
        pv_note: None,
        pv: report
            .best_move
            .map(|m| vec![game.format_move(m)])
            .unwrap_or_default(),
        depth: 0,
        depth_limit: spec.limits.max_depth,
        stopped: report.stopped || analysis.as_ref().is_some_and(|a| a.stopped),
        max_level: Some(u32::from(config.max_level)),
        zones: Some(config.zones),
        tt_mb: config.tt_mb,
        ordering: None,
        threads: None,
        goal: None,
        proof_size: None,
        epsilon: None,
        winning_moves,
        root_moves,
        root_diagram,
        nodes: stats.nodes,
        root_search_nodes: analysis.is_some().then_some(root_search_nodes),
        leaves: stats.leaves,
        cutoffs: stats.cutoffs,
        tt_probes: stats.tt_probes,
        tt_hits: stats.tt_hits,
        seconds: stats.elapsed.as_secs_f64(),
        nodes_per_second: stats.nodes_per_second(),
        check,
    }
}

/// The mark of a root move's class.
fn mark_of(class: RootMoveClass) -> RootMark {
    match class {
        RootMoveClass::Wins { level } => RootMark::WinsAtLevel(u32::from(level)),
        RootMoveClass::NotProven => RootMark::Unproven,
        RootMoveClass::SelfEndangering { .. } => RootMark::SelfEndangering,
    }
}

fn draw<G: StoneGame>(game: &G, analysis: &RootAnalysis<Point>) -> String {
    root_diagram::render(game, |p| {
        analysis
            .moves
            .iter()
            .find(|m| m.mv == p)
            .map_or(RootMark::NotTried, |m| mark_of(m.class))
    })
}

/// The first moves proven to win. Unlike alpha-beta's set this need not be complete: a move
/// threat search leaves not proven may still win (beyond the levels or the depth limit);
/// `root_moves` says which moves those are.
fn proven_winners<G: StoneGame>(game: &G, analysis: &RootAnalysis<Point>) -> Vec<String> {
    analysis
        .moves
        .iter()
        .filter(|m| matches!(m.class, RootMoveClass::Wins { .. }))
        .map(|m| game.format_move(m.mv))
        .collect()
}

/// Compares a threat-search answer with `[expect]`: the result (plies are skipped: threat
/// search does not claim them), `lambda_level` (when `compare_level`: the search ran with
/// the puzzle's depth limit), and, with a root analysis, the winning moves. A move claimed to win
/// outside the expected set, or an expected winning move found self-endangering, is a disagreement;
/// an expected winning move left not proven is not reached.
pub fn compare_threat(
    expect: &Expect,
    verdict: Verdict,
    root_moves: Option<&[RootMoveReport]>,
    compare_level: bool,
) -> Check {
    let basic = compare(expect, verdict, None);
    if basic != Check::Agrees {
        return basic;
    }
    if let (Some(want), Some(got)) = (expect.lambda_level, verdict.lambda_level())
        && compare_level
        && want != u32::from(got)
    {
        return Check::Disagrees(format!(
            "expected a win at lambda level {want}, got {verdict}"
        ));
    }
    let (Some(want), Some(moves)) = (&expect.winning_moves, root_moves) else {
        return Check::Agrees;
    };
    let wins = RootMoveClass::Wins { level: 0 }.word();
    let loses = RootMoveClass::SelfEndangering { level: 0 }.word();
    compare_winning_moves(
        want,
        moves,
        wins,
        |class| class == loses,
        "were found self-endangering",
    )
}
