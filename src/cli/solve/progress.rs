//! The progress line of a long headless solve: on stderr, only when stderr is a
//! terminal (`std::io::IsTerminal`), at most four times a second: the puzzle (k of n), the
//! nodes searched so far and their rate, the openings decided of the root analysis running
//! now, and the time since the command began. It reads the process-wide meter
//! ([`plyscope::search::meter`]) that the engines' budgets feed, so no engine knows about
//! it. The line is cleared before each report is written and at the end, so what stays on
//! the screen is only the reports; without a terminal it writes nothing at all.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use plyscope::search::meter;

/// How often the line is redrawn.
pub const INTERVAL: Duration = Duration::from_millis(250);

/// What the line says besides the meter.
struct State {
    /// The puzzle being solved and its place: (name, k, n).
    puzzle: Option<(String, usize, usize)>,
    /// True while a line is on the screen.
    shown: bool,
}

/// A running progress line; [`ProgressLine::finish`] clears it.
pub struct ProgressLine {
    state: Arc<Mutex<State>>,
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl ProgressLine {
    /// Starts the line when stderr is a terminal; `None` (nothing is ever written)
    /// otherwise.
    pub fn start() -> Option<ProgressLine> {
        if !io::stderr().is_terminal() {
            return None;
        }
        let state = Arc::new(Mutex::new(State {
            puzzle: None,
            shown: false,
        }));
        let done = Arc::new(AtomicBool::new(false));
        let thread = {
            let state = Arc::clone(&state);
            let done = Arc::clone(&done);
            let started = Instant::now();
            let first = meter::nodes();
            thread::spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    thread::sleep(INTERVAL);
                    if done.load(Ordering::Relaxed) {
                        break;
                    }
                    let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
                    let line = describe(&state, meter::nodes() - first, started.elapsed());
                    let mut err = io::stderr().lock();
                    let _ = write!(err, "\r\x1b[K{line}");
                    let _ = err.flush();
                    state.shown = true;
                }
            })
        };
        Some(ProgressLine {
            state,
            done,
            thread: Some(thread),
        })
    }

    /// The puzzle `k` of `n` begins.
    pub fn puzzle(&self, name: &str, k: usize, n: usize) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.puzzle = Some((name.to_string(), k, n));
    }

    /// Clears the line (before a report is written); the next tick draws it again.
    pub fn clear(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        clear_line(&mut state);
    }

    /// Stops the line and clears it.
    pub fn finish(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        self.clear();
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        self.stop();
    }
}

fn clear_line(state: &mut State) {
    if state.shown {
        let mut err = io::stderr().lock();
        let _ = write!(err, "\r\x1b[K");
        let _ = err.flush();
        state.shown = false;
    }
}

/// The text of the line: "hex-5x5 (1/1) · 1.2M nodes · 480k nodes/s · openings 5/25 ·
/// 3.4 s".
fn describe(state: &State, nodes: u64, elapsed: Duration) -> String {
    let mut parts = Vec::new();
    if let Some((name, k, n)) = &state.puzzle {
        parts.push(format!("{name} ({k}/{n})"));
    }
    let seconds = elapsed.as_secs_f64().max(1e-9);
    parts.push(format!("{} nodes", human(nodes as f64)));
    parts.push(format!("{} nodes/s", human(nodes as f64 / seconds)));
    if let Some((done, total)) = meter::openings() {
        parts.push(format!("openings {done}/{total}"));
    }
    parts.push(format!("{:.1} s", elapsed.as_secs_f64()));
    parts.join(" · ")
}

/// 1234567 as "1.2M", 48000 as "48k".
fn human(n: f64) -> String {
    if n >= 1e9 {
        format!("{:.1}G", n / 1e9)
    } else if n >= 1e6 {
        format!("{:.1}M", n / 1e6)
    } else if n >= 1e3 {
        format!("{:.0}k", n / 1e3)
    } else {
        format!("{n:.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_puzzle_nodes_rate_and_time() {
        let state = State {
            puzzle: Some(("hex-5x5".to_string(), 1, 3)),
            shown: false,
        };
        let line = describe(&state, 1_200_000, Duration::from_secs(2));
        assert!(
            line.starts_with("hex-5x5 (1/3) · 1.2M nodes · 600k nodes/s · "),
            "{line}"
        );
        assert!(line.ends_with("2.0 s"), "{line}");
        assert_eq!(human(999.0), "999");
        assert_eq!(human(3.4e9), "3.4G");
    }
}
