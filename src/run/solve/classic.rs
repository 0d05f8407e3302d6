//! Solving with the alpha-beta family: one search of the root, then (when asked) one search
//! per root move to find the full set of winning first moves.

use std::time::Instant;

use crate::game::{MoveList, Outcome};
use crate::puzzle::Puzzle;
use crate::search::observer::{NoTrace, Observer};
use crate::search::{self, Limits, SearchConfig, SearchGame, Stats, Verdict, meter};

use super::{Check, SolveReport, compare, format_line};
use crate::run::spec::SearchSpec;

/// The monomorphic part: one copy per game.
pub(super) fn solve_game<G: SearchGame, O: Observer<G>>(
    mut game: G,
    puzzle: &Puzzle,
    spec: &SearchSpec,
    observer: &mut O,
) -> SolveReport {
    let diagram = game.diagram();
    let to_move = game.to_move();
    let config = spec.alpha_beta_config();
    let started = Instant::now();
    let result = search::solve(&mut game, &config, &spec.limits, observer);
    let mut stats = result.stats;

    let mut stopped = result.stopped;
    let root_search_nodes = stats.nodes;
    let analysed = spec.root_analysis && matches!(result.verdict, Verdict::Win { .. });
    let winning_moves = if analysed {
        let (moves, root_stats, root_stopped) =
            winning_root_moves(&mut game, &config, &spec.limits, started, stats.nodes);
        stats.add(&root_stats);
        stopped |= root_stopped;
        moves
    } else {
        None
    };

    let check = match &puzzle.expect {
        None => Check::NoExpectation,
        Some(expect) => compare(expect, result.verdict, winning_moves.as_deref()),
    };

    SolveReport {
        puzzle: puzzle.name.clone(),
        title: puzzle.title.clone(),
        game: game.name().to_string(),
        diagram,
        to_move: to_move.name().to_string(),
        algorithm: spec.config.algorithm.name().to_string(),
        result: result.verdict.word().to_string(),
        plies: result.verdict.plies(),
        lambda_level: None,
        value: result.value.to_string(),
        best_move: result.best_move.map(|m| game.format_move(m)),
        decided_by: None,
        pv: format_line(&mut game, &result.pv),
        pv_note: pv_note(&mut game, result.value, &result.pv),
        depth: result.depth,
        depth_limit: None,
        stopped,
        max_level: None,
        zones: None,
        tt_mb: config.tt_mb,
        ordering: Some(config.ordering.name()),
        threads: None,
        goal: None,
        proof_size: None,
        epsilon: None,
        winning_moves,
        root_moves: None,
        root_diagram: None,
        nodes: stats.nodes,
        root_search_nodes: analysed.then_some(root_search_nodes),
        leaves: stats.leaves,
        cutoffs: stats.cutoffs,
        tt_probes: stats.tt_probes,
        tt_hits: stats.tt_hits,
        seconds: stats.elapsed.as_secs_f64(),
        nodes_per_second: stats.nodes_per_second(),
        check,
    }
}

/// Why `pv` is not the whole of the win or loss `value` states, or `None` when it is: the
/// line must end the game after exactly the plies the value counts, won by the side the
/// value says. The search keeps a line only as far as its nodes stored one (a defender
/// node where every move lost keeps none without a table, and a table entry can be
/// overwritten), so a line can stop short; and in a game whose draws depend on the path
/// (checkers, Gobblet) the table's moves, followed from the root, need not be the win. Then
/// the report says so beside the line rather than print a short or wrong line as if it
/// were the win (`solve hex-3x3 --algo id` printed "win in 5 plies" over `b2 a3 b3`).
fn pv_note<G: SearchGame>(game: &mut G, value: search::Value, pv: &[G::Move]) -> Option<String> {
    let plies = value.plies_to_end()?;
    let root = game.to_move();
    let winner = if value.is_win() {
        root
    } else {
        root.opponent()
    };
    let mut played = 0;
    let mut moves = MoveList::new();
    for &m in pv {
        game.legal_moves(&mut moves);
        if game.outcome().is_some() || !moves.contains(&m) {
            break;
        }
        game.play(m);
        played += 1;
    }
    let outcome = game.outcome();
    for &m in pv[..played].iter().rev() {
        game.undo(m);
    }
    let what = if value.is_win() { "win" } else { "loss" };
    if played == pv.len() && played == plies && outcome == Some(Outcome::Win(winner)) {
        None
    } else if played == pv.len() && played < plies && outcome.is_none() {
        Some(format!(
            "the {what}'s first {played} of {}: the search kept no line further",
            crate::search::plies(plies as u64)
        ))
    } else {
        Some(format!(
            "the search's line; it does not end the game in the {what}'s {}",
            crate::search::plies(plies as u64)
        ))
    }
}

/// Searches every root move: a move wins when the position after it is a proven loss for
/// the opponent. `None` when some move could not be decided within the limits (then the set
/// is not known exactly). `limits` bound the whole command: the root's search
/// began at `started` and took `spent` nodes, and each move's search gets what is left.
fn winning_root_moves<G: SearchGame>(
    game: &mut G,
    config: &SearchConfig,
    limits: &Limits,
    started: Instant,
    spent: u64,
) -> (Option<Vec<String>>, Stats, bool) {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut winners = Vec::new();
    let mut total = Stats::default();
    let mut complete = true;
    let mut stopped = false;
    // The winning-move set is a game-theoretic question: a move that does not win within
    // the root's depth limit may still win later, so the children are searched to the end
    // (within the node and time limits).
    let child_limits = Limits {
        max_depth: None,
        ..*limits
    };
    for (i, &mv) in moves.iter().enumerate() {
        meter::set_openings(i, moves.len());
        let name = game.format_move(mv);
        game.play(mv);
        let child = if let Some(outcome) = game.outcome() {
            // The move ends the game: a win for the mover is a winning move.
            let wins = outcome == Outcome::Win(game.to_move().opponent());
            if wins {
                winners.push(name);
            }
            game.undo(mv);
            continue;
        } else {
            // After ctrl-c no search starts.
            let left = (!meter::stop_requested())
                .then(|| child_limits.left_after(started.elapsed(), spent + total.nodes))
                .flatten();
            match left {
                Some(left) => search::solve(game, config, &left, &mut NoTrace),
                None => {
                    // Nothing left: this move and the rest stay undecided.
                    game.undo(mv);
                    complete = false;
                    stopped = true;
                    continue;
                }
            }
        };
        game.undo(mv);
        total.add(&child.stats);
        stopped |= child.stopped;
        match child.verdict {
            Verdict::Loss { .. } => winners.push(name),
            Verdict::Unknown => complete = false,
            _ => {}
        }
    }
    meter::set_openings(moves.len(), moves.len());
    (complete.then_some(winners), total, stopped)
}
