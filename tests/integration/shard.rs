//! Sharded solving across machines (issue 19, point 3): `solve PUZZLE --root --shard I/N
//! --json` does one slice of the root analysis, `merge` combines the slices into the report
//! one unsharded `solve --root` prints, and `bench --baseline` takes the merged report.

use std::path::{Path, PathBuf};

use crate::helpers::binary::plyscope;
use predicates::prelude::*;
use serde_json::Value;

/// Runs shard `i`/`n` of `puzzle` with `extra` flags and writes its report into `dir`.
/// Shards and whole runs compared node for node run on one thread: the root's own df-pn
/// search on several threads counts its nodes differently from run to run (the openings'
/// counts are the same on any number of threads, `tests/integration/dfpn_parallel.rs`).
fn shard(dir: &Path, puzzle: &str, i: u32, n: u32, extra: &[&str]) -> PathBuf {
    let path = dir.join(format!("{puzzle}-{i}-of-{n}.json"));
    let spec = format!("{i}/{n}");
    plyscope()
        .args([
            "solve",
            puzzle,
            "--root",
            "--threads",
            "1",
            "--shard",
            &spec,
            "--json",
            "--out",
        ])
        .arg(&path)
        .args(extra)
        .assert()
        .success();
    path
}

fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).expect("one JSON object")
}

fn merge(files: &[&PathBuf], extra: &[&str]) -> assert_cmd::assert::Assert {
    plyscope().arg("merge").args(files).args(extra).assert()
}

/// The fields that measure wall time, which no two runs share.
const TIMES: [&str; 2] = ["seconds", "nodes_per_second"];

