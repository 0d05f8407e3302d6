//! Static certificates that a player can never complete a line ([`Tactics::cannot_win`] for
//! m,n,k-games): the positional-game side of "neither side can force four".
//!
//! A player `P` wins only by filling a *window* (k consecutive points of a line) with its own
//! stones (a run of k or more contains one; with `exact_k` the run must even be exactly k).
//! Stones never leave the board, so a window holding a stone of the opponent `D` is dead for
//! `P` forever. Call the others *live*, and `e(w)` the empty points of a live window `w`. Each
//! test below gives `D` a strategy that keeps every live window from filling with `P`'s
//! stones, whoever is to move; `D`'s own wins and a full board only end the game earlier.
//! So `P` cannot win: a proof search may treat the node as a disproof of "P wins" (and as a
//! proof of "D at least draws").
//!
//! 1. **No live window.** Nothing can ever be completed.
//! 2. **Erdős–Selfridge potential** (P. Erdős, J. Selfridge, "On a combinatorial game", 1973;
//!    J. Beck, *Combinatorial Games: Tic-Tac-Toe Theory*, 2008, for positions in progress).
//!    Let `T = sum over live windows of 2^-e(w)`. With `D` to move and `T < 1`, `D` plays the
//!    empty point `x` of largest `sum_{w live, x in w} 2^-e(w)`: that kills those windows;
//!    `P`'s reply `y` then doubles the terms of the live windows through `y` that did not
//!    hold `x`, adding at most what `D` removed (by the choice of `x`). So `T` never grows
//!    over a pair of moves and stays below 1, while a filled window would alone contribute
//!    `2^0 = 1`. With `P` to move and `T < 1/2`, `P`'s move at most doubles `T`, giving the
//!    first case. In integers: `S = sum 2^(P's stones in w) = T * 2^k` must be below `2^k`
//!    (`D` to move) or `2^(k-1)` (`P` to move).
//! 3. **Pairing strategy** (A. W. Hales, R. I. Jewett, "Regularity and positional games",
//!    1963; E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, ch. 22). If every live window
//!    `w` can be given two of its own empty points, no point given to two windows, then `D`
//!    answers `P`'s move on one point of a pair with the other point (still empty: a pair is
//!    only ever touched by this answer or by a `D` stone, which kills its window) and plays
//!    anywhere otherwise (an extra `D` stone never helps `P`). `P` never holds both points of
//!    a pair, so never fills its window. The pairs are a matching of capacity 2 on the
//!    bipartite graph of live windows and empty points, found by augmenting paths (Kuhn's
//!    algorithm with two slots a window): a window that cannot be given its second point by
//!    any augmenting path never can be, so the search stops at the first failure.
//!
//! A live window with one empty point (an immediate threat of `P`) defeats all three, and
//! tests 2 and 3 are skipped when they cannot succeed by counting (`S` too big; more than
//! `empty / 2` live windows). Everything is on the stack (windows bounded by the empty points,
//! at most 361), so the test allocates nothing; `tests` checks it against exhaustive play.

use super::{EMPTY, Mnk, stones_in};
use crate::game::{Player, Point};

/// Most points of a board (19 x 19).
const MAX_POINTS: usize = 19 * 19;
/// Most live windows the pairing test can serve: two private points each.
const MAX_PAIRED: usize = MAX_POINTS / 2;
/// A point given to no slot yet.
const FREE: u16 = u16::MAX;

