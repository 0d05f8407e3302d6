//! The explorer's tree as of the replay step, as files for a class: Graphviz DOT ([`dot`]) and
//! indented text ([`text`]). `plyscope export` writes the finished search from the trace
//! (`src/export/dot.rs`); these write what the tree pane shows at the step: only the nodes entered
//! so far, each with its row as of the step (the move named by [`super::names`], the window, the
//! value so far, a cutoff, a table hit, the best child so far; `[pn, dn]` and lambda verdicts for
//! those families), so a teacher can hand out the tree at the moment a cutoff happens (the AND/OR
//! textbook, section 6.2.6 *Searching game trees*, figures 6.23-6.25).

use std::fmt::Write as _;

use crate::search::proof::{PN_INFINITY, ProofNumbers};
use crate::search::{Bound, Value, Window};
use crate::trace::replay::NodeStatus;
use crate::trace::store::NodeId;

use super::session::{NodeRow, Session};

/// The nodes entered by the step, parents before children (depth first, in search
/// order), with their depth in the tree.
pub fn nodes(session: &dyn Session) -> Vec<(NodeId, usize)> {
    let mut out = Vec::new();
    let mut stack: Vec<(NodeId, usize)> =
        session.roots().into_iter().rev().map(|r| (r, 0)).collect();
    while let Some((node, depth)) = stack.pop() {
        out.push((node, depth));
        for child in session.children(node).into_iter().rev() {
            stack.push((child, depth + 1));
        }
    }
    out
}

/// A row's facts after its name, in words: `(a, b)`, `= 3`, `CUT`, `TT hit`, `best`,
/// `[pn, dn]`, a lambda verdict, `open` while the node is on the path.
pub fn facts(row: &NodeRow) -> Vec<String> {
    let mut out = Vec::new();
    // Only alpha-beta nodes have a window: a proof or lambda row speaks its own family.
    if let Some(w) = row
        .window
        .filter(|_| row.proof.is_none() && row.lambda.is_none())
    {
        out.push(window_text(w));
    }
    match row.value {
        Some((v, Bound::Exact)) => out.push(format!("= {}", value_text(v))),
        Some((v, Bound::Lower)) => out.push(format!(">= {}", value_text(v))),
        Some((v, Bound::Upper)) => out.push(format!("<= {}", value_text(v))),
        None => {}
    }
    if let Some(p) = &row.proof {
        if let Some(n) = p.numbers {
            out.push(numbers_text(n));
        }
        if let Some(s) = p.solved {
            out.push(s.to_string());
        }
    }
    if let Some(l) = &row.lambda {
        if let Some(level) = l.level {
            out.push(format!("λ{level}"));
        }
        if let Some((verdict, _)) = &l.verdict {
            out.push(verdict.clone());
        }
    }
    if row.cutoff {
        out.push("CUT".to_string());
    }
    if row.tt_hit {
        out.push("TT hit".to_string());
    }
    if row.best {
        out.push("best so far".to_string());
    }
    if row.status == NodeStatus::Open {
        out.push("open".to_string());
    }
    out
}

/// The tree as of the step in DOT: one box per node entered (`n<id>`, the trace's node
/// ids, as `plyscope export` numbers them), its name on the first line of the label and
/// its facts below; cutoffs red, table hits filled, the node the search is in bold.
/// `comments` go at the top as `//` lines (the settings the tree was searched with).
pub fn dot(session: &dyn Session, title: &str, comments: &[String]) -> String {
    let nodes = nodes(session);
    let current = session.current();
    let mut s = String::new();
    for c in comments {
        let _ = writeln!(s, "// {c}");
    }
    let _ = writeln!(s, "digraph plyscope {{");
    let _ = writeln!(
        s,
        "  graph [label={}, labelloc=t, fontname=\"monospace\"];",
        quote(title)
    );
    let _ = writeln!(
        s,
        "  node [shape=box, fontname=\"monospace\", fontsize=10];"
    );
    let _ = writeln!(s, "  edge [arrowsize=0.6];");
    for &(id, _) in &nodes {
        let row = session.row(id);
        let mut lines = vec![row.label.clone()];
        lines.extend(facts(&row));
        let mut style = String::new();
        if row.cutoff {
            style.push_str(", color=red, penwidth=2");
        } else if row.tt_hit {
            style.push_str(", style=filled, fillcolor=lightblue");
        }
        if current == Some(id) {
            style.push_str(", fontname=\"monospace bold\", peripheries=2");
        }
        let _ = writeln!(s, "  n{id} [label={}{style}];", quote(&lines.join("\n")));
    }
    for &(id, _) in &nodes {
        if let Some(p) = session.parent(id) {
            let _ = writeln!(s, "  n{p} -> n{id};");
        }
    }
    let _ = writeln!(s, "}}");
    s
}

/// The tree as of the step as indented text, one node a line, two spaces a level:
/// `b1  (-inf, inf)  = 3  best so far` (infinity spelt as
/// [`value_text`] spells it). The node the search is in is marked `>`.
pub fn text(session: &dyn Session) -> String {
    let current = session.current();
    let mut s = String::new();
    for (id, depth) in nodes(session) {
        let row = session.row(id);
        let mark = if current == Some(id) { '>' } else { ' ' };
        let mut line = format!("{mark} {}{}", "  ".repeat(depth), row.label);
        for f in facts(&row) {
            line.push_str("  ");
            line.push_str(&f);
        }
        let _ = writeln!(s, "{}", line.trim_end());
    }
    s
}

/// A value as the files write it: infinity is `inf` and `-inf`, as in [`numbers_text`], so
/// a class file, `plyscope export` and its JSON spell it one way.
pub fn value_text(v: Value) -> String {
    if v >= Value::INFINITY {
        INF.to_string()
    } else if v <= -Value::INFINITY {
        format!("-{INF}")
    } else {
        v.to_string()
    }
}

/// A window `(alpha, beta)` as the files write it: `(-inf, inf)` for the full window.
pub fn window_text(w: Window) -> String {
    format!("({}, {})", value_text(w.alpha), value_text(w.beta))
}

/// `text` as the files spell infinity: the screens' `∞` (and `∞-57`) and the values'
/// `+inf` become `inf` (`inf-57`), so text taken from a pane (the Why block, a board's
/// marks) reads as the rest of the file.
pub fn file_spelling(text: &str) -> String {
    text.replace('∞', INF).replace("+inf", INF)
}

/// How the files spell infinity (ASCII, so every DOT tool and JSON reader takes it).
pub const INF: &str = "inf";

/// A proof or disproof number as the files write it: `inf` for infinity.
pub fn number_text(n: u32) -> String {
    if n == PN_INFINITY {
        INF.to_string()
    } else {
        n.to_string()
    }
}

/// `[pn, dn]` as the files write it: `[0, inf]`.
pub fn numbers_text(n: ProofNumbers) -> String {
    format!("[{}, {}]", number_text(n.pn), number_text(n.dn))
}

/// df-pn's thresholds `[th_pn, th_dn]` as the files write them: `inf` for infinity and
/// `inf-57` for the huge ones df-pn derives from an infinite one by subtracting the
/// siblings' numbers (as the node pane's `∞-57`).
pub fn thresholds_text(t: ProofNumbers) -> String {
    let one = |n: u32| {
        if n != PN_INFINITY && n >= 1 << 31 {
            format!("{INF}-{}", PN_INFINITY - n)
        } else {
            number_text(n)
        }
    };
    format!("[{}, {}]", one(t.pn), one(t.dn))
}

/// A DOT double-quoted string: quotes and backslashes escaped, line breaks as `\n`.
pub fn quote(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}
