//! Text that does not fit its pane says so: a list cut at the pane's edge must show that
//! something was left out. A line wider than its room ends in the theme's ellipsis ([`fit`]); lines
//! taller than their pane are wrapped here and the last row drawn reads "… 3 more lines"
//! ([`wrap_cut`]), so what is drawn is what was counted (the Why block's rule,
//! `src/tui/ui/why.rs`).

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::lesson::wrap;

/// `text` in at most `width` columns: whole when it fits, else cut and ended by `ellipsis`.
pub fn fit(text: &str, width: usize, ellipsis: &str) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let room = width.saturating_sub(ellipsis.width());
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > room {
            break;
        }
        used += w;
        out.push(c);
    }
    if width >= ellipsis.width() {
        out.push_str(ellipsis);
    }
    out
}

/// `line` in at most `width` columns: whole when it fits, else cut and ended by `ellipsis`
/// in the style of the span it cut (a tree row cut at the pane's edge says so, rather than
/// reading `(-12, =-2, -1` for `(-12, =-2, -11)`).
pub fn fit_line(line: Line<'static>, width: usize, ellipsis: &str) -> Line<'static> {
    if line.width() <= width {
        return line;
    }
    let room = width.saturating_sub(ellipsis.width());
    let mut used = 0;
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut last_style = Style::default();
    for span in line.spans {
        last_style = span.style;
        let w = span.content.width();
        if used + w <= room {
            used += w;
            spans.push(span);
            continue;
        }
        let mut cut = String::new();
        for c in span.content.chars() {
            let cw = c.width().unwrap_or(0);
            if used + cw > room {
                break;
            }
            used += cw;
            cut.push(c);
        }
        spans.push(Span::styled(cut, span.style));
        break;
    }
    if width >= ellipsis.width() {
        spans.push(Span::styled(ellipsis.to_string(), last_style));
    }
    Line::from(spans).style(line.style)
}

/// "… 3 more lines" ("… 1 more line"), with the theme's ellipsis.
pub fn more_lines(n: usize, ellipsis: &str) -> String {
    format!("{ellipsis} {n} more line{}", if n == 1 { "" } else { "s" })
}

/// `lines` wrapped at spaces to `width` columns, each piece keeping its styles, in at most
/// `height` rows: when they need more, the last row is [`more_lines`] in `more_style`
/// instead of the rows left out.
pub fn wrap_cut(
    lines: Vec<Line<'_>>,
    width: u16,
    height: u16,
    ellipsis: &str,
    more_style: Style,
) -> Vec<Line<'static>> {
    let rows: Vec<Line<'static>> = lines.iter().flat_map(|l| wrap_styled(l, width)).collect();
    scroll_cut(
        rows,
        width,
        height,
        &Scroll::default(),
        ellipsis,
        more_style,
    )
}

/// How far a text pane is scrolled, and the keys that scroll it (named in the markers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scroll {
    /// Rows scrolled past from the top.
    pub rows: usize,
    /// The key that shows the rows below ("}"), the one that goes back ("{"); empty: none.
    pub down_key: String,
    pub up_key: String,
}

/// The most rows `total` rows can be scrolled in `height` rows: the last page fills the
/// pane after its "above" marker (so the rest of a pane that ends in "… N more lines" can be
/// read).
pub fn max_scroll(total: usize, height: usize) -> usize {
    if total <= height || height < 3 {
        0
    } else {
        total - (height - 1)
    }
}

/// Rows already wrapped, in at most `height` rows from `scroll.rows` on (clamped by
/// [`max_scroll`]): rows scrolled past are counted on the first row ("… 4 lines above ({
/// back)"), rows below on the last ("… 3 more lines (} scrolls)"), each in `more_style`.
pub fn scroll_cut(
    mut rows: Vec<Line<'static>>,
    width: u16,
    height: u16,
    scroll: &Scroll,
    ellipsis: &str,
    more_style: Style,
) -> Vec<Line<'static>> {
    let height = usize::from(height);
    let width = usize::from(width);
    if rows.len() <= height || height == 0 {
        return rows;
    }
    let marker = |text: String| Line::from(Span::styled(fit(&text, width, ellipsis), more_style));
    let skip = scroll.rows.min(max_scroll(rows.len(), height));
    let mut out = Vec::with_capacity(height);
    let mut room = height;
    if skip > 0 {
        let mut text = format!(
            "{ellipsis} {skip} line{} above",
            if skip == 1 { "" } else { "s" }
        );
        if !scroll.up_key.is_empty() {
            text.push_str(&format!(" ({} back)", scroll.up_key));
        }
        out.push(marker(text));
        room -= 1;
    }
    let rest = rows.split_off(skip);
    if rest.len() <= room {
        out.extend(rest);
        return out;
    }
    let left_out = rest.len() - (room - 1);
    out.extend(rest.into_iter().take(room - 1));
    let mut text = more_lines(left_out, ellipsis);
    if !scroll.down_key.is_empty() {
        text.push_str(&format!(" ({} scrolls)", scroll.down_key));
    }
    out.push(marker(text));
    out
}

