//! Proof trees: the certificate of a solver's win that anyone can check with the rules alone
//!
//! A proof tree for the attacker (the side to move at the puzzle's root) holds one attacker
//! move at every OR node (the attacker to move), every legal defender move at every AND node
//! (the defender to move), and ends in leaves the rules say are finished games the attacker
//! has won (Hric and Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda search*,
//! section "proof tree": a proof is a subtree in which every OR node keeps one child and every AND
//! node all of its children). For the goal "at least a draw" ([`ProofGoal::WinOrDraw`], a puzzle's
//! `draw = "attacker"`) the leaves are finished games the attacker has won or drawn.
//!
//! The tree is stored as a DAG: a position reached by several move orders is one node
//! ([`ProofTree::nodes`], node 0 the root), which keeps AtariGo 5x5's proof small. In games
//! whose draws depend on the path (the third repetition of a position: Gobblet, Gobblet
//! Gobblers, Czech checkers) a position may be won on one line and drawn on another, so
//! their proofs are trees: the same format, with every node reached by one line only
//! ([`build::Shape`]). Moves are written in the game's notation. The file format
//! ([`ProofTree::to_json`]) carries the puzzle's TOML text, so `plyscope verify FILE`
//! ([`crate::verify`]) needs nothing else and shares no code with the solvers that produced
//! it.
//!
//! # Connection leaves (format version 2, Hex only)
//!
//! A proof may also end at a *connection leaf*: a position where the defender is to move and
//! the attacker holds a full edge-to-edge connection (H-search's virtual connection,
//! `Hex::solver_readout()`). Such a node has no moves; it is written as an object with the
//! connection's cells in the game's notation instead of a list of moves:
//! `{"carrier":["b3","c2","c3"]}`. The cells are the connection's carrier together with
//! every empty cell the inferior-cell fill-in filled (dead and captured cells), since
//! H-search works on the filled board and the verifier replays the position as it is. The
//! verifier ([`crate::verify`]) checks each such leaf on its own, by exhaustive play
//! restricted to those cells (the defender first), sharing no code with the VC engine.
//!
//! # Derivations (format version 3)
//!
//! Exhaustive play grows about threefold with each cell, so a 6x6 proof's connections (20
//! to 30 cells) could not be checked that way. A leaf may therefore carry the connection's
//! derivation, `{"carrier":[...],"vc":[steps]}` (`Hex::connection_certificate`): H-search's
//! own steps, each a connection made by the base, AND or OR rule from earlier steps,
//! `{"ends":["edge1","c3"],"carrier":["b3","c2"],"key":"b3","rule":"and","from":[4,7]}`
//! (`"edge1"`/`"edge2"`: the attacker's first and second edge; a stone stands for its
//! chain; `key` only for a semi connection; `carrier` and `from` left out when empty), the
//! last one the full connection of the two edges whose carrier is the leaf's `carrier`.
//! The verifier checks every step by its own reading of the rules. Such a derivation holds
//! on the board as it is (only the defender's inferior cells were filled in to find it),
//! and its size is not bounded by [`ExtractOptions::max_carrier`]. Files of versions 1 (no
//! connection leaves) and 2 (no derivations) are still read.
//!
//! # Must-play nodes (format version 4)
//!
//! An AND node the attacker's connections do not close may still leave the defender few
//! moves that matter: when the attacker holds semi connections of its two edges, a defender
//! move outside the carrier of one of them is answered by that semi's key, which joins the
//! edges (Hayward et al., "Solving 7x7 Hex": the must-play region is the intersection of
//! those carriers). Such a node is written `{"moves":[...],"vc":[steps],"semis":[i,...]}`:
//! its moves are the defender's legal moves inside every listed semi's carrier, `vc` a
//! derivation as above in which the steps `semis` are semi connections of `edge1` and
//! `edge2` (`Hex::must_play_certificate`). The verifier checks the derivation, then asks for
//! every legal move inside the intersection and no other; a derivation whose semis' carriers
//! meet in no empty cell closes the node with no moves (the OR rule over them).
//!
//! [`extract`] builds trees from any solver's win, within [`ExtractOptions`] or with the
//! [`ExtractError`] that says why not ([`build`] walks the strategy, asking an oracle of
//! [`oracle`] or the kept df-pn table); [`sgf`] and [`dot`] write them for other tools.

