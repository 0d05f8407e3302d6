//! Literal game trees for tutoring: the examples of the AND/OR textbook, *Searching game trees*
//! (section 6.2.6, figures 6.20-6.25) and Kühr, *Algorithms of a computer player in simple board
//! games* (chapter 3, figures 15-16), written in a small bracket syntax and played like any other
//! game.
//!
//! # Syntax
//!
//! ```text
//! (a (b 3 12 8) (c 2 4 6) (d 14 5 2))
//! ```
//!
//! - A parenthesised group is an inner node: its first token is the node's label, then come
//!   its children (at least one). `(3 12 8)` is therefore a node labelled `3` with two leaves.
//! - A bare token is a leaf: an integer (a score from the ROOT player's, Black's, view, at most
//!   [`MAX_LEAF_VALUE`] in size) or `W`, `L`, `D` (win, loss, draw for the root player; lower
//!   case is accepted too).
//! - A leaf may carry a label: `name:3`, `name:W`.
//! - Unlabelled leaves are named from their parent's label and their 1-based index (`b1`,
//!   `b2`, `b3`); the root's unlabelled children are named `1`, `2`, ...
//! - Every name in the tree must be unique. Moves are written as child names.
//! - Black moves at the root; the side to move alternates with depth.
//!
//! # Representation
//!
//! Nodes live in flat arrays (an arena) in pre-order; the children of a node occupy a
//! contiguous range of [`TreeGame`]'s child table. A position is the path from the root,
//! kept on a stack that is allocated once at parse time: `play` pushes, `undo` pops, nothing
//! is allocated while searching. Each node has its own key from the fixed splitmix64 stream
//! ([`crate::zobrist`]), so transposition tables work on trees (a tree has no transpositions:
//! every node is a distinct position).
//!
//! # Search knowledge
//!
//! [`Heuristic::evaluate`] of an inner node reached at a depth horizon is 0: a literal tree
//! carries values only at its leaves. [`Tactics`] keeps its defaults (a tree is not a stable
//! game).

use std::fmt;

use crate::game::{Game, Heuristic, MAX_MOVES, MoveList, Outcome, Player, Tactics};
use crate::zobrist;

/// Largest absolute value of a numeric leaf. Search values beyond it are reserved for wins
/// and losses (the engines' heuristic range is a little wider).
pub const MAX_LEAF_VALUE: i32 = 900_000;

/// Deepest nesting the parser accepts (the searches recurse once per level).
pub const MAX_TREE_DEPTH: usize = 200;

/// Seed of the key stream of trees (any fixed number; differs from the stone games' seeds).
const KEY_SEED: u64 = 0x7472_6565_5f6b_6579; // "tree_key"

/// A syntax or consistency error in a tree text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeParseError {
    /// Byte offset into the text where the problem is.
    pub offset: usize,
    /// What is wrong, in plain English.
    pub message: String,
}

impl fmt::Display for TreeParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for TreeParseError {}

/// A literal game tree and the current position in it (a path from the root).
#[derive(Clone, Debug)]
pub struct TreeGame {
    /// Name of every node (pre-order, the root first).
    names: Vec<String>,
    /// True when the name was written in the text (false: generated from the parent).
    named: Vec<bool>,
    /// The outcome of a leaf, `None` for an inner node.
    leaf: Vec<Option<Outcome>>,
    /// First index into `children` of a node's children.
    child_start: Vec<u32>,
    /// Number of children of a node (0 for a leaf).
    child_count: Vec<u16>,
    /// Children of all nodes, each node's children contiguous.
    children: Vec<u32>,
    /// Key of every node.
    keys: Vec<u64>,
    /// The current path: node ids from the root to the current node.
    path: Vec<u32>,
    /// Largest number of children of any node.
    max_children: usize,
}

/// One token of the tree text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    Open,
    Close,
    Atom(&'a str),
}

