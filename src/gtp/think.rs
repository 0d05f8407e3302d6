//! What the engine works out for a position: the move `genmove` plays, the answer of the
//! solve commands, and the numbers the analyze overlays draw. Everything runs through the run
//! layer's headless solving (`crate::run::solve`) and the search layer's engines, with
//! tracing compiled out, within the session's limits.
//!
//! `genmove`: first the prover (df-pn on m,n,k and Hex, lambda-df-pn on AtariGo,
//! the registry's `default_algorithm`, or `--algo`) with half of the limits; a proven win
//! plays its winning move. Otherwise iterative-deepening alpha-beta (`id`, the heuristic
//! search) with what is left of the limits plays its best move. A finished game gets `pass`
//! from the winner and `resign` from the loser, so a controller such as gomill ends the game.

use std::time::{Duration, Instant};

use crate::game::{MoveList, Outcome, Player, Point, StoneGame, Tactics};
use crate::games::any::{AnyGame, GameVisitor};
use crate::puzzle::{Position, Puzzle, PuzzleLimits};
use crate::run::registry;
use crate::run::solve::{SolveReport, solve_puzzle};
use crate::run::spec::SearchSpec;
use crate::search::observer::NoTrace;
use crate::search::proof::{Goal, PN_INFINITY, ProofConfig};
use crate::search::{Algorithm, Limits, SearchGame};

use super::board::{Board, GameChoice, Move};
use super::strategy::Strategy;

/// How hard the engine thinks (`plyscope gtp --algo --nodes --time --threads`).
#[derive(Clone, Debug)]
pub struct Settings {
    /// The prover (`None`: the game's default).
    pub prover: Option<Algorithm>,
    /// Bounds of one command: `genmove`, a solve or an overlay stays within them.
    pub limits: Limits,
    /// Threads the proof searches may use.
    pub threads: usize,
}

impl Settings {
    /// The prover for `choice`.
    pub fn prover_for(&self, choice: GameChoice) -> Algorithm {
        self.prover.unwrap_or(match choice {
            GameChoice::AtariGo => Algorithm::LambdaDfPn,
            GameChoice::Mnk { .. } | GameChoice::Hex => Algorithm::DfPn,
        })
    }
}

/// What `genmove` decided, and why (the why goes to stderr, where GUIs show engine logs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub mv: Move,
    pub why: String,
}

/// A puzzle for the run layer: `position` with `limits`, no expectation.
fn puzzle_of(position: Position, limits: &Limits, draw_counts_for_attacker: bool) -> Puzzle {
    Puzzle {
        name: "gtp".to_string(),
        title: "the position of the GTP session".to_string(),
        position,
        algorithm: None,
        limits: PuzzleLimits {
            max_depth: limits.max_depth,
            max_level: None,
            nodes: limits.nodes,
            time: limits.time.map(|t| t.as_secs_f64()),
        },
        expect: None,
        draw_counts_for_attacker,
    }
}

/// A solve and what it ran on, for extracting its proof.
struct Solved {
    puzzle: Puzzle,
    options: SearchSpec,
    report: SolveReport,
}

/// Solves `position` (its side to move the attacker) with `algorithm` within `limits`.
fn solve_full(
    position: Position,
    algorithm: Algorithm,
    settings: &Settings,
    limits: Limits,
    root_moves: bool,
    draw_counts_for_attacker: bool,
) -> Result<Solved, String> {
    let puzzle = puzzle_of(position, &limits, draw_counts_for_attacker);
    let mut options = SearchSpec::headless(&puzzle, algorithm);
    options.limits = limits;
    options.root_analysis = root_moves;
    options.set_threads(settings.threads);
    let report = solve_puzzle(&puzzle, &options).map_err(|refusal| refusal.to_string())?;
    Ok(Solved {
        puzzle,
        options,
        report,
    })
}

/// [`solve_full`]'s report alone.
fn solve(
    position: Position,
    algorithm: Algorithm,
    settings: &Settings,
    limits: Limits,
    root_moves: bool,
    draw_counts_for_attacker: bool,
) -> Result<SolveReport, String> {
    solve_full(
        position,
        algorithm,
        settings,
        limits,
        root_moves,
        draw_counts_for_attacker,
    )
    .map(|s| s.report)
}

/// Most nodes one re-solve of a proof's extraction may take (see [`choose_move`]).
pub const RESOLVE_NODES: u64 = 2_000_000;