pub mod build;
pub mod dot;
pub mod extract;
mod kept;
pub mod oracle;
pub mod sgf;

use serde::{Deserialize, Serialize};

use crate::game::Player;
use crate::puzzle::{Puzzle, find_bundled};

/// The name written in the file's `format` field.
pub const FORMAT: &str = "plyscope-proof-tree";

/// The version of the file format this build writes (version 2 added connection leaves,
/// version 3 their derivations, version 4 must-play nodes; older files are still read).
pub const VERSION: u32 = 4;

/// The oldest version this build reads.
pub const OLDEST_VERSION: u32 = 1;

/// What the attacker's leaves must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProofGoal {
    /// Every leaf is a finished game the attacker won.
    Win,
    /// Every leaf is a finished game the attacker won or drew (`draw = "attacker"`).
    WinOrDraw,
}

impl ProofGoal {
    /// "win" or "win-or-draw", as in the file.
    pub fn word(self) -> &'static str {
        match self {
            ProofGoal::Win => "win",
            ProofGoal::WinOrDraw => "win-or-draw",
        }
    }
}

/// One position of the proof: its moves and the node each leads to. Empty for a leaf; one
/// entry at an OR node; every legal defender move at an AND node. A connection leaf (Hex)
/// has no moves and the cells of the attacker's connection in `carrier`.
///
/// In the file a node is its list of moves, `[["c3",1]]`, for a connection leaf an object,
/// `{"carrier":["b3","c2"]}`, and for a must-play node an object with its moves,
/// `{"moves":[["c3",1]],"vc":[...],"semis":[4,9]}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProofNode {
    /// `(move in the game's notation, index of the node after it)`.
    pub moves: Vec<(String, u32)>,
    /// For a connection leaf, the cells inside which the attacker joins its edges whatever
    /// the defender (to move) plays, in the game's notation.
    pub carrier: Option<Vec<String>>,
    /// For a connection leaf with a derivation (version 3), its steps.
    pub vc: Option<Vec<DerivationStep>>,
    /// For a must-play node (version 4, an AND node), the attacker's edge-to-edge semi
    /// connections that leave the defender only `moves`.
    pub must_play: Option<MustPlayProof>,
}

/// Why an AND node lists only some of the defender's moves (module doc, "Must-play
/// nodes"): the attacker's semi connections of its edges, derived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MustPlayProof {
    /// The derivation.
    pub vc: Vec<DerivationStep>,
    /// The indices of its steps that are the semi connections of the two edges.
    pub semis: Vec<usize>,
}

/// One step of a connection leaf's derivation (module doc, "Derivations").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DerivationStep {
    /// The two ends: `"edge1"`, `"edge2"` or a cell.
    pub ends: [String; 2],
    /// The carrier's cells.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carrier: Vec<String>,
    /// The key of a semi connection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// `"base"`, `"and"` or `"or"`.
    pub rule: String,
    /// The earlier steps the rule combines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<usize>,
}

/// What a connection leaf holds: its cells and, when known, its derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectionProof {
    /// The cells (see [`ProofNode::carrier`]).
    pub carrier: Vec<String>,
    /// The derivation, whose last step's carrier is `carrier`.
    pub vc: Option<Vec<DerivationStep>>,
}

impl ProofNode {
    /// A node with these moves.
    pub fn with_moves(moves: Vec<(String, u32)>) -> ProofNode {
        ProofNode {
            moves,
            carrier: None,
            vc: None,
            must_play: None,
        }
    }

    /// A connection leaf with these cells.
    pub fn connection(carrier: Vec<String>) -> ProofNode {
        ProofNode::connection_proof(ConnectionProof { carrier, vc: None })
    }

