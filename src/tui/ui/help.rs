//! The help overlay (issue 3, deliverable 3): every binding of the keymap with its
//! description, grouped, generated from [`crate::tui::keymap::Keymap::help_rows`] so it
//! never disagrees with the keys.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::{Slot, Theme};
use crate::tui::app::App;

use super::{centered, pane};

/// Draws the overlay, scrolled by `scroll` lines.
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, scroll: usize) {
    let rect = centered(
        area,
        area.width.saturating_sub(4),
        area.height.saturating_sub(2),
    );
    let block = pane("Keys (q closes)", theme, true);
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    let rows = app.keymap.help_rows();
    let key_width = rows.iter().map(|r| r.keys.len()).max().unwrap_or(0).min(24);
    let mut lines = Vec::new();
    let mut group = None;
    for row in &rows {
        if group != Some(row.group) {
            group = Some(row.group);
            lines.push(Line::from(Span::styled(
                row.group.title(),
                theme.style(Slot::HelpGroup),
            )));
        }
        lines.push(Line::from(vec![
            Span::styled(
                format!("  {:<key_width$}  ", row.keys),
                theme.style(Slot::HelpKey),
            ),
            Span::styled(row.description, theme.style(Slot::HelpText)),
        ]));
    }
    let scroll = scroll.min(lines.len().saturating_sub(1));
    frame.render_widget(Paragraph::new(lines).scroll((scroll as u16, 0)), inner);
}
