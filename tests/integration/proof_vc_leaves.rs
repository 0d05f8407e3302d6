//! Hex proofs that end at connection leaves (issue 18, point 7): a position where the
//! defender is to move and the attacker holds a full edge-to-edge virtual connection is a
//! leaf whose cells are written in the file, with (format version 3) the connection's
//! derivation, whose every step `verify` checks by its own reading of H-search's rules;
//! without a derivation (version 2, or `derive_connections` off) the cells are the carrier
//! plus the filled-in inferior cells and `verify` checks the leaf by exhaustive play inside
//! them. An AND node the attacker's connections do not close may list only the defences
//! inside its must-play region (format version 4), with the derivation of the attacker's
//! semi connections that answer the others. Debug time: a few seconds (`cargo test --test
//! proof_vc_leaves`).

use plyscope::proof_tree::extract::extract;
use plyscope::proof_tree::{ExtractOptions, ProofNode, ProofTree, VERSION};
use plyscope::puzzle::{Puzzle, find_bundled};
use plyscope::run::solve::solve_puzzle;
use plyscope::run::spec::SearchSpec;
use plyscope::search::Algorithm;
use plyscope::verify::{Bounds, VerifyError, verify_text, verify_text_within};

fn bundled(name: &str) -> (Puzzle, String) {
    let b = find_bundled(name).expect("a bundled puzzle");
    (b.load().unwrap(), b.text.to_string())
}

fn proof_with(name: &str, algorithm: Algorithm, bounds: &ExtractOptions) -> ProofTree {
    let (puzzle, text) = bundled(name);
    let mut options = SearchSpec::headless(&puzzle, algorithm);
    options.root_analysis = false;
    options.set_table_mb(8);
    let report = solve_puzzle(&puzzle, &options).unwrap();
    extract(&puzzle, &text, &options, &report, bounds)
        .unwrap_or_else(|e| panic!("{name} with {algorithm:?}: {e}"))
        .tree
}

fn proof(name: &str) -> ProofTree {
    proof_with(name, Algorithm::DfPn, &ExtractOptions::default())
}

/// A proof whose leaves carry no derivation: checked by play inside their cells.
fn played_proof(name: &str) -> ProofTree {
    let options = ExtractOptions {
        derive_connections: false,
        ..ExtractOptions::default()
    };
    proof_with(name, Algorithm::DfPn, &options)
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
            verified.to_string().contains(" connection leaf (")
                || verified.to_string().contains(" connection leaves ("),
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
    // Without derivations a smaller carrier bound plays the big connections out: more
    // positions, smaller leaves (after b3 the derived connection has 10 cells).
    let small = ExtractOptions {
        max_carrier: 9,
        derive_connections: false,
        ..ExtractOptions::default()
    };
    let tree = proof_with("hex-4x4", Algorithm::DfPn, &small);
    assert!(tree.positions() > 20, "{}", tree.positions());
    assert!(
        tree.nodes
            .iter()
            .filter_map(|n| n.carrier.as_ref())
            .all(|c| c.len() <= 9)
    );
    assert!(tree.nodes.iter().all(|n| n.vc.is_none()));
    verify_text(&tree.to_json()).unwrap();
    // With derivations the bound does not apply: the 10-cell connection is one leaf.
    let derived = ExtractOptions {
        max_carrier: 9,
        ..ExtractOptions::default()
    };
    let tree = proof_with("hex-4x4", Algorithm::DfPn, &derived);
    assert_eq!(tree.positions(), 2);
    let verified = verify_text(&tree.to_json()).unwrap();
    assert!(verified.derivation_steps > 10, "{verified:?}");
}

