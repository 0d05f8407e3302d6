//! Fuzzing every parser a user feeds (issue 17): puzzle files, theme files, keymap files,
//! lesson files and proof tree files for `verify`, plus the small value parsers the library
//! exposes (colours, glyphs, lesson gotos and orderings, expected results).
//!
//! Each parser gets (a) arbitrary strings and (b) near-valid mutations of the real bundled
//! inputs: byte ranges deleted, duplicated or replaced, and hostile numbers spliced in
//! (0, -1, 4294967296, 1e309, 1000000, ...). Every input must come back without a panic,
//! within 1 s (a hang flag, not a benchmark), without any single allocation over
//! [`MAX_ALLOCATION`] (a counting allocator watches the parsing thread), and an `Err` must
//! carry a non-empty message.
//!
//! The default case count keeps the file to seconds in CI's test profile; the long run raises
//! it: `PLYSCOPE_FUZZ_CASES=1000000 cargo test --release --test integration fuzz_parsers::`. Each test
//! prints its case count and seconds (`-- --nocapture` to see them).
//!
//! The command-line value parsers (`--time`, `--epsilon`, `--max-level`, `--format`, ...) live
//! in the binary (src/cli*.rs is not part of the library): they are not fuzzed by the
//! million, only fed a fixed list of hostile values through the process (the last test).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Display;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use plyscope::lesson;
use plyscope::proof_tree::ExtractOptions;
use plyscope::proof_tree::extract::extract;
use plyscope::puzzle::{self, ExpectedResult};
use plyscope::run::solve::solve_puzzle;
use plyscope::run::spec::SearchSpec;
use plyscope::search::Algorithm;
use plyscope::theme::glyphs::Glyph;
use plyscope::theme::{ThemeSpec, color};
use plyscope::tui::keymap::{DEFAULT_KEYMAP, Keymap};
use plyscope::verify;

use crate::helpers::parsers;

// ---------------------------------------------------------------------------------------
// The allocation watch: the largest single allocation made by the current thread.

/// No single allocation made while parsing a user file may exceed this (a board of
/// 1000000 x 3 cells, or a vector sized from a count in the file, would).
const MAX_ALLOCATION: usize = 64 << 20;

struct Watching;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    let _ = LARGEST.try_with(|l| {
        if size > l.get() {
            l.set(size);
        }
    });
}