    /// A connection leaf with these cells and, when known, the derivation.
    pub fn connection_proof(proof: ConnectionProof) -> ProofNode {
        ProofNode {
            moves: Vec::new(),
            carrier: Some(proof.carrier),
            vc: proof.vc,
            must_play: None,
        }
    }
}

/// A node written as an object: a connection leaf, `{"carrier":[...]}` with `"vc":[...]`
/// when derived, or a must-play node, `{"moves":[...],"vc":[...],"semis":[...]}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeObject {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    carrier: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<(String, u32)>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    vc: Option<Vec<DerivationStep>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    semis: Option<Vec<usize>>,
}

impl Serialize for ProofNode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match (&self.carrier, &self.must_play) {
            (Some(carrier), _) => NodeObject {
                carrier: Some(carrier.clone()),
                moves: None,
                vc: self.vc.clone(),
                semis: None,
            }
            .serialize(s),
            (None, Some(must_play)) => NodeObject {
                carrier: None,
                moves: Some(self.moves.clone()),
                vc: Some(must_play.vc.clone()),
                semis: Some(must_play.semis.clone()),
            }
            .serialize(s),
            (None, None) => self.moves.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for ProofNode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ProofNode, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = ProofNode;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a list of moves, a connection leaf {\"carrier\": [...]} or a must-play \
                     node {\"moves\": [...], \"vc\": [...], \"semis\": [...]}",
                )
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<ProofNode, A::Error> {
                let moves =
                    Deserialize::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))?;
                Ok(ProofNode::with_moves(moves))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<ProofNode, A::Error> {
                let object: NodeObject =
                    Deserialize::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                match object {
                    NodeObject {
                        carrier: Some(carrier),
                        moves: None,
                        vc,
                        semis: None,
                    } => Ok(ProofNode::connection_proof(ConnectionProof { carrier, vc })),
                    NodeObject {
                        carrier: None,
                        moves: Some(moves),
                        vc: Some(vc),
                        semis: Some(semis),
                    } => Ok(ProofNode {
                        moves,
                        carrier: None,
                        vc: None,
                        must_play: Some(MustPlayProof { vc, semis }),
                    }),
                    _ => Err(serde::de::Error::custom(
                        "a node object is a connection leaf (\"carrier\", maybe \"vc\") or a \
                         must-play node (\"moves\", \"vc\" and \"semis\")",
                    )),
                }
            }
        }
        d.deserialize_any(Visit)
    }
}

/// A proof tree (a DAG: transpositions share a node; a tree in games with a draw by
/// repetition), ready to save or verify.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProofTree {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] when written by this build.
    pub version: u32,
    /// The puzzle's name (bundled name or path), for messages.
    pub puzzle_name: String,
    /// The puzzle file's TOML text: the verifier rebuilds the root position from it.
    pub puzzle: String,
    /// The algorithm whose win this proves (information only).
    pub algorithm: String,
    /// The side to move at the root.
    pub attacker: String,
    /// What the leaves must be.
    pub goal: ProofGoal,
    /// The positions; node 0 is the root.
    pub nodes: Vec<ProofNode>,
}

impl ProofTree {
    /// Number of distinct positions (DAG nodes).
    pub fn positions(&self) -> usize {
        self.nodes.len()
    }

    /// Number of connection leaves.
    pub fn connection_leaves(&self) -> usize {
        self.nodes.iter().filter(|n| n.carrier.is_some()).count()
    }

    /// Number of must-play nodes (AND nodes listing only the defender's moves inside the
    /// attacker's semi connections).
    pub fn must_play_nodes(&self) -> usize {
        self.nodes.iter().filter(|n| n.must_play.is_some()).count()
    }

    /// Number of moves stored (DAG edges).
    pub fn edges(&self) -> usize {
        self.nodes.iter().map(|n| n.moves.len()).sum()
    }

    /// The attacker as a [`Player`], if the field names one.
    pub fn attacker_player(&self) -> Option<Player> {
        match self.attacker.as_str() {
            "black" => Some(Player::Black),
            "white" => Some(Player::White),
            _ => None,
        }
    }

