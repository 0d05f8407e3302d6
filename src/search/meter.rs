//! The process-wide meter and stop switch of a headless command: every engine's
//! [`Budget`](crate::search::Budget) adds its nodes here each time it looks at the clock
//! (every 2^[`CLOCK_BITS`](crate::search::CLOCK_BITS) nodes) and stops when a stop was
//! requested, so `plyscope solve` can show progress on a terminal and stop cooperatively on
//! ctrl-c (SIGINT sets [`stop_flag`] through signal-hook) without any engine knowing
//! about either. Root analyses count the openings they have decided in the same way.
//!
//! The explorer never requests a stop here (it stops its searches through the observer),
//! so in it the switch costs one relaxed load every 4,096 nodes. The counters are
//! monotonic and approximate (nodes arrive in blocks of 4,096): they are for a progress
//! line, never for a report, which reads each engine's own exact [`Stats`](crate::search::Stats).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};

static STOP: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));
static NODES: AtomicU64 = AtomicU64::new(0);
static OPENINGS_DONE: AtomicU64 = AtomicU64::new(0);
static OPENINGS_TOTAL: AtomicU64 = AtomicU64::new(0);

/// The stop switch itself, for `signal_hook::flag::register(SIGINT, stop_flag())`.
pub fn stop_flag() -> Arc<AtomicBool> {
    Arc::clone(&STOP)
}

/// Asks every running search to stop at its next look at the clock.
pub fn request_stop() {
    STOP.store(true, Ordering::Relaxed);
}

/// True once a stop was requested.
#[inline]
pub fn stop_requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Adds `nodes` searched to the meter.
#[inline]
pub fn add_nodes(nodes: u64) {
    NODES.fetch_add(nodes, Ordering::Relaxed);
}

/// Nodes searched by every engine of the process so far (in blocks of 4,096).
pub fn nodes() -> u64 {
    NODES.load(Ordering::Relaxed)
}

/// A root analysis has decided (or given up) `done` of its `total` openings.
pub fn set_openings(done: usize, total: usize) {
    OPENINGS_DONE.store(done as u64, Ordering::Relaxed);
    OPENINGS_TOTAL.store(total as u64, Ordering::Relaxed);
}

/// Openings done and their total in the root analysis running now (`None` when none runs
/// or ran).
pub fn openings() -> Option<(u64, u64)> {
    let total = OPENINGS_TOTAL.load(Ordering::Relaxed);
    (total > 0).then(|| (OPENINGS_DONE.load(Ordering::Relaxed).min(total), total))
}
