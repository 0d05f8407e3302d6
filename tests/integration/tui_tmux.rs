//! End to end: the real binary in a real terminal (tmux), as a user would run it (issue 3,
//! "Tests that must exist"): open, step, walk, resize, quit, and check that the terminal is
//! restored (alternate screen left, cursor shown, canonical mode back). Skipped with a note
//! when tmux is missing; `.ci/run` installs it on CI.

use std::process::Command;
use std::thread::sleep;
use std::time::Duration;

use crate::helpers::tmux_session;

use tmux_session::Tmux;

fn tmux_or_skip(name: &str) -> Option<Tmux> {
    tmux_session::tmux_or_skip("plyscope-e2e", "end-to-end explorer test", name)
}

/// `NO_COLOR` drops colours but the selection keeps bold and reverse video (the crossterm
/// pitfall of conventions.md); ctrl-c quits even with the help open.
#[test]
fn no_color_keeps_reverse_and_ctrl_c_quits_from_an_overlay() {
    let Some(tmux) = tmux_or_skip("nocolor") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!("NO_COLOR=1 {bin}; echo EXITED $?; sleep 30");
    tmux.open(100, 30, &[&shell]);
    tmux.wait_for("step 0/28");
    tmux.keys("n");
    tmux.wait_for("step 16/28");
    let styled = tmux.run(&["capture-pane", "-e", "-p", "-t", "e2e"]);
    assert!(
        styled.contains("\x1b[1;7m"),
        "selection in bold reverse:\n{styled:?}"
    );
    // Every SGR sequence's parameters: 30-38 and 90-97 set a foreground colour (39 is the
    // default foreground).
    let colours = styled
        .split("\x1b[")
        .skip(1)
        .filter_map(|seq| seq.split_once('m').map(|(params, _)| params))
        .flat_map(|params| params.split(';'))
        .filter(|p| {
            p.parse::<u32>()
                .is_ok_and(|n| (30..=38).contains(&n) || (90..=97).contains(&n))
        })
        .count();
    assert_eq!(colours, 0, "no foreground colour:\n{styled:?}");
    tmux.keys("?");
    tmux.wait_for("Keys (q closes)");
    tmux.keys("C-c");
    tmux.wait_for("EXITED 0");
}

#[test]
fn open_step_walk_resize_quit_and_restore() {
    let Some(tmux) = tmux_or_skip("walk") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!(
        "{bin} explore tree-abc; echo EXITED $?; stty -a | tr ' ;' '\\n\\n' | grep -x -- '-*icanon'; sleep 30"
    );
    tmux.open(100, 30, &[&shell]);
    tmux.wait_for("step 0/28");

    tmux.keys("n");
    let s = tmux.wait_for("alpha cutoff: value 2 <= alpha 3: 2");
    assert!(s.contains("step 16/28"), "{s}");

    tmux.keys("h");
    tmux.wait_for("path      root");
    tmux.keys("l");
    tmux.wait_for("path      b");

    tmux.run(&["resize-window", "-t", "e2e", "-x", "60", "-y", "20"]);
    tmux.wait_for("terminal too small: need 80x24, have 60x20");
    tmux.run(&["resize-window", "-t", "e2e", "-x", "100", "-y", "30"]);
    let s = tmux.wait_for("path      b");
    assert!(s.contains("step 16/28"), "the step survives a resize:\n{s}");

    tmux.keys("q");
    let s = tmux.wait_for("EXITED 0");
    let flags = tmux.run(&[
        "display-message",
        "-p",
        "-t",
        "e2e",
        "#{alternate_on} #{cursor_flag}",
    ]);
    assert_eq!(flags.trim(), "0 1", "alternate screen left, cursor shown");
    let s = if s.contains("icanon") {
        s
    } else {
        tmux.wait_for("icanon")
    };
    assert!(
        s.lines().any(|l| l.trim() == "icanon"),
        "canonical mode is back (raw mode off):\n{s}"
    );
}

/// Thomsen's corners with his figure's depth and level (7 and 2), as a puzzle file, so the
/// test does not follow the bundled file's defaults.
const CORNERS: &str = r#"title = "Thomsen's corners, depth 7"
game = "mnk"
size = [4, 4]
k = 4
free_setup = true
to_move = "black"
board = """
. . . X
. . . .
. . . .
X . . X
"""

[limits]
max_depth = 7
max_level = 2
"#;

