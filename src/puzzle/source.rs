//! Where things are in a puzzle file: byte offsets to 1-based lines and columns, and offsets
//! inside a string value (a `board` diagram, a `tree`) back to offsets in the file.
//!
//! TOML hands us the span of a string value including its quotes. When the string is written
//! verbatim (a literal string, or a basic string without escapes) its content is a plain
//! slice of the file, so an offset inside the value maps to the file by adding where the
//! content starts. With escapes the mapping is not linear; we then point at the value itself.

use std::ops::Range;

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineColumn {
    pub line: usize,
    pub column: usize,
}

/// The line and column of byte `offset` in `text`. Offsets past the end (or inside a
/// multi-byte character) are clamped to the nearest character boundary before them.
pub(crate) fn line_column(text: &str, offset: usize) -> LineColumn {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    LineColumn {
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
    }
}

/// The file offset where the content of the string value spanning `span` starts, if the
/// content appears verbatim in the file (so `start + i` is where byte `i` of `value` is).
pub(crate) fn verbatim_content_start(
    text: &str,
    span: &Range<usize>,
    value: &str,
) -> Option<usize> {
    let raw = text.get(span.clone())?;
    let delimiter = ["\"\"\"", "'''", "\"", "'"]
        .into_iter()
        .find(|d| raw.starts_with(d) && raw.ends_with(d) && raw.len() >= 2 * d.len())?;
    let inner = &raw[delimiter.len()..raw.len() - delimiter.len()];
    // A newline right after an opening triple quote is not part of the value.
    let skip = if delimiter.len() == 3 {
        if inner.starts_with("\r\n") {
            2
        } else if inner.starts_with('\n') {
            1
        } else {
            0
        }
    } else {
        0
    };
    (&inner[skip..] == value).then_some(span.start + delimiter.len() + skip)
}

/// Maps an offset inside a string value to an offset in the file: exact when the value is
/// verbatim, otherwise the start of the value.
pub(crate) fn offset_in_string(
    text: &str,
    span: &Range<usize>,
    value: &str,
    inner: usize,
) -> usize {
    match verbatim_content_start(text, span, value) {
        Some(start) => start + inner.min(value.len()),
        None => span.start,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_are_one_based() {
        let text = "ab\ncdé\nf";
        assert_eq!(line_column(text, 0), LineColumn { line: 1, column: 1 });
        assert_eq!(line_column(text, 3), LineColumn { line: 2, column: 1 });
        // 'é' is two bytes (5 and 6); the newline after it is byte 7, 'f' byte 8.
        assert_eq!(line_column(text, 7), LineColumn { line: 2, column: 4 });
        assert_eq!(line_column(text, 8), LineColumn { line: 3, column: 1 });
        // Past the end and inside a character: clamped, never a panic.
        assert_eq!(line_column(text, 999), LineColumn { line: 3, column: 2 });
        assert_eq!(line_column(text, 6), LineColumn { line: 2, column: 3 });
    }

    #[test]
    fn verbatim_strings_map_exactly() {
        let text = "board = \"\"\"\n. X\nO .\n\"\"\"\n";
        let span = 8..text.len() - 1;
        assert_eq!(verbatim_content_start(text, &span, ". X\nO .\n"), Some(12));
        assert_eq!(offset_in_string(text, &span, ". X\nO .\n", 4), 16);
        let literal = "tree = '(a 1 2)'";
        assert_eq!(
            verbatim_content_start(literal, &(7..16), "(a 1 2)"),
            Some(8)
        );
    }

    #[test]
    fn escaped_strings_fall_back_to_the_value() {
        let text = "tree = \"(a \\u0031 2)\"";
        let span = 7..text.len();
        assert_eq!(verbatim_content_start(text, &span, "(a 1 2)"), None);
        assert_eq!(offset_in_string(text, &span, "(a 1 2)", 3), 7);
        // A span that is not a string at all.
        assert_eq!(verbatim_content_start(text, &(0..4), "tree"), None);
        assert_eq!(verbatim_content_start(text, &(50..60), "x"), None);
    }
}
