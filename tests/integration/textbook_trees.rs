//! The textbook trees: values for every algorithm, and for fail-hard alpha-beta the exact
//! nodes visited and pruned, with the (alpha, value, beta) triple of every node as Kühr
//! example 3.2 (figure 18) draws it.
//!
//! The figures' graphics are lost in the seeds' text; each tree below holds what the text
//! states and fills the rest minimally (said at each tree). The same strings are shipped as
//! puzzle files by the puzzle layer.

use std::ops::ControlFlow;

use plyscope::game::Game;
use plyscope::games::tree::TreeGame;
use plyscope::search::observer::{GO, NoTrace, Observer};
use plyscope::search::{
    Algorithm, Bound, Limits, MoveOrdering, SearchConfig, SearchResult, Value, Verdict, Window,
    solve,
};

/// The classic example (Russell & Norvig's figure, also the puzzle `tree-classic`).
const CLASSIC: &str = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

/// Seed 004, figures 6.20-6.22: a W/L/D tree seen from player A (MAX, Black). The text gives
/// the root's children 2 and 3, their children 4-9 with their values (4 V, 5 V, 6 P; 7 R,
/// 8 V, 9 R: V win, P loss, R draw for A) and says B's best replies are 6 (at 2) and 7 or 9
/// (at 3). The figure's deeper nodes 10-24 are lost, so 4-9 are written as leaves with their
/// backed-up values. Value: draw (6.20: "1 (R)"; 6.22: F = 0); A's best move is 3.
const FIG_6_20: &str = "(1 (2 4:W 5:W 6:L) (3 7:D 8:W 9:D))";

/// Seed 004, figure 6.23 (alpha cutoff): MAX at 1; node 2 is worth 15; node 3 (MIN) has first
/// child 6 worth 10, so 3 is worth at most 10 and its other child 5 is never examined. The
/// value of 5 is not given: it is the parameter `{}`.
const FIG_6_23: &str = "(1 2:15 (3 6:10 5:{}))";

/// Seed 004, figure 6.24 (beta cutoff): node 2 (MIN) has child 4 worth 20 and child 5 (MAX)
/// whose first child 6 is worth 25, so MIN avoids 5 and 5's other child 7 is never examined.
/// The rest of the figure (other children of 1) is not given. 7's value is the parameter.
const FIG_6_24: &str = "(1 (2 4:20 (5 6:25 7:{})))";

/// Seed 001, example 3.1, figures 15 and 16 (depth 3, MAX at the root). The text gives: a
/// MIN node already "<= 7" whose next MAX child meets a leaf 9 and is cut (figure 15, beta
/// cutoff); the root is ">= 4" when its right child, a MIN node, has seen 15 and 3 and is
/// cut before its last child (figure 16, alpha cutoff). Leaves not named by the text are
/// filled in minimally.
const FIG_15_16: &str = "(r (a (a1 5 7) (a2 9 1) (a3 4 2)) (b (b1 15 6) (b2 3 1) (b3 8 2)))";

/// Records what a search did on a tree: entered nodes, leaves, and per node the triple
/// (alpha at entry, returned value, beta at entry).
#[derive(Default)]
struct TreeRecorder {
    entered: Vec<String>,
    leaves: Vec<String>,
    stack: Vec<(String, Window)>,
    triples: Vec<(String, Value, Value, Value)>,
    cutoffs: Vec<(String, Vec<u16>)>,
}

impl Observer<TreeGame> for TreeRecorder {
    fn enter(
        &mut self,
        game: &TreeGame,
        _mv: Option<u16>,
        _ply: usize,
        _depth: u32,
        window: Window,
    ) -> ControlFlow<()> {
        let name = game.current_name().to_string();
        if game.at_leaf() {
            self.leaves.push(name.clone());
        }
        self.entered.push(name.clone());
        self.stack.push((name, window));
        GO
    }