/// Half of `limits` (the prover's share of `genmove`'s budget).
fn half(limits: &Limits) -> Limits {
    Limits {
        max_depth: limits.max_depth,
        nodes: limits.nodes.map(|n| (n / 2).max(1)),
        time: limits.time.map(|t| t / 2),
    }
}

/// The move `genmove` plays for `player`. `strategy` is the proof of an earlier win: its
/// answer is played when the game still follows it, and a new proven win replaces it.
pub fn choose_move(
    board: &Board,
    player: Player,
    settings: &Settings,
    strategy: &mut Option<Strategy>,
) -> Decision {
    if let Some(decision) = game_over(board, player) {
        return decision;
    }
    if let Some(point) = strategy.as_ref().and_then(|s| s.answer(board, player)) {
        return Decision {
            mv: Move::Stone(point),
            why: format!(
                "the proof found earlier answers with {}",
                board.vertex(point)
            ),
        };
    }
    let legal = board.legal_points(player);
    let Some(&first_legal) = legal.first() else {
        return Decision {
            mv: Move::Pass,
            why: "no legal move: pass".to_string(),
        };
    };
    let started = Instant::now();
    let prover = settings.prover_for(board.choice());
    let position = board.position_for(player);
    let proof = solve_full(
        position.clone(),
        prover,
        settings,
        half(&settings.limits),
        false,
        false,
    );
    let mut why = String::new();
    if let Ok(solved) = &proof {
        if let Some(decision) = proven_win(board, player, settings, solved, strategy) {
            return decision;
        }
        why = no_win(&solved.report, player);
    }
    let proof = proof.map(|s| s.report);
    let used = proof.as_ref().map_or(0, |r| r.nodes);
    let left = settings
        .limits
        .left_after(started.elapsed(), used)
        .unwrap_or(Limits {
            max_depth: settings.limits.max_depth,
            nodes: Some(1),
            time: Some(Duration::from_millis(1)),
        });
    let heuristic = if prover.is_proof_search() || prover.is_threat_search() {
        solve(
            position,
            Algorithm::IterativeDeepening,
            settings,
            left,
            false,
            false,
        )
    } else {
        proof
    };
    heuristic_move(board, player, first_legal, &why, heuristic)
}

/// A finished game: `pass` from the winner (and after a draw), `resign` from the loser.
fn game_over(board: &Board, player: Player) -> Option<Decision> {
    match board.outcome()? {
        Outcome::Win(winner) if winner == player => Some(Decision {
            mv: Move::Pass,
            why: format!("the game is over and {} won: pass", player.name()),
        }),
        Outcome::Win(_) => Some(Decision {
            mv: Move::Resign,
            why: format!("the game is over and {} lost: resign", player.name()),
        }),
        _ => Some(Decision {
            mv: Move::Pass,
            why: "the game is over: pass".to_string(),
        }),
    }
}

/// The prover's winning move when it proved a win, keeping the proof's strategy (or
/// dropping the old one) when it is `player`'s turn in the game as played.
fn proven_win(
    board: &Board,
    player: Player,
    settings: &Settings,
    solved: &Solved,
    strategy: &mut Option<Strategy>,
) -> Option<Decision> {
    let report = &solved.report;
    if !matches!(report.result.as_str(), "proven" | "win") {
        return None;
    }
    let mv = report.best_move.as_deref().and_then(|m| stone(board, m))?;
    // Remember the whole strategy when it is our turn in the game as played.
    *strategy = if player == board.to_move() {
        // A position the kept table does not answer is solved again, and some take
        // more than the root did: each re-solve gets four times genmove's nodes (at
        // most RESOLVE_NODES, also the bound under a time limit alone), so the
        // extraction ends; a proof it cannot finish is not kept.
        let mut options = solved.options;
        options.limits = Limits {
            nodes: Some(
                settings
                    .limits
                    .nodes
                    .map_or(RESOLVE_NODES, |n| n.saturating_mul(4).min(RESOLVE_NODES)),
            ),
            ..settings.limits
        };
        Strategy::extract(board, &solved.puzzle, &options, report)
    } else {
        None
    };
    let kept = strategy.as_ref().map_or(String::new(), |s| {
        format!("; its proof of {} positions is kept", s.positions())
    });
    Some(Decision {
        mv,
        why: format!(
            "{} proves a win for {} ({} nodes): {}{kept}",
            report.algorithm,
            player.name(),
            report.nodes,
            board
                .vertex_of_name(report.best_move.as_deref().unwrap_or(""))
                .unwrap_or_default()
        ),
    })
}