#[test]
fn merge_of_three_shards_equals_the_whole_run_on_hex_5x5() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<PathBuf> = (1..=3)
        .map(|i| shard(dir.path(), "hex-5x5", i, 3, &[]))
        .collect();
    // In any order.
    let merged = merge(&[&files[2], &files[0], &files[1]], &["--json"]).success();
    let merged = json(&merged.get_output().stdout);
    let whole = plyscope()
        .args(["solve", "hex-5x5", "--root", "--threads", "1", "--json"])
        .assert()
        .success();
    let whole = json(&whole.get_output().stdout);
    let (m, w) = (merged.as_object().unwrap(), whole.as_object().unwrap());
    // Every field of the unsharded report, bit for bit, but the wall times.
    for (key, value) in w {
        if !TIMES.contains(&key.as_str()) {
            assert_eq!(m.get(key), Some(value), "field {key}");
        }
    }
    // The answer itself, spelled out: proven, 13 winning openings, 25 classes.
    assert_eq!(m["result"], "proven");
    assert_eq!(m["winning_moves"].as_array().unwrap().len(), 13);
    assert_eq!(m["root_moves"].as_array().unwrap().len(), 25);
    assert_eq!(m["check"]["status"], "agrees");
    // The merge says what its time is.
    assert_eq!(m["merged"]["shards"], 3);
    assert_eq!(m["merged"]["seconds"], "cpu-total");
    assert_eq!(m.len(), w.len() + 1);

    // The text report is the unsharded one, its time line aside, with a line saying so.
    let text = merge(&[&files[0], &files[1], &files[2]], &[]).success();
    let text = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    let whole = plyscope()
        .args(["solve", "hex-5x5", "--root", "--threads", "1"])
        .assert()
        .success();
    let whole = String::from_utf8(whole.get_output().stdout.clone()).unwrap();
    // The merged line wraps at 80 columns: what follows it is its continuation.
    let untimed = |t: &str| -> Vec<String> {
        let t = t.split("\nmerged ").next().unwrap();
        t.lines()
            .filter(|l| !l.starts_with("time "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(untimed(&text), untimed(&whole));
    assert!(text.contains(
        "merged      3 shards: nodes summed, time is the CPU total of their searches\n\
         \x20           (their times summed, not a wall time)"
    ));
}

/// The slice rule covers every root move exactly once for any N, the proof-number searches
/// that can be sharded agree with their unsharded runs, and a shard beyond the number of
/// work items is empty, not an error.
#[test]
fn every_shard_count_and_algorithm_merges_to_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    for (puzzle, algo, n) in [
        ("hex-4x4", "pns", 2),
        ("hex-4x4", "pn2", 5),
        ("tictactoe", "dfpn", 4),
        ("hex-3x3", "dfpn", 9),
    ] {
        let files: Vec<PathBuf> = (1..=n)
            .map(|i| shard(dir.path(), puzzle, i, n, &["--algo", algo]))
            .collect();
        let refs: Vec<&PathBuf> = files.iter().collect();
        let merged = json(&merge(&refs, &["--json"]).get_output().stdout);
        let whole = plyscope()
            .args([
                "solve",
                puzzle,
                "--root",
                "--threads",
                "1",
                "--json",
                "--algo",
                algo,
            ])
            .assert();
        let whole = json(&whole.get_output().stdout);
        for key in [
            "result",
            "value",
            "best_move",
            "winning_moves",
            "root_moves",
            "root_diagram",
            "nodes",
            "tt_hits",
            "check",
        ] {
            assert_eq!(merged[key], whole[key], "{puzzle} {algo} {n} shards: {key}");
        }
        // Each move is in exactly one shard's file.
        let mut moves: Vec<String> = files
            .iter()
            .flat_map(|f| {
                let r = json(&std::fs::read(f).unwrap());
                r["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["move"].as_str().unwrap().to_string())
                    .collect::<Vec<_>>()
            })
            .collect();
        let total = moves.len();
        moves.sort();
        moves.dedup();
        assert_eq!(moves.len(), total, "{puzzle}: a move in two shards");
        assert_eq!(total, whole["root_moves"].as_array().unwrap().len());
    }
}

/// Hex's half turn: a move and its image travel together, and only shard 1 searches the
/// root.
#[test]
fn a_shard_says_which_it_is_and_keeps_images_with_their_moves() {
    let out = plyscope()
        .args([
            "solve", "hex-3x3", "--root", "--shard", "2/2", "--json", "--algo", "dfpn",
        ])
        .assert()
        .success();
    let r = json(&out.get_output().stdout);
    assert_eq!(r["format"], "plyscope-shard");
    assert_eq!(r["shard"]["index"], 2);
    assert_eq!(r["shard"]["count"], 2);
    assert_eq!(r["puzzle"], "hex-3x3");
    assert_eq!(r["settings"]["algorithm"], "dfpn");
    assert_eq!(r["settings"]["tt_mb"], 64);
    assert!(r["root"].is_null(), "the root's search is shard 1's");
    // Orbits of 3x3 in generator order: a1+c3 (item 1), b1+b3 (2), c1+a3 (3), a2+c2 (4),
    // b2 (5); shard 2 of 2 owns items 1, 3, 5.
    let moves: Vec<(&str, Option<&str>)> = r["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap(), m["image_of"].as_str()))
        .collect();
    assert_eq!(
        moves,
        [
            ("a1", None),
            ("c1", None),
            ("b2", None),
            ("a3", Some("c1")),
            ("c3", Some("a1"))
        ]
    );
    // Its text form names the shard and the moves.
    plyscope()
        .args([
            "solve", "hex-3x3", "--root", "--shard", "1/2", "--algo", "dfpn",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Hex 3x3, empty board (hex-3x3), shard 1/2",
        ))
        .stdout(predicate::str::contains(
            "moves       4 of 9: b1 loss, a2 win, c2 win, b3 loss",
        ));
}

#[test]
fn bad_shard_values_are_usage_errors() {
    for bad in [
        "0/3",
        "4/3",
        "1/0",
        "x/3",
        "3",
        "2/",
        "-1/3",
        "1/99999999999",
    ] {
        plyscope()
            .args(["solve", "hex-5x5", "--root", &format!("--shard={bad}")])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is not a shard"))
            .stderr(predicate::str::contains("expected I/N with 1 <= I <= N"));
    }
    // Only with --root.
    plyscope()
        .args(["solve", "hex-5x5", "--shard", "1/2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--root"));
    // Only for the searches whose analysis searches each opening on its own.
    plyscope()
        .args([
            "solve",
            "hex-5x5",
            "--root",
            "--shard",
            "1/2",
            "--algo",
            "lambda-dfpn",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--shard applies to pns, pn2, dfpn (their root analysis searches each opening on \
             its own); hex-5x5 runs lambda-dfpn",
        ));
    // One puzzle, not --all, no proof.
    plyscope()
        .args([
            "solve", "hex-3x3", "hex-4x4", "--root", "--shard", "1/2", "--algo", "dfpn",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give exactly one (got 2)"));
    for conflicting in [&["--all"][..], &["--verify"], &["--proof-out", "p.json"]] {
        plyscope()
            .args(["solve", "hex-3x3", "--root", "--shard", "1/2"])
            .args(conflicting)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot be used with"));
    }
    // --out belongs to --shard.
    plyscope()
        .args(["solve", "hex-3x3", "--out", "x.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--shard"));
}

#[test]
fn merge_refuses_shards_of_different_runs_duplicates_and_missing_ones() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let dfpn = ["--algo", "dfpn"];
    let s: Vec<PathBuf> = (1..=3).map(|i| shard(d, "hex-4x4", i, 3, &dfpn)).collect();
    let refused = |files: &[&PathBuf], needles: &[&str]| {
        let mut a = merge(files, &[]).code(1);
        for needle in needles {
            a = a.stderr(predicate::str::contains(*needle));
        }
        a.stdout(predicate::str::is_empty());
    };
    // A shard given twice, a missing shard.
    refused(
        &[&s[0], &s[1], &s[2], &s[1]],
        &["shard 2/3 is given twice (also", "hex-4x4-2-of-3.json"],
    );
    refused(&[&s[0], &s[2]], &["missing shard 2/3 of hex-4x4"]);
    // Another puzzle.
    let other = shard(d, "hex-3x3", 2, 3, &["--algo", "dfpn"]);
    refused(
        &[&s[0], &other, &s[2]],
        &[
            "hex-3x3-2-of-3.json: puzzle \"hex-3x3\" differs from",
            "not of one run",
        ],
    );
    // Other settings: the table's size, the algorithm, a limit.
    let sub = d.join("sub");
    std::fs::create_dir(&sub).unwrap();
    let small = shard(&sub, "hex-4x4", 2, 3, &["--algo", "dfpn", "--tt-mb", "16"]);
    refused(
        &[&s[0], &small, &s[2]],
        &["setting tt_mb 16 differs from", "64"],
    );
    let pns = shard(&sub, "hex-4x4", 3, 3, &["--algo", "pns"]);
    refused(
        &[&s[0], &s[1], &pns],
        &["setting algorithm \"pns\" differs from"],
    );
    // Another shard count.
    let of_two = shard(d, "hex-4x4", 2, 2, &dfpn);
    refused(
        &[&s[0], &of_two, &s[2]],
        &["is shard 2/2 but", "is shard 1/3"],
    );
    // Not a shard: an unsharded report, something else, a damaged file.
    let whole = d.join("whole.json");
    let out = plyscope()
        .args(["solve", "hex-4x4", "--root", "--json", "--algo", "dfpn"])
        .assert()
        .success();
    std::fs::write(&whole, &out.get_output().stdout).unwrap();
    refused(
        &[&whole],
        &["whole.json: not a shard report (no \"format\""],
    );
    let garbage = d.join("garbage.json");
    std::fs::write(&garbage, "hello").unwrap();
    refused(
        &[&garbage],
        &["garbage.json: not a shard report: line 1 column 1"],
    );
    let cut = d.join("cut.json");
    let text = std::fs::read_to_string(&s[1]).unwrap();
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    refused(&[&s[0], &cut, &s[2]], &["cut.json: not a shard report"]);
    // A move moved into the wrong shard's file.
    let mut moved: Value = json(&std::fs::read(&s[1]).unwrap());
    let mut third: Value = json(&std::fs::read(&s[2]).unwrap());
    let taken = third["moves"].as_array_mut().unwrap().remove(0);
    let name = taken["move"].as_str().unwrap().to_string();
    moved["moves"].as_array_mut().unwrap().push(taken);
    let (moved_path, third_path) = (sub.join("moved.json"), sub.join("third.json"));
    std::fs::write(&moved_path, moved.to_string()).unwrap();
    std::fs::write(&third_path, third.to_string()).unwrap();
    refused(
        &[&s[0], &moved_path, &third_path],
        &[&format!(
            "moved.json: move {name} belongs to shard 3/3, not to this shard 2/3"
        )],
    );
    // And the good set merges.
    merge(&[&s[0], &s[1], &s[2]], &[]).success();
}

/// `bench --baseline` takes a merged report: the bench's row of the same puzzle and variant
/// ("dfpn all openings") is compared with it, node for node; a shard's own report is
/// refused.
#[test]
fn the_bench_baseline_accepts_a_merged_report() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<PathBuf> = (1..=3)
        .map(|i| shard(dir.path(), "hex-5x5", i, 3, &[]))
        .collect();
    let merged = dir.path().join("merged.json");
    plyscope()
        .arg("merge")
        .args(&files)
        .args(["--json", "--out"])
        .arg(&merged)
        .assert()
        .success()
        .stdout(predicate::str::is_empty());
    let out = plyscope()
        // One thread: the root's own df-pn search repeats its node count.
        .args([
            "bench",
            "--filter",
            "hex-5x5",
            "--threads",
            "1",
            "--json",
            "--baseline",
        ])
        .arg(&merged)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let comparison: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find_map(|v| v.get("comparison").cloned())
        .expect("a comparison line");
    assert!(
        comparison["baseline_machine"]
            .as_str()
            .unwrap()
            .starts_with("merged from 3 shards, times are CPU totals")
    );
    let rows = comparison["rows"].as_array().unwrap();
    let row = rows
        .iter()
        .find(|r| r["variant"] == "dfpn all openings")
        .expect("the opening row is compared with the merged report");
    assert_eq!(row["puzzle"], "hex-5x5");
    assert_eq!(row["result_before"], "13+ 12- 0?");
    assert_eq!(row["result_after"], row["result_before"]);
    assert!(row["nodes_before"].as_u64().unwrap() > 0);
    assert_eq!(row["nodes_after"], row["nodes_before"]);
    assert_eq!(comparison["nodes_changed"], 0);
    assert_eq!(comparison["results_changed"], 0);
    // The bench's other rows are not in a one-row baseline.
    assert!(rows.iter().any(|r| r["status"] == "new"));

    // A shard is not a baseline.
    plyscope()
        .args(["bench", "--filter", "hex-5x5", "--baseline"])
        .arg(&files[0])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "a shard's report, not a baseline: merge the shards first",
        ));
}

/// A merge written with --out is the whole report or nothing: written through a temporary
/// file and a rename, and no temporary file is left beside it.
#[test]
fn shard_and_merge_files_are_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<PathBuf> = (1..=2)
        .map(|i| shard(dir.path(), "hex-3x3", i, 2, &["--algo", "dfpn"]))
        .collect();
    let merged = dir.path().join("merged.json");
    merge(
        &[&files[0], &files[1]],
        &["--json", "--out", merged.to_str().unwrap()],
    )
    .success();
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    assert_eq!(json(&std::fs::read(&merged).unwrap())["result"], "proven");
}
