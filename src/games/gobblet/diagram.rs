//! Text forms of Gobblet: the move notation, the diagram the explorer and `solve` print, and
//! the board diagram of puzzle files.
//!
//! - Moves: a reserve move is the size and the target square, `4c2` (Kotrč's "A c2"); a
//!   board move is the two squares, `a1-c2` (a space instead of `-` is accepted).
//! - A piece is the player's letter and its size: `X4` (the first player, Black in plyscope,
//!   Kotrč's White), `O1`; lower case is accepted on input. Sizes run from 1 (smallest) to
//!   4 (3 on 3x3).
//! - A square is `.` when empty, else its stack from bottom to top, without spaces: `O1X3` is
//!   an `O1` covered by an `X3`.
//! - A board diagram has one line per row, the top row first, squares separated by spaces.
//!   Reserves are not written: every piece not on the board is in the reserve, and in Gobblet
//!   the board fixes how the pieces stand in the three sets (sets give their largest piece
//!   first).

use super::{Gobblet, GobbletMove, RESERVE};
use crate::game::{Game, Player, parse_point, point_name};

/// `X` for the first player (Black), `O` for the second.
pub fn player_letter(p: Player) -> char {
    match p {
        Player::Black => 'X',
        Player::White => 'O',
    }
}

/// Writes a move: `4c2` or `a1-c2`.
pub fn format_move(mv: GobbletMove, n: usize) -> String {
    if mv.from == RESERVE {
        format!("{}{}", mv.size, point_name(u16::from(mv.to), n))
    } else {
        format!(
            "{}-{}",
            point_name(u16::from(mv.from), n),
            point_name(u16::from(mv.to), n)
        )
    }
}

/// Reads a move's text in `g` (for the side to move); legality is checked by the caller.
pub fn parse_move_text(g: &Gobblet, text: &str) -> Result<GobbletMove, String> {
    let n = g.side();
    let text = text.trim();
    let expected = "expected a reserve move like 4c2 (size and square) or a board move like a1-c2";
    if text.is_empty() {
        return Err(format!("an empty move; {expected}"));
    }
    let first = text.chars().next().unwrap_or(' ');
    if let Some(d) = first.to_digit(10) {
        let size = d as u8;
        if size == 0 || size > g.variant().sizes() {
            return Err(format!(
                "'{text}': size {size} does not exist; sizes are 1..{}",
                g.variant().sizes()
            ));
        }
        let to = parse_point(&text[1..], n, n)?;
        return Ok(GobbletMove {
            from: RESERVE,
            to: to as u8,
            size,
        });
    }
    let (a, b) = text
        .split_once(['-', ' '])
        .ok_or_else(|| format!("'{text}': {expected}"))?;
    let from = parse_point(a, n, n)?;
    let to = parse_point(b, n, n)?;
    let size = g
        .top(from as usize)
        .map(|(_, s)| s)
        .ok_or_else(|| format!("'{text}': square {} is empty", a.trim()))?;
    Ok(GobbletMove {
        from: from as u8,
        to: to as u8,
        size,
    })
}

/// The text of one square's stack, bottom to top.
pub fn stack_text(g: &Gobblet, sq: usize) -> String {
    let mut s = String::new();
    for (p, size) in g.stack(sq) {
        s.push(player_letter(p));
        s.push_str(&size.to_string());
    }
    if s.is_empty() {
        s.push('.');
    }
    s
}

