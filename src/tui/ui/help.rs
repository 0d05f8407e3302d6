//! The help overlay: every binding of the keymap with its description, grouped, generated from
//! [`crate::tui::keymap::Keymap::help_rows`] so it never disagrees with the keys. The groups say
//! which keys move the selection in the tree and which move through the search; the first line
//! points to the legend ([`super::legend`]); descriptions wrap, so no line is cut at 80 columns.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use unicode_width::UnicodeWidthStr;

use crate::theme::{Slot, Theme};
use crate::tui::app::App;
use crate::tui::keymap::Action;

use super::lesson::wrap;
use super::{centered, glyph_text, pane};

/// Draws the overlay, scrolled by `scroll` lines (clamped so the last page stays full).
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, scroll: usize) {
    let rect = centered(
        area,
        area.width.saturating_sub(4),
        area.height.saturating_sub(2),
    );
    let lines = lines(app, theme, rect.width.saturating_sub(2));
    let height = rect.height.saturating_sub(2) as usize;
    let scroll = scroll.min(lines.len().saturating_sub(height));
    let title = if lines.len() > height {
        format!(
            "Keys (q closes), lines {}-{} of {}, up/down scroll",
            scroll + 1,
            (scroll + height).min(lines.len()),
            lines.len()
        )
    } else {
        "Keys (q closes)".to_string()
    };
    let block = pane(&title, theme, true);
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    frame.render_widget(Paragraph::new(lines).scroll((scroll as u16, 0)), inner);
}

/// The help's lines at `width` columns: first where the legend is, then every group of
/// keys with its heading; a description that does not fit wraps under itself, so no line
/// is cut at 80 columns.
pub fn lines(app: &App, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width).max(30);
    let rows = app.keymap.help_rows();
    let key_width = rows
        .iter()
        .map(|r| r.keys.width())
        .max()
        .unwrap_or(0)
        .min(16);
    let mut lines = Vec::new();
    let legend_keys = app
        .keymap
        .keys(Action::ToggleLegend)
        .iter()
        .map(|k| k.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let g = theme.glyphs();
    let marks = [g.exact, g.lower, g.upper, g.cutoff, g.best]
        .iter()
        .map(|m| m.as_str().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let pointer = if legend_keys.is_empty() {
        format!("What the marks mean ({marks} [pn, dn] λ2 X1-3 ...): bind toggle_legend")
    } else {
        format!(
            "What the marks mean ({marks} [pn, dn] λ2 X1-3 ...): {legend_keys} opens the legend"
        )
    };
    for l in wrap(&glyph_text(theme, &pointer), width as u16) {
        lines.push(Line::from(Span::styled(l, theme.style(Slot::HelpText))));
    }
    for l in wrap(&cursors(app), width as u16) {
        lines.push(Line::from(Span::styled(l, theme.style(Slot::HelpText))));
    }
    let mut group = None;
    for row in &rows {
        if group != Some(row.group) {
            group = Some(row.group);
            for l in wrap(row.group.title(), width as u16) {
                lines.push(Line::from(Span::styled(l, theme.style(Slot::HelpGroup))));
            }
        }
        let indent = 2 + key_width + 2;
        // Keys wider than the column stand on their own line.
        let keys_alone = row.keys.width() > key_width;
        let wrapped = wrap(row.description, width.saturating_sub(indent).max(10) as u16);
        if keys_alone {
            lines.push(Line::from(Span::styled(
                format!("  {}", row.keys),
                theme.style(Slot::HelpKey),
            )));
        }
        for (i, l) in wrapped.into_iter().enumerate() {
            let lead = if i == 0 && !keys_alone {
                let pad = key_width - row.keys.width();
                format!("  {}{}  ", row.keys, " ".repeat(pad))
            } else {
                " ".repeat(indent)
            };
            lines.push(Line::from(vec![
                Span::styled(lead, theme.style(Slot::HelpKey)),
                Span::styled(l, theme.style(Slot::HelpText)),
            ]));
        }
    }
    lines
}

/// The two cursors in one sentence, with the keys bound now: the jumps move the selection,
/// the stepping keys the replay.
fn cursors(app: &App) -> String {
    let first = |a: Action| app.keymap.keys(a).first().map(|k| k.to_string());
    let jumps: Vec<String> = [
        Action::JumpNextCutoff,
        Action::JumpNextTtHit,
        Action::JumpNextIteration,
    ]
    .into_iter()
    .filter_map(first)
    .collect();
    let steps: Vec<String> = [Action::StepForward, Action::StepNextCutoff]
        .into_iter()
        .filter_map(first)
        .collect();
    format!(
        "Two cursors: the selection (the row the node pane describes) and the replay (the \
         step the search is shown at). {} move the selection only, the replay stays; {} move \
         the replay.",
        if jumps.is_empty() {
            "The jump keys".to_string()
        } else {
            jumps.join(" ")
        },
        if steps.is_empty() {
            "the step keys".to_string()
        } else {
            steps.join(" ")
        }
    )
}
