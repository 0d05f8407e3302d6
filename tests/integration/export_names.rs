//! Names in every export are the explorer's names (issue 16, point 2).
//!
//! `plyscope export tree-004-fig-6-23 --format dot` labelled n4 and n6 "n2", and
//! `export tree-abc` labelled b's leaves "b c d" where the explorer says b1 b2 b3: the
//! writers named a tree's moves in the root's position. For every bundled puzzle, the
//! search the explorer runs is recorded once; the explorer's session over that trace and
//! both writers (DOT and JSON) read it, and every node that has a move must carry the same
//! name in all three: the tree pane's row label, the DOT label's first line, the JSON
//! `enter` event's `move`. The moves a cutoff skipped (JSON) must be the names the node
//! pane lists, and a node's path of names (JSON) the explorer's `line_moves`.
//!
//! SGF (`--format sgf`) is not here: it writes SGF coordinates (`[cc]`) by the SGF
//! standard, for the stone games only, whose names do not depend on the position.

use std::sync::Arc;

use plyscope::export::json::{JsonEvent, TraceDocument};
use plyscope::export::{Format, Header, dot, json};
use plyscope::games::any::AnyGame;
use plyscope::games::tree::TreeGame;
use plyscope::puzzle::{Puzzle, bundled};
use plyscope::run::observed::run_observed;
use plyscope::run::spec::SearchSpec;
use plyscope::search::SearchGame;
use plyscope::trace::live::LiveTrace;
use plyscope::trace::recorder::{RecordConfig, Recorder};
use plyscope::trace::store::NodeKind;
use plyscope::view::board::{BoardGame, BoardVisitor, with_board_game};
use plyscope::view::game_session::GameSession;

/// Nodes compared per puzzle (and the node cap of its search): enough for every textbook
/// tree whole and the start of every game's search, in a few seconds in debug builds.
const NODES: u64 = 3_000;

/// The first line of a DOT label: `  n4 [label="b1\n(...)...", ...];` gives `b1`.
fn dot_names(dot: &str) -> Vec<(u32, String)> {
    dot.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('n')?;
            let (id, rest) = rest.split_once(" [label=\"")?;
            let id: u32 = id.parse().ok()?;
            let end = rest.find("\\n").or_else(|| rest.find('"'))?;
            Some((id, rest[..end].to_string()))
        })
        .collect()
}

/// The move inside a DOT name: `A c3 λ2` and `D d4 λ2` (lambda) hold it between the
/// marker and the level.
fn dot_move(kind: NodeKind, name: &str) -> String {
    match kind {
        NodeKind::Attack | NodeKind::Defence => {
            let inner = &name[2..];
            inner.rsplit_once(' ').map_or(inner, |(m, _)| m).to_string()
        }
        _ => name.to_string(),
    }
}

