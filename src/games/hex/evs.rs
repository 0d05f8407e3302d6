//! EVS orders of Hex (Suda, *Efficient algorithms for verifying goals in computer games*,
//! definition 13 and section 5.2.2).
//!
//! With the opponent passing, a set `X` of empty points wins for `player` when `player`'s
//! stones and `X` join the two edges; the order of play does not matter (a Hex stone never
//! spoils its owner's connections). Finding the smallest minimal winning set through a point
//! is a Steiner-tree problem (NP-complete, Suda 5.2.2). Suda computed orders 1 and 2
//! exactly and gave every other point order 3. Here orders 1 to 3 are exact (order 3 on
//! boards of up to 64 points, up to 8x8) and the rest is bounded from below, which is sound
//! (lemma 9a). Call two empty points *linked* when they are neighbours or both next to one
//! chain of `player` that touches neither edge set; a point *touches* an edge set when it is
//! on that edge or next to a chain joined to it.
//!
//! - *Order 1*: the point touches (is on, or next to a chain joined to) both edges.
//! - *Order 2*: a pair `{a, b}` where neither wins alone wins exactly when one of them, say
//!   `a`, touches only the first edge's set and `b` only the second's, and `a` and `b` are
//!   neighbours or touch a common chain (which then touches neither edge). So `a` has order 2
//!   when a neighbour of it, or of one of its chains, touches only the other edge: one pass
//!   that marks the chains next to such points, one pass that reads the marks.
//! - *Order 3*: in a minimal winning set every point separates the edges, so its points form
//!   a chain `p1 - p2 - p3` of links with `p1` the only one touching the first edge set, `p3`
//!   the only one touching the second, `p2` touching neither, and `p1`, `p3` not linked (or
//!   `{p1, p3}` would win). Conversely every such chain is a minimal winning set. With the
//!   links as 64-bit masks, the test for one point is a few mask operations per link.
//!   Boards of up to 64 points (`small`) do everything with such masks, bigger ones with
//!   arrays per point and no order-3 test.
//! - *Above*: if `x` lies in a minimal winning set `S`, then without `x` the two edges fall
//!   apart, so `S` holds a path from each edge to a neighbour of `x`, on separate sides of
//!   `x`. With `d1(x)`, `d2(x)` the fewest empty points (counting `x`) on a path from each
//!   edge to `x` (a 0-1 breadth-first search: own stones free, the opponent's blocked),
//!   `|S| >= (d1(x) - 1) + (d2(x) - 1) + 1`. The order written is `max(4, d1 + d2 - 1)`
//!   (`max(3, ...)` on boards too big for the order-3 test), and no region when `x` cannot
//!   reach one of the edges (then no winning set holds it).
//!
//! On an empty 7x7 board this gives the centre order 7 instead of Suda's 3.
//! `tests/integration/evs_bruteforce.rs` checks orders 1 to 3 for equality and the rest for
//! soundness against definition 13 by enumeration.

use super::{EMPTY, Hex, MAX_POINTS, cell_of};
use crate::game::{NO_REGION, Player, Point};

mod small;

/// Distance of a point no path reaches.
const UNREACHED: u16 = u16::MAX;

impl Hex {
    /// [`crate::game::StoneGame::evs_orders`] for Hex (see the module doc). Allocates
    /// nothing: two breadth-first searches and a few passes over the board.
    pub(super) fn write_evs_orders(&self, player: Player, orders: &mut [u8]) {
        if self.cells.len() <= 64 {
            self.write_small_evs_orders(player, orders);
        } else {
            self.write_large_evs_orders(player, orders);
        }
    }

