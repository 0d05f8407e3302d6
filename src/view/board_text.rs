//! The board pane as plain text, for class material: what [`super::session::Session::board`] gives
//! for a node, in ASCII so any editor or printer shows it. Stones are `X` (black) and `O` (white),
//! empty points `.`, the last move is bracketed (`[X]`), and a point with an overlay mark (a
//! child's value, a zone order, a root move's level) shows `*`; the marks are listed under the
//! board with their points and the legend. Hex rows are shifted as in the pane (each row one space
//! further right than the row below it); the games whose pieces move come as their own text
//! diagram.

use std::fmt::Write as _;

use crate::game::{Player, point_name};

use super::session::BoardView;

/// The board as text, ending with a line break.
pub fn board_text(view: &BoardView) -> String {
    let (columns, rows, hex, cells, last, overlay, legend) = match view {
        BoardView::Text(text) => {
            let mut s = text.clone();
            if !s.ends_with('\n') {
                s.push('\n');
            }
            return s;
        }
        BoardView::Stones {
            columns,
            rows,
            hex,
            cells,
            last_move,
            overlay,
            legend,
        } => (*columns, *rows, *hex, cells, *last_move, overlay, legend),
    };
    let width = rows.to_string().len();
    let letters: String = (0..columns)
        .map(|x| {
            let name = point_name(x as u16, columns);
            format!(" {} ", name.trim_end_matches(|c: char| c.is_ascii_digit()))
        })
        .collect();
    let mut s = String::new();
    let _ = writeln!(s, "{} {}", " ".repeat(width), letters.trim_end());
    for y in (0..rows).rev() {
        let shift = if hex {
            " ".repeat(rows - 1 - y)
        } else {
            String::new()
        };
        let mut line = format!("{:>width$} {shift}", y + 1);
        for x in 0..columns {
            let p = (x + y * columns) as u16;
            let stone = match cells.get(x + y * columns).copied().flatten() {
                Some(Player::Black) => 'X',
                Some(Player::White) => 'O',
                None if overlay.iter().any(|m| m.point == p) => '*',
                None => '.',
            };
            if last == Some(p) {
                let _ = write!(line, "[{stone}]");
            } else {
                let _ = write!(line, " {stone} ");
            }
        }
        let _ = writeln!(s, "{}", line.trim_end());
    }
    if let Some(p) = last {
        let _ = writeln!(s, "last move: {}", point_name(p, columns));
    }
    if !overlay.is_empty() {
        let marks: Vec<String> = overlay
            .iter()
            .map(|m| format!("{} {}", point_name(m.point, columns), m.text))
            .collect();
        let _ = writeln!(s, "marks (*): {}", marks.join(", "));
    }
    if let Some(l) = legend {
        let _ = writeln!(s, "{l}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::session::{BoardMark, MarkKind};

    #[test]
    fn stones_last_move_and_marks_read_as_text() {
        let mut cells = vec![None; 9];
        cells[0] = Some(Player::Black); // a1
        cells[4] = Some(Player::White); // b2
        let view = BoardView::Stones {
            columns: 3,
            rows: 3,
            hex: false,
            cells,
            last_move: Some(4),
            overlay: vec![BoardMark {
                point: 8,
                text: "5".into(),
                kind: MarkKind::Value,
            }],
            legend: None,
        };
        assert_eq!(
            board_text(&view),
            "   a  b  c\n3  .  .  *\n2  . [O] .\n1  X  .  .\nlast move: b2\nmarks (*): c3 5\n"
        );
    }
}
