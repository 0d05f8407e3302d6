//! The board pane: the position at the selected node with coordinates (columns a, b, c... from the
//! left, rows 1, 2, 3... from the bottom), stones, the move that reached the node between the
//! theme's last-move marks, and the values of its children on their points (toggled with
//! `toggle_values`). m,n,k and AtariGo draw a grid, Hex a slanted rhombus like its text diagram; a
//! literal tree draws its path and subtree.
//!
//! At a lambda node the marks are the zone of the chosen side (A-zone or D-zone) as order
//! digits up to the chosen order, in the `zone.order_1..4` styles, and at a root search the
//! level of each root move (Suda, *Efficient algorithms for verifying goals in computer
//! games*, figures 5.1-5.3: the level digit of a win, `?` tried without proof, `x`
//! self-endangering) in the `lambda.*` styles; a legend line under the board says which, so nothing
//! relies on colour alone.
//!
//! With the history view on (`toggle_history`, alpha-beta family) the marks are the
//! history-heuristic heat map (Suda 5.3.2): each move's score as a digit 1-9 against
//! the largest (graded in the zone styles too), the legend giving the largest score and the
//! killers of the selected node's ply.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::game::Player;
use crate::theme::{Slot, Theme};
use crate::tui::app::App;
use crate::view::lambda::RootMark;
use crate::view::proof::ProofMark;
use crate::view::session::{BoardView, MarkKind};

use super::{glyph_text, pane};

/// The board's view for the selected node.
pub fn view(app: &App) -> BoardView {
    app.session.board(app.selected, app.board_options())
}

/// Rows the pane wants at `width` columns (its border included): the board, its
/// coordinates, the border and the legend as wrapped to the pane's inner width (counting
/// the legend's own lines cut its wrapped last line at 80x24).
pub fn height(app: &App, width: u16) -> u16 {
    match view(app) {
        BoardView::Stones { rows, legend, .. } => {
            let inner = usize::from(width.saturating_sub(2)).max(1);
            let legend_rows: usize = legend
                .iter()
                .flat_map(|l| l.lines())
                .map(|l| wrap(l, inner).len())
                .sum();
            rows as u16 + 4 + legend_rows as u16
        }
        BoardView::Text(text) => text.lines().count() as u16 + 2,
    }
}

/// True when the pane draws a game's board (points the lessons name), false for a literal
/// tree's subtree as text.
pub fn is_stones(app: &App) -> bool {
    matches!(view(app), BoardView::Stones { .. })
}

