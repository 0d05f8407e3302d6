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

/// Rooms of one job: no file in `src/` holds more than 1,000 lines before its
/// test module (`#[cfg(test)] mod ...`; a test module in a file of its own is test code), and
/// no function is longer than 150 lines, except an engine's main loop that reads
/// in numbered steps (`// Step 1: ...`, `ENGINE_MAIN_LOOPS`).
#[test]
fn files_and_functions_stay_within_their_size_limits() {
    /// Lines a file in `src/` may hold before its test module.
    const MAX_FILE_LINES: usize = 1_000;

    /// Lines a function may take, from its `fn` line to its closing brace.
    const MAX_FN_LINES: usize = 150;

    /// Engines' main loops, allowed past `MAX_FN_LINES` because they read as their paper's
    /// recipe in numbered steps: (file, function).
    const ENGINE_MAIN_LOOPS: &[(&str, &str)] = &[
        // Alpha-beta's node: count, game over, ply guard, table, tactics, horizon, null move,
        // moves, ETC and the search of the moves, store (10 steps).
        ("src/search/alphabeta.rs", "search"),
        // Df-pn's MID: expand, the children's numbers, the MID loop, the proof, pop (5 steps).
        ("src/search/dfpn/mid.rs", "mid_body"),
    ];

    /// `path` from the crate's root, with `/` separators (`src/...`).
    fn relative(path: &str) -> String {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        Path::new(path)
            .strip_prefix(root)
            .unwrap_or(Path::new(path))
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Lines before the file's test module: a `#[cfg(test)]` line followed by a `mod` line.
    fn non_test_lines(text: &str) -> usize {
        let lines: Vec<&str> = text.lines().collect();
        lines
            .iter()
            .enumerate()
            .position(|(i, l)| {
                l.trim() == "#[cfg(test)]"
                    && lines.get(i + 1).is_some_and(|next| {
                        let next = next.trim_start();
                        next.starts_with("mod ") || next.starts_with("pub mod ")
                    })
            })
            .unwrap_or(lines.len())
    }

    /// `text` with comments, string and character literals blanked (newlines kept), so braces
    /// and the word `fn` are only the code's.
    fn code_only(text: &str) -> Vec<u8> {
        let b = text.as_bytes();
        let mut out = b.to_vec();
        let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
            for c in &mut out[from..to] {
                if *c != b'\n' {
                    *c = b' ';
                }
            }
        };
        let mut i = 0;
        while i < b.len() {
            let start = i;
            if b[i..].starts_with(b"//") {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                blank(&mut out, start, i);
            } else if b[i..].starts_with(b"/*") {
                let mut depth = 0;
                while i < b.len() {
                    if b[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if b[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                blank(&mut out, start, i);
            } else if (b[i] == b'r' || b[i..].starts_with(b"br"))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
                && {
                    let mut j = i + if b[i] == b'b' { 2 } else { 1 };
                    while j < b.len() && b[j] == b'#' {
                        j += 1;
                    }
                    j < b.len() && b[j] == b'"'
                }
            {
                i += if b[i] == b'b' { 2 } else { 1 };
                let mut hashes = 0;
                while b[i] == b'#' {
                    hashes += 1;
                    i += 1;
                }
                i += 1;
                loop {
                    if i >= b.len() {
                        break;
                    }
                    if b[i] == b'"'
                        && b[i + 1..]
                            .iter()
                            .take(hashes)
                            .filter(|&&c| c == b'#')
                            .count()
                            == hashes
                    {
                        i += 1 + hashes;
                        break;
                    }
                    i += 1;
                }
                blank(&mut out, start, i);
            } else if b[i] == b'"' {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                blank(&mut out, start, i.min(b.len()));
            } else if b[i] == b'\'' {
                // A character literal ('x', '\n', '\u{..}', or a multi-byte char), else a lifetime.
                let end = if b.get(i + 1) == Some(&b'\\') {
                    b[i + 2..]
                        .iter()
                        .position(|&c| c == b'\'')
                        .map(|p| i + 2 + p + 1)
                } else {
                    let ch_len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                    (b.get(i + 1 + ch_len) == Some(&b'\'')).then_some(i + 2 + ch_len)
                };
                match end {
                    Some(e) => {
                        blank(&mut out, start, e);
                        i = e;
                    }
                    None => i += 1,
                }
            } else {
                i += 1;
            }
        }
        out
    }

    /// The functions of `text` longer than `max` lines, as (name, first line, lines).
    fn long_functions(text: &str, max: usize) -> Vec<(String, usize, usize)> {
        let code = code_only(text);
        let line_of = |at: usize| code[..at].iter().filter(|&&c| c == b'\n').count() + 1;
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        let mut found = Vec::new();
        let mut i = 0;
        while i + 3 < code.len() {
            let is_fn = code[i..].starts_with(b"fn")
                && (i == 0 || !word(code[i - 1]))
                && code[i + 2].is_ascii_whitespace();
            if !is_fn {
                i += 1;
                continue;
            }
            let mut j = i + 2;
            while j < code.len() && code[j].is_ascii_whitespace() {
                j += 1;
            }
            let name_start = j;
            while j < code.len() && word(code[j]) {
                j += 1;
            }
            if j == name_start {
                i += 2;
                continue;
            }
            let name = String::from_utf8_lossy(&code[name_start..j]).into_owned();
            // The body opens at the first `{` outside parentheses and brackets; a `;` there first
            // is a declaration without a body.
            let mut nesting = 0i32;
            let mut open = None;
            while j < code.len() {
                match code[j] {
                    b'(' | b'[' => nesting += 1,
                    b')' | b']' => nesting -= 1,
                    b';' if nesting == 0 => break,
                    b'{' if nesting == 0 => {
                        open = Some(j);
                        break;
                    }
                    _ => {}
                }
                j += 1;
            }
            let Some(open) = open else {
                i = j;
                continue;
            };
            let mut depth = 0;
            let mut close = open;
            for (k, &c) in code.iter().enumerate().skip(open) {
                match c {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            close = k;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let (first, last) = (line_of(i), line_of(close));
            if last - first + 1 > max {
                found.push((name, first, last - first + 1));
            }
            // Functions nested in this one are measured too.
            i = open + 1;
        }
        found
    }

    let mut too_long = Vec::new();
    let mut allowed_seen = Vec::new();
    for (path, text) in sources("src", &[]) {
        let rel = relative(&path);
        let code_lines = non_test_lines(&text);
        if code_lines > MAX_FILE_LINES {
            too_long.push(format!(
                "{rel}: {code_lines} lines of non-test code (at most {MAX_FILE_LINES})"
            ));
        }
        for (name, line, length) in long_functions(&text, MAX_FN_LINES) {
            let listed = ENGINE_MAIN_LOOPS
                .iter()
                .any(|&(file, f)| file == rel && f == name);
            if listed {
                allowed_seen.push((rel.clone(), name));
                continue;
            }
            too_long.push(format!(
                "{rel}:{line}: fn {name} is {length} lines (at most {MAX_FN_LINES})"
            ));
        }
    }
    assert!(
        too_long.is_empty(),
        "split these by job:\n{}",
        too_long.join("\n")
    );
    // Every engine main loop named still reads in numbered steps.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, _) in ENGINE_MAIN_LOOPS {
        let text = fs::read_to_string(root.join(file)).unwrap();
        assert!(
            text.contains("// Step 1:"),
            "{file}: an engine main loop allowed past {MAX_FN_LINES} lines reads in numbered steps"
        );
    }
    // The list names only functions that are still long: one split leaves its entry behind.
    let stale: Vec<String> = ENGINE_MAIN_LOOPS
        .iter()
        .filter(|(file, f)| !allowed_seen.iter().any(|(r, n)| r == file && n == f))
        .map(|(file, f)| format!("{file}: fn {f}"))
        .collect();
    assert!(
        stale.is_empty(),
        "no longer over {MAX_FN_LINES} lines (remove them from the list):\n{}",
        stale.join("\n")
    );
}

/// One seam between "any game" and a typed game: `Position`'s variants are named (matched
/// or built) only in the seam, `src/games/any.rs`, where `Position::with_game` hands a
/// visitor the typed game; in the puzzle readers, which build positions from files; in the
/// board view and the editor's board, which draw the concrete game. Everything else writes
/// a visitor, the tests and benches too (`tests/integration/helpers/games.rs` chooses the
/// games a search runs on by capability). The tests named below take the game out of a
/// puzzle or position of one known game, or build one on purpose (the naive rule sets, the
/// editor's checkers and Gobblet boards).
#[test]
fn only_the_seam_names_the_games_of_a_position() {
    const ALLOWED: [&str; 20] = [
        "src/games/any.rs",
        "src/puzzle.rs",
        "src/puzzle/",
        "src/view/board.rs",
        "src/tui/editor/setup.rs",
        "tests/integration/helpers/naive/",
        "tests/integration/dama_puzzles.rs",
        "tests/integration/deep_search.rs",
        "tests/integration/dfpn_parallel.rs",
        "tests/integration/dfpn_proof_size.rs",
        "tests/integration/editor.rs",
        "tests/integration/explain_lessons.rs",
        "tests/integration/export.rs",
        "tests/integration/gobblet_rules.rs",
        "tests/integration/gtp.rs",
        "tests/integration/pns_puzzles.rs",
        "tests/integration/proof_memory.rs",
        "tests/integration/proof_trees.rs",
        "tests/integration/tui_proof.rs",
        "tests/integration/tui_proof_recorder.rs",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seam = fs::read_to_string(root.join("src/games/any.rs")).expect("the seam exists");
    let body = seam
        .split("pub enum Position {")
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .expect("the seam declares Position");
    let variants: Vec<String> = body
        .lines()
        .filter_map(|line| line.trim().split_once('(').map(|(name, _)| name.trim()))
        .filter(|name| !name.is_empty() && !name.starts_with("//"))
        .map(|name| format!("Position::{name}("))
        .collect();
    assert!(variants.len() >= 6, "the games of Position: {variants:?}");
    let mut files = sources("src", &[]);
    files.extend(sources("tests", &[]));
    files.extend(sources("benches", &[]));
    let files: Vec<(String, String)> = files
        .into_iter()
        .filter(|(p, _)| {
            let rel = Path::new(p).strip_prefix(root).unwrap_or(Path::new(p));
            let rel = rel.to_string_lossy().replace('\\', "/");
            !ALLOWED
                .iter()
                .any(|a| rel == *a || (a.ends_with('/') && rel.starts_with(a)))
        })
        .collect();
    assert!(files.len() > 50, "the sources were read");
    assert!(
        files.iter().any(|(p, _)| p.ends_with("benches/proof.rs")),
        "the benches were read"
    );
    let patterns: Vec<&str> = variants.iter().map(String::as_str).collect();
    let bad = offences(&files, &patterns);
    assert!(
        bad.is_empty(),
        "{} line(s) name a game of Position outside the seam (write a GameVisitor and call \
         Position::with_game instead):\n{}",
        bad.len(),
        bad.join("\n")
    );
}
