//! The tree pane: the search tree as recorded by the current step, one row per node entered,
//! children indented under their parent. Only the rows that fit are computed ([`App::visible_rows`]
//! stops at the last one drawn). Each row carries markers that do not rely on colour, from the
//! theme's glyphs: expanded / collapsed, the value with its bound (exact, lower, upper), cutoff,
//! table hit, best move at its parent; the principal variation's moves take their own style.
//! A cutoff's skipped moves are dimmed rows after the cut node's subtree (`c2 ✕ skipped`,
//! where the textbooks draw a pruned branch); they are not nodes, so the selection walks past
//! them. In the MAX/MIN view ([`crate::view::max_view`], the `toggle_view` key) each alpha-beta
//! row is marked ▲ (MAX moves) or ▽ (MIN moves) and its value and window are MAX's.
//!
//! Lambda searches (Suda, *Efficient algorithms for verifying goals in computer games*,
//! section 5.1) show their own tree: LAMBDA calls labelled by purpose and level ("λ2 search
//! (Black)", "threat λ1?", "re-search λ2", "counter-threat λ1 (White)") with the attack and defence
//! moves under them, each move with its level; a nested threat check is a child of its attack move,
//! so it folds like any subtree. Verdicts are words ("WIN λ2", "no threat", "defended", "refutes",
//! "holds", "self-endangering", "inversion", "depth limit") in the `lambda.*` styles.
//!
//! Proof-number searches (Hric and Baudiš, *Game algorithms, lecture 4: Proof number search,
//! Lambda search*) show each node's `[pn, dn]` as of the step, "PROVEN" / "DISPROVEN" once solved,
//! "and" at the defender's nodes, and the current descent (PNS's path to the most-proving node,
//! df-pn's MID frames) in the principal variation's style, its last node marked like a best move.
//! Every child an expansion generated has a row: those the search has not entered are dimmed and
//! read "new leaf" with the numbers the expansion gave them; df-pn's rows that show a table entry
//! read at the parent's latest expansion read "stored"; the pane's title says what the numbers are
//! ([`proof::row_meaning`]).
//!
//! A deep line in a narrow pane keeps its rows readable: when the selection's indentation
//! would leave its row too little room, the levels above it are folded ([`Fold`]): every row
//! starts with its depth and a bar (`12│`) and is indented only by its levels past the fold.
//! In a quiz ([`App::answer_hidden`]) the best-move marks, the principal variation's style
//! and the root's value or verdict are left out until the search's end.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use rustc_hash::FxHashSet;

use crate::search::{Algorithm, Bound};
use crate::theme::{GlyphSet, Slot, Theme};
use crate::trace::replay::NodeStatus;
use crate::trace::store::NodeId;
use crate::tui::app::App;
use crate::view::lambda::{LambdaRow, Tone};
use crate::view::proof::{self, ProofRow};
use crate::view::session::NodeRow;

use super::{glyph_text, pane};

