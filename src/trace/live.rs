//! A trace shared between the engine's thread, which appends to it, and the explorer's
//! thread, which reads it while it grows: the log grows while the engine runs, and the user
//! can step into it at once.
//!
//! The recorder collects events in a private batch and appends the batch under the write
//! lock every few thousand events or a few times a second ([`super::recorder::RecordConfig`]),
//! so the engine takes the lock rarely and never waits on a reader for long. A reader takes
//! the read lock for as long as it steps and draws; [`LiveTrace::published`] tells it without
//! locking whether anything new arrived (to redraw only on change). The trace is append-only
//! and every replay query is "as of step i", so what a reader computed for steps below the
//! length it saw stays true after later appends.
//!
//! ```
//! use plyscope::games::mnk::Mnk;
//! use plyscope::search::{solve, Algorithm, Limits, SearchConfig};
//! use plyscope::trace::recorder::Recorder;
//! use plyscope::trace::replay::Replay;
//!
//! let mut recorder: Recorder<Mnk> = Recorder::default();
//! let live = recorder.live();
//! let engine = std::thread::spawn(move || {
//!     let mut game = Mnk::new(3, 3, 3, false).unwrap();
//!     let config = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
//!     solve(&mut game, &config, &Limits::default(), &mut recorder);
//!     recorder.finish(); // appends the last batch and marks the trace finished
//! });
//! let mut replay = Replay::new();
//! let mut seen = u64::MAX;
//! loop {
//!     let finished = live.is_finished();
//!     if live.published() != seen {
//!         // Something new: step into it (here: follow the search) and draw.
//!         let trace = live.read();
//!         seen = trace.len() as u64;
//!         replay.seek(&trace, trace.len());
//!         let _path = replay.path(&trace);
//!     }
//!     if finished {
//!         break;
//!     }
//!     std::thread::sleep(std::time::Duration::from_millis(1));
//! }
//! engine.join().unwrap();
//! assert!(live.read().is_finished());
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use super::store::Trace;

/// A growing trace plus the flags the two threads share.
#[derive(Debug)]
pub struct LiveTrace<M> {
    trace: RwLock<Trace<M>>,
    /// Events appended so far (the trace's length after the last append).
    published: AtomicU64,
    /// Events the engine reported after the record budget ran out.
    unrecorded: AtomicU64,
    /// Set by the reader to ask the engine to stop; the recorder answers the next `enter`
    /// with `Break`.
    stop: AtomicBool,
    /// Set when the recorder finished (the search is over).
    finished: AtomicBool,
}

impl<M> Default for LiveTrace<M> {
    fn default() -> Self {
        LiveTrace {
            trace: RwLock::new(Trace::default()),
            published: AtomicU64::new(0),
            unrecorded: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            finished: AtomicBool::new(false),
        }
    }
}

impl<M: Copy> LiveTrace<M> {
    /// A finished trace read back from a saved run (`crate::run::saved`): nothing appends to
    /// it, and readers see every event at once.
    pub fn finished(trace: Trace<M>) -> Self {
        let events = trace.len() as u64;
        LiveTrace {
            trace: RwLock::new(trace),
            published: AtomicU64::new(events),
            unrecorded: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            finished: AtomicBool::new(true),
        }
    }
}

impl<M: Copy> LiveTrace<M> {
    /// Reads the trace as appended so far. Hold the guard while stepping and drawing; the
    /// engine's next append waits for it.
    pub fn read(&self) -> RwLockReadGuard<'_, Trace<M>> {
        // A panic on the other thread while appending cannot leave a torn trace: appends
        // extend vectors and set fields of nodes past what readers were shown.
        self.trace.read().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn into_trace(self) -> Trace<M> {
        self.trace
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn write(&self) -> RwLockWriteGuard<'_, Trace<M>> {
        self.trace.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// Number of events appended so far, without taking the lock.
    #[inline]
    pub fn published(&self) -> u64 {
        self.published.load(Ordering::Acquire)
    }

    pub(crate) fn set_published(&self, events: u64) {
        self.published.store(events, Ordering::Release);
    }

    /// Events the engine reported after the record ended (0 unless truncated).
    #[inline]
    pub fn unrecorded(&self) -> u64 {
        self.unrecorded.load(Ordering::Relaxed)
    }

    pub(crate) fn set_unrecorded(&self, events: u64) {
        self.unrecorded.store(events, Ordering::Relaxed);
    }

    /// Asks the engine to stop at its next node.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// True once a stop was requested.
    #[inline]
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// True once the search is over and its whole record is appended.
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }

    pub(crate) fn set_finished(&self) {
        self.finished.store(true, Ordering::Release);
    }
}
