//! Plain minimax in negamax form, no pruning: the oracle every other search is tested against.
//!
//! Kühr, *Algorithms of a computer player in simple board games*, algorithm 2.2
//! (`minimax(pozice, hloubka)`), in the negamax form of the AND/OR textbook, section 6.2.6
//! *Searching game trees* (`F(n) = max(-F(n1), ..., -F(nk))`): the value is always from the side to
//! move's view. Step by step, at every node:
//!
//! 1. the game is over: a win or loss *at the current ply* ([`Value::win_at`] /
//!    [`Value::loss_at`]), a draw 0, a numeric leaf its score from the side to move's view;
//! 2. the depth horizon (or the ply guard): the static evaluation;
//! 3. otherwise the maximum over the moves of minus the child's value.
//!
//! Kühr makes shorter wins preferable by widening a win score on the way down (`dal`)
//! and narrowing it on the way up (`bliz`, lines 20-25 of algorithm 2.2). Scores measured in
//! plies from the root do exactly that without any adjustment: a win at ply 5 is worth
//! `WIN - 5`, more than a win at ply 7, and the loser prefers the later loss.

use crate::game::{Game, Heuristic, MoveList, Outcome, Player};
use crate::search::config::SearchConfig;
use crate::search::observer::Observer;
use crate::search::pv::PvTable;
use crate::search::{Budget, Limits, SearchResult, Stats, Value, Verdict};

/// The value of a finished game for the side to move at a node `ply` plies from the root.
#[inline]
pub fn outcome_value(outcome: Outcome, to_move: Player, ply: usize) -> Value {
    match outcome {
        Outcome::Win(p) if p == to_move => Value::win_at(ply),
        Outcome::Win(_) => Value::loss_at(ply),
        Outcome::Draw => Value::DRAW,
        Outcome::Score(s) => {
            if to_move == Player::Black {
                Value(s)
            } else {
                Value(-s)
            }
        }
    }
}

/// What a finished search establishes about the root: a win or loss score is always a proof
/// (heuristic values can never reach one); a draw, or any other value, is exact only when no
/// horizon evaluation, unsolved table entry or heuristic pruning influenced it (`inexact`),
/// and a heuristic cut (`heuristic_cuts`) rules out every proof. An exact value other than a
/// win or loss is a draw, unless the search met numeric leaves (`scores_met`, textbook
/// trees): then it is that exact number. (A tree mixing numeric and W/L/D leaves whose value
/// is 0 may thus be called a draw by a search that pruned all its numeric leaves.)
pub fn verdict_of(value: Value, inexact: u64, heuristic_cuts: u64, scores_met: bool) -> Verdict {
    if heuristic_cuts > 0 {
        Verdict::Unknown
    } else if value.is_win() {
        Verdict::Win {
            plies: value.plies_to_end().unwrap_or(0),
        }
    } else if value.is_loss() {
        Verdict::Loss {
            plies: value.plies_to_end().unwrap_or(0),
        }
    } else if inexact > 0 {
        Verdict::Unknown
    } else if scores_met {
        Verdict::Exact(value.0)
    } else if value == Value::DRAW {
        Verdict::Draw
    } else {
        Verdict::Unknown
    }
}

struct Minimax<'o, G: Game, O: Observer<G>> {
    observer: &'o mut O,
    budget: Budget,
    stats: Stats,
    pv: PvTable<G::Move>,
    max_ply: usize,
    stopped: bool,
    /// Horizon evaluations so far (the value is exact when none).
    horizon: u64,
    /// True once a numeric (`Outcome::Score`) leaf was met.
    scores_met: bool,
    deepest: usize,
}

impl<G: Game + Heuristic, O: Observer<G>> Minimax<'_, G, O> {
    fn leaf(&mut self, value: Value) -> Value {
        self.stats.leaves += 1;
        if O::ENABLED
            && self
                .observer
                .leave(value, crate::search::Bound::Exact, None)
                .is_break()
        {
            self.stopped = true;
        }
        value
    }

    fn search(&mut self, game: &mut G, depth: u32, ply: usize, mv: Option<G::Move>) -> Value {
        self.stats.nodes += 1;
        self.pv.start(ply);
        self.deepest = self.deepest.max(ply);
        if self.budget.exhausted(self.stats.nodes) {
            self.stopped = true;
            return Value::DRAW;
        }
        if O::ENABLED
            && self
                .observer
                .enter(game, mv, ply, depth, crate::search::Window::FULL)
                .is_break()
        {
            self.stopped = true;
            return Value::DRAW;
        }
        // Step 1: the game is over.
        if let Some(outcome) = game.outcome() {
            self.scores_met |= matches!(outcome, Outcome::Score(_));
            return self.leaf(outcome_value(outcome, game.to_move(), ply));
        }
        // Step 2: the horizon.
        if depth == 0 || ply >= self.max_ply {
            self.horizon += 1;
            return self.leaf(Value(game.evaluate()));
        }
        // Step 3: the best of minus the children.
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if O::ENABLED && self.observer.ordered(moves.as_slice()).is_break() {
            self.stopped = true;
            return Value::DRAW;
        }
        let mut best = -Value::INFINITY;
        let mut best_move = None;
        for &m in moves.iter() {
            game.play(m);
            let v = -self.search(game, depth - 1, ply + 1, Some(m));
            game.undo(m);
            if self.stopped {
                return v;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                self.pv.update(ply, m);
            }
        }
        if best_move.is_none() {
            // A position that is not over must have moves; treat a game that disagrees as a
            // draw rather than crash.
            debug_assert!(false, "a position that is not over has no moves");
            best = Value::DRAW;
        }
        if O::ENABLED
            && self
                .observer
                .leave(best, crate::search::Bound::Exact, best_move)
                .is_break()
        {
            self.stopped = true;
        }
        best
    }
}

