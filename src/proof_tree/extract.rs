//! Building a proof tree from a solver's win (issue 7, deliverable 2).
//!
//! One extractor serves every algorithm that can report a win: from the root it follows one
//! winning move at each OR node (the attacker to move) and expands every legal defender move
//! at each AND node, down to finished games (seed 003's proof tree). The winning move at an
//! OR node comes, in this order, from
//!
//! 1. the rules: a move that ends the game at once with the attacker's win (or, for the
//!    goal "at least a draw", with a draw when no move wins), found by playing each legal
//!    move and asking [`Game::outcome`];
//! 2. the algorithm itself:
//!    - df-pn and lambda-df-pn: one engine whose table is kept for the whole extraction
//!      ([`super::kept`]): the table's proven entry names the move (`DfpnEntry::best`), and
//!      a position the table does not answer is searched with everything the table holds;
//!      the first search is the root's own;
//!    - every other algorithm (the alpha-beta family, lambda, dual-lambda, PNS, PN²): at the
//!      root the best move the solve reported, elsewhere a [`WinOracle`],
//!      [`ResolveOracle`], that re-solves the position with the same algorithm and
//!      settings (`solve_puzzle` on the puzzle with this position as its start) and takes
//!      its best move if it reports the goal reached ("win", "proven", or "draw" when draws
//!      count). Each re-solve starts with a fresh table of at most
//!      [`ExtractOptions::resolve_tt_mb`]: those engines keep their tables private, and a
//!      smaller one keeps the set-up cost per position low.
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

use rustc_hash::FxHashMap;

use crate::game::{Game, MoveList, Outcome, Player};
use crate::games::atarigo::AtariGo;
use crate::games::hex::Hex;
use crate::games::mnk::Mnk;
use crate::games::tree::TreeGame;
use crate::puzzle::{Position, Puzzle};
use crate::search::observer::NoTrace;
use crate::search::proof::Goal;
use crate::search::{self, Algorithm, Limits, SearchConfig, SearchGame, Verdict};
use crate::solve::proof::config_for;
use crate::solve::{SolveOptions, SolveReport, solve_puzzle};

use super::{FORMAT, ProofGoal, ProofNode, ProofTree, VERSION};

/// Bounds of an extraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtractOptions {
    /// Most positions (DAG nodes) the tree may have.
    pub max_positions: usize,
    /// Table size in MiB of each re-solve (at most the solve's own).
    pub resolve_tt_mb: usize,
}

