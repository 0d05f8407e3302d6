//! The lesson screen's layout. Below 120 columns (80x24 is the SSH default) a lesson pane
//! sharing the node pane's room under the board would show two lines of a ten-line step ("tab:
//! more (2/10 lines)") and cut the node pane to three rows. So the left column is split by what
//! the step's text speaks of ([`narrow`]): on a game the board stays (the text names its points)
//! and the lesson gets at least nine rows; a step that names a node pane line (`focus`) gets a
//! node pane of [`NODE_FOCUS`] rows first, before the board. A literal tree's board is only the
//! subtree as text, which the tree pane shows already: in lesson mode it is dropped
//! ([`drops_board`]) and the left column is the lesson's and the node pane's, the node pane
//! keeping [`NODE_KEEP`] rows at a step (the steps point to it: "the node pane names the skipped
//! moves"); from 120 columns the lesson takes the board's column. Rows too few for a pane go to
//! the lesson, which pages with tab. The tree on the right keeps the node the step points to
//! selected and in view.

use ratatui::layout::Rect;

use crate::puzzle::GameKind;
use crate::theme::Theme;
use crate::tui::app::App;
use crate::tui::app::lesson::{LessonState, has_focus};

use super::lesson::{NODE_FOCUS, body};

/// Rows below which a node pane shows too little to be worth drawing (borders included).
pub const NODE_FEWEST: u16 = 4;

/// Rows the node pane keeps at a step of a literal tree's lesson, where the steps read the
/// node's window, value and cutoff (borders included).
pub const NODE_KEEP: u16 = 9;

/// Rows the lesson keeps when a game board goes first: six lines of text, the keys line
/// and the borders (the rest of a longer step pages with tab).
pub const LESSON_FEWEST: u16 = 9;

/// Where the lesson, the board and the node pane go in the left column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NarrowAreas {
    pub lesson: Rect,
    /// Zero height when the board does not fit.
    pub board: Rect,
    /// Zero height when fewer than [`NODE_FEWEST`] rows are left.
    pub node: Rect,
}

/// True when lesson mode leaves the board out: a literal tree's board is its subtree as
/// text, the rows the tree pane shows.
pub fn drops_board(app: &App) -> bool {
    app.lesson.is_some() && app.puzzle.position.kind() == GameKind::Tree
}

/// Splits `left` for a lesson (`board_height` 0: no board). A game board (`stones`: AtariGo,
/// Hex, m,n,k…) goes first when the lesson can still keep [`LESSON_FEWEST`] rows (and a
/// focused node pane its [`NODE_FOCUS`]), since the text names its points ("the white stone
/// on c3"); the lesson gets what it needs of the rest, up to what the node pane keeps
/// ([`NODE_FOCUS`] at a step with a focus, [`NODE_KEEP`] at a step without a board), and the
/// node pane what is left. A text board (a diagram without points to name) comes last, if
/// it still fits.
pub fn narrow(
    left: Rect,
    state: &LessonState,
    board_height: u16,
    stones: bool,
    node_right: bool,
    theme: &Theme,
) -> NarrowAreas {
    let width = left.width.saturating_sub(2);
    // The text, the keys line, the borders.
    let needed = body(state, width, theme).len() as u16 + 1 + 2;
    let height = left.height;
    // The node pane stands in the right column: no rows kept for it here.
    let at_step = state.at > 0 && !state.complete() && !node_right;
    let focus = at_step && has_focus(state);
    let focus_rows = if focus { NODE_FOCUS } else { 0 };
    let stone_board =
        stones && board_height > 0 && board_height + LESSON_FEWEST + focus_rows <= height;
    let first = if stone_board { board_height } else { 0 };
    let room = height - first;
    let keep = match (at_step, focus) {
        (false, _) => 0,
        (true, true) => NODE_FOCUS,
        (true, false) if stone_board => 0,
        (true, false) => NODE_KEEP,
    };
    let most = room.saturating_sub(keep).max(LESSON_FEWEST.min(room));
    let lesson = needed.max(5).min(most);
    let rest = room - lesson;
    let (board, node) = if node_right {
        let board = if stone_board || board_height <= rest {
            board_height
        } else {
            0
        };
        (board, 0)
    } else if stone_board {
        (board_height, if rest >= NODE_FEWEST { rest } else { 0 })
    } else if stones || board_height == 0 {
        (0, if rest >= NODE_FEWEST { rest } else { 0 })
    } else if rest >= NODE_FEWEST + board_height {
        (board_height, rest - board_height)
    } else if rest >= NODE_FEWEST {
        (0, rest)
    } else if board_height <= rest {
        (board_height, 0)
    } else {
        (0, 0)
    };
    // Rows that fit nothing else stay with the lesson.
    let lesson = height - board - node;
    let at = |y: u16, height: u16| Rect {
        x: left.x,
        y: left.y + y,
        width: left.width,
        height,
    };
    NarrowAreas {
        lesson: at(0, lesson),
        board: at(lesson, board),
        node: at(lesson + board, node),
    }
}

/// Rows the tree keeps in the right column (borders included).
pub const TREE_FEWEST: u16 = 5;

/// Rows the node pane needs to stand in the right column (borders included).
pub const NODE_RIGHT_FEWEST: u16 = 7;

/// The right column under the Why block: the tree with the rows it has (`tree_rows`, at
/// least [`TREE_FEWEST`] with its borders), the node pane under it with the rest when that
/// is at least [`NODE_RIGHT_FEWEST`] rows (a lesson's tree is often a few rows: iterative
/// deepening's one a iteration), else the tree with all of it and no node pane.
pub fn right_column(area: Rect, tree_rows: u16) -> (Rect, Rect) {
    let tree = tree_rows.saturating_add(2).max(TREE_FEWEST);
    if area.height < tree + NODE_RIGHT_FEWEST {
        return (area, Rect { height: 0, ..area });
    }
    (
        Rect {
            height: tree,
            ..area
        },
        Rect {
            y: area.y + tree,
            height: area.height - tree,
            ..area
        },
    )
}

/// The node pane's offset that shows a focused line and as much as fits after it (the lines
/// a step names next to it come after it: `table`, `nodes`, `searched`): none when the whole
/// text fits (`total` rows in `height`), else the line's first row (`before` rows above it),
/// under the "… N lines above" row; the pane keeps its last page full when that is less.
pub fn focus_offset(before: usize, total: usize, height: u16) -> usize {
    if total <= usize::from(height) {
        0
    } else {
        before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_focused_line_comes_first_when_the_text_is_cut() {
        // Everything fits.
        assert_eq!(focus_offset(8, 10, 10), 0);
        // Cut: the line first, under the "lines above" row.
        assert_eq!(focus_offset(5, 20, 8), 5);
        assert_eq!(focus_offset(0, 20, 8), 0);
    }

    #[test]
    fn the_node_pane_stands_under_a_short_tree() {
        let area = Rect::new(40, 1, 40, 16);
        let (tree, node) = right_column(area, 2);
        assert_eq!(tree, Rect::new(40, 1, 40, 5));
        assert_eq!(node, Rect::new(40, 6, 40, 11));
        // A tall tree keeps the column.
        let (tree, node) = right_column(area, 10);
        assert_eq!((tree, node.height), (area, 0));
    }
}
