//! Scrolling the text panes (the node pane and the Why block
//! cut with "… N more lines" gave no way to read the rest but `S`, which saves the step's
//! text to a file). `}` scrolls both down and `{` back up by [`STEP`] rows; each pane
//! clamps the offset to its own text, so the longer one reads to its end while the other
//! stays on its last page. The offset belongs to what the panes show: any other key, or
//! the step or selection moving (play), starts them from the top again. The panes record how far
//! they can scroll as they draw ([`TextScroll::record_max`]), so `}` past the end does nothing and
//! `{` comes back at once.
//!
//! A lesson step that names a node pane line (`focus`) scrolls the node pane to it: the pane
//! records that offset as it draws ([`TextScroll::record_anchor`]) and shows it until a key
//! scrolls, and `}` / `{` then go on from there.

use std::cell::Cell;

use crate::trace::store::NodeId;

use super::App;

/// Rows one press scrolls.
pub const STEP: usize = 4;

/// Which text pane recorded its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextPane {
    Node,
    Why,
}

/// The offset of the text panes and the view it belongs to.
#[derive(Clone, Debug, Default)]
pub struct TextScroll {
    rows: usize,
    /// The step and selection the offset was set at.
    at: (usize, Option<NodeId>),
    /// The most rows each pane could scroll when it was last drawn.
    max: [Cell<usize>; 2],
    /// The node pane's offset a lesson step's focus asked for, and the view it belongs to.
    anchor: Cell<(usize, (usize, Option<NodeId>))>,
}

impl TextScroll {
    /// The offset for the view at `step` with `selected`: 0 once either moved.
    pub fn rows(&self, step: usize, selected: Option<NodeId>) -> usize {
        if self.at == (step, selected) {
            self.rows
        } else {
            0
        }
    }

    /// The node pane's offset for the view: the keys' once they scrolled at it, else the
    /// anchor a lesson's focus recorded for it, else 0.
    pub fn node_rows(&self, step: usize, selected: Option<NodeId>) -> usize {
        let (rows, at) = self.anchor.get();
        if self.at == (step, selected) {
            self.rows
        } else if at == (step, selected) {
            rows
        } else {
            0
        }
    }

    /// Called by the node pane as it draws at a lesson step with a focus: the offset that
    /// shows the focused line at this view.
    pub fn record_anchor(&self, rows: usize, step: usize, selected: Option<NodeId>) {
        self.anchor.set((rows, (step, selected)));
    }

    /// Scrolls down (`down`) or up by [`STEP`] rows within the panes' bounds, from the
    /// focus's anchor when the keys have not scrolled this view yet; the new offset.
    pub fn scroll(&mut self, down: bool, step: usize, selected: Option<NodeId>) -> usize {
        let now = self.node_rows(step, selected);
        let most = self.max.iter().map(Cell::get).max().unwrap_or(0);
        self.rows = if down {
            (now + STEP).min(most)
        } else {
            now.saturating_sub(STEP).min(most)
        };
        self.at = (step, selected);
        self.rows
    }

    /// Back to the top (another key was pressed).
    pub fn reset(&mut self) {
        self.rows = 0;
    }

    /// Called by a pane as it draws: the most rows it can scroll now.
    pub fn record_max(&self, pane: TextPane, most: usize) {
        self.max[pane as usize].set(most);
    }

    /// True when a pane could scroll when last drawn (there is more to read).
    pub fn can_scroll(&self) -> bool {
        self.max.iter().any(|m| m.get() > 0)
    }
}

impl App {
    /// `}` / `{`: scrolls the node pane and the Why block down (`down`) or up; says so when
    /// they moved no further.
    pub(super) fn scroll_text(&mut self, down: bool) {
        let (step, selected) = (self.session.step(), self.selected);
        let before = self.text_scroll.rows(step, selected);
        let after = self.text_scroll.scroll(down, step, selected);
        if after == before {
            self.message = Some(
                if !self.text_scroll.can_scroll() {
                    "the node pane and the Why block show all their text"
                } else if down {
                    "the node pane and the Why block show their last lines"
                } else {
                    "the node pane and the Why block show their first lines"
                }
                .to_string(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offset_stays_within_the_panes_and_resets_when_the_view_moves() {
        let mut s = TextScroll::default();
        // Nothing drawn cut: nothing to scroll.
        assert_eq!(s.scroll(true, 3, Some(1)), 0);
        s.record_max(TextPane::Node, 6);
        s.record_max(TextPane::Why, 2);
        assert!(s.can_scroll());
        assert_eq!(s.scroll(true, 3, Some(1)), 4);
        assert_eq!(s.scroll(true, 3, Some(1)), 6, "the longer pane's bound");
        assert_eq!(s.scroll(true, 3, Some(1)), 6);
        assert_eq!(s.scroll(false, 3, Some(1)), 2, "back at once from the end");
        assert_eq!(s.rows(3, Some(1)), 2);
        assert_eq!(s.rows(4, Some(1)), 0, "another step starts at the top");
        assert_eq!(s.rows(3, Some(2)), 0, "another node too");
        assert_eq!(s.scroll(false, 3, Some(1)), 0);
        s.scroll(true, 3, Some(1));
        s.reset();
        assert_eq!(s.rows(3, Some(1)), 0);
    }

    #[test]
    fn a_focus_anchor_scrolls_the_node_pane_until_the_keys_do() {
        let mut s = TextScroll::default();
        s.record_max(TextPane::Node, 10);
        s.record_anchor(6, 5, Some(2));
        assert_eq!(s.node_rows(5, Some(2)), 6);
        assert_eq!(s.rows(5, Some(2)), 0, "the Why block is not anchored");
        assert_eq!(s.node_rows(5, Some(3)), 0, "another node is not");
        assert_eq!(s.scroll(false, 5, Some(2)), 2, "{{ goes up from the anchor");
        assert_eq!(s.node_rows(5, Some(2)), 2);
        s.reset();
        assert_eq!(s.node_rows(5, Some(2)), 0, "another key: the top");
    }
}
