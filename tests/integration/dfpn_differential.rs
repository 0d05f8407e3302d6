//! Differential tests of df-pn (issue 5, "Correctness"): on random small positions of every
//! stone game, df-pn's verdict equals the exhaustive answer of alpha-beta to the end of the
//! game, for both goals (draws a disproof, draws for the attacker), with the 1+epsilon trick
//! on and off, unit and mobility initialisation, weak counting, and a big table, a tiny one
//! (four buckets: replacement on almost every store) and none, on one thread and on several
//! sharing one table. A proven root's winning move must really reach the goal.
//!
//! Positions come from a fixed-seed splitmix64 generator (as in `lambda_differential.rs`);
//! every search is bounded by node limits, so the tests are deterministic.

use crate::helpers::positions::{Rng, scatter};
use crate::helpers::solvers::exact;
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::dfpn::{DfpnOptions, DfpnTable, dfpn_search};
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::{Goal, LeafInit, ProofVerdict};
use plyscope::search::{Limits, SearchGame, Verdict};

/// True when `verdict` (for the side to move) reaches the goal.
fn reaches(verdict: Verdict, draw_for_attacker: bool) -> bool {
    match verdict {
        Verdict::Win { .. } => true,
        Verdict::Draw => draw_for_attacker,
        Verdict::Loss { .. } => false,
        other => panic!("alpha-beta to the end answers win, draw or loss, not {other:?}"),
    }
}

/// Four buckets: nearly every store replaces another entry.
fn tiny_table() -> usize {
    4 * 4 * DfpnTable::<u16>::slot_bytes()
}

fn configurations() -> Vec<DfpnOptions> {
    let mut all = Vec::new();
    for (init, weak, epsilon, table_bytes, threads) in [
        (LeafInit::Mobility, false, 0.0, 1 << 20, 1),
        (LeafInit::Mobility, false, 0.25, 1 << 20, 1),
        (LeafInit::Unit, false, 0.0, 1 << 20, 1),
        (LeafInit::Mobility, false, 0.0, tiny_table(), 1),
        (LeafInit::Unit, false, 0.5, tiny_table(), 1),
        (LeafInit::Mobility, false, 0.0, 0, 1),
        (LeafInit::Mobility, true, 0.0, 1 << 20, 1),
        // Parallel df-pn (issue 19): threads sharing one table, a tiny one (contention on
        // every bucket, replacement on almost every store) and none.
        (LeafInit::Mobility, false, 0.0, 1 << 20, 2),
        (LeafInit::Unit, false, 0.25, tiny_table(), 3),
        (LeafInit::Mobility, false, 0.0, 0, 2),
    ] {
        all.push(DfpnOptions {
            init,
            weak,
            epsilon,
            table_bytes,
            threads,
        });
    }
    all
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    proven: usize,
    disproven: usize,
    unknown: usize,
    moves_checked: usize,
}

/// Checks one position: every configuration, both goals, against the exhaustive answer.
fn check<G: SearchGame>(game: &mut G, tally: &mut Tally) {
    let Some(truth) = exact(game) else {
        return;
    };
    tally.positions += 1;
    let limits = Limits {
        nodes: Some(100_000),
        ..Limits::default()
    };
    for draw_for_attacker in [false, true] {
        let goal = Goal {
            attacker: game.to_move(),
            draw_for_attacker,
        };
        let expected = reaches(truth, draw_for_attacker);
        for options in configurations() {
            let before = game.key();
            let report = dfpn_search(game, &options, goal, &limits, &mut NoTrace);
            assert_eq!(game.key(), before, "the position is left as found");
            let context = format!("{options:?} goal {goal:?}\n{}", game.diagram());
            match report.verdict {
                ProofVerdict::Unknown => {
                    assert!(report.stopped, "unknown only on a limit: {context}");
                    tally.unknown += 1;
                }
                ProofVerdict::Proven => {
                    assert!(expected, "df-pn proved a false goal: {context}");
                    assert!(report.proof_size.unwrap_or(0) >= 1, "{context}");
                    let mv = report.best_move.expect("a proven root names its move");
                    game.play(mv);
                    let reply = match game.outcome() {
                        Some(_) => None,
                        None => exact(game),
                    };
                    game.undo(mv);
                    if let Some(reply) = reply {
                        // The opponent, to move now, must not reach its own aim.
                        let opponent_ok = match reply {
                            Verdict::Win { .. } => true,
                            Verdict::Draw => !draw_for_attacker,
                            _ => false,
                        };
                        assert!(
                            !opponent_ok,
                            "the winning move {} fails: {context}",
                            game.format_move(mv)
                        );
                        tally.moves_checked += 1;
                    }
                    tally.proven += 1;
                }
                ProofVerdict::Disproven => {
                    assert!(!expected, "df-pn disproved a true goal: {context}");
                    tally.disproven += 1;
                }
            }
        }
    }
}

#[test]
fn mnk_agrees_with_exhaustive_search() {
    let mut rng = Rng(0xDF9A_4D4E);
    let mut tally = Tally::default();
    for _ in 0..60 {
        let columns = 3 + rng.below(2);
        let rows = 3 + rng.below(2);
        let k = 3 + rng.below(2).min(columns.min(rows) - 3);
        let exact_k = rng.below(4) == 0;
        let stones = 1 + rng.below(columns * rows / 2);
        let mut g = scatter(
            Mnk::new(columns, rows, k, exact_k).unwrap(),
            stones,
            &mut rng,
        );
        check(&mut g, &mut tally);
    }
    println!("mnk: {tally:?}");
    assert!(tally.positions >= 50, "{tally:?}");
    assert!(tally.proven >= 100 && tally.disproven >= 100, "{tally:?}");
    assert!(tally.moves_checked >= 100, "{tally:?}");
}

#[test]
fn atarigo_agrees_with_exhaustive_search() {
    let mut rng = Rng(0xDF9A_A7A2);
    let mut tally = Tally::default();
    for _ in 0..60 {
        let columns = 3 + rng.below(2);
        let rows = 3 + rng.below(2);
        let empties = columns * rows;
        let stones = empties / 4 + rng.below(empties / 3 + 1);
        let mut g = scatter(AtariGo::new(columns, rows).unwrap(), stones, &mut rng);
        check(&mut g, &mut tally);
    }
    println!("atarigo: {tally:?}");
    assert!(tally.positions >= 40, "{tally:?}");
    assert!(tally.proven >= 50 && tally.disproven >= 50, "{tally:?}");
    assert!(tally.moves_checked >= 50, "{tally:?}");
}

#[test]
fn hex_agrees_with_exhaustive_search() {
    let mut rng = Rng(0xDF9A_4E58);
    let mut tally = Tally::default();
    for _ in 0..60 {
        let size = 2 + rng.below(3);
        let stones = rng.below(size * size / 2 + 1);
        let mut g = scatter(Hex::new(size).unwrap(), stones, &mut rng);
        check(&mut g, &mut tally);
    }
    println!("hex: {tally:?}");
    assert!(tally.positions >= 50, "{tally:?}");
    assert!(tally.proven >= 100 && tally.disproven >= 100, "{tally:?}");
    assert!(tally.moves_checked >= 100, "{tally:?}");
}
