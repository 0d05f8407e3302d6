//! The openings of a root analysis searched on several threads: each
//! opening is one independent proof-number search of the position after it, so `threads`
//! workers take the openings in plan order from one shared counter, each on its own copy of
//! the game, and the answers are put back in plan order.
//!
//! Every opening's search starts from what a fresh process knows (its own table; Hex's
//! per-thread H-search answers forgotten first), so its class and its node count are the
//! same whichever thread searches it and whatever ran before: without limits, `--threads N`
//! prints what one thread prints, bit for bit, only sooner.
//!
//! Limits bound the whole analysis: the time limit is one deadline for every worker; the
//! node limit is split evenly, each worker spending at most its share over the openings it
//! searches (so the analysis never exceeds the limit; which openings a limit leaves unknown
//! may then differ from one thread's run). The transposition-table budget is split the same
//! way, one table per running search.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use crate::search::engine::proof_search;
use crate::search::observer::NoTrace;
use crate::search::proof::{Goal, ProofConfig, ProofVerdict};
use crate::search::{Algorithm, Limits, SearchGame, Stats, meter};

/// What the search of one opening found.
#[derive(Clone, Copy, Debug)]
pub(super) struct OpeningAnswer {
    /// The opponent's goal after the move: proven, disproven or unknown.
    pub verdict: ProofVerdict,
    pub stats: Stats,
    /// A limit or a stop ended the search, or left no budget to start it.
    pub stopped: bool,
}

/// Searches each of `openings` (moves of the root of `game`, none ending the game) for
/// `opponent_goal`, on `config.threads` workers, within `limits` counted from `started`; answers
/// in the order of `openings`. `done` is told each time an opening is decided (the
/// progress meter).
#[allow(clippy::too_many_arguments)]
pub(super) fn search_openings<G: SearchGame>(
    game: &G,
    openings: &[G::Move],
    algorithm: Algorithm,
    config: &ProofConfig,
    opponent_goal: Goal,
    limits: &Limits,
    started: Instant,
    done: &(dyn Fn(usize) + Sync),
) -> Vec<OpeningAnswer> {
    let threads = config.threads.clamp(1, openings.len().max(1));
    let share = Limits {
        nodes: limits.nodes.map(|n| node_share(n, threads)),
        ..*limits
    };
    // Each search runs on one thread, so its node count is the same in every run (a core
    // left over when there are fewer openings than threads stays idle).
    let config = ProofConfig {
        tt_mb: (config.tt_mb / threads).max(config.tt_mb.min(1)),
        threads: 1,
        ..*config
    };
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let answers: Mutex<Vec<Option<OpeningAnswer>>> = Mutex::new(vec![None; openings.len()]);
    // Each worker owns its copy of the game (a game is `Send`, not `Sync`).
    let worker = |mut game: G| {
        let mut used = 0u64;
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = openings.get(i) else {
                break;
            };
            let answer = search_one(
                &mut game,
                mv,
                algorithm,
                &config,
                opponent_goal,
                share.left_after(started.elapsed(), used),
            );
            used += answer.stats.nodes;
            answers.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(answer);
            done(finished.fetch_add(1, Ordering::Relaxed) + 1);
        }
    };
    if threads == 1 {
        worker(game.clone());
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let copy = game.clone();
                scope.spawn(move || worker(copy));
            }
        });
    }
    answers
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|a| a.expect("every opening is taken by one worker"))
        .collect()
}

/// One opening: `mv` played, the opponent's goal searched within `left` (`None`: spent).
fn search_one<G: SearchGame>(
    game: &mut G,
    mv: G::Move,
    algorithm: Algorithm,
    config: &ProofConfig,
    opponent_goal: Goal,
    left: Option<Limits>,
) -> OpeningAnswer {
    // After ctrl-c no search starts (each would allocate its table to stop at once).
    let Some(left) = left.filter(|_| !meter::stop_requested()) else {
        return OpeningAnswer {
            verdict: ProofVerdict::Unknown,
            stats: Stats::default(),
            stopped: true,
        };
    };
    game.play(mv);
    // Each opening starts from what a fresh process knows: Hex's H-search keeps per-thread
    // answers whose history would otherwise leak from one opening into the next (a shard or
    // a worker searches other openings before it).
    crate::games::hex::forget_thread_answers();
    let report = proof_search(game, algorithm, config, opponent_goal, &left, &mut NoTrace);
    game.undo(mv);
    OpeningAnswer {
        verdict: report.verdict,
        stats: report.stats,
        stopped: report.stopped,
    }
}

/// Each of `threads` workers' part of a node limit `n`: a search enters one node past its
/// limit before it stops, so with several workers each gets one less than an even share
/// and together they never pass `n`.
pub(crate) fn node_share(n: u64, threads: usize) -> u64 {
    if threads <= 1 {
        n
    } else {
        (n / threads as u64).saturating_sub(1).max(1)
    }
}
