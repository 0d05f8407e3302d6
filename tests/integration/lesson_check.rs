//! `plyscope lesson --check FILE`: plays every step headless with the
//! lesson checker, prints one line a step, exits 0 when every step agrees with its screen
//! and 1 otherwise, naming the file, the line and the step.

use crate::helpers::binary::{plyscope, scratch};

fn check(arg: &str) -> (Option<i32>, String, String) {
    let out = plyscope()
        .args(["lesson", "--check", arg])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const GOOD: &str = "[lesson]\ntitle = \"t\"\nsource = \"s\"\npuzzle = \"tree-abc\"\n\
                    algorithm = \"alphabeta\"\nintro = \"i\"\n\n\
                    [[step]]\ngoto = \"node:c\"\nexpect = \"enter\"\n\
                    text = \"c is entered with the window (3, +inf).\"\n\n\
                    [[step]]\ngoto = \"next-cutoff\"\nexpect = \"cutoff\"\n\
                    text = \"c's first leaf is 2: an alpha cutoff, 2 <= alpha 3.\"\n\n\
                    [[step]]\ngoto = \"end\"\ntext = \"The root is worth 3: 11 nodes.\"\n";

#[test]
fn a_good_lesson_file_passes_with_one_line_a_step() {
    let d = scratch("lesson-check-good");
    let path = d.join("good.toml");
    std::fs::write(&path, GOOD).unwrap();
    let path = path.display().to_string();
    let (code, out, err) = check(&path);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(
        out,
        format!(
            "{path}:8: step 1: ok\n{path}:13: step 2: ok\n{path}:18: step 3: ok\n\
             {path}: 3 steps, all agree with the screen\n"
        )
    );
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn a_bundled_lesson_is_checked_by_name() {
    let (code, out, _) = check("three-twelve-eight");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("lessons/three-twelve-eight.toml:"), "{out}");
}

#[test]
fn a_broken_lesson_file_fails_naming_file_line_and_step() {
    let d = scratch("lesson-check-broken");
    let path = d.join("broken.toml");
    // Step 2 names the wrong cutoff and a wrong window; step 3 a goto the search never
    // reaches, and step 4, which replays it, is reported as following it.
    let text = GOOD
        .replace("an alpha cutoff", "a beta cutoff")
        .replace("(3, +inf)", "(4, +inf)")
        .replace("goto = \"end\"", "goto = \"next-cutoff\"")
        + "\n[[step]]\ngoto = \"end\"\ntext = \"x\"\n";
    std::fs::write(&path, text).unwrap();
    let path = path.display().to_string();
    let (code, out, err) = check(&path);
    assert_eq!(code, Some(1), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "{path}:8: step 1: the text says '(4, inf)' but no window or triple (4, .., \
             inf) is on the screen"
        )
    );
    assert_eq!(
        lines[1],
        format!(
            "{path}:13: step 2: the text says 'beta cutoff' but the screen (Why block, node \
             pane, rows) does not say beta cutoff"
        )
    );
    assert!(
        lines[2].starts_with(&format!(
            "{path}:18: step 3: broken: next-cutoff: no later cutoff"
        )),
        "{out}"
    );
    assert_eq!(
        lines[3],
        format!("{path}:22: step 4: not played: it follows step 3, which is broken")
    );
    assert_eq!(lines[4], format!("{path}: 4 steps, 4 failed"));
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn a_file_that_does_not_load_fails_with_its_line() {
    let d = scratch("lesson-check-load");
    let path = d.join("bad.toml");
    std::fs::write(&path, GOOD.replace("next-cutoff", "next-cut")).unwrap();
    let path = path.display().to_string();
    let (code, out, err) = check(&path);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        err.contains(&format!("{path}:14: step 2: unknown goto 'next-cut'")),
        "{err}"
    );
    std::fs::remove_dir_all(d).unwrap();
}

const ONLY_AT_80X24: &str = "tests/fixtures/lessons/only-at-80x24.toml";

/// A text that is right where a pane shows what it names, but names a line an 80x24 screen
/// does not show: it fails at 80x24 only, and the message says so; a `focus` on that line
/// makes it pass everywhere.
#[test]
fn a_lesson_right_at_large_sizes_fails_only_at_80x24() {
    let (code, out, err) = check(ONLY_AT_80X24);
    assert_eq!(code, Some(1), "{out}{err}");
    assert_eq!(
        out,
        format!(
            "{ONLY_AT_80X24}:11: step 1 at 80x24: the text says '26 nodes' but no line of the \
             screen counts 26 nodes\n{ONLY_AT_80X24}: 1 steps, 1 failed\n"
        )
    );
    // The larger sizes alone pass.
    let out = plyscope()
        .args(["lesson", "--check", ONLY_AT_80X24])
        .args(["--size", "120x40", "--size", "240x120"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // The step naming the line it is about: the node pane scrolls there at 80x24.
    let d = scratch("lesson-check-focus");
    let path = d.join("focused.toml");
    let text = std::fs::read_to_string(ONLY_AT_80X24).unwrap();
    std::fs::write(
        &path,
        text.replace(
            "expect = \"leave\"",
            "expect = \"leave\"\nfocus = \"node:nodes\"",
        ),
    )
    .unwrap();
    let (code, out, err) = check(&path.display().to_string());
    assert_eq!(code, Some(0), "{out}{err}");
    std::fs::remove_dir_all(d).unwrap();
    // A size the explorer does not draw at is refused.
    let out = plyscope()
        .args(["lesson", "--check", ONLY_AT_80X24, "--size", "60x20"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("'60x20': the explorer draws from 80x24"),
        "{out:?}"
    );
}

/// The checker reads the panes, not the title line: figure 6.23's puzzle title says "an
/// alpha cutoff", and a step claiming one at n2's entry, where no pane says so, fails.
#[test]
fn a_cutoff_only_the_title_names_fails() {
    let title = plyscope::puzzle::find_bundled("tree-004-fig-6-23")
        .unwrap()
        .load()
        .unwrap()
        .title;
    assert!(
        title.contains("alpha cutoff"),
        "this test needs a puzzle whose title names the cutoff: {title}"
    );
    let path = "tests/fixtures/lessons/cutoff-in-the-title.toml";
    let (code, out, err) = check(path);
    assert_eq!(code, Some(1), "{out}{err}");
    assert_eq!(
        out,
        format!(
            "{path}:10: step 1: the text says 'alpha cutoff' but the screen (Why block, node \
             pane, rows) does not say alpha cutoff\n{path}: 1 steps, 1 failed\n"
        )
    );
}