/// What the prover said when it played no move: no win here, or none found within its
/// limits.
fn no_win(report: &SolveReport, player: Player) -> String {
    match report.result.as_str() {
        "disproven" | "loss" => format!(
            "{} proves {} has no win here ({} nodes)",
            report.algorithm,
            player.name(),
            report.nodes
        ),
        _ => format!(
            "{} found no win within its limits ({} nodes)",
            report.algorithm, report.nodes
        ),
    }
}

/// The heuristic search's best move after `why`; without one, the move the evaluation
/// likes best one ply ahead, and after a refusal the first legal move.
fn heuristic_move(
    board: &Board,
    player: Player,
    first_legal: Point,
    why: &str,
    heuristic: Result<SolveReport, String>,
) -> Decision {
    match heuristic {
        Ok(report) => match report.best_move.as_deref().and_then(|m| stone(board, m)) {
            Some(mv) => Decision {
                mv,
                why: format!(
                    "{why}; id's best move at depth {} ({} nodes, value {})",
                    report.depth, report.nodes, report.value
                ),
            },
            None => {
                let point = best_by_evaluation(board, player).unwrap_or(first_legal);
                Decision {
                    mv: Move::Stone(point),
                    why: format!(
                        "{why}; no iteration of id finished: the move the evaluation likes best \
                         one ply ahead"
                    ),
                }
            }
        },
        Err(refusal) => Decision {
            mv: Move::Stone(first_legal),
            why: format!("{refusal}; the first legal move"),
        },
    }
}

