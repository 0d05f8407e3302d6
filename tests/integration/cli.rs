//! The command line as a user meets it (design.md section 4): data on stdout, one clear line
//! on stderr for bad input, exit 0 / 1 / 2, and for `solve` 3 (a limit stopped a search) and
//! 130 (ctrl-c).

use crate::helpers::binary::plyscope;
use predicates::prelude::*;

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn solve_prints_board_result_move_line_and_counters() {
    plyscope()
        .args(["solve", "tictactoe-fork"])
        .assert()
        .success()
        .stdout(predicate::str::contains("to move     black"))
        .stdout(predicate::str::contains("result      win in 3 plies"))
        .stdout(predicate::str::contains("best move   c1"))
        .stdout(predicate::str::contains("winning     c1"))
        .stdout(predicate::str::contains("nodes       "))
        .stdout(predicate::str::contains(
            "check       agrees with the expected answer",
        ));
}

/// `text` contains `expected` once lines wrapped at 80 columns are joined again (every run
/// of spaces and line breaks read as one space).
fn contains_unwrapped(expected: &str) -> impl predicates::Predicate<str> {
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let expected = words(expected);
    predicate::function(move |text: &str| words(text).contains(&expected))
}

/// df-pn on Hex: a root that H-search decides before any move is searched says so, and one
/// it leaves open says nothing of it (issue 18, point 6).
#[test]
fn solve_says_when_h_search_decided_the_root() {
    plyscope()
        .args(["solve", "hex-4x4", "--algo", "dfpn"])
        .assert()
        .success()
        .stdout(contains_unwrapped(
            "decided     at the root by H-search: a semi connection of Black's edges, key b3, \
             before any move was searched",
        ));
    plyscope()
        .args(["solve", "hex-4x4-must-play"])
        .assert()
        .success()
        .stdout(predicate::str::contains("result      disproven"))
        .stdout(predicate::str::contains("decided ").not());
}

/// `solve hex-6x6 --algo dfpn --proof-out F` printed "nodes 3" beside "proof tree of 72
/// nodes" with nothing to tell the two counts apart (issue 18, newcomer review): each now
/// says what it counts, and a line says why the proof is the larger.
#[test]
fn solve_says_what_its_node_count_and_its_proof_size_count() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("proof.json");
    let out = plyscope()
        // One thread: on several the root's search counts its nodes differently each run.
        .args([
            "solve",
            "hex-6x6",
            "--algo",
            "dfpn",
            "--threads",
            "1",
            "--proof-out",
        ])
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    for expected in [
        "result      proven (proof tree of 72 positions)",
        "nodes       3 searched (tt hits ",
        "            (the search entered 3 nodes; its proof tree counts 72 positions,\n             \
         since a position the solver's knowledge decides without searching\n             \
         below it (Hex: an H-search connection) counts every position and\n             \
         move of that decision)\n",
        "proof       4 positions, 3 moves, ",
        " bytes of JSON (extracted by ",
        "            (its connection leaves (1) and must-play nodes (1) stand for\n             \
         the positions their connections decide: the file holds the connections, and\n             \
         verify checks them step by step)\n",
    ] {
        assert!(
            contains_unwrapped(expected).eval(&text),
            "{expected:?} in:\n{text}"
        );
    }
}

/// The manual's `compare` example shows what each run used, exactly as `compare` prints it.
#[test]
fn the_manual_s_compare_example_says_what_each_run_used() {
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/compare-export.md"
    ))
    .unwrap();
    let command = "$ plyscope compare tictactoe-fork --algo id --algo dfpn --algo pns --algo lambda --algo minimax\n";
    let example = &readme[readme.find(command).expect("the example") + command.len()..];
    let example = &example[..example.find("```").unwrap()];
    let used = &example[example.find("what each run used:").expect("the block")..];
    let out = plyscope()
        .args([
            "compare",
            "tictactoe-fork",
            "--algo",
            "id",
            "--algo",
            "dfpn",
            "--algo",
            "pns",
            "--algo",
            "lambda",
            "--algo",
            "minimax",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with(used),
        "docs/compare-export.md:\n{used}\noutput:\n{text}"
    );
}

