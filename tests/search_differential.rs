//! Differential tests: every alpha-beta variant (fail-hard, fail-soft, iterative deepening;
//! table on and off; ordering on and off; tactics on and off) gives the root value plain
//! minimax gives, on random trees and on random small positions of every stone game.

use proptest::prelude::*;

use plyscope::game::{MoveList, Outcome, Player};
use plyscope::games::tree::TreeGame;
use plyscope::search::{
    Algorithm, Limits, MoveOrdering, SearchConfig, SearchGame, SearchResult, Value, Verdict, solve,
};
use plyscope::trace::NoTrace;

/// A random tree: leaves with small scores (ties are common) or W/L/D.
#[derive(Clone, Debug)]
enum RandomTree {
    Leaf(Outcome),
    Node(Vec<RandomTree>),
}

impl RandomTree {
    fn write(&self, next_label: &mut usize, out: &mut String) {
        match self {
            RandomTree::Leaf(Outcome::Score(v)) => out.push_str(&v.to_string()),
            RandomTree::Leaf(Outcome::Win(Player::Black)) => out.push('W'),
            RandomTree::Leaf(Outcome::Win(Player::White)) => out.push('L'),
            RandomTree::Leaf(Outcome::Draw) => out.push('D'),
            RandomTree::Node(children) => {
                out.push_str(&format!("(n{next_label}x"));
                *next_label += 1;
                for c in children {
                    out.push(' ');
                    c.write(next_label, out);
                }
                out.push(')');
            }
        }
    }

    fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut 0, &mut out);
        out
    }
}

/// Trees of depth 1-5 (below the root) and branching 1-4.
fn random_tree() -> impl Strategy<Value = RandomTree> {
    let leaf = prop_oneof![
        4 => (-3i32..=3).prop_map(|v| RandomTree::Leaf(Outcome::Score(v))),
        1 => Just(RandomTree::Leaf(Outcome::Win(Player::Black))),
        1 => Just(RandomTree::Leaf(Outcome::Win(Player::White))),
        1 => Just(RandomTree::Leaf(Outcome::Draw)),
    ];
    let subtree = leaf.prop_recursive(4, 200, 4, |inner| {
        prop::collection::vec(inner, 1..=4).prop_map(RandomTree::Node)
    });
    prop::collection::vec(subtree, 1..=4).prop_map(RandomTree::Node)
}

fn limits(depth: Option<u32>) -> Limits {
    Limits {
        max_depth: depth,
        ..Limits::default()
    }
}

/// Every variant the differential tests compare with minimax.
fn variants() -> Vec<SearchConfig> {
    let mut v = Vec::new();
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaSoft,
        Algorithm::IterativeDeepening,
    ] {
        for tt_mb in [0, 1] {
            for ordering in [MoveOrdering::NONE, MoveOrdering::ALL] {
                for (tactics, extend_forced) in [(false, false), (true, false), (true, true)] {
                    v.push(SearchConfig {
                        algorithm,
                        tt_mb,
                        ordering,
                        tactics,
                        extend_forced,
                        ..SearchConfig::default()
                    });
                }
            }
        }
    }
    v
}

/// Checks `result` against the minimax `oracle` on `game` (at the root position).
fn agree<G: SearchGame>(
    game: &mut G,
    config: &SearchConfig,
    oracle: &SearchResult<G::Move>,
    result: &SearchResult<G::Move>,
    depth: Option<u32>,
) {
    let what = format!("{config:?} depth {depth:?}\n{}", game.diagram());
    assert!(!result.stopped, "{what}");
    assert_eq!(result.value, oracle.value, "{what}");
    if result.verdict != oracle.verdict {
        // Alpha-beta may prove a draw that minimax cannot, when the only horizon nodes were
        // in branches alpha-beta pruned. Then the game itself must be a draw.
        assert!(
            depth.is_some(),
            "{what}: {:?} vs {:?}",
            result.verdict,
            oracle.verdict
        );
        assert_eq!(
            (result.verdict, oracle.verdict),
            (Verdict::Draw, Verdict::Unknown)
        );
        let full = solve(
            game,
            &SearchConfig::plain(Algorithm::Minimax),
            &limits(None),
            &mut NoTrace,
        );
        assert_eq!(full.verdict, Verdict::Draw, "a false draw proof: {what}");
    }
    if game.outcome().is_some() {
        assert_eq!(result.best_move, None, "{what}");
        return;
    }
    // The best move is optimal: minimax of the child agrees.
    let best = result
        .best_move
        .unwrap_or_else(|| panic!("no best move: {what}"));
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    assert!(moves.contains(&best), "{what}");
    assert_eq!(result.pv.first(), Some(&best), "{what}");
    game.play(best);
    let child_depth = depth.map(|d| d - 1);
    let child = solve(
        game,
        &SearchConfig::plain(Algorithm::Minimax),
        &limits(child_depth),
        &mut NoTrace,
    );
    game.undo(best);
    // Child values are measured from the child; shift win/loss distances by one ply.
    let shifted = if child.value.is_decisive() {
        Value(-child.value.0.signum() * (child.value.0.abs() - 1))
    } else {
        -child.value
    };
    assert_eq!(
        shifted, oracle.value,
        "best move {best:?} is not optimal: {what}"
    );
    // The principal variation is a legal line.
    for &m in &result.pv {
        game.legal_moves(&mut moves);
        assert!(moves.contains(&m), "illegal PV move {m:?}: {what}");
        game.play(m);
    }
    for &m in result.pv.iter().rev() {
        game.undo(m);
    }
}

/// Solves `game` with minimax and every variant to `depth` and checks they agree; the
/// position and key are restored after each search.
fn differential<G: SearchGame>(game: &mut G, depth: Option<u32>, configs: &[SearchConfig]) {
    let key = game.key();
    let oracle = solve(
        game,
        &SearchConfig::plain(Algorithm::Minimax),
        &limits(depth),
        &mut NoTrace,
    );
    assert!(!oracle.stopped);
    for config in configs {
        let r = solve(game, config, &limits(depth), &mut NoTrace);
        assert_eq!(game.key(), key, "{config:?}: position not restored");
        agree(game, config, &oracle, &r, depth);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_trees_agree_with_minimax(tree in random_tree()) {
        let text = tree.text();
        let mut game = TreeGame::parse(&text).unwrap();
        differential(&mut game, None, &variants());
    }

    #[test]
    fn random_trees_agree_at_fixed_depths(tree in random_tree(), depth in 1u32..=3) {
        // Trees have no transpositions, so even with a table every variant searches exactly
        // the depth-limited tree minimax searches.
        let text = tree.text();
        let mut game = TreeGame::parse(&text).unwrap();
        differential(&mut game, Some(depth), &variants());
    }
}

#[test]
fn draws_are_proven_only_without_a_horizon() {
    let mut game = TreeGame::parse("(r (a D (b D W)) (c D))").unwrap();
    for config in variants() {
        let r = solve(&mut game, &config, &limits(None), &mut NoTrace);
        assert_eq!(r.verdict, Verdict::Draw, "{config:?}");
        let r = solve(&mut game, &config, &limits(Some(2)), &mut NoTrace);
        assert_eq!(r.value, Value::DRAW, "{config:?}");
        assert_eq!(r.verdict, Verdict::Unknown, "{config:?}: a horizon was met");
    }
}