fn check<G: SearchGame + BoardGame>(root: &G, puzzle: &Puzzle) -> usize {
    let name = &puzzle.name;
    let mut spec = SearchSpec::for_puzzle(puzzle, None, 1_000_000);
    spec.limits.nodes = Some(spec.limits.nodes.map_or(NODES, |n| n.min(NODES)));
    let mut recorder: Recorder<G> = Recorder::new(RecordConfig {
        budget: spec.record,
        ..RecordConfig::default()
    });
    let live: Arc<LiveTrace<G::Move>> = recorder.live();
    let mut game = root.clone();
    let result = run_observed(&mut game, &spec, &mut recorder);
    drop(recorder);
    let header = Header {
        puzzle: name,
        game: root.name(),
        algorithm: spec.config.algorithm.name(),
        result: &result,
    };
    let (dot_text, json_text, kinds, mvs) = {
        let trace = live.read();
        let mut dot_out = Vec::new();
        dot::write(root, &trace, &header, usize::MAX, &mut dot_out).unwrap();
        let mut json_out = Vec::new();
        json::write(root, &trace, &header, usize::MAX, 0, &mut json_out).unwrap();
        let kinds: Vec<NodeKind> = (0..trace.node_count() as u32)
            .map(|id| trace.node(id).kind())
            .collect();
        let mvs: Vec<bool> = (0..trace.node_count() as u32)
            .map(|id| trace.node(id).mv().is_some())
            .collect();
        (
            String::from_utf8(dot_out).unwrap(),
            String::from_utf8(json_out).unwrap(),
            kinds,
            mvs,
        )
    };
    let mut session = GameSession::over(root.clone(), live);
    session.seek(session.len());

    // DOT: every node with a move is named as the tree pane names it.
    let dot = dot_names(&dot_text);
    assert_eq!(
        dot.len(),
        kinds.len(),
        "{name}: one DOT node per trace node"
    );
    let mut compared = 0;
    for (id, label) in &dot {
        let i = *id as usize;
        if !mvs[i] {
            continue;
        }
        let explorer = session.row(*id).label;
        assert_eq!(
            dot_move(kinds[i], label),
            explorer,
            "{name}: DOT node n{id} is {label:?}, the explorer says {explorer:?}"
        );
        compared += 1;
    }

    // JSON: the enter event's move, the node's path of names, the moves a cutoff skipped.
    let doc: TraceDocument = serde_json::from_str(&json_text).unwrap();
    let mut path: Vec<Vec<String>> = vec![Vec::new(); kinds.len()];
    for event in &doc.events {
        match event {
            JsonEvent::Enter {
                node, parent, mv, ..
            } => {
                let mut line = parent.map(|p| path[p as usize].clone()).unwrap_or_default();
                if let Some(m) = mv {
                    let explorer = session.row(*node).label;
                    assert_eq!(
                        m, &explorer,
                        "{name}: JSON names node {node} {m:?}, the explorer {explorer:?}"
                    );
                    line.push(m.clone());
                }
                if !kinds[*node as usize].is_lambda() {
                    assert_eq!(
                        line,
                        session.line_moves(*node),
                        "{name}: the JSON path of node {node} is not the node pane's"
                    );
                }
                path[*node as usize] = line;
            }
            JsonEvent::Cutoff { node, skipped, .. } if !skipped.is_empty() => {
                let pane = session.detail(*node).cutoff.unwrap_or_default();
                let listed = format!("({})", skipped.join(" "));
                assert!(
                    pane.ends_with(&listed),
                    "{name}: JSON cutoff at node {node} skipped {listed}, the node pane says {pane:?}"
                );
            }
            _ => {}
        }
    }
    compared
}

fn check_puzzle(puzzle: &Puzzle) -> usize {
    struct Check<'a>(&'a Puzzle);
    impl BoardVisitor for Check<'_> {
        type Output = usize;
        fn visit<G: BoardGame + AnyGame>(self, game: &G) -> usize {
            check(game, self.0)
        }
    }
    with_board_game(&puzzle.position, Check(puzzle))
}

#[test]
fn every_export_names_every_node_as_the_explorer_does_on_every_bundled_puzzle() {
    // The formats that name nodes; a new one must join this test.
    assert_eq!(
        Format::ALL,
        [Format::Dot, Format::Json, Format::Sgf],
        "a new export format: add its names to this test"
    );
    let mut total = 0;
    for b in bundled() {
        let puzzle = b.load().unwrap();
        total += check_puzzle(&puzzle);
    }
    assert!(total > 1_000, "only {total} named nodes compared");
}

#[test]
fn tree_abc_names_bs_leaves_b1_b2_b3() {
    let puzzle = plyscope::puzzle::load("tree-abc").unwrap();
    let Some(root) = puzzle.position.as_game::<TreeGame>() else {
        panic!("tree-abc is a tree")
    };
    let mut out = Vec::new();
    plyscope::export::export(
        &puzzle,
        Format::Dot,
        &plyscope::export::ExportOptions::default(),
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    let names: Vec<String> = dot_names(&text).into_iter().map(|(_, n)| n).collect();
    for leaf in ["b1", "b2", "b3", "c1", "d1"] {
        assert!(names.contains(&leaf.to_string()), "{leaf} in {names:?}");
    }
    assert_eq!(check(root, &puzzle), names.len() - 1);
}
