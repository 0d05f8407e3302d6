//! How big a saved run is and how long it takes to open: records a search of
//! about a million events (iterative deepening on the bundled mnk-7x7-k4 puzzle, as the
//! explorer records it), writes it with `plyscope::run::saved::write`, and times reading
//! it back and decoding it as `plyscope explore --open` does (`saved::read` then
//! `Reopened::load`).
//!
//! `cargo run --release --example saved_run_size [EVENTS]` (default 1,000,000).

use std::time::Instant;

use plyscope::puzzle::{self, Position};
use plyscope::run::saved::{self, RunInfo};
use plyscope::run::spec::SearchSpec;
use plyscope::search::{Algorithm, solve};
use plyscope::trace::recorder::{RecordConfig, Recorder};
use plyscope::tui::Reopened;

fn main() {
    let events: u64 = std::env::args()
        .nth(1)
        .map_or(1_000_000, |a| a.parse().expect("EVENTS is a number"));
    let puzzle = puzzle::load("mnk-7x7-k4").unwrap();
    let Position::Mnk(mut game) = puzzle.position.clone() else {
        unreachable!()
    };
    let mut spec = SearchSpec::for_puzzle(&puzzle, Some(Algorithm::IterativeDeepening), events);
    spec.limits.max_depth = None;
    // The search stops soon after the record is full (a node is a few events).
    spec.limits.nodes = Some(events);
    let mut recorder = Recorder::new(RecordConfig {
        budget: events,
        ..RecordConfig::default()
    });
    let live = recorder.live();
    let started = Instant::now();
    solve(&mut game, &spec.config, &spec.limits, &mut recorder);
    recorder.finish();
    let record_time = started.elapsed();
    let trace = live.read().clone();
    let body = plyscope::trace::codec::encode(&trace);
    let text = plyscope::proof_tree::puzzle_text(&puzzle).unwrap();
    let path = std::env::temp_dir().join("plyscope-saved-run-size.plyrun");
    let info = RunInfo {
        puzzle_name: &puzzle.name,
        puzzle_text: &text,
        spec: &spec,
        summary: None,
        view: serde_json::Value::Null,
        events: trace.len() as u64,
        finished: true,
        unrecorded: live.unrecorded(),
        second: None,
    };
    let started = Instant::now();
    saved::write(&path, &info, &body).unwrap();
    let write_time = started.elapsed();
    let bytes = std::fs::metadata(&path).unwrap().len();
    let started = Instant::now();
    let run = saved::read(&path).unwrap();
    let read_time = started.elapsed();
    let reopened = Reopened::load(&run).unwrap();
    let open_time = started.elapsed();
    assert_eq!(reopened.session.len(), trace.len());
    println!(
        "{} events, {} nodes recorded in {:.2} s; file {} bytes ({:.1} MB per million \
         events); written in {:.3} s; read and checked in {:.3} s, decoded (explore --open \
         before the screen) in {:.3} s",
        trace.len(),
        trace.node_count(),
        record_time.as_secs_f64(),
        bytes,
        bytes as f64 / trace.len() as f64,
        write_time.as_secs_f64(),
        read_time.as_secs_f64(),
        open_time.as_secs_f64()
    );
    let _ = std::fs::remove_file(&path);
}