    /// True for each node the attacker moves at (OR nodes), by the parity of its distance
    /// from the root: every game here alternates moves, and a position is one node, so
    /// every path to a node has the same parity. Nodes not reachable from the root are
    /// `false`.
    pub fn or_nodes(&self) -> Vec<bool> {
        let mut or = vec![false; self.nodes.len()];
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![(0usize, true)];
        while let Some((n, is_or)) = stack.pop() {
            if n >= self.nodes.len() || seen[n] {
                continue;
            }
            seen[n] = true;
            or[n] = is_or;
            for &(_, child) in &self.nodes[n].moves {
                stack.push((child as usize, !is_or));
            }
        }
        or
    }

    /// The file's text: compact JSON, one line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a proof tree always serialises")
    }

    /// Reads a file written by [`ProofTree::to_json`]; a message naming the line and column
    /// of a syntax error, or the wrong format or version.
    pub fn from_json(text: &str) -> Result<ProofTree, String> {
        let tree: ProofTree = serde_json::from_str(text).map_err(|e| {
            format!(
                "line {}, column {}: not a proof tree file: {e}",
                e.line(),
                e.column()
            )
        })?;
        if tree.format != FORMAT {
            return Err(format!("format is '{}', expected '{FORMAT}'", tree.format));
        }
        if !(OLDEST_VERSION..=VERSION).contains(&tree.version) {
            return Err(format!(
                "format version {} is not supported (this build reads versions \
                 {OLDEST_VERSION} to {VERSION})",
                tree.version
            ));
        }
        if tree.version < 2 && tree.connection_leaves() > 0 {
            return Err(format!(
                "format version {} has no connection leaves (a node with \"carrier\"); \
                 they came with version 2",
                tree.version
            ));
        }
        if tree.version < 4 && tree.nodes.iter().any(|n| n.must_play.is_some()) {
            return Err(format!(
                "format version {} has no must-play nodes (an object with \"semis\"); they \
                 came with version 4",
                tree.version
            ));
        }
        if tree.version < 3 && tree.nodes.iter().any(|n| n.vc.is_some()) {
            return Err(format!(
                "format version {} has no derivations (a leaf with \"vc\"); they came with \
                 version 3",
                tree.version
            ));
        }
        Ok(tree)
    }
}

/// The default most cells of a connection leaf: the verifier's restricted search of a
/// 14-cell carrier takes about 0.2 s in release (Hex 4x4 after b3: 107,508 positions);
/// each further cell multiplies it by about 3.
pub const MAX_CARRIER: usize = 14;

/// Bounds of an extraction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtractOptions {
    /// Most positions (DAG nodes) the tree may have.
    pub max_positions: usize,
    /// Table size in MiB of each re-solve (at most the solve's own).
    pub resolve_tt_mb: usize,
    /// Most cells a connection leaf without a derivation may have (Hex): a position decided
    /// by a larger connection H-search cannot derive on the board as it is is played out
    /// further, since the verifier's restricted search grows exponentially with the cells.
    /// Leaves with a derivation have no such bound. 0: no connection leaves at all (a proof
    /// by the rules alone).
    pub max_carrier: usize,
    /// Write each connection leaf's derivation when the game has one (format version 3),
    /// and must-play nodes (version 4) where the attacker's derived semi connections leave
    /// the defender fewer moves. Off, every leaf is checked by play inside its cells and
    /// bounded by `max_carrier`, and every AND node lists every defence, as version 2 wrote
    /// them.
    pub derive_connections: bool,
    /// The attacker's first move, in the game's notation, when the proof is to start with
    /// it (`solve --proof-move`: the proof that one opening wins); `None` takes the
    /// solve's own.
    pub root_move: Option<String>,
}

impl Default for ExtractOptions {
    /// 4 million positions (about 900 MB of memory at the bound, measured on Hex 5x5; at
    /// AtariGo 5x5's 19 bytes of JSON a position, about 80 MB of file); re-solves with 8 MiB
    /// tables.
    fn default() -> ExtractOptions {
        ExtractOptions {
            max_positions: 4_000_000,
            resolve_tt_mb: 8,
            max_carrier: MAX_CARRIER,
            derive_connections: true,
            root_move: None,
        }
    }
}