impl Mnk {
    /// [`crate::game::Tactics::cannot_win`] for m,n,k (see the module doc).
    pub(super) fn certified_unwinnable(&self, player: Player) -> bool {
        if self.winner.is_some() {
            return self.winner.map(|(w, _)| w) != Some(player);
        }
        let t = &*self.tables;
        let opponent = player.opponent();
        // Step 1: the live windows, their potential, and P's immediate threats.
        let mut live = 0usize;
        let mut potential = 0u64;
        for &state in &self.windows {
            if stones_in(state, opponent) != 0 {
                continue;
            }
            let mine = stones_in(state, player) as usize;
            if mine + 1 >= t.k {
                return false;
            }
            live += 1;
            potential += 1 << mine;
        }
        if live == 0 {
            return true;
        }
        // Step 2: Erdős–Selfridge.
        let bound = if self.to_move == player {
            1u64 << (t.k - 1)
        } else {
            1u64 << t.k
        };
        if potential < bound {
            return true;
        }
        // Step 3: a pairing, when the empty points can possibly go round.
        let empty = self.cells.len() - self.stones;
        if 2 * live > empty || live > MAX_PAIRED {
            return false;
        }
        self.pairing_exists(player, live)
    }

    /// True when every live window of `player` (there are `live`) gets two private empty
    /// points: Kuhn's augmenting paths, two slots a window.
    fn pairing_exists(&self, player: Player, live: usize) -> bool {
        let opponent = player.opponent();
        let mut matcher = Matcher {
            game: self,
            windows: [0; MAX_PAIRED],
            owner: [FREE; MAX_POINTS],
            seen: [0; MAX_POINTS],
            stamp: 0,
        };
        let mut n = 0;
        for (w, &state) in self.windows.iter().enumerate() {
            if stones_in(state, opponent) == 0 {
                matcher.windows[n] = w as u16;
                n += 1;
            }
        }
        debug_assert_eq!(n, live);
        (0..2 * live).all(|slot| {
            matcher.stamp += 1;
            matcher.augment(slot as u16)
        })
    }
}

/// Scratch space of one pairing test.
struct Matcher<'a> {
    game: &'a Mnk,
    /// The live windows; slot `s` belongs to window `windows[s / 2]`.
    windows: [u16; MAX_PAIRED],
    /// The slot each point is given to, or [`FREE`].
    owner: [u16; MAX_POINTS],
    /// The augmenting search that last visited each point.
    seen: [u32; MAX_POINTS],
    stamp: u32,
}

