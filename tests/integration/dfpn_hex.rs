//! Hex opening classes by df-pn with Hex's must-play regions (issue 5, "Performance"; the
//! pruning is `src/games/hex/vc.rs`, used by `PlainMoves` in `src/search/dfpn.rs`).
//!
//! - Every Hex 4x4 opening, and random 4x4 positions, against alpha-beta to the end of the
//!   game (immediate-win tactics only, no must-play regions): fast in debug.
//! - The 25 Hex 5x5 openings against a table recorded once (2026-11-22) with
//!   `examples/dfpn_speed hex 5`, which searches all 25 separately (no symmetry): the table
//!   came out half-turn symmetric, as it must; a1, b1 and c1 (losses) agree with the df-pn
//!   of before must-play regions (597,697, 437,029 and 887,060 nodes, commit cfa780e's
//!   module doc); alpha-beta to the end (`dfpn_speed hex-ab 5`) did not finish one opening
//!   in 110 s of CPU, so no exhaustive check exists for 5x5. Checked through the root
//!   classification the CLI uses. Release only:
//!   `cargo test --release --test integration dfpn_hex:: -- --ignored`.

use plyscope::game::{Game, MoveList, Player};
use plyscope::games::hex::Hex;
use plyscope::run::solve::proof::{RootClass, classify_root};
use plyscope::search::dfpn::{DfpnOptions, dfpn_search};
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::{Goal, ProofConfig, ProofVerdict};
use plyscope::search::{Algorithm, Limits, SearchConfig, Verdict, solve};
use plyscope::zobrist::splitmix64;

fn dfpn_mover_wins(game: &mut Hex, nodes: u64) -> bool {
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: false,
    };
    let options = DfpnOptions {
        table_bytes: 4 << 20,
        threads: 1,
        ..DfpnOptions::from_config(&ProofConfig::default())
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let report = dfpn_search(game, &options, goal, &limits, &mut NoTrace);
    match report.verdict {
        ProofVerdict::Proven => true,
        ProofVerdict::Disproven => false,
        ProofVerdict::Unknown => panic!("df-pn undecided within {nodes} nodes"),
    }
}

fn alpha_beta_mover_wins(game: &mut Hex) -> bool {
    let config = SearchConfig {
        tt_mb: 4,
        ..SearchConfig::for_algorithm(Algorithm::AlphaBeta)
    };
    let result = solve(game, &config, &Limits::default(), &mut NoTrace);
    match result.verdict {
        Verdict::Win { .. } => true,
        Verdict::Loss { .. } => false,
        other => panic!("alpha-beta to the end answers win or loss, not {other:?}"),
    }
}

#[test]
fn every_4x4_opening_agrees_with_alpha_beta() {
    let mut game = Hex::new(4).unwrap();
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut black_wins = 0;
    for &mv in moves.iter() {
        game.play(mv);
        let white_wins = dfpn_mover_wins(&mut game, 100_000);
        assert_eq!(
            white_wins,
            alpha_beta_mover_wins(&mut game),
            "opening {}",
            game.format_move(mv)
        );
        black_wins += usize::from(!white_wins);
        game.undo(mv);
    }
    // Four openings win (d1, c2, b3, a4, the short diagonal), as alpha-beta says above.
    assert_eq!(black_wins, 4);
}

#[test]
fn random_small_positions_agree_with_alpha_beta() {
    let mut seed = 0x4845_5853_5045_4544u64;
    let mut moves = MoveList::new();
    let mut checked = 0;
    for size in [3usize, 4, 4, 5] {
        for _ in 0..40 {
            let mut game = Hex::new(size).unwrap();
            // Leave at most 11 empty points, so alpha-beta stays quick in debug.
            let stones = (size * size).saturating_sub(11) + (splitmix64(&mut seed) % 3) as usize;
            for _ in 0..stones {
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves.as_slice()[(splitmix64(&mut seed) % moves.len() as u64) as usize];
                game.play(mv);
                if game.outcome().is_some() {
                    game.undo(mv);
                    break;
                }
            }
            if game.outcome().is_some() {
                continue;
            }
            assert_eq!(
                dfpn_mover_wins(&mut game, 200_000),
                alpha_beta_mover_wins(&mut game),
                "\n{}",
                game.diagram()
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

/// The 5x5 openings Black (first to move) wins, as a board with row 5 on top (`+` a win).
const WINNING_5X5: [&str; 5] = ["+----", "++++-", "-+++-", "-++++", "----+"];

#[test]
#[ignore = "release only: cargo test --release --test integration dfpn_hex:: -- --ignored"]
fn all_5x5_openings_match_the_recorded_table() {
    let mut game = Hex::new(5).unwrap();
    let goal = Goal {
        attacker: Player::Black,
        draw_for_attacker: false,
    };
    let config = ProofConfig {
        tt_mb: 16,
        ..ProofConfig::default()
    };
    let (moves, _, stopped) = classify_root(
        &mut game,
        Algorithm::DfPn,
        &config,
        goal,
        &Limits::default(),
        false,
    );
    assert!(!stopped);
    assert_eq!(moves.len(), 25);
    for m in &moves {
        let (x, y) = (m.mv as usize % 5, m.mv as usize / 5);
        let wins = WINNING_5X5[4 - y].as_bytes()[x] == b'+';
        let expected = if wins {
            RootClass::Win
        } else {
            RootClass::Loss
        };
        assert_eq!(m.class, expected, "opening {}", game.format_move(m.mv));
    }
    // The half turn halves the work: 12 openings copy their image's class.
    assert_eq!(moves.iter().filter(|m| m.image_of.is_some()).count(), 12);
}
