//! What the board and the side pane draw besides the position: the children's values,
//! a lambda node's zone, proof or disproof numbers, the history heat map, the iterations of
//! iterative deepening, the solver's Hex knowledge. These keys change what is drawn, never
//! the search. The quiz switch hides the answer until the search's end.

use crate::view::session::{BoardOptions, HexOverlay};

use super::App;

impl App {
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

    /// Shows or hides the children's values on the board.
    pub(super) fn toggle_values(&mut self) {
        self.show_values = !self.show_values;
    }

    /// Proof-number searches: proof or disproof numbers on the board; lambda searches: the
    /// A-zone or the D-zone.
    pub(super) fn switch_zone(&mut self) {
        if self.is_proof() {
            self.show_dn = !self.show_dn;
            self.message = Some(
                if self.show_dn {
                    "board: children's disproof numbers"
                } else {
                    "board: children's proof numbers"
                }
                .to_string(),
            );
        } else if !self.is_lambda() {
            self.message = Some("zones belong to lambda searches (a: algorithm)".to_string());
        } else {
            self.zone.side = self.zone.side.other();
            self.message = Some(format!("zone: {}", self.zone.side.name()));
        }
    }

    /// Lambda searches: which orders of the zone the board draws.
    pub(super) fn cycle_zone_order(&mut self) {
        if !self.is_lambda() {
            self.message = Some("zones belong to lambda searches (a: algorithm)".to_string());
            return;
        }
        self.zone.orders = self.zone.orders.next();
        self.message = Some(format!("zone: {}", self.zone.orders.name()));
    }

    /// The alpha-beta family's history and killers belong to it alone: says so elsewhere.
    fn not_alpha_beta(&mut self) -> bool {
        if self.is_lambda() || self.is_proof() {
            self.message = Some(
                "history, killers and iterations belong to the alpha-beta family (a: algorithm)"
                    .to_string(),
            );
            return true;
        }
        false
    }

    /// Alpha-beta family: the history heat map and the killers instead of the values.
    pub(super) fn toggle_history(&mut self) {
        if self.not_alpha_beta() {
            return;
        }
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

    /// Alpha-beta family: the side pane lists the iterations instead of the selected node.
    pub(super) fn toggle_iterations(&mut self) {
        if self.not_alpha_beta() {
            return;
        }
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

    /// Alpha-beta family: MAX's view of the values (MAX and MIN nodes, as the lectures draw
    /// them) or negamax's; the other families have no values to turn, and say so.
    pub(super) fn toggle_view(&mut self) {
        let view = self.session.view().toggled();
        self.session.set_view(view);
        self.message = Some(if self.is_lambda() || self.is_proof() {
            format!(
                "{} view set for the alpha-beta family; this search's numbers are the same in both",
                view.name()
            )
        } else {
            view.announce().to_string()
        });
    }

    /// Hex: the solver's knowledge on the board, off, connections or pruned moves.
    pub(super) fn cycle_knowledge(&mut self) {
        if !self.session.has_knowledge() {
            self.message = Some(
                "the solver's knowledge marks belong to Hex (connections, pruned cells)"
                    .to_string(),
            );
            return;
        }
        self.knowledge = self.knowledge.next();
        self.message = Some(
            match self.knowledge {
                HexOverlay::Off => "board: the solver's knowledge off",
                HexOverlay::Connections => {
                    "board: each player's edge connection (b/w, B/W: a semi's key)"
                }
                HexOverlay::Pruned => {
                    "board: the moves the solver prunes, a letter per reason (legend under the board)"
                }
            }
            .to_string(),
        );
    }

    /// True while the quiz hides the answer: the switch is on and the replay is not at the
    /// end of a finished search.
    pub fn answer_hidden(&self) -> bool {
        self.quiz && !self.at_search_end()
    }

    /// True at the last step of a finished search's record.
    fn at_search_end(&self) -> bool {
        self.session.finished() && self.session.step() >= self.session.len()
    }

    /// Quiz: hides the answer until the search's end, or shows it now.
    pub(super) fn toggle_quiz(&mut self) {
        if self.answer_hidden() {
            self.quiz = false;
            self.message = Some("quiz: the answer is shown".to_string());
        } else if self.at_search_end() {
            self.message = Some(
                "quiz: the search's end shows the answer; step back first to hide it".to_string(),
            );
        } else {
            self.quiz = true;
            self.message = Some(
                "quiz: the answer is hidden until the search's end (the result, the best-move \
                 marks, the root's value)"
                    .to_string(),
            );
        }
    }

    /// Quiz: stepping to the search's end shows the answer, and it stays shown.
    pub(super) fn reveal_at_end(&mut self) {
        if self.quiz && self.at_search_end() {
            self.quiz = false;
            if self.message.is_none() {
                self.message = Some("quiz: the search's end: the answer is shown".to_string());
            }
        }
    }
}
