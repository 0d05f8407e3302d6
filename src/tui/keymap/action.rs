//! What a key can ask the explorer to do.
//!
//! Tree walking, jumps, stepping through the recorded search, play/pause, overlays, search
//! control, and the views of the threat searches (lambda level, zone order: Suda, *Efficient
//! algorithms for verifying goals in computer games*, sections 3.3 and 4). Every action has a name
//! (its key in keymap files), a group and a one-line description, from which the help overlay is
//! generated; a few have a short footer label.

use std::fmt;

/// Groups of actions, in the order the help overlay shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// Moving the tree cursor (the selection; the replay stays at its step).
    Tree,
    /// Jumping the selection to interesting nodes of the tree as recorded so far.
    Jump,
    /// Moving the replay cursor through the event log.
    Step,
    /// Overlays and views.
    View,
    /// Starting, stopping and configuring searches.
    Search,
    /// Everything else.
    General,
}

impl Group {
    /// The heading in the help overlay.
    pub fn title(self) -> &'static str {
        match self {
            Group::Tree => "Move the selection in the tree (the search stays at its step)",
            Group::Jump => "Jump the selection in the tree (the search stays at its step)",
            Group::Step => "Move through the search (the replay's step changes)",
            Group::View => "View",
            Group::Search => "Search",
            Group::General => "General",
        }
    }
}

macro_rules! actions {
    ($($variant:ident => $name:literal, $group:ident, $footer:expr, $description:literal;)*) => {
        /// Something the explorer can do, bound to keys by the keymap.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Action {
            $(#[doc = $description] $variant,)*
        }

        impl Action {
            /// Every action, in help order.
            pub const ALL: &'static [Action] = &[$(Action::$variant,)*];
            /// How many actions there are.
            pub const COUNT: usize = Action::ALL.len();

            /// The action's key in keymap files, e.g. `"step_forward"`.
            pub fn name(self) -> &'static str {
                match self { $(Action::$variant => $name,)* }
            }

            /// What the action does, in one line (the help overlay shows it).
            pub fn description(self) -> &'static str {
                match self { $(Action::$variant => $description,)* }
            }

            /// The help group.
            pub fn group(self) -> Group {
                match self { $(Action::$variant => Group::$group,)* }
            }

            /// A word or two for the footer, for the few actions the footer shows.
            pub fn footer_label(self) -> Option<&'static str> {
                match self { $(Action::$variant => $footer,)* }
            }
        }
    };
}

