//! Relevance-zone schemes (Suda, *Efficient algorithms for verifying goals in computer games*,
//! chapter 4).
//!
//! A *zone scheme* is a region sequence `X = (X1 ⊆ X2 ⊆ ...)` of board points (definition 8).
//! As in Suda's implementation (section 5.1, footnote 2) it is stored as one small integer per
//! point: the index of the smallest region holding the point, or [`NO_REGION`] when no region holds
//! it. Then
//!
//! - union `X ∪ Y` is the pointwise minimum ([`ZoneScheme::merge`]),
//! - unwind `u(X) = (X2, X3, ...)` is `max(1, order - 1)` ([`ZoneScheme::unwind`]),
//! - `select` lists the points of order 1, the moves worth trying ([`ZoneScheme::select`]),
//! - `add(x)` puts `x` into every region: order 1 ([`ZoneScheme::add`]),
//! - `singleton(x)` is the constant sequence `({x}, {x}, ...)` ([`ZoneScheme::singleton`]).
//!
//! Every operation only ever lowers orders (a zone grows, never shrinks), which is what keeps
//! the lambda procedures sound (lemma 9a: a bigger scheme is still a scheme); debug builds
//! assert it point by point. The representation makes each scheme monotone by construction:
//! a point of order `i` belongs to every `Xj` with `j >= i`.
//!
//! A scheme is a fixed array (no allocation): copying one costs a few hundred bytes, so the
//! searches pass them by value as Suda's pseudo-code does.

use std::fmt;

use crate::game::{MAX_MOVES, MoveList, NO_REGION, Point};

/// Points a zone can hold: the largest board (19x19 = 361) fits.
pub const MAX_ZONE_POINTS: usize = MAX_MOVES;

/// A region sequence stored as the order of each point (see the module doc).
#[derive(Clone, PartialEq, Eq)]
pub struct ZoneScheme {
    len: u16,
    orders: [u8; MAX_ZONE_POINTS],
}

impl ZoneScheme {
    /// The empty sequence `(∅, ∅, ...)` over a board of `points` points.
    pub fn empty(points: usize) -> ZoneScheme {
        assert!(
            points <= MAX_ZONE_POINTS,
            "a zone holds at most {MAX_ZONE_POINTS} points"
        );
        ZoneScheme {
            len: points as u16,
            orders: [NO_REGION; MAX_ZONE_POINTS],
        }
    }

    /// Every point in `X1`: the scheme "no zone" (search all moves). Sound for any predicate,
    /// since a bigger scheme is always a scheme (lemma 9a).
    pub fn everything(points: usize) -> ZoneScheme {
        let mut zone = ZoneScheme::empty(points);
        zone.orders[..points].fill(1);
        zone
    }

    /// The constant sequence `({p}, {p}, ...)` (theorem 12's zone for "losing next move at
    /// `p`", and DEFEND's answer for an inversion).
    pub fn singleton(points: usize, p: Point) -> ZoneScheme {
        let mut zone = ZoneScheme::empty(points);
        zone.add(p);
        zone
    }

    /// A scheme from one order per point ([`NO_REGION`] = in no region; 0 is read as 1).
    pub fn from_orders(orders: &[u8]) -> ZoneScheme {
        let mut zone = ZoneScheme::empty(orders.len());
        for (slot, &order) in zone.orders.iter_mut().zip(orders) {
            *slot = order.max(1);
        }
        zone
    }

    /// Number of board points.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True for a board of no points.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The orders, one per point ([`NO_REGION`] = in no region).
    pub fn orders(&self) -> &[u8] {
        &self.orders[..self.len()]
    }

    /// Mutable orders, for games and tests that build a scheme point by point. Lowering an
    /// order grows the zone; raising one may make it unsound, which is the caller's proof.
    pub fn orders_mut(&mut self) -> &mut [u8] {
        let len = self.len();
        &mut self.orders[..len]
    }

    /// The order of `p`: the index of the smallest region holding it.
    pub fn order(&self, p: Point) -> Option<u8> {
        match self.orders[p as usize] {
            NO_REGION => None,
            order => Some(order),
        }
    }

    /// True when `p` lies in `X_order`.
    pub fn contains(&self, p: Point, order: u8) -> bool {
        self.orders[p as usize] <= order
    }

    /// Union with `other` (pointwise minimum), stored in `self`.
    pub fn merge(&mut self, other: &ZoneScheme) {
        debug_assert_eq!(self.len, other.len, "zones of different boards");
        let len = self.len();
        for (mine, &theirs) in self.orders[..len].iter_mut().zip(&other.orders[..len]) {
            let merged = (*mine).min(theirs);
            debug_assert!(merged <= *mine && merged <= theirs, "union must only grow");
            *mine = merged;
        }
    }

