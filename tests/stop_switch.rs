//! The process-wide stop switch of `plyscope::search::meter` (issue 17: ctrl-c in a headless
//! solve): once a stop is requested, every engine stops at its next look at the clock and
//! reports what it has. A test binary of its own, since the switch is for the whole process.

use plyscope::puzzle;
use plyscope::run::solve::solve_puzzle;
use plyscope::run::spec::SearchSpec;
use plyscope::search::{Algorithm, CLOCK_BITS, meter};

#[test]
fn a_requested_stop_ends_every_family_at_its_next_clock_look() {
    // Fast nodes, and more than one 4,096-node block per search (Hex's H-search nodes are
    // slow and its 5x5 and 6x6 searches take a few hundred nodes each since issue 18).
    let puzzle = puzzle::load("mnk-5x5-k4").unwrap();
    // Before: the meter counts what the budgets saw.
    let before = meter::nodes();
    // (df-pn decides the root in some 70,000 nodes.)
    let mut options = SearchSpec::headless(&puzzle, Algorithm::DfPn);
    options.root_analysis = true;
    options.limits.nodes = Some(20_000);
    solve_puzzle(&puzzle, &options).unwrap();
    assert!(meter::nodes() > before, "the meter saw no nodes");

    meter::request_stop();
    assert!(meter::stop_requested());
    let mut stopped = 0;
    for algorithm in [
        Algorithm::IterativeDeepening,
        Algorithm::DualLambda,
        Algorithm::Pns,
        Algorithm::DfPn,
    ] {
        let mut options = SearchSpec::headless(&puzzle, algorithm);
        options.root_analysis = true;
        options.set_table_mb(1);
        let report = solve_puzzle(&puzzle, &options).unwrap();
        // A search that ends before its first look at the clock has nothing to stop.
        assert!(
            report.stopped || report.nodes < 1 << CLOCK_BITS,
            "{algorithm}: not stopped after {} nodes",
            report.nodes
        );
        stopped += usize::from(report.stopped);
        // The root's search and each opening stop within one clock period.
        let openings = report.root_moves.as_ref().map_or(0, Vec::len) as u64;
        assert!(
            report.nodes <= (openings + 1) * (1 << CLOCK_BITS) + 64,
            "{algorithm}: {} nodes after the stop",
            report.nodes
        );
    }
    assert!(
        stopped >= 2,
        "only {stopped} searches were long enough to stop"
    );
}
