//! The independent verifier of proof trees (issue 7, deliverable 2): `plyscope verify FILE`.
//!
//! It replays a proof tree file against the rules alone. It reads the file with its own
//! schema ([`ProofFile`]), rebuilds the root from the puzzle text inside with the puzzle
//! loader, and then only plays moves with [`crate::game::Game`]: it imports nothing from
//! `crate::search`, `crate::run::solve` or `crate::proof_tree` (tests/architecture.rs checks), so
//! a bug in a solver or in the extractor cannot hide a hole.
//!
//! The checks, in the order a depth-first replay meets them (the first failure is reported
//! with the line of moves from the root, [`Hole`]):
//!
//! - a finished game (the rules' [`Game::outcome`]) must be a leaf, and a win of the attacker
//!   (or a draw, for the goal `win-or-draw`);
//! - a position that is not finished must list moves: exactly one at an OR node (the
//!   attacker to move), every legal move at an AND node (the defender to move), each legal
//!   (parsed by the game in that position) and none twice;
//! - a node reached again (a transposition) must be the same position (same key and
//!   diagram), and no node may be reached again below itself (a cycle);
//! - child indices exist and every node is reachable from the root.
//!
//! Bounded (issue 17): a line longer than [`MAX_DEPTH`] plies is refused (the replay
//! recurses once per ply, on the 256 MiB stack of `src/run/stack.rs`), and so is a file
//! whose replay would need more memory than the caller allows ([`verify_text_within`]):
//! counted from the data structures' sizes (the text, the parsed node lists and one
//! checked entry per node with its position's diagram), before the replay begins.
//!
//! # Connection leaves (Hex, format version 2)
//!
//! A node written `{"carrier": [cells]}` claims that the defender, to move, is lost because
//! the attacker joins its edges inside those cells whatever the defender does. The verifier
//! checks each such leaf on its own ([`connection_holds`]), sharing no code with the
//! solver's virtual connection engine (`src/games/hex/{hsearch,vc,inferior,knowledge}.rs`):
//! it replays the moves to the node as for any node, checks that the defender is to move and
//! that every cell is an empty point, then searches the game restricted to the cells
//! exhaustively: the defender moves first, both sides play only those cells, and the attacker
//! must reach a finished game it wins (the rules' [`Game::outcome`]) whatever the defender
//! plays. Positions are memoized by the exact contents of the cells (two bit sets), and a
//! line is cut as soon as the attacker, given every empty cell, would still not be joined.
//!
//! Why the restriction is sound in Hex: a win of the attacker in the restricted game is a
//! win in the real game. A defender stone outside the cells cannot cut a path of attacker
//! stones inside them, so the attacker's winning chain of the restricted game is still there
//! whatever the defender played outside. When the defender plays outside, the attacker
//! answers on any empty cell of the set (or anywhere, once the set is full) and carries on
//! with its restricted strategy as if that stone were not there (when the strategy names that
//! cell, it plays another spare one): an extra stone never hurts its owner in Hex (a stone
//! joins chains and never cuts its owner's), so playing outside, like passing, never helps
//! the defender. Hence the restricted game deciding for the attacker proves the node.
//!
//! The work per leaf is bounded ([`Bounds::max_leaf_positions`]): a file whose leaf needs
//! more stops with a message naming the node and the bound, so a bad file cannot hang
//! `verify`.
//!
//! # Derivations and must-play nodes (Hex, format versions 3 and 4)
//!
//! A connection leaf may carry the connection's derivation (`"vc"`): its submodule
//! `derivation` checks every step by its own reading of H-search's rules, whatever the
//! carrier's size. An AND node written `{"moves": [...], "vc": [...], "semis": [...]}` (a
//! must-play node) lists only the defences inside the carriers of every named semi
//! connection of the attacker's edges; the derivation is checked the same way, each named
//! step must be such a semi, and every legal defence inside all their carriers must be
//! listed. A defence outside one of them is answered by that semi's key, which leaves a full
//! connection of the edges with the defender to move: the argument above, one ply later
//! (`derivation`'s module doc gives it in full).
//!
//! Games whose results depend on the path (Gobblet in both variants, Czech checkers: a draw
//! on the third repetition of a position) are checked the same way on one game object whose
//! `play`/`undo` keep the history, so the rules apply the repetition draw along each line of
//! the tree exactly as in a game. Their proofs must be trees: a node reached by a second
//! line is a hole ([`Hole::SharedNode`]), since the same position may be won on one line and
//! drawn on the other.

use std::fmt;

use rustc_hash::FxHashSet;
use serde::Deserialize;

use rustc_hash::FxHashMap;

use crate::game::{Game, MoveList, Outcome, Player, Point, StoneGame};
use crate::games::hex::Hex;
use crate::puzzle::{self, Position};

mod derivation;

pub use derivation::DerivationError;
use derivation::{StepText, derivation_holds, must_play_holds};