    /// Unwinds: forgets `X1`, so `X2` becomes the first region (order - 1, floored at 1).
    pub fn unwind(&mut self) {
        let len = self.len();
        for order in &mut self.orders[..len] {
            if *order != NO_REGION {
                let unwound = order.saturating_sub(1).max(1);
                debug_assert!(unwound <= *order, "unwind must only grow");
                *order = unwound;
            }
        }
    }

    /// Puts `p` into every region (order 1).
    pub fn add(&mut self, p: Point) {
        self.orders[p as usize] = 1;
    }

    /// Writes the points of `X1` into `out` (cleared first), in point order.
    pub fn select(&self, out: &mut MoveList<Point>) {
        out.clear();
        for (p, &order) in self.orders().iter().enumerate() {
            if order == 1 {
                out.push(p as Point);
            }
        }
    }

    /// Number of points in `X_order`.
    pub fn count_within(&self, order: u8) -> usize {
        self.orders().iter().filter(|&&o| o <= order).count()
    }

    /// Sizes of `X1`, `X2`, `X3` and of the union of all regions: what the explorer's side
    /// pane shows.
    pub fn sizes(&self) -> [usize; 4] {
        let mut sizes = [0; 4];
        for &order in self.orders() {
            if order == NO_REGION {
                continue;
            }
            for (i, size) in sizes.iter_mut().enumerate().take(3) {
                if order as usize <= i + 1 {
                    *size += 1;
                }
            }
            sizes[3] += 1;
        }
        sizes
    }

    /// True when every region of `self` contains the same region of `other` (`self` is at
    /// least as big, hence at least as sound).
    pub fn covers(&self, other: &ZoneScheme) -> bool {
        self.len == other.len
            && self
                .orders()
                .iter()
                .zip(other.orders())
                .all(|(a, b)| a <= b)
    }

    /// The scheme as a board of digits (`1`..`9`, `+` above 9, `.` in no region), top row
    /// first, for tests and debugging.
    pub fn render(&self, columns: usize) -> String {
        let rows = self.len() / columns.max(1);
        let mut text = String::new();
        for y in (0..rows).rev() {
            for x in 0..columns {
                let order = self.orders[x + y * columns];
                text.push(match order {
                    NO_REGION => '.',
                    1..=9 => char::from(b'0' + order),
                    _ => '+',
                });
                if x + 1 < columns {
                    text.push(' ');
                }
            }
            text.push('\n');
        }
        text
    }
}

impl fmt::Debug for ZoneScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ZoneScheme")
            .field("orders", &self.orders())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(orders: &[u8]) -> ZoneScheme {
        ZoneScheme::from_orders(orders)
    }

    #[test]
    fn union_is_the_pointwise_minimum() {
        let mut a = zone(&[1, 3, NO_REGION, NO_REGION]);
        a.merge(&zone(&[2, 2, 4, NO_REGION]));
        assert_eq!(a.orders(), &[1, 2, 4, NO_REGION]);
    }

    #[test]
    fn unwind_forgets_the_first_region() {
        let mut a = zone(&[1, 2, 3, NO_REGION]);
        a.unwind();
        assert_eq!(a.orders(), &[1, 1, 2, NO_REGION]);
    }

    #[test]
    fn select_add_and_singleton() {
        let mut a = zone(&[2, 1, NO_REGION, 1]);
        let mut out = MoveList::new();
        a.select(&mut out);
        assert_eq!(out.as_slice(), &[1, 3]);
        a.add(2);
        assert_eq!(a.order(2), Some(1));
        let s = ZoneScheme::singleton(4, 2);
        assert_eq!(s.orders(), &[NO_REGION, NO_REGION, 1, NO_REGION]);
        assert!(a.covers(&s));
        assert!(!s.covers(&a));
    }

    #[test]
    fn sizes_count_each_region() {
        let a = zone(&[1, 2, 3, 4, NO_REGION, 2]);
        assert_eq!(a.sizes(), [1, 3, 4, 5]);
        assert_eq!(a.count_within(2), 3);
        assert!(a.contains(5, 2) && !a.contains(5, 1));
    }

    #[test]
    fn everything_and_empty() {
        assert_eq!(ZoneScheme::everything(3).orders(), &[1, 1, 1]);
        assert_eq!(ZoneScheme::empty(2).order(0), None);
    }

    #[test]
    fn renders_top_row_first() {
        let a = zone(&[1, 2, 3, NO_REGION]);
        assert_eq!(a.render(2), "3 .\n1 2\n");
    }
}
