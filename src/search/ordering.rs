//! Move ordering for the alpha-beta family: alpha-beta prunes most when the best move comes
//! first (the AND/OR textbook, section 6.2.6 *Searching game trees*, last paragraph; Kotrč,
//! *Gobblet analysed with AI methods*, 3.1).
//!
//! Order of a node's moves:
//!
//! 1. the transposition table's best move (Kotrč 5.2: the previous iteration's choice);
//! 2. with the evaluation sort: the rest by a 1-ply static evaluation (Kotrč 3.1: play,
//!    evaluate, undo; Kotrč 5.2: use the child's table value when there is one), ties
//!    broken by the two killer moves of the ply, then by the history score;
//! 3. without it: the two killers (moves that caused a cutoff in a sibling subtree), then
//!    the rest by history score.
//!
//! The history heuristic (Suda, *Efficient algorithms for verifying goals in computer games*,
//! 5.3.2, after Schaeffer) adds `2^depth` to a move's score whenever it causes a cutoff `depth`
//! plies above the horizon; one table serves both sides, indexed by `Heuristic::move_index`.
//!
//! Two choices were made by measurement (iterative deepening to the proof with the default
//! settings, total nodes; AtariGo 6x6 crosscut / 7x7 four-in-a-row): killers placed *above*
//! the evaluation mislead the search, a sibling's refutation seldom being this position's
//! best move (59.0 M / 23.4 M nodes, against 16.0 M / 3.1 M with killers as tie-breaks);
//! and sorting one ply above the horizon too (Kotrč 5.1 skips the last two levels) pays:
//! the children are evaluated anyway, and ordering them lets the node cut on the first
//! (28.8 M / 21.6 M when skipped). Killers and history as tie-breaks change little either
//! way (without killers 15.5 M / 3.4 M; without history 19.4 M / 3.0 M).
//!
//! With `quick_eval` the 1-ply values come from the game's `Heuristic::one_ply_values`, read off
//! the position without playing the moves (AtariGo: from the chains' liberty sets,
//! `games/atarigo/board/one_ply.rs`), and without the children's table values. A profile of the
//! crosscut had 68 % of the time in this sort, most of it the cache miss of probing the table for
//! every child; read off the chains the sort costs little, and the order (the evaluation alone)
//! even cut the nodes from 16.0 M to 12.0 M.
//!
//! Sorting is a stable insertion sort of the stack move list by keys kept in a per-ply buffer
//! allocated once, so nothing is allocated per node and ties keep the generator's order.

use crate::game::{Game, Heuristic, MAX_MOVES, MoveList, ONE_PLY_LOSES, ONE_PLY_WINS};
use crate::search::config::MoveOrdering;
use crate::search::minimax::outcome_value;
use crate::search::tt::TranspositionTable;
use crate::search::{HEURISTIC_LIMIT, Value};

/// Sort key of the table's move.
const KEY_TT_MOVE: i64 = i64::MAX;
/// Sort keys of the first and second killer without the evaluation sort.
const KEY_KILLER: [i64; 2] = [i64::MAX - 1, i64::MAX - 2];
/// Bits of a sort key below the evaluation: two for the killer tier, then the history.
const EVAL_SHIFT: u32 = 40;
/// Bits of the history score under the killer tier.
const HISTORY_BITS: u32 = EVAL_SHIFT - 2;
/// History scores are capped below this in sort keys.
const HISTORY_CAP: u64 = (1 << HISTORY_BITS) - 1;
/// Largest history exponent: `2^depth` with `depth` capped, so sums stay far from overflow.
const HISTORY_MAX_SHIFT: u32 = 30;

/// Killers, history and the sort buffers of one search.
#[derive(Clone, Debug)]
pub struct Orderer<M: Copy> {
    config: MoveOrdering,
    /// Two killers per ply.
    killers: Vec<[Option<M>; 2]>,
    /// History score per move index.
    history: Vec<u64>,
    /// Sort keys, `MAX_MOVES` per ply.
    keys: Vec<i64>,
    /// The game's cheap 1-ply values of one node's moves (`Heuristic::one_ply_values`).
    values: Vec<i32>,
}

impl<M: Copy + Eq + Default> Orderer<M> {
    /// Tables for plies `0..=max_ply` and move indices below `move_index_bound`.
    pub fn new(config: MoveOrdering, max_ply: usize, move_index_bound: usize) -> Self {
        Orderer {
            config,
            killers: vec![[None, None]; max_ply + 1],
            history: vec![0; move_index_bound.max(1)],
            keys: vec![0; (max_ply + 1) * MAX_MOVES],
            values: vec![0; MAX_MOVES],
        }
    }

    /// The switches this orderer follows.
    pub fn config(&self) -> MoveOrdering {
        self.config
    }

    /// The killers of `ply`.
    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    /// The history score of a move index.
    pub fn history(&self, index: usize) -> u64 {
        self.history.get(index).copied().unwrap_or(0)
    }