impl Default for ExtractOptions {
    /// 4 million positions (about 900 MB of memory at the bound, measured on Hex 5x5; at
    /// AtariGo 5x5's 19 bytes of JSON a position, about 80 MB of file); re-solves with 8 MiB
    /// tables.
    fn default() -> ExtractOptions {
        ExtractOptions {
            max_positions: 4_000_000,
            resolve_tt_mb: 8,
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
}

/// Where a winning move comes from at an OR node the rules do not decide at once.
pub trait WinOracle<G: Game> {
    /// A move keeping the goal for the side to move (the attacker), or why there is none;
    /// `ply` is the node's distance from the root of the proof.
    fn winning_move(&mut self, game: &mut G, ply: usize) -> Result<G::Move, String>;
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

/// Games whose positions can become a puzzle's start position again.
pub trait IntoPosition: Game {
    /// The puzzle position of this game state.
    fn to_position(&self) -> Position;
}

impl IntoPosition for Mnk {
    fn to_position(&self) -> Position {
        Position::Mnk(self.clone())
    }
}

impl IntoPosition for AtariGo {
    fn to_position(&self) -> Position {
        Position::AtariGo(self.clone())
    }
}

impl IntoPosition for Hex {
    fn to_position(&self) -> Position {
        Position::Hex(self.clone())
    }
}

impl IntoPosition for TreeGame {
    fn to_position(&self) -> Position {
        Position::Tree(self.clone())
    }
}

/// Re-solves positions with the algorithm and settings of the original solve.
pub struct ResolveOracle {
    puzzle: Puzzle,
    options: SolveOptions,
    accept_draw: bool,
    /// Re-solves run.
    pub calls: u64,
    /// Nodes the re-solves searched.
    pub nodes: u64,
}

impl ResolveOracle {
    /// An oracle for `puzzle` solved with `options` (root analysis off, the table bounded by
    /// `resolve_tt_mb`); `goal` says whether a reported draw keeps the goal.
    pub fn new(
        puzzle: &Puzzle,
        options: &SolveOptions,
        goal: ProofGoal,
        resolve_tt_mb: usize,
    ) -> ResolveOracle {
        let mut puzzle = puzzle.clone();
        puzzle.expect = None;
        let mut options = options.clone();
        options.root_moves = false;
        options.tt_mb = options.tt_mb.min(resolve_tt_mb);
        ResolveOracle {
            puzzle,
            options,
            accept_draw: goal == ProofGoal::WinOrDraw,
            calls: 0,
            nodes: 0,
        }
    }
}

impl<G: IntoPosition> WinOracle<G> for ResolveOracle {
    fn winning_move(&mut self, game: &mut G, _ply: usize) -> Result<G::Move, String> {
        self.puzzle.position = game.to_position();
        let report = solve_puzzle(&self.puzzle, &self.options).map_err(|e| e.to_string())?;
        self.calls += 1;
        self.nodes += report.nodes;
        let reached = matches!(report.result.as_str(), "win" | "proven")
            || (self.accept_draw && report.result == "draw");
        if !reached {
            let limit = if report.stopped {
                " (stopped by a limit)"
            } else {
                ""
            };
            return Err(format!("it answers {}{limit}", report.result));
        }
        let Some(text) = report.best_move else {
            return Err(format!("it answers {} without a move", report.result));
        };
        game.parse_move(&text)
            .map_err(|e| format!("its move {text} does not parse: {e}"))
    }
}

/// The solve's alpha-beta search run on the game object the extraction walks (games whose
/// draws depend on the path, [`Shape::Tree`]): the position keeps its history, so the search
/// applies the repetition rule to the line that led here, exactly as the game does. The depth
/// of each search is what is left of the win's length: a win in `n` plies has `n - ply`
/// plies left at ply `ply`, so every line of the proof ends within `n` plies. A win verdict
/// of the alpha-beta family rests only on finished games (heuristic values never prove), and
/// the verifier replays whatever this oracle chooses.
pub struct LineOracle {
    config: SearchConfig,
    limits: Limits,
    /// Plies of the win at the root (`None`: to the end of the game).
    budget: Option<u32>,
    accept_draw: bool,
    /// Searches run.
    pub calls: u64,
    /// Nodes they searched.
    pub nodes: u64,
}

impl LineOracle {
    /// An oracle searching with `options`' algorithm and limits (the table bounded by
    /// `tt_mb`), within `budget` plies of the root; `goal` says whether a proven draw keeps
    /// the goal.
    pub fn new(
        options: &SolveOptions,
        goal: ProofGoal,
        budget: Option<u32>,
        tt_mb: usize,
    ) -> LineOracle {
        LineOracle {
            config: SearchConfig {
                algorithm: options.algorithm,
                tt_mb: options.tt_mb.min(tt_mb),
                ..SearchConfig::default()
            },
            limits: options.limits,
            budget,
            accept_draw: goal == ProofGoal::WinOrDraw,
            calls: 0,
            nodes: 0,
        }
    }
}

impl<G: SearchGame> WinOracle<G> for LineOracle {
    fn winning_move(&mut self, game: &mut G, ply: usize) -> Result<G::Move, String> {
        let left = match self.budget {
            None => None,
            Some(budget) => match budget.checked_sub(ply as u32) {
                Some(left) if left > 0 => Some(left),
                _ => return Err(format!("no plies are left of the win in {budget}")),
            },
        };
        let limits = Limits {
            max_depth: left,
            ..self.limits
        };
        let result = search::solve(game, &self.config, &limits, &mut NoTrace);
        self.calls += 1;
        self.nodes += result.stats.nodes;
        let reached = matches!(result.verdict, Verdict::Win { .. })
            || (self.accept_draw && result.verdict == Verdict::Draw);
        let within = match left {
            None => String::new(),
            Some(1) => " within 1 ply".to_string(),
            Some(l) => format!(" within {l} plies"),
        };
        if !reached {
            let limit = if result.stopped {
                " (stopped by a limit)"
            } else {
                ""
            };
            return Err(format!(
                "it answers {}{within}{limit}",
                result.verdict.word()
            ));
        }
        result.best_move.ok_or_else(|| {
            format!(
                "it answers {}{within} without a move",
                result.verdict.word()
            )
        })
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
    options: &SolveOptions,
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
    let hint = report.best_move.as_deref();
    let (nodes, resolves, resolve_nodes) = match &puzzle.position {
        Position::Mnk(g) => by_algorithm(g.clone(), puzzle, options, goal, hint, bounds),
        Position::AtariGo(g) => by_algorithm(g.clone(), puzzle, options, goal, hint, bounds),
        Position::Hex(g) => by_algorithm(g.clone(), puzzle, options, goal, hint, bounds),
        Position::Tree(g) => by_algorithm(g.clone(), puzzle, options, goal, hint, bounds),
        Position::Dama(g) => by_line(g.clone(), options, report, goal, hint, bounds),
        Position::Gobblet(g) => by_line(g.clone(), options, report, goal, hint, bounds),
    }?;
    let algorithm = options.algorithm.name();
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
    options: &SolveOptions,
    goal: ProofGoal,
    hint: Option<&str>,
    bounds: &ExtractOptions,
) -> Result<(Vec<ProofNode>, u64, u64), ExtractError> {
    let algorithm = options.algorithm.name();
    let engine_goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: goal == ProofGoal::WinOrDraw,
    };
    let config = config_for(options);
    let limits = &options.limits;
    let mut oracle = ResolveOracle::new(puzzle, options, goal, bounds.resolve_tt_mb);
    let kept = match options.algorithm {
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
    options: &SolveOptions,
    report: &SolveReport,
    goal: ProofGoal,
    hint: Option<&str>,
    bounds: &ExtractOptions,
) -> Result<(Vec<ProofNode>, u64, u64), ExtractError> {
    let budget = report.plies.map(|p| p as u32).or(options.limits.max_depth);
    let mut oracle = LineOracle::new(options, goal, budget, bounds.resolve_tt_mb);
    let algorithm = options.algorithm.name();
    let shape = Shape::Tree;
    let nodes = build(&mut game, goal, hint, &mut oracle, algorithm, bounds, shape)?;
    Ok((nodes, oracle.calls, oracle.nodes))
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
    let root_move = root_move.and_then(|text| game.parse_move(text).ok());
    let mut builder = Builder {
        game: std::marker::PhantomData,
        attacker: game.to_move(),
        goal,
        oracle,
        algorithm,
        max_positions: bounds.max_positions,
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
            None => {
                let mut legal = MoveList::new();
                game.legal_moves(&mut legal);
                let mut moves = Vec::with_capacity(legal.len());
                for &mv in legal.iter() {
                    moves.push(self.child(game, mv)?);
                }
                moves
            }
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