#[test]
fn a_carrier_that_does_not_hold_is_a_hole_naming_node_line_and_cells() {
    let tree = played_proof("hex-3x3");
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
    let tree = played_proof("hex-3x3");
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
    let tree = played_proof("hex-4x4");
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

/// The derivations (format version 3): every step checked by `verify`'s own reading of the
/// rules, so connections of any size end a line.
#[test]
fn hex_5x5_and_6x6_proofs_end_at_derived_connections() {
    for (name, positions) in [("hex-5x5", 2), ("hex-6x6", 4)] {
        let tree = proof(name);
        assert_eq!(tree.positions(), positions, "{name}");
        let leaves: Vec<&ProofNode> = tree.nodes.iter().filter(|n| n.carrier.is_some()).collect();
        assert!(!leaves.is_empty());
        for leaf in &leaves {
            let vc = leaf.vc.as_ref().expect("every leaf here has a derivation");
            assert_eq!(vc.last().unwrap().carrier, *leaf.carrier.as_ref().unwrap());
        }
        let verified = verify_text(&tree.to_json()).unwrap();
        assert_eq!(verified.connection_leaves, leaves.len());
        assert_eq!(verified.leaf_positions, 0, "{name}: nothing played out");
        assert!(verified.derivation_steps > 50, "{verified:?}");
    }
}

#[test]
fn a_proof_may_start_with_a_chosen_opening() {
    // Hex 5x5: c2 wins too (the proof below verifies), but it is not the solver's own move.
    let (puzzle, text) = bundled("hex-5x5");
    let mut options = SearchSpec::headless(&puzzle, Algorithm::DfPn);
    options.root_analysis = false;
    let report = solve_puzzle(&puzzle, &options).unwrap();
    assert_ne!(report.best_move.as_deref(), Some("c2"));
    let bounds = ExtractOptions {
        root_move: Some("c2".into()),
        ..ExtractOptions::default()
    };
    let tree = extract(&puzzle, &text, &options, &report, &bounds)
        .unwrap()
        .tree;
    assert_eq!(tree.nodes[0].moves[0].0, "c2");
    let verified = verify_text(&tree.to_json()).unwrap();
    assert!(verified.derivation_steps > 0);
    // A move that is no legal move is refused by name.
    let bounds = ExtractOptions {
        root_move: Some("z9".into()),
        ..ExtractOptions::default()
    };
    let err = extract(&puzzle, &text, &options, &report, &bounds).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("the proof's first move z9 is not a legal move at the root"),
        "{err}"
    );
}

#[test]
fn a_forged_derivation_is_a_hole_naming_the_step() {
    let tree = proof("hex-5x5");
    let leaf = first_leaf(&tree);
    let steps = tree.nodes[leaf].vc.clone().unwrap();
    // An AND step whose carrier lost a cell: the rule gives another carrier.
    let and = steps.iter().position(|s| s.rule == "and").unwrap();
    let mut t = tree.clone();
    t.nodes[leaf].vc.as_mut().unwrap()[and].carrier.clear();
    let message = refused(&t);
    assert!(
        message.starts_with(&format!(
            "hole after c3 (node {leaf}): the derivation of black's connection does not hold: \
             derivation step {and}: "
        )),
        "{message}"
    );
    // The leaf's cells cut down to fewer than the last step's.
    let mut t = tree.clone();
    t.nodes[leaf].carrier.as_mut().unwrap().pop();
    assert!(
        refused(&t).contains("the leaf's carrier is not the last step's (only the leaf's: none"),
        "{}",
        refused(&t)
    );
    // An OR step over one semi only.
    if let Some(or) = steps.iter().position(|s| s.rule == "or") {
        let mut t = tree.clone();
        t.nodes[leaf].vc.as_mut().unwrap()[or].from.truncate(1);
        assert!(
            refused(&t).contains("rule 'or' citing 1 steps"),
            "{}",
            refused(&t)
        );
    }
    // A derivation in a version 2 file.
    let mut t = tree.clone();
    t.version = 2;
    let message = refused(&t);
    assert!(
        message.contains("with a derivation (\"vc\"), which format version 2 does not have"),
        "{message}"
    );
    assert!(
        ProofTree::from_json(&t.to_json())
            .unwrap_err()
            .contains("format version 2 has no derivations")
    );
}

/// Proof with a chosen first move (`solve --proof-move`).
fn opening_proof(name: &str, opening: &str) -> ProofTree {
    let bounds = ExtractOptions {
        root_move: Some(opening.into()),
        ..ExtractOptions::default()
    };
    proof_with(name, Algorithm::DfPn, &bounds)
}

/// The first must-play node of a tree.
fn first_must_play(tree: &ProofTree) -> usize {
    tree.nodes
        .iter()
        .position(|n| n.must_play.is_some())
        .expect("a must-play node")
}

/// Must-play nodes (format version 4): an AND node lists only the defences inside every
/// semi connection's carrier, and `verify` accepts the others as answered by a key.
#[test]
fn must_play_nodes_list_only_the_defences_inside_the_semis() {
    // The empty 6x6 board: the centre, then one must-play node, and its defences end at
    // derived connections. Before must-play nodes the same proof had 72 positions.
    let tree = proof("hex-6x6");
    assert_eq!(tree.version, VERSION);
    assert_eq!(tree.must_play_nodes(), 1);
    let node = first_must_play(&tree);
    let must_play = tree.nodes[node].must_play.as_ref().unwrap();
    for &i in &must_play.semis {
        let semi = &must_play.vc[i];
        assert_eq!(semi.ends, ["edge1".to_string(), "edge2".to_string()]);
        assert!(semi.key.is_some());
    }
    let verified = verify_text(&tree.to_json()).unwrap();
    assert_eq!(verified.must_play_nodes, 1);
    // 35 defences on 6x6 after one stone: those listed plus those answered by a key.
    assert_eq!(
        verified.answered_by_key as usize + tree.nodes[node].moves.len(),
        35
    );
    let text = verified.to_string();
    assert!(
        text.contains("1 must-play node (34 defences answered by a semi connection's key)"),
        "{text}"
    );
    // The file round-trips, must-play node and all.
    assert_eq!(ProofTree::from_json(&tree.to_json()).unwrap(), tree);
    // A non-centre opening: Hex 6x6 after b3 took 89,659 positions without must-play nodes.
    let tree = opening_proof("hex-6x6", "b3");
    assert!(tree.positions() < 200, "{}", tree.positions());
    assert!(tree.must_play_nodes() > 10, "{}", tree.must_play_nodes());
    let verified = verify_text(&tree.to_json()).unwrap();
    assert_eq!(verified.positions, tree.positions());
    assert!(verified.answered_by_key > 100, "{verified:?}");
    // Off, every defence is listed again (format version 2's shape).
    let tree = played_proof("hex-4x4");
    assert_eq!(tree.must_play_nodes(), 0);
}