/// Splits the text into brackets and atoms, each with its byte offset.
fn tokenize(text: &str) -> Vec<(usize, Token<'_>)> {
    let mut tokens = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'(' {
            tokens.push((i, Token::Open));
            i += 1;
        } else if c == b')' {
            tokens.push((i, Token::Close));
            i += 1;
        } else {
            let start = i;
            // Atoms end at whitespace or a bracket; multi-byte characters stay inside atoms.
            while i < bytes.len()
                && !bytes[i].is_ascii_whitespace()
                && bytes[i] != b'('
                && bytes[i] != b')'
            {
                i += 1;
            }
            tokens.push((start, Token::Atom(&text[start..i])));
        }
    }
    tokens
}

/// A node under construction: children as a list, flattened at the end.
struct Draft {
    name: String,
    named: bool,
    name_offset: usize,
    leaf: Option<Outcome>,
    kids: Vec<u32>,
}

struct Parser<'a> {
    tokens: Vec<(usize, Token<'a>)>,
    pos: usize,
    end: usize,
    nodes: Vec<Draft>,
}

impl<'a> Parser<'a> {
    fn error(offset: usize, message: impl Into<String>) -> TreeParseError {
        TreeParseError {
            offset,
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<(usize, Token<'a>)> {
        self.tokens.get(self.pos).copied()
    }

    /// Parses a group whose `(` is the current token; returns its node id.
    fn group(&mut self, depth: usize) -> Result<u32, TreeParseError> {
        let (open_at, _) = self.tokens[self.pos];
        if depth >= MAX_TREE_DEPTH {
            return Err(Self::error(
                open_at,
                format!("the tree is nested too deeply (more than {MAX_TREE_DEPTH} levels)"),
            ));
        }
        self.pos += 1;
        let (label_at, label) = match self.peek() {
            Some((at, Token::Atom(text))) => (at, text),
            Some((at, _)) => {
                return Err(Self::error(
                    at,
                    "expected a label after '(': every inner node starts with its name",
                ));
            }
            None => {
                return Err(Self::error(
                    self.end,
                    "expected a label after '(' but the text ended",
                ));
            }
        };
        if label.contains(':') {
            return Err(Self::error(
                label_at,
                format!("a node label must not contain ':' (got '{label}')"),
            ));
        }
        self.pos += 1;
        let id = self.nodes.len() as u32;
        self.nodes.push(Draft {
            name: label.to_string(),
            named: true,
            name_offset: label_at,
            leaf: None,
            kids: Vec::new(),
        });
        loop {
            match self.peek() {
                Some((_, Token::Open)) => {
                    let child = self.group(depth + 1)?;
                    self.add_child(id, child, open_at)?;
                }
                Some((at, Token::Atom(text))) => {
                    self.pos += 1;
                    let child = self.leaf(id, text, at, depth == 0)?;
                    self.add_child(id, child, open_at)?;
                }
                Some((at, Token::Close)) => {
                    self.pos += 1;
                    if self.nodes[id as usize].kids.is_empty() {
                        return Err(Self::error(
                            at,
                            format!(
                                "the node '{label}' has no children; write a leaf as a number \
                                 or W/L/D, an inner node as (label child ...)"
                            ),
                        ));
                    }
                    return Ok(id);
                }
                None => {
                    return Err(Self::error(
                        self.end,
                        format!(
                            "expected ')' to close the node '{label}' opened at byte {open_at}"
                        ),
                    ));
                }
            }
        }
    }

    fn add_child(&mut self, parent: u32, child: u32, open_at: usize) -> Result<(), TreeParseError> {
        let kids = &mut self.nodes[parent as usize].kids;
        if kids.len() >= MAX_MOVES {
            return Err(Self::error(
                open_at,
                format!("a node has more than {MAX_MOVES} children"),
            ));
        }
        kids.push(child);
        Ok(())
    }

    /// Parses a leaf token (`3`, `W`, `name:3`) of `parent`.
    fn leaf(
        &mut self,
        parent: u32,
        text: &str,
        at: usize,
        parent_is_root: bool,
    ) -> Result<u32, TreeParseError> {
        let (name, named, value_text, value_at) = match text.split_once(':') {
            Some((name, value)) => {
                if name.is_empty() {
                    return Err(Self::error(at, "a leaf label before ':' is empty"));
                }
                (name.to_string(), true, value, at + name.len() + 1)
            }
            None => {
                let index = self.nodes[parent as usize].kids.len() + 1;
                let name = if parent_is_root {
                    index.to_string()
                } else {
                    format!("{}{index}", self.nodes[parent as usize].name)
                };
                (name, false, text, at)
            }
        };
        let outcome = parse_leaf_value(value_text).map_err(|m| Self::error(value_at, m))?;
        let id = self.nodes.len() as u32;
        self.nodes.push(Draft {
            name,
            named,
            name_offset: at,
            leaf: Some(outcome),
            kids: Vec::new(),
        });
        Ok(id)
    }
}

/// Reads `3`, `-7`, `W`, `L`, `D`.
fn parse_leaf_value(text: &str) -> Result<Outcome, String> {
    match text {
        "W" | "w" => return Ok(Outcome::Win(Player::Black)),
        "L" | "l" => return Ok(Outcome::Win(Player::White)),
        "D" | "d" => return Ok(Outcome::Draw),
        _ => {}
    }
    let looks_numeric = text
        .strip_prefix(['-', '+'])
        .unwrap_or(text)
        .bytes()
        .all(|b| b.is_ascii_digit())
        && text.bytes().any(|b| b.is_ascii_digit());
    if !looks_numeric {
        return Err(format!(
            "a leaf value must be a number or W/L/D (got '{text}')"
        ));
    }
    match text.parse::<i64>() {
        // unsigned_abs: i64::MIN has no positive counterpart (found by
        // tests/integration/fuzz_parsers.rs).
        Ok(v) if v.unsigned_abs() <= MAX_LEAF_VALUE as u64 => Ok(Outcome::Score(v as i32)),
        _ => Err(format!(
            "a leaf value must lie between -{MAX_LEAF_VALUE} and {MAX_LEAF_VALUE} (got '{text}')"
        )),
    }
}

impl TreeGame {
    /// Parses a tree such as `(a (b 3 12 8) (c 2 4 6) (d 14 5 2))`; the position is the root.
    pub fn parse(text: &str) -> Result<TreeGame, TreeParseError> {
        let tokens = tokenize(text);
        if tokens.is_empty() {
            return Err(Parser::error(0, "empty tree: expected (label child ...)"));
        }
        let mut parser = Parser {
            tokens,
            pos: 0,
            end: text.len(),
            nodes: Vec::new(),
        };
        match parser.tokens[0] {
            (_, Token::Open) => {}
            (at, _) => {
                return Err(Parser::error(
                    at,
                    "expected '(' to start the tree: (label child ...)",
                ));
            }
        }
        parser.group(0)?;
        if let Some((at, _)) = parser.peek() {
            return Err(Parser::error(
                at,
                "unexpected text after the tree's closing ')'",
            ));
        }
        Self::build(parser.nodes)
    }

    fn build(drafts: Vec<Draft>) -> Result<TreeGame, TreeParseError> {
        // Names must be unique; report the second occurrence.
        let mut seen: rustc_hash::FxHashMap<&str, usize> = Default::default();
        for d in &drafts {
            if seen.insert(d.name.as_str(), d.name_offset).is_some() {
                return Err(Parser::error(
                    d.name_offset,
                    format!("duplicate label '{}'", d.name),
                ));
            }
        }
        let n = drafts.len();
        let mut tree = TreeGame {
            names: Vec::with_capacity(n),
            named: Vec::with_capacity(n),
            leaf: Vec::with_capacity(n),
            child_start: Vec::with_capacity(n),
            child_count: Vec::with_capacity(n),
            children: Vec::with_capacity(n.saturating_sub(1)),
            keys: zobrist::keys(KEY_SEED, n),
            path: Vec::new(),
            max_children: 1,
        };
        for d in drafts {
            tree.child_start.push(tree.children.len() as u32);
            tree.child_count.push(d.kids.len() as u16);
            tree.max_children = tree.max_children.max(d.kids.len());
            tree.children.extend_from_slice(&d.kids);
            tree.names.push(d.name);
            tree.named.push(d.named);
            tree.leaf.push(d.leaf);
        }
        let height = tree.height_below(0);
        tree.path.reserve_exact(height + 1);
        tree.path.push(0);
        Ok(tree)
    }

    /// Number of levels below `node` (0 for a leaf).
    fn height_below(&self, node: u32) -> usize {
        let mut best = 0;
        let mut stack = vec![(node, 0usize)];
        while let Some((n, d)) = stack.pop() {
            best = best.max(d);
            for &c in self.kids(n) {
                stack.push((c, d + 1));
            }
        }
        best
    }

    fn kids(&self, node: u32) -> &[u32] {
        let start = self.child_start[node as usize] as usize;
        &self.children[start..start + self.child_count[node as usize] as usize]
    }

    /// The id of the current node (0 is the root; ids follow the text's pre-order).
    pub fn current(&self) -> usize {
        *self.path.last().expect("the path always holds the root") as usize
    }

    /// The name of the current node.
    pub fn current_name(&self) -> &str {
        &self.names[self.current()]
    }

    /// True when the current node is a leaf.
    pub fn at_leaf(&self) -> bool {
        self.leaf[self.current()].is_some()
    }

    /// Number of nodes in the tree.
    pub fn node_count(&self) -> usize {
        self.names.len()
    }

    /// The name of node `id`.
    pub fn name_of(&self, id: usize) -> &str {
        &self.names[id]
    }

    /// Names of all leaves, in the text's order (for tests that compare visited leaves).
    pub fn leaf_names(&self) -> Vec<&str> {
        (0..self.names.len())
            .filter(|&i| self.leaf[i].is_some())
            .map(|i| self.names[i].as_str())
            .collect()
    }

    /// The names along the current path, from the root.
    pub fn path_names(&self) -> Vec<&str> {
        self.path
            .iter()
            .map(|&n| self.names[n as usize].as_str())
            .collect()
    }

    /// Writes the subtree below `node` in the input syntax.
    fn write_subtree(&self, node: u32, out: &mut String) {
        let i = node as usize;
        match self.leaf[i] {
            Some(outcome) => {
                if self.named[i] {
                    out.push_str(&self.names[i]);
                    out.push(':');
                }
                out.push_str(&leaf_text(outcome));
            }
            None => {
                out.push('(');
                out.push_str(&self.names[i]);
                for &c in self.kids(node) {
                    out.push(' ');
                    self.write_subtree(c, out);
                }
                out.push(')');
            }
        }
    }

    /// The whole tree in the input syntax (parses back to the same tree).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_subtree(0, &mut out);
        out
    }
}

/// `W`, `L`, `D` or the number.
fn leaf_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(Player::Black) => "W".to_string(),
        Outcome::Win(Player::White) => "L".to_string(),
        Outcome::Draw => "D".to_string(),
        Outcome::Score(v) => v.to_string(),
    }
}