/// Draws the pane.
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let block = pane("Board", theme, false);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines = match view(app) {
        BoardView::Text(text) => text
            .lines()
            .map(|l| Line::from(Span::styled(l.to_string(), theme.style(Slot::Text))))
            .collect(),
        stones => stone_lines(&stones, theme, inner.width as usize),
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The lines of a stone board.
pub fn stone_lines(view: &BoardView, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let BoardView::Stones {
        columns,
        rows,
        hex,
        cells,
        last_move,
        overlay,
        legend,
    } = view
    else {
        return Vec::new();
    };
    let (columns, rows, hex) = (*columns, *rows, *hex);
    let glyphs = theme.glyphs();
    // The marks in the theme's glyph set (`--ascii`: a disproven child's pn `∞` reads `inf`).
    let mark_texts: Vec<String> = overlay.iter().map(|m| glyph_text(theme, &m.text)).collect();
    let cell_width = mark_texts
        .iter()
        .map(|t| t.width())
        .max()
        .unwrap_or(1)
        .max(1);
    let label_width = rows.to_string().len();
    let coord = theme.style(Slot::BoardCoords);
    let letters = |indent: usize| -> Line<'static> {
        let mut text = " ".repeat(label_width + 1 + indent);
        for x in 0..columns {
            text.push_str(&format!("{:>cell_width$}", (b'a' + x as u8) as char));
            text.push(' ');
        }
        Line::from(Span::styled(text.trim_end().to_string(), coord))
    };
    let shift = |y: usize| if hex { y * cell_width.div_ceil(2) } else { 0 };
    let mut lines = vec![letters(shift(rows.saturating_sub(1)))];
    for y in (0..rows).rev() {
        let mut spans = vec![Span::styled(
            format!("{:>label_width$}{}", y + 1, " ".repeat(shift(y))),
            coord,
        )];
        let last_mark = theme.style(Slot::BoardLastMove);
        let mut previous_marked = false;
        for x in 0..columns {
            let p = (x + y * columns) as u16;
            let marked = *last_move == Some(p);
            let mark = overlay.iter().position(|m| m.point == p);
            let (text, slot) = match (cells[p as usize], mark) {
                (Some(Player::Black), _) => (glyphs.black_stone.as_str(), Slot::BoardBlack),
                (Some(Player::White), _) => (glyphs.white_stone.as_str(), Slot::BoardWhite),
                (None, Some(i)) => (mark_texts[i].as_str(), mark_slot(overlay[i].kind)),
                (None, None) => (glyphs.empty_point.as_str(), Slot::BoardEmpty),
            };
            let mut style: Style = theme.style(slot);
            // A cell is right-aligned under its column letter (the letters are), its padding
            // first; the marks around the last move hug the stone: the opening one takes
            // the separator's place before the stone, the closing one the next separator.
            let pad = " ".repeat(cell_width.saturating_sub(text.width()));
            if marked {
                style = style.patch(theme.style(Slot::BoardSelectedMove));
                spans.push(Span::raw(pad));
                spans.push(Span::styled(
                    glyphs.last_move_open.as_str().to_string(),
                    last_mark,
                ));
            } else if previous_marked {
                spans.push(Span::styled(
                    glyphs.last_move_close.as_str().to_string(),
                    last_mark,
                ));
                spans.push(Span::raw(pad));
            } else {
                spans.push(Span::raw(format!(" {pad}")));
            }
            spans.push(Span::styled(text.to_string(), style));
            previous_marked = marked;
        }
        if previous_marked {
            spans.push(Span::styled(
                glyphs.last_move_close.as_str().to_string(),
                last_mark,
            ));
        }
        lines.push(Line::from(spans));
    }
    lines.push(letters(0));
    // A legend may take more than one line (the knowledge marks' does), each wrapped at
    // spaces to the pane's width.
    for legend in legend.iter().flat_map(|l| l.lines()) {
        for part in wrap(&glyph_text(theme, legend), width) {
            lines.push(Line::from(Span::styled(part, theme.style(Slot::Text))));
        }
    }
    lines
}

