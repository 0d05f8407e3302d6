//! The status lines (issue 3, deliverable 3): step i / n, the algorithm, the limits and the
//! search's progress or result on the first; the keys from the keymap's footer, or the note
//! of the last action, on the second.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::{Slot, Theme};
use crate::tui::app::{App, SPEEDS};

use super::glyph_text;

/// The first status line's text.
pub fn summary_text(app: &App) -> String {
    let limits = &app.spec.limits;
    let mut parts = Vec::new();
    if let Some(d) = limits.max_depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(format!("{n} nodes"));
    }
    if let Some(t) = limits.time {
        parts.push(format!("{}s", t.as_secs_f64()));
    }
    let limits = if parts.is_empty() {
        "no limits".to_string()
    } else {
        parts.join(", ")
    };
    let algorithm = if app.is_lambda() {
        // The level keys change it: the status line shows it.
        let level = app.spec.config.lambda.max_level;
        format!(
            "{} max λ{level}{}",
            app.spec.config.algorithm.name(),
            if app.spec.root_analysis {
                ", root analysis"
            } else {
                ""
            }
        )
    } else {
        app.spec.config.algorithm.name().to_string()
    };
    let mut text = format!(
        "step {}/{} | {} | {}",
        app.session.step(),
        app.session.len(),
        algorithm,
        limits
    );
    if app.playing {
        text.push_str(&format!(" | playing x{}", SPEEDS[app.speed]));
    }
    let unrecorded = app.session.unrecorded();
    if unrecorded > 0 {
        text.push_str(&format!(" | record full at {} events", app.session.len()));
    }
    match &app.summary {
        Some(s) => text.push_str(&format!(" | {s}")),
        None => {
            let p = &app.progress;
            text.push_str(&format!(
                " | searching: {}{} nodes, {:.0}/s",
                if p.estimated { "~" } else { "" },
                p.nodes,
                p.nodes_per_second
            ));
            if let Some(d) = p.depth {
                text.push_str(&format!(", depth {d}"));
            }
            if let Some(m) = &p.best_move {
                text.push_str(&format!(", best {m}"));
            }
        }
    }
    text
}

/// Draws the two lines.
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let bar = theme.style(Slot::StatusBar);
    let first = Line::from(Span::styled(glyph_text(theme, &summary_text(app)), bar));
    let second = match &app.message {
        Some(m) => Line::from(Span::styled(
            glyph_text(theme, m),
            theme.style(Slot::Warning),
        )),
        None => {
            let mut spans = Vec::new();
            for item in app.keymap.footer() {
                spans.push(Span::styled(item.key.clone(), theme.style(Slot::StatusKey)));
                spans.push(Span::styled(format!(" {}  ", item.label), bar));
            }
            Line::from(spans)
        }
    };
    frame.render_widget(Paragraph::new(vec![first, second]).style(bar), area);
}
