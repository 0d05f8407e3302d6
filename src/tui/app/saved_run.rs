//! Saved runs in the explorer (action `save_run`, `w`): the recorded search as it
//! stands, with the step, the selection and the panes' settings, written to the current
//! directory as `PUZZLE-ALGORITHM-stepN.plyrun` (the file format: `crate::run::saved`), and
//! reopened by `plyscope explore --open FILE` without searching ([`App::from_reopened`]).
//!
//! With the split view open, the second search is saved too (its record, step, selection
//! and panes), with the focus and whether the searches step together; the file is then
//! named after both searches, `PUZZLE-A-vs-B-stepN.plyrun` ([`file_for`]).

use std::path::PathBuf;
use std::sync::mpsc::Sender;

use serde::{Deserialize, Serialize};

use crate::puzzle;
use crate::run::saved::{self, RunInfo, SavedRun, SavedRunError, SecondSearch};
use crate::search::Algorithm;
use crate::trace::store::NodeId;
use crate::tui::keymap::Keymap;
use crate::tui::worker::{self, Msg};
use crate::view::lambda::ZoneView;
use crate::view::new_leaves::is_new_leaf;
use crate::view::session::HexOverlay;

use super::App;

/// What the explorer shows besides the record: restored as it was. Fields a later version
/// adds get their defaults in an older file.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedView {
    pub step: usize,
    pub selected: Option<NodeId>,
    /// When the selection is a new leaf (a generated child not searched yet): its parent
    /// and its place among the parent's children as the tree lists them. A new leaf's id is
    /// handed out as the tree first lists it (`crate::view::new_leaves`), so the id alone
    /// means nothing to another session; the parent and the place find the same row again.
    pub selected_new_leaf: Option<NewLeafAt>,
    pub follow: bool,
    pub expanded: Vec<NodeId>,
    pub show_values: bool,
    pub show_dn: bool,
    pub show_history: bool,
    pub show_iterations: bool,
    pub show_window: bool,
    pub knowledge: HexOverlay,
    pub zone: ZoneView,
    pub max_level: Option<u8>,
    pub root_analysis: bool,
    pub node_limit: usize,
    pub depth_limit: Option<u32>,
    pub speed: usize,
    pub bookmarks: Vec<usize>,
    /// The chart pane: hidden, or shown from the i-th chart.
    pub chart: Option<usize>,
    /// The split view: the focus on the second search, and stepping together.
    pub split_focus_second: bool,
    pub split_together: bool,
    /// The algorithm asked for (`None`: the puzzle's own).
    pub algorithm: Option<String>,
    /// The search's last progress report (nodes, depth, best move so far), as the status
    /// line and the split's headers show it.
    pub progress: crate::run::progress::Progress,
}

/// A new leaf's row: the `child`-th child of `parent` (see [`SavedView::selected_new_leaf`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewLeafAt {
    pub parent: NodeId,
    pub child: usize,
}

impl NewLeafAt {
    /// Where the new leaf `id` stands in `app`'s tree (`None` for a trace node).
    fn of(app: &App, id: NodeId) -> Option<NewLeafAt> {
        if !is_new_leaf(id) {
            return None;
        }
        let parent = app.session.parent(id)?;
        let child = app.session.children(parent).iter().position(|&c| c == id)?;
        Some(NewLeafAt { parent, child })
    }

    /// The new leaf's id in `app`'s session, when its parent is a node of the record whose
    /// `child`-th child is a new leaf (a damaged or edited file selects nothing).
    fn find(self, app: &App) -> Option<NodeId> {
        if (self.parent as usize) >= app.session.node_count() {
            return None;
        }
        app.session
            .children(self.parent)
            .get(self.child)
            .copied()
            .filter(|&id| is_new_leaf(id))
    }
}

impl SavedView {
    /// The explorer's state now.
    pub fn of(app: &App) -> SavedView {
        let mut expanded: Vec<NodeId> = app.expanded.iter().copied().collect();
        expanded.sort_unstable();
        SavedView {
            step: app.session.step(),
            selected: app.selected,
            selected_new_leaf: app.selected.and_then(|id| NewLeafAt::of(app, id)),
            follow: app.follow,
            expanded,
            show_values: app.show_values,
            show_dn: app.show_dn,
            show_history: app.show_history,
            show_iterations: app.show_iterations,
            show_window: app.show_window,
            knowledge: app.knowledge,
            zone: app.zone,
            max_level: app.max_level,
            root_analysis: app.root_analysis,
            node_limit: app.node_limit,
            depth_limit: app.depth_limit,
            speed: app.speed,
            bookmarks: app.bookmarks.steps(),
            chart: app.chart,
            split_focus_second: app
                .split
                .as_ref()
                .is_some_and(|s| s.focus == super::split::Focus::Second),
            split_together: app.split.as_ref().is_none_or(|s| s.together),
            algorithm: app.algorithm.map(|a| a.name().to_string()),
            progress: app.progress.clone(),
        }
    }

