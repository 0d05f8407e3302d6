//! Gobblet benchmarks with asserted node counts (conventions.md 8): perft, play+undo, and
//! alpha-beta from the Gobblet start with each evaluation of seed 002 (2.3 feature, 3.2
//! pattern). Before the timed benches it solves the Gobblet Gobblers start once and prints
//! the row `gobblers start: win in 13 plies, N nodes, T s` (asserting the value and count);
//! `GOBBLERS=0` skips that row. `cargo bench --bench gobblet`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};

use plyscope::game::{Game, MoveList, perft};
use plyscope::games::gobblet::{Evaluation, Gobblet, Variant};
use plyscope::search::observer::NoTrace;
use plyscope::search::{self, Algorithm, Limits, SearchConfig, Verdict};

fn limits(depth: u32) -> Limits {
    Limits {
        max_depth: Some(depth),
        ..Limits::default()
    }
}

fn gobblers_row() {
    let mut g = Gobblet::new(Variant::Gobblers);
    let config = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
    let start = Instant::now();
    let r = search::solve(&mut g, &config, &limits(13), &mut NoTrace);
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(r.verdict, Verdict::Win { plies: 13 });
    assert_eq!(r.stats.nodes, 1_534_917, "node count changed");
    println!(
        "gobblers start: win in 13 plies, {} nodes, {secs:.2} s ({:.2} M nodes/s)",
        r.stats.nodes,
        r.stats.nodes as f64 / secs / 1e6
    );
}

fn benches(c: &mut Criterion) {
    if std::env::var("GOBBLERS").as_deref() != Ok("0") {
        gobblers_row();
    }
    let mut group = c.benchmark_group("gobblet");
    group.sample_size(10);
    group.bench_function("perft 3 from the 4x4 start", |b| {
        b.iter(|| {
            let mut g = Gobblet::new(Variant::Gobblet);
            assert_eq!(perft(&mut g, 3), 10_080);
        })
    });
    group.bench_function("play+undo, 4x4 after 4 drops", |b| {
        let mut g = Gobblet::new(Variant::Gobblet);
        for m in ["4a1", "4d4", "4b2", "4c3"] {
            let mv = g.parse_move(m).unwrap();
            g.play(mv);
        }
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        b.iter(|| {
            for &m in moves.iter() {
                g.play(m);
                g.undo(m);
            }
            black_box(g.key())
        })
    });
    // (evaluation, plain depth-4 nodes, full depth-6 nodes)
    for (evaluation, plain_nodes, full_nodes) in [
        (Evaluation::Feature, 2_628, 49_021),
        (Evaluation::Pattern, 7_903, 119_950),
    ] {
        let plain = SearchConfig::plain(Algorithm::AlphaBeta);
        let full = SearchConfig {
            tt_mb: 16,
            ..SearchConfig::for_algorithm(Algorithm::AlphaBetaSoft)
        };
        for (label, config, depth, nodes) in [
            ("plain alpha-beta depth 4", plain, 4, plain_nodes),
            ("alpha-beta + table + ordering depth 6", full, 6, full_nodes),
        ] {
            let run = move || {
                let mut g = Gobblet::new(Variant::Gobblet);
                g.set_evaluation(evaluation);
                search::solve(&mut g, &config, &limits(depth), &mut NoTrace)
                    .stats
                    .nodes
            };
            assert_eq!(
                run(),
                nodes,
                "{label} {}: node count changed",
                evaluation.name()
            );
            group.bench_function(format!("{label}, {} evaluation", evaluation.name()), |b| {
                b.iter(|| black_box(run()))
            });
        }
    }
    group.finish();
}

criterion_group!(gobblet, benches);
criterion_main!(gobblet);
