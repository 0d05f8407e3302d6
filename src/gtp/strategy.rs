//! A proven win remembered: once the prover proves that the engine's side wins, the engine
//! extracts the proof tree (`crate::proof_tree::extract`, the tree `solve --proof-out`
//! writes and `plyscope verify` checks: one attacker move at every position where the
//! attacker is to move, every defence where the defender is) and answers each later
//! defence from it, so a win found once is never lost to a later search that runs out of
//! its limits. A defence the tree does not hold (a Hex must-play node lists only the
//! defences inside its region; a connection leaf none), a pass, or a move played out of
//! turn ends the strategy, and the engine searches again.

use crate::game::{Player, Point, point_name};
use crate::proof_tree::extract::extract;
use crate::proof_tree::{ExtractOptions, ProofTree};
use crate::puzzle::Puzzle;
use crate::run::solve::SolveReport;
use crate::run::spec::SearchSpec;

use super::board::Board;

/// Most positions a remembered proof may have (about 100 MB of memory at the bound).
pub const MAX_POSITIONS: usize = 1_000_000;

/// The proof of a win for `attacker` from the position after the first `start` moves.
pub struct Strategy {
    tree: ProofTree,
    attacker: Player,
    start: usize,
}

impl Strategy {
    /// The strategy of the win `report` proves for `puzzle`'s side to move, which is the
    /// board's position after its moves so far; `None` when the proof does not come out
    /// within [`MAX_POSITIONS`].
    pub fn extract(
        board: &Board,
        puzzle: &Puzzle,
        options: &SearchSpec,
        report: &SolveReport,
    ) -> Option<Strategy> {
        let bounds = ExtractOptions {
            max_positions: MAX_POSITIONS,
            ..ExtractOptions::default()
        };
        let extracted = extract(puzzle, "", options, report, &bounds).ok()?;
        Some(Strategy {
            tree: extracted.tree,
            attacker: puzzle.position.to_move(),
            start: board.moves_played(),
        })
    }

    /// How many moves had been played when the proof's root was the position.
    pub fn start(&self) -> usize {
        self.start
    }

    /// Positions in the remembered proof.
    pub fn positions(&self) -> usize {
        self.tree.positions()
    }

    /// The proof's move for `player` in the board's position, when the moves since the
    /// proof's root follow it and `player` is its attacker, to move.
    pub fn answer(&self, board: &Board, player: Player) -> Option<Point> {
        if player != self.attacker || board.moves_played() < self.start {
            return None;
        }
        let mut node = 0usize;
        let mut expected = self.attacker;
        for (mover, point) in board.moves_since(self.start) {
            let point = point?;
            if mover != expected {
                return None;
            }
            let name = point_name(point, board.size());
            let &(_, next) = self.tree.nodes[node]
                .moves
                .iter()
                .find(|(m, _)| *m == name)?;
            node = next as usize;
            expected = expected.opponent();
        }
        if expected != player {
            return None;
        }
        let (name, _) = self.tree.nodes[node].moves.first()?;
        crate::game::parse_point(name, board.size(), board.size()).ok()
    }
}
