//! design.md section 1: "Rules know nothing of search; search knows nothing of screens."
//! This test reads the sources and fails when a layer imports one above it. The layers, bottom
//! to top, as ARCHITECTURE.md draws them: rules (game, games, zobrist) -> search -> trace ->
//! run and view -> front ends (tui, export, lesson, verify, gtp, the binary's cli). Import circles
//! among files are counted by ../shared/tools/circles.py, which .ci/run runs.

use std::fs;
use std::path::Path;

/// Source files under `dir` (recursively) and `extra` files.
fn sources(dir: &str, extra: &[&str]) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut stack = vec![root.join(dir)];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push((p.display().to_string(), fs::read_to_string(&p).unwrap()));
            }
        }
    }
    for f in extra {
        let p = root.join(f);
        out.push((p.display().to_string(), fs::read_to_string(&p).unwrap()));
    }
    out
}

/// Code lines (comments dropped) that mention any of `forbidden`.
fn offences(files: &[(String, String)], forbidden: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for f in forbidden {
                if code.contains(f) {
                    found.push(format!("{path}:{}: {}", i + 1, line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn rules_do_not_import_search_trace_or_screens() {
    let files = sources("src/games", &["src/game.rs", "src/zobrist.rs"]);
    let bad = offences(
        &files,
        &[
            "crate::search",
            "crate::trace",
            "crate::tui",
            "crate::puzzle",
            "ratatui",
            "crossterm",
        ],
    );
    assert!(
        bad.is_empty(),
        "rules import a higher layer:\n{}",
        bad.join("\n")
    );
}

#[test]
fn search_does_not_import_the_recorder_or_screens() {
    let files = sources("src/search", &["src/search.rs"]);
    let bad = offences(
        &files,
        &[
            "trace::recorder",
            "crate::tui",
            "crate::puzzle",
            "ratatui",
            "crossterm",
        ],
    );
    assert!(
        bad.is_empty(),
        "search imports a higher layer:\n{}",
        bad.join("\n")
    );
}

/// Issue 15: the observer interface (`search::observer`: `Observer`, `NoTrace`, `GO` and the
/// views the engines emit) sits below both the engines and the recorder, so nothing in search
/// names the trace module at all: not the recorder, the replay or the store, and no
/// re-export of the observer through it. Catches `crate::trace::...`, `plyscope::trace`,
/// `use crate::{trace, ...}` and `super::super::trace::...`.
#[test]
fn search_never_imports_trace() {
    let files = sources("src/search", &["src/search.rs"]);
    assert!(files.iter().any(|(p, _)| p.ends_with("observer.rs")));
    let mut bad = offences(&files, &["crate::trace", "plyscope::trace"]);
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    for (path, text) in &files {
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let import = code.trim_start().starts_with("use ") || code.contains(" use ");
            let names_trace = code.match_indices("trace").any(|(at, _)| {
                let before = code[..at].chars().next_back();
                let after = &code[at + "trace".len()..];
                !before.is_some_and(is_ident)
                    && !after.starts_with(is_ident)
                    && (import || after.starts_with("::"))
            });
            if names_trace {
                bad.push(format!("{path}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "search imports the trace module:\n{}",
        bad.join("\n")
    );
}

/// Issue 7: the proof verifier replays files with the rules and the puzzle loader alone, so
/// a bug in a solver or in the proof extractor cannot make it accept a hole.
#[test]
fn the_verifier_shares_no_code_with_search_or_extraction() {
    let files = sources("src/verify", &["src/verify.rs"]);
    assert!(files.iter().any(|(p, _)| p.ends_with("src/verify.rs")));
    let bad = offences(
        &files,
        &[
            "crate::search",
            "crate::run",
            "crate::view",
            "crate::proof_tree",
            "crate::trace",
            "crate::tui",
            "search::",
            "solve::",
            "proof_tree::",
            "use crate::{",
        ],
    );
    assert!(
        bad.is_empty(),
        "the verifier imports search or extraction code:\n{}",
        bad.join("\n")
    );
}

/// The front ends sit on top: nothing below them imports one.
const FRONT_ENDS: [&str; 6] = [
    "crate::tui",
    "crate::export",
    "crate::lesson",
    "crate::verify",
    "crate::proof_tree",
    "crate::gtp",
];

/// Issue 15: the run layer (spec, registry, headless solve, the worker thread) is below every
/// front end and beside the views of a record.
#[test]
fn the_run_layer_imports_no_front_end_and_no_view() {
    let files = sources("src/run", &["src/run.rs"]);
    let mut forbidden = FRONT_ENDS.to_vec();
    forbidden.extend(["crate::view", "ratatui", "crossterm"]);
    let bad = offences(&files, &forbidden);
    assert!(
        bad.is_empty(),
        "the run layer imports a higher layer:\n{}",
        bad.join("\n")
    );
}

/// Issue 15: the views of a recorded search serve the explorer, export and lessons alike, so
/// they know none of them (nor a terminal).
#[test]
fn the_views_import_no_front_end_nor_the_run_layer() {
    let files = sources("src/view", &["src/view.rs"]);
    let mut forbidden = FRONT_ENDS.to_vec();
    forbidden.extend(["crate::run", "ratatui", "crossterm"]);
    let bad = offences(&files, &forbidden);
    assert!(
        bad.is_empty(),
        "the views import a higher layer:\n{}",
        bad.join("\n")
    );
}

/// Issue 15: the explorer is one front end among several; nothing outside it imports it.
#[test]
fn nothing_outside_the_explorer_imports_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<(String, String)> = sources("src", &[])
        .into_iter()
        .filter(|(p, _)| {
            let rel = Path::new(p).strip_prefix(root).unwrap_or(Path::new(p));
            !rel.starts_with("src/tui") && rel != Path::new("src/tui.rs")
        })
        .collect();
    assert!(files.len() > 50, "the sources were read");
    let bad: Vec<String> = offences(&files, &["crate::tui", "super::tui"])
        .into_iter()
        // The binary's `explore` command starts the explorer: a front end may use another.
        .filter(|line| !line.contains("src/main.rs") && !line.contains("src/cli/"))
        .collect();
    assert!(
        bad.is_empty(),
        "files outside src/tui import the explorer:\n{}",
        bad.join("\n")
    );
}

/// ARCHITECTURE.md is the map: every path it names (in backticks, under src/, tests/,
/// benches/, lessons/, puzzles/, themes/ or keymaps/, or a root file) exists.
#[test]
fn every_path_architecture_md_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md exists");
    let mut named = 0;
    let mut missing = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for (k, part) in line.split('`').enumerate() {
            if k % 2 == 0 {
                continue;
            }
            let path = part.trim().trim_end_matches('/');
            let looks_like_a_path = [
                "src/", "tests/", "benches/", "lessons/", "puzzles/", "themes/", "keymaps/", ".ci/",
            ]
            .iter()
            .any(|p| path.starts_with(p))
                || ["Cargo.toml", "README.md", "ARCHITECTURE.md"].contains(&path);
            if !looks_like_a_path || path.contains(' ') || path.contains('*') {
                continue;
            }
            named += 1;
            if !root.join(path).exists() {
                missing.push(format!("ARCHITECTURE.md:{}: {path}", i + 1));
            }
        }
    }
    assert!(named >= 20, "ARCHITECTURE.md names only {named} paths");
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
}
