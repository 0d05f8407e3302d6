//! The tooling of issue 7 as a user meets it: `plyscope export` (DOT read back by a small
//! DOT reader and checked against the recorded trace, JSON parsed back, the `--max-nodes`
//! note, SGF's routing), bench baselines (`--save`, `--baseline`: changed node counts
//! flagged, a changed result exits 1, a corrupt file named with line and column), and the
//! packaging commands (completions for every shell, a man page naming every subcommand).
//!
//! Every search here is tic-tac-toe or a textbook tree: the file runs in a few seconds.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;

use predicates::prelude::*;

use plyscope::export::json::{JsonEvent, TraceDocument};
use plyscope::export::{self, ExportOptions, Header, Recorded};
use plyscope::games::mnk::Mnk;
use plyscope::games::tree::TreeGame;
use plyscope::puzzle::{self, Position};
use plyscope::search::Algorithm;

use crate::helpers::binary::plyscope;
use crate::helpers::binary::scratch;
use crate::helpers::sgf as sgf_reader;

fn stdout_of(args: &[&str]) -> String {
    let out = plyscope()
        .args(args)
        .assert()
        .success()
        .get_output()
        .clone();
    String::from_utf8(out.stdout).expect("utf-8 output")
}

fn mnk(name: &str) -> (Mnk, puzzle::Puzzle) {
    let p = puzzle::load(name).unwrap();
    match &p.position {
        Position::Mnk(g) => (g.clone(), p),
        other => panic!("{name} is {}", other.game_name()),
    }
}

fn record_mnk(name: &str, algorithm: Algorithm) -> (Mnk, Recorded<plyscope::game::Point>) {
    let (game, p) = mnk(name);
    let options = ExportOptions {
        algorithm: Some(algorithm),
        ..ExportOptions::default()
    };
    let recorded = export::record(&game, &p, &options);
    (game, recorded)
}

// ---------------------------------------------------------------------------------------
// A small DOT reader: `digraph ID { stmt; ... }` with node statements, edge statements
// (`a -> b`), attribute lists, quoted strings and comments; enough for what plyscope writes
// and strict about anything else.
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Id(String),
    Quoted(String),
    Punct(&'static str),
}

fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '-' && chars.get(i + 1) == Some(&'>') {
            out.push(Token::Punct("->"));
            i += 2;
        } else if let Some(p) = ["{", "}", "[", "]", "=", ";", ","]
            .into_iter()
            .find(|p| p.starts_with(c))
        {
            out.push(Token::Punct(p));
            i += 1;
        } else if c == '"' {
            let mut s = String::new();
            i += 1;
            loop {
                let c = *chars.get(i).expect("an unterminated string");
                i += 1;
                match c {
                    '"' => break,
                    '\\' => {
                        let e = chars[i];
                        i += 1;
                        s.push(if e == 'n' { '\n' } else { e });
                    }
                    c => s.push(c),
                }
            }
            out.push(Token::Quoted(s));
        } else if c.is_alphanumeric() || c == '_' || c == '.' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || "_.".contains(chars[i])) {
                i += 1;
            }
            out.push(Token::Id(chars[start..i].iter().collect()));
        } else {
            panic!("unexpected character {c:?} in the DOT output");
        }
    }
    out
}

#[derive(Debug, Default)]
struct Graph {
    nodes: BTreeMap<String, BTreeMap<String, String>>,
    edges: Vec<(String, String, BTreeMap<String, String>)>,
}

