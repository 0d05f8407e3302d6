//! Winning moves from a df-pn engine whose table is kept for the whole extraction (df-pn
//! and lambda-df-pn; the generic re-solve of [`super::oracle::ResolveOracle`] starts every
//! position with a fresh table).
//!
//! One [`Mid`] engine serves every OR node: its table's entry for the position
//! ([`Mid::stored_best`], `DfpnEntry::best`, the move that proved it) answers at once when
//! an earlier search proved the position; otherwise the engine searches the position with
//! the table it has, and the entries it adds serve the OR nodes below. The first search is
//! the root's own, so the table then holds the solve's whole proof.
//!
//! - df-pn: the engine `dfpn_search` runs (plain moves, the solve's leaf initialisation).
//! - lambda-df-pn: its last stage (`must_play::must_play_dfpn`: df-pn over the real game
//!   with must-play regions from lambda-trees of level `MUST_PLAY_LEVEL`, 0 without
//!   zones), which is the stage whose proofs are proofs of the real game; the lambda-tree
//!   stages prove wins in a tree where the defender may pass, which is no move of the game.
//!
//! A position the engine proves without naming a move (lambda-df-pn's must-play source
//! decides some by a lambda-tree of the attacker, which is no single move of the table) is
//! re-solved from scratch by the same algorithm ([`ResolveOracle`]), whose report names the
//! move.
//!
//! The solve's node and time limits bound the engine's work over the whole extraction.
//! Nothing here has to be right for a verified proof: the verifier replays every move.

use crate::game::MoveList;
use crate::search::dfpn::{DfpnOptions, Mid, MoveSource, PlainMoves, smallest_symmetric_key};
use crate::search::lambda_dfpn::MUST_PLAY_LEVEL;
use crate::search::lambda_dfpn::must_play::MustPlayMoves;
use crate::search::observer::NoTrace;
use crate::search::proof::{Goal, LeafInit, ProofConfig, ProofVerdict};
use crate::search::{Limits, SearchGame};

use super::build::{Shape, WinOracle, build};
use super::oracle::{IntoPosition, ResolveOracle};
use super::{ConnectionProof, ExtractError, ExtractOptions, MustPlayProof, ProofNode};

/// An oracle over one df-pn engine and its table.
struct KeptTable<'a, G: SearchGame, S: MoveSource<G>> {
    engine: Mid<'a, G, S, NoTrace>,
    /// True when the source maps stored moves between symmetric positions
    /// ([`MoveSource::position_move`]), so [`Mid::stored_best`] names a move of this position.
    trust_stored_best: bool,
    /// Searches run (positions the table did not answer).
    searches: u64,
    /// Nodes of the engine so far (cumulative).
    nodes: u64,
    moves: MoveList<G::Move>,
    /// Asked when the engine proves a position without naming a move (lambda-df-pn's
    /// must-play source decides some positions by a lambda-tree, which is no move).
    fallback: ResolveOracle,
}

