//! Publishing the record: events wait in a private batch, appended to the shared trace
//! ([`LiveTrace`]) every [`RecordConfig::batch_events`](super::RecordConfig::batch_events)
//! events or after [`RecordConfig::batch_interval`](super::RecordConfig::batch_interval),
//! whichever comes first, and at [`Recorder::finish`] (or drop). Nothing is allocated per
//! event beyond the amortised growth of the buffers. A stop requested through
//! [`LiveTrace::request_stop`] is answered with `Break` at the next enter (`enter`,
//! `lambda_enter` or `pn_enter`).

use std::sync::Arc;
use std::time::Instant;

use crate::game::Game;
use crate::trace::live::LiveTrace;
use crate::trace::store::{Event, Trace};

use super::Recorder;

impl<G: Game> Recorder<G> {
    /// Appends the pending events to the shared trace now.
    pub fn flush(&mut self) {
        {
            let mut trace = self.live.write();
            trace.append(&mut self.batch);
            trace.set_truncation(self.truncation);
            self.live.set_published(trace.len() as u64);
        }
        self.live.set_unrecorded(self.unrecorded);
        self.last_flush = Instant::now();
    }

    /// Appends everything and marks the trace finished; returns the shared trace.
    pub fn finish(mut self) -> Arc<LiveTrace<G::Move>> {
        self.finish_in_place();
        Arc::clone(&self.live)
    }

    /// Finishes and returns the trace itself (cloned only if a reader still shares it).
    pub fn into_trace(self) -> Trace<G::Move> {
        let live = self.finish();
        match Arc::try_unwrap(live) {
            Ok(live) => live.into_trace(),
            Err(shared) => shared.read().clone(),
        }
    }

    fn finish_in_place(&mut self) {
        if self.finished {
            return;
        }
        self.finished = true;
        self.flush();
        self.live.write().set_finished();
        self.live.set_finished();
    }

    /// Adds `event` to the batch and publishes the batch once it is full, or old enough.
    #[inline]
    pub(super) fn push_event(&mut self, event: Event<G::Move>) {
        self.batch.events.push(event);
        self.recorded += 1;
        let pending = self.batch.events.len();
        if pending >= self.config.batch_events
            || (pending.is_multiple_of(256)
                && self.last_flush.elapsed() >= self.config.batch_interval)
        {
            self.flush();
        }
    }
}

impl<G: Game> Drop for Recorder<G> {
    fn drop(&mut self) {
        self.finish_in_place();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::Mnk;
    use crate::search::observer::Observer;
    use crate::search::{Bound, Value, Window};
    use crate::trace::recorder::RecordConfig;

    #[test]
    fn a_stop_request_breaks_the_next_enter() {
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::default();
        let live = r.live();
        assert!(r.enter(&g, None, 0, 1, Window::FULL).is_continue());
        live.request_stop();
        assert!(live.stop_requested());
        assert!(r.enter(&g, Some(0), 1, 0, Window::FULL).is_break());
        assert_eq!(r.into_trace().node_count(), 1);
    }

    #[test]
    fn the_recorder_moves_to_the_engine_thread_and_the_trace_is_shared() {
        fn send<T: Send>() {}
        fn share<T: Send + Sync>() {}
        send::<Recorder<Mnk>>();
        share::<Arc<LiveTrace<u16>>>();
    }

    /// A reader on this thread steps into the trace while a thread records a complete
    /// binary tree of depth 12 (8191 nodes), appending every 64 events.
    #[test]
    fn a_reader_steps_into_a_trace_that_grows_on_another_thread() {
        fn search(r: &mut Recorder<Mnk>, g: &Mnk, ply: usize, depth: u32) {
            let mv = (ply > 0).then_some(0);
            let _ = r.enter(g, mv, ply, depth, Window::FULL);
            if depth > 0 {
                let _ = r.ordered(&[0, 1]);
                search(r, g, ply + 1, depth - 1);
                search(r, g, ply + 1, depth - 1);
            }
            let _ = r.leave(Value(depth as i32), Bound::Exact, None);
        }
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            batch_events: 64,
            ..RecordConfig::default()
        });
        let live = r.live();
        let engine = std::thread::spawn(move || {
            let g = Mnk::new(3, 3, 3, false).unwrap();
            search(&mut r, &g, 0, 12);
            r.finish();
        });
        let mut replay = crate::trace::replay::Replay::new();
        let mut seen = 0;
        loop {
            let finished = live.is_finished();
            let trace = live.read();
            assert_eq!(trace.len() as u64, live.published());
            assert!(trace.len() >= seen, "the trace only grows");
            seen = trace.len();
            replay.seek(&trace, trace.len());
            // Every node on the path is open and its parent is the previous one.
            let path = replay.path(&trace);
            for pair in path.windows(2) {
                assert_eq!(trace.node(pair[1]).parent(), Some(pair[0]));
            }
            if finished {
                break;
            }
            drop(trace);
            std::thread::yield_now();
        }
        engine.join().unwrap();
        let trace = live.read();
        let nodes = (1 << 13) - 1;
        assert_eq!(trace.node_count(), nodes);
        assert_eq!(trace.len(), 2 * nodes + nodes / 2);
        assert_eq!(replay.node(&trace, 0).subtree_nodes, nodes as u32);
    }

    #[test]
    fn the_reader_sees_appends_before_the_end_and_everything_after_finish() {
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
            batch_events: 10,
            ..RecordConfig::default()
        });
        let live = r.live();
        let _ = r.enter(&g, None, 0, 1, Window::FULL);
        for _ in 0..9 {
            let _ = r.tt_probe(0, None);
        }
        assert_eq!(live.published(), 10, "a full batch is appended at once");
        assert_eq!(live.read().len(), 10);
        let _ = r.leave(Value(0), Bound::Exact, None);
        assert_eq!(live.published(), 10, "the rest waits for the next batch");
        assert!(!live.is_finished());
        drop(r);
        assert_eq!(
            live.published(),
            11,
            "dropping the recorder appends the rest"
        );
        assert!(live.is_finished());
        assert!(live.read().is_finished());
    }
}
