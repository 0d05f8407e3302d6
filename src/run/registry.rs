//! The one registry of algorithms x games: which algorithm runs on which game, which options
//! it takes, what it is in one line and which lesson teaches it. Every front end asks here:
//! the command line's `--algo` help and its flag checks (`solve`, `compare`, `export`,
//! `bench`), the explorer's `a` key, split view and play engine, lesson validation, and
//! [`crate::run::solve::solve_puzzle`] itself, which refuses what [`check`] refuses. So the
//! explorer offers exactly what `solve` accepts (tests/integration/registry.rs walks every
//! algorithm x every bundled puzzle).
//!
//! Why a game is refused (Suda, *Efficient algorithms for verifying goals in computer games*; Hric
//! and Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda search*):
//! - Threat searches (lambda, dual-lambda, Suda, chapter 5) and lambda-df-pn need a pass:
//!   the defender gives up a turn in a threat check. Literal trees, Czech checkers and
//!   Gobblet have none.
//! - The proof-number family (Hric and Baudiš) keeps proofs in a table keyed by position; a draw by
//!   repetition (Czech checkers, Gobblet) depends on the path, which the table cannot tell
//!   apart.
//! - Proof-number search proves a win/loss goal: a literal tree with numeric leaves has none
//!   (checked on the tree itself, not by its game).

use crate::game::{Game, MoveList, Outcome};
use crate::games::tree::TreeGame;
use crate::puzzle::{GameKind, Position, Puzzle};
use crate::search::Algorithm;

/// The three families of the sources, each answering its own question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The game's value (minimax, alpha-beta, iterative deepening): Kühr, Kotrč, the AND/OR
    /// textbook.
    AlphaBeta,
    /// A win at a lambda level (lambda and dual-lambda search): Suda.
    Threat,
    /// A win/loss goal proven or disproven (PNS, PN², df-pn, lambda-df-pn): Hric and Baudiš.
    ProofNumber,
}

impl Family {
    /// "alpha-beta", "threat", "proof-number".
    pub fn name(self) -> &'static str {
        match self {
            Family::AlphaBeta => "alpha-beta",
            Family::Threat => "threat",
            Family::ProofNumber => "proof-number",
        }
    }
}

/// A command-line option that applies to some algorithms only (`solve` refuses it for the
/// others: a silently ignored flag would make a measurement lie).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchOption {
    /// `--max-depth`: a horizon; the proof-number family solves to the end of the game.
    MaxDepth,
    /// `--max-level`: the highest lambda level tried.
    MaxLevel,
    /// `--no-zones`: relevance zones off.
    Zones,
    /// `--root`: classify every root move with one search each.
    Root,
    /// `--epsilon`: df-pn's 1+epsilon threshold trick.
    Epsilon,
    /// `--without`: one enhancement of alpha-beta turned off.
    Without,
    /// `--ordering`: the alpha-beta family's move ordering.
    Ordering,
}

impl SearchOption {
    /// The flag that sets it.
    pub fn flag(self) -> &'static str {
        match self {
            SearchOption::MaxDepth => "--max-depth",
            SearchOption::MaxLevel => "--max-level",
            SearchOption::Zones => "--no-zones",
            SearchOption::Root => "--root",
            SearchOption::Epsilon => "--epsilon",
            SearchOption::Without => "--without",
            SearchOption::Ordering => "--ordering",
        }
    }

    /// Who takes it, in words ("lambda, dual-lambda and lambda-dfpn").
    pub fn applies_to(self) -> &'static str {
        match self {
            SearchOption::MaxDepth => "alpha-beta and threat searches",
            SearchOption::MaxLevel | SearchOption::Zones => "lambda, dual-lambda and lambda-dfpn",
            SearchOption::Root => "lambda, dual-lambda and the proof-number searches",
            SearchOption::Epsilon => "dfpn and lambda-dfpn",
            SearchOption::Without | SearchOption::Ordering => "alphabeta, alphabeta-soft and id",
        }
    }

    /// What to do instead, when the algorithm that would run does not take it.
    pub fn hint(self) -> &'static str {
        match self {
            SearchOption::MaxDepth => {
                "proof-number searches solve to the end of the game; bound them with --nodes \
                 or --time"
            }
            SearchOption::MaxLevel | SearchOption::Zones => {
                "give --algo lambda, --algo dual-lambda or --algo lambda-dfpn"
            }
            SearchOption::Root => {
                "alpha-beta classifies the root moves of a won position by itself"
            }
            SearchOption::Epsilon => "give --algo dfpn or --algo lambda-dfpn",
            SearchOption::Without | SearchOption::Ordering => {
                "give --algo id, --algo alphabeta or --algo alphabeta-soft"
            }
        }
    }
}

