//! Hex proofs that end at connection leaves (issue 18, point 7): a position where the
//! defender is to move and the attacker holds a full edge-to-edge virtual connection is a
//! leaf whose cells (the carrier plus the filled-in inferior cells) are written in the file,
//! and `verify` checks each such leaf on its own by exhaustive play inside the cells.
//! Debug time: a few seconds (`cargo test --test proof_vc_leaves`).

use plyscope::proof_tree::extract::extract;
use plyscope::proof_tree::{ExtractOptions, ProofNode, ProofTree, VERSION};
use plyscope::puzzle::{Puzzle, find_bundled};
use plyscope::run::solve::{SolveOptions, solve_puzzle};
use plyscope::search::Algorithm;
use plyscope::verify::{Bounds, VerifyError, verify_text, verify_text_within};

fn bundled(name: &str) -> (Puzzle, String) {
    let b = find_bundled(name).expect("a bundled puzzle");
    (b.load().unwrap(), b.text.to_string())
}

fn proof_with(name: &str, algorithm: Algorithm, bounds: &ExtractOptions) -> ProofTree {
    let (puzzle, text) = bundled(name);
    let mut options = SolveOptions::for_puzzle_with(&puzzle, algorithm);
    options.root_moves = false;
    options.tt_mb = 8;
    let report = solve_puzzle(&puzzle, &options).unwrap();
    extract(&puzzle, &text, &options, &report, bounds)
        .unwrap_or_else(|e| panic!("{name} with {algorithm:?}: {e}"))
        .tree
}

fn proof(name: &str) -> ProofTree {
    proof_with(name, Algorithm::DfPn, &ExtractOptions::default())
}

fn refused(tree: &ProofTree) -> String {
    verify_text(&tree.to_json()).unwrap_err().to_string()
}

/// The first connection leaf of a tree.
fn first_leaf(tree: &ProofTree) -> usize {
    tree.nodes
        .iter()
        .position(|n| n.carrier.is_some())
        .expect("a connection leaf")
}

#[test]
fn hex_proofs_end_at_connection_leaves_and_verify() {
    // Hex 3x3 and 4x4: H-search decides the position after the first move, so the proof is
    // the root, its move and one connection leaf.
    for (name, positions) in [("hex-3x3", 2), ("hex-4x4", 2)] {
        let tree = proof(name);
        assert_eq!(tree.version, VERSION);
        assert_eq!(tree.positions(), positions, "{name}");
        assert!(tree.connection_leaves() >= 1, "{name}");
        let verified = verify_text(&tree.to_json()).unwrap();
        assert_eq!(verified.positions, tree.positions());
        assert_eq!(verified.connection_leaves, tree.connection_leaves());
        assert!(
            verified.to_string().contains(" connection leaves ("),
            "{verified}"
        );
    }
    // With White to move on a set-up board, and with lambda-df-pn's kept table and a
    // re-solving algorithm: every extraction ends its lines at connection leaves.
    for (name, algorithm) in [
        ("hex-4x4-white-b3", Algorithm::DfPn),
        ("hex-4x4", Algorithm::LambdaDfPn),
        ("hex-3x3", Algorithm::Pns),
    ] {
        let tree = proof_with(name, algorithm, &ExtractOptions::default());
        assert!(tree.connection_leaves() >= 1, "{name} {algorithm:?}");
        let verified = verify_text(&tree.to_json()).unwrap();
        assert_eq!(verified.connection_leaves, tree.connection_leaves());
    }
    // A smaller carrier bound plays the big connections out: more positions, smaller leaves.
    let small = ExtractOptions {
        max_carrier: 10,
        ..ExtractOptions::default()
    };
    let tree = proof_with("hex-4x4", Algorithm::DfPn, &small);
    assert!(tree.positions() > 100, "{}", tree.positions());
    assert!(
        tree.nodes
            .iter()
            .filter_map(|n| n.carrier.as_ref())
            .all(|c| c.len() <= 10)
    );
    verify_text(&tree.to_json()).unwrap();
}

