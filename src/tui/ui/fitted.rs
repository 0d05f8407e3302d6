//! Text that does not fit its pane says so (issue 18, newcomer review: lists cut at the
//! pane's edge with no sign that something was left out). A line wider than its room ends in
//! the theme's ellipsis ([`fit`]); lines taller than their pane are wrapped here and the last
//! row drawn reads "… 3 more lines" ([`wrap_cut`]), so what is drawn is what was counted
//! (the Why block's rule, `src/tui/ui/why.rs`).

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
    let mut out: Vec<Line<'static>> = lines.iter().flat_map(|l| wrap_styled(l, width)).collect();
    let height = usize::from(height);
    if out.len() > height && height > 0 {
        let left_out = out.len() - (height - 1);
        out.truncate(height - 1);
        out.push(Line::from(Span::styled(
            fit(
                &more_lines(left_out, ellipsis),
                usize::from(width),
                ellipsis,
            ),
            more_style,
        )));
    }
    out
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
}
