//! What the lesson checker reads of a drawn screen: the panes, and nothing outside them.
//!
//! The explorer draws every pane that teaches (the tree, the node pane, the board, the lesson
//! pane, the Why block, the iterations and chart panes) in a bordered block; the title line at
//! the top and the two status lines at the bottom stand outside any border. So the checker
//! finds the blocks in the drawn buffer by their corners ([`panes`]) and reads their titles
//! and rows only: a step cannot pass because the puzzle's title or the status line happens to
//! contain its words.
//!
//! The Why block wraps its lines at the block's width; a mention such as `>= beta -15` broken
//! across two rows would not be found row by row, so its rows are read back as the lines they
//! were wrapped from ([`why_lines`]), as far as the block shows them.

use ratatui::buffer::Buffer;
use ratatui::symbols::border;

use crate::theme::Theme;
use crate::tui::app::App;
use crate::tui::ui::{glyph_text, why};

/// One bordered block of the screen: the text of its top border (its title) and its inner
/// rows, right-trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pane {
    pub title: String,
    /// Columns between the side borders.
    pub width: u16,
    pub rows: Vec<String>,
}

/// The bordered blocks of `buffer` drawn with `set`, top to bottom and left to right. A block
/// is a top-left corner with a top-right corner on its row, a bottom-left corner under it,
/// the bottom-right corner where both meet, and the side borders between.
pub fn panes(buffer: &Buffer, set: &border::Set) -> Vec<Pane> {
    let area = buffer.area;
    let sym = |x: u16, y: u16| buffer[(x, y)].symbol();
    let mut out = Vec::new();
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            if sym(x, y) != set.top_left {
                continue;
            }
            let Some(x2) = (x + 1..area.right()).find(|&c| sym(c, y) == set.top_right) else {
                continue;
            };
            let Some(y2) = (y + 1..area.bottom()).find(|&r| sym(x, r) != set.vertical_left) else {
                continue;
            };
            let closed = sym(x, y2) == set.bottom_left
                && sym(x2, y2) == set.bottom_right
                && (y + 1..y2).all(|r| sym(x2, r) == set.vertical_right);
            if !closed {
                continue;
            }
            let text = |r: u16| -> String { (x + 1..x2).map(|c| sym(c, r)).collect() };
            let title = text(y)
                .trim_matches(|c: char| set.horizontal_top.contains(c))
                .to_string();
            let rows = (y + 1..y2)
                .map(|r| text(r).trim_end().to_string())
                .collect();
            out.push(Pane {
                title,
                width: x2 - x - 1,
                rows,
            });
        }
    }
    out
}

/// The text the checker holds a step against: each pane's title and rows, one a line, with the
/// Why block's rows given back as the lines they were wrapped from.
pub fn teaching_text(buffer: &Buffer, app: &App, theme: &Theme) -> String {
    let mut out = String::new();
    for pane in panes(buffer, &theme.glyphs().border_set()) {
        out.push_str(&pane.title);
        out.push('\n');
        let rows = if pane.title.starts_with("Why") {
            why_lines(&pane, app, theme)
        } else {
            pane.rows
        };
        for r in rows {
            out.push_str(&r);
            out.push('\n');
        }
    }
    out
}

/// The Why block's text as far as `pane` shows it: each line of the explanation whose wrapped
/// rows are on screen, joined back into one line (a line cut by the block's last row keeps
/// the part shown). The rows after a "… N more lines" marker are not shown, so not read.
fn why_lines(pane: &Pane, app: &App, theme: &Theme) -> Vec<String> {
    let Some(x) = app.session.explain() else {
        return pane.rows.clone();
    };
    let ellipsis = theme.glyphs().ellipsis.as_str();
    let marker = |r: &String| r.starts_with(ellipsis) && r.contains(" more line");
    let above = pane
        .rows
        .first()
        .is_some_and(|r| r.starts_with(ellipsis) && r.contains(" above"));
    if above {
        // Scrolled: read the rows as drawn.
        return pane.rows.clone();
    }
    let shown = pane.rows.len() - usize::from(pane.rows.last().is_some_and(marker));
    let mut left = shown;
    let mut out = Vec::new();
    for line in std::iter::once(&x.headline).chain(&x.lines) {
        if left == 0 {
            break;
        }
        let rows = why::wrap_line(&glyph_text(theme, line), pane.width.max(1));
        let take = rows.len().min(left);
        left -= take;
        out.push(rows[..take].join(" "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::widgets::{Block, Borders, Paragraph, Widget};

    #[test]
    fn panes_are_read_by_their_borders_and_the_lines_outside_are_not() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 30, 8));
        buffer.set_string(
            0,
            0,
            "plyscope title: alpha cutoff",
            ratatui::style::Style::default(),
        );
        let block = |title: &'static str| Block::default().borders(Borders::ALL).title(title);
        Paragraph::new("n1 (-inf, 15, inf)\nn2")
            .block(block("Tree"))
            .render(Rect::new(0, 1, 20, 4), &mut buffer);
        Paragraph::new("value 3")
            .block(block("Node"))
            .render(Rect::new(20, 1, 10, 3), &mut buffer);
        buffer.set_string(
            0,
            7,
            "step 3/9 | alpha cutoff",
            ratatui::style::Style::default(),
        );
        let found = panes(&buffer, &border::PLAIN);
        assert_eq!(
            found,
            [
                Pane {
                    title: "Tree".to_string(),
                    width: 18,
                    rows: vec!["n1 (-inf, 15, inf)".to_string(), "n2".to_string()],
                },
                Pane {
                    title: "Node".to_string(),
                    width: 8,
                    rows: vec!["value 3".to_string()],
                },
            ]
        );
    }
}
