//! The puzzle picker: the bundled puzzles, then the puzzle files of the directory the explorer was
//! started in, with their game, size and expected result (or why a file does not load); choosing
//! one opens it and starts its search. The same list draws the split view's algorithm picker
//! ([`render_algorithms`]).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use crate::theme::{Slot, Theme};
use crate::tui::app::App;

use super::{centered, pane};

/// Draws the puzzle picker with entry `selected` highlighted; when that entry is a file that
/// does not load, why, whole and wrapped, under the list (its row has room for the start
/// only).
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, selected: usize) {
    let entries: Vec<(&str, &str)> = app
        .picker
        .iter()
        .map(|e| (e.name.as_str(), e.detail.as_str()))
        .collect();
    let problem = app.picker.get(selected).and_then(|e| e.problem.as_deref());
    render_list_with(
        frame,
        area,
        theme,
        "Puzzles (enter opens, q closes)",
        &entries,
        24,
        selected,
        problem,
    );
}

/// The same list widget over `app.picker` under another title (the lesson picker's,
/// [`crate::tui::app::lesson_picker`]).
pub fn render_titled(
    frame: &mut Frame,
    area: Rect,
    app: &App,
    theme: &Theme,
    selected: usize,
    title: &str,
) {
    let entries: Vec<(&str, &str)> = app
        .picker
        .iter()
        .map(|e| (e.name.as_str(), e.detail.as_str()))
        .collect();
    let problem = app.picker.get(selected).and_then(|e| e.problem.as_deref());
    render_list_with(frame, area, theme, title, &entries, 24, selected, problem);
}

/// Draws the split view's algorithm picker: the algorithms the puzzle can run with their summaries
/// ([`crate::tui::app::split::pick_entries`]).
pub fn render_algorithms(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, selected: usize) {
    let entries: Vec<(&str, &str)> = crate::tui::app::split::pick_entries(app)
        .into_iter()
        .map(|(a, summary)| (a.name(), summary))
        .collect();
    let width = entries.iter().map(|e| e.0.len()).max().unwrap_or(0) + 1;
    render_list(
        frame,
        area,
        theme,
        "Second search of the split (enter opens, q closes)",
        &entries,
        width,
        selected,
    );
}

/// A list of `(name, detail)` entries in a centred pane, the names padded to `name_width`,
/// entry `selected` highlighted and kept in view.
pub fn render_list(
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
    title: &str,
    entries: &[(&str, &str)],
    name_width: usize,
    selected: usize,
) {
    render_list_with(
        frame, area, theme, title, entries, name_width, selected, None,
    );
}

/// [`render_list`] with `note` (the selected entry's error) wrapped to the pane's width
/// under the list, in at most half its rows.
#[allow(clippy::too_many_arguments)]
fn render_list_with(
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
    title: &str,
    entries: &[(&str, &str)],
    name_width: usize,
    selected: usize,
    note: Option<&str>,
) {
    let rect = centered(
        area,
        area.width.saturating_sub(8),
        area.height.saturating_sub(4),
    );
    let block = pane(title, theme, true);
    let mut inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    if let Some(note) = note {
        let lines: Vec<Line> = super::lesson::wrap(note, inner.width)
            .into_iter()
            .take(inner.height as usize / 2)
            .map(|l| Line::from(Span::styled(l, theme.style(Slot::Warning))))
            .collect();
        let rows = lines.len() as u16;
        let below = Rect {
            y: inner.y + inner.height - rows,
            height: rows,
            ..inner
        };
        inner.height -= rows;
        frame.render_widget(Paragraph::new(lines), below);
    }
    let height = inner.height as usize;
    let top = (selected + 1).saturating_sub(height);
    let lines: Vec<Line> = entries
        .iter()
        .enumerate()
        .skip(top)
        .take(height)
        .map(|(i, (name, detail))| {
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
                        "{} {:<name_width$}",
                        if i == selected { ">" } else { " " },
                        name
                    ),
                    item,
                ),
                Span::styled(detail.to_string(), detail_style),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}
