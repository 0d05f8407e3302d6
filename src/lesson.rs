//! Guided lessons: a puzzle with a script of steps, each a place in the recorded search
//! ("the next cutoff", "the node a > b") and a text that says what to look at there. The
//! explorer in lesson mode (`tui::app::lesson`) plays the script; this module
//! is the file format, its loading and validation, and the bundled lessons.
//!
//! ## The format
//!
//! Files `lessons/NAME.toml` (bundled into the binary, like the puzzles) or any path:
//!
//! ```toml
//! [lesson]
//! title = "Alpha and beta cutoffs"            # required
//! source = "the AND/OR textbook, 6.2.6"       # required: where the material comes from
//! puzzle = "tree-004-fig-6-23"                # required: bundled name, or a path relative to the lesson file
//! algorithm = "alphabeta"                     # optional, as `--algo`; default: the puzzle's
//! fail = "hard"                               # optional: "hard" | "soft" (alpha-beta)
//! ordering = "none"                           # optional: see below
//! depth = 3                                   # optional depth limit
//! epsilon = 0.25                              # optional: df-pn's 1+epsilon trick
//! null_move = true                            # optional: null-move pruning (alpha-beta family)
//! table = false                               # optional: the transposition table (alpha-beta family)
//! requires = ["alphabeta-cutoffs"]            # optional: bundled lessons to take first
//! intro = """Shown before the first step."""  # required
//! next = """What to try after the lesson."""  # optional (an extension)
//!
//! [[step]]
//! goto = "next-cutoff"     # required, see below
//! text = """What to look at and why."""        # required
//! search = { algorithm = "alphabeta", fail = "soft", ordering = "history", puzzle = "...", depth = 2,
//!            epsilon = 0.25, null_move = false, table = true }
//!                          # optional: the lesson's settings with these changed; the search
//!                          # restarts if they differ from the running one, and the replay
//!                          # starts from the beginning before `goto` in any case
//! expect = "cutoff"        # optional: the kind of event the step must land on
//! offscreen = ["beta 70"]  # optional: mentions of the text the checker does not hold
//!                          # against the screen (about the future or a source's figure)
//! marks = "connections"    # optional, Hex only: the solver's knowledge on the board, as
//!                          # the `Z` key sets it: "connections", "pruned" or "off" (default)
//! focus = "node:searched"  # optional: the node pane line the text is about; the pane
//!                          # scrolls there and gets room at 80x24
//! ```
//!
//! The user's guide to the format and the checker's rules is `docs/lessons.md`; the rules
//! themselves are [`check`], and `tui::app::lesson::check` plays a lesson to apply them
//! (`plyscope lesson --check FILE`).
//!
//! `goto`: `start`, `end`, `next-event`, `next-node`, `next-cutoff`, `next-proof`,
//! `next-expansion`, `next-threshold`, `next-level`, `next-tt-hit`, `next-iteration`,
//! `next-null-move`, `next-null-cut`, `event:N` (the replay step N, that is
//! right after the N-th event), `node:a>b>c` (select the node reached by these moves from the
//! root, stepping the replay until it has been entered). `expect`: one of [`Landing`]'s names
//! (`event`, `enter`, `leave`, `cutoff`, `tt-hit`, `expansion`, `proof`, `threshold`,
//! `level`, `iteration`, `null-move`, `null-cut`). `ordering`: `none`, `all`, or techniques joined
//! by `+` (`tt-move`, `killers`, `history`, `eval`), as [`MoveOrdering`]'s switches; a literal
//! tree's search is otherwise in textbook form (generator order, no table).
//!
//! Every problem the file itself can have (syntax, a missing field, an unknown goto, an
//! unknown puzzle, an algorithm the puzzle's game cannot run) is a [`LessonError`] naming the
//! file, the line and what was expected; whether each goto is *reachable* is found when the
//! script is played (`tui::app::lesson`), and is then an error naming the file, the step and the
//! reason, so that a stale script fails the tests.

mod bundled;
pub mod check;
mod listing;
mod schema;
mod validate;

use std::fmt;

use crate::puzzle::Puzzle;
use crate::search::Algorithm;
use crate::search::config::MoveOrdering;
use crate::view::landing::Landing;
use crate::view::session::HexOverlay;

pub use bundled::{BundledLesson, OrderError, bundled, check_order, find_bundled};
pub use listing::listing;

