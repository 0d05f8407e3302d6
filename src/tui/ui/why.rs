//! The explorer's "why" (issue 6, item 4): the event at the replay cursor explained in plain
//! language ([`crate::view::explain`]) in a block under the tree pane, and
//! the keys that jump to the next (`;`) or previous (`:`) event worth explaining.
//!
//! The block stands under the tree pane, which has rows to spare at the minimum size of
//! 80x24 (the board and the node pane share the other column). It takes the lines its text
//! needs, at most 40% of the tree's column (at least the headline and two lines), so the
//! tree keeps most of its rows. An event worth explaining is marked `*` in the title.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::theme::{Slot, Theme};
use crate::tui::app::App;
use crate::tui::ui::{glyph_text, pane};

/// Draws the block of the event at the step at the bottom of `area` and returns the rest of
/// the area for the tree (all of it at step 0).
pub fn render_below(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) -> Rect {
    let Some(x) = app.session.explain() else {
        return area;
    };
    let width = area.width.saturating_sub(2).max(1) as usize;
    let text: Vec<String> = std::iter::once(x.headline.clone())
        .chain(x.lines.iter().cloned())
        .map(|t| glyph_text(theme, &t))
        .collect();
    let needed: usize = text
        .iter()
        .map(|t| t.chars().count().div_ceil(width).max(1))
        .sum();
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
    let mut lines = vec![Line::from(Span::styled(
        text[0].clone(),
        theme.style(Slot::SideReason),
    ))];
    lines.extend(
        text[1..]
            .iter()
            .map(|t| Line::from(Span::styled(t.clone(), theme.style(Slot::SideValue)))),
    );
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
    rest
}
