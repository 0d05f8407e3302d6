//! The explorer's model and its update function (design.md section 5; issue 3 deliverables
//! 3 and 4): which puzzle and search, the replay cursor (inside the [`Session`]), the
//! selected node and expanded set of the tree, the overlay stack (help, picker), play/pause
//! with a speed, and flags. [`App::update`] applies one [`Action`]; nothing here touches a
//! terminal, so every key's effect is testable with a plain channel.
//!
//! Two kinds of movement: *stepping* moves the replay cursor through the event log (the
//! selection follows the node the search is in), *walking* moves the selection through the
//! tree as recorded by the current step (the step stays).
//!
//! Lambda searches (issue 4, item 7) add the maximum level (`>` / `<` search again one
//! level up or down), the root analysis switch, and the board's zone view (which orders,
//! A-zone or D-zone), which only changes what is drawn.
//!
//! Proof-number searches (issue 5, item 6) add steps to the next expansion (`e` / `E`),
//! proof (`n` / `N`: a node becoming proven or disproven) and df-pn threshold change
//! (`y` / `Y`), `)` / `(` to the solved nodes of the tree, and `d` to show the children's
//! disproof numbers on the board instead of their proof numbers. `a` cycles through the
//! proof family too (PNS and df-pn only on literal trees).

pub mod bookmarks;
pub mod chart;
pub mod class;
pub mod depth;
pub mod lesson;
pub mod lesson_picker;
pub mod level;
pub mod saved_run;
pub mod split;
pub mod text_scroll;

use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;

use rustc_hash::FxHashSet;

use crate::puzzle::{self, Puzzle};
use crate::run::registry;
use crate::search::Algorithm;
use crate::trace::replay::PnMark;
use crate::trace::store::{EventKind, NodeId};

use super::keymap::{Action, Keymap};
use super::worker::{self, Msg};
use crate::run::progress::Progress;
use crate::run::spec::SearchSpec;
use crate::view::lambda::ZoneView;
use crate::view::session::{BoardOptions, KnowledgeView, Marker, Session};
use split::Split;

/// An overlay drawn over the main screen; the top one takes the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The key help, scrolled by `scroll` rows.
    Help { scroll: usize },
    /// The bundled-puzzle picker with the selected entry.
    Picker { selected: usize },
    /// The legend of the marks on the screen, scrolled by `scroll` rows.
    Legend { scroll: usize },
    /// The split view's algorithm picker ([`split::pick_entries`]) with the selected entry.
    SplitPicker { selected: usize },
    /// The bundled-lesson picker ([`lesson_picker`]) with the selected entry.
    Lessons { selected: usize },
}

/// Play speeds in events per tick (a tick is [`TICK_MS`] milliseconds).
pub const SPEEDS: [usize; 6] = [1, 2, 5, 20, 100, 1000];

/// Milliseconds between two play ticks.
pub const TICK_MS: u64 = 100;

/// Rows moved by page up / page down.
pub const PAGE: usize = 10;

/// The legend's scroll bound (the overlay clamps to the lines it drew).
pub const LEGEND_MAX_SCROLL: usize = 200;

/// The highest lambda level the level keys reach.
pub const MAX_LEVEL: u8 = 9;

/// Node limits that [`Action::ChangeLimits`] cycles through (`None`: the puzzle's own).
pub const NODE_LIMITS: [Option<u64>; 4] = [None, Some(1_000), Some(100_000), Some(10_000_000)];

/// The explorer's state.
pub struct App {
    pub puzzle: Puzzle,
    /// The puzzle's text when it has no file to read again (a saved run's puzzle), for
    /// saving the run ([`saved_run`]).
    pub puzzle_source: Option<String>,
    /// The algorithm asked for on the command line (`None`: the puzzle's own).
    pub algorithm: Option<Algorithm>,
    pub spec: SearchSpec,
    /// Index into [`NODE_LIMITS`].
    pub node_limit: usize,
    pub session: Box<dyn Session>,
    /// Id of the running search; messages of older searches are ignored.
    pub search_id: u64,
    pub progress: Progress,
    /// The search's result once it is over.
    pub summary: Option<String>,
    pub selected: Option<NodeId>,
    /// True while the selection follows the node the search is in at the step.
    pub follow: bool,
    pub expanded: FxHashSet<NodeId>,
    pub overlays: Vec<Overlay>,
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Draw the selected node's children's values on the board (lambda searches: the zone
    /// or the root moves' levels).
    pub show_values: bool,
    /// Which zone the board draws at lambda nodes, and up to which order.
    pub zone: ZoneView,
    /// Proof-number searches: the board shows the children's disproof numbers instead of
    /// their proof numbers.
    pub show_dn: bool,
    /// Alpha-beta family: the board shows the history-heuristic heat map (and the side pane
    /// the history list and the killers) instead of the children's values.
    pub show_history: bool,
    /// Hex: the board shows the solver's knowledge of the selected node's position (each
    /// player's edge connection, or the pruned moves) instead of any other overlay.
    pub knowledge: KnowledgeView,
    /// Alpha-beta family: the side pane lists the iterations of iterative deepening instead
    /// of the selected node.
    pub show_iterations: bool,
    /// Lambda searches: the maximum level set with the level keys (`None`: the puzzle's, or
    /// the engine's default).
    pub max_level: Option<u8>,
    /// Lambda searches: run the root analysis instead of the search for one win.
    pub root_analysis: bool,
    pub quit: bool,
    /// Set by [`Action::Redraw`]; the terminal loop clears the screen and resets it.
    pub redraw: bool,
    /// A one-line note for the status line (an action that did nothing says why).
    pub message: Option<String>,
    pub keymap: Keymap,
    /// A directory whose `*.toml` puzzle files the picker lists after the bundled ones
    /// (`None`: bundled only).
    pub puzzle_dir: Option<PathBuf>,
    /// The picker's entries, read when it opens.
    pub picker: Vec<PickerEntry>,
    /// The split view's second search (`C`; issue 7): see [`split`].
    pub split: Option<Box<Split>>,
    /// Lesson mode: the lesson and the step shown (`tab` / `shift-tab`, [`lesson`]).
    pub lesson: Option<lesson::LessonState>,
    /// Tree rows show each node's `(alpha, value, beta)` (lesson mode turns it on).
    pub show_window: bool,
    /// The position editor or a game against the engine, when one is open (it takes the
    /// keys: [`super::editor`]).
    pub modal: Option<super::editor::Modal>,
    /// Class material (`S`): where it goes, a pending overwrite question ([`class`]).
    pub class: class::ClassExport,
    /// Bookmarked steps (`M`, `'`, `"`; [`bookmarks`]).
    pub bookmarks: bookmarks::Bookmarks,
    /// The depth limit set with `@` (`None`: the puzzle's; [`depth`]).
    pub depth_limit: Option<u32>,
    /// How far the node pane and the Why block are scrolled (`}` / `{`; [`text_scroll`]).
    pub text_scroll: text_scroll::TextScroll,
    /// The chart pane ([`chart`]): hidden, or shown from the i-th chart.
    pub chart: chart::ChartState,
    tx: Sender<Msg>,
}

/// An entry of the puzzle picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickerEntry {
    /// The bundled name, or the file's name.
    pub name: String,
    /// Game, size and expected result; for a file that does not load, why (after "does not
    /// load:", without the file's name, which the name column shows).
    pub detail: String,
    /// What `puzzle::load` opens: the bundled name or the file's path.
    pub location: String,
    /// For an entry that does not load, the whole error, the file named by `name` (not by
    /// its absolute path, which pushed the reason past the edge of an 80-column screen):
    /// the picker draws it wrapped under the list while the entry is selected.
    pub problem: Option<String>,
}

/// `error` about the picker entry `name`: the file named by its name in the picker's
/// directory rather than by the path it was loaded from.
pub fn picker_error(name: &str, error: puzzle::PuzzleError) -> String {
    puzzle::PuzzleError {
        origin: name.to_string(),
        ..error
    }
    .to_string()
}

