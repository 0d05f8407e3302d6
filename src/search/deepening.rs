//! Iterative deepening (Kotrč, *Gobblet analysed with AI methods*, chapter 5): fail-soft alpha-beta
//! to depth 1, 2, 3, ... with one transposition table, killer and history tables kept across
//! iterations.
//!
//! - Each iteration orders the root moves by the previous iteration's values (best first) and
//!   every inner node tries the table's move first (Kotrč 5.1-5.2), so the deeper search
//!   starts with the best line found so far.
//! - A node or time limit (checked through [`crate::search::Budget`]) abandons the running
//!   iteration; the result is the last *completed* iteration (Kotrč 5.1: "the best solution found
//!   so far"). `observer.iteration(d)` announces each iteration.
//! - The deepening stops early once the root value is proven: a win or loss (heuristic
//!   values never reach those scores), or an iteration that met no horizon, no unsolved table
//!   cutoff and no heuristic: it searched the whole game tree, so its value (a draw, say) is
//!   exact. Table entries whose subtrees met no horizon are marked solved and answer at any
//!   depth, which is what lets later iterations finish such subtrees at once.
//! - History scores are halved between iterations, so recent cutoffs weigh more.
//! - Distance bounds from the previous iteration (mate-distance pruning at the root): an
//!   iteration to depth `d` sees every win or loss of at most `d` plies, and of `d + 1` plies
//!   when the tactics are on (at the horizon they see an immediate win, and a side whose
//!   every move ends the game at once, as by suicide in AtariGo). So when iteration
//!   `d` ends without a win or loss (and no heuristic pruned), the game has none within
//!   `n = d` (or `d + 1`) plies, and iteration `d + 1` can only find one of at least `n + 1`
//!   plies. It is searched with the window `(-inf, win at n + 1)`: once a root move wins at
//!   `n + 1` nothing better exists and the iteration stops (fail-soft returns exactly that
//!   value) instead of proving that no other move wins sooner. Values below the bound are
//!   exact as before. (The loss side is left open: a lost root must still compare its moves'
//!   exact distances to choose the longest resistance.)
//! - With `SearchConfig::win_loss_probes` (the default) an iteration asks only the win/loss
//!   question, with null-window searches (Pearl's test, as in MTD(f) and NegaScout's scout
//!   searches): "does the root win within the iteration's reach?", and, when that bound does not
//!   favour the side to move, "does it lose within it?". Only the last iteration (and one that saw
//!   the whole game) computes the exact value. A null window cuts wherever a move answers the
//!   question, where the window `(-inf, win)` also had to order the heuristic values below a win
//!   exactly ([`probe_iteration`]).

use std::time::Duration;

use crate::search::alphabeta::Searcher;
use crate::search::config::SearchConfig;
use crate::search::observer::Observer;
use crate::search::{HEURISTIC_LIMIT, Limits, SearchGame, SearchResult, Value, Verdict, Window};

/// What one completed iteration found (for progress reports and measurements).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationReport<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The root value.
    pub value: Value,
    /// What the value proves.
    pub verdict: Verdict,
    /// The best root move.
    pub best_move: Option<M>,
    /// Nodes this iteration took.
    pub nodes: u64,
    /// Nodes of all iterations so far.
    pub total_nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// Iterative deepening to `limits.max_depth` plies (or until proven, within