/// Why no proof tree came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExtractError {
    /// The solve did not report the goal reached.
    #[error("nothing to prove: {algorithm} reports {result} for {puzzle}, not a win")]
    NotAWin {
        puzzle: String,
        algorithm: String,
        result: String,
    },
    /// A re-solve did not find the win again.
    #[error("{algorithm} did not re-prove the win {path}: {why}")]
    NotReproved {
        algorithm: String,
        path: String,
        why: String,
    },
    /// A line of the solver's strategy ends in a game the attacker has not won.
    #[error("the strategy reaches a finished game the attacker has not won {path}: {what}")]
    LostLine { path: String, what: String },
    /// A position repeats on its own line (impossible in the supported games).
    #[error("the strategy returns to a position {path}: a cycle")]
    Cycle { path: String },
    /// The bound was reached.
    #[error(
        "the proof tree has more than {limit} positions; raise the bound (--proof-max-positions)"
    )]
    TooLarge { limit: usize },
    /// The puzzle's text could not be read back.
    #[error("{0}")]
    Puzzle(String),
    /// The first move asked for is no legal move at the root.
    #[error("the proof's first move {mv} is not a legal move at the root: {why}")]
    BadRootMove { mv: String, why: String },
}

/// The TOML text of a loaded puzzle: the bundled file's text, or the file at its path.
pub fn puzzle_text(puzzle: &Puzzle) -> Result<String, String> {
    if let Some(bundled) = find_bundled(&puzzle.name) {
        return Ok(bundled.text.to_string());
    }
    crate::text_file::read_capped(
        &puzzle.name,
        crate::text_file::SMALL_FILE_CAP,
        "a puzzle file",
    )
    .map_err(|e| format!("{}: cannot read the puzzle file again: {e}", puzzle.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> ProofTree {
        ProofTree {
            format: FORMAT.into(),
            version: VERSION,
            puzzle_name: "p".into(),
            puzzle: "game = \"mnk\"".into(),
            algorithm: "dfpn".into(),
            attacker: "black".into(),
            goal: ProofGoal::Win,
            nodes: vec![
                ProofNode::with_moves(vec![("c3".into(), 1)]),
                ProofNode::with_moves(vec![("a1".into(), 2), ("b1".into(), 2)]),
                ProofNode::default(),
            ],
        }
    }

    #[test]
    fn json_round_trips_and_stays_compact() {
        let tree = small();
        let text = tree.to_json();
        assert!(
            text.contains(r#""nodes":[[["c3",1]],[["a1",2],["b1",2]],[]]"#),
            "{text}"
        );
        assert_eq!(ProofTree::from_json(&text).unwrap(), tree);
        assert_eq!(tree.positions(), 3);
        assert_eq!(tree.edges(), 3);
        assert_eq!(tree.or_nodes(), vec![true, false, true]);
    }

    #[test]
    fn wrong_format_or_version_is_refused() {
        let mut tree = small();
        tree.version = 9;
        assert_eq!(
            ProofTree::from_json(&tree.to_json()).unwrap_err(),
            "format version 9 is not supported (this build reads versions 1 to 4)"
        );
        // Version 1 has no connection leaves; version 2 writes them as objects.
        tree.version = 2;
        tree.nodes[2] = ProofNode::connection(vec!["b2".into(), "c1".into()]);
        let text = tree.to_json();
        assert!(
            text.contains(r#"[["a1",2],["b1",2]],{"carrier":["b2","c1"]}]"#),
            "{text}"
        );
        assert_eq!(ProofTree::from_json(&text).unwrap(), tree);
        tree.version = 1;
        assert!(
            ProofTree::from_json(&tree.to_json())
                .unwrap_err()
                .contains("has no connection leaves")
        );
        let err = ProofTree::from_json("{\"format\": 3}").unwrap_err();
        assert!(err.starts_with("line 1, column "), "{err}");
    }
}