/// The file as the verifier reads it (the writer's schema, declared again here so the
/// verifier shares no code with the writer).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProofFile {
    format: String,
    version: u32,
    puzzle_name: String,
    puzzle: String,
    #[allow(dead_code)]
    algorithm: String,
    attacker: String,
    goal: String,
    nodes: Vec<FileNode>,
}

/// One node as the verifier reads it: a list of moves, or (version 2) a connection leaf
/// `{"carrier": [cells]}`, with (version 3) the connection's derivation `"vc": [steps]`, or
/// (version 4) a must-play node `{"moves": [...], "vc": [steps], "semis": [steps]}`.
enum FileNode {
    Moves(Vec<(String, u32)>),
    Carrier(CarrierNode),
    MustPlay(MustPlayNode),
}

impl FileNode {
    fn moves(&self) -> &[(String, u32)] {
        match self {
            FileNode::Moves(moves) => moves,
            FileNode::Carrier(_) => &[],
            FileNode::MustPlay(node) => &node.moves,
        }
    }

    /// Entries the node holds: moves, cells and derivation steps.
    fn entries(&self) -> u64 {
        match self {
            FileNode::Moves(moves) => moves.len() as u64,
            FileNode::Carrier(leaf) => leaf.entries(),
            FileNode::MustPlay(node) => {
                (node.moves.len() + node.vc.len() + node.semis.len()) as u64
            }
        }
    }

    /// Bytes of text the node holds.
    fn text_bytes(&self) -> u64 {
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

struct CarrierNode {
    carrier: Vec<String>,
    /// The derivation of the connection (version 3); without it the leaf is checked by
    /// play inside the carrier.
    vc: Option<Vec<StepText>>,
}

/// An AND node listing only the defender's moves inside the carriers of the attacker's
/// semi connections of its edges (version 4).
struct MustPlayNode {
    moves: Vec<(String, u32)>,
    /// The derivation holding the semis.
    vc: Vec<StepText>,
    /// The steps of `vc` that are the edge-to-edge semi connections.
    semis: Vec<usize>,
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

/// Most cells a connection leaf may list (the restricted search keys positions by two
/// 128-bit sets).
pub const MAX_CARRIER: usize = 128;

/// Positions the restricted search of one connection leaf may enter by default.
pub const MAX_LEAF_POSITIONS: u64 = 4_000_000;

/// Longest line from the root a proof may have, in plies: the deepest ply a search may
/// reach (`MAX_PLY` of `src/search.rs`, declared again here: the verifier imports nothing
/// from search), so every proof plyscope writes fits.
pub const MAX_DEPTH: usize = 1024;

/// What a verification may use: memory in bytes and the length of a line in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Bytes the text and the replay's structures may take ([`replay_bytes`]).
    pub max_bytes: u64,
    /// Longest line accepted, in plies (at most [`MAX_DEPTH`] is meaningful).
    pub max_depth: usize,
    /// Positions the restricted search of one connection leaf may enter.
    pub max_leaf_positions: u64,
}

impl Default for Bounds {
    /// No memory bound; lines up to [`MAX_DEPTH`].
    fn default() -> Bounds {
        Bounds {
            max_bytes: u64::MAX,
            max_depth: MAX_DEPTH,
            max_leaf_positions: MAX_LEAF_POSITIONS,
        }
    }
}

impl Bounds {
    /// The default depth within `max_bytes`.
    pub fn within(max_bytes: u64) -> Bounds {
        Bounds {
            max_bytes,
            ..Bounds::default()
        }
    }
}

/// A proof tree that passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Nodes of the file: distinct positions of a DAG, or one per line in a game with a
    /// draw by repetition.
    pub positions: usize,
    /// Longest line from the root, in plies (to the connection leaves, not into them).
    pub depth: usize,
    /// Connection leaves checked (by restricted search or by their derivation).
    pub connection_leaves: usize,
    /// Positions the restricted searches entered, in all.
    pub leaf_positions: u64,
    /// Derivation steps checked, in all (leaves of format version 3, must-play nodes of
    /// version 4).
    pub derivation_steps: u64,
    /// Must-play nodes checked (version 4).
    pub must_play_nodes: usize,
    /// Defender moves those nodes left out, each answered by a semi connection's key.
    pub answered_by_key: u64,
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "verified: {} positions, depth {}",
            self.positions, self.depth
        )?;
        if self.connection_leaves > 0 {
            write!(
                f,
                ", {} ({} searched inside their carriers, {} checked)",
                count(
                    self.connection_leaves as u64,
                    "connection leaf",
                    "connection leaves"
                ),
                count(self.leaf_positions, "position", "positions"),
                count(self.derivation_steps, "derivation step", "derivation steps"),
            )?;
        }
        if self.must_play_nodes > 0 {
            write!(
                f,
                ", {} ({} answered by a semi connection's key)",
                count(
                    self.must_play_nodes as u64,
                    "must-play node",
                    "must-play nodes"
                ),
                count(self.answered_by_key, "defence", "defences"),
            )?;
        }
        Ok(())
    }
}