    /// The orders on any board, with arrays per point: orders 1 and 2 exact, the rest
    /// `max(3, d1 + d2 - 1)` (no order-3 test).
    fn write_large_evs_orders(&self, player: Player, orders: &mut [u8]) {
        let points = self.cells.len();
        debug_assert_eq!(orders.len(), points, "one order per point");
        orders.fill(NO_REGION);
        if self.winner.is_some() {
            return;
        }

        // Step 1: which edge sets each empty point touches (bit 0 the first, bit 1 the
        // second), from the roots of `player`'s stones.
        let mut roots = [u16::MAX; MAX_POINTS];
        self.stone_roots(player, &mut roots);
        let (first, second) = self.edge_nodes(player);
        let edge_roots = (self.find(first), self.find(second));
        let mut touches = [0u8; MAX_POINTS];
        for p in 0..points {
            if self.cells[p] != EMPTY {
                continue;
            }
            let (mut on_first, mut on_second) = self.tables.on_edges(p as Point, player);
            for q in self.tables.neighbours(p as Point) {
                let r = roots[q as usize];
                on_first |= r == edge_roots.0;
                on_second |= r == edge_roots.1;
            }
            touches[p] = on_first as u8 | (on_second as u8) << 1;
            if touches[p] == 3 {
                orders[p] = 1;
            }
        }

        // Step 2: mark the chains (by root) next to a point touching only one edge set:
        // `near[root]` bit 0 for a point touching only the first, bit 1 only the second.
        let mut near = [0u8; MAX_POINTS + 4];
        for (p, &touch) in touches[..points].iter().enumerate() {
            if touch == 1 || touch == 2 {
                for q in self.tables.neighbours(p as Point) {
                    let r = roots[q as usize];
                    if r != u16::MAX {
                        near[r as usize] |= touch;
                    }
                }
            }
        }

        // Step 3: order 2, a point touching one edge set only, with a neighbour or a
        // neighbouring chain touching the other only.
        for p in 0..points {
            let other = match touches[p] {
                1 => 2,
                2 => 1,
                _ => continue,
            };
            let pairs = self.tables.neighbours(p as Point).any(|q| {
                let r = roots[q as usize];
                if r == u16::MAX {
                    self.cells[q as usize] == EMPTY && touches[q as usize] == other
                } else {
                    near[r as usize] & other != 0
                }
            });
            if pairs {
                orders[p] = 2;
            }
        }

        // Step 4: every other point, the distance bound (at least 3), or no region.
        let mut from_first = [UNREACHED; MAX_POINTS];
        let mut from_second = [UNREACHED; MAX_POINTS];
        self.edge_distances(player, false, &mut from_first);
        self.edge_distances(player, true, &mut from_second);
        for p in 0..points {
            if self.cells[p] != EMPTY || orders[p] <= 2 {
                continue;
            }
            let (d1, d2) = (from_first[p], from_second[p]);
            if d1 != UNREACHED && d2 != UNREACHED {
                orders[p] = (d1 + d2 - 1).clamp(3, NO_REGION as u16 - 1) as u8;
            }
        }
    }

