//! The status lines: step i / n, the algorithm, the limits and the search's progress or result on
//! the first; the keys from the keymap's footer, or the note of the last action, on the second.
//! While a lambda search is shown the footer adds its keys (level, zone order, A/D zone), making
//! room at narrow widths by leaving out the picker and play keys first.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::theme::{Slot, Theme};
use unicode_width::UnicodeWidthStr;

use crate::tui::app::{App, SPEEDS};
use crate::tui::keymap::{Action, FooterItem};

use super::glyph_text;

/// The first status line's text in at most `width` columns: whole when it fits; else
/// without the limits and with the step as "12/340"; what still does not fit is cut with the
/// theme's ellipsis (`ellipsis`), so the line never runs off the screen unmarked.
pub fn summary_fitted(app: &App, width: usize, ellipsis: &str) -> String {
    let full = summary_text(app);
    if full.width() <= width {
        return full;
    }
    let short = summary_parts(app, false);
    if short.width() <= width {
        return short;
    }
    let mut out = String::new();
    let room = width.saturating_sub(ellipsis.width());
    for c in short.chars() {
        if out.width() + unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) > room {
            break;
        }
        out.push(c);
    }
    out.push_str(ellipsis);
    out
}

/// The first status line's text.
pub fn summary_text(app: &App) -> String {
    summary_parts(app, true)
}

/// The first status line with (`full`) or without the limits and the word "step".
fn summary_parts(app: &App, full: bool) -> String {
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
    let mut text = if full {
        format!(
            "step {}/{} | {} | {}",
            app.session.step(),
            app.session.len(),
            algorithm,
            limits
        )
    } else {
        format!(
            "{}/{} | {}",
            app.session.step(),
            app.session.len(),
            algorithm
        )
    };
    if app.playing {
        text.push_str(&format!(" | playing x{}", SPEEDS[app.speed]));
    }
    if let Some(note) = app.bookmarks.note(app.session.step()) {
        text.push_str(&format!(" | {note}"));
    }
    let unrecorded = app.session.unrecorded();
    if unrecorded > 0 {
        text.push_str(&format!(
            " | record full at {} events (--record)",
            app.session.len()
        ));
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
    let text = glyph_text(theme, &summary_text(app));
    let first = if text.width() <= area.width as usize {
        text
    } else {
        let fitted = summary_fitted(app, area.width as usize, theme.glyphs().ellipsis.as_str());
        glyph_text(theme, &fitted)
    };
    let first = Line::from(Span::styled(first, bar));
    let second = match &app.message {
        // A note wider than the screen ends in the ellipsis instead of at the edge.
        Some(m) => Line::from(Span::styled(
            super::fitted::fit(
                &glyph_text(theme, m),
                area.width as usize,
                theme.glyphs().ellipsis.as_str(),
            ),
            theme.style(Slot::Warning),
        )),
        None => {
            let mut spans = Vec::new();
            for item in footer_items(app, area.width as usize) {
                spans.push(Span::styled(item.key.clone(), theme.style(Slot::StatusKey)));
                spans.push(Span::styled(
                    format!(" {}  ", glyph_text(theme, item.label)),
                    bar,
                ));
            }
            Line::from(spans)
        }
    };
    frame.render_widget(Paragraph::new(vec![first, second]).style(bar), area);
}

/// The footer's items: the keymap's footer ("next cutoff" reads "next proof" in a
/// proof-number search), with the lambda keys after "next cutoff" while a lambda search is
/// shown; items the width cannot hold are left out, the picker's and
/// play's first.
pub fn footer_items(app: &App, width: usize) -> Vec<FooterItem> {
    let mut items = app.keymap.footer();
    // In a proof-number search the same key steps to the next proof (there are no cutoffs).
    if app.is_proof() {
        for item in items
            .iter_mut()
            .filter(|i| i.action == Action::StepNextCutoff)
        {
            item.label = "next proof";
        }
    }
    if app.is_lambda() {
        let extras = [
            (Action::LevelUp, "λ level"),
            (Action::CycleZoneOrder, "zone"),
            (Action::SwitchZone, "A/D"),
        ];
        let at = items
            .iter()
            .position(|i| i.action == Action::StepNextCutoff)
            .map_or(items.len(), |i| i + 1);
        let extras: Vec<FooterItem> = extras
            .into_iter()
            .filter_map(|(action, label)| {
                let key = app.keymap.keys(action).first()?;
                Some(FooterItem {
                    action,
                    key: key.to_string(),
                    label,
                })
            })
            .collect();
        items.splice(at..at, extras);
    }
    let used = |items: &[FooterItem]| -> usize {
        items
            .iter()
            .map(|i| i.key.width() + 1 + i.label.width() + 2)
            .sum::<usize>()
            .saturating_sub(2)
    };
    for droppable in [Action::OpenPicker, Action::PlayPause] {
        if used(&items) <= width {
            break;
        }
        items.retain(|i| i.action != droppable);
    }
    items
}