/// `lines` wrapped at spaces to `width` columns, each piece keeping its styles.
pub fn wrap_lines(lines: &[Line<'_>], width: u16) -> Vec<Line<'static>> {
    lines.iter().flat_map(|l| wrap_styled(l, width)).collect()
}

/// One styled line wrapped to `width`: the text is wrapped as the lesson pane wraps prose,
/// then each character takes back the style it had (wrapping only drops spaces at breaks).
fn wrap_styled(line: &Line<'_>, width: u16) -> Vec<Line<'static>> {
    let styled: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|s| {
            let style = line.style.patch(s.style);
            s.content.chars().map(move |c| (c, style))
        })
        .collect();
    let plain: String = styled.iter().map(|&(c, _)| c).collect();
    let pieces = wrap(&plain, width);
    if pieces.is_empty() {
        return vec![Line::default()];
    }
    let mut at = 0;
    pieces
        .into_iter()
        .map(|piece| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            let mut run = String::new();
            let mut run_style = None;
            for c in piece.chars() {
                // Skip what the wrapping dropped (spaces at a break).
                while at < styled.len() && styled[at].0 != c {
                    at += 1;
                }
                let style = styled.get(at).map_or(Style::default(), |&(_, s)| s);
                at += 1;
                if run_style.is_some_and(|s| s != style) {
                    spans.push(Span::styled(
                        std::mem::take(&mut run),
                        run_style.unwrap_or_default(),
                    ));
                }
                run_style = Some(style);
                run.push(c);
            }
            if !run.is_empty() {
                spans.push(Span::styled(run, run_style.unwrap_or_default()));
            }
            Line::from(spans)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Style};

    #[test]
    fn a_line_too_wide_ends_in_the_ellipsis() {
        assert_eq!(fit("abcdef", 6, "…"), "abcdef");
        assert_eq!(fit("abcdefg", 6, "…"), "abcde…");
        assert_eq!(fit("abcdefg", 6, "..."), "abc...");
    }

    #[test]
    fn lines_too_tall_end_in_a_count_of_the_rest() {
        let red = Style::default().fg(Color::Red);
        let lines = vec![
            Line::from(vec![
                Span::styled("label     ", red),
                Span::raw("one two three four five six"),
            ]),
            Line::from("seven"),
            Line::from("eight"),
        ];
        // 20 columns: the first line takes two rows, so four in all.
        let all = wrap_cut(lines.clone(), 20, 10, "…", Style::default());
        let text: Vec<String> = all.iter().map(|l| l.to_string()).collect();
        assert_eq!(
            text,
            ["label     one two", "three four five six", "seven", "eight"]
        );
        // The label keeps its style after wrapping.
        assert_eq!(all[0].spans[0].content, "label     ");
        assert_eq!(all[0].spans[0].style, red);
        let cut = wrap_cut(lines, 20, 3, "…", Style::default());
        let text: Vec<String> = cut.iter().map(|l| l.to_string()).collect();
        assert_eq!(
            text,
            ["label     one two", "three four five six", "… 2 more lines"]
        );
    }

    /// A pane cut with "… N more lines" must offer a way to read the rest. Scrolled, the first row
    /// counts the rows above, the last the rows below, each naming its key; the scroll stops when
    /// the last row shows.
    #[test]
    fn scrolled_text_counts_the_rows_above_and_below() {
        let rows: Vec<Line<'static>> = (1..=10).map(|i| Line::from(format!("r{i}"))).collect();
        let keys = |n: usize| Scroll {
            rows: n,
            down_key: "}".to_string(),
            up_key: "{".to_string(),
        };
        let text = |n: usize| -> Vec<String> {
            scroll_cut(rows.clone(), 30, 4, &keys(n), "…", Style::default())
                .iter()
                .map(|l| l.to_string())
                .collect()
        };
        assert_eq!(text(0), ["r1", "r2", "r3", "… 7 more lines (} scrolls)"]);
        assert_eq!(
            text(2),
            [
                "… 2 lines above ({ back)",
                "r3",
                "r4",
                "… 6 more lines (} scrolls)"
            ]
        );
        assert_eq!(max_scroll(10, 4), 7);
        let end = ["… 7 lines above ({ back)", "r8", "r9", "r10"];
        assert_eq!(text(7), end);
        assert_eq!(text(50), end, "clamped to the last page");
        // Text that fits is never scrolled.
        assert_eq!(max_scroll(4, 4), 0);
        let short = scroll_cut(rows[..3].to_vec(), 30, 4, &keys(2), "…", Style::default());
        assert_eq!(short.len(), 3);
    }

    #[test]
    fn a_line_too_wide_ends_in_the_ellipsis_in_its_cut_spans_style() {
        let red = Style::default().fg(ratatui::style::Color::Red);
        let line = Line::from(vec![
            Span::raw("null move "),
            Span::styled("(-12, =-2, -11)", red),
        ]);
        let cut = fit_line(line.clone(), 24, "…");
        assert_eq!(cut.width(), 24);
        assert_eq!(cut.to_string(), "null move (-12, =-2, -1…");
        assert_eq!(cut.spans.last().unwrap().style, red);
        assert_eq!(fit_line(line.clone(), 25, "~"), line, "it fits whole");
        assert_eq!(fit_line(line, 5, "~").to_string(), "null~");
    }
}
