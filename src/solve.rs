//! Solving a puzzle headless: picks the game once, runs a monomorphic search with
//! [`NoTrace`], and turns the answer into a [`SolveReport`] that the CLI prints as text or
//! JSON and that the tests compare with the puzzle's `[expect]`.
//!
//! design.md section 1: "picks game x algorithm once, then calls monomorphic code".

use serde::Serialize;

use crate::game::{Game, MoveList};
use crate::puzzle::{Expect, Position, Puzzle};
use crate::search::{self, Algorithm, Limits, SearchConfig, SearchGame, Stats, Verdict};
use crate::trace::NoTrace;

/// How to solve: the algorithm and its limits, after the command line has overridden the
/// puzzle's defaults.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The search to run.
    pub algorithm: Algorithm,
    /// Depth, node and time limits.
    pub limits: Limits,
    /// Transposition table size in MiB (0: none).
    pub tt_mb: usize,
    /// Also classify every root move (win / not a win) when the root is a win, to report the
    /// full set of winning first moves.
    pub root_moves: bool,
}

/// What a solve found, ready to print.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    /// Puzzle name (bundled name or path).
    pub puzzle: String,
    /// Puzzle title.
    pub title: String,
    /// Game name.
    pub game: String,
    /// The position as a text diagram.
    pub diagram: String,
    /// Side to move at the root (the attacker).
    pub to_move: String,
    /// Algorithm name.
    pub algorithm: String,
    /// "win", "loss", "draw" or "unknown".
    pub result: String,
    /// Plies to the end of the game for a win or a loss.
    pub plies: Option<usize>,
    /// Root value as printed by [`search::Value`]'s Display.
    pub value: String,
    /// Best root move in the game's notation.
    pub best_move: Option<String>,
    /// Principal variation.
    pub pv: Vec<String>,
    /// Depth of the last completed search.
    pub depth: u32,
    /// True when a node or time limit stopped the search.
    pub stopped: bool,
    /// Winning first moves, when root moves were classified.
    pub winning_moves: Option<Vec<String>>,
    /// Counters.
    pub nodes: u64,
    pub leaves: u64,
    pub cutoffs: u64,
    pub tt_probes: u64,
    pub tt_hits: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Nodes per second.
    pub nodes_per_second: f64,
    /// How the answer compares with the puzzle's `[expect]`.
    pub check: Check,
}

/// Comparison of a solve with the puzzle's expected answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", content = "detail", rename_all = "kebab-case")]
pub enum Check {
    /// The puzzle states no answer.
    NoExpectation,
    /// Everything the search established agrees with `[expect]`.
    Agrees,
    /// The search stopped within its limits before establishing the answer.
    NotReached(String),
    /// The search established something that contradicts `[expect]`.
    Disagrees(String),
}

impl Check {
    /// True unless the answer contradicts the expectation or was not reached.
    pub fn is_ok(&self) -> bool {
        matches!(self, Check::Agrees | Check::NoExpectation)
    }
}

/// Solves `puzzle` with `options`.
pub fn solve_puzzle(puzzle: &Puzzle, options: &SolveOptions) -> SolveReport {
    match &puzzle.position {
        Position::Mnk(g) => solve_game(g.clone(), puzzle, options),
        Position::AtariGo(g) => solve_game(g.clone(), puzzle, options),
        Position::Hex(g) => solve_game(g.clone(), puzzle, options),
        Position::Tree(g) => solve_game(g.clone(), puzzle, options),
    }
}

fn config_for(options: &SolveOptions) -> SearchConfig {
    SearchConfig {
        algorithm: options.algorithm,
        tt_mb: options.tt_mb,
        ..SearchConfig::default()
    }
}

