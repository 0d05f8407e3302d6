//! The lesson checker's rules: a step's text may not contradict the screen the explorer shows at
//! that step. [`mentions`] extracts from a step's text every number tied to something on the screen
//! and every cutoff or proof term; [`check_step`] holds each against the screen's text (the panes
//! as drawn, plus the Why block's text). The explorer plays the steps and draws the screens
//! (`tui::app::lesson::check`); this module only reads text, so its rules are unit-tested on
//! strings.
//!
//! The rules (the forms the bundled lessons write; `docs/lessons.md` lists them too):
//!
//! | the text says | the screen must show |
//! |---|---|
//! | a window `(-inf, -15)` (two values in parentheses) | `(-inf, -15)`, or a row's triple `(-inf, v, -15)` |
//! | proof numbers `n2 [3, 1]`, `root [2, 3]`, `[0, ∞]` | `[3, 1]` on a line naming `n2` (any line without a name) |
//! | `pn = ... = 3`, `dn = min(...) = 2` | some `[3, _]`, some `[_, 2]` |
//! | `alpha 15`, `alpha = 15`, `alpha is now 15`, `beta -15` | some window or triple with that alpha (`(15, `) or beta (`, -15)`), or a line with the word and the value (the node pane's `beta  -15`) |
//! | `n6 shows loss@3`, `c shows >=-3`, `the row shows -15` | a line naming `n6` (any line) with that value |
//! | `n3 is worth 0` | a line naming `n3` with the value or its negation (the text may speak for either side) |
//! | `11 nodes` | a line with `nodes` and `11` |
//! | `alpha cutoff`, `beta cutoff` | the same term (the Why block or the node pane) |
//! | the `` `searched` line`` (a pane line's label in backticks, then `line`) | a pane line starting with that label (the node pane's `searched  by ...`) |
//! | `proven`, `disproven` | the same word |
//! | `win`, `loss`, `draw` | the same word, or a value that says it (`win@3`, `loss@3`; `0` for a draw) |
//!
//! Values are integers, `win@N`, `loss@N`, `inf` / `∞` with a sign, optionally after `>=`
//! or `<=`; `∞` and `inf`, `+inf` and `inf`, `≥` and `>=` are the same. A step whose text
//! speaks of what the screen does not show yet ("will become") or of a figure of a source
//! lists those mentions, exactly as the text writes them, in `offscreen = [...]`: they are
//! not held against the screen, and each must be a mention of the text (a stale list fails
//! too).

use std::fmt;

/// One thing a step's text says that the screen must agree with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention {
    /// The words of the text, as written (what `offscreen` lists).
    pub text: String,
    pub kind: Kind,
}

/// What a mention asks of the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `(alpha, beta)`.
    Window { alpha: String, beta: String },
    /// `[pn, dn]`, on a line naming `node` when the text names one.
    ProofNumbers {
        node: Option<String>,
        pn: String,
        dn: String,
    },
    /// `pn = ... = v` (`pn` true) or `dn = ... = v`.
    Number { pn: bool, value: String },
    /// `alpha v` (`alpha` true) or `beta v`.
    Bound { alpha: bool, value: String },
    /// `NAME shows v`: the value exactly, on a line naming `node` when there is one.
    Shows { node: Option<String>, value: String },
    /// `NAME is worth v`: the value or its negation on a line naming the node.
    Worth { node: String, value: String },
    /// `N nodes`.
    Nodes { count: String },
    /// `` `searched` line``: a pane line with this label.
    Line { label: String },
    /// A cutoff or proof term: `alpha cutoff`, `beta cutoff`, `proven`, `disproven`, `win`,
    /// `loss`, `draw`.
    Term { term: &'static str },
}

impl fmt::Display for Mention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}'", self.text)
    }
}

/// The terms [`check_step`] holds against the screen, in the order they are looked for
/// (`disproven` before `proven`, which it contains).
pub const TERMS: [&str; 7] = [
    "alpha cutoff",
    "beta cutoff",
    "disproven",
    "proven",
    "win",
    "loss",
    "draw",
];

