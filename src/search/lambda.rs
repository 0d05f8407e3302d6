//! Lambda search with relevance zones (Suda, *Efficient algorithms for verifying goals in computer
//! games*, sections 3.3-3.6, chapter 4 and 5.1), and the shared engine of dual-lambda search
//! ([`crate::search::dual_lambda`], sections 3.7-3.11).
//!
//! The attacker `p` looks for a *lambda-tree* of value 1: at level 0 a move that wins at once;
//! at level n a move after which, if the defender passed, `p` would win with a tree of a lower
//! level (a threat), and every defence of which is answered the same way. LAMBDA(p, n)
//! iterates the levels 1..=n; each failure hands the next level its *attack zone*, a region
//! sequence outside whose first region no attacker move can start a winning tree (lemma 11);
//! each win returns a *defence zone*, outside which no defender move can stop it. The
//! procedures follow the pseudo-code of section 5.1 line by line (see [`engine`]).
//!
//! Submodules: [`config`] (settings and answers), [`engine`] (LAMBDA / ATTACK / DEFEND),
//! [`table`] (the transposition table with zones, section 5.3.1), [`evs_cache`] (level-0
//! zones by position), [`root`] (the per-move analysis of figures 5.1-5.3).
//!
//! # Effort
//!
//! Dual-lambda with zones and a table, release (`cargo bench --bench lambda` pins the
//! counts; `LAMBDA_TABLE=1` adds the zones/table on-off table): AtariGo 6x6 crosscut 98,094
//! nodes, 7x7 k=4 51,369, Hex 4x4 8,502, the 16 Hex 4x4 openings 207,343 (the thesis,
//! dual-lambda without a table: 370,545, 903,414 and 24,552 on Y). Zones save 15-27 times
//! the nodes on the first two, the table 1.2-3 times.

pub mod config;
pub mod engine;
pub mod evs_cache;
pub mod root;
pub mod table;

pub use config::{
    LambdaConfig, LambdaError, LambdaReport, RootAnalysis, RootMove, RootMoveClass, ThreatVerdict,
};

use crate::game::{LambdaGame, Player};
use crate::search::Limits;
use crate::search::observer::{NoTrace, Observer};
use crate::search::zone::ZoneScheme;

/// `Ok` when lambda search can run on `game` (it needs a pass); the error reads well on a
/// command line.
pub fn check_supported<G: LambdaGame>(game: &G) -> Result<(), LambdaError> {
    if game.allows_pass() {
        Ok(())
    } else {
        Err(LambdaError::CannotPass(game.name()))
    }
}

/// Lambda search (dual-lambda when `config.dual`) for the side to move, the attacker:
/// LAMBDA(p, `config.max_level`) within the depth limit (the smaller of `config.max_depth`
/// and `limits.max_depth`) and the node and time limits. The position is left as found.
///
/// A game that cannot pass answers `Unknown` at once (see [`check_supported`]).
pub fn lambda_search<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    config: &LambdaConfig,
    limits: &Limits,
    observer: &mut O,
) -> LambdaReport<G::Move> {
    engine::search_root(game, config, limits, observer)
}

/// Classifies every legal root move (Suda, figures 5.1-5.3): a winning attack at some
/// level <= `config.max_level` (the move tried as ATTACK's only candidate, no zone
/// restriction), self-endangering (the opponent then wins, with the level), or not proven.
pub fn analyse_root<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    config: &LambdaConfig,
    limits: &Limits,
    observer: &mut O,
) -> RootAnalysis<G::Move> {
    root::analyse(game, config, limits, observer)
}