/// The monomorphic part: one copy per game.
fn solve_game<G: SearchGame>(mut game: G, puzzle: &Puzzle, options: &SolveOptions) -> SolveReport {
    let diagram = game.diagram();
    let to_move = game.to_move();
    let config = config_for(options);
    let result = search::solve(&mut game, &config, &options.limits, &mut NoTrace);
    let mut stats = result.stats;

    let winning_moves = if options.root_moves && matches!(result.verdict, Verdict::Win { .. }) {
        let (moves, root_stats) = winning_root_moves(&mut game, &config, &options.limits);
        add_stats(&mut stats, &root_stats);
        moves
    } else {
        None
    };

    let check = match &puzzle.expect {
        None => Check::NoExpectation,
        Some(expect) => compare(expect, result.verdict, winning_moves.as_deref()),
    };

    SolveReport {
        puzzle: puzzle.name.clone(),
        title: puzzle.title.clone(),
        game: game.name().to_string(),
        diagram,
        to_move: to_move.name().to_string(),
        algorithm: options.algorithm.name().to_string(),
        result: result.verdict.word().to_string(),
        plies: result.verdict.plies(),
        value: result.value.to_string(),
        best_move: result.best_move.map(|m| game.format_move(m)),
        pv: format_line(&mut game, &result.pv),
        depth: result.depth,
        stopped: result.stopped,
        winning_moves,
        nodes: stats.nodes,
        leaves: stats.leaves,
        cutoffs: stats.cutoffs,
        tt_probes: stats.tt_probes,
        tt_hits: stats.tt_hits,
        seconds: stats.elapsed.as_secs_f64(),
        nodes_per_second: stats.nodes_per_second(),
        check,
    }
}

/// Writes a line of moves in the game's notation (each move is formatted in the position
/// where it is played, then the position is restored).
fn format_line<G: Game>(game: &mut G, line: &[G::Move]) -> Vec<String> {
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        out.push(game.format_move(mv));
        game.play(mv);
    }
    for &mv in line.iter().rev() {
        game.undo(mv);
    }
    out
}

/// Searches every root move: a move wins when the position after it is a proven loss for
/// the opponent. `None` when some move could not be decided within the limits (then the set
/// is not known exactly).
fn winning_root_moves<G: SearchGame>(
    game: &mut G,
    config: &SearchConfig,
    limits: &Limits,
) -> (Option<Vec<String>>, Stats) {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut winners = Vec::new();
    let mut total = Stats::default();
    let mut complete = true;
    // The winning-move set is a game-theoretic question: a move that does not win within
    // the root's depth limit may still win later, so the children are searched to the end
    // (within the node and time limits).
    let child_limits = Limits {
        max_depth: None,
        ..*limits
    };
    for &mv in moves.iter() {
        let name = game.format_move(mv);
        game.play(mv);
        let child = if let Some(outcome) = game.outcome() {
            // The move ends the game: a win for the mover is a winning move.
            let wins = outcome == crate::game::Outcome::Win(game.to_move().opponent());
            if wins {
                winners.push(name);
            }
            game.undo(mv);
            continue;
        } else {
            search::solve(game, config, &child_limits, &mut NoTrace)
        };
        game.undo(mv);
        add_stats(&mut total, &child.stats);
        match child.verdict {
            Verdict::Loss { .. } => winners.push(name),
            Verdict::Unknown => complete = false,
            _ => {}
        }
    }
    (complete.then_some(winners), total)
}

fn add_stats(total: &mut Stats, more: &Stats) {
    total.nodes += more.nodes;
    total.leaves += more.leaves;
    total.cutoffs += more.cutoffs;
    total.tt_probes += more.tt_probes;
    total.tt_hits += more.tt_hits;
    total.elapsed += more.elapsed;
}

/// Compares what a search established with the expected answer. Winning moves are
/// compared only when the root moves were classified.
pub fn compare(expect: &Expect, verdict: Verdict, winning_moves: Option<&[String]>) -> Check {
    if verdict == Verdict::Unknown {
        return Check::NotReached(format!(
            "expected {}; not decided within the limits",
            expect.summary()
        ));
    }
    if let Some(why) = expect.disagreement(verdict) {
        return Check::Disagrees(why);
    }
    if let (Some(want), Some(got)) = (&expect.winning_moves, winning_moves) {
        let mut want: Vec<&str> = want.iter().map(String::as_str).collect();
        let mut got: Vec<&str> = got.iter().map(String::as_str).collect();
        want.sort_unstable();
        got.sort_unstable();
        if want != got {
            return Check::Disagrees(format!(
                "expected winning moves {}, found {}",
                want.join(" "),
                if got.is_empty() {
                    "none".to_string()
                } else {
                    got.join(" ")
                }
            ));
        }
    }
    Check::Agrees
}