/// `config.max_ply`); `on_iteration` hears about every completed iteration.
pub fn iterative_deepening<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    config: &SearchConfig,
    limits: &Limits,
    observer: &mut O,
    mut on_iteration: impl FnMut(&IterationReport<G::Move>),
) -> SearchResult<G::Move> {
    let max_ply = config.effective_max_ply() as u32;
    let last_depth = limits.max_depth.unwrap_or(max_ply).min(max_ply);
    let mut s = Searcher::new(game, config, limits, observer);
    let mut result = SearchResult {
        verdict: Verdict::Unknown,
        value: Value::DRAW,
        best_move: None,
        pv: Vec::new(),
        depth: 0,
        stopped: false,
        stats: s.stats,
    };
    // Wins and losses of at most this many plies are ruled out by a completed iteration.
    let mut none_within: Option<usize> = None;
    let probes = config.win_loss_probes && !config.uses_heuristics();
    for depth in 1..=last_depth.max(1) {
        if O::ENABLED && s.observer().iteration(depth).is_break() {
            s.stop();
            break;
        }
        s.begin_iteration();
        let nodes_before = s.stats.nodes;
        let value = if probes {
            match probe_iteration(&mut s, game, depth, depth == last_depth.max(1)) {
                Some(v) => v,
                None => break,
            }
        } else {
            let window = match none_within {
                Some(n) => Window {
                    alpha: Window::FULL.alpha,
                    beta: Value::win_at(n + 1),
                },
                None => Window::FULL,
            };
            let value = s.search_root_window::<true>(game, depth, window);
            if s.stopped() {
                break;
            }
            // Beyond the window only the bounds themselves are possible (module doc).
            debug_assert!(
                window.alpha <= value && value <= window.beta,
                "{value} outside {window}"
            );
            value
        };
        let verdict = s.verdict(value);
        let pv_len = value.plies_to_end().unwrap_or(depth as usize);
        let pv = s.principal_variation(game, pv_len);
        result.verdict = verdict;
        result.value = value;
        result.best_move = pv.first().copied();
        result.pv = pv;
        result.depth = depth;
        on_iteration(&IterationReport {
            depth,
            value,
            verdict,
            best_move: result.best_move,
            nodes: s.stats.nodes - nodes_before,
            total_nodes: s.stats.nodes,
            elapsed: s.elapsed(),
        });
        let exact = s.inexact() == 0 && s.heuristic_cuts() == 0;
        if verdict != Verdict::Unknown || exact {
            break;
        }
        if s.heuristic_cuts() == 0 {
            none_within = Some(depth as usize + usize::from(s.tactics_active()));
        }
    }
    result.stopped = s.stopped();
    result.stats = s.stats;
    result.stats.elapsed = s.elapsed();
    result
}

/// One iteration asked as the win/loss question (`SearchConfig::win_loss_probes`; the
/// module doc's null-window searches): `None` when a limit stopped it, else the root value.
///
/// With `n` the longest win or loss this iteration sees (`depth`, plus one with the
/// tactics), and every shorter win ruled out by the iterations before:
///
/// 1. Win probe, window `(win at n + 1, win at n)`: fails high exactly when the root wins in
///    `n` plies, and then that is its value.
/// 2. The last iteration, or one whose probe met no horizon (it saw the whole game): one
///    exact search with the window `(-inf, win at n)`, which the probe proved holds the
///    value.
/// 3. Otherwise the loss probe, window `(loss at n, loss at n + 1)`, which fails low exactly
///    when every root move loses within `n` plies; then one exact search with the window
///    `(-inf, loss at n + 1)` finds the longest resistance.
///
/// Otherwise the iteration proves only that the root does not win within `n` plies (the
/// probes' fail-soft values are bounds, and a bound that looks like a win or a loss proves
/// no distance); the value returned is then the root's static evaluation, a heuristic
/// estimate, and the next iteration's root order comes from the win probe's root values.
fn probe_iteration<G: SearchGame, O: Observer<G>>(
    s: &mut Searcher<'_, G, O>,
    game: &mut G,
    depth: u32,
    last: bool,
) -> Option<Value> {
    let n = depth as usize + usize::from(s.tactics_active());
    let (win, loss) = (Value::win_at(n), Value::loss_at(n));
    let exact = |s: &mut Searcher<'_, G, O>, game: &mut G, beta: Value| {
        let window = Window {
            alpha: Window::FULL.alpha,
            beta,
        };
        let v = s.search_root_window::<true>(game, depth, window);
        (!s.stopped()).then_some(v)
    };
    // Step 1: does the root win within n plies?
    let v = s.search_root_window::<true>(
        game,
        depth,
        Window {
            alpha: Value::win_at(n + 1),
            beta: win,
        },
    );
    if s.stopped() {
        return None;
    }
    if v >= win {
        return Some(v);
    }
    // Step 2: the value where it is wanted.
    if last || s.inexact() == 0 {
        return exact(s, game, win);
    }
    let win_probe_values = s.root_values().to_vec();
    // Step 3: does it lose within n plies? Asked whatever the win probe's bound says: a
    // heuristic bound above a draw proves nothing, and skipping the question there left a
    // lost root unmeasured until the last iteration (Hex 5x5 after c3: over 20 M nodes
    // against 1 M).
    let v = s.search_root_window::<true>(
        game,
        depth,
        Window {
            alpha: loss,
            beta: Value::loss_at(n + 1),
        },
    );
    if s.stopped() {
        return None;
    }
    if v <= loss {
        return exact(s, game, Value::loss_at(n + 1));
    }
    s.set_root_values(&win_probe_values);
    Some(Value(
        game.evaluate()
            .clamp(-HEURISTIC_LIMIT + 1, HEURISTIC_LIMIT - 1),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tree::TreeGame;
    use crate::search::Algorithm;
    use crate::search::observer::NoTrace;

    fn deepen(text: &str, limits: &Limits) -> (SearchResult<u16>, Vec<IterationReport<u16>>) {
        let mut g = TreeGame::parse(text).unwrap();
        let config = SearchConfig {
            tt_mb: 1,
            ..SearchConfig::for_algorithm(Algorithm::IterativeDeepening)
        };
        let mut reports = Vec::new();
        let r = iterative_deepening(&mut g, &config, limits, &mut NoTrace, |rep| {
            reports.push(rep.clone())
        });
        (r, reports)
    }

    #[test]
    fn iterations_deepen_until_the_value_is_proven() {
        let text = "(r (a (b (c (d W)))) (e (f 1) (g 2)))";
        let (r, reports) = deepen(text, &Limits::default());
        let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5]);
        assert_eq!(r.verdict, Verdict::Win { plies: 5 });
        assert_eq!(reports[4].verdict, r.verdict);
        assert_eq!(reports.last().unwrap().total_nodes, r.stats.nodes);
        let sum: u64 = reports.iter().map(|r| r.nodes).sum();
        assert_eq!(sum, r.stats.nodes);
    }

    #[test]
    fn an_exhausted_tree_stops_the_deepening() {
        // Numeric leaves at depth 2: iteration 2 meets no horizon and is exact.
        let (r, reports) = deepen("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))", &Limits::default());
        assert_eq!(reports.len(), 2);
        assert_eq!(r.value, Value(3));
        assert_eq!(r.depth, 2);
    }

    #[test]
    fn a_depth_limit_is_the_last_iteration() {
        let text = "(r (a (b (c (d W)))) (e (f 1) (g 2)))";
        let limits = Limits {
            max_depth: Some(3),
            ..Limits::default()
        };
        let (r, reports) = deepen(text, &limits);
        assert_eq!(reports.len(), 3);
        assert_eq!(r.depth, 3);
        assert_eq!(r.verdict, Verdict::Unknown);
        assert_eq!(r.value, Value(1));
        assert!(!r.stopped);
    }

    #[test]
    fn a_node_limit_returns_the_last_completed_iteration() {
        let text = "(r (a (b (c (d W)))) (e (f 1) (g 2)))";
        let (full, reports) = deepen(text, &Limits::default());
        // Allow iteration 3 to finish but not iteration 4.
        let limit = reports[2].total_nodes + 1;
        let limits = Limits {
            nodes: Some(limit),
            ..Limits::default()
        };
        let (r, partial) = deepen(text, &limits);
        assert!(r.stopped);
        assert_eq!(partial.len(), 3);
        assert_eq!(r.depth, 3);
        assert_eq!(r.value, reports[2].value);
        assert_eq!(r.best_move, reports[2].best_move);
        assert!(r.stats.nodes < full.stats.nodes);
    }

    #[test]
    fn a_limit_before_the_first_iteration_proves_nothing() {
        let limits = Limits {
            nodes: Some(1),
            ..Limits::default()
        };
        let (r, reports) = deepen("(r (a 1 2) (b 3 4))", &limits);
        assert!(reports.is_empty());
        assert!(r.stopped);
        assert_eq!(
            (r.depth, r.best_move, r.verdict),
            (0, None, Verdict::Unknown)
        );
    }
}

