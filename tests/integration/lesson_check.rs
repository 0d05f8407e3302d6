//! `plyscope lesson --check FILE` (issue 16, point 10): plays every step headless with the
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
            "{path}:8: step 1: the text says '(4, +inf)' but no window or triple (4, .., \
             +inf) is on the screen"
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
