//! Class material from inside the explorer (action `export_class`, `S`):
//! the tree as of the current step as Graphviz DOT, and a text file with the settings the
//! explorer searched with (those `plyscope export` cannot reproduce: the depth limit, the
//! lambda level, the node limit, the move ordering, the board's zone view), the Why block,
//! the selected node's path and board, and the tree as indented text. Each family's
//! settings are its own (`crate::run::aids`: df-pn's static move rank and thresholds, with
//! the current descent's thresholds; alpha-beta's orderer and window), and infinity is spelt
//! `inf` throughout, as `plyscope export` spells it (`crate::view::step_tree::file_spelling`).
//!
//! The files go to [`ClassExport::dir`] (the current directory) as `PUZZLE-stepN.dot` and
//! `PUZZLE-stepN.txt`. A file that exists is never overwritten without a `y` to the
//! question on the status line. Each file is written atomically
//! ([`crate::atomic_file`]); a read-only directory or a full disk is said on the status
//! line, the explorer keeps running and nothing of its state is lost.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::atomic_file;
use crate::run::aids;
use crate::run::registry::{self, Family};
use crate::search::Algorithm;
use crate::tui::write_error::describe;
use crate::view::board_text::board_text;
use crate::view::step_tree;

use super::App;

/// Where class material goes, and the files waiting for an overwrite answer.
#[derive(Clone, Debug)]
pub struct ClassExport {
    /// The directory the files are written to (the explorer's current directory).
    pub dir: PathBuf,
    /// Files made at the step `S` was pressed, waiting for `y` because one exists.
    pub pending: Option<Vec<(PathBuf, String)>>,
}

impl Default for ClassExport {
    fn default() -> Self {
        ClassExport {
            dir: PathBuf::from("."),
            pending: None,
        }
    }
}

/// The file names' stem: `PUZZLE-stepN`, with anything but letters, digits, `.`, `_` and
/// `-` in the puzzle's name made a `-` (a puzzle opened from a path is named by its file).
pub fn stem(puzzle: &str, step: usize) -> String {
    let base = Path::new(puzzle)
        .file_stem()
        .map_or_else(|| puzzle.to_string(), |s| s.to_string_lossy().into_owned());
    let clean: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!(
        "{}-step{step}",
        if clean.is_empty() { "puzzle" } else { &clean }
    )
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

/// The settings the explorer searched and shows with, one per line.
pub fn settings(app: &App) -> Vec<String> {
    let spec = &app.spec;
    let algorithm = spec.config.algorithm;
    let limits = &spec.limits;
    let mut limit_words = Vec::new();
    if let Some(d) = limits.max_depth {
        limit_words.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        limit_words.push(format!("{n} nodes"));
    }
    if let Some(t) = limits.time {
        limit_words.push(format!("{}s", t.as_secs_f64()));
    }
    let mut lines = vec![
        format!(
            "puzzle: {} ({}), {}",
            app.puzzle.name,
            app.puzzle.title,
            app.puzzle.position.game_name()
        ),
        format!(
            "step {} of {}{}",
            app.session.step(),
            app.session.len(),
            if app.session.finished() {
                ""
            } else {
                " (the search was still running)"
            }
        ),
        format!("algorithm: {}", algorithm.name()),
        format!(
            "limits: {}{}",
            if limit_words.is_empty() {
                "none".to_string()
            } else {
                limit_words.join(", ")
            },
            match app.depth_limit {
                Some(d) => format!(" (depth limit {d} set in the explorer)"),
                None => String::new(),
            }
        ),
    ];
    // What the family shown uses, in its own terms (df-pn: its thresholds and its static
    // move rank; alpha-beta: its window and its orderer), as `compare` reports it.
    let used = aids::used(&spec.engine_config(), app.puzzle.position.kind());
    lines.push(format!("move ordering: {}", used.ordering));
    lines.push(format!("table: {}", used.table));
    if used.symmetry != "none" {
        lines.push(format!("symmetry: {}", used.symmetry));
    }
    lines.push(format!("pruning: {}", used.pruning));
    lines.push(format!("{}: {}", machinery_word(algorithm), used.other));
    if app.is_lambda() {
        lines.push(format!(
            "lambda: maximum level λ{}, root analysis {}, board zone {} ({})",
            spec.config.lambda.max_level,
            on_off(spec.root_analysis),
            app.zone.side.name(),
            app.zone.orders.name()
        ));
    }
    if app.is_proof() {
        lines.push(format!(
            "board: children's {}",
            if app.show_dn { "dn" } else { "pn" }
        ));
    }
    lines.push(format!(
        "the whole search, without these settings: plyscope export {} --algo {} --format dot",
        app.puzzle.name,
        algorithm.name()
    ));
    lines
}

/// What `aids::Used::other` holds for `algorithm`, as a label.
fn machinery_word(algorithm: Algorithm) -> &'static str {
    match registry::info(algorithm).family {
        Family::ProofNumber => "proof numbers",
        Family::Threat => "threat search",
        Family::AlphaBeta => "search",
    }
}

/// The current descent of a df-pn search, root first: each frame's numbers and its
/// thresholds `[th_pn, th_dn]` (MID returns once pn >= th_pn or dn >= th_dn); for PNS the
/// frames without thresholds. Empty outside the proof-number family or between descents.
pub fn descent(app: &App) -> Vec<String> {
    if !app.is_proof() {
        return Vec::new();
    }
    let Some(node) = app.session.current().or(app.selected) else {
        return Vec::new();
    };
    let Some(p) = app.session.detail(node).proof else {
        return Vec::new();
    };
    p.frames
        .iter()
        .map(|f| {
            let numbers = f
                .numbers
                .map_or("[?, ?]".to_string(), step_tree::numbers_text);
            match f.thresholds {
                Some(t) => format!(
                    "{}: {numbers}, thresholds {}",
                    f.label,
                    step_tree::thresholds_text(t)
                ),
                None => format!("{}: {numbers}", f.label),
            }
        })
        .collect()
}

