//! What makes a proof tree incomplete: the holes a replay can meet ([`Hole`]), and the checks
//! that a node lists exactly the moves it must (one at an OR node, every legal defence at an
//! AND node, each legal and listed once, every child index in the file).

use std::fmt;

use rustc_hash::FxHashSet;

use crate::game::{Game, MoveList, Outcome, Player};

use super::derivation::DerivationError;

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

/// The moves a node lists, parsed, each with its child, and how many defences they leave
/// to a semi connection's key.
pub(super) struct Listed<M> {
    pub(super) moves: Vec<(M, u32)>,
    pub(super) answered_by_key: u64,
}

/// Checks the moves `listed` at a node of `game`'s position (not finished) in a file of
/// `nodes` nodes: one at an OR node (`attacker` to move), every legal defence at an AND node
/// (at a must-play node, every one inside `region`), each legal and listed once, every child
/// a node of the file.
pub(super) fn listed_moves<G: Game>(
    game: &G,
    attacker: Player,
    listed: &[(String, u32)],
    region: Option<&[G::Move]>,
    nodes: usize,
) -> Result<Listed<G::Move>, Hole> {
    let mover = game.to_move();
    let mut answered_by_key = 0;
    // Step 3: one move at an OR node.
    if mover == attacker && listed.len() > 1 {
        let moves = listed.iter().map(|(m, _)| m.clone()).collect();
        return Err(Hole::SeveralMoves {
            player: mover,
            moves,
        });
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
                return Err(Hole::IllegalMove {
                    mv: text.clone(),
                    why,
                });
            }
            Err(why) => {
                return Err(Hole::IllegalMove {
                    mv: text.clone(),
                    why,
                });
            }
        };
        if !distinct.insert(mv) {
            return Err(Hole::DuplicateMove { mv: text.clone() });
        }
        if *child as usize >= nodes {
            let hole = Hole::NoSuchNode {
                index: *child,
                nodes,
            };
            return Err(hole);
        }
        parsed.push((mv, *child));
    }
    // Step 5: an AND node lists every defence (a must-play node every one inside its
    // region; the others are answered by a key).
    let must_list = |mv: &G::Move| region.is_none_or(|inside| inside.contains(mv));
    if region.is_some() {
        let answered = legal
            .iter()
            .filter(|mv| !must_list(mv) && !distinct.contains(*mv));
        answered_by_key = answered.count() as u64;
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
        return Err(hole);
    }
    Ok(Listed {
        moves: parsed,
        answered_by_key,
    })
}

/// A finished game in the rules' words.
pub(super) fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(p) => format!("the rules say {p} won"),
        Outcome::Draw => "the rules say the game is drawn".to_string(),
        Outcome::Score(s) => format!("the rules give a numeric leaf (score {s})"),
    }
}
