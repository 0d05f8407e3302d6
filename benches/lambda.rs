//! Lambda and dual-lambda benchmarks with asserted node counts (conventions.md 8: node counts
//! are a signature), on the thesis's three puzzles (thesis 000 table 5.1) and Thomsen's
//! corner position.
//!
//! `cargo bench --bench lambda` runs them in release. Each bench first checks the
//! deterministic node count, so a change in behaviour fails here instead of silently changing
//! the timing. Before the benches it prints, once, the node counts with zones and the table
//! on and off (the ratios the issue asks for), capped at `TABLE_CAP` nodes per run.
//!
//! Thesis reference (dual-lambda, no table, Celeron 1 GHz): crosscut 370,545 nodes, 7x7 k=4
//! 903,414, "Hex 4x4" (really Y) 24,552.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};

use plyscope::game::StoneGame;
use plyscope::games::any::{AnyGame, GameVisitor};
use plyscope::games::hex::Hex;
use plyscope::puzzle;
use plyscope::search::lambda::{
    LambdaConfig, RootMoveClass, ThreatVerdict, analyse_root, lambda_search,
};
use plyscope::search::observer::NoTrace;
use plyscope::search::{Limits, SearchGame};

/// Node cap of each run of the zones/table table.
const TABLE_CAP: u64 = 20_000_000;

/// A bench case: puzzle, dual or not, and the pinned node count.
struct Case {
    puzzle: &'static str,
    dual: bool,
    nodes: u64,
}

/// Level and depth of each puzzle, fixed here so that a puzzle file's defaults can change
/// without moving the pins: the thesis's levels and depths (table 5.1), Hex without a depth
/// limit, Thomsen's lambda-2 tree of depth 7.
fn level_and_depth(puzzle: &str) -> (u8, u32) {
    match puzzle {
        "atarigo-6x6-crosscut" => (3, 15),
        "mnk-7x7-k4" => (3, 11),
        "hex-4x4" => (3, u32::MAX),
        "mnk-4x4-k4-corners" => (2, 7),
        _ => unreachable!("no bench for {puzzle}"),
    }
}

/// The default configuration (zones and a 16 MB table on).
const CASES: [Case; 7] = [
    Case {
        puzzle: "atarigo-6x6-crosscut",
        dual: true,
        nodes: 98_094,
    },
    Case {
        puzzle: "atarigo-6x6-crosscut",
        dual: false,
        nodes: 1_477_544,
    },
    Case {
        puzzle: "mnk-7x7-k4",
        dual: true,
        nodes: 51_369,
    },
    Case {
        puzzle: "mnk-7x7-k4",
        dual: false,
        nodes: 596_719,
    },
    Case {
        puzzle: "hex-4x4",
        dual: true,
        nodes: 8_502,
    },
    Case {
        puzzle: "hex-4x4",
        dual: false,
        nodes: 21_623,
    },
    Case {
        puzzle: "mnk-4x4-k4-corners",
        dual: false,
        nodes: 4_964,
    },
];

/// Pinned nodes of the Hex 4x4 root analysis (all 16 openings), dual-lambda.
const HEX_ROOT_NODES: u64 = 207_343;

fn config(puzzle: &str, dual: bool, zones: bool, tt_mb: usize) -> LambdaConfig {
    let (max_level, max_depth) = level_and_depth(puzzle);
    LambdaConfig {
        max_level,
        max_depth,
        zones,
        tt_mb,
        dual,
    }
}

/// Runs lambda search on the puzzle: verdict, nodes, stopped.
fn run(name: &str, c: &LambdaConfig, nodes: u64) -> (ThreatVerdict, u64, bool) {
    fn go<G: SearchGame>(mut g: G, c: &LambdaConfig, nodes: u64) -> (ThreatVerdict, u64, bool) {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let r = lambda_search(&mut g, c, &limits, &mut NoTrace);
        (r.verdict, r.stats.nodes, r.stopped)
    }
    /// Threat searches need a pass: the stone games.
    struct Go<'a>(&'a LambdaConfig, u64);
    impl GameVisitor for Go<'_> {
        type Output = (ThreatVerdict, u64, bool);
        fn visit<G: AnyGame>(self, _: &G) -> Self::Output {
            unreachable!("stone puzzles only")
        }
        fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> Self::Output {
            go(game.clone(), self.0, self.1)
        }
    }
    puzzle::load(name).unwrap().position.with_game(Go(c, nodes))
}