/// One algorithm as the front ends see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlgorithmInfo {
    pub algorithm: Algorithm,
    pub family: Family,
    /// The games it runs on (a tree with numeric leaves is refused by the proof-number
    /// family on top of this, see [`check`]).
    pub games: &'static [GameKind],
    /// The options it takes beyond the node, time and table limits every search takes.
    pub options: &'static [SearchOption],
    /// One line for `--algo`'s help and the explorer's header.
    pub summary: &'static str,
    /// The bundled lesson that teaches it, if any (`plyscope lesson NAME`).
    pub lesson: Option<&'static str>,
}

const ALL_GAMES: &[GameKind] = &GameKind::ALL;
const STONE_GAMES: &[GameKind] = &[GameKind::Mnk, GameKind::AtariGo, GameKind::Hex];
const GOAL_GAMES: &[GameKind] = &[
    GameKind::Mnk,
    GameKind::AtariGo,
    GameKind::Hex,
    GameKind::Tree,
];

const VALUE_OPTIONS: &[SearchOption] = &[SearchOption::MaxDepth];
const ALPHA_BETA_OPTIONS: &[SearchOption] = &[
    SearchOption::MaxDepth,
    SearchOption::Without,
    SearchOption::Ordering,
];
const THREAT_OPTIONS: &[SearchOption] = &[
    SearchOption::MaxDepth,
    SearchOption::MaxLevel,
    SearchOption::Zones,
    SearchOption::Root,
];

