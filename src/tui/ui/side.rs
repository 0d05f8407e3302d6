//! The side pane: the selected node as of the current step: path, depth, side to move, alpha
//! and beta at entry (Kühr, *Algorithms of a computer player in simple board games*, example
//! 3.2: every node shows its window), value and bound, the cutoff and its reason in words (the
//! AND/OR textbook, section 6.2.6 *Searching game trees*, figures 6.23-6.25: "value 70 >= beta 70:
//! 2 moves skipped"), the table entry, the iteration and the number of nodes below.
//!
//! At a lambda node (Suda, *Efficient algorithms for verifying goals in computer games*,
//! section 5.1) it shows instead what the procedures decide by: the node's role, attacker and
//! defender, the level (current / the search's maximum), the depth left, the threat being answered
//! (the attack move and its level), ATTACK's or DEFEND's candidates, the sizes of the A-zone and
//! D-zone per order (X1, X2, X3, all), the table look-up and the verdict as of the step.
//!
//! At a proof node (Hric and Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda
//! search*) it shows the node's role (OR / AND), `[pn, dn]` as of the step with PROVEN / DISPROVEN
//! in words, df-pn's thresholds, its expansion, and the frames of the current descent from the
//! root, each with its numbers and thresholds (the frame of the selected node marked `>`).
//!
//! At an alpha-beta node it adds, in words, the heuristics ([`crate::view::heuristics`]): the
//! null-move probe with its R (Kotrč, *Gobblet analysed with AI methods*, 7.1.2), the moves
//! forward pruning dropped (Kotrč 7.1.1), the killers of the ply, and the move order as generated
//! and as searched with the reason of each place (TT move, evaluation, killer, history score; at an
//! iteration's root the last iteration's values). With the history view on (`toggle_history`) it
//! lists the history table, highest first (for trees the only place it shows); with the iterations
//! view on (`toggle_iterations`) the pane lists the iterations of iterative deepening instead, the
//! selected one marked `>`.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::theme::{Slot, Theme};
use crate::trace::replay::NodeStatus;
use crate::trace::store::NodeId;
use crate::tui::app::App;
use crate::tui::app::text_scroll::TextPane;
use crate::tui::keymap::Action;
use crate::view::bound_word;
use crate::view::lambda::{LambdaDetail, Tone};
use crate::view::proof::{self, ProofDetail};
use crate::view::session::NodeDetail;

use super::{fitted, glyph_text, pane};

/// Draws the pane.
pub fn render(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    if app.show_iterations && !app.is_lambda() && !app.is_proof() {
        render_iterations(frame, area, app, theme);
        return;
    }
    let block = pane("Node", theme, false);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let value_style = theme.style(Slot::SideValue);
    let Some(node) = app.selected else {
        let text = if app.session.is_empty() {
            "waiting for the search".to_string()
        } else {
            "step forward to enter the root".to_string()
        };
        frame.render_widget(Paragraph::new(Span::styled(text, value_style)), inner);
        return;
    };
    let d = app.session.detail(node);
    let lines = if let Some(p) = &d.proof {
        proof_lines(&d, p, node, theme)
    } else if let Some(l) = &d.lambda {
        lambda_lines(&d, l, theme)
    } else {
        alpha_beta_lines(&d, app, theme)
    };
    render_cut(frame, inner, lines, app, theme);
}

/// One row of the pane: the name in the label column, then its text.
fn row(theme: &Theme, name: &str, text: String, slot: Slot) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{name:<10}"), theme.style(Slot::SideLabel)),
        Span::styled(glyph_text(theme, &text), theme.style(slot)),
    ])
}

