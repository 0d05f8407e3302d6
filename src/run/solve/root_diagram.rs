//! The root analysis drawn on the board, as in Suda, *Efficient algorithms for verifying goals in
//! computer games*, figures 5.1-5.3: every empty point of the root carries the mark of what threat
//! search found for the move there.
//!
//! The board is the game's own diagram (so Hex keeps its slanted rhombus and every game its
//! coordinates); each `.` of it, read from the top row down and left to right, is an empty
//! point in that same order, and is replaced by the point's mark.

use std::fmt::Write as _;

use crate::game::{Point, StoneGame};

/// What threat search established for one root move, as drawn on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootMark {
    /// The move wins at this lambda level: drawn as the level's digit (`+` above 9).
    WinsAtLevel(u32),
    /// The move was searched and not proven within the limits: `?`.
    Unproven,
    /// The move endangers the mover (the opponent then wins): `x`.
    SelfEndangering,
    /// The move was not examined: `.` as an empty point.
    NotTried,
    /// Proof-number root analysis: the attacker's goal is proven after this move: `+`.
    Reaches,
    /// Proof-number root analysis: the goal is disproven after this move: `-`.
    Fails,
}

impl RootMark {
    /// The character drawn for the mark.
    pub fn glyph(self) -> char {
        match self {
            RootMark::WinsAtLevel(level) => char::from_digit(level, 10).unwrap_or('+'),
            RootMark::Unproven => '?',
            RootMark::SelfEndangering => 'x',
            RootMark::NotTried => '.',
            RootMark::Reaches => '+',
            RootMark::Fails => '-',
        }
    }
}

/// The legend printed under a threat search's root diagram.
pub const LEGEND: &str = "1-9 wins at that lambda level, ? tried and not proven, \
                          x self-endangering (loses), . not tried; X black, O white";

/// The legend printed under a proof-number search's root diagram.
pub const PROOF_LEGEND: &str = "+ wins (reaches the goal), - does not (loses, or draws when \
                                a draw disproves), ? not decided within the limits; X black, \
                                O white";

/// Draws `game`'s diagram with the mark of every empty point (`mark(p)`).
///
/// Falls back to a plain grid (first line the top row) if the game's diagram does not hold
/// exactly one `.` per empty point, so a change of a game's diagram can never shift marks
/// onto the wrong points.
pub fn render<G: StoneGame>(game: &G, mark: impl Fn(Point) -> RootMark) -> String {
    let (columns, rows) = (game.columns(), game.rows());
    let empty_in_diagram_order: Vec<Point> = (0..rows)
        .rev()
        .flat_map(|y| (0..columns).map(move |x| (x + y * columns) as Point))
        .filter(|&p| game.is_empty(p))
        .collect();
    let diagram = game.diagram();
    if diagram.matches('.').count() == empty_in_diagram_order.len() {
        let mut empties = empty_in_diagram_order.iter();
        return diagram
            .chars()
            .map(|c| match c {
                '.' => empties.next().map_or('.', |&p| mark(p).glyph()),
                other => other,
            })
            .collect();
    }
    let mut out = String::new();
    for y in (0..rows).rev() {
        let _ = write!(out, "{:>2} ", y + 1);
        for x in 0..columns {
            let p = (x + y * columns) as Point;
            let glyph = match game.stone(p) {
                Some(crate::game::Player::Black) => 'X',
                Some(crate::game::Player::White) => 'O',
                None => mark(p).glyph(),
            };
            if x > 0 {
                out.push(' ');
            }
            out.push(glyph);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, parse_point};
    use crate::games::hex::Hex;
    use crate::games::mnk::Mnk;

    #[test]
    fn marks_replace_the_empty_points_in_board_order() {
        let mut g = Mnk::new(3, 3, 3, false).unwrap();
        g.play(parse_point("a1", 3, 3).unwrap());
        g.play(parse_point("b2", 3, 3).unwrap());
        let c1 = parse_point("c1", 3, 3).unwrap();
        let a3 = parse_point("a3", 3, 3).unwrap();
        let b3 = parse_point("b3", 3, 3).unwrap();
        let drawn = render(&g, |p| {
            if p == c1 {
                RootMark::WinsAtLevel(2)
            } else if p == a3 {
                RootMark::SelfEndangering
            } else if p == b3 {
                RootMark::NotTried
            } else {
                RootMark::Unproven
            }
        });
        let cells: Vec<&str> = drawn
            .lines()
            .filter(|l| l.contains(['X', 'O', '?']))
            .collect();
        assert_eq!(cells.len(), 3, "{drawn}");
        assert!(cells[0].ends_with("x . ?"), "{drawn}");
        assert!(cells[1].ends_with("? O ?"), "{drawn}");
        assert!(cells[2].ends_with("X ? 2"), "{drawn}");
    }

    #[test]
    fn hex_keeps_its_rhombus() {
        let g = Hex::new(3).unwrap();
        let drawn = render(&g, |p| RootMark::WinsAtLevel(u32::from(p % 3) + 1));
        assert_eq!(drawn, "    a b c\n3   1 2 3\n2  1 2 3\n1 1 2 3\n  a b c\n");
    }

    #[test]
    fn glyphs_are_one_character() {
        assert_eq!(RootMark::WinsAtLevel(3).glyph(), '3');
        assert_eq!(RootMark::WinsAtLevel(12).glyph(), '+');
        assert_eq!(RootMark::Unproven.glyph(), '?');
        assert_eq!(RootMark::SelfEndangering.glyph(), 'x');
        assert_eq!(RootMark::NotTried.glyph(), '.');
        assert_eq!(RootMark::Reaches.glyph(), '+');
        assert_eq!(RootMark::Fails.glyph(), '-');
    }
}