#[test]
fn a_forged_must_play_node_is_a_hole() {
    let tree = opening_proof("hex-6x6", "b3");
    let node = first_must_play(&tree);
    let must_play = tree.nodes[node].must_play.clone().unwrap();
    // A defence inside the region dropped: the verifier asks for it by name.
    let mut t = tree.clone();
    let (dropped, _) = t.nodes[node].moves.pop().unwrap();
    let message = refused(&t);
    assert!(
        message.contains(&format!("the defender (white) move {dropped} is missing")),
        "{message}"
    );
    // A semi that is no semi of the two edges (a base step), or past the last step.
    let base = must_play.vc.iter().position(|s| s.rule == "base").unwrap();
    let mut t = tree.clone();
    t.nodes[node].must_play.as_mut().unwrap().semis[0] = base;
    let message = refused(&t);
    assert!(
        message.contains(&format!(
            "the derivation of black's semi connections does not hold: derivation step \
             {base}: a must-play node's semis must be semi connections of edge1 and edge2"
        )),
        "{message}"
    );
    let mut t = tree.clone();
    t.nodes[node].must_play.as_mut().unwrap().semis[0] = must_play.vc.len();
    assert!(
        refused(&t).contains("is past the last step"),
        "{}",
        refused(&t)
    );
    // No semi at all: nothing answers the defences left out.
    let mut t = tree.clone();
    t.nodes[node].must_play.as_mut().unwrap().semis.clear();
    assert!(
        refused(&t).contains("a must-play node names no semi connection"),
        "{}",
        refused(&t)
    );
    // A forged step of the derivation (an AND step's carrier emptied).
    if let Some(and) = must_play.vc.iter().position(|s| s.rule == "and") {
        let mut t = tree.clone();
        t.nodes[node].must_play.as_mut().unwrap().vc[and]
            .carrier
            .clear();
        let message = refused(&t);
        assert!(
            message.contains(&format!("derivation step {and}: ")),
            "{message}"
        );
    }
    // A must-play node where the attacker is to move: moved to the root.
    let mut t = tree.clone();
    t.nodes[0].must_play = Some(must_play.clone());
    let message = refused(&t);
    assert!(
        message.contains("a must-play node must be a position with the defender to move"),
        "{message}"
    );
    // A must-play node in a version 3 file.
    let mut t = tree.clone();
    t.version = 3;
    let message = refused(&t);
    assert!(
        message.contains(
            "is a must-play node (an object with \"semis\"), which format version 3 does not have"
        ),
        "{message}"
    );
    assert!(
        ProofTree::from_json(&t.to_json())
            .unwrap_err()
            .contains("format version 3 has no must-play nodes")
    );
}

#[test]
fn a_must_play_node_outside_hex_is_a_hole() {
    let tree = proof_with(
        "tictactoe-fork",
        Algorithm::DfPn,
        &ExtractOptions::default(),
    );
    let donor = opening_proof("hex-6x6", "b3");
    let must_play = donor.nodes[first_must_play(&donor)].must_play.clone();
    let or = tree.or_nodes();
    let and = (0..tree.nodes.len())
        .find(|&n| !or[n] && !tree.nodes[n].moves.is_empty())
        .expect("an AND node");
    let mut t = tree.clone();
    t.nodes[and].must_play = must_play.clone();
    let message = refused(&t);
    assert!(
        message.contains("a must-play node in mnk: only Hex proofs may answer defences"),
        "{message}"
    );
    // On a finished game.
    let leaf = (0..tree.nodes.len())
        .find(|&n| n > 0 && tree.nodes[n].moves.is_empty())
        .expect("a leaf");
    let mut t = tree.clone();
    t.nodes[leaf].must_play = must_play;
    let message = refused(&t);
    assert!(
        message.contains(
            "a must-play node must be a position with the defender to move, but the game is over"
        ),
        "{message}"
    );
}