    fn leave(&mut self, value: Value, _bound: Bound, _best: Option<u16>) -> ControlFlow<()> {
        let (name, w) = self.stack.pop().expect("leave without enter");
        self.triples.push((name, w.alpha, value, w.beta));
        GO
    }

    fn cutoff(
        &mut self,
        _mv: u16,
        _value: Value,
        _window: Window,
        skipped: &[u16],
    ) -> ControlFlow<()> {
        let node = self.stack.last().expect("cutoff outside a node").0.clone();
        self.cutoffs.push((node, skipped.to_vec()));
        GO
    }
}

fn tree(text: &str) -> TreeGame {
    TreeGame::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn run(text: &str, config: &SearchConfig) -> (SearchResult<u16>, TreeRecorder) {
    let mut g = tree(text);
    let mut rec = TreeRecorder::default();
    let r = solve(&mut g, config, &Limits::default(), &mut rec);
    assert_eq!(g.ply(), 0, "the search must restore the position");
    assert!(rec.stack.is_empty(), "enter/leave unbalanced");
    (r, rec)
}

/// Every algorithm in its textbook form and with every option on.
fn all_configs() -> Vec<SearchConfig> {
    let mut configs = Vec::new();
    for algorithm in Algorithm::ALPHA_BETA_FAMILY {
        configs.push(SearchConfig::plain(algorithm));
        configs.push(SearchConfig::for_algorithm(algorithm));
        configs.push(SearchConfig {
            tt_mb: 1,
            ordering: MoveOrdering::NONE,
            ..SearchConfig::plain(algorithm)
        });
    }
    configs
}

fn leaves_of(text: &str) -> Vec<String> {
    tree(text)
        .leaf_names()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn pruned(text: &str, visited: &[String]) -> Vec<String> {
    leaves_of(text)
        .into_iter()
        .filter(|l| !visited.contains(l))
        .collect()
}

fn best_name(text: &str, r: &SearchResult<u16>) -> String {
    tree(text).format_move(r.best_move.expect("a best move"))
}

const INF: Value = Value::INFINITY;

#[test]
fn classic_tree_is_worth_three_for_every_algorithm() {
    for config in all_configs() {
        let (r, _) = run(CLASSIC, &config);
        assert_eq!(r.value, Value(3), "{config:?}");
        assert_eq!(best_name(CLASSIC, &r), "b", "{config:?}");
        assert!(!r.stopped);
        // Numeric leaves: exact, but neither a win, a loss nor a draw.
        assert_eq!(r.verdict, Verdict::Exact(3));
    }
}

#[test]
fn classic_tree_fail_hard_prunes_exactly_c2_and_c3() {
    let (r, rec) = run(CLASSIC, &SearchConfig::plain(Algorithm::AlphaBeta));
    assert_eq!(rec.leaves, ["b1", "b2", "b3", "c1", "d1", "d2", "d3"]);
    assert_eq!(pruned(CLASSIC, &rec.leaves), ["c2", "c3"]);
    assert_eq!(
        rec.entered,
        ["a", "b", "b1", "b2", "b3", "c", "c1", "d", "d1", "d2", "d3"]
    );
    assert_eq!(r.stats.nodes, 11);
    assert_eq!(r.stats.leaves, 7);
    assert_eq!(r.stats.cutoffs, 2);
    assert_eq!(r.pv, vec![0, 0]);
}

#[test]
fn classic_tree_fail_hard_triples() {
    // (alpha at entry, returned value, beta at entry), negamax: each from its side to move.
    let (_, rec) = run(CLASSIC, &SearchConfig::plain(Algorithm::AlphaBeta));
    let t = |name: &str, a: Value, v: i32, b: Value| (name.to_string(), a, Value(v), b);
    let expected = vec![
        t("b1", -INF, 3, INF),
        t("b2", -INF, 12, Value(3)),
        t("b3", -INF, 8, Value(3)),
        t("b", -INF, -3, INF),
        t("c1", Value(3), 2, INF),
        // c fails high: fail-hard returns beta.
        t("c", -INF, -3, Value(-3)),
        t("d1", Value(3), 14, INF),
        t("d2", Value(3), 5, Value(14)),
        t("d3", Value(3), 2, Value(5)),
        t("d", -INF, -3, Value(-3)),
        t("a", -INF, 3, INF),
    ];
    assert_eq!(rec.triples, expected);
    assert_eq!(
        rec.cutoffs,
        vec![("c".to_string(), vec![1, 2]), ("d".to_string(), vec![])]
    );
}

#[test]
fn classic_tree_fail_soft_returns_the_real_bound() {
    let (r, rec) = run(CLASSIC, &SearchConfig::plain(Algorithm::AlphaBetaSoft));
    assert_eq!(r.value, Value(3));
    assert_eq!(rec.leaves, ["b1", "b2", "b3", "c1", "d1", "d2", "d3"]);
    let value_of = |n: &str| rec.triples.iter().find(|t| t.0 == n).unwrap().2;
    // c is worth at most 2 for MAX: fail-soft says -2 from MIN's view, fail-hard said -3.
    assert_eq!(value_of("c"), Value(-2));
    assert_eq!(value_of("d"), Value(-2));
}

#[test]
fn classic_tree_minimax_visits_everything() {
    let (r, rec) = run(CLASSIC, &SearchConfig::plain(Algorithm::Minimax));
    assert_eq!(rec.leaves, leaves_of(CLASSIC));
    assert_eq!(r.stats.nodes, 13);
}

#[test]
fn node_counts_are_pinned() {
    // A change that moves these is a change in behaviour: say why in the commit.
    let count = |config: SearchConfig| run(CLASSIC, &config).0.stats.nodes;
    assert_eq!(count(SearchConfig::plain(Algorithm::Minimax)), 13);
    assert_eq!(count(SearchConfig::plain(Algorithm::AlphaBeta)), 11);
    assert_eq!(count(SearchConfig::plain(Algorithm::AlphaBetaSoft)), 11);
    assert_eq!(
        count(SearchConfig::plain(Algorithm::IterativeDeepening)),
        15
    );
    // Ordered by evaluation (killers only break ties): b1 b3 b2, c1 cuts, d3 cuts.
    assert_eq!(count(SearchConfig::for_algorithm(Algorithm::AlphaBeta)), 9);
    // Iterative deepening with an exact search per iteration (as the explorer records it):
    // 4 nodes at depth 1, then the 9 of the ordered search.
    let exact = SearchConfig {
        win_loss_probes: false,
        ..SearchConfig::default()
    };
    assert_eq!(count(exact), 13);
    // Headless, each iteration but the last asks the win/loss question with null windows
    // (a win probe and a loss probe), which a tree of numbers never answers: 7 more.
    assert_eq!(count(SearchConfig::default()), 20);
}

#[test]
fn figure_6_20_is_a_draw_and_a_plays_to_3() {
    for config in all_configs() {
        let (r, _) = run(FIG_6_20, &config);
        assert_eq!(r.value, Value::DRAW, "{config:?}");
        assert_eq!(r.verdict, Verdict::Draw, "{config:?}");
        assert_eq!(best_name(FIG_6_20, &r), "3", "{config:?}");
    }
    // Node 2 is a loss for A: B answers 6.
    let mut g = tree(FIG_6_20);
    g.play(g.parse_move("2").unwrap());
    let r = solve(
        &mut g,
        &SearchConfig::plain(Algorithm::Minimax),
        &Limits::default(),
        &mut NoTrace,
    );
    assert_eq!(r.value, Value::win_at(1), "B to move at 2 wins at once");
    assert_eq!(g.format_move(r.best_move.unwrap()), "6");
}

#[test]
fn figure_6_21_at_node_3_b_draws_with_7_or_9() {
    // Figure 6.21 shows the same tree from B's side. In negamax form B's value at 3 is minus
    // A's: a draw, reached by 7 (or 9; the first is kept).
    let mut g = tree(FIG_6_20);
    g.play(g.parse_move("3").unwrap());
    let r = solve(
        &mut g,
        &SearchConfig::plain(Algorithm::Minimax),
        &Limits::default(),
        &mut NoTrace,
    );
    assert_eq!(r.verdict, Verdict::Draw);
    assert_eq!(g.format_move(r.best_move.unwrap()), "7");
}

#[test]
fn figure_6_20_fail_hard_prunes_after_the_refutation() {
    // At 2, B's winning reply 6 comes last, so 4 and 5 are searched first. At 3, A's alpha
    // is only the loss from 2, so the draw at 7 does not cut and 8 and 9 are searched too.
    let (r, rec) = run(FIG_6_20, &SearchConfig::plain(Algorithm::AlphaBeta));
    assert_eq!(rec.leaves, ["4", "5", "6", "7", "8", "9"]);
    assert_eq!(r.value, Value::DRAW);
}

#[test]
fn figure_6_23_alpha_cutoff_skips_node_5() {
    for hidden in ["-1000", "0", "14", "15", "16", "1000", "W", "L", "D"] {
        let text = FIG_6_23.replace("{}", hidden);
        for algorithm in [Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft] {
            let (r, rec) = run(&text, &SearchConfig::plain(algorithm));
            assert_eq!(r.value, Value(15), "5 = {hidden}");
            assert_eq!(best_name(&text, &r), "2");
            assert_eq!(rec.leaves, ["2", "6"], "5 = {hidden}");
            assert_eq!(rec.cutoffs, vec![("3".to_string(), vec![1])]);
        }
    }
}

#[test]
fn figure_6_24_beta_cutoff_skips_node_7() {
    for hidden in ["-1000", "19", "20", "21", "1000", "W", "L", "D"] {
        let text = FIG_6_24.replace("{}", hidden);
        let (r, rec) = run(&text, &SearchConfig::plain(Algorithm::AlphaBeta));
        assert_eq!(r.value, Value(20), "7 = {hidden}");
        assert_eq!(rec.leaves, ["4", "6"], "7 = {hidden}");
        assert_eq!(rec.cutoffs, vec![("5".to_string(), vec![1])]);
    }
}

#[test]
fn figure_6_25_negamax_value_triples() {
    // Figure 6.25 redraws 6.23/6.24 in negamax form and evaluates them with VALUE(p, a, b).
    // Seed 004's VALUE starts m at alpha: above beta it is soft, below alpha hard.
    let text = FIG_6_23.replace("{}", "0");
    let (_, rec) = run(&text, &SearchConfig::plain(Algorithm::AlphaBeta));
    let t = |name: &str, a: Value, v: i32, b: Value| (name.to_string(), a, Value(v), b);
    assert_eq!(
        rec.triples,
        vec![
            t("2", -INF, -15, INF),
            t("6", Value(15), 10, INF),
            t("3", -INF, -15, Value(-15)),
            t("1", -INF, 15, INF),
        ]
    );
    let text = FIG_6_24.replace("{}", "0");
    let (_, rec) = run(&text, &SearchConfig::plain(Algorithm::AlphaBeta));
    assert_eq!(
        rec.triples,
        vec![
            t("4", -INF, 20, INF),
            t("6", Value(-20), -25, INF),
            t("5", -INF, 20, Value(20)),
            t("2", -INF, -20, INF),
            t("1", -INF, 20, INF),
        ]
    );
}

#[test]
fn figures_15_16_beta_then_alpha_cutoff() {
    let (r, rec) = run(FIG_15_16, &SearchConfig::plain(Algorithm::AlphaBeta));
    assert_eq!(r.value, Value(4));
    assert_eq!(best_name(FIG_15_16, &r), "a");
    assert_eq!(
        rec.leaves,
        [
            "a11", "a12", "a21", "a31", "a32", "b11", "b12", "b21", "b22"
        ]
    );
    // Figure 15: a2 is cut after its 9 (beta cutoff); figure 16: b is cut after b2 (alpha
    // cutoff at the root's level), so b3 and its leaves are never generated.
    assert_eq!(pruned(FIG_15_16, &rec.leaves), ["a22", "b31", "b32"]);
    assert!(!rec.entered.iter().any(|n| n == "b3"));
    assert_eq!(
        rec.cutoffs,
        vec![("a2".to_string(), vec![1]), ("b".to_string(), vec![2])]
    );
    // The MIN node a is "<= 7" when a2 is searched: a2's window is (-inf, 7) for MAX.
    let a2 = rec.triples.iter().find(|t| t.0 == "a2").unwrap();
    assert_eq!((a2.1, a2.3), (-INF, Value(7)));
    // b2 is searched with (4, 15): the root is ">= 4", b is "<= 15".
    let b2 = rec.triples.iter().find(|t| t.0 == "b2").unwrap();
    assert_eq!((b2.1, b2.2, b2.3), (Value(4), Value(4), Value(15)));
}

#[test]
fn figures_15_16_every_algorithm_agrees() {
    for config in all_configs() {
        let (r, _) = run(FIG_15_16, &config);
        assert_eq!(r.value, Value(4), "{config:?}");
    }
}

#[test]
fn wins_are_shortest_and_losses_longest() {
    // Black can win at ply 3 through x or at ply 1 through w; the engines all pick w.
    let text = "(r (x (y W L)) w:W)";
    for config in all_configs() {
        let (r, _) = run(text, &config);
        assert_eq!(r.verdict, Verdict::Win { plies: 1 }, "{config:?}");
        assert_eq!(best_name(text, &r), "w");
    }
    let text = "(r l:L (x (y L)) (z L))";
    for config in all_configs() {
        let (r, _) = run(text, &config);
        assert_eq!(r.verdict, Verdict::Loss { plies: 3 }, "{config:?}");
        assert_eq!(best_name(text, &r), "x");
        assert_eq!(r.pv.len(), 3, "{config:?}");
    }
}

#[test]
fn depth_limits_give_unknown_and_iterative_deepening_proves() {
    // The win is 5 plies deep; depth 3 sees only the horizon.
    let text = "(r (a (b (c (d W)))) (e (f 1) (g 2)))";
    let limits = Limits {
        max_depth: Some(3),
        ..Limits::default()
    };
    let mut g = tree(text);
    let r = solve(
        &mut g,
        &SearchConfig::plain(Algorithm::AlphaBeta),
        &limits,
        &mut NoTrace,
    );
    assert_eq!(r.verdict, Verdict::Unknown);
    assert_eq!(r.depth, 3);
    let r = solve(
        &mut g,
        &SearchConfig::default(),
        &Limits::default(),
        &mut NoTrace,
    );
    assert_eq!(r.verdict, Verdict::Win { plies: 5 });
    assert_eq!(r.depth, 5, "iterative deepening stops at the proof");
    assert_eq!(r.pv.len(), 5);
}

mod parsing {
    use plyscope::games::tree::TreeGame;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Any text made of the syntax's characters (and a few others) parses or gives an
        /// error whose offset lies inside the text; a tree that parses prints back to text
        /// that parses to the same tree.
        #[test]
        fn parsing_never_panics(text in "[()a-c0-9 :WLD\\-+é\\n]{0,60}") {
            match TreeGame::parse(&text) {
                Ok(tree) => {
                    let printed = tree.to_text();
                    let again = TreeGame::parse(&printed).expect("printed trees parse");
                    prop_assert_eq!(again.to_text(), printed);
                }
                Err(e) => {
                    prop_assert!(e.offset <= text.len());
                    prop_assert!(text.is_char_boundary(e.offset));
                    prop_assert!(!e.message.is_empty());
                }
            }
        }
    }
}