/// Every algorithm, in the order of [`Algorithm::ALL`] (`--help`, the `a` key's cycle).
pub const REGISTRY: [AlgorithmInfo; 10] = [
    AlgorithmInfo {
        algorithm: Algorithm::Minimax,
        family: Family::AlphaBeta,
        games: ALL_GAMES,
        options: VALUE_OPTIONS,
        summary: "plain negamax: every node, no cutoffs (the tests' oracle)",
        lesson: Some("minimax-wdl"),
    },
    AlgorithmInfo {
        algorithm: Algorithm::AlphaBeta,
        family: Family::AlphaBeta,
        games: ALL_GAMES,
        options: ALPHA_BETA_OPTIONS,
        summary: "fail-hard alpha-beta: a cutoff returns beta",
        lesson: Some("alphabeta-cutoffs"),
    },
    AlgorithmInfo {
        algorithm: Algorithm::AlphaBetaSoft,
        family: Family::AlphaBeta,
        games: ALL_GAMES,
        options: ALPHA_BETA_OPTIONS,
        summary: "fail-soft alpha-beta: returns the best value seen",
        lesson: Some("fail-hard-soft"),
    },
    AlgorithmInfo {
        algorithm: Algorithm::IterativeDeepening,
        family: Family::AlphaBeta,
        games: ALL_GAMES,
        options: ALPHA_BETA_OPTIONS,
        summary: "iterative deepening with the transposition table and move ordering",
        lesson: Some("iterative-deepening"),
    },
    AlgorithmInfo {
        algorithm: Algorithm::Lambda,
        family: Family::Threat,
        games: STONE_GAMES,
        options: THREAT_OPTIONS,
        summary: "lambda search: threats of rising order with relevance zones",
        lesson: Some("lambda1-ladder"),
    },
    AlgorithmInfo {
        algorithm: Algorithm::DualLambda,
        family: Family::Threat,
        games: STONE_GAMES,
        options: THREAT_OPTIONS,
        summary: "dual-lambda search: lambda search that also excludes self-endangering moves",
        lesson: Some("dual-lambda"),
    },
    AlgorithmInfo {
        algorithm: Algorithm::Pns,
        family: Family::ProofNumber,
        games: GOAL_GAMES,
        options: &[SearchOption::Root],
        summary: "proof-number search: expand the most-proving node of a tree in memory",
        lesson: Some("pns-small-tree"),
    },
    AlgorithmInfo {
        algorithm: Algorithm::Pn2,
        family: Family::ProofNumber,
        games: GOAL_GAMES,
        options: &[SearchOption::Root],
        summary: "PN²: PNS whose leaves are evaluated by a second, bounded PNS",
        lesson: Some("pn2"),
    },
    AlgorithmInfo {
        algorithm: Algorithm::DfPn,
        family: Family::ProofNumber,
        games: GOAL_GAMES,
        options: &[SearchOption::Root, SearchOption::Epsilon],
        summary: "df-pn: depth-first proof-number search with thresholds and a table",
        lesson: Some("dfpn-thresholds"),
    },
    AlgorithmInfo {
        algorithm: Algorithm::LambdaDfPn,
        family: Family::ProofNumber,
        games: STONE_GAMES,
        options: &[
            SearchOption::Root,
            SearchOption::Epsilon,
            SearchOption::MaxLevel,
            SearchOption::Zones,
        ],
        summary: "lambda-df-pn: df-pn over lambda trees of the smallest level that works",
        lesson: Some("lambda-dfpn"),
    },
];

/// The algorithm a puzzle that names none runs (`solve`, `explore`, `export`, `bench`,
/// lessons): the one that answers its game's positions best.
///
/// - AtariGo: lambda-df-pn. On the 200 random 5x5 positions of
///   `src/games/atarigo/random.rs` (4-10 stones) it decides every one, the slowest in 2.3 s
///   in release, while df-pn and iterative deepening each leave some undecided after
///   seconds (`cargo run --release --example atarigo_random`; `tests/integration/atarigo_random.rs`
///   holds it to a node cap and to an independent exhaustive search). Its lambda-1
///   must-play regions are the knowledge plain df-pn lacks on this game.
/// - Every other game: iterative deepening (`id`), which also gives the distance to the end.
pub fn default_algorithm(game: GameKind) -> Algorithm {
    match game {
        GameKind::AtariGo => Algorithm::LambdaDfPn,
        _ => Algorithm::IterativeDeepening,
    }
}

/// The algorithm `puzzle` runs when the command line names none: its own, else its game's
/// default ([`default_algorithm`]).
pub fn puzzle_algorithm(puzzle: &Puzzle) -> Algorithm {
    puzzle
        .algorithm
        .unwrap_or_else(|| default_algorithm(GameKind::of(&puzzle.position)))
}

/// The registry's entry for `algorithm`.
pub fn info(algorithm: Algorithm) -> &'static AlgorithmInfo {
    REGISTRY
        .iter()
        .find(|i| i.algorithm == algorithm)
        .expect("every algorithm is registered (tested)")
}

impl AlgorithmInfo {
    /// True when it takes `option`.
    pub fn takes(&self, option: SearchOption) -> bool {
        self.options.contains(&option)
    }

    /// True when it runs on `game` (a tree with numeric leaves aside, see [`check`]).
    pub fn runs_on(&self, game: GameKind) -> bool {
        self.games.contains(&game)
    }
}

