//! The puzzle picker (issue 3, deliverable 3): the bundled puzzles with their game, size and
//! expected result; choosing one opens it and starts its search.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::puzzle;
use crate::theme::{Slot, Theme};
use crate::tui::app::App;

use super::{centered, pane};

/// Draws the overlay with entry `selected` highlighted.
pub fn render(frame: &mut Frame, area: Rect, _app: &App, theme: &Theme, selected: usize) {
    let rect = centered(
        area,
        area.width.saturating_sub(8),
        area.height.saturating_sub(4),
    );
    let block = pane("Puzzles (enter opens, q closes)", theme, true);
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    let height = inner.height as usize;
    let top = (selected + 1).saturating_sub(height);
    let lines: Vec<Line> = puzzle::bundled()
        .iter()
        .enumerate()
        .skip(top)
        .take(height)
        .map(|(i, bundled)| {
            let detail = match bundled.load() {
                Ok(p) => format!(
                    "{:<14} {}",
                    p.position.description(),
                    p.expect.as_ref().map_or("-".to_string(), |e| e.summary())
                ),
                Err(e) => e.to_string(),
            };
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
                        bundled.name
                    ),
                    item,
                ),
                Span::styled(detail, detail_style),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}