impl Game for TreeGame {
    type Move = u16;

    fn name(&self) -> &'static str {
        "tree"
    }

    fn to_move(&self) -> Player {
        if self.ply().is_multiple_of(2) {
            Player::Black
        } else {
            Player::White
        }
    }

    fn ply(&self) -> usize {
        self.path.len() - 1
    }

    fn legal_moves(&self, out: &mut MoveList<u16>) {
        out.clear();
        for i in 0..self.child_count[self.current()] {
            out.push(i);
        }
    }

    fn play(&mut self, mv: u16) {
        let node = self.current() as u32;
        debug_assert!(mv < self.child_count[node as usize], "illegal move {mv}");
        let child = self.children[self.child_start[node as usize] as usize + mv as usize];
        self.path.push(child);
    }

    fn undo(&mut self, mv: u16) {
        debug_assert!(self.path.len() > 1, "undo at the root");
        let child = self.path.pop().expect("undo at the root");
        debug_assert_eq!(
            self.kids(self.current() as u32).get(mv as usize),
            Some(&child),
            "undo of a move that was not the last one played"
        );
        let _ = (child, mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.leaf[self.current()]
    }

    fn key(&self) -> u64 {
        self.keys[self.current()]
    }

    fn parse_move(&self, text: &str) -> Result<u16, String> {
        let text = text.trim();
        let node = self.current() as u32;
        if let Some(i) = self
            .kids(node)
            .iter()
            .position(|&c| self.names[c as usize] == text)
        {
            return Ok(i as u16);
        }
        if self.leaf[node as usize].is_some() {
            return Err(format!(
                "'{text}' is not a move: '{}' is a leaf, the game is over",
                self.names[node as usize]
            ));
        }
        let names: Vec<&str> = self
            .kids(node)
            .iter()
            .map(|&c| self.names[c as usize].as_str())
            .collect();
        Err(format!(
            "'{text}' is not a child of '{}'; the moves here are {}",
            self.names[node as usize],
            names.join(", ")
        ))
    }

    fn format_move(&self, mv: u16) -> String {
        let node = self.current() as u32;
        match self.kids(node).get(mv as usize) {
            Some(&c) => self.names[c as usize].clone(),
            None => format!("#{mv}"),
        }
    }

    /// The path from the root, then the subtree below the current node in tree syntax.
    fn diagram(&self) -> String {
        let mut out = String::from("path: ");
        out.push_str(&self.path_names().join(" > "));
        out.push('\n');
        self.write_subtree(self.current() as u32, &mut out);
        out.push('\n');
        out
    }
}