/// A loaded, validated lesson.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The bundled name, or the file path it was loaded from.
    pub name: String,
    /// Where the file is, for messages (`lessons/NAME.toml` or the path).
    pub origin: String,
    pub title: String,
    pub source: String,
    pub intro: String,
    /// What to try once the lesson is over.
    pub next: Option<String>,
    /// The bundled lessons to take before this one (`requires`), in the file's order.
    pub requires: Vec<String>,
    /// The search the lesson opens with.
    pub setup: Setup,
    /// How values are shown (`view`; `None`: MAX's on a literal tree, negamax on a game).
    pub view: Option<crate::view::max_view::ValueView>,
    pub steps: Vec<Step>,
}

/// One step of the script.
#[derive(Clone, Debug)]
pub struct Step {
    /// 1-based.
    pub number: usize,
    /// The line of its `[[step]]` header.
    pub line: usize,
    pub goto: Goto,
    pub text: String,
    /// The search to run for this step (the lesson's, with the step's changes).
    pub search: Option<Setup>,
    pub expect: Option<Landing>,
    /// Mentions of the text the checker does not hold against the screen (`offscreen`).
    pub offscreen: Vec<String>,
    /// Hex: the solver's knowledge the board shows at this step (`marks`; off when unset).
    pub marks: HexOverlay,
    /// The pane line the step's text is about (`focus`): the pane scrolls there, the
    /// layout gives the pane room, and the checker requires the line on every screen.
    pub focus: Option<Focus>,
}

/// A line of a pane a step points to (`focus = "node:searched"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The node pane's line with this label (`searched`, `table`, `nodes`, `cutoff`...).
    Node(String),
}

impl Focus {
    /// What `focus` takes, for messages.
    pub const SYNTAX: &'static str = "node:LABEL, LABEL the label of a node pane line such as \
         node:searched, node:table, node:nodes or node:cutoff";

    /// Parses a `focus` value.
    pub fn parse(text: &str) -> Result<Focus, String> {
        let text = text.trim();
        match text.split_once(':') {
            Some(("node", label)) if !label.trim().is_empty() => {
                Ok(Focus::Node(label.trim().to_string()))
            }
            _ => Err(format!(
                "unknown focus '{text}'; expected {}",
                Focus::SYNTAX
            )),
        }
    }

    /// The node pane line's label.
    pub fn label(&self) -> &str {
        match self {
            Focus::Node(label) => label,
        }
    }
}

impl fmt::Display for Focus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Focus::Node(label) => write!(f, "node:{label}"),
        }
    }
}

/// A search to run: the puzzle and the settings the lesson asks for.
#[derive(Clone, Debug)]
pub struct Setup {
    pub puzzle: Puzzle,
    /// Where the puzzle came from, as written (a bundled name or a path).
    pub puzzle_ref: String,
    pub algorithm: Algorithm,
    /// `None`: the search's own ordering for this puzzle.
    pub ordering: Option<MoveOrdering>,
    pub depth: Option<u32>,
    /// df-pn and lambda-df-pn: the 1+epsilon threshold trick (`None`: off, as `solve`).
    pub epsilon: Option<f32>,
    /// The alpha-beta family: null-move pruning with R = 2 (off unless asked for).
    pub null_move: bool,
    /// The alpha-beta family: `Some(false)` turns the transposition table off, `Some(true)`
    /// on (a literal tree's textbook form has none); `None`: the puzzle's default.
    pub table: Option<bool>,
}

impl Setup {
    /// In words, for the lesson pane: "tree-abc with alphabeta-soft, ordering none, depth 3".
    pub fn describe(&self) -> String {
        let mut parts = vec![self.algorithm.name().to_string()];
        if let Some(o) = self.ordering {
            parts.push(format!("ordering {}", ordering_name(o)));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        if let Some(e) = self.epsilon {
            parts.push(format!("epsilon {e}"));
        }
        if self.null_move {
            parts.push("null move".to_string());
        }
        match self.table {
            Some(true) => parts.push("table on".to_string()),
            Some(false) => parts.push("table off".to_string()),
            None => {}
        }
        format!("{} with {}", self.puzzle.name, parts.join(", "))
    }
}

/// Where a step goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goto {
    /// The replay's start (nothing searched yet).
    Start,
    /// The end of the record (the search over).
    End,
    /// Forward to right after the next event of this kind.
    Next(Landing),
    /// The replay step N: right after the N-th event.
    Event(usize),
    /// Select the node reached by these moves from the root.
    Node(Vec<String>),
}

impl Goto {
    /// Every goto form, for messages.
    pub const SYNTAX: &'static str = "start, end, next-event, next-node, next-cutoff, \
         next-proof, next-expansion, next-threshold, next-level, next-tt-hit, next-iteration, \
         next-null-move, next-null-cut, event:N or node:a>b>c";

