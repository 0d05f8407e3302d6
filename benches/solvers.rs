//! Benchmarks with asserted node counts (conventions.md 8: node counts are a signature).
//!
//! `cargo bench` runs them in release. Each bench first checks the deterministic count it
//! measures (perft leaves, search nodes), so a change in behaviour fails here instead of
//! silently changing the timing.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

use plyscope::game::{Game, MoveList, Player, perft};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::observer::NoTrace;
use plyscope::search::{self, Algorithm, Limits, SearchConfig};

fn crosscut() -> AtariGo {
    let p = |n: &str| plyscope::game::parse_point(n, 6, 6).unwrap();
    AtariGo::new(6, 6)
        .unwrap()
        .with_stones(
            &[
                (p("c3"), Player::Black),
                (p("d4"), Player::Black),
                (p("d3"), Player::White),
                (p("c4"), Player::White),
            ],
            Player::Black,
        )
        .unwrap()
}

/// A perft bench: its name, the count it computes, and the pinned count.
type PerftCase = (&'static str, fn() -> u64, u64);

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let cases: [PerftCase; 5] = [
        (
            "tic-tac-toe depth 9",
            || perft(&mut Mnk::new(3, 3, 3, false).unwrap(), 9),
            127_872,
        ),
        (
            "mnk 4x4 k=3 depth 6",
            || perft(&mut Mnk::new(4, 4, 3, false).unwrap(), 6),
            5_518_656,
        ),
        (
            "hex 3x3 depth 9",
            || perft(&mut Hex::new(3).unwrap(), 9),
            120_960,
        ),
        (
            "atarigo 4x4 depth 5",
            || perft(&mut AtariGo::new(4, 4).unwrap(), 5),
            519_168,
        ),
        (
            "atarigo 6x6 crosscut depth 4",
            || perft(&mut crosscut(), 4),
            859_328,
        ),
    ];
    for (name, run, expected) in &cases {
        assert_eq!(run(), *expected, "perft {name}");
        group.bench_function(*name, |b| b.iter(|| black_box(run())));
    }
    group.finish();
}

/// One pass of play+undo over every legal move of `game`, `reps` times.
fn play_undo_pass<G: Game>(game: &mut G, reps: usize) -> u64 {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut sink = 0u64;
    for _ in 0..reps {
        for &mv in moves.iter() {
            game.play(black_box(mv));
            sink ^= game.key();
            game.undo(mv);
        }
    }
    sink
}

fn play_undo_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("play+undo x1000 passes");
    group.sample_size(20);
    let mut mnk = Mnk::new(7, 7, 4, false).unwrap();
    group.bench_function("mnk 7x7 (49 moves)", |b| {
        b.iter(|| play_undo_pass(&mut mnk, 1000))
    });
    let mut atari = AtariGo::new(7, 7).unwrap();
    group.bench_function("atarigo 7x7 (49 moves)", |b| {
        b.iter(|| play_undo_pass(&mut atari, 1000))
    });
    let mut cross = crosscut();
    group.bench_function("atarigo 6x6 crosscut (32 moves)", |b| {
        b.iter(|| play_undo_pass(&mut cross, 1000))
    });
    let mut hex = Hex::new(7).unwrap();
    group.bench_function("hex 7x7 (49 moves)", |b| {
        b.iter(|| play_undo_pass(&mut hex, 1000))
    });
    group.finish();
}

fn solve_nodes<G: plyscope::search::SearchGame>(mut game: G, algorithm: Algorithm) -> u64 {
    let config = SearchConfig {
        algorithm,
        ..SearchConfig::default()
    };
    search::solve(&mut game, &config, &Limits::default(), &mut NoTrace)
        .stats
        .nodes
}

fn search_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    let ttt = || Mnk::new(3, 3, 3, false).unwrap();
    let k3 = || Mnk::new(4, 4, 3, false).unwrap();
    for (name, algorithm) in [
        ("alphabeta", Algorithm::AlphaBeta),
        ("alphabeta-soft", Algorithm::AlphaBetaSoft),
        ("id", Algorithm::IterativeDeepening),
    ] {
        let ttt_nodes = solve_nodes(ttt(), algorithm);
        let k3_nodes = solve_nodes(k3(), algorithm);
        assert_eq!(
            (ttt_nodes, k3_nodes),
            pinned_nodes(algorithm),
            "{name}: node counts moved; explain the change and update the pin"
        );
        group.bench_function(format!("tic-tac-toe {name}"), |b| {
            b.iter(|| black_box(solve_nodes(ttt(), algorithm)))
        });
        group.bench_function(format!("mnk 4x4 k=3 {name}"), |b| {
            b.iter(|| black_box(solve_nodes(k3(), algorithm)))
        });
    }
    group.finish();
}

/// Nodes of (tic-tac-toe, 4x4 k=3) per algorithm with the default configuration (minimax is
/// not benched: it has no 4x4 pin).
fn pinned_nodes(algorithm: Algorithm) -> (u64, u64) {
    match algorithm {
        Algorithm::AlphaBeta => (399, 746),
        Algorithm::AlphaBetaSoft => (399, 746),
        Algorithm::IterativeDeepening => (1_419, 360),
        Algorithm::Minimax => (549_946, u64::MAX),
        Algorithm::Lambda | Algorithm::DualLambda => {
            unreachable!("threat searches are pinned in benches/lambda.rs")
        }
        Algorithm::Pns | Algorithm::Pn2 | Algorithm::DfPn | Algorithm::LambdaDfPn => {
            unreachable!("proof-number searches are pinned in their own bench")
        }
    }
}

criterion_group!(benches, perft_benches, play_undo_benches, search_benches);
criterion_main!(benches);
