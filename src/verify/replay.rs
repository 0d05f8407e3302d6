//! The replay: a depth-first walk of the file's nodes that plays every listed move with the
//! rules ([`Game::play`]/[`Game::undo`] on one game object), checks each node once
//! (a transposition must be the same position, a node reached below itself is a cycle, and in
//! games with a draw by repetition every node has one parent), and hands each node's moves to
//! the completeness checks of `holes.rs` and each connection leaf to its game's check.

use crate::game::{Game, Outcome, Player};

use super::holes::{Hole, describe, listed_moves};
use super::schema::{CarrierNode, FileNode, MustPlayNode};
use super::{MAX_DEPTH, Verified, VerifyError};

pub(super) struct Rules {
    pub(super) attacker: Player,
    pub(super) draws_count: bool,
    /// Every node must have one parent (games with a draw by repetition).
    pub(super) one_parent: bool,
    /// Longest line accepted, in plies.
    pub(super) max_depth: usize,
    /// Positions one connection leaf's search may enter.
    pub(super) max_leaf_positions: u64,
}

/// How a game checks a connection leaf: `Ok(the work done)`, or why not.
pub(super) type LeafCheck<G> =
    dyn Fn(&mut G, &CarrierNode, Player, u64) -> Result<LeafWork, LeafError>;

/// How a game checks a must-play node: `Ok((the defender's moves that must be listed, the
/// derivation steps checked))`, or why not.
pub(super) type MustPlayCheck<G> =
    dyn Fn(&G, &MustPlayNode, Player) -> Result<(Vec<<G as Game>::Move>, u64), Hole>;

/// What a game checks beyond the rules: connection leaves and must-play nodes.
pub(super) struct GameChecks<'a, G: Game> {
    pub(super) leaf: &'a LeafCheck<G>,
    pub(super) must_play: &'a MustPlayCheck<G>,
}

impl<G: Game> GameChecks<'static, G> {
    /// Games with neither (every game but Hex).
    pub(super) fn none() -> GameChecks<'static, G> {
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

/// The work one connection leaf took.
#[derive(Default)]
pub(super) struct LeafWork {
    /// Positions of restricted search.
    pub(super) positions: u64,
    /// Derivation steps checked.
    pub(super) steps: u64,
}

/// Why a connection leaf failed.
pub(super) enum LeafError {
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

/// What a node became on its first visit.
#[derive(Clone)]
pub(super) enum Seen {
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
    pub(super) fn replay<G: Game>(
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
        // Steps 3 to 5: the moves listed are the ones the node must list (holes.rs).
        let checked = listed_moves(game, attacker, listed, region.as_deref(), nodes.len())
            .map_err(|hole| self.hole(n, hole))?;
        self.answered_by_key += checked.answered_by_key;
        let parsed = checked.moves;
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