/// The diagram: coordinates, stacks (bottom to top), the reserves and the side to move.
pub fn diagram(g: &Gobblet) -> String {
    let n = g.side();
    let texts: Vec<String> = (0..n * n).map(|sq| stack_text(g, sq)).collect();
    let widths: Vec<usize> = (0..n)
        .map(|x| {
            (0..n)
                .map(|y| texts[x + y * n].len())
                .max()
                .unwrap_or(1)
                .max(2)
        })
        .collect();
    let mut out = String::from("  ");
    for (x, w) in widths.iter().enumerate() {
        out.push(' ');
        out.push_str(&format!("{:<w$}", (b'a' + x as u8) as char));
    }
    out = out.trim_end().to_string();
    out.push('\n');
    for y in (0..n).rev() {
        let mut line = format!("{} ", y + 1);
        for (x, w) in widths.iter().enumerate() {
            line.push(' ');
            line.push_str(&format!("{:<w$}", texts[x + y * n]));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for p in [Player::Black, Player::White] {
        let pieces: Vec<String> = match g.variant() {
            super::Variant::Gobblet => g
                .reserve_sets(p)
                .iter()
                .map(|&c| {
                    (1..=c)
                        .rev()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join("")
                })
                .collect(),
            super::Variant::Gobblers => g.reserve_pieces(p).iter().map(|s| s.to_string()).collect(),
        };
        let shown = if pieces.is_empty() {
            "-".to_string()
        } else {
            pieces.join(" ")
        };
        out.push_str(&format!("{} reserve: {shown}\n", player_letter(p)));
    }
    out.push_str(&format!("{} to move\n", player_letter(g.to_move())));
    out
}

/// A diagram parse error: 1-based line and column within the diagram text, the byte offset
/// in it, and the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramError {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
    pub message: String,
}

/// Parses a board diagram (top row first, squares separated by spaces) into stacks, bottom
/// to top, indexed by square. Blank lines around the rows are ignored.
pub fn parse_board(
    text: &str,
    n: usize,
    sizes: u8,
) -> Result<Vec<Vec<(Player, u8)>>, DiagramError> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for l in text.split_inclusive('\n') {
        starts.push(offset);
        offset += l.len();
    }
    starts.push(offset);
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if rows.len() != n {
        let (line, _) = rows.last().copied().unwrap_or((0, ""));
        return Err(DiagramError {
            line: line + 1,
            column: 1,
            offset: starts.get(line).copied().unwrap_or(0),
            message: format!("the board has {} rows; expected {n}", rows.len()),
        });
    }
    let mut stacks = vec![Vec::new(); n * n];
    for (r, &(line_no, line)) in rows.iter().enumerate() {
        let y = n - 1 - r;
        let mut cells = Vec::new();
        let mut col = 0;
        for token in line.split_whitespace() {
            let start = line[col..].find(token).map_or(col, |i| col + i);
            col = start + token.len();
            cells.push((start, token));
        }
        if cells.len() != n {
            return Err(DiagramError {
                line: line_no + 1,
                column: 1,
                offset: starts[line_no],
                message: format!(
                    "this row has {} squares; expected {n} separated by spaces",
                    cells.len()
                ),
            });
        }
        for (x, &(start, token)) in cells.iter().enumerate() {
            let err = |offset: usize, message: String| DiagramError {
                line: line_no + 1,
                column: start + offset + 1,
                offset: starts[line_no] + start + offset,
                message,
            };
            if token == "." {
                continue;
            }
            let chars: Vec<char> = token.chars().collect();
            if !chars.len().is_multiple_of(2) {
                return Err(err(
                    0,
                    format!(
                        "'{token}' is not a square; expected '.' or pieces like X4 or O1X3 \
                         (letter X or O, then size 1..{sizes}, bottom to top)"
                    ),
                ));
            }
            for (i, pair) in chars.chunks(2).enumerate() {
                let player = match pair[0] {
                    'X' | 'x' => Player::Black,
                    'O' | 'o' => Player::White,
                    c => {
                        return Err(err(
                            2 * i,
                            format!("'{c}' is not a player; expected X or O"),
                        ));
                    }
                };
                let size = match pair[1].to_digit(10) {
                    Some(d) if d >= 1 && d <= u32::from(sizes) => d as u8,
                    _ => {
                        return Err(err(
                            2 * i + 1,
                            format!("'{}' is not a size; expected 1..{sizes}", pair[1]),
                        ));
                    }
                };
                stacks[x + y * n].push((player, size));
            }
        }
    }
    Ok(stacks)
}

/// Parses the text of a move list for tests and puzzles: moves separated by spaces or
/// commas, played from `g` (which is changed).
pub fn play_line(g: &mut Gobblet, line: &str) -> Result<(), String> {
    for token in line.split([',', ' ']).filter(|t| !t.is_empty()) {
        let mv = g.parse_move(token)?;
        g.play(mv);
    }
    Ok(())
}