/// The bundled puzzles, then the `*.toml` and `*.sgf` files of `dir` in name order.
pub fn picker_entries(dir: Option<&Path>) -> Vec<PickerEntry> {
    let entry = |name: String, location: String, loaded: Result<Puzzle, puzzle::PuzzleError>| {
        let (detail, problem) = match loaded {
            Ok(p) => (
                format!(
                    "{:<14} {}",
                    p.position.description(),
                    p.expect.as_ref().map_or("-".to_string(), |e| e.summary())
                ),
                None,
            ),
            Err(e) => {
                let at = match (e.line, e.column) {
                    (Some(line), Some(column)) => format!("line {line}, column {column}: "),
                    (Some(line), None) => format!("line {line}: "),
                    _ => String::new(),
                };
                (
                    format!("does not load: {at}{}", e.message),
                    Some(picker_error(&name, e)),
                )
            }
        };
        PickerEntry {
            name,
            detail,
            location,
            problem,
        }
    };
    let mut entries: Vec<PickerEntry> = puzzle::bundled()
        .iter()
        .map(|b| entry(b.name.to_string(), b.name.to_string(), b.load()))
        .collect();
    let mut files: Vec<PathBuf> = dir
        .and_then(|d| std::fs::read_dir(d).ok())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        // Puzzle files and SGF game records (Go read as AtariGo, Hex): `puzzle::load` reads both.
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml" || x == "sgf"))
        .collect();
    files.sort();
    for path in files {
        let location = path.display().to_string();
        let name = path
            .file_name()
            .map_or(location.clone(), |n| n.to_string_lossy().into_owned());
        let loaded = puzzle::load(&location);
        entries.push(entry(name, location, loaded));
    }
    entries
}

impl App {
    /// Opens `puzzle` and starts its search; progress arrives on `tx`.
    pub fn new(
        puzzle: Puzzle,
        algorithm: Option<Algorithm>,
        record: u64,
        keymap: Keymap,
        tx: Sender<Msg>,
    ) -> App {
        let spec = SearchSpec::for_puzzle(&puzzle, algorithm, record);
        App::with_spec(puzzle, algorithm, spec, keymap, tx)
    }

    /// Opens `puzzle` with a search of its own (benches and tests set limits this way).
    pub fn with_spec(
        puzzle: Puzzle,
        algorithm: Option<Algorithm>,
        spec: SearchSpec,
        keymap: Keymap,
        tx: Sender<Msg>,
    ) -> App {
        let session = worker::start(&puzzle, spec, 1, tx.clone());
        App::over_session(puzzle, algorithm, spec, session, keymap, tx)
    }

    /// Opens `puzzle` over `session`, a search already started (or a saved record).
    pub fn over_session(
        puzzle: Puzzle,
        algorithm: Option<Algorithm>,
        spec: SearchSpec,
        session: Box<dyn Session>,
        keymap: Keymap,
        tx: Sender<Msg>,
    ) -> App {
        App {
            puzzle,
            puzzle_source: None,
            algorithm,
            spec,
            node_limit: 0,
            session,
            search_id: 1,
            progress: Progress::default(),
            summary: None,
            selected: None,
            follow: true,
            expanded: FxHashSet::default(),
            overlays: Vec::new(),
            playing: false,
            speed: 2,
            show_values: true,
            show_dn: false,
            show_history: false,
            knowledge: KnowledgeView::Off,
            show_iterations: false,
            zone: ZoneView::default(),
            max_level: None,
            root_analysis: false,
            quit: false,
            redraw: false,
            message: None,
            keymap,
            puzzle_dir: None,
            picker: Vec::new(),
            split: None,
            lesson: None,
            show_window: false,
            modal: None,
            class: class::ClassExport::default(),
            bookmarks: bookmarks::Bookmarks::default(),
            depth_limit: None,
            text_scroll: text_scroll::TextScroll::default(),
            chart: None,
            tx,
        }
    }