#[test]
fn solve_json_is_one_object_per_puzzle() {
    let out = plyscope()
        .args([
            "solve",
            "tictactoe",
            "tree-abc",
            "--json",
            "--algo",
            "alphabeta",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(objects.len(), 2);
    assert_eq!(objects[0]["puzzle"], "tictactoe");
    assert_eq!(objects[0]["result"], "draw");
    assert_eq!(objects[0]["algorithm"], "alphabeta");
    assert_eq!(objects[1]["result"], "exact");
    assert_eq!(objects[1]["value"], "3");
    assert_eq!(objects[1]["best_move"], "b");
    assert_eq!(objects[1]["check"]["status"], "agrees");
    assert!(objects[0]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn every_algorithm_solves_a_textbook_tree() {
    for algo in ["minimax", "alphabeta", "alphabeta-soft", "id"] {
        plyscope()
            .args(["solve", "tree-abc", "--algo", algo])
            .assert()
            .success()
            .stdout(predicate::str::contains("exact (value 3)"));
    }
}

#[test]
fn a_node_limit_gives_unknown_and_exit_3_against_an_expectation() {
    // Not reached because a limit stopped the search: partial, not wrong (issue 17).
    plyscope()
        .args(["solve", "mnk-4x4-k4", "--nodes", "1000"])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("unknown within limits"))
        .stdout(predicate::str::contains("NOT REACHED"));
}

#[test]
fn a_puzzle_file_by_path_works() {
    plyscope()
        .args(["solve", &fixture("valid/tree-multiline.toml")])
        .assert()
        .success();
}

#[test]
fn list_names_every_bundled_puzzle() {
    let assert = plyscope().arg("list").assert().success();
    let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    for name in ["tictactoe", "atarigo-6x6-crosscut", "hex-4x4", "tree-abc"] {
        assert!(text.lines().any(|l| l.starts_with(name)), "{name} missing");
    }
}

#[test]
fn a_missing_puzzle_is_one_line_and_exit_1() {
    let assert = plyscope()
        .args(["solve", "no-such-puzzle.toml"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty());
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("plyscope: no-such-puzzle.toml"), "{err}");
}

#[test]
fn a_bad_puzzle_file_names_file_line_and_column() {
    let path = fixture("invalid/board-row-length.toml");
    let assert = plyscope().args(["solve", &path]).assert().code(1);
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    let rest = err
        .strip_prefix(&format!("plyscope: {path}:"))
        .unwrap_or_else(|| panic!("{err}"));
    let mut parts = rest.splitn(3, ':');
    assert!(
        parts.next().unwrap().parse::<usize>().is_ok(),
        "line in {err}"
    );
    assert!(
        parts.next().unwrap().parse::<usize>().is_ok(),
        "column in {err}"
    );
}

#[test]
fn bad_arguments_are_usage_errors() {
    plyscope()
        .args(["solve", "tictactoe", "--algo", "magic"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown algorithm 'magic'"));
    plyscope()
        .args(["solve", "tictactoe", "--time=-3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("positive number of seconds"));
    plyscope()
        .args(["solve", "tictactoe", "--max-depth", "0"])
        .assert()
        .code(2);
    plyscope().args(["solve"]).assert().code(2);
    plyscope().args(["frobnicate"]).assert().code(2);
}

/// Every whole-number option out of its range, or not a number, says what it expects in
/// words: clap's ranged parsers printed a Rust range ("20 is not in 3..=6") and Rust's
/// "invalid digit found in string".
#[test]
fn whole_number_options_say_their_range_in_words() {
    let every = "expected a whole number, 1 or more";
    for (args, expected) in [
        (
            &["gtp", "--game", "mnk", "--k", "20"][..],
            "invalid value '20' for '--k <K>': expected a whole number from 3 to 6",
        ),
        (
            &["gtp", "--k", "three"],
            "expected a whole number from 3 to 6",
        ),
        (&["gtp", "--nodes", "0"], every),
        (
            &["gtp", "--threads", "2000"],
            "expected a whole number from 1 to 1024",
        ),
        (
            &["explore", "--record", "0"],
            "expected a whole number from 1 to ",
        ),
        (
            &["export", "tree-abc", "--format", "dot", "--record", "x"],
            "from 1 to ",
        ),
        (
            &["export", "tree-abc", "--format", "dot", "--nodes", "0"],
            every,
        ),
        (&["compare", "tictactoe", "--nodes", "0"], every),
        (
            &["compare", "tictactoe", "--tt-mb", "99999"],
            "expected a whole number from 0 to 16384",
        ),
        (&["bench", "--nodes", "0"], every),
        (
            &["bench", "--threads", "0"],
            "expected a whole number from 1 to 1024",
        ),
        (
            &["solve", "tictactoe", "--max-depth", "2000"],
            "invalid value '2000' for '--max-depth <D>': expected a whole number from 1 to 1000",
        ),
        (
            &["solve", "tictactoe", "--max-depth", "0"],
            "from 1 to 1000",
        ),
        (&["solve", "tictactoe", "--nodes", "0"], every),
        (&["solve", "tictactoe", "--nodes", "1e6"], every),
        (&["solve", "tictactoe", "--tt-mb=-1"], "from 0 to 16384"),
        (&["solve", "tictactoe", "--threads", "0"], "from 1 to 1024"),
        (&["solve", "tictactoe", "--proof-max-positions", "0"], every),
        (
            &["solve", "tictactoe", "--proof-max-carrier", "many"],
            "expected a whole number, 0 or more",
        ),
    ] {
        let out = plyscope().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        for rust in ["..", "is not in", "invalid digit", "number too large"] {
            assert!(!stderr.contains(rust), "{args:?} says '{rust}': {stderr}");
        }
    }
}

/// A negative number after a number option, spaced, is its value and refused like
/// `--nodes=-5`: it was "unexpected argument '-5' found" with a tip to write `-- -5`, which
/// would make it a puzzle's name. Flags after a number still parse as flags.
#[test]
fn negative_numbers_are_values_refused_in_words() {
    for (args, expected) in [
        (
            &["solve", "tictactoe", "--nodes", "-5"][..],
            "invalid value '-5' for '--nodes <N>': expected a whole number, 1 or more",
        ),
        (
            &["solve", "tictactoe", "--time", "-3"],
            "positive number of seconds",
        ),
        (
            &["solve", "tictactoe", "--tt-mb", "-1"],
            "expected a whole number from 0 to 16384",
        ),
        (
            &["solve", "tictactoe", "--max-depth", "-1"],
            "expected a whole number from 1 to 1000",
        ),
        (
            &["explore", "--record", "-1"],
            "expected a whole number from 1 to ",
        ),
        (
            &["gtp", "--nodes", "-5"],
            "expected a whole number, 1 or more",
        ),
    ] {
        let out = plyscope().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        for wrong in ["unexpected argument", "tip:", "-- -"] {
            assert!(!stderr.contains(wrong), "{args:?} says '{wrong}': {stderr}");
        }
    }
    // A flag after a number option's value is still a flag.
    plyscope()
        .args(["solve", "tictactoe", "--nodes", "100000", "--json"])
        .assert()
        .stdout(predicate::str::starts_with("{"));
}

/// A count of 1 takes the singular: `solve` and `list` printed "win in 1 plies".
#[test]
fn counts_of_one_are_singular() {
    plyscope()
        .args(["solve", "tictactoe-win"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("win in 1 ply")
                .and(predicate::str::contains("in 1 plies").not()),
        );
    plyscope().args(["list"]).assert().success().stdout(
        predicate::str::contains("win in 1 ply, winning moves c3")
            .and(predicate::str::contains("in 1 plies").not()),
    );
    plyscope()
        .args([
            "compare",
            "tictactoe-win",
            "--nodes",
            "1",
            "--algo",
            "alphabeta",
            "--algo",
            "dfpn",
        ])
        .assert()
        .stdout(predicate::str::contains("limits: 1 node, table"));
}

/// The principal variation `solve` prints is the whole win its distance counts: a HexGui
/// file of the empty 3x3 board printed "win in 5 plies" over the 3-move line `b2 a3 b3`
/// (the line stopped where White faced two threats, a node the tactics decided and the
/// table never stored). Minimax, searching every node, says 5 plies too. Where the search
/// keeps no line that far, the text says so beside it.
#[test]
fn the_printed_line_is_the_whole_win_or_says_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("hex1.sgf");
    std::fs::write(&sgf, "(;FF[4]AP[HexGui:0.9]GM[11]SZ[3])\n").unwrap();
    let sgf = sgf.display().to_string();
    let solve = |extra: &[&str]| {
        let out = plyscope()
            .args(["solve", &sgf])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "{extra:?}");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .unwrap_or_else(|| panic!("no {name}: {text}"))
                .trim()
                .to_string()
        };
        (field("result "), field("pv "))
    };
    for algo in ["id", "alphabeta", "alphabeta-soft", "minimax"] {
        let (result, pv) = solve(&["--algo", algo]);
        assert_eq!(result, "win in 5 plies (value win@5)", "{algo}");
        let moves: Vec<&str> = pv.split_whitespace().collect();
        assert_eq!(moves.len(), 5, "{algo}: {pv}");
        // The line ends the game: Black joins its rows with the fifth move.
        let ended = plyscope::puzzle::parse(
            &format!(
                "(;FF[4]GM[11]SZ[3]{})",
                moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| format!(";{}[{m}]", if i % 2 == 0 { "B" } else { "W" }))
                    .collect::<String>()
            ),
            "line.sgf",
        )
        .err()
        .map(|e| e.message)
        .unwrap_or_default();
        assert!(ended.contains("ends the game"), "{algo}: {pv}: {ended}");
    }
    assert_eq!(solve(&["--algo", "id"]).1, "b2 a3 b3 a1 b1");
    // Without the table, iterative deepening keeps the first move only: the text says so.
    let (_, pv) = solve(&["--algo", "id", "--no-tt"]);
    assert_eq!(
        pv,
        "b2 (the win's first 1 of 5 plies: the search kept no line further)"
    );
    let out = plyscope()
        .args(["solve", &sgf, "--no-tt", "--json"])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        report["pv_note"],
        "the win's first 1 of 5 plies: the search kept no line further"
    );
    let out = plyscope().args(["solve", &sgf, "--json"]).output().unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(report.get("pv_note").is_none(), "{report}");
}

#[test]
fn help_is_everywhere() {
    plyscope()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("solve"));
    plyscope()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--max-depth"))
        .stdout(predicate::str::contains("--tt-mb"));
    plyscope().args(["list", "--help"]).assert().success();
}

#[test]
fn threat_search_flags_are_refused_for_alpha_beta_with_the_reason() {
    for (flag, applies_to) in [
        (
            &["--max-level", "2"][..],
            "lambda, dual-lambda and lambda-dfpn",
        ),
        (&["--no-zones"], "lambda, dual-lambda and lambda-dfpn"),
        (
            &["--root"],
            "lambda, dual-lambda and the proof-number searches",
        ),
        (&["--epsilon", "0.25"], "dfpn and lambda-dfpn"),
    ] {
        let assert = plyscope()
            .args(["solve", "tictactoe", "--algo", "id"])
            .args(flag)
            .assert()
            .code(2)
            .stdout(predicate::str::is_empty());
        let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
        assert!(
            err.contains(&format!(
                "{} applies to {applies_to} only; tictactoe runs id",
                flag[0]
            )),
            "{err}"
        );
    }
    // The algorithm may come from the puzzle file: hex-3x3 opens with alphabeta.
    plyscope()
        .args(["solve", "hex-3x3", "--no-zones"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("hex-3x3 runs alphabeta"));
}

#[test]
fn without_turns_one_alpha_beta_enhancement_off_and_is_refused_elsewhere() {
    // The same answer with each enhancement off: only the effort differs.
    for name in [
        "table",
        "quick-eval",
        "win-loss-probes",
        "tactics",
        "proven-bounds",
        "etc",
    ] {
        plyscope()
            .args(["solve", "tictactoe", "--algo", "id", "--without", name])
            .assert()
            .success()
            .stdout(predicate::str::contains("draw"))
            .stdout(predicate::str::contains("agrees"));
    }
    plyscope()
        .args(["solve", "tictactoe", "--algo", "id", "--without", "speed"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown enhancement \"speed\"; one of table",
        ));
    plyscope()
        .args([
            "solve",
            "tictactoe",
            "--algo",
            "dfpn",
            "--without",
            "killers",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--without applies to alphabeta, alphabeta-soft and id only; tictactoe runs dfpn",
        ));
}

#[test]
fn proof_number_flags_are_checked_against_the_algorithm() {
    // Epsilon is df-pn's threshold trick: PNS and PN2 have no thresholds.
    for algo in ["pns", "pn2"] {
        plyscope()
            .args(["solve", "tictactoe", "--algo", algo, "--epsilon", "0.5"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "--epsilon applies to dfpn and lambda-dfpn only; tictactoe runs {algo}"
            )));
    }
    // A lambda level is lambda-df-pn's, not plain df-pn's.
    plyscope()
        .args(["solve", "tictactoe", "--algo", "dfpn", "--max-level", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tictactoe runs dfpn"));
    // Proof-number searches solve to the end of the game.
    plyscope()
        .args(["solve", "tictactoe", "--algo", "dfpn", "--max-depth", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "proof-number searches solve to the end of the game",
        ));
    for bad in ["-0.5", "nan", "inf", "11", "lots"] {
        plyscope()
            .args([
                "solve",
                "tictactoe",
                "--algo",
                "dfpn",
                &format!("--epsilon={bad}"),
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is not an epsilon"));
    }
}

#[test]
fn bad_levels_are_usage_errors() {
    for level in ["0", "10", "-1", "three"] {
        plyscope()
            .args(["solve", "tictactoe", &format!("--max-level={level}")])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is not a lambda level"));
    }
    plyscope()
        .args(["solve", "tictactoe", "--no-tt", "--tt-mb", "8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn no_tt_turns_the_table_off() {
    let out = plyscope()
        .args(["solve", "tictactoe-fork", "--no-tt", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(report["tt_mb"], 0);
    assert_eq!(report["tt_probes"], 0);
    assert_eq!(report["result"], "win");
}

#[test]
fn bench_prints_a_table_and_json_rows() {
    let assert = plyscope()
        .args(["bench", "--filter", "tictactoe-"])
        .assert()
        .success();
    let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    for column in [
        "puzzle",
        "algorithm",
        "result",
        "nodes",
        "time",
        "nodes/s",
        "reference",
    ] {
        assert!(header.contains(column), "{header}");
    }
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows.iter().all(|r| r.starts_with("tictactoe-")), "{text}");
    assert!(!text.contains("MISMATCH"), "{text}");

    let out = plyscope()
        .args([
            "bench",
            "--filter",
            "tictactoe-win",
            "--json",
            "--algo",
            "alphabeta",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["puzzle"], "tictactoe-win");
    assert_eq!(rows[0]["algorithm"], "alphabeta");
    assert_eq!(rows[0]["result"], "win");
    assert!(rows[0]["nodes"].as_u64().unwrap() > 0);
    assert_eq!(rows[0]["check"]["status"], "agrees");
}

#[test]
fn bench_with_a_filter_matching_nothing_says_so() {
    plyscope()
        .args(["bench", "--filter", "chess"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no bench row matches the filter \"chess\"",
        ));
}

#[test]
fn lambda_on_a_tree_is_one_line_and_exit_1() {
    for algo in ["lambda", "dual-lambda"] {
        let assert = plyscope()
            .args(["solve", "tree-abc", "--algo", algo])
            .assert()
            .code(1)
            .stdout(predicate::str::is_empty());
        let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("needs a pass"), "{err}");
        assert!(err.contains("use --algo id"), "{err}");
    }
}

#[test]
fn dual_lambda_draws_the_root_analysis_of_hex_3x3() {
    let assert = plyscope()
        .args(["solve", "hex-3x3", "--algo", "dual-lambda", "--root"])
        .assert()
        .success();
    let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("algorithm   dual-lambda, max level 3"),
        "{text}"
    );
    assert!(text.contains("result      win at lambda level 2"), "{text}");
    assert!(text.contains("tt hits"), "{text}");
    // Figure 5.3's kind of board: the five winning openings of 3x3 Hex at level 2, the
    // four others self-endangering.
    let board: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "root moves")
        .skip(1)
        .take(7)
        .collect();
    assert_eq!(
        board,
        [
            "      a b c",
            "  3   2 x x",
            "  2  2 2 2",
            "  1 x x 2",
            "    a b c",
            "  (1-9 wins at that lambda level, ? tried and not proven, x self-endangering",
            "   (loses), . not tried; X black, O white)",
        ],
        "{text}"
    );
    assert!(
        text.contains("check       agrees with the expected answer"),
        "{text}"
    );
}

#[test]
fn lambda_json_carries_verdict_level_stats_and_root_moves() {
    let out = plyscope()
        .args([
            "solve",
            "tictactoe-fork",
            "--algo",
            "lambda",
            "--root",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let r: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(r["algorithm"], "lambda");
    assert_eq!(r["result"], "win");
    assert_eq!(r["lambda_level"], 1);
    assert_eq!(r["plies"], serde_json::Value::Null);
    assert_eq!(r["best_move"], "c1");
    assert_eq!(r["zones"], true);
    assert!(r["nodes"].as_u64().unwrap() > 0);
    assert!(r["tt_probes"].as_u64().is_some());
    let moves = r["root_moves"].as_array().unwrap();
    // Every empty point of the position is a root move.
    assert_eq!(moves.len(), 5);
    for m in moves {
        let keys: Vec<&str> = m.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["class", "level", "move", "nodes"]);
    }
    let c1 = moves.iter().find(|m| m["move"] == "c1").unwrap();
    assert_eq!(c1["class"], "wins");
    assert_eq!(c1["level"], 1);
    assert_eq!(r["winning_moves"], serde_json::json!(["c1"]));
    assert_eq!(r["check"]["status"], "agrees");
}

#[test]
fn the_corners_puzzle_runs_lambda_by_default_with_zones_on_and_off() {
    for extra in [&[][..], &["--no-zones"], &["--no-tt"]] {
        let assert = plyscope()
            .args(["solve", "mnk-4x4-k4-corners"])
            .args(extra)
            .assert()
            .success();
        let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
        assert!(text.contains("algorithm   lambda, max level 2"), "{text}");
        assert!(text.contains("result      win at lambda level 2"), "{text}");
        assert!(text.contains("depth limit 9 plies"), "{text}");
        assert!(
            text.contains("check       agrees with the expected answer"),
            "{text}"
        );
    }
    // A level below the win is not enough: unknown, and exit 1 against the expectation.
    plyscope()
        .args(["solve", "mnk-4x4-k4-corners", "--max-level", "1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "result      unknown within limits",
        ))
        .stdout(predicate::str::contains("NOT REACHED"));
}

#[test]
fn bench_shows_the_thesis_reference_and_the_variant_ratios() {
    let out = plyscope()
        .args([
            "bench", "--filter", "hex-4x4", "--nodes", "200000", "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let hex: Vec<&serde_json::Value> = rows.iter().filter(|r| r["puzzle"] == "hex-4x4").collect();
    let row = |algorithm: &str, zones: bool, tt: bool| {
        hex.iter()
            .find(|r| {
                r["algorithm"] == algorithm
                    && r["zones"] == zones
                    && r["tt"] == tt
                    && r["root"] == false
            })
            .unwrap_or_else(|| panic!("{algorithm} zones {zones} tt {tt}: {rows:?}"))
    };
    let base = row("dual-lambda", true, true);
    assert!(
        base["reference"]["text"]
            .as_str()
            .unwrap()
            .starts_with("24,552 nodes, 3 s (Suda 2007"),
        "{base}"
    );
    assert_eq!(base["reference"]["nodes"], 24_552);
    let ratio = base["ratio"].as_f64().unwrap();
    assert!((ratio - base["nodes"].as_f64().unwrap() / 24_552.0).abs() < 1e-9);
    assert_eq!(base["vs_base"], serde_json::Value::Null);
    for (algorithm, zones, tt) in [
        ("dual-lambda", false, true),
        ("dual-lambda", true, false),
        ("lambda", false, true),
        ("lambda", true, false),
    ] {
        assert!(row(algorithm, zones, tt)["vs_base"].as_f64().is_some());
    }
    // The lambda rows have no published figure; id has none for Hex.
    assert_eq!(
        row("lambda", true, true)["reference"],
        serde_json::Value::Null
    );
    assert!(hex.iter().any(|r| r["algorithm"] == "id"));
    assert!(hex.iter().any(|r| r["root"] == true));
}

#[test]
fn bench_with_a_threat_search_skips_the_trees() {
    plyscope()
        .args(["bench", "--algo", "dual-lambda", "--filter", "tree"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("dual-lambda needs a pass"));
}

fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8(out.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn proof_number_json_carries_goal_verdict_proof_size_and_root_classes() {
    for algo in ["pns", "pn2", "dfpn", "lambda-dfpn"] {
        let out = plyscope()
            .args(["solve", "tictactoe-fork", "--algo", algo, "--json"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let r = &json_lines(&out)[0];
        assert_eq!(r["algorithm"], algo);
        assert_eq!(r["result"], "proven", "{algo}: {r}");
        assert_eq!(r["goal"], "black wins (a draw disproves)");
        assert_eq!(r["best_move"], "c1");
        assert!(r["proof_size"].as_u64().unwrap() > 0, "{r}");
        assert_eq!(r["plies"], serde_json::Value::Null);
        assert!(r["nodes"].as_u64().unwrap() > 0);
        assert!(r["tt_probes"].as_u64().is_some() && r["tt_hits"].as_u64().is_some());
        assert!(r["seconds"].as_f64().is_some());
        // Epsilon belongs to the threshold searches only.
        let thresholds = algo.ends_with("dfpn");
        assert_eq!(r["epsilon"].is_number(), thresholds, "{algo}: {r}");
        assert_eq!(r["max_level"].is_number(), algo == "lambda-dfpn");
        // The puzzle lists its winning moves, so every opening is classified.
        let moves = r["root_moves"].as_array().unwrap();
        assert_eq!(moves.len(), 5);
        for m in moves {
            let keys: Vec<&str> = m.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys, ["class", "level", "move", "nodes"]);
            let class = m["class"].as_str().unwrap();
            assert_eq!(class == "win", m["move"] == "c1", "{algo}: {m}");
        }
        assert_eq!(r["winning_moves"], serde_json::json!(["c1"]));
        assert_eq!(r["check"]["status"], "agrees");
    }
}

#[test]
fn a_draw_is_a_disproof_unless_the_puzzle_counts_it_for_the_attacker() {
    plyscope()
        .args(["solve", "tictactoe", "--algo", "dfpn"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "goal        black wins (a draw disproves)",
        ))
        .stdout(predicate::str::contains("result      disproven"))
        .stdout(predicate::str::contains("check       agrees"));
    let dir = std::env::temp_dir().join(format!("plyscope-draw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tictactoe-draw-attacker.toml");
    std::fs::write(
        &path,
        "title = \"t\"\ngame = \"mnk\"\nsize = 3\nk = 3\ndraw = \"attacker\"\n\n[expect]\n\
         result = \"draw\"\nsource = \"classical\"\n",
    )
    .unwrap();
    for algo in ["pns", "dfpn"] {
        plyscope()
            .args(["solve", path.to_str().unwrap(), "--algo", algo])
            .assert()
            .success()
            .stdout(predicate::str::contains("goal        black wins or draws"))
            .stdout(predicate::str::contains(
                "result      proven (proof tree of",
            ))
            .stdout(predicate::str::contains("check       agrees"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn proof_number_root_analysis_is_drawn_on_the_board() {
    let assert = plyscope()
        .args(["solve", "hex-3x3", "--algo", "dfpn", "--epsilon", "0.25"])
        .assert()
        .success();
    let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert!(text.contains("algorithm   dfpn, epsilon 0.25"), "{text}");
    assert!(text.contains("result      proven (proof tree of"), "{text}");
    assert!(text.contains("winning     c1 a2 b2 c2 a3"), "{text}");
    let board: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "root moves")
        .skip(1)
        .take(5)
        .collect();
    assert_eq!(
        board,
        [
            "      a b c",
            "  3   + - -",
            "  2  + + +",
            "  1 - - +",
            "    a b c"
        ],
        "{text}"
    );
}

#[test]
fn solve_all_with_a_proof_number_search_skips_the_numeric_trees_with_a_note() {
    let assert = plyscope()
        .args([
            "solve", "--all", "--algo", "pns", "--nodes", "3000", "--json",
        ])
        .assert()
        // The 3,000 nodes are the whole command's: most puzzles are not reached (status 3).
        .code(3);
    let output = assert.get_output();
    let rows = json_lines(&output.stdout);
    let names: Vec<&str> = rows.iter().map(|r| r["puzzle"].as_str().unwrap()).collect();
    assert!(names.contains(&"tree-004-fig-6-20"), "{names:?}");
    assert!(!names.contains(&"tree-abc"), "{names:?}");
    let err = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(
        err.contains("plyscope: skipped: tree-abc has numeric leaves"),
        "{err}"
    );
    assert!(
        rows.iter().all(|r| r["check"]["status"] != "disagrees"),
        "{rows:?}"
    );
    // One named tree with numbers is an error, not a note.
    plyscope()
        .args(["solve", "tree-abc", "--algo", "dfpn"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("numeric leaves"));
}

#[test]
fn bench_runs_the_proof_number_family() {
    let out = plyscope()
        .args([
            "bench",
            "--filter",
            "tictactoe-fork",
            "--algo",
            "dfpn",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["algorithm"], "dfpn");
    assert_eq!(rows[0]["result"], "proven");
    assert!(rows[0]["proof_size"].as_u64().unwrap() > 0);
    assert_eq!(rows[0]["check"]["status"], "agrees");
}

#[test]
fn compare_runs_each_algorithm_with_exact_counts_and_refuses_what_does_not_apply() {
    let out = plyscope()
        .args([
            "compare",
            "tree-abc",
            "--algo",
            "minimax",
            "--algo",
            "alphabeta",
            "--algo",
            "pns",
            "--algo",
            "lambda",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out).expect("a JSON array");
    assert_eq!(rows.len(), 4);
    // (algorithm, nodes, distinct positions, deepest ply): the textbook tree has 13 nodes;
    // alpha-beta in generator order, as the textbook searches it, skips 2 of them.
    for (row, (algorithm, nodes, positions, depth)) in rows
        .iter()
        .zip([("minimax", 13, 13, 2), ("alphabeta", 11, 11, 2)])
    {
        assert_eq!(row["algorithm"], algorithm);
        assert_eq!(row["refused"], serde_json::Value::Null);
        assert_eq!(row["result"], "value 3, b");
        assert_eq!(row["nodes"], nodes);
        assert_eq!(row["positions"], positions);
        assert_eq!(row["max_depth"], depth);
        assert_eq!(row["check"], "agrees");
    }
    assert_eq!(rows[0]["node_ratio"], 1.0);
    assert!((rows[1]["node_ratio"].as_f64().unwrap() - 11.0 / 13.0).abs() < 1e-9);
    assert!(
        rows[2]["refused"]
            .as_str()
            .unwrap()
            .contains("numeric leaves"),
        "{}",
        rows[2]
    );
    assert!(
        rows[3]["refused"]
            .as_str()
            .unwrap()
            .contains("needs a pass"),
        "{}",
        rows[3]
    );
    assert_eq!(rows[3]["node_ratio"], serde_json::Value::Null);
}

#[test]
fn compare_prints_a_table_with_proof_sizes_and_ratios() {
    plyscope()
        .args([
            "compare",
            "tictactoe-fork",
            "--algo",
            "dfpn",
            "--algo",
            "pns",
            "--algo",
            "id",
            "--nodes",
            "100000",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "limits: 100000 nodes, table 64 MB",
        ))
        // The answers with their ratios, then how each search went (80 columns each).
        .stdout(predicate::str::is_match(r"\ndfpn +proven, c1 +2 +1\.00 ").unwrap())
        .stdout(predicate::str::is_match(r"\npns +proven, c1 +6 +3\.00 ").unwrap())
        // id asks each iteration the win question (issue 19 point 5): 4 nodes, 2 before.
        .stdout(predicate::str::is_match(r"\nid +win in 3, c1 +4 +2\.00 ").unwrap())
        .stdout(predicate::str::is_match(r"\ndfpn +[0-9]+ +2 +10 +1\n").unwrap())
        .stdout(predicate::str::is_match(r"\npns +[0-9]+ +1 +10 +0\n").unwrap())
        .stdout(predicate::str::is_match(r"\nid +[0-9]+ +2 +- +1\n").unwrap())
        .stdout(predicate::str::contains("ratios to dfpn"))
        .stdout(predicate::function(|text: &str| {
            text.lines()
                .all(|l| unicode_width::UnicodeWidthStr::width(l) <= 80)
        }));
}

#[test]
fn compare_needs_two_algorithms() {
    plyscope()
        .args(["compare", "tree-abc", "--algo", "id"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "compare needs at least two algorithms",
        ));
    // Without any --algo it says the same, not only that an argument is missing.
    plyscope()
        .args(["compare", "tree-abc"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "compare needs at least two algorithms (--algo A --algo B); got 0",
        ));
}

#[test]
fn explore_refuses_what_solve_refuses_in_the_same_words() {
    // The second algorithm of the split, and the first: the registry's refusal, exit 1,
    // before any screen opens (no terminal is needed to see it).
    for (args, words) in [
        (
            &["explore", "tree-abc", "--compare", "lambda"][..],
            "lambda needs a pass (the defender gives up a turn in a threat check); a literal \
             tree has none",
        ),
        (
            &["explore", "gobblet-win-in-3", "--algo", "pns"][..],
            "pns cannot solve gobblet-win-in-3: Gobblet results depend on the moves",
        ),
        (
            &["explore", "tree-abc", "--algo", "lambda-dfpn"][..],
            "lambda-dfpn needs a pass",
        ),
    ] {
        plyscope()
            .args(args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(words));
        let solve: Vec<&str> = ["solve", args[1]]
            .into_iter()
            .chain(
                args[2..]
                    .iter()
                    .map(|a| if *a == "--compare" { "--algo" } else { a }),
            )
            .collect();
        plyscope()
            .args(&solve)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(words));
    }
}

#[test]
fn compare_that_runs_nothing_exits_1() {
    let assert = plyscope()
        .args([
            "compare",
            "dama-men-race",
            "--algo",
            "dfpn",
            "--algo",
            "dual-lambda",
        ])
        .assert()
        .code(1);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert!(
        out.contains("dfpn          refused (repetition draws, see below)"),
        "{out}"
    );
    // The table's rows stay short; the full reasons follow it.
    assert!(
        out.lines()
            .filter(|l| l.contains("refused ("))
            .all(|l| l.chars().count() <= 80),
        "{out}"
    );
    assert!(
        out.contains("dual-lambda: dual-lambda needs a pass"),
        "{out}"
    );
}

#[test]
fn list_algorithms_prints_the_registry() {
    let assert = plyscope().args(["list", "--algorithms"]).assert().success();
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    for entry in &plyscope::run::registry::REGISTRY {
        assert!(out.contains(entry.algorithm.name()), "{out}");
        assert!(out.contains(entry.summary), "{out}");
    }
    // Gobblet is listed for the alpha-beta family only.
    let gobblet_lines = out
        .lines()
        .filter(|l| l.contains("games:") && l.contains("gobblet"))
        .count();
    assert_eq!(gobblet_lines, 4, "{out}");
}

#[test]
fn explore_without_a_terminal_says_so_and_writes_nothing_to_stdout() {
    // assert_cmd runs the binary with pipes: no terminal.
    plyscope()
        .args(["explore", "tree-abc"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "the explorer needs a terminal (standard input and output are not both one",
        ))
        .stderr(predicate::str::contains("plyscope solve PUZZLE"));
}

/// Issue 17, memory: the explorer's recordings are bounded by `--record`; a bound whose
/// recordings (two searches, with their tables) could pass `--max-mem` is refused before
/// the screen opens, naming both options, and one within it goes on to the terminal check.
#[test]
fn explore_refuses_a_record_bound_beyond_max_mem() {
    plyscope()
        .args([
            "explore",
            "tree-abc",
            "--record",
            "4000000000",
            "--max-mem",
            "1024",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "explore: recording up to 4000000000 events in each of two searches",
        ))
        .stderr(predicate::str::contains("--max-mem allows 1024 MB"))
        .stderr(predicate::str::contains(
            "lower --record or raise --max-mem to",
        ));
    plyscope()
        .args([
            "explore",
            "tree-abc",
            "--record",
            "1000",
            "--max-mem",
            "1024",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the explorer needs a terminal"));
}

#[test]
fn an_endless_input_file_is_refused_at_its_cap() {
    for (args, what) in [
        (&["solve", "/dev/zero"][..], "a puzzle file"),
        (&["lesson", "/dev/zero"][..], "a lesson file"),
    ] {
        plyscope()
            .args(args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(format!(
                "plyscope: /dev/zero: cannot read the {}: larger than 1048576 bytes, which is \
                 more than {what} can be",
                &what[2..]
            )));
    }
    // verify's errors are errors (stderr, the prefix); its holes are its answer (stdout).
    plyscope()
        .args(["verify", "no-such-proof.json"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::starts_with(
            "plyscope: no-such-proof.json: cannot read the file",
        ));
}

/// Issue 17: `--nodes` bounds the whole command, the root's search and every opening's
/// together (it bounded each opening before: 26 x the budget on Hex 5x5). What is not
/// classified when the budget runs out says `unknown`. (Hex 6x6: all its openings take
/// 6,948 nodes since issue 18's incremental H-search; 5x5 takes 84.)
#[test]
fn solve_root_shares_one_node_budget_among_the_openings() {
    let assert = plyscope()
        .args([
            "solve", "hex-6x6", "--algo", "dfpn", "--root", "--nodes", "2000", "--json",
        ])
        .assert();
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let report: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let nodes = report["nodes"].as_u64().unwrap();
    assert!(nodes <= 2_001, "the whole command spent {nodes} nodes");
    assert_eq!(report["stopped"], true);
    let moves = report["root_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 36);
    assert!(moves.iter().any(|m| m["class"] == "unknown"), "{out}");
}

/// A proven root's best move is a winning move even when the budget ran out before its
/// opening was classified on its own (newcomer review: hex-6x6 printed "proven, best move
/// d3" above "winning -" and a `?` on d3).
#[test]
fn a_proven_roots_best_move_is_listed_as_winning_when_the_budget_runs_out() {
    let assert = plyscope()
        .args([
            "solve", "hex-6x6", "--algo", "dfpn", "--root", "--nodes", "2000", "--json",
        ])
        .assert()
        .code(3);
    let rows = json_lines(&assert.get_output().stdout);
    let report = &rows[0];
    assert_eq!(report["result"], "proven", "{report}");
    let best = report["best_move"].as_str().unwrap();
    let winning: Vec<&str> = report["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(winning.contains(&best), "{best} not in {winning:?}");
    let class = report["root_moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == best)
        .map(|m| m["class"].as_str().unwrap().to_string());
    assert_eq!(class.as_deref(), Some("win"));
    assert!(
        report["root_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["class"] == "unknown"),
        "the budget still leaves openings unknown: {report}"
    );
}

#[test]
fn a_flag_refusal_prints_the_subcommands_usage() {
    plyscope()
        .args(["solve", "tictactoe", "--algo", "id", "--max-level", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage: plyscope solve [OPTIONS]"));
}

#[test]
fn threat_root_analysis_shares_the_commands_node_budget() {
    // dual-lambda's root analysis of the 16 openings used to get the whole --nodes again
    // after the root's own search (issue 17).
    let assert = plyscope()
        .args(["solve", "hex-4x4", "--root", "--nodes", "30000", "--json"])
        .assert()
        .code(3);
    let rows = json_lines(&assert.get_output().stdout);
    let nodes = rows[0]["nodes"].as_u64().unwrap();
    assert!(nodes <= 30_002, "the whole command spent {nodes} nodes");
    assert_eq!(rows[0]["stopped"], true);
    let moves = rows[0]["root_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 16);
    assert!(moves.iter().any(|m| m["class"] == "not-proven"), "{rows:?}");
}

#[test]
fn classic_winning_moves_share_the_commands_node_budget() {
    let assert = plyscope()
        .args([
            "solve",
            "mnk-4x4-k3",
            "--algo",
            "alphabeta",
            "--nodes",
            "2000",
            "--json",
        ])
        .assert();
    let rows = json_lines(&assert.get_output().stdout);
    let nodes = rows[0]["nodes"].as_u64().unwrap();
    // One node past the budget per search at most (the root's and each of the 16 moves');
    // each move's search used to get the whole 2,000 again (7,320 nodes in all).
    assert!(nodes <= 2000 + 17, "the whole command spent {nodes} nodes");
    assert_eq!(rows[0]["result"], "win");
    // Not every move was decided, so the set of winning moves is not claimed.
    assert_eq!(rows[0]["winning_moves"], serde_json::Value::Null);
    assert_eq!(rows[0]["stopped"], true);
}

#[test]
fn solve_all_shares_one_budget_and_names_the_puzzles_it_did_not_reach() {
    let assert = plyscope()
        .args([
            "solve", "--all", "--algo", "id", "--nodes", "20000", "--json",
        ])
        .assert()
        .code(3);
    let rows = json_lines(&assert.get_output().stdout);
    let spent: u64 = rows.iter().map(|r| r["nodes"].as_u64().unwrap()).sum();
    assert!(
        spent <= 20_000 + rows.len() as u64 * 20,
        "the whole command spent {spent} nodes"
    );
    let not_reached: Vec<&serde_json::Value> = rows
        .iter()
        .filter(|r| r["check"]["status"] == "not-reached" && r["nodes"] == 0)
        .collect();
    assert!(!not_reached.is_empty(), "{rows:?}");
    assert!(
        not_reached.iter().all(|r| r["result"] == "unknown"
            && r["check"]["detail"]
                .as_str()
                .unwrap()
                .contains("--nodes/--time budget was spent")),
        "{not_reached:?}"
    );
}

#[test]
fn a_limit_that_stops_a_search_exits_3_and_says_so_in_help() {
    plyscope()
        .args([
            "solve", "hex-6x6", "--algo", "dfpn", "--root", "--nodes", "2000",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("(stopped by a limit)"));
    plyscope()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stdout(contains_unwrapped(
            "3 a node or time limit stopped a search",
        ))
        .stdout(contains_unwrapped("130 stopped by ctrl-c (or SIGTERM)"));
}

#[test]
fn ctrl_c_stops_a_headless_solve_prints_what_is_known_and_exits_130() {
    // SIGTERM (a batch scheduler's time limit) as ctrl-c.
    for signal in ["-INT", "-TERM"] {
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_plyscope"))
            .args(["solve", "hex-7x7", "--algo", "dfpn", "--root", "--json"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let status = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let started = std::time::Instant::now();
        let output = child.wait_with_output().unwrap();
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "{signal}: stopping took {:?}",
            started.elapsed()
        );
        assert_eq!(output.status.code(), Some(130), "{signal}: {output:?}");
        let rows = json_lines(&output.stdout);
        assert_eq!(rows.len(), 1, "{signal}: {output:?}");
        assert_eq!(rows[0]["stopped"], true);
        assert_eq!(rows[0]["root_moves"].as_array().unwrap().len(), 49);
    }
}

#[test]
fn no_progress_bytes_when_stderr_is_not_a_terminal() {
    let assert = plyscope()
        .args([
            "solve", "hex-7x7", "--algo", "dfpn", "--root", "--time", "1",
        ])
        .assert()
        .code(3);
    let err = &assert.get_output().stderr;
    assert!(err.is_empty(), "{}", String::from_utf8_lossy(err));
}

#[test]
fn a_table_larger_than_max_mem_is_refused_with_the_bound_and_how_to_raise_it() {
    plyscope()
        .args(["solve", "tictactoe", "--tt-mb", "64", "--max-mem", "16"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "plyscope: solve stopped: the table needs 64 MB (--tt-mb) and --max-mem allows \
             16 MB; raise it with --max-mem 1024 or lower --tt-mb",
        ));
}

#[test]
fn verify_beyond_max_mem_stops_with_the_bound_and_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("proof.json");
    let file = file.to_str().unwrap();
    plyscope()
        .args(["solve", "hex-4x4", "--algo", "dfpn", "--proof-out", file])
        .args(["--proof-max-carrier", "0"])
        .assert()
        .success();
    plyscope().args(["verify", file]).assert().success();
    plyscope()
        .args(["verify", file, "--max-mem", "1"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("verify stopped: the proof"))
        .stderr(predicate::str::contains(
            "need more than 1 MB (--max-mem); raise it with --max-mem 1024",
        ));
}

/// `--proof-move` (issue 18, point 7): the proof starts with the chosen opening and says so;
/// a move that does not win names the move and where to find the winning ones; the flag
/// alone, with nothing to prove, is a usage error, and so is a move that is not legal at the
/// root (checked before the search runs; it exited 1 after solving, review of issue 18).
#[test]
fn solve_proof_move_proves_a_chosen_opening() {
    plyscope()
        .args(["solve", "hex-4x4", "--verify", "--proof-move", "z9"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "--proof-move z9 is not a legal first move of hex-4x4: 'z9' is off the board",
        ));
    plyscope()
        .args([
            "solve",
            "hex-4x4",
            "--algo",
            "dfpn",
            "--verify",
            "--proof-move",
            // Typed in capitals, written as the game writes moves.
            "D1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "proof move  d1 (--proof-move), instead of the solver's own",
        ))
        .stdout(predicate::str::contains("verified: "));
    plyscope()
        .args([
            "solve",
            "hex-4x4",
            "--algo",
            "dfpn",
            "--verify",
            "--proof-move",
            "a1",
        ])
        .assert()
        .code(1)
        .stdout(contains_unwrapped(
            "(does a1 win? `solve --root` lists the winning first moves)",
        ));
    plyscope()
        .args(["solve", "hex-4x4", "--proof-move", "d1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--proof-move names the first move of a proof",
        ));
}

/// Every line `solve` and `merge` print fits 80 columns (a newcomer review: the winning line,
/// the root's H-search decision and merge's note went to 83-102 columns and broke mid-word).
#[test]
fn solve_and_merge_text_fits_80_columns() {
    for args in [
        &["solve", "hex-5x5"][..],
        &[
            "solve",
            "hex-6x6",
            "--algo",
            "dfpn",
            "--root",
            "--threads",
            "1",
        ],
        &[
            "solve",
            "hex-6x6",
            "--algo",
            "dfpn",
            "--threads",
            "1",
            "--verify",
        ],
        &["solve", "tictactoe-fork", "--root"],
    ] {
        let out = plyscope().args(args).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        for line in text.lines() {
            assert!(
                unicode_width::UnicodeWidthStr::width(line) <= 80,
                "{args:?}: {line:?} is wider than 80 columns"
            );
        }
    }
}

/// A root analysis a limit cut short agrees with the root's expected answer, and says how
/// many openings it left undecided (a newcomer review: "agrees" alone read as complete).
#[test]
fn a_root_analysis_cut_short_says_how_many_openings_stay_undecided() {
    plyscope()
        .args([
            "solve",
            "hex-5x5",
            "--root",
            "--nodes",
            "20",
            "--threads",
            "1",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains(
            "check       agrees with the expected answer\n            (14 of 25 openings not \
             decided, `?` in the diagram)",
        ));
    plyscope()
        .args(["solve", "hex-5x5", "--root", "--threads", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("openings not decided").not());
}