/// Same spelling for the text and the screen: `∞` is `inf`, `+inf` is `inf`, `≥` is `>=`,
/// `≤` is `<=`, the lowercase letters.
pub fn normalize(text: &str) -> String {
    text.replace('∞', "inf")
        .replace('≥', ">=")
        .replace('≤', "<=")
        .replace('−', "-")
        .replace("+inf", "inf")
        .to_lowercase()
}

/// True for a value token: an integer, `win@N`, `loss@N`, `inf`, with a sign and a `>=` /
/// `<=` in front.
fn is_value(token: &str) -> bool {
    let t = token
        .strip_prefix(">=")
        .or_else(|| token.strip_prefix("<="))
        .unwrap_or(token);
    let t = t.strip_prefix(['-', '+']).unwrap_or(t);
    if t == "inf" {
        return true;
    }
    let t = t
        .strip_prefix("win@")
        .or_else(|| t.strip_prefix("loss@"))
        .unwrap_or(t);
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit())
}

/// A node name: letters, digits, `-` and `@`-free, starting with a letter, as the tree labels
/// write them (`n2`, `b`, `root`, `a1-b2`), and not an English word of the texts.
fn is_name(token: &str) -> bool {
    const WORDS: [&str; 16] = [
        "a", "it", "the", "row", "node", "that", "this", "which", "each", "now", "and", "so",
        "value", "is", "its", "one",
    ];
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && token.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && !WORDS.contains(&token)
}

/// The text as words: split at spaces, each word stripped of the punctuation around it
/// (but a value keeps its sign and `>=`).
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| matches!(c, ',' | '.' | ';' | ':' | '"' | '\'' | '!' | '?'))
                .trim_start_matches('(')
                .trim_end_matches(')')
                .trim_end_matches([',', '.', ';', ':'])
                .to_string()
        })
        .collect()
}

/// The negation of a value token, as the screen would write it.
fn negate(value: &str) -> String {
    if let Some(v) = value.strip_prefix('-') {
        v.to_string()
    } else if value == "0" {
        value.to_string()
    } else if let Some(v) = value.strip_prefix("win@") {
        format!("loss@{v}")
    } else if let Some(v) = value.strip_prefix("loss@") {
        format!("win@{v}")
    } else {
        format!("-{value}")
    }
}

/// Every mention in a step's text (see the module doc for the forms).
pub fn mentions(text: &str) -> Vec<Mention> {
    let norm = normalize(&text.replace(['\n', '\\'], " "));
    let mut out = Vec::new();
    parenthesised(&norm, &mut out);
    let w = words(&norm);
    for i in 0..w.len() {
        let next = |k: usize| w.get(i + k).map(String::as_str).unwrap_or("");
        let prev = if i > 0 { w[i - 1].as_str() } else { "" };
        match w[i].as_str() {
            "alpha" | "beta" => {
                let mut k = 1;
                while matches!(next(k), "=" | "is" | "now") {
                    k += 1;
                }
                if is_value(next(k)) && !next(k).starts_with(['>', '<']) {
                    out.push(Mention {
                        text: w[i..=i + k].join(" "),
                        kind: Kind::Bound {
                            alpha: w[i] == "alpha",
                            value: next(k).to_string(),
                        },
                    });
                }
            }
            "pn" | "dn" if next(1) == "=" => {
                if let Some(value) = clause_result(&w, i) {
                    out.push(Mention {
                        text: format!("{} = {value}", w[i]),
                        kind: Kind::Number {
                            pn: w[i] == "pn",
                            value,
                        },
                    });
                }
            }
            "shows" if is_value(next(1)) => {
                let node = (is_name(prev)).then(|| prev.to_string());
                out.push(Mention {
                    text: format!("{prev} shows {}", next(1)),
                    kind: Kind::Shows {
                        node,
                        value: next(1).to_string(),
                    },
                });
            }
            "is" if next(1) == "worth" && is_value(next(2)) && is_name(prev) => {
                out.push(Mention {
                    text: format!("{prev} is worth {}", next(2)),
                    kind: Kind::Worth {
                        node: prev.to_string(),
                        value: next(2).to_string(),
                    },
                });
            }
            "nodes" if prev.chars().all(|c| c.is_ascii_digit()) && !prev.is_empty() => {
                out.push(Mention {
                    text: format!("{prev} nodes"),
                    kind: Kind::Nodes {
                        count: prev.to_string(),
                    },
                });
            }
            _ => {}
        }
    }
    terms(&norm, &mut out);
    pane_lines(&norm, &mut out);
    out
}

