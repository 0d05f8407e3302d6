//! The lecture's view of the alpha-beta family: values, bounds and windows from MAX's side
//! (the side to move at the root), as the AND/OR textbook (section 6.2.6 *Searching game
//! trees*, figures 6.23-6.25) and Kühr (*Algorithms of a computer player in simple board
//! games*, example 3.2) draw them, with MAX and MIN nodes. The engines search in negamax
//! form, where every value is the side to move's and the sign flips each ply; this module
//! turns a negamax value, bound or window at a node into MAX's terms and back.
//!
//! At a MAX node nothing changes. At a MIN node a value `v` is `-v` for MAX, a lower bound
//! becomes an upper bound (and back), and the window `(alpha, beta)` is `(-beta, -alpha)`, so
//! in MAX terms every node of a line shares the same kind of window the root has. The
//! negamax test `value >= beta` reads at a MAX node as the lecture's beta cutoff
//! (`value >= beta`) and at a MIN node as its alpha cutoff (`value <= alpha`).
//!
//! The view applies to the alpha-beta family (minimax, alpha-beta and its variants); the
//! proof-number and threat searches have no values to turn and are drawn the same in both.

use crate::search::{Bound, Value, Window};

/// How the alpha-beta family's values are shown: MAX's view (the lecture's) or negamax's
/// (the side to move's, the engines' own).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum ValueView {
    /// Every value from the side to move's view; the sign flips each ply.
    #[default]
    Negamax,
    /// Every value from MAX's (the root's side's) view, with MAX and MIN nodes.
    Max,
}

impl ValueView {
    /// Every view with its name (`--view`, a lesson's `view`).
    pub const NAMED: [(&'static str, ValueView); 2] =
        [("max", ValueView::Max), ("negamax", ValueView::Negamax)];

    /// The view called `name` (`max`, `negamax`).
    pub fn parse(name: &str) -> Option<ValueView> {
        Self::NAMED
            .iter()
            .find(|(n, _)| *n == name.trim())
            .map(|&(_, v)| v)
    }

    /// "max" or "negamax".
    pub fn name(self) -> &'static str {
        match self {
            ValueView::Max => "max",
            ValueView::Negamax => "negamax",
        }
    }

    /// The other view.
    pub fn toggled(self) -> ValueView {
        match self {
            ValueView::Max => ValueView::Negamax,
            ValueView::Negamax => ValueView::Max,
        }
    }

    /// The view a puzzle opens in: MAX's for a literal tree (a textbook figure), negamax for
    /// a game.
    pub fn default_for(textbook_tree: bool) -> ValueView {
        if textbook_tree {
            ValueView::Max
        } else {
            ValueView::Negamax
        }
    }

    /// True in MAX's view.
    pub fn is_max(self) -> bool {
        self == ValueView::Max
    }

    /// One status line's words on switching to this view.
    pub fn announce(self) -> &'static str {
        match self {
            ValueView::Max => {
                "MAX/MIN view: values from MAX's side (the root's), MIN nodes marked ▽"
            }
            ValueView::Negamax => {
                "negamax view: each value from the side to move, the sign flips each ply"
            }
        }
    }
}

/// MAX or MIN: who moves at a node, in the lecture's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The root's side: it takes the largest child value.
    Max,
    /// The opponent: it takes the smallest child value (from MAX's side).
    Min,
}

impl Side {
    /// `Max` when the side to move at the node is the root's.
    pub fn of(max_moves: bool) -> Side {
        if max_moves { Side::Max } else { Side::Min }
    }

    /// "MAX" or "MIN".
    pub fn name(self) -> &'static str {
        match self {
            Side::Max => "MAX",
            Side::Min => "MIN",
        }
    }

    /// The tree rows' mark: ▲ for MAX, ▽ for MIN (ASCII `^` and `v` with `--ascii`).
    pub fn mark(self, ascii: bool) -> &'static str {
        match (self, ascii) {
            (Side::Max, false) => "▲",
            (Side::Min, false) => "▽",
            (Side::Max, true) => "^",
            (Side::Min, true) => "v",
        }
    }
}

/// A node's negamax value in MAX's terms.
pub fn value(v: Value, side: Side) -> Value {
    match side {
        Side::Max => v,
        Side::Min => -v,
    }
}

/// A node's negamax bound in MAX's terms: at a MIN node a lower bound for the mover is an
/// upper bound for MAX.
pub fn bound(b: Bound, side: Side) -> Bound {
    match (side, b) {
        (Side::Max, b) | (Side::Min, b @ Bound::Exact) => b,
        (Side::Min, Bound::Lower) => Bound::Upper,
        (Side::Min, Bound::Upper) => Bound::Lower,
    }
}

/// A node's negamax window in MAX's terms: `(-beta, -alpha)` at a MIN node.
pub fn window(w: Window, side: Side) -> Window {
    match side {
        Side::Max => w,
        Side::Min => w.negated(),
    }
}

/// The lecture's name of the cutoff at a node where `side` moves: a beta cutoff at a MAX
/// node (value >= beta), an alpha cutoff at a MIN node (value <= alpha).
pub fn cutoff_name(side: Side) -> &'static str {
    match side {
        Side::Max => "beta cutoff",
        Side::Min => "alpha cutoff",
    }
}

