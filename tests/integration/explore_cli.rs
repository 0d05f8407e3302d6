//! `plyscope explore` fails before touching the terminal (issue 3, "Tests that must
//! exist"): a missing puzzle file, a bad theme file or a bad keymap file give one line on
//! stderr, naming the file (and line and column for bad files), and exit 1; nothing is
//! written to stdout, so no escape sequence of a half-drawn screen can appear.

use std::fs;

use crate::helpers::binary::{self, scratch};
use assert_cmd::Command;
use predicates::prelude::*;

fn plyscope() -> Command {
    let mut cmd = binary::plyscope();
    // No user configuration from the machine running the tests.
    cmd.env("XDG_CONFIG_HOME", "/nonexistent-plyscope-test-config");
    cmd
}

/// Runs `cmd`, which must exit 1 with nothing on stdout and exactly one line on stderr (the
/// terminal never touched); returns that line.
fn fails_with_one_line(cmd: &mut Command) -> String {
    let out = cmd
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .get_output()
        .clone();
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(text.lines().count(), 1, "one line on stderr: {text:?}");
    text
}

#[test]
fn missing_puzzle_file_is_one_line_and_exit_1() {
    let line = fails_with_one_line(plyscope().args(["explore", "no/such/puzzle.toml"]));
    assert!(
        line.starts_with("plyscope: no/such/puzzle.toml: cannot read the puzzle file"),
        "{line}"
    );
}

#[test]
fn unknown_puzzle_name_is_one_line_and_exit_1() {
    let line = fails_with_one_line(plyscope().args(["explore", "nosuch"]));
    assert!(line.contains("plyscope list"), "{line}");
}

#[test]
fn bad_theme_file_names_file_line_and_column() {
    let dir = scratch("explore-theme");
    let path = dir.join("bad.toml");
    fs::write(&path, "[slots]\nnot_a_slot = \"red\"\n").unwrap();
    let line = fails_with_one_line(
        plyscope()
            .args(["explore", "tree-abc", "--theme"])
            .arg(&path),
    );
    let file = path.display().to_string();
    let rest = line
        .strip_prefix(&format!("plyscope: {file}:"))
        .unwrap_or_else(|| panic!("names the file: {line}"));
    let mut parts = rest.splitn(3, ':');
    let (l, c) = (parts.next().unwrap(), parts.next().unwrap());
    assert!(
        l.parse::<usize>().is_ok() && c.parse::<usize>().is_ok(),
        "line and column: {line}"
    );
}

#[test]
fn bad_keymap_file_names_file_line_and_column() {
    let dir = scratch("explore-keymap");
    let config = dir.join("plyscope");
    fs::create_dir_all(&config).unwrap();
    fs::write(config.join("keymap.toml"), "no_such_action = [\"x\"]\n").unwrap();
    let line = fails_with_one_line(
        Command::cargo_bin("plyscope")
            .unwrap()
            .env("XDG_CONFIG_HOME", &dir)
            .args(["explore", "tree-abc"]),
    );
    assert!(
        line.contains("keymap.toml:1:1: unknown action 'no_such_action'"),
        "{line}"
    );
}
