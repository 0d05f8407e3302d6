//! The explorer's "why": the event at the replay cursor explained in plain language
//! ([`crate::view::explain`]) in a block under the tree pane, and the keys that jump to the next
//! (`;`) or previous (`:`) event worth explaining.
//!
//! The block stands under the tree pane, which has rows to spare at the minimum size of
//! 80x24 (the board and the node pane share the other column). It takes the lines its text
//! needs, at most 40% of the tree's column (at least the headline and two lines), so the
//! tree keeps most of its rows. An event worth explaining is marked `*` in the title.
//!
//! The text is wrapped here (textwrap, as the lesson pane) at the block's inner width and
//! drawn as wrapped, so the rows asked for are the rows drawn (counting characters per line
//! underestimates word wrapping and cuts the last line). Text taller than the block's share ends in
//! "… N more lines (} scrolls)" on its last row, and `}` / `{` scroll it with the node pane.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::{Slot, Theme};
use crate::tui::app::App;
use crate::tui::app::text_scroll::TextPane;
use crate::tui::ui::lesson::wrap;
use crate::tui::ui::{fitted, glyph_text, pane, side};

/// Draws the block of the event at the step at the bottom of `area` and returns the rest of
/// the area for the tree (all of it at step 0).
pub fn render_below(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) -> Rect {
    let Some(x) = app.session.explain() else {
        return area;
    };
    let width = area.width.saturating_sub(2).max(1);
    let text: Vec<String> = std::iter::once(x.headline.clone())
        .chain(x.lines.iter().cloned())
        .map(|t| glyph_text(theme, &t))
        .collect();
    // Wrapped here with the lesson pane's textwrap settings at the block's inner width and
    // drawn as wrapped, so the height asked for is the height drawn.
    let wrapped: Vec<Vec<String>> = text.iter().map(|t| wrap_line(t, width)).collect();
    let needed: usize = wrapped.iter().map(Vec::len).sum();
    // At most 40% of the column, at least the headline and two lines (or what it has).
    let most = (area.height * 2 / 5).max(5);
    let height = (needed as u16 + 2).min(most).min(area.height);
    let [rest, top] =
        Layout::vertical([Constraint::Min(0), Constraint::Length(height)]).areas(area);
    let title = format!(
        "Why: event {}{}",
        x.event + 1,
        if x.worth { " *" } else { "" }
    );
    let block = pane(&title, theme, false);
    let inner = block.inner(top);
    frame.render_widget(block, top);
    let mut lines = Vec::new();
    for (i, part) in wrapped.into_iter().enumerate() {
        let slot = if i == 0 {
            Slot::SideReason
        } else {
            Slot::SideValue
        };
        lines.extend(
            part.into_iter()
                .map(|l| Line::from(Span::styled(l, theme.style(slot)))),
        );
    }
    // Rows beyond the block's height are counted on its last row, not cut silently, and
    // `}` / `{` scroll them into view with the node pane's.
    app.text_scroll.record_max(
        TextPane::Why,
        fitted::max_scroll(lines.len(), usize::from(inner.height)),
    );
    let lines = fitted::scroll_cut(
        lines,
        inner.width,
        inner.height,
        &side::text_scroll(app),
        theme.glyphs().ellipsis.as_str(),
        theme.style(Slot::SideLabel),
    );
    frame.render_widget(Paragraph::new(lines), inner);
    rest
}

/// One line of the block wrapped to `width` (an empty line stays one line).
pub fn wrap_line(text: &str, width: u16) -> Vec<String> {
    let lines = wrap(text, width);
    if lines.is_empty() {
        vec![String::new()]
    } else {
        lines
    }
}

/// The rows the block's text takes at inner width `width`.
pub fn rows_needed(texts: &[String], width: u16) -> usize {
    texts.iter().map(|t| wrap_line(t, width).len()).sum()
}
