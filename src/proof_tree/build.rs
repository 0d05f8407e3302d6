//! The walk that turns a winning strategy into the nodes of a proof (the proof tree of Hric and
//! Baudiš): from the root, one winning move at each OR node (the attacker to move) and every legal
//! defender move at each AND node, down to finished games in the goal. The winning move is one that
//! ends the game in the goal at once, else the solve's own first move at the root, else the
//! [`WinOracle`]'s answer; [`Shape`] says whether a position reached by several lines is one node
//! (a DAG) or every line has nodes of its own. Which oracle an algorithm gets is decided in
//! [`super::extract`].
//!
//! A line also ends at a *connection leaf* when the oracle says the defender, to move, is
//! lost to a connection of the attacker ([`WinOracle::connection_leaf`]: Hex's full
//! edge-to-edge virtual connections); the node keeps the connection's cells (and its
//! derivation, when there is one) and no moves, and the verifier checks it by its
//! derivation, else by play inside those cells. An AND node that is no such leaf keeps only
//! the defender's moves inside the oracle's must-play region when there is one
//! ([`WinOracle::must_play`], Hex's derived semi connections of the attacker's edges), with
//! the derivation that shows every other move is answered.

use rustc_hash::FxHashMap;

use crate::game::{Game, MoveList, Outcome, Player};

use super::{ConnectionProof, ExtractError, ExtractOptions, MustPlayProof, ProofGoal, ProofNode};

/// Where a winning move comes from at an OR node the rules do not decide at once.
pub trait WinOracle<G: Game> {
    /// A move keeping the goal for the side to move (the attacker), or why there is none;
    /// `ply` is the node's distance from the root of the proof.
    fn winning_move(&mut self, game: &mut G, ply: usize) -> Result<G::Move, String>;

    /// At an AND node (the defender to move): the cells, in the game's notation, inside
    /// which the attacker joins its edges whatever the defender plays, and the connection's
    /// derivation when the game can give one, if the game knows such a connection (Hex's
    /// full virtual connections); the line ends there as a connection leaf. `None` (the
    /// default) plays every defence out.
    fn connection_leaf(&mut self, _game: &G) -> Option<ConnectionProof> {
        None
    }

    /// At an AND node that is no connection leaf: the attacker's connections that answer
    /// every defender move outside a region, and that region's moves in the game's
    /// notation (Hex's must-play region, `proof_tree` module doc "Must-play nodes"). `None`
    /// (the default) plays every defence out.
    fn must_play(&mut self, _game: &G) -> Option<(MustPlayProof, Vec<String>)> {
        None
    }
}

/// How the nodes of a proof relate to positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A position reached by several lines is one node (games whose results depend on the
    /// position alone).
    Dag,
    /// Every line has nodes of its own (games with a draw by repetition: the same position
    /// may be won on one line and drawn on another).
    Tree,
}

/// Builds the nodes of the proof from `game` (the attacker to move), asking `oracle` where
/// the rules do not decide; `root_move` is the solve's own first move, in notation. `shape`
/// says whether transpositions share a node.
pub fn build<G: Game, O: WinOracle<G>>(
    game: &mut G,
    goal: ProofGoal,
    root_move: Option<&str>,
    oracle: &mut O,
    algorithm: &str,
    bounds: &ExtractOptions,
    shape: Shape,
) -> Result<Vec<ProofNode>, ExtractError> {
    let root_move = match root_move {
        Some(text) => Some(
            game.parse_move(text)
                .map_err(|why| ExtractError::BadRootMove {
                    mv: text.to_string(),
                    why,
                })?,
        ),
        None => None,
    };
    let mut builder = Builder {
        game: std::marker::PhantomData,
        attacker: game.to_move(),
        goal,
        oracle,
        algorithm,
        max_positions: bounds.max_positions,
        max_carrier: bounds.max_carrier,
        derive_connections: bounds.derive_connections,
        shape,
        nodes: Vec::new(),
        open: Vec::new(),
        index: FxHashMap::default(),
        path: Vec::new(),
    };
    builder.node(game, root_move)?;
    Ok(builder.nodes)
}

struct Builder<'a, G: Game, O> {
    game: std::marker::PhantomData<G>,
    attacker: Player,
    goal: ProofGoal,
    oracle: &'a mut O,
    algorithm: &'a str,
    max_positions: usize,
    max_carrier: usize,
    derive_connections: bool,
    shape: Shape,
    nodes: Vec<ProofNode>,
    /// True while a node's subtree is being built (a cycle check).
    open: Vec<bool>,
    /// The node of each position ([`Shape::Dag`] only).
    index: FxHashMap<u64, u32>,
    path: Vec<String>,
}

