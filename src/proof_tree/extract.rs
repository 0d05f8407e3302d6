//! Building a proof tree from a solver's win.
//!
//! One extractor serves every algorithm that can report a win: from the root it follows one
//! winning move at each OR node (the attacker to move) and expands every legal defender move
//! at each AND node, down to finished games (the proof tree of Hric and Baudiš, *Game algorithms,
//! lecture 4: Proof number search, Lambda search*). The winning move at an OR node comes, in this
//! order, from
//!
//! 1. the rules: a move that ends the game at once with the attacker's win (or, for the
//!    goal "at least a draw", with a draw when no move wins), found by playing each legal
//!    move and asking [`Game::outcome`](crate::game::Game::outcome);
//! 2. the algorithm itself:
//!    - df-pn and lambda-df-pn: one engine whose table is kept for the whole extraction
//!      ([`super::kept`]): the table's proven entry names the move (`DfpnEntry::best`), and
//!      a position the table does not answer is searched with everything the table holds;
//!      the first search is the root's own;
//!    - every other algorithm (the alpha-beta family, lambda, dual-lambda, PNS, PN²): at the
//!      root the best move the solve reported, elsewhere a
//!      [`WinOracle`](super::build::WinOracle), [`ResolveOracle`], that re-solves the position with
//!      the same algorithm and settings (`solve_puzzle` on the puzzle with this position as its
//!      start) and takes its best move if it reports the goal reached ("win", "proven", or "draw"
//!      when draws count). Each re-solve starts with a fresh table of at most
//!      [`ExtractOptions::resolve_tt_mb`]: those engines keep their tables private, and a smaller
//!      one keeps the set-up cost per position low.
//!    - Gobblet and Czech checkers (draws by repetition): the solve's alpha-beta search
//!      run on the walked game object itself, [`LineOracle`] (see below).
//!
//! A position reached again (same Zobrist key) is the same node: the tree is a DAG. A key
//! collision would give a wrong tree, never a wrong verdict: the verifier replays every move
//! and compares the positions it reaches ([`crate::verify`]). Nothing here has to be trusted:
//! a solver that claims a win it cannot re-prove stops the extraction with the line where it
//! failed, and whatever is extracted is checked by the rules alone.
//!
//! # Games whose draws depend on the path
//!
//! Gobblet (both variants) and Czech checkers draw on the third repetition of a position, so
//! what a position is worth depends on the moves that led to it: one position reached by
//! two lines may be won on one and drawn on the other. Their proofs are *trees*
//! ([`Shape::Tree`]): every line from the root has nodes of its own, never merged with
//! another line's. The extraction plays every move on the one game object it starts from at
//! the root, whose `play`/`undo` keep the history the repetition rule reads, and chooses the
//! attacker's moves with [`LineOracle`]: the solve's own alpha-beta search (the only family
//! that solves these games) run on that same game object, so it sees the line's history,
//! to the depth the win still has (a win in `n` plies: `n - ply` plies at ply `ply`). The
//! file format does not change: a tree is a DAG whose nodes all have one parent, and the
//! verifier insists on that for these games.
//!
//! Bounded: more than [`ExtractOptions::max_positions`] positions stops with
//! [`ExtractError::TooLarge`].
//!
//! The parts: [`super::build`] walks the strategy into nodes, asking a `WinOracle`;
//! [`super::oracle`] holds the oracles that search each position again, `kept` the one with
//! a kept df-pn table; this module picks the oracle for the game and algorithm.

use crate::games::any::{AnyGame, GameVisitor};
use crate::puzzle::Puzzle;
use crate::run::solve::SolveReport;
use crate::run::spec::SearchSpec;
use crate::search::proof::Goal;
use crate::search::{Algorithm, SearchGame};

use super::build::{Shape, build};
use super::oracle::{IntoPosition, LineOracle, ResolveOracle};
use super::{ExtractError, ExtractOptions, FORMAT, ProofGoal, ProofNode, ProofTree, VERSION};

/// [`extract`] on the typed game: games whose draws depend on the path walk the solve's
/// line ([`by_line`]), the others search again with the solve's algorithm ([`by_algorithm`]).
struct ByGame<'a> {
    puzzle: &'a Puzzle,
    options: &'a SearchSpec,
    report: &'a SolveReport,
    goal: ProofGoal,
    hint: Option<&'a str>,
    bounds: &'a ExtractOptions,
}

impl GameVisitor for ByGame<'_> {
    type Output = Result<(Vec<ProofNode>, u64, u64), ExtractError>;

    fn visit<G: AnyGame>(self, game: &G) -> Self::Output {
        let ByGame {
            puzzle,
            options,
            report,
            goal,
            hint,
            bounds,
        } = self;
        if G::KIND.path_dependent() {
            by_line(game.clone(), options, report, goal, hint, bounds)
        } else {
            by_algorithm(game.clone(), puzzle, options, goal, hint, bounds)
        }
    }
}