/// A lambda search in the real terminal (issue 4, item 7): Thomsen's corners under
/// `--algo lambda`; at the end the root's level labels are on the board, the next proof
/// shows its attack zone, `d` switches to the defence zone, `>` searches again one level up.
#[test]
fn lambda_search_shows_root_levels_and_zone_overlays() {
    let Some(tmux) = tmux_or_skip("lambda") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let dir = std::env::temp_dir().join(format!("plyscope-tmux-lambda-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("corners.toml");
    std::fs::write(&file, CORNERS).unwrap();
    let shell = format!(
        "{bin} explore {} --algo lambda; echo EXITED $?; sleep 30",
        file.display()
    );
    tmux.open(120, 40, &[&shell]);
    tmux.wait_for("win at lambda level 2, best c2");
    tmux.keys("G");
    let s = tmux.wait_for("N wins at λN, ? tried, x loses");
    assert!(s.contains("2 · ? 2 ?"), "c2 wins at level 2:\n{s}");
    assert!(s.contains("λ2 search (Black) WIN λ2"), "{s}");
    tmux.keys(")");
    let s = tmux.wait_for("A-zone, ATTACK λ");
    assert!(s.contains("verdict   WIN λ"), "{s}");
    tmux.keys("d");
    let s = tmux.wait_for("zone: D-zone");
    assert!(
        s.contains("D-zone, DEFEND λ") || s.contains("D-zone: no threat answered"),
        "the board's legend follows:\n{s}"
    );
    tmux.keys(">");
    tmux.wait_for("lambda max λ3");
    tmux.wait_for("win at lambda level");
    tmux.keys("q");
    tmux.wait_for("EXITED 0");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 5: a puzzle opened and switched to df-pn with `a` (until the status line names
/// it), stepped to the next expansion, proof and threshold change; the board shows the
/// children's numbers and `d` switches them to disproof numbers.
#[test]
fn dfpn_search_steps_through_expansions_proofs_and_thresholds() {
    let Some(tmux) = tmux_or_skip("dfpn") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!("{bin} explore tictactoe; echo EXITED $?; sleep 30");
    tmux.open(120, 40, &[&shell]);
    tmux.wait_for("step ");
    let mut found = false;
    for _ in 0..12 {
        tmux.keys("a");
        sleep(Duration::from_millis(300));
        if tmux.screen().contains("| dfpn |") {
            found = true;
            break;
        }
    }
    assert!(found, "a reaches dfpn:\n{}", tmux.screen());
    tmux.wait_for("disproven");
    tmux.keys("e");
    let s = tmux.wait_for("children's pn (d: dn)");
    assert!(s.contains("expanded 1x"), "{s}");
    // The root as entered ([1, 1]) with its children's proof numbers on the board (df-pn's
    // one-move look-ahead: each has eight replies). df-pn keys mirror images alike, so the
    // nine first moves are three children: centre b2, corner a1, edge b1.
    assert!(s.contains("root [1, 1]"), "the root with its numbers:\n{s}");
    assert!(s.contains("children  3"), "{s}");
    assert!(s.contains("2 · 8 ·") && s.contains("1 8 8 ·"), "{s}");
    tmux.keys("d");
    tmux.wait_for("children's dn (d: pn)");
    tmux.keys("y");
    let s = tmux.wait_for(" th [");
    assert!(s.contains("threshold"), "{s}");
    // n: the next node to become proven or disproven (both words end in PROVEN).
    tmux.keys("n");
    let s = tmux.wait_for("PROVEN");
    assert!(s.contains("step "), "{s}");
    tmux.keys("q");
    tmux.wait_for("EXITED 0");
}

/// The terminal's line settings that raw mode turns off, as `stty -a` prints them when on.
const COOKED: [&str; 3] = ["icanon", "echo", "opost"];

/// Issue 17: SIGTERM, SIGHUP, SIGINT and SIGQUIT sent to a running explorer (by pid, as
/// `kill` or a dropped SSH connection would) restore the terminal before the process ends:
/// the alternate screen is left, the cursor shown, the tty back in canonical mode with echo
/// and output processing, and the exit status says which signal (128 + its number).
#[test]
fn every_ending_signal_restores_the_terminal() {
    let Some(tmux) = tmux_or_skip("signals") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    for (signal, number) in [("TERM", 15), ("HUP", 1), ("INT", 2), ("QUIT", 3)] {
        let pid_file = std::env::temp_dir().join(format!(
            "plyscope-signal-{signal}-{}.pid",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&pid_file);
        // `exec` in a subshell so the pid written is the explorer's own.
        let shell = format!(
            "(echo $BASHPID > {pid}; exec {bin} explore tree-abc); echo EXITED $?; \
             stty -a | tr ' ;' '\\n\\n' | grep -x -E -- '-?(icanon|echo|opost)' | tr '\\n' ' '; \
             echo; sleep 30",
            pid = pid_file.display()
        );
        tmux.open(100, 30, &["bash", "-c", &shell]);
        tmux.wait_for("step 0/28");
        let pid = std::fs::read_to_string(&pid_file).expect("the pid is written");
        let status = Command::new("kill")
            .args([format!("-{signal}"), pid.trim().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let s = tmux.wait_for("EXITED");
        assert!(
            s.contains(&format!("EXITED {}", 128 + number)),
            "SIG{signal}: the exit status says the signal:\n{s}"
        );
        let flags = tmux.run(&[
            "display-message",
            "-p",
            "-t",
            "e2e",
            "#{alternate_on} #{cursor_flag}",
        ]);
        assert_eq!(
            flags.trim(),
            "0 1",
            "SIG{signal}: alternate screen left, cursor shown"
        );
        let s = tmux.wait_for("icanon");
        let line = s.lines().find(|l| l.contains("icanon")).unwrap();
        for flag in COOKED {
            assert!(
                line.split_whitespace().any(|w| w == flag),
                "SIG{signal}: {flag} is back on: {line}"
            );
        }
        tmux.run(&["kill-session", "-t", "e2e"]);
        let _ = std::fs::remove_file(&pid_file);
    }
}

/// Issue 17: ctrl-z leaves the screen and stops the explorer as job control expects; `fg`
/// brings it back, redrawn at the same step.
#[test]
fn ctrl_z_suspends_and_fg_resumes() {
    let Some(tmux) = tmux_or_skip("suspend") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    tmux.open(100, 30, &["bash", "--norc", "-i"]);
    tmux.keys(&format!("{bin} explore tree-abc"));
    tmux.keys("Enter");
    tmux.wait_for("step 0/28");
    tmux.keys("n");
    tmux.wait_for("step 16/28");
    tmux.run(&["send-keys", "-t", "e2e", "C-z"]);
    let s = tmux.wait_for("Stopped");
    assert!(!s.contains("step 16/28"), "the screen is left:\n{s}");
    let flags = tmux.run(&["display-message", "-p", "-t", "e2e", "#{alternate_on}"]);
    assert_eq!(flags.trim(), "0");
    tmux.keys("fg");
    tmux.keys("Enter");
    let s = tmux.wait_for("step 16/28");
    assert!(s.contains("plyscope tree-abc"), "redrawn:\n{s}");
    tmux.keys("q");
}

/// Issue 16: `#` opens the legend of the search shown (and closes it), `u` steps a lambda
/// search to the next level change, `A` opens the split's algorithm picker and enter opens
/// the split with the choice, its header saying what each search uses.
#[test]
fn legend_level_step_and_split_picker_keys() {
    let Some(tmux) = tmux_or_skip("issue16") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!("{bin} explore mnk-7x7-k4-lambda2 --algo lambda; echo EXITED $?; sleep 30");
    tmux.open(80, 24, &[&shell]);
    tmux.wait_for("step 0/");
    tmux.keys("#");
    tmux.wait_for("How lambda decides:");
    tmux.keys("#");
    tmux.wait_for("step 0/");
    tmux.keys("u");
    // u must leave step 0 and show a level in the node pane; a step that never leaves 0
    // fails here after 30 s with the screen.
    tmux.wait_until("u to step the search to a level change", |s| {
        s.contains("level     λ") && !s.contains("step 0/")
    });
    tmux.keys("A");
    let s = tmux.wait_for("Second search of the split");
    assert!(s.contains("dual-lambda"), "{s}");
    tmux.keys("Enter");
    let s = tmux.wait_for("uses:");
    assert!(s.contains("| split, "), "{s}");
    tmux.keys("q");
    tmux.wait_for("EXITED 0");
}

/// Class material from the real binary (issue 16, point 9): three steps, `S` writes the
/// tree as of step 3 into the current directory and says so; `S` again asks before
/// writing over it, and `n` leaves the files as they are.
#[test]
fn the_export_key_writes_class_material_into_the_current_directory() {
    let Some(tmux) = tmux_or_skip("class") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("plyscope-e2e-class-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!(
        "cd {} && {bin} explore tree-abc; echo EXITED $?; sleep 30",
        dir.display()
    );
    tmux.open(120, 30, &[&shell]);
    tmux.wait_for("step 0/28");
    tmux.keys("   ");
    tmux.wait_for("step 3/28");
    tmux.keys("S");
    tmux.wait_for("wrote tree-abc-step3.dot and tree-abc-step3.txt in");
    let dot = std::fs::read_to_string(dir.join("tree-abc-step3.dot")).unwrap();
    assert!(dot.contains("// step 3 of 28"), "{dot}");
    tmux.keys("S");
    tmux.wait_for("exist: overwrite? (y: yes");
    tmux.keys("n");
    tmux.wait_for("class material not written");
    assert_eq!(
        std::fs::read_to_string(dir.join("tree-abc-step3.dot")).unwrap(),
        dot
    );
    tmux.keys("q");
    tmux.wait_for("EXITED 0");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 16, point 10: `R` in the explorer opens the lesson picker; enter starts the chosen
/// lesson in lesson mode, and tab plays its first step.
#[test]
fn the_explorer_opens_a_lesson_from_its_picker() {
    let Some(tmux) = tmux_or_skip("lessons") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!("{bin} explore tree-abc; echo EXITED $?; sleep 30");
    tmux.open(100, 30, &[&shell]);
    tmux.wait_for("step 0/28");
    tmux.keys("R");
    let s = tmux.wait_for("Lessons (enter opens, q closes)");
    assert!(
        s.contains("three-twelve-eight") && s.contains("The classic 3-12-8 tree"),
        "{s}"
    );
    tmux.keys("Down");
    tmux.keys("Down");
    tmux.keys("Enter");
    tmux.wait_for("Lesson: intro (4 steps)");
    tmux.keys("Tab");
    let s = tmux.wait_for("Lesson: step 1/4");
    assert!(s.contains("b is done"), "{s}");
    tmux.keys("q");
    tmux.wait_for("EXITED 0");
}

/// Issue 18, newcomer review: df-pn on Hex 4x4 decides the root by H-search (Black's semi
/// connection, key b3) before generating a move, so the tree has no child to walk to; `v`
/// said "the run ended unsolved". It now names what decided the root, whole at 80x24.
#[test]
fn v_on_hex_4x4_names_the_connection_that_decided_the_root() {
    let Some(tmux) = tmux_or_skip("pv-hex4") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!("{bin} explore hex-4x4 --algo dfpn; echo EXITED $?; sleep 30");
    for (width, height) in [(80, 24), (120, 40)] {
        tmux.open(width, height, &[&shell]);
        tmux.wait_for("proven (proof tree");
        tmux.keys("G");
        tmux.wait_for("3/3");
        tmux.keys("v");
        let s = tmux.wait_for(
            "v: root decided by Black's semi connection (key b3): nothing below was searched",
        );
        assert!(!s.contains("unsolved"), "{s}");
        tmux.keys("q");
        tmux.wait_for("EXITED 0");
        tmux.run(&["kill-session", "-t", "e2e"]);
    }
}

/// Issue 18, newcomer review: at the end of a df-pn run on Hex 6x6, `v` stayed on the root
/// with a note. With no descent under way it walks the proof's main line, d3 d4 e3 (e3 is
/// decided by Black's connection, so the line ends there), at 80x24 and 120x40; a second
/// `v` says it is at the line's end.
#[test]
fn v_at_the_end_of_a_hex_6x6_run_walks_the_proof() {
    let Some(tmux) = tmux_or_skip("pv") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!("{bin} explore hex-6x6 --algo dfpn; echo EXITED $?; sleep 30");
    for (width, height, step) in [(80, 24, "17/17"), (120, 40, "step 17/17")] {
        tmux.open(width, height, &[&shell]);
        tmux.wait_for("proven (proof tree");
        tmux.keys("End");
        tmux.wait_for(step);
        tmux.keys("v");
        let s = tmux.wait_for("path      d3 d4 e3");
        assert!(s.contains("goal: Black to move and win"), "{s}");
        tmux.keys("v");
        tmux.wait_for("v: already at the end of the proof's main line (root d3 d4 e3)");
        tmux.keys("q");
        tmux.wait_for("EXITED 0");
        tmux.run(&["kill-session", "-t", "e2e"]);
    }
}

/// The chart pane from the real binary (issue 20, point 4): `V` shows the root's pn / dn at
/// the end of a df-pn run, `^` the next chart, `f4` hides the pane and the tree is back.
#[test]
fn the_chart_keys_show_cycle_and_hide_the_chart_pane() {
    let Some(tmux) = tmux_or_skip("issue20-chart") else {
        return;
    };
    let bin = env!("CARGO_BIN_EXE_plyscope");
    let shell = format!("{bin} explore tictactoe --algo dfpn; echo EXITED $?; sleep 30");
    tmux.open(80, 24, &[&shell]);
    tmux.wait_for("step 0/");
    tmux.keys("G");
    tmux.wait_for("disproven");
    tmux.keys("V");
    let s = tmux.wait_for("root pn / dn (1/");
    assert!(
        s.contains("dn (0 once disproven)") && s.contains("step"),
        "{s}"
    );
    tmux.keys("^");
    tmux.wait_for("nodes searched (2/");
    tmux.keys("F4");
    tmux.wait_for("Tree");
    tmux.keys("q");
    tmux.wait_for("EXITED 0");
}
