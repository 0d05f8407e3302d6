//! Czech checkers diagrams in puzzle files: eight rows of eight cells, the first line row 8.
//! `x` is a black man and `X` a black king, `o` a white man and `O` a white king (`b`/`B`,
//! `w`/`W` are accepted too); `.` is an empty square, light or dark. Spaces between cells are
//! optional. Pieces stand only on dark squares (`a1` is dark); the game itself rejects a man
//! on its last row or too many pieces.

use super::diagram::DiagramError;
use crate::game::{Point, point_name};
use crate::games::dama::Piece;
use crate::games::dama::geometry::{SIDE, is_dark};

/// The pieces of a checkers diagram as `(square, piece)`, square `x + 8 * y` with `y = 0`
/// the bottom row. Errors carry a byte offset into `text`.
pub(crate) fn parse_dama_diagram(text: &str) -> Result<Vec<(Point, Piece)>, DiagramError> {
    let mut rows: Vec<(usize, &str)> = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        let content = line.strip_suffix('\r').unwrap_or(line);
        if !content.trim().is_empty() {
            rows.push((start, content));
        }
        start += line.len() + 1;
    }
    if rows.len() != SIDE {
        return Err(DiagramError {
            offset: rows.first().map_or(0, |r| r.0),
            message: format!(
                "the board has {} rows; a checkers board has 8 rows of 8 cells",
                rows.len()
            ),
        });
    }
    let mut pieces = Vec::new();
    for (row_index, &(line_start, line)) in rows.iter().enumerate() {
        let y = SIDE - 1 - row_index;
        let mut x = 0;
        for (i, ch) in line.char_indices() {
            if ch == ' ' || ch == '\t' {
                continue;
            }
            let offset = line_start + i;
            let piece = match ch {
                '.' => None,
                other => Some(Piece::from_letter(other).ok_or_else(|| DiagramError {
                    offset,
                    message: format!(
                        "unknown character '{}' in the board; expected x (black man), X (black \
                         king), o (white man), O (white king) or . (empty)",
                        other.escape_debug()
                    ),
                })?),
            };
            if x >= SIDE {
                return Err(DiagramError {
                    offset,
                    message: format!(
                        "board row {} (counted from the top) has more than 8 cells",
                        row_index + 1
                    ),
                });
            }
            if let Some(piece) = piece {
                let p = (x + SIDE * y) as Point;
                if !is_dark(p as usize) {
                    return Err(DiagramError {
                        offset,
                        message: format!(
                            "a piece on {}, a light square; pieces stand on the dark squares \
                             (a1, c1, ..., h8)",
                            point_name(p, SIDE)
                        ),
                    });
                }
                pieces.push((p, piece));
            }
            x += 1;
        }
        if x != SIDE {
            return Err(DiagramError {
                offset: line_start + (line.len() - line.trim_start().len()),
                message: format!(
                    "board row {} (counted from the top) has {x} cells; expected 8",
                    row_index + 1
                ),
            });
        }
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;

    const START: &str = "\
. x . x . x . x
x . x . x . x .
. x . x . x . x
. . . . . . . .
. . . . . . . .
o . o . o . o .
. o . o . o . o
o . o . o . o .
";

    #[test]
    fn the_start_position_reads_back() {
        let pieces = parse_dama_diagram(START).unwrap();
        assert_eq!(pieces.len(), 24);
        assert!(pieces.contains(&(0, Piece::Man(Player::White))));
        assert!(pieces.contains(&(63, Piece::Man(Player::Black))));
        let kings =
            parse_dama_diagram(&START.replace("o . o . o . o .\n. o", "O . o . o . o .\n. o"))
                .unwrap();
        assert!(kings.contains(&(16, Piece::King(Player::White))));
    }

    #[test]
    fn errors_point_at_the_cell() {
        let light = START.replacen(". x", "x x", 1);
        let e = parse_dama_diagram(&light).unwrap_err();
        assert_eq!(e.offset, 0);
        assert!(
            e.message.contains("a piece on a8, a light square"),
            "{}",
            e.message
        );
        let bad = START.replacen('x', "z", 1);
        let e = parse_dama_diagram(&bad).unwrap_err();
        assert_eq!(e.offset, 2);
        assert!(e.message.starts_with("unknown character 'z'"));
        let short = START.replacen(". x . x . x . x", ". x . x . x .", 1);
        assert_eq!(
            parse_dama_diagram(&short).unwrap_err().message,
            "board row 1 (counted from the top) has 7 cells; expected 8"
        );
        assert!(
            parse_dama_diagram(". . .\n")
                .unwrap_err()
                .message
                .contains("has 1 rows")
        );
    }
}