/// Why an algorithm cannot search a puzzle (an input error, not a bug).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Threat searches and lambda-df-pn need a game with a pass (stone games).
    #[error(
        "{algorithm} needs a pass (the defender gives up a turn in a threat check); {game} has \
         none: use --algo id (or another alpha-beta search){also} for this puzzle"
    )]
    Unsupported {
        algorithm: &'static str,
        /// The game as a player names it ("Czech checkers").
        game: &'static str,
        /// ", or --algo dfpn" where the proof-number family can run instead.
        also: &'static str,
    },
    /// Proof-number search proves a win/loss goal; a tree whose leaves are numbers has none.
    #[error(
        "{0} has numeric leaves: proof-number search needs win/draw/loss leaves; use --algo id \
         (or another alpha-beta search) for this puzzle"
    )]
    NoGoal(String),
    /// A search the game's rules make unsound: the proof-number family keeps proofs in a
    /// table keyed by position, which a draw by repetition (a result that depends on the
    /// path) would make wrong.
    #[error(
        "{algorithm} cannot solve {puzzle}: {game} results depend on the moves that led to a \
         position (a draw by repetition), which its table cannot tell apart; use --algo id (or \
         another alpha-beta search)"
    )]
    PathDependent {
        puzzle: String,
        algorithm: &'static str,
        game: &'static str,
    },
}

impl Refusal {
    /// The reason in a few words, for notes such as the explorer's "skipped pns: ...".
    pub fn short(&self) -> &'static str {
        match self {
            Refusal::Unsupported { .. } => "no pass",
            Refusal::NoGoal(_) => "numeric leaves",
            Refusal::PathDependent { .. } => "repetition draws",
        }
    }
}

/// `Ok` when `algorithm` can search `puzzle`; else why not. The one answer every front end
/// gives (solve, compare, export, bench, the explorer, lessons).
pub fn check(puzzle: &Puzzle, algorithm: Algorithm) -> Result<(), Refusal> {
    check_position(&puzzle.position, &puzzle.name, algorithm)
}

/// [`check`] for a position that is not (yet) a puzzle, such as the editor's; `name` names it
/// in the messages.
pub fn check_position(
    position: &Position,
    name: &str,
    algorithm: Algorithm,
) -> Result<(), Refusal> {
    let game = GameKind::of(position);
    let entry = info(algorithm);
    if entry.runs_on(game) {
        if entry.family == Family::ProofNumber
            && let Some(tree) = position.as_game::<TreeGame>()
            && has_numeric_leaves(&mut tree.clone())
        {
            return Err(Refusal::NoGoal(name.to_string()));
        }
        return Ok(());
    }
    if entry.family == Family::ProofNumber && game.path_dependent() {
        return Err(Refusal::PathDependent {
            puzzle: name.to_string(),
            algorithm: algorithm.name(),
            game: game.display_name(),
        });
    }
    // A tree of win/draw/loss leaves takes the proof-number searches that need no pass.
    let proof_runs = check_position(position, name, Algorithm::DfPn).is_ok();
    Err(Refusal::Unsupported {
        algorithm: algorithm.name(),
        game: game.display_name(),
        also: if proof_runs { ", or --algo dfpn" } else { "" },
    })
}

/// The algorithms that can search `position`, in registry order.
pub fn applicable(position: &Position) -> Vec<Algorithm> {
    REGISTRY
        .iter()
        .map(|i| i.algorithm)
        .filter(|&a| check_position(position, "", a).is_ok())
        .collect()
}

/// The algorithm after `now` in registry order that can search `puzzle`, and a note naming
/// the ones skipped and why (`None`: none skipped). `now` itself when nothing else applies.
pub fn next_applicable(puzzle: &Puzzle, now: Algorithm) -> (Algorithm, Option<String>) {
    let (next, skipped) = next_with_skipped(puzzle, now);
    (next, (!skipped.is_empty()).then(|| skipped_note(&skipped)))
}