fn parse_dot(text: &str) -> Graph {
    let toks = tokens(text);
    let mut i = 0;
    let id = |t: &Token| match t {
        Token::Id(s) | Token::Quoted(s) => s.clone(),
        Token::Punct(p) => panic!("expected an id, found {p}"),
    };
    assert_eq!(toks[0], Token::Id("digraph".into()), "a digraph");
    i += 1;
    if matches!(toks[i], Token::Id(_)) {
        i += 1;
    }
    assert_eq!(toks[i], Token::Punct("{"));
    i += 1;
    let mut graph = Graph::default();
    let attrs = |i: &mut usize| {
        let mut map = BTreeMap::new();
        if toks.get(*i) != Some(&Token::Punct("[")) {
            return map;
        }
        *i += 1;
        while toks[*i] != Token::Punct("]") {
            let key = id(&toks[*i]);
            assert_eq!(toks[*i + 1], Token::Punct("="), "key = value");
            map.insert(key, id(&toks[*i + 2]));
            *i += 3;
            if toks[*i] == Token::Punct(",") {
                *i += 1;
            }
        }
        *i += 1;
        map
    };
    while toks[i] != Token::Punct("}") {
        let first = id(&toks[i]);
        i += 1;
        if toks[i] == Token::Punct("->") {
            let second = id(&toks[i + 1]);
            i += 2;
            let a = attrs(&mut i);
            graph.edges.push((first, second, a));
        } else {
            let a = attrs(&mut i);
            if !["graph", "node", "edge"].contains(&first.as_str()) {
                assert!(
                    graph.nodes.insert(first.clone(), a).is_none(),
                    "node {first} declared twice"
                );
            }
        }
        assert_eq!(toks[i], Token::Punct(";"), "statements end with ;");
        i += 1;
    }
    assert_eq!(i + 1, toks.len(), "nothing after the graph");
    for (a, b, _) in &graph.edges {
        assert!(graph.nodes.contains_key(a), "edge from undeclared {a}");
        assert!(graph.nodes.contains_key(b), "edge to undeclared {b}");
    }
    graph
}

fn label(graph: &Graph, node: &str) -> String {
    graph.nodes[node]["label"].clone()
}

