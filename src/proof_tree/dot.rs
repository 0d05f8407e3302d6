//! A proof tree as a Graphviz DOT digraph (for `plyscope export`).
//!
//! One graph node per position of the DAG: OR nodes (the attacker to move) are boxes, AND
//! nodes (the defender to move) ellipses, leaves (finished games) filled double octagons,
//! connection leaves (Hex: the attacker's edges joined by a virtual connection) filled
//! hexagons, must-play nodes (Hex AND nodes listing only the defences inside the attacker's
//! semi connections) dashed ellipses.
//! Edges carry the moves in the game's notation. Node `n{i}` is the file's node `i`, so a
//! hole the verifier reports ("node 17") can be found in the drawing.

use std::fmt::Write;

use super::ProofTree;

/// The DOT text of `tree`.
pub fn write(tree: &ProofTree) -> String {
    let or = tree.or_nodes();
    let mut out = String::new();
    let title = escape(&format!(
        "proof that {} reaches {} in {} ({})",
        tree.attacker,
        tree.goal.word(),
        tree.puzzle_name,
        tree.algorithm
    ));
    let _ = writeln!(out, "digraph proof {{");
    let _ = writeln!(out, "  label=\"{title}\";");
    let _ = writeln!(out, "  node [fontname=\"monospace\"];");
    for (i, node) in tree.nodes.iter().enumerate() {
        let (shape, label) = if node.carrier.is_some() {
            ("hexagon, style=filled", "connected")
        } else if node.must_play.is_some() {
            // The defences outside the region are answered by a semi connection's key.
            ("ellipse, style=dashed", "AND must-play")
        } else if node.moves.is_empty() {
            ("doubleoctagon, style=filled", "won")
        } else if or[i] {
            ("box", "OR")
        } else {
            ("ellipse", "AND")
        };
        let _ = writeln!(out, "  n{i} [shape={shape}, label=\"{label} {i}\"];");
    }
    for (i, node) in tree.nodes.iter().enumerate() {
        for (mv, child) in &node.moves {
            let _ = writeln!(out, "  n{i} -> n{child} [label=\"{}\"];", escape(mv));
        }
    }
    out.push_str("}\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof_tree::{FORMAT, ProofGoal, ProofNode, VERSION};

    #[test]
    fn shapes_follow_or_and_and_edges_carry_moves() {
        let tree = ProofTree {
            format: FORMAT.into(),
            version: VERSION,
            puzzle_name: "p".into(),
            puzzle: String::new(),
            algorithm: "dfpn".into(),
            attacker: "black".into(),
            goal: ProofGoal::Win,
            nodes: vec![
                ProofNode::with_moves(vec![("c3".into(), 1)]),
                ProofNode::with_moves(vec![("a1".into(), 2)]),
                ProofNode::default(),
            ],
        };
        let dot = write(&tree);
        assert!(dot.starts_with("digraph proof {\n"), "{dot}");
        assert!(dot.contains("n0 [shape=box, label=\"OR 0\"];"), "{dot}");
        assert!(
            dot.contains("n1 [shape=ellipse, label=\"AND 1\"];"),
            "{dot}"
        );
        assert!(dot.contains("n2 [shape=doubleoctagon, style=filled, label=\"won 2\"];"));
        assert!(dot.contains("n0 -> n1 [label=\"c3\"];"), "{dot}");
        assert!(dot.trim_end().ends_with('}'));
        // A must-play node is told apart from a plain AND node.
        let mut tree = tree;
        tree.nodes[1].must_play = Some(crate::proof_tree::MustPlayProof {
            vc: Vec::new(),
            semis: Vec::new(),
        });
        let dot = write(&tree);
        assert!(
            dot.contains("n1 [shape=ellipse, style=dashed, label=\"AND must-play 1\"];"),
            "{dot}"
        );
    }
}