#[test]
fn a_carrier_that_does_not_hold_is_a_hole_naming_node_line_and_cells() {
    let tree = proof("hex-3x3");
    let leaf = first_leaf(&tree);
    let carrier = tree.nodes[leaf].carrier.clone().unwrap();
    // Removing some cell breaks the connection (the carrier is not all slack).
    let mut broke = None;
    for i in 0..carrier.len() {
        let mut t = tree.clone();
        let mut cells = carrier.clone();
        cells.remove(i);
        t.nodes[leaf].carrier = Some(cells.clone());
        if let Err(e) = verify_text(&t.to_json()) {
            broke = Some((e.to_string(), cells));
            break;
        }
    }
    let (message, cells) = broke.expect("a cell the connection needs");
    assert_eq!(
        message,
        format!(
            "hole after b2 (node {leaf}): the connection does not hold: with white to move and \
             both sides playing only the carrier's {} cells ({}), black cannot be sure to join \
             its edges",
            cells.len(),
            cells.join(" ")
        )
    );
    // A leaf whose attacker really cannot connect: Black opens in the acute corner a1 of
    // Hex 3x3, which loses, and claims a connection over every empty cell.
    let mut t = tree.clone();
    t.nodes = vec![
        ProofNode::with_moves(vec![("a1".into(), 1)]),
        ProofNode::connection(
            ["b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
                .map(String::from)
                .to_vec(),
        ),
    ];
    let message = refused(&t);
    assert!(
        message.starts_with("hole after a1 (node 1): the connection does not hold"),
        "{message}"
    );
}

#[test]
fn malformed_connection_leaves_are_holes() {
    let tree = proof("hex-3x3");
    let leaf = first_leaf(&tree);
    // An occupied cell, a cell off the board, a cell listed twice.
    for (cell, why) in [
        ("b2", "b2 is already occupied"),
        ("z9", ""),
        ("DUP", "listed twice"),
    ] {
        let mut t = tree.clone();
        let mut cells = t.nodes[leaf].carrier.clone().unwrap();
        let cell = if cell == "DUP" {
            cells[0].clone()
        } else {
            cell.to_string()
        };
        cells.push(cell.clone());
        t.nodes[leaf].carrier = Some(cells);
        let message = refused(&t);
        assert!(
            message.starts_with(&format!(
                "hole after b2 (node {leaf}): connection leaf cell {cell}: "
            )) && message.ends_with(why),
            "{message}"
        );
    }
    // A connection leaf with the attacker to move.
    let mut t = tree.clone();
    t.nodes[0] = ProofNode::connection(vec!["a1".into()]);
    t.nodes.truncate(1);
    assert_eq!(
        refused(&t),
        "hole at the root (node 0): a connection leaf must be a position with the defender \
         to move, but the attacker (black) is to move"
    );
    // A connection leaf in a game other than Hex.
    let mut t = proof("tictactoe-fork");
    let or = t.or_nodes();
    let and = (0..t.nodes.len()).find(|&i| !or[i]).unwrap();
    t.nodes[and] = ProofNode::connection(vec!["a1".into()]);
    let message = refused(&t);
    assert!(
        message.ends_with("a connection leaf in mnk: only Hex proofs may end at a connection"),
        "{message}"
    );
}

#[test]
fn a_leaf_over_its_search_budget_stops_with_the_bound() {
    let tree = proof("hex-4x4");
    let bounds = Bounds {
        max_leaf_positions: 10,
        ..Bounds::default()
    };
    let err = verify_text_within(&tree.to_json(), &bounds).unwrap_err();
    assert!(matches!(err, VerifyError::Limit(_)), "{err:?}");
    let text = err.to_string();
    assert!(
        text.starts_with("verify stopped: the connection leaf after ")
            && text.contains(" needs more than 10 positions of restricted search"),
        "{text}"
    );
}

#[test]
fn version_1_files_still_verify_and_have_no_connection_leaves() {
    // max_carrier 0: a proof by the rules alone, as version 1 wrote it.
    let rules_only = ExtractOptions {
        max_carrier: 0,
        ..ExtractOptions::default()
    };
    let mut tree = proof_with("hex-3x3", Algorithm::DfPn, &rules_only);
    assert_eq!(tree.connection_leaves(), 0);
    tree.version = 1;
    let text = tree.to_json();
    assert!(text.contains("\"version\":1"), "{text}");
    assert_eq!(ProofTree::from_json(&text).unwrap(), tree);
    let verified = verify_text(&text).unwrap();
    assert_eq!(verified.positions, tree.positions());
    assert_eq!(verified.connection_leaves, 0);
    // A version 1 file with a connection leaf is refused.
    let mut tree = proof("hex-3x3");
    tree.version = 1;
    let message = refused(&tree);
    assert!(
        message.contains("is a connection leaf, which format version 1 does not have"),
        "{message}"
    );
}
