//! Lambda-df-pn on Hex: the openings of 4x4 classified exactly as alpha-beta does (a
//! regular test), and the issue-5 speed targets for 5x5 and 6x6 (release-only, ignored:
//! `cargo test --release --test integration lambda_dfpn_hex:: -- --ignored --nocapture`).

use std::time::Instant;

use crate::helpers::solvers::alpha_beta;
use plyscope::game::Game;
use plyscope::games::hex::Hex;
use plyscope::search::Limits;
use plyscope::search::lambda_dfpn::{Classification, MoveClass, classify_moves};
use plyscope::search::proof::ProofConfig;

fn config(tt_mb: usize, zones: bool, max_level: u8) -> ProofConfig {
    ProofConfig {
        tt_mb,
        zones,
        max_level,
        ..ProofConfig::default()
    }
}

fn classify(size: usize, c: &ProofConfig, nodes: Option<u64>) -> (Classification<u16>, f64) {
    classify_to_depth(size, c, nodes, None)
}

fn classify_to_depth(
    size: usize,
    c: &ProofConfig,
    nodes: Option<u64>,
    max_depth: Option<u32>,
) -> (Classification<u16>, f64) {
    let mut g = Hex::new(size).unwrap();
    let limits = Limits {
        nodes,
        max_depth,
        ..Limits::default()
    };
    let start = Instant::now();
    let result = classify_moves(&mut g, c, &limits);
    (result, start.elapsed().as_secs_f64())
}

fn summary(size: usize, label: &str, result: &Classification<u16>, seconds: f64) -> String {
    let g = Hex::new(size).unwrap();
    let wins: Vec<String> = result
        .moves
        .iter()
        .filter(|m| matches!(m.class, MoveClass::Wins { .. }))
        .map(|m| g.format_move(m.mv))
        .collect();
    let unknown = result
        .moves
        .iter()
        .filter(|m| m.class == MoveClass::Unknown)
        .count();
    let max_level = result
        .moves
        .iter()
        .filter_map(|m| match m.class {
            MoveClass::Wins { level } | MoveClass::Loses { level } => Some(level),
            MoveClass::Unknown => None,
        })
        .max()
        .unwrap_or(0);
    format!(
        "hex {size}x{size} {label}: {seconds:.3} s, {} nodes, {} MID calls, {} lambda calls, \
         wins {wins:?}, unknown {unknown}, highest level {max_level}",
        result.stats.nodes, result.counters.mid_calls, result.counters.lambda_calls
    )
}

/// Every 4x4 opening: lambda-df-pn's class is alpha-beta's exact value of the opening, with
/// pinned node counts.
#[test]
fn hex_4x4_openings_agree_with_alpha_beta() {
    let (result, _) = classify(4, &config(8, true, 3), Some(20_000_000));
    assert!(!result.stopped);
    // Deterministic effort, pinned (the module doc's figure; change only with a reason:
    // Hex's knowledge disproving in the level searches and deciding the last stage's nodes,
    // issue 18 point 5, took it from 1,832,171 nodes and 15,652 MID calls).
    assert_eq!(result.stats.nodes, 201_026);
    assert_eq!(result.counters.mid_calls, 1_284);
    let mut g = Hex::new(4).unwrap();
    for m in &result.moves {
        assert_ne!(m.class, MoveClass::Unknown, "{}", g.format_move(m.mv));
        g.play(m.mv);
        let exact = alpha_beta(&mut g, 4, &Limits::default());
        g.undo(m.mv);
        let mover_wins = exact.verdict.is_loss();
        assert_eq!(
            matches!(m.class, MoveClass::Wins { .. }),
            mover_wins,
            "{}: {:?} vs {}",
            g.format_move(m.mv),
            m.class,
            exact.verdict
        );
    }
}

/// The 4x4 openings with zones and tables on and off: the same classes every time; prints
/// the effort of each (the zones/TT on-off figures of the closing note).
#[test]
#[ignore = "release-only figures: cargo test --release --test integration lambda_dfpn_hex:: -- --ignored"]
fn hex_4x4_effort_with_zones_and_tables_on_and_off() {
    let (reference, _) = classify(4, &config(8, true, 3), None);
    for (label, c) in [
        ("zones+tt", config(8, true, 3)),
        ("tt only", config(8, false, 3)),
        ("zones only", config(0, true, 3)),
        ("neither", config(0, false, 3)),
    ] {
        let (result, seconds) = classify(4, &c, Some(50_000_000));
        println!("{}", summary(4, label, &result, seconds));
        if !result.stopped {
            let classes: Vec<_> = result.moves.iter().map(|m| m.class).collect();
            let want: Vec<_> = reference.moves.iter().map(|m| m.class).collect();
            assert_eq!(classes, want, "{label}");
        }
    }
}

/// Issue 5's targets: all 25 openings of 5x5 in under 2.3 s, all 36 of 6x6 in under 60 s
/// (release). `HEX_SIZE`, `HEX_LEVEL` and `HEX_NODES` (the node budget of the whole
/// classification) override 5, 4 and 20 million; `HEX_DEPTH` sets a depth limit (plies
/// after the opening, passes of threat checks included; a limit can only lose proofs). Prints the figures; asserts that the
/// classes found respect the board's half-turn symmetry (a move and its mirror image are
/// the same opening).
#[test]
#[ignore = "release-only timing: cargo test --release --test integration lambda_dfpn_hex:: -- --ignored"]
fn hex_openings_speed() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let size = env("HEX_SIZE", 5) as usize;
    let c = config(64, true, env("HEX_LEVEL", 4) as u8);
    let depth = std::env::var("HEX_DEPTH").ok().and_then(|s| s.parse().ok());
    let (result, seconds) = classify_to_depth(size, &c, Some(env("HEX_NODES", 20_000_000)), depth);
    println!("{}", summary(size, "zones+tt", &result, seconds));
    let g = Hex::new(size).unwrap();
    for m in &result.moves {
        println!("  {} {:?} {} nodes", g.format_move(m.mv), m.class, m.nodes);
    }
    let last = (size * size - 1) as u16;
    for m in &result.moves {
        let mirror = result
            .moves
            .iter()
            .find(|x| x.mv == last - m.mv)
            .expect("every point is an opening");
        if m.class != MoveClass::Unknown && mirror.class != MoveClass::Unknown {
            assert_eq!(
                matches!(m.class, MoveClass::Wins { .. }),
                matches!(mirror.class, MoveClass::Wins { .. }),
                "{} and its mirror image",
                g.format_move(m.mv)
            );
        }
    }
}
