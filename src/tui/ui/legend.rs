//! The legend overlay: the marks of the screen and the rule of the algorithm shown, from
//! [`crate::view::legend`], drawn in the theme's glyphs and wrapped to the overlay's width so it
//! reads whole at 80x24 (it scrolls with the tree keys when it is longer than the screen; the title
//! says which lines are shown).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

use crate::puzzle::GameKind;
use crate::theme::{Slot, Theme};
use crate::tui::app::App;
use crate::view::legend::{Legend, Mark, legend_in};

use super::lesson::wrap;
use super::{centered, glyph_text, pane};
use crate::theme::GlyphSet;

/// Marks wider than this stand on a line of their own, the meaning indented under them.
const MARK_WIDTH: usize = 14;

/// The legend of the search the keys act on (the focused one in the split view).
pub fn of_app(app: &App) -> Legend {
    let app = match &app.split {
        Some(split) => crate::tui::app::split::focused(app, split),
        None => app,
    };
    legend_in(
        app.spec.config.algorithm,
        GameKind::of(&app.puzzle.position),
        app.session.view(),
    )
}

/// `text` in the theme's glyph set: with `--ascii` the legend's mathematical signs become
/// ASCII too (`≥` `>=`, `∞` `inf`, `⊆` `<=`, `²` `2`), beyond what [`glyph_text`] maps.
fn text_in(theme: &Theme, text: &str) -> String {
    let text = glyph_text(theme, text);
    if theme.glyph_set() == GlyphSet::Ascii {
        text.replace('≥', ">=")
            .replace('∞', "inf")
            .replace('▲', "^")
            .replace('▽', "v")
            .replace('✕', "x")
            .replace('⊆', "<=")
            .replace('²', "2")
    } else {
        text
    }
}

/// The legend's lines wrapped to `width` columns.
pub fn lines(legend: &Legend, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width).max(MARK_WIDTH + 10);
    let mut out = Vec::new();
    out.push(Line::from(Span::styled(
        text_in(theme, &format!("{}:", legend.rule_title)),
        theme.style(Slot::HelpGroup),
    )));
    for l in wrap(&text_in(theme, &legend.rule), (width - 2) as u16) {
        out.push(Line::from(Span::styled(
            format!("  {l}"),
            theme.style(Slot::HelpText),
        )));
    }
    for section in &legend.sections {
        out.push(Line::from(Span::styled(
            section.title.clone(),
            theme.style(Slot::HelpGroup),
        )));
        for entry in &section.entries {
            let mark = match &entry.mark {
                Mark::Glyph(key, suffix) => {
                    let g = theme
                        .glyphs()
                        .get(key)
                        .map_or("?".to_string(), |g| g.as_str().to_string());
                    // The paired marks draw both halves: "( )", "[ ]".
                    let close = match *key {
                        "last_move_open" => theme.glyphs().last_move_close.as_str(),
                        "selected_open" => theme.glyphs().selected_close.as_str(),
                        _ => "",
                    };
                    if close.is_empty() {
                        format!("{g}{suffix}")
                    } else {
                        format!("{g} {close}")
                    }
                }
                Mark::Text(t) => text_in(theme, t),
            };
            let meaning = text_in(theme, &entry.meaning);
            let indent = 2 + MARK_WIDTH + 2;
            let wrapped = wrap(&meaning, (width - indent) as u16);
            let key = theme.style(Slot::HelpKey);
            let text = theme.style(Slot::HelpText);
            if mark.width() > MARK_WIDTH {
                out.push(Line::from(Span::styled(format!("  {mark}"), key)));
                for l in wrapped {
                    out.push(Line::from(Span::styled(
                        format!("{}{l}", " ".repeat(indent)),
                        text,
                    )));
                }
            } else {
                let pad = MARK_WIDTH - mark.width();
                for (i, l) in wrapped.into_iter().enumerate() {
                    if i == 0 {
                        out.push(Line::from(vec![
                            Span::styled(format!("  {mark}{}  ", " ".repeat(pad)), key),
                            Span::styled(l, text),
                        ]));
                    } else {
                        out.push(Line::from(Span::styled(
                            format!("{}{l}", " ".repeat(indent)),
                            text,
                        )));
                    }
                }
            }
        }
    }
    out
}

/// Draws the overlay, scrolled by `scroll` lines (clamped so the last page stays full).
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, scroll: usize) {
    let rect = centered(
        area,
        area.width.saturating_sub(4),
        area.height.saturating_sub(2),
    );
    let legend = of_app(app);
    // The inner width of the pane (borders take two columns).
    let lines = lines(&legend, theme, rect.width.saturating_sub(2));
    let height = rect.height.saturating_sub(2) as usize;
    let scroll = scroll.min(lines.len().saturating_sub(height));
    let shown_to = (scroll + height).min(lines.len());
    let title = if lines.len() > height {
        format!(
            "Legend (q closes), lines {}-{shown_to} of {}, up/down scroll",
            scroll + 1,
            lines.len()
        )
    } else {
        "Legend (q closes)".to_string()
    };
    let block = pane(&title, theme, true);
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    frame.render_widget(Paragraph::new(lines).scroll((scroll as u16, 0)), inner);
}