/// As [`next_applicable`], with the note as a count for a line that has less room: "6
/// skipped: no pass, repetition draws".
pub fn next_applicable_counted(puzzle: &Puzzle, now: Algorithm) -> (Algorithm, Option<String>) {
    let (next, skipped) = next_with_skipped(puzzle, now);
    let mut reasons: Vec<&str> = Vec::new();
    for &(_, why) in &skipped {
        if !reasons.contains(&why) {
            reasons.push(why);
        }
    }
    let note =
        (!skipped.is_empty()).then(|| format!("{} skipped: {}", skipped.len(), reasons.join(", ")));
    (next, note)
}

/// The next algorithm that applies and the ones skipped on the way, with their reasons.
fn next_with_skipped(
    puzzle: &Puzzle,
    now: Algorithm,
) -> (Algorithm, Vec<(&'static str, &'static str)>) {
    let start = REGISTRY
        .iter()
        .position(|i| i.algorithm == now)
        .unwrap_or(0);
    let mut skipped: Vec<(&'static str, &'static str)> = Vec::new();
    for k in 1..=REGISTRY.len() {
        let next = REGISTRY[(start + k) % REGISTRY.len()].algorithm;
        match check(puzzle, next) {
            Ok(()) => return (next, skipped),
            Err(why) => skipped.push((next.name(), why.short())),
        }
    }
    (now, Vec::new())
}

/// "skipped lambda dual-lambda (no pass) pns pn2 dfpn lambda-dfpn (repetition draws)": short
/// enough for the explorer's 80-column status line in every case the registry has.
fn skipped_note(skipped: &[(&'static str, &'static str)]) -> String {
    let mut parts: Vec<(Vec<&str>, &str)> = Vec::new();
    for &(name, why) in skipped {
        match parts.iter_mut().find(|(_, w)| *w == why) {
            Some((names, _)) => names.push(name),
            None => parts.push((vec![name], why)),
        }
    }
    let parts: Vec<String> = parts
        .into_iter()
        .map(|(names, why)| format!("{} ({why})", names.join(" ")))
        .collect();
    format!("skipped {}", parts.join(" "))
}

/// A name for `--algo` help: "minimax: plain negamax ..." one per line.
pub fn help_lines() -> String {
    REGISTRY
        .iter()
        .map(|i| format!("{}: {}", i.algorithm.name(), i.summary))
        .collect::<Vec<_>>()
        .join("\n")
}

