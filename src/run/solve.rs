//! Solving a puzzle headless: picks the game once, runs a monomorphic search with
//! [`NoTrace`], and turns the answer into a [`SolveReport`] that the CLI prints as text or
//! JSON and that the tests compare with the puzzle's `[expect]`.
//!
//! The alpha-beta family is solved in [`classic`]; threat searches (lambda, dual-lambda, Suda,
//! *Efficient algorithms for verifying goals in computer games*, chapter 5) in [`threat`], which
//! also draws the root analysis of figures 5.1-5.3 ([`root_diagram`]); the proof-number family
//! (Hric and Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda search*: PNS, PN²,
//! df-pn, lambda-df-pn) in [`proof`], for the goal "the side to move wins".

mod classic;
mod openings;
pub mod policy;
pub mod proof;
pub mod report;
pub mod root_diagram;
pub mod shape;
pub mod threat;

use serde::{Deserialize, Serialize};

use crate::game::{Game, StoneGame};
use crate::games::any::{AnyGame, GameVisitor};
use crate::puzzle::{Expect, Puzzle};
use crate::search::Verdict;
use crate::search::observer::NoTrace;

use super::registry::{self, Refusal};
use super::spec::SearchSpec;
use shape::ObserveAnyGame;

/// One root move as threat search classified it (Suda, figures 5.1-5.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RootMoveReport {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// "wins", "not-proven" or "self-endangering" (the move loses) for threat searches;
    /// "win", "loss", "no-win" or "unknown" for the proof-number family.
    pub class: String,
    /// The lambda level of a win (or of the opponent's win after a self-endangering move).
    pub level: Option<u32>,
    /// Nodes its search took.
    pub nodes: u64,
}

/// What a solve found, ready to print (and read back: a bench baseline can be a report).
#[derive(Clone, Debug, Serialize, Deserialize)]
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
    /// "win", "loss", "draw", "exact" or "unknown"; the proof-number family: "proven",
    /// "disproven" or "unknown" (about `goal`).
    pub result: String,
    /// Plies to the end of the game for a win or a loss (alpha-beta only: threat search
    /// does not measure distances).
    pub plies: Option<usize>,
    /// Threat searches: the lambda level at which the result was proven.
    pub lambda_level: Option<u32>,
    /// Root value as printed by [`crate::search::Value`]'s Display.
    pub value: String,
    /// Best root move in the game's notation.
    pub best_move: Option<String>,
    /// df-pn on a game with virtual connections (Hex): the root was decided by H-search
    /// before any move was searched, in words ("a semi connection of Black's edges, key
    /// c3"); `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<String>,
    /// Principal variation.
    pub pv: Vec<String>,
    /// Alpha-beta family: when `pv` is not the whole win or loss `plies` states (the search
    /// kept no line that far, or its line does not end the game there), why, in words, to
    /// print beside it; `None` when the line ends the game in `plies` plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pv_note: Option<String>,
    /// Depth of the last completed search (alpha-beta family; 0 for threat searches).
    pub depth: u32,
    /// Threat searches: the depth limit d of Suda, section 4.8 (`None`: the game's end).
    pub depth_limit: Option<u32>,
    /// True when a node or time limit stopped the search.
    pub stopped: bool,
    /// Threat searches: the highest level tried and whether zones were on.
    pub max_level: Option<u32>,
    pub zones: Option<bool>,
    /// Transposition table size in MiB (0: none).
    pub tt_mb: usize,
    /// The alpha-beta family: the move ordering by its `--ordering` name ("none": generator
    /// order, "all", "tt-move,killers"); `None` for the others, which order their own way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordering: Option<String>,
    /// df-pn and lambda-df-pn on more than one thread (`--threads`): the node count varies
    /// from run to run and differs from one thread's (the explorer's); `None` for one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    /// Proof-number family: the goal of the side to move, in words ("black wins (a draw
    /// disproves)").
    pub goal: Option<String>,
    /// Proof-number family: positions of the proof tree when proven (the size of the proof,
    /// not the search effort `nodes`; it can exceed `nodes`: see
    /// `plyscope::search::proof::ProofReport::proof_size`).
    pub proof_size: Option<u64>,
    /// df-pn and lambda-df-pn: the epsilon of the 1+epsilon trick (0: off).
    pub epsilon: Option<f32>,
    /// Winning first moves: alpha-beta, when every root move was decided; threat searches,
    /// the moves the root analysis proved (see `root_moves` for the others).
    pub winning_moves: Option<Vec<String>>,
    /// Threat searches and the proof-number family with root analysis: every root move
    /// tried, in generator order.
    pub root_moves: Option<Vec<RootMoveReport>>,
    /// The root analysis drawn on the board ([`root_diagram`]).
    pub root_diagram: Option<String>,
    /// Counters (root analysis included). Positions searched: for df-pn the MID calls (a
    /// position searched again counts again), for lambda-df-pn those and its lambda
    /// engine's threat checks, for PNS and PN² the nodes created, for the others the
    /// recursive calls.
    pub nodes: u64,
    /// With a root analysis: the nodes of the root's own search, the count the other front
    /// ends (compare, the explorer, export) show for it; `nodes` adds the analysis's.
    /// `None` without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root_search_nodes: Option<u64>,
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// Solves `puzzle` with `options`. The only errors are the registry's refusals
/// ([`registry::check`]): an algorithm asked of a game it cannot search.
pub fn solve_puzzle(puzzle: &Puzzle, options: &SearchSpec) -> Result<SolveReport, Refusal> {
    solve_puzzle_observed(puzzle, options, &mut NoTrace)
}