/// Draws the pane.
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    // Proof-number searches say what the numbers on the rows are.
    let algorithm = app.spec.config.algorithm;
    let title = if app.is_proof() {
        proof::row_meaning(matches!(algorithm, Algorithm::DfPn | Algorithm::LambdaDfPn))
    } else if app.session.view().is_max() && !app.is_lambda() {
        // The MAX view says so, and what the marks are (`~` switches back to negamax).
        if theme.glyph_set() == GlyphSet::Ascii {
            "Tree: MAX ^ MIN v"
        } else {
            "Tree: MAX ▲ MIN ▽"
        }
    } else {
        "Tree"
    };
    // Borders take two columns and two rows.
    let inner_width = area.width.saturating_sub(2) as usize;
    let height = area.height.saturating_sub(2) as usize;
    // Scroll so that the selection is on screen: the first row drawn is the one that puts
    // the selection on the last line, or the top.
    let selected_index = app.selected_row();
    let top = selected_index.map_or(0, |i| (i + 1).saturating_sub(height));
    // One row more than fits tells whether the last subtree drawn ends on screen (its
    // cutoff's skipped moves are drawn after it).
    let rows = app.visible_rows(top + height + 1);
    let complete = rows.len() <= top + height;
    let fold = Fold::new(
        selected_index.and_then(|i| rows.get(i)).map_or(0, |r| r.1),
        rows.iter()
            .skip(top)
            .take(height)
            .map(|r| r.1)
            .max()
            .unwrap_or(0),
        inner_width,
    );
    let title = fold.title(title, theme);
    let block = pane(&title, theme, true);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if height == 0 || inner.height == 0 {
        return;
    }
    let ancestors = app.ancestors();
    let entries = with_skipped(app, &rows, top, complete, &ancestors);
    // Skipped rows above the selection may push it down: drop rows at the top until it is
    // on screen again.
    let selected_at = entries
        .iter()
        .position(|e| matches!(e, Entry::Node(n, _) if app.selected == Some(*n)));
    let skip = selected_at.map_or(0, |i| (i + 1).saturating_sub(height));
    // The principal variation of the latest root (a proof search's proof root) as of the
    // step, drawn in its own style.
    // A quiz hides it: it leads to the answer.
    let pv: Vec<_> = app
        .session
        .main_root()
        .filter(|_| !app.answer_hidden())
        .map(|r| {
            let mut line = app.session.principal_variation(r);
            line.push(r);
            line
        })
        .unwrap_or_default();
    let lines: Vec<Line> = entries
        .iter()
        .skip(skip)
        .take(height)
        .map(|e| {
            let (mut line, indent) = match e {
                Entry::Node(node, indent) => (
                    tree_line(app, theme, (*node, *indent), &pv, &ancestors),
                    *indent,
                ),
                Entry::Skipped(name, indent) => (skipped_line(theme, name, *indent), *indent),
            };
            // The first span is the indentation.
            if fold.levels > 0
                && let Some(first) = line.spans.first_mut()
            {
                first.content = fold.indent(indent, theme.glyphs().vertical.as_str()).into();
            }
            line
        })
        .collect();
    // A row wider than the pane ends in the ellipsis, so a cut number does not read as
    // another number.
    let ellipsis = theme.glyphs().ellipsis.as_str();
    let lines: Vec<Line> = lines
        .into_iter()
        .map(|l| super::fitted::fit_line(l, inner.width as usize, ellipsis))
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// A row of the tree pane: a node, or a move a cutoff skipped (not a node: the selection
/// passes over it), with its indentation.
enum Entry {
    Node(NodeId, usize),
    Skipped(String, usize),
}