/// "1 connection leaf", "2 connection leaves".
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What is wrong at one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hole {
    /// A listed move the rules refuse here.
    IllegalMove { mv: String, why: String },
    /// An OR node with more than one move.
    SeveralMoves { player: Player, moves: Vec<String> },
    /// An AND node without one of the defender's legal moves.
    MissingDefence { player: Player, mv: String },
    /// A move listed twice.
    DuplicateMove { mv: String },
    /// Moves listed after the game ended.
    MovesAfterEnd { what: String },
    /// A leaf that is not the goal: what the rules say it is.
    NotWon { attacker: Player, what: String },
    /// A child index past the end of the node list.
    NoSuchNode { index: u32, nodes: usize },
    /// A node reached below itself.
    Cycle { node: u32 },
    /// A node reached by two lines that lead to different positions.
    Transposition { node: u32 },
    /// A node reached by a second line in a game whose draws depend on the path.
    SharedNode { node: u32 },
    /// A node no line from the root reaches.
    Unreachable { node: u32 },
    /// A connection leaf where the attacker is to move, or the game is over.
    LeafNotDefence { what: String },
    /// A connection leaf in a game other than Hex.
    LeafNotHex { game: String },
    /// A connection leaf's cell that is no empty point, or is listed twice.
    BadCarrierCell { cell: String, why: String },
    /// A connection leaf whose attacker does not join its edges inside the cells.
    ConnectionFails {
        attacker: Player,
        carrier: Vec<String>,
    },
    /// A connection leaf whose derivation has a step that does not hold.
    DerivationFails {
        attacker: Player,
        error: DerivationError,
    },
    /// A must-play node where the attacker is to move.
    MustPlayNotDefence { what: String },
    /// A must-play node in a game other than Hex.
    MustPlayNotHex { game: String },
    /// A must-play node whose derivation has a step that does not hold.
    MustPlayFails {
        attacker: Player,
        error: DerivationError,
    },
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hole::IllegalMove { mv, why } => write!(f, "illegal move {mv}: {why}"),
            Hole::SeveralMoves { player, moves } => write!(
                f,
                "the attacker ({player}) is to move and {} moves are listed ({}); a proof \
                 gives exactly one",
                moves.len(),
                moves.join(" ")
            ),
            Hole::MissingDefence { player, mv } => {
                write!(f, "the defender ({player}) move {mv} is missing")
            }
            Hole::DuplicateMove { mv } => write!(f, "move {mv} is listed twice"),
            Hole::MovesAfterEnd { what } => {
                write!(f, "the game is over ({what}) but moves are listed")
            }
            Hole::NotWon { attacker, what } => {
                write!(f, "a leaf that is not a win for {attacker}: {what}")
            }
            Hole::NoSuchNode { index, nodes } => {
                write!(
                    f,
                    "child node {index} does not exist (the file has {nodes})"
                )
            }
            Hole::Cycle { node } => write!(f, "node {node} is reached again below itself"),
            Hole::Transposition { node } => write!(
                f,
                "node {node} is reached by lines that lead to different positions"
            ),
            Hole::SharedNode { node } => write!(
                f,
                "shared node in a game whose draws depend on the path: node {node} is reached \
                 by a second line, and a position may be won on one line and drawn by \
                 repetition on another"
            ),
            Hole::Unreachable { node } => write!(f, "node {node} is not reached from the root"),
            Hole::LeafNotDefence { what } => write!(
                f,
                "a connection leaf must be a position with the defender to move, but {what}"
            ),
            Hole::LeafNotHex { game } => write!(
                f,
                "a connection leaf in {game}: only Hex proofs may end at a connection"
            ),
            Hole::BadCarrierCell { cell, why } => {
                write!(f, "connection leaf cell {cell}: {why}")
            }
            Hole::ConnectionFails { attacker, carrier } => write!(
                f,
                "the connection does not hold: with {} to move and both sides playing only \
                 the carrier's {} cells ({}), {attacker} cannot be sure to join its edges",
                attacker.opponent(),
                carrier.len(),
                carrier.join(" ")
            ),
            Hole::DerivationFails { attacker, error } => write!(
                f,
                "the derivation of {attacker}'s connection does not hold: {error}"
            ),
            Hole::MustPlayNotDefence { what } => write!(
                f,
                "a must-play node must be a position with the defender to move, but {what}"
            ),
            Hole::MustPlayNotHex { game } => write!(
                f,
                "a must-play node in {game}: only Hex proofs may answer defences by a \
                 connection"
            ),
            Hole::MustPlayFails { attacker, error } => write!(
                f,
                "the derivation of {attacker}'s semi connections does not hold: {error}"
            ),
        }
    }
}

