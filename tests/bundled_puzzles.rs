//! Every bundled puzzle is a regression test (conventions.md 7).
//!
//! Each algorithm of the alpha-beta family runs on every bundled puzzle within a node limit.
//! Whatever it establishes must agree with the puzzle's `[expect]` (result, distance, exact
//! value, and the full set of winning first moves where the puzzle lists them); what it cannot
//! reach within the limit is reported as not reached and never counted as agreement. A pinned
//! list says which puzzles each algorithm must reach, so a search that silently stops solving
//! fails here.

use std::time::Duration;

use plyscope::puzzle;
use plyscope::search::{Algorithm, Limits};
use plyscope::solve::{Check, SolveOptions, solve_puzzle};

/// Node limit per solve (the root-move classification gets the same limit per move) for
/// the puzzles an algorithm must reach.
fn node_limit(algorithm: Algorithm) -> u64 {
    match algorithm {
        Algorithm::Minimax => 3_000_000,
        _ => 6_000_000,
    }
}

/// Node limit for the puzzles an algorithm is not expected to reach: enough to catch a
/// wrong early claim, small enough to keep the suite fast.
const PROBE_LIMIT: u64 = 200_000;

/// Puzzles each algorithm must decide within its node limit: minimax the small ones, the
/// alpha-beta variants also the medium ones, iterative deepening with its table everything
/// but the two long AtariGo solves.
fn must_reach(algorithm: Algorithm) -> Vec<&'static str> {
    const SMALL: &[&str] = &[
        "tictactoe-win",
        "tictactoe-loss",
        "tictactoe-fork",
        "tree-abc",
        "tree-004-fig-6-20",
        "tree-004-fig-6-23",
        "tree-004-fig-6-24",
        "tree-001-fig-15-16",
        "hex-3x3",
    ];
    const MEDIUM: &[&str] = &[
        "tictactoe",
        "mnk-4x4-k3",
        "mnk-4x4-k4-corners",
        "hex-4x4",
        "hex-4x4-white-b3",
    ];
    const LARGE: &[&str] = &["mnk-4x4-k4", "mnk-6x5-k4", "mnk-7x7-k4", "atarigo-4x4"];
    let tiers: &[&[&str]] = match algorithm {
        Algorithm::Minimax => &[SMALL],
        Algorithm::AlphaBeta | Algorithm::AlphaBetaSoft => &[SMALL, MEDIUM],
        Algorithm::IterativeDeepening => &[SMALL, MEDIUM, LARGE],
        // Threat searches have their own bundled-puzzle checks (tests/lambda_*.rs).
        Algorithm::Lambda | Algorithm::DualLambda => &[],
    };
    tiers.concat()
}

fn check_algorithm(algorithm: Algorithm) {
    let mut failures = Vec::new();
    for bundled in puzzle::bundled() {
        let p = puzzle::load(bundled.name).expect("bundled puzzles load");
        let expect = p
            .expect
            .as_ref()
            .expect("every bundled puzzle has [expect]");
        let must = must_reach(algorithm).contains(&bundled.name);
        let options = SolveOptions {
            algorithm,
            limits: Limits {
                // The puzzle's depth limit is part of its question; the time limit is not
                // used in tests (node limits keep them deterministic).
                max_depth: p.limits.max_depth,
                nodes: Some(if must {
                    node_limit(algorithm)
                } else {
                    PROBE_LIMIT
                }),
                time: None::<Duration>,
            },
            tt_mb: 16,
            root_moves: expect.winning_moves.is_some(),
        };
        let report = solve_puzzle(&p, &options);
        match &report.check {
            Check::Agrees => {}
            Check::NotReached(why) if !must => {
                eprintln!("{algorithm} {}: not reached ({why})", bundled.name)
            }
            Check::NotReached(why) => failures.push(format!(
                "{}: must be reached within {} nodes: {why}",
                bundled.name,
                node_limit(algorithm)
            )),
            Check::Disagrees(why) => failures.push(format!("{}: {why}", bundled.name)),
            Check::NoExpectation => unreachable!("checked above"),
        }
        // With winning moves listed, a decided root must classify every move.
        if must && expect.winning_moves.is_some() && report.winning_moves.is_none() {
            failures.push(format!("{}: root moves were not all decided", bundled.name));
        }
    }
    assert!(failures.is_empty(), "{algorithm}:\n{}", failures.join("\n"));
}

#[test]
fn minimax_agrees_with_every_puzzle_it_reaches() {
    check_algorithm(Algorithm::Minimax);
}

#[test]
fn fail_hard_alphabeta_agrees_with_every_puzzle_it_reaches() {
    check_algorithm(Algorithm::AlphaBeta);
}

#[test]
fn fail_soft_alphabeta_agrees_with_every_puzzle_it_reaches() {
    check_algorithm(Algorithm::AlphaBetaSoft);
}

#[test]
fn iterative_deepening_agrees_with_every_puzzle_it_reaches() {
    check_algorithm(Algorithm::IterativeDeepening);
}