/// The rows from `top` on, with each cutoff's skipped moves after the subtree of the node
/// that skipped them (where the textbooks draw the pruned branches), for the nodes whose
/// children show. `complete`: `rows` ends where the tree does, so every subtree still open
/// at the end is closed there.
fn with_skipped(
    app: &App,
    rows: &[(NodeId, usize)],
    top: usize,
    complete: bool,
    ancestors: &FxHashSet<NodeId>,
) -> Vec<Entry> {
    let mut out = Vec::new();
    let Some(&(_, first_indent)) = rows.get(top) else {
        return out;
    };
    let skipped_of = |node: NodeId| -> Vec<String> {
        if app.shows_children(node, ancestors) {
            app.session.row(node).skipped
        } else {
            Vec::new()
        }
    };
    // The open subtrees at `top`: the first row's ancestors among the rows above it.
    let mut chain = Vec::new();
    let mut min = first_indent;
    for &(node, indent) in rows[..top].iter().rev() {
        if indent < min {
            chain.push((node, indent));
            min = indent;
        }
    }
    let mut pending: Vec<(usize, Vec<String>)> = chain
        .into_iter()
        .rev()
        .map(|(node, indent)| (indent, skipped_of(node)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    let flush = |pending: &mut Vec<(usize, Vec<String>)>, out: &mut Vec<Entry>, above: usize| {
        while pending.last().is_some_and(|(i, _)| *i >= above) {
            if let Some((indent, names)) = pending.pop() {
                out.extend(names.into_iter().map(|n| Entry::Skipped(n, indent + 1)));
            }
        }
    };
    for &(node, indent) in &rows[top..] {
        flush(&mut pending, &mut out, indent);
        out.push(Entry::Node(node, indent));
        let skipped = skipped_of(node);
        if !skipped.is_empty() {
            pending.push((indent, skipped));
        }
    }
    if complete {
        flush(&mut pending, &mut out, 0);
    }
    out
}

/// A move a cutoff skipped: dimmed, `c2 ✕ skipped`.
fn skipped_line(theme: &Theme, name: &str, indent: usize) -> Line<'static> {
    let glyphs = theme.glyphs();
    let dim = theme.style(Slot::TreePruned);
    Line::from(vec![
        Span::styled("  ".repeat(indent), theme.style(Slot::TreeGuide)),
        Span::styled(
            format!("{} ", glyphs.leaf.as_str()),
            theme.style(Slot::TreeGuide),
        ),
        Span::styled(
            format!(
                "{} {} skipped",
                glyph_text(theme, name),
                glyphs.cutoff.as_str()
            ),
            dim,
        ),
    ])
}

/// One row of the tree: the node's indentation, fold mark and move, then its numbers, its
/// lambda level and verdict, or its value, each in its style.
fn tree_line(
    app: &App,
    theme: &Theme,
    (node, indent): (NodeId, usize),
    pv: &[NodeId],
    ancestors: &FxHashSet<NodeId>,
) -> Line<'static> {
    let glyphs = theme.glyphs();
    let mut row = app.session.row(node);
    if app.answer_hidden() {
        hide_answer(&mut row, app.session.parent(node).is_none());
    }
    let selected = app.selected == Some(node);
    let base = if selected {
        theme.style(Slot::TreeSelected)
    } else if pv.contains(&node) {
        theme.style(Slot::TreePv)
    } else {
        theme.style(Slot::TreeNode)
    };
    let fold = if !row.has_children {
        glyphs.leaf
    } else if app.shows_children(node, ancestors) {
        glyphs.expanded
    } else {
        glyphs.collapsed
    };
    // The MAX view marks who moves: ▲ MAX, ▽ MIN, as the lectures draw the nodes.
    let label = match row.side {
        Some(side) => format!(
            "{} {}",
            side.mark(theme.glyph_set() == GlyphSet::Ascii),
            row.label
        ),
        None => row.label.clone(),
    };
    let mut spans = vec![
        Span::styled("  ".repeat(indent), theme.style(Slot::TreeGuide)),
        Span::styled(format!("{} ", fold.as_str()), theme.style(Slot::TreeGuide)),
        Span::styled(glyph_text(theme, &label), base),
    ];
    let look = RowLook {
        theme,
        selected,
        base,
    };
    match (&row.proof, &row.lambda) {
        (Some(p), _) if p.new_leaf => new_leaf_spans(&mut spans, &row, p, &look),
        (Some(p), _) => {
            let at_current = p.on_path && app.session.current() == Some(node);
            proof_spans(&mut spans, p, at_current, &look)
        }
        (None, Some(l)) => lambda_spans(&mut spans, &row, l, &look),
        (None, None) => value_spans(&mut spans, &row, app, &look),
    }
    Line::from(spans)
}

/// Quiz: a row without the answer: no best-move mark, and a root without its value, its
/// verdict, its numbers or its solved word (it reads as not known yet).
fn hide_answer(row: &mut NodeRow, is_root: bool) {
    row.best = false;
    if is_root {
        row.value = None;
        if let Some(l) = &mut row.lambda {
            l.verdict = None;
        }
        if let Some(p) = &mut row.proof {
            p.numbers = None;
            p.solved = None;
        }
    }
}

/// Columns a row keeps for its fold mark, move and marks before its indentation is folded.
const ROW_ROOM: usize = 24;

/// How the rows' indentation fits the pane: `levels` levels folded away (0: none), the
/// depth numbers `digits` wide. Folded, a row at depth `d` starts with `d` and a bar, then
/// two columns for each level past the fold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fold {
    pub levels: usize,
    pub digits: usize,
}

impl Fold {
    /// The fold that leaves the selected row (`selected` levels deep) [`ROW_ROOM`] columns
    /// in a pane `width` columns wide, with `deepest` the deepest row drawn; none when the
    /// indentation fits.
    pub fn new(selected: usize, deepest: usize, width: usize) -> Fold {
        let none = Fold {
            levels: 0,
            digits: 0,
        };
        if 2 * selected + ROW_ROOM <= width {
            return none;
        }
        let digits = deepest.max(selected).to_string().len();
        let shown = width.saturating_sub(ROW_ROOM + digits + 1) / 2;
        match selected.saturating_sub(shown) {
            0 => none,
            levels => Fold { levels, digits },
        }
    }