fn hex_root_analysis() -> (u64, usize) {
    let Some(mut g) = puzzle::load("hex-4x4").unwrap().position.into_game::<Hex>() else {
        unreachable!("a Hex puzzle")
    };
    let c = config("hex-4x4", true, true, 16);
    let a = analyse_root(&mut g, &c, &Limits::default(), &mut NoTrace);
    let wins = a
        .moves
        .iter()
        .filter(|m| matches!(m.class, RootMoveClass::Wins { .. }))
        .count();
    (a.stats.nodes, wins)
}

/// Prints nodes and time with zones and the table on and off, one run each.
fn print_table() {
    eprintln!("lambda search: nodes (time) with zones Z and table T on (+) or off (-), one run");
    for puzzle_name in ["atarigo-6x6-crosscut", "mnk-7x7-k4", "hex-4x4"] {
        for dual in [true, false] {
            let mut row = format!(
                "{puzzle_name:22} {:12}",
                if dual { "dual-lambda" } else { "lambda" }
            );
            let mut base = None;
            for (zones, tt) in [(true, 16), (true, 0), (false, 16), (false, 0)] {
                let c = config(puzzle_name, dual, zones, tt);
                let start = Instant::now();
                let (verdict, nodes, stopped) = run(puzzle_name, &c, TABLE_CAP);
                let secs = start.elapsed().as_secs_f64();
                let base = *base.get_or_insert(nodes);
                let cell = if stopped {
                    format!("> {TABLE_CAP}")
                } else {
                    assert!(matches!(verdict, ThreatVerdict::Win { level: 3 }));
                    format!("{nodes} ({secs:.3} s, x{:.1})", nodes as f64 / base as f64)
                };
                row.push_str(&format!(
                    " | Z{}T{} {cell:30}",
                    if zones { '+' } else { '-' },
                    if tt > 0 { '+' } else { '-' }
                ));
            }
            eprintln!("{row}");
        }
    }
}

fn lambda_benches(c: &mut Criterion) {
    if std::env::var_os("LAMBDA_TABLE").is_some() {
        print_table();
    }
    // Every count is checked before any bench runs, and every moved pin is listed at once.
    let mut moved = Vec::new();
    for case in &CASES {
        let cfg = config(case.puzzle, case.dual, true, 16);
        let (verdict, nodes, stopped) = run(case.puzzle, &cfg, u64::MAX);
        assert!(!stopped && matches!(verdict, ThreatVerdict::Win { .. }));
        if nodes != case.nodes {
            moved.push(format!(
                "{} dual {}: {nodes} (pinned {})",
                case.puzzle, case.dual, case.nodes
            ));
        }
    }
    let (nodes, wins) = hex_root_analysis();
    assert_eq!(wins, 4, "the four winning openings of Hex 4x4");
    if nodes != HEX_ROOT_NODES {
        moved.push(format!(
            "hex 4x4 root analysis: {nodes} (pinned {HEX_ROOT_NODES})"
        ));
    }
    assert!(
        moved.is_empty(),
        "node counts moved; explain the change and update the pins:\n{}",
        moved.join("\n")
    );
    let mut group = c.benchmark_group("lambda");
    group.sample_size(10);
    for case in &CASES {
        let cfg = config(case.puzzle, case.dual, true, 16);
        let algo = if case.dual { "dual-lambda" } else { "lambda" };
        group.bench_function(format!("{} {algo}", case.puzzle), |b| {
            b.iter(|| black_box(run(case.puzzle, &cfg, u64::MAX)))
        });
    }
    group.bench_function("hex-4x4 root analysis (16 openings) dual-lambda", |b| {
        b.iter(|| black_box(hex_root_analysis()))
    });
    group.finish();
}

criterion_group!(benches, lambda_benches);
criterion_main!(benches);