/// The legal move of `player` after which the game's evaluation (`Heuristic::evaluate`,
/// from the side to move) is worst for the opponent: a move when no search had time to
/// finish an iteration.
fn best_by_evaluation(board: &Board, player: Player) -> Option<Point> {
    fn best<G: crate::game::Heuristic<Move = Point>>(mut game: G, size: usize) -> Option<Point> {
        // Ties go to the point nearest the centre.
        let off_centre = |p: Point| {
            let (x, y) = ((p as usize % size) as i64, (p as usize / size) as i64);
            let c = (size as i64 - 1) * 2;
            -((2 * x - c / 2).pow(2) + (2 * y - c / 2).pow(2))
        };
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut best: Option<((i32, i64), Point)> = None;
        for &mv in moves.iter() {
            game.play(mv);
            let value = match game.outcome() {
                Some(Outcome::Win(_)) => i32::MAX,
                _ => -game.evaluate(),
            };
            game.undo(mv);
            let key = (value, off_centre(mv));
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
    struct Best(usize);
    impl GameVisitor for Best {
        type Output = Option<Point>;
        fn visit<G: AnyGame>(self, _: &G) -> Option<Point> {
            None
        }
        fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> Option<Point> {
            best(game.clone(), self.0)
        }
    }
    board.position_for(player).with_game(Best(board.size()))
}

/// A move named by a search ("c3") as a board move.
fn stone(board: &Board, name: &str) -> Option<Move> {
    crate::game::parse_point(name, board.size(), board.size())
        .ok()
        .map(Move::Stone)
}

/// Who wins the position with `player` to move, as Benzene's `dfpn-solve-state` answers:
/// `black`, `white`, `draw` (m,n,k only) or `empty` when the limits did not decide it.
pub fn solve_state(board: &Board, player: Player, settings: &Settings) -> Result<String, String> {
    if let Some(outcome) = board.outcome() {
        return Ok(match outcome {
            Outcome::Win(p) => p.name().to_string(),
            _ => "draw".to_string(),
        });
    }
    let prover = settings.prover_for(board.choice());
    let position = board.position_for(player);
    let started = Instant::now();
    let first = solve(
        position.clone(),
        prover,
        settings,
        settings.limits,
        false,
        false,
    )?;
    // The limits bound the whole command: a second search gets what the first left.
    let Some(left) = settings.limits.left_after(started.elapsed(), first.nodes) else {
        return Ok(if first.result == "proven" || first.result == "win" {
            player.name().to_string()
        } else {
            "empty".to_string()
        });
    };
    let rest = Settings {
        limits: left,
        ..settings.clone()
    };
    if first.result == "unknown" && prover == Algorithm::LambdaDfPn && !first.stopped {
        // Lambda-df-pn proves wins only: the side to move has lost when every move loses.
        let moves = classify(board, player, prover, &rest)?;
        return Ok(if moves.iter().any(|m| m.class == "win") {
            player.name().to_string()
        } else if !moves.is_empty() && moves.iter().all(|m| m.class == "loss") {
            player.opponent().name().to_string()
        } else {
            "empty".to_string()
        });
    }
    match first.result.as_str() {
        "proven" | "win" => return Ok(player.name().to_string()),
        // AtariGo and Hex have no draws: a failed win is a loss.
        "disproven" | "loss"
            if !matches!(board.choice(), GameChoice::Mnk { .. }) || first.result == "loss" =>
        {
            return Ok(player.opponent().name().to_string());
        }
        "disproven" => {}
        "draw" => return Ok("draw".to_string()),
        _ => return Ok("empty".to_string()),
    }
    // The side to move cannot win where draws exist: does it hold the draw?
    let second = solve(position, prover, &rest, rest.limits, false, true)?;
    Ok(match second.result.as_str() {
        "proven" => "draw".to_string(),
        "disproven" => player.opponent().name().to_string(),
        _ => "empty".to_string(),
    })
}

/// One root move of a classification, in the game's notation, with what the search said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMove {
    pub point: Point,
    /// "win", "loss", "no-win", "unknown" (proof searches), or "wins", "not-proven",
    /// "self-endangering" (threat searches).
    pub class: String,
    /// Threat searches: the lambda level of a win.
    pub level: Option<u32>,
}

/// Every root move of `player` classified by `algorithm` (the prover, or a threat search
/// for lambda orders) within the limits.
pub fn classify(
    board: &Board,
    player: Player,
    algorithm: Algorithm,
    settings: &Settings,
) -> Result<Vec<RootMove>, String> {
    if board.outcome().is_some() {
        return Ok(Vec::new());
    }
    let report = solve(
        board.position_for(player),
        algorithm,
        settings,
        settings.limits,
        true,
        false,
    )?;
    let Some(moves) = report.root_moves else {
        // Alpha-beta classifies only when the root is a win: its winning moves.
        return Ok(report
            .winning_moves
            .unwrap_or_default()
            .iter()
            .filter_map(|m| crate::game::parse_point(m, board.size(), board.size()).ok())
            .map(|point| RootMove {
                point,
                class: "win".to_string(),
                level: None,
            })
            .collect());
    };
    Ok(moves
        .iter()
        .filter_map(|m| {
            let point = crate::game::parse_point(&m.mv, board.size(), board.size()).ok()?;
            Some(RootMove {
                point,
                class: m.class.clone(),
                level: m.level,
            })
        })
        .collect())
}

/// The winning moves of `player` (`dfpn-solver-find-winning`), and how many moves the
/// limits left undecided.
pub fn winning_moves(
    board: &Board,
    player: Player,
    settings: &Settings,
) -> Result<(Vec<Point>, usize), String> {
    let prover = settings.prover_for(board.choice());
    let moves = classify(board, player, prover, settings)?;
    let undecided = moves
        .iter()
        .filter(|m| m.class == "unknown" || m.class == "not-proven")
        .count();
    let won = moves
        .into_iter()
        .filter(|m| m.class == "win" || m.class == "wins")
        .map(|m| m.point)
        .collect();
    Ok((won, undecided))
}

/// Proof and disproof numbers of each legal move of `player`, for `player`'s win, after a
/// df-pn search of the position after the move with an even share of the limits: `(0, inf)`
/// a proven win, `(inf, 0)` a move that does not win.
pub fn move_numbers(board: &Board, player: Player, settings: &Settings) -> Vec<(Point, u32, u32)> {
    if board.outcome().is_some() {
        return Vec::new();
    }
    let moves = board.legal_points(player);
    let share = |n: u64| (n / moves.len().max(1) as u64).max(1);
    let limits = Limits {
        max_depth: None,
        nodes: Some(settings.limits.nodes.map_or(20_000, share)),
        time: settings.limits.time.map(|t| t / moves.len().max(1) as u32),
    };
    struct Numbers<'a>(&'a [Point], &'a Limits);
    impl GameVisitor for Numbers<'_> {
        type Output = Vec<(Point, u32, u32)>;
        fn visit<G: AnyGame>(self, _: &G) -> Self::Output {
            Vec::new()
        }
        fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> Self::Output {
            numbers_after_each(game.clone(), self.0, self.1)
        }
    }
    board
        .position_for(player)
        .with_game(Numbers(&moves, &limits))
}

