//! PNS and PN² on every bundled puzzle (issue 5, "Correctness"): the verdict for the goal
//! "the side to move wins" (draws disprove) and for "draws count for the attacker" agrees
//! with the puzzle's expected result, the named winning move really is one of the puzzle's,
//! numeric trees are refused with a clear message, and a few node counts are pinned.

use plyscope::puzzle::{ExpectedResult, Position, bundled};
use plyscope::search::pns::{GoalError, Pn2Bound, pn2, pns};
use plyscope::search::proof::{Goal, LeafInit, ProofConfig, ProofReport, ProofVerdict};
use plyscope::search::{Limits, SearchGame};
use plyscope::trace::NoTrace;

fn limits(nodes: u64) -> Limits {
    Limits {
        nodes: Some(nodes),
        ..Limits::default()
    }
}

fn config(init: LeafInit, weak: bool) -> ProofConfig {
    ProofConfig {
        init,
        weak,
        tt_mb: 16,
        ..ProofConfig::default()
    }
}

/// Runs PNS (`two_level` false) or PN² for the side to move.
fn run<G: SearchGame>(
    game: &G,
    two_level: bool,
    config: &ProofConfig,
    draw_for_attacker: bool,
    nodes: u64,
) -> Result<ProofReport<G::Move>, GoalError> {
    let mut g = game.clone();
    let key = g.key();
    let goal = Goal {
        attacker: g.to_move(),
        draw_for_attacker,
    };
    let report = if two_level {
        pn2(
            &mut g,
            config,
            Pn2Bound::default(),
            goal,
            &limits(nodes),
            &mut NoTrace,
        )
    } else {
        pns(&mut g, config, goal, &limits(nodes), &mut NoTrace)
    };
    assert_eq!(
        g.key(),
        key,
        "the search leaves the position as it found it"
    );
    report
}

/// Node budget per puzzle in debug builds (the big ones are checked in release only).
fn budget(name: &str) -> Option<u64> {
    match name {
        "atarigo-5x5" | "atarigo-6x6-crosscut" | "mnk-6x5-k4" | "mnk-7x7-k4" | "hex-4x4" => None,
        "mnk-4x4-k4" | "mnk-4x4-k4-corners" | "hex-4x4-white-b3" | "atarigo-4x4" => {
            cfg!(not(debug_assertions)).then_some(20_000_000)
        }
        _ => Some(2_000_000),
    }
}

fn check<G: SearchGame>(name: &str, game: &G, expected: ExpectedResult, winning: &[String]) {
    let Some(nodes) = budget(name) else { return };
    for two_level in [false, true] {
        for init in [LeafInit::Unit, LeafInit::Mobility, LeafInit::Heuristic] {
            for draw_for_attacker in [false, true] {
                let config = config(init, false);
                let report = run(game, two_level, &config, draw_for_attacker, nodes)
                    .expect("win/loss/draw puzzle");
                let proven = expected == ExpectedResult::Win
                    || (draw_for_attacker && expected == ExpectedResult::Draw);
                let want = if proven {
                    ProofVerdict::Proven
                } else {
                    ProofVerdict::Disproven
                };
                let what = format!("{name} pn2 {two_level} {init:?} draw {draw_for_attacker}");
                assert_eq!(report.verdict, want, "{what}: {report:?}");
                if proven {
                    let mv = report.best_move.expect("a proof names its move");
                    assert!(report.proof_size.unwrap() >= 2, "{what}");
                    if !winning.is_empty() && expected == ExpectedResult::Win {
                        let text = game.format_move(mv);
                        assert!(winning.contains(&text), "{what}: {text} not in {winning:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_bundled_puzzle_agrees_with_its_expected_result() {
    let mut checked = 0;
    for entry in bundled() {
        let puzzle = entry.load().unwrap();
        let expect = puzzle.expect.clone().unwrap();
        let winning = expect.winning_moves.clone().unwrap_or_default();
        let name = entry.name;
        match (&puzzle.position, expect.result) {
            (Position::Mnk(g), Some(r)) => check(name, g, r, &winning),
            (Position::AtariGo(g), Some(r)) => check(name, g, r, &winning),
            (Position::Hex(g), Some(r)) => check(name, g, r, &winning),
            (Position::Tree(g), Some(r)) => check(name, g, r, &winning),
            (Position::Tree(g), None) => {
                for two_level in [false, true] {
                    let err = run(g, two_level, &ProofConfig::default(), false, 1000)
                        .expect_err("a numeric tree has no goal");
                    let message = err.to_string();
                    assert!(message.contains("win/draw/loss leaves"), "{message}");
                    assert!(message.contains("W, L or D"), "{message}");
                }
            }
            _ => panic!("{name}: a stone puzzle without a result"),
        }
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
}