    /// Parses a `goto` value.
    pub fn parse(text: &str) -> Result<Goto, String> {
        let text = text.trim();
        let next = |l| Ok(Goto::Next(l));
        match text {
            "start" => return Ok(Goto::Start),
            "end" => return Ok(Goto::End),
            "next-event" => return next(Landing::Event),
            "next-node" => return next(Landing::Enter),
            "next-cutoff" => return next(Landing::Cutoff),
            "next-proof" => return next(Landing::Proof),
            "next-expansion" => return next(Landing::Expansion),
            "next-threshold" => return next(Landing::Threshold),
            "next-level" => return next(Landing::Level),
            "next-tt-hit" => return next(Landing::TtHit),
            "next-iteration" => return next(Landing::Iteration),
            "next-null-move" => return next(Landing::NullMove),
            "next-null-cut" => return next(Landing::NullCut),
            _ => {}
        }
        if let Some(n) = text.strip_prefix("event:") {
            return n.trim().parse::<usize>().map(Goto::Event).map_err(|_| {
                format!("'{text}': expected event:N with N a step number such as event:12")
            });
        }
        if let Some(path) = text.strip_prefix("node:") {
            let moves: Vec<String> = path.split('>').map(|m| m.trim().to_string()).collect();
            if moves.iter().any(String::is_empty) {
                return Err(format!(
                    "'{text}': expected node:a>b>c, moves from the root separated by '>'"
                ));
            }
            return Ok(Goto::Node(moves));
        }
        Err(format!("unknown goto '{text}'; expected {}", Goto::SYNTAX))
    }
}

impl fmt::Display for Goto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goto::Start => f.write_str("start"),
            Goto::End => f.write_str("end"),
            Goto::Next(Landing::Event) => f.write_str("next-event"),
            Goto::Next(Landing::Enter) => f.write_str("next-node"),
            Goto::Next(l) => write!(f, "next-{}", l.name()),
            Goto::Event(n) => write!(f, "event:{n}"),
            Goto::Node(path) => write!(f, "node:{}", path.join(">")),
        }
    }
}

/// Parses an `ordering` value: `none`, `all` or techniques joined by `+`.
pub fn parse_ordering(text: &str) -> Result<MoveOrdering, String> {
    let expected = "expected none, all, or tt-move, killers, history, eval, quick joined by \
                    '+' (such as killers+history)";
    match text.trim() {
        "none" => return Ok(MoveOrdering::NONE),
        "all" => return Ok(MoveOrdering::ALL),
        _ => {}
    }
    let mut o = MoveOrdering::NONE;
    for part in text.split('+').map(str::trim) {
        match part {
            "tt-move" => o.tt_move = true,
            "killers" => o.killers = true,
            "history" => o.history = true,
            "eval" => o.eval_sort = true,
            "quick" => o.quick_eval = true,
            _ => return Err(format!("unknown ordering '{part}'; {expected}")),
        }
    }
    Ok(o)
}

/// The name [`parse_ordering`] reads back.
pub fn ordering_name(o: MoveOrdering) -> String {
    if o == MoveOrdering::NONE {
        return "none".to_string();
    }
    if o == MoveOrdering::ALL {
        return "all".to_string();
    }
    let mut parts = Vec::new();
    for (on, name) in [
        (o.tt_move, "tt-move"),
        (o.killers, "killers"),
        (o.history, "history"),
        (o.eval_sort, "eval"),
        (o.quick_eval, "quick"),
    ] {
        if on {
            parts.push(name);
        }
    }
    parts.join("+")
}