/// True when some leaf of `game`'s tree is a number rather than a win, draw or loss (a
/// literal tree of the textbook examples): proof-number search has no goal there.
pub fn has_numeric_leaves<G: Game>(game: &mut G) -> bool {
    if let Some(outcome) = game.outcome() {
        return matches!(outcome, Outcome::Score(_));
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    for &mv in moves.iter() {
        game.play(mv);
        let found = has_numeric_leaves(game);
        game.undo(mv);
        if found {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::games::tree::TreeGame;

    #[test]
    fn numeric_leaves_are_found_anywhere_in_a_tree() {
        let mut numbers = TreeGame::parse("(a (b 3 12 8) (c 2 4 6))").unwrap();
        assert!(has_numeric_leaves(&mut numbers));
        let mut goals = TreeGame::parse("(a (b W L) (c D (d L W)))").unwrap();
        assert!(!has_numeric_leaves(&mut goals));
        let mut mixed = TreeGame::parse("(a (b W L) (c D (d L 5)))").unwrap();
        assert!(has_numeric_leaves(&mut mixed));
        // The position is left as it was found.
        assert_eq!(mixed.current(), 0);
    }

    use super::*;

    #[test]
    fn the_registry_lists_every_algorithm_once_in_help_order() {
        let listed: Vec<Algorithm> = REGISTRY.iter().map(|i| i.algorithm).collect();
        assert_eq!(listed, Algorithm::ALL.to_vec());
        for i in &REGISTRY {
            assert_eq!(
                i.family == Family::ProofNumber,
                i.algorithm.is_proof_search(),
                "{}",
                i.algorithm
            );
            assert_eq!(
                i.family == Family::Threat,
                i.algorithm.is_threat_search(),
                "{}",
                i.algorithm
            );
        }
    }

    #[test]
    fn atarigo_defaults_to_lambda_dfpn_and_a_puzzle_keeps_its_own() {
        assert_eq!(default_algorithm(GameKind::AtariGo), Algorithm::LambdaDfPn);
        for game in GameKind::ALL {
            let default = default_algorithm(game);
            if game != GameKind::AtariGo {
                assert_eq!(default, Algorithm::IterativeDeepening, "{game:?}");
            }
            assert!(
                info(default).runs_on(game),
                "{game:?} defaults to {default}"
            );
        }
        let mut puzzle = crate::puzzle::load("atarigo-4x4").unwrap();
        assert_eq!(puzzle_algorithm(&puzzle), Algorithm::IterativeDeepening);
        puzzle.algorithm = None;
        assert_eq!(puzzle_algorithm(&puzzle), Algorithm::LambdaDfPn);
        let mut tictactoe = crate::puzzle::load("tictactoe").unwrap();
        tictactoe.algorithm = None;
        assert_eq!(puzzle_algorithm(&tictactoe), Algorithm::IterativeDeepening);
    }

    #[test]
    fn gobblet_gets_the_alpha_beta_family_only() {
        let puzzle = crate::puzzle::load("gobblet-win-in-3").unwrap();
        assert_eq!(
            applicable(&puzzle.position),
            Algorithm::ALPHA_BETA_FAMILY.to_vec()
        );
        let (next, note) = next_applicable(&puzzle, Algorithm::IterativeDeepening);
        assert_eq!(next, Algorithm::Minimax);
        let note = note.unwrap();
        assert_eq!(
            note,
            "skipped lambda dual-lambda (no pass) pns pn2 dfpn lambda-dfpn (repetition draws)"
        );
        assert!(note.len() <= 80);
    }

    #[test]
    fn trees_take_the_proof_family_only_with_win_loss_leaves() {
        let wdl = crate::puzzle::load("tree-004-fig-6-20").unwrap();
        let numbers = crate::puzzle::load("tree-abc").unwrap();
        for a in [Algorithm::Pns, Algorithm::Pn2, Algorithm::DfPn] {
            assert_eq!(check(&wdl, a), Ok(()));
            assert!(matches!(check(&numbers, a), Err(Refusal::NoGoal(_))));
        }
        let refusal = check(&wdl, Algorithm::LambdaDfPn).unwrap_err();
        assert!(matches!(refusal, Refusal::Unsupported { .. }));
        assert_eq!(
            refusal.to_string(),
            "lambda-dfpn needs a pass (the defender gives up a turn in a threat check); a \
             literal tree has none: use --algo id (or another alpha-beta search), or --algo \
             dfpn for this puzzle"
        );
        let (next, note) = next_applicable(&numbers, Algorithm::IterativeDeepening);
        assert_eq!(next, Algorithm::Minimax);
        assert_eq!(
            note.as_deref(),
            Some("skipped lambda dual-lambda lambda-dfpn (no pass) pns pn2 dfpn (numeric leaves)")
        );
    }

    /// The game lists agree with what each game is: the needs-a-pass algorithms run on
    /// exactly the games with a pass, the proof-number family on no path-dependent game.
    #[test]
    fn the_game_lists_follow_each_games_nature() {
        let with_pass: Vec<GameKind> = GameKind::ALL.into_iter().filter(|g| g.has_pass()).collect();
        assert_eq!(STONE_GAMES, &with_pass[..]);
        let goal: Vec<GameKind> = GameKind::ALL
            .into_iter()
            .filter(|g| !g.path_dependent())
            .collect();
        assert_eq!(GOAL_GAMES, &goal[..]);
    }
}
