//! The positions behind the threat-search lessons (issue 6, item 4): the AtariGo ladder is a
//! lambda-1 win that alpha-beta confirms, and the 7x7 four-in-a-row position is a lambda-2
//! win with no lambda-1 tree. The explanations themselves are unit-tested in
//! `src/view/explain.rs`.

use crate::helpers::solvers::node_limit;
use plyscope::game::Game;
use plyscope::puzzle::{self, Position};
use plyscope::search::lambda::{LambdaConfig, ThreatVerdict, lambda_search};
use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, Limits, SearchConfig, SearchGame, solve};

fn lambda<G: SearchGame>(game: &G, max_level: u8, max_depth: u32) -> ThreatVerdict {
    let config = LambdaConfig {
        max_level,
        max_depth,
        zones: true,
        tt_mb: 16,
        dual: false,
    };
    let mut g = game.clone();
    let r = lambda_search(&mut g, &config, &node_limit(2_000_000), &mut NoTrace);
    assert!(!r.stopped, "the search ends within its node limit");
    r.verdict
}

#[test]
fn the_ladder_is_a_lambda_1_win_that_alpha_beta_confirms() {
    let Position::AtariGo(game) = puzzle::load("atarigo-ladder").unwrap().position else {
        panic!("an AtariGo puzzle");
    };
    assert_eq!(lambda(&game, 1, 9), ThreatVerdict::Win { level: 1 });
    // The ladder needs its nine plies: the edge is four ataris away.
    assert_eq!(lambda(&game, 1, 7), ThreatVerdict::Unknown);
    let mut g = game.clone();
    let config = SearchConfig::for_algorithm(Algorithm::IterativeDeepening);
    let depth = Limits {
        max_depth: Some(9),
        ..node_limit(2_000_000)
    };
    let r = solve(&mut g, &config, &depth, &mut NoTrace);
    assert_eq!(r.value.to_string(), "win@9", "{}", r.verdict);
    assert_eq!(
        r.best_move.map(|m| game.format_move(m)).as_deref(),
        Some("d3")
    );
}

#[test]
fn the_7x7_position_needs_level_2() {
    let Position::Mnk(game) = puzzle::load("mnk-7x7-k4-lambda2").unwrap().position else {
        panic!("an m,n,k puzzle");
    };
    assert_eq!(lambda(&game, 2, 7), ThreatVerdict::Win { level: 2 });
    assert_eq!(lambda(&game, 1, 7), ThreatVerdict::Unknown);
    assert_eq!(lambda(&game, 1, 9), ThreatVerdict::Unknown);
}