/// The rows of a proof node `node`: its numbers, the solver's knowledge, its children, its
/// rule and the frames of the current descent.
fn proof_lines(d: &NodeDetail, p: &ProofDetail, node: NodeId, theme: &Theme) -> Vec<Line<'static>> {
    let value_style = theme.style(Slot::SideValue);
    let mut lines = vec![
        row(
            theme,
            "path",
            if d.path.is_empty() {
                "root".to_string()
            } else {
                d.path.join(" ")
            },
            Slot::SideValue,
        ),
        row(theme, "node", p.role.clone(), Slot::SideValue),
        row(
            theme,
            "pn / dn",
            format!(
                "{}{}",
                proof::numbers_text(p.numbers),
                p.solved.map_or(String::new(), |w| format!(" {w}"))
            ),
            match p.numbers {
                Some(n) if n.is_proven() => Slot::LambdaWin,
                Some(n) if n.is_disproven() => Slot::LambdaTried,
                _ => Slot::SideValue,
            },
        ),
    ];
    // df-pn on Hex: what the solver knows here, which decides the node or prunes moves
    // (first: at 80x24 the pane has rows for little more).
    for line in &p.solver {
        lines.push(row(theme, "solver", line.clone(), Slot::SideReason));
    }
    // The children and which moves were left out, next to the solver's reasons (at
    // 80x24 the rows below are cut first).
    lines.push(row(
        theme,
        "children",
        match (p.children, &p.children_note) {
            _ if p.new_leaf => "not searched yet".to_string(),
            (0, _) => "not expanded".to_string(),
            (n, None) => format!("{n}, expanded {}x", p.expansions),
            // "2 of 13 legal moves" alone (the solver's lines count the rest): short,
            // so that the row fits the 80x24 column.
            (n, Some(note))
                if note.starts_with(&format!("{n} of ")) && note.ends_with(" legal moves") =>
            {
                format!(
                    "{} legal, expanded {}x",
                    note.trim_end_matches(" legal moves"),
                    p.expansions
                )
            }
            (n, Some(note)) => format!("{n}, expanded {}x ({note})", p.expansions),
        },
        Slot::SideValue,
    ));
    // What the numbers are, and the node's rule over its children.
    lines.push(row(theme, "shows", p.source.clone(), Slot::SideLabel));
    for r in &p.rule {
        lines.push(row(theme, "rule", r.clone(), Slot::SideValue));
    }
    if let Some(t) = p.thresholds {
        lines.push(row(
            theme,
            "threshold",
            proof::thresholds_text(t),
            Slot::SideWindow,
        ));
    }
    if p.second_level {
        lines.push(row(
            theme,
            "PN²",
            "second-level search".to_string(),
            Slot::SideValue,
        ));
    }
    lines.push(row(
        theme,
        "descent",
        match (p.on_path, p.frames.is_empty()) {
            (true, false) => "on it; frames:".to_string(),
            (false, false) => "not on it; frames:".to_string(),
            (true, true) => "on it".to_string(),
            // Between iterations (PNS walks from the root again) no descent is under way.
            (false, true) => "none under way at this step".to_string(),
        },
        Slot::SideLabel,
    ));
    for f in &p.frames {
        let mark = if f.node == node { ">" } else { " " };
        let th = f.thresholds.map_or(String::new(), |t| {
            format!(" th {}", proof::thresholds_text(t))
        });
        lines.push(Line::from(Span::styled(
            glyph_text(
                theme,
                &format!(
                    "{mark}{:<7} {}{th}",
                    f.label,
                    proof::numbers_text(f.numbers)
                ),
            ),
            if f.node == node {
                theme.style(Slot::TreePv)
            } else {
                value_style
            },
        )));
    }
    lines
}

