//! Walking the tree: the selection moves through the tree as recorded by the current step
//! (the step stays), by rows, to a parent, a child or a sibling, or jumps to the next node
//! with a mark (a cutoff, a table hit, a proof, an iteration's root). Also which rows the
//! tree shows: the nodes expanded by hand and the path to the selection.

use rustc_hash::FxHashSet;

use crate::trace::store::NodeId;
use crate::tui::keymap::Action;
use crate::view::session::Marker;

use super::App;

impl App {
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
    pub(super) fn pin_shown(&mut self) {
        let shown = self.ancestors();
        self.expanded.extend(shown);
    }

    pub(super) fn move_selection(&mut self, delta: isize) {
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

    pub(super) fn select(&mut self, node: Option<NodeId>, why_not: &str) {
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

    /// `h`: selects the parent, keeping the rows shown now shown.
    pub(super) fn select_parent(&mut self) {
        self.pin_shown();
        let parent = self.selected.and_then(|s| self.session.parent(s));
        self.select(parent, "the root has no parent");
    }

    /// `l`: expands the selected node and selects its first child.
    pub(super) fn select_first_child(&mut self) {
        let child = self
            .selected
            .and_then(|s| self.session.children(s).first().copied());
        if let Some(s) = self.selected {
            self.expanded.insert(s);
        }
        self.select(child, "no children searched yet at this step");
    }

    /// Selects the next sibling.
    pub(super) fn select_next_sibling(&mut self) {
        let s = self.sibling(1);
        self.select(s, "no next sibling");
    }

    /// Selects the previous sibling.
    pub(super) fn select_previous_sibling(&mut self) {
        let s = self.sibling(-1);
        self.select(s, "no previous sibling");
    }

    /// Shows the selected node's children.
    pub(super) fn expand(&mut self) {
        if let Some(s) = self.selected {
            self.expanded.insert(s);
        }
    }

    /// Hides the selected node's children and stops following the search.
    pub(super) fn collapse(&mut self) {
        self.follow = false;
        if let Some(s) = self.selected {
            self.expanded.remove(&s);
        }
    }

    /// Shows every node below the selected one.
    pub(super) fn expand_all(&mut self) {
        if let Some(s) = self.selected {
            let mut stack = vec![s];
            while let Some(n) = stack.pop() {
                self.expanded.insert(n);
                stack.extend(self.session.children(n));
            }
        }
    }

    /// Enter: shows or hides the selected node's children.
    pub(super) fn toggle_expanded(&mut self) {
        self.follow = false;
        if let Some(s) = self.selected
            && !self.expanded.remove(&s)
        {
            self.expanded.insert(s);
        }
    }

    /// `v`: selects the end of the principal variation (or of the proof search's main line)
    /// as of the step.
    pub(super) fn jump_pv(&mut self) {
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

    /// Selects the selected node's child with the largest subtree.
    pub(super) fn jump_largest(&mut self) {
        let c = self.selected.and_then(|s| self.session.largest_child(s));
        self.select(c, "no children searched yet at this step");
    }

    /// Selects the next (`forward`) or previous cutoff in the tree.
    pub(super) fn jump_cutoff(&mut self, forward: bool) {
        let n = self
            .session
            .find_node(self.selected, forward, Marker::Cutoff);
        if forward {
            self.select(n, "no later cutoff at this step");
        } else {
            self.select(n, "no earlier cutoff");
        }
        self.say_jumped(n, "a cutoff", Some(Action::StepNextCutoff));
    }

    /// After a jump that found `node`: the status line says the selection moved and the
    /// replay did not, and which key moves the replay instead (`step`, when there is one).
    fn say_jumped(&mut self, node: Option<NodeId>, what: &str, step: Option<Action>) {
        let Some(node) = node else { return };
        let label = self.session.row(node).label;
        let step_key = step
            .and_then(|a| self.keymap.keys(a).first())
            .map_or(String::new(), |k| format!("; {k} steps it"));
        self.message = Some(format!(
            "selected {label} ({what}); the replay stays at step {}{step_key}",
            self.session.step()
        ));
    }

    /// Selects the next (`forward`) or previous transposition table hit in the tree.
    pub(super) fn jump_tt_hit(&mut self, forward: bool) {
        let n = self
            .session
            .find_node(self.selected, forward, Marker::TtHit);
        if forward {
            self.select(n, "no later table hit at this step");
        } else {
            self.select(n, "no earlier table hit");
        }
        self.say_jumped(n, "a table hit", None);
    }

    /// Selects the next (`forward`) or previous iteration's root; in a lambda search, the
    /// next or previous node where the level changes.
    pub(super) fn jump_iteration(&mut self, forward: bool) {
        if self.is_lambda() {
            let n = self
                .session
                .find_node(self.selected, forward, Marker::LevelChange);
            self.select(
                n,
                "no other level-change node in the tree as recorded so far (u steps the search)",
            );
            self.say_jumped(n, "a level change", Some(Action::StepNextLevel));
            return;
        }
        let roots = self.session.roots();
        let i = self
            .selected
            .map(|s| roots.iter().rposition(|&r| r <= s).unwrap_or(0));
        let target = match (i, forward) {
            (None, _) => roots.first().copied(),
            (Some(i), true) => roots.get(i + 1).copied(),
            (Some(i), false) => i.checked_sub(1).and_then(|j| roots.get(j).copied()),
        };
        self.select(target, "no other iteration at this step");
        self.say_jumped(target, "an iteration's root", None);
    }

    /// Selects the next (`forward`) or previous proven or disproven node in the tree.
    pub(super) fn jump_proof(&mut self, forward: bool) {
        if !self.is_lambda() && !self.is_proof() {
            self.message = Some("proofs belong to lambda and proof-number searches".to_string());
            return;
        }
        let n = self
            .session
            .find_node(self.selected, forward, Marker::Proof);
        self.select(n, "no other proof at this step");
    }
}