fn dot_of<G: plyscope::game::Game>(game: &G, recorded: &Recorded<G::Move>, max: usize) -> String {
    let header = Header {
        puzzle: "p",
        game: game.name(),
        algorithm: recorded.algorithm.name(),
        result: &recorded.result,
    };
    let mut out = Vec::new();
    export::dot::write(game, &recorded.trace, &header, max, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

// ---------------------------------------------------------------------------------------
// DOT
// ---------------------------------------------------------------------------------------

#[test]
fn dot_has_one_node_per_trace_node_and_the_trace_parent_links_as_edges() {
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::IterativeDeepening,
        Algorithm::DfPn,
    ] {
        let (game, recorded) = record_mnk("tictactoe", algorithm);
        let trace = &recorded.trace;
        let graph = parse_dot(&dot_of(&game, &recorded, usize::MAX));
        assert_eq!(graph.nodes.len(), trace.node_count(), "{algorithm}");
        let expected: Vec<(String, String)> = (0..trace.node_count() as u32)
            .filter_map(|id| {
                let parent = trace.node(id).parent()?;
                Some((format!("n{parent}"), format!("n{id}")))
            })
            .collect();
        let edges: Vec<(String, String)> = graph
            .edges
            .iter()
            .map(|(a, b, _)| (a.clone(), b.clone()))
            .collect();
        // The same links, in search order (children by entry).
        assert_eq!(edges, expected, "{algorithm}");
        for id in 0..trace.node_count() as u32 {
            let first_line = label(&graph, &format!("n{id}"))
                .lines()
                .next()
                .unwrap()
                .to_string();
            let expected = trace.node(id).mv().map_or("root".to_string(), |m| {
                plyscope::game::Game::format_move(&game, m)
            });
            assert_eq!(first_line, expected, "{algorithm} node {id}");
        }
    }
}

#[test]
fn dot_labels_show_windows_values_cutoffs_and_proof_numbers() {
    // The textbook tree (Kühr, figure 18 style): node 5 cuts after its first child.
    let p = puzzle::load("tree-abc").unwrap();
    let Position::Tree(tree) = &p.position else {
        panic!("tree-abc is a tree")
    };
    let recorded: Recorded<<TreeGame as plyscope::game::Game>::Move> =
        export::record(tree, &p, &ExportOptions::default());
    let graph = parse_dot(&dot_of(tree, &recorded, usize::MAX));
    // No depth limit: no ply-cap depth (`d256`) on a two-ply tree; infinity reads `inf`.
    assert_eq!(label(&graph, "n0"), "root\n(-inf, inf)\n= 3");
    let cut = label(&graph, "n5");
    assert!(cut.contains("(-inf, -3)") && cut.contains(">= -3"), "{cut}");
    assert!(cut.contains("CUT 2 skipped"), "{cut}");
    assert_eq!(graph.nodes["n5"]["color"], "red");
    // The textbook's one cutoff: d fails high on its last move, skipping nothing, so it is
    // no CUT (as the explorer's rows and cutoff keys say).
    let cutoffs: Vec<&str> = graph
        .nodes
        .iter()
        .filter(|(_, a)| a["label"].contains("CUT"))
        .map(|(id, _)| id.as_str())
        .collect();
    assert_eq!(cutoffs, ["n5"]);
    assert!(
        graph
            .nodes
            .values()
            .filter(|a| a.get("color").is_some_and(|c| c == "red"))
            .count()
            == 1,
        "only the real cutoff is drawn red"
    );

    // df-pn: [pn, dn] and the node type; the root of an empty tic-tac-toe is disproven.
    let (game, recorded) = record_mnk("tictactoe", Algorithm::DfPn);
    let graph = parse_dot(&dot_of(&game, &recorded, usize::MAX));
    assert!(
        label(&graph, "n0").starts_with("root\n[inf, 0] OR"),
        "{}",
        label(&graph, "n0")
    );
    assert!(label(&graph, "n1").contains("AND"));
    assert!(graph.nodes.values().any(|a| a["label"].contains("TT hit")));

    // Lambda search: ATTACK / DEFEND moves with their levels, zones.
    let (game, recorded) = record_mnk("tictactoe-fork", Algorithm::Lambda);
    let graph = parse_dot(&dot_of(&game, &recorded, usize::MAX));
    assert!(
        label(&graph, "n0").starts_with("λ"),
        "{}",
        label(&graph, "n0")
    );
    assert!(
        graph
            .nodes
            .values()
            .any(|a| a["label"].starts_with("A c1 λ1"))
    );
    assert!(graph.nodes.values().any(|a| a["label"].starts_with("D ")));
    assert!(graph.nodes.values().any(|a| a["label"].contains("zone ")));
}

#[test]
fn max_nodes_cuts_the_graph_with_a_comment_a_visible_node_and_a_stderr_line() {
    let (_, recorded) = record_mnk("tictactoe", Algorithm::AlphaBeta);
    let total = recorded.trace.node_count();
    let output = plyscope()
        .args([
            "export",
            "tictactoe",
            "--algo",
            "alphabeta",
            "--format",
            "dot",
        ])
        .args(["--max-nodes", "5"])
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "export cut at --max-nodes 5: 5 of {total} nodes written, {} more nodes not shown",
            total - 5
        )))
        .get_output()
        .clone();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains(&format!(
        "// cut at --max-nodes 5: {} more nodes not shown",
        total - 5
    )));
    let graph = parse_dot(&text);
    assert_eq!(graph.nodes.len(), 6, "five nodes and the note");
    assert_eq!(
        label(&graph, "more"),
        format!("... {} more nodes", total - 5)
    );
    // Every left-out node is counted once, at its nearest drawn ancestor.
    let counted: usize = graph
        .edges
        .iter()
        .filter(|(_, b, _)| b == "more")
        .map(|(_, _, a)| a["label"].parse::<usize>().unwrap())
        .sum();
    assert_eq!(counted, total - 5);
}

// ---------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------