fn numbers_after_each<G: SearchGame<Move = Point>>(
    mut game: G,
    moves: &[Point],
    limits: &Limits,
) -> Vec<(Point, u32, u32)> {
    let mover = game.to_move();
    // After the move the opponent attacks; its goal is the complement of the mover's win.
    let goal = Goal {
        attacker: mover.opponent(),
        draw_for_attacker: true,
    };
    let config = ProofConfig {
        tt_mb: 16,
        ..ProofConfig::default()
    };
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        game.play(mv);
        let (pn, dn) = match game.outcome() {
            Some(Outcome::Win(p)) if p == mover => (0, PN_INFINITY),
            Some(_) => (PN_INFINITY, 0),
            None => {
                let report = crate::search::engine::proof_search(
                    &mut game,
                    Algorithm::DfPn,
                    &config,
                    goal,
                    limits,
                    &mut NoTrace,
                );
                // The opponent's proof number is the mover's disproof number.
                (report.root.dn, report.root.pn)
            }
        };
        game.undo(mv);
        out.push((mv, pn, dn));
    }
    out
}

/// A proof or disproof number as text ("inf" for infinity).
pub fn number(n: u32) -> String {
    if n == PN_INFINITY {
        "inf".to_string()
    } else {
        n.to_string()
    }
}

/// What the rules' knowledge says `player` must play (`Tactics`): an immediate win, the
/// must-play region (empty: every move loses), or `None` when nothing is known.
pub fn must_play(board: &Board, player: Player) -> MustPlay {
    if board.outcome().is_some() {
        return MustPlay::Unknown;
    }
    struct Must;
    impl GameVisitor for Must {
        type Output = MustPlay;
        fn visit<G: AnyGame>(self, _: &G) -> MustPlay {
            MustPlay::Unknown
        }
        fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> MustPlay {
            must_play_of(game)
        }
    }
    board.position_for(player).with_game(Must)
}

/// The answer of [`must_play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MustPlay {
    /// The side to move wins at once here.
    WinsAt(Point),
    /// Every move outside these loses (none: the side to move has lost).
    Region(Vec<Point>),
    /// The rules' knowledge says nothing.
    Unknown,
}

fn must_play_of<G: Tactics + StoneGame>(game: &G) -> MustPlay {
    if let Some(p) = game.winning_move(game.to_move()) {
        return MustPlay::WinsAt(p);
    }
    let mut out = MoveList::new();
    // A stable game (`Tactics::is_stable`): facing one immediate win of the opponent, only
    // that point avoids losing in two plies; facing two, every move loses.
    if game.is_stable() {
        game.winning_moves(game.to_move().opponent(), &mut out, 2);
        if !out.is_empty() {
            return MustPlay::Region(if out.len() == 1 {
                out.iter().copied().collect()
            } else {
                Vec::new()
            });
        }
    }
    if game.must_play(&mut out) {
        MustPlay::Region(out.iter().copied().collect())
    } else if game.is_lost() {
        MustPlay::Region(Vec::new())
    } else {
        MustPlay::Unknown
    }
}

/// The relevance-zone orders of `threatener`'s threats (Suda, definition 13): each
/// empty point with the smallest `k` such that it takes part in a win of `threatener` in at
/// most `k` moves of its own; points in no region are left out.
pub fn relevance_orders(board: &Board, threatener: Player) -> Vec<(Point, u8)> {
    struct Orders(Player);
    impl GameVisitor for Orders {
        type Output = Vec<u8>;
        fn visit<G: AnyGame>(self, _: &G) -> Vec<u8> {
            Vec::new()
        }
        fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> Vec<u8> {
            orders_of(game, self.0)
        }
    }
    let orders = board.position().with_game(Orders(threatener));
    orders
        .into_iter()
        .enumerate()
        .filter(|&(_, o)| o != crate::game::NO_REGION)
        .map(|(p, o)| (p as Point, o))
        .collect()
}

fn orders_of<G: StoneGame>(game: &G, player: Player) -> Vec<u8> {
    let mut orders = vec![crate::game::NO_REGION; game.num_points()];
    game.evs_orders(player, &mut orders);
    orders
}

/// The threat search used for lambda orders.
pub const LAMBDA_ORDERS: Algorithm = Algorithm::Lambda;

/// True when the registry runs `algorithm` on `choice`'s game.
pub fn runs_on(algorithm: Algorithm, board: &Board) -> Result<(), String> {
    registry::check_position(&board.position(), "the GTP position", algorithm)
        .map_err(|r| r.to_string())
}