/// The cutoff test in MAX's terms at a node where `side` moves, from the negamax value
/// (the side to move's) and window there: `3 >= beta 3` at a MAX node, `2 <= alpha 3` at a
/// MIN node.
pub fn cutoff_test(v: Value, w: Window, side: Side) -> String {
    let (mv, mw) = (value(v, side), window(w, side));
    match side {
        Side::Max => format!("{mv} >= beta {}", mw.beta),
        Side::Min => format!("{mv} <= alpha {}", mw.alpha),
    }
}

/// A child's value as its parent sees it, for the board's marks: the parent mover's view in
/// negamax (the child's negated), MAX's in the MAX view; drawn as a bound (`≤0`, `≥3`) when
/// it is one. `open` says the child is still being searched (its value so far bounds the
/// final one from below, for the child's mover).
pub fn child_mark(v: Value, b: Bound, open: bool, child: Side, view: ValueView) -> String {
    let b = if open { Bound::Lower } else { b };
    let (shown, bound_shown) = if view.is_max() {
        (value(v, child), bound(b, child))
    } else {
        // The parent's mover is the child's opponent.
        (-v, bound(b, Side::Min))
    };
    match bound_shown {
        Bound::Exact => shown.to_string(),
        Bound::Lower => format!("≥{shown}"),
        Bound::Upper => format!("≤{shown}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(a: i32, b: i32) -> Window {
        Window {
            alpha: Value(a),
            beta: Value(b),
        }
    }

    #[test]
    fn a_min_nodes_window_is_negated_and_swapped() {
        // The textbook tree's c: negamax (-inf, -3) is (3, +inf) for MAX.
        let full = Window::FULL;
        let c = Window {
            alpha: full.alpha,
            beta: Value(-3),
        };
        assert_eq!(window(c, Side::Min).to_string(), "(3, +inf)");
        assert_eq!(window(w(-5, 7), Side::Min), w(-7, 5));
        assert_eq!(window(w(-5, 7), Side::Max), w(-5, 7));
        // Twice is the identity.
        assert_eq!(window(window(w(1, 9), Side::Min), Side::Min), w(1, 9));
    }

    #[test]
    fn a_min_nodes_value_and_bound_turn_over() {
        assert_eq!(value(Value(-3), Side::Min), Value(3));
        assert_eq!(value(Value(-3), Side::Max), Value(-3));
        assert_eq!(bound(Bound::Lower, Side::Min), Bound::Upper);
        assert_eq!(bound(Bound::Upper, Side::Min), Bound::Lower);
        assert_eq!(bound(Bound::Exact, Side::Min), Bound::Exact);
        assert_eq!(bound(Bound::Lower, Side::Max), Bound::Lower);
        // A loss for MIN is a win for MAX.
        assert_eq!(value(Value::loss_at(3), Side::Min).to_string(), "win@3");
    }

    #[test]
    fn cutoffs_are_named_and_tested_as_the_lecture_does() {
        assert_eq!(cutoff_name(Side::Max), "beta cutoff");
        assert_eq!(cutoff_name(Side::Min), "alpha cutoff");
        // c on the textbook tree: c1 is worth -2 for MIN (2 for MAX), window (-inf, -3).
        let c = Window {
            alpha: Window::FULL.alpha,
            beta: Value(-3),
        };
        assert_eq!(cutoff_test(Value(-2), c, Side::Min), "2 <= alpha 3");
        assert_eq!(
            cutoff_test(Value(70), w(10, 70), Side::Max),
            "70 >= beta 70"
        );
    }

    #[test]
    fn board_marks_are_bounds_when_the_values_are() {
        // A child that failed high for its mover (a lower bound) is an upper bound for
        // the parent's mover: tic-tac-toe's "≤0".
        let negamax = ValueView::Negamax;
        assert_eq!(
            child_mark(Value(0), Bound::Lower, false, Side::Min, negamax),
            "≤0"
        );
        assert_eq!(
            child_mark(Value(-3), Bound::Exact, false, Side::Min, negamax),
            "3"
        );
        assert_eq!(
            child_mark(Value(2), Bound::Upper, false, Side::Min, negamax),
            "≥-2"
        );
        // Still open: the value so far is a lower bound for the child's mover.
        assert_eq!(
            child_mark(Value(1), Bound::Exact, true, Side::Min, negamax),
            "≤-1"
        );
        // MAX's view: a MIN child's lower bound -2 (for MIN) is MAX's upper bound 2.
        let max = ValueView::Max;
        assert_eq!(
            child_mark(Value(-2), Bound::Lower, false, Side::Min, max),
            "≤2"
        );
        assert_eq!(
            child_mark(Value(3), Bound::Exact, false, Side::Max, max),
            "3"
        );
        assert_eq!(
            child_mark(Value(3), Bound::Lower, false, Side::Max, max),
            "≥3"
        );
    }

    #[test]
    fn the_views_parse_toggle_and_default() {
        assert_eq!(ValueView::parse("max"), Some(ValueView::Max));
        assert_eq!(ValueView::parse(" negamax "), Some(ValueView::Negamax));
        assert_eq!(ValueView::parse("min"), None);
        assert_eq!(ValueView::Max.toggled(), ValueView::Negamax);
        assert_eq!(ValueView::Max.toggled().toggled(), ValueView::Max);
        assert_eq!(ValueView::default_for(true), ValueView::Max);
        assert_eq!(ValueView::default_for(false), ValueView::Negamax);
        for (name, v) in ValueView::NAMED {
            assert_eq!(v.name(), name);
        }
    }
}