/// Why a file was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// The file could not be read.
    Read(String),
    /// Not a proof tree file of a supported version.
    Format(String),
    /// The puzzle inside does not load.
    Puzzle(String),
    /// Checking would pass a bound: a line deeper than [`MAX_DEPTH`], or more memory than
    /// allowed. The message names the bound and how to raise it.
    Limit(String),
    /// The first hole met, with the line of moves leading to it.
    Hole {
        path: Vec<String>,
        node: u32,
        hole: Hole,
    },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Read(m) => write!(f, "cannot read the file: {m}"),
            VerifyError::Format(m) => write!(f, "not a valid proof tree: {m}"),
            VerifyError::Puzzle(m) => write!(f, "the proof's puzzle does not load: {m}"),
            VerifyError::Limit(m) => write!(f, "verify stopped: {m}"),
            VerifyError::Hole { path, node, hole } => {
                let at = if path.is_empty() {
                    "at the root".to_string()
                } else {
                    format!("after {}", path.join(" "))
                };
                write!(f, "hole {at} (node {node}): {hole}")
            }
        }
    }
}

impl std::error::Error for VerifyError {}

/// Verifies the text of a proof tree file, with no memory bound but [`MAX_DEPTH`].
pub fn verify_text(text: &str) -> Result<Verified, VerifyError> {
    verify_text_within(text, &Bounds::default())
}

/// Bytes the replay of `nodes` (with `edges` moves of `move_bytes` text in all) keeps
/// besides the text: the node lists as parsed and one checked entry per node holding its
/// position's diagram of `diagram_bytes`.
pub fn replay_bytes(nodes: u64, edges: u64, move_bytes: u64, diagram_bytes: u64) -> u64 {
    let list = std::mem::size_of::<Vec<(String, u32)>>() as u64;
    let edge = std::mem::size_of::<(String, u32)>() as u64;
    let seen = std::mem::size_of::<Seen>() as u64;
    nodes
        .saturating_mul(list + seen + diagram_bytes)
        .saturating_add(edges.saturating_mul(edge))
        .saturating_add(move_bytes)
}

/// The message of a memory bound: what needs more than `max_bytes`, and the `--max-mem`
/// that would do (in MB, rounded up to a multiple of 1024).
fn over_memory(what: &str, needed: u64, max_bytes: u64) -> VerifyError {
    const MB: u64 = 1 << 20;
    let raise = needed.div_ceil(MB).div_ceil(1024).max(1) * 1024;
    VerifyError::Limit(format!(
        "{what} need more than {} MB (--max-mem); raise it with --max-mem {raise}",
        max_bytes / MB
    ))
}

/// Verifies the text of a proof tree file within `bounds`: refused before the replay when
/// the text and the file's nodes would need more than `bounds.max_bytes`
/// ([`replay_bytes`]), and when a line is longer than `bounds.max_depth`.
pub fn verify_text_within(text: &str, bounds: &Bounds) -> Result<Verified, VerifyError> {
    let max_bytes = bounds.max_bytes;
    // The parsed lists take at least as much as their text.
    if (text.len() as u64).saturating_mul(2) > max_bytes {
        return Err(over_memory(
            "the proof file and its parsed nodes",
            (text.len() as u64).saturating_mul(2),
            max_bytes,
        ));
    }
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
    let puzzle = puzzle::parse(&file.puzzle, &file.puzzle_name)
        .map_err(|e| VerifyError::Puzzle(e.to_string()))?;
    let attacker = puzzle.position.to_move();
    if file.attacker != attacker.name() {
        return Err(VerifyError::Format(format!(
            "the attacker is '{}' but {attacker} is to move in the puzzle",
            file.attacker
        )));
    }
    let edges = file.nodes.iter().map(FileNode::entries).sum::<u64>();
    let move_bytes = file.nodes.iter().map(FileNode::text_bytes).sum::<u64>();
    let diagram_bytes = puzzle.position.diagram().len() as u64;
    let needed = replay_bytes(file.nodes.len() as u64, edges, move_bytes, diagram_bytes)
        .saturating_add(text.len() as u64);
    if needed > max_bytes {
        return Err(over_memory("the proof's positions", needed, max_bytes));
    }
    // Draws by repetition make a position's worth depend on its line: one node per line.
    let one_parent = matches!(puzzle.position, Position::Dama(_) | Position::Gobblet(_));
    let rules = Rules {
        attacker,
        draws_count,
        one_parent,
        max_depth: bounds.max_depth,
        max_leaf_positions: bounds.max_leaf_positions,
    };
    let nodes = &file.nodes;
    match &puzzle.position {
        Position::Mnk(g) => rules.replay(g.clone(), nodes, &GameChecks::none()),
        Position::AtariGo(g) => rules.replay(g.clone(), nodes, &GameChecks::none()),
        Position::Hex(g) => rules.replay(
            g.clone(),
            nodes,
            &GameChecks {
                leaf: &hex_connection,
                must_play: &hex_must_play,
            },
        ),
        Position::Tree(g) => rules.replay(g.clone(), nodes, &GameChecks::none()),
        Position::Dama(g) => rules.replay(g.clone(), nodes, &GameChecks::none()),
        Position::Gobblet(g) => rules.replay(g.clone(), nodes, &GameChecks::none()),
    }
}

/// Verifies a proof tree file on disk (the caller names the file in messages).
pub fn verify_file(path: &str) -> Result<Verified, VerifyError> {
    verify_file_within(path, &Bounds::default())
}