impl Heuristic for TreeGame {
    /// 0: a literal tree carries values only at its leaves.
    fn evaluate(&self) -> i32 {
        0
    }

    /// The child's index.
    fn move_index(&self, mv: u16) -> usize {
        mv as usize
    }

    fn move_index_bound(&self) -> usize {
        self.max_children
    }
}

/// A literal tree has no pass: its children are all there is (no null move, and lambda
/// search refuses it).
impl crate::game::Pass for TreeGame {}

/// A literal tree has no pass: lambda search refuses it.
impl crate::game::LambdaGame for TreeGame {}

impl Tactics for TreeGame {}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str = "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))";

    fn err(text: &str) -> TreeParseError {
        TreeGame::parse(text).unwrap_err()
    }

    #[test]
    fn the_most_negative_i64_leaf_is_refused_not_negated() {
        // tests/integration/fuzz_parsers.rs found `attempt to negate with overflow` on this leaf.
        let err = TreeGame::parse("(a (b -9223372036854775808 12 8) (c 2))").unwrap_err();
        assert!(
            err.to_string().contains("a leaf value must lie between"),
            "{err}"
        );
        assert!(TreeGame::parse("(a 9223372036854775807 1)").is_err());
    }

    #[test]
    fn classic_tree_has_named_leaves() {
        let t = TreeGame::parse(CLASSIC).unwrap();
        assert_eq!(t.node_count(), 13);
        assert_eq!(
            t.leaf_names(),
            ["b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3"]
        );
        assert_eq!(t.current_name(), "a");
        assert_eq!(t.to_move(), Player::Black);
    }

    #[test]
    fn play_and_undo_walk_the_path() {
        let mut t = TreeGame::parse(CLASSIC).unwrap();
        let root_key = t.key();
        let mut moves = MoveList::new();
        t.legal_moves(&mut moves);
        assert_eq!(moves.as_slice(), &[0, 1, 2]);
        let c = t.parse_move("c").unwrap();
        t.play(c);
        assert_eq!(t.current_name(), "c");
        assert_eq!(t.to_move(), Player::White);
        assert_eq!(t.ply(), 1);
        assert_ne!(t.key(), root_key);
        let c2 = t.parse_move("c2").unwrap();
        assert_eq!(t.format_move(c2), "c2");
        t.play(c2);
        assert_eq!(t.outcome(), Some(Outcome::Score(4)));
        t.legal_moves(&mut moves);
        assert!(moves.is_empty());
        t.undo(c2);
        t.undo(c);
        assert_eq!(t.key(), root_key);
        assert_eq!(t.ply(), 0);
    }

    #[test]
    fn root_children_are_numbered_and_labels_are_kept() {
        let t = TreeGame::parse("(r 1 x:W (s D -4))").unwrap();
        assert_eq!(t.leaf_names(), ["1", "x", "s1", "s2"]);
        assert_eq!(t.to_text(), "(r 1 x:W (s D -4))");
        let mut t = t;
        let x = t.parse_move("x").unwrap();
        t.play(x);
        assert_eq!(t.outcome(), Some(Outcome::Win(Player::Black)));
    }

    #[test]
    fn text_round_trips() {
        let text = "(a (b 3 12 8) (c 2 q:4 6) (d (e L W) 5 2))";
        let t = TreeGame::parse(text).unwrap();
        assert_eq!(t.to_text(), text);
        assert_eq!(TreeGame::parse(&t.to_text()).unwrap().to_text(), text);
    }

    #[test]
    fn diagram_shows_path_and_subtree() {
        let mut t = TreeGame::parse(CLASSIC).unwrap();
        t.play(2);
        assert_eq!(t.diagram(), "path: a > d\n(d 14 5 2)\n");
    }

    #[test]
    fn keys_differ_per_node() {
        let t = TreeGame::parse(CLASSIC).unwrap();
        let mut keys = t.keys.clone();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), t.node_count());
    }

    #[test]
    fn errors_name_the_offset() {
        assert_eq!(
            err(""),
            TreeParseError {
                offset: 0,
                message: "empty tree: expected (label child ...)".into()
            }
        );
        let e = err("(a (b 3 12 8)");
        assert_eq!(e.offset, 13);
        assert!(
            e.message.starts_with("expected ')' to close the node 'a'"),
            "{e}"
        );
        let e = err("(a (b 3 x 8))");
        assert_eq!(e.offset, 8);
        assert!(
            e.message
                .starts_with("a leaf value must be a number or W/L/D"),
            "{e}"
        );
        let e = err("(a (b 3) (b 4))");
        assert_eq!(e.offset, 10);
        assert_eq!(e.message, "duplicate label 'b'");
        let e = err("(a 1 b:2 (b 4))");
        assert_eq!(e.message, "duplicate label 'b'");
        assert_eq!(e.offset, 10);
        let e = err("(a (b))");
        assert_eq!(e.offset, 5);
        assert!(e.message.contains("has no children"));
        let e = err("((b 1))");
        assert_eq!(e.offset, 1);
        assert!(e.message.starts_with("expected a label"));
        let e = err("(a 1) 2");
        assert_eq!(e.offset, 6);
        assert!(e.message.starts_with("unexpected text"));
        let e = err("3");
        assert_eq!(e.offset, 0);
        assert!(e.message.starts_with("expected '('"));
        let e = err("(a 1 x:999999999)");
        assert_eq!(e.offset, 7);
        assert!(e.message.contains("between"));
        let e = err("(a :3)");
        assert!(e.message.contains("empty"));
        let e = err("(a: 3)");
        assert!(e.message.contains("must not contain ':'"));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = format!("{}1{}", "(n ".repeat(5000), ")".repeat(5000));
        let e = TreeGame::parse(&text).unwrap_err();
        assert!(e.message.contains("nested too deeply"), "{e}");
    }

    #[test]
    fn too_many_children_is_an_error() {
        let text = format!("(a{})", " 1".repeat(MAX_MOVES + 1));
        let e = TreeGame::parse(&text).unwrap_err();
        assert!(e.message.contains("more than 384 children"), "{e}");
    }

    #[test]
    fn bad_moves_are_explained() {
        let mut t = TreeGame::parse(CLASSIC).unwrap();
        let e = t.parse_move("z").unwrap_err();
        assert_eq!(e, "'z' is not a child of 'a'; the moves here are b, c, d");
        t.play(0);
        t.play(0);
        assert!(t.parse_move("b1").unwrap_err().contains("leaf"));
    }

    #[test]
    fn heuristic_is_zero_and_indices_are_children() {
        let t = TreeGame::parse(CLASSIC).unwrap();
        assert_eq!(t.evaluate(), 0);
        assert_eq!(t.move_index(2), 2);
        assert_eq!(t.move_index_bound(), 3);
        assert!(!t.is_stable());
    }
}