    /// Takes a message from the worker; true when the screen changed.
    pub fn receive(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::Progress(p) if p.id == self.search_id => {
                self.progress = p;
                true
            }
            Msg::Done { id, summary } if id == self.search_id => {
                self.summary = Some(summary);
                true
            }
            Msg::Resize => true,
            _ => false,
        }
    }

    /// Advances play by one tick; true when the step moved.
    pub fn tick(&mut self) -> bool {
        if let Some(modal) = &mut self.modal {
            return modal.tick();
        }
        let split_changed = split::tick(self);
        self.tick_own() || split_changed
    }

    /// Advances this search's play by one tick (not the split's second search).
    pub(crate) fn tick_own(&mut self) -> bool {
        if !self.playing || !self.overlays.is_empty() {
            return false;
        }
        let mut moved = false;
        for _ in 0..SPEEDS[self.speed] {
            if !self.session.forward() {
                if self.session.finished() {
                    self.playing = false;
                }
                break;
            }
            moved = true;
        }
        if moved {
            self.after_step();
        }
        moved
    }

    /// Restarts the search with the current algorithm and limits.
    pub(crate) fn restart(&mut self) {
        self.session.cancel();
        let mut spec = SearchSpec::for_puzzle(&self.puzzle, self.algorithm, self.spec.record);
        if let Some(nodes) = NODE_LIMITS[self.node_limit] {
            spec.limits.nodes = Some(nodes);
        }
        if let Some(level) = self.max_level {
            spec.config.lambda.max_level = level;
        }
        if let Some(depth) = self.depth_limit {
            spec.limits.max_depth = Some(depth);
        }
        spec.root_analysis = self.root_analysis;
        self.run_spec(spec);
    }

    /// Runs `spec` on `puzzle` (lesson mode: a step's own search settings), as a restart.
    pub fn start_search(&mut self, puzzle: Puzzle, algorithm: Option<Algorithm>, spec: SearchSpec) {
        self.session.cancel();
        self.puzzle = puzzle;
        self.algorithm = algorithm;
        self.node_limit = 0;
        self.max_level = None;
        self.depth_limit = None;
        self.root_analysis = false;
        self.run_spec(spec);
    }

    /// Starts `spec` on the current puzzle as a new search (the running one is cancelled
    /// by the callers) and resets what belonged to the old record.
    fn run_spec(&mut self, spec: SearchSpec) {
        self.spec = spec;
        self.search_id += 1;
        self.session = worker::start(&self.puzzle, spec, self.search_id, self.tx.clone());
        self.progress = Progress::default();
        self.summary = None;
        self.selected = None;
        self.follow = true;
        self.expanded.clear();
        self.playing = false;
        self.bookmarks.clear();
    }

    /// Opens another puzzle with its own algorithm.
    pub fn open(&mut self, puzzle: Puzzle) {
        self.split = None;
        self.puzzle = puzzle;
        self.puzzle_source = None;
        self.algorithm = None;
        self.node_limit = 0;
        self.max_level = None;
        self.depth_limit = None;
        self.root_analysis = false;
        self.restart();
    }

    pub(crate) fn after_step(&mut self) {
        self.follow = true;
        if let Some(current) = self.session.current() {
            self.selected = Some(current);
        }
    }

    /// True when `node` shows its children: expanded by hand, or on the way to the
    /// selection.
    pub fn shows_children(&self, node: NodeId, ancestors: &FxHashSet<NodeId>) -> bool {
        self.expanded.contains(&node) || ancestors.contains(&node)
    }

    /// The nodes whose children show without being expanded by hand: the selected node's
    /// ancestors, and while the selection follows the search, the selected node itself (so
    /// stepping shows the children the node has searched so far).
    pub fn ancestors(&self) -> FxHashSet<NodeId> {
        let mut set = FxHashSet::default();
        if self.follow
            && let Some(s) = self.selected
        {
            set.insert(s);
        }
        let mut id = self.selected.and_then(|s| self.session.parent(s));
        while let Some(n) = id {
            set.insert(n);
            id = self.session.parent(n);
        }
        set
    }

    /// Visits the tree's visible rows in order, as (node, indentation), until `visit`
    /// returns false: only the rows needed are computed.
    fn walk_visible(&self, mut visit: impl FnMut(NodeId, usize) -> bool) {
        let ancestors = self.ancestors();
        let mut stack: Vec<(NodeId, usize)> = self
            .session
            .roots()
            .into_iter()
            .rev()
            .map(|r| (r, 0))
            .collect();
        while let Some((node, indent)) = stack.pop() {
            if !visit(node, indent) {
                return;
            }
            if self.shows_children(node, &ancestors) {
                for child in self.session.children(node).into_iter().rev() {
                    stack.push((child, indent + 1));
                }
            }
        }
    }

    /// The first `limit` visible rows of the tree, as (node, indentation).
    pub fn visible_rows(&self, limit: usize) -> Vec<(NodeId, usize)> {
        let mut rows = Vec::new();
        if limit > 0 {
            self.walk_visible(|node, indent| {
                rows.push((node, indent));
                rows.len() < limit
            });
        }
        rows
    }

    /// The selection's index among the visible rows (the walk stops there).
    pub fn selected_row(&self) -> Option<usize> {
        let selected = self.selected?;
        let mut index = 0;
        let mut found = None;
        self.walk_visible(|node, _| {
            if node == selected {
                found = Some(index);
                return false;
            }
            index += 1;
            true
        });
        found
    }

    /// Keeps the rows shown now shown when the selection moves by rows or to its parent:
    /// the nodes whose children show only because they lead to the selection (or are the
    /// node the search is following) become expanded, so moving up, down or to a parent
    /// never folds the tree under the cursor. Jumps (to a cutoff, an iteration…) do not
    /// pin: they show the path to where they land.
    fn pin_shown(&mut self) {
        let shown = self.ancestors();
        self.expanded.extend(shown);
    }

    fn move_selection(&mut self, delta: isize) {
        self.pin_shown();
        self.follow = false;
        let index = self.selected_row();
        let wanted = match index {
            Some(i) => i.saturating_add_signed(delta),
            None => 0,
        };
        let rows = self.visible_rows(wanted.saturating_add(1));
        if let Some(&(node, _)) = rows.get(wanted).or(rows.last()) {
            self.selected = Some(node);
        }
    }

    fn select(&mut self, node: Option<NodeId>, why_not: &str) {
        match node {
            Some(n) => {
                self.follow = false;
                self.selected = Some(n);
            }
            None => self.message = Some(why_not.to_string()),
        }
    }

    /// Why `v` did not move: the selection already ends the principal variation as of
    /// the step; the search's own record may end there too.
    fn pv_end_message(&self, root: Option<NodeId>) -> String {
        let path: Vec<String> = root
            .map(|r| self.session.principal_variation(r))
            .unwrap_or_default()
            .into_iter()
            .map(|n| self.session.row(n).label)
            .collect();
        let at_end = self.session.finished() && self.session.step() >= self.session.len();
        if path.is_empty() && self.is_proof() {
            // A proof search's main line is its current descent from the root, or once none
            // is under way the solved line; a root solved with no child to walk to was
            // decided before any move was generated (Hex: H-search's connection).
            let proof = root.and_then(|r| self.session.detail(r).proof);
            if let Some(p) = proof.filter(|p| {
                p.frames.is_empty() && p.children == 0 && p.numbers.is_some_and(|n| n.is_solved())
            }) {
                return match p.decided_by {
                    Some(why) => format!("v: root {why}: nothing below was searched"),
                    None => "v: the root was solved before any move: nothing below was searched"
                        .to_string(),
                };
            }
            return if at_end {
                "v: the run ended unsolved and no descent is under way: there is no main line"
                    .to_string()
            } else {
                "v: no descent is under way at this step and the root is not solved yet (space steps)"
                    .to_string()
            };
        }
        let line = if path.is_empty() {
            "the root".to_string()
        } else {
            format!("root {}", path.join(" "))
        };
        let what = if !self.is_proof() {
            "the principal variation"
        } else if root
            .and_then(|r| self.session.detail(r).proof)
            .is_some_and(|p| p.frames.is_empty())
        {
            // No descent under way: the line is the solved one.
            "the proof's main line"
        } else {
            "the current descent"
        };
        format!(
            "v: already at the end of {what} ({line}){}",
            if what == "the proof's main line" {
                // The line is the answer's, not the search's: stepping does not extend it.
                ""
            } else if at_end {
                "; the recorded run ends here too"
            } else {
                "; space steps the search"
            }
        )
    }

    fn sibling(&self, delta: isize) -> Option<NodeId> {
        let selected = self.selected?;
        let siblings = match self.session.parent(selected) {
            Some(p) => self.session.children(p),
            None => self.session.roots(),
        };
        let i = siblings.iter().position(|&n| n == selected)?;
        siblings.get(i.checked_add_signed(delta)?).copied()
    }

    fn step_with(&mut self, moved: bool, why_not: &str) {
        if moved {
            self.after_step();
        } else {
            self.message = Some(why_not.to_string());
        }
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        self.message = None;
        match (self.overlays.last().copied(), action) {
            (_, Action::QuitNow) => self.quit = true,
            (Some(_), Action::Quit | Action::Close) => {
                self.overlays.pop();
            }
            (Some(Overlay::Help { .. }), Action::ToggleHelp) => {
                self.overlays.pop();
            }
            (Some(Overlay::Help { scroll }), Action::Down | Action::PageDown) => {
                let by = if action == Action::Down { 1 } else { PAGE };
                // Rows wrap at narrow widths: the overlay clamps to what it drew.
                let max = self.keymap.help_rows().len() * 2;
                self.set_top(Overlay::Help {
                    scroll: (scroll + by).min(max),
                });
            }
            (Some(Overlay::Help { scroll }), Action::Up | Action::PageUp) => {
                let by = if action == Action::Up { 1 } else { PAGE };
                self.set_top(Overlay::Help {
                    scroll: scroll.saturating_sub(by),
                });
            }
            (Some(Overlay::Picker { selected }), Action::Down | Action::PageDown) => {
                let by = if action == Action::Down { 1 } else { PAGE };
                let last = self.picker.len().saturating_sub(1);
                self.set_top(Overlay::Picker {
                    selected: (selected + by).min(last),
                });
            }
            (Some(Overlay::Picker { selected }), Action::Up | Action::PageUp) => {
                let by = if action == Action::Up { 1 } else { PAGE };
                self.set_top(Overlay::Picker {
                    selected: selected.saturating_sub(by),
                });
            }
            (Some(Overlay::Picker { selected }), Action::Select) => {
                let loaded = self
                    .picker
                    .get(selected)
                    .map(|e| (e.name.clone(), puzzle::load(&e.location)));
                match loaded {
                    Some((_, Ok(p))) => {
                        self.overlays.pop();
                        self.open(p);
                    }
                    // The picker stays open on the file, its reason drawn whole under the
                    // list; the status line names the file by its name, not its path.
                    Some((name, Err(e))) => {
                        let error = picker_error(&name, e);
                        if let Some(entry) = self.picker.get_mut(selected) {
                            entry.problem = Some(error.clone());
                        }
                        self.message = Some(error);
                    }
                    None => {
                        self.overlays.pop();
                    }
                }
            }
            (Some(Overlay::Legend { .. }), Action::ToggleLegend) => {
                self.overlays.pop();
            }
            (Some(Overlay::Legend { scroll }), Action::Down | Action::PageDown) => {
                let by = if action == Action::Down { 1 } else { PAGE };
                // The overlay clamps to the lines it drew at the screen's width.
                self.set_top(Overlay::Legend {
                    scroll: (scroll + by).min(LEGEND_MAX_SCROLL),
                });
            }
            (Some(Overlay::Legend { scroll }), Action::Up | Action::PageUp) => {
                let by = if action == Action::Up { 1 } else { PAGE };
                self.set_top(Overlay::Legend {
                    scroll: scroll.saturating_sub(by),
                });
            }
            (Some(Overlay::SplitPicker { selected }), _) => {
                split::picker_key(self, selected, action);
            }
            (Some(Overlay::Lessons { selected }), action) if action != Action::ToggleHelp => {
                lesson_picker::update(self, selected, action)
            }
            (Some(_), Action::ToggleHelp) => self.overlays.push(Overlay::Help { scroll: 0 }),
            (Some(_), Action::ToggleLegend) => self.overlays.push(Overlay::Legend { scroll: 0 }),
            (Some(_), _) => {}
            // A saved run holds both searches of a split, whichever has the focus.
            (None, Action::SaveRun) => saved_run::save(self),
            (None, action) => split::update(self, action),
        }
    }

    fn set_top(&mut self, overlay: Overlay) {
        if let Some(top) = self.overlays.last_mut() {
            *top = overlay;
        }
    }

    /// Applies an action to this search's view (the split routes to it, see [`split`]).
    pub(crate) fn update_main(&mut self, action: Action) {
        // Any other key starts the text panes from the top again ([`text_scroll`]).
        if !matches!(action, Action::ScrollTextDown | Action::ScrollTextUp) {
            self.text_scroll.reset();
        }
        match action {
            Action::Up => self.move_selection(-1),
            Action::Down => self.move_selection(1),
            Action::PageUp => self.move_selection(-(PAGE as isize)),
            Action::PageDown => self.move_selection(PAGE as isize),
            Action::Parent => {
                self.pin_shown();
                let parent = self.selected.and_then(|s| self.session.parent(s));
                self.select(parent, "the root has no parent");
            }
            Action::FirstChild => {
                let child = self
                    .selected
                    .and_then(|s| self.session.children(s).first().copied());
                if let Some(s) = self.selected {
                    self.expanded.insert(s);
                }
                self.select(child, "no children searched yet at this step");
            }
            Action::NextSibling => {
                let s = self.sibling(1);
                self.select(s, "no next sibling");
            }
            Action::PreviousSibling => {
                let s = self.sibling(-1);
                self.select(s, "no previous sibling");
            }
            Action::Expand => {
                if let Some(s) = self.selected {
                    self.expanded.insert(s);
                }
            }
            Action::Collapse => {
                self.follow = false;
                if let Some(s) = self.selected {
                    self.expanded.remove(&s);
                }
            }
            Action::ExpandAll => {
                if let Some(s) = self.selected {
                    let mut stack = vec![s];
                    while let Some(n) = stack.pop() {
                        self.expanded.insert(n);
                        stack.extend(self.session.children(n));
                    }
                }
            }
            Action::Select => {
                self.follow = false;
                if let Some(s) = self.selected
                    && !self.expanded.remove(&s)
                {
                    self.expanded.insert(s);
                }
            }
            Action::JumpPv => {
                let root = self.session.main_root();
                let end = root.map(|r| {
                    self.session
                        .principal_variation(r)
                        .last()
                        .copied()
                        .unwrap_or(r)
                });
                // Already there: say so, or the key looks dead (v selects, it never steps).
                if end.is_some() && end == self.selected {
                    self.message = Some(self.pv_end_message(root));
                    return;
                }
                self.select(end, "nothing recorded yet");
            }
            Action::JumpLargest => {
                let c = self.selected.and_then(|s| self.session.largest_child(s));
                self.select(c, "no children searched yet at this step");
            }
            Action::JumpNextCutoff => {
                let n = self.session.find_node(self.selected, true, Marker::Cutoff);
                self.select(n, "no later cutoff at this step");
            }
            Action::JumpPreviousCutoff => {
                let n = self.session.find_node(self.selected, false, Marker::Cutoff);
                self.select(n, "no earlier cutoff");
            }
            Action::JumpNextTtHit => {
                let n = self.session.find_node(self.selected, true, Marker::TtHit);
                self.select(n, "no later table hit at this step");
            }
            Action::JumpPreviousTtHit => {
                let n = self.session.find_node(self.selected, false, Marker::TtHit);
                self.select(n, "no earlier table hit");
            }
            Action::JumpNextIteration | Action::JumpPreviousIteration if self.is_lambda() => {
                let forward = action == Action::JumpNextIteration;
                let n = self
                    .session
                    .find_node(self.selected, forward, Marker::LevelChange);
                self.select(
                    n,
                    "no other level-change node in the tree as recorded so far (u steps the search)",
                );
            }
            Action::JumpNextProof | Action::JumpPreviousProof => {
                let forward = action == Action::JumpNextProof;
                if !self.is_lambda() && !self.is_proof() {
                    self.message =
                        Some("proofs belong to lambda and proof-number searches".to_string());
                    return;
                }
                let n = self
                    .session
                    .find_node(self.selected, forward, Marker::Proof);
                self.select(n, "no other proof at this step");
            }
            Action::JumpNextIteration | Action::JumpPreviousIteration => {
                let roots = self.session.roots();
                let i = self
                    .selected
                    .map(|s| roots.iter().rposition(|&r| r <= s).unwrap_or(0));
                let target = match (i, action == Action::JumpNextIteration) {
                    (None, _) => roots.first().copied(),
                    (Some(i), true) => roots.get(i + 1).copied(),
                    (Some(i), false) => i.checked_sub(1).and_then(|j| roots.get(j).copied()),
                };
                self.select(target, "no other iteration at this step");
            }
            Action::StepForward => {
                let moved = self.session.forward();
                self.step_with(moved, "at the end of the record");
            }
            Action::StepBack => {
                let moved = self.session.back();
                self.step_with(moved, "at the start");
            }
            Action::StepNextNode => {
                let moved = self.session.seek_kind(EventKind::Enter, true);
                self.step_with(moved, "no later node entered");
            }
            Action::StepPreviousNode => {
                let moved = self.session.seek_kind(EventKind::Enter, false);
                self.step_with(moved, "no earlier node entered");
            }
            Action::StepNextCutoff | Action::StepPreviousCutoff if self.is_proof() => {
                let forward = action == Action::StepNextCutoff;
                self.step_pn(PnMark::Proof, forward, "proof (a node proven or disproven)");
            }
            Action::StepNextExpansion | Action::StepPreviousExpansion => {
                let forward = action == Action::StepNextExpansion;
                self.step_pn(PnMark::Expansion, forward, "expansion");
            }
            Action::StepNextThreshold | Action::StepPreviousThreshold => {
                let forward = action == Action::StepNextThreshold;
                self.step_pn(PnMark::ThresholdChange, forward, "threshold change");
            }
            Action::StepNextCutoff | Action::StepPreviousCutoff if self.is_lambda() => {
                let forward = action == Action::StepNextCutoff;
                match self.session.seek_lambda_cutoff(forward) {
                    // The node that ended its loop, not its parent the search is back in.
                    Some(node) => {
                        self.after_step();
                        self.selected = Some(node);
                    }
                    None if forward => {
                        self.message = Some(
                            "no later cutoff (a winning attack or a refuting defence)".to_string(),
                        )
                    }
                    None => self.message = Some("no earlier cutoff".to_string()),
                }
            }
            Action::StepNextCutoff => {
                let moved = self.session.seek_kind(EventKind::Cutoff, true);
                self.step_with(moved, "no later cutoff");
            }
            Action::StepPreviousCutoff => {
                let moved = self.session.seek_kind(EventKind::Cutoff, false);
                self.step_with(moved, "no earlier cutoff");
            }
            Action::StepNextExplained | Action::StepPreviousExplained => {
                step_explained(self, action == Action::StepNextExplained);
            }
            Action::StepNextLevel | Action::StepPreviousLevel => {
                level::step(self, action == Action::StepNextLevel);
            }
            Action::StepStart => {
                self.session.seek(0);
                self.follow = true;
                self.selected = None;
            }
            Action::StepEnd => {
                let end = self.session.len();
                self.session.seek(end);
                self.after_step();
                if self.session.current().is_none() {
                    self.selected = self.session.roots().last().copied();
                }
            }
            Action::ToggleBookmark => bookmarks::toggle(self),
            Action::NextBookmark | Action::PreviousBookmark => {
                bookmarks::jump(self, action == Action::NextBookmark)
            }
            Action::CycleDepthLimit => depth::cycle(self),
            Action::ExportClass => class::export(self),
            Action::SaveRun => saved_run::save(self),
            Action::PlayPause => self.playing = !self.playing,
            Action::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Action::Slower => self.speed = self.speed.saturating_sub(1),
            Action::ToggleValues => self.show_values = !self.show_values,
            Action::LevelUp | Action::LevelDown => self.change_level(action == Action::LevelUp),
            Action::ToggleRootAnalysis if !self.is_lambda() => {
                self.message =
                    Some("root analysis belongs to lambda searches (a: algorithm)".to_string());
            }
            Action::ToggleRootAnalysis => {
                self.root_analysis = !self.root_analysis;
                self.restart();
                self.message = Some(
                    if self.root_analysis {
                        "root analysis: every root move classified"
                    } else {
                        "search for a win"
                    }
                    .to_string(),
                );
            }
            Action::SwitchZone if self.is_proof() => {
                self.show_dn = !self.show_dn;
                self.message = Some(
                    if self.show_dn {
                        "board: children's disproof numbers"
                    } else {
                        "board: children's proof numbers"
                    }
                    .to_string(),
                );
            }
            Action::CycleZoneOrder | Action::SwitchZone if !self.is_lambda() => {
                self.message = Some("zones belong to lambda searches (a: algorithm)".to_string());
            }
            Action::CycleZoneOrder => {
                self.zone.orders = self.zone.orders.next();
                self.message = Some(format!("zone: {}", self.zone.orders.name()));
            }
            Action::SwitchZone => {
                self.zone.side = self.zone.side.other();
                self.message = Some(format!("zone: {}", self.zone.side.name()));
            }
            Action::ToggleHistory | Action::ToggleIterations
                if self.is_lambda() || self.is_proof() =>
            {
                self.message = Some(
                    "history, killers and iterations belong to the alpha-beta family (a: algorithm)"
                        .to_string(),
                );
            }
            Action::ToggleHistory => {
                self.show_history = !self.show_history;
                self.message = Some(
                    if self.show_history {
                        "board: history heat map (1-9) and the killers of the ply"
                    } else {
                        "board: children's values"
                    }
                    .to_string(),
                );
            }
            Action::ToggleIterations => {
                self.show_iterations = !self.show_iterations;
                self.message = Some(
                    if self.show_iterations {
                        "side pane: the iterations (i / I: next / previous)"
                    } else {
                        "side pane: the selected node"
                    }
                    .to_string(),
                );
            }
            Action::CycleKnowledge if !self.session.has_knowledge() => {
                self.message = Some(
                    "the solver's knowledge marks belong to Hex (connections, pruned cells)"
                        .to_string(),
                );
            }
            Action::CycleKnowledge => {
                self.knowledge = self.knowledge.next();
                self.message = Some(
                    match self.knowledge {
                        KnowledgeView::Off => "board: the solver's knowledge off",
                        KnowledgeView::Connections => {
                            "board: each player's edge connection (b/w, B/W: a semi's key)"
                        }
                        KnowledgeView::Pruned => {
                            "board: the moves the solver prunes, a letter per reason (legend under the board)"
                        }
                    }
                    .to_string(),
                );
            }
            Action::ToggleHelp => self.overlays.push(Overlay::Help { scroll: 0 }),
            Action::ToggleLegend => self.overlays.push(Overlay::Legend { scroll: 0 }),
            Action::Redraw => self.redraw = true,
            Action::ScrollTextDown | Action::ScrollTextUp => {
                let down = action == Action::ScrollTextDown;
                let (step, selected) = (self.session.step(), self.selected);
                let before = self.text_scroll.rows(step, selected);
                let after = self.text_scroll.scroll(down, step, selected);
                if after == before {
                    self.message = Some(
                        if !self.text_scroll.can_scroll() {
                            "the node pane and the Why block show all their text"
                        } else if down {
                            "the node pane and the Why block show their last lines"
                        } else {
                            "the node pane and the Why block show their first lines"
                        }
                        .to_string(),
                    );
                }
            }
            Action::OpenPicker => {
                self.picker = picker_entries(self.puzzle_dir.as_deref());
                let selected = self
                    .picker
                    .iter()
                    .position(|e| e.name == self.puzzle.name)
                    .unwrap_or(0);
                self.overlays.push(Overlay::Picker { selected });
            }
            Action::OpenLessons => lesson_picker::open(self),
            Action::CycleAlgorithm => {
                let (next, skipped) =
                    registry::next_applicable(&self.puzzle, self.spec.config.algorithm);
                self.algorithm = Some(next);
                self.restart();
                self.message = skipped;
            }
            // [`split::update`] takes these before they reach a pane.
            Action::ToggleSplit
            | Action::PickSplit
            | Action::SwitchPane
            | Action::ToggleTogether => {}
            Action::ChangeLimits => {
                self.node_limit = (self.node_limit + 1) % NODE_LIMITS.len();
                self.restart();
            }
            Action::CancelSearch => {
                if self.session.finished() {
                    self.message = Some("the search is over already".to_string());
                } else {
                    self.session.cancel();
                }
            }
            Action::ToggleChart | Action::NextChart => chart::update(self, action),
            Action::LessonNext => lesson::next(self),
            Action::LessonPrevious => lesson::previous(self),
            Action::EditPosition => self.open_editor(),
            Action::PlayEngine => self.open_play(),
            Action::Close => {}
            Action::Quit | Action::QuitNow => self.quit = true,
        }
    }

    /// True when the search shown is of the proof-number family (by the algorithm asked
    /// for, or by the record: a session over a recorded trace).
    /// What the board pane asks the session to draw besides the position.
    pub fn board_options(&self) -> BoardOptions {
        BoardOptions {
            values: self.show_values,
            zone: self.zone,
            show_dn: self.show_dn,
            history: self.show_history,
            knowledge: self.knowledge,
        }
    }

    pub fn is_proof(&self) -> bool {
        self.spec.config.algorithm.is_proof_search() || self.session.is_proof()
    }

    /// Steps to right after the next (or previous) proof-number event of `mark` and selects
    /// the node it happened to.
    fn step_pn(&mut self, mark: PnMark, forward: bool, what: &str) {
        if !self.is_proof() {
            self.message = Some(format!(
                "{what}s belong to proof-number searches (a: algorithm)"
            ));
            return;
        }
        match self.session.seek_pn(mark, forward) {
            Some(node) => {
                self.after_step();
                self.selected = Some(node);
            }
            None if forward => self.message = Some(format!("no later {what}")),
            None => self.message = Some(format!("no earlier {what}")),
        }
    }

    /// True when the running search is lambda or dual-lambda.
    pub fn is_lambda(&self) -> bool {
        self.spec.config.algorithm.is_threat_search()
    }

    /// The level keys: one level up or down (at least 1) and search again.
    fn change_level(&mut self, up: bool) {
        if !self.is_lambda() {
            self.message = Some("levels belong to lambda searches (a: algorithm)".to_string());
            return;
        }
        let now = self.spec.config.lambda.max_level;
        let level = if up {
            now.saturating_add(1).min(MAX_LEVEL)
        } else {
            now.saturating_sub(1).max(1)
        };
        if level == now {
            self.message = Some(format!("the maximum level stays λ{now}"));
            return;
        }
        self.max_level = Some(level);
        self.restart();
        self.message = Some(format!("maximum level λ{level}: searching again"));
    }

    /// Waits (tests and benches) until the search is over and its record is
    /// complete, taking the worker's messages.
    pub fn wait_for_search(&mut self, rx: &std::sync::mpsc::Receiver<Msg>) {
        while self.summary.is_none() {
            match rx.recv() {
                Ok(msg) => {
                    self.receive(msg);
                }
                Err(_) => break,
            }
        }
    }
}

