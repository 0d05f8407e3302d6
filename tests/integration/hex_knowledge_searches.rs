//! Hex's knowledge (virtual connections, must-play regions, inferior cells; issue 18 point
//! 5) in PNS, PN², lambda-df-pn and df-pn: on random Hex positions of 3x3 to 5x5 every
//! answer agrees with exhaustive alpha-beta and every winning move named really wins; and
//! the knowledge decides the nodes it should (a mover whose opponent owns an edge-to-edge
//! connection is lost without a child; a mover with a semi connection wins with its key).
//!
//! Positions are played from the empty board by a fixed-seed splitmix64 generator (random
//! legal moves, never ending the game), so every run checks the same positions.

use plyscope::game::{Game, MoveList, Player, Tactics};
use plyscope::games::hex::Hex;
use plyscope::search::dfpn::{DfpnOptions, dfpn_search};
use plyscope::search::lambda_dfpn::lambda_dfpn;
use plyscope::search::observer::NoTrace;
use plyscope::search::pns::{Pn2Bound, pn2, pns};
use plyscope::search::proof::{Goal, LeafInit, ProofConfig, ProofReport, ProofVerdict};
use plyscope::search::{Algorithm, Limits, SearchConfig, Verdict, solve};
use plyscope::zobrist::splitmix64;

/// `stones` random legal moves from the empty `size` board that do not end the game.
fn random_position(size: usize, stones: usize, seed: &mut u64) -> Option<Hex> {
    let mut game = Hex::new(size).unwrap();
    let mut moves = MoveList::new();
    for _ in 0..stones {
        game.legal_moves(&mut moves);
        let mv = moves.as_slice()[(splitmix64(seed) % moves.len() as u64) as usize];
        game.play(mv);
        if game.outcome().is_some() {
            return None;
        }
    }
    Some(game)
}

/// True when the side to move wins, by alpha-beta to the end of the game (Hex has no
/// draws).
fn mover_wins(game: &Hex) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome == plyscope::game::Outcome::Win(game.to_move());
    }
    let mut g = game.clone();
    let config = SearchConfig {
        tt_mb: 4,
        ..SearchConfig::for_algorithm(Algorithm::AlphaBeta)
    };
    let result = solve(&mut g, &config, &Limits::default(), &mut NoTrace);
    assert!(!result.stopped);
    matches!(result.verdict, Verdict::Win { .. })
}

/// The goal of the side to move.
fn goal_of(game: &Hex) -> Goal {
    Goal {
        attacker: game.to_move(),
        draw_for_attacker: false,
    }
}

fn config(init: LeafInit) -> ProofConfig {
    ProofConfig {
        init,
        tt_mb: 4,
        ..ProofConfig::default()
    }
}

/// Checks `report` for the side to move of `game` against the exact `truth`: a verdict
/// agrees, a proof names a move after which the opponent loses. Returns true when it
/// answered.
fn agrees(game: &Hex, truth: bool, report: &ProofReport<u16>, what: &str) -> bool {
    let what = format!("{}\n{what}: exact {truth}, got {report:?}", game.diagram());
    match report.verdict {
        ProofVerdict::Unknown => {
            assert!(report.stopped, "{what}");
            return false;
        }
        ProofVerdict::Proven => assert!(truth, "{what}"),
        ProofVerdict::Disproven => assert!(!truth, "{what}"),
    }
    if report.verdict == ProofVerdict::Proven {
        let mv = report.best_move.expect("a proof names its move");
        let mut after = game.clone();
        after.play(mv);
        assert!(
            !mover_wins(&after),
            "{what}: {} does not win",
            game.format_move(mv)
        );
    }
    true
}

/// Every proof search on `count` random positions of `size` with `stones` stones; on the
/// boards up to 4x4 every search must answer within `nodes`.
fn sweep(size: usize, stones: &[usize], count: usize, nodes: u64, seed: u64) {
    let mut seed = seed;
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let must_answer = size <= 4;
    let (mut positions, mut answers) = (0, 0);
    for &n in stones {
        for _ in 0..count {
            let Some(game) = random_position(size, n, &mut seed) else {
                continue;
            };
            positions += 1;
            let truth = mover_wins(&game);
            let goal = goal_of(&game);
            for init in [LeafInit::Unit, LeafInit::Mobility, LeafInit::Heuristic] {
                let cfg = config(init);
                let runs = [
                    (
                        "pns",
                        pns(&mut game.clone(), &cfg, goal, &limits, &mut NoTrace).unwrap(),
                    ),
                    (
                        "pn2",
                        pn2(
                            &mut game.clone(),
                            &cfg,
                            Pn2Bound::default(),
                            goal,
                            &limits,
                            &mut NoTrace,
                        )
                        .unwrap(),
                    ),
                    (
                        "pn2 fixed",
                        pn2(
                            &mut game.clone(),
                            &cfg,
                            Pn2Bound::Fixed(20),
                            goal,
                            &limits,
                            &mut NoTrace,
                        )
                        .unwrap(),
                    ),
                    (
                        "dfpn",
                        dfpn_search(
                            &mut game.clone(),
                            &DfpnOptions::from_config(&cfg),
                            goal,
                            &limits,
                            &mut NoTrace,
                        ),
                    ),
                    (
                        "lambda-dfpn",
                        lambda_dfpn(&mut game.clone(), &cfg, goal, &limits, &mut NoTrace),
                    ),
                ];
                for (name, report) in &runs {
                    let answered = agrees(&game, truth, report, &format!("{name} {init:?}"));
                    // lambda-df-pn's level searches only disprove by dual-lambda's rule, and
                    // its last stage needs a table: it may leave a loss unknown.
                    assert!(
                        answered || !must_answer || *name == "lambda-dfpn",
                        "{name} {init:?} did not answer\n{}",
                        game.diagram()
                    );
                    answers += usize::from(answered);
                }
            }
        }
    }
    eprintln!("hex {size}x{size}: {positions} positions, {answers} answers");
    assert!(positions >= count, "too few positions: {positions}");
    assert!(answers > positions, "too few answers: {answers}");
}

