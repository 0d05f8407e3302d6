//! The puzzle picker (issue 3, deliverable 3): the bundled puzzles, then the puzzle files of
//! the directory the explorer was started in, with their game, size and expected result (or
//! why a file does not load); choosing one opens it and starts its search.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::{Slot, Theme};
use crate::tui::app::App;

use super::{centered, pane};

/// Draws the overlay with entry `selected` highlighted.
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, selected: usize) {
    render_titled(
        frame,
        area,
        app,
        theme,
        selected,
        "Puzzles (enter opens, q closes)",
    );
}

/// The same list of `app.picker` under another title (the lesson picker's).
pub fn render_titled(
    frame: &mut Frame,
    area: Rect,
    app: &App,
    theme: &Theme,
    selected: usize,
    title: &str,
) {
    let rect = centered(
        area,
        area.width.saturating_sub(8),
        area.height.saturating_sub(4),
    );
    let block = pane(title, theme, true);
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    let height = inner.height as usize;
    let top = (selected + 1).saturating_sub(height);
    let lines: Vec<Line> = app
        .picker
        .iter()
        .enumerate()
        .skip(top)
        .take(height)
        .map(|(i, entry)| {
            let (item, detail_style) = if i == selected {
                let s = theme.style(Slot::PickerSelected);
                (s, s)
            } else {
                (
                    theme.style(Slot::PickerItem),
                    theme.style(Slot::PickerDetail),
                )
            };
            Line::from(vec![
                Span::styled(
                    format!(
                        "{} {:<24}",
                        if i == selected { ">" } else { " " },
                        entry.name
                    ),
                    item,
                ),
                Span::styled(entry.detail.clone(), detail_style),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}
