//! Exact EVS orders of m,n,k-games (Suda, *Efficient algorithms for verifying goals in
//! computer games*, definition 13 and section 5.2.3 "Piškvorky").
//!
//! # Which sets win
//!
//! With the opponent passing, a set `X` of empty points wins for `player` when some order of
//! playing it completes a winning run. Stones never leave the board, so that happens exactly
//! when `X` holds every free point of some *clean* window (one without opponent stones):
//! play those points first and the last one completes the window. With `exact_k` the window
//! must also not touch one of `player`'s stones just beyond either end, since completing it
//! would make an overline; points of `X` played later cannot spoil a win that already
//! happened, so such windows are exactly the winning ones. The minimal winning sets are
//! therefore the inclusion-minimal sets among `free(w)` over the usable windows `w`, and the
//! order of a point is the fewest free points of a minimal `free(w)` holding it.
//!
//! # When is `free(w)` minimal
//!
//! Suppose another usable window `w'` has `free(w') ⊊ free(w)`, so `free(w') ⊆ w ∩ w'`.
//!
//! - On another line, `w ∩ w'` is at most one point: `free(w')` is a single point, an
//!   immediate win lying in `free(w)`.
//! - On the same line, `w'` is `w` shifted by `s` (1 to `k - 1`) points; the `s` points of
//!   `w'` beyond `w`'s end are `player`'s stones, and one of `w`'s first `s` points is free
//!   (that is what makes the inclusion strict). The largest `s` is the run `R` of `player`'s
//!   stones just past the end, so the test is "a free point among the first `R`", and the
//!   same backwards. With `exact_k` a stone just past an end already makes `w` unusable.
//!
//! So `free(w)` with two or more points is minimal exactly when none of its points is an
//! immediate win and, without `exact_k`, no free point lies within the runs of `player`'s
//! stones that continue the window's line. When `player` has no immediate win and no own
//! stone lies just beyond the window's ends (most windows), one pass writes its orders; the
//! runs are walked through the windows' neighbours along their line, without coordinates.
//!
//! Suda's rule (every free point of a clean window at the window's free count) is a
//! superset, with or without `exact_k`, so it is sound too; these orders are exact, which
//! `tests/integration/evs_bruteforce.rs` checks against definition 13 by enumeration. (With
//! `exact_k` the game is not stable, so lambda search uses no zones there anyway.)

use super::{EMPTY, Mnk, NO_POINT, cell_of, stones_in};
use crate::game::{Game, NO_REGION, Player, Point};

impl Mnk {
    /// [`crate::game::StoneGame::evs_orders`] for m,n,k: the exact order of every point
    /// (see the module doc). Allocates nothing; O(windows * k).
    pub(super) fn write_evs_orders(&self, player: Player, orders: &mut [u8]) {
        debug_assert_eq!(orders.len(), self.cells.len(), "one order per point");
        orders.fill(NO_REGION);
        // A finished game has no winning set but the empty one (or none at all).
        if self.outcome().is_some() {
            return;
        }
        let t = &*self.tables;
        let k = t.k;
        let mine = cell_of(player);

        // Step 1: order 1, the immediate wins (the threat windows that complete a run).
        let mut any_win = false;
        for &w in &self.threats[player.index()].list {
            if let Some(p) = self.completion(w, player) {
                orders[p as usize] = 1;
                any_win = true;
            }
        }

        // Step 2: every other usable window whose free points form a minimal winning set.
        for (w, &state) in self.windows.iter().enumerate() {
            if stones_in(state, player.opponent()) != 0 {
                continue;
            }
            let free = k - stones_in(state, player) as usize;
            if free < 2 {
                continue; // one free point: step 1; none: the game would be over.
            }
            let own = |p: Point| p != NO_POINT && self.cells[p as usize] == mine;
            let touches_own = own(t.window_before[w]) || own(t.window_after[w]);
            if t.exact_k && touches_own {
                continue;
            }
            // The common case: no immediate win anywhere and no own stone just beyond the
            // window, so nothing can make it not minimal. One pass.
            if !any_win && !touches_own {
                for i in 0..k {
                    let p = t.window_point(w, i) as usize;
                    if self.cells[p] == EMPTY {
                        orders[p] = orders[p].min(free as u8);
                    }
                }
                continue;
            }
            // Step 2a: the first and last free index; an immediate win inside spoils it.
            let (mut first, mut last) = (k, 0);
            let mut holds_a_win = false;
            for i in 0..k {
                let p = t.window_point(w, i);
                if self.cells[p as usize] == EMPTY {
                    first = first.min(i);
                    last = i;
                    holds_a_win |= orders[p as usize] == 1;
                }
            }
            if holds_a_win {
                continue;
            }
            // Step 2b: a window shifted along the line onto `player`'s stones.
            if !t.exact_k
                && (self.own_run_after(w, mine, first)
                    || self.own_run_before(w, mine, k - 1 - last))
            {
                continue;
            }
            // Step 3: the window's free points take part in a win in `free` moves.
            for i in first..=last {
                let p = t.window_point(w, i) as usize;
                if self.cells[p] == EMPTY {
                    orders[p] = orders[p].min(free as u8);
                }
            }
        }
    }