/// The rows of a lambda node: its role, level, threat, zones and verdict.
fn lambda_lines(d: &NodeDetail, l: &LambdaDetail, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = vec![
        row(
            theme,
            "path",
            if d.path.is_empty() {
                "root".to_string()
            } else {
                d.path.join(" ")
            },
            Slot::SideValue,
        ),
        row(theme, "node", l.role.clone(), Slot::SideValue),
        row(
            theme,
            "attacker",
            format!(
                "{} (defender {})",
                l.attacker.title(),
                l.attacker.opponent().title()
            ),
            Slot::SideValue,
        ),
        row(
            theme,
            "level",
            format!("λ{} of max λ{}", l.level, l.max_level),
            Slot::LambdaLevel,
        ),
        row(
            theme,
            "depth",
            format!("{} plies left", l.depth_left),
            Slot::SideValue,
        ),
    ];
    if let Some(t) = &l.threat {
        lines.push(row(theme, "threat", t.clone(), Slot::SideValue));
    }
    if let Some(c) = &l.candidates {
        lines.push(row(theme, "tries", c.clone(), Slot::SideValue));
    }
    for (name, zone) in [("A-zone", l.a_zone), ("D-zone", l.d_zone)] {
        let text = match zone {
            Some((level, [x1, x2, x3, all])) => {
                format!("λ{level} X1-3: {x1} {x2} {x3} all {all}")
            }
            None => "none".to_string(),
        };
        lines.push(row(theme, name, text, Slot::SideValue));
    }
    if let Some(tt) = &l.tt {
        lines.push(row(theme, "table", tt.clone(), Slot::SideValue));
    }
    let slot = match l.verdict.1 {
        Tone::Win => Slot::LambdaWin,
        Tone::Tried => Slot::LambdaTried,
        Tone::SelfEndangering => Slot::LambdaSelfEndangering,
        Tone::Neutral => Slot::SideValue,
    };
    lines.push(row(theme, "verdict", l.verdict.0.clone(), slot));
    lines.push(row(
        theme,
        "nodes",
        format!("{} in its subtree", d.subtree_nodes),
        Slot::SideValue,
    ));
    lines
}

/// The rows of an alpha-beta node: its window, value, cutoff, table entry, heuristics and,
/// with the history view on, the history table.
fn alpha_beta_lines(d: &NodeDetail, app: &App, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = vec![
        row(
            theme,
            "path",
            if d.path.is_empty() {
                "root".to_string()
            } else {
                d.path.join(" ")
            },
            Slot::SideValue,
        ),
        row(
            theme,
            "depth",
            // Plies from the root, and the plies left to the search's horizon.
            format!("{} ({} left)", d.ply, d.depth),
            Slot::SideValue,
        ),
        row(
            theme,
            "to move",
            match d.side {
                // The MAX view: who moves in the lecture's words, and whose values these are.
                Some(side) => format!("{} ({}; values for MAX)", d.to_move.title(), side.name()),
                None => d.to_move.title().to_string(),
            },
            Slot::SideValue,
        ),
    ];
    if let Some(w) = d.window {
        lines.push(row(theme, "alpha", w.alpha.to_string(), Slot::SideWindow));
        lines.push(row(theme, "beta", w.beta.to_string(), Slot::SideWindow));
    }
    let status = match d.status {
        NodeStatus::NotEntered => "not entered",
        NodeStatus::Open => "so far",
        NodeStatus::Closed => "final",
    };
    lines.push(row(
        theme,
        "value",
        match (d.value, d.bound) {
            (Some(v), Some(b)) => format!("{v} ({}, {status})", bound_word(b)),
            (Some(v), None) => format!("{v} ({status})"),
            (None, _) => "none yet".to_string(),
        },
        Slot::SideValue,
    ));
    if let Some(text) = d.cutoff.clone() {
        lines.push(row(theme, "cutoff", text, Slot::SideReason));
    }
    if let Some(text) = d.tt.clone() {
        lines.push(row(theme, "table", text, Slot::SideValue));
    }
    if d.iteration > 0 {
        lines.push(row(
            theme,
            "iteration",
            d.iteration.to_string(),
            Slot::SideValue,
        ));
    }
    lines.push(row(
        theme,
        "nodes",
        format!("{} in its subtree", d.subtree_nodes),
        Slot::SideValue,
    ));
    for (label, text) in &d.heuristics {
        let slot = match *label {
            "null move" | "pruned" => Slot::SideReason,
            _ => Slot::SideValue,
        };
        lines.push(row(theme, label, text.clone(), slot));
    }
    if app.show_history {
        let text = match app.session.history() {
            None => "off in this search (no history heuristic)".to_string(),
            Some(h) if h.is_empty() => "empty (no cutoff yet)".to_string(),
            Some(h) => {
                let shown: Vec<String> = h
                    .iter()
                    .take(HISTORY_SHOWN)
                    .map(|(m, s)| format!("{m} {}", crate::view::heuristics::history_text(*s)))
                    .collect();
                format!(
                    "{}{}",
                    shown.join(" "),
                    if h.len() > HISTORY_SHOWN {
                        format!(" (+{} more)", h.len() - HISTORY_SHOWN)
                    } else {
                        String::new()
                    }
                )
            }
        };
        lines.push(row(theme, "history", text, Slot::SideValue));
    }
    lines
}