actions! {
    Up => "up", Tree, None, "select the row above";
    Down => "down", Tree, None, "select the row below";
    PageUp => "page_up", Tree, None, "move the selection a page up";
    PageDown => "page_down", Tree, None, "move the selection a page down";
    Parent => "parent", Tree, None, "select the parent node";
    FirstChild => "first_child", Tree, None, "select the first child (expanding the node)";
    NextSibling => "next_sibling", Tree, None, "select the next sibling";
    PreviousSibling => "previous_sibling", Tree, None, "select the previous sibling";
    Expand => "expand", Tree, None, "show the selected node's children";
    Collapse => "collapse", Tree, None, "hide the selected node's children";
    ExpandAll => "expand_all", Tree, None, "show everything below the selected node";
    Select => "select", Tree, None, "expand or collapse the selected node; in a list, choose the entry";

    JumpPv => "jump_pv", Jump, None, "jump to the end of the main line (descent, or the proof)";
    JumpLargest => "jump_largest", Jump, None, "jump to the child with the largest subtree";
    JumpNextCutoff => "jump_next_cutoff", Jump, None, "select the next node that ended in a cutoff (the replay stays; n steps it)";
    JumpPreviousCutoff => "jump_previous_cutoff", Jump, None, "select the previous node that ended in a cutoff (the replay stays)";
    JumpNextTtHit => "jump_next_tt_hit", Jump, None, "select the next node a table entry decided (the replay stays)";
    JumpPreviousTtHit => "jump_previous_tt_hit", Jump, None, "select the previous node a table entry decided (the replay stays)";
    JumpNextIteration => "jump_next_iteration", Jump, None, "select the next iteration's root (lambda: the next level-change node); the replay stays";
    JumpPreviousIteration => "jump_previous_iteration", Jump, None, "select the previous iteration's root (lambda: previous level-change node); the replay stays";
    JumpNextProof => "jump_next_proof", Jump, None, "jump to the next proof (lambda: a win; pn: solved)";
    JumpPreviousProof => "jump_previous_proof", Jump, None, "jump to the previous proof";

    StepForward => "step_forward", Step, Some("step"), "one event forward";
    StepBack => "step_back", Step, Some("back"), "one event back";
    StepNextNode => "step_next_node", Step, None, "forward to the next node entered";
    StepPreviousNode => "step_previous_node", Step, None, "back to the previous node entered";
    StepNextCutoff => "step_next_cutoff", Step, Some("next cutoff"), "forward to the next cutoff (pn: next proof)";
    StepPreviousCutoff => "step_previous_cutoff", Step, None, "back to the previous cutoff (pn: proof)";
    StepNextExpansion => "step_next_expansion", Step, None, "pn: forward to the next expansion";
    StepPreviousExpansion => "step_previous_expansion", Step, None, "pn: back to the previous expansion";
    StepNextThreshold => "step_next_threshold", Step, None, "df-pn: forward to the next threshold change";
    StepPreviousThreshold => "step_previous_threshold", Step, None, "df-pn: back to the previous threshold change";
    StepNextLevel => "step_next_level", Step, None, "lambda: forward to the next event where the lambda level changes";
    StepPreviousLevel => "step_previous_level", Step, None, "lambda: back to the previous event where the lambda level changes";
    StepNextExplained => "step_next_explained", Step, None, "forward to the next event worth explaining (cutoff, proof, level change...)";
    StepPreviousExplained => "step_previous_explained", Step, None, "back to the previous event worth explaining";
    StepStart => "step_start", Step, None, "back to the start of the search";
    StepEnd => "step_end", Step, None, "forward to the end of the record";
    PlayPause => "play_pause", Step, Some("play"), "play the search forward, or pause";
    Faster => "faster", Step, None, "play faster";
    Slower => "slower", Step, None, "play slower";
    ToggleBookmark => "toggle_bookmark", Step, None, "bookmark the current step, or remove its bookmark";
    NextBookmark => "next_bookmark", Step, None, "forward to the next bookmarked step (wraps to the first)";
    PreviousBookmark => "previous_bookmark", Step, None, "back to the previous bookmarked step (wraps to the last)";

    ToggleValues => "toggle_values", View, None, "show or hide the board overlay (values, zones, levels)";
    CycleZoneOrder => "cycle_zone_order", View, None, "lambda: cycle the zone orders shown (1, <=2, <=3, all)";
    SwitchZone => "switch_zone", View, None, "lambda: A-zone or D-zone; pn: children's pn or dn";
    ToggleHistory => "toggle_history", View, None, "alpha-beta: history heat map on the board (trees: a list) and the killers";
    CycleKnowledge => "cycle_knowledge", View, None, "Hex: the solver's knowledge on the board: edge connections, pruned cells, off";
    ToggleIterations => "toggle_iterations", View, None, "alpha-beta: list of the iterations (i / I select their roots; the replay stays)";
    ToggleView => "toggle_view", View, None, "alpha-beta: MAX/MIN view (values from MAX's side, as lectures draw them) or negamax (the side to move's)";
    SwitchPane => "switch_pane", View, None, "split view: move the focus to the other search (keys act on it)";
    ToggleTogether => "toggle_together", View, None, "split view: stepping keys move both searches, or the focused one only";
    ToggleHelp => "toggle_help", View, Some("help"), "show or hide this help";
    ToggleLegend => "toggle_legend", View, None, "show or hide the legend: what the marks on the screen mean";
    ToggleChart => "toggle_chart", View, None, "show or hide the chart pane: the root's pn/dn or window, nodes, cutoffs and table hits as of the step";
    NextChart => "next_chart", View, None, "chart pane: the next chart (40 rows or more show two at once, the split view one)";
    Redraw => "redraw", View, None, "redraw the whole screen";
    ScrollTextDown => "scroll_text_down", View, None, "scroll the node pane and the Why block down, to read the lines they cut";
    ScrollTextUp => "scroll_text_up", View, None, "scroll the node pane and the Why block back up";
    ToggleQuiz => "toggle_quiz", View, None, "quiz: hide the answer (result, best-move marks, root value) until the search's end, or show it now";

    OpenPicker => "open_picker", Search, Some("puzzles"), "open the puzzle picker";
    OpenLessons => "open_lessons", Search, None, "open the lesson picker: the bundled lessons, enter starts one";
    CycleAlgorithm => "cycle_algorithm", Search, None, "switch to the next algorithm and search again";
    ToggleSplit => "toggle_split", Search, None, "split view: open it with the next algorithm side by side, or close it";
    PickSplit => "pick_split", Search, None, "split view: choose the second algorithm from a list";
    LevelUp => "level_up", Search, None, "lambda: raise the maximum level and search again";
    LevelDown => "level_down", Search, None, "lambda: lower the maximum level and search again";
    ToggleRootAnalysis => "toggle_root_analysis", Search, None, "lambda: root analysis (every root move) or one search";
    ChangeLimits => "change_limits", Search, None, "change the search limits and search again";
    CycleDepthLimit => "cycle_depth_limit", Search, None, "alpha-beta: cycle the depth limit (none, 1-6, 8) and search again (horizon examples)";
    CancelSearch => "cancel_search", Search, None, "stop the running search (the record so far stays)";
    EditPosition => "edit_position", Search, None, "edit the selected node's position, check it, save it as a puzzle";
    PlayEngine => "play_engine", Search, None, "play against an engine from the selected node";

    SaveRun => "save_run", General, None, "write the recorded run, step and panes to PUZZLE-ALGORITHM-stepN.plyrun (split: PUZZLE-A-vs-B-stepN; explore --open FILE reopens it)";
    ExportClass => "export_class", General, None, "write the tree as of this step (DOT) and its settings, Why block, board and tree (text) to the current directory";
    LessonNext => "lesson_next", General, None, "lessons: the next step of the script";
    LessonPrevious => "lesson_previous", General, None, "lessons: the previous step (replayed exactly)";
    Close => "close", General, None, "close the open overlay";
    Quit => "quit", General, Some("quit"), "close the open overlay, or quit";
    QuitNow => "quit_now", General, None, "quit at once (always ctrl-c; cannot be rebound)";
}

impl Action {
    /// The action with this keymap-file name.
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// Index into per-action tables.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_every_action_is_described() {
        for (i, &action) in Action::ALL.iter().enumerate() {
            assert_eq!(action.index(), i);
            assert_eq!(Action::from_name(action.name()), Some(action));
            let d = action.description();
            assert!(!d.is_empty() && !d.ends_with('.'), "{action}: {d}");
        }
    }

    #[test]
    fn actions_are_listed_group_by_group() {
        let groups: Vec<Group> = Action::ALL.iter().map(|a| a.group()).collect();
        assert!(groups.windows(2).all(|w| w[0] <= w[1]));
    }
}