#[test]
fn json_parses_back_with_every_event_of_the_trace() {
    let (_, recorded) = record_mnk("tictactoe", Algorithm::IterativeDeepening);
    let trace = &recorded.trace;
    let text = stdout_of(&[
        "export",
        "tictactoe",
        "--algo",
        "id",
        "--format",
        "json",
        "--max-nodes",
        "1000000",
    ]);
    let doc: TraceDocument = serde_json::from_str(&text).expect("the export parses back");
    assert_eq!(doc.format, "plyscope-trace");
    assert_eq!(doc.version, export::json::VERSION);
    assert_eq!(doc.algorithm, "id");
    assert_eq!(doc.events.len(), trace.len());
    assert_eq!(doc.nodes, trace.node_count());
    assert_eq!(doc.cut, None);
    let enters: Vec<(u32, Option<u32>)> = doc
        .events
        .iter()
        .filter_map(|e| match e {
            JsonEvent::Enter { node, parent, .. } => Some((*node, *parent)),
            _ => None,
        })
        .collect();
    assert_eq!(enters.len(), trace.node_count());
    for (node, parent) in enters {
        assert_eq!(parent, trace.node(node).parent());
    }
    let iterations = doc
        .events
        .iter()
        .filter(|e| matches!(e, JsonEvent::Iteration { .. }))
        .count();
    assert_eq!(iterations, trace.iteration_events().len());
    // The streamed file is the in-memory document of the same trace.
    let (game, _) = mnk("tictactoe");
    let header = Header {
        puzzle: "tictactoe",
        game: "mnk",
        algorithm: "id",
        result: &recorded.result,
    };
    let in_memory = export::json::document(&game, trace, &header, usize::MAX, 0);
    assert_eq!(doc, in_memory);
    // Round trip: what was read writes the same JSON again.
    let again: serde_json::Value = serde_json::to_value(&doc).unwrap();
    let original: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(again, original);
}

#[test]
fn json_cut_keeps_the_log_up_to_the_first_node_left_out() {
    let (_, recorded) = record_mnk("tictactoe", Algorithm::AlphaBeta);
    let trace = &recorded.trace;
    let dir = scratch("export-json-cut");
    let file = dir.join("trace.json");
    plyscope()
        .args([
            "export",
            "tictactoe",
            "--algo",
            "alphabeta",
            "--format",
            "json",
        ])
        .args(["--max-nodes", "3", "-o"])
        .arg(&file)
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("cut at --max-nodes 3"));
    let doc: TraceDocument = serde_json::from_str(&fs::read_to_string(&file).unwrap()).unwrap();
    let files: Vec<_> = fs::read_dir(&dir).unwrap().collect();
    assert_eq!(
        files.len(),
        1,
        "the temporary file is renamed, not left behind"
    );
    let end = trace.node(3).enter_event() as usize;
    assert_eq!(doc.events.len(), end);
    assert_eq!(doc.nodes, 3);
    let cut = doc.cut.expect("the cut is noted");
    assert_eq!(cut.max_nodes, 3);
    assert_eq!(cut.omitted_nodes, trace.node_count() - 3);
    assert_eq!(cut.omitted_events, trace.len() - end);
}

/// The variations' move count, depth first.
fn sgf_moves(vars: &[plyscope::proof_tree::sgf::Variation]) -> usize {
    vars.iter().map(|v| 1 + sgf_moves(&v.children)).sum()
}