    /// Puts this state back into `app`, whose session holds the saved record.
    fn apply(&self, app: &mut App) {
        app.session.seek(self.step.min(app.session.len()));
        // A new leaf's id is only meaningful with its parent and place (see
        // `selected_new_leaf`); a trace node's must be a node of the record.
        app.selected = match self.selected {
            Some(n) if is_new_leaf(n) => self.selected_new_leaf.and_then(|at| at.find(app)),
            selected => selected.filter(|&n| (n as usize) < app.session.node_count()),
        };
        app.follow = self.follow;
        app.expanded = self
            .expanded
            .iter()
            .copied()
            .filter(|&n| (n as usize) < app.session.node_count())
            .collect();
        app.show_values = self.show_values;
        app.show_dn = self.show_dn;
        app.show_history = self.show_history;
        app.show_iterations = self.show_iterations;
        app.show_window = self.show_window;
        app.knowledge = self.knowledge;
        app.zone = self.zone;
        app.max_level = self.max_level;
        app.root_analysis = self.root_analysis;
        app.node_limit = self.node_limit.min(super::NODE_LIMITS.len() - 1);
        app.depth_limit = self.depth_limit;
        app.speed = self.speed.min(super::SPEEDS.len() - 1);
        for &step in &self.bookmarks {
            if step <= app.session.len() {
                app.bookmarks.toggle(step);
            }
        }
        // Any index: the chart pane takes it modulo its list (the main screen's charts, or
        // the split view's, which is another list), so the chosen chart comes back either way.
        app.chart = self.chart;
        app.algorithm = self.algorithm.as_deref().and_then(Algorithm::parse);
        app.progress = crate::run::progress::Progress {
            id: app.search_id,
            ..self.progress.clone()
        };
    }
}

/// The file name for the run as of now: `PUZZLE-ALGORITHM-stepN.plyrun` in the class
/// directory (the current directory), `-2`, `-3`, ... added when one exists. With the split
/// view open the file holds both searches, so it is named after both, first then second:
/// `PUZZLE-A-vs-B-stepN.plyrun`, or `PUZZLE-A-vs-B-stepN-and-M.plyrun` when the two stand
/// at different steps (N the first search's, M the second's).
fn file_for(app: &App) -> PathBuf {
    let base = base_name(app);
    let mut path = app.class.dir.join(format!("{base}.plyrun"));
    let mut n = 2;
    while path.exists() {
        path = app.class.dir.join(format!("{base}-{n}.plyrun"));
        n += 1;
    }
    path
}

/// [`file_for`]'s name without the directory, the `-2` and the extension.
fn base_name(app: &App) -> String {
    let step = app.session.step();
    let stem = super::class::stem(&app.puzzle.name, step);
    let puzzle = stem.strip_suffix(&format!("-step{step}")).unwrap_or(&stem);
    let first = app.spec.config.algorithm.name();
    match app.split.as_ref().map(|split| &split.pane) {
        None => format!("{puzzle}-{first}-step{step}"),
        Some(pane) => {
            let second = pane.spec.config.algorithm.name();
            let other = pane.session.step();
            if other == step {
                format!("{puzzle}-{first}-vs-{second}-step{step}")
            } else {
                format!("{puzzle}-{first}-vs-{second}-step{step}-and-{other}")
            }
        }
    }
}

/// What the status line says after a save: where the file went (`shown`) and how to reopen
/// it. The explorer saves to the current directory, so `shown` is the file's name there; the
/// second half is shortened or left out when the whole would not fit 80 columns (a split's
/// name is long), so the name itself is never cut.
fn saved_message(shown: &str) -> String {
    [
        format!("saved {shown}; reopen it with explore --open"),
        format!("saved {shown} (explore --open)"),
    ]
    .into_iter()
    .find(|m| m.chars().count() <= 80)
    .unwrap_or_else(|| format!("saved {shown}"))
}

/// Writes the run; the status line says where, or why not.
pub fn save(app: &mut App) {
    let text = match crate::proof_tree::puzzle_text(&app.puzzle) {
        Ok(text) => text,
        Err(_) => match &app.puzzle_source {
            Some(text) => text.clone(),
            None => {
                app.message =
                    Some("cannot save the run: the puzzle's file cannot be read again".to_string());
                return;
            }
        },
    };
    let path = file_for(app);
    let body = app.session.encode_trace();
    let view = serde_json::to_value(SavedView::of(app)).unwrap_or_default();
    let second = app.split.as_ref().map(|split| {
        let pane = &split.pane;
        (
            SecondSearch {
                algorithm: pane.spec.config.algorithm.name().to_string(),
                spec: pane.spec,
                events: pane.session.len() as u64,
                finished: pane.session.finished(),
                unrecorded: pane.session.unrecorded(),
                summary: pane.summary.clone(),
                view: serde_json::to_value(SavedView::of(pane)).unwrap_or_default(),
                first_bytes: 0,
            },
            pane.session.encode_trace(),
        )
    });
    let info = RunInfo {
        puzzle_name: &app.puzzle.name,
        puzzle_text: &text,
        spec: &app.spec,
        summary: app.summary.as_deref(),
        view,
        events: app.session.len() as u64,
        finished: app.session.finished(),
        unrecorded: app.session.unrecorded(),
        second,
    };
    match saved::write(&path, &info, &body) {
        Ok(_) => {
            let name = path
                .strip_prefix(".")
                .unwrap_or(&path)
                .display()
                .to_string();
            let message = saved_message(&name);
            // The status line shows the focused search's message.
            if let Some(split) = app.split.as_mut() {
                split.pane.message = Some(message.clone());
            }
            app.message = Some(message);
        }
        Err(e) => {
            // The path it tried, whole (the current directory may be anywhere), and why.
            let tried = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
            let message = format!("cannot save the run to {}: {}", tried.display(), e.message);
            if let Some(split) = app.split.as_mut() {
                split.pane.message = Some(message.clone());
            }
            app.message = Some(message);
        }
    }
}