/// Plain negamax from the current position to `limits.max_depth` plies (or to the end of the
/// game, within `config.max_ply`). Only `config.max_ply` is read: minimax uses no table, no
/// ordering and no pruning of any kind. Observer events: `enter` (with the full window),
/// `ordered` (the generator's order) and `leave`.
pub fn minimax<G: Game + Heuristic, O: Observer<G>>(
    game: &mut G,
    config: &SearchConfig,
    limits: &Limits,
    observer: &mut O,
) -> SearchResult<G::Move> {
    let max_ply = config.effective_max_ply();
    let depth = limits.max_depth.unwrap_or(max_ply as u32);
    let mut m = Minimax {
        observer,
        budget: Budget::start(limits),
        stats: Stats::default(),
        pv: PvTable::new(max_ply + 1),
        max_ply,
        stopped: false,
        horizon: 0,
        scores_met: false,
        deepest: 0,
    };
    let value = m.search(game, depth, 0, None);
    let mut stats = m.stats;
    stats.elapsed = m.budget.elapsed();
    if m.stopped {
        return SearchResult {
            verdict: Verdict::Unknown,
            value: Value::DRAW,
            best_move: None,
            pv: Vec::new(),
            depth: 0,
            stopped: true,
            stats,
        };
    }
    let pv = m.pv.root_line().to_vec();
    SearchResult {
        verdict: verdict_of(value, m.horizon, 0, m.scores_met),
        value,
        best_move: pv.first().copied(),
        pv,
        depth: limits.max_depth.unwrap_or(m.deepest as u32),
        stopped: false,
        stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tree::TreeGame;
    use crate::search::observer::NoTrace;

    fn solve(text: &str, depth: Option<u32>) -> SearchResult<u16> {
        let mut g = TreeGame::parse(text).unwrap();
        let limits = Limits {
            max_depth: depth,
            ..Limits::default()
        };
        minimax(&mut g, &SearchConfig::default(), &limits, &mut NoTrace)
    }

    #[test]
    fn outcome_values_are_from_the_side_to_move() {
        assert_eq!(
            outcome_value(Outcome::Win(Player::White), Player::White, 3),
            Value::win_at(3)
        );
        assert_eq!(
            outcome_value(Outcome::Win(Player::White), Player::Black, 3),
            Value::loss_at(3)
        );
        assert_eq!(outcome_value(Outcome::Draw, Player::Black, 3), Value::DRAW);
        assert_eq!(outcome_value(Outcome::Score(5), Player::Black, 1), Value(5));
        assert_eq!(
            outcome_value(Outcome::Score(5), Player::White, 1),
            Value(-5)
        );
    }

    #[test]
    fn the_classic_tree_is_worth_three() {
        let r = solve("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))", None);
        assert_eq!(r.value, Value(3));
        assert_eq!(r.pv, vec![0, 0]);
        assert_eq!(r.stats.nodes, 13);
        assert_eq!(r.stats.leaves, 9);
        // A numeric tree searched to the end: exact, but not a win, loss or draw.
        assert_eq!(r.verdict, Verdict::Exact(3));
    }

    #[test]
    fn shorter_wins_and_longer_losses_are_preferred() {
        // Black wins at once with w1, or later through x.
        let r = solve("(r (x (y W)) w:W)", None);
        assert_eq!(r.value, Value::win_at(1));
        assert_eq!(r.best_move, Some(1));
        assert_eq!(r.verdict, Verdict::Win { plies: 1 });
        // Black loses either way; the longer loss is preferred.
        let r = solve("(r a:L (x (y L)))", None);
        assert_eq!(r.value, Value::loss_at(3));
        assert_eq!(r.verdict, Verdict::Loss { plies: 3 });
    }

    #[test]
    fn a_depth_limit_evaluates_the_horizon() {
        let r = solve("(r (x (y W)) (z D))", Some(1));
        assert_eq!(r.value, Value(0));
        assert_eq!(r.verdict, Verdict::Unknown, "a horizon was reached");
        let r = solve("(r (x D) (z D))", None);
        assert_eq!(r.verdict, Verdict::Draw);
    }

    #[test]
    fn verdicts() {
        let v = verdict_of;
        assert_eq!(v(Value::win_at(5), 3, 0, false), Verdict::Win { plies: 5 });
        assert_eq!(v(Value::loss_at(4), 0, 0, true), Verdict::Loss { plies: 4 });
        assert_eq!(v(Value::DRAW, 0, 0, false), Verdict::Draw);
        assert_eq!(v(Value::DRAW, 0, 0, true), Verdict::Exact(0));
        assert_eq!(v(Value(7), 0, 0, true), Verdict::Exact(7));
        assert_eq!(v(Value::DRAW, 1, 0, false), Verdict::Unknown);
        assert_eq!(v(Value(7), 1, 0, true), Verdict::Unknown);
        assert_eq!(v(Value::win_at(5), 0, 1, false), Verdict::Unknown);
    }

    #[test]
    fn a_node_limit_stops_and_restores_the_position() {
        let mut g = TreeGame::parse("(a (b 3 12 8) (c 2 4 6) (d 14 5 2))").unwrap();
        let limits = Limits {
            nodes: Some(5),
            ..Limits::default()
        };
        let r = minimax(&mut g, &SearchConfig::default(), &limits, &mut NoTrace);
        assert!(r.stopped);
        assert_eq!(r.verdict, Verdict::Unknown);
        assert_eq!(g.ply(), 0);
    }
}