/// [`verify_file`] within `bounds` ([`verify_text_within`]); a file larger than half of
/// `bounds.max_bytes` is refused before it is read.
pub fn verify_file_within(path: &str, bounds: &Bounds) -> Result<Verified, VerifyError> {
    let max_bytes = bounds.max_bytes;
    if let Ok(meta) = std::fs::metadata(path)
        && meta.is_file()
        && meta.len().saturating_mul(2) > max_bytes
    {
        return Err(over_memory(
            "the proof file and its parsed nodes",
            meta.len().saturating_mul(2),
            max_bytes,
        ));
    }
    let text =
        crate::text_file::read_capped(path, crate::text_file::PROOF_FILE_CAP, "a proof file")
            .map_err(|e| VerifyError::Read(crate::text_file::io_reason(&e)))?;
    verify_text_within(&text, bounds)
}

struct Rules {
    attacker: Player,
    draws_count: bool,
    /// Every node must have one parent (games with a draw by repetition).
    one_parent: bool,
    /// Longest line accepted, in plies.
    max_depth: usize,
    /// Positions one connection leaf's search may enter.
    max_leaf_positions: u64,
}

/// How a game checks a connection leaf: `Ok(the work done)`, or why not.
type LeafCheck<G> = dyn Fn(&mut G, &CarrierNode, Player, u64) -> Result<LeafWork, LeafError>;

/// How a game checks a must-play node: `Ok((the defender's moves that must be listed, the
/// derivation steps checked))`, or why not.
type MustPlayCheck<G> =
    dyn Fn(&G, &MustPlayNode, Player) -> Result<(Vec<<G as Game>::Move>, u64), Hole>;

/// What a game checks beyond the rules: connection leaves and must-play nodes.
struct GameChecks<'a, G: Game> {
    leaf: &'a LeafCheck<G>,
    must_play: &'a MustPlayCheck<G>,
}

impl<G: Game> GameChecks<'static, G> {
    /// Games with neither (every game but Hex).
    fn none() -> GameChecks<'static, G> {
        GameChecks {
            leaf: &no_connections,
            must_play: &no_must_play,
        }
    }
}

/// Games without must-play nodes.
fn no_must_play<G: Game>(
    game: &G,
    _: &MustPlayNode,
    _: Player,
) -> Result<(Vec<G::Move>, u64), Hole> {
    Err(Hole::MustPlayNotHex {
        game: game.name().to_string(),
    })
}

/// A Hex must-play node: [`must_play_holds`].
fn hex_must_play(
    game: &Hex,
    node: &MustPlayNode,
    attacker: Player,
) -> Result<(Vec<Point>, u64), Hole> {
    must_play_holds(game, attacker, &node.vc, &node.semis)
        .map(|(region, steps)| (region, steps as u64))
        .map_err(|error| Hole::MustPlayFails { attacker, error })
}

/// The work one connection leaf took.
#[derive(Default)]
struct LeafWork {
    /// Positions of restricted search.
    positions: u64,
    /// Derivation steps checked.
    steps: u64,
}

/// Why a connection leaf failed.
enum LeafError {
    Hole(Hole),
    /// The search needed more than its budget.
    Budget,
}

/// Games without connection leaves.
fn no_connections<G: Game>(
    game: &mut G,
    _: &CarrierNode,
    _: Player,
    _: u64,
) -> Result<LeafWork, LeafError> {
    Err(LeafError::Hole(Hole::LeafNotHex {
        game: game.name().to_string(),
    }))
}

/// A Hex connection leaf: with a derivation, [`derivation_holds`]; else the cells parsed in
/// `game`'s position, then [`connection_holds`].
fn hex_connection(
    game: &mut Hex,
    leaf: &CarrierNode,
    attacker: Player,
    budget: u64,
) -> Result<LeafWork, LeafError> {
    let carrier = leaf.carrier.as_slice();
    if let Some(steps) = &leaf.vc {
        return match derivation_holds(game, attacker, carrier, steps) {
            Ok(steps) => Ok(LeafWork {
                positions: 0,
                steps: steps as u64,
            }),
            Err(error) => Err(LeafError::Hole(Hole::DerivationFails { attacker, error })),
        };
    }
    if carrier.len() > MAX_CARRIER {
        return Err(LeafError::Hole(Hole::BadCarrierCell {
            cell: carrier[MAX_CARRIER].clone(),
            why: format!("a connection leaf lists at most {MAX_CARRIER} cells"),
        }));
    }
    let mut cells: Vec<Point> = Vec::with_capacity(carrier.len());
    for text in carrier {
        let p = game.parse_move(text).map_err(|why| {
            LeafError::Hole(Hole::BadCarrierCell {
                cell: text.clone(),
                why,
            })
        })?;
        if cells.contains(&p) {
            return Err(LeafError::Hole(Hole::BadCarrierCell {
                cell: text.clone(),
                why: "listed twice".to_string(),
            }));
        }
        cells.push(p);
    }
    match connection_holds(game, &cells, attacker, budget) {
        (Some(true), positions) => Ok(LeafWork {
            positions,
            steps: 0,
        }),
        (Some(false), _) => Err(LeafError::Hole(Hole::ConnectionFails {
            attacker,
            carrier: carrier.to_vec(),
        })),
        (None, _) => Err(LeafError::Budget),
    }
}

