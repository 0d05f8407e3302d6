//! `plyscope solve` in a real terminal (tmux), as issue 17 asks: while a long solve runs its
//! progress line shows on stderr (nodes, nodes/s, openings done of all, elapsed); ctrl-c
//! stops the searches, prints what is known (the openings classified so far, `?` for the
//! rest) with the progress line cleared, and exits with 130. Skipped with a note when tmux
//! is missing; `.ci/run` installs it on CI. The session helper follows `tests/tui_tmux.rs`.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "e2e"])
    }

    fn wait_for(&self, needle: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(needle) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "{needle:?} did not appear; the screen:\n{s}"
            );
            sleep(Duration::from_millis(50));
        }
    }

    /// Starts the session `e2e`, `columns` x `rows`, running `command`.
    fn open(&self, columns: u16, rows: u16, command: &[&str]) {
        let (x, y) = (columns.to_string(), rows.to_string());
        let mut args = vec!["new-session", "-d", "-s", "e2e", "-x", &x, "-y", &y];
        args.extend_from_slice(command);
        self.run(&args);
    }

    fn keys(&self, keys: &str) {
        self.run(&["send-keys", "-t", "e2e", keys]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

fn tmux_or_skip(name: &str) -> Option<Tmux> {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("note: tmux is not installed; skipping the terminal solve test {name}");
        return None;
    }
    Some(Tmux {
        socket: format!("plyscope-solve-{name}-{}", std::process::id()),
    })
}

#[test]
fn a_long_solve_shows_progress_and_ctrl_c_prints_what_is_known_then_exits_130() {
    let Some(tmux) = tmux_or_skip("progress") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!("{bin} solve hex-5x5 --algo dfpn --root; echo EXITED $?; sleep 30");
    tmux.open(120, 50, &[&shell]);
    // The progress line: the puzzle, nodes and their rate, openings, the time.
    let screen = tmux.wait_for("nodes/s");
    assert!(screen.contains("hex-5x5 (1/1) · "), "{screen}");
    tmux.wait_for("openings ");
    tmux.keys("C-c");
    let screen = tmux.wait_for("EXITED 130");
    // What is known was printed: the board of the openings with `?` for the undecided,
    // and the progress line is gone.
    assert!(screen.contains("root moves"), "{screen}");
    assert!(screen.contains('?'), "{screen}");
    assert!(screen.contains("(stopped by ctrl-c)"), "{screen}");
    assert!(!screen.contains("nodes/s ·"), "{screen}");
}
