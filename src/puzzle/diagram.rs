//! Board diagrams in puzzle files.
//!
//! The first line is the top row; `X` or `B` is a black stone (the first player), `O` or `W`
//! a white one, `.` an empty point. Spaces and tabs between cells are optional and ignored,
//! so a Hex rhombus may be indented row by row. Blank lines before the first row and after
//! the last are ignored; a blank line between rows is a row with no cells (an error).

use crate::game::{Player, Point};

/// What is wrong with a diagram, and where: a byte offset into the diagram text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DiagramError {
    pub offset: usize,
    pub message: String,
}

/// The stones of a `columns` x `rows` diagram, from the bottom-left point up, as
/// `(point, player)` with point `x + y * columns`, `y = 0` the bottom row.
pub(crate) fn parse_diagram(
    text: &str,
    columns: usize,
    rows: usize,
) -> Result<Vec<(Point, Player)>, DiagramError> {
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        lines.push((start, line.strip_suffix('\r').unwrap_or(line)));
        start += line.len() + 1;
    }
    let is_blank = |line: &str| line.trim().is_empty();
    let first = lines.iter().position(|(_, l)| !is_blank(l));
    let Some(first) = first else {
        return Err(DiagramError {
            offset: 0,
            message: format!("the board is empty; expected {rows} rows of {columns} cells"),
        });
    };
    let last = lines
        .iter()
        .rposition(|(_, l)| !is_blank(l))
        .unwrap_or(first);
    let board_lines = &lines[first..=last];

    let mut stones = Vec::new();
    for (row_index, &(line_start, line)) in board_lines.iter().enumerate() {
        let row_number = row_index + 1;
        let mut cells = 0;
        for (i, ch) in line.char_indices() {
            let stone = match ch {
                ' ' | '\t' => continue,
                '.' => None,
                'X' | 'B' => Some(Player::Black),
                'O' | 'W' => Some(Player::White),
                other => {
                    return Err(DiagramError {
                        offset: line_start + i,
                        message: format!(
                            "unknown character '{}' in the board; expected X or B (black), \
                             O or W (white), . (empty)",
                            other.escape_debug()
                        ),
                    });
                }
            };
            if cells < columns
                && row_index < rows
                && let Some(player) = stone
            {
                let y = rows - 1 - row_index;
                stones.push(((cells + y * columns) as Point, player));
            }
            cells += 1;
        }
        if cells != columns {
            let indent = line.len() - line.trim_start().len();
            return Err(DiagramError {
                offset: line_start + indent,
                message: format!(
                    "board row {row_number} (counted from the top) has {cells} {}; expected \
                     {columns}",
                    if cells == 1 { "cell" } else { "cells" }
                ),
            });
        }
    }
    if board_lines.len() != rows {
        let (offset, line) = board_lines[0];
        let indent = line.len() - line.trim_start().len();
        return Err(DiagramError {
            offset: offset + indent,
            message: format!(
                "the board has {} {}; expected {rows}",
                board_lines.len(),
                if board_lines.len() == 1 {
                    "row"
                } else {
                    "rows"
                }
            ),
        });
    }
    Ok(stones)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rows_from_the_top() {
        // c3 d4 black, d3 c4 white on 6x6 (the AtariGo crosscut).
        let board =
            "\n. . . . . .\n. . . . . .\n. . O X . .\n. . X O . .\n. . . . . .\n. . . . . .\n";
        let mut stones = parse_diagram(board, 6, 6).unwrap();
        stones.sort();
        let c3 = 2 + 2 * 6;
        let d3 = 3 + 2 * 6;
        let c4 = 2 + 3 * 6;
        let d4 = 3 + 3 * 6;
        assert_eq!(
            stones,
            vec![
                (c3, Player::Black),
                (d3, Player::White),
                (c4, Player::White),
                (d4, Player::Black)
            ]
        );
    }

    #[test]
    fn spaces_are_optional_and_letters_have_synonyms() {
        let a = parse_diagram("XO.\n.BW\n...", 3, 3).unwrap();
        let b = parse_diagram("  X O .\n . X O\n. . .\n", 3, 3).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 4);
    }

    #[test]
    fn errors_point_at_the_problem() {
        let err = parse_diagram(". . .\n. Z .\n. . .", 3, 3).unwrap_err();
        assert_eq!(err.offset, 8);
        assert!(err.message.starts_with("unknown character 'Z'"));
        let err = parse_diagram(". . .\n  . .\n. . .", 3, 3).unwrap_err();
        assert_eq!(err.offset, 8);
        assert_eq!(
            err.message,
            "board row 2 (counted from the top) has 2 cells; expected 3"
        );
        let err = parse_diagram(". . .\n. . .\n", 3, 3).unwrap_err();
        assert_eq!(
            (err.offset, err.message.as_str()),
            (0, "the board has 2 rows; expected 3")
        );
        let err = parse_diagram(" \n \n", 3, 3).unwrap_err();
        assert_eq!(
            err.message,
            "the board is empty; expected 3 rows of 3 cells"
        );
        let err = parse_diagram(". . .\n\n. . .\n. . .", 3, 3).unwrap_err();
        assert_eq!(
            err.message,
            "board row 2 (counted from the top) has 0 cells; expected 3"
        );
    }

    #[test]
    fn too_many_rows_never_index_out_of_the_board() {
        let err = parse_diagram("X\nX\nX\nX", 1, 2).unwrap_err();
        assert_eq!(err.message, "the board has 4 rows; expected 2");
    }
}