/// LAMBDA(`attacker`, `level`) with `depth` plies left, from the current position (the
/// attacker moves next whoever's turn it is; if it is not the attacker's turn, the pass that
/// gives it the move costs one of the plies), returning the result and its zone: the
/// defence zone (predicate D_level) of a win, the attack zone (A_level) of a failure. With
/// zones off or for a game without zones, the zone is everything. For the lemma-11
/// soundness tests; no node or time limit.
pub fn lambda_with_zone<G: LambdaGame>(
    game: &mut G,
    attacker: Player,
    level: u8,
    depth: u32,
    config: &LambdaConfig,
) -> (bool, ZoneScheme) {
    engine::search_with_zone(game, attacker, level, depth, config, &mut NoTrace)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::mnk::Mnk;
    use crate::search::{Algorithm, SearchConfig, Verdict, solve};

    /// Thomsen's corner position: Black owns a1, d1 and d4 on 4x4, k = 4.
    fn corners() -> Mnk {
        Mnk::new(4, 4, 4, false)
            .unwrap()
            .with_free_stones(
                &[(0, Player::Black), (3, Player::Black), (15, Player::Black)],
                Player::Black,
            )
            .unwrap()
    }

    #[test]
    fn trees_are_refused_with_a_readable_error() {
        let mut tree = crate::games::tree::TreeGame::parse("(a 1 2)").unwrap();
        let err = check_supported(&tree).unwrap_err();
        assert!(err.to_string().contains("needs a pass"), "{err}");
        assert!(check_supported(&corners()).is_ok());
        let r = lambda_search(
            &mut tree,
            &LambdaConfig::default(),
            &Limits::default(),
            &mut NoTrace,
        );
        assert_eq!(r.verdict, ThreatVerdict::Unknown);
        assert_eq!(r.stats.nodes, 0);
    }

    #[test]
    fn solve_reports_a_lambda_win_by_level_without_plies() {
        for (algorithm, dual) in [(Algorithm::Lambda, false), (Algorithm::DualLambda, true)] {
            let mut g = corners();
            let config = SearchConfig {
                lambda: LambdaConfig {
                    max_level: 2,
                    tt_mb: 1,
                    ..LambdaConfig::default()
                },
                ..SearchConfig::for_algorithm(algorithm)
            };
            let limits = Limits {
                max_depth: Some(7),
                ..Limits::default()
            };
            let r = solve(&mut g, &config, &limits, &mut NoTrace);
            assert_eq!(r.verdict, Verdict::WinAtLevel { level: 2 }, "dual {dual}");
            assert_eq!(r.verdict.plies(), None);
            assert_eq!(r.verdict.word(), "win");
            assert_eq!(r.verdict.to_string(), "win at lambda level 2");
            assert_eq!(r.depth, 7);
            assert_eq!(r.pv.len(), 1);
            // Depth 6 is one ply short (Thomsen: a lambda-2 tree of depth 7).
            let short = Limits {
                max_depth: Some(6),
                ..Limits::default()
            };
            assert_eq!(
                solve(&mut g, &config, &short, &mut NoTrace).verdict,
                Verdict::Unknown
            );
        }
        assert_eq!(Algorithm::parse("dual-lambda"), Some(Algorithm::DualLambda));
        assert!(Algorithm::Lambda.is_threat_search());
    }

    #[test]
    fn a_node_limit_stops_without_a_claim() {
        let mut g = corners();
        let config = LambdaConfig {
            max_level: 2,
            max_depth: 7,
            tt_mb: 1,
            ..LambdaConfig::default()
        };
        let limits = Limits {
            nodes: Some(50),
            ..Limits::default()
        };
        let key = g.key();
        let r = lambda_search(&mut g, &config, &limits, &mut NoTrace);
        assert!(r.stopped);
        assert_eq!(r.verdict, ThreatVerdict::Unknown);
        assert!(r.stats.nodes <= 51);
        assert_eq!(g.key(), key);
    }

    #[test]
    fn the_zone_of_a_result_is_reachable() {
        let mut g = corners();
        let config = LambdaConfig {
            tt_mb: 0,
            ..LambdaConfig::default()
        };
        let (won, zone) = lambda_with_zone(&mut g, Player::Black, 2, 7, &config);
        assert!(won);
        assert_eq!(zone.len(), 16);
        // A defence zone never holds the attacker's own stones.
        for p in [0, 3, 15] {
            assert_eq!(zone.order(p), None);
        }
        let (won, zone) = lambda_with_zone(
            &mut g,
            Player::Black,
            2,
            7,
            &LambdaConfig {
                zones: false,
                ..config
            },
        );
        assert!(won);
        assert_eq!(zone.count_within(1), 16, "no zones: everything");
    }
}
