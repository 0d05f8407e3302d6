//! Stepping: the replay cursor moves through the event log, and the selection follows the
//! node the search is in (`space` / `b` one event, the next node entered, cutoff, expansion,
//! proof, threshold change or event worth explaining, the start or the end of the record).

use crate::trace::replay::PnMark;
use crate::trace::store::EventKind;

use super::App;

impl App {
    /// `space`: one event forward.
    pub(super) fn step_forward(&mut self) {
        let moved = self.session.forward();
        self.step_with(moved, "at the end of the record");
    }

    /// `b`: one event back.
    pub(super) fn step_back(&mut self) {
        let moved = self.session.back();
        self.step_with(moved, "at the start");
    }

    /// To the next (`forward`) or previous node entered.
    pub(super) fn step_node(&mut self, forward: bool) {
        let moved = self.session.seek_kind(EventKind::Enter, forward);
        if forward {
            self.step_with(moved, "no later node entered");
        } else {
            self.step_with(moved, "no earlier node entered");
        }
    }

    /// To the next (`forward`) or previous cutoff: in a proof-number search a node proven
    /// or disproven, in a lambda search the node that ended its loop (a winning attack or a
    /// refuting defence), else a beta cutoff.
    pub(super) fn step_cutoff(&mut self, forward: bool) {
        if self.is_proof() {
            self.step_pn(PnMark::Proof, forward, "proof (a node proven or disproven)");
        } else if self.is_lambda() {
            match self.session.seek_lambda_cutoff(forward) {
                // The node that ended its loop, not its parent the search is back in.
                Some(node) => {
                    self.after_step();
                    self.selected = Some(node);
                }
                None if forward => {
                    self.message =
                        Some("no later cutoff (a winning attack or a refuting defence)".to_string())
                }
                None => self.message = Some("no earlier cutoff".to_string()),
            }
        } else {
            let moved = self.session.seek_kind(EventKind::Cutoff, forward);
            if forward {
                self.step_with(moved, "no later cutoff");
            } else {
                self.step_with(moved, "no earlier cutoff");
            }
        }
    }

    /// To the next (`forward`) or previous expansion of a proof-number search.
    pub(super) fn step_expansion(&mut self, forward: bool) {
        self.step_pn(PnMark::Expansion, forward, "expansion");
    }

    /// To the next (`forward`) or previous df-pn threshold change.
    pub(super) fn step_threshold(&mut self, forward: bool) {
        self.step_pn(PnMark::ThresholdChange, forward, "threshold change");
    }

    /// To the start of the record; the selection follows the search again.
    pub(super) fn step_start(&mut self) {
        self.session.seek(0);
        self.follow = true;
        self.selected = None;
    }

    /// To the end of the record as far as it is recorded.
    pub(super) fn step_end(&mut self) {
        let end = self.session.len();
        self.session.seek(end);
        self.after_step();
        if self.session.current().is_none() {
            self.selected = self.session.roots().last().copied();
        }
    }

    fn step_with(&mut self, moved: bool, why_not: &str) {
        if moved {
            self.after_step();
        } else {
            self.message = Some(why_not.to_string());
        }
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