impl<G: SearchGame + IntoPosition, S: MoveSource<G>> KeptTable<'_, G, S> {
    /// The move whose position the table holds as proven for the attacker (the defender to
    /// move and lost: `delta`, the proof number at an AND node, is 0) with the smallest
    /// stored proof (`DfpnEntry::size`): a smaller proof in the engine's terms usually
    /// unfolds into fewer positions of the game. Both sources key a
    /// position by the smallest of its symmetric keys, so the probe needs no move mapping.
    fn proven_child(&mut self, game: &mut G) -> Option<G::Move> {
        game.legal_moves(&mut self.moves);
        let mut best: Option<(u32, G::Move)> = None;
        for i in 0..self.moves.len() {
            let mv = self.moves.as_slice()[i];
            game.play(mv);
            let entry = self.engine.table().probe(smallest_symmetric_key(game).1);
            game.undo(mv);
            if let Some(e) = entry.filter(|e| e.delta == 0)
                && best.is_none_or(|(size, _)| e.size < size)
            {
                best = Some((e.size, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
}

impl<G: SearchGame + IntoPosition, S: MoveSource<G>> WinOracle<G> for KeptTable<'_, G, S> {
    fn connection_leaf(&mut self, game: &G) -> Option<ConnectionProof> {
        game.connection_proof()
    }

    fn must_play(&mut self, game: &G) -> Option<(MustPlayProof, Vec<String>)> {
        game.must_play_proof()
    }

    fn winning_move(&mut self, game: &mut G, ply: usize) -> Result<G::Move, String> {
        if let Some(mv) = self.proven_child(game) {
            return Ok(mv);
        }
        if self.trust_stored_best
            && let Some(mv) = self.engine.stored_best(game)
        {
            return Ok(mv);
        }
        self.searches += 1;
        let report = self.engine.run(game);
        self.nodes = report.stats.nodes;
        match (report.verdict, report.best_move) {
            (ProofVerdict::Proven, best) => match self.proven_child(game).or(best) {
                Some(mv) => Ok(mv),
                None => self.fallback.winning_move(game, ply),
            },
            (verdict, _) => Err(format!(
                "it answers {}{}",
                match verdict {
                    ProofVerdict::Proven => "proven",
                    ProofVerdict::Disproven => "disproven (the move does not win)",
                    ProofVerdict::Unknown => "unknown",
                },
                if report.stopped {
                    " (stopped by a limit)"
                } else {
                    ""
                }
            )),
        }
    }
}

/// What a kept-table extraction built, with the engine's effort.
pub struct KeptRun {
    pub nodes: Vec<ProofNode>,
    pub searches: u64,
    pub engine_nodes: u64,
}

/// Extracts with plain df-pn and one table.
pub fn dfpn<G: SearchGame + IntoPosition>(
    game: &mut G,
    fallback: ResolveOracle,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
    algorithm: &str,
    bounds: &ExtractOptions,
) -> Result<KeptRun, ExtractError> {
    let options = DfpnOptions::from_config(config);
    let mut source = PlainMoves::new(options.init);
    let mut observer = NoTrace;
    let engine = Mid::new(&mut source, &mut observer, &options, goal, limits);
    run(game, engine, true, fallback, goal, algorithm, bounds)
}

/// Extracts with lambda-df-pn's last stage and one table (split as that stage splits it).
pub fn must_play<G: SearchGame + IntoPosition>(
    game: &mut G,
    fallback: ResolveOracle,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
    algorithm: &str,
    bounds: &ExtractOptions,
) -> Result<KeptRun, ExtractError> {
    let half = if config.tt_mb == 0 {
        0
    } else {
        (config.tt_mb / 2).max(1)
    };
    let options = DfpnOptions::from_config(&ProofConfig {
        tt_mb: half,
        ..*config
    });
    let level = if config.zones { MUST_PLAY_LEVEL } else { 0 };
    let mobility = config.init != LeafInit::Unit;
    let mut lambda_observer = NoTrace;
    let mut source = MustPlayMoves::new(game, level, half, mobility, &mut lambda_observer);
    let mut observer = NoTrace;
    let engine = Mid::new(&mut source, &mut observer, &options, goal, limits);
    // The must-play source keys symmetric positions alike but stores moves in the frame of
    // the position that stored them: its `stored_best` may name a symmetric position's move.
    run(game, engine, false, fallback, goal, algorithm, bounds)
}

fn run<G: SearchGame + IntoPosition, S: MoveSource<G>>(
    game: &mut G,
    engine: Mid<'_, G, S, NoTrace>,
    trust_stored_best: bool,
    fallback: ResolveOracle,
    goal: Goal,
    algorithm: &str,
    bounds: &ExtractOptions,
) -> Result<KeptRun, ExtractError> {
    let mut oracle = KeptTable {
        engine,
        trust_stored_best,
        searches: 0,
        nodes: 0,
        moves: MoveList::new(),
        fallback,
    };
    let proof_goal = if goal.draw_for_attacker {
        super::ProofGoal::WinOrDraw
    } else {
        super::ProofGoal::Win
    };
    // No root hint unless one is asked for: the root's search fills the table for
    // everything below.
    let nodes = build(
        game,
        proof_goal,
        bounds.root_move.as_deref(),
        &mut oracle,
        algorithm,
        bounds,
        Shape::Dag,
    )?;
    Ok(KeptRun {
        nodes,
        searches: oracle.searches + oracle.fallback.calls,
        engine_nodes: oracle.nodes + oracle.fallback.nodes,
    })
}