    /// Fewest empty points (the point's own included) on a path from `player`'s first edge
    /// (`second = false`) or second edge to each point, through empty points and `player`'s
    /// stones; [`UNREACHED`] for the opponent's stones and points no such path reaches.
    fn edge_distances(&self, player: Player, second: bool, dist: &mut [u16; MAX_POINTS]) {
        // Ring buffer of a 0-1 BFS. Points leave it in nondecreasing distance, so a point's
        // distance is set once and lowered at most once (from d + 1 to d): at most two
        // entries per point plus one per start, 2 * 169 + 13 < 512.
        const RING: usize = 512;
        let size = self.tables.size;
        let mine = cell_of(player);
        let cost = |p: usize| -> Option<u16> {
            match self.cells[p] {
                EMPTY => Some(1),
                c if c == mine => Some(0),
                _ => None,
            }
        };
        let mut ring = [0u16; RING];
        let (mut head, mut tail) = (0usize, 0usize);
        let line = if second { size - 1 } else { 0 };
        for i in 0..size {
            let p = match player {
                Player::Black => i + line * size,
                Player::White => i * size + line,
            };
            if let Some(c) = cost(p) {
                dist[p] = c;
                if c == 0 {
                    head = (head + RING - 1) % RING;
                    ring[head] = p as u16;
                } else {
                    ring[tail] = p as u16;
                    tail = (tail + 1) % RING;
                }
            }
        }
        while head != tail {
            let p = ring[head];
            head = (head + 1) % RING;
            let d = dist[p as usize];
            for q in self.tables.neighbours(p) {
                let Some(c) = cost(q as usize) else {
                    continue;
                };
                if d + c < dist[q as usize] {
                    dist[q as usize] = d + c;
                    if c == 0 {
                        head = (head + RING - 1) % RING;
                        ring[head] = q;
                    } else {
                        ring[tail] = q;
                        tail = (tail + 1) % RING;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, NO_REGION, Player, StoneGame, parse_point};
    use crate::games::hex::Hex;

    fn orders(g: &Hex, player: Player) -> Vec<u8> {
        let mut out = vec![0; g.num_points()];
        g.evs_orders(player, &mut out);
        out
    }

    fn at(g: &Hex, orders: &[u8], name: &str) -> u8 {
        orders[parse_point(name, g.size(), g.size()).expect("point") as usize]
    }

    fn with(size: usize, black: &[&str], white: &[&str]) -> Hex {
        let mut g = Hex::new(size).expect("size");
        for (names, player) in [(black, Player::Black), (white, Player::White)] {
            for name in names {
                let p = parse_point(name, size, size).expect("point");
                g.play_stone(p, player);
            }
        }
        g
    }

    #[test]
    fn an_empty_board_orders_by_distance() {
        // Every point lies on a column, a shortest winning set of 7: the bound is exact.
        let g = with(7, &[], &[]);
        assert!(orders(&g, Player::Black).iter().all(|&o| o == 7));
        // 2x2: each point pairs with a neighbour across the rows.
        let g = with(2, &[], &[]);
        assert!(orders(&g, Player::Black).iter().all(|&o| o == 2));
    }

    #[test]
    fn immediate_wins_and_pairs_are_exact() {
        // 3x3, Black b1 and b3 (on rows 1 and 3), White a2. b2 touches both: order 1.
        // c1 (row 1) and c2 (next to b3) are neighbours touching one edge set each: a pair.
        // a3 touches only the second edge set; no point pairs with it and no middle point
        // links it to the first edge: order at least 4 (its true order is none: b2 alone
        // wins, so no minimal set needs a3).
        let g = with(3, &["b1", "b3"], &["a2"]);
        let black = orders(&g, Player::Black);
        assert_eq!(at(&g, &black, "b2"), 1);
        assert_eq!(at(&g, &black, "c1"), 2);
        assert_eq!(at(&g, &black, "c2"), 2);
        assert_eq!(at(&g, &black, "a3"), 4);
        assert_eq!(at(&g, &black, "a2"), NO_REGION);
        assert_eq!(at(&g, &black, "b1"), NO_REGION);
    }

    #[test]
    fn a_shared_chain_makes_a_pair() {
        // 4x4, Black c2 c3 (a chain touching neither row 1 nor row 4): c1 and c4 pair
        // through it.
        let g = with(4, &["c2", "c3"], &[]);
        let black = orders(&g, Player::Black);
        assert_eq!(at(&g, &black, "c1"), 2);
        assert_eq!(at(&g, &black, "c4"), 2);
        assert_eq!(at(&g, &black, "a1"), 4);
    }

    #[test]
    fn a_triple_through_a_middle_point_has_order_three() {
        // 3x3 empty: a column (a1 a2 a3) is a minimal triple; b2 is the middle of b1-b2-b3.
        let g = with(3, &[], &[]);
        assert!(orders(&g, Player::Black).iter().all(|&o| o == 3));
        // Black a2 (touching neither row): a1 - ... b1 and a3 link through it? a1 and a3
        // are both next to a2, so {a1, a3} is a minimal pair; b2 then has b1 - b2 - b3.
        let g = with(3, &["a2"], &["c2"]);
        let black = orders(&g, Player::Black);
        assert_eq!(at(&g, &black, "a1"), 2);
        assert_eq!(at(&g, &black, "a3"), 2);
        assert_eq!(at(&g, &black, "b2"), 3);
    }

    #[test]
    fn a_point_cut_off_from_an_edge_is_in_no_region() {
        // Black a2 and b1 close a1 in: for White (columns a and c) it touches column a but no
        // path leads from it to column c.
        let g = with(3, &["a2", "b1"], &[]);
        assert_eq!(g.outcome(), None);
        let white = orders(&g, Player::White);
        assert_eq!(at(&g, &white, "a1"), NO_REGION);
        assert_eq!(at(&g, &white, "c1"), 3);
    }
}