    /// True when the `count + 1` points just past window `w`'s end hold `cell`'s stones (so
    /// the window shifted by `count + 1` drops a free point at index `count`).
    #[inline]
    fn own_run_after(&self, w: usize, cell: u8, count: usize) -> bool {
        let t = &*self.tables;
        let mut w = w;
        for _ in 0..=count {
            let p = t.window_after[w];
            if p == NO_POINT || self.cells[p as usize] != cell {
                return false;
            }
            w = t.window_next[w] as usize;
        }
        true
    }

    /// True when the `count + 1` points just before window `w`'s start hold `cell`'s stones.
    #[inline]
    fn own_run_before(&self, w: usize, cell: u8, count: usize) -> bool {
        let t = &*self.tables;
        let mut w = w;
        for _ in 0..=count {
            let p = t.window_before[w];
            if p == NO_POINT || self.cells[p as usize] != cell {
                return false;
            }
            w = t.window_prev[w] as usize;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{StoneGame, parse_point};

    fn position(columns: usize, rows: usize, k: usize, exact: bool, stones: &str) -> Mnk {
        // "b:a1,b1 w:c3" style: black then white stones.
        let mut list = Vec::new();
        for part in stones.split_whitespace() {
            let (who, points) = part.split_once(':').expect("who:points");
            let player = if who == "b" {
                Player::Black
            } else {
                Player::White
            };
            for name in points.split(',').filter(|n| !n.is_empty()) {
                list.push((parse_point(name, columns, rows).expect("point"), player));
            }
        }
        Mnk::new(columns, rows, k, exact)
            .expect("size")
            .with_free_stones(&list, Player::Black)
            .expect("valid position")
    }

    fn orders_of(g: &Mnk, player: Player) -> Vec<u8> {
        let mut orders = vec![0; g.num_points()];
        g.evs_orders(player, &mut orders);
        orders
    }

    fn order_at(g: &Mnk, orders: &[u8], name: &str) -> u8 {
        orders[parse_point(name, g.columns(), g.rows()).expect("point") as usize]
    }

    #[test]
    fn an_empty_board_gives_every_point_order_k() {
        let g = position(4, 4, 4, false, "");
        assert!(orders_of(&g, Player::Black).iter().all(|&o| o == 4));
    }

    #[test]
    fn a_window_holding_a_win_is_not_minimal() {
        // k = 3, Black a1 a2 (a3 wins at once). Row 3 a3-b3-c3 holds the win a3, so it is not
        // minimal: b3 and c3 get their order from the column b / c windows and diagonals.
        let g = position(3, 3, 3, false, "b:a1,a2");
        let orders = orders_of(&g, Player::Black);
        assert_eq!(order_at(&g, &orders, "a3"), 1);
        // c3: diagonal a1-b2-c3 has free {b2, c3}, minimal.
        assert_eq!(order_at(&g, &orders, "c3"), 2);
        // b3: column b (3 free) is its only other window: order 3.
        assert_eq!(order_at(&g, &orders, "b3"), 3);
        // Occupied points are in no region.
        assert_eq!(order_at(&g, &orders, "a1"), NO_REGION);
    }

    #[test]
    fn a_shifted_window_on_own_stones_makes_a_window_not_minimal() {
        // k = 4, Black c1 d1 e1: window a1-d1 has free {a1, b1}, but b1-e1 has free {b1}
        // alone. a1's column and diagonal hold White stones, so a1 takes part in no minimal
        // win (the naive "best window" would give it order 2).
        let g = position(5, 4, 4, false, "b:c1,d1,e1 w:a2,b2,a3,b3");
        let orders = orders_of(&g, Player::Black);
        assert_eq!(order_at(&g, &orders, "b1"), 1);
        assert_eq!(order_at(&g, &orders, "a1"), NO_REGION);
    }

    #[test]
    fn exact_k_skips_windows_next_to_own_stones() {
        // k = 3 exactly, Black a1 b1 d1, White a3 c3 e3 (so only row 1 matters for c1 and e1). Each
        // row-1 window holding c1 touches a Black stone just beyond an end: c1 and e1 would make
        // runs of four or more, never exactly three.
        let g = position(5, 3, 3, true, "b:a1,b1,d1 w:a3,c3,e3");
        let orders = orders_of(&g, Player::Black);
        assert_eq!(order_at(&g, &orders, "c1"), NO_REGION);
        assert_eq!(order_at(&g, &orders, "e1"), NO_REGION);
        // Without exact_k, c1 wins at once and e1 is in no minimal set (b1-d1 holds c1).
        let g = position(5, 3, 3, false, "b:a1,b1,d1 w:a3,c3,e3");
        let orders = orders_of(&g, Player::Black);
        assert_eq!(order_at(&g, &orders, "c1"), 1);
        assert_eq!(order_at(&g, &orders, "e1"), NO_REGION);
    }

    #[test]
    fn a_finished_game_has_no_regions() {
        let mut g = position(3, 3, 3, false, "b:a1,b1 w:a3,b3");
        g.play_stone(2, Player::Black);
        assert!(orders_of(&g, Player::White).iter().all(|&o| o == NO_REGION));
    }
}