/// The text file: settings, the Why block, the selected node's path and board, the tree.
fn text_file(app: &App) -> String {
    let mut s = String::new();
    let push = |s: &mut String, line: &str| {
        s.push_str(line);
        s.push('\n');
    };
    push(&mut s, "plyscope class material");
    for line in settings(app) {
        push(&mut s, &line);
    }
    push(&mut s, "");
    push(&mut s, "== Why ==");
    match app.session.explain() {
        Some(x) => {
            push(&mut s, &x.headline);
            for line in &x.lines {
                push(&mut s, &format!("  {line}"));
            }
        }
        None => push(&mut s, "step 0: nothing has happened yet"),
    }
    push(&mut s, "");
    let frames = descent(app);
    if !frames.is_empty() {
        push(&mut s, "== The current descent, root first ==");
        for f in &frames {
            push(&mut s, &format!("  {f}"));
        }
        push(&mut s, "");
    }
    let node = app.selected;
    match node {
        Some(n) => {
            let path = app.session.line_moves(n);
            push(
                &mut s,
                &format!(
                    "== Selected node: {} ==",
                    if path.is_empty() {
                        "the root".to_string()
                    } else {
                        path.join(" ")
                    }
                ),
            );
        }
        None => push(&mut s, "== The puzzle's position =="),
    }
    let board = app.session.board(node, app.board_options());
    s.push_str(&board_text(&board));
    push(&mut s, "");
    push(
        &mut s,
        &format!(
            "== Tree as of step {} ({} nodes entered; > the node the search is in) ==",
            app.session.step(),
            app.session.tree_so_far().0
        ),
    );
    s.push_str(&step_tree::text(app.session.as_ref()));
    s
}

/// The two files of the current step: names and contents.
pub fn files(app: &App) -> Vec<(PathBuf, String)> {
    let stem = stem(&app.puzzle.name, app.session.step());
    let mut comments = vec![format!(
        "plyscope {}: the tree as of step {} (dot -Tsvg {stem}.dot > {stem}.svg)",
        env!("CARGO_PKG_VERSION"),
        app.session.step()
    )];
    comments.extend(settings(app));
    let frames = descent(app);
    if !frames.is_empty() {
        comments.push("the current descent, root first:".to_string());
        comments.extend(frames.into_iter().map(|f| format!("  {f}")));
    }
    let title = format!(
        "{}: {}, step {} of {}",
        app.puzzle.name,
        app.spec.config.algorithm.name(),
        app.session.step(),
        app.session.len()
    );
    vec![
        (
            app.class.dir.join(format!("{stem}.dot")),
            step_tree::file_spelling(&step_tree::dot(app.session.as_ref(), &title, &comments)),
        ),
        (
            app.class.dir.join(format!("{stem}.txt")),
            step_tree::file_spelling(&text_file(app)),
        ),
    ]
}

/// `S`: makes the files of the current step and writes them, or asks first when one
/// exists.
pub fn export(app: &mut App) {
    let files = files(app);
    let existing: Vec<String> = files
        .iter()
        .filter(|(p, _)| p.exists())
        .map(|(p, _)| p.display().to_string())
        .collect();
    if existing.is_empty() {
        write_all(app, &files);
    } else {
        app.message = Some(format!(
            "{} exist{}: overwrite? (y: yes, any other key: no)",
            existing.join(" and "),
            if existing.len() == 1 { "s" } else { "" }
        ));
        app.class.pending = Some(files);
    }
}

/// The answer to the overwrite question: `y` writes, any other key does not.
pub fn answer(app: &mut App, event: &KeyEvent) {
    let Some(files) = app.class.pending.take() else {
        return;
    };
    if event.code == KeyCode::Char('y') || event.code == KeyCode::Char('Y') {
        write_all(app, &files);
    } else {
        app.message = Some("class material not written (the files stay as they were)".into());
    }
}

fn write_all(app: &mut App, files: &[(PathBuf, String)]) {
    let mut written = Vec::new();
    for (path, text) in files {
        if let Err(e) = write_one(path, text) {
            let done = if written.is_empty() {
                "nothing written".to_string()
            } else {
                format!("wrote {}", written.join(", "))
            };
            app.message = Some(format!(
                "cannot write {}: {}; {done}; the explorer goes on",
                path.display(),
                describe(&e)
            ));
            return;
        }
        written.push(path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ));
    }
    let dir = app
        .class
        .dir
        .canonicalize()
        .unwrap_or_else(|_| app.class.dir.clone());
    app.message = Some(format!(
        "wrote {} in {}",
        written.join(" and "),
        dir.display()
    ));
}

fn write_one(path: &Path, text: &str) -> io::Result<()> {
    let mut temp = atomic_file::temporary_for(path)?;
    temp.write_all(text.as_bytes())?;
    temp.flush()?;
    atomic_file::commit(temp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_name_the_puzzle_and_the_step() {
        assert_eq!(stem("tree-abc", 3), "tree-abc-step3");
        assert_eq!(stem("/tmp/my puzzle.toml", 0), "my-puzzle-step0");
        assert_eq!(stem("", 1), "puzzle-step1");
    }
}
