//! The one entry point of the alpha-beta family: [`solve`] runs the algorithm a
//! [`SearchConfig`] names on the current position and leaves the position as it found it.
//!
//! ```
//! use plyscope::games::tree::TreeGame;
//! use plyscope::search::{solve, Algorithm, Limits, SearchConfig, Value};
//! use plyscope::trace::NoTrace;
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
use crate::search::minimax::minimax;
use crate::search::{Algorithm, Limits, SearchGame, SearchResult};
use crate::trace::Observer;

/// Runs `config.algorithm` on `game` within `limits`, reporting to `observer`.
///
/// - `Minimax`: plain negamax (only `config.max_ply` applies).
/// - `AlphaBeta` / `AlphaBetaSoft`: one full-window search to `limits.max_depth` plies (to
///   the end of the game when `None`), with the table, ordering, tactics and heuristics the
///   config asks for.
/// - `IterativeDeepening`: depth 1, 2, ... up to `limits.max_depth`, stopping once proven.
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
    }
}
