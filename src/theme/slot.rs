//! The semantic style slots a theme fills.
//!
//! Themes name what a thing *means* (`board.last_move`, `tree.cutoff`, `side.proven`), never a
//! widget's colour, so one theme file serves every view: proof and disproof numbers (PNS and
//! df-pn), lambda levels of root moves and zone orders 1 to 4 on the analysis board (Suda,
//! *Efficient algorithms for verifying goals in computer games*, section 5.4, figures
//! 5.1-5.4).
//!
//! A slot's name is its key in a theme file: `tree.cutoff = { fg = "red" }` or, equally,
//! `cutoff = { fg = "red" }` under a `[tree]` header.

use std::fmt;

macro_rules! slots {
    ($($variant:ident => $name:literal, $description:literal;)*) => {
        /// A semantic style slot. Every theme resolves every slot to a style.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Slot {
            $(#[doc = $description] $variant,)*
        }

        impl Slot {
            /// Every slot, in the order of the theme files.
            pub const ALL: &'static [Slot] = &[$(Slot::$variant,)*];
            /// How many slots there are.
            pub const COUNT: usize = Slot::ALL.len();

            /// The slot's key in a theme file, e.g. `"tree.cutoff"`.
            pub fn name(self) -> &'static str {
                match self {
                    $(Slot::$variant => $name,)*
                }
            }

            /// What the slot styles, in one line.
            pub fn description(self) -> &'static str {
                match self {
                    $(Slot::$variant => $description,)*
                }
            }
        }
    };
}

slots! {
    Text => "text", "Plain text anywhere no other slot applies.";
    Border => "border", "Pane borders.";
    BorderFocused => "border_focused", "The border of the pane that has the keyboard.";
    Title => "title", "Pane titles and the screen's title line.";
    Warning => "warning", "Warnings: the record budget ran out, a search was cancelled.";
    Error => "error", "Errors and the terminal-too-small screen.";

    BoardBlack => "board.black", "Black's stones (the first player).";
    BoardWhite => "board.white", "White's stones.";
    BoardEmpty => "board.empty", "Empty points.";
    BoardCoords => "board.coords", "Column letters and row numbers around the board.";
    BoardLastMove => "board.last_move", "The stone played last in the shown position.";
    BoardSelectedMove => "board.selected_move", "The move of the node selected in the tree.";
    BoardOverlay => "board.overlay", "Values of the children drawn on their points.";
    BoardBlackEdge => "board.black_edge", "Hex: the two edges Black joins.";
    BoardWhiteEdge => "board.white_edge", "Hex: the two edges White joins.";

    TreeNode => "tree.node", "An ordinary row of the search tree.";
    TreeSelected => "tree.selected", "The selected row of the tree.";
    TreePv => "tree.pv", "Rows on the principal variation.";
    TreeBest => "tree.best", "The best move found at a node.";
    TreeCutoff => "tree.cutoff", "A node whose search ended in a cutoff.";
    TreeTtHit => "tree.tt_hit", "A node decided by a transposition-table entry.";
    TreeExact => "tree.exact", "A value that is exact.";
    TreeLower => "tree.lower", "A value that is a lower bound (the search failed high).";
    TreeUpper => "tree.upper", "A value that is an upper bound (the search failed low).";
    TreePruned => "tree.pruned", "Moves a cutoff skipped, and nodes not reached yet at this step.";
    TreeIteration => "tree.iteration", "Iteration headers of iterative deepening.";
    TreeProven => "tree.proven", "A node proven (proof number 0).";
    TreeDisproven => "tree.disproven", "A node disproven (disproof number 0).";
    TreeMostProving => "tree.most_proving", "The most-proving node of proof-number search.";
    TreeGuide => "tree.guide", "Indentation guides and expand/collapse markers.";

    SideLabel => "side.label", "Labels in the side pane (\"window\", \"value\").";
    SideValue => "side.value", "Values in the side pane.";
    SideWindow => "side.window", "The alpha-beta window at entry.";
    SideReason => "side.reason", "Why a cutoff happened, in words.";
    SideProven => "side.proven", "A proven result in the side pane.";
    SideDisproven => "side.disproven", "A disproven result in the side pane.";
    SideHeuristic => "side.heuristic", "A heuristic (not proven) value.";
    SidePn => "side.pn", "Proof numbers.";
    SideDn => "side.dn", "Disproof numbers.";
    SideThreshold => "side.threshold", "df-pn thresholds.";

    LambdaWin => "lambda.win", "A root move that wins, with its lambda level.";
    LambdaTried => "lambda.tried", "A root move tried without proof.";
    LambdaSelfEndangering => "lambda.self_endangering", "A root move that endangers its own side.";
    LambdaLevel => "lambda.level", "The current lambda level.";

    ZoneOrder1 => "zone.order_1", "Relevance zone points of order 1.";
    ZoneOrder2 => "zone.order_2", "Relevance zone points of order 2.";
    ZoneOrder3 => "zone.order_3", "Relevance zone points of order 3.";
    ZoneOrder4 => "zone.order_4", "Relevance zone points of order 4.";

    StatusBar => "status.bar", "The status line.";
    StatusKey => "status.key", "Key names in the status line.";
    StatusProgress => "status.progress", "Search progress: nodes, nodes per second, depth.";

    HelpTitle => "help.title", "The help overlay's title.";
    HelpGroup => "help.group", "Group headings in the help overlay.";
    HelpKey => "help.key", "Key names in the help overlay.";
    HelpText => "help.text", "Descriptions in the help overlay.";

    PickerItem => "picker.item", "An entry of the puzzle picker.";
    PickerSelected => "picker.selected", "The selected entry of the puzzle picker.";
    PickerDetail => "picker.detail", "Game, size and expected result beside an entry.";
}

impl Slot {
    /// The slot with this file key.
    pub fn from_name(name: &str) -> Option<Slot> {
        Slot::ALL.iter().copied().find(|s| s.name() == name)
    }

    /// Index into per-slot tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The group before the dot (`"tree"` for `tree.cutoff`), or `None` for top-level slots.
    pub fn group(self) -> Option<&'static str> {
        self.name().split_once('.').map(|(group, _)| group)
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        for (i, &slot) in Slot::ALL.iter().enumerate() {
            assert_eq!(slot.index(), i);
            assert_eq!(Slot::from_name(slot.name()), Some(slot));
            assert!(!slot.description().is_empty());
        }
        assert_eq!(Slot::from_name("tree.cutof"), None);
    }

    #[test]
    fn groups_are_the_part_before_the_dot() {
        assert_eq!(Slot::TreeCutoff.group(), Some("tree"));
        assert_eq!(Slot::Border.group(), None);
        // No slot name is also a group name, so `[border]` can never be ambiguous.
        for slot in Slot::ALL {
            assert!(Slot::ALL.iter().all(|s| s.group() != Some(slot.name())));
        }
    }
}
