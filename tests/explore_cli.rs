//! `plyscope explore` fails before touching the terminal (issue 3, "Tests that must
//! exist"): a missing puzzle file, a bad theme file or a bad keymap file give one line on
//! stderr, naming the file (and line and column for bad files), and exit 1; nothing is
//! written to stdout, so no escape sequence of a half-drawn screen can appear.

use std::fs;

use assert_cmd::Command;
use predicates::prelude::*;

fn plyscope() -> Command {
    let mut cmd = Command::cargo_bin("plyscope").unwrap();
    // No user configuration from the machine running the tests.
    cmd.env("XDG_CONFIG_HOME", "/nonexistent-plyscope-test-config");
    cmd
}

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("plyscope-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn one_line(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr).into_owned();
    assert_eq!(text.lines().count(), 1, "one line on stderr: {text:?}");
    text
}

#[test]
fn missing_puzzle_file_is_one_line_and_exit_1() {
    let out = plyscope()
        .args(["explore", "no/such/puzzle.toml"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .get_output()
        .clone();
    let line = one_line(&out.stderr);
    assert!(
        line.starts_with("plyscope: no/such/puzzle.toml: cannot read the puzzle file"),
        "{line}"
    );
}

#[test]
fn unknown_puzzle_name_is_one_line_and_exit_1() {
    let out = plyscope()
        .args(["explore", "nosuch"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .get_output()
        .clone();
    assert!(one_line(&out.stderr).contains("plyscope list"));
}

#[test]
fn bad_theme_file_names_file_line_and_column() {
    let dir = temp_dir("theme");
    let path = dir.join("bad.toml");
    fs::write(&path, "[slots]\nnot_a_slot = \"red\"\n").unwrap();
    let out = plyscope()
        .args(["explore", "tree-abc", "--theme"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .get_output()
        .clone();
    let line = one_line(&out.stderr);
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
    let dir = temp_dir("keymap");
    let config = dir.join("plyscope");
    fs::create_dir_all(&config).unwrap();
    fs::write(config.join("keymap.toml"), "no_such_action = [\"x\"]\n").unwrap();
    let out = Command::cargo_bin("plyscope")
        .unwrap()
        .env("XDG_CONFIG_HOME", &dir)
        .args(["explore", "tree-abc"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .get_output()
        .clone();
    let line = one_line(&out.stderr);
    assert!(
        line.contains("keymap.toml:1:1: unknown action 'no_such_action'"),
        "{line}"
    );
}