#[test]
fn sgf_exports_the_proof_tree_of_a_stone_games_win_and_parses_back() {
    let output = plyscope()
        .args([
            "export",
            "tictactoe-fork",
            "--algo",
            "dfpn",
            "--format",
            "sgf",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).expect("utf-8");
    assert!(text.starts_with("(;FF[4]GM[4]"), "{text}");
    let proof = sgf_reader::parse(&text).expect("the export parses as SGF");
    assert_eq!((proof.columns, proof.rows), (3, 3));
    // One attacker move at the root (the winning c1 of the puzzle), every reply under it.
    assert_eq!(proof.variations.len(), 1);
    assert_eq!(proof.variations[0].mv, "c1");
    assert!(!proof.variations[0].children.is_empty());
    assert!(!text.contains("incomplete proof"));
}

#[test]
fn sgf_export_is_cut_at_max_nodes_with_a_note() {
    let full = plyscope()
        .args([
            "export",
            "tictactoe-fork",
            "--algo",
            "dfpn",
            "--format",
            "sgf",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let full = sgf_reader::parse(&String::from_utf8(full).unwrap()).unwrap();
    let total = sgf_moves(&full.variations);
    assert!(total > 3, "{total}");
    let assert = plyscope()
        .args([
            "export",
            "tictactoe-fork",
            "--algo",
            "dfpn",
            "--format",
            "sgf",
        ])
        .args(["--max-nodes", "3"])
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "3 of {total} nodes written"
        )));
    let text = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains(&format!("cut at 3 of {total} moves")),
        "{text}"
    );
    let cut = sgf_reader::parse(&text).expect("a cut export still parses");
    assert_eq!(sgf_moves(&cut.variations), 3);
}

#[test]
fn sgf_export_refuses_games_without_stones_and_positions_without_a_win() {
    plyscope()
        .args(["export", "tree-abc", "--format", "sgf"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "SGF is written for the stone games",
        ));
    plyscope()
        .args(["export", "tictactoe", "--algo", "dfpn", "--format", "sgf"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("nothing to prove"));
}

#[test]
fn export_refuses_what_solve_refuses_and_unknown_formats() {
    plyscope()
        .args(["export", "tree-abc", "--algo", "lambda", "--format", "dot"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("use --algo id"));
    plyscope()
        .args(["export", "tictactoe", "--format", "png"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected one of dot, json, sgf"));
}

// ---------------------------------------------------------------------------------------
// Bench baselines
// ---------------------------------------------------------------------------------------

fn bench(args: &[&str]) -> assert_cmd::assert::Assert {
    plyscope()
        .args(["bench", "--filter", "tictactoe"])
        .args(args)
        .assert()
}

#[test]
fn a_saved_baseline_compares_as_same_and_flags_changes() {
    let dir = scratch("export-baseline");
    let file = dir.join("base.json");
    let file_arg = file.to_str().unwrap();
    bench(&["--save", file_arg, "--note", "test run"])
        .success()
        .stderr(predicate::str::contains("saved 4 rows"));
    let saved: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["format"], "plyscope-bench");
    assert_eq!(saved["note"], "test run");
    assert!(
        saved["machine"]
            .as_str()
            .unwrap()
            .contains(std::env::consts::ARCH)
    );
    let rows = saved["rows"].as_array().unwrap();
    assert_eq!(rows[0]["puzzle"], "tictactoe");
    let nodes = rows[0]["nodes"].as_u64().unwrap();
    assert!(nodes > 0);

    // Same run: node counts agree (times are not asserted on).
    bench(&["--baseline", file_arg])
        .success()
        .stdout(predicate::str::contains("0 node counts changed"))
        .stdout(predicate::str::contains("0 results changed"));

    // A node count that differs is flagged, and is not an error.
    let text = fs::read_to_string(&file).unwrap();
    let edited = text.replacen(
        &format!("\"nodes\": {nodes}"),
        &format!("\"nodes\": {}", nodes + 1),
        1,
    );
    assert_ne!(edited, text);
    fs::write(&file, &edited).unwrap();
    bench(&["--baseline", file_arg])
        .success()
        .stdout(predicate::str::contains(format!(
            "CHANGED nodes {} -> {nodes}",
            nodes + 1
        )))
        .stdout(predicate::str::contains("1 node counts changed"));

    // --json carries the comparison as one object.
    let out = bench(&["--baseline", file_arg, "--json"])
        .success()
        .get_output()
        .clone();
    let last = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .last()
        .unwrap()
        .to_string();
    let comparison: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert_eq!(comparison["comparison"]["nodes_changed"], 1);
    assert_eq!(comparison["comparison"]["rows"][0]["status"], "changed");
    assert_eq!(
        comparison["comparison"]["rows"][0]["nodes_before"],
        nodes + 1
    );
}

#[test]
fn a_changed_result_exits_1() {
    let dir = scratch("export-baseline-result");
    let file = dir.join("base.json");
    let file_arg = file.to_str().unwrap();
    bench(&["--save", file_arg]).success();
    let text = fs::read_to_string(&file).unwrap();
    let edited = text.replacen("\"result\": \"draw\"", "\"result\": \"win 9 plies\"", 1);
    assert_ne!(edited, text);
    fs::write(&file, edited).unwrap();
    bench(&["--baseline", file_arg])
        .code(1)
        .stdout(predicate::str::contains(
            "RESULT CHANGED win 9 plies -> draw",
        ))
        .stdout(predicate::str::contains("(error: a result changed)"));
}

#[test]
fn a_corrupt_or_missing_baseline_is_named_with_its_path_line_and_column() {
    let dir = scratch("export-baseline-corrupt");
    let file = dir.join("bad.json");
    fs::write(
        &file,
        "{\n  \"format\": \"plyscope-bench\",\n  \"version\": 1,,\n}\n",
    )
    .unwrap();
    bench(&["--baseline", file.to_str().unwrap()])
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "{}:3:16: not a plyscope bench baseline",
            file.display()
        )));
    let missing = dir.join("missing.json");
    bench(&["--baseline", missing.to_str().unwrap()])
        .code(1)
        .stderr(predicate::str::contains(format!(
            "cannot read the baseline {}",
            missing.display()
        )));
    // A tolerance without a baseline, a note without a save: usage errors.
    bench(&["--tolerance", "2"])
        .code(2)
        .stderr(predicate::str::contains("--baseline <FILE>"));
    bench(&["--note", "x"]).code(2);
    bench(&[
        "--baseline",
        missing.to_str().unwrap(),
        "--tolerance",
        "0.5",
    ])
    .code(2)
    .stderr(predicate::str::contains("a time ratio of at least 1"));
    let other = dir.join("other.json");
    fs::write(&other, r#"{"format": "something-else", "version": 1}"#).unwrap();
    bench(&["--baseline", other.to_str().unwrap()])
        .code(1)
        .stderr(predicate::str::contains("not a plyscope bench baseline"));
}

// ---------------------------------------------------------------------------------------
// Packaging
// ---------------------------------------------------------------------------------------

#[test]
fn completions_exist_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.len() > 500, "{shell}: {} bytes", script.len());
        assert!(
            script.contains("export"),
            "{shell} completes the subcommands"
        );
    }
    plyscope()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'tcsh'"));
}

