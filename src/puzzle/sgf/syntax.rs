//! Where an SGF file's structure breaks: the line and column of an unclosed value, an
//! unclosed or unopened game tree, text outside the game trees. The grammar is FF[4]'s
//! (<https://www.red-bean.com/sgf/sgf4.html>, "EBNF definition": a collection of
//! `( sequence { gametree } )`, values in `[...]` with `\` escaping the next character).
//!
//! `sgf-parse` says what is wrong ("Unexpected end of data") but not where; these faults are
//! the usual ones in a hand-edited file, so they are found first, with a place. What passes
//! here may still be refused by the parser, whose message is then given without one.

use crate::puzzle::source::line_column;

/// A structural fault: 1-based line and column, and what was expected.
pub(super) struct SyntaxFault {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

fn at(text: &str, offset: usize, message: impl Into<String>) -> SyntaxFault {
    let lc = line_column(text, offset);
    SyntaxFault {
        line: lc.line,
        column: lc.column,
        message: message.into(),
    }
}

/// The first structural fault of `text`, if any.
pub(super) fn check(text: &str) -> Option<SyntaxFault> {
    let mut open_trees: Vec<usize> = Vec::new();
    let mut value_start: Option<usize> = None;
    let mut escaped = false;
    // Just after a `(`: the next token must be `;`.
    let mut want_node: Option<usize> = None;
    for (i, c) in text.char_indices() {
        if value_start.is_some() {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, ']') => value_start = None,
                _ => {}
            }
            continue;
        }
        if c.is_whitespace() {
            continue;
        }
        if let Some(tree) = want_node.take()
            && c != ';'
        {
            return Some(at(
                text,
                tree,
                "a game tree starts with ( followed by ; and a node, as in (;GM[1]SZ[9])",
            ));
        }
        match c {
            '(' => {
                open_trees.push(i);
                want_node = Some(i);
            }
            ')' => {
                let Some(_closed) = open_trees.pop() else {
                    return Some(at(text, i, "this ) closes no game tree"));
                };
            }
            '[' => {
                if open_trees.is_empty() {
                    return Some(at(text, i, "a value outside any game tree"));
                }
                value_start = Some(i);
            }
            _ if open_trees.is_empty() => {
                let what = if i == text.len() - text.trim_start().len() {
                    "an SGF file starts with ( and a game tree, as in (;GM[1]SZ[9])"
                } else {
                    "text after the last game tree; an SGF file holds game trees only"
                };
                return Some(at(text, i, what));
            }
            _ => {}
        }
    }
    if let Some(start) = value_start {
        return Some(at(
            text,
            start,
            "the value opened here is never closed; a ] is missing (write \\] for a ] inside \
             a value)",
        ));
    }
    if let Some(tree) = want_node {
        return Some(at(
            text,
            tree,
            "a game tree starts with ( followed by ; and a node",
        ));
    }
    if let Some(&open) = open_trees.last() {
        return Some(at(
            text,
            open,
            "the game tree opened here is never closed; a ) is missing",
        ));
    }
    if text.trim().is_empty() {
        return Some(at(
            text,
            0,
            "the file is empty; expected an SGF game tree, (;GM[1]SZ[9])",
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault(text: &str) -> String {
        let f = check(text).expect("a fault");
        format!("{}:{}: {}", f.line, f.column, f.message)
    }

    #[test]
    fn well_formed_files_pass() {
        assert!(check("(;GM[1]SZ[5]C[a \\] b (not a tree]\n;B[cc](;W[dd])(;W[ee]))\n").is_none());
        assert!(check("(;FF[4])(;FF[4])").is_none());
    }

    #[test]
    fn faults_are_placed() {
        assert_eq!(
            fault("(;GM[1]\nSZ[5);B[cc)"),
            "2:3: the value opened here is never closed; a ] is missing (write \\] for a ] \
             inside a value)"
        );
        assert_eq!(
            fault("(;GM[1]\n(;B[aa]"),
            "2:1: the game tree opened here is never closed; a ) is missing"
        );
        assert_eq!(fault("(;GM[1]))"), "1:9: this ) closes no game tree");
        assert_eq!(
            fault("title = \"x\""),
            "1:1: an SGF file starts with ( and a game tree, as in (;GM[1]SZ[9])"
        );
        assert_eq!(
            fault("(;GM[1]) x"),
            "1:10: text after the last game tree; an SGF file holds game trees only"
        );
        assert_eq!(
            fault("(GM[1])"),
            "1:1: a game tree starts with ( followed by ; and a node, as in (;GM[1]SZ[9])"
        );
        assert_eq!(
            fault("  \n"),
            "1:1: the file is empty; expected an SGF game tree, (;GM[1]SZ[9])"
        );
    }
}