/// True when `attacker` wins the game on `game` restricted to `cells` (all empty), the
/// defender moving first; `None` when more than `budget` positions were needed; with the
/// positions searched. The rules alone decide: see the module doc for why the restriction
/// is sound.
pub fn connection_holds(
    game: &mut Hex,
    cells: &[Point],
    attacker: Player,
    budget: u64,
) -> (Option<bool>, u64) {
    if cells.len() > MAX_CARRIER
        || cells.iter().any(|&p| !game.is_empty(p))
        || game.to_move() == attacker
        || game.outcome().is_some()
    {
        return (Some(false), 0);
    }
    let mut search = Restricted {
        cells,
        attacker,
        memo: FxHashMap::default(),
        near: nearby(game, cells),
        positions: 0,
        budget,
    };
    let holds = search.defender_loses(game, 0, 0);
    (holds, search.positions)
}

/// The exhaustive search of a connection leaf: the state is which of `cells` each side
/// holds (bit `i` for `cells[i]`), exact, so the memo needs no hash key of the position.
struct Restricted<'a> {
    cells: &'a [Point],
    attacker: Player,
    /// Decided states: `(attacker's cells, defender's cells)` -> the attacker wins.
    memo: FxHashMap<(u128, u128), bool>,
    /// For each cell, the cells within two steps of it (neighbours and bridge partners).
    near: Vec<u128>,
    positions: u64,
    budget: u64,
}

/// For each of `cells`, the set of cells (as bits) within two steps of it on `game`'s board.
fn nearby(game: &Hex, cells: &[Point]) -> Vec<u128> {
    let index = |p: Point| cells.iter().position(|&c| c == p);
    cells
        .iter()
        .map(|&p| {
            let mut set = 0u128;
            for q in game.neighbours(p) {
                for r in game.neighbours(q).chain([q]) {
                    if r != p
                        && let Some(i) = index(r)
                    {
                        set |= 1 << i;
                    }
                }
            }
            set
        })
        .collect()
}

impl Restricted<'_> {
    /// The game is on: `game` has the defender to move. `None`: over budget.
    fn defender_loses(&mut self, game: &mut Hex, own: u128, other: u128) -> Option<bool> {
        if let Some(&known) = self.memo.get(&(own, other)) {
            return Some(known);
        }
        self.enter()?;
        let free = self.free(own, other);
        let mut result = self.could_join(game, free);
        let mut rest = free;
        while result && rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let p = self.cells[i as usize];
            game.play(p);
            let lost = match game.outcome() {
                Some(Outcome::Win(winner)) => winner == self.attacker,
                Some(_) => false,
                None => self.attacker_wins(game, own, other | 1 << i, i)?,
            };
            game.undo(p);
            result = lost;
        }
        self.memo.insert((own, other), result);
        Some(result)
    }

    /// The game is on: `game` has the attacker to move; `last` is the index of the
    /// defender's last cell.
    fn attacker_wins(&mut self, game: &mut Hex, own: u128, other: u128, last: u32) -> Option<bool> {
        if let Some(&known) = self.memo.get(&(own, other)) {
            return Some(known);
        }
        self.enter()?;
        let free = self.free(own, other);
        let mut result = false;
        if self.could_join(game, free) {
            // A move that wins at once first, then the cells next to the defender's last
            // stone (where a connection's answer to an intrusion usually is), then the rest.
            let mut rest = free;
            while rest != 0 && !result {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                let p = self.cells[i as usize];
                game.play(p);
                result = matches!(game.outcome(), Some(Outcome::Win(w)) if w == self.attacker);
                game.undo(p);
            }
            let near = free & self.near[last as usize];
            for set in [near, free & !near] {
                let mut rest = set;
                while rest != 0 && !result {
                    let i = rest.trailing_zeros();
                    rest &= rest - 1;
                    let p = self.cells[i as usize];
                    game.play(p);
                    result = self.defender_loses(game, own | 1 << i, other)?;
                    game.undo(p);
                }
            }
        }
        self.memo.insert((own, other), result);
        Some(result)
    }

    fn enter(&mut self) -> Option<()> {
        self.positions += 1;
        (self.positions <= self.budget).then_some(())
    }

    /// The cells no one holds yet.
    fn free(&self, own: u128, other: u128) -> u128 {
        let all = if self.cells.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.cells.len()) - 1
        };
        all & !own & !other
    }

    /// True when the attacker, given every free cell, would join its edges: otherwise no
    /// line of the restricted game can (an attacker stone never hurts it). Played with the
    /// rules' stones and taken back.
    fn could_join(&self, game: &mut Hex, free: u128) -> bool {
        let mover = game.to_move();
        let mut rest = free;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            game.play_stone(self.cells[i as usize], self.attacker);
        }
        let joined = matches!(game.outcome(), Some(Outcome::Win(w)) if w == self.attacker);
        let mut back = free;
        while back != 0 {
            let i = 127 - back.leading_zeros();
            back &= !(1u128 << i);
            game.undo_stone(self.cells[i as usize]);
        }
        game.set_to_move(mover);
        joined
    }
}