impl<G: Game, O: WinOracle<G>> Builder<'_, G, O> {
    fn node(&mut self, game: &mut G, hint: Option<G::Move>) -> Result<u32, ExtractError> {
        let key = game.key();
        // In a tree every line has its own nodes; a position repeating on its line is the
        // game's business (its repetition rule), and the oracle's depth bound ends the line.
        if self.shape == Shape::Dag
            && let Some(&i) = self.index.get(&key)
        {
            if self.open[i as usize] {
                return Err(ExtractError::Cycle {
                    path: self.where_(),
                });
            }
            return Ok(i);
        }
        if self.nodes.len() >= self.max_positions {
            return Err(ExtractError::TooLarge {
                limit: self.max_positions,
            });
        }
        let i = self.nodes.len() as u32;
        self.nodes.push(ProofNode::default());
        self.open.push(true);
        if self.shape == Shape::Dag {
            self.index.insert(key, i);
        }
        let moves = match game.outcome() {
            Some(outcome) if self.reaches_goal(outcome) => Vec::new(),
            Some(outcome) => {
                return Err(ExtractError::LostLine {
                    path: self.where_(),
                    what: describe_outcome(outcome),
                });
            }
            None if game.to_move() == self.attacker => {
                let ply = self.path.len();
                let mv = match self.immediate(game).or(hint) {
                    Some(mv) => mv,
                    None => self.oracle.winning_move(game, ply).map_err(|why| {
                        ExtractError::NotReproved {
                            algorithm: self.algorithm.to_string(),
                            path: self.where_(),
                            why,
                        }
                    })?,
                };
                vec![self.child(game, mv)?]
            }
            None => match self
                .oracle
                .connection_leaf(game)
                .map(|mut leaf| {
                    if !self.derive_connections {
                        leaf.vc = None;
                    }
                    leaf
                })
                .filter(|leaf| {
                    self.max_carrier > 0
                        && (leaf.vc.is_some() || leaf.carrier.len() <= self.max_carrier)
                }) {
                Some(leaf) => {
                    self.nodes[i as usize] = ProofNode::connection_proof(leaf);
                    Vec::new()
                }
                None => {
                    let mut legal = MoveList::new();
                    game.legal_moves(&mut legal);
                    let must_play = self.oracle.must_play(game).filter(|(_, region)| {
                        self.derive_connections && region.len() < legal.len()
                    });
                    let mut moves = Vec::with_capacity(legal.len());
                    for &mv in legal.iter() {
                        if let Some((_, region)) = &must_play
                            && !region.contains(&game.format_move(mv))
                        {
                            continue;
                        }
                        moves.push(self.child(game, mv)?);
                    }
                    self.nodes[i as usize].must_play = must_play.map(|(proof, _)| proof);
                    moves
                }
            },
        };
        self.nodes[i as usize].moves = moves;
        self.open[i as usize] = false;
        Ok(i)
    }

    fn child(&mut self, game: &mut G, mv: G::Move) -> Result<(String, u32), ExtractError> {
        let text = game.format_move(mv);
        self.path.push(text.clone());
        game.play(mv);
        let child = self.node(game, None);
        game.undo(mv);
        self.path.pop();
        Ok((text, child?))
    }

    /// A move that ends the game at once in the goal: a win first, else (draws counting) a
    /// draw.
    fn immediate(&self, game: &mut G) -> Option<G::Move> {
        let mut legal = MoveList::new();
        game.legal_moves(&mut legal);
        let mut draw = None;
        for &mv in legal.iter() {
            game.play(mv);
            let outcome = game.outcome();
            game.undo(mv);
            match outcome {
                Some(Outcome::Win(p)) if p == self.attacker => return Some(mv),
                Some(Outcome::Draw) if self.goal == ProofGoal::WinOrDraw => {
                    draw = draw.or(Some(mv));
                }
                _ => {}
            }
        }
        draw
    }

    fn reaches_goal(&self, outcome: Outcome) -> bool {
        match outcome {
            Outcome::Win(p) => p == self.attacker,
            Outcome::Draw => self.goal == ProofGoal::WinOrDraw,
            Outcome::Score(_) => false,
        }
    }

    fn where_(&self) -> String {
        if self.path.is_empty() {
            "at the root".to_string()
        } else {
            format!("after {}", self.path.join(" "))
        }
    }
}

/// A finished game in words: "white won", "a draw", "a numeric leaf (score 3)".
pub fn describe_outcome(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(p) => format!("{} won", p.name()),
        Outcome::Draw => "a draw".to_string(),
        Outcome::Score(s) => format!("a numeric leaf (score {s})"),
    }
}