/// [`solve_puzzle`] with `observer` watching the search of the root (not the root analysis
/// of `options.root_analysis`, whose searches run unobserved): `plyscope compare` measures the
/// shape of the tree this way ([`shape::Shape`]).
pub fn solve_puzzle_observed<O: ObserveAnyGame>(
    puzzle: &Puzzle,
    options: &SearchSpec,
    observer: &mut O,
) -> Result<SolveReport, Refusal> {
    registry::check(puzzle, options.config.algorithm)?;
    Ok(puzzle.position.with_game(Solve {
        puzzle,
        options,
        observer,
    }))
}

/// [`solve_puzzle_observed`] on the typed game, by the algorithm's family.
struct Solve<'a, O> {
    puzzle: &'a Puzzle,
    options: &'a SearchSpec,
    observer: &'a mut O,
}

/// What cannot happen after [`registry::check`] said yes.
fn refused(puzzle: &Puzzle, options: &SearchSpec) -> ! {
    unreachable!(
        "registry::check refuses {} on {}",
        options.config.algorithm,
        puzzle.position.game_name()
    )
}

impl<O: ObserveAnyGame> GameVisitor for Solve<'_, O> {
    type Output = SolveReport;

    fn visit<G: AnyGame>(self, game: &G) -> SolveReport {
        let Solve {
            puzzle,
            options,
            observer,
        } = self;
        if options.config.algorithm.is_proof_search() {
            if G::KIND.path_dependent() {
                refused(puzzle, options)
            }
            let draws = G::KIND.draws_possible();
            let observer = observer.for_game::<G>();
            return proof::solve_game(game.clone(), puzzle, options, observer, draws, None);
        }
        if options.config.algorithm.is_threat_search() {
            // Threat search needs a pass, which only the stone games have.
            refused(puzzle, options)
        }
        classic::solve_game(game.clone(), puzzle, options, observer.for_game::<G>())
    }

    fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> SolveReport {
        let Solve {
            puzzle,
            options,
            observer,
        } = self;
        let observer = observer.for_game::<G>();
        if options.config.algorithm.is_proof_search() {
            let draws = G::KIND.draws_possible();
            let board = Some(proof::draw_stone_root::<G> as proof::DrawRoot<G>);
            return proof::solve_game(game.clone(), puzzle, options, observer, draws, board);
        }
        if options.config.algorithm.is_threat_search() {
            return threat::solve_game(game.clone(), puzzle, options, observer);
        }
        classic::solve_game(game.clone(), puzzle, options, observer)
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

/// Compares a root analysis with the expected set of winning first moves (threat searches
/// and the proof-number family alike): a move classed `win` outside the set disagrees, an
/// expected move whose class `refutes` ("were found self-endangering", "were proven not to
/// win": `refuted_words`) disagrees, and an expected move not classed `win` is not reached.
pub(crate) fn compare_winning_moves(
    want: &[String],
    moves: &[RootMoveReport],
    win: &str,
    refutes: impl Fn(&str) -> bool,
    refuted_words: &str,
) -> Check {
    let class_of = |mv: &str| moves.iter().find(|m| m.mv == mv).map(|m| m.class.as_str());
    let expected = |mv: &str| want.iter().any(|w| w == mv);
    let listed = |moves: Vec<&str>| moves.join(" ");
    let claimed_outside: Vec<&str> = moves
        .iter()
        .filter(|m| m.class == win && !expected(&m.mv))
        .map(|m| m.mv.as_str())
        .collect();
    if !claimed_outside.is_empty() {
        return Check::Disagrees(format!(
            "claimed winning moves {} are not in the expected set {}",
            listed(claimed_outside),
            want.join(" ")
        ));
    }
    let refuted: Vec<&str> = want
        .iter()
        .map(String::as_str)
        .filter(|mv| class_of(mv).is_some_and(&refutes))
        .collect();
    if !refuted.is_empty() {
        return Check::Disagrees(format!(
            "expected winning moves {} {refuted_words}",
            listed(refuted)
        ));
    }
    let missing: Vec<&str> = want
        .iter()
        .map(String::as_str)
        .filter(|mv| class_of(mv) != Some(win))
        .collect();
    if !missing.is_empty() {
        return Check::NotReached(format!(
            "expected winning moves {} not proven within the limits",
            listed(missing)
        ));
    }
    Check::Agrees
}