/// What a node became on its first visit.
#[derive(Clone)]
enum Seen {
    Not,
    /// On the current line.
    Open,
    /// Checked: the position's key and diagram, and the longest line below it.
    Done {
        key: u64,
        diagram: String,
        height: usize,
    },
}

struct Replay<'a, G: Game> {
    rules: &'a Rules,
    nodes: &'a [FileNode],
    seen: Vec<Seen>,
    path: Vec<String>,
    checks: &'a GameChecks<'a, G>,
    connection_leaves: usize,
    leaf_positions: u64,
    derivation_steps: u64,
    must_play_nodes: usize,
    answered_by_key: u64,
}

impl Rules {
    fn replay<G: Game>(
        &self,
        mut game: G,
        nodes: &[FileNode],
        checks: &GameChecks<G>,
    ) -> Result<Verified, VerifyError> {
        let mut replay = Replay {
            rules: self,
            nodes,
            seen: vec![Seen::Not; nodes.len()],
            path: Vec::new(),
            checks,
            connection_leaves: 0,
            leaf_positions: 0,
            derivation_steps: 0,
            must_play_nodes: 0,
            answered_by_key: 0,
        };
        let depth = replay.node(&mut game, 0)?;
        if let Some(node) = replay.seen.iter().position(|s| matches!(s, Seen::Not)) {
            return Err(VerifyError::Hole {
                path: Vec::new(),
                node: node as u32,
                hole: Hole::Unreachable { node: node as u32 },
            });
        }
        Ok(Verified {
            positions: nodes.len(),
            depth,
            connection_leaves: replay.connection_leaves,
            leaf_positions: replay.leaf_positions,
            derivation_steps: replay.derivation_steps,
            must_play_nodes: replay.must_play_nodes,
            answered_by_key: replay.answered_by_key,
        })
    }
}