/// `` `label` line``: a label in backticks followed by the word `line` (or `lines`).
fn pane_lines(norm: &str, out: &mut Vec<Mention>) {
    let mut rest = norm;
    while let Some(s) = rest.find('`') {
        let Some(len) = rest[s + 1..].find('`') else {
            break;
        };
        let label = &rest[s + 1..s + 1 + len];
        let after = &rest[s + 2 + len..];
        let word = after
            .trim_start()
            .split(|c: char| !c.is_ascii_alphabetic())
            .next();
        if after.starts_with(' ')
            && matches!(word, Some("line" | "lines"))
            && !label.trim().is_empty()
        {
            out.push(Mention {
                text: format!("`{label}` line"),
                kind: Kind::Line {
                    label: label.trim().to_string(),
                },
            });
        }
        rest = after;
    }
}

/// True when a line of `screen` (normalized) starts with `label` (normalized) as a pane line's
/// label: after the pane's edge, followed by a space or nothing.
pub fn line_shown(screen: &str, label: &str) -> bool {
    screen.lines().any(|l| {
        l.trim_start()
            .strip_prefix(label)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    })
}

/// `(a, b)` windows and `[p, q]` proof numbers (with the node name before them).
fn parenthesised(norm: &str, out: &mut Vec<Mention>) {
    for (open, close) in [('(', ')'), ('[', ']')] {
        let mut rest = norm;
        let mut before_all = 0;
        while let Some(s) = rest.find(open) {
            let Some(len) = rest[s..].find(close) else {
                break;
            };
            let inner = &rest[s + 1..s + len];
            let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
            let start = before_all + s;
            // "min(3, 3)" is arithmetic, not a window.
            let called = norm[..start]
                .chars()
                .last()
                .is_some_and(|c| c.is_ascii_alphanumeric());
            if parts.len() == 2 && parts.iter().all(|p| is_value(p)) && !called {
                if open == '(' {
                    out.push(Mention {
                        text: format!("({}, {})", parts[0], parts[1]),
                        kind: Kind::Window {
                            alpha: parts[0].to_string(),
                            beta: parts[1].to_string(),
                        },
                    });
                } else {
                    let node = norm[..start]
                        .split_whitespace()
                        .last()
                        .map(|w| w.trim_start_matches('(').to_string())
                        .filter(|w| is_name(w));
                    let pair = format!("[{}, {}]", parts[0], parts[1]);
                    out.push(Mention {
                        text: node
                            .as_ref()
                            .map_or(pair.clone(), |n| format!("{n} {pair}")),
                        kind: Kind::ProofNumbers {
                            node,
                            pn: parts[0].to_string(),
                            dn: parts[1].to_string(),
                        },
                    });
                }
            }
            before_all += s + 1;
            rest = &rest[s + 1..];
        }
    }
}

/// The value a `pn = ...` / `dn = ...` clause ends with: the last value token before the
/// clause ends (a comma, a period or a semicolon outside parentheses, or a word that is not
/// part of the arithmetic), skipping what is inside parentheses.
fn clause_result(w: &[String], i: usize) -> Option<String> {
    let mut last = None;
    for word in &w[i + 2..] {
        let bare = word.as_str();
        if is_value(bare) {
            last = Some(bare.to_string());
        } else if !matches!(bare, "=" | "+" | "min" | "max" | "sum")
            && !bare.starts_with("min(")
            && !bare.starts_with("max(")
        {
            break;
        }
    }
    last
}