    /// The indentation of a row `depth` levels deep, with `bar` after the depth.
    pub fn indent(&self, depth: usize, bar: &str) -> String {
        if self.levels == 0 {
            return "  ".repeat(depth);
        }
        format!(
            "{depth:>width$}{bar}{}",
            "  ".repeat(depth.saturating_sub(self.levels)),
            width = self.digits
        )
    }

    /// The pane's title, saying so when levels are folded.
    fn title(&self, title: &str, theme: &Theme) -> String {
        if self.levels == 0 {
            return title.to_string();
        }
        format!(
            "{title} (n{}: depth n, {} levels folded)",
            theme.glyphs().vertical.as_str(),
            self.levels
        )
    }
}

/// How a row is drawn: the theme, whether the row is selected, and its base style.
struct RowLook<'a> {
    theme: &'a Theme,
    selected: bool,
    base: Style,
}

impl RowLook<'_> {
    /// `slot`'s style, or the base style on the selected row.
    fn patch(&self, slot: Slot) -> Style {
        if self.selected {
            self.base
        } else {
            self.theme.style(slot)
        }
    }
}

/// A generated child not searched yet: dimmed, its first numbers, in words.
fn new_leaf_spans(spans: &mut Vec<Span<'static>>, row: &NodeRow, p: &ProofRow, look: &RowLook) {
    let (theme, selected, base) = (look.theme, look.selected, look.base);
    let patch = |slot: Slot| look.patch(slot);
    let dim = patch(Slot::TreePruned);
    spans[2] = Span::styled(
        glyph_text(theme, &row.label),
        if selected { base } else { dim },
    );
    spans.push(Span::styled(
        glyph_text(theme, &format!(" {}", proof::numbers_text(p.numbers))),
        dim,
    ));
    if let Some(word) = p.solved {
        spans.push(Span::styled(format!(" {word}"), dim));
    }
    spans.push(Span::styled(" new leaf", dim));
}

/// A proof node's numbers, its solved word or AND mark, and the current node's mark
/// (`at_current`: on the descent and where the search is).
fn proof_spans(spans: &mut Vec<Span<'static>>, p: &ProofRow, at_current: bool, look: &RowLook) {
    let (theme, glyphs) = (look.theme, look.theme.glyphs());
    let patch = |slot: Slot| look.patch(slot);
    spans.push(Span::styled(
        glyph_text(theme, &format!(" {}", proof::numbers_text(p.numbers))),
        patch(if p.on_path {
            Slot::TreePv
        } else {
            Slot::TreeNode
        }),
    ));
    match (p.solved, p.numbers) {
        (Some(word), Some(n)) => spans.push(Span::styled(
            format!(" {word}"),
            patch(if n.is_proven() {
                Slot::LambdaWin
            } else {
                Slot::LambdaTried
            }),
        )),
        _ if !p.or_node => {
            spans.push(Span::styled(" and", patch(Slot::TreeGuide)));
        }
        _ => {}
    }
    if p.stored {
        spans.push(Span::styled(" stored", patch(Slot::TreeGuide)));
    }
    if at_current {
        spans.push(Span::styled(
            format!(" {}", glyphs.best.as_str()),
            patch(Slot::TreeBest),
        ));
    }
}

/// A lambda node's level and verdict, and its table hit.
fn lambda_spans(spans: &mut Vec<Span<'static>>, row: &NodeRow, l: &LambdaRow, look: &RowLook) {
    let (theme, glyphs) = (look.theme, look.theme.glyphs());
    let patch = |slot: Slot| look.patch(slot);
    if let Some(level) = l.level {
        spans.push(Span::styled(
            glyph_text(theme, &format!(" λ{level}")),
            patch(Slot::LambdaLevel),
        ));
    }
    match &l.verdict {
        Some((words, tone)) => {
            let slot = match tone {
                Tone::Win => Slot::LambdaWin,
                Tone::Tried => Slot::LambdaTried,
                Tone::SelfEndangering => Slot::LambdaSelfEndangering,
                Tone::Neutral => Slot::TreePruned,
            };
            spans.push(Span::styled(
                glyph_text(theme, &format!(" {words}")),
                patch(slot),
            ));
        }
        None => spans.push(Span::styled(
            format!(" {}", glyphs.ellipsis.as_str()),
            patch(Slot::TreePruned),
        )),
    }
    if row.tt_hit {
        spans.push(Span::styled(
            format!(" {}", glyphs.tt_hit.as_str()),
            patch(Slot::TreeTtHit),
        ));
    }
}

