//! df-pn on several threads with one shared table, after Kaneko's parallel df-pn (T. Kaneko,
//! "Parallel Depth First Proof Number Search", AAAI 2010): every thread runs the MID loop of
//! [`super::mid`] from the root over one [`SharedTable`], re-reading its children's numbers every
//! turn and selecting by virtual proof numbers (a child other threads are in looks worse), so the
//! threads spread over the tree and each profits from what the others stored. The first thread that
//! solves the root stops the others.
//!
//! The answer is the one thread's: a proof or disproof is only ever stored by the thread
//! that established it from solved children, leaf knowledge and the rules, never from
//! another thread's unsolved numbers; positions solved thanks to a repetition on one
//! thread's path are kept out of the table as in the sequential engine. Which thread
//! finishes, the node counts and the proof's size vary from run to run; the verdict does
//! not (`tests/integration/dfpn_parallel.rs` checks it against one thread and exhaustive search).
//!
//! Limits: the time limit is one deadline for every thread; the node limit is split evenly
//! between the threads (no thread takes over another's unspent share, so a search that
//! one thread decides within a limit may stay unknown on several); the table's bytes are
//! shared.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::shared::SharedTable;
use super::{DfpnOptions, Mid, PlainMoves};
use crate::game::Game;
use crate::search::observer::NoTrace;
use crate::search::proof::{Goal, ProofReport, ProofVerdict};
use crate::search::{Limits, SearchGame};

/// Runs df-pn for `goal` on `game` with `options.threads` threads (the calling one among
/// them) sharing one table; leaves the position as it found it.
pub fn parallel_dfpn<G: SearchGame>(
    game: &mut G,
    options: &DfpnOptions,
    goal: Goal,
    limits: &Limits,
) -> ProofReport<G::Move> {
    let (report, _) = parallel_mid(game, options, limits, |game, table, halt, share| {
        let mut source = PlainMoves::new(options.init);
        let report = Mid::with_table(
            &mut source,
            &mut NoTrace,
            options,
            goal,
            share,
            table,
            Some(halt),
        )
        .run(game);
        (report, ())
    });
    report
}

/// The driver of every parallel df-pn: runs `search` on `options.threads` threads (the
/// calling one among them), each on its own copy of `game`, with one [`SharedTable`] of
/// `options.table_bytes`, a halt flag that is set as soon as one thread solves the root, and
/// the thread's even share of `limits`. `search` builds the thread's move source (its own
/// knowledge caches) and runs [`Mid::with_table`]; what it returns beside the report (the
/// source's counters) comes back in thread order. Answers the combined report (see
/// [`combine`]).
pub fn parallel_mid<G, X, F>(
    game: &mut G,
    options: &DfpnOptions,
    limits: &Limits,
    search: F,
) -> (ProofReport<G::Move>, Vec<X>)
where
    G: Game,
    X: Send,
    F: Fn(&mut G, &SharedTable<G::Move>, &AtomicBool, &Limits) -> (ProofReport<G::Move>, X) + Sync,
{
    let started = Instant::now();
    let threads = options.threads.max(1);
    let table = SharedTable::<G::Move>::with_bytes(options.table_bytes);
    let halt = AtomicBool::new(false);
    let share = Limits {
        // A thread enters one node past its limit before it stops: one less than an even
        // share each, so that together they stay within the limit.
        nodes: limits
            .nodes
            .map(|n| (n / threads as u64).saturating_sub(1).max(1)),
        ..*limits
    };
    let one = |mut game: G| {
        let (report, extra) = search(&mut game, &table, &halt, &share);
        if report.verdict != ProofVerdict::Unknown {
            halt.store(true, Ordering::Relaxed);
        }
        (report, extra)
    };
    let one = &one;
    let answers: Vec<(ProofReport<G::Move>, X)> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|_| {
                let copy = game.clone();
                scope.spawn(move || one(copy))
            })
            .collect();
        let mut answers = vec![one(game.clone())];
        answers.extend(helpers.into_iter().map(|h| {
            h.join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        }));
        answers
    });
    let (reports, extras): (Vec<_>, Vec<_>) = answers.into_iter().unzip();
    (combine(reports, started), extras)
}

/// The answer of the thread that solved the root (the first in thread order when several
/// did), with every thread's counters added up and the wall time of the whole search.
fn combine<M: Copy>(reports: Vec<ProofReport<M>>, started: Instant) -> ProofReport<M> {
    let mut stats = crate::search::Stats::default();
    for r in &reports {
        stats.add(&r.stats);
    }
    // The threads ran at once: the search's time is the wall time, not their sum.
    stats.elapsed = started.elapsed();
    let solved = reports
        .iter()
        .position(|r| r.verdict != ProofVerdict::Unknown);
    let mut report = match solved {
        Some(i) => {
            let mut r = reports[i].clone();
            r.stopped = false;
            r
        }
        // Nobody solved it: a limit stopped every thread.
        None => {
            let mut r = reports[0].clone();
            r.stopped = reports.iter().any(|r| r.stopped);
            r
        }
    };
    report.stats = stats;
    report
}