/// `text` in lines of at most `width` columns. A legend is a list ("m outside must-play,
/// d dead, ..."): it breaks after a comma first, so that a mark stays with its meaning
/// (not "d" at the end of one line and "dead," alone on the next); an entry wider than the width is
/// broken at its spaces (a word longer than the width gets a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    let entries: Vec<&str> = text.split(", ").collect();
    for (i, entry) in entries.iter().enumerate() {
        // Every entry but the last keeps its comma.
        let piece = if i + 1 < entries.len() {
            format!("{entry},")
        } else {
            entry.to_string()
        };
        if !line.is_empty() && line.width() + 1 + piece.width() <= width {
            line.push(' ');
            line.push_str(&piece);
            continue;
        }
        if !line.is_empty() {
            out.push(std::mem::take(&mut line));
        }
        if piece.width() <= width {
            line = piece;
            continue;
        }
        // An entry wider than the line: its words, as prose.
        for word in piece.split(' ') {
            if !line.is_empty() && line.width() + 1 + word.width() > width {
                out.push(std::mem::take(&mut line));
            } else if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    out.push(line);
    out
}

/// The style slot of a mark.
fn mark_slot(kind: MarkKind) -> Slot {
    match kind {
        MarkKind::Value => Slot::BoardOverlay,
        MarkKind::Zone(1) => Slot::ZoneOrder1,
        MarkKind::Zone(2) => Slot::ZoneOrder2,
        MarkKind::Zone(3) => Slot::ZoneOrder3,
        MarkKind::Zone(_) => Slot::ZoneOrder4,
        MarkKind::Root(RootMark::Wins(_)) => Slot::LambdaWin,
        MarkKind::Root(RootMark::Tried) => Slot::LambdaTried,
        MarkKind::Root(RootMark::SelfEndangering) => Slot::LambdaSelfEndangering,
        // The text says it too: 0 and ∞ mark the solved children.
        MarkKind::Proof(ProofMark::Proven) => Slot::LambdaWin,
        MarkKind::Proof(ProofMark::Disproven) => Slot::LambdaTried,
        MarkKind::Proof(ProofMark::Open) => Slot::BoardOverlay,
        // The digit says the heat; the zone styles grade it in colour too.
        MarkKind::History(0..=2) => Slot::ZoneOrder4,
        MarkKind::History(3..=5) => Slot::ZoneOrder3,
        MarkKind::History(6..=8) => Slot::ZoneOrder2,
        MarkKind::History(_) => Slot::ZoneOrder1,
        // The letter says whose (b, w, + both) and why (m, d, c, v); the colours follow.
        MarkKind::Connection(Some(Player::Black)) => Slot::BoardBlackEdge,
        MarkKind::Connection(Some(Player::White)) => Slot::BoardWhiteEdge,
        MarkKind::Connection(None) => Slot::BoardOverlay,
        MarkKind::Pruned => Slot::TreePruned,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::{ColorLevel, GlyphSet};
    use crate::view::session::BoardMark;

    fn text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    /// The pruned-cells legend of hex-6x6 in the 120x40 board pane (34 columns) read
    /// "pruned: m outside must-play, d" / "dead," / ...: a mark now stays with its meaning.
    #[test]
    fn a_legend_breaks_between_its_entries() {
        let legend = "pruned: m outside must-play, d dead, c captured, v vulnerable: 23 cells";
        assert_eq!(
            wrap(legend, 34),
            [
                "pruned: m outside must-play,",
                "d dead, c captured,",
                "v vulnerable: 23 cells"
            ]
        );
        // 80x24's 38 columns: two lines.
        assert_eq!(
            wrap(legend, 38),
            [
                "pruned: m outside must-play, d dead,",
                "c captured, v vulnerable: 23 cells"
            ]
        );
        // An entry wider than the line falls back to its words.
        assert_eq!(wrap("aaa bbb ccc, d", 8), ["aaa bbb", "ccc, d"]);
    }

    /// The hex-6x6 df-pn screen at step 11 read `1 (O )1  19`: two-column values made the
    /// cells two wide, the stones were centred (left of the column letter) and the last
    /// move's marks bracketed the padding. Every cell's text now ends under its letter.
    #[test]
    fn two_column_marks_keep_stones_and_values_under_their_letters() {
        let theme = Theme::bundled("default", ColorLevel::Ansi16, GlyphSet::Ascii).unwrap();
        let mut cells = vec![None; 6];
        cells[1] = Some(Player::White); // b1
        let mark = |point, text: &str| BoardMark {
            point,
            text: text.to_string(),
            kind: MarkKind::Value,
        };
        let view = BoardView::Stones {
            columns: 3,
            rows: 2,
            hex: true,
            cells,
            last_move: Some(1),
            overlay: vec![mark(0, "19"), mark(2, "1")],
            legend: Some("values of the children, a legend long enough to wrap".to_string()),
        };
        let lines: Vec<String> = stone_lines(&view, &theme, 24).iter().map(text).collect();
        // The bottom row and the letters under it (hex rows shift right going up).
        let (row1, letters) = (&lines[2], &lines[3]);
        assert_eq!(row1, "1 19 (O) 1", "{lines:#?}");
        let column = |c: char| letters.find(c).unwrap();
        assert_eq!(row1.find("19").unwrap() + 1, column('a'), "{lines:#?}");
        assert_eq!(row1.find('O').unwrap(), column('b'), "{lines:#?}");
        assert_eq!(row1.rfind('1').unwrap(), column('c'), "{lines:#?}");
        // The legend wraps at spaces to the pane's width instead of being cut.
        assert_eq!(
            lines[4..],
            ["values of the children,", "a legend long enough to", "wrap"]
        );
    }
}