/// The subcommands `plyscope --help` lists.
fn subcommands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    let section = help.split("Commands:").nth(1).expect("a Commands section");
    let section = section.split("Options:").next().unwrap();
    // A name starts its entry two columns in; a description wrapped to the terminal's
    // width goes on further in.
    section
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn the_man_page_names_every_subcommand() {
    let names = subcommands();
    for expected in [
        "solve",
        "bench",
        "list",
        "explore",
        "export",
        "completions",
        "man",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} in {names:?}"
        );
    }
    let page = stdout_of(&["man"]);
    assert!(
        page.starts_with(".ie") || page.contains(".TH plyscope 1"),
        "roff"
    );
    assert!(page.contains(".TH plyscope 1"));
    for name in &names {
        let entry = format!("plyscope\\-{}(1)", name.replace('-', "\\-"));
        assert!(page.contains(&entry), "the page lists {name}");
    }
    let dir = scratch("export-man");
    plyscope()
        .args(["man", "--dir"])
        .arg(&dir)
        .assert()
        .success();
    let pages: BTreeSet<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(pages.contains("plyscope.1"));
    for name in &names {
        let file = format!("plyscope-{name}.1");
        assert!(pages.contains(&file), "{file} in {pages:?}");
        let text = fs::read_to_string(dir.join(&file)).unwrap();
        assert!(text.contains(&format!(".TH plyscope-{name} 1")), "{file}");
    }
}
