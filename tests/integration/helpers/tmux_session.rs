//! The tmux session the terminal tests drive (`tests/integration/tui_tmux.rs`, `tests/integration/solve_tmux.rs`):
//! the real binary in a real terminal, keys sent and the screen captured as a user sees it.
#![allow(dead_code)] // each test file uses part of it

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A private tmux server (`-L socket`) with one session, `e2e`; killed when dropped.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "e2e"])
    }

    pub fn wait_for(&self, needle: &str) -> String {
        self.wait_until(&format!("{needle:?} to appear"), |s| s.contains(needle))
    }

    /// Waits (up to 30 s) for a screen that satisfies `done` and has settled, `what` naming
    /// it in the failure. A capture can catch a redraw half written (the needle drawn, the
    /// status line not yet), so a screen counts only when a second capture 50 ms later is
    /// the same: the callers' further asserts then read one whole frame.
    pub fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if done(&s) {
                sleep(Duration::from_millis(50));
                if self.screen() == s {
                    return s;
                }
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "waited in vain for {what}; the screen:\n{s}"
            );
            sleep(Duration::from_millis(50));
        }
    }

    /// Starts the session `e2e`, `columns` x `rows`, running `command`.
    pub fn open(&self, columns: u16, rows: u16, command: &[&str]) {
        let (x, y) = (columns.to_string(), rows.to_string());
        let mut args = vec!["new-session", "-d", "-s", "e2e", "-x", &x, "-y", &y];
        args.extend_from_slice(command);
        self.run(&args);
    }

    pub fn keys(&self, keys: &str) {
        self.run(&["send-keys", "-t", "e2e", keys]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// A tmux server of its own for the test `name` of `what` (`socket`: its socket's prefix),
/// or `None` with a note when tmux is missing (`.ci/run` installs it on CI).
pub fn tmux_or_skip(socket: &str, what: &str, name: &str) -> Option<Tmux> {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("note: tmux is not installed; skipping the {what} {name}");
        return None;
    }
    Some(Tmux {
        socket: format!("{socket}-{name}-{}", std::process::id()),
    })
}