/// Steps the replay to right after the next (`forward`) or previous event worth explaining
/// and selects the node it happened to; says so on the status line when there is none.
pub fn step_explained(app: &mut App, forward: bool) {
    if app.session.seek_explained(forward) {
        app.after_step();
        if let Some(node) = app.session.explain().and_then(|x| x.node) {
            app.selected = Some(node);
        }
    } else {
        app.message = Some(if forward {
            "no later event worth explaining".to_string()
        } else {
            "no earlier event worth explaining".to_string()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::{Receiver, channel};

    fn open(name: &str) -> (App, Receiver<Msg>) {
        let (tx, rx) = channel();
        let p = puzzle::load(name).unwrap();
        let mut app = App::new(p, None, 2_000_000, Keymap::bundled().unwrap(), tx);
        app.wait_for_search(&rx);
        (app, rx)
    }

    #[test]
    fn stepping_selects_the_node_the_search_is_in_and_back_undoes_it() {
        let (mut app, _rx) = open("tree-abc");
        assert_eq!(app.session.step(), 0);
        app.update(Action::StepNextCutoff);
        let cut = app.selected.unwrap();
        assert!(app.session.row(cut).cutoff);
        assert_eq!(app.session.row(cut).label, "c");
        let step = app.session.step();
        app.update(Action::StepForward);
        app.update(Action::StepBack);
        assert_eq!(app.session.step(), step);
        assert_eq!(app.selected, Some(cut));
    }

    /// `v` at the end of a df-pn run (issue 18, newcomer review): with no descent under way
    /// it walks the solved line (hex-6x6: the proving move d3, then down the proof), and a
    /// second `v` says it is already at the line's end.
    /// `v` at the end of df-pn on hex-4x4 (issue 18, newcomer review): H-search decides the
    /// root (Black's semi connection, key b3) before any move is generated, so there is no
    /// child to walk to; `v` said "the run ended unsolved", and now says what decided it.
    #[test]
    fn v_on_a_root_decided_by_a_connection_names_it() {
        let (mut app, _rx) = open_with("hex-4x4", Algorithm::DfPn);
        app.update(Action::StepEnd);
        let root = app.session.roots().last().copied();
        app.selected = root;
        app.message = None;
        app.update(Action::JumpPv);
        assert_eq!(app.selected, root);
        assert_eq!(
            app.message.as_deref(),
            Some("v: root decided by Black's semi connection (key b3): nothing below was searched")
        );
    }

    #[test]
    fn v_at_the_end_of_a_proof_run_walks_the_proof_line() {
        let (mut app, _rx) = open("hex-6x6");
        app.update(Action::StepEnd);
        let root = app.session.roots().last().copied();
        app.selected = root;
        app.update(Action::JumpPv);
        let end = app.selected.expect("a selection");
        assert_ne!(app.selected, root, "v leaves the root of a solved proof");
        let line = app.session.principal_variation(root.unwrap());
        assert_eq!(line.last(), Some(&end));
        assert_eq!(
            app.session.row(line[0]).label,
            "d3",
            "the proving move first"
        );
        for &n in &line {
            let proof = app.session.row(n).proof.expect("a proof row");
            assert!(
                proof.numbers.is_some_and(|p| p.is_proven()),
                "every node proven"
            );
        }
        app.message = None;
        app.update(Action::JumpPv);
        assert_eq!(app.selected, Some(end));
        let message = app.message.clone().unwrap_or_default();
        assert!(
            message.starts_with("v: already at the end of the proof's main line (root d3 "),
            "{message}"
        );
    }

    /// lambda-df-pn asks its lambda engine about positions after the proof too, and those
    /// calls are parentless roots: `v` took the last of them for the search's root and, at
    /// the end of a proven run, said "the run ended unsolved". It walks the proof root's
    /// main line instead, into the LAMBDA call that proved its last node.
    #[test]
    fn v_walks_a_lambda_dfpn_proof_even_one_proven_at_level_0() {
        // Black captures c3 at once: proven at lambda level 0, by the root's λ0 search.
        let p = puzzle::parse(
            "title = \"capture at once\"\ngame = \"atarigo\"\nsize = [5, 5]\n\
             to_move = \"black\"\nboard = \"\"\"\n. . . . .\n. X . . O\nX O . . .\n\
             . X . . .\n. . . . O\n\"\"\"\n",
            "capture.toml",
        )
        .unwrap();
        let (tx, rx) = channel();
        let mut app = App::new(
            p,
            Some(Algorithm::LambdaDfPn),
            2_000_000,
            Keymap::bundled().unwrap(),
            tx,
        );
        app.wait_for_search(&rx);
        let summary = app.summary.clone().unwrap_or_default();
        assert!(summary.contains("at lambda level 0"), "{summary}");
        app.update(Action::StepEnd);
        assert!(
            app.session.roots().len() > 1,
            "the lambda calls are roots too"
        );
        let root = app.session.main_root().unwrap();
        assert!(app.session.row(root).proof.is_some(), "the proof root");
        app.update(Action::JumpPv);
        let end = app.selected.unwrap();
        assert_eq!(app.session.parent(end), Some(root));
        let row = app.session.row(end);
        assert!(row.label.starts_with("λ0 search"), "{}", row.label);
        assert!(
            row.lambda.unwrap().verdict.unwrap().0.starts_with("WIN"),
            "the call that proved the root"
        );
        app.update(Action::JumpPv);
        assert_eq!(app.selected, Some(end));
        let message = app.message.clone().unwrap_or_default();
        assert_eq!(
            message,
            "v: already at the end of the proof's main line (root λ0 search (Black))"
        );

        // The ladder, proven by the real-game stage: the main line runs down the proof
        // tree to the re-search that won.
        let (mut app, _rx) = open_with("atarigo-ladder", Algorithm::LambdaDfPn);
        app.update(Action::StepEnd);
        app.update(Action::JumpPv);
        let end = app.selected.unwrap();
        let path = app.session.detail(end).path;
        assert_eq!(path.first().map(String::as_str), Some("d3"), "{path:?}");
        assert!(
            app.session.row(end).label.starts_with("re-search λ0"),
            "{}",
            app.session.row(end).label
        );
        app.update(Action::JumpPv);
        let message = app.message.clone().unwrap_or_default();
        assert!(
            message.starts_with("v: already at the end of the proof's main line (root d3 "),
            "{message}"
        );
    }

    #[test]
    fn walking_the_tree() {
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::StepEnd);
        app.update(Action::JumpPv);
        let leaf = app.selected.unwrap();
        assert_eq!(app.session.row(leaf).label, "b1");
        app.update(Action::Parent);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "b");
        app.update(Action::NextSibling);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        app.update(Action::FirstChild);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c1");
        app.update(Action::Up);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        app.update(Action::Down);
        app.update(Action::Down);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "d");
        app.update(Action::Parent);
        app.update(Action::Parent);
        assert_eq!(app.message.as_deref(), Some("the root has no parent"));
    }

    #[test]
    fn jumps_to_cutoffs_in_entry_order() {
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::StepEnd);
        app.update(Action::StepStart);
        app.update(Action::JumpNextCutoff);
        assert_eq!(app.message.as_deref(), Some("no later cutoff at this step"));
        app.update(Action::StepEnd);
        app.selected = None;
        app.update(Action::JumpNextCutoff);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        // d reaches beta at its last leaf with nothing left to skip: not a cutoff (issue 16,
        // point 5), so c is the tree's only one, as in the textbook.
        app.update(Action::JumpNextCutoff);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        app.update(Action::JumpPreviousCutoff);
        assert_eq!(app.session.row(app.selected.unwrap()).label, "c");
        app.update(Action::JumpNextTtHit);
        assert_eq!(
            app.message.as_deref(),
            Some("no later table hit at this step")
        );
    }

    #[test]
    fn quit_closes_overlays_first() {
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::OpenPicker);
        app.update(Action::ToggleHelp);
        assert_eq!(app.overlays.len(), 2);
        app.update(Action::Quit);
        app.update(Action::Quit);
        assert!(app.overlays.is_empty());
        assert!(!app.quit);
        app.update(Action::Quit);
        assert!(app.quit);
    }

    #[test]
    fn picker_opens_another_puzzle() {
        let (mut app, rx) = open("tree-abc");
        app.update(Action::OpenPicker);
        let Some(&Overlay::Picker { selected }) = app.overlays.last() else {
            panic!("picker not open");
        };
        assert_eq!(app.picker[selected].name, "tree-abc");
        // The next entry is another small textbook tree (the ones above are large boards
        // whose searches run for minutes).
        app.update(Action::Down);
        app.update(Action::Select);
        assert!(app.overlays.is_empty());
        assert_eq!(app.puzzle.name, puzzle::bundled()[selected + 1].name);
        assert!(app.puzzle.name.starts_with("tree-"), "{}", app.puzzle.name);
        assert_eq!(app.search_id, 2);
        app.wait_for_search(&rx);
        assert!(app.session.finished());
    }

    #[test]
    fn picker_lists_puzzle_files_after_the_bundled_ones() {
        let dir = std::env::temp_dir().join(format!("plyscope-picker-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let tree = "title = \"mine\"\ngame = \"tree\"\ntree = \"(r 1 2)\"\n";
        std::fs::write(dir.join("mine.toml"), tree).unwrap();
        std::fs::write(dir.join("broken.toml"), "game = 3\n").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a puzzle").unwrap();
        // An SGF game record opens too (Go read as AtariGo).
        std::fs::write(dir.join("z-game.sgf"), "(;GM[1]SZ[5]AB[cc]AW[dd])").unwrap();
        let entries = picker_entries(Some(&dir));
        let bundled = puzzle::bundled().len();
        assert_eq!(entries.len(), bundled + 3);
        assert_eq!(entries[bundled + 2].name, "z-game.sgf");
        assert!(
            entries[bundled + 2].detail.starts_with("atarigo 5x5"),
            "{:?}",
            entries[bundled + 2]
        );
        assert_eq!(entries[bundled].name, "broken.toml");
        // The row says why after the name; the whole error names the file by its name, not
        // by the directory's absolute path.
        assert!(
            entries[bundled].detail.starts_with("does not load: line 1"),
            "{:?}",
            entries[bundled]
        );
        let problem = entries[bundled].problem.as_deref().unwrap_or_default();
        assert!(problem.starts_with("broken.toml:1:"), "{problem}");
        assert!(!problem.contains(&dir.display().to_string()), "{problem}");
        assert_eq!(entries[bundled + 1].name, "mine.toml");
        assert!(
            entries[bundled + 1].detail.starts_with("tree"),
            "{:?}",
            entries[bundled + 1]
        );

        let (mut app, rx) = open("tree-abc");
        app.puzzle_dir = Some(dir.clone());
        app.update(Action::OpenPicker);
        app.update(Action::StepEnd); // ignored while the picker is open
        for _ in 0..bundled + 3 {
            app.update(Action::Up);
        }
        for _ in 0..bundled + 1 {
            app.update(Action::Down);
        }
        app.update(Action::Select);
        assert_eq!(app.puzzle.title, "mine");
        app.wait_for_search(&rx);
        assert!(
            app.summary.as_deref().unwrap_or("").contains("value 2"),
            "{:?}",
            app.summary
        );
        app.update(Action::OpenPicker);
        for _ in 0..bundled + 3 {
            app.update(Action::Up);
        }
        for _ in 0..bundled + 2 {
            app.update(Action::Down);
        }
        app.update(Action::Select);
        assert_eq!(
            app.puzzle.title,
            "SGF position (Go read as AtariGo: the first capture wins)"
        );
        app.wait_for_search(&rx);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Opens a bundled puzzle; Thomsen's corners get their depth and level pinned (7 and
    /// 2, his figure's), so the tests do not follow the bundled file's defaults.
    fn open_with(name: &str, algorithm: Algorithm) -> (App, Receiver<Msg>) {
        let (tx, rx) = channel();
        let mut p = puzzle::load(name).unwrap();
        if name == "mnk-4x4-k4-corners" {
            p.limits.max_depth = Some(7);
            p.limits.max_level = Some(2);
        }
        let mut app = App::new(
            p,
            Some(algorithm),
            2_000_000,
            Keymap::bundled().unwrap(),
            tx,
        );
        app.wait_for_search(&rx);
        (app, rx)
    }

    #[test]
    fn level_keys_restart_the_lambda_search_one_level_up_or_down() {
        let (mut app, rx) = open_with("mnk-4x4-k4-corners", Algorithm::Lambda);
        assert_eq!(app.spec.config.lambda.max_level, 2, "the puzzle's level");
        assert_eq!(
            app.summary.as_deref(),
            Some("win at lambda level 2, best c2")
        );
        app.update(Action::LevelUp);
        assert_eq!((app.search_id, app.spec.config.lambda.max_level), (2, 3));
        assert_eq!(app.session.step(), 0, "a new search, a new record");
        assert_eq!(
            app.message.as_deref(),
            Some("maximum level λ3: searching again")
        );
        app.wait_for_search(&rx);
        app.update(Action::LevelDown);
        app.update(Action::LevelDown);
        assert_eq!((app.search_id, app.spec.config.lambda.max_level), (4, 1));
        app.wait_for_search(&rx);
        assert_eq!(
            app.summary.as_deref(),
            Some("unknown within limits"),
            "no lambda-1 win"
        );
        app.update(Action::LevelDown);
        assert_eq!(app.search_id, 4, "level 1 is the floor");
        assert_eq!(app.message.as_deref(), Some("the maximum level stays λ1"));
    }

    #[test]
    fn root_analysis_classifies_every_root_move() {
        use crate::view::lambda::RootMark;
        let (mut app, rx) = open_with("mnk-4x4-k4-corners", Algorithm::Lambda);
        app.update(Action::ToggleRootAnalysis);
        assert!(app.root_analysis && app.spec.root_analysis);
        assert_eq!(app.search_id, 2);
        app.wait_for_search(&rx);
        let summary = app.summary.clone().unwrap();
        assert!(summary.starts_with("root analysis: "), "{summary}");
        // Thomsen's corners: of the eight winning moves of the puzzle's [expect], two win
        // at level 2 within the depth of 7; the others are not proven at levels <= 2.
        let wins: Vec<&str> = summary
            .trim_start_matches("root analysis: ")
            .split(", ")
            .filter(|w| w.ends_with("wins λ2"))
            .map(|w| w.split(' ').next().unwrap())
            .collect();
        let mut wins = wins;
        wins.sort();
        assert_eq!(wins, ["b3", "c2"]);
        assert!(summary.contains("b1 ?"), "{summary}");
        // The board's root marks say the same.
        app.update(Action::StepEnd);
        let marks = app.session.root_marks();
        assert_eq!(
            marks
                .iter()
                .filter(|(_, m)| *m == RootMark::Wins(2))
                .count(),
            2
        );
        assert_eq!(marks.len(), 13, "every empty point is a root move");
        app.update(Action::ToggleRootAnalysis);
        assert!(!app.spec.root_analysis);
    }

    #[test]
    fn zone_keys_cycle_the_orders_and_switch_the_side() {
        use crate::view::lambda::{ZoneOrders, ZoneSide};
        let (mut app, _rx) = open_with("mnk-4x4-k4-corners", Algorithm::Lambda);
        assert_eq!(app.zone.orders, ZoneOrders::All);
        app.update(Action::CycleZoneOrder);
        assert_eq!(app.zone.orders, ZoneOrders::One);
        app.update(Action::CycleZoneOrder);
        app.update(Action::CycleZoneOrder);
        assert_eq!(app.zone.orders, ZoneOrders::UpToThree);
        assert_eq!(app.message.as_deref(), Some("zone: orders <=3"));
        assert_eq!(app.zone.side, ZoneSide::Attack);
        app.update(Action::SwitchZone);
        assert_eq!(app.zone.side, ZoneSide::Defence);
        assert_eq!(app.message.as_deref(), Some("zone: D-zone"));
        app.update(Action::SwitchZone);
        assert_eq!(app.zone.side, ZoneSide::Attack);
        // Alpha-beta has no zones: the keys say so and change nothing.
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::SwitchZone);
        assert_eq!(app.zone.side, ZoneSide::Attack);
        assert!(app.message.as_deref().unwrap().contains("lambda"));
        app.update(Action::LevelUp);
        assert_eq!(app.search_id, 1);
    }

    #[test]
    fn algorithm_cycle_reaches_lambda_for_stones_and_skips_it_for_trees() {
        let (mut app, rx) = open_with("mnk-4x4-k4-corners", Algorithm::IterativeDeepening);
        for expected in [
            Algorithm::Lambda,
            Algorithm::DualLambda,
            Algorithm::Pns,
            Algorithm::Pn2,
            Algorithm::DfPn,
            Algorithm::LambdaDfPn,
            Algorithm::Minimax,
        ] {
            app.update(Action::CycleAlgorithm);
            assert_eq!(app.spec.config.algorithm, expected);
            assert_eq!(app.is_proof(), expected.is_proof_search());
            app.session.cancel();
            app.wait_for_search(&rx);
        }

        // A tree of win/draw/loss leaves takes the proof-number searches but no threat search.
        let (mut app, rx) = open_with("tree-004-fig-6-20", Algorithm::IterativeDeepening);
        for (expected, message) in [
            (Algorithm::Pns, "skipped lambda dual-lambda (no pass)"),
            (Algorithm::Pn2, ""),
            (Algorithm::DfPn, ""),
            (Algorithm::Minimax, "skipped lambda-dfpn (no pass)"),
        ] {
            app.update(Action::CycleAlgorithm);
            assert_eq!(app.spec.config.algorithm, expected);
            assert_eq!(
                app.message.as_deref(),
                (!message.is_empty()).then_some(message)
            );
            app.wait_for_search(&rx);
        }
    }

    #[test]
    fn the_worker_runs_every_proof_number_engine_with_the_recorder() {
        for algorithm in Algorithm::PROOF_FAMILY {
            let (mut app, rx) = open_with("tictactoe-fork", algorithm);
            app.wait_for_search(&rx);
            let summary = app.summary.clone().unwrap();
            assert!(summary.starts_with("proven"), "{algorithm}: {summary}");
            assert!(summary.contains("best c1"), "{algorithm}: {summary}");
            assert!(app.is_proof());
            app.update(Action::StepEnd);
            let root = app.session.roots()[0];
            let row = app.session.row(root).proof.expect("a proof root");
            assert_eq!(row.solved, Some("PROVEN"), "{algorithm}");
            // The first expansion is the root's (or, for lambda-df-pn, after its threat
            // checks): the board shows its children's numbers.
            app.update(Action::StepStart);
            app.update(Action::StepNextExpansion);
            let node = app.selected.unwrap();
            assert!(app.session.detail(node).proof.unwrap().children > 0);
        }
        // A draw disproves the goal unless the puzzle says a draw is the attacker's.
        let (tx, rx) = channel();
        let mut p = puzzle::load("tictactoe").unwrap();
        p.draw_counts_for_attacker = true;
        let mut app = App::new(
            p,
            Some(Algorithm::DfPn),
            2_000_000,
            Keymap::bundled().unwrap(),
            tx,
        );
        app.wait_for_search(&rx);
        assert!(app.summary.as_deref().unwrap().starts_with("proven"));
        let (mut app, rx) = open_with("tictactoe", Algorithm::DfPn);
        app.wait_for_search(&rx);
        assert!(app.summary.as_deref().unwrap().starts_with("disproven"));
    }

    #[test]
    fn lambda_jumps_find_proofs_cutoffs_and_level_changes() {
        let (mut app, _rx) = open_with("mnk-4x4-k4-corners", Algorithm::Lambda);
        app.update(Action::StepEnd);
        // v: the end of the proof's main line, through attack, defence and re-search.
        app.update(Action::JumpPv);
        let end = app.selected.unwrap();
        let path = app.session.detail(end).path;
        assert_eq!(path.first().map(String::as_str), Some("c2"), "{path:?}");
        assert!(path.len() >= 3, "{path:?}");
        app.selected = None;
        app.update(Action::JumpNextProof);
        let proof = app.selected.expect("a proof");
        let row = app.session.row(proof);
        assert!(
            row.lambda.unwrap().verdict.unwrap().0.starts_with("WIN"),
            "{}",
            row.label
        );
        app.selected = None;
        app.update(Action::JumpNextIteration);
        let first = app.selected.expect("the first attack move of level 1");
        app.update(Action::JumpNextIteration);
        let second = app.selected.expect("the first attack move of level 2");
        assert!(second > first);
        let detail = app.session.detail(second).lambda.unwrap();
        assert_eq!(detail.role, "attack move");
        app.selected = None;
        app.update(Action::JumpNextCutoff);
        assert!(app.selected.is_some());
        // n steps to the first cutoff: the search leaves a winning attack or a refuting
        // defence there.
        app.update(Action::StepStart);
        app.update(Action::StepNextCutoff);
        let step = app.session.step();
        assert!(step > 0);
        let node = app.selected.unwrap();
        let words = app.session.row(node).lambda.unwrap().verdict.unwrap().0;
        assert!(words == "refutes" || words.starts_with("WIN"), "{words}");
        app.update(Action::StepNextCutoff);
        assert!(app.session.step() > step);
        app.update(Action::StepPreviousCutoff);
        assert_eq!(app.session.step(), step);
    }

    #[test]
    fn play_advances_by_the_speed() {
        let (mut app, _rx) = open("tree-abc");
        app.update(Action::PlayPause);
        app.speed = 1;
        assert!(app.tick());
        assert_eq!(app.session.step(), SPEEDS[1]);
        app.update(Action::PlayPause);
        assert!(!app.tick());
    }

    /// `;` and `:` step to the next and previous event worth explaining
    /// ([`crate::view::explain::worth`]) and select its node.
    #[test]
    fn the_key_jumps_to_the_next_event_worth_explaining() {
        use crate::tui::keymap::Keymap;
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let (tx, rx) = std::sync::mpsc::channel();
        let p = crate::puzzle::load("tree-abc").unwrap();
        let keymap = Keymap::bundled().unwrap();
        let mut app = App::new(p, None, 2_000_000, keymap.clone(), tx);
        app.wait_for_search(&rx);
        let press = |c| keymap.action(&KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        let next = press(';').expect("; is bound");
        let previous = press(':').expect(": is bound");
        app.update(next);
        assert_eq!(app.session.step(), 16, "right after the first cutoff");
        let x = app.session.explain().unwrap();
        assert!(
            x.headline.starts_with("alpha cutoff: -2 >= beta -3"),
            "{}",
            x.headline
        );
        assert_eq!(app.selected, x.node);
        app.update(next);
        assert_eq!(app.session.step(), 26);
        app.update(previous);
        assert_eq!(app.session.step(), 16);
        app.update(previous);
        assert_eq!(app.session.step(), 16, "no earlier one: the step stays");
        assert_eq!(
            app.message.as_deref(),
            Some("no earlier event worth explaining")
        );
        app.update(next);
        app.update(next);
        assert_eq!(app.session.step(), 28, "the root's result");
        app.update(next);
        assert_eq!(
            app.message.as_deref(),
            Some("no later event worth explaining")
        );
    }
}