#[cfg(test)]
mod measurements {
    use super::*;
    use crate::game::{Player, parse_point};
    use crate::games::atarigo::AtariGo;
    use crate::search::observer::NoTrace;

    /// The AtariGo 6x6 crosscut (Black c3 d4, White d3 c4, Black to move) solved by iterative
    /// deepening with the default settings. An independent plain alpha-beta with a table needs
    /// 26.1 M nodes for its last iteration; the goal is at least 5x fewer.
    ///
    /// `cargo test --release --lib crosscut -- --ignored`; the figures of every iteration:
    /// `cargo run --release --example id_crosscut`.
    #[test]
    #[ignore = "a measurement: about 10 s in release"]
    fn crosscut_is_won_in_15_plies() {
        let p = |s: &str| parse_point(s, 6, 6).unwrap();
        let mut game = AtariGo::new(6, 6)
            .unwrap()
            .with_stones(
                &[
                    (p("c3"), Player::Black),
                    (p("d4"), Player::Black),
                    (p("d3"), Player::White),
                    (p("c4"), Player::White),
                ],
                Player::Black,
            )
            .unwrap();
        let mut last = 0;
        let r = iterative_deepening(
            &mut game,
            &SearchConfig::default(),
            &Limits::default(),
            &mut NoTrace,
            |rep| last = rep.nodes,
        );
        assert_eq!(r.verdict, Verdict::Win { plies: 15 });
        assert!(last < 5_200_000, "last iteration took {last} nodes");
        assert_eq!(r.pv.len(), 15);
    }
}