impl<G: Game> Replay<'_, G> {
    fn hole(&self, node: u32, hole: Hole) -> VerifyError {
        VerifyError::Hole {
            path: self.path.clone(),
            node,
            hole,
        }
    }

    /// Checks node `n` at `game`'s position; returns the longest line below it.
    fn node(&mut self, game: &mut G, n: u32) -> Result<usize, VerifyError> {
        match &self.seen[n as usize] {
            Seen::Open => return Err(self.hole(n, Hole::Cycle { node: n })),
            Seen::Done { .. } if self.rules.one_parent => {
                return Err(self.hole(n, Hole::SharedNode { node: n }));
            }
            Seen::Done {
                key,
                diagram,
                height,
            } => {
                if *key != game.key() || *diagram != game.diagram() {
                    return Err(self.hole(n, Hole::Transposition { node: n }));
                }
                return Ok(*height);
            }
            Seen::Not => {}
        }
        self.seen[n as usize] = Seen::Open;
        let nodes = self.nodes;
        let attacker = self.rules.attacker;
        if let FileNode::Carrier(leaf) = &nodes[n as usize] {
            return self.connection_leaf(game, n, leaf);
        }
        let listed = nodes[n as usize].moves();
        // Step 1: a finished game is a leaf, and must be the goal.
        if let Some(outcome) = game.outcome() {
            let what = describe(outcome);
            if matches!(nodes[n as usize], FileNode::MustPlay(_)) {
                let what = format!("the game is over ({what})");
                return Err(self.hole(n, Hole::MustPlayNotDefence { what }));
            }
            if !listed.is_empty() {
                return Err(self.hole(n, Hole::MovesAfterEnd { what }));
            }
            let reached = match outcome {
                Outcome::Win(p) => p == attacker,
                Outcome::Draw => self.rules.draws_count,
                Outcome::Score(_) => false,
            };
            if !reached {
                return Err(self.hole(n, Hole::NotWon { attacker, what }));
            }
            return Ok(self.finish(game, n, 0));
        }
        let mover = game.to_move();
        // Step 2a: a must-play node (the defender to move) names the defences that must be
        // listed: the others are answered by a semi connection's key.
        let mut region: Option<Vec<G::Move>> = None;
        if let FileNode::MustPlay(must_play) = &nodes[n as usize] {
            if mover == attacker {
                let what = format!("the attacker ({attacker}) is to move");
                return Err(self.hole(n, Hole::MustPlayNotDefence { what }));
            }
            let (inside, steps) = (self.checks.must_play)(game, must_play, attacker)
                .map_err(|hole| self.hole(n, hole))?;
            self.must_play_nodes += 1;
            self.derivation_steps += steps;
            region = Some(inside);
        }
        // Step 2: an unfinished game must go on (a must-play node whose semis' carriers
        // meet in no empty cell is closed by them: the OR rule).
        if listed.is_empty() && region.as_ref().is_none_or(|inside| !inside.is_empty()) {
            let what = format!("the game is not over ({mover} to move)");
            return Err(self.hole(n, Hole::NotWon { attacker, what }));
        }
        // Step 3: one move at an OR node.
        if mover == attacker && listed.len() > 1 {
            let moves = listed.iter().map(|(m, _)| m.clone()).collect();
            return Err(self.hole(
                n,
                Hole::SeveralMoves {
                    player: mover,
                    moves,
                },
            ));
        }
        // Step 4: every move legal and listed once.
        let mut legal = MoveList::new();
        game.legal_moves(&mut legal);
        let mut parsed = Vec::with_capacity(listed.len());
        let mut distinct = FxHashSet::default();
        for (text, child) in listed {
            let mv = match game.parse_move(text) {
                Ok(mv) if legal.contains(&mv) => mv,
                Ok(_) => {
                    let why = "not among the legal moves".to_string();
                    return Err(self.hole(
                        n,
                        Hole::IllegalMove {
                            mv: text.clone(),
                            why,
                        },
                    ));
                }
                Err(why) => {
                    return Err(self.hole(
                        n,
                        Hole::IllegalMove {
                            mv: text.clone(),
                            why,
                        },
                    ));
                }
            };
            if !distinct.insert(mv) {
                return Err(self.hole(n, Hole::DuplicateMove { mv: text.clone() }));
            }
            if *child as usize >= self.nodes.len() {
                let hole = Hole::NoSuchNode {
                    index: *child,
                    nodes: self.nodes.len(),
                };
                return Err(self.hole(n, hole));
            }
            parsed.push((mv, *child));
        }
        // Step 5: an AND node lists every defence (a must-play node every one inside its
        // region; the others are answered by a key).
        let must_list = |mv: &G::Move| region.as_ref().is_none_or(|inside| inside.contains(mv));
        if region.is_some() {
            let answered = legal
                .iter()
                .filter(|mv| !must_list(mv) && !distinct.contains(*mv));
            self.answered_by_key += answered.count() as u64;
        }
        if mover != attacker
            && let Some(&missing) = legal
                .iter()
                .find(|mv| !distinct.contains(*mv) && must_list(mv))
        {
            let hole = Hole::MissingDefence {
                player: mover,
                mv: game.format_move(missing),
            };
            return Err(self.hole(n, hole));
        }
        // Step 6: the children, depth first, never deeper than MAX_DEPTH plies.
        let max_depth = self.rules.max_depth;
        if self.path.len() >= max_depth {
            return Err(VerifyError::Limit(format!(
                "a line of the proof is longer than {max_depth} plies (node {n}, after {} \
                 ...); {MAX_DEPTH} is the deepest a search reaches",
                self.path[..8.min(self.path.len())].join(" ")
            )));
        }
        let mut height = 0;
        for ((text, _), (mv, child)) in listed.iter().zip(parsed) {
            self.path.push(text.clone());
            game.play(mv);
            let below = self.node(game, child);
            game.undo(mv);
            self.path.pop();
            height = height.max(below? + 1);
        }
        Ok(self.finish(game, n, height))
    }

    /// Checks the connection leaf `n` at `game`'s position.
    fn connection_leaf(
        &mut self,
        game: &mut G,
        n: u32,
        leaf: &CarrierNode,
    ) -> Result<usize, VerifyError> {
        let carrier = leaf.carrier.as_slice();
        let attacker = self.rules.attacker;
        if let Some(outcome) = game.outcome() {
            let what = format!("the game is over ({})", describe(outcome));
            return Err(self.hole(n, Hole::LeafNotDefence { what }));
        }
        if game.to_move() == attacker {
            let what = format!("the attacker ({attacker}) is to move");
            return Err(self.hole(n, Hole::LeafNotDefence { what }));
        }
        let budget = self.rules.max_leaf_positions;
        match (self.checks.leaf)(game, leaf, attacker, budget) {
            Ok(work) => {
                self.connection_leaves += 1;
                self.leaf_positions += work.positions;
                self.derivation_steps += work.steps;
                Ok(self.finish(game, n, 0))
            }
            Err(LeafError::Hole(hole)) => Err(self.hole(n, hole)),
            Err(LeafError::Budget) => {
                let at = if self.path.is_empty() {
                    "at the root".to_string()
                } else {
                    format!("after {}", self.path.join(" "))
                };
                Err(VerifyError::Limit(format!(
                    "the connection leaf {at} (node {n}, carrier {}) needs more than {budget} \
                     positions of restricted search",
                    carrier.join(" ")
                )))
            }
        }
    }

    fn finish(&mut self, game: &G, n: u32, height: usize) -> usize {
        self.seen[n as usize] = Seen::Done {
            key: game.key(),
            diagram: game.diagram(),
            height,
        };
        height
    }
}

/// A finished game in the rules' words.
fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(p) => format!("the rules say {p} won"),
        Outcome::Draw => "the rules say the game is drawn".to_string(),
        Outcome::Score(s) => format!("the rules give a numeric leaf (score {s})"),
    }
}