/// Draws the pane's lines wrapped at its width; what does not fit its height is counted on
/// the last row ("… 3 more lines (} scrolls)"), not cut silently (at 80x24 the pane has
/// nine rows), and `}` / `{` scroll it ([`fitted::scroll_cut`]).
fn render_cut(frame: &mut Frame, area: Rect, lines: Vec<Line<'_>>, app: &App, theme: &Theme) {
    let (step, selected) = (app.session.step(), app.selected);
    // A lesson step about one of the lines scrolls the pane to it.
    if let Some(label) = crate::tui::app::lesson::focus(app) {
        let at = lines.iter().position(|l| {
            l.spans
                .first()
                .is_some_and(|s| s.content.trim_end() == label)
        });
        if let Some(at) = at {
            let before = fitted::wrap_lines(&lines[..at], area.width).len();
            let total = before + fitted::wrap_lines(&lines[at..], area.width).len();
            let rows = super::lesson_layout::focus_offset(before, total, area.height);
            app.text_scroll.record_anchor(rows, step, selected);
        }
    }
    let rows = fitted::wrap_lines(&lines, area.width);
    app.text_scroll.record_max(
        TextPane::Node,
        fitted::max_scroll(rows.len(), usize::from(area.height)),
    );
    let scroll = fitted::Scroll {
        rows: app.text_scroll.node_rows(step, selected),
        ..text_scroll(app)
    };
    let lines = fitted::scroll_cut(
        rows,
        area.width,
        area.height,
        &scroll,
        theme.glyphs().ellipsis.as_str(),
        theme.style(Slot::SideLabel),
    );
    frame.render_widget(Paragraph::new(lines), area);
}

/// The text panes' offset as of the view, and the keys that scroll them.
pub fn text_scroll(app: &App) -> fitted::Scroll {
    let key = |action: Action| {
        app.keymap
            .keys(action)
            .first()
            .map_or_else(String::new, ToString::to_string)
    };
    fitted::Scroll {
        rows: app.text_scroll.rows(app.session.step(), app.selected),
        down_key: key(Action::ScrollTextDown),
        up_key: key(Action::ScrollTextUp),
    }
}

/// History entries the side pane lists (highest scores first).
const HISTORY_SHOWN: usize = 12;

/// The iterations of iterative deepening (Kotrč, chapter 5): one entry per iteration with its
/// depth, value, best move, nodes, root order and root values; the iteration of the selected node
/// is marked `>`.
fn render_iterations(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let block = pane("Iterations", theme, false);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let rows = app.session.iterations();
    if rows.is_empty() {
        frame.render_widget(
            Paragraph::new(Span::styled(
                "no iteration entered yet (iterative deepening announces each)",
                theme.style(Slot::SideValue),
            ))
            .wrap(Wrap { trim: false }),
            inner,
        );
        return;
    }
    let current = app
        .selected
        .and_then(|s| rows.iter().rposition(|r| r.root <= s));
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let here = Some(i) == current;
            Line::from(Span::styled(
                format!("{}{}", if here { ">" } else { " " }, r.summary()),
                theme.style(if here { Slot::TreePv } else { Slot::SideValue }),
            ))
        })
        .collect();
    // Keep the current iteration in view.
    let scroll = current.map_or(0, |c| c.saturating_sub(inner.height as usize / 3)) as u16;
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        inner,
    );
}