/// A saved run read back and decoded, before the explorer opens (so a bad file is said
/// on stderr, not on a half-drawn screen).
pub struct Reopened {
    pub puzzle: crate::puzzle::Puzzle,
    pub puzzle_text: String,
    pub spec: crate::run::spec::SearchSpec,
    pub session: Box<dyn crate::view::session::Session>,
    pub summary: Option<String>,
    pub view: SavedView,
    /// The split view's second search.
    pub second: Option<ReopenedSecond>,
}

/// The split view's second search of a saved run: its spec, record, summary and view.
pub struct ReopenedSecond {
    pub spec: crate::run::spec::SearchSpec,
    pub session: Box<dyn crate::view::session::Session>,
    pub summary: Option<String>,
    pub view: SavedView,
}

impl Reopened {
    /// Loads the puzzle of `run` and decodes its record for the puzzle's game.
    pub fn load(run: &SavedRun) -> Result<Reopened, SavedRunError> {
        let header = &run.header;
        let puzzle =
            puzzle::parse(&header.puzzle, &header.puzzle_name).map_err(|e| SavedRunError {
                file: run.file().to_string(),
                message: format!("the saved puzzle does not load: {e}"),
            })?;
        let session = worker::reopen(&puzzle, &header.spec, run, false)?;
        let second = match &header.second {
            Some(second) => Some(ReopenedSecond {
                spec: second.spec,
                session: worker::reopen(&puzzle, &second.spec, run, true)?,
                summary: second.summary.clone(),
                view: serde_json::from_value(second.view.clone()).unwrap_or_default(),
            }),
            None => None,
        };
        Ok(Reopened {
            puzzle,
            puzzle_text: header.puzzle.clone(),
            spec: header.spec,
            session,
            summary: header.summary.clone(),
            // A view this version cannot read opens at the first step with default panes.
            view: serde_json::from_value(header.view.clone()).unwrap_or_default(),
            second,
        })
    }
}

impl App {
    /// The explorer over a saved run: its puzzle, its record (no search runs), at the step
    /// and with the panes it was saved with.
    pub fn from_reopened(run: Reopened, keymap: Keymap, tx: Sender<Msg>) -> App {
        let second_puzzle = run.puzzle.clone();
        let mut app =
            App::over_session(run.puzzle, None, run.spec, run.session, keymap.clone(), tx);
        app.summary = run.summary;
        app.puzzle_source = Some(run.puzzle_text.clone());
        run.view.apply(&mut app);
        if let Some(ReopenedSecond {
            spec,
            session,
            summary,
            view,
        }) = run.second
        {
            let (pane_tx, _) = std::sync::mpsc::channel();
            let mut pane = App::over_session(
                second_puzzle,
                Some(spec.config.algorithm),
                spec,
                session,
                keymap,
                pane_tx,
            );
            pane.summary = summary;
            pane.puzzle_source = Some(run.puzzle_text);
            view.apply(&mut pane);
            let focus = if run.view.split_focus_second {
                super::split::Focus::Second
            } else {
                super::split::Focus::First
            };
            app.split = Some(Box::new(super::split::Split::over(
                pane,
                focus,
                run.view.split_together,
            )));
        }
        app
    }
}

#[cfg(test)]
mod tests {
    use super::saved_message;

    #[test]
    fn the_saved_message_never_cuts_the_name_at_80_columns() {
        assert_eq!(
            saved_message("tictactoe-dfpn-vs-alphabeta-step12.plyrun"),
            "saved tictactoe-dfpn-vs-alphabeta-step12.plyrun; reopen it with explore --open"
        );
        assert_eq!(
            saved_message("tictactoe-fork-alphabeta-soft-vs-lambda-dfpn-step5.plyrun"),
            "saved tictactoe-fork-alphabeta-soft-vs-lambda-dfpn-step5.plyrun (explore --open)"
        );
        let long = "atarigo-6x6-crosscut-alphabeta-soft-vs-lambda-dfpn-step123456-and-7.plyrun";
        assert_eq!(saved_message(long), format!("saved {long}"));
    }
}
