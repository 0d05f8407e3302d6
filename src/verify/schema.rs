//! The proof tree file as the verifier reads it: its own declaration of the writer's schema
//! (so the verifier shares no code with the writer), and the checks of the file's format,
//! version and goal before any move is replayed.

use std::fmt;

use serde::Deserialize;

use super::VerifyError;
use super::derivation::StepText;

/// The file as the verifier reads it (the writer's schema, declared again here so the
/// verifier shares no code with the writer).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ProofFile {
    format: String,
    version: u32,
    pub(super) puzzle_name: String,
    pub(super) puzzle: String,
    #[allow(dead_code)]
    algorithm: String,
    pub(super) attacker: String,
    goal: String,
    pub(super) nodes: Vec<FileNode>,
}

/// One node as the verifier reads it: a list of moves, or (version 2) a connection leaf
/// `{"carrier": [cells]}`, with (version 3) the connection's derivation `"vc": [steps]`, or
/// (version 4) a must-play node `{"moves": [...], "vc": [steps], "semis": [steps]}`.
pub(super) enum FileNode {
    Moves(Vec<(String, u32)>),
    Carrier(CarrierNode),
    MustPlay(MustPlayNode),
}

impl FileNode {
    pub(super) fn moves(&self) -> &[(String, u32)] {
        match self {
            FileNode::Moves(moves) => moves,
            FileNode::Carrier(_) => &[],
            FileNode::MustPlay(node) => &node.moves,
        }
    }

    /// Entries the node holds: moves, cells and derivation steps.
    pub(super) fn entries(&self) -> u64 {
        match self {
            FileNode::Moves(moves) => moves.len() as u64,
            FileNode::Carrier(leaf) => leaf.entries(),
            FileNode::MustPlay(node) => {
                (node.moves.len() + node.vc.len() + node.semis.len()) as u64
            }
        }
    }

    /// Bytes of text the node holds.
    pub(super) fn text_bytes(&self) -> u64 {
        let moves =
            |moves: &[(String, u32)]| moves.iter().map(|(m, _)| m.len() as u64).sum::<u64>();
        match self {
            FileNode::Moves(m) => moves(m),
            FileNode::Carrier(leaf) => leaf.text_bytes(),
            FileNode::MustPlay(node) => {
                moves(&node.moves)
                    + node.vc.iter().map(StepText::text_bytes).sum::<u64>()
                    + 8 * node.semis.len() as u64
            }
        }
    }
}

/// A node written as an object, before it is told apart.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeObject {
    #[serde(default)]
    carrier: Option<Vec<String>>,
    #[serde(default)]
    moves: Option<Vec<(String, u32)>>,
    #[serde(default)]
    vc: Option<Vec<StepText>>,
    #[serde(default)]
    semis: Option<Vec<usize>>,
}

pub(super) struct CarrierNode {
    pub(super) carrier: Vec<String>,
    /// The derivation of the connection (version 3); without it the leaf is checked by
    /// play inside the carrier.
    pub(super) vc: Option<Vec<StepText>>,
}

/// An AND node listing only the defender's moves inside the carriers of the attacker's
/// semi connections of its edges (version 4).
pub(super) struct MustPlayNode {
    pub(super) moves: Vec<(String, u32)>,
    /// The derivation holding the semis.
    pub(super) vc: Vec<StepText>,
    /// The steps of `vc` that are the edge-to-edge semi connections.
    pub(super) semis: Vec<usize>,
}

impl CarrierNode {
    /// Bytes of text the leaf holds.
    fn text_bytes(&self) -> u64 {
        let cells = self.carrier.iter().map(|m| m.len() as u64).sum::<u64>();
        cells
            + self
                .vc
                .iter()
                .flatten()
                .map(StepText::text_bytes)
                .sum::<u64>()
    }

    /// Entries the leaf holds: its cells and its steps.
    fn entries(&self) -> u64 {
        (self.carrier.len() + self.vc.as_ref().map_or(0, Vec::len)) as u64
    }
}

impl<'de> Deserialize<'de> for FileNode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FileNode, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = FileNode;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a list of moves, a connection leaf {\"carrier\": [...]} or a must-play \
                     node {\"moves\": [...], \"vc\": [...], \"semis\": [...]}",
                )
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<FileNode, A::Error> {
                let moves = Vec::<(String, u32)>::deserialize(
                    serde::de::value::SeqAccessDeserializer::new(seq),
                )?;
                Ok(FileNode::Moves(moves))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<FileNode, A::Error> {
                let object =
                    NodeObject::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                match object {
                    NodeObject {
                        carrier: Some(carrier),
                        moves: None,
                        vc,
                        semis: None,
                    } => Ok(FileNode::Carrier(CarrierNode { carrier, vc })),
                    NodeObject {
                        carrier: None,
                        moves: Some(moves),
                        vc: Some(vc),
                        semis: Some(semis),
                    } => Ok(FileNode::MustPlay(MustPlayNode { moves, vc, semis })),
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

/// Reads `text` as a proof tree file of a supported version: the file, and whether a draw
/// reaches its goal (`win-or-draw`).
pub(super) fn read(text: &str) -> Result<(ProofFile, bool), VerifyError> {
    let file: ProofFile = serde_json::from_str(text).map_err(|e| {
        // serde_json's message ends in its own " at line L column C": said once, in front.
        let message = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let what = message.strip_suffix(&suffix).unwrap_or(&message);
        let what = if e.is_eof() {
            format!("{what} (the file ends early: was it cut short?)")
        } else {
            what.to_string()
        };
        VerifyError::Format(format!("line {}, column {}: {what}", e.line(), e.column()))
    })?;
    if file.format != "plyscope-proof-tree" {
        return Err(VerifyError::Format(format!(
            "format is '{}', expected 'plyscope-proof-tree'",
            file.format
        )));
    }
    if !(1..=4).contains(&file.version) {
        return Err(VerifyError::Format(format!(
            "format version {} is not supported (this build reads versions 1 to 4)",
            file.version
        )));
    }
    if file.version < 2
        && let Some(n) = file
            .nodes
            .iter()
            .position(|n| matches!(n, FileNode::Carrier(_)))
    {
        return Err(VerifyError::Format(format!(
            "node {n} is a connection leaf, which format version {} does not have (they \
             came with version 2)",
            file.version
        )));
    }
    if file.version < 3
        && let Some(n) = file
            .nodes
            .iter()
            .position(|n| matches!(n, FileNode::Carrier(c) if c.vc.is_some()))
    {
        return Err(VerifyError::Format(format!(
            "node {n} is a connection leaf with a derivation (\"vc\"), which format version \
             {} does not have (they came with version 3)",
            file.version
        )));
    }
    if file.version < 4
        && let Some(n) = file
            .nodes
            .iter()
            .position(|n| matches!(n, FileNode::MustPlay(_)))
    {
        return Err(VerifyError::Format(format!(
            "node {n} is a must-play node (an object with \"semis\"), which format version \
             {} does not have (they came with version 4)",
            file.version
        )));
    }
    let draws_count = match file.goal.as_str() {
        "win" => false,
        "win-or-draw" => true,
        other => {
            return Err(VerifyError::Format(format!(
                "goal '{other}' is neither 'win' nor 'win-or-draw'"
            )));
        }
    };
    if file.nodes.is_empty() {
        return Err(VerifyError::Format("the file has no nodes".to_string()));
    }
    Ok((file, draws_count))
}