    /// Learns from a cutoff by `mv` at `ply` with `depth` plies left.
    pub fn record_cutoff<G: Heuristic<Move = M>>(
        &mut self,
        game: &G,
        mv: M,
        ply: usize,
        depth: u32,
    ) {
        if self.config.killers && ply < self.killers.len() {
            let k = &mut self.killers[ply];
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
        if self.config.history {
            let i = game.move_index(mv);
            if let Some(h) = self.history.get_mut(i) {
                *h = h.saturating_add(1u64 << depth.min(HISTORY_MAX_SHIFT));
            }
        }
    }

    /// The history score of `mv` (0 with the history heuristic off).
    fn history_of<G: Heuristic<Move = M>>(&self, game: &G, mv: M) -> u64 {
        if self.config.history {
            self.history.get(game.move_index(mv)).copied().unwrap_or(0)
        } else {
            0
        }
    }

    /// Halves every history score (between iterations: recent cutoffs weigh more).
    pub fn age_history(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
    }

    /// Sorts `moves` of the node at `ply` best first. `depth` is the depth left (the
    /// evaluation sort needs at least one ply left); `tt_move` the table's move; `tt` the
    /// table, whose child entries the evaluation sort prefers.
    pub fn order<G: Game<Move = M> + Heuristic>(
        &mut self,
        game: &mut G,
        moves: &mut MoveList<M>,
        ply: usize,
        depth: u32,
        tt_move: Option<M>,
        tt: Option<&TranspositionTable<M>>,
    ) {
        let n = moves.len();
        if n < 2 || !self.config.any() {
            return;
        }
        let eval = self.config.eval_sort && depth >= 1;
        let killers = if self.config.killers && ply < self.killers.len() {
            self.killers[ply]
        } else {
            [None, None]
        };
        let row = ply.min(self.killers.len() - 1) * MAX_MOVES;
        // The game's values read off the position, when it has them and they are asked for.
        let quick = eval
            && self.config.quick_eval
            && game.one_ply_values(moves.as_slice(), &mut self.values[..n]);
        for (i, &mv) in moves.as_slice().iter().enumerate() {
            let killer = if Some(mv) == killers[0] {
                2
            } else if Some(mv) == killers[1] {
                1
            } else {
                0
            };
            let key = if self.config.tt_move && Some(mv) == tt_move {
                KEY_TT_MOVE
            } else if eval {
                let history = self.history_of(game, mv).min(HISTORY_CAP) as i64;
                let value = if quick {
                    quick_value(self.values[i]).0 as i64
                } else {
                    one_ply_value(game, mv, tt).0 as i64
                };
                value << EVAL_SHIFT | killer << HISTORY_BITS | history
            } else if killer > 0 {
                KEY_KILLER[2 - killer as usize]
            } else {
                self.history_of(game, mv).min(KEY_KILLER[1] as u64 - 1) as i64
            };
            self.keys[row + i] = key;
        }
        sort_by_keys(moves.as_mut_slice(), &mut self.keys[row..row + n]);
    }
}

/// The value of `mv` for the side to move after one ply: a terminal outcome, else the child's
/// table value (any bound: it only orders), else the static evaluation; from the mover's view.
pub fn one_ply_value<G: Game + Heuristic>(
    game: &mut G,
    mv: G::Move,
    tt: Option<&TranspositionTable<G::Move>>,
) -> Value {
    game.play(mv);
    let child = match game.outcome() {
        Some(outcome) => outcome_value(outcome, game.to_move(), 1),
        None => match tt.and_then(|t| t.probe(game.key())) {
            Some(e) => e.value.from_tt(1),
            None => Value(
                game.evaluate()
                    .clamp(-HEURISTIC_LIMIT + 1, HEURISTIC_LIMIT - 1),
            ),
        },
    };
    game.undo(mv);
    -child
}

/// A value of `Heuristic::one_ply_values` as [`one_ply_value`] would give it without a table.
fn quick_value(v: i32) -> Value {
    match v {
        ONE_PLY_WINS => Value::win_at(1),
        ONE_PLY_LOSES => Value::loss_at(1),
        v => Value(v.clamp(-HEURISTIC_LIMIT + 1, HEURISTIC_LIMIT - 1)),
    }
}

/// Stable insertion sort of `moves` by `keys`, largest key first.
pub fn sort_by_keys<M: Copy>(moves: &mut [M], keys: &mut [i64]) {
    debug_assert_eq!(moves.len(), keys.len());
    for i in 1..moves.len() {
        let (m, k) = (moves[i], keys[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] < k {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
            j -= 1;
        }
        moves[j] = m;
        keys[j] = k;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tree::TreeGame;
    use crate::search::Bound;
    use crate::search::tt::TtEntry;

    fn list(moves: &[u16]) -> MoveList<u16> {
        let mut l = MoveList::new();
        for &m in moves {
            l.push(m);
        }
        l
    }

    #[test]
    fn insertion_sort_is_stable_and_descending() {
        let mut moves = [0u16, 1, 2, 3, 4];
        let mut keys = [5i64, 9, 5, -1, 9];
        sort_by_keys(&mut moves, &mut keys);
        assert_eq!(moves, [1, 4, 0, 2, 3]);
        assert_eq!(keys, [9, 9, 5, 5, -1]);
    }

    #[test]
    fn tt_move_then_killers_then_history() {
        let mut game = TreeGame::parse("(r 1 2 3 4 5 6)").unwrap();
        let no_eval = MoveOrdering {
            eval_sort: false,
            ..MoveOrdering::ALL
        };
        let mut o = Orderer::new(no_eval, 8, 6);
        o.record_cutoff(&game, 4, 0, 1); // killer 4, history[4] = 2
        o.record_cutoff(&game, 2, 0, 3); // killer 2 (first), 4 (second), history[2] = 8
        o.record_cutoff(&game, 5, 3, 5); // another ply: history[5] = 32, no killer at ply 0
        assert_eq!(o.killers(0), [Some(2), Some(4)]);
        assert_eq!(o.history(5), 32);
        let mut moves = list(&[0, 1, 2, 3, 4, 5]);
        o.order(&mut game, &mut moves, 0, 1, Some(3), None);
        assert_eq!(moves.as_slice(), &[3, 2, 4, 5, 0, 1]);
        o.age_history();
        assert_eq!(o.history(5), 16);
    }

    #[test]
    fn nothing_moves_when_ordering_is_off() {
        let mut game = TreeGame::parse("(r 1 2 3)").unwrap();
        let mut o = Orderer::new(MoveOrdering::NONE, 8, 3);
        o.record_cutoff(&game, 2, 0, 4);
        let mut moves = list(&[0, 1, 2]);
        o.order(&mut game, &mut moves, 0, 4, Some(2), None);
        assert_eq!(moves.as_slice(), &[0, 1, 2]);
        assert_eq!(o.killers(0), [None, None]);
    }

    #[test]
    fn evaluation_sort_prefers_good_children_and_table_values() {
        // Leaves from Black's (the mover's) view: W is best, then 7, 3, D, L.
        let mut game = TreeGame::parse("(r 3 L 7 W D (s 1))").unwrap();
        let only_eval = MoveOrdering {
            eval_sort: true,
            ..MoveOrdering::NONE
        };
        let mut o = Orderer::new(only_eval, 8, 6);
        let mut moves = list(&[0, 1, 2, 3, 4, 5]);
        o.order(&mut game, &mut moves, 0, 2, None, None);
        // s is an inner node: evaluation 0 for White, so 0 for Black, level with the draw.
        assert_eq!(moves.as_slice(), &[3, 2, 0, 4, 5, 1]);
        // With a table entry saying s is worth -50 for White (50 for Black), s rises.
        let mut tt = TranspositionTable::with_buckets(4);
        game.play(5);
        let key = game.key();
        game.undo(5);
        tt.store(
            key,
            TtEntry {
                value: Value(-50),
                bound: Bound::Exact,
                depth: 1,
                best: None,
                nodes: 1,
                solved: false,
            },
        );
        let mut moves = list(&[0, 1, 2, 3, 4, 5]);
        o.order(&mut game, &mut moves, 0, 2, None, Some(&tt));
        assert_eq!(moves.as_slice(), &[3, 5, 2, 0, 4, 1]);
        // At the horizon itself nothing is sorted (nothing is searched).
        let mut moves = list(&[0, 1, 2, 3, 4, 5]);
        o.order(&mut game, &mut moves, 0, 0, None, Some(&tt));
        assert_eq!(moves.as_slice(), &[0, 1, 2, 3, 4, 5]);
        // Killers break ties of the evaluation: D and s are level (0) without the table.
        let mut o2 = Orderer::new(
            MoveOrdering {
                killers: true,
                ..only_eval
            },
            8,
            6,
        );
        o2.record_cutoff(&game, 5, 0, 1);
        let mut moves = list(&[0, 1, 2, 3, 4, 5]);
        o2.order(&mut game, &mut moves, 0, 1, None, None);
        assert_eq!(moves.as_slice(), &[3, 2, 0, 5, 4, 1]);
    }

    #[test]
    fn history_weight_is_two_to_the_depth_and_saturates() {
        let game = TreeGame::parse("(r 1 2)").unwrap();
        let mut o = Orderer::new(MoveOrdering::ALL, 4, 2);
        o.record_cutoff(&game, 1, 0, 0);
        o.record_cutoff(&game, 1, 0, 2);
        assert_eq!(o.history(1), 1 + 4);
        o.record_cutoff(&game, 0, 0, 1000);
        assert_eq!(o.history(0), 1 << 30);
    }
}