/// A problem with a lesson: the file, the line (when known), the step (when it is about
/// one) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    pub origin: String,
    pub line: Option<usize>,
    pub step: Option<usize>,
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.origin)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        f.write_str(": ")?;
        if let Some(step) = self.step {
            write!(f, "step {step}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for LessonError {}

impl Lesson {
    /// Every bundled lesson, in `plyscope lesson` order.
    pub fn bundled() -> &'static [BundledLesson] {
        bundled::bundled()
    }

    /// The algorithms the lesson runs, in the order its steps first run them (the lesson's
    /// own first): what `plyscope lesson` says it teaches.
    pub fn algorithms(&self) -> Vec<Algorithm> {
        let mut out = vec![self.setup.algorithm];
        for s in self.steps.iter().filter_map(|s| s.search.as_ref()) {
            if !out.contains(&s.algorithm) {
                out.push(s.algorithm);
            }
        }
        out
    }

    /// An error about step `step` (1-based) of this lesson.
    pub fn step_error(&self, step: usize, message: impl Into<String>) -> LessonError {
        LessonError {
            origin: self.origin.clone(),
            line: self.steps.get(step.wrapping_sub(1)).map(|s| s.line),
            step: Some(step),
            message: message.into(),
        }
    }

    /// The search step `k` runs (0: the intro): that of the last step up to `k` with a
    /// `search`, else the lesson's.
    pub fn setup_at(&self, k: usize) -> &Setup {
        self.steps
            .iter()
            .take(k)
            .rev()
            .find_map(|s| s.search.as_ref())
            .unwrap_or(&self.setup)
    }

    /// The step from which step `k`'s replay starts: the last one up to `k` with a
    /// `search` (its replay starts from the beginning), else the first.
    pub fn replay_from(&self, k: usize) -> usize {
        self.steps
            .iter()
            .take(k)
            .rposition(|s| s.search.is_some())
            .map_or(1, |i| i + 1)
    }
}

/// Parses and validates a lesson's text; `origin` names it in messages, and a relative
/// puzzle path is looked up next to it when `files` is true (a lesson read from a file).
pub fn parse(text: &str, origin: &str, files: bool) -> Result<Lesson, LessonError> {
    validate::parse(text, origin, files)
}

/// A bundled lesson by name, else a lesson file.
pub fn load(name_or_path: &str) -> Result<Lesson, LessonError> {
    if let Some(b) = find_bundled(name_or_path) {
        return b.load();
    }
    match crate::text_file::read_capped(
        name_or_path,
        crate::text_file::SMALL_FILE_CAP,
        "a lesson file",
    ) {
        Ok(text) => parse(&text, name_or_path, true),
        Err(error) => {
            let looks_like_a_name = !name_or_path.contains(['/', '\\', '.']);
            let message = if error.kind() == std::io::ErrorKind::NotFound && looks_like_a_name {
                "no bundled lesson has this name and there is no such file; `plyscope lesson` \
                 lists the bundled lessons"
                    .to_string()
            } else {
                format!(
                    "cannot read the lesson file: {}",
                    crate::text_file::io_reason(&error)
                )
            };
            Err(LessonError {
                origin: name_or_path.to_string(),
                line: None,
                step: None,
                message,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::landing::Landed;

    #[test]
    fn gotos_parse_and_print_back() {
        for text in [
            "start",
            "end",
            "next-event",
            "next-node",
            "next-cutoff",
            "next-proof",
            "next-expansion",
            "next-threshold",
            "next-level",
            "next-tt-hit",
            "next-iteration",
            "next-null-move",
            "next-null-cut",
            "event:12",
            "node:b>c>d",
        ] {
            let g = Goto::parse(text).unwrap();
            assert_eq!(g.to_string(), text);
        }
        assert_eq!(
            Goto::parse("node: b > 3 ").unwrap(),
            Goto::Node(vec!["b".into(), "3".into()])
        );
        assert!(
            Goto::parse("next-cut")
                .unwrap_err()
                .contains("unknown goto")
        );
        assert!(Goto::parse("event:x").unwrap_err().contains("event:N"));
        assert!(Goto::parse("node:a>>b").unwrap_err().contains("node:a>b>c"));
    }

    #[test]
    fn landings_are_sets_of_kinds() {
        let l = Landed::event().with(Landing::Leave).with(Landing::Cutoff);
        assert!(l.is(Landing::Event) && l.is(Landing::Cutoff) && !l.is(Landing::Enter));
        assert_eq!(l.names(), "leave, cutoff");
        assert_eq!(Landed::default().names(), "no event (the start)");
        for k in Landing::ALL {
            assert_eq!(Landing::parse(k.name()), Some(k));
        }
        assert_eq!(Landing::parse("cut"), None);
    }

    #[test]
    fn orderings_parse_and_print_back() {
        for text in ["none", "all", "history", "killers+history", "tt-move+eval"] {
            assert_eq!(ordering_name(parse_ordering(text).unwrap()), text);
        }
        assert!(
            parse_ordering("best")
                .unwrap_err()
                .contains("unknown ordering 'best'")
        );
    }

    #[test]
    fn errors_name_file_line_and_step() {
        let e = LessonError {
            origin: "l.toml".into(),
            line: Some(9),
            step: Some(2),
            message: "no later cutoff".into(),
        };
        assert_eq!(e.to_string(), "l.toml:9: step 2: no later cutoff");
    }
}