impl Matcher<'_> {
    /// Finds slot `slot` a point, moving other slots along an augmenting path if needed.
    fn augment(&mut self, slot: u16) -> bool {
        let t = &*self.game.tables;
        let w = self.windows[slot as usize / 2] as usize;
        for i in 0..t.k {
            let p: Point = t.window_point(w, i);
            let p = p as usize;
            if self.game.cells[p] != EMPTY || self.seen[p] == self.stamp {
                continue;
            }
            self.seen[p] = self.stamp;
            let holder = self.owner[p];
            if holder == FREE || self.augment(holder) {
                self.owner[p] = slot;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList, Outcome, StoneGame, Tactics};
    use rustc_hash::FxHashMap;

    /// True when `attacker` can force a win from `g` (exhaustive, memoised on the key).
    fn forces_win(g: &mut Mnk, attacker: Player, memo: &mut FxHashMap<u64, bool>) -> bool {
        if let Some(outcome) = g.outcome() {
            return outcome == Outcome::Win(attacker);
        }
        if let Some(&v) = memo.get(&g.key()) {
            return v;
        }
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        let attacking = g.to_move() == attacker;
        let mut result = !attacking;
        for &mv in moves.iter() {
            g.play(mv);
            let v = forces_win(g, attacker, memo);
            g.undo(mv);
            if v == attacking {
                result = attacking;
                break;
            }
        }
        memo.insert(g.key(), result);
        result
    }

    fn board(columns: usize, rows: usize, k: usize, stones: &[(&str, Player)]) -> Mnk {
        let g = Mnk::new(columns, rows, k, false).expect("board");
        let placed: Vec<(Point, Player)> = stones
            .iter()
            .map(|&(name, c)| (g.parse_move(name).expect("point"), c))
            .collect();
        g.with_free_stones(&placed, Player::Black).expect("setup")
    }

    #[test]
    fn no_live_window_certifies() {
        // 4x4, k = 4: a white stone on every row, column and long diagonal.
        let g = board(
            4,
            4,
            4,
            &[
                ("a1", Player::White),
                ("b3", Player::White),
                ("c4", Player::White),
                ("d2", Player::White),
            ],
        );
        assert!(g.cannot_win(Player::Black));
        assert!(!g.cannot_win(Player::White), "White has live lines");
    }

    #[test]
    fn a_threat_defeats_every_certificate() {
        let g = board(
            5,
            5,
            4,
            &[
                ("a1", Player::Black),
                ("b1", Player::Black),
                ("c1", Player::Black),
            ],
        );
        assert!(!g.cannot_win(Player::Black));
    }

    #[test]
    fn the_empty_board_is_not_certified_but_narrow_ones_are() {
        assert!(!Mnk::new(5, 5, 4, false).unwrap().cannot_win(Player::Black));
        // 4x1 with k = 4: one window, four points to pair.
        assert!(Mnk::new(4, 1, 4, false).unwrap().cannot_win(Player::Black));
        // 3x3 tic-tac-toe: 8 windows, 9 points: no pairing, potential 8/8 = 1.
        assert!(!Mnk::new(3, 3, 3, false).unwrap().cannot_win(Player::Black));
    }

    #[test]
    fn pairing_certifies_where_the_potential_does_not() {
        // Random 5x5 positions: one of them is certified with a potential at or above the
        // bound for its side to move (2^(k-1) = 8), so only the pairing can have done it.
        let mut found = false;
        let mut state = 5u64;
        for _ in 0..4000 {
            let mut g = Mnk::new(5, 5, 4, false).unwrap();
            let mut moves = MoveList::new();
            for _ in 0..10 {
                g.legal_moves(&mut moves);
                let mv = moves.as_slice()
                    [(crate::zobrist::splitmix64(&mut state) % moves.len() as u64) as usize];
                g.play(mv);
                if g.outcome().is_some() {
                    g.undo(mv);
                    break;
                }
            }
            let player = g.to_move();
            let live: Vec<usize> = (0..g.window_count())
                .filter(|&w| g.window_stones(w, player.opponent()) == 0)
                .collect();
            let potential: u64 = live.iter().map(|&w| 1 << g.window_stones(w, player)).sum();
            if potential >= 8 && g.cannot_win(player) {
                found = true;
                break;
            }
        }
        assert!(found, "a position certified by pairing alone");
    }

    /// Every certificate on random positions of small boards agrees with exhaustive play:
    /// when `cannot_win(p)` says so, `p` cannot force a win, with either side to move.
    #[test]
    fn certificates_agree_with_exhaustive_play() {
        let mut state = 11u64;
        let mut certified = 0;
        for (columns, rows, k, stones) in [
            (4, 4, 3, 4),
            (4, 4, 4, 3),
            (4, 4, 4, 5),
            (5, 4, 4, 6),
            (5, 5, 4, 10),
            (6, 3, 4, 4),
        ] {
            for _ in 0..60 {
                let mut g = Mnk::new(columns, rows, k, false).unwrap();
                let mut moves = MoveList::new();
                for _ in 0..stones {
                    g.legal_moves(&mut moves);
                    let mv = moves.as_slice()
                        [(crate::zobrist::splitmix64(&mut state) % moves.len() as u64) as usize];
                    g.play(mv);
                    if g.outcome().is_some() {
                        g.undo(mv);
                        break;
                    }
                }
                for to_move in [Player::Black, Player::White] {
                    g.set_to_move(to_move);
                    for player in [Player::Black, Player::White] {
                        if g.cannot_win(player) {
                            certified += 1;
                            let mut memo = FxHashMap::default();
                            assert!(
                                !forces_win(&mut g, player, &mut memo),
                                "{player} certified but wins:\n{}",
                                g.diagram()
                            );
                        }
                    }
                }
            }
        }
        assert!(certified > 100, "only {certified} certificates tested");
    }
}