/// The cutoff and proof terms, whole words.
fn terms(norm: &str, out: &mut Vec<Mention>) {
    let bytes = norm.as_bytes();
    let boundary = |i: usize| i >= bytes.len() || !bytes[i].is_ascii_alphanumeric();
    let mut taken = vec![false; bytes.len()];
    for term in TERMS {
        let mut from = 0;
        while let Some(p) = norm[from..].find(term) {
            let at = from + p;
            from = at + term.len();
            let starts = at == 0 || boundary(at - 1);
            // "win@3" is a value, not the word.
            let ends = boundary(at + term.len()) && bytes.get(at + term.len()) != Some(&b'@');
            if starts && ends && !taken[at] {
                taken[at..at + term.len()]
                    .iter_mut()
                    .for_each(|t| *t = true);
                if !out
                    .iter()
                    .any(|m| matches!(m.kind, Kind::Term { term: t } if t == term))
                {
                    out.push(Mention {
                        text: term.to_string(),
                        kind: Kind::Term { term },
                    });
                }
            }
        }
    }
}

/// The problems of one step: each mention of `text` the `screen` does not agree with,
/// except those `offscreen` lists (which must be mentions of the text).
pub fn check_step(text: &str, offscreen: &[String], screen: &str) -> Vec<String> {
    let found = mentions(text);
    let screen = normalize(screen);
    let lines: Vec<&str> = screen.lines().collect();
    let mut problems = Vec::new();
    for o in offscreen {
        if !found.iter().any(|m| m.text == normalize(o)) {
            let listed: Vec<String> = found.iter().map(|m| m.text.clone()).collect();
            problems.push(format!(
                "offscreen lists '{o}', which the text does not mention (its mentions: {})",
                listed.join(", ")
            ));
        }
    }
    for m in &found {
        if offscreen.iter().any(|o| normalize(o) == m.text) {
            continue;
        }
        if let Some(why) = disagrees(m, &screen, &lines) {
            problems.push(format!("the text says {m} but {why}"));
        }
    }
    problems
}

/// True when `token` is in `line` as a whole token (not part of a longer number or name).
fn has_token(line: &str, token: &str) -> bool {
    let bytes = line.as_bytes();
    let mut from = 0;
    while let Some(p) = line[from..].find(token) {
        let at = from + p;
        let end = at + token.len();
        let part = |c: u8| c.is_ascii_alphanumeric() || c == b'@' || c == b'.';
        let before_ok = at == 0 || {
            let c = bytes[at - 1];
            !part(c) && (c != b'-' || token.starts_with('-'))
        };
        let after_ok = end >= bytes.len() || !part(bytes[end]);
        if before_ok && after_ok {
            return true;
        }
        from = at + 1;
    }
    false
}

/// The groups `(x, y)` and `(x, v, y)` of the screen's lines, split at commas (a group does
/// not run from one line into the next: a row cut at its pane's edge closes none).
fn groups(screen: &str, open: char, close: char) -> Vec<Vec<&str>> {
    let mut out = Vec::new();
    for line in screen.lines() {
        let mut rest = line;
        while let Some(s) = rest.find(open) {
            let Some(len) = rest[s..].find(close) else {
                break;
            };
            out.push(rest[s + 1..s + len].split(',').map(str::trim).collect());
            rest = &rest[s + 1..];
        }
    }
    out
}

