//! Trace benches (issue 3, "Performance"): stepping a replay of a trace of about a million
//! nodes forward and back at several points, crossing the whole trace, and the cost of
//! recording the AtariGo 6x6 crosscut alpha-beta search against the same search with
//! `NoTrace`, and the same for 200k nodes of the crosscut's dual-lambda search (issue 4: lambda
//! traces carry zones in a side buffer). Run with `cargo bench --bench trace`; besides
//! criterion's lines it prints the trace's size, bytes per event (zones included) and the
//! recording overhead ratio measured in this run.
//!
//! The searches are deterministic, so their node counts are asserted (conventions.md 8): a
//! change in them is a change in the engines, not in the trace.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion};
use plyscope::game::{Player, Point, parse_point};
use plyscope::games::atarigo::AtariGo;
use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, Limits, SearchConfig, SearchGame, SearchResult, solve};
use plyscope::trace::recorder::{RecordConfig, Recorder};
use plyscope::trace::replay::Replay;
use plyscope::trace::store::Trace;

/// Nodes of the big trace.
const BIG_NODES: u64 = 1_000_000;
/// Nodes of the crosscut search whose recording is timed (the full alpha-beta solve is far
/// longer than a bench should take).
const CROSSCUT_NODES: u64 = 300_000;

/// The 6x6 crosscut of thesis 000 table 5.1: Black c3 d4, White d3 c4, Black to move.
fn crosscut() -> AtariGo {
    let p = |s: &str| parse_point(s, 6, 6).unwrap();
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

/// Everything recorded, however long.
fn unbounded() -> RecordConfig {
    RecordConfig {
        budget: u64::MAX,
        ..RecordConfig::default()
    }
}

fn record<G: SearchGame>(
    mut game: G,
    config: &SearchConfig,
    limits: &Limits,
) -> (Trace<G::Move>, SearchResult<G::Move>) {
    let mut recorder: Recorder<G> = Recorder::new(unbounded());
    let result = solve(&mut game, config, limits, &mut recorder);
    (recorder.into_trace(), result)
}

/// Iterative deepening on the empty 5x5 AtariGo board, stopped after a million nodes.
fn big_trace() -> Trace<Point> {
    let config = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
    let limits = Limits {
        nodes: Some(BIG_NODES),
        ..Limits::default()
    };
    let (trace, _) = record(AtariGo::new(5, 5).unwrap(), &config, &limits);
    assert_eq!(trace.node_count() as u64, BIG_NODES);
    trace
}

fn crosscut_search<O: plyscope::search::observer::Observer<AtariGo>>(observer: &mut O) -> u64 {
    let config = SearchConfig::for_algorithm(Algorithm::AlphaBeta);
    let limits = Limits {
        nodes: Some(CROSSCUT_NODES),
        ..Limits::default()
    };
    let mut game = crosscut();
    solve(&mut game, &config, &limits, observer).stats.nodes
}

fn crosscut_recorded() -> (u64, Trace<Point>) {
    let mut recorder: Recorder<AtariGo> = Recorder::new(unbounded());
    let nodes = crosscut_search(&mut recorder);
    (nodes, recorder.into_trace())
}

/// Engine nodes of the crosscut's dual-lambda search that are recorded (its whole solve
/// takes far more memory than a bench should).
const LAMBDA_NODES: u64 = 200_000;

/// The crosscut's dual-lambda search at level 3 (thesis 000 table 5.1), stopped after
/// [`LAMBDA_NODES`] engine nodes.
fn crosscut_dual_lambda<O: plyscope::search::observer::Observer<AtariGo>>(observer: &mut O) -> u64 {
    let mut config = SearchConfig::for_algorithm(Algorithm::DualLambda);
    config.lambda.max_level = 3;
    let limits = Limits {
        nodes: Some(LAMBDA_NODES),
        ..Limits::default()
    };
    let mut game = crosscut();
    solve(&mut game, &config, &limits, observer).stats.nodes
}

fn crosscut_dual_lambda_recorded() -> (u64, Trace<Point>) {
    let mut recorder: Recorder<AtariGo> = Recorder::new(unbounded());
    let nodes = crosscut_dual_lambda(&mut recorder);
    (nodes, recorder.into_trace())
}

fn bench_steps(c: &mut Criterion, trace: &Trace<Point>) {
    let mut group = c.benchmark_group("replay");
    let len = trace.len();
    let mut replay = Replay::new();
    for percent in [1, 25, 50, 75, 99] {
        replay.seek(trace, len * percent / 100);
        group.bench_function(format!("step forward and back at {percent}%"), |b| {
            b.iter(|| {
                black_box(replay.forward(trace));
                black_box(replay.back(trace));
            })
        });
        group.bench_function(format!("state of the current node at {percent}%"), |b| {
            let node = replay.current().unwrap_or(0);
            b.iter(|| black_box(replay.node(trace, black_box(node))))
        });
    }
    group.sample_size(10);
    group.bench_function("seek across the whole trace", |b| {
        b.iter_batched_ref(Replay::new, |r| r.seek(trace, len), BatchSize::LargeInput)
    });
    group.finish();
}

fn bench_recording(c: &mut Criterion) {
    let mut group = c.benchmark_group("crosscut alpha-beta, 300k nodes");
    group.sample_size(10);
    group.bench_function("NoTrace", |b| {
        b.iter(|| black_box(crosscut_search(&mut NoTrace)))
    });
    group.bench_function("Recorder", |b| b.iter(|| black_box(crosscut_recorded().0)));
    group.finish();
    let mut group = c.benchmark_group("crosscut dual-lambda, 200k nodes");
    group.sample_size(10);
    group.bench_function("NoTrace", |b| {
        b.iter(|| black_box(crosscut_dual_lambda(&mut NoTrace)))
    });
    group.bench_function("Recorder", |b| {
        b.iter(|| black_box(crosscut_dual_lambda_recorded().0))
    });
    group.finish();
}

/// The lambda record: size, zone share, overhead, and the cost of crossing it with the
/// lambda state of the current node read at every step.
fn report_lambda() {
    let (nodes, trace) = crosscut_dual_lambda_recorded();
    assert_eq!(
        nodes,
        crosscut_dual_lambda(&mut NoTrace),
        "recording changes nothing"
    );
    let plain = best_of(3, || {
        black_box(crosscut_dual_lambda(&mut NoTrace));
    });
    let traced = best_of(3, || {
        black_box(crosscut_dual_lambda_recorded());
    });
    println!(
        "crosscut dual-lambda, {nodes} engine nodes: {} trace nodes, {} events, {:.1} MB used \
         ({:.1} bytes/event, zones {:.1} MB = {:.0}%); NoTrace {:.1} ms, Recorder {:.1} ms: \
         overhead {:.2}x",
        trace.node_count(),
        trace.len(),
        trace.used_bytes() as f64 / 1e6,
        trace.used_bytes() as f64 / trace.len() as f64,
        trace.zone_buffer_len() as f64 / 1e6,
        100.0 * trace.zone_buffer_len() as f64 / trace.used_bytes() as f64,
        plain.as_secs_f64() * 1e3,
        traced.as_secs_f64() * 1e3,
        traced.as_secs_f64() / plain.as_secs_f64(),
    );
    let mut replay = Replay::new();
    let start = Instant::now();
    let mut seen = 0u64;
    while replay.forward(&trace) {
        if let Some(node) = replay.current() {
            seen += replay.lambda(&trace, node).is_some() as u64;
        }
    }
    let forward = start.elapsed();
    let start = Instant::now();
    while replay.back(&trace) {}
    let back = start.elapsed();
    println!(
        "crossing it step by step: forward with the lambda state at each step {:.1} ms \
         ({:.1} ns/event, {seen} states), back {:.1} ms ({:.1} ns/event)",
        forward.as_secs_f64() * 1e3,
        forward.as_secs_f64() * 1e9 / trace.len() as f64,
        back.as_secs_f64() * 1e3,
        back.as_secs_f64() * 1e9 / trace.len() as f64,
    );
}

/// Best of `runs` wall times of `f`.
fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn report(trace: &Trace<Point>) {
    let per_event = |t: &Trace<Point>| t.used_bytes() as f64 / t.len() as f64;
    println!(
        "big trace (AtariGo 5x5, id, {BIG_NODES} nodes): {} events, {:.1} events/node, \
         {:.1} MB used ({:.1} bytes/event), {:.1} MB allocated",
        trace.len(),
        trace.len() as f64 / trace.node_count() as f64,
        trace.used_bytes() as f64 / 1e6,
        per_event(trace),
        trace.heap_bytes() as f64 / 1e6,
    );
    let mut replay = Replay::new();
    let start = Instant::now();
    replay.seek(trace, trace.len());
    let forward = start.elapsed();
    let start = Instant::now();
    replay.seek(trace, 1);
    let back = start.elapsed();
    println!(
        "crossing the trace: forward {:.1} ms ({:.1} ns/event), back {:.1} ms",
        forward.as_secs_f64() * 1e3,
        forward.as_secs_f64() * 1e9 / trace.len() as f64,
        back.as_secs_f64() * 1e3,
    );

    let (nodes, recorded) = crosscut_recorded();
    assert_eq!(
        nodes,
        crosscut_search(&mut NoTrace),
        "recording changes nothing"
    );
    let plain = best_of(3, || {
        black_box(crosscut_search(&mut NoTrace));
    });
    let traced = best_of(3, || {
        black_box(crosscut_recorded());
    });
    println!(
        "crosscut alpha-beta, {nodes} nodes: NoTrace {:.1} ms, Recorder {:.1} ms \
         ({} events, {:.1} bytes/event): overhead {:.2}x",
        plain.as_secs_f64() * 1e3,
        traced.as_secs_f64() * 1e3,
        recorded.len(),
        per_event(&recorded),
        traced.as_secs_f64() / plain.as_secs_f64(),
    );
}

fn main() {
    let trace = big_trace();
    let mut c = Criterion::default().configure_from_args();
    bench_steps(&mut c, &trace);
    bench_recording(&mut c);
    report(&trace);
    report_lambda();
    c.final_summary();
}
