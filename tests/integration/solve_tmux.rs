//! `plyscope solve` in a real terminal (tmux), as issue 17 asks: while a long solve runs its
//! progress line shows on stderr (nodes, nodes/s, openings done of all, elapsed); ctrl-c
//! stops the searches, prints what is known (the openings classified so far, `?` for the
//! rest) with the progress line cleared, and exits with 130. Skipped with a note when tmux
//! is missing; `.ci/run` installs it on CI. The session helper is `tests/integration/helpers/tmux_session.rs`.

use crate::helpers::tmux_session;

use tmux_session::Tmux;

fn tmux_or_skip(name: &str) -> Option<Tmux> {
    tmux_session::tmux_or_skip("plyscope-solve", "terminal solve test", name)
}

#[test]
fn a_long_solve_shows_progress_and_ctrl_c_prints_what_is_known_then_exits_130() {
    let Some(tmux) = tmux_or_skip("progress") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    // Hex 7x7's 49 openings take minutes (5x5's and 6x6's take seconds since H-search).
    let shell = format!("{bin} solve hex-7x7 --algo dfpn --root; echo EXITED $?; sleep 30");
    tmux.open(120, 50, &[&shell]);
    // The progress line: the puzzle, nodes and their rate, openings, the time.
    let screen = tmux.wait_for("nodes/s");
    assert!(screen.contains("hex-7x7 (1/1) · "), "{screen}");
    tmux.wait_for("openings ");
    tmux.keys("C-c");
    let screen = tmux.wait_for("EXITED 130");
    // What is known was printed: the board of the openings with `?` for the undecided,
    // and the progress line is gone.
    assert!(screen.contains("root moves"), "{screen}");
    assert!(screen.contains('?'), "{screen}");
    assert!(
        screen.contains("(stopped by ctrl-c or SIGTERM)"),
        "{screen}"
    );
    assert!(!screen.contains("nodes/s ·"), "{screen}");
}