/// The goal a solve's report establishes for the side to move, if any: a win, or (when the
/// puzzle counts draws for the attacker) a win or a draw.
pub fn goal_of(report: &SolveReport, puzzle: &Puzzle) -> Option<ProofGoal> {
    match report.result.as_str() {
        "win" => Some(ProofGoal::Win),
        "proven" if puzzle.draw_counts_for_attacker => Some(ProofGoal::WinOrDraw),
        "proven" => Some(ProofGoal::Win),
        "draw" if puzzle.draw_counts_for_attacker => Some(ProofGoal::WinOrDraw),
        _ => None,
    }
}

/// What an extraction produced.
#[derive(Clone, Debug)]
pub struct Extracted {
    /// The tree.
    pub tree: ProofTree,
    /// Searches run for OR nodes the rules did not decide at once (re-solves; with a kept
    /// table, the positions the table did not answer, the root's search included; in games
    /// with repetition draws, the alpha-beta searches of [`LineOracle`]).
    pub resolves: u64,
    /// Nodes those searches took.
    pub resolve_nodes: u64,
}

/// Extracts the proof of the win `report` claims for `puzzle` (solved with `options`);
/// `puzzle_text` is the puzzle file's text, stored in the tree.
pub fn extract(
    puzzle: &Puzzle,
    puzzle_text: &str,
    options: &SearchSpec,
    report: &SolveReport,
    bounds: &ExtractOptions,
) -> Result<Extracted, ExtractError> {
    let Some(goal) = goal_of(report, puzzle) else {
        return Err(ExtractError::NotAWin {
            puzzle: puzzle.name.clone(),
            algorithm: report.algorithm.clone(),
            result: report.result.clone(),
        });
    };
    let hint = bounds.root_move.as_deref().or(report.best_move.as_deref());
    let (nodes, resolves, resolve_nodes) = puzzle.position.with_game(ByGame {
        puzzle,
        options,
        report,
        goal,
        hint,
        bounds,
    })?;
    let algorithm = options.config.algorithm.name();
    Ok(Extracted {
        tree: ProofTree {
            format: FORMAT.to_string(),
            version: VERSION,
            puzzle_name: puzzle.name.clone(),
            puzzle: puzzle_text.to_string(),
            algorithm: algorithm.to_string(),
            attacker: puzzle.position.to_move().name().to_string(),
            goal,
            nodes,
        },
        resolves,
        resolve_nodes,
    })
}

/// The oracle each algorithm gets: df-pn and lambda-df-pn one engine with its table kept
/// ([`super::kept`]), the others a re-solve per position ([`ResolveOracle`]). Returns the
/// nodes, the searches run and their nodes.
fn by_algorithm<G: SearchGame + IntoPosition>(
    mut game: G,
    puzzle: &Puzzle,
    options: &SearchSpec,
    goal: ProofGoal,
    hint: Option<&str>,
    bounds: &ExtractOptions,
) -> Result<(Vec<ProofNode>, u64, u64), ExtractError> {
    let algorithm = options.config.algorithm.name();
    let engine_goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: goal == ProofGoal::WinOrDraw,
    };
    let config = options.proof_config();
    let limits = &options.limits;
    let mut oracle = ResolveOracle::new(puzzle, options, goal, bounds.resolve_tt_mb);
    let kept = match options.config.algorithm {
        Algorithm::DfPn => {
            let e = engine_goal;
            super::kept::dfpn(&mut game, oracle, &config, e, limits, algorithm, bounds)?
        }
        Algorithm::LambdaDfPn => {
            let e = engine_goal;
            super::kept::must_play(&mut game, oracle, &config, e, limits, algorithm, bounds)?
        }
        _ => {
            let shape = Shape::Dag;
            let nodes = build(&mut game, goal, hint, &mut oracle, algorithm, bounds, shape)?;
            return Ok((nodes, oracle.calls, oracle.nodes));
        }
    };
    Ok((kept.nodes, kept.searches, kept.engine_nodes))
}

/// The proof tree of a game whose draws depend on the path ([`Shape::Tree`], [`LineOracle`]):
/// the attacker's moves from the solve's alpha-beta search on the walked game object, within
/// the plies of the solve's win (the puzzle's depth when the report names none). Returns the
/// nodes, the searches run and their nodes.
fn by_line<G: SearchGame>(
    mut game: G,
    options: &SearchSpec,
    report: &SolveReport,
    goal: ProofGoal,
    hint: Option<&str>,
    bounds: &ExtractOptions,
) -> Result<(Vec<ProofNode>, u64, u64), ExtractError> {
    let budget = report.plies.map(|p| p as u32).or(options.limits.max_depth);
    let mut oracle = LineOracle::new(options, goal, budget, bounds.resolve_tt_mb);
    let algorithm = options.config.algorithm.name();
    let shape = Shape::Tree;
    let nodes = build(&mut game, goal, hint, &mut oracle, algorithm, bounds, shape)?;
    Ok((nodes, oracle.calls, oracle.nodes))
}