#[test]
fn hex_3x3_positions_agree_with_alpha_beta() {
    sweep(3, &[0, 1, 2, 3, 4], 6, 100_000, 0x6b6e_6f77_3378_3301);
}

#[test]
fn hex_4x4_positions_agree_with_alpha_beta() {
    sweep(4, &[1, 3, 5, 7], 5, 300_000, 0x6b6e_6f77_3478_3401);
}

#[test]
fn hex_5x5_positions_agree_with_alpha_beta() {
    sweep(5, &[10, 12, 14, 16], 3, 300_000, 0x6b6e_6f77_3578_3501);
}

/// 3x3 with a Black stone on b2 and White to move: b2 reaches both of Black's edges by
/// bridges, a full connection, so White has lost. PNS and PN² decide it at the root's
/// expansion, without a child: one node.
/// PNS's and PN²'s reports on `game`, without limits.
fn pns_and_pn2(game: &Hex, cfg: &ProofConfig, goal: Goal) -> [ProofReport<u16>; 2] {
    let one = pns(
        &mut game.clone(),
        cfg,
        goal,
        &Limits::default(),
        &mut NoTrace,
    )
    .unwrap();
    let two = pn2(
        &mut game.clone(),
        cfg,
        Pn2Bound::default(),
        goal,
        &Limits::default(),
        &mut NoTrace,
    )
    .unwrap();
    [one, two]
}

#[test]
fn a_full_connection_of_the_opponent_is_a_loss_without_children() {
    let mut game = Hex::new(3).unwrap();
    game.play(4); // Black b2
    assert!(game.is_lost());
    let goal = goal_of(&game);
    assert_eq!(goal.attacker, Player::White);
    for init in [LeafInit::Unit, LeafInit::Mobility] {
        let cfg = config(init);
        for report in pns_and_pn2(&game, &cfg, goal) {
            assert_eq!(report.verdict, ProofVerdict::Disproven, "{init:?}");
            assert_eq!(report.stats.nodes, 1, "{init:?}");
        }
    }
}

/// The empty 3x3 board: Black's b2 is the key of a semi connection of Black's edges, so the
/// root is won with that move, the only child generated (two nodes, a proof of two
/// positions as df-pn counts it).
#[test]
fn a_semi_connection_wins_with_its_key_as_the_only_child() {
    let game = Hex::new(3).unwrap();
    let key = game.winning_key().expect("b2 is the key");
    let goal = goal_of(&game);
    for init in [LeafInit::Unit, LeafInit::Mobility, LeafInit::Heuristic] {
        let cfg = config(init);
        for report in pns_and_pn2(&game, &cfg, goal) {
            assert_eq!(report.verdict, ProofVerdict::Proven, "{init:?}");
            assert_eq!(report.best_move, Some(key), "{init:?}");
            assert_eq!(report.stats.nodes, 2, "{init:?}");
            assert_eq!(report.proof_size, Some(2), "{init:?}");
        }
    }
}

/// Moves outside the must-play region are not generated: on the 4x4 board after a Black
/// opening and a White reply that leave Black a semi connection but no full one, the first
/// expansion of White's root has only the region's moves (fewer than the legal ones), and
/// the search still finds the answer.
#[test]
fn moves_outside_the_must_play_region_are_not_generated() {
    let mut region = MoveList::new();
    let mut legal = MoveList::new();
    let mut found = None;
    let empty = Hex::new(4).unwrap();
    empty.legal_moves(&mut legal);
    'search: for &b in legal.clone().as_slice() {
        let mut game = empty.clone();
        game.play(b);
        game.legal_moves(&mut legal);
        for &w in legal.clone().as_slice() {
            let mut g = game.clone();
            g.play(w);
            g.legal_moves(&mut legal);
            if g.winning_move(g.to_move()).is_none()
                && g.winning_key().is_none()
                && g.must_play(&mut region)
                && !region.is_empty()
                && region.len() < legal.len()
            {
                found = Some(g);
                break 'search;
            }
        }
    }
    let game = found.expect("a position with a proper must-play region");
    game.must_play(&mut region);
    let goal = goal_of(&game);
    // A node limit of one expansion: the root and its children.
    let limits = Limits {
        nodes: Some(1 + region.len() as u64),
        ..Limits::default()
    };
    let report = pns(
        &mut game.clone(),
        &config(LeafInit::Unit),
        goal,
        &limits,
        &mut NoTrace,
    )
    .unwrap();
    assert!(report.stats.nodes <= 1 + region.len() as u64);
    assert!(report.stats.nodes > 1, "the root was expanded");
    let full = pns(
        &mut game.clone(),
        &config(LeafInit::Mobility),
        goal,
        &Limits::default(),
        &mut NoTrace,
    )
    .unwrap();
    assert_eq!(
        full.verdict == ProofVerdict::Proven,
        mover_wins(&game),
        "{full:?}"
    );
}