unsafe impl GlobalAlloc for Watching {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Watching = Watching;

// ---------------------------------------------------------------------------------------
// The harness.

/// Cases per proptest: 256 by default, `PLYSCOPE_FUZZ_CASES` for the long run.
fn cases() -> u32 {
    std::env::var("PLYSCOPE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        max_shrink_iters: 2000,
        ..ProptestConfig::default()
    }
}

const HANG: Duration = Duration::from_secs(1);

/// Runs one parser on one input: no hang, no huge allocation, a non-empty error message.
/// Returns whether the input was accepted.
fn check<T, E: Display>(what: &str, input: &str, parse: impl FnOnce(&str) -> Result<T, E>) -> bool {
    LARGEST.with(|l| l.set(0));
    let start = Instant::now();
    let result = parse(input);
    let elapsed = start.elapsed();
    let largest = LARGEST.with(|l| l.get());
    let message = result.err().map(|e| e.to_string());
    assert!(
        elapsed < HANG,
        "{what}: {elapsed:?} on an input of {} bytes (a hang)",
        input.len()
    );
    assert!(
        largest <= MAX_ALLOCATION,
        "{what}: one allocation of {largest} bytes on an input of {} bytes",
        input.len()
    );
    match message {
        Some(m) => {
            assert!(
                !m.trim().is_empty(),
                "{what}: an error with an empty message"
            );
            false
        }
        None => true,
    }
}

/// Numbers and values that break careless parsers, spliced into real files.
const HOSTILE: &[&str] = &[
    "0",
    "-1",
    "4294967296",
    "4294967295",
    "1e309",
    "-1e309",
    "nan",
    "inf",
    "1000000",
    "1000000000",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "[1000000, 3]",
    "[3, 1000000]",
    "[0, 0]",
    "[]",
    "{}",
    "\"\"",
    "\"\u{0}\"",
    "\"é\u{301}\u{200b}\"",
    "\n[[",
    "\n[expect]\n",
    "\n",
    "\"\"\"",
    "'''",
    "99999999999999999999999999999",
];

/// One edit of a byte string; positions and lengths are fractions of the current length, so
/// they stay in range whatever the earlier edits did.
#[derive(Clone, Debug)]
enum Edit {
    Delete {
        at: f64,
        len: usize,
    },
    Duplicate {
        at: f64,
        len: usize,
        to: f64,
    },
    Replace {
        at: f64,
        len: usize,
        with: Vec<u8>,
    },
    Splice {
        at: f64,
        len: usize,
        hostile: usize,
    },
    /// Replace a number already in the text by a hostile one (the near-valid case).
    Number {
        nth: usize,
        hostile: usize,
    },
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = 0.0..1.0f64;
    prop_oneof![
        (at.clone(), 0..40usize).prop_map(|(at, len)| Edit::Delete { at, len }),
        (at.clone(), 1..60usize, at.clone()).prop_map(|(at, len, to)| Edit::Duplicate {
            at,
            len,
            to
        }),
        (
            at.clone(),
            0..8usize,
            proptest::collection::vec(any::<u8>(), 0..8)
        )
            .prop_map(|(at, len, with)| Edit::Replace { at, len, with }),
        (at, 0..4usize, 0..HOSTILE.len()).prop_map(|(at, len, hostile)| Edit::Splice {
            at,
            len,
            hostile
        }),
        (0..64usize, 0..HOSTILE.len()).prop_map(|(nth, hostile)| Edit::Number { nth, hostile }),
    ]
}

fn range(bytes: &[u8], at: f64, len: usize) -> (usize, usize) {
    let start = ((bytes.len() as f64) * at) as usize;
    let start = start.min(bytes.len());
    (start, (start + len).min(bytes.len()))
}

fn apply(seed: &str, edits: &[Edit]) -> String {
    let mut b = seed.as_bytes().to_vec();
    for e in edits {
        match e {
            Edit::Delete { at, len } => {
                let (s, t) = range(&b, *at, *len);
                b.drain(s..t);
            }
            Edit::Duplicate { at, len, to } => {
                let (s, t) = range(&b, *at, *len);
                let piece = b[s..t].to_vec();
                let (d, _) = range(&b, *to, 0);
                b.splice(d..d, piece);
            }
            Edit::Replace { at, len, with } => {
                let (s, t) = range(&b, *at, *len);
                b.splice(s..t, with.iter().copied());
            }
            Edit::Splice { at, len, hostile } => {
                let (s, t) = range(&b, *at, *len);
                b.splice(s..t, HOSTILE[*hostile].bytes());
            }
            Edit::Number { nth, hostile } => {
                let numbers: Vec<(usize, usize)> = number_spans(&b);
                if !numbers.is_empty() {
                    let (s, t) = numbers[nth % numbers.len()];
                    b.splice(s..t, HOSTILE[*hostile].bytes());
                }
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// The byte ranges of the runs of ASCII digits.
fn number_spans(b: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            spans.push((s, i));
        } else {
            i += 1;
        }
    }
    spans
}

/// A mutated copy of one of `seeds`.
fn mutated(seeds: Vec<String>) -> impl Strategy<Value = String> {
    let n = seeds.len();
    (0..n, proptest::collection::vec(edit(), 1..6))
        .prop_map(move |(i, edits)| apply(&seeds[i], &edits))
}

/// Arbitrary text: any Unicode, or the characters TOML and JSON are made of.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ -~\n\t]{0,300}",
        "[\\[\\]{}=,.:\"'#a-z0-9_ \n+-]{0,300}",
    ]
}

/// Runs `cases()` inputs from `strategy` through `parse`; a failure panics with the
/// smallest failing input proptest finds. Prints the count and seconds (`-- --nocapture`).
fn fuzz<S: Strategy>(name: &str, strategy: S, parse: fn(&S::Value) -> bool) {
    let start = Instant::now();
    let accepted = std::sync::atomic::AtomicU64::new(0);
    let mut runner = TestRunner::new(config());
    let result = runner.run(&strategy, |value| {
        if parse(&value) {
            accepted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    println!(
        "fuzz {name}: {} cases ({} accepted) in {:.1} s",
        cases(),
        accepted.into_inner(),
        start.elapsed().as_secs_f64()
    );
}

// ---------------------------------------------------------------------------------------
// Seeds: the real inputs.

fn puzzle_seeds() -> Vec<String> {
    puzzle::bundled()
        .iter()
        .map(|p| p.text.to_string())
        .collect()
}

fn theme_seeds() -> Vec<String> {
    plyscope::theme::BUNDLED
        .iter()
        .map(|(_, t)| t.to_string())
        .collect()
}

fn keymap_seeds() -> Vec<String> {
    let mut seeds = vec![DEFAULT_KEYMAP.to_string()];
    seeds.push(include_str!("../fixtures/keymaps/custom.toml").to_string());
    seeds
}

fn lesson_seeds() -> Vec<String> {
    lesson::bundled()
        .iter()
        .map(|l| l.text.to_string())
        .collect()
}

const TREE: &str = r#"
title = "A won tree"
game = "tree"
tree = "(r (a (a1 x:W) (a2 y:W z:L)) (b c:L))"
"#;

/// Real proof files: extracted from solves of a tree, tic-tac-toe and Hex 3x3.
fn proof_seeds() -> Vec<String> {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS
        .get_or_init(|| {
            let mut texts: Vec<(String, String)> = vec![("tree".into(), TREE.into())];
            for name in ["tictactoe-win", "hex-3x3", "gobblet-win-in-3"] {
                if let Some(b) = puzzle::find_bundled(name) {
                    texts.push((name.into(), b.text.into()));
                }
            }
            texts
                .iter()
                .filter_map(|(name, text)| {
                    let puzzle = puzzle::parse(text, name).ok()?;
                    let mut options = SearchSpec::headless(&puzzle, Algorithm::DfPn);
                    options.root_analysis = false;
                    options.set_table_mb(8);
                    let report = solve_puzzle(&puzzle, &options).ok()?;
                    let proof =
                        extract(&puzzle, text, &options, &report, &ExtractOptions::default())
                            .ok()?;
                    Some(proof.tree.to_json())
                })
                .collect()
        })
        .clone()
}

/// SGF game records, read by the same `puzzle::parse`: the manual's example (docs/formats.md), the
/// HexGui-shaped fixture and small files touching every property the reader interprets.
fn sgf_seeds() -> Vec<String> {
    let mut seeds = vec![
        include_str!("../../examples/atarigo-5x5-game.sgf").to_string(),
        include_str!("../fixtures/sgf/hexgui-5x5.sgf").to_string(),
    ];
    for s in [
        "(;FF[4]GM[1]SZ[5]AB[bc][cb]AW[cc][dc]PL[B];B[cd];W[bd])",
        "(;GM[1]SZ[4:3]AB[aa:ba]AW[dc][cc];AE[aa]AB[bb];B[ab])",
        "(;GM[1]SZ[3]AB[aa][cc]AW[bb](;W[ab];B[ba])(;W[ba]))",
        "(;FF[4]GM[11]SZ[4];AB[b3](;W[c2];B[c3])(;W[cb]))",
        "(;FF[4]GM[1]CA[UTF-8]AP[plyscope:0.1.0]SZ[3]PL[B]AW[aa]AB[cc];B[ab];W[bb])",
    ] {
        seeds.push(s.to_string());
    }
    seeds
}

/// Text made of SGF's characters after `(;`, so the SGF reader gets it.
fn sgf_text() -> impl Strategy<Value = String> {
    r"\(;[()\[\];:\\A-Za-z0-9 \n-]{0,300}"
}

fn keymap() -> &'static Keymap {
    parsers::bundled_keymap()
}

#[test]
fn the_seeds_parse() {
    for s in puzzle_seeds() {
        puzzle::parse(&s, "seed").unwrap();
    }
    for s in sgf_seeds() {
        puzzle::parse(&s, "seed.sgf").unwrap_or_else(|e| panic!("{e}"));
    }
    for s in theme_seeds() {
        ThemeSpec::parse("seed", &s).unwrap();
    }
    for s in keymap_seeds() {
        keymap().with_overrides("seed", &s).unwrap();
    }
    for s in lesson_seeds() {
        lesson::parse(&s, "seed", false).unwrap();
    }
    let proofs = proof_seeds();
    assert!(proofs.len() >= 3, "{} proof seeds", proofs.len());
    for s in proofs {
        verify::verify_text(&s).unwrap();
    }
}

// ---------------------------------------------------------------------------------------
// The parsers.

// The calls themselves are shared with the cargo-fuzz targets (`fuzz/`): tests/parsers.

fn parse_puzzle(s: &str) -> bool {
    check("puzzle", s, parsers::puzzle)
}

fn parse_theme(s: &str) -> bool {
    check("theme", s, parsers::theme)
}

fn parse_keymap(s: &str) -> bool {
    check("keymap", s, parsers::keymap)
}

fn parse_lesson(s: &str) -> bool {
    check("lesson", s, parsers::lesson)
}

fn parse_proof(s: &str) -> bool {
    check("proof", s, parsers::proof)
}

fn parse_values(s: &str) -> bool {
    let mut any = check("colour", s, color::parse_colour);
    any |= check("glyph", s, |s| Glyph::parse(s, false));
    any |= check("ascii glyph", s, |s| Glyph::parse(s, true));
    any |= check("goto", s, lesson::Goto::parse);
    any |= check("ordering", s, lesson::parse_ordering);
    any |= check("expected result", s, |s| {
        ExpectedResult::parse(s).ok_or("unknown result")
    });
    static PUZZLES: OnceLock<Vec<puzzle::Puzzle>> = OnceLock::new();
    let puzzles = PUZZLES.get_or_init(|| {
        puzzle::bundled()
            .iter()
            .map(|b| b.load().unwrap())
            .collect()
    });
    for p in puzzles {
        any |= check("move", s, |s| p.position.check_move(s));
    }
    any
}

fn value_seeds() -> Vec<String> {
    [
        "#ff8800",
        "red",
        "indexed(200)",
        "+",
        "event:12",
        "node:a>b>c",
        "next-cutoff",
        "best-first",
        "win",
        "b2",
        "a1-c3",
        "S a1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

#[test]
fn puzzle_text() {
    fuzz("puzzle_text", text(), |s| parse_puzzle(s));
}

#[test]
fn puzzle_mutated() {
    fuzz("puzzle_mutated", mutated(puzzle_seeds()), |s| {
        parse_puzzle(s)
    });
}

#[test]
fn sgf_text_is_refused_or_read_without_a_panic() {
    fuzz("sgf_text", sgf_text(), |s| parse_puzzle(s));
}

#[test]
fn sgf_mutated() {
    fuzz("sgf_mutated", mutated(sgf_seeds()), |s| parse_puzzle(s));
}

#[test]
fn theme_text() {
    fuzz("theme_text", text(), |s| parse_theme(s));
}

#[test]
fn theme_mutated() {
    fuzz("theme_mutated", mutated(theme_seeds()), |s| parse_theme(s));
}

#[test]
fn keymap_text() {
    fuzz("keymap_text", text(), |s| parse_keymap(s));
}

#[test]
fn keymap_mutated() {
    fuzz("keymap_mutated", mutated(keymap_seeds()), |s| {
        parse_keymap(s)
    });
}

#[test]
fn lesson_text() {
    fuzz("lesson_text", text(), |s| parse_lesson(s));
}

#[test]
fn lesson_mutated() {
    fuzz("lesson_mutated", mutated(lesson_seeds()), |s| {
        parse_lesson(s)
    });
}

#[test]
fn proof_text() {
    fuzz("proof_text", text(), |s| parse_proof(s));
}

#[test]
fn proof_mutated() {
    fuzz("proof_mutated", mutated(proof_seeds()), |s| parse_proof(s));
}

#[test]
fn values_text() {
    fuzz("values_text", text(), |s| parse_values(s));
}

#[test]
fn values_mutated() {
    fuzz("values_mutated", mutated(value_seeds()), |s| {
        parse_values(s)
    });
}

// ---------------------------------------------------------------------------------------
// Hostile inputs named by the issue.

#[test]
fn a_huge_board_is_refused_before_allocating() {
    for (game, size) in [
        ("mnk", "[1000000, 3]"),
        ("mnk", "[3, 1000000]"),
        ("atarigo", "[1000000, 3]"),
        ("hex", "1000000"),
        ("hex", "4294967296"),
        ("mnk", "9223372036854775807"),
    ] {
        let text = format!("title = \"t\"\ngame = \"{game}\"\nsize = {size}\nk = 3\n");
        check("huge board", &text, |s| {
            match puzzle::parse(s, "huge.toml") {
                Ok(_) => Err(format!("{game} size {size} accepted")),
                Err(e) => {
                    let m = e.to_string();
                    assert!(m.contains("huge.toml"), "{m}");
                    Ok(())
                }
            }
        });
    }
}

#[test]
fn a_proof_file_with_huge_numbers_is_refused_before_allocating() {
    let seed = proof_seeds().into_iter().next().unwrap();
    let mut hostile = Vec::new();
    for n in ["4294967295", "1000000000", "4294967296", "-1", "1e309"] {
        // The first node's child index, then the version, replaced by a huge number.
        hostile.push(seed.replacen(",1]", &format!(",{n}]"), 1));
        let version = format!("\"version\":{}", plyscope::proof_tree::VERSION);
        hostile.push(seed.replacen(&version, &format!("\"version\":{n}"), 1));
    }
    hostile.push(format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)));
    for text in &hostile {
        assert_ne!(text, &seed);
        check("hostile proof", text, |s| match verify::verify_text(s) {
            Ok(v) => Err(format!("accepted: {v}")),
            Err(e) => {
                assert!(!e.to_string().is_empty());
                Ok(())
            }
        });
    }
}

/// The command-line value parsers live in the binary, so they are fed hostile values through
/// the process: every flag that takes a number or a name, every value in [`CLI_HOSTILE`].
/// None may panic or die on a signal; each ends with 0 (accepted), 1 or 2 (refused, with
/// a message). A few dozen processes, not a million inputs.
const CLI_HOSTILE: &[&str] = &[
    "0",
    "-1",
    "4294967296",
    "1e309",
    "nan",
    "inf",
    "",
    "1000000",
    "18446744073709551616",
    "é\u{200b}",
];

#[test]
fn command_line_values_are_refused_with_a_message() {
    use assert_cmd::cargo::CommandCargoExt;
    let output = std::env::temp_dir().join(format!("plyscope-fuzz-{}.json", std::process::id()));
    let flags: &[(&str, &[&str])] = &[
        (
            "solve",
            &[
                "--algo",
                "--max-level",
                "--max-depth",
                "--nodes",
                "--time",
                "--tt-mb",
                "--epsilon",
            ],
        ),
        (
            "export",
            &["--algo", "--format", "--max-nodes", "--record", "--nodes"],
        ),
    ];
    for (command, flags) in flags {
        for flag in *flags {
            for value in CLI_HOSTILE {
                let mut cmd = std::process::Command::cargo_bin("plyscope").unwrap();
                cmd.arg(command)
                    .arg("tictactoe-win")
                    .arg(format!("{flag}={value}"));
                if *command == "export" && *flag != "--format" {
                    cmd.args(["--format", "json", "-o"]).arg(
                        std::env::temp_dir()
                            .join(format!("plyscope-fuzz-{}.json", std::process::id())),
                    );
                }
                let start = Instant::now();
                let out = cmd.output().unwrap();
                let stderr = String::from_utf8_lossy(&out.stderr);
                let what = format!("plyscope {command} {flag}={value:?}");
                assert!(
                    matches!(out.status.code(), Some(0..=2)),
                    "{what}: {:?}\n{stderr}",
                    out.status
                );
                assert!(!stderr.contains("panicked"), "{what}: {stderr}");
                if out.status.code() != Some(0) {
                    assert!(
                        !stderr.trim().is_empty(),
                        "{what}: refused without a message"
                    );
                }
                assert!(start.elapsed() < Duration::from_secs(30), "{what}: a hang");
            }
        }
    }
    let _ = std::fs::remove_file(&output);
}