/// An alpha-beta node's value with its bound (in lesson mode inside its window), and its
/// cutoff, table hit and best-move marks.
fn value_spans(spans: &mut Vec<Span<'static>>, row: &NodeRow, app: &App, look: &RowLook) {
    let glyphs = look.theme.glyphs();
    let patch = |slot: Slot| look.patch(slot);
    // Lesson mode: `(alpha, value, beta)` as in Kühr's example 3.2. Minimax has no window
    // to show: its rows keep their plain values.
    let window = row
        .window
        .filter(|_| app.show_window && app.spec.config.algorithm != Algorithm::Minimax);
    if let Some(w) = window {
        spans.push(Span::styled(
            format!(" ({},", w.alpha),
            patch(Slot::TreeGuide),
        ));
    }
    match row.value {
        Some((value, bound)) => {
            let (glyph, slot) = match (row.status, bound) {
                (NodeStatus::Closed, Bound::Exact) => (glyphs.exact, Slot::TreeExact),
                (NodeStatus::Closed, Bound::Lower) => (glyphs.lower, Slot::TreeLower),
                (NodeStatus::Closed, Bound::Upper) => (glyphs.upper, Slot::TreeUpper),
                // Open: the value so far bounds the final one, from below for the mover
                // (from above at a MIN node in the MAX view).
                (_, Bound::Upper) => (glyphs.upper, Slot::TreeUpper),
                (_, _) => (glyphs.lower, Slot::TreeLower),
            };
            spans.push(Span::styled(
                format!(" {}{}", glyph.as_str(), value),
                patch(slot),
            ));
        }
        None => spans.push(Span::styled(
            format!(" {}", glyphs.ellipsis.as_str()),
            patch(Slot::TreePruned),
        )),
    }
    if let Some(w) = window {
        spans.push(Span::styled(
            format!(", {})", w.beta),
            patch(Slot::TreeGuide),
        ));
    }
    if row.cutoff {
        spans.push(Span::styled(
            format!(" {}", glyphs.cutoff.as_str()),
            patch(Slot::TreeCutoff),
        ));
    }
    if row.tt_hit {
        spans.push(Span::styled(
            format!(" {}", glyphs.tt_hit.as_str()),
            patch(Slot::TreeTtHit),
        ));
    }
    if row.best {
        spans.push(Span::styled(
            format!(" {}", glyphs.best.as_str()),
            patch(Slot::TreeBest),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indentation_that_fits_is_not_folded() {
        let fold = Fold::new(7, 9, 38);
        assert_eq!(fold.levels, 0);
        assert_eq!(fold.indent(3, "|"), "      ");
    }

    #[test]
    fn a_deep_selection_folds_the_levels_above_it() {
        // 12 levels in a 38-column pane: the selected row keeps 24 columns.
        let fold = Fold::new(12, 13, 38);
        assert_eq!(
            fold,
            Fold {
                levels: 7,
                digits: 2
            }
        );
        let selected = fold.indent(12, "│");
        assert_eq!(selected, "12│          ");
        assert!(38 - selected.chars().count() >= ROW_ROOM);
        // Rows above the fold show their depth, unindented; rows below it keep theirs.
        assert_eq!(fold.indent(3, "│"), " 3│");
        assert_eq!(fold.indent(8, "|"), " 8|  ");
        assert_eq!(fold.indent(13, "|"), "13|            ");
    }

    #[test]
    fn a_pane_too_narrow_for_any_indentation_folds_all_of_it() {
        let fold = Fold::new(5, 5, 20);
        assert_eq!(fold.levels, 5);
        assert_eq!(fold.indent(5, "|"), "5|");
    }
}
