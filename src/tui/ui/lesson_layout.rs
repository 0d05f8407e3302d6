//! The lesson screen below 120 columns: at 80x24, the SSH default, a lesson pane sharing the
//! node pane's room under the board would show two lines of a ten-line step ("tab: more (2/10
//! lines)") and cut the node pane to three rows. So the left column is split by what the step's
//! text speaks of ([`narrow`]): on a game the board stays (the text names its points) and the
//! lesson gets at least nine rows; on a literal tree the lesson comes first, then the node pane,
//! then the subtree as text. Rows too few for a pane go to the lesson. The tree on the right keeps
//! the node the step points to selected and in view.

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

/// Rows the lesson keeps when a game board goes first: six lines of text, the keys line
/// and the borders (the rest of a longer step pages with tab).
pub const LESSON_FEWEST: u16 = 9;

/// Splits `left` for a lesson. A game board (`stones`: AtariGo, Hex, m,n,k…) goes first
/// when the lesson can still keep [`LESSON_FEWEST`] rows, since the text names its points
/// ("the white stone on c3"); the lesson gets what it needs of the rest and the node pane
/// what is left. A literal tree's board is only the subtree as text, so there the lesson
/// comes first, then the node pane (which the steps point to: "the node pane names the
/// skipped moves"), then that text if it still fits.
pub fn narrow(
    left: Rect,
    state: &LessonState,
    board_height: u16,
    stones: bool,
    theme: &Theme,
) -> NarrowAreas {
    let width = left.width.saturating_sub(2);
    // The text, the keys line, the borders.
    let needed = body(state, width, theme).len() as u16 + 1 + 2;
    let height = left.height;
    let (board, node) = if stones && board_height > 0 && board_height + LESSON_FEWEST <= height {
        let lesson = needed.max(5).min(height - board_height);
        let rest = height - board_height - lesson;
        (board_height, if rest >= NODE_FEWEST { rest } else { 0 })
    } else {
        let lesson = needed.max(5).min(height);
        let rest = height - lesson;
        if board_height > 0 && rest >= NODE_FEWEST + board_height {
            (board_height, rest - board_height)
        } else if rest >= NODE_FEWEST {
            (0, rest)
        } else if board_height > 0 && board_height <= rest {
            (board_height, 0)
        } else {
            (0, 0)
        }
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
