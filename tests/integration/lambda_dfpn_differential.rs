//! Differential tests of lambda-df-pn (issue 5, "Correctness"): on random small positions of
//! every stone game, every win it claims is a real win by exhaustive alpha-beta (and the
//! winning move it names really wins), every loss it claims a real loss, both with the
//! attacker to move (an OR root) and with the attacker's opponent to move (an AND root);
//! and the answer (verdict and level) is the same with zones on and off and with the tables
//! on and off. Proofs without a level come from the last stage (df-pn over the real game
//! tree with must-play regions; `tests/integration/lambda_dfpn_must_play.rs` checks it on its own).
//! Positions come from the fixed-seed generator of `tests/integration/helpers/positions.rs`; every search is
//! bounded by node limits, so the tests are deterministic.

use crate::helpers::positions;

use crate::helpers::solvers::exact;
use plyscope::game::Player;
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::lambda_dfpn::{LambdaDfpnRun, lambda_dfpn_counted};
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::{Goal, ProofConfig, ProofVerdict};
use plyscope::search::{Limits, SearchGame, Verdict};

fn run<G: SearchGame>(
    game: &mut G,
    attacker: Player,
    config: ProofConfig,
) -> LambdaDfpnRun<G::Move> {
    let limits = Limits {
        nodes: Some(300_000),
        ..Limits::default()
    };
    let goal = Goal {
        attacker,
        draw_for_attacker: false,
    };
    let key = game.key();
    let run = lambda_dfpn_counted(game, &config, goal, &limits, &mut NoTrace);
    assert_eq!(game.key(), key, "the position is restored");
    run
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    wins_checked: usize,
    and_root_wins: usize,
    losses_checked: usize,
    level_wins: [usize; 4],
    last_stage_wins: usize,
    compared: usize,
}

/// Checks one position for both attackers at `max_level`.
fn check<G: SearchGame>(game: &mut G, max_level: u8, tally: &mut Tally) {
    tally.positions += 1;
    let Some(truth) = exact(game) else {
        return;
    };
    let to_move = game.to_move();
    for attacker in [to_move, to_move.opponent()] {
        let base = ProofConfig {
            max_level,
            tt_mb: 2,
            zones: true,
            ..ProofConfig::default()
        };
        let first = run(game, attacker, base);
        let by_last_stage = first.must_play.is_some();
        let report = first.report;
        let diagram = game.diagram();
        match report.verdict {
            ProofVerdict::Proven => {
                // No level: the last stage (the real game tree with must-play regions).
                match report.level {
                    Some(level) => tally.level_wins[(level as usize).min(3)] += 1,
                    None => tally.last_stage_wins += 1,
                }
                if attacker == to_move {
                    tally.wins_checked += 1;
                    assert!(truth.is_win(), "claimed win is {truth}:\n{diagram}");
                    let mv = report.best_move.expect("a winning move");
                    game.play(mv);
                    let after = game.outcome().map(|_| Verdict::Loss { plies: 0 });
                    let after = after.or_else(|| exact(game));
                    game.undo(mv);
                    if let Some(after) = after {
                        assert!(
                            after.is_loss(),
                            "{} does not win ({after}):\n{diagram}",
                            game.format_move(mv)
                        );
                    }
                } else {
                    tally.and_root_wins += 1;
                    assert!(
                        truth.is_loss(),
                        "claimed opponent win is {truth}:\n{diagram}"
                    );
                }
            }
            ProofVerdict::Disproven => {
                tally.losses_checked += 1;
                if attacker == to_move {
                    assert!(!truth.is_win(), "claimed loss is {truth}:\n{diagram}");
                } else {
                    assert!(!truth.is_loss(), "claimed loss is {truth}:\n{diagram}");
                }
            }
            ProofVerdict::Unknown => {}
        }
        if report.stopped {
            continue;
        }
        for (zones, tt_mb) in [(false, 2), (true, 0), (false, 0)] {
            let other = run(
                game,
                attacker,
                ProofConfig {
                    zones,
                    tt_mb,
                    ..base
                },
            )
            .report;
            if other.stopped {
                continue;
            }
            tally.compared += 1;
            if by_last_stage && tt_mb == 0 {
                // The last stage needs its table: without one the levels' answer stands.
                assert_eq!(other.verdict, ProofVerdict::Unknown, "tt off:\n{diagram}");
                continue;
            }
            assert_eq!(
                (other.verdict, other.level),
                (report.verdict, report.level),
                "zones {zones}, tt {tt_mb}:\n{diagram}"
            );
        }
    }
}

fn sweep<G: SearchGame>(starts: &[G], seed: u64, per_start: usize, tally: &mut Tally) {
    for (i, start) in starts.iter().enumerate() {
        let empties = {
            let mut moves = plyscope::game::MoveList::new();
            start.legal_moves(&mut moves);
            moves.len()
        };
        let max = (empties / 2).max(2);
        let games = positions::random_positions(start, seed + i as u64, 1, max, per_start);
        for (j, mut g) in games.into_iter().enumerate() {
            check(&mut g, 1 + (j % 3) as u8, tally);
        }
    }
}

#[test]
fn mnk_claims_are_real() {
    let starts: Vec<Mnk> = [(3, 3, 3), (4, 3, 3), (4, 4, 3), (4, 4, 4), (5, 4, 4)]
        .iter()
        .map(|&(c, r, k)| Mnk::new(c, r, k, false).unwrap())
        .collect();
    let mut tally = Tally::default();
    sweep(&starts, 0x4D4E_4B10, 30, &mut tally);
    println!("mnk: {tally:?}");
    assert!(tally.wins_checked >= 30, "{tally:?}");
    assert!(tally.and_root_wins >= 10, "{tally:?}");
    assert!(tally.losses_checked >= 5, "{tally:?}");
    assert!(tally.compared >= 100, "{tally:?}");
}

#[test]
fn atarigo_claims_are_real() {
    let starts: Vec<AtariGo> = [(3, 3), (4, 3), (4, 4)]
        .iter()
        .map(|&(c, r)| AtariGo::new(c, r).unwrap())
        .collect();
    let mut tally = Tally::default();
    sweep(&starts, 0xA7A2_1610, 30, &mut tally);
    println!("atarigo: {tally:?}");
    assert!(tally.wins_checked >= 20, "{tally:?}");
    assert!(tally.level_wins[2] + tally.level_wins[3] >= 5, "{tally:?}");
    assert!(tally.compared >= 60, "{tally:?}");
}

#[test]
fn hex_claims_are_real() {
    let starts: Vec<Hex> = [3, 4].iter().map(|&s| Hex::new(s).unwrap()).collect();
    let mut tally = Tally::default();
    sweep(&starts, 0x4E58_0010, 40, &mut tally);
    println!("hex: {tally:?}");
    assert!(tally.wins_checked >= 20, "{tally:?}");
    assert!(tally.and_root_wins >= 10, "{tally:?}");
    assert!(tally.level_wins[2] + tally.level_wins[3] >= 5, "{tally:?}");
    assert!(tally.losses_checked >= 5, "{tally:?}");
    assert!(tally.compared >= 100, "{tally:?}");
}

/// m,n,k with exact k is not stable: no zones, immediate wins by trying every move.
#[test]
fn unstable_games_search_without_zones() {
    let starts = vec![Mnk::new(4, 4, 3, true).unwrap()];
    let mut tally = Tally::default();
    sweep(&starts, 0x4558_4153, 40, &mut tally);
    println!("exact-k: {tally:?}");
    assert!(tally.wins_checked >= 10, "{tally:?}");
}