/// Why the screen does not agree with `m`, or `None` when it does.
fn disagrees(m: &Mention, screen: &str, lines: &[&str]) -> Option<String> {
    let named =
        |node: &Option<String>, line: &str| node.as_ref().is_none_or(|n| has_token(line, n));
    match &m.kind {
        Kind::Window { alpha, beta } => {
            let ok = groups(screen, '(', ')')
                .iter()
                .any(|g| (g.len() == 2 || g.len() == 3) && g[0] == alpha && g[g.len() - 1] == beta);
            (!ok).then(|| format!("no window or triple ({alpha}, .., {beta}) is on the screen"))
        }
        Kind::ProofNumbers { node, pn, dn } => {
            let pair = format!("[{pn}, {dn}]");
            let ok = lines.iter().any(|l| l.contains(&pair) && named(node, l));
            (!ok).then(|| match node {
                Some(n) => format!("no line of the screen shows {n} with {pair}"),
                None => format!("the screen shows no {pair}"),
            })
        }
        Kind::Number { pn, value } => {
            let ok = groups(screen, '[', ']')
                .iter()
                .any(|g| g.len() == 2 && g[if *pn { 0 } else { 1 }] == value);
            (!ok).then(|| {
                format!(
                    "the screen shows no proof numbers with {} {value}",
                    if *pn { "pn" } else { "dn" }
                )
            })
        }
        Kind::Bound { alpha, value } => {
            let word = if *alpha { "alpha" } else { "beta" };
            let ok = groups(screen, '(', ')').iter().any(|g| {
                (g.len() == 2 || g.len() == 3)
                    && if *alpha {
                        g[0] == value
                    } else {
                        g[g.len() - 1] == value
                    }
            }) || lines
                .iter()
                .any(|l| has_word(l, word) && has_token(l, value));
            (!ok).then(|| format!("no window, triple or line of the screen has {word} {value}"))
        }
        Kind::Shows { node, value } => {
            let ok = lines.iter().any(|l| named(node, l) && has_token(l, value));
            (!ok).then(|| match node {
                Some(n) => format!("no line of the screen shows {n} with {value}"),
                None => format!("the screen shows no {value}"),
            })
        }
        Kind::Worth { node, value } => {
            let neg = negate(value);
            let ok = lines
                .iter()
                .any(|l| has_token(l, node) && (has_token(l, value) || has_token(l, &neg)));
            (!ok).then(|| format!("no line of the screen shows {node} with {value} or {neg}"))
        }
        Kind::Nodes { count } => {
            let ok = lines
                .iter()
                .any(|l| l.contains("nodes") && has_token(l, count));
            (!ok).then(|| format!("no line of the screen counts {count} nodes"))
        }
        Kind::Line { label } => (!line_shown(screen, label))
            .then(|| format!("no pane line of the screen is labelled {label}")),
        Kind::Term { term } => {
            // A term may be wrapped across two rows of a pane.
            let screen = screen.replace('\n', " ");
            let screen = screen.as_str();
            let ok = match *term {
                "win" => ["win", "won", "wins"].iter().any(|w| has_word(screen, w)),
                "loss" => ["loss", "lost"].iter().any(|w| has_word(screen, w)),
                "draw" => has_word(screen, "draw") || lines.iter().any(|l| has_token(l, "0")),
                t => has_word(screen, t),
            };
            (!ok).then(|| format!("the screen (Why block, node pane, rows) does not say {term}"))
        }
    }
}

