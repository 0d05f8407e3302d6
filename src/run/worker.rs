//! Running a spec recorded on a worker thread (the log grows while the
//! engine runs): the engine runs [`run_observed`] with a [`Recorder`] on its own thread; a
//! second thread samples the growing trace every [`PROGRESS_INTERVAL`] and hands the caller
//! [`Report`]s, the last one [`Report::Done`] with the summary. The caller keeps the
//! [`LiveTrace`] to read (and replay) the record while it grows, and stops the engine with
//! [`LiveTrace::request_stop`]. Nothing here knows a screen: the explorer turns the reports
//! into its own messages.

use std::sync::Arc;
use std::thread;

use std::time::{Duration, Instant};

use crate::search::SearchGame;
use crate::trace::live::LiveTrace;
use crate::trace::recorder::{RecordConfig, Recorder};
use crate::trace::replay::Replay;

use super::observed::run_observed;
use super::progress::{PROGRESS_INTERVAL, Progress, progress_of};
use super::spec::SearchSpec;
use super::stack;

/// What the worker tells its caller.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// The running search's progress.
    Progress(Progress),
    /// The search is over (after a last progress report); its summary in words.
    Done(String),
}

/// Starts `spec`'s search from `root` on its own thread, recorded within `spec.record`
/// events. `report` is called from the sampling thread with progress tagged `id` and, last,
/// the summary; when it returns false (nobody listens any more) the engine is asked to stop.
pub fn spawn<G, F>(root: G, spec: SearchSpec, id: u64, mut report: F) -> Arc<LiveTrace<G::Move>>
where
    G: SearchGame + Send + 'static,
    F: FnMut(Report) -> bool + Send + 'static,
{
    let mut recorder: Recorder<G> = Recorder::new(RecordConfig {
        budget: spec.record,
        ..RecordConfig::default()
    });
    let live = recorder.live();
    let mut game = root.clone();
    // The engine's stack is sized for the deepest search allowed (`super::stack`).
    let engine = stack::spawn("plyscope-engine", move || {
        let summary = run_observed(&mut game, &spec, &mut recorder);
        recorder.finish();
        summary
    });
    let watched = Arc::clone(&live);
    thread::spawn(move || {
        let started = Instant::now();
        let mut replay = Replay::new();
        let mut next = started + PROGRESS_INTERVAL;
        while engine.as_ref().is_ok_and(|e| !e.is_finished()) {
            // Short naps, so the end is reported at once; progress every interval.
            thread::sleep(Duration::from_millis(10));
            if Instant::now() < next {
                continue;
            }
            next += PROGRESS_INTERVAL;
            let progress = progress_of(&root, &watched, id, started, &mut replay);
            if !report(Report::Progress(progress)) {
                watched.request_stop();
            }
        }
        let summary = match engine {
            Ok(engine) => engine
                .join()
                .unwrap_or_else(|_| "the search panicked".to_string()),
            Err(e) => format!("the search could not start: {e}"),
        };
        let progress = progress_of(&root, &watched, id, started, &mut replay);
        // The caller may have gone already; nothing to do then.
        report(Report::Progress(progress));
        report(Report::Done(summary));
    });
    live
}
