//! The entry points of the engines: [`solve`] runs the algorithm a [`SearchConfig`] names on
//! the current position and leaves the position as it found it; [`proof_search`] runs one of
//! the proof-number family for a goal (the vocabulary it answers in is
//! [`crate::search::proof`]'s).
//!
//! ```
//! use plyscope::games::tree::TreeGame;
//! use plyscope::search::{solve, Algorithm, Limits, SearchConfig, Value};
//! use plyscope::search::observer::NoTrace;
//!
//! let mut game = TreeGame::parse("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))").unwrap();
//! let config = SearchConfig::for_algorithm(Algorithm::AlphaBeta);
//! let result = solve(&mut game, &config, &Limits::default(), &mut NoTrace);
//! assert_eq!(result.value, Value(3));
//! assert_eq!(game.format_move(result.best_move.unwrap()), "b");
//! # use plyscope::game::Game;
//! ```

use crate::search::alphabeta::alpha_beta;
use crate::search::config::SearchConfig;
use crate::search::deepening::iterative_deepening;
use crate::search::lambda::{LambdaConfig, ThreatVerdict, lambda_search};
use crate::search::minimax::minimax;
use crate::search::observer::Observer;
use crate::search::proof::{Goal, ProofConfig, ProofReport, ProofVerdict};
use crate::search::{Algorithm, Limits, SearchGame, SearchResult, Value, Verdict};

/// Runs `config.algorithm` on `game` within `limits`, reporting to `observer`.
///
/// - `Minimax`: plain negamax (only `config.max_ply` applies).
/// - `AlphaBeta` / `AlphaBetaSoft`: one full-window search to `limits.max_depth` plies (to
///   the end of the game when `None`), with the table, ordering, tactics and heuristics the
///   config asks for.
/// - `IterativeDeepening`: depth 1, 2, ... up to `limits.max_depth`, stopping once proven.
///
/// - `Lambda` / `DualLambda`: [`lambda_search`] with `config.lambda` (dual set by the
///   algorithm); the depth limit is the smaller of `config.lambda.max_depth` and
///   `limits.max_depth`. A win is `Verdict::WinAtLevel` (a dual-lambda loss
///   `LossAtLevel`): threat search proves the result, not its length, so `value` stays 0 and
///   `pv` holds only the winning move. A game without a pass answers `Unknown`.
///
/// - `Pns` / `Pn2` / `DfPn` / `LambdaDfPn`: [`proof_search`] with `config.proof` for the goal
///   "the side to move wins" (draws disprove; callers with a puzzle that counts draws for the
///   attacker call `proof_search` themselves): `Verdict::Proven` / `Disproven`.
///
/// Node and time limits stop the search; the result then says `stopped` and carries the
/// last completed iteration (iterative deepening) or nothing proven (the others).
pub fn solve<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    config: &SearchConfig,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<G::Move> {
    match config.algorithm {
        Algorithm::Minimax => minimax(game, config, limits, observer),
        Algorithm::AlphaBeta => alpha_beta::<G, O, false>(game, config, limits, observer),
        Algorithm::AlphaBetaSoft => alpha_beta::<G, O, true>(game, config, limits, observer),
        Algorithm::IterativeDeepening => {
            iterative_deepening(game, config, limits, observer, |_| {})
        }
        Algorithm::Lambda | Algorithm::DualLambda => {
            let lambda = LambdaConfig {
                dual: config.algorithm == Algorithm::DualLambda,
                ..config.lambda
            };
            let report = lambda_search(game, &lambda, limits, observer);
            let verdict = match report.verdict {
                ThreatVerdict::Win { level } => Verdict::WinAtLevel { level },
                ThreatVerdict::Loss { level } => Verdict::LossAtLevel { level },
                ThreatVerdict::Unknown => Verdict::Unknown,
            };
            SearchResult {
                verdict,
                value: Value::DRAW,
                best_move: report.best_move,
                pv: report.best_move.into_iter().collect(),
                depth: lambda.max_depth.min(limits.max_depth.unwrap_or(u32::MAX)),
                stopped: report.stopped,
                stats: report.stats,
            }
        }
        Algorithm::Pns | Algorithm::Pn2 | Algorithm::DfPn | Algorithm::LambdaDfPn => {
            let goal = Goal {
                attacker: game.to_move(),
                draw_for_attacker: false,
            };
            let report = proof_search(
                game,
                config.algorithm,
                &config.proof,
                goal,
                limits,
                observer,
            );
            let verdict = match report.verdict {
                ProofVerdict::Proven => Verdict::Proven {
                    proof_size: report.proof_size.unwrap_or(0),
                },
                ProofVerdict::Disproven => Verdict::Disproven,
                ProofVerdict::Unknown => Verdict::Unknown,
            };
            SearchResult {
                verdict,
                value: Value::DRAW,
                best_move: report.best_move,
                pv: report.best_move.into_iter().collect(),
                depth: 0,
                stopped: report.stopped,
                stats: report.stats,
            }
        }
    }
}

/// Runs the proof-number `algorithm` for `goal` on `game` (the attacker must be to move)
/// within `limits`, reporting to `observer`. Leaves the position as it found it.
/// Algorithms outside [`Algorithm::PROOF_FAMILY`] answer `Unknown`.
pub fn proof_search<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    algorithm: Algorithm,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
    observer: &mut O,
) -> ProofReport<G::Move> {
    match algorithm {
        // A numeric leaf has no goal: callers that want the message call `pns::pns` itself.
        Algorithm::Pns => crate::search::pns::pns(game, config, goal, limits, observer)
            .unwrap_or_else(|_| ProofReport::unknown()),
        Algorithm::Pn2 => {
            let bound = crate::search::pns::Pn2Bound::default();
            crate::search::pns::pn2(game, config, bound, goal, limits, observer)
                .unwrap_or_else(|_| ProofReport::unknown())
        }
        Algorithm::DfPn => {
            let options = crate::search::dfpn::DfpnOptions::from_config(config);
            let report = crate::search::dfpn::dfpn_search(game, &options, goal, limits, observer);
            // The budget meters whole batches of 2^CLOCK_BITS nodes; the rest of the last
            // one, so that many short searches (`--root`'s openings) show in the meter.
            crate::search::meter::add_nodes(
                report.stats.nodes & ((1 << crate::search::CLOCK_BITS) - 1),
            );
            report
        }
        Algorithm::LambdaDfPn => {
            crate::search::lambda_dfpn::lambda_dfpn(game, config, goal, limits, observer)
        }
        _ => ProofReport::unknown(),
    }
}
