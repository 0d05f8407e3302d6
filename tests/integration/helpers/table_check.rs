//! One check shared by the games whose draws depend on the path (tests/integration/dama_search.rs,
//! tests/integration/gobblet_rules.rs): alpha-beta with a transposition table (and with or without the
//! game's tactics) keeps every value plain minimax decides within the depth, and invents no
//! decided value minimax does not see. A table that stored a repetition-dependent result
//! would break the first half.

use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, Limits, SearchConfig, SearchGame, Verdict, solve};

/// Searches `game` to `depth` with minimax, then with fail-hard, fail-soft and iterative
/// deepening alpha-beta (1 MB table; tactics off and on) and asserts they agree as above.
/// Returns whether minimax decided the position, and how many searches were compared.
pub fn table_search_keeps_minimax_decisions<G: SearchGame>(
    game: &mut G,
    depth: u32,
) -> (bool, usize) {
    let limits = Limits {
        max_depth: Some(depth),
        ..Limits::default()
    };
    let key = game.key();
    let oracle = solve(
        game,
        &SearchConfig::plain(Algorithm::Minimax),
        &limits,
        &mut NoTrace,
    );
    let decided = matches!(oracle.verdict, Verdict::Win { .. } | Verdict::Loss { .. });
    let mut compared = 0;
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaSoft,
        Algorithm::IterativeDeepening,
    ] {
        for tactics in [false, true] {
            let config = SearchConfig {
                algorithm,
                tt_mb: 1,
                tactics,
                ..SearchConfig::default()
            };
            let r = solve(game, &config, &limits, &mut NoTrace);
            assert_eq!(game.key(), key);
            let what = format!(
                "{algorithm:?} tactics {tactics} depth {depth}\n{}",
                game.diagram()
            );
            if decided {
                assert_eq!(r.verdict, oracle.verdict, "{what}");
                assert_eq!(r.value, oracle.value, "{what}");
            } else {
                let within = r.value.plies_to_end().is_some_and(|n| n <= depth as usize);
                assert!(
                    !within,
                    "{what}: {:?}, minimax {:?}",
                    r.verdict, oracle.verdict
                );
            }
            compared += 1;
        }
    }
    (decided, compared)
}
