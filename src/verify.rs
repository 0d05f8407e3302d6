//! The independent verifier of proof trees: `plyscope verify FILE`.
//!
//! It replays a proof tree file against the rules alone. It reads the file with its own
//! schema ([`ProofFile`]), rebuilds the root from the puzzle text inside with the puzzle
//! loader, and then only plays moves with [`crate::game::Game`]: it imports nothing from
//! `crate::search`, `crate::run::solve` or `crate::proof_tree` (tests/integration/architecture.rs
//! checks), so a bug in a solver or in the extractor cannot hide a hole.
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
//! Its rooms: `schema.rs` reads the file (its own declaration of the format), `replay.rs`
//! walks it and plays the moves by the rules, `holes.rs` names what is missing or wrong
//! ([`Hole`]) and checks that each node lists the moves it must, `connection.rs` checks Hex
//! connection leaves and must-play nodes, with `derivation.rs` for their derivations.
//!
//! Bounded: a line longer than [`MAX_DEPTH`] plies is refused (the replay
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

use crate::games::any::{AnyGame, GameVisitor};
use crate::games::hex::Hex;
use crate::puzzle;

mod connection;
mod derivation;
mod holes;
mod replay;
mod schema;

pub use connection::connection_holds;
pub use derivation::DerivationError;
pub use holes::Hole;

use connection::{hex_connection, hex_must_play};
use replay::{GameChecks, Rules, Seen};
use schema::FileNode;

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
    let (file, draws_count) = schema::read(text)?;
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
    let one_parent = puzzle.position.kind().path_dependent();
    let rules = Rules {
        attacker,
        draws_count,
        one_parent,
        max_depth: bounds.max_depth,
        max_leaf_positions: bounds.max_leaf_positions,
    };
    let nodes = &file.nodes;
    // Hex alone has connection leaves and must-play nodes to check.
    if let Some(hex) = puzzle.position.as_game::<Hex>() {
        let checks = GameChecks {
            leaf: &hex_connection,
            must_play: &hex_must_play,
        };
        return rules.replay(hex.clone(), nodes, &checks);
    }
    puzzle.position.with_game(ReplayByRules {
        rules: &rules,
        nodes,
    })
}

/// Replays the proof's nodes in the puzzle's game, with no game-specific checks.
struct ReplayByRules<'a> {
    rules: &'a Rules,
    nodes: &'a [FileNode],
}

impl GameVisitor for ReplayByRules<'_> {
    type Output = Result<Verified, VerifyError>;

    fn visit<G: AnyGame>(self, game: &G) -> Self::Output {
        self.rules
            .replay(game.clone(), self.nodes, &GameChecks::none())
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
