//! The lesson screen below 120 columns (issue 16, point 6): at 80x24, the SSH default, the
//! lesson pane used to share the node pane's room under the board and showed two lines of a
//! ten-line step ("tab: more (2/10 lines)"), and the node pane was cut to three rows. Here
//! the left column goes to the lesson's text first: it gets every row its step needs (up to
//! the whole column), then the board gets its rows if they fit, then the node pane what is
//! left when that is enough for a few facts; rows too few for either go to the lesson. The
//! tree on the right keeps the node the step points to selected and in view.

use ratatui::layout::Rect;

use crate::theme::Theme;
use crate::tui::app::lesson::LessonState;

use super::lesson::body;

/// Rows below which a node pane shows too little to be worth drawing (borders included).
pub const NODE_FEWEST: u16 = 4;

/// Where the lesson, the board and the node pane go in the left column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NarrowAreas {
    pub lesson: Rect,
    /// Zero height when the board does not fit.
    pub board: Rect,
    /// Zero height when fewer than [`NODE_FEWEST`] rows are left.
    pub node: Rect,
}

/// Splits `left` for a lesson: the lesson's rows first, then the board (`board_height`
/// rows, 0 for a literal tree), then the node pane.
pub fn narrow(left: Rect, state: &LessonState, board_height: u16, theme: &Theme) -> NarrowAreas {
    let width = left.width.saturating_sub(2);
    // The text, the keys line, the borders.
    let needed = body(state, width, theme).len() as u16 + 1 + 2;
    let lesson = needed.max(5).min(left.height);
    let mut rest = left.height - lesson;
    let board = if board_height > 0 && board_height <= rest {
        board_height
    } else {
        0
    };
    rest -= board;
    let node = if rest >= NODE_FEWEST { rest } else { 0 };
    // Rows that fit nothing else stay with the lesson.
    let lesson = left.height - board - node;
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