/// True when `word` is in `text` as a whole word (`win` in `win@3` counts, `proven` in
/// `disproven` does not).
fn has_word(text: &str, word: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(p) = text[from..].find(word) {
        let at = from + p;
        let end = at + word.len();
        let starts = at == 0 || !bytes[at - 1].is_ascii_alphabetic();
        let ends = end >= bytes.len() || !bytes[end].is_ascii_alphabetic();
        if starts && ends {
            return true;
        }
        from = at + 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Vec<String> {
        mentions(text).into_iter().map(|m| m.text).collect()
    }

    #[test]
    fn the_forms_the_lessons_write_are_mentions() {
        assert_eq!(
            texts("n3 is entered with the window (-inf, -15): an alpha cutoff, n2 is worth 15"),
            ["(-inf, -15)", "n2 is worth 15", "alpha cutoff"]
        );
        assert_eq!(
            texts(
                "expanded: n4 [1, 2], n5 [1, 2]. The root: pn = min(3, 3) = 3, dn = 1 + 1 = 2, \
                 and the root [2, 3] ([0, ∞], proven)"
            ),
            [
                "n4 [1, 2]",
                "n5 [1, 2]",
                "root [2, 3]",
                "[0, inf]",
                "pn = 3",
                "dn = 2",
                "proven"
            ]
        );
        assert_eq!(
            texts("At the root alpha is now 15; -10 >= beta -15. c shows >=-3, 11 nodes, loss@3"),
            ["alpha is now 15", "beta -15", "c shows >=-3", "11 nodes"]
        );
        // Words that are not a value or a name are not mentions.
        assert!(texts("each row's (alpha, value, beta) and [pn, dn]").is_empty());
        assert_eq!(texts("not disproven but proven"), ["disproven", "proven"]);
    }

    const SCREEN: &str = "\
├ n2 (15, -15, inf)
│ ├ n3 (-inf, >=-15, -15) ✕
Why: alpha cutoff: -10 >= beta -15, the remaining 1 move is skipped
nodes   6 in its subtree";

    #[test]
    fn a_text_that_agrees_with_the_screen_passes() {
        let text = "n3 is entered with the window (-inf, -15); an alpha cutoff, -10 >= beta -15; \
                    n3 shows >=-15 and n2 is worth 15; 6 nodes; alpha 15";
        assert_eq!(check_step(text, &[], SCREEN), Vec::<String>::new());
    }

    #[test]
    fn a_beta_cutoff_where_the_screen_says_alpha_fails() {
        let p = check_step("a beta cutoff", &[], SCREEN);
        assert_eq!(
            p,
            [
                "the text says 'beta cutoff' but the screen (Why block, node pane, rows) does not \
              say beta cutoff"
            ]
        );
    }

    #[test]
    fn a_wrong_number_fails() {
        let p = check_step(
            "the window (-inf, -14) and 7 nodes, n3 shows >=-14",
            &[],
            SCREEN,
        );
        assert_eq!(p.len(), 3, "{p:?}");
        assert!(p[0].contains("'(-inf, -14)'"), "{p:?}");
        assert!(p[1].contains("'7 nodes'"), "{p:?}");
        assert!(p[2].contains("'n3 shows >=-14'"), "{p:?}");
    }

    #[test]
    fn offscreen_exempts_what_it_lists_and_must_be_a_mention() {
        let text = "beta will become 70: the window (-inf, 70)";
        assert_eq!(check_step(text, &[], SCREEN).len(), 1);
        assert!(check_step(text, &["(-inf, 70)".to_string()], SCREEN).is_empty());
        let p = check_step(text, &["(-inf, 71)".to_string()], SCREEN);
        assert!(p[0].starts_with("offscreen lists '(-inf, 71)'"), "{p:?}");
    }

    #[test]
    fn a_pane_line_in_backticks_must_be_a_line_of_the_screen() {
        let text = "The node pane's `searched` line orders them; its `table` line too.";
        assert_eq!(texts(text), ["`searched` line", "`table` line"]);
        let screen = "path      root\nsearched  by last values: b2 a1\nnodes     26";
        let p = check_step(text, &[], screen);
        assert_eq!(
            p,
            ["the text says '`table` line' but no pane line of the screen is labelled table"]
        );
        // A label is the start of a line, a word of its own.
        assert!(line_shown(screen, "searched"));
        assert!(!line_shown(screen, "search"));
        assert!(!line_shown(screen, "last"));
        // Backticks around other words are not a line.
        assert!(texts("press `tab` to go on").is_empty());
    }

    #[test]
    fn a_term_wrapped_across_two_rows_is_found_and_windows_stay_on_their_line() {
        assert!(
            check_step(
                "an alpha cutoff",
                &[],
                "value 3 alpha\ncutoff: -2 >= beta -3"
            )
            .is_empty()
        );
        // "(-12, =-2, -1…" cut at its pane's edge is no window with the next line's ")".
        let p = check_step("the window (-12, 5)", &[], "n2 (-12, =-2, -1…\nn3 5)");
        assert_eq!(p.len(), 1, "{p:?}");
    }
}
